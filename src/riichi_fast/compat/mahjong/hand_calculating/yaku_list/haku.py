"""``Haku``, at mahjong's path ``mahjong.hand_calculating.yaku_list.haku``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.haku import Haku
>>> Haku.yaku_id
15
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Haku, Yaku

__all__ = ["Haku", "Yaku"]
