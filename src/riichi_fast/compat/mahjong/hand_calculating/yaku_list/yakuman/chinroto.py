"""``Chinroutou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.chinroto``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.chinroto import Chinroutou
>>> Chinroutou.yaku_id
108
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chinroutou, Yaku

__all__ = ["Chinroutou", "Yaku"]
