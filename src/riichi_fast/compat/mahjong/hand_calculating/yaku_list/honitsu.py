"""``Honitsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.honitsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.honitsu import Honitsu
>>> Honitsu.yaku_id
36
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Honitsu, Yaku
from riichi_fast.compat.mahjong.utils import classify_hand_suits  # noqa: F401

__all__ = ["Honitsu", "Yaku"]
