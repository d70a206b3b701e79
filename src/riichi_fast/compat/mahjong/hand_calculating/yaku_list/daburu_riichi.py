"""``DaburuRiichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.daburu_riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.daburu_riichi import DaburuRiichi
>>> DaburuRiichi.yaku_id
8
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuRiichi, Yaku

__all__ = ["DaburuRiichi", "Yaku"]
