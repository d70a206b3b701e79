"""Full scoring: one hand in, han/fu/yaku/points out; and batch scoring per hand.

Run: ``.venv/bin/python -m pytest bench/test_score.py`` (add ``-p no:randomly
--benchmark-columns=min,median,mean`` to taste).  Groups:

- ``score``: one call per hand over the same 200 seeded hands (melds, kans,
  chiitoitsu, kokushi, riichi/tsumo/ippatsu, winds, dora, counters) for the
  public ``riichi_fast.score``, the compiled kernel ``_score.score_kernel``
  (flat arrays in, flat array out), the reference twin, ``mahjong``
  2.1.0 (``HandCalculator.estimate_hand_value``) and riichienv 0.4.11
  (``HandEvaluator.calc``, Rust).  The time of one benchmark call is 200
  hands: divide by 200 for the per-hand time (``extra_info`` records it).
- ``score-batch``: 100,000 hands per call through ``_score.score_batch``
  (flat ctx in, (N, 96) out) and the public ``riichi_fast.scoring.batch.score_batch``
  (columns in, columns out), on 1 and 2 threads.
- ``score-kernel-wins``: the kernel alone (``_score.score_batch``, 1 thread) on
  the 200 closed wins of ``bench/test_inputs.py``'s score-input group, repeated
  to 20,000 rows: the kernel's share of ``score(ids, ...)``.

Every benchmark checks its answers outside the timed call: the compiled
paths against the reference kernel (every output slot), ``mahjong`` against
riichi_fast's ``mahjong_lib`` preset (han, fu, points) and riichienv against
the ``tenhou`` preset (han, fu, points), on the hands both call winning.
"""

from __future__ import annotations

import numpy as np
import pytest
from score_corpus import winning_shapes

from riichi_fast.rules import layout as L
from riichi_fast.rules.config import PRESETS

N_SINGLE = 200
N_BATCH = 100_000
SEED = 20261129
KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
MELD_WORD = {1: "chi", 2: "pon", 3: "kan", 4: "ankan", 5: "kakan"}


# ---------------------------------------------------------------------------
# corpus: shapes from score_corpus + seeded situations


def _held(hands, melds):
    """Copies of each kind in each hand: closed (winning tile included) + melds (a kan counts 4)."""
    held = hands.astype(np.int16)
    rows = np.arange(len(hands))
    for j in range(melds.shape[1]):
        t, k = melds[:, j] >> 8, (melds[:, j] & 0xFF).astype(np.int64)
        for off in range(3):
            chi = t == 1
            np.add.at(held, (rows[chi], k[chi] + off), 1)
        for mtype, n in ((2, 3), (3, 4), (4, 4), (5, 4)):
            sel = t == mtype
            np.add.at(held, (rows[sel], k[sel]), n)
    return held


def _contexts(hands, melds, seed):
    """Seeded flags, winds, dora, counters for each row (consistent situations)."""
    rng = np.random.default_rng(seed)
    n = len(hands)
    closed = (melds >> 8 == 0) | (melds >> 8 == 4)
    closed = closed.all(axis=1)
    tsumo = rng.random(n) < 0.4
    riichi = closed & (rng.random(n) < 0.5)
    ippatsu = riichi & (rng.random(n) < 0.2)
    flags = (tsumo * L.F_TSUMO) | (riichi * L.F_RIICHI) | (ippatsu * L.F_IPPATSU)
    dora = np.full((n, 5), 255, np.uint8)
    n_dora = rng.integers(1, 3, n)
    held = _held(hands, melds)
    for i in range(n):
        for j in range(n_dora[i]):  # an indicator is a physical tile: one the hand leaves free
            k = int(rng.integers(0, 34))
            while held[i, k] >= 4:
                k = int(rng.integers(0, 34))
            held[i, k] += 1
            dora[i, j] = k
    return {
        "flags": flags.astype(np.uint32),
        "seat_wind": rng.integers(0, 4, n).astype(np.uint8),
        "round_wind": rng.integers(0, 2, n).astype(np.uint8),
        "dora": dora,
        "honba": rng.integers(0, 4, n).astype(np.uint16),
        "riichi_sticks": rng.integers(0, 2, n).astype(np.uint16),
    }


def _columns(n, seed):
    hands, melds, win = winning_shapes(n, seed)
    return {"hands": hands, "melds": melds, "win_tile": win, **_contexts(hands, melds, seed + 1)}


