"""Hands that do not win are statuses, input errors raise (RULES.md 8, docs/SCORING.md 5.1)."""

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_fast.errors import ContextError, RiichiError, TileCountError, TileParseError
from riichi_fast.rules import layout as L
from riichi_fast.scoring import front as scoring
from riichi_fast.scoring import pipeline
from riichi_fast.rules.config import DEFAULT, PRESETS
from riichi_fast.rules.context import WinContext
from riichi_fast.rules.payment import base_points, payments
from tests.support.strategies import complete_hands, hands


@pytest.fixture(params=["reference", "cython"])
def kernel(request):
    if request.param == "reference":
        return importlib.import_module("riichi_fast.reference.scoring.score")
    return pytest.importorskip("riichi_fast.scoring._score")


CLOSED = "12399m456p123789s"
OPEN = "123m99m456p13s chi:789s"

STATUS_CASES = [
    (OPEN, {"riichi": True}, "open_hand_riichi_not_allowed"),
    (OPEN, {"double_riichi": True}, "open_hand_daburi_not_allowed"),
    (CLOSED, {"ippatsu": True}, "ippatsu_without_riichi_not_allowed"),
    (CLOSED, {"open_riichi": True}, "open_riichi_without_riichi_not_allowed"),
    (CLOSED, {"chankan": True, "tsumo": True}, "chankan_with_tsumo_not_allowed"),
    (CLOSED, {"rinshan": True}, "rinshan_without_tsumo_not_allowed"),
    (CLOSED, {"haitei": True}, "haitei_without_tsumo_not_allowed"),
    (CLOSED, {"houtei": True, "tsumo": True}, "houtei_with_tsumo_not_allowed"),
    (CLOSED, {"haitei": True, "rinshan": True, "tsumo": True}, "haitei_with_rinshan_not_allowed"),
    (CLOSED, {"houtei": True, "chankan": True}, "houtei_with_chankan_not_allowed"),
    (CLOSED, {"tenhou": True, "tsumo": True, "seat_wind": 1}, "tenhou_not_as_dealer_not_allowed"),
    (CLOSED, {"tenhou": True, "seat_wind": 0}, "tenhou_without_tsumo_not_allowed"),
    (OPEN, {"tenhou": True, "tsumo": True, "seat_wind": 0}, "tenhou_with_meld_not_allowed"),
    ("99m456p789s13s ankan:1111m", {"tenhou": True, "tsumo": True, "seat_wind": 0}, "tenhou_with_meld_not_allowed"),
    (CLOSED, {"chiihou": True, "tsumo": True, "seat_wind": 0}, "chiihou_as_dealer_not_allowed"),
    (CLOSED, {"chiihou": True, "seat_wind": 1}, "chiihou_without_tsumo_not_allowed"),
    (OPEN, {"chiihou": True, "tsumo": True, "seat_wind": 1}, "chiihou_with_meld_not_allowed"),
    (CLOSED, {"renhou": True, "seat_wind": 0}, "renhou_as_dealer_not_allowed"),
    (CLOSED, {"renhou": True, "tsumo": True, "seat_wind": 1}, "renhou_with_tsumo_not_allowed"),
    (OPEN, {"renhou": True, "seat_wind": 1}, "renhou_with_meld_not_allowed"),
    ("12399m456p123789s", {}, "no_yaku"),
    ("12399m456p124789s", {"riichi": True}, "hand_not_winning"),
]


@pytest.mark.parametrize("hand, kw, status", STATUS_CASES, ids=[c[2] + f"_{i}" for i, c in enumerate(STATUS_CASES)])
def test_status(sc, hand, kw, status):
    win = "2s" if hand != "12399m456p124789s" else "4s"
    r = sc(hand, win, **kw)
    assert r.status == status
    assert not r.ok
    assert (r.han, r.fu, r.yaku, r.payment, r.cost, r.total) == (0, 0, (), None, 0, 0)
    assert repr(r) == f"HandResult({status})"
    assert r.raw[1:] == (0,) * (L.OUT_SIZE - 1)


def test_status_codes_are_stable():
    assert L.STATUS_NAMES[L.ST_OK] == "ok"
    assert len(set(L.STATUS_NAMES.values())) == len(L.STATUS_NAMES)
    assert sorted(L.STATUS_NAMES) == list(range(len(L.STATUS_NAMES)))


def test_two_han_minimum(sc):
    rules = DEFAULT.replace(two_han_minimum_from_counters=5)
    hand = ("123456m234p55678s", "8s")  # pinfu: 1 han
    assert sc(*hand, seat_wind=1, honba=4, rules=rules).ok
    assert sc(*hand, seat_wind=1, honba=5, rules=rules).status == "two_han_minimum"
    assert sc(*hand, seat_wind=1, honba=5, dora="1m4m", rules=rules).status == "two_han_minimum"  # dora never count
    assert sc(*hand, seat_wind=1, honba=5, riichi=True, rules=rules).han == 2
    assert sc("119m19p19s1234567z", "9m", honba=5, rules=rules).ok  # yakuman


