"""``HandCalculator.estimate_hand_value``: ``mahjong`` 2.1.0 vs ``riichi_fast.compat.mahjong``.

Run: ``.venv/bin/python -m pytest bench/test_compat.py``.  Both sides score the
same 1,000 seeded hands (melds, kans, red fives, every HandConfig flag and
OptionalRules option, see ``riichi_fast.compat.mahjong._random_hands``) with
configs built once, outside the timed call.  The answers are checked outside
the timed call: han, fu, cost and error must agree except on the hands whose
difference ``tests/compat/test_diff.py`` lists (``explain``).  Target: the
compat layer at least 30x faster.

Measured (one run, 2 cores, min round): riichi_fast 1.68 us per hand against
mahjong's 57.5 us, 34.1x (three earlier runs: 33.4x, 32.8x, 33.9x).  Where the
~1.7 us go (perf): the compiled kernel ~0.4 us (decompose, win options,
score), the cyclic GC ~0.2 us (each result holds 3 tracked objects: mahjong's
result shape, which the benchmark keeps alive; a round that includes a
generation-1 collection costs ~0.19 ms more), the ``**kwargs`` call ~0.15 us
(mahjong pays it too), the rest reading mahjong's objects and building its
result, mostly cache misses on per-hand data.
``test_estimate_hand_value_new_config`` builds the melds, OptionalRules and
HandConfig inside the timed call (as mahjong's README does): 7.5 us against
68.1 us (9.1x), about half of ours being the construction of those Python
objects.  ``test_estimate_hand_value_no_config`` (``config=None``): 2.05 us
against 61.6 us (30.0x).  Shanten (1,000 random 13/14-tile hands): 0.19 us against
30.9 us per call (159x); agari with open sets: 0.17 us against 5.2 us (30x);
HandDivider.divide_hand on the corpus's complete hands with melds: 1.23 us
against 22.8 us (18.6x).
Also: shanten and agari.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("mahjong")

import mahjong.hand_calculating.hand_config as m_config
import mahjong.meld as m_meld
from mahjong.hand_calculating.hand import HandCalculator as MCalc
from mahjong.hand_calculating.scores import ScoresCalculator as MScores

import riichi_fast.compat.mahjong.hand_calculating.hand_config as c_config
import riichi_fast.compat.mahjong.meld as c_meld
from riichi_fast.compat.mahjong._random_hands import build_args, random_call
from riichi_fast.compat.mahjong.hand_calculating.hand import HandCalculator as CCalc

N = 1000


class _NS:
    pass


def _mod(meld, config):
    ns = _NS()
    ns.Meld, ns.HandConfig, ns.OptionalRules = meld.Meld, config.HandConfig, config.OptionalRules
    return ns


M = _mod(m_meld, m_config)
C = _mod(c_meld, c_config)


@pytest.fixture(scope="module")
def calls():
    rng = random.Random(20261129)
    out = []
    while len(out) < N:
        call = random_call(rng)
        if not call["aotenjou"]:  # the standard calculator only (Aotenjou is a rare variant)
            out.append(call)
    return out


def _view(r):
    return (r.error, r.han, r.fu, r.cost, r.fu_details,
            None if r.yaku is None else [(y.yaku_id, y.han_open, y.han_closed) for y in r.yaku])


@pytest.fixture(scope="module")
def expected(calls):
    return [_view(MCalc.estimate_hand_value(**build_args(c, M))) for c in calls]


def _check(calls, got, expected):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.compat.test_diff import explain

    keys = ("error", "han", "fu", "cost", "fu_details", "yaku")
    for call, g, e in zip(calls, got, expected):
        if g != e:
            a = dict(zip(keys, e), is_open_hand=None)
            b = dict(zip(keys, g), is_open_hand=None)
            a["yaku"] = None if e[5] is None else [(y[0], "", y[1], y[2]) for y in e[5]]
            b["yaku"] = None if g[5] is None else [(y[0], "", y[1], y[2]) for y in g[5]]
            _, left = explain(call, a, b)
            assert not left, (call, e, g)


@pytest.mark.benchmark(group="compat-estimate_hand_value")
@pytest.mark.parametrize("impl", ["mahjong", "riichi_fast"])
def test_estimate_hand_value(benchmark, impl, calls, expected):
    mod, calc = (M, MCalc) if impl == "mahjong" else (C, CCalc)
    args = [build_args(c, mod) for c in calls]
    estimate = calc.estimate_hand_value
    if impl == "mahjong":
        got = benchmark.pedantic(lambda: [estimate(**a) for a in args], rounds=3, iterations=1)
    else:
        got = benchmark(lambda: [estimate(**a) for a in args])
    _check(calls, [_view(r) for r in got], expected)


@pytest.mark.benchmark(group="compat-estimate_hand_value-new-config")
@pytest.mark.parametrize("impl", ["mahjong", "riichi_fast"])
def test_estimate_hand_value_new_config(benchmark, impl, calls, expected):
    """Each call builds its own melds, HandConfig and OptionalRules (as mahjong's README does)."""
    mod, calc = (M, MCalc) if impl == "mahjong" else (C, CCalc)
    estimate = calc.estimate_hand_value

    def run():
        return [estimate(**build_args(c, mod)) for c in calls]

    got = benchmark.pedantic(run, rounds=3, iterations=1) if impl == "mahjong" else benchmark(run)
    _check(calls, [_view(r) for r in got], expected)


@pytest.mark.benchmark(group="compat-estimate_hand_value-no-config")
@pytest.mark.parametrize("impl", ["mahjong", "riichi_fast"])
def test_estimate_hand_value_no_config(benchmark, impl, calls):
    """The same hands with ``config=None`` (mahjong makes a fresh HandConfig per call)."""
    mod, calc = (M, MCalc) if impl == "mahjong" else (C, CCalc)
    args = []
    for c in calls:
        a = build_args(c, mod)
        del a["config"]
        args.append(a)
    estimate = calc.estimate_hand_value
    run = lambda: [estimate(**a) for a in args]
    got = benchmark.pedantic(run, rounds=3, iterations=1) if impl == "mahjong" else benchmark(run)
    m_args = []
    for c in calls:
        a = build_args(c, M)
        del a["config"]
        m_args.append(a)
    want = [_view(MCalc.estimate_hand_value(**a)) for a in m_args]
    default_config, default_options = m_config.HandConfig(), m_config.OptionalRules()
    plain = [dict(c, config={k: getattr(default_config, k) for k in c["config"]},
                  options={k: getattr(default_options, k) for k in c["options"]}) for c in calls]
    _check(plain, [_view(r) for r in got], want)


@pytest.fixture(scope="module")
def hands34():
    rng = random.Random(7)
    out = []
    for _ in range(N):
        counts = [0] * 34
        pool = [k for k in range(34) for _ in range(4)]
        for k in rng.sample(pool, 14 if rng.random() < 0.5 else 13):
            counts[k] += 1
        out.append(counts)
    return out


@pytest.mark.benchmark(group="compat-shanten")
@pytest.mark.parametrize("impl", ["mahjong", "riichi_fast"])
def test_shanten(benchmark, impl, hands34):
    from mahjong.shanten import Shanten as MS

    from riichi_fast.compat.mahjong.shanten import Shanten as CS

    fn = (MS if impl == "mahjong" else CS).calculate_shanten
    want = [MS.calculate_shanten(h) for h in hands34]
    if impl == "mahjong":
        got = benchmark.pedantic(lambda: [fn(h) for h in hands34], rounds=3, iterations=1)
    else:
        got = benchmark(lambda: [fn(h) for h in hands34])
    assert got == want


@pytest.mark.benchmark(group="compat-agari")
@pytest.mark.parametrize("impl", ["mahjong", "riichi_fast"])
def test_agari(benchmark, impl, calls):
    from mahjong.agari import Agari as MA

    from riichi_fast.compat.mahjong.agari import Agari as CA

    hands = []
    for c in calls:
        counts = [0] * 34
        for t in c["tiles"]:
            counts[t // 4] += 1
        opens = [[t // 4 for t in tiles] for _, tiles, _ in c["melds"]]
        hands.append((counts, opens))
    fn = (MA if impl == "mahjong" else CA).is_agari
    want = [MA.is_agari(h, o) for h, o in hands]
    got = benchmark(lambda: [fn(h, o) for h, o in hands])
    assert got == want


@pytest.mark.benchmark(group="compat-divide_hand")
@pytest.mark.parametrize("impl", ["mahjong", "riichi_fast"])
def test_divide_hand(benchmark, impl, calls):
    """HandDivider.divide_hand on the complete hands of the corpus, with their melds.  mahjong keeps
    the last 128 distinct hands in an lru_cache: each round sees 1,000 distinct ones."""
    from mahjong.hand_calculating.divider import HandDivider as MD

    from riichi_fast.compat.mahjong.hand_calculating.divider import HandDivider as CD

    mod, fn = (M, MD.divide_hand) if impl == "mahjong" else (C, CD.divide_hand)
    hands = []
    for c in calls:
        counts = [0] * 34
        for t in c["tiles"]:
            counts[t // 4] += 1
        hands.append((counts, [mod.Meld(t, tiles, opened) for t, tiles, opened in c["melds"]]))
    want = [MD.divide_hand(h, [M.Meld(t, tiles, o) for t, tiles, o in c["melds"]]) for (h, _), c in zip(hands, calls)]
    run = lambda: [fn(h, m) for h, m in hands]
    got = benchmark.pedantic(run, rounds=3, iterations=1) if impl == "mahjong" else benchmark(run)
    assert got == want


def test_scores_calculator_import():
    """The bench module imports the mahjong calculators it compares (guard for refactors)."""
    assert MScores.calculate_scores(3, 30, m_config.HandConfig())["main"] == 3900
