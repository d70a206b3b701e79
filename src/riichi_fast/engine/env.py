"""An environment for agents: whole games step by step, observations, legal actions and a fixed action space.

:class:`Env` plays one game (:func:`~riichi_fast.engine.play_game` semantics:
walls from :func:`~riichi_fast.engine.seeded_wall` with the game's seed and
the hand number, the end of the game by :func:`~riichi_fast.engine.game_over`,
a dealer who may stop does).  At every point one seat acts (after a discard
the claimants answer one by one, in turn order from the discarder):
:attr:`Env.seat`.  :meth:`Env.observation` gives what a seat may see (its
own closed tiles; every river, call, kita, indicator, score and riichi; the
other closed hands only by their size).  :meth:`Env.legal_actions` gives the
acting seat's choices as :class:`~riichi_fast.engine.Action` objects, one per
index of the action space, and :meth:`Env.action_mask` the same as a boolean
mask.  :meth:`Env.step` takes an action or an index; an illegal one raises
:class:`~riichi_fast.engine.EngineError` naming it and why, and changes
nothing.  :attr:`Env.events` is the game so far in mjai form.

The action space (``N_ACTIONS`` indices): :mod:`riichi_fast.engine.actions`.

>>> from riichi_fast.engine import Env
>>> env = Env("tenhou")
>>> obs = env.reset(seed=5, length="single")
>>> obs.seat, len(obs.hand), obs.tiles_left, int(env.action_mask().sum()) == len(env.legal_actions())
(0, 14, 69, True)
>>> while not env.done:
...     _ = env.step(env.legal_actions()[0])
>>> sum(env.result.scores), env.events[0]["type"], env.events[-1]["type"]
(100000, 'start_game', 'end_game')
"""

from __future__ import annotations

import numpy as np

from riichi_fast import _backend
from riichi_fast import settle as _settle
from riichi_fast.engine.actions import ACTION_NAMES, N_ACTIONS, action_name, index_of
from riichi_fast.engine.game import LENGTHS, GameResult, default_table_class, final_standing, game_over
from riichi_fast.engine.table import Table
from riichi_fast.engine.types import Action, EngineError, Observation
from riichi_fast.engine.wall import seeded_wall
from riichi_fast.errors import ContextError
from riichi_fast.tiles import id_to_mjai

# None under RIICHI_FAST_PUREPYTHON=1
_encode = _backend.compiled("engine._encode")
# a seat's Observation of any table, read the readable way (the twin of _encode.observe)
_readable = _backend.twin("engine._encode")


def _observe(table, seat: int) -> Observation:
    return _readable.observe(table, seat, None)


__all__ = ["ACTION_NAMES", "N_ACTIONS", "Env", "Observation", "action_name", "default_table_class", "index_of",
           "mjai_events"]


def _table_class(table_class):
    if table_class is None:
        return default_table_class()
    if not isinstance(table_class, type) or not hasattr(table_class, "legal_actions"):
        raise ContextError(f"table_class must be Table or CTable, got {table_class!r}")
    return table_class


_TILE_KEYS = ("pai", "dora_marker")
_TILE_LIST_KEYS = ("consumed", "ura_markers")


def mjai_events(events, red) -> list:
    """The table's events (136-ids) in mjai form: tile names (``5mr`` for a red copy), ``tehais`` as names.

    >>> from riichi_fast import Rules
    >>> mjai_events([{"type": "dahai", "actor": 0, "pai": 16, "tsumogiri": False}], Rules().red_fives)
    [{'type': 'dahai', 'actor': 0, 'pai': '5mr', 'tsumogiri': False}]
    """
    out = []
    for e in events:
        m = dict(e)
        for k in _TILE_KEYS:
            if isinstance(m.get(k), int):
                m[k] = id_to_mjai(m[k], red=red)
        for k in _TILE_LIST_KEYS:
            if k in m:
                m[k] = [id_to_mjai(x, red=red) for x in m[k]]
        if "tehais" in m:
            m["tehais"] = [[id_to_mjai(x, red=red) for x in h] for h in m["tehais"]]
        out.append(m)
    return out


