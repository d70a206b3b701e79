"""``SuuankouTanki``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.suuankou_tanki``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.suuankou_tanki import SuuankouTanki
>>> SuuankouTanki.yaku_id
113
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import SuuankouTanki, Yaku

__all__ = ["SuuankouTanki", "Yaku"]
