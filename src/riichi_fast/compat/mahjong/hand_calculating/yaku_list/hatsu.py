"""``Hatsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.hatsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.hatsu import Hatsu
>>> Hatsu.yaku_id
16
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Hatsu, Yaku

__all__ = ["Hatsu", "Yaku"]