def test_win_tile_not_in_hand_is_an_error(sc):
    with pytest.raises(TileCountError, match="not among the closed tiles"):
        sc("12399m456p123789s", "5z")


@pytest.mark.parametrize(
    "args, kw, error",
    [
        (("12399m456p123789s",), {}, ContextError),  # 14 tiles need win_tile
        (("12399m456p13789s",), {}, ContextError),  # 13 tiles need win_tile
        (("12399m456p123789s", 34), {}, TileParseError),
        (("12399m456p123789s", "2x"), {}, TileParseError),
        (("12399m456p123789s", "2s"), {"seat_wind": 4}, ContextError),
        (("12399m456p123789s", "2s"), {"dora": "1m2m3m4m5m6m"}, ContextError),
        (("12399m456p123789s", "2s"), {"honba": -1}, ContextError),
        (("12399m456p123789s", "2s"), {"rules": "nope"}, ContextError),
        (("12399m456p123789s", "2s"), {"context": WinContext(), "riichi": True}, ContextError),
        (("12399m456p123789s1z", "2s"), {}, TileCountError),
        (("9999m456p123789s", "9m"), {}, TileCountError),
        (("12399m456p123789s 777z", "2s"), {}, TileCountError),
    ],
)
def test_input_errors(sc, args, kw, error):
    with pytest.raises(error):
        sc(*args, **kw)
    assert issubclass(error, RiichiError)


def test_context_object(sc):
    ctx = WinContext(riichi=True, seat_wind="S", dora=[7])
    r = sc("12399m456p123789s", "2s", context=ctx)
    assert (r.han, r.dora, r.cost) == (3, 2, 5200)


def test_thirteen_plus_win_tile_equals_fourteen(sc):
    a = sc("12399m456p13789s", "2s", riichi=True, seat_wind=1)
    b = sc("12399m456p123789s", "2s", riichi=True, seat_wind=1)
    assert a == b and a.ok


def test_result_serialises(sc):
    r = sc("111222333m78999p", "9p", riichi=True, seat_wind=1, honba=1, riichi_sticks=1)
    d = r.to_dict()
    assert d["status"] == "ok" and d["han"] == 6 and d["fu"] == 30 and d["limit"] == "haneman"
    assert d["payment"] == {"ron": 12000, "tsumo_dealer": 0, "tsumo_other": 0, "honba_ron": 300, "honba_tsumo": 0,
                            "sticks": 1000, "hand_points": 12000, "total": 13300}
    assert d["reading"] == str(r.reading)
    assert str(r.reading.reading) == "123m 123m 123m 789p 99p"
    assert (r.reading.win_set, r.reading.wait.name) == (3, "RYANMEN")
    assert r.tenhou_yaku() == [(1, 1), (7, 1), (9, 1), (33, 3)]
    import json

    assert json.loads(r.to_json())["yaku"][3] == {"name": "junchan", "key": "junchan", "han": 3,
                                                     "tenhou_id": 33, "yakuman": 0}
    assert repr(r) == "HandResult(ok: 6 han 30 fu haneman, ron 12000, total 13300; riichi 1, pinfu 1, iipeikou 1, junchan 3)"


# -- the kernel itself ----------------------------------------------------------------


def _arrays(hand="12399m456p123789s", win=19, ctx=None, rules=DEFAULT):
    closed, types, kinds, _win_kind, ctx_arr, params = scoring.encode(hand, "2s", ctx or WinContext(riichi=True), rules)
    return closed, types, kinds, win, ctx_arr, params


def test_kernel_bad_input_status(kernel):
    closed, types, kinds, win, ctx, params = _arrays()
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    assert kernel.score_kernel(closed, types, kinds, win, ctx, params, out) == L.ST_OK
    bad_ctx = ctx.copy()
    bad_ctx[L.CTX_SEAT_WIND] = 7
    assert kernel.score_kernel(closed, types, kinds, win, bad_ctx, params, out) == L.ST_BAD_INPUT
    assert out.tolist() == [L.ST_BAD_INPUT] + [0] * (L.OUT_SIZE - 1)
    bad_ctx = ctx.copy()
    bad_ctx[L.CTX_N_DORA] = 6
    assert kernel.score_kernel(closed, types, kinds, win, bad_ctx, params, out) == L.ST_BAD_INPUT
    bad_closed = closed.copy()
    bad_closed[0] += 1  # 15 tiles
    assert kernel.score_kernel(bad_closed, types, kinds, win, ctx, params, out) == L.ST_BAD_INPUT
    assert kernel.score_kernel(closed, types, kinds, 33, ctx, params, out) == L.ST_WIN_TILE_NOT_IN_HAND


