"""``DaburuOpenRiichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.daburu_open_riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.daburu_open_riichi import DaburuOpenRiichi
>>> DaburuOpenRiichi.yaku_id
9
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuOpenRiichi, Yaku

__all__ = ["DaburuOpenRiichi", "Yaku"]
