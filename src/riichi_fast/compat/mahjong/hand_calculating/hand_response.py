"""The result of ``HandCalculator.estimate_hand_value``, as in ``mahjong``'s ``HandResponse``.

``HandResponse`` is the compiled type of ``_compat_hand`` (the fast path fills
its fields directly); ``_HandResponse`` below is its pure-Python twin, used
with ``RIICHI_FAST_PUREPYTHON=1``.  Both take mahjong's constructor arguments,
sort ``fu_details`` and ``yaku`` the same way, print the same ``str`` and take
any other attribute.  One difference from mahjong's plain class: on the
compiled type ``vars(r)`` holds only the attributes you added, not the seven
fields.

>>> str(HandResponse(han=3, fu=30)), str(HandResponse(error="hand_not_winning"))
('3 han, 30 fu', 'hand_not_winning')
"""

from __future__ import annotations

from collections.abc import Collection

from riichi_fast import _backend
from riichi_fast.compat.mahjong.hand_calculating.fu import FuDetail  # noqa: F401 (mahjong's name)
from riichi_fast.compat.mahjong.hand_calculating.scores import ScoresResult  # noqa: F401 (mahjong's name)
from riichi_fast.compat.mahjong.hand_calculating.yaku import Yaku  # noqa: F401 (mahjong's name)

__all__ = ["HandResponse"]


class _HandResponse:
    """``cost`` (dict), ``han``, ``fu``, ``fu_details`` (sorted by fu, descending),
    ``yaku`` (sorted by yaku id), ``error``, ``is_open_hand``; all None but
    ``error`` for a hand that does not win.
    """

    def __init__(
        self,
        cost: dict | None = None,
        han: int | None = None,
        fu: int | None = None,
        yaku: Collection | None = None,
        error: str | None = None,
        fu_details: list | None = None,
        is_open_hand: bool = False,
    ) -> None:
        self.cost = cost
        self.han = han
        self.fu = fu
        self.error = error
        self.is_open_hand = is_open_hand
        self.fu_details = sorted(fu_details, key=lambda x: x["fu"], reverse=True) if fu_details else None
        self.yaku = sorted(yaku, key=lambda x: x.yaku_id) if yaku else None

    def __str__(self) -> str:
        if self.error:
            return self.error
        return f"{self.han} han, {self.fu} fu"


if _backend.PUREPYTHON:  # the twin is the public class, under mahjong's class name
    _HandResponse.__name__ = _HandResponse.__qualname__ = "HandResponse"
    HandResponse = _HandResponse
else:  # the compiled type; an import failure is an error (no silent fallback)
    from riichi_fast.compat.mahjong.hand_calculating._compat_hand import HandResponse
