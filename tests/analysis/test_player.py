"""PlayerState (DESIGN.md "Simulator state"; RULES.md section 8).

Event sequences are checked query by query after every step; the compiled and
the reference PlayerState run the same random event sequences (hypothesis) and
must agree on every query and on every error (type and message).
"""

import importlib
import pickle

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.player_cimport_build import build_cimport_driver
from riichi_fast.enums import MeldType
from riichi_fast.errors import ContextError, MeldError, RiichiError, TileCountError, TileParseError
from riichi_fast.rules import Rules, WinContext
from tests.support.strategies import mpsz_strings, tenpai_hands

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def k(name):
    return NAMES.index(name)


def ks(*names):
    return tuple(k(n) for n in names)


@pytest.fixture(scope="module", params=["reference", "cython"])
def player_impl(request):
    if request.param == "reference":
        return importlib.import_module("riichi_fast.reference.analysis.player")
    return importlib.import_module("riichi_fast.analysis._player")  # a build failure fails loudly


@pytest.fixture
def P(player_impl):
    return player_impl.PlayerState


# ---------------------------------------------------------------------------
# construction


def test_construct_forms(P):
    counts = bytes(P("123m456p789s1122z").closed_counts)
    assert counts[:9] == bytes([1, 1, 1, 0, 0, 0, 0, 0, 0]) and counts[27:] == bytes([2, 2, 0, 0, 0, 0, 0])
    assert P(counts).closed_counts == counts
    assert P(np.frombuffer(counts, dtype=np.uint8)).closed_counts == counts
    ids = (0, 4, 8, 48, 52, 56, 96, 100, 104, 108, 109, 112, 113)  # 123m456p789s1122z
    assert P(ids).closed_counts == counts
    assert P("123m406p789s1122z").closed_counts == counts  # a red five is a five
    assert P("123m789s1122z", ["chi:406p"]).waits == ks("1z", "2z")
    # melds: in the hand string, as (type, kind) pairs, as tokens
    a = P("123m456p789s1z pon:777z")
    b = P("123m456p789s1z", [(MeldType.PON, k("7z"))])
    c = P("123m456p789s1z", ["pon:777z"])
    for p in (a, b, c):
        assert p.melds == ((MeldType.PON, k("7z")),)
        assert p.closed_counts[k("7z")] == 0 and sum(p.closed_counts) == 10
        assert p.waits == ks("1z") and p.is_closed is False and p.to_discard is False
    d = P("1m234p567s789m ankan:1111s")
    assert d.melds == ((MeldType.ANKAN, k("1s")),) and d.is_closed is True and d.waits == ks("1m")


@pytest.mark.parametrize(
    "hand, melds, error",
    [
        pytest.param("123m456p789s11223z", (), TileCountError, id="14_tiles"),
        pytest.param("123m456p789s112z", (), TileCountError, id="12_tiles"),
        pytest.param("11111m23456789p", (), TileCountError, id="fifth_copy"),
        pytest.param("123m456p11z", [(MeldType.PON, 31), (MeldType.PON, 31)], TileCountError, id="meld_copies"),
        pytest.param("123m456p11z", [(9, 31)], MeldError, id="meld_type"),
        pytest.param("123m456p789s1x22z", (), TileParseError, id="bad_char"),
    ],
)
def test_construct_bad(P, hand, melds, error):
    with pytest.raises(error):
        P(hand, melds)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(mpsz_strings(min_size=12, max_size=14), st.text("0123456789mpsz", max_size=20)))
def test_construct_from_text_like_hand(text):
    """Plain mpsz strings (a fast path) give the counts of Hand.parse, or its error."""
    from riichi_fast.analysis._player import PlayerState as Compiled
    from riichi_fast.hand import Hand
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    try:
        hand = Hand.parse(text)
        expected = bytes(hand.counts34()) if hand.tile_count == 13 else TileCountError
    except RiichiError as exc:
        expected = type(exc)
    for cls in (Reference, Compiled):
        try:
            got = cls(text).closed_counts
        except RiichiError as exc:
            got = type(exc)
        assert got == expected, (cls, text)


def test_bad_rules(P):
    with pytest.raises(ContextError):
        P("123m456p789s1122z", rules=42)
    with pytest.raises(RiichiError):
        P("123m456p789s1122z", rules="no_such_preset")


