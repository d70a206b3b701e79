"""``SanshokuDoukou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.sanshoku_douko``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.sanshoku_douko import SanshokuDoukou
>>> SanshokuDoukou.yaku_id
33
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import SanshokuDoukou, Yaku

__all__ = ["SanshokuDoukou", "Yaku"]
