"""``Chinitsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chinitsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chinitsu import Chinitsu
>>> Chinitsu.yaku_id
39
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chinitsu, Yaku
from riichi_fast.compat.mahjong.utils import classify_hand_suits  # noqa: F401

__all__ = ["Chinitsu", "Yaku"]
