"""Self-play: many seeded games between agents, results as numpy arrays.

:func:`play` plays ``n_games`` games with :func:`~riichi_fast.engine.play_game`.
Game ``g`` uses the walls of :func:`game_seed` ``(seed, g)`` and reseeds seat
``s``'s agent with ``agent_seed(seed, g, s)`` before it starts, so each game
depends only on ``(seed, g)``: the results are the same whatever the number of
workers and whichever worker plays it.

When every agent is a built-in name (``"random"``, ``"tsumogiri"``,
``"greedy"``), the games are played by
:func:`riichi_fast.engine.play_games`: whole games in compiled code on
``n_threads`` native threads without the GIL.  They are the same games as
the Python agents of :mod:`riichi_fast.engine.agents` play on the Python
table (the compiled random agent draws from RandomAgent's splitmix64 stream;
tests/engine/test_table_twins.py checks it game by game and hand by hand).
Otherwise (an Agent object, a callable) the games
are played by :func:`~riichi_fast.engine.play_game` on the Python table,
``n_threads > 1`` running them in that many worker *processes*; agents must
then be picklable (the built-in names are).

>>> from riichi_fast.engine import play
>>> r = play(2, ["tsumogiri", "random", "random", "random"], "tenhou", seed=1, length="single")
>>> r.scores.shape, r.placements.shape, int(r.points.sum())
((2, 4), (2, 4), 0)
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from riichi_fast.engine._games import play_games
from riichi_fast.engine.agents import Agent, agent_from_name
from riichi_fast.engine.game import agent_seed, check_run, game_seed, play_game
from riichi_fast.engine.types import EngineError
from riichi_fast.errors import ContextError
from riichi_fast.rules import Rules

__all__ = ["LOG_FORMATS", "SelfPlayResult", "agent_seed", "game_seed", "log_path", "play"]


@dataclass
class SelfPlayResult:
    """Per-game results of :func:`play` (``G`` games, ``P`` players; seats absolute, 0 = first dealer).

    ``scores`` (G, P) int32 final scores (sticks left go to the first place);
    ``points`` (G, P) int32 final points with uma and oka (thousands);
    ``placements`` (G, P) int8, 1 = first; ``hands`` (G,) int32 hands played;
    ``wins`` (G, P) int32 hands won per seat; ``tsumo`` (G, P) int32 of them by tsumo;
    ``deal_ins`` (G, P) int32 wins off the seat's discard (a double ron counts twice);
    ``riichi`` (G, P) int32 riichi accepted; ``exhaustive_draws`` / ``abortive_draws`` (G,) int32.
    """

    scores: np.ndarray
    points: np.ndarray
    placements: np.ndarray
    hands: np.ndarray
    wins: np.ndarray
    tsumo: np.ndarray
    deal_ins: np.ndarray
    exhaustive_draws: np.ndarray
    abortive_draws: np.ndarray
    agents: tuple = ()
    riichi: np.ndarray = None

    def summary(self) -> list:
        """One dict per seat: agent, mean placement, placement shares, win and deal-in rates per hand, mean points."""
        g, p = self.scores.shape
        hands = max(int(self.hands.sum()), 1)
        out = []
        for s in range(p):
            out.append({
                "seat": s, "agent": self.agents[s] if s < len(self.agents) else "",
                "mean_placement": float(self.placements[:, s].mean()) if g else 0.0,
                "placements": [int((self.placements[:, s] == r + 1).sum()) for r in range(p)],
                "win_rate": float(self.wins[:, s].sum()) / hands,
                "deal_in_rate": float(self.deal_ins[:, s].sum()) / hands,
                "mean_points": float(self.points[:, s].mean()) if g else 0.0,
            })
        return out

    def table(self) -> str:
        """The summary as a text table."""
        p = self.scores.shape[1]
        head = f"{'seat':<5}{'agent':<12}{'avg place':>10}" + "".join(f"{'#' + str(r + 1):>7}" for r in range(p))
        head += f"{'win':>8}{'deal-in':>9}{'points':>9}"
        lines = [head]
        for row in self.summary():
            line = f"{row['seat']:<5}{row['agent'][:11]:<12}{row['mean_placement']:>10.3f}"
            line += "".join(f"{n:>7}" for n in row["placements"])
            line += f"{row['win_rate']:>8.1%}{row['deal_in_rate']:>9.1%}{row['mean_points']:>9.1f}"
            lines.append(line)
        return "\n".join(lines)


_COMPILED = ("random", "tsumogiri", "greedy")


def _agent_name(a) -> str:
    return a if isinstance(a, str) else type(a).__name__


def _make_agents(agents, rules):
    out = []
    for a in agents:
        if isinstance(a, str):
            out.append(agent_from_name(a, 0, rules))
        elif callable(a):
            out.append(a)
        else:
            raise ContextError(f"an agent is a name (random, tsumogiri, greedy) or a callable, got {a!r}")
        if isinstance(out[-1], Agent):
            out[-1].rules = rules
    return out


LOG_FORMATS = {"mjai": ".jsonl", "tenhou6": ".json"}


def log_path(out, g: int, log_format: str) -> str:
    """The file game ``g`` of a self-play run is written to under ``out``.

    >>> log_path("logs", 7, "mjai")
    'logs/game-000007.jsonl'
    """
    return os.path.join(os.fspath(out), f"game-{g:06d}{LOG_FORMATS[log_format]}")


def _write_log(res, agents, path, log_format) -> None:
    # deferred: the record writers (records/, ~30 ms at import) are paid only by runs that log
    from riichi_fast.engine.logs import write_mjai, write_tenhou6

    names = [f"{_agent_name(a)}-{s}" for s, a in enumerate(agents)]
    (write_mjai if log_format == "mjai" else write_tenhou6)(res, path, names=names)


def _play_one(agents, rules, seed, g, length, log=None):
    """One game's row: (scores, points, placements, hands, wins, tsumo, deal_ins, exhaustive, abortive).

    ``log``: ``(out, log_format, names_of_agents)`` writes the game there.
    """
    n = rules.n_players
    for s, a in enumerate(agents):
        if hasattr(a, "reset"):
            a.reset(agent_seed(seed, g, s))
    res = play_game(agents, rules, seed=game_seed(seed, g), length=length)
    if log is not None:
        _write_log(res, log[2], log_path(log[0], g, log[1]), log[1])
    wins, tsumo, deal_ins = [0] * n, [0] * n, [0] * n
    riichi = [0] * n
    for e in res.events:
        if e["type"] == "reach_accepted":
            riichi[e["actor"]] += 1
    exhaustive = abortive = 0
    for h in res.hands:
        if h.kind == "win":
            for seat, discarder, _result in h.wins:
                wins[seat] += 1
                if discarder is None:
                    tsumo[seat] += 1
                else:
                    deal_ins[discarder] += 1
        elif h.kind == "exhaustive_draw":
            exhaustive += 1
        else:
            abortive += 1
    return (res.scores, res.points, tuple(r + 1 for r in res.ranks), len(res.hands), wins, tsumo, deal_ins,
            exhaustive, abortive, riichi)


def _play_chunk(args):
    agents, rules, seed, games, length, log = args
    made = _make_agents(agents, rules)
    return [_play_one(made, rules, seed, g, length, log) for g in games]


def play(n_games: int, agents, rules="tenhou", seed: int = 0, n_threads: int = 1, *, length: str = "hanchan",
         progress=None, out=None, log_format: str = "mjai") -> SelfPlayResult:
    """Play ``n_games`` seeded games between ``agents`` (one per seat: a name or a callable) and return the results.

    ``agents``: ``"random"``, ``"tsumogiri"``, ``"greedy"``, an
    :class:`~riichi_fast.engine.agents.Agent` or any ``(table, seat, actions)``
    callable; a string ``"greedy,random,random,random"`` is split at commas.
    ``n_threads``: native threads when every agent is a compiled one, else worker processes (see the
    module doc; results do not depend on it).
    ``progress``: called with the number of games finished since the last call.
    ``out``: a directory; each game is then also written there as a log (``log_format`` ``"mjai"``:
    ``game-000000.jsonl`` ..., ``"tenhou6"``: ``game-000000.json`` ...; see :func:`log_path`) that
    ``riichi-fast verify`` and ``riichi-fast replay`` read back.  Games of compiled agents are
    logged by playing each again with the Python agents (the same game: the log's final scores are
    checked against the compiled result), so a logged run costs Python speed.  Without ``out`` no
    log is written.
    """
    check_run(n_games, seed, n_threads, length)
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",")]
    agents = list(agents)
    n = rules.n_players
    if len(agents) != n:
        raise ContextError(f"{n} players need {n} agents, got {len(agents)}")
    made = _make_agents(agents, rules)  # checks names before any game
    log = None
    if out is not None:
        if log_format not in LOG_FORMATS:
            raise ContextError(f"unknown log format {log_format!r}: expected one of {', '.join(LOG_FORMATS)}")
        try:
            os.makedirs(os.fspath(out), exist_ok=True)
        except (OSError, TypeError) as exc:
            raise ContextError(f"cannot create the log directory {out!r}: {exc}") from None
        log = (os.fspath(out), log_format, tuple(agents))
    if all(isinstance(a, str) and a in _COMPILED for a in agents) and not rules.wareme:
        r = play_games(n_games, agents, rules, seed, length, n_threads, progress=progress)
        result = SelfPlayResult(agents=tuple(agents), **r)
        if log is not None:
            for g in range(n_games):
                row = _play_one(made, rules, seed, g, length, log)
                if tuple(row[0]) != tuple(int(x) for x in result.scores[g]):
                    raise EngineError(f"internal: game {g} logged with final scores {tuple(row[0])}, "
                                      f"the compiled game ended {tuple(result.scores[g].tolist())}")
        return result
    rows = []
    if n_threads == 1 or n_games <= 1:
        for g in range(n_games):
            rows.append(_play_one(made, rules, seed, g, length, log))
            if progress is not None:
                progress(1)
    else:
        import concurrent.futures as cf
        import multiprocessing as mp

        size = max(1, min(16, n_games // (4 * n_threads)))
        chunks = [range(i, min(i + size, n_games)) for i in range(0, n_games, size)]
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        with cf.ProcessPoolExecutor(n_threads, mp_context=ctx) as pool:
            for part in pool.map(_play_chunk, [(agents, rules, seed, c, length, log) for c in chunks]):
                rows.extend(part)
                if progress is not None:
                    progress(len(part))

    def col(i, dtype, shape):
        return np.array([r[i] for r in rows], dtype=dtype).reshape(shape)

    g = len(rows)
    return SelfPlayResult(
        scores=col(0, np.int32, (g, n)), points=col(1, np.int32, (g, n)), placements=col(2, np.int8, (g, n)),
        hands=col(3, np.int32, (g,)), wins=col(4, np.int32, (g, n)), tsumo=col(5, np.int32, (g, n)),
        deal_ins=col(6, np.int32, (g, n)), exhaustive_draws=col(7, np.int32, (g,)),
        abortive_draws=col(8, np.int32, (g,)), agents=tuple(_agent_name(a) for a in agents),
        riichi=col(9, np.int32, (g, n)),
    )
