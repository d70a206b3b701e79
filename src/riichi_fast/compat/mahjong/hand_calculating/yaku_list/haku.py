"""``Haku``, at mahjong's path ``mahjong.hand_calculating.yaku_list.haku``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.haku import Haku
>>> Haku.yaku_id
15
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import HAKU  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Haku, Yaku
from riichi_fast.compat.mahjong.utils import has_pon_or_kan_of  # noqa: F401

__all__ = ["Haku", "Yaku"]