def _flat_ctx(cols):
    n = len(cols["hands"])
    ctx = np.zeros((n, L.CTX_SIZE), np.int32)
    ctx[:, L.CTX_FLAGS] = cols["flags"]
    ctx[:, L.CTX_SEAT_WIND] = cols["seat_wind"]
    ctx[:, L.CTX_ROUND_WIND] = cols["round_wind"]
    n_dora = (cols["dora"] != 255).sum(axis=1)
    ctx[:, L.CTX_N_DORA] = n_dora
    ctx[:, L.CTX_DORA : L.CTX_DORA + 5] = np.where(cols["dora"] == 255, 0, cols["dora"])
    ctx[:, L.CTX_HONBA] = cols["honba"]
    ctx[:, L.CTX_RIICHI_STICKS] = cols["riichi_sticks"]
    return ctx


def _kernel_args(cols):
    """Per hand: (closed bytes, meld types bytes, meld kinds bytes, win kind, ctx row)."""
    ctx = _flat_ctx(cols)
    args = []
    for i in range(len(ctx)):
        codes = [int(c) for c in cols["melds"][i]]
        args.append(
            (
                bytes(cols["hands"][i]),
                bytes(c >> 8 for c in codes),
                bytes(c & 0xFF for c in codes),
                int(cols["win_tile"][i]),
                ctx[i].copy(),
            )
        )
    return args


def _ids(cols, i):
    """136-ids of row i: (closed ids, [(meld type, ids)], win id); red ids (4k) last, so rarely used."""
    next_copy = [3] * 34

    def take(k):
        t = 4 * k + next_copy[k]
        next_copy[k] -= 1
        return t

    melds = []
    for code in cols["melds"][i]:
        t, k = int(code) >> 8, int(code) & 0xFF
        if t == 1:
            melds.append((t, [take(k), take(k + 1), take(k + 2)]))
        elif t:
            melds.append((t, [take(k) for _ in range(3 if t == 2 else 4)]))
    win_kind = int(cols["win_tile"][i])
    win = take(win_kind)
    closed = [win]
    for k in range(34):
        for _ in range(int(cols["hands"][i][k]) - (k == win_kind)):
            closed.append(take(k))
    return closed, melds, win


def _hand_text(cols, i):
    closed = "".join(KIND_NAMES[k] * int(cols["hands"][i][k]) for k in range(34))
    parts = [closed]
    for code in cols["melds"][i]:
        t, k = int(code) >> 8, int(code) & 0xFF
        if t == 1:
            parts.append(f"chi:{KIND_NAMES[k][0]}{KIND_NAMES[k + 1][0]}{KIND_NAMES[k + 2]}")
        elif t:
            parts.append(f"{MELD_WORD[t]}:{KIND_NAMES[k][0] * (3 if t == 2 else 4)}{KIND_NAMES[k][1]}")
    return " ".join(parts)


@pytest.fixture(scope="module")
def single():
    cols = _columns(N_SINGLE, SEED)
    return cols, _kernel_args(cols)


def _reference_outputs(args, params):
    from riichi_fast.reference.scoring.score import score_kernel

    outs = []
    for closed, mt, mk, win, ctx in args:
        out = [0] * L.OUT_SIZE
        score_kernel(closed, mt, mk, win, ctx, params, out)
        outs.append(out)
    return outs


@pytest.fixture(scope="module")
def expected_default(single):
    return _reference_outputs(single[1], PRESETS["default"].params())


def _per_hand(benchmark, n):
    """Record the per-hand time (min over rounds) when timing is on."""
    if benchmark.stats is not None:
        benchmark.extra_info["per_hand_us"] = round(benchmark.stats.stats.min / n * 1e6, 4)


def _summary(outs):
    return [(o[L.O_STATUS], o[L.O_HAN], o[L.O_FU], o[L.O_TOTAL]) for o in outs]


def _han13(outs):
    """(status, han with a yakuman counted 13 per multiple, fu, total): the other libraries' han."""
    return [(o[L.O_STATUS], o[L.O_HAN] or 13 * o[L.O_YAKUMAN], o[L.O_FU], o[L.O_TOTAL]) for o in outs]


# ---------------------------------------------------------------------------
# group "score": one hand per call