def test_kernel_output_layout(kernel):
    closed, types, kinds, win, ctx, params = _arrays()
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    kernel.score_kernel(closed, types, kinds, win, ctx, params, out)
    o = out.tolist()
    assert o[L.O_HAN] == 1 and o[L.O_FU] == 40 and o[L.O_FU_RAW] == 32
    assert o[L.O_YAKU_MASK] == 1 << L.Y_RIICHI
    assert o[L.O_FORM] == 0 and o[L.O_PAIR] == 8 and o[L.O_N_SETS] == 4
    assert o[L.O_SET_TYPE:L.O_SET_TYPE + 4] == [0, 0, 0, 0]
    assert o[L.O_SET_KIND:L.O_SET_KIND + 4] == [0, 12, 18, 24]
    assert o[L.O_SET_MELD:L.O_SET_MELD + 4] == [-1, -1, -1, -1]
    assert o[L.O_SET_CONCEALED:L.O_SET_CONCEALED + 4] == [1, 1, 1, 1]
    assert (o[L.O_WIN_SET], o[L.O_WAIT], o[L.O_READING]) == (2, 1, 0)
    assert o[L.O_PAY_RON] == 2000  # dealer (seat 0 by default): 1 han 40 fu = 1920 -> 2000
    assert o[L.O_FU_N] == 3
    assert o[L.O_FU_LIST:L.O_FU_LIST + 6] == [L.FU_BASE, 20, L.FU_MENZEN_RON, 10, L.FU_WAIT_KANCHAN, 2]
    assert o[L.O_FU_LIST + 6:] == [0] * (L.OUT_SIZE - L.O_FU_LIST - 6)


# -- properties of the public function on random hands -----------------------------

