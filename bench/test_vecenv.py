"""RL environment speed beside riichienv (issue 12 target: VecEnv >= 3x riichienv's ``env.step``), one run.

Run: ``/work/venv/bin/python -m pytest bench/test_vecenv.py -p no:randomly -s
--benchmark-columns=min,median,rounds --benchmark-group-by=group``.

Group ``vecenv-step`` (one round = ``STEPS`` decisions):

- ``riichienv-step``: ``RiichiEnv(game_mode=2)`` (four-player hanchan, red fives), every acting
  player's action a random choice from its ``legal_actions()`` (riichienv's ``RandomAgent``), a new
  game when one ends; the count is ``env.step`` calls (a call may carry several players' answers
  to a discard, where ours asks them one by one: the count favours riichienv);
- ``ours-vecenv-ctable``: ``VecEnv(16, "tenhou")`` on the compiled ``CTable``, Python choosing a
  random legal index per table from the mask in one numpy expression; the count is table steps;
- ``ours-vecenv-table``: the same on the pure-Python ``Table`` (fewer steps: it is slow).

Group ``env-step`` (one table, one round = ``STEPS_ENV`` decisions): ``Env.step`` on ``CTable``
with a random choice from ``legal_actions()``, an Observation returned per step, beside riichienv.

The answers are checked outside the timed calls: every returned plane array and mask has its shape,
every mask row has a legal action and equals the table's own ``action_mask``, the planes equal
:func:`~riichi_fast.engine.encode.encode` of the table's observation.  ``extra_info`` holds the
steps per second; ``test_ratios`` prints the ratios over riichienv.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from riichi_fast.engine import CTable, Env, Table
from riichi_fast.engine.encode import N_PLANES, VecEnv, encode

riichienv = pytest.importorskip("riichienv")

N_TABLES = 16
STEPS = 3200
STEPS_ENV = 2000
_RATES: dict = {}


def _record(benchmark, key, per_round):
    if benchmark.stats is None:  # --benchmark-disable: the call ran once as a test, nothing was timed
        return
    rate = per_round / benchmark.stats.stats.median
    benchmark.extra_info["per_s"] = rate
    _RATES[key] = rate


def _riichienv_runner(seed=5):
    env = riichienv.RiichiEnv(game_mode=2, seed=seed)
    rng = random.Random(seed)
    state = {"obs": env.reset()}

    def run(n):
        obs = state["obs"]
        for _ in range(n):
            if env.done():
                obs = env.reset()
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
        state["obs"] = obs

    return env, state, run


@pytest.mark.benchmark(group="vecenv-step")
def test_riichienv_env_step(benchmark):
    env, state, run = _riichienv_runner()
    benchmark.pedantic(run, args=(STEPS,), rounds=3, iterations=1)
    assert state["obs"] or env.done()
    for o in state["obs"].values():
        assert o.legal_actions()
    _record(benchmark, "riichienv-step", STEPS)


def _check_vec(vec, obs, masks):
    assert obs.shape == (vec.n, N_PLANES, 34) and obs.dtype == np.float32
    assert masks.shape == (vec.n, 222) and masks.any(axis=1).all()
    for i, env in enumerate(vec.envs):
        x, m = encode(env.observation(), env.legal_actions(), rules=vec.rules)
        assert np.array_equal(masks[i], env.action_mask()) and np.array_equal(masks[i], m)
        assert np.array_equal(obs[i], x) and vec.seats[i] == env.seat


@pytest.mark.benchmark(group="vecenv-step")
@pytest.mark.parametrize("table_class", [CTable, Table], ids=["ctable", "table"])
def test_ours_vecenv_step(benchmark, table_class):
    vec = VecEnv(N_TABLES, "tenhou", seed=5, table_class=table_class)
    rng = np.random.default_rng(5)
    state = {}
    state["obs"], state["masks"] = vec.reset()
    batches = (STEPS if table_class is CTable else STEPS // 10) // N_TABLES

    def run():
        masks = state["masks"]
        for _ in range(batches):
            # a random legal index per table: the argmax of random scores over the legal entries
            acts = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)
            obs, masks, _rewards, _dones = vec.step(acts)
        state["obs"], state["masks"] = obs, masks

    benchmark.pedantic(run, rounds=3, iterations=1)
    _check_vec(vec, state["obs"], state["masks"])
    _record(benchmark, f"ours-vecenv-{table_class.__name__.lower()}", batches * N_TABLES)


@pytest.mark.benchmark(group="env-step")
def test_riichienv_single_env_step(benchmark):
    env, state, run = _riichienv_runner(seed=7)
    benchmark.pedantic(run, args=(STEPS_ENV,), rounds=3, iterations=1)
    assert all(o.legal_actions() for o in state["obs"].values()) and (state["obs"] or env.done())
    _record(benchmark, "riichienv-env-step", STEPS_ENV)


@pytest.mark.benchmark(group="env-step")
def test_ours_env_step(benchmark):
    env = Env("tenhou", table_class=CTable)
    rng = random.Random(7)
    games = [0]
    state = {"obs": env.reset(seed=0)}

    def run():
        obs = state["obs"]
        for _ in range(STEPS_ENV):
            if obs is None:
                games[0] += 1
                obs = env.reset(seed=games[0])
            obs = env.step(rng.choice(env.legal_actions()))
        state["obs"] = obs

    benchmark.pedantic(run, rounds=3, iterations=1)
    if state["obs"] is not None:
        assert state["obs"] == env.observation() and env.action_mask().sum() == len(env.legal_actions()) > 0
    _record(benchmark, "ours-env-step", STEPS_ENV)


def test_ratios(capsys):
    """Print our rates over riichienv's (no assertion on timings)."""
    if "riichienv-step" not in _RATES:
        pytest.skip("run the whole module without --benchmark-disable")
    step = _RATES["riichienv-step"]
    lines = [f"riichienv env.step/s {step:.0f}"]
    for key in ("ours-vecenv-ctable", "ours-vecenv-table"):
        if key in _RATES:
            lines.append(f"{key} (N={N_TABLES}) table steps/s {_RATES[key]:.0f} = {_RATES[key] / step:.3f}x riichienv")
    if "ours-env-step" in _RATES and "riichienv-env-step" in _RATES:
        base = _RATES["riichienv-env-step"]
        lines.append(f"Env.step (CTable) steps/s {_RATES['ours-env-step']:.0f} = "
                     f"{_RATES['ours-env-step'] / base:.3f}x riichienv ({base:.0f})")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
