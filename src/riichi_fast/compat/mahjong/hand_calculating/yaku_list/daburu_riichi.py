"""``DaburuRiichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.daburu_riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.daburu_riichi import DaburuRiichi
>>> DaburuRiichi.yaku_id
8
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuRiichi, Yaku

__all__ = ["DaburuRiichi", "Yaku"]
