"""``Tanyao``, at mahjong's path ``mahjong.hand_calculating.yaku_list.tanyao``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.tanyao import Tanyao
>>> Tanyao.yaku_id
13
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401
from itertools import chain  # noqa: F401

from riichi_fast.compat.mahjong.constants import TERMINAL_AND_HONOR_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Tanyao, Yaku

__all__ = ["Tanyao", "Yaku"]
