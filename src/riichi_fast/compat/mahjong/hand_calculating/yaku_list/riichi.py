"""``Riichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.riichi import Riichi
>>> Riichi.yaku_id
1
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Riichi, Yaku

__all__ = ["Riichi", "Yaku"]
