"""``Sanankou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.sanankou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.sanankou import Sanankou
>>> Sanankou.yaku_id
31
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Sanankou, Yaku
from riichi_fast.compat.mahjong.meld import Meld

__all__ = ["Meld", "Sanankou", "Yaku"]
