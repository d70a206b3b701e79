"""``SeatWindNorth``, at mahjong's path ``mahjong.hand_calculating.yaku_list.seat_wind_north``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.seat_wind_north import SeatWindNorth
>>> SeatWindNorth.yaku_id
21
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import SeatWindNorth, Yaku

__all__ = ["SeatWindNorth", "Yaku"]
