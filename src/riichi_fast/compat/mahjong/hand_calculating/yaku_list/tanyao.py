"""``Tanyao``, at mahjong's path ``mahjong.hand_calculating.yaku_list.tanyao``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.tanyao import Tanyao
>>> Tanyao.yaku_id
13
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Tanyao, Yaku

__all__ = ["Tanyao", "Yaku"]
