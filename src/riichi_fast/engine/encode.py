"""Observations as numpy arrays for learning, and many tables stepped together (:class:`VecEnv`).

:func:`encode` turns an :class:`~riichi_fast.engine.Observation` into a
``float32`` array of ``N_PLANES`` planes over the 34 kinds (shape ``(59, 34)``)
and the legal actions into a boolean mask over the ``N_ACTIONS`` = 222 indices
of :mod:`riichi_fast.engine.env`.  It reads only the observation, which holds
no other seat's closed tiles: the encoding cannot leak them.

The planes and masks are written in compiled code
(:mod:`riichi_fast.engine._encode`; :class:`VecEnv` reads each table directly,
without an Observation); their twins and specification are the Python writers of
``riichi_fast/reference/engine/encode.py`` (used under ``RIICHI_FAST_PUREPYTHON=1``;
tests demand equal arrays).

Seats are *relative* to the observer: ``r = (seat - observer) % n`` (0 self,
1 the next player (shimocha), 2 across, 3 the previous one); in three-player
the planes of ``r = 3`` stay zero.  "count" planes hold a number of tiles of
each kind; "const" planes hold one value at all 34 kinds.

=======  =================================================================
plane    content
=======  =================================================================
0-3      own closed tiles (drawn tile included): count >= 1, 2, 3, 4 (0/1)
4        the tile just drawn (1 at its kind)
5        red copies among the own closed tiles (count)
6        the tile being claimed (a discard, an added kan or a kita; 1)
7-38     per relative seat ``r``, planes ``7 + 8 r + j``:
         j = 0-3 discards in order bins (the seat's discards 1-6, 7-12,
         13-18, 19-; count), 4 tsumogiri discards (count), 5 the riichi
         declaration tile (1), 6 discards taken by a call (count),
         7 tiles of the seat's melds and kita (count)
39       dora indicators (count)
40-43    riichi state per relative seat (const: 0 none, 0.5 declared,
         1 accepted)
44-47    score per relative seat (const: points / 100,000)
48       round wind (1 at its kind: 27 E ... 30 N)
49       own seat wind (1 at its kind)
50       honba (const: / 10)
51       riichi sticks on the table (const: / 10)
52       live tiles left (const: / 70)
53       the observer is the dealer (const 0/1)
54       a claim is being asked (const 0/1: phase ``claim`` or ``chankan``)
55-58    closed tiles per relative seat (const: / 14)
=======  =================================================================

>>> from riichi_fast.engine import Env
>>> from riichi_fast.engine.encode import encode
>>> env = Env("tenhou")
>>> obs = env.reset(seed=5, length="single")
>>> planes, mask = encode(obs, env.legal_actions())
>>> planes.shape, planes.dtype, int(planes[0].sum()) == len({t >> 2 for t in obs.hand}), int(mask.sum())
((59, 34), dtype('float32'), True, 13)
"""

from __future__ import annotations

import numpy as np

from riichi_fast import _backend
from riichi_fast.engine._games import write_batch
from riichi_fast.engine.actions import N_ACTIONS, action_name
from riichi_fast.engine.env import Env
from riichi_fast.engine.game import game_seed
from riichi_fast.engine.types import EngineError
from riichi_fast.errors import ContextError
from riichi_fast.rules import Rules

__all__ = ["N_PLANES", "VecEnv", "encode", "encode_batch", "legal_mask"]

N_PLANES = 59
_RED_TENHOU = Rules.preset("tenhou").red_fives


def _red_of(rules):
    if rules is None:
        return _RED_TENHOU
    return (Rules.preset(rules) if isinstance(rules, str) else rules).red_fives


def legal_mask(actions, rules=None, out=None) -> np.ndarray:
    """A boolean mask over the ``N_ACTIONS`` indices from legal actions (:class:`Action` objects or indices).

    >>> from riichi_fast.engine import Action
    >>> m = legal_mask([Action("pass", 1), 137])
    >>> [int(i) for i in m.nonzero()[0]]
    [137, 138]
    """
    mask = np.zeros(N_ACTIONS, dtype=bool) if out is None else out
    red = _red_of(rules)
    if out is not None:
        mask[:] = False
    _mask_map(actions, red, mask.view(np.uint8))
    return mask


