"""``Ryuuiisou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.ryuisou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.ryuisou import Ryuuiisou
>>> Ryuuiisou.yaku_id
105
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ryuuiisou, Yaku

__all__ = ["Ryuuiisou", "Yaku"]
