"""``RoundWindWest``, at mahjong's path ``mahjong.hand_calculating.yaku_list.round_wind_west``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.round_wind_west import RoundWindWest
>>> RoundWindWest.yaku_id
24
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import RoundWindWest, Yaku

__all__ = ["RoundWindWest", "Yaku"]
