"""``OpenRiichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.open_riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.open_riichi import OpenRiichi
>>> OpenRiichi.yaku_id
2
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import OpenRiichi, Yaku

__all__ = ["OpenRiichi", "Yaku"]
