"""``Honitsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.honitsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.honitsu import Honitsu
>>> Honitsu.yaku_id
36
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Honitsu, Yaku

__all__ = ["Honitsu", "Yaku"]
