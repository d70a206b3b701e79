"""Record hands as :class:`riichi_fast.hand.Hand`: :func:`to_hand`, and the verifier's
:func:`quick_hand`, the same Hand built without its checks (``records._round``)."""

from __future__ import annotations

from riichi_fast import _backend
from riichi_fast.hand import Hand, Meld
from riichi_fast.records.model import to_hand, to_meld
from riichi_fast.tiles import red_counts

__all__ = ["quick_hand", "to_hand", "to_meld"]

_round = _backend.load("records._round")
_REDS: dict = {}


def _red_of(win):
    key = (bool(win.red_fives), bool(win.three_player))
    red = _REDS.get(key)
    if red is None:
        red = red_counts((1 if not win.three_player else {"5p": 1, "5s": 1}) if win.red_fives else 0)
        _REDS[key] = red
    return red


def quick_hand(win):
    """:func:`to_hand` of ``win`` when its tiles and melds are plainly valid, else ``None``.

    The Hand is equal in every field to ``to_hand(win)`` (closed ids sorted,
    the same Meld objects' fields, the same red configuration); every unusual
    input (a duplicate id, a meld of the wrong shape or size, a called tile
    outside its meld, a wrong tile count, a non-int id) returns ``None`` so
    that :func:`to_hand` raises its own error.

    >>> from riichi_fast.records.model import RecordedWin, RecordedScore, Situation
    >>> win = RecordedWin("x", 0, 0, None, tuple(range(0, 56, 4)), (), 52, Situation(True),
    ...                   RecordedScore(), 0)
    >>> import dataclasses
    >>> quick_hand(win) == to_hand(win), quick_hand(dataclasses.replace(win, closed=(0,) * 14))
    (True, None)
    """
    try:
        return _round.quick_hand(win, Hand, Meld, _red_of)
    except Exception:  # noqa: BLE001 - anything odd: to_hand decides (and raises its own error)
        return None
