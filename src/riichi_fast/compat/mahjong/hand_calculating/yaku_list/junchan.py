"""``Junchan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.junchan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.junchan import Junchan
>>> Junchan.yaku_id
37
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import TERMINAL_INDICES  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Junchan, Yaku
from riichi_fast.compat.mahjong.utils import is_chi  # noqa: F401

__all__ = ["Junchan", "Yaku"]
