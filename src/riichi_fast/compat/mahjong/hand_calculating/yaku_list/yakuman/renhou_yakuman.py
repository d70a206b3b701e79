"""``RenhouYakuman``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.renhou_yakuman``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.renhou_yakuman import RenhouYakuman
>>> RenhouYakuman.yaku_id
117
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import RenhouYakuman, Yaku

__all__ = ["RenhouYakuman", "Yaku"]
