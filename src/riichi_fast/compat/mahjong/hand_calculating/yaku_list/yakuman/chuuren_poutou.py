"""``ChuurenPoutou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.chuuren_poutou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.chuuren_poutou import ChuurenPoutou
>>> ChuurenPoutou.yaku_id
101
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401
from itertools import chain  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import ChuurenPoutou, Yaku
from riichi_fast.compat.mahjong.utils import classify_hand_suits, simplify  # noqa: F401

__all__ = ["ChuurenPoutou", "Yaku"]
