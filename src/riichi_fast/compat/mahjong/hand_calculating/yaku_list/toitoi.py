"""``Toitoi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.toitoi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.toitoi import Toitoi
>>> Toitoi.yaku_id
30
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Toitoi, Yaku
from riichi_fast.compat.mahjong.utils import is_pon_or_kan  # noqa: F401

__all__ = ["Toitoi", "Yaku"]
