"""``Hatsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.hatsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.hatsu import Hatsu
>>> Hatsu.yaku_id
16
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import HATSU  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Hatsu, Yaku
from riichi_fast.compat.mahjong.utils import has_pon_or_kan_of  # noqa: F401

__all__ = ["Hatsu", "Yaku"]
