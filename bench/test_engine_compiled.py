"""The hand engine (group ``engine``): random legal hands, Python Table vs compiled CTable.

Every benchmark plays the same 40 seeded single hands (East 1, ``seeded_wall(SEED, i)``) with
the same random legal agent (splitmix64 words, legal action ``word % len(legal)``):

- ``table-python``: riichi_fast.engine.Table driven from Python (Action objects per decision);
- ``ctable-python``: riichi_fast.engine._table.CTable driven from Python the same way;
- ``ctable-batch``: ``play_random_hands`` (the agent and the loop in C, CTable's action arrays).

Each checks its outcomes against the others' (same kinds, winners and deltas).

Run: ``PYTHONPATH=src python -m pytest bench/test_engine_compiled.py --benchmark-only``
"""

import pytest

SEED = 20261201
N_HANDS = 40
_MASK = (1 << 64) - 1


def _words(seed):
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def _drive(cls):
    from riichi_fast.engine import seeded_wall

    words = _words(SEED)
    out = []
    t = cls("tenhou")
    for i in range(N_HANDS):
        t.start_hand(seeded_wall(SEED, i))
        while t.phase != "ended":
            legal = t.legal_actions(t.acting[0])
            t.step(legal[next(words) % len(legal)])
        out.append((t.end.kind, tuple(t.end.settlement.deltas)))
    return out


KINDS = ("win", "exhaustive_draw", "abortive_draw")


def _batch():
    from riichi_fast.engine._games import play_random_hands

    kind, _, deltas = play_random_hands(N_HANDS, SEED, "tenhou")
    return [(KINDS[k], tuple(int(x) for x in d)) for k, d in zip(kind, deltas)]


@pytest.fixture(scope="module")
def expected():
    from riichi_fast.engine import Table

    return _drive(Table)


@pytest.mark.benchmark(group="engine")
@pytest.mark.parametrize("impl", ["table-python", "ctable-python", "ctable-batch"])
def test_random_hands(benchmark, impl, expected):
    from riichi_fast.engine import Table
    from riichi_fast.engine._table import CTable

    run = {"table-python": lambda: _drive(Table), "ctable-python": lambda: _drive(CTable),
           "ctable-batch": _batch}[impl]
    got = benchmark(run)
    assert got == expected
    benchmark.extra_info["hands"] = N_HANDS


N_GAMES = 4


def _riichienv_games():
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    out = []
    for seed in range(N_GAMES):
        env = RiichiEnv(game_mode="4p-red-half")
        obs = env.reset(seed=seed)
        agent = RandomAgent(seed)
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
        out.append(tuple(env.scores()))
    return out


@pytest.mark.benchmark(group="engine-hanchan")
@pytest.mark.parametrize("impl", ["riichienv", "play_game-table", "play_game-ctable", "ctable-batch"])
def test_random_hanchan(benchmark, impl):
    """Whole hanchan with random agents (riichienv's RiichiEnv + RandomAgent beside ours; issue 12)."""
    if impl == "riichienv":
        pytest.importorskip("riichienv")
        games = benchmark(_riichienv_games)
        assert len(games) == N_GAMES and all(len(g) == 4 for g in games)
        return
    from riichi_fast.engine import CTable, Table, play_game
    from riichi_fast.engine._games import play_random_games

    if impl == "ctable-batch":
        scores, _, _, hands = benchmark(play_random_games, N_GAMES, SEED, "tenhou", "hanchan")
        assert scores.shape == (N_GAMES, 4) and bool((hands >= 8).all())
        return

    engine = Table if impl == "play_game-table" else CTable  # play_game's default is CTable

    def python_games():
        out = []
        for g in range(N_GAMES):
            words = _words(SEED + g)

            def agent(table, seat, actions, words=words):
                return actions[next(words) % len(actions)]

            out.append(play_game([agent] * 4, "tenhou", seed=SEED + g, table_class=engine).scores)
        return out

    got = benchmark(python_games)
    scores, *_ = play_random_games(N_GAMES, SEED, "tenhou", "hanchan")
    assert got == [tuple(int(x) for x in row) for row in scores]