class Env:
    """One game at a time for agents (see the module doc).

    ``rules``: a :class:`~riichi_fast.Rules` or preset name; ``length``: ``single``,
    ``tonpuusen`` or ``hanchan``.  Both can be changed at :meth:`reset`.  ``table_class``:
    the engine, :func:`default_table_class` when None (the compiled ``CTable``; the Python
    :class:`~riichi_fast.engine.Table` under ``RIICHI_FAST_PUREPYTHON=1``); both give the
    same games for the same seeds and actions.
    """

    def __init__(self, rules="tenhou", length: str = "hanchan", table_class=None):
        self.table_class = _table_class(table_class)
        self._configure(rules, length)
        # the compiled observation path keeps per-hand state of a CTable (riichi_fast.engine._encode.TableCache)
        self._cache = None
        if _encode is not None and hasattr(self.table_class, "closed_ids"):
            self._cache = _encode.TableCache()
        self.table = None
        self.hands: list = []
        self.result: GameResult | None = None
        self._events: list = []
        self._stalled = None
        self._legal = None  # (state key, legal actions): asked for by mask, step and agents alike

    def _configure(self, rules, length):
        if length not in LENGTHS:
            raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")
        self.rules, self.length = Table(rules).rules, length
        self._red = self.rules.red_fives

    # ------------------------------------------------------------------ game flow

    def reset(self, seed: int = 0, rules=None, length: str | None = None, walls=None) -> Observation:
        """Start a new game; returns the acting seat's observation.

        Walls: ``seeded_wall(seed, hand_number)``, or from the iterable ``walls`` (if they run out
        before the game ends, the step that ends the last hand raises :class:`EngineError`; the hands
        played and their events are kept).  A bad argument raises before anything changes.
        """
        if type(seed) is not int:
            raise ContextError(f"seed must be an int, got {type(seed).__name__}")
        length = self.length if length is None else length
        if length not in LENGTHS:
            raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")
        table = self.table_class(self.rules if rules is None else rules)
        if walls is not None:
            walls = iter(walls)
            first = next(walls, None)
            if first is None:
                raise EngineError("walls: no wall given for the first hand")
        else:
            first = seeded_wall(seed, 0, table.n)
        table.start_hand(first, _settle.TableState.start(table.rules))  # a bad wall or seed raises before any change
        self._configure(table.rules, length)
        self.seed = seed
        self._walls = walls
        self._stalled = None
        self._legal = None
        self.table = table
        if self._cache is not None:
            self._cache.invalidate()
        self.hands = []
        self.result = None
        self._events = [{"type": "start_game", "names": [f"player{i}" for i in range(self.table.n)]}]
        return self.observation()

    def _start(self, state):
        if self._walls is None:
            wall = seeded_wall(self.seed, len(self.hands), self.table.n)
        else:
            wall = next(self._walls, None)
            if wall is None:
                self._stalled = f"the walls given ran out: no wall for hand {len(self.hands) + 1}"
                raise EngineError(self._stalled)
        self.table.start_hand(wall, state)
        if self._cache is not None:
            self._cache.invalidate()

    def _need_game(self):
        if self.table is None:
            raise EngineError("no game: call reset() first")

    @property
    def done(self) -> bool:
        """Is the game over?"""
        return self.result is not None

    @property
    def seat(self) -> int | None:
        """The seat that acts now (None when the game is over)."""
        self._need_game()
        return None if self.done or self._stalled else self.table.acting[0]

    def step(self, action) -> Observation | None:
        """Apply the acting seat's ``action`` (an :class:`Action` or an index); returns the next observation.

        When the hand ends the next one starts; when the game ends, returns None and :attr:`result` is set.
        """
        self._need_game()
        if self.done:
            raise EngineError(f"{action}: the game is over")
        if self._stalled:
            raise EngineError(self._stalled)
        if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
            # by index: the table picks action_from_index's action itself (no Action objects)
            try:
                kind = self.table.step_index(action)
            except EngineError:
                self.action_from_index(action)  # raises Env's message for that index
                raise
            if self._stepped(kind):
                return None
            return self.observation()
        if not isinstance(action, Action):
            action = self.action_from_index(action)
        elif action.seat != self.seat:
            raise EngineError(f"{action} is illegal: seat {self.seat} acts now")
        if self._advance(action):
            return None
        return self.observation()

    def _advance(self, action) -> bool:
        """Apply a legal ``action`` of the acting seat (checked by the table); True when the game ended."""
        self.table.step(action)
        return self._stepped(action.type)

    def _stepped(self, atype: str) -> bool:
        """After the table applied an action of type ``atype``: end the hand or game if it ended."""
        self._legal = None
        if self._cache is not None and atype == "riichi":
            self._cache.riichi_declared()
        if self.table.phase == "ended":
            t = self.table
            self.hands.append(t.end)
            self._events.extend(t.events)
            if game_over(t.end.settlement, self.rules, self.length):
                scores, points, ranks = final_standing(t.next_table, self.rules)
                self.result = GameResult(scores, points, ranks, list(self.hands), [])
                self._events.append({"type": "end_game", "scores": list(scores)})
                self.result.events = self.events
                return True
            self._start(t.next_table)
        return False

    # ------------------------------------------------------------------ queries

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (default: the acting seat) sees now."""
        self._need_game()
        if seat is None:
            seat = self.seat if self.seat is not None else 0
        if type(seat) is not int or not 0 <= seat < self.table.n:
            raise ContextError(f"seat must be 0-{self.table.n - 1}, got {seat!r}")
        if self._cache is not None and self.table.phase != "ended":
            return _encode.observe(self.table, seat, self._cache)
        return _observe(self.table, seat)

    def legal_actions(self) -> list:
        """The acting seat's legal actions, one per action index, in index order."""
        self._need_game()
        if self.done or self._stalled:
            return []
        return list(self._legal_by_index()[1].values())

    def _legal_by_index(self):
        """``(key, {index: action})`` of the acting seat, in index order (cached until the state changes)."""
        t = self.table
        key = (id(t), len(self.hands), t.phase, t.acting, t.tiles_left, t.drawn)
        if self._legal is not None and self._legal[0] == key:
            return self._legal
        by_index = {}
        for a in t.legal_actions(self.seat):
            by_index.setdefault(index_of(a, self._red), a)
        self._legal = (key, {i: by_index[i] for i in sorted(by_index)})
        return self._legal

    def action_mask(self) -> np.ndarray:
        """A boolean mask of ``N_ACTIONS`` entries: True at the index of every legal action."""
        mask = np.zeros(N_ACTIONS, dtype=bool)
        self._need_game()
        if not (self.done or self._stalled):
            mask[list(self._legal_by_index()[1])] = True
        return mask

    def index_of(self, action: Action) -> int:
        """The index of ``action`` in the action space."""
        return index_of(action, self._red)

    def action_from_index(self, i) -> Action:
        """The acting seat's legal action at index ``i``; an index not legal now raises :class:`EngineError`."""
        self._need_game()
        if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)):
            raise EngineError(f"an action is an Action or an index 0-{N_ACTIONS - 1}, got {i!r}")
        i = int(i)
        name = action_name(i)
        if self.done:
            raise EngineError(f"action {i} ({name}): the game is over")
        if not self._stalled:
            a = self._legal_by_index()[1].get(i)
            if a is not None:
                return a
        raise EngineError(f"action {i} ({name}) is illegal for seat {self.seat} now (phase {self.table.phase})")

    @property
    def events(self) -> list:
        """The game so far in mjai form (the current hand's events included)."""
        if self.table is None:
            return []
        live = [] if self.done or self._stalled else self.table.events
        return mjai_events(self._events + live, self._red)
