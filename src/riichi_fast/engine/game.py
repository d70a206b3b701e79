"""Whole games: when a game ends, final points with uma and oka, and games played by agents.

The end of a game (Tenhou's rules, checked against the last hand and the final
result of every bundled real game):

- a player below zero ends the game (``rules.tobi``);
- a single hand ends after its first hand;
- the last hand of the game's length (East 4 for ``"tonpuusen"``, South 4 for
  ``"hanchan"``; the third hand in three-player) ends the game when the deal
  passes and someone holds ``rules.return_points``; when the dealer keeps the
  deal by a win or by tenpai and is first with ``rules.return_points``, the
  dealer may stop (agari-yame, tenpai-yame: :func:`dealer_may_stop`; the
  bundled real games show both choices after a tenpai); an abortive draw never
  ends it;
- if nobody holds ``rules.return_points`` the game goes on into the next wind
  (sudden death): it ends after any hand that leaves someone there, or after
  the last hand of that wind.

Final points (:func:`final_points`): the score in thousands, x.5 rounded away
from zero (Tenhou: 27,500 counts 28, -16,500 counts -17), minus
``return_points`` in thousands, plus the uma of the rank; first place takes
the rest so that the points sum to zero (the oka included).  Ties rank by
seat order from the first dealer.  Every bundled Tenhou game's final points
follow this, under uma 20-10 (three-player 20-0), except three games of July
2009, played under the uma of the time (10-5).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from riichi_fast import _backend
from riichi_fast import settle as _settle
from riichi_fast.engine.table import Table
from riichi_fast.engine.wall import seeded_wall
from riichi_fast.errors import ContextError

__all__ = ["LENGTHS", "GameResult", "agent_seed", "check_run", "dealer_may_stop", "default_table_class", "final_points",
           "final_standing", "game_over", "game_seed", "play_game", "ranks"]

# the table module of the backend: the compiled one, or its twin under RIICHI_FAST_PUREPYTHON=1
_tables = _backend.load("engine._table")

LENGTHS = ("single", "tonpuusen", "hanchan")
_LAST_WIND = {"tonpuusen": 0, "hanchan": 1}


def default_table_class():
    """The table games, :class:`~riichi_fast.engine.Env` and replays play on by default: the compiled
    ``CTable``, or the Python ``Table`` under ``RIICHI_FAST_PUREPYTHON=1`` (both play identically,
    step for step).

    >>> default_table_class().__name__ in ("CTable", "Table")
    True
    """
    return _tables.CTable


def _hash_seed(*parts) -> int:
    digest = hashlib.blake2b(repr(tuple(parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def game_seed(seed: int, game: int) -> int:
    """The wall seed of game ``game`` of a run seeded ``seed`` (63 bits, stable).

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    return _hash_seed("game", seed, game)


def agent_seed(seed: int, game: int, seat: int) -> int:
    """The seed of seat ``seat``'s agent in game ``game`` of a run seeded ``seed``."""
    return _hash_seed("agent", seed, game, seat)


def check_run(n_games, seed, n_threads, length) -> None:
    """Check the arguments of a run of games (:func:`~riichi_fast.engine.play`): ``n_games`` an int
    >= 0, ``seed`` an int, ``n_threads`` an int >= 1, ``length`` one of :data:`LENGTHS`; else raise
    :class:`~riichi_fast.ContextError`.

    >>> check_run(10, 0, 1, "hanchan")
    >>> check_run(10, 0, 1, "long")
    Traceback (most recent call last):
    ...
    riichi_fast.errors.ContextError: unknown game length 'long': expected one of single, tonpuusen, hanchan
    """
    if type(n_games) is not int or n_games < 0:
        raise ContextError(f"n_games must be an int >= 0, got {n_games!r}")
    if type(seed) is not int:
        raise ContextError(f"seed must be an int, got {type(seed).__name__}")
    if type(n_threads) is not int or n_threads < 1:
        raise ContextError(f"n_threads must be an int >= 1, got {n_threads!r}")
    if length not in LENGTHS:
        raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")


def ranks(scores) -> tuple:
    """0-based rank of each seat: higher score first, ties by seat order.

    >>> ranks((25000, 30000, 25000, 20000))
    (1, 0, 2, 3)
    """
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    out = [0] * len(scores)
    for r, s in enumerate(order):
        out[s] = r
    return tuple(out)


