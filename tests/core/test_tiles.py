"""Tiles: kinds, red configuration, and every notation's round trip."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_fast import tiles as T
from riichi_fast.errors import TileCountError
from tests.support.strategies import RED_CONFIGS, counts34, kinds, red_configs, tile_id_lists


def _look(ids, red):
    """(kind, is_red) of each id, sorted: what a notation can preserve."""
    r = T.red_counts(red)
    return sorted((t // 4, t % 4 < r[t // 4]) for t in ids)


# ---------------------------------------------------------------------------
# kinds


def test_kind_names_cover_the_34_kinds_in_order():
    assert len(T.KIND_NAMES) == 34
    assert T.KIND_NAMES[:9] == ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m")
    assert T.KIND_NAMES[9] == "1p" and T.KIND_NAMES[18] == "1s" and T.KIND_NAMES[26] == "9s"
    assert T.KIND_NAMES[27:] == ("1z", "2z", "3z", "4z", "5z", "6z", "7z")


@pytest.mark.parametrize("kind", range(34))
def test_parse_kind_and_kind_name_are_inverse(kind):
    assert T.parse_kind(T.kind_name(kind)) == kind


@pytest.mark.parametrize("name, kind", [("0m", 4), ("0p", 13), ("0s", 22), ("5p", 13), ("7z", 33), ("1z", 27)])
def test_parse_kind_examples(name, kind):
    assert T.parse_kind(name) == kind


# ---------------------------------------------------------------------------
# red configuration


def test_red_default_is_one_red_five_per_suit():
    r = T.red_counts()
    assert r == T.DEFAULT_RED
    assert [k for k in range(34) if r[k]] == [4, 13, 22]
    assert sum(r) == 3


@pytest.mark.parametrize(
    "spec, expected",
    [
        (None, {4: 1, 13: 1, 22: 1}),
        (0, {}),
        (2, {4: 2, 13: 2, 22: 2}),
        ({"5p": 2}, {13: 2}),
        ({"5p": 2, "3s": 1}, {13: 2, 20: 1}),
        ({"0m": 1, 22: 1}, {4: 1, 22: 1}),
        ([0] * 20 + [1] + [0] * 13, {20: 1}),
        (np.array([0] * 4 + [3] + [0] * 29, dtype=np.uint8), {4: 3}),
    ],
)
def test_red_counts_normalises(spec, expected):
    r = T.red_counts(spec)
    assert isinstance(r, tuple) and len(r) == 34
    assert {k: v for k, v in enumerate(r) if v} == expected


def test_red_counts_reads_a_rules_like_object():
    class Rules:
        red_counts = T.red_counts({"5p": 2})

    assert T.red_counts(Rules()) == T.red_counts({"5p": 2})


def test_red_ids_are_the_lowest_ids_of_their_kind():
    assert [t for t in range(136) if T.is_red(t)] == [16, 52, 88]
    assert [t for t in range(136) if T.is_red(t, {"5p": 2, "3s": 1})] == [52, 53, 80]


# ---------------------------------------------------------------------------
# mpsz


@pytest.mark.parametrize(
    "text, red, ids",
    [
        ("123m", None, (0, 4, 8)),
        ("406p", None, (48, 52, 56)),
        ("5p", None, (53,)),
        ("5p", 0, (52,)),
        ("0p", {"5p": 2}, (52,)),
        ("005p", {"5p": 2}, (52, 53, 54)),
        ("5r5p", None, (52, 53)),
        ("23r4s", {"3s": 1}, (76, 80, 84)),
        ("3s", {"3s": 1}, (81,)),
        ("1122z", None, (108, 109, 112, 113)),
        ("77z7z", None, (132, 133, 134)),
        ("1m 2m", None, (0, 4)),
        ("", None, ()),
        ("0000m", 4, (16, 17, 18, 19)),
    ],
)
def test_parse_tiles_examples(text, red, ids):
    assert T.parse_tiles(text, red=red) == ids


@pytest.mark.parametrize(
    "ids, red, text",
    [
        ((0, 4, 8, 48, 52, 56), None, "123m406p"),
        ((52, 53, 54), {"5p": 2}, "005p"),
        ((52, 53, 54), None, "055p"),
        ((76, 80, 84), {"3s": 1}, "23r4s"),
        ((135, 0, 108), None, "1m17z"),
        ((), None, ""),
        ((16, 17, 18, 19), 0, "5555m"),
    ],
)
def test_format_tiles_examples(ids, red, text):
    assert T.format_tiles(ids, red=red) == text


@given(tile_id_lists(), red_configs())
def test_mpsz_round_trip_keeps_kinds_and_red(ids, red):
    text = T.format_tiles(ids, red=red)
    parsed = T.parse_tiles(text, red=red)
    assert _look(parsed, red) == _look(ids, red)
    assert parsed == tuple(sorted(parsed))
    assert T.format_tiles(parsed, red=red) == text


@given(counts34(n_tiles=range(19)))
def test_counts_mpsz_round_trip(counts):
    text = T.counts_to_mpsz(counts)
    assert np.array_equal(T.mpsz_to_counts(text), counts)
    assert T.format_tiles(counts) == text


@given(counts34(n_tiles=None), red_configs())
def test_counts_ids_round_trip(counts, red):
    ids = T.counts_to_ids(counts, red=red)
    assert len(set(ids)) == len(ids) == int(counts.sum())
    assert np.array_equal(T.ids_to_counts(ids), counts)
    # plain copies are used before red ones
    r = T.red_counts(red)
    for k in range(34):
        n_red = sum(1 for t in ids if t // 4 == k and t % 4 < r[k])
        assert n_red == max(0, int(counts[k]) - (4 - r[k]))


@given(tile_id_lists())
def test_ids_to_counts_counts_kinds(ids):
    counts = T.ids_to_counts(ids)
    assert counts.dtype == np.uint8 and counts.shape == (34,)
    assert counts.tolist() == [sum(1 for t in ids if t // 4 == k) for k in range(34)]


def test_mpsz_to_counts_counts_red_as_its_kind():
    c = T.mpsz_to_counts("0555m")
    assert c[4] == 4 and c.sum() == 4


# ---------------------------------------------------------------------------
# as_counts


def test_as_counts_returns_a_good_array_itself():
    a = np.zeros(34, dtype=np.uint8)
    a[0] = 4
    assert T.as_counts(a) is a


def test_as_counts_accepts_read_only_arrays():
    a = np.zeros(34, dtype=np.uint8)
    a.flags.writeable = False
    assert T.as_counts(a) is a


@pytest.mark.parametrize(
    "x",
    [
        "123m456p789s11z",
        [0, 4, 8, 12, 16, 20, 24, 28, 32, 108, 109],
        (0, 4, 8, 12, 16, 20, 24, 28, 32, 108, 109),
        bytes([1] * 9 + [0] * 18 + [2] + [0] * 6),
        bytearray([1] * 9 + [0] * 18 + [2] + [0] * 6),
        np.array([1] * 9 + [0] * 18 + [2] + [0] * 6, dtype=np.uint8),
    ],
    ids=["mpsz", "id-list", "id-tuple", "bytes", "bytearray", "ndarray"],
)
def test_as_counts_inputs(x):
    c = T.as_counts(x)
    assert c.dtype == np.uint8 and c.shape == (34,) and c.flags.c_contiguous
    if isinstance(x, str):
        assert T.counts_to_mpsz(c) == "123m456p789s11z"
    else:
        assert T.counts_to_mpsz(c) == "123456789m11z"


def test_as_counts_of_a_hand_string_is_its_closed_part():
    c = T.as_counts("123m456p789s1z chi:123s")
    assert T.counts_to_mpsz(c) == "123m456p789s1z"


def test_as_counts_can_skip_the_count_check():
    a = np.full(34, 5, dtype=np.uint8)
    assert T.as_counts(a, check=False) is a
    with pytest.raises(TileCountError, match="5 copies of 1m"):
        T.as_counts(a)


# ---------------------------------------------------------------------------
# mjai


@pytest.mark.parametrize("kind", range(34))
def test_mjai_kind_round_trip(kind):
    assert T.mjai_to_kind(T.kind_to_mjai(kind)) == kind


def test_mjai_names():
    assert [T.kind_to_mjai(k) for k in range(27, 34)] == ["E", "S", "W", "N", "P", "F", "C"]
    assert T.id_to_mjai(16) == "5mr" and T.id_to_mjai(52) == "5pr" and T.id_to_mjai(88) == "5sr"
    assert T.id_to_mjai(16, red=0) == "5m"
    assert T.id_to_mjai(53, red={"5p": 2}) == "5pr"
    assert T.id_to_mjai(80, red={"3s": 1}) == "3sr"
    assert T.mjai_to_id("5mr") == 16 and T.mjai_to_id("5m") == 17 and T.mjai_to_id("C") == 132
    assert T.parse_mjai("5p 5pr 5p") == (53, 52, 54)


@given(tile_id_lists(), red_configs())
def test_mjai_round_trip(ids, red):
    names = [T.id_to_mjai(t, red=red) for t in ids]
    parsed = T.parse_mjai(names, red=red)
    assert len(set(parsed)) == len(parsed)
    assert _look(parsed, red) == _look(ids, red)
    assert [T.id_to_mjai(t, red=red) for t in parsed] == names


# ---------------------------------------------------------------------------
# tenhou.net/6


def test_tenhou6_codes():
    assert [T.id_to_tenhou6(4 * k) for k in (0, 8, 9, 18, 26, 27, 33)] == [11, 19, 21, 31, 39, 41, 47]
    assert [T.id_to_tenhou6(t) for t in (16, 52, 88)] == [51, 52, 53]
    assert [T.id_to_tenhou6(t) for t in (17, 53, 89)] == [15, 25, 35]
    assert T.tenhou6_to_id(51) == 16 and T.tenhou6_to_id(15) == 17 and T.tenhou6_to_id(47) == 132
    assert T.parse_tenhou6([25, 52, 25, 25]) == (53, 52, 54, 55)


@given(tile_id_lists(), st.sampled_from([r for r in RED_CONFIGS if not T.red_counts(r)[20]]))
def test_tenhou6_round_trip(ids, red):
    codes = [T.id_to_tenhou6(t, red=red) for t in ids]
    parsed = T.parse_tenhou6(codes, red=red)
    assert _look(parsed, red) == _look(ids, red)
    assert [T.id_to_tenhou6(t, red=red) for t in parsed] == codes


def test_tenhou6_writes_a_red_non_five_as_plain():
    assert T.id_to_tenhou6(80, red={"3s": 1}) == 33


# ---------------------------------------------------------------------------
# dora


@pytest.mark.parametrize(
    "indicator, dora",
    [
        ("1m", "2m"),
        ("8m", "9m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("9s", "1s"),
        ("5s", "6s"),
        ("1z", "2z"),
        ("3z", "4z"),
        ("4z", "1z"),
        ("5z", "6z"),
        ("6z", "7z"),
        ("7z", "5z"),
    ],
)
def test_dora_from_indicator_examples(indicator, dora):
    assert T.dora_from_indicator(T.parse_kind(indicator)) == T.parse_kind(dora)


@given(kinds())
def test_dora_stays_in_its_group_and_cycles(kind):
    group = (
        range(27, 31) if 27 <= kind < 31 else range(31, 34) if kind >= 31 else range(kind // 9 * 9, kind // 9 * 9 + 9)
    )
    d = T.dora_from_indicator(kind)
    assert d in group
    seen = {kind}
    k = d
    while k != kind:
        seen.add(k)
        k = T.dora_from_indicator(k)
    assert seen == set(group)
