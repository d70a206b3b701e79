"""``Chiitoitsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chiitoitsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chiitoitsu import Chiitoitsu
>>> Chiitoitsu.yaku_id
34
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chiitoitsu, Yaku

__all__ = ["Chiitoitsu", "Yaku"]
