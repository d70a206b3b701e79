"""``KokushiMusou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.kokushi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.kokushi import KokushiMusou
>>> KokushiMusou.yaku_id
100
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import KokushiMusou, Yaku

__all__ = ["KokushiMusou", "Yaku"]
