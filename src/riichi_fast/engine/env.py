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

The action space (``N_ACTIONS`` = 222 indices; ``k`` is a kind 0-33, 1m..9m
1p..9p 1s..9s E S W N P F C; "red" is a red copy under the rules' red tiles):

=========  ===========================================================
index      action
=========  ===========================================================
0-33       discard a plain copy of kind ``k``
34-67      discard a red copy of kind ``k`` (only suited kinds occur)
68-101     riichi, discarding a plain copy of kind ``k``
102-135    riichi, discarding a red copy of kind ``k``
136        tsumo
137        ron (on a discard, a kan being added, or a kita)
138        pass (decline every claim on the tile)
139-147    chi: ``139 + 3 * position + reds``; ``position`` of the called
           tile in the sequence (0 lowest, 1 middle, 2 highest), ``reds``
           the red copies among the two tiles taken from the hand (0-2)
148-150    pon: ``148 + reds`` (red copies among the two taken from the hand)
151        daiminkan (open kan on a discard)
152-185    ankan of kind ``k``
186-219    kakan (add the fourth tile to the pon) of kind ``k``
220        kita (three-player: set a north aside)
221        kyuushu kyuuhai (abort with nine terminal and honor kinds)
=========  ===========================================================

Which copy of a kind an index takes does not matter to the game except for red
copies, which have their own indices; where two legal actions share an index
(two plain copies, or an exotic red setting with red copies on two kinds of one
chi), :meth:`Env.legal_actions` lists the first.

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

from dataclasses import dataclass

import numpy as np

from riichi_fast import _backend
from riichi_fast import settle as _settle
from riichi_fast.engine.game import LENGTHS, GameResult, final_standing, game_over
from riichi_fast.engine.table import Action, EngineError, Table
from riichi_fast.engine.wall import seeded_wall
from riichi_fast.errors import ContextError
from riichi_fast.tiles import id_to_mjai

__all__ = ["ACTION_NAMES", "N_ACTIONS", "Env", "Observation", "action_name", "default_table_class", "index_of",
           "mjai_events"]

N_ACTIONS = 222
DISCARD, DISCARD_RED, RIICHI, RIICHI_RED = 0, 34, 68, 102
TSUMO, RON, PASS, CHI, PON, DAIMINKAN, ANKAN, KAKAN, KITA, KYUUSHU = 136, 137, 138, 139, 148, 151, 152, 186, 220, 221


def default_table_class():
    """The table :class:`Env` plays on by default: the compiled ``CTable``, or the Python ``Table``
    under ``RIICHI_FAST_PUREPYTHON=1`` (both play identically, step for step).

    >>> default_table_class().__name__ in ("CTable", "Table")
    True
    """
    if _backend.PUREPYTHON:
        return Table
    from riichi_fast.engine._table import CTable

    return CTable


def _table_class(table_class):
    if table_class is None:
        return default_table_class()
    if not isinstance(table_class, type) or not hasattr(table_class, "legal_actions"):
        raise ContextError(f"table_class must be Table or CTable, got {table_class!r}")
    return table_class


def _is_red(tile: int, red) -> bool:
    return (tile & 3) < red[tile >> 2]


def index_of(action: Action, red) -> int:
    """The index of ``action`` in the action space (``red``: the rules' ``red_fives`` counts, 34 per kind).

    >>> from riichi_fast import Rules
    >>> red = Rules.preset("tenhou").red_fives
    >>> index_of(Action("discard", 0, 17), red), index_of(Action("discard", 0, 16), red)
    (4, 38)
    >>> index_of(Action("chi", 1, 17, (12, 20)), red), index_of(Action("pass", 2), red)
    (142, 138)
    """
    t = action.type
    if t in ("discard", "riichi"):
        base = DISCARD if t == "discard" else RIICHI
        return base + (34 if _is_red(action.tile, red) else 0) + (action.tile >> 2)
    if t == "tsumo":
        return TSUMO
    if t == "ron":
        return RON
    if t == "pass":
        return PASS
    reds = sum(_is_red(x, red) for x in action.consumed)
    if t == "chi":
        position = sorted([action.tile >> 2] + [x >> 2 for x in action.consumed]).index(action.tile >> 2)
        return CHI + 3 * position + reds
    if t == "pon":
        return PON + reds
    if t == "daiminkan":
        return DAIMINKAN
    if t == "ankan":
        return ANKAN + (action.tile >> 2)
    if t == "kakan":
        return KAKAN + (action.tile >> 2)
    if t == "kita":
        return KITA
    if t == "kyuushu":
        return KYUUSHU
    raise EngineError(f"{action}: unknown action type {t!r}")


_KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


def action_name(i: int) -> str:
    """A readable name of action index ``i``.

    >>> action_name(0), action_name(38), action_name(72), action_name(141), action_name(153)
    ('discard 1m', 'discard red 5m', 'riichi 5m', 'chi low (2 red)', 'ankan 2m')
    """
    if not 0 <= i < N_ACTIONS:
        raise EngineError(f"action index {i} is out of range 0-{N_ACTIONS - 1}")
    if i < TSUMO:
        verb = "discard" if i < RIICHI else "riichi"
        j = i % 68
        return f"{verb} {'red ' if j >= 34 else ''}{_KINDS[j % 34]}"
    if i < CHI:
        return ("tsumo", "ron", "pass")[i - TSUMO]
    if i < PON:
        pos, reds = divmod(i - CHI, 3)
        return f"chi {('low', 'mid', 'high')[pos]}" + (f" ({reds} red)" if reds else "")
    if i < DAIMINKAN:
        return "pon" + (f" ({i - PON} red)" if i > PON else "")
    if i == DAIMINKAN:
        return "daiminkan"
    if i < KITA:
        return f"{'ankan' if i < KAKAN else 'kakan'} {_KINDS[(i - ANKAN) % 34]}"
    return "kita" if i == KITA else "kyuushu"


#: the name of every index of the action space
ACTION_NAMES = tuple(action_name(i) for i in range(N_ACTIONS))


@dataclass(frozen=True)
class Observation:
    """What one seat may see (136-ids; seats absolute, 0 = the first dealer).

    ``hand``: own closed tiles, sorted; ``drawn``: the tile just drawn (own turn) or None;
    ``melds``: per seat, ``(type, tiles, called, from_seat)`` of each call (kita included);
    ``rivers``: per seat, ``(tile, tsumogiri, called, riichi)`` of each discard (``called``:
    taken by another seat, ``riichi``: the riichi declaration tile); ``hand_sizes``: closed tiles
    per seat; ``riichi``: per seat 0 (none), 1 (declared, stake not yet paid), 2 (accepted);
    ``last_discard``: ``(seat, tile)`` being claimed, or None.
    """

    seat: int
    hand: tuple
    drawn: int | None
    melds: tuple
    rivers: tuple
    hand_sizes: tuple
    kita: tuple
    dora_indicators: tuple
    scores: tuple
    riichi: tuple
    round_wind: int
    kyoku: int
    honba: int
    riichi_sticks: int
    tiles_left: int
    dealer: int
    seat_wind: int
    last_discard: tuple | None
    phase: str


def _observe(table: Table, seat: int) -> Observation:
    st = table.table
    seats = table.seats
    melds = tuple(tuple((m.type.name.lower(), tuple(m.tiles), m.called, m.from_seat) for m in s.melds) for s in seats)
    rivers = tuple(tuple((tile, tsumogiri, i in s.called_from_river, i == s.riichi_at)
                         for i, (tile, tsumogiri) in enumerate(s.river)) for s in seats)
    riichi = tuple(2 if s.riichi_accepted else 1 if s.riichi_at is not None else 0 for s in seats)
    own = seats[seat]
    drawn = table.drawn if (table.phase == "turn" and table.current == seat) else None
    last = (table.claim["from"], table.claim["tile"]) if table.phase in ("claim", "chankan") else None
    return Observation(
        seat=seat, hand=tuple(sorted(own.closed)), drawn=drawn, melds=melds, rivers=rivers,
        hand_sizes=tuple(len(s.closed) for s in seats), kita=tuple(s.kita for s in seats),
        dora_indicators=tuple(table.dora), scores=tuple(table.scores), riichi=riichi,
        round_wind=st.round_wind, kyoku=st.kyoku, honba=st.honba, riichi_sticks=table.sticks,
        tiles_left=table.tiles_left, dealer=st.dealer, seat_wind=st.seat_wind(seat), last_discard=last,
        phase=table.phase,
    )


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
        if not _backend.PUREPYTHON and hasattr(self.table_class, "closed_ids"):
            from riichi_fast.engine import _encode

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
            from riichi_fast.engine._encode import observe

            return observe(self.table, seat, self._cache)
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
