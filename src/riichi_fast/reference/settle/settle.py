"""Pure-Python twin of ``riichi_fast.settle._settle``: the settlement of :mod:`riichi_fast.settle.explain`.

The Python settlement (checks, arithmetic on plain ints, explanation lines) lives in
:mod:`riichi_fast.settle.explain`, where the compiled module also finds the cases it leaves
to Python and the lines it does not write; this module is its twin entry.

>>> from riichi_fast.settle import TableState
>>> settle_exhaustive_draw(TableState(dealer=0), tenpai=[1]).deltas
(-1000, 3000, -1000, -1000)
"""

from riichi_fast.settle.explain import (
    mangan_edges,
    noten_pay,
    settle_abortive_draw,
    settle_chombo,
    settle_exhaustive_draw,
    settle_win,
    turn_order,
    win_edges,
)

__all__ = ["mangan_edges", "noten_pay", "settle_abortive_draw", "settle_chombo", "settle_exhaustive_draw",
           "settle_win", "turn_order", "win_edges"]
