"""``AkaDora``, at mahjong's path ``mahjong.hand_calculating.yaku_list.aka_dora``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.aka_dora import AkaDora
>>> AkaDora.yaku_id
121
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import AkaDora, Yaku

__all__ = ["AkaDora", "Yaku"]
