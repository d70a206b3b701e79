"""``Pinfu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.pinfu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.pinfu import Pinfu
>>> Pinfu.yaku_id
12
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Pinfu, Yaku

__all__ = ["Pinfu", "Yaku"]