def test_reset_and_copy(P):
    p = P("234m456p789p67s11z")
    p.draw("1m")
    p.discard("1m")
    q = p.copy()
    p.reset("123m456p789s1122z")
    assert p.waits == ks("1z", "2z") and p.discard_kinds == () and p.drawn is None
    assert q.waits == ks("5s", "8s") and q.discard_kinds == ks("1m")
    q.draw("5s")  # the copy is independent
    assert q.to_discard and not p.to_discard
    r = pickle.loads(pickle.dumps(q))
    assert (r.closed_counts, r.melds, r.discard_kinds, r.drawn, r.waits) == (
        q.closed_counts,
        q.melds,
        q.discard_kinds,
        q.drawn,
        q.waits,
    )
    o = P("123m456p789s1z pon:777z", rules="wrc")
    o.tile_passed("1z")
    o2 = pickle.loads(pickle.dumps(o))
    assert o2.melds == o.melds and o2.temporary_furiten and o2.waits == ks("1z")
    o2.draw("1z")
    assert o2.can_tsumo("1z") and o2.to_discard


# ---------------------------------------------------------------------------
# furiten, step by step


def test_discard_furiten_sequence(P):
    p = P("234m456p789p67s11z")  # 67s: ryanmen on 5s-8s
    assert p.shanten == 0 and p.waits == ks("5s", "8s") and p.furiten is False
    p.draw("5s")  # a winning tile: tsumo is possible
    assert p.shanten == -1 and p.can_tsumo("5s") and p.drawn == k("5s") and p.to_discard
    assert p.can_ron("5s") is False  # it is the player's own turn
    p.discard("5s")  # he skips the win and throws it: 5s is now in his river
    assert p.discard_kinds == ks("5s") and p.waits == ks("5s", "8s")
    assert (p.discard_furiten, p.temporary_furiten, p.riichi_furiten, p.furiten) == (True, False, False, True)
    assert p.can_ron("8s") is False and p.can_tsumo("8s") is True  # furiten bars ron only
    p.tile_passed("8s")
    assert p.temporary_furiten is True
    p.draw("9s")
    assert p.temporary_furiten is False and p.drawn == k("9s")
    p.discard("6s")  # 234m456p789p79s11z: kanchan on 8s; 5s no longer a wait
    assert p.waits == ks("8s") and p.discard_furiten is False and p.can_ron("8s") is True


def test_temporary_furiten_sequence(P):
    p = P("234m456p789p67s11z")
    p.tile_passed("1m")  # not a wait: nothing
    assert p.furiten is False
    p.tile_passed("5s")  # a wait let pass: no ron on any tile until his next turn
    assert (p.discard_furiten, p.temporary_furiten, p.riichi_furiten) == (False, True, False)
    assert p.can_ron("5s") is False and p.can_ron("8s") is False
    p.draw("9m")  # his turn: temporary furiten ends
    assert p.temporary_furiten is False
    p.discard("9m")
    assert p.can_ron("8s") is True and p.discard_kinds == ks("9m")
    # a call is also the player's turn
    p.tile_passed("8s")
    assert p.temporary_furiten is True
    p.call("pon", "1z", "1z")
    assert p.temporary_furiten is False and p.to_discard and p.waits == ()
    p.discard("2m")  # 34m456p789p67s + pon 1z: two open shapes, noten
    assert p.is_tenpai is False and p.furiten is False


def test_riichi_furiten_sequence(P):
    p = P("234m456p789p67s11z")
    p.draw("9m")
    assert p.riichi_discards() == ks("9m")  # only the isolated 9m keeps tenpai
    p.riichi()
    assert p.riichi_declared and not p.in_riichi
    p.discard("9m")
    assert p.in_riichi and not p.riichi_declared and p.furiten is False
    p.tile_passed("8s")  # a winning tile let pass in riichi: permanent furiten
    assert (p.discard_furiten, p.temporary_furiten, p.riichi_furiten, p.furiten) == (False, False, True, True)
    p.draw("1p")
    p.discard("1p")
    assert p.riichi_furiten is True and p.can_ron("5s") is False
    assert p.can_tsumo("5s") is True  # tsumo is still allowed
    p.draw("5s")
    assert p.can_tsumo("5s") and p.shanten == -1


