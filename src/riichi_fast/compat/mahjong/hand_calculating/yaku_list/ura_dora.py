"""``UraDora``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ura_dora``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ura_dora import UraDora
>>> UraDora.yaku_id
122
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import UraDora, Yaku

__all__ = ["UraDora", "Yaku"]
