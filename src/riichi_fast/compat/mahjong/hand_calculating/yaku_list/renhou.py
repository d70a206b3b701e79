"""``Renhou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.renhou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.renhou import Renhou
>>> Renhou.yaku_id
11
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Renhou, Yaku

__all__ = ["Renhou", "Yaku"]