def test_karaten(P):
    # 1111m + three sets: the only "wait" is a fifth 1m (RULES.md section 2: noten by default)
    p = P("1111m234p567p789s")
    assert (p.waits, p.is_tenpai, p.shanten) == ((), False, 1)
    q = P("1111m234p567p789s", rules=Rules(karaten_counts=True))
    assert (q.waits, q.is_tenpai) == (ks("1m"), True)
    assert q.can_ron("1m") is False and q.can_tsumo("1m") is False  # no fifth copy exists
    # karaten through a meld: 79p waits on 8p, whose four copies are in the ankan
    r = P("79p123m789m11z ankan:8888p")
    assert r.waits == () and r.shanten == 1  # one treatment of own meld tiles (Rules.own_melds_held)
    t = P("79p123m789m11z ankan:8888p", rules="tenhou")  # Tenhou: meld tiles are not held
    assert (t.waits, t.is_tenpai, t.shanten) == (ks("8p"), True, 0)
    assert t.can_ron("8p") is False and t.can_tsumo("8p") is False  # tenpai, but no 8p exists
    assert P("79p123m789m11z ankan:8888p", rules=Rules(karaten_counts=True)).waits == ks("8p")
    # riichi discards follow the same rule: 1111m234p567p789s5z
    p.draw("5z")
    assert p.riichi_discards() == ks("1m")  # 111m + 5z tanki; discarding 5z leaves karaten
    q.draw("5z")
    assert q.riichi_discards() == ks("1m", "5z")


# ---------------------------------------------------------------------------
# riichi