@pytest.mark.benchmark(group="score")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_score_kernel(benchmark, impl, single, expected_default):
    """The flat kernel: ``score_kernel(closed, meld_types, meld_kinds, win, ctx, params, out)``."""
    if impl == "reference":
        from riichi_fast.reference.scoring.score import score_kernel

        outs = [[0] * L.OUT_SIZE for _ in single[1]]
    else:
        from riichi_fast.scoring._score import score_kernel

        outs = [np.zeros(L.OUT_SIZE, np.int64) for _ in single[1]]
    params = PRESETS["default"].params()
    calls = list(zip(single[1], outs))

    def run():
        for (closed, mt, mk, win, ctx), out in calls:
            score_kernel(closed, mt, mk, win, ctx, params, out)

    benchmark(run)
    _per_hand(benchmark, N_SINGLE)
    assert [list(map(int, o)) for o in outs] == expected_default


@pytest.mark.benchmark(group="score")
@pytest.mark.parametrize("form", ["string", "hand"])
def test_score_public(benchmark, form, single, expected_default):
    """The public ``riichi_fast.score(hand, win_tile, **situation)`` -> HandResult (string or Hand input).

    A ``Hand`` caches its kernel view after its first score, and the same 200
    Hand objects are scored every round: the "hand" row is a reused Hand; the
    "string" row parses every call.
    """
    from riichi_fast.hand import Hand
    from riichi_fast.rules.config import Rules
    from riichi_fast.scoring.front import score

    # the corpus has no red tiles (a fourth five is a plain one): same params as DEFAULT
    rules = Rules(red_fives=0)
    assert np.array_equal(rules.params(), PRESETS["default"].params())
    cols = single[0]
    calls = []
    for i in range(N_SINGLE):
        text = _hand_text(cols, i)
        hand = text if form == "string" else Hand.parse(text, red=rules.red_counts)
        f = int(cols["flags"][i])
        kwargs = {
            "tsumo": bool(f & L.F_TSUMO),
            "riichi": bool(f & L.F_RIICHI),
            "ippatsu": bool(f & L.F_IPPATSU),
            "seat_wind": int(cols["seat_wind"][i]),
            "round_wind": int(cols["round_wind"][i]),
            "dora": tuple(int(d) for d in cols["dora"][i] if d != 255),
            "honba": int(cols["honba"][i]),
            "riichi_sticks": int(cols["riichi_sticks"][i]),
            "rules": rules,
        }
        calls.append((hand, KIND_NAMES[int(cols["win_tile"][i])], kwargs))

    results = benchmark(lambda: [score(h, w, **kw) for h, w, kw in calls])
    _per_hand(benchmark, N_SINGLE)
    got = [(r.status_code, r.han, r.fu, r.payment.total if r.payment else 0) for r in results]
    assert got == _summary(expected_default)


def _mahjong_calls(cols):
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    kinds = {1: Meld.CHI, 2: Meld.PON, 3: Meld.KAN, 4: Meld.KAN, 5: Meld.SHOUMINKAN}
    options = OptionalRules(has_open_tanyao=False, has_aka_dora=False)
    calls = []
    for i in range(len(cols["hands"])):
        closed, melds, win = _ids(cols, i)
        ms = [Meld(kinds[t], ids, opened=t != 4) for t, ids in melds]
        tiles = closed + [t for _, ids in melds for t in ids]
        f = int(cols["flags"][i])
        config = HandConfig(
            is_tsumo=bool(f & L.F_TSUMO),
            is_riichi=bool(f & L.F_RIICHI),
            is_ippatsu=bool(f & L.F_IPPATSU),
            player_wind=27 + int(cols["seat_wind"][i]),
            round_wind=27 + int(cols["round_wind"][i]),
            tsumi_number=int(cols["honba"][i]),
            kyoutaku_number=int(cols["riichi_sticks"][i]),
            options=options,
        )
        dora = [4 * int(d) + 3 for d in cols["dora"][i] if d != 255]
        calls.append((tiles, win, ms, dora, config))
    return calls


@pytest.mark.benchmark(group="score")
def test_score_mahjong(benchmark, single):
    """mahjong 2.1.0 ``HandCalculator.estimate_hand_value`` (pure Python), checked against ``mahjong_lib``."""
    from mahjong.hand_calculating.hand import HandCalculator

    cols = single[0]
    calls = _mahjong_calls(cols)
    results = benchmark(lambda: [HandCalculator.estimate_hand_value(t, w, m, d, c) for t, w, m, d, c in calls])
    _per_hand(benchmark, N_SINGLE)
    ours = _han13(_reference_outputs(single[1], PRESETS["mahjong_lib"].params()))
    both = [(r, o) for r, o in zip(results, ours) if r.error is None and o[0] == L.ST_OK]
    assert len(both) > N_SINGLE // 2
    for r, (_, han, fu, total) in both:
        assert (r.han, r.fu, r.cost["total"]) == (han, fu, total)
    # and they agree on which hands win
    assert [r.error is None for r in results] == [o[0] == L.ST_OK for o in ours]


