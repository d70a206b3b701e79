"""``SeatWindEast``, at mahjong's path ``mahjong.hand_calculating.yaku_list.seat_wind_east``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.seat_wind_east import SeatWindEast
>>> SeatWindEast.yaku_id
18
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import EAST  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import SeatWindEast, Yaku
from riichi_fast.compat.mahjong.utils import has_pon_or_kan_of  # noqa: F401

__all__ = ["SeatWindEast", "Yaku"]
