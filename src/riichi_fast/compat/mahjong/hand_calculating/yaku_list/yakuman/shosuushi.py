"""``Shousuushii``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.shosuushi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.shosuushi import Shousuushii
>>> Shousuushii.yaku_id
104
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Shousuushii, Yaku

__all__ = ["Shousuushii", "Yaku"]