def _riichienv_calls(cols):
    rv = pytest.importorskip("riichienv._riichienv")
    types = {1: rv.MeldType.Chi, 2: rv.MeldType.Pon, 3: rv.MeldType.Daiminkan, 4: rv.MeldType.Ankan}
    types[5] = getattr(rv.MeldType, "Kakan", None) or rv.MeldType.Shouminkan
    winds = [rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North]
    calls = []
    for i in range(len(cols["hands"])):
        closed, melds, win = _ids(cols, i)
        ms = [rv.Meld(types[t], ids, t != 4) for t, ids in melds]
        f = int(cols["flags"][i])
        cond = rv.Conditions(
            tsumo=bool(f & L.F_TSUMO),
            riichi=bool(f & L.F_RIICHI),
            ippatsu=bool(f & L.F_IPPATSU),
            player_wind=winds[int(cols["seat_wind"][i])],
            round_wind=winds[int(cols["round_wind"][i])],
            honba=int(cols["honba"][i]),
            riichi_sticks=int(cols["riichi_sticks"][i]),
        )
        dora = [4 * int(d) + 3 for d in cols["dora"][i] if d != 255]
        calls.append((rv.HandEvaluator(closed, ms), win, dora, cond))
    return calls


@pytest.mark.benchmark(group="score")
def test_score_riichienv(benchmark, single):
    """riichienv 0.4.11 ``HandEvaluator.calc`` (Rust), evaluator built outside the timed call, vs ``tenhou``."""
    cols = single[0]
    calls = _riichienv_calls(cols)
    results = benchmark(lambda: [ev.calc(w, d, [], c) for ev, w, d, c in calls])
    _per_hand(benchmark, N_SINGLE)
    outs = _reference_outputs(single[1], PRESETS["tenhou"].params())
    # riichienv differs by design on: the fourth copy of a five (its id 4k is a red five), fu of a
    # yakuman (it reports 0) and double yakuman (it counts them; the tenhou preset does not)
    red = [_four_fives(cols, i) for i in range(N_SINGLE)]
    both = [(r, o) for r, o, rd in zip(results, outs, red) if r.is_win and o[L.O_STATUS] == L.ST_OK and not rd]
    assert len(both) > N_SINGLE // 2
    for r, o in both:
        if o[L.O_YAKUMAN] and o[L.O_LIMIT] == L.LIMIT_YAKUMAN:
            assert r.yakuman
        else:
            assert (r.han, r.fu) == (o[L.O_HAN], o[L.O_FU])
    assert [r.is_win for r, rd in zip(results, red) if not rd] == [
        o[L.O_STATUS] == L.ST_OK for o, rd in zip(outs, red) if not rd
    ]


def _four_fives(cols, i):
    """All four copies of a five in the hand (closed + melds): one of them is red in 136-ids."""
    full = cols["hands"][i].astype(int)
    for code in cols["melds"][i]:
        t, k = int(code) >> 8, int(code) & 0xFF
        if t == 1:
            full[k : k + 3] += 1
        elif t:
            full[k] += 3 if t == 2 else 4
    return any(full[k] == 4 for k in (4, 13, 22))


# ---------------------------------------------------------------------------
# group "score-batch": many hands per call


@pytest.fixture(scope="module")
def batch():
    cols = _columns(N_BATCH, SEED + 7)
    return cols, _flat_ctx(cols)


@pytest.fixture(scope="module")
def batch_expected(batch):
    """Reference answers of a 2,000-row sample (the reference is too slow for all rows)."""
    cols, ctx = batch
    rows = np.linspace(0, N_BATCH - 1, 2000).astype(int)
    args = []
    for i in rows:
        codes = [int(c) for c in cols["melds"][i]]
        args.append(
            (
                bytes(cols["hands"][i]),
                bytes(c >> 8 for c in codes),
                bytes(c & 0xFF for c in codes),
                int(cols["win_tile"][i]),
                ctx[i],
            )
        )
    return rows, np.array(_reference_outputs(args, PRESETS["default"].params()), np.int64)