# the compiled writers (riichi_fast.engine._encode), or their twins under RIICHI_FAST_PUREPYTHON=1
_writers = _backend.load("engine._encode")
_fill_obs, _fill_tab, _mask_map = _writers.fill_observation, _writers.fill_table, _writers.mask_map


def encode(observation, actions=None, *, rules=None):
    """``(planes, mask)``: the observation's ``(N_PLANES, 34)`` float32 planes and the legal-action mask.

    ``actions``: the legal actions (:class:`Action` objects or indices; None: an all-False mask);
    ``rules``: for red copies (default: Tenhou's one red five per suit).
    """
    x = np.zeros((N_PLANES, 34), dtype=np.float32)
    _fill_obs(observation, _red_of(rules), x)
    mask = legal_mask(actions if actions is not None else (), rules)
    return x, mask


def encode_batch(observations, actions=None, *, rules=None):
    """``(planes, masks)`` of many observations: ``(N, N_PLANES, 34)`` float32 and ``(N, N_ACTIONS)`` bool.

    ``actions``: None, or one list of legal actions per observation.

    >>> from riichi_fast.engine import Env
    >>> envs = [Env("tenhou") for _ in range(3)]
    >>> obs = [e.reset(seed=i, length="single") for i, e in enumerate(envs)]
    >>> planes, masks = encode_batch(obs, [e.legal_actions() for e in envs])
    >>> planes.shape, masks.shape
    ((3, 59, 34), (3, 222))
    """
    observations = list(observations)
    if actions is not None:
        actions = list(actions)
        if len(actions) != len(observations):
            raise ContextError(f"{len(observations)} observations but {len(actions)} lists of actions")
    red = _red_of(rules)
    x = np.zeros((len(observations), N_PLANES, 34), dtype=np.float32)
    masks = np.zeros((len(observations), N_ACTIONS), dtype=bool)
    for i, obs in enumerate(observations):
        _fill_obs(obs, red, x[i])
        if actions is not None:
            legal_mask(actions[i], rules, masks[i])
    return x, masks


