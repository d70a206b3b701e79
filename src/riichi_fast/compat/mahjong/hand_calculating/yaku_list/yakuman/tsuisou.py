"""``Tsuuiisou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.tsuisou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.tsuisou import Tsuuiisou
>>> Tsuuiisou.yaku_id
107
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401
from itertools import chain  # noqa: F401

from riichi_fast.compat.mahjong.constants import HONOR_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Tsuuiisou, Yaku

__all__ = ["Tsuuiisou", "Yaku"]
