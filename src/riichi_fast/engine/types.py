"""The values the engine takes and gives: an :class:`Action`, a hand's :class:`HandEnd`,
a seat's :class:`Observation`, and :class:`EngineError`.

Both tables (the compiled ``CTable`` and the Python :class:`~riichi_fast.engine.Table`)
take and give these same objects.

>>> from riichi_fast.engine.types import Action
>>> str(Action("chi", 1, 17, (12, 20)))
'seat 1 chi 17 with [12, 20]'
"""

from __future__ import annotations

from dataclasses import dataclass

from riichi_fast.errors import RiichiError
from riichi_fast.settle.types import Settlement

__all__ = ["Action", "EngineError", "HandEnd", "Observation"]


class EngineError(RiichiError):
    """An action that is not legal now (the message says which and why); the table is unchanged."""


@dataclass(frozen=True)
class Action:
    """One decision of one seat.

    ``type``: ``discard``, ``riichi`` (declare and discard ``tile``), ``tsumo``,
    ``ron``, ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``, ``kita``,
    ``kyuushu`` (abort with nine terminals and honors) or ``pass``.  ``tile``:
    the 136-id discarded, claimed, added (kakan) or set aside (kita); for an
    ankan one of the four.  ``consumed``: the ids taken from the hand to make
    a called meld.
    """

    type: str
    seat: int
    tile: int | None = None
    consumed: tuple = ()

    def __str__(self):
        extra = "" if self.tile is None else f" {self.tile}"
        if self.consumed:
            extra += f" with {list(self.consumed)}"
        return f"seat {self.seat} {self.type}{extra}"


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: ``kind`` (``win``, ``exhaustive_draw``, ``abortive_draw``), ``detail``
    (the abortive draw's kind, ``nagashi_mangan``...), the wins ``(seat, discarder or None,
    HandResult)``, the tenpai seats of an exhaustive draw and the :class:`Settlement`."""

    kind: str
    detail: str
    wins: tuple
    tenpai: tuple
    settlement: Settlement


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
