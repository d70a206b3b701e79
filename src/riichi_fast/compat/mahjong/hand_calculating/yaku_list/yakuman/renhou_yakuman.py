"""``RenhouYakuman``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.renhou_yakuman``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.renhou_yakuman import RenhouYakuman
>>> RenhouYakuman.yaku_id
117
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import RenhouYakuman, Yaku

__all__ = ["RenhouYakuman", "Yaku"]
