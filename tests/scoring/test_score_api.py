"""The compiled scoring front end (``riichi_fast.scoring._score_api.score``) and its twin, the Python pipeline.

Both must give equal results (same raw output, flags, yaku, reading, repr and
dict) and raise the same errors (type and message) for every input the public
``riichi_fast.score`` accepts or rejects.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import riichi_fast
from tests.support.handgen import HandGen
from riichi_fast import _backend
from riichi_fast.hand import Hand
from riichi_fast.rules.config import DEFAULT, PRESETS, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.front import pipeline_score
from riichi_fast.tiles import KIND_NAMES
from tests.support.strategies import winning_hands

compiled = pytest.importorskip("riichi_fast.scoring._score_api") if not _backend.PUREPYTHON else None
IMPLS = [pipeline_score] + ([compiled.score] if compiled is not None else [])


def _outcome(fn, *args, **kwargs):
    try:
        r = fn(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the error itself is compared
        return ("raises", type(exc), str(exc))
    return ("ok", r)


def _same(a, b):
    """Two outcomes agree: same exception, or results equal in every visible way."""
    if a[0] == "raises" or b[0] == "raises":
        assert a == b
        return
    ra, rb = a[1], b[1]
    assert type(ra) is type(rb) is riichi_fast.HandResult
    assert ra == rb and hash(ra) == hash(rb)
    assert ra.raw == rb.raw and ra.tsumo == rb.tsumo and ra.dealer == rb.dealer
    assert repr(ra) == repr(rb)
    assert ra.to_dict() == rb.to_dict()
    assert ra.yaku == rb.yaku and ra.reading == rb.reading and ra.fu_details == rb.fu_details
    assert ra.payment == rb.payment and ra.tenhou_yaku() == rb.tenhou_yaku()
    again = pickle.loads(pickle.dumps(ra))
    assert again == rb and again.reading == rb.reading


def _both(*args, **kwargs):
    outs = [_outcome(fn, *args, **kwargs) for fn in IMPLS]
    for o in outs[1:]:
        _same(outs[0], o)
    return outs[-1]


def test_public_score_is_the_backend_choice():
    expected = pipeline_score if _backend.PUREPYTHON else compiled.score
    assert riichi_fast.score is expected


def test_reference_twin_is_the_pipeline():
    from riichi_fast.reference.scoring import score_api

    assert score_api.score is pipeline_score


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_hands_agree(seed):
    """Seeded oracle corpus: Hand, 13 + win tile, and string inputs, under the generated rules."""
    gen = HandGen(seed)
    n_ok = 0
    for _ in range(150):
        gh = gen.hand()
        out = _both(gh.hand, gh.win_name, rules=gh.rules, **gh.kwargs)
        n_ok += out[0] == "ok" and out[1].ok
        _both(gh.hand13(), gh.win_name, rules=gh.rules, **gh.kwargs)
        _both(str(gh.hand), gh.win_name, rules=gh.rules, **gh.kwargs)
    assert n_ok > 75


def test_doc_example_values():
    r = riichi_fast.score("234m406p789s11z pon:777z@2", "4p", dora="3p")
    assert (r.han, r.fu, r.cost, r.dora, r.aka_dora, r.status) == (3, 30, 5800, 1, 1, "ok")
    assert [y.name for y in r.yaku] == ["chun"]
    assert r.raw[1:3] == (3, 30) and len(r.raw) == 96


def test_not_winning_result():
    r = riichi_fast.score("123m456p789s1134z", "1z")
    assert (r.ok, r.status, r.raw[1:], r.yaku, r.reading, r.payment) == (
        False, "hand_not_winning", (0,) * 95, (), None, None)
    assert repr(r) == "HandResult(hand_not_winning)"


def test_result_is_immutable():
    r = riichi_fast.score("22456m456p456s345s", "3s")
    with pytest.raises(AttributeError):
        r.raw = ()
    with pytest.raises(AttributeError):
        r.han = 1


HAND = Hand.parse("234m406p789s11z pon:777z@2")
HAND13 = Hand.parse("123m406p789s55s11z")  # + 4p
VALUE_CASES = [
    {},
    {"riichi": True, "dora": "3p"},
    {"riichi": 1, "tsumo": 0},
    {"riichi": np.bool_(True)},
    {"riichi": "yes"},
    {"riichi": 2},
    {"tsumo": True, "haitei": True, "ippatsu": True},
    {"chankan": True, "tsumo": True},
    {"seat_wind": "s", "round_wind": "W"},
    {"seat_wind": np.int8(2)},
    {"seat_wind": 4},
    {"seat_wind": "x"},
    {"seat_wind": True},
    {"round_wind": "EE"},
    {"dora": [11, 12]},
    {"dora": (11, 12, 13, 14, 15, 16)},
    {"dora": "3p1z", "ura": "9s"},
    {"dora": "3q"},
    {"dora": (34,)},
    {"dora": None},
    {"dora": (np.int64(3),)},
    {"dora": "11111m"},
    {"riichi": True, "ura": [12, 12]},
    {"honba": 3, "riichi_sticks": 2},
    {"honba": -1},
    {"honba": 1001},
    {"honba": True},
    {"riichi_sticks": np.int32(4)},
    {"riichi_sticks": 2.0},
    {"context": WinContext(riichi=True, dora=(11,))},
    {"context": WinContext(riichi=True), "dora": "3p"},
    {"context": "riichi"},
    {"context": WinContext(tsumo=True, seat_wind="S", round_wind=1, dora="3p1z", ura=(4,), honba=2, riichi_sticks=1,
                           riichi=True, ippatsu=True)},
    {"context": WinContext(riichi=True, ura="3p"), "rules": Rules(ura_dora=False)},
    {"context": WinContext(riichi=True, dora="3p4p", ura="3p4p"), "rules": Rules(kan_dora=False)},
    {"context": WinContext(riichi=True), "tsumo": False, "seat_wind": 0, "dora": (), "honba": 0},
    {"context": WinContext(riichi=True), "tsumo": 0, "dora": []},
    {"context": WinContext(riichi=True), "seat_wind": "E"},
    {"context": WinContext(riichi=True), "ura": ""},
    {"rules": "tenhou"},
    {"rules": "nope"},
    {"rules": None},
    {"rules": Rules(red_fives=0)},
    {"rules": Rules(ura_dora=False), "riichi": True, "ura": "3p"},
    {"rules": Rules(kan_dora=False), "riichi": True, "dora": "3p", "ura": "3p4p"},
    {"rules": Rules(kan_dora=False), "riichi": True, "dora": "3p1z", "ura": "3p"},
    {"rules": Rules(red_fives={"5p": 2, "3s": 1})},
]


@pytest.mark.parametrize("kwargs", VALUE_CASES, ids=[str(i) for i in range(len(VALUE_CASES))])
@pytest.mark.parametrize("win", ["4p", "0p", "4q", "44p", 12, 34, -1, True, None, np.int64(12), " 4p"])
def test_keyword_values_agree(kwargs, win):
    _both(HAND, win, **kwargs)
    _both(HAND13, win, **kwargs)


@pytest.mark.parametrize("hand", [
    "234m406p789s11z pon:777z@2", "123m456p789s1122z", "123m456p789s112z", "1111m",
    list(range(0, 52, 4)), bytes(34), np.zeros(34, np.uint8), 42, None,
    Hand.parse("123m456p789s1144z", red=0), Hand.from_ids(range(0, 52, 4), red=0), Hand.parse("123m406p789s1144z", red={"5p": 2}),
    Hand.parse("123m456p789s2z kita:4z ankan:1111z", red=0),
])
@pytest.mark.parametrize("win", ["1z", "4z", "5p", "0p", 27])
def test_hand_inputs_agree(hand, win):
    for rules in (DEFAULT, PRESETS["tenhou_3p"], Rules(red_fives=0)):
        _both(hand, win, rules=rules)


@given(winning_hands(red="any", kita=True), st.data())
def test_random_hands_agree(hw, data):
    hand, win_id = hw
    rules = data.draw(st.sampled_from([DEFAULT, Rules(red_fives=0), PRESETS["tenhou"], Rules(red_fives=2)]))
    win = data.draw(st.sampled_from([KIND_NAMES[win_id >> 2], win_id >> 2]))
    kwargs = data.draw(st.fixed_dictionaries({}, optional={
        "tsumo": st.booleans(), "riichi": st.booleans(), "ippatsu": st.booleans(),
        "double_riichi": st.booleans(), "rinshan": st.booleans(), "haitei": st.booleans(),
        "seat_wind": st.sampled_from([0, 1, 2, 3, "E", "s"]), "round_wind": st.integers(0, 3),
        "dora": st.lists(st.integers(0, 33), max_size=5).map(tuple),
        "ura": st.lists(st.integers(0, 33), max_size=5).map(tuple),
        "honba": st.integers(0, 5), "riichi_sticks": st.integers(0, 3),
    }))
    _both(hand, win, rules=rules, **kwargs)
    _both(str(hand), win, rules=rules, **kwargs)
    _both(hand.format() if hasattr(hand, "format") else " ".join(str(hand).split()[::-1]), win, rules=rules)


STRINGS = [
    "123m456p789s11z pon:777z@2", "123m456p789s11z 777z@2", "123m456p11z 789s@2 pon:777z",
    "123m456p11z chi:7*89s pon:777z", "123m456p11z 7*89s 777z", "123m456p11z 7*89s@2 777z@3",
    "123m456p11z chi:789s@3 pon:777z@1", "123m406p11z chi:0*46s pon:777z", "123m456p11z kan:7777z@2 pon:111m",
    "123m456p11z ankan:7777z pon:111m", "123m456p11z ankan:7777z@2 pon:111m", "123m456p11z ankan:7*777z",
    "123m456p11z kakan:0*555s@1 777z@2", "123m456p11z kakan:5555s 777z", "123m456p11z daiminkan:5555s 777z",
    "123m456p11z minkan:5555s shouminkan:7777z", "123m456p11z pon:777z@4 111s", "123m456p11z pon:777z@ 111s",
    "123m456p11z pon:777z@2@ 111s", "123m456p11z pon:7777z 111s", "123m456p11z chi:777z 111s",
    "123m456p11z chi:135s 777z", "123m456p11z chi:8*9*1s 777z", "123m456p11z chi:789s 777z pon:111s",
    "123m456p11z pon:7*77z*", "123m456p11z *777z", "123m456p11z pon:7r77s", "123m456p11z chi:3r45s 777z",
    "123m456p11z pon:888z", "123m456p11z pon:000z", "123m456p11z pon:555m 0*55s", "1r23m456p789s11222z",
    "12 3m456p789s11222z", "123m456p789s11222z ", "  123m456p789s11222z", "123m456p789s11222z\t",
    "123m456p789s11222", "123m456p789s11222x", "123m456p789s1122z", "123m456p789s1112222z",
    "11112m456p789s11122z", "123m456p789s1112z kita:4z", "0000m456p789s11122z", "5555p456p789s11122z",
    "123m0p0p789s11122z", "pon:111z pon:222z pon:333z 44z pon:555z", "123m456p789s11z p@on:777z",
    "123m456p789s11z pon:7:77z", "123m456p789s11z pon::777z", "123m456p789s11z :777z", "123m456p789s11z pon:",
    "123m456p789s11z pon:777", "123m456p789s11z pon:777zz", "123ｍ456p789s11122z", "123m456p789s　11122z",
    "123m456p789s11z 1234567891*2p", "",
]


@pytest.mark.parametrize("text", STRINGS)
@pytest.mark.parametrize("rules", [DEFAULT, Rules(red_fives=0), Rules(red_fives={"5p": 2, "3s": 1})],
                         ids=["default", "nored", "house"])
def test_strings_agree(text, rules):
    for win in ("1z", "4z", "5s", "0s", "7z"):
        _both(text, win, rules=rules, riichi=True)


def test_threads_switching_rules():
    """Calls on several threads with different rules (red fives, ura, kan dora) each get their own rules."""
    import sys
    import threading

    rulesets = [DEFAULT, Rules(red_fives=0), Rules(kan_dora=False, ura_dora=False), PRESETS["tenhou"]]
    cases = [("234m456p789s11z pon:777z@2", "4p"), ("123m406p789s1144z", "1z"), ("123m456p789s1144z", "4z")]
    kw = {"riichi": True, "dora": "3p1z", "ura": "3p4p"}
    jobs = [(text, win, r) for text, win in cases for r in rulesets]
    expected = [_outcome(pipeline_score, t, w, rules=r, **kw) for t, w, r in jobs]
    hands = [_outcome(Hand.parse, t, red=r.red_counts) for t, _, r in jobs]
    errors = []

    def work(offset):
        for i in range(300):
            j = (i + offset) % len(jobs)
            text, win, rules = jobs[j]
            for hand in (text, hands[j][1] if hands[j][0] == "ok" else text):
                got = _outcome(riichi_fast.score, hand, win, rules=rules, **kw)
                if got != expected[j] and not (got[0] == expected[j][0] == "ok" and got[1] == expected[j][1]):
                    errors.append((j, got, expected[j]))

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []


def test_signature_is_the_pipeline_signature():
    import inspect

    def params(fn):
        return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]

    assert params(riichi_fast.score) == params(pipeline_score)


@given(st.lists(st.integers(0, 135), min_size=12, max_size=15, unique=True) | st.lists(st.integers(-1, 136),
       min_size=13, max_size=14), st.sampled_from(["list", "tuple", "np.int64 list"]), st.integers(0, 33),
       st.sampled_from([DEFAULT, Rules(red_fives=0), Rules(red_fives={"5p": 2, "3s": 1})]))
def test_id_inputs_agree(ids, form, win, rules):
    value = {"list": list, "tuple": tuple, "np.int64 list": lambda x: [np.int64(t) for t in x]}[form](ids)
    _both(value, win, rules=rules, tsumo=True)
    _both(value, KIND_NAMES[win], rules=rules)


@given(st.lists(st.integers(0, 5), min_size=33, max_size=35), st.sampled_from(["bytes", "np", "np16", "bytearray"]),
       st.integers(0, 33), st.sampled_from([DEFAULT, Rules(red_fives=0), Rules(red_fives=3)]))
def test_count_inputs_agree(counts, form, win, rules):
    value = {"bytes": bytes, "np": lambda c: np.array(c, np.uint8), "np16": lambda c: np.array(c, np.int16),
             "bytearray": bytearray}[form](counts)
    _both(value, win, rules=rules, riichi=True)


@pytest.mark.parametrize("hand", [
    bytes([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25), np.array([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25, np.uint8),
    np.array([0, 0, 0, 0, 4, 0, 0, 0, 0] * 3 + [2, 0, 0, 0, 0, 0, 0], np.uint8)[: 34],
    np.array([1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
             np.uint8),
])
def test_count_hands_score(hand):
    for rules in (DEFAULT, Rules(red_fives=0), Rules(red_fives=2)):
        for win in ("1m", "5m", "4p", 0):
            _both(hand, win, rules=rules, tsumo=True)


def test_every_call_shape_reads_the_same():
    """The compiled entry reads positional and keyword arguments by identity of the interned names; every
    other shape (keywords built at run time, the hand by keyword, a context=) gives the same results."""
    built = "".join(["ri", "ichi"])  # noqa: FLY002 - equal to "riichi", not the interned object
    hand, win = "22456m456p456s345s", "3s"
    want = _both(hand, win, riichi=True, dora="1m", seat_wind=1)
    for got in (
        riichi_fast.score(hand, win, riichi=True, dora="1m", seat_wind=1),
        riichi_fast.score(hand, win, seat_wind=1, dora="1m", riichi=True),
        riichi_fast.score(hand, win, **{built: True, "dora": "1m", "seat_wind": 1}),
        riichi_fast.score(hand=hand, win_tile=win, riichi=True, dora="1m", seat_wind=1),
        riichi_fast.score(hand, win_tile=win, riichi=True, dora="1m", seat_wind=1),
        riichi_fast.score(hand, win, context=WinContext(riichi=True, dora="1m", seat_wind=1)),
        riichi_fast.score(hand, win, riichi=True, dora="1m", seat_wind=1, rules=DEFAULT, context=None),
    ):
        _same(want, ("ok", got))
    assert riichi_fast.score(hand, win) == pipeline_score(hand, win)


@pytest.mark.parametrize("call", [
    lambda f: f(),
    lambda f: f("22456m456p456s345s", "3s", 1),
    lambda f: f("22456m456p456s345s", "3s", riichi=True, richi=True),
    lambda f: f("22456m456p456s345s", "3s", **{"".join(["rii", "chi"]): True, "rules": "nope"}),  # noqa: FLY002
    lambda f: f("22456m456p456s345s", hand="22456m456p456s345s"),
])
def test_bad_call_shapes_raise_on_both_paths(call):
    errors = [_outcome(call, fn) for fn in IMPLS]
    assert all(e[0] == "raises" for e in errors)
    assert len({e[1] for e in errors}) == 1


_IDS14 = [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124, 125]    # 123m 123p 123s 111z 55z


@pytest.mark.parametrize("ids", [
    _IDS14, tuple(_IDS14), _IDS14[:13], _IDS14[:-1] + [0], _IDS14[:-1] + [True], _IDS14[:-1] + [136],
    _IDS14[:-1] + [-1], _IDS14[:-1] + [2**40], _IDS14[:-1] + [-2**40], _IDS14 + [128], _IDS14[:12],
    [16, 17, 18, 19] + _IDS14[4:], [16, 17, 18, 20] + _IDS14[4:], [1, 1] + _IDS14[2:], (125,) + tuple(_IDS14[1:]),
])
@pytest.mark.parametrize("rules", [DEFAULT, Rules(red_fives=0), Rules(red_fives={"5m": 2})])
def test_id_sequences_with_odd_items_agree(ids, rules):
    # read in one pass by the front end (duplicates, bools, big and negative ints: as_hand decides)
    _both(ids, "5z", rules=rules, tsumo=True)
    _both(ids, 33, rules=rules)


@pytest.mark.parametrize("dora", [(0,), (33,), (34,), (-1,), (True,), (2**40,), (-2**40,), (0, 1, 2, 3, 4), (0,) * 6,
                                  (1.0,), ("1m",), ()])
@pytest.mark.parametrize("win", [31, 33, 34, -1, 2**40, True])
def test_odd_indicator_and_win_kinds_agree(dora, win):
    _both(_IDS14, win, dora=dora, ura=dora, riichi=True, rules="tenhou")
