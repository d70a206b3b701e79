"""``Chinitsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chinitsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chinitsu import Chinitsu
>>> Chinitsu.yaku_id
39
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chinitsu, Yaku

__all__ = ["Chinitsu", "Yaku"]
