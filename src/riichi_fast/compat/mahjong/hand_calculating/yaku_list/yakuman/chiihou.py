"""``Chiihou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.chiihou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.chiihou import Chiihou
>>> Chiihou.yaku_id
116
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chiihou, Yaku

__all__ = ["Chiihou", "Yaku"]