@pytest.mark.benchmark(group="score-batch")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_score_batch_kernel(benchmark, n_threads, batch, batch_expected):
    """``_score.score_batch``: (N, 34) + (N, 24) ctx in, (N, 96) int64 out."""
    from riichi_fast.scoring._score import score_batch

    cols, ctx = batch
    params = PRESETS["default"].params()
    out = np.empty((N_BATCH, L.OUT_SIZE), np.int64)
    benchmark(score_batch, cols["hands"], cols["melds"], cols["win_tile"], ctx, params, n_threads=n_threads, out=out)
    _per_hand(benchmark, N_BATCH)
    rows, want = batch_expected
    assert np.array_equal(out[rows], want)


@pytest.mark.benchmark(group="score-batch")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_score_batch_public(benchmark, n_threads, batch, batch_expected):
    """``riichi_fast.scoring.batch.score_batch``: plain columns in, result columns out (no per-hand object)."""
    from riichi_fast.scoring.batch import BatchResult, score_batch

    cols, _ = batch
    out = BatchResult(N_BATCH)
    benchmark(lambda: score_batch(**cols, n_threads=n_threads, out=out))
    _per_hand(benchmark, N_BATCH)
    rows, want = batch_expected
    assert np.array_equal(out.score_status[rows], want[:, L.O_STATUS])
    assert np.array_equal(out.han[rows], want[:, L.O_HAN])
    assert np.array_equal(out.fu[rows], want[:, L.O_FU])
    assert np.array_equal(out.yaku[rows], want[:, L.O_YAKU_MASK].astype(np.uint64))
    assert np.array_equal(out.total[rows], want[:, L.O_TOTAL])


# ---------------------------------------------------------------------------
# group "score-kernel-wins": the kernel alone on the hands of bench/test_inputs.py's
# score-input group (200 closed wins, a riichi / tsumo / seat / dora situation each,
# the same seeds), repeated to 20,000 rows through _score.score_batch on one thread:
# what the public score(ids, ...) pays in the kernel, without the call itself.

N_WIN_REPEAT = 100


def _closed_wins():
    """(closed (200, 34) uint8, win (200,) uint8, ctx (200, 24) int32) as test_inputs.wins builds them."""
    hands, melds, win = winning_shapes(600, 20261201)
    rng = np.random.default_rng(11)
    closed, wins, ctxs = [], [], []
    for i in range(len(hands)):
        if melds[i].any() or any(hands[i][k] == 4 for k in (4, 13, 22)):
            continue
        free = [k for k in range(34) if hands[i][k] < 4]
        riichi, tsumo = rng.random() < 0.6, rng.random() < 0.4
        seat, dora = int(rng.integers(0, 4)), free[int(rng.integers(0, len(free)))]
        ctx = np.zeros(L.CTX_SIZE, np.int32)
        ctx[L.CTX_FLAGS] = (L.F_RIICHI if riichi else 0) | (L.F_TSUMO if tsumo else 0)
        ctx[L.CTX_SEAT_WIND], ctx[L.CTX_N_DORA], ctx[L.CTX_DORA] = seat, 1, dora
        closed.append(hands[i])
        wins.append(int(win[i]))
        ctxs.append(ctx)
        if len(closed) == N_SINGLE:
            break
    return np.array(closed, np.uint8), np.array(wins, np.uint8), np.array(ctxs, np.int32)


@pytest.mark.benchmark(group="score-kernel-wins")
def test_score_batch_kernel_closed_wins(benchmark):
    """``_score.score_batch`` (1 thread) over the score-input wins: ns per hand in ``extra_info``."""
    from riichi_fast.scoring._score import score_batch
    from riichi_fast.rules.config import Rules

    closed, win, ctx = _closed_wins()
    params = Rules(red_fives=0).params()
    no_melds = np.zeros((len(closed), 4), np.uint16)
    want = np.array(
        _reference_outputs([(bytes(c), bytes(4), bytes(4), int(w), x) for c, w, x in zip(closed, win, ctx)], params),
        np.int64,
    )
    rep = (N_WIN_REPEAT, 1)
    closed_r, ctx_r = np.ascontiguousarray(np.tile(closed, rep)), np.ascontiguousarray(np.tile(ctx, rep))
    win_r, melds_r = np.tile(win, N_WIN_REPEAT), np.tile(no_melds, rep)
    out = np.full((len(closed_r), L.OUT_SIZE), -7, np.int64)  # garbage first: every slot is written
    benchmark(score_batch, closed_r, melds_r, win_r, ctx_r, params, out=out)
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_hand"] = round(benchmark.stats.stats.min / len(closed_r) * 1e9, 1)
    assert np.array_equal(out, np.tile(want, rep))
