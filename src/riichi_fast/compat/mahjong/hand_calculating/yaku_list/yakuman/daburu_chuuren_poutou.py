"""``DaburuChuurenPoutou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daburu_chuuren_poutou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daburu_chuuren_poutou import DaburuChuurenPoutou
>>> DaburuChuurenPoutou.yaku_id
114
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuChuurenPoutou, Yaku

__all__ = ["DaburuChuurenPoutou", "Yaku"]
