"""``Honroto``, at mahjong's path ``mahjong.hand_calculating.yaku_list.honroto``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.honroto import Honroto
>>> Honroto.yaku_id
29
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401
from itertools import chain  # noqa: F401

from riichi_fast.compat.mahjong.constants import TERMINAL_AND_HONOR_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Honroto, Yaku

__all__ = ["Honroto", "Yaku"]
