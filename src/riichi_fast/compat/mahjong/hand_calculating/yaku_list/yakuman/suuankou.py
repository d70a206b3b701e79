"""``Suuankou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.suuankou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.suuankou import Suuankou
>>> Suuankou.yaku_id
102
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Suuankou, Yaku

__all__ = ["Suuankou", "Yaku"]
