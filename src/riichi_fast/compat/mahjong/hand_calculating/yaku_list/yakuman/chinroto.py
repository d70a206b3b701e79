"""``Chinroutou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.chinroto``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.chinroto import Chinroutou
>>> Chinroutou.yaku_id
108
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401
from itertools import chain  # noqa: F401

from riichi_fast.compat.mahjong.constants import TERMINAL_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Chinroutou, Yaku

__all__ = ["Chinroutou", "Yaku"]
