"""``Ittsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ittsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ittsu import Ittsu
>>> Ittsu.yaku_id
27
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ittsu, Yaku

__all__ = ["Ittsu", "Yaku"]
