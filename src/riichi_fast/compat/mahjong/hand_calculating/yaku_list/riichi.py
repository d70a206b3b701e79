"""``Riichi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.riichi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.riichi import Riichi
>>> Riichi.yaku_id
1
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Riichi, Yaku

__all__ = ["Riichi", "Yaku"]