class VecEnv:
    """``n`` games stepped together with a batch of action indices; observations and masks as arrays.

    Each table is an :class:`~riichi_fast.engine.Env` on ``table_class`` (default: the compiled
    ``CTable``; the Python :class:`~riichi_fast.engine.Table` under ``RIICHI_FAST_PUREPYTHON=1``;
    both give the same arrays for the same seeds and actions).  Table ``i``'s ``k``-th game is
    seeded ``game_seed(seed, k * n + i)`` (:func:`riichi_fast.engine.selfplay.game_seed`).

    :meth:`reset` and :meth:`step` write the acting seats' planes (``(n, N_PLANES, 34)`` float32,
    as :func:`encode`) and legal-action masks (``(n, N_ACTIONS)`` bool) into preallocated arrays,
    in compiled code that reads each table directly (a CTable: its ``legal_mask``, ``fill_planes`` and
    ``step_index``, from its C state) (no :class:`~riichi_fast.engine.Observation`
    is made; :meth:`observation` gives one on request).  They return copies, or with
    ``copy=False`` the arrays themselves (overwritten by the next call).  :attr:`seats` is the
    acting seat of each table.

    Auto-reset: :meth:`step` also returns the rewards (``(n, players)`` float32: each seat's final
    points when that table's game ended at this step, else 0) and the done flags; a table whose
    game ended starts its next game at once (the planes and mask returned are the new game's), its
    result kept in :attr:`results` and its count in :attr:`games`.

    >>> import numpy as np
    >>> v = VecEnv(2, "tenhou", seed=3, length="single")
    >>> obs, masks = v.reset()
    >>> obs.shape, masks.shape, v.seats.tolist()
    ((2, 59, 34), (2, 222), [0, 0])
    >>> obs, masks, rewards, dones = v.step(masks.argmax(axis=1))
    >>> rewards.shape, dones.tolist()
    ((2, 4), [False, False])
    """

    def __init__(self, n: int, rules="tenhou", seed: int = 0, length: str = "hanchan", table_class=None):
        if type(n) is not int or n < 1:
            raise ContextError(f"n must be an int >= 1, got {n!r}")
        if type(seed) is not int:
            raise ContextError(f"seed must be an int, got {type(seed).__name__}")
        self.envs = [Env(rules, length, table_class) for _ in range(n)]
        self.n = n
        self.seed = seed
        self.table_class = self.envs[0].table_class
        self.rules = self.envs[0].rules
        self.n_players = self.rules.n_players
        self._red = self.rules.red_fives
        self._games = [0] * n
        self._started = False
        self._planes = hasattr(self.table_class, "fill_planes")
        if self._planes:  # CTable: masks and planes of every table in one compiled call after a step
            self._write_batch = write_batch
        self.results = [None] * n
        self.seats = np.zeros(n, dtype=np.int8)
        self._obs = np.zeros((n, N_PLANES, 34), dtype=np.float32)
        self._masks = np.zeros((n, N_ACTIONS), dtype=bool)
        self._masks_u8 = self._masks.view(np.uint8)

    @property
    def games(self) -> list:
        """Games started on each table since :meth:`reset` (the one in play included)."""
        return list(self._games)

    def _new_game(self, i):
        self.envs[i].reset(seed=game_seed(self.seed, self._games[i] * self.n + i))
        self._games[i] += 1

    def _write(self, i):
        env = self.envs[i]
        t = env.table
        # the mask straight from the table (no Action objects: CTable.legal_mask, Table.legal_mask its twin)
        seat = t.legal_mask(self._masks_u8[i])
        self.seats[i] = seat
        if self._planes:  # a CTable writes its planes from its C state
            t.fill_planes(seat, self._obs[i])
        else:
            # env._cache: what the compiled writer keeps of a CTable between steps (Env renews it every hand)
            _fill_tab(t, seat, None, self._red, self._obs[i], None, env._cache)

    def reset(self, copy: bool = True):
        """Start a new game on every table: ``(observations, masks)``."""
        self._games = [0] * self.n
        self.results = [None] * self.n
        for i in range(self.n):
            self._new_game(i)
            self._write(i)
        self._started = True
        if copy:
            return self._obs.copy(), self._masks.copy()
        return self._obs, self._masks

    def observation(self, i: int):
        """Table ``i``'s acting seat's :class:`~riichi_fast.engine.Observation` (made on request)."""
        if type(i) is not int or not 0 <= i < self.n:
            raise ContextError(f"table must be 0-{self.n - 1}, got {i!r}")
        return self.envs[i].observation()

    def step(self, actions, copy: bool = True):
        """Apply one action index per table: ``(observations, masks, rewards, dones)``.

        Every index is checked before any table steps: an index out of range or not legal on its table
        raises :class:`EngineError` naming the table, the index and its action, and no table changes.
        """
        actions = np.asarray(actions)
        if actions.shape != (self.n,) or actions.dtype.kind not in "iu":
            raise ContextError(f"actions must be {self.n} integer indices, got shape {actions.shape} "
                               f"dtype {actions.dtype}")
        if not self._started:
            raise EngineError("no game: call reset() first")
        idx = actions.tolist()
        masks = self._masks_u8
        for i, a in enumerate(idx):
            if not (0 <= a < N_ACTIONS and masks[i, a]):
                name = action_name(a) if 0 <= a < N_ACTIONS else "out of range"
                raise EngineError(f"table {i}: action {a} ({name}) is illegal for seat {int(self.seats[i])} now "
                                  f"(phase {self.envs[i].table.phase}; legal: {np.flatnonzero(masks[i]).tolist()})")
        rewards = np.zeros((self.n, self.n_players), dtype=np.float32)
        dones = np.zeros(self.n, dtype=bool)
        for i, env in enumerate(self.envs):
            # the table applies the first legal action with that index (Env.action_from_index's choice)
            t = env.table
            kind = t.step_index(idx[i])
            if kind != "riichi" and t.phase != "ended":
                env._legal = None  # all Env._stepped does then
            elif env._stepped(kind):
                dones[i] = True
                rewards[i] = env.result.points
                self.results[i] = env.result
                self._new_game(i)
            if not self._planes:
                self._write(i)
        if self._planes:
            self._write_batch([env.table for env in self.envs], self._obs, self._masks_u8, self.seats)
        if copy:
            return self._obs.copy(), self._masks.copy(), rewards, dones
        return self._obs, self._masks, rewards, dones
