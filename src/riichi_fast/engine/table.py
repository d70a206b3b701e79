"""The Python table, :class:`Table`: the readable, executable specification of the game engine.

Its code is the twin of the compiled :class:`~riichi_fast.engine.CTable`
(``riichi_fast/reference/engine/table.py``, see its module doc): the same phases, legal
actions, events and hand ends.  This module keeps it importable beside the compiled
table whatever ``RIICHI_FAST_PUREPYTHON`` says.

>>> from riichi_fast.engine.table import Table
>>> from riichi_fast.engine import seeded_wall
>>> t = Table("tenhou")
>>> t.start_hand(seeded_wall(3))
>>> t.acting, t.phase
((0,), 'turn')
"""

from riichi_fast import _backend
from riichi_fast.engine.types import Action, EngineError, HandEnd

__all__ = ["Action", "EngineError", "HandEnd", "Table"]

Table = _backend.twin("engine._table").Table
