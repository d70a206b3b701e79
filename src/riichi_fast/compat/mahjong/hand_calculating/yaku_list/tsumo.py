"""``Tsumo``, at mahjong's path ``mahjong.hand_calculating.yaku_list.tsumo``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.tsumo import Tsumo
>>> Tsumo.yaku_id
0
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Tsumo, Yaku

__all__ = ["Tsumo", "Yaku"]
