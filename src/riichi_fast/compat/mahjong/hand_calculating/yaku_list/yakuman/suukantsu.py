"""``Suukantsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.suukantsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.suukantsu import Suukantsu
>>> Suukantsu.yaku_id
106
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Suukantsu, Yaku
from riichi_fast.compat.mahjong.meld import Meld

__all__ = ["Meld", "Suukantsu", "Yaku"]
