"""``SanKantsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.sankantsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.sankantsu import SanKantsu
>>> SanKantsu.yaku_id
32
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import SanKantsu, Yaku
from riichi_fast.compat.mahjong.meld import Meld

__all__ = ["Meld", "SanKantsu", "Yaku"]
