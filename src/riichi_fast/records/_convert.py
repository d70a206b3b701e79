"""Conversion of record hands to :class:`riichi_fast.hand.Hand` (imported lazily)."""

from __future__ import annotations

from riichi_fast.enums import MeldType


def to_meld(meld, winner: int, n_players: int = 4):
    """A :class:`riichi_fast.hand.Meld` from a record meld of seat ``winner``.

    The hand module counts the discarder relative to the owner (1 = right,
    2 = across, 3 = left); records store absolute seats.
    """
    from riichi_fast.hand import Meld

    if meld.type in (MeldType.ANKAN, MeldType.KITA):
        return Meld(meld.type, meld.tiles)
    rel = (meld.from_seat - winner) % n_players if meld.from_seat is not None else 3
    if n_players == 3 and rel == 2:
        rel = 3  # three players: the seat before the owner is on the left
    return Meld(meld.type, meld.tiles, meld.called, rel)


def to_hand(win):
    """The :class:`riichi_fast.hand.Hand` of a :class:`RecordedWin`."""
    from riichi_fast.hand import Hand

    n = 3 if win.three_player else 4
    melds = tuple(to_meld(m, win.winner, n) for m in win.melds)
    red = (1 if not win.three_player else {"5p": 1, "5s": 1}) if win.red_fives else 0
    return Hand(win.closed, melds, red)
