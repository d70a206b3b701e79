"""``Daisharin``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daisharin``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daisharin import Daisharin
>>> Daisharin.yaku_id
109
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Daisharin, Yaku

__all__ = ["Daisharin", "Yaku"]
