"""The compiled scoring kernel (``riichi_fast.scoring._score``) and its reference twin agree.

- named hands give the exact documented output in both implementations;
- hypothesis: random winning hands (melds, kans, red fives, flags, winds,
  indicators, counters, sticks, several rule sets) and random non-winning or
  malformed inputs give bit-identical output arrays.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_fast.reference.scoring import score as ref
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import DEFAULT, PRESETS, Rules
from riichi_fast.tiles import as_counts
from tests.support.strategies import complete_hands, counts34

cy = pytest.importorskip("riichi_fast.scoring._score")

#: rule sets the parity properties draw from: every preset plus variants the presets leave off
RULE_SETS = [
    *PRESETS.values(),
    Rules(kiriage=True, kazoe="multiple", renhou="han", two_han_minimum_from_counters=4),
    Rules(yakuman_stack=False, yakuman_cap=2, renhou="yakuman", double_wind_pair_fu=2, rinshan_tsumo_fu=False),
    Rules(
        open_riichi=True,
        daisharin_all_suits=True,
        daichisei=True,
        sanrenkou=True,
        suurenkou=True,
        open_tanyao=False,
        kazoe="yonbaiman",
    ),
]
PARAMS = [r.params() for r in RULE_SETS]


def _ctx(flags=0, seat=0, rnd=0, dora=(), ura=(), n_red=0, n_kita=0, honba=0, sticks=0):
    ctx = np.zeros(L.CTX_SIZE, np.int32)
    ctx[L.CTX_FLAGS] = flags
    ctx[L.CTX_SEAT_WIND] = seat
    ctx[L.CTX_ROUND_WIND] = rnd
    ctx[L.CTX_N_DORA] = len(dora)
    ctx[L.CTX_DORA : L.CTX_DORA + len(dora)] = dora
    ctx[L.CTX_N_URA] = len(ura)
    ctx[L.CTX_URA : L.CTX_URA + len(ura)] = ura
    ctx[L.CTX_N_RED] = n_red
    ctx[L.CTX_N_KITA] = n_kita
    ctx[L.CTX_HONBA] = honba
    ctx[L.CTX_RIICHI_STICKS] = sticks
    return ctx


def _melds(melds):
    types = bytes([int(t) for t, _ in melds] + [0] * (4 - len(melds)))
    kinds = bytes([int(k) for _, k in melds] + [0] * (4 - len(melds)))
    return types, kinds


def _both(closed, melds, win, ctx, params):
    """(reference output list, compiled output list) of one hand."""
    types, kinds = _melds(melds)
    expected = [0] * L.OUT_SIZE
    ref.score_kernel(bytes(closed), types, kinds, win, ctx, params, expected)
    got = np.full(L.OUT_SIZE, -7, np.int64)  # garbage first: the kernel must overwrite every slot
    assert cy.score_kernel(bytes(closed), types, kinds, win, ctx, params, got) == got[L.O_STATUS]
    return expected, got.tolist()


def _diff(expected, got):
    names = {v: k for k, v in vars(L).items() if k.startswith("O_") and isinstance(v, int)}
    return {names.get(i, i): (e, g) for i, (e, g) in enumerate(zip(expected, got)) if e != g}


# ---------------------------------------------------------------------------
# named hands, exact output, both implementations


def _run(impl, hand, win, melds=(), rules=DEFAULT, **ctx):
    closed = as_counts(hand)
    types, kinds = _melds(melds)
    out = np.zeros(L.OUT_SIZE, np.int64)
    status = impl.score_kernel(bytes(closed), types, kinds, win, _ctx(**ctx), rules.params(), out)
    assert status == out[L.O_STATUS]
    return out


def _yaku(out):
    mask = int(out[L.O_YAKU_MASK])
    return sorted(y for y in range(64) if mask >> y & 1)


def _fu_items(out):
    return [(int(out[L.O_FU_LIST + 2 * i]), int(out[L.O_FU_LIST + 2 * i + 1])) for i in range(int(out[L.O_FU_N]))]


def test_best_reading_junchan_iipeikou(score_impl):
    # RULES.md section 2: three readings; the best is pinfu + iipeikou + junchan (+ riichi), dealer ron
    out = _run(score_impl, "111222333m78999p", 17, flags=L.F_RIICHI)
    assert out[L.O_STATUS] == L.ST_OK
    assert (out[L.O_HAN], out[L.O_FU], out[L.O_PAY_RON], out[L.O_LIMIT]) == (6, 30, 18000, L.LIMIT_HANEMAN)
    assert _yaku(out) == [L.Y_RIICHI, L.Y_PINFU, L.Y_IIPEIKOU, L.Y_JUNCHAN]
    assert out[L.O_WAIT] == 0  # ryanmen
    assert [out[L.O_SET_TYPE + i] for i in range(4)] == [0, 0, 0, 0]
    assert [out[L.O_SET_KIND + i] for i in range(4)] == [0, 0, 0, 15] and out[L.O_PAIR] == 17


def test_pinfu_tsumo_is_20_fu(score_impl):
    out = _run(score_impl, "22456m456p456s345s", 20, flags=L.F_TSUMO, seat=1)
    assert (out[L.O_HAN], out[L.O_FU], out[L.O_FU_RAW]) == (5, 20, 20)
    assert _yaku(out) == [L.Y_MENZEN_TSUMO, L.Y_PINFU, L.Y_TANYAO, L.Y_SANSHOKU_DOUJUN]
    assert _fu_items(out) == [(L.FU_BASE, 20)]
    assert (out[L.O_PAY_TSUMO_DEALER], out[L.O_PAY_TSUMO_OTHER], out[L.O_TOTAL]) == (4000, 2000, 8000)


def test_open_all_sequences_ron_is_30_fu(score_impl):
    out = _run(score_impl, "567m345p67s66s8s", 25, melds=[(1, 1)], seat=2, honba=2, sticks=1)
    assert (out[L.O_HAN], out[L.O_FU], out[L.O_FU_RAW]) == (1, 30, 22)
    assert _yaku(out) == [L.Y_TANYAO]
    assert _fu_items(out) == [(L.FU_BASE, 20), (L.FU_OPEN_PINFU, 2)]
    assert (out[L.O_PAY_RON], out[L.O_HONBA_RON], out[L.O_STICKS], out[L.O_TOTAL]) == (1000, 600, 1000, 2600)
    assert out[L.O_SET_MELD + 3] == 0 and out[L.O_SET_CONCEALED + 3] == 0


def test_ron_completed_triplet_is_open(score_impl):
    ron = _run(score_impl, "111m222p333s45699s", 20, flags=L.F_RIICHI, seat=1)  # ron on 3s: 333s is open
    tsumo = _run(score_impl, "111m222p333s45699s", 20, flags=L.F_RIICHI | L.F_TSUMO, seat=1)
    assert _yaku(ron) == [L.Y_RIICHI]
    assert _yaku(tsumo) == [L.Y_MENZEN_TSUMO, L.Y_RIICHI, L.Y_SANANKOU]
    assert _fu_items(ron) == [
        (L.FU_BASE, 20),
        (L.FU_MENZEN_RON, 10),
        (L.FU_CLOSED_TERMINAL_PON, 8),
        (L.FU_CLOSED_PON, 4),
        (L.FU_OPEN_PON, 2),
    ]
    assert (ron[L.O_FU], ron[L.O_WAIT], ron[L.O_WIN_SET]) == (50, 3, 2)
    assert [ron[L.O_SET_CONCEALED + i] for i in range(4)] == [1, 1, 0, 1]
    assert (tsumo[L.O_FU_RAW], tsumo[L.O_HAN]) == (20 + 8 + 4 + 4 + 2, 4)


def test_kokushi_13_sided_double_or_single(score_impl):
    hand = "19m19p19s1234567z1m"
    default = _run(score_impl, hand, 0, seat=1)
    tenhou = _run(score_impl, hand, 0, seat=1, rules=Rules.preset("tenhou"))
    assert _yaku(default) == [L.Y_KOKUSHI_13] == _yaku(tenhou)
    assert (default[L.O_YAKUMAN], default[L.O_PAY_RON], default[L.O_FU], default[L.O_HAN]) == (2, 64000, 0, 0)
    assert (tenhou[L.O_YAKUMAN], tenhou[L.O_PAY_RON]) == (1, 32000)
    single = _run(score_impl, hand, 27, seat=1)  # won on East: the pair is 1m
    assert _yaku(single) == [L.Y_KOKUSHI] and single[L.O_PAIR] == 0


def test_junsei_chuuren_and_suuankou_tanki(score_impl):
    out = _run(score_impl, "11123456789995m", 4, seat=1)
    assert _yaku(out) == [L.Y_JUNSEI_CHUUREN] and out[L.O_YAKUMAN] == 2
    out = _run(score_impl, "11123456789995m", 0, seat=1)  # won on 1m: not nine-sided
    assert _yaku(out) == [L.Y_CHUUREN] and out[L.O_YAKUMAN] == 1
    out = _run(score_impl, "111m222p333s444z55z", 31, seat=1)
    assert _yaku(out) == [L.Y_SUUANKOU_TANKI] and out[L.O_PAY_RON] == 64000


def test_dora_ura_red_and_kazoe(score_impl):
    # riichi ippatsu tsumo + dora 2m x2 (indicator 1m) + ura 2m x2 + 1 red = kazoe under default rules
    out = _run(
        score_impl,
        "22456m456p456s345s",
        20,
        flags=L.F_TSUMO | L.F_RIICHI | L.F_IPPATSU,
        seat=1,
        dora=[0],
        ura=[0],
        n_red=1,
    )
    assert (out[L.O_DORA], out[L.O_URA], out[L.O_AKA]) == (2, 2, 1)
    assert out[L.O_HAN] == 12 and out[L.O_LIMIT] == L.LIMIT_SANBAIMAN
    out = _run(
        score_impl,
        "22456m456p456s345s",
        20,
        flags=L.F_TSUMO | L.F_RIICHI | L.F_IPPATSU,
        seat=1,
        dora=[0, 0],
        ura=[0],
        n_red=1,
    )
    assert out[L.O_HAN] == 14 and out[L.O_LIMIT] == L.LIMIT_KAZOE_YAKUMAN and out[L.O_YAKUMAN] == 1


@pytest.mark.parametrize(
    "hand, win, melds, ctx, status",
    [
        pytest.param("123m456p789s11122z", 28, (), {"seat": 1, "rnd": 1}, L.ST_NO_YAKU, id="no_yaku"),
        pytest.param("123m456p789s11123z", 28, (), {}, L.ST_NOT_COMPLETE, id="not_complete"),
        pytest.param("123m456p789s11122z", 33, (), {}, L.ST_WIN_TILE_NOT_IN_HAND, id="win_not_in_hand"),
        pytest.param(
            "123m456p789s11122z",
            28,
            (),
            {"flags": L.F_CHANKAN | L.F_TSUMO},
            L.ST_CHANKAN_WITH_TSUMO,
            id="chankan_tsumo",
        ),
        pytest.param("456p789s11122z", 28, [(1, 0)], {"flags": L.F_RIICHI}, L.ST_OPEN_HAND_RIICHI, id="open_riichi"),
        pytest.param("123m456p789s11122z", 34, (), {}, L.ST_BAD_INPUT, id="win_out_of_range"),
        pytest.param("123m456p789s11122z", 28, (), {"seat": 4}, L.ST_BAD_INPUT, id="bad_wind"),
        pytest.param("123m456p789s11122z", 28, (), {"flags": 1 << 20}, L.ST_BAD_INPUT, id="bad_flag"),
        pytest.param("123m456p789s11122z", 28, (), {"dora": [40]}, L.ST_BAD_INPUT, id="bad_indicator"),
        pytest.param("456p789s11122z", 28, [(1, 7)], {}, L.ST_BAD_INPUT, id="chi_8m"),
        pytest.param("456p789s11122z", 28, [(6, 0)], {}, L.ST_BAD_INPUT, id="kita_meld_type"),
        pytest.param("1111m456p789s1122z", 28, [(2, 0)], {}, L.ST_BAD_INPUT, id="seven_1m"),
    ],
)
def test_statuses(score_impl, hand, win, melds, ctx, status):
    out = _run(score_impl, hand, win, melds, **ctx)
    assert out[L.O_STATUS] == status
    assert not out[1:].any()


def test_bad_arrays_raise():
    from riichi_fast.errors import ArrayError

    ok = {
        "closed34": bytes(as_counts("22456m456p456s345s")),
        "meld_types": b"",
        "meld_kinds": b"",
        "win_kind": 20,
        "ctx": _ctx(),
        "params": Rules().params(),
        "out": np.zeros(L.OUT_SIZE, np.int64),
    }
    for name, bad in [
        ("closed34", b"\x00" * 33),
        ("closed34", np.zeros(34, np.int32)),
        ("meld_types", b"\x00" * 17),
        ("ctx", np.zeros(L.CTX_SIZE, np.int64)),
        ("ctx", np.zeros(L.CTX_SIZE * 2, np.int32)[::2]),
        ("params", np.zeros(10, np.int32)),
        ("out", np.zeros(L.OUT_SIZE, np.int32)),
        ("out", np.zeros(L.OUT_SIZE, np.int64)[:0]),
    ]:
        with pytest.raises(ArrayError, match=name):
            cy.score_kernel(**{**ok, name: bad})
    ro = np.zeros(L.OUT_SIZE, np.int64)
    ro.setflags(write=False)
    with pytest.raises(ArrayError, match="out"):
        cy.score_kernel(**{**ok, "out": ro})
    # read-only inputs are fine (Rules.params() is read-only)
    ctx = _ctx(seat=1)
    ctx.setflags(write=False)
    assert cy.score_kernel(**{**ok, "ctx": ctx}) == L.ST_OK


def test_short_meld_arrays_and_lists():
    closed = bytes(as_counts("567m345p67s66s8s"))
    outs = []
    for types, kinds in [(b"\x01", b"\x01"), ([1, 0, 0, 0], [1, 0, 0, 0]), (np.array([1], np.uint8), b"\x01\x00")]:
        out = np.zeros(L.OUT_SIZE, np.int64)
        cy.score_kernel(closed, types, kinds, 25, _ctx(), Rules().params(), out)
        outs.append(out.tolist())
        expected = [0] * L.OUT_SIZE
        ref.score_kernel(closed, list(types), list(kinds), 25, _ctx(), Rules().params(), expected)
        assert out.tolist() == expected
    assert outs[0] == outs[1] == outs[2] and outs[0][L.O_STATUS] == L.ST_OK
    # a meld type without its kind, or a fifth meld: bad input in both
    for types, kinds in [(b"\x01\x02", b"\x01"), (b"\x00\x00\x00\x00\x01", b"")]:
        out = np.zeros(L.OUT_SIZE, np.int64)
        expected = [0] * L.OUT_SIZE
        ref.score_kernel(closed, types, kinds, 25, _ctx(), Rules().params(), expected)
        assert cy.score_kernel(closed, types, kinds, 25, _ctx(), Rules().params(), out) == L.ST_BAD_INPUT
        assert out.tolist() == expected


# ---------------------------------------------------------------------------
# hypothesis parity


@st.composite
def flag_sets(draw, closed_hand: bool):
    """Mostly consistent situations; sometimes any bits (invalid situations are statuses too)."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.integers(0, L.F_ALL))
    tsumo = draw(st.booleans())
    f = L.F_TSUMO if tsumo else 0
    if closed_hand and draw(st.booleans()):
        f |= L.F_DOUBLE_RIICHI if draw(st.integers(0, 9)) == 0 else L.F_RIICHI
        if draw(st.integers(0, 3)) == 0:
            f |= L.F_IPPATSU
        if draw(st.integers(0, 5)) == 0:
            f |= L.F_OPEN_RIICHI
    extra = draw(st.integers(0, 11))
    if extra == 0:
        f |= L.F_RINSHAN if tsumo else L.F_CHANKAN
    elif extra == 1:
        f |= L.F_HAITEI if tsumo else L.F_HOUTEI
    elif extra == 2:
        f |= L.F_TENHOU if tsumo else L.F_RENHOU
    elif extra == 3:
        f |= L.F_CHIIHOU
    elif extra == 4:
        f |= L.F_PAARENCHAN
    return f


