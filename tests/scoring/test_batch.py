"""Batch scoring: every row equals the single-hand kernel; bad rows get a status, the others are scored.

Two layers: ``_score.score_batch`` (flat ctx/out arrays of docs/SCORING.md,
twin ``reference.score.score_batch``) and the public
:func:`riichi_fast.scoring.batch.score_batch` (plain columns in, result columns out).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_fast.scoring import batch as B
from riichi_fast.enums import RowStatus
from riichi_fast.errors import ArrayError
from riichi_fast.reference.scoring import columns as ref_columns
from riichi_fast.reference.scoring import score as ref
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import PRESETS, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.front import score
from riichi_fast.tiles import as_counts, red_counts
from tests.support.strategies import complete_hands

cy = pytest.importorskip("riichi_fast.scoring._score")

RULES = [PRESETS["default"], PRESETS["tenhou"], Rules(kiriage=True, two_han_minimum_from_counters=2, renhou="han")]


@st.composite
def rows(draw, max_size=24):
    """Columns of a batch of winning shapes with random contexts (public batch layout)."""
    shapes = draw(st.lists(complete_hands(), min_size=1, max_size=max_size))
    n = len(shapes)
    hands = np.zeros((n, 34), np.uint8)
    melds = np.zeros((n, 4), np.uint16)
    win = np.zeros(n, np.uint8)
    for i, (counts, ms) in enumerate(shapes):
        hands[i] = counts
        for j, (t, k) in enumerate(ms):
            melds[i, j] = (int(t) << 8) | int(k)
        win[i] = draw(st.sampled_from([k for k in range(34) if counts[k]]))
    ints = lambda lo, hi, dtype: np.array(draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n)), dtype)
    flags = np.array(
        draw(st.lists(st.sampled_from([0, 1, 2, 3, 2 | 8, 3 | 8, 1 | 128, 64, 1 | 32]), min_size=n, max_size=n)),
        np.uint32,
    )
    dora = np.full((n, 5), 255, np.uint8)
    ura = np.full((n, 5), 255, np.uint8)
    for i in range(n):
        nd, nu = draw(st.integers(0, 5)), draw(st.integers(0, 3))
        dora[i, :nd] = draw(st.lists(st.integers(0, 33), min_size=nd, max_size=nd))
        ura[i, :nu] = draw(st.lists(st.integers(0, 33), min_size=nu, max_size=nu))
    return {
        "hands": hands,
        "melds": melds,
        "win_tile": win,
        "flags": flags,
        "seat_wind": ints(0, 3, np.uint8),
        "round_wind": ints(0, 1, np.uint8),
        "dora": dora,
        "ura": ura,
        # red tiles the hand can hold (one red five per suit in every rules of RULES): more is a bad row
        "n_red": np.array([draw(st.integers(0, int(room))) for room in B._red_room(hands, melds, red_counts())],
                          np.uint8),
        "n_kita": np.zeros(n, np.uint8),
        "honba": ints(0, 6, np.uint16),
        "riichi_sticks": ints(0, 2, np.uint16),
    }


def _ctx_rows(cols, use_ura=True):
    """The flat (N, 24) context of public batch columns (rows assumed well formed)."""
    n = len(cols["hands"])
    ctx = np.zeros((n, L.CTX_SIZE), np.int32)
    for i in range(n):
        d = [int(x) for x in cols["dora"][i] if x != 255]
        u = [int(x) for x in cols["ura"][i] if x != 255] if use_ura else []
        ctx[i, L.CTX_FLAGS] = cols["flags"][i]
        ctx[i, L.CTX_SEAT_WIND] = cols["seat_wind"][i]
        ctx[i, L.CTX_ROUND_WIND] = cols["round_wind"][i]
        ctx[i, L.CTX_N_DORA] = len(d)
        ctx[i, L.CTX_DORA : L.CTX_DORA + len(d)] = d
        ctx[i, L.CTX_N_URA] = len(u)
        ctx[i, L.CTX_URA : L.CTX_URA + len(u)] = u
        ctx[i, L.CTX_N_RED] = cols["n_red"][i]
        ctx[i, L.CTX_N_KITA] = cols["n_kita"][i]
        ctx[i, L.CTX_HONBA] = cols["honba"][i]
        ctx[i, L.CTX_RIICHI_STICKS] = cols["riichi_sticks"][i]
    return ctx


def _single(closed, codes, win, ctx, params):
    out = np.zeros(L.OUT_SIZE, np.int64)
    types = bytes(int(c) >> 8 for c in codes)
    kinds = bytes(int(c) & 0xFF if int(c) >> 8 else 0 for c in codes)
    cy.score_kernel(bytes(closed), types, kinds, int(win), ctx, params, out)
    return out


# ---------------------------------------------------------------------------
# the flat kernel batch


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cols=rows(), rules=st.sampled_from(RULES), n_threads=st.sampled_from([1, 2, 3]))
def test_kernel_batch_equals_single_calls(cols, rules, n_threads):
    params = rules.params()
    ctx = _ctx_rows(cols)
    out = cy.score_batch(cols["hands"], cols["melds"], cols["win_tile"], ctx, params, n_threads=n_threads)
    for i in range(len(ctx)):
        assert (
            out[i].tolist() == _single(cols["hands"][i], cols["melds"][i], cols["win_tile"][i], ctx[i], params).tolist()
        )
    twin = ref.score_batch(cols["hands"], cols["melds"], cols["win_tile"], ctx, params)
    assert np.array_equal(out, twin)


def test_kernel_batch_bad_rows_and_hygiene():
    hands = np.array([as_counts("22456m456p456s345s")] * 6, np.uint8)
    melds = np.zeros((6, 4), np.uint16)
    win = np.full(6, 20, np.uint8)
    ctx = np.zeros((6, L.CTX_SIZE), np.int32)
    ctx[:, L.CTX_SEAT_WIND] = 1
    hands[1, 0] = 5  # count above 4 and 19 tiles
    melds[2, 0] = 7 << 8  # unknown meld type
    win[3] = 200  # out of range
    ctx[4, L.CTX_HONBA] = -1
    params = Rules().params()
    out = cy.score_batch(hands, melds, win, ctx, params)
    assert out[:, L.O_STATUS].tolist() == [0, 24, 24, 24, 24, 0]
    assert out[0].tolist() == out[5].tolist() and out[0, L.O_PAY_RON] == 7700
    assert not out[1:5, 1:].any()
    # read-only inputs (e.g. memory-mapped) are accepted, and ``out`` is reused
    for a in (hands, melds, win, ctx):
        a.setflags(write=False)
    again = np.full_like(out, -1)
    assert cy.score_batch(hands, melds, win, ctx, params, out=again, n_threads=2) is again
    assert np.array_equal(again, out)
    # wrong dtype, shape, layout -> ArrayError naming the argument
    bad_cases = [
        ("closed", (hands.astype(np.int64), melds, win, ctx)),
        ("closed", (np.asfortranarray(np.vstack([hands, hands]))[::2], melds, win, ctx)),
        ("melds", (hands, melds.astype(np.int32), win, ctx)),
        ("win_kind", (hands, melds, win[:5], ctx)),
        ("ctx", (hands, melds, win, ctx[:, :20].copy())),
    ]
    for name, args in bad_cases:
        with pytest.raises(ArrayError, match=name):
            cy.score_batch(*args, params)
    with pytest.raises(ArrayError, match="out"):
        cy.score_batch(hands, melds, win, ctx, params, out=np.zeros((6, 95), np.int64))
    with pytest.raises(ArrayError, match="params"):
        cy.score_batch(hands, melds, win, ctx, params[:100].copy())
    empty = cy.score_batch(hands[:0], melds[:0], win[:0], ctx[:0], params)
    assert empty.shape == (0, L.OUT_SIZE)


# ---------------------------------------------------------------------------
# the public column batch


def _check_against_kernel(cols, res, rules):
    params = rules.params()
    ctx = _ctx_rows(cols, use_ura=rules.ura_dora)
    for i in range(len(ctx)):
        out = _single(cols["hands"][i], cols["melds"][i], cols["win_tile"][i], ctx[i], params)
        assert res.status[i] == RowStatus.OK
        assert res.score_status[i] == out[L.O_STATUS]
        for name, slot in ref_columns._FLAT.items():
            value = int(out[slot]) if out[L.O_STATUS] == L.ST_OK or name not in ("form", "wait") else -1
            if name == "yaku":
                value &= 2**64 - 1
            assert int(res[name][i]) == value, (i, name)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cols=rows(), rules=st.sampled_from(RULES), n_threads=st.sampled_from([1, 2]))
def test_public_batch_equals_single_calls(cols, rules, n_threads):
    res = B.score_batch(**cols, rules=rules, n_threads=n_threads)
    assert len(res) == len(cols["hands"])
    _check_against_kernel(cols, res, rules)


def test_public_batch_pure_python_path_agrees():
    """The RIICHI_FAST_PUREPYTHON path (one reference call per row) fills the same columns."""
    cols = _bad_rows()
    fast = B.score_batch(**cols)
    slow = B.BatchResult(len(cols["hands"]))
    full = {k: B._column(k, cols.get(k), len(cols["hands"])) for k in B._INPUTS}
    ref_columns.score_columns(full, Rules().params(), True, True, slow.as_dict(), 0, len(cols["hands"]), 0)
    for name in B.COLUMNS:
        assert np.array_equal(fast[name], slow[name]), name


def _bad_rows():
    good = as_counts("22456m456p456s345s")
    n = 10
    hands = np.array([good] * n, np.uint8)
    melds = np.zeros((n, 4), np.uint16)
    win = np.full(n, 20, np.uint8)
    flags = np.zeros(n, np.uint32)
    seat = np.ones(n, np.uint8)
    dora = np.full((n, 5), 255, np.uint8)
    hands[1, 20] = 0  # 13 tiles
    hands[2, 3:6] = 0  # 22m456p456s345s + pon of 2m: five 2m
    melds[2, 0] = (2 << 8) | 1
    melds[3, 0] = (1 << 8) | 8  # chi starting at 9m
    win[4] = 33  # not in the hand
    dora[5, 0] = 34
    dora[6, 1] = 3  # an indicator after a gap
    flags[7] = 1 << 20
    seat[8] = 4
    win[9] = 250
    return {"hands": hands, "melds": melds, "win_tile": win, "flags": flags, "seat_wind": seat, "dora": dora}


def test_public_batch_bad_rows():
    cols = _bad_rows()
    res = B.score_batch(**cols)
    assert res.status.tolist() == [
        RowStatus.OK,
        RowStatus.BAD_TILE_COUNT,
        RowStatus.COUNT_ABOVE_FOUR,
        RowStatus.BAD_MELD,
        RowStatus.BAD_WIN_TILE,
        RowStatus.BAD_INDICATOR,
        RowStatus.BAD_INDICATOR,
        RowStatus.BAD_CONTEXT,
        RowStatus.BAD_CONTEXT,
        RowStatus.BAD_WIN_TILE,
    ]
    assert res.score_status.tolist() == [0, 24, 24, 24, L.ST_WIN_TILE_NOT_IN_HAND, 24, 24, 24, 24, 24]
    assert res.total.tolist() == [7700] + [0] * 9
    assert res.form.tolist() == [0] + [-1] * 9
    assert res.ok().tolist() == [True] + [False] * 9


def test_public_batch_input_handling():
    cols = _bad_rows()
    n = len(cols["hands"])
    base = B.score_batch(**cols)
    # read-only and non-contiguous inputs give the same answers
    ro = {k: v.copy() for k, v in cols.items()}
    for v in ro.values():
        v.setflags(write=False)
    wide = np.zeros((n, 68), np.uint8)
    wide[:, ::2] = cols["hands"]
    for res in (B.score_batch(**ro), B.score_batch(**{**cols, "hands": wide[:, ::2]})):
        for name in B.COLUMNS:
            assert np.array_equal(res[name], base[name]), name
    # lists and scalars broadcast; None = defaults
    res = B.score_batch(**{k: (v if k == "hands" else v.tolist()) for k, v in cols.items()})
    assert np.array_equal(res.total, base.total) and np.array_equal(res.status, base.status)
    res = B.score_batch(cols["hands"][:1], None, cols["win_tile"][:1].tolist(), 0, 1, n_red=None)
    assert res.total.tolist() == [7700]
    # errors name the column
    with pytest.raises(ArrayError, match="win_tile"):
        B.score_batch(cols["hands"])
    with pytest.raises(ArrayError, match="flags"):
        B.score_batch(cols["hands"], win_tile=cols["win_tile"], flags=np.zeros(n, np.float64))
    with pytest.raises(ArrayError, match="seat_wind"):
        B.score_batch(cols["hands"], win_tile=cols["win_tile"], seat_wind=np.zeros(n + 1, np.uint8))
    with pytest.raises(ArrayError, match="honba"):
        B.score_batch(cols["hands"], win_tile=cols["win_tile"], honba=-1)
    with pytest.raises(ArrayError, match="hands"):
        B.score_batch(cols["hands"][0], win_tile=cols["win_tile"])
    with pytest.raises(ArrayError, match="out"):
        B.score_batch(**cols, out=B.BatchResult(n - 1))
    # out= is filled in place
    out = B.BatchResult(n)
    assert B.score_batch(**cols, out=out) is out and np.array_equal(out.total, base.total)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cols=rows(max_size=30), chunk=st.integers(1, 12))
def test_chunks_equal_one_batch(cols, chunk):
    whole = B.score_batch(**cols, rules="tenhou")
    seen = 0
    for start, part in B.score_batch_chunks(**cols, rules="tenhou", chunk_size=chunk):
        assert start == seen
        for name in B.COLUMNS:
            assert np.array_equal(part[name], whole[name][start : start + len(part)]), name
        seen += len(part)
    assert seen == len(cols["hands"])


def test_chunks_reuse_one_buffer():
    cols = _bad_rows()
    parts = list(B.score_batch_chunks(**cols, chunk_size=4))
    assert [s for s, _ in parts] == [0, 4, 8]
    assert parts[0][1].total is parts[1][1].total  # the same arrays: memory stays flat


def test_arrays_from_hands_match_public_score():
    hands = ["22456m456p456s345s", "123m456p789s11122z", "567m345p67s66s8s chi:234m", "19m19p19s1234567z", "1m"]
    wins = ["3s", "2z", "8s", "1m", "1m"]
    contexts = [
        WinContext(seat_wind=1, dora="1m", riichi=True, ura="9p"),
        WinContext(tsumo=True, seat_wind=1, round_wind=1, honba=3),
        WinContext(seat_wind=2, riichi_sticks=2),
        WinContext(),
        None,
    ]
    arrays = B.arrays_from_hands(hands[:4], wins[:4], contexts[:4], rules="tenhou")
    res = B.score_batch(**arrays, rules="tenhou")
    for i in range(4):
        r = score(hands[i], wins[i], context=contexts[i], rules="tenhou")
        got = (res.han[i], res.fu[i], res.total[i], res.dora[i], res.ura[i], res.yaku[i])
        assert got == (r.han, r.fu, r.payment.total, r.dora, r.ura_dora, r.yaku_mask)
    assert res.total.tolist() == [12000, 1500 + 900, 1000 + 2000, 48000]


@pytest.mark.parametrize("rules", [Rules(kan_dora=False), Rules(ura_dora=False), Rules(kan_dora=False, ura_dora=False)])
def test_batch_applies_dora_rules_like_score(rules):
    hands = ["22456m456p456s345s", "123m456p789s11122z", "345m456p56s789s55z"]
    wins = ["3s", "2z", "7s"]
    contexts = [
        WinContext(seat_wind=1, dora="1m4p", riichi=True, ura="1m3s"),
        WinContext(tsumo=True, riichi=True, seat_wind=1, round_wind=1, dora="4z1z", ura="1z4z"),
        WinContext(riichi=True, dora="4m3p", ura="4z4z"),
    ]
    res = B.score_batch(**B.arrays_from_hands(hands, wins, contexts, rules=rules), rules=rules)
    for i in range(3):
        r = score(hands[i], wins[i], context=contexts[i], rules=rules)
        got = (res.han[i], res.dora[i], res.ura[i], res.total[i])
        assert got == (r.han, r.dora, r.ura_dora, r.payment.total)
    slow = B.BatchResult(3)
    cols = B.arrays_from_hands(hands, wins, contexts, rules=rules)
    ref_columns.score_columns(cols, rules.params(), rules.ura_dora, rules.kan_dora, slow.as_dict(), 0, 3, 0)
    assert np.array_equal(slow.han, res.han) and np.array_equal(slow.total, res.total)
