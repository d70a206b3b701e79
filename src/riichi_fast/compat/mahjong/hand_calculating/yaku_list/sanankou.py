"""``Sanankou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.sanankou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.sanankou import Sanankou
>>> Sanankou.yaku_id
31
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Sanankou, Yaku
from riichi_fast.compat.mahjong.meld import Meld
from riichi_fast.compat.mahjong.utils import is_chi, is_pon_or_kan  # noqa: F401

__all__ = ["Meld", "Sanankou", "Yaku"]
