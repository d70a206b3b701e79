"""``RoundWindSouth``, at mahjong's path ``mahjong.hand_calculating.yaku_list.round_wind_south``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.round_wind_south import RoundWindSouth
>>> RoundWindSouth.yaku_id
23
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import RoundWindSouth, Yaku

__all__ = ["RoundWindSouth", "Yaku"]
