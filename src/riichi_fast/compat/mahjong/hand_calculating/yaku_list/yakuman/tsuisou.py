"""``Tsuuiisou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.tsuisou``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.tsuisou import Tsuuiisou
>>> Tsuuiisou.yaku_id
107
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Tsuuiisou, Yaku

__all__ = ["Tsuuiisou", "Yaku"]
