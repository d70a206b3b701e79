"""``RoundWindNorth``, at mahjong's path ``mahjong.hand_calculating.yaku_list.round_wind_north``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.round_wind_north import RoundWindNorth
>>> RoundWindNorth.yaku_id
25
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import RoundWindNorth, Yaku

__all__ = ["RoundWindNorth", "Yaku"]
