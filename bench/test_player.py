"""PlayerState (group ``player``): the event loop of a self-play engine, reference vs cython.

A seeded script of 8 deals (shuffled walls, at most 18 turns each; a player
declares riichi as soon as he may and stops at his first tsumo) is replayed:
each turn is 3 events (draw, discard, another player's discard passing by; plus
riichi when declared) and 6 queries (shanten, can_tsumo, riichi_discards,
is_tenpai, can_ron, furiten).  ``extra_info`` holds the ns per turn and per
event.  The second benchmark asks 5 queries of 200 tenpai states whose caches
are warm (the hand did not change), the common case between two events.

``cython-cimport`` replays the same loop through the nogil ``c_*`` methods from a
Cython module that cimports ``riichi_fast.analysis._player`` (built once, about 15 s).

Run: ``.venv/bin/python -m pytest bench/test_player.py --benchmark-only``
"""

import random

import pytest

N_DEALS = 8
N_TURNS = 18


def _impl(name):
    if name == "reference":
        from riichi_fast.reference.analysis.player import PlayerState
    else:
        from riichi_fast.analysis._player import PlayerState
    return PlayerState


def _counts(tiles):
    out = bytearray(34)
    for t in tiles:
        out[t // 4] += 1
    return bytes(out)


@pytest.fixture(scope="module")
def script():
    """[(hand13 counts, [(draw, riichi, discard, passed), ...]), ...], decided with the reference."""
    from riichi_fast.reference.analysis.player import PlayerState

    rng = random.Random(20)
    deals = []
    for _ in range(N_DEALS):
        tiles = list(range(136))
        rng.shuffle(tiles)
        hand, wall, others = _counts(tiles[:13]), tiles[13 : 13 + N_TURNS], tiles[13 + N_TURNS : 13 + 2 * N_TURNS]
        p = PlayerState(hand)
        steps = []
        for t, o in zip(wall, others):
            d = t // 4
            p.draw(d)
            if p.can_tsumo(d):
                break
            riichi = bool(p.riichi_discards())
            if riichi:
                p.riichi()
                discard = p.riichi_discards()[-1]
            elif p.in_riichi or rng.random() < 0.4:
                discard = d
            else:
                discard = rng.choice([k for k in range(34) if p.closed_counts[k]])
            p.discard(discard)
            steps.append((d, riichi, discard, o // 4))
            p.tile_passed(o // 4)
        deals.append((hand, steps))
    return deals


def _replay(cls, script):
    trace = 0
    for hand, steps in script:
        p = cls(hand)
        for d, riichi, discard, passed in steps:
            p.draw(d)
            trace += p.shanten
            if p.can_tsumo(d):
                trace += 1000
            trace += len(p.riichi_discards())
            if riichi:
                p.riichi()
            p.discard(discard)
            trace += 3 * p.is_tenpai
            if p.can_ron(passed):
                trace += 100
            p.tile_passed(passed)
            trace += 7 * p.furiten
    return trace


@pytest.fixture(scope="module")
def expected(script):
    return _replay(_impl("reference"), script)


@pytest.fixture(scope="module")
def cimport_driver(tmp_path_factory):
    """tests/support/player_cimport_driver.pyx compiled against the .pxd (what a Cython simulator gets)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[1] / "tests" / "support" / "player_cimport_build.py"
    spec = importlib.util.spec_from_file_location("player_cimport_build", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build_cimport_driver(tmp_path_factory.mktemp("player_driver"))


def _replay_cimport(driver, cls, arrays):
    return driver.replay([(cls(hand), steps) for hand, steps in arrays])


@pytest.mark.benchmark(group="player")
@pytest.mark.parametrize("impl", ["reference", "cython", "cython-cimport"])
def test_player_event_loop(benchmark, impl, script, expected, request):
    cls = _impl(impl)
    if impl == "reference":
        result = benchmark.pedantic(_replay, (cls, script), rounds=3, iterations=1)
    elif impl == "cython":
        result = benchmark(_replay, cls, script)
    else:
        import numpy as np

        driver = request.getfixturevalue("cimport_driver")
        arrays = [(hand, np.array(steps, dtype=np.uint8).reshape(-1, 4)) for hand, steps in script]
        result = benchmark(_replay_cimport, driver, cls, arrays)
    assert result == expected
    n_turns = sum(len(steps) for _, steps in script)
    n_events = sum(3 * len(steps) + sum(r for _, r, _, _ in steps) for _, steps in script) + len(script)
    benchmark.extra_info["turns"] = n_turns
    benchmark.extra_info["events"] = n_events
    if benchmark.stats is None:  # --benchmark-disable: ran once as a test
        return
    benchmark.extra_info["ns_per_turn"] = round(benchmark.stats.stats.min / n_turns * 1e9, 1)
    benchmark.extra_info["ns_per_event_and_its_queries"] = round(benchmark.stats.stats.min / n_events * 1e9, 1)


@pytest.fixture(scope="module")
def tenpai_states():
    """200 (hand13 counts, first wait) of seeded tenpai hands (a complete hand minus one tile)."""
    from riichi_fast.reference.analysis.player import PlayerState

    rng = random.Random(21)
    out = []
    while len(out) < 200:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                s = rng.choice([k for k in range(27) if k % 9 <= 6])
                for j in range(3):
                    counts[s + j] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        p = PlayerState(bytes(counts))
        out.append((bytes(counts), p.waits[0]))
    return out


def _queries(states):
    total = 0
    for p, w in states:
        total += p.shanten + len(p.waits) + p.is_tenpai + p.furiten + p.can_ron(w)
    return total


@pytest.mark.benchmark(group="player")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_player_queries(benchmark, impl, tenpai_states):
    from riichi_fast.reference.analysis.player import PlayerState as Reference

    ref = [(Reference(h), w) for h, w in tenpai_states]
    expected = _queries(ref)
    cls = _impl(impl)
    states = [(cls(h), w) for h, w in tenpai_states]
    _queries(states)  # warm the caches: the hands do not change between queries
    if impl == "reference":
        result = benchmark.pedantic(_queries, (states,), rounds=3, iterations=1)
    else:
        result = benchmark(_queries, states)
    assert result == expected
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_query"] = round(benchmark.stats.stats.min / (5 * len(states)) * 1e9, 1)
