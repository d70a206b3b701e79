"""``Ippatsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.ippatsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.ippatsu import Ippatsu
>>> Ippatsu.yaku_id
3
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Ippatsu, Yaku

__all__ = ["Ippatsu", "Yaku"]
