"""``RoundWindSouth``, at mahjong's path ``mahjong.hand_calculating.yaku_list.round_wind_south``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.round_wind_south import RoundWindSouth
>>> RoundWindSouth.yaku_id
23
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import SOUTH  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import RoundWindSouth, Yaku
from riichi_fast.compat.mahjong.utils import has_pon_or_kan_of  # noqa: F401

__all__ = ["RoundWindSouth", "Yaku"]
