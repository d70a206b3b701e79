"""``Shosangen``, at mahjong's path ``mahjong.hand_calculating.yaku_list.shosangen``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.shosangen import Shosangen
>>> Shosangen.yaku_id
35
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Shosangen, Yaku

__all__ = ["Shosangen", "Yaku"]
