"""``Ryuuiisou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.ryuisou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.ryuisou import Ryuuiisou
>>> Ryuuiisou.yaku_id
105
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import HATSU
from riichi_fast.compat.mahjong.hand_calculating.yaku import Ryuuiisou, Yaku

#: the green tiles (2s 3s 4s 6s 8s, hatsu) as 34-indices, mahjong's module constant
_GREEN_INDICES = frozenset((19, 20, 21, 23, 25, HATSU))

__all__ = ["Ryuuiisou", "Yaku"]
