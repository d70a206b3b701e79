"""``Renhou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.renhou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.renhou import Renhou
>>> Renhou.yaku_id
11
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Renhou, Yaku

__all__ = ["Renhou", "Yaku"]
