"""``RoundWindEast``, at mahjong's path ``mahjong.hand_calculating.yaku_list.round_wind_east``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.round_wind_east import RoundWindEast
>>> RoundWindEast.yaku_id
22
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import RoundWindEast, Yaku

__all__ = ["RoundWindEast", "Yaku"]
