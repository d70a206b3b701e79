"""``Chantai``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chantai``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chantai import Chantai
>>> Chantai.yaku_id
28
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import HONOR_INDICES, TERMINAL_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Chantai, Yaku
from riichi_fast.compat.mahjong.utils import is_chi  # noqa: F401

__all__ = ["Chantai", "Yaku"]
