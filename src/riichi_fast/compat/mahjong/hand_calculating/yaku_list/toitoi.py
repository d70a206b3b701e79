"""``Toitoi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.toitoi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.toitoi import Toitoi
>>> Toitoi.yaku_id
30
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Toitoi, Yaku

__all__ = ["Toitoi", "Yaku"]
