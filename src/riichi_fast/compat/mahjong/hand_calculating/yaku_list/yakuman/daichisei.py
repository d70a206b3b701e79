"""``Daichisei``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daichisei``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daichisei import Daichisei
>>> Daichisei.yaku_id
110
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401
from itertools import chain  # noqa: F401

from riichi_fast.compat.mahjong.constants import HONOR_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Daichisei, Yaku

__all__ = ["Daichisei", "Yaku"]
