"""``Junchan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.junchan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.junchan import Junchan
>>> Junchan.yaku_id
37
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Junchan, Yaku

__all__ = ["Junchan", "Yaku"]
