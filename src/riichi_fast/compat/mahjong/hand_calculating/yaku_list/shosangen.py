"""``Shosangen``, at mahjong's path ``mahjong.hand_calculating.yaku_list.shosangen``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.shosangen import Shosangen
>>> Shosangen.yaku_id
35
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import DRAGONS  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Shosangen, Yaku
from riichi_fast.compat.mahjong.utils import is_pair, is_pon_or_kan  # noqa: F401

__all__ = ["Shosangen", "Yaku"]
