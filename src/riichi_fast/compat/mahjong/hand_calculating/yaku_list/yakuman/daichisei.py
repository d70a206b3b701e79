"""``Daichisei``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daichisei``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daichisei import Daichisei
>>> Daichisei.yaku_id
110
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Daichisei, Yaku

__all__ = ["Daichisei", "Yaku"]