@pytest.mark.parametrize(
    "hand13, draw, expected",
    [
        # 2345m: either end discarded leaves a sequence; the shanpon 1z/2z stays
        pytest.param("234m456p789s1122z", "5m", ("2m", "5m"), id="2345m"),
        # six pairs and two singles: either single is the chiitoitsu tanki
        pytest.param("113355m77p99s223z", "4z", ("3z", "4z"), id="chiitoitsu"),
        # kokushi with an extra 5m: only the 5m goes (13-sided wait)
        pytest.param("19m19p19s1234567z", "5m", ("5m",), id="kokushi"),
        # nine gates plus 5p: 5p goes back to the 9-sided wait; dropping 2m, 5m or 8m leaves
        # 111 345 678 999m / 111 234 678 999m / 111 234 567 999m and a 5p tanki
        pytest.param("1112345678999m", "5p", ("2m", "5m", "8m", "5p"), id="chuuren"),
        # 1112345678999m + 1m: every discard of 1-9m but none other keeps a wait
        pytest.param("1112345678999m", "1m", ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"), id="chuuren_1m"),
        # two-shanten hand: nothing
        pytest.param("147m258p369s1234z", "5z", (), id="noten"),
    ],
)
def test_riichi_discards_named(P, hand13, draw, expected):
    p = P(hand13)
    p.draw(draw)
    assert p.riichi_discards() == ks(*expected)
    assert p.can_riichi(70, 25000) is bool(expected)


def test_riichi_discards_not_allowed(P):
    p = P("234m456p789s1z pon:777z")  # tenpai but open
    p.draw("5z")
    assert p.riichi_discards() == () and p.can_riichi(70, 25000) is False
    q = P("234m456p789p67s11z")
    assert q.riichi_discards() == ()  # 13 tiles: not his turn
    q.draw("9m")
    q.riichi()
    assert q.riichi_discards() == ks("9m")  # declared, discard still to come
    assert q.can_riichi(70, 25000) is False
    q.discard("9m")
    q.draw("9p")
    assert q.riichi_discards() == ()  # already in riichi


def test_can_riichi_minimums(P):
    p = P("234m456p789p67s11z")
    p.draw("1m")
    assert p.can_riichi(4, 1000) is True  # Tenhou: >= 4 live tiles, >= 1000 points
    assert p.can_riichi(3, 1000) is False
    assert p.can_riichi(4, 900) is False
    assert p.can_riichi(0, 0, min_tiles=0, min_points=0) is True
    w = P("234m456p789p67s11z", rules="wrc")  # WRC 2025: no minimum
    w.draw("1m")
    assert w.can_riichi(0, 0) is True
    with pytest.raises(ContextError):
        p.can_riichi("4", 1000)


# ---------------------------------------------------------------------------
# ankan after riichi


def _in_riichi(P, hand13, draw_then_discard, rules=None):
    p = P(hand13, rules=rules)
    p.draw(draw_then_discard)
    p.riichi()
    p.discard(draw_then_discard)
    return p


RULE_NAMES = ("waits", "waits_and_reading", "never")


@pytest.mark.parametrize(
    "hand13, kan, expected",
    [
        # an isolated triplet: waits (1s-4s) and every reading unchanged: legal everywhere but "never"
        pytest.param("111m456p789s23s55z", "1m", (True, True, False), id="isolated_triplet"),
        # 4445777m: kan 7m keeps the waits 3-5-6m, but the 6m win reads 444m 567m 77m,
        # where the 7m are no triplet: legal on Tenhou, not under WRC / M-League
        pytest.param("4445777m456p111z", "7m", (True, False, False), id="4445777m_kan7"),
        # same hand, kan 4m: 5777m waits 5m-6m only, 3m is lost: illegal everywhere
        pytest.param("4445777m456p111z", "4m", (False, False, False), id="4445777m_kan4"),
        # 3334m waits 2m-4m-5m (333 4 / 33 34); after the kan only the 4m tanki remains
        pytest.param("3334m456p789s111z", "3m", (False, False, False), id="3334m"),
        # 1112345678999m (nine gates): a fourth 1m or 9m is a win; a kan would change the waits
        pytest.param("1112345678999m", "1m", (False, False, False), id="chuuren_1m"),
        pytest.param("1112345678999m", "9m", (False, False, False), id="chuuren_9m"),
        # 33345m waits 3m-6m (333 45) and 3m-1z (33 345 + 11z shanpon): the fourth 3m wins; as a kan
        # it leaves 45m + 11z, which waits 3m-6m only: the 1z is lost, illegal everywhere
        pytest.param("33345m678p456s11z", "3m", (False, False, False), id="33345m"),
        # 2223m + sets waits 1m-3m-4m (222 3 / 22 23); after the kan only 3m: illegal
        pytest.param("2223m456p789s111z", "2m", (False, False, False), id="2223m"),
    ],
)
def test_legal_ankan_after_riichi(P, hand13, kan, expected):
    p = _in_riichi(P, hand13, "9p" if "9p" not in hand13 else "1z")
    waits = p.waits
    p.draw(kan)
    assert tuple(p.legal_ankan_after_riichi(kan, r) for r in RULE_NAMES) == expected
    if expected[0] and p.shanten >= 0:
        t = _in_riichi(P, hand13, "9p" if "9p" not in hand13 else "1z", rules="tenhou")
        t.draw(kan)
        t.ankan(kan)
        assert t.waits == waits and t.melds[-1] == (MeldType.ANKAN, k(kan)) and t.in_riichi
        t.draw("7z")  # the replacement tile; tsumogiri
        t.discard("7z")
        assert t.waits == waits
    if not expected[1] and p.shanten >= 0:
        w = _in_riichi(P, hand13, "9p" if "9p" not in hand13 else "1z", rules="wrc")
        w.draw(kan)
        before = w.closed_counts
        with pytest.raises(MeldError, match="after riichi"):
            w.ankan(kan)
        assert w.closed_counts == before and w.melds == ()


def test_ankan_not_with_drawn_tile(P):
    # 1111m23m456p789s5z waits on 5z (111m 123m + tanki); the four 1m were held before
    # the draw, so an ankan of them in riichi is not made with the drawn tile (okurikan): illegal
    p = _in_riichi(P, "1111m23m456p789s5z", "9m")
    assert p.waits == ks("5z")
    p.draw("9p")
    assert tuple(p.legal_ankan_after_riichi("1m", r) for r in RULE_NAMES) == (False, False, False)
    with pytest.raises(MeldError):
        p.ankan("1m")
    # outside riichi the same ankan is an ordinary choice
    q = P("1111m23m456p789s5z")
    q.draw("9p")
    q.ankan("1m")
    assert q.melds == ((MeldType.ANKAN, k("1m")),) and q.to_discard is False
    q.draw("4m")  # replacement tile
    assert q.shanten == 0 and q.riichi_discards() == ks("9p", "5z") and q.is_closed


def test_bad_ankan_rule(P):
    p = P("111m456p789s23s55z")
    p.draw("1m")
    with pytest.raises(ContextError):
        p.legal_ankan_after_riichi("1m", "sometimes")


# ---------------------------------------------------------------------------
# calls


def test_calls_sequence(P):
    p = P("23m456p789s55s11z1s")
    p.call("chi", "1m", "1m")  # chi 1-2-3m on the 1m: 2m and 3m leave the closed hand
    assert p.melds == ((MeldType.CHI, k("1m")),) and p.to_discard and not p.is_closed
    assert p.closed_counts[k("2m")] == 0 and p.closed_counts[k("3m")] == 0 and p.drawn is None
    assert p.can_tsumo("1m") is False and p.waits == () and p.riichi_discards() == ()
    p.discard("1s")
    assert p.waits == ks("5s", "1z") and p.shanten == 0  # 456p789s 55s 11z: shanpon
    p.call(MeldType.PON, "5s", "5s")
    assert p.to_discard and p.closed_counts[k("5s")] == 0
    p.discard("4p")  # 56p789s11z: 4p-7p
    assert p.waits == ks("4p", "7p") and len(p.melds) == 2
    p.draw("5s")
    p.kakan("5s")  # the drawn 5s joins the pon
    assert p.melds == ((MeldType.CHI, k("1m")), (MeldType.SHOUMINKAN, k("5s"))) and not p.to_discard
    assert p.waits == ks("4p", "7p")
    p.draw("9s")  # replacement tile
    p.discard("9s")
    assert p.waits == ks("4p", "7p") and p.discard_kinds == ks("4p", "1s", "9s")


def test_daiminkan(P):
    p = P("777m456p789s23s11z")
    p.call("daiminkan", "7m", "7m")
    assert p.melds == ((MeldType.DAIMINKAN, k("7m")),) and not p.to_discard and p.waits == ks("1s", "4s")
    p.draw("1z")  # replacement tile: 456p 789s 23s 111z
    assert p.shanten == 0 and p.riichi_discards() == ()  # open hand
    p.discard("1z")
    assert p.waits == ks("1s", "4s") and p.closed_counts[k("1z")] == 2


# ---------------------------------------------------------------------------
# impossible events


def _check_unchanged(p, action, error, match):
    before = (p.closed_counts, p.melds, p.discard_kinds, p.to_discard, p.in_riichi, p.riichi_declared)
    with pytest.raises(error, match=match):
        action()
    assert (p.closed_counts, p.melds, p.discard_kinds, p.to_discard, p.in_riichi, p.riichi_declared) == before


def test_bad_events(P):
    p = P("234m456p789p67s11z")
    _check_unchanged(p, lambda: p.discard("2m"), TileCountError, "holds 13 tiles")
    _check_unchanged(p, lambda: p.riichi(), TileCountError, "holds 13 tiles")
    _check_unchanged(p, lambda: p.ankan("2m"), TileCountError, "holds 13 tiles")
    _check_unchanged(p, lambda: p.draw(34), TileParseError, "kind")
    _check_unchanged(p, lambda: p.draw("x"), TileParseError, "tile name")
    _check_unchanged(p, lambda: p.draw(True), TileParseError, "kind")
    _check_unchanged(p, lambda: p.call("chi", "8m", "8m"), MeldError, "chi starts on 1-7")
    _check_unchanged(p, lambda: p.call("chi", "5m", "8m"), MeldError, "not part of it")
    _check_unchanged(p, lambda: p.call("pon", "5m", "5m"), MeldError, "lacks the tiles")
    _check_unchanged(p, lambda: p.call("chi", "7m", "7m"), MeldError, "lacks the tiles")
    _check_unchanged(p, lambda: p.call("ron", "5m", "5m"), MeldError, "meld_type")
    q = P("1111m234p567p789s")
    _check_unchanged(q, lambda: q.draw("1m"), TileCountError, "all four copies")
    _check_unchanged(q, lambda: q.tile_passed("1m"), TileCountError, "all four copies")
    _check_unchanged(q, lambda: q.call("chi", "1m", "1m"), TileCountError, "all four copies")
    p.draw("1m")
    _check_unchanged(p, lambda: p.draw("1m"), TileCountError, "holds 14 tiles")
    _check_unchanged(p, lambda: p.tile_passed("1m"), TileCountError, "holds 14 tiles")
    _check_unchanged(p, lambda: p.call("pon", "1z", "1z"), TileCountError, "holds 14 tiles")
    _check_unchanged(p, lambda: p.discard("9m"), TileCountError, "no 9m")
    _check_unchanged(p, lambda: p.ankan("2m"), MeldError, "four 2m")
    _check_unchanged(p, lambda: p.kakan("1z"), MeldError, "no pon")
    p.riichi()
    _check_unchanged(p, lambda: p.riichi(), ContextError, "already declared")
    _check_unchanged(p, lambda: p.discard("2m"), ContextError, "leaves the hand noten")
    _check_unchanged(p, lambda: p.kakan("1z"), ContextError, "riichi was declared")
    p.discard("1m")
    _check_unchanged(p, lambda: p.call("pon", "1z", "1z"), MeldError, "no call after riichi")
    p.draw("9p")
    _check_unchanged(p, lambda: p.discard("2m"), ContextError, "drawn tile 9p must be discarded")
    o = P("234m456p789s1z pon:777z")
    o.draw("5z")
    _check_unchanged(o, lambda: o.riichi(), ContextError, "hand is open")
    _check_unchanged(o, lambda: o.kakan("7z"), MeldError, "no 7z in the closed hand")
    n = P("147m258p369s1234z")
    n.draw("5z")
    _check_unchanged(n, lambda: n.riichi(), ContextError, "no discard leaves the hand tenpai")


def test_fifth_meld(P):
    p = P("1z pon:111m pon:222m pon:333m pon:444m")
    assert p.waits == ks("1z")
    with pytest.raises(MeldError, match="four melds"):
        p.call("pon", "1z", "1z")


# ---------------------------------------------------------------------------
# yaku through the scorer


def test_can_ron_with_yaku(P):
    p = P("123m456p789s1122z")  # shanpon East / South
    assert p.can_ron("1z") and p.can_ron("2z")
    assert p.can_ron_with_yaku("1z") is True  # East triplet: seat and round wind yakuhai
    assert p.can_ron_with_yaku("2z") is False  # South: no yaku for the East seat...
    assert p.can_ron_with_yaku("2z", WinContext(seat_wind="S")) is True  # ...but a yakuhai for South
    assert p.can_tsumo_with_yaku("2z") is True  # menzen tsumo
    p.draw("9m")
    p.riichi()
    p.discard("9m")
    assert p.can_ron_with_yaku("2z") is True  # riichi is a yaku
    p.tile_passed("2z")
    assert p.can_ron_with_yaku("1z") is False  # riichi furiten


# ---------------------------------------------------------------------------
# compiled == reference under random event sequences

RULES_CHOICES = (None, "tenhou", Rules(karaten_counts=True))


def _snapshot(p, extra):
    out = {
        "closed": p.closed_counts,
        "melds": p.melds,
        "river": p.discard_kinds,
        "drawn": p.drawn,
        "turn": (p.to_discard, p.is_closed, p.in_riichi, p.riichi_declared),
        "shanten": p.shanten,
        "waits": (p.wait_mask, p.waits, p.is_tenpai),
        "furiten": (p.discard_furiten, p.temporary_furiten, p.riichi_furiten, p.furiten),
        "win": [(x, p.can_ron(x), p.can_tsumo(x)) for x in sorted(set(p.waits) | set(extra))],
    }
    if p.to_discard:
        out["riichi"] = (p.riichi_discards(), p.can_riichi(10, 25000), p.can_riichi(3, 25000))
        out["ankan"] = [
            (x, rule, p.legal_ankan_after_riichi(x, rule))
            for x in range(34)
            if p.closed_counts[x] == 4
            for rule in RULE_NAMES
        ]
    return out


def _apply(p, name, args):
    try:
        getattr(p, name)(*args)
    except RiichiError as exc:
        return type(exc), str(exc)
    return None


def _choose(ref, r, a, b):
    """An event for the state ``ref``: mostly legal ones, some impossible ones."""
    closed = ref.closed_counts
    held = [x for x in range(34) if closed[x]] or [0]
    if not ref.to_discard:
        if r < 40:
            pool = list(ref.waits) if a % 4 == 0 and ref.waits else [x for x in range(34) if closed[x] == 3]
            kind = pool[b % len(pool)] if a % 4 < 2 and pool else a
            return "draw", (kind,)
        if r < 65:
            return "tile_passed", (ref.waits[b % len(ref.waits)] if a % 2 and ref.waits else a,)
        if r < 80:
            x = held[a % len(held)]
            if b % 3 == 0:
                return "call", ("chi", max(0, x - b % 3), x)
            return "call", ("pon" if b % 3 == 1 else "kan", x, x)
        return "discard", (a,)
    if r < 55:
        if ref.riichi_declared and ref.riichi_discards():
            return "discard", (ref.riichi_discards()[a % len(ref.riichi_discards())],)
        if ref.drawn is not None and (ref.in_riichi or a % 3 == 0):
            return "discard", (ref.drawn,)
        return "discard", (held[a % len(held)],)
    if r < 70:
        return "riichi", ()
    if r < 85:
        quads = [x for x in range(34) if closed[x] == 4]
        return "ankan", (quads[a % len(quads)] if quads else a,)
    if r < 92:
        pons = [x for t, x in ref.melds if t == MeldType.PON]
        return "kakan", (pons[a % len(pons)] if pons else a,)
    return "draw", (a,)


@settings(max_examples=60, deadline=None)
@given(
    start=tenpai_hands(max_melds=2),
    script=st.lists(st.tuples(st.integers(0, 99), st.integers(0, 33), st.integers(0, 33)), min_size=1, max_size=20),
    rules=st.sampled_from(RULES_CHOICES),
)
def test_parity_random_events(start, script, rules):
    from riichi_fast.analysis._player import PlayerState as Compiled
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    counts, melds = start
    ref = Reference(counts.tobytes(), melds, rules=rules)
    cy = Compiled(counts.tobytes(), melds, rules=rules)
    assert _snapshot(cy, ()) == _snapshot(ref, ())
    for r, a, b in script:
        name, args = _choose(ref, r, a, b)
        assert _apply(cy, name, args) == _apply(ref, name, args), (name, args)
        assert _snapshot(cy, (a, b)) == _snapshot(ref, (a, b)), (name, args)
    assert repr(cy) == repr(ref)
    twin = cy.copy()
    assert _snapshot(twin, ()) == _snapshot(ref.copy(), ())


@settings(max_examples=80, deadline=None)
@given(start=tenpai_hands(max_melds=1, forms=("regular",)), data=st.data())
def test_parity_ankan_after_riichi(start, data):
    """A tenpai hand with a closed triplet draws its fourth tile, in riichi when possible."""
    from riichi_fast.analysis._player import PlayerState as Compiled
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    counts, melds = start
    own = list(counts.tobytes())
    for t, m in melds:
        for j in range(m, m + 3) if t == MeldType.CHI else [m] * (3 if t == MeldType.PON else 4):
            own[j] += 1
    triplets = [x for x in range(34) if counts[x] == 3 and own[x] == 3]
    assume(triplets)
    x = data.draw(st.sampled_from(triplets), label="kan kind")
    rules = data.draw(st.sampled_from(RULES_CHOICES), label="rules")
    ref = Reference(counts.tobytes(), melds, rules=rules)
    cy = Compiled(counts.tobytes(), melds, rules=rules)
    free = [y for y in range(34) if own[y] < 4 and y != x and y not in ref.waits]
    if free:  # draw an unrelated tile, declare riichi with it if it keeps the hand tenpai
        y = data.draw(st.sampled_from(free), label="riichi tile")
        for p in (ref, cy):
            p.draw(y)
            if p.is_closed and y in p.riichi_discards():
                p.riichi()
            p.discard(y)
    for p in (ref, cy):
        p.draw(x)
    assert [cy.legal_ankan_after_riichi(x, r) for r in RULE_NAMES] == [
        ref.legal_ankan_after_riichi(x, r) for r in RULE_NAMES
    ]
    assert _apply(cy, "ankan", (x,)) == _apply(ref, "ankan", (x,))
    assert _snapshot(cy, (x,)) == _snapshot(ref, (x,))


@settings(max_examples=50, deadline=None)
@given(start=tenpai_hands(max_melds=2), seat=st.integers(0, 3), dora=st.lists(st.integers(0, 33), max_size=2))
def test_parity_with_yaku(start, seat, dora):
    from riichi_fast.analysis._player import PlayerState as Compiled
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    counts, melds = start
    ref = Reference(counts.tobytes(), melds)
    cy = Compiled(counts.tobytes(), melds)
    ctx = WinContext(seat_wind=seat, dora=dora)
    for w in ref.waits:
        assert cy.can_ron_with_yaku(w, ctx) == ref.can_ron_with_yaku(w, ctx)
        assert cy.can_tsumo_with_yaku(w, ctx, rules="tenhou") == ref.can_tsumo_with_yaku(w, ctx, rules="tenhou")


def test_same_public_names():
    from riichi_fast.analysis import _player
    from riichi_fast.reference.analysis import player

    names = {n for n in dir(_player.PlayerState) if not n.startswith("_")}
    assert names == {n for n in dir(player.PlayerState) if not n.startswith("_")}
    assert {n for n in dir(_player) if n.startswith(("PS_", "ANKAN_"))} == {
        n for n in dir(player) if n.startswith(("PS_", "ANKAN_"))
    }
    for n in dir(_player):
        if n.startswith(("PS_", "ANKAN_")):
            assert getattr(_player, n) == getattr(player, n), n


# ---------------------------------------------------------------------------
# the .pxd contract: a third-party Cython module cimports PlayerState


def test_cimport_driver(tmp_path):
    from riichi_fast.analysis._player import PlayerState as Compiled
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    driver = build_cimport_driver(tmp_path)
    # one deal: 234m456p789p67s11z draws 9m (riichi on it), passes 8s (riichi furiten),
    # tsumogiri 1p, then an impossible discard is reported as -1
    steps = np.array([(k("9m"), 1, k("9m"), k("8s")), (k("1p"), 0, k("1p"), k("3z"))], dtype=np.uint8)
    ref = Reference("234m456p789p67s11z")
    trace = 0
    for d, riichi, discard, passed in steps.tolist():
        ref.draw(d)
        trace += ref.shanten + 1000 * ref.can_tsumo(d) + len(ref.riichi_discards())
        if riichi:
            ref.riichi()
        ref.discard(discard)
        trace += 3 * ref.is_tenpai + 100 * ref.can_ron(passed)
        ref.tile_passed(passed)
        trace += 7 * ref.furiten
    p = Compiled("234m456p789p67s11z")
    # turn 1: shanten 0, one riichi discard, tenpai, can ron 8s, then furiten; turn 2: tenpai, furiten
    assert driver.replay([(p, steps)]) == trace == (0 + 1 + 3 + 100 + 7) + (0 + 0 + 3 + 7)
    assert p.in_riichi and p.riichi_furiten and p.discard_kinds == ks("9m", "1p")
    assert driver.waits_after(p, k("5s")) == (1 << k("5s")) | (1 << k("8s"))
    bad = np.array([(k("2z"), 0, k("5z"), k("3z"))], dtype=np.uint8)  # 5z is not held
    assert driver.replay([(Compiled("234m456p789p67s11z"), bad)]) == -1


def test_stub_signatures_match_reference():
    """The .pyi of the compiled class has the reference's parameters (names, kinds, defaults)."""
    import ast
    import inspect
    from pathlib import Path

    import riichi_fast
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    stub = ast.parse((Path(riichi_fast.__file__).parent / "analysis" / "_player.pyi").read_text())
    cls = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "PlayerState")
    checked = set()
    for node in cls.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        ref = getattr(Reference, node.name)
        if isinstance(ref, property):
            assert any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list), node.name
            checked.add(node.name)
            continue
        params = list(inspect.signature(ref).parameters.values())
        a = node.args
        names = [x.arg for x in a.args] + [x.arg for x in a.kwonlyargs]
        assert names == [p.name for p in params], node.name
        defaults = [ast.literal_eval(d) for d in a.defaults]
        assert defaults == [p.default for p in params if p.default is not p.empty and p.kind != p.KEYWORD_ONLY]
        kw_defaults = [ast.literal_eval(d) for d in a.kw_defaults]
        assert kw_defaults == [p.default for p in params if p.kind == p.KEYWORD_ONLY], node.name
        checked.add(node.name)
    public = {n for n in dir(Reference) if not n.startswith("_")} | {"__init__"}
    assert checked == public
