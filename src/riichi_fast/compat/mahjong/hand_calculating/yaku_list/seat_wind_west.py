"""``SeatWindWest``, at mahjong's path ``mahjong.hand_calculating.yaku_list.seat_wind_west``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.seat_wind_west import SeatWindWest
>>> SeatWindWest.yaku_id
20
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import SeatWindWest, Yaku

__all__ = ["SeatWindWest", "Yaku"]
