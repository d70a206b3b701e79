"""``Chiihou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.chiihou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.chiihou import Chiihou
>>> Chiihou.yaku_id
116
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chiihou, Yaku

__all__ = ["Chiihou", "Yaku"]
