"""``Chun``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chun``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chun import Chun
>>> Chun.yaku_id
17
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import CHUN  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Chun, Yaku
from riichi_fast.compat.mahjong.utils import has_pon_or_kan_of  # noqa: F401

__all__ = ["Chun", "Yaku"]
