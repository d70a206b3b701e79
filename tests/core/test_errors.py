"""Bad input: every error has its exact class and a message naming the culprit."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import riichi_fast as rf
from riichi_fast import tiles as T
from riichi_fast.enums import MeldType
from riichi_fast.errors import (
    ArrayError,
    ContextError,
    MeldError,
    RiichiError,
    TileCountError,
    TileParseError,
)
from riichi_fast.hand import Hand, Meld, as_hand
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.front import score


def _fortran_2d():
    return np.zeros((34, 1), dtype=np.uint8, order="F")


E = re.escape


def case(func, args, exc, pattern, id, **kwargs):
    """One bad input: ``func(*args, **kwargs)`` must raise exactly ``exc`` matching ``pattern``."""
    return pytest.param(func, args, kwargs, exc, pattern, id=id)


CASES = [
    # -- mpsz parsing
    case(
        T.parse_tiles,
        ("12x",),
        TileParseError,
        E("unknown suit letter 'x' at position 2 in '12x'"),
        id="unknown-letter",
    ),
    case(T.parse_tiles, ("123M",), TileParseError, E("unknown suit letter 'M' at position 3"), id="uppercase-letter"),
    case(T.parse_tiles, ("1-2m",), TileParseError, E("unexpected character '-' at position 1"), id="bad-character"),
    case(
        T.parse_tiles,
        ("123m45",),
        TileParseError,
        E("digits '45' at position 4 in '123m45' have no suit letter"),
        id="digits-without-suit",
    ),
    case(
        T.parse_tiles,
        ("12 3m",),
        TileParseError,
        E("digits '12' at position 0 in '12 3m' have no suit letter"),
        id="digits-then-space",
    ),
    case(
        T.parse_tiles,
        ("123mp",),
        TileParseError,
        E("suit letter 'p' at position 4 in '123mp' has no digits"),
        id="suit-without-digits",
    ),
    case(T.parse_tiles, ("8z",), TileParseError, E("'8z' at position 0 in '8z': honors are 1z..7z"), id="honor-8z"),
    case(
        T.parse_tiles,
        ("10z",),
        TileParseError,
        E("'0z' at position 1 in '10z': honors have no red tiles"),
        id="honor-0z",
    ),
    case(
        T.parse_tiles,
        ("1r2z",),
        TileParseError,
        E("'1rz' at position 0 in '1r2z': honors have no red tiles"),
        id="honor-red",
    ),
    case(
        T.parse_tiles, ("r5m",), TileParseError, E("'r' at position 0 in 'r5m' does not follow a digit"), id="r-first"
    ),
    case(T.parse_tiles, ("0rm",), TileParseError, E("'0r' at position 0 in '0rm': 0 is already red"), id="0r"),
    case(T.parse_tiles, (123,), TileParseError, E("must be a str, got int 123"), id="not-a-string"),
    case(
        T.parse_tiles,
        ("11111m",),
        TileCountError,
        E("a fifth copy of 1m: '1m' at position 4 in '11111m'"),
        id="fifth-copy",
    ),
    case(
        T.parse_tiles, ("1z111z1z",), TileCountError, E("a fifth copy of 1z: '1z' at position 6"), id="fifth-copy-split"
    ),
    case(
        T.parse_tiles,
        ("0550m",),
        TileCountError,
        E("more red 5m than the rules allow (1): '0m' at position 3 in '0550m'"),
        id="two-red-5m",
    ),
    case(
        T.parse_tiles,
        ("000p",),
        TileCountError,
        E("more red 5p than the rules allow (2): '0p' at position 2"),
        id="three-red-5p",
        red={"5p": 2},
    ),
    case(
        T.parse_tiles,
        ("0m",),
        TileCountError,
        E("red 5m '0m' at position 0 in '0m', but the rules have no red 5m"),
        id="red-when-none",
        red=0,
    ),
    case(
        T.parse_tiles,
        ("3rs",),
        TileCountError,
        E("red 3s '3rs' at position 0 in '3rs', but the rules have no red 3s"),
        id="red-3s-not-allowed",
    ),
    case(
        T.parse_tiles,
        ("5555m",),
        TileCountError,
        E("too many plain 5m: '5m' at position 3 in '5555m'; the rules make 1 of the 4 red"),
        id="plain-5-exhausted",
    ),
    case(
        T.mpsz_to_counts,
        ("11111z",),
        TileCountError,
        E("a fifth copy of 1z: '1z' at position 4"),
        id="counts-fifth-copy",
    ),
    case(
        T.mpsz_to_counts,
        ("00s",),
        TileCountError,
        E("more red 5s than the rules allow (1): '0s' at position 1"),
        id="counts-two-red",
    ),
    case(T.parse_kind, ("5x",), TileParseError, E("'5x' is not a tile name"), id="kind-name"),
    # -- ids
    case(
        T.ids_to_counts, ([0, 136],), ArrayError, E("tile id 136 at position 1 is out of range 0..135"), id="id-too-big"
    ),
    case(T.ids_to_counts, ([-1],), ArrayError, E("tile id -1 at position 0 is out of range 0..135"), id="id-negative"),
    case(
        T.ids_to_counts,
        ([0, "1"],),
        ArrayError,
        E("tile id at position 1 must be an int 0..135, got '1'"),
        id="id-not-int",
    ),
    case(
        T.ids_to_counts,
        ([5, 9, 5],),
        TileCountError,
        E("tile id 5 (2m) appears twice, at positions 0 and 2"),
        id="id-duplicate",
    ),
    case(T.ids_to_counts, ([0] * 34,), TileCountError, E("a list is read as 136-ids"), id="counts-as-list-hint"),
    case(T.format_tiles, ([3, 3],), TileCountError, E("tile id 3 (1m) appears twice"), id="format-duplicate"),
    case(T.id_to_mjai, (136,), ArrayError, E("tile id 136 is out of range"), id="mjai-id-range"),
    case(T.id_to_tenhou6, (-3,), ArrayError, E("tile id -3 is out of range"), id="tenhou6-id-range"),
    # -- counts arrays
    # any integer dtype and layout is read (34 counts, or at most 14 136-ids): tests/core/test_inputs.py
    case(T.as_counts, (np.zeros(34, dtype=np.float32),), ArrayError, E("integer dtype (34 counts or 136-ids), got float32"),
         id="dtype-float"),
    case(T.as_counts, (np.zeros(34, dtype=bool),), ArrayError, E("integer dtype (34 counts or 136-ids), got bool"),
         id="dtype-bool"),
    case(T.as_counts, (np.zeros(33, dtype=np.uint8),), ArrayError,
         E("shape (34,) for counts or hold at most 14 136-ids, got (33,)"), id="shape-33"),
    case(T.as_counts, (np.zeros((1, 34), dtype=np.uint8),), ArrayError, E("shape (34,) for counts or hold at most 14 136-ids, got (1, 34)"), id="shape-2d"),
    case(T.as_counts, (_fortran_2d(),), ArrayError, E("shape (34,) for counts or hold at most 14 136-ids, got (34, 1)"), id="shape-column"),
    case(T.as_counts, (np.array([-1] + [0] * 33, dtype=np.int64),), ArrayError, E("count of 1m is negative (-1)"),
         id="negative-count-int64"),
    case(T.as_counts, (np.array([0, 1, 136], dtype=np.int16),), ArrayError, E("tile id 136 at position 2 is out of range 0..135"),
         id="id-array-range"),
    case(T.as_counts, (bytes(33),), ArrayError, E("counts as bytes must have length 34, got 33"), id="bytes-length"),
    case(
        T.as_counts,
        (bytearray(35),),
        ArrayError,
        E("counts as bytearray must have length 34, got 35"),
        id="bytearray-length",
    ),
    case(
        T.as_counts,
        (np.array([0] * 33 + [5], dtype=np.uint8),),
        TileCountError,
        E("5 copies of 7z (kind 33)"),
        id="count-above-4",
    ),
    case(T.as_counts, (bytes([9] + [0] * 33),), TileCountError, E("9 copies of 1m (kind 0)"), id="bytes-count-above-4"),
    case(T.counts_to_ids, ([1] * 33,), ArrayError, E("counts must have 34 entries, got 33"), id="counts-length"),
    case(T.counts_to_mpsz, ([0] * 33 + [-1],), ArrayError, E("count of 7z is negative (-1)"), id="counts-negative"),
    # -- mjai and tenhou6
    case(T.mjai_to_kind, ("Z",), TileParseError, E("'Z' is not an mjai tile name"), id="mjai-unknown"),
    case(T.mjai_to_kind, ("Er",), TileParseError, E("'Er' is not an mjai tile name"), id="mjai-red-honor"),
    case(
        T.parse_mjai,
        (["5mr", "5mr"],),
        TileCountError,
        E("more red 5m than the rules allow (1): '5mr' at position 1"),
        id="mjai-two-red",
    ),
    case(T.parse_mjai, (["N"] * 5,), TileCountError, E("a fifth copy of 4z: 'N' at position 4"), id="mjai-fifth"),
    case(T.tenhou6_to_id, (10,), TileParseError, E("10 is not a tenhou.net/6 tile code"), id="tenhou6-10"),
    case(T.tenhou6_to_id, (48,), TileParseError, E("48 is not a tenhou.net/6 tile code"), id="tenhou6-48"),
    case(
        T.parse_tenhou6,
        ([51, 51],),
        TileCountError,
        E("more red 5m than the rules allow (1): code 51 at position 1"),
        id="tenhou6-two-red",
    ),
    # -- kinds and red configuration
    case(T.kind_name, (34,), ArrayError, E("kind 34 is out of range 0..33"), id="kind-range"),
    case(T.dora_from_indicator, (-1,), ArrayError, E("indicator kind -1 is out of range"), id="indicator-range"),
    case(T.red_counts, ({"5z": 1},), ContextError, E("honor tile 5z cannot be red"), id="red-honor"),
    case(T.red_counts, ({"5p": 5},), ContextError, E("5 red copies of 5p (must be 0..4)"), id="red-too-many"),
    case(T.red_counts, ({"5q": 1},), ContextError, E("'5q' is not a tile name"), id="red-bad-name"),
    case(T.red_counts, ([1, 2],), ContextError, E("has 2 entries, need 34"), id="red-length"),
    case(T.red_counts, (True,), ContextError, E("True is ambiguous"), id="red-bool"),
    case(T.red_counts, (1.0,), ContextError, E("red configuration 1.0 is not None, an int, a mapping"), id="red-float"),
    # -- melds
    case(
        Meld,
        (MeldType.CHI, (0, 4, 12)),
        MeldError,
        E("chi of 1m#0 2m#4 4m#12: a chi must be three consecutive"),
        id="chi-not-sequence",
    ),
    case(
        Meld,
        (MeldType.CHI, (32, 36, 40)),
        MeldError,
        E("a chi must be three consecutive tiles of one suit"),
        id="chi-across-suits",
    ),
    case(
        Meld,
        (MeldType.CHI, (108, 112, 116)),
        MeldError,
        E("chi of 1z#108 2z#112 3z#116: a chi cannot be made of honors"),
        id="chi-honors",
    ),
    case(
        Meld,
        (MeldType.CHI, (0, 4, 8), 0, 1),
        MeldError,
        E("a chi is always called from the left (seat 3), got from_seat=1"),
        id="chi-seat",
    ),
    case(
        Meld,
        (MeldType.PON, (0, 1, 4)),
        MeldError,
        E("pon of 1m#0 1m#1 2m#4: a pon must be 3 tiles of one kind"),
        id="pon-not-identical",
    ),
    case(
        Meld,
        (MeldType.PON, (0, 1, 2, 3)),
        MeldError,
        E("pon of 1m#0 1m#1 1m#2 1m#3: a pon has 3 tiles, got 4"),
        id="pon-size",
    ),
    case(
        Meld,
        (MeldType.DAIMINKAN, (0, 1, 2)),
        MeldError,
        E("kan of 1m#0 1m#1 1m#2: a kan has 4 tiles, got 3"),
        id="kan-size",
    ),
    case(
        Meld,
        (MeldType.ANKAN, (0, 1, 2, 4)),
        MeldError,
        E("ankan of 1m#0 1m#1 1m#2 2m#4: a ankan must be 4 tiles of one kind"),
        id="ankan-not-identical",
    ),
    case(
        Meld,
        (MeldType.PON, (0, 1, 2), 3),
        MeldError,
        E("pon of 1m#0 1m#1 1m#2: the called tile 1m#3 is not in the meld"),
        id="called-not-in-meld",
    ),
    case(
        Meld, (MeldType.ANKAN, (0, 1, 2, 3), 0), MeldError, E("an ankan has no called tile, got 0"), id="ankan-called"
    ),
    case(
        Meld,
        (MeldType.ANKAN, (0, 1, 2, 3), None, 2),
        MeldError,
        E("an ankan comes from no seat, got from_seat=2"),
        id="ankan-seat",
    ),
    case(
        Meld,
        (MeldType.PON, (0, 1, 2), 0, 4),
        MeldError,
        E("from_seat must be 1 (right), 2 (across) or 3 (left), got 4"),
        id="seat-range",
    ),
    case(
        Meld,
        (MeldType.PON, (0, 0, 1)),
        MeldError,
        E("pon of 1m#0 1m#0 1m#1: the same physical tile appears twice"),
        id="meld-duplicate-id",
    ),
    case(
        Meld, (MeldType.PON, (0, 1, 136)), MeldError, E("tile id 136 at position 2 is out of range"), id="meld-id-range"
    ),
    case(Meld, (MeldType.KITA, (108,)), MeldError, E("kita of 1z#108: kita is a north tile (4z)"), id="kita-not-north"),
    case(Meld, (9, (0, 1, 2)), MeldError, E("unknown meld type 9"), id="meld-type"),
    case(Meld.parse, ("chi:124m",), MeldError, E("meld 'chi:124m': a chi must be three consecutive"), id="token-chi"),
    case(
        Meld.parse,
        ("chi:345p@2",),
        MeldError,
        E("meld 'chi:345p@2': a chi is always called from the left"),
        id="token-chi-seat",
    ),
    case(Meld.parse, ("pon:77z",), MeldError, E("meld 'pon:77z': a pon has 3 tiles, got 2"), id="token-size"),
    case(Meld.parse, ("pon:777z@0",), MeldError, E("meld 'pon:777z@0': '@0' must be @1"), id="token-seat"),
    case(
        Meld.parse,
        ("ankan:1*111m",),
        MeldError,
        E("meld 'ankan:1*111m': an ankan has no called tile"),
        id="token-ankan-star",
    ),
    case(
        Meld.parse,
        ("chi:*345p",),
        MeldError,
        E("meld 'chi:*345p': '*' must follow the called tile's digit"),
        id="token-star-first",
    ),
    case(Meld.parse, ("chi:34p5s",), MeldError, E("meld 'chi:34p5s': tiles of several suits"), id="token-suits"),
    case(Meld.parse, ("peng:777z",), TileParseError, E("unknown meld type 'peng'"), id="token-keyword"),
    case(
        Meld.parse,
        ("777z",),
        TileParseError,
        E("meld token '777z' at position 0 in '777z' has no 'type:' prefix"),
        id="token-no-keyword",
    ),
    case(
        Meld.from_kind, (MeldType.CHI, 7), MeldError, E("chi on 8m: a chi starts on 1-7 of a suit"), id="from-kind-chi"
    ),
    # -- hands
    case(
        Hand.parse,
        ("123m456p789s11z pon:111z",),
        TileCountError,
        E("a fifth copy of 1z: 1z in meld 'pon:111z' at position 16"),
        id="hand-fifth-copy",
    ),
    case(
        Hand.parse,
        ("123m456p789s1z ankan:1111z",),
        TileCountError,
        E("a fifth copy of 1z: 1z in meld 'ankan:1111z'"),
        id="hand-fifth-copy-kan",
    ),
    case(
        Hand.parse,
        ("123m456p789s1z0m pon:0*55m",),
        TileCountError,
        E("more red 5m than the rules allow (1): 0m in meld 'pon:0*55m'"),
        id="hand-too-many-red",
    ),
    case(
        Hand.parse,
        ("123m456p789s",),
        TileCountError,
        E("9 closed tiles and no melds make 9 tiles (closed + 3 per meld); a hand needs 13 or 14"),
        id="hand-size",
    ),
    case(
        Hand.parse,
        ("123m456p789s1122z pon:777z",),
        TileCountError,
        E("13 closed tiles and 1 meld make 16 tiles"),
        id="hand-size-melds",
    ),
    case(
        Hand.parse,
        ("123m456p789s1122z55s",),
        TileCountError,
        E("15 closed tiles and no melds make 15 tiles"),
        id="hand-15",
    ),
    case(
        Hand.parse,
        ("123m456p789s11z kita:4z",),
        TileCountError,
        E("11 closed tiles and no melds make 11 tiles"),
        id="hand-kita-not-a-set",
    ),
    case(
        Hand.parse,
        ("123m456p789s1z 3x",),
        TileParseError,
        E("unknown suit letter 'x' at position 16 in '123m456p789s1z 3x'"),
        id="hand-bad-letter",
    ),
    case(Hand.parse, ("123m456p789s1z chi:3*46p",), MeldError, E("meld 'chi:3*46p'"), id="hand-bad-meld"),
    case(
        Hand.from_ids,
        ((0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48), [Meld(MeldType.PON, (0, 1, 2))]),
        TileCountError,
        E("tile id 0 (1m) is used twice: in meld 0 (pon:111m)"),
        id="hand-id-in-closed-and-meld",
    ),
    case(
        Hand.from_ids,
        ((0, 0),),
        TileCountError,
        E("tile id 0 (1m) appears twice, at positions 0 and 1"),
        id="hand-duplicate-closed",
    ),
    case(Hand.from_ids, ((0, 140),), ArrayError, E("tile id 140 at position 1 is out of range"), id="hand-id-range"),
    case(
        Hand.from_counts,
        (bytes([4] + [1] * 9 + [0] * 24), [(MeldType.PON, 0)]),
        TileCountError,
        E("a fifth copy of 1m: closed 1m (count 4)"),
        id="hand-counts-fifth",
    ),
    case(
        Hand.from_counts,
        ([1] * 34,),
        TileCountError,
        E("34 closed tiles and no melds make 34 tiles"),
        id="hand-counts-size",
    ),
    case(Hand, ("123m",), ArrayError, E("Hand(closed=...) takes 136-ids; use Hand.parse"), id="hand-ctor-string"),
    case(
        as_hand,
        (np.zeros(34, dtype=np.float64),),
        ArrayError,
        E("counts must be an integer array, got dtype float64"),
        id="as-hand-bad-array",
    ),
    case(
        as_hand, ([0, 1, 2, 3, 4],), TileCountError, E("5 closed tiles and no melds make 5 tiles"), id="as-hand-short"
    ),
    # not a hand at all (was a bare TypeError: "'NoneType' object is not iterable")
    case(as_hand, (None,), ArrayError, E("a hand is a one-line string, a Hand, 136-ids or 34 counts, got None"),
         id="as-hand-none"),
    case(as_hand, (1.5,), ArrayError, E("a hand is a one-line string, a Hand, 136-ids or 34 counts, got 1.5"),
         id="as-hand-number"),
    case(Hand.from_ids, (7,), ArrayError, E("closed tiles must be 136-ids, got 7"), id="hand-ids-not-a-sequence"),
    case(score, (None,), ArrayError, E("a hand is a one-line string, a Hand, 136-ids or 34 counts, got None"),
         id="score-none"),
    case(rf.decompose, ("123m456p789s11222z", []), ArrayError, E("tile kind must be an int 0..33, got []"),
         id="decompose-win-tile-list"),
    case(rf.arrays_from_hands, ("123m456p789s11222z",), ArrayError,
         E("hands must be a sequence with one entry per hand, got '123m456p789s11222z'"), id="batch-hands-one-string"),
    case(T.parse_mjai, (None,), TileParseError, E("mjai tiles must be a string or a sequence of names, got None"),
         id="mjai-none"),
    case(rf.settle_chombo, (None, 1), ContextError, E("table must be a TableState, got None"), id="settle-no-table"),
    case(rf.settle_chombo, (rf.TableState(), 1, 5), ContextError,
         E("rules must be a Rules object or a preset name, got 5"), id="settle-rules-number"),
    case(rf.settle_win, (rf.TableState(), None), ContextError,
         E("wins must be a list of Win or (winner, hand value[, discarder, pao]) tuples, got None"),
         id="settle-wins-none"),
    case(rf.settle_win, (rf.TableState(), [(0,)]), ContextError,
         E("a win must be a Win or a (winner, hand value[, discarder, pao]) tuple, got (0,)"), id="settle-win-short"),
    case(rf.settle_exhaustive_draw, (rf.TableState(), 3), ContextError,
         E("tenpai must be a collection of seats, got 3"), id="settle-tenpai-int"),
    case(rf.settle_abortive_draw, (rf.TableState(), []), ContextError, E("unknown abortive draw []"),
         id="settle-abortive-list"),
    # Rules and TableState fields of the wrong type (bare TypeErrors, numpy errors or an int32
    # overflow in Rules.params() before)
    case(rf.Rules, (), ContextError, E("Rules.kiriage=[]: expected True or False"), id="rules-bool-list",
         kiriage=[]),
    case(rf.Rules, (), ContextError, E("Rules.noten_payment=1.5: expected an int"), id="rules-int-float",
         noten_payment=1.5),
    case(rf.Rules, (), ContextError, E("Rules.yakuman_cap=1099511627776: out of range"), id="rules-int-huge",
         yakuman_cap=2**40),
    case(rf.Rules, (), ContextError, E("Rules.abortive_draws=None: expected a collection of names"),
         id="rules-names-none", abortive_draws=None),
    case(rf.Rules, (), ContextError, E("Rules.uma=3: expected points (thousands) by rank"), id="rules-uma-int",
         uma=3),
    case(rf.Rules, (), ContextError, E("Rules.multiple_ron=array([1, 2]): expected one of allowed, head_bump"),
         id="rules-choice-array", multiple_ron=np.array([1, 2])),
    case(rf.TableState, (), ContextError, E("TableState.n_players=array([1, 2]): expected 3 or 4"),
         id="table-players-array", n_players=np.array([1, 2])),
    # a numpy array where one tile or a meld list is expected (numpy's TypeError/ValueError before)
    case(lambda k: rf.PlayerState("123m456p789s1122z").draw(k), (np.array([1, 2]),), TileParseError,
         E("kind must be a tile kind 0..33 or a tile name like '5p', got array([1, 2])"), id="player-draw-array"),
    case(rf.PlayerState, ("123m456p789s1122z", np.int64(3)), MeldError,
         E("melds must be a sequence of melds, got np.int64(3)"), id="player-melds-scalar"),
    # a flag given as an array (numpy's "truth value is ambiguous" ValueError before)
    case(WinContext, (), ContextError, E("WinContext.ippatsu must be a bool, got array([1, 2])"),
         id="context-flag-array", ippatsu=np.array([1, 2])),
]


@pytest.mark.parametrize("func, args, kwargs, exc, pattern", CASES)
def test_bad_input_raises_the_exact_error_naming_the_culprit(func, args, kwargs, exc, pattern):
    with pytest.raises(exc, match=pattern) as info:
        func(*args, **kwargs)
    assert type(info.value) is exc
    assert isinstance(info.value, RiichiError) and isinstance(info.value, ValueError)


def test_every_error_class_is_covered():
    covered = {p.values[3] for p in CASES}
    assert covered == {TileParseError, TileCountError, MeldError, ArrayError, ContextError}


# ---------------------------------------------------------------------------
# fuzz: any input either works or raises a RiichiError, never another exception


_MPSZ_ALPHABET = "0123456789mpszr xM-"
_HAND_ALPHABET = "0123456789mpszr *@:chiponkakitx "


@given(st.text(alphabet=_MPSZ_ALPHABET, max_size=24), st.sampled_from([None, 0, {"5p": 2}, {"3s": 1}]))
def test_fuzz_mpsz(text, red):
    try:
        ids = T.parse_tiles(text, red=red)
    except RiichiError:
        return
    assert len(set(ids)) == len(ids) and all(0 <= t < 136 for t in ids)
    assert T.parse_tiles(T.format_tiles(ids, red=red), red=red) == ids


@given(
    st.lists(
        st.one_of(
            st.text(alphabet="0123456789mpszr", min_size=1, max_size=8),
            st.builds(
                lambda k, body, seat: f"{k}:{body}{seat}",
                st.sampled_from(["chi", "pon", "kan", "ankan", "kakan", "kita", "foo"]),
                st.text(alphabet="0123456789mpszr*", min_size=0, max_size=6),
                st.sampled_from(["", "@1", "@2", "@3", "@4", "@"]),
            ),
        ),
        max_size=6,
    )
)
def test_fuzz_hand_strings(tokens):
    text = " ".join(tokens)
    try:
        hand = Hand.parse(text)
    except RiichiError:
        return
    assert Hand.parse(str(hand)) == Hand.parse(str(Hand.parse(str(hand))))
    assert hand.tile_count in (13, 14)


@given(st.text(alphabet=_HAND_ALPHABET, max_size=30))
def test_fuzz_hand_text(text):
    try:
        Hand.parse(text)
    except RiichiError:
        pass


@given(
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.int8, np.int64, np.float64, np.bool_]),
        shape=st.sampled_from([(34,), (33,), (2, 34), (68,), ()]),
    ),
    st.booleans(),
)
def test_fuzz_as_counts_arrays(arr, stride):
    if stride and arr.ndim == 1 and arr.shape[0] == 68:
        arr = arr[::2]
    try:
        out = T.as_counts(arr)
    except RiichiError:
        return
    assert out.dtype == np.uint8 and out.shape == (34,) and out.flags.c_contiguous and int(out.max()) <= 4


@given(st.lists(st.integers(-5, 140), max_size=16), st.integers(0, 7), st.one_of(st.none(), st.integers(-1, 140)))
def test_fuzz_meld_constructor(tiles, mtype, called):
    try:
        m = Meld(mtype, tuple(tiles), called)
    except RiichiError:
        return
    assert Meld.parse(str(m)).kinds == m.kinds
