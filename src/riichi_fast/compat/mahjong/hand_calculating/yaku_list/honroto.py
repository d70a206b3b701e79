"""``Honroto``, at mahjong's path ``mahjong.hand_calculating.yaku_list.honroto``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.honroto import Honroto
>>> Honroto.yaku_id
29
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Honroto, Yaku

__all__ = ["Honroto", "Yaku"]
