"""``Tenhou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.tenhou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.tenhou import Tenhou
>>> Tenhou.yaku_id
115
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Tenhou, Yaku

__all__ = ["Tenhou", "Yaku"]
