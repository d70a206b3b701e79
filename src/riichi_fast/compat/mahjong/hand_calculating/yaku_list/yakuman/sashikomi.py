"""``Sashikomi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.sashikomi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.sashikomi import Sashikomi
>>> Sashikomi.yaku_id
118
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Sashikomi, Yaku

__all__ = ["Sashikomi", "Yaku"]