@settings(max_examples=150, deadline=None)
@given(
    hand=hands(shapes=complete_hands(), red="any"),
    data=st.data(),
    preset=st.sampled_from(sorted(PRESETS)),
)
def test_public_score_invariants(hand, data, preset):
    """Any complete hand scores to a status or a consistent result; never an unexpected exception."""
    import importlib

    original = pipeline._kernel
    pipeline._kernel = lambda: importlib.import_module("riichi_fast.reference.scoring.score")
    try:
        rules = PRESETS[preset].replace(red_fives=hand.red)
        kinds = sorted({t // 4 for t in hand.closed})
        win = data.draw(st.sampled_from(kinds))
        kw = data.draw(st.fixed_dictionaries({
            "tsumo": st.booleans(), "riichi": st.booleans(), "seat_wind": st.integers(0, 3),
            "round_wind": st.integers(0, 3), "honba": st.integers(0, 6), "riichi_sticks": st.integers(0, 3),
            "dora": st.lists(st.integers(0, 33), max_size=5), "ura": st.lists(st.integers(0, 33), max_size=5),
        }))
        try:
            r = scoring.score(hand, win, rules=rules, **kw)
        except TileCountError as exc:  # an indicator would be a fifth copy of its tile
            held = hand.all_counts34().tolist()
            held[win] += hand.tile_count == 13
            shown = kw["dora"] + kw["ura"] if rules.ura_dora else kw["dora"]
            assert rules.reject_impossible and "would be a fifth" in str(exc)
            assert any(held[k] + shown.count(k) > 4 for k in shown)
            return
    finally:
        pipeline._kernel = original
    if not r.ok:
        assert r.status in L.STATUS_NAMES.values() and r.cost == 0
        return
    assert r.yaku and r.cost > 0 and r.total == r.cost + r.payment.honba_ron + r.payment.sticks + (
        r.payment.honba_tsumo * (rules.n_players - 1))
    p = payments(r.base_points, dealer=kw["seat_wind"] == 0, tsumo=kw["tsumo"], honba=kw["honba"],
                 sticks=kw["riichi_sticks"], honba_ron=rules.honba_value,
                 honba_tsumo=rules.honba_value // (rules.n_players - 1), n_players=rules.n_players)
    assert r.payment == p
    if r.limit in ("", "mangan", "kiriage mangan", "haneman", "baiman", "sanbaiman") and r.han < 13:
        assert r.han >= 1 and r.fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130)
        kazoe = {"yakuman": 0, "sanbaiman": 1, "multiple": 2, "yonbaiman": 3}[rules.kazoe]
        if not (r.yaku[0].name == "renhou" and len(r.yaku) == 1):
            assert (r.base_points, r.limit) == _limit(base_points(r.han, r.fu, kiriage=rules.kiriage, kazoe=kazoe))
    if r.is_yakuman:
        assert r.han == 0 and r.yakuman >= 1 and r.base_points == 8000 * r.yakuman and r.dora == 0
    assert sum(f for _, f in r.fu_details) == r.raw[L.O_FU_RAW]


def _limit(pair):
    base, code = pair
    return base, L.LIMIT_NAMES[code]


def test_result_is_immutable_hashable_picklable(sc):
    import pickle

    r = sc("1133m5577p99s2255z", "2z", seat_wind=1)
    with pytest.raises(AttributeError):
        r.han = 3
    again = pickle.loads(pickle.dumps(r))
    assert again == r and hash(again) == hash(r) and again.yaku == r.yaku
    assert again.reading.reading.pairs == (0, 2, 13, 15, 26, 28, 31)
    assert {r: 1}[again] == 1
    assert r != sc("1133m5577p99s2255z", "2z", seat_wind=1, tsumo=True)


@pytest.mark.parametrize(
    "name, bad",
    [
        ("closed34", b"\x00" * 33),
        ("closed34", np.zeros(34, np.int32)),
        ("meld_types", b"\x00" * 17),
        ("ctx", np.zeros(L.CTX_SIZE, np.int64)),
        ("ctx", np.zeros(L.CTX_SIZE * 2, np.int32)[::2]),
        ("params", np.zeros(10, np.int32)),
        ("out", np.zeros(L.OUT_SIZE, np.int32)),
        ("out", np.zeros(L.OUT_SIZE, np.int64)[:0]),
    ],
)
def test_kernel_rejects_bad_arrays(kernel, name, bad):
    from riichi_fast.errors import ArrayError

    closed, types, kinds, win, ctx, params = _arrays()
    args = {"closed34": closed, "meld_types": types, "meld_kinds": kinds, "win_kind": win, "ctx": ctx,
            "params": params, "out": np.zeros(L.OUT_SIZE, np.int64)}
    args[name] = bad
    with pytest.raises(ArrayError, match=name):
        kernel.score_kernel(**args)


@settings(max_examples=300, deadline=None)
@given(
    closed=st.lists(st.integers(0, 6), min_size=34, max_size=34),
    types=st.lists(st.integers(0, 7), min_size=4, max_size=4),
    kinds=st.lists(st.integers(0, 40), min_size=4, max_size=4),
    win=st.integers(0, 40),
    ctx=st.lists(st.integers(-2, 5000), min_size=L.CTX_SIZE, max_size=L.CTX_SIZE),
)
def test_kernel_never_raises_on_garbage(closed, types, kinds, win, ctx):
    """Any values in well-formed arrays give a status, identically in both twins; never an exception."""
    import riichi_fast.reference.scoring.score as reference

    impls = [reference]
    try:
        impls.append(importlib.import_module("riichi_fast.scoring._score"))
    except ImportError:  # pragma: no cover - compiled module not built
        pass
    outs = []
    for impl in impls:
        out = np.zeros(L.OUT_SIZE, np.int64)
        status = impl.score_kernel(np.array(closed, np.uint8), np.array(types, np.uint8), np.array(kinds, np.uint8),
                                   win, np.array(ctx, np.int32), DEFAULT.params(), out)
        assert status in L.STATUS_NAMES and out[L.O_STATUS] == status
        outs.append(out.tolist())
    assert all(o == outs[0] for o in outs)


@settings(max_examples=300, deadline=None)
@given(
    shape=complete_hands(),
    win_pick=st.integers(0, 13),
    ctx=st.lists(st.integers(-1, 6), min_size=L.CTX_SIZE, max_size=L.CTX_SIZE),
    flags=st.integers(0, (1 << 14) - 1),
    preset=st.sampled_from(sorted(PRESETS)),
)
def test_kernel_twins_agree_on_any_context(shape, win_pick, ctx, flags, preset):
    """Complete hands with arbitrary (often invalid) contexts: a status, the same in both twins."""
    import riichi_fast.reference.scoring.score as reference

    counts, melds = shape
    closed = [k for k in range(34) for _ in range(int(counts[k]))]
    win = closed[win_pick % len(closed)]
    ctx[L.CTX_FLAGS] = flags
    types = np.zeros(4, np.uint8)
    kinds = np.zeros(4, np.uint8)
    for i, (t, k) in enumerate(melds):
        types[i], kinds[i] = int(t), k
    impls = [reference]
    try:
        impls.append(importlib.import_module("riichi_fast.scoring._score"))
    except ImportError:  # pragma: no cover - compiled module not built
        pass
    outs = []
    for impl in impls:
        out = np.zeros(L.OUT_SIZE, np.int64)
        status = impl.score_kernel(np.ascontiguousarray(counts, np.uint8), types, kinds, win,
                                   np.array(ctx, np.int32), PRESETS[preset].params(), out)
        assert status in L.STATUS_NAMES
        outs.append(out.tolist())
    assert all(o == outs[0] for o in outs)
