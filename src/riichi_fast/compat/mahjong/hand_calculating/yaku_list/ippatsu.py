"""``Ippatsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ippatsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ippatsu import Ippatsu
>>> Ippatsu.yaku_id
3
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ippatsu, Yaku

__all__ = ["Ippatsu", "Yaku"]
