"""``Chantai``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chantai``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chantai import Chantai
>>> Chantai.yaku_id
28
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chantai, Yaku

__all__ = ["Chantai", "Yaku"]
