"""``DaburuOpenRiichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.daburu_open_riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.daburu_open_riichi import DaburuOpenRiichi
>>> DaburuOpenRiichi.yaku_id
9
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuOpenRiichi, Yaku

__all__ = ["DaburuOpenRiichi", "Yaku"]
