"""``Iipeiko``, at mahjong's path ``mahjong.hand_calculating.yaku_list.iipeiko``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.iipeiko import Iipeiko
>>> Iipeiko.yaku_id
14
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Iipeiko, Yaku

__all__ = ["Iipeiko", "Yaku"]
