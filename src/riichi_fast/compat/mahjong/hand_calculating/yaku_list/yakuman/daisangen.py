"""``Daisangen``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daisangen``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daisangen import Daisangen
>>> Daisangen.yaku_id
103
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.constants import DRAGONS  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Daisangen, Yaku
from riichi_fast.compat.mahjong.utils import is_pon_or_kan  # noqa: F401

__all__ = ["Daisangen", "Yaku"]