@st.composite
def contexts(draw, closed_hand: bool):
    n_dora = draw(st.integers(0, 5))
    n_ura = draw(st.integers(0, 5))
    return _ctx(
        flags=draw(flag_sets(closed_hand)),
        seat=draw(st.integers(0, 3)),
        rnd=draw(st.integers(0, 3)),
        dora=draw(st.lists(st.integers(0, 33), min_size=n_dora, max_size=n_dora)),
        ura=draw(st.lists(st.integers(0, 33), min_size=n_ura, max_size=n_ura)),
        n_red=draw(st.integers(0, 4)),
        n_kita=draw(st.sampled_from([0, 0, 0, 1, 2])),
        honba=draw(st.integers(0, 8)),
        sticks=draw(st.integers(0, 3)),
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=complete_hands(), data=st.data())
def test_parity_winning_hands(shape, data):
    counts, melds = shape
    win = data.draw(st.sampled_from([k for k in range(34) if counts[k]]), label="win")
    closed_hand = all(t == 4 for t, _ in melds)  # ankan only
    ctx = data.draw(contexts(closed_hand), label="ctx")
    params = data.draw(st.sampled_from(PARAMS), label="rules")
    expected, got = _both(counts, melds, win, ctx, params)
    assert got == expected, _diff(expected, got)


