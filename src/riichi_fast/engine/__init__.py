"""The game engine: walls, a table that plays hands, and real games replayed through it.

:class:`Table` plays hands under any :class:`~riichi_fast.Rules` (see
:mod:`riichi_fast.engine.table`; its code: ``riichi_fast/reference/engine/table.py``):
it is the readable Python specification.  :class:`CTable` is its compiled twin (the same legal actions, events and
results step for step; a hand runs in C without the GIL), the default of
:func:`play_game`, :func:`replay_file`, :class:`Env` and ``VecEnv``.
:func:`replay_file` replays a real game (Tenhou mjlog, tenhou.net/6, mjai)
through it, on the walls of its seed or the walls its draws imply, and reports
every difference; :func:`play_games` plays whole games of built-in agents in
compiled code on native threads.

:func:`play` plays many seeded games between agents (built-in ones in
:mod:`riichi_fast.engine.agents`) and returns the results as numpy arrays;
:mod:`riichi_fast.engine.encode` turns observations into feature planes and
:class:`~riichi_fast.engine.encode.VecEnv` steps many tables together.

:class:`Env` plays whole games for agents: observations without the other
hands, legal actions as objects and as a mask over a fixed action space of
``N_ACTIONS`` indices (see :mod:`riichi_fast.engine.env`), mjai events.

Walls:  :class:`Wall` holds one hand's wall in Tenhou's order with its
dice, and knows the deal, the live draws, the rinshan tiles and the dora and
ura indicators.  Walls come from Tenhou's published shuffle
(:func:`tenhou_walls`, for the ``mt19937ar-sha512-n288-base64`` seeds of its
mjlog records: every hand's wall, dice and indicators exactly as Tenhou dealt
them), from our own stable integer-seeded generator (:func:`seeded_wall`), or
from an explicit list of tiles (:class:`Wall`).

>>> from riichi_fast.engine import seeded_wall
>>> w = seeded_wall(2024)
>>> len(w.haipai(dealer=0)[0]), len(w.live_tiles), len(w.rinshan_tiles)
(13, 70, 4)
"""

from riichi_fast.engine._games import play_games, play_random_games, play_random_hands
from riichi_fast.engine._table import CTable
from riichi_fast.engine.env import N_ACTIONS, Env, Observation
from riichi_fast.engine.game import GameResult, dealer_may_stop, final_points, game_over, play_game
from riichi_fast.engine.replay import Mismatch, ReplayReport, replay_file
from riichi_fast.engine.selfplay import SelfPlayResult, play
from riichi_fast.engine.table import Table
from riichi_fast.engine.types import Action, EngineError, HandEnd
from riichi_fast.engine.wall import Wall, seeded_wall, tenhou_walls

__all__ = [
    "N_ACTIONS",
    "Action",
    "CTable",
    "EngineError",
    "Env",
    "GameResult",
    "HandEnd",
    "Mismatch",
    "Observation",
    "ReplayReport",
    "SelfPlayResult",
    "Table",
    "Wall",
    "dealer_may_stop",
    "final_points",
    "game_over",
    "play",
    "play_game",
    "play_games",
    "play_random_games",
    "play_random_hands",
    "replay_file",
    "seeded_wall",
    "tenhou_walls",
]
