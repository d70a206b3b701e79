"""``Suuankou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.suuankou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.suuankou import Suuankou
>>> Suuankou.yaku_id
102
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Suuankou, Yaku
from riichi_fast.compat.mahjong.utils import is_pon_or_kan  # noqa: F401

__all__ = ["Suuankou", "Yaku"]
