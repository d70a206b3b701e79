"""``Iipeiko``, at mahjong's path ``mahjong.hand_calculating.yaku_list.iipeiko``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.iipeiko import Iipeiko
>>> Iipeiko.yaku_id
14
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Iipeiko, Yaku
from riichi_fast.compat.mahjong.utils import is_chi  # noqa: F401

__all__ = ["Iipeiko", "Yaku"]
