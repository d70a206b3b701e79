"""``Shousuushii``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.shosuushi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.shosuushi import Shousuushii
>>> Shousuushii.yaku_id
104
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import WINDS  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Shousuushii, Yaku
from riichi_fast.compat.mahjong.utils import is_pair, is_pon_or_kan  # noqa: F401

__all__ = ["Shousuushii", "Yaku"]
