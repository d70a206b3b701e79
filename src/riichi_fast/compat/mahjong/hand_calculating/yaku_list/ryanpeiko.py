"""``Ryanpeikou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ryanpeiko``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ryanpeiko import Ryanpeikou
>>> Ryanpeikou.yaku_id
38
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ryanpeikou, Yaku
from riichi_fast.compat.mahjong.utils import is_chi  # noqa: F401

__all__ = ["Ryanpeikou", "Yaku"]
