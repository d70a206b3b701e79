"""``Pinfu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.pinfu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.pinfu import Pinfu
>>> Pinfu.yaku_id
12
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Pinfu, Yaku

__all__ = ["Pinfu", "Yaku"]
