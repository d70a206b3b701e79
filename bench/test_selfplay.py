"""Self-play speed beside riichienv (issue 12 targets), in one run on one machine.

Run: ``/work/venv/bin/python -m pytest bench/test_selfplay.py -p no:randomly
--benchmark-columns=min,median,rounds --benchmark-group-by=group``.

Group ``selfplay-hanchan`` (one round = ``GAMES`` four-player hanchan, Tenhou rules):

- ``riichienv-random``: riichienv's ``RiichiEnv(game_mode=2)`` (four-player
  hanchan, red fives) with its ``riichienv.agents.RandomAgent``, the loop of its README;
- ``ours-random``: ``riichi_fast.engine.play`` with four ``random`` agents: the compiled
  agents and game loop (``play_games``), one thread;
- ``ours-random-2``: the same games on 2 native threads without the GIL (``n_threads=2``);
- ``ours-greedy`` / ``ours-greedy-2``: four ``greedy`` agents (real wins, calls and riichi:
  each win takes the GIL to score and settle), 1 and 2 threads;
- ``ours-python-random``: the Python ``RandomAgent`` objects on the Python table (the same
  games as ``ours-random``, the path of agents written in Python).

Ours play ``OURS_GAMES`` games per round whatever the threads, so ``ours-random-2`` over
``ours-random`` is the speed-up of the second thread.

Group ``env-step`` (one round = ``STEPS`` steps):

- ``riichienv-step``: ``RiichiEnv.step`` with ``RandomAgent`` choosing every acting
  player's action (a new game when one ends);
- ``ours-vecenv-step``: ``VecEnv(8).step`` with Python choosing a random legal index from
  each table's mask (``STEPS / 8`` batched calls; the count is table steps).

``extra_info`` holds games (or steps) per second; the last test prints the
ratios over riichienv's and of 2 threads over 1.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

riichienv = pytest.importorskip("riichienv")

from riichienv.agents import RandomAgent as _RiichiEnvRandom

from riichi_fast.engine import play
from riichi_fast.engine.agents import RandomAgent
from riichi_fast.engine.encode import VecEnv

GAMES = 2
OURS_GAMES = {"random": 1000, "greedy": 100}
STEPS = 800
_RATES: dict = {}


def _riichienv_games(n, seed):
    for g in range(n):
        env = riichienv.RiichiEnv(game_mode=2, seed=seed + g)
        agent = _RiichiEnvRandom(seed + g)
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
        assert sorted(env.ranks()) == [1, 2, 3, 4]


def _record(benchmark, key, per_round):
    if benchmark.stats is None:  # --benchmark-disable: the call ran once as a test, nothing was timed
        return
    rate = per_round / benchmark.stats.stats.median
    benchmark.extra_info["per_s"] = rate
    _RATES[key] = rate


@pytest.mark.benchmark(group="selfplay-hanchan")
def test_riichienv_random_hanchan(benchmark):
    benchmark.pedantic(_riichienv_games, args=(GAMES, 1), rounds=3, iterations=1)
    _record(benchmark, "riichienv-random", GAMES)


@pytest.mark.benchmark(group="selfplay-hanchan")
@pytest.mark.parametrize(("agents", "threads"), [("random", 1), ("random", 2), ("greedy", 1), ("greedy", 2)],
                         ids=["ours-random", "ours-random-2", "ours-greedy", "ours-greedy-2"])
def test_ours_hanchan(benchmark, agents, threads):
    games = OURS_GAMES[agents]
    result = benchmark.pedantic(play, args=(games, [agents] * 4, "tenhou", 1, threads), rounds=3, iterations=1)
    assert result.placements.shape == (games, 4) and (result.points.sum(axis=1) == 0).all()
    benchmark.extra_info["hands"] = int(result.hands.sum())
    benchmark.extra_info["wins"] = int(result.wins.sum())
    _record(benchmark, f"ours-{agents}-{threads}", games)


@pytest.mark.benchmark(group="selfplay-hanchan")
def test_ours_python_agents_hanchan(benchmark):
    agents = [RandomAgent(0) for _ in range(4)]  # Agent objects: the Python path of play()
    result = benchmark.pedantic(play, args=(GAMES, agents, "tenhou", 1, 1), rounds=3, iterations=1)
    assert result.placements.shape == (GAMES, 4)
    _record(benchmark, "ours-python-random-1", GAMES)


def _riichienv_steps(n):
    env = riichienv.RiichiEnv(game_mode=2, seed=5)
    agent = _RiichiEnvRandom(5)
    obs = env.reset()
    for _ in range(n):
        if env.done():
            obs = env.reset()
        obs = env.step({pid: agent.act(o) for pid, o in obs.items()})


@pytest.mark.benchmark(group="env-step")
def test_riichienv_env_step(benchmark):
    benchmark.pedantic(_riichienv_steps, args=(STEPS,), rounds=3, iterations=1)
    _record(benchmark, "riichienv-step", STEPS)


@pytest.mark.benchmark(group="env-step")
def test_ours_vecenv_step(benchmark):
    vec = VecEnv(8, "tenhou", seed=5)
    rng = random.Random(5)
    state = {"masks": vec.reset()[1]}

    def run():
        for _ in range(STEPS // 8):
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in state["masks"]])
            _obs, state["masks"], _r, _d = vec.step(acts)

    benchmark.pedantic(run, rounds=3, iterations=1)
    _record(benchmark, "ours-vecenv-step", STEPS)


def test_ratios(capsys):
    """Print our rates over riichienv's (no assertion on timings)."""
    if "riichienv-random" not in _RATES or "riichienv-step" not in _RATES:
        pytest.skip("run the whole module")
    base, step = _RATES["riichienv-random"], _RATES["riichienv-step"]
    lines = [f"riichienv random hanchan/s {base:.2f}; riichienv env.step/s {step:.0f}"]
    for key in ("ours-random-1", "ours-random-2", "ours-greedy-1", "ours-greedy-2", "ours-python-random-1"):
        if key in _RATES:
            lines.append(f"{key}: {_RATES[key]:.2f} hanchan/s = {_RATES[key] / base:.3f}x riichienv")
    for agents in ("random", "greedy"):
        one, two = _RATES.get(f"ours-{agents}-1"), _RATES.get(f"ours-{agents}-2")
        if one and two:
            lines.append(f"{agents}: 2 threads = {two / one:.3f}x 1 thread")
    if "ours-vecenv-step" in _RATES:
        lines.append(f"VecEnv steps/s {_RATES['ours-vecenv-step']:.0f} = "
                     f"{_RATES['ours-vecenv-step'] / step:.3f}x riichienv env.step")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
