"""Hands and melds: construction, the one-line syntax, views for the kernels."""

import dataclasses
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_fast import tiles as T
from riichi_fast.enums import MeldType
from riichi_fast.hand import Hand, Meld, as_hand
from tests.support.strategies import RED_CONFIGS, complete_hands, hands, tenpai_hands


def _signature(hand):
    """What the text form preserves: closed (kind, red), and per meld type, (kind, red), called look, seat."""
    red = hand.red

    def look(t):
        return (t // 4, t % 4 < red[t // 4])

    melds = [
        (m.type, sorted(look(t) for t in m.tiles), None if m.called is None else look(m.called), m.from_seat)
        for m in hand.melds
    ]
    return sorted(look(t) for t in hand.closed), melds


# ---------------------------------------------------------------------------
# Meld


@pytest.mark.parametrize(
    "token, mtype, tiles, called, seat",
    [
        ("chi:3*45p", MeldType.CHI, (44, 48, 53), 44, 3),
        ("chi:34*5p", MeldType.CHI, (44, 48, 53), 48, 3),
        ("chi:340p", MeldType.CHI, (44, 48, 52), 44, 3),
        ("chi:345p@3", MeldType.CHI, (44, 48, 53), 44, 3),
        ("pon:777z@2", MeldType.PON, (132, 133, 134), 132, 2),
        ("pon:77*7z@1", MeldType.PON, (132, 133, 134), 132, 1),  # the first copy that looks like the starred one (round trip)
        ("pon:0*55m", MeldType.PON, (16, 17, 18), 16, 3),
        ("pon:05*5m", MeldType.PON, (16, 17, 18), 17, 3),
        ("kan:9999s@3", MeldType.DAIMINKAN, (104, 105, 106, 107), 104, 3),
        ("daiminkan:9999s", MeldType.DAIMINKAN, (104, 105, 106, 107), 104, 3),
        ("ankan:1111m", MeldType.ANKAN, (0, 1, 2, 3), None, None),
        ("kakan:0*555p@1", MeldType.SHOUMINKAN, (52, 53, 54, 55), 52, 1),
        ("shouminkan:5*055p@2", MeldType.SHOUMINKAN, (52, 53, 54, 55), 53, 2),
        ("kita:4z", MeldType.KITA, (120,), None, None),
    ],
)
def test_meld_parse_examples(token, mtype, tiles, called, seat):
    m = Meld.parse(token)
    assert (m.type, m.tiles, m.called, m.from_seat) == (mtype, tiles, called, seat)
    again = Meld.parse(str(m))
    assert str(again) == str(m) and again.called >> 2 == m.called >> 2 if m.called is not None else again == m
    assert Meld.parse(str(again)) == again  # text is canonical: identical-looking called tiles take the lowest id


@pytest.mark.parametrize(
    "token, kind, kinds, is_open, code, mpsz, text",
    [
        ("chi:3*45p", 11, (11, 12, 13), True, 0x10B, "345p", "chi:345p"),
        ("chi:34*0p", 11, (11, 12, 13), True, 0x10B, "340p", "chi:34*0p"),
        ("pon:777z@2", 33, (33, 33, 33), True, 0x221, "777z", "pon:777z@2"),
        ("kan:9999s@3", 26, (26,) * 4, True, 0x31A, "9999s", "kan:9999s"),
        ("ankan:1111m", 0, (0,) * 4, False, 0x400, "1111m", "ankan:1111m"),
        ("kakan:0*555p@1", 13, (13,) * 4, True, 0x50D, "0555p", "kakan:0555p@1"),
        ("kakan:05*55p@1", 13, (13,) * 4, True, 0x50D, "0555p", "kakan:05*55p@1"),
        ("kita:4z", 30, (30,), False, 0x61E, "4z", "kita:4z"),
    ],
)
def test_meld_views(token, kind, kinds, is_open, code, mpsz, text):
    m = Meld.parse(token)
    assert m.kind == kind and m.kinds == kinds and m.is_open is is_open
    assert m.code == code == (int(m.type) << 8) | kind
    assert m.mpsz == mpsz and str(m) == text and repr(m) == f"Meld.parse({text!r})"


def test_meld_defaults_called_to_the_first_given_tile_and_seat_to_3():
    m = Meld(MeldType.PON, (134, 132, 133))
    assert m.tiles == (132, 133, 134) and m.called == 134 and m.from_seat == 3


def test_meld_is_frozen_and_hashable():
    m = Meld.parse("pon:777z@2")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.called = 133
    assert {m: 1}[Meld(MeldType.PON, (132, 133, 134), 132, 2)] == 1
    assert m != Meld(MeldType.PON, (132, 133, 134), 132, 1)


def test_meld_red_non_five():
    m = Meld.parse("chi:3r45s", red={"3s": 1})
    assert m.tiles == (80, 84, 88)  # no red 5s under these rules: 88 is plain
    assert m.format({"3s": 1}) == "chi:3r45s"
    assert m.format() == "chi:340s"  # under the default rules 80 is a plain 3s, 88 the red 5s


@pytest.mark.parametrize("mtype", [MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN])
def test_meld_from_kind(mtype):
    m = Meld.from_kind(mtype, 4)
    assert m.type == mtype and m.kind == 4
    # plain ids first: a pon of 5m avoids the red 16
    if mtype in (MeldType.CHI, MeldType.PON):
        assert 16 not in m.tiles


# ---------------------------------------------------------------------------
# Hand: parsing and formatting


@pytest.mark.parametrize(
    "text, closed_mpsz, meld_tokens, tile_count, is_closed",
    [
        ("123m406p11z chi:3*45p pon:777z@2", "123m406p11z", ["chi:345p", "pon:777z@2"], 14, False),
        ("123m406p789s11222z", "123m406p789s11222z", [], 14, True),
        ("123m406p789s1122z", "123m406p789s1122z", [], 13, True),
        (
            "1z kan:1111m chi:789p pon:999s ankan:7777z",
            "1z",
            ["kan:1111m", "chi:789p", "pon:999s", "ankan:7777z"],
            13,
            False,
        ),
        (
            "11z ankan:1111m ankan:2222m ankan:3333m ankan:4444m",
            "11z",
            ["ankan:1111m", "ankan:2222m", "ankan:3333m", "ankan:4444m"],
            14,
            True,
        ),
        ("19m19p19s1234567z kita:4z", "19m19p19s1234567z", ["kita:4z"], 13, True),
        ("  123m   406p11z\tchi:3*45p  ", "123m406p11z", ["chi:345p"], 11, None),
    ],
)
def test_hand_parse_examples(text, closed_mpsz, meld_tokens, tile_count, is_closed):
    if tile_count not in (13, 14):
        with pytest.raises(Exception, match="a hand needs 13 or 14"):
            Hand.parse(text)
        return
    h = Hand.parse(text)
    assert T.format_tiles(h.closed) == closed_mpsz
    assert [str(m) for m in h.melds] == meld_tokens
    assert h.tile_count == tile_count and h.is_closed is is_closed
    assert str(h) == " ".join([closed_mpsz] + meld_tokens)


def test_closed_tokens_may_come_in_several_groups():
    assert str(Hand.parse("123m 456p 789s 11z chi:123s")) == "123m456p789s11z chi:123s"


def test_hand_parse_assigns_ids_closed_first_then_melds():
    h = Hand.parse("5m123p456s789s1z pon:555m", red=0)
    assert h.closed[0] == 16
    assert h.melds[0].tiles == (17, 18, 19)
    h = Hand.parse("5m123p456s789s1z pon:055m")
    assert h.closed[0] == 17 and h.melds[0].tiles == (16, 18, 19)


def test_hand_parse_red_in_melds_is_written_0():
    h = Hand.parse("123m406p789s11z pon:0*55s")
    assert h.melds[0].tiles == (88, 89, 90) and h.melds[0].called == 88
    assert h.n_red == 2
    assert str(h) == "123m406p789s11z pon:055s"


def test_two_red_5p_and_red_3s_configs():
    h = Hand.parse("00p5p123m456m3r3s chi:3r45s", red={"5p": 2, "3s": 2})
    assert h.n_red == 4
    assert str(h) == "123456m005p3r3s chi:3r45s"
    assert Hand.parse(str(h), red={"5p": 2, "3s": 2}) == h
    assert repr(h) == "Hand.parse('123456m005p3r3s chi:3r45s', red={'5p': 2, '3s': 2})"


@given(hands(red="any"))
def test_hand_string_round_trip(hand):
    text = str(hand)
    parsed = Hand.parse(text, red=hand.red)
    assert str(parsed) == text
    assert _signature(parsed) == _signature(hand)
    # from text, the round trip is exact
    assert Hand.parse(str(parsed), red=hand.red) == parsed
    assert hash(Hand.parse(str(parsed), red=hand.red)) == hash(parsed)


@given(hands(red="any"))
def test_hand_round_trip_through_ids_and_counts(hand):
    assert Hand.from_ids(hand.closed, hand.melds, hand.red) == hand
    assert Hand(hand.closed, hand.melds, hand.red) == hand
    from_counts = Hand.from_counts(hand.counts34(), hand.melds, hand.red)
    assert np.array_equal(from_counts.counts34(), hand.counts34())
    assert from_counts.melds == hand.melds


@given(hands(red="any"))
def test_hand_views_agree_with_its_tiles(hand):
    counts = hand.counts34()
    assert counts.dtype == np.uint8 and counts.shape == (34,) and counts.flags.c_contiguous
    assert counts.tolist() == [sum(1 for t in hand.closed if t // 4 == k) for k in range(34)]
    all_counts = hand.all_counts34()
    assert int(all_counts.sum()) == len(hand.closed) + sum(len(m.tiles) for m in hand.melds)
    assert int(all_counts.max()) <= 4
    types, kinds = hand.meld_arrays()
    sets = [m for m in hand.melds if m.type != MeldType.KITA]
    assert types == tuple(int(m.type) for m in sets) and kinds == tuple(m.kind for m in sets)
    assert hand.meld_codes().tolist() == [m.code for m in sets] + [0] * (4 - len(sets))
    assert hand.n_kita == len(hand.melds) - len(sets)
    assert hand.tile_count == len(hand.closed) + 3 * len(sets) in (13, 14)
    assert hand.is_closed == all(m.type in (MeldType.ANKAN, MeldType.KITA) for m in hand.melds)
    red = hand.red
    everything = list(hand.closed) + [t for m in hand.melds for t in m.tiles]
    assert hand.n_red == sum(1 for t in everything if t % 4 < red[t // 4])


@given(st.one_of(complete_hands(), tenpai_hands()), st.sampled_from(RED_CONFIGS))
def test_hand_from_count_shapes(shape, red):
    counts, melds = shape
    hand = Hand.from_counts(counts, melds, red)
    assert np.array_equal(hand.counts34(), counts)
    assert hand.meld_arrays() == (tuple(int(t) for t, _ in melds), tuple(k for _, k in melds))
    assert np.array_equal(hand.all_counts34(), shape.all_counts())
    assert hand.tile_count == (14 if counts.sum() % 3 == 2 else 13)


def test_counts34_is_cached_and_read_only():
    h = Hand.parse("123m406p789s1122z")
    c = h.counts34()
    assert c is h.counts34()
    with pytest.raises(ValueError):
        c[0] = 3


def test_hand_is_frozen_hashable_and_picklable():
    h = Hand.parse("123m406p11z chi:3*45p pon:777z@2")
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.closed = ()
    assert pickle.loads(pickle.dumps(h)) == h
    assert len({h, Hand.parse(str(h))}) == 1
    assert h != Hand.parse(str(h), red=0) if h.n_red == 0 else True
    assert Hand.parse("123m456p789s1122z", red=0) != Hand.parse("123m456p789s1122z")  # red rules differ


def test_meld_arrays_skip_kita():
    h = Hand.parse("19m19p19s1235677z kita:4z kita:4z")
    assert h.n_kita == 2 and h.meld_arrays() == ((), ()) and h.tile_count == 13
    assert h.meld_codes().tolist() == [0, 0, 0, 0]


# ---------------------------------------------------------------------------
# as_hand


def test_as_hand_coerces_every_input():
    ref = Hand.parse("123m456p789s1122z")
    assert as_hand(ref) is ref
    assert as_hand("123m456p789s1122z") == ref
    assert as_hand(list(ref.closed)) == ref
    assert as_hand(ref.counts34()) == ref
    assert as_hand(bytes(ref.counts34())) == ref


def test_as_hand_counts_with_four_fives_uses_the_red_one():
    h = as_hand(T.mpsz_to_counts("0555m123p456s789s"))
    assert h.n_red == 1 and str(h) == "0555m123p456789s"


# ---------------------------------------------------------------------------
# shorthand open melds (used by the CLI examples)


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("234m406p789s11z 777z@2", "234m406p789s11z pon:777z@2"),
        ("123m406p11z 3*45p 9999s@1", "123m406p11z chi:345p kan:9999s@1"),
        ("123m406p789s11z 77*7z", "123m406p789s11z pon:777z"),
        ("123m406p789s11z 45*6s", "123m406p789s11z chi:45*6s"),
    ],
)
def test_shorthand_open_melds(text, canonical):
    h = Hand.parse(text)
    assert str(h) == canonical
    assert str(Hand.parse(canonical)) == canonical
    assert _signature(Hand.parse(canonical)) == _signature(h)


def test_as_counts_reads_the_closed_part_of_a_shorthand_hand():
    assert T.counts_to_mpsz(T.as_counts("234m406p789s11z 777z@2")) == "234m456p789s11z"


def test_meld_accepts_numpy_integers():
    m = Meld(MeldType.PON, np.array([132, 133, 134]), np.int64(132), np.int64(2))
    assert m == Meld.parse("pon:77*7z@2")
    assert type(m.from_seat) is int and type(m.called) is int and all(type(t) is int for t in m.tiles)


def test_constructors_accept_one_meld_token_or_pairs():
    counts = T.mpsz_to_counts("0555m234p567s1z")
    assert str(Hand.from_counts(counts, "chi:789s")) == "0555m234p567s1z chi:789s"
    assert str(Hand.from_counts(counts, [(MeldType.CHI, 24)])) == "0555m234p567s1z chi:789s"
    assert str(Hand.from_ids(range(0, 40, 4), "pon:111z")) == "123406789m1p pon:111z"
    assert str(Hand.from_ids(range(0, 40, 4), [Meld.parse("pon:1*11z@2")])) == "123406789m1p pon:111z@2"
