"""``Houtei``, at mahjong's path ``mahjong.hand_calculating.yaku_list.houtei``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.houtei import Houtei
>>> Houtei.yaku_id
7
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Houtei, Yaku

__all__ = ["Houtei", "Yaku"]
