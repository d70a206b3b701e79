"""``Houtei``, at mahjong's path ``mahjong.hand_calculating.yaku_list.houtei``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.houtei import Houtei
>>> Houtei.yaku_id
7
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Houtei, Yaku

__all__ = ["Houtei", "Yaku"]
