"""``Haitei``, at mahjong's path ``mahjong.hand_calculating.yaku_list.haitei``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.haitei import Haitei
>>> Haitei.yaku_id
6
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Haitei, Yaku

__all__ = ["Haitei", "Yaku"]
