"""``Daisangen``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daisangen``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daisangen import Daisangen
>>> Daisangen.yaku_id
103
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Daisangen, Yaku

__all__ = ["Daisangen", "Yaku"]
