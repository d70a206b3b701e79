"""``Chun``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chun``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chun import Chun
>>> Chun.yaku_id
17
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chun, Yaku

__all__ = ["Chun", "Yaku"]
