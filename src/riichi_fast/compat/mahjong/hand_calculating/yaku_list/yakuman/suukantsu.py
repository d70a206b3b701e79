"""``Suukantsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.suukantsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.suukantsu import Suukantsu
>>> Suukantsu.yaku_id
106
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Suukantsu, Yaku
from riichi_fast.compat.mahjong.meld import Meld

__all__ = ["Meld", "Suukantsu", "Yaku"]
