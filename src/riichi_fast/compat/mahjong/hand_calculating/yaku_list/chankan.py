"""``Chankan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chankan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chankan import Chankan
>>> Chankan.yaku_id
4
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chankan, Yaku

__all__ = ["Chankan", "Yaku"]
