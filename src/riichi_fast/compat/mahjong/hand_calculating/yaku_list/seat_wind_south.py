"""``SeatWindSouth``, at mahjong's path ``mahjong.hand_calculating.yaku_list.seat_wind_south``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.seat_wind_south import SeatWindSouth
>>> SeatWindSouth.yaku_id
19
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import SeatWindSouth, Yaku

__all__ = ["SeatWindSouth", "Yaku"]
