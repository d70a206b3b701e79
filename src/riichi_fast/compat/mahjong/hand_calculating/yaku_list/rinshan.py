"""``Rinshan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.rinshan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.rinshan import Rinshan
>>> Rinshan.yaku_id
5
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Rinshan, Yaku

__all__ = ["Rinshan", "Yaku"]