def _thousands(score: int) -> int:
    """A score in thousands, x.5 rounded away from zero (27500 -> 28, -16500 -> -17), as Tenhou does."""
    q, r = divmod(abs(score) // 100, 10)
    m = q + (1 if r >= 5 else 0)
    return m if score >= 0 else -m


def final_points(scores, rules) -> tuple:
    """Each seat's result in thousands of points, uma and oka included (sums to zero).

    >>> from riichi_fast import Rules
    >>> final_points((20100, 35800, 5200, 38900), Rules.preset("tenhou"))
    (-20, 16, -45, 49)
    """
    uma = tuple(rules.uma)
    if len(uma) != len(scores):
        raise ContextError(f"uma {uma} has {len(uma)} places for {len(scores)} players")
    rk = ranks(scores)
    out = [0] * len(scores)
    top = rk.index(0)
    for s, score in enumerate(scores):
        if s != top:
            out[s] = _thousands(score) - rules.return_points // 1000 + uma[rk[s]]
    out[top] = -sum(out)
    return tuple(out)


def _all_last(prev, length) -> bool:
    return length in _LAST_WIND and prev.round_wind >= _LAST_WIND[length] and prev.kyoku == prev.n_players - 1


def dealer_may_stop(settlement: _settle.Settlement, rules, length: str = "hanchan") -> bool:
    """At the last hand, may the dealer end the game instead of playing on (agari-yame, tenpai-yame)?

    True when the dealer kept the deal by a win or by tenpai and is first with
    ``rules.return_points``.  On Tenhou this is the dealer's choice: the bundled
    real games show dealers stopping on tenpai and others playing on.
    """
    prev, scores = settlement.table, settlement.next.scores
    if length == "single" or not _all_last(prev, length) or not settlement.dealer_repeats:
        return False
    return (settlement.outcome in ("win", "exhaustive_draw") and ranks(scores)[prev.dealer] == 0
            and max(scores) >= rules.return_points)


def game_over(settlement: _settle.Settlement, rules, length: str = "hanchan", *, dealer_stops: bool = True) -> bool:
    """Does the game end after the hand that ``settlement`` settled?

    ``dealer_stops``: whether a dealer who may stop (:func:`dealer_may_stop`) does.
    """
    if length not in LENGTHS:
        raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")
    prev, scores = settlement.table, settlement.next.scores
    if rules.tobi and min(scores) < 0:
        return True
    if length == "single":
        return True
    last = _LAST_WIND[length]
    final_kyoku = prev.n_players - 1
    reached = max(scores) >= rules.return_points
    if dealer_stops and dealer_may_stop(settlement, rules, length):
        return True
    if prev.round_wind > last:  # sudden death in the extra wind
        return reached or (prev.kyoku == final_kyoku and not settlement.dealer_repeats)
    if prev.round_wind < last or prev.kyoku != final_kyoku:
        return False
    return not settlement.dealer_repeats and reached


@dataclass
class GameResult:
    """A finished game: final scores, points, ranks, the hands played and every event.

    ``walls``: each hand's :class:`~riichi_fast.engine.Wall` (its ura indicators are
    what a log of the game needs); ``liable``: each hand's liable seats as the engine
    found them (pao: ``{seat: the seat that fed its last dragon or wind set}``);
    ``rules`` and ``length``: what the game was played under.
    """

    scores: tuple
    points: tuple
    ranks: tuple
    hands: list = field(default_factory=list)
    events: list = field(default_factory=list)
    walls: list = field(default_factory=list)
    rules: object = None
    length: str = "hanchan"
    liable: list = field(default_factory=list)


def play_game(agents, rules="tenhou", *, seed: int = 0, length: str = "hanchan", walls=None,
              table_class=None) -> GameResult:
    """Play one game with ``agents`` (one callable per seat: ``(table, seat, actions) -> action``).

    Walls come from :func:`~riichi_fast.engine.seeded_wall` (``seed``, hand
    number) unless an iterable of walls is given.  ``table_class``: the engine
    (default: the compiled :class:`~riichi_fast.engine.CTable`, or the Python
    :class:`~riichi_fast.engine.Table` under ``RIICHI_FAST_PUREPYTHON=1``; the
    same games either way).  An agent with a true ``follows_events`` attribute
    (an :class:`~riichi_fast.engine.mjai_bot.MjaiBot`: it reads ``table.events``
    as one list growing through the hand, which ``CTable`` builds anew at each
    read) gets the Python table unless ``table_class`` says otherwise.

    >>> import random
    >>> from riichi_fast.engine import play_game
    >>> rng = random.Random(0)
    >>> agent = lambda table, seat, actions: actions[-1]
    >>> g = play_game([agent] * 4, "tenhou", seed=1, length="single")
    >>> len(g.hands), sum(g.scores) + 1000 * g.hands[-1].settlement.next.riichi_sticks
    (1, 100000)
    """
    if table_class is None:
        follows = any(getattr(a, "follows_events", False) for a in agents)
        table_class = Table if follows else default_table_class()
    table = table_class(rules)
    rules = table.rules
    if len(agents) != table.n:
        raise ContextError(f"{table.n} players need {table.n} agents, got {len(agents)}")
    if length not in LENGTHS:
        raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")
    state = _settle.TableState.start(rules)
    wall_iter = iter(walls) if walls is not None else None
    result = GameResult((), (), (), rules=rules, length=length)
    hand_index = 0
    while True:
        wall = next(wall_iter) if wall_iter is not None else seeded_wall(seed, hand_index, table.n)
        table.start_hand(wall, state)
        while table.phase != "ended":
            seat = table.acting[0]
            actions = table.legal_actions(seat)
            table.step(agents[seat](table, seat, actions))
        result.hands.append(table.end)
        result.events.extend(table.events)
        result.walls.append(wall)
        result.liable.append(dict(table.pao))
        hand_index += 1
        if game_over(table.end.settlement, rules, length):
            break
        state = table.next_table
    result.scores, result.points, result.ranks = final_standing(table.next_table, rules)
    return result


def final_standing(final: _settle.TableState, rules) -> tuple:
    """``(scores, points, ranks)`` at the end of a game: sticks left on the table go to the first place (Tenhou).

    >>> from riichi_fast import Rules, TableState
    >>> final_standing(TableState(riichi_sticks=1, scores=(30000, 20000, 24000, 25000)), Rules.preset("tenhou"))
    ((31000, 20000, 24000, 25000), (41, -30, -16, 5), (0, 3, 2, 1))
    """
    scores = final.scores
    if final.riichi_sticks:
        top = ranks(scores).index(0)
        scores = tuple(s + 1000 * final.riichi_sticks * (i == top) for i, s in enumerate(scores))
    return scores, final_points(scores, rules), ranks(scores)
