"""``Sanshoku``, at mahjong's path ``mahjong.hand_calculating.yaku_list.sanshoku``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.sanshoku import Sanshoku
>>> Sanshoku.yaku_id
26
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Sanshoku, Yaku

__all__ = ["Sanshoku", "Yaku"]
