"""``DaburuChuurenPoutou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daburu_chuuren_poutou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daburu_chuuren_poutou import DaburuChuurenPoutou
>>> DaburuChuurenPoutou.yaku_id
114
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuChuurenPoutou, Yaku

__all__ = ["DaburuChuurenPoutou", "Yaku"]
