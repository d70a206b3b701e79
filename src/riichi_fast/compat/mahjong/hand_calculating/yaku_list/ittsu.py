"""``Ittsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ittsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ittsu import Ittsu
>>> Ittsu.yaku_id
27
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ittsu, Yaku

__all__ = ["Ittsu", "Yaku"]
