"""``RoundWindEast``, at mahjong's path ``mahjong.hand_calculating.yaku_list.round_wind_east``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.round_wind_east import RoundWindEast
>>> RoundWindEast.yaku_id
22
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import EAST  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import RoundWindEast, Yaku
from riichi_fast.compat.mahjong.utils import has_pon_or_kan_of  # noqa: F401

__all__ = ["RoundWindEast", "Yaku"]
