"""``Tenhou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.tenhou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.tenhou import Tenhou
>>> Tenhou.yaku_id
115
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Tenhou, Yaku

__all__ = ["Tenhou", "Yaku"]