@settings(max_examples=150, deadline=None)
@given(counts=counts34(n_tiles=14), win=st.integers(0, 33), data=st.data())
def test_parity_any_14_tiles(counts, win, data):
    ctx = data.draw(contexts(True), label="ctx")
    params = data.draw(st.sampled_from(PARAMS), label="rules")
    expected, got = _both(counts, (), win, ctx, params)
    assert got == expected, _diff(expected, got)


@settings(max_examples=150, deadline=None)
@given(shape=complete_hands(min_melds=1), data=st.data())
def test_parity_malformed(shape, data):
    counts, melds = shape
    counts = counts.copy()
    melds = list(melds)
    win = int(np.flatnonzero(counts)[0])
    ctx = _ctx()
    defect = data.draw(st.integers(0, 6), label="defect")
    if defect == 0:
        counts[data.draw(st.integers(0, 33))] += data.draw(st.integers(1, 3))
    elif defect == 1:
        melds[0] = (data.draw(st.integers(6, 255)), melds[0][1])
    elif defect == 2:
        melds[0] = (melds[0][0], data.draw(st.integers(34, 255)))
    elif defect == 3:
        win = data.draw(st.integers(34, 200))
    elif defect == 4:
        ctx[data.draw(st.sampled_from([L.CTX_N_RED, L.CTX_HONBA, L.CTX_RIICHI_STICKS, L.CTX_N_KITA]))] = -1
    elif defect == 5:
        ctx[L.CTX_N_DORA] = data.draw(st.integers(6, 9))
    else:
        melds.insert(0, (0, 0))
        melds = melds[:4]
    expected, got = _both(counts, melds, win, ctx, PARAMS[0])
    assert got == expected, _diff(expected, got)


def test_tie_break_on_raw_fu(score_impl):
    # SCORING.md change of 16:25Z: equal points, han and rounded fu -> most raw fu (sanankou tanki, 100)
    out = _run(score_impl, "66678999m", 8, melds=[(4, 17), (4, 26)], flags=L.F_RIICHI, seat=1, dora=[7])
    assert (out[L.O_HAN], out[L.O_FU], out[L.O_FU_RAW], out[L.O_HAND_POINTS]) == (6, 100, 100, 12000)
    assert _yaku(out) == [L.Y_RIICHI, L.Y_SANANKOU]
    assert out[L.O_WAIT] == 4  # tanki on 9m
