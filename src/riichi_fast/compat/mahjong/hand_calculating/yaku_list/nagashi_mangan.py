"""``NagashiMangan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.nagashi_mangan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.nagashi_mangan import NagashiMangan
>>> NagashiMangan.yaku_id
10
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import NagashiMangan, Yaku

__all__ = ["NagashiMangan", "Yaku"]
