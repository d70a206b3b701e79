"""``ChuurenPoutou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.chuuren_poutou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.chuuren_poutou import ChuurenPoutou
>>> ChuurenPoutou.yaku_id
101
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import ChuurenPoutou, Yaku

__all__ = ["ChuurenPoutou", "Yaku"]
