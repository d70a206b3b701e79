"""``Ryanpeikou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ryanpeiko``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ryanpeiko import Ryanpeikou
>>> Ryanpeikou.yaku_id
38
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ryanpeikou, Yaku

__all__ = ["Ryanpeikou", "Yaku"]
