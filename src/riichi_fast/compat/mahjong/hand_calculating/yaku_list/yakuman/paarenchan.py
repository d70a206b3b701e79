"""``Paarenchan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.paarenchan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.paarenchan import Paarenchan
>>> Paarenchan.yaku_id
119
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Paarenchan, Yaku

__all__ = ["Paarenchan", "Yaku"]
