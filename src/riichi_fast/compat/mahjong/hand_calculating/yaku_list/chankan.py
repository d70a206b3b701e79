"""``Chankan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chankan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chankan import Chankan
>>> Chankan.yaku_id
4
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chankan, Yaku

__all__ = ["Chankan", "Yaku"]
