"""``Daisharin``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daisharin``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daisharin import Daisharin
>>> Daisharin.yaku_id
109
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Daisharin, Yaku
from riichi_fast.compat.mahjong.utils import classify_hand_suits, is_pin, is_sou  # noqa: F401

__all__ = ["Daisharin", "Yaku"]
