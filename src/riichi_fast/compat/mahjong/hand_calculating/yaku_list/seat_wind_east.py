"""``SeatWindEast``, at mahjong's path ``mahjong.hand_calculating.yaku_list.seat_wind_east``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.seat_wind_east import SeatWindEast
>>> SeatWindEast.yaku_id
18
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import SeatWindEast, Yaku

__all__ = ["SeatWindEast", "Yaku"]
