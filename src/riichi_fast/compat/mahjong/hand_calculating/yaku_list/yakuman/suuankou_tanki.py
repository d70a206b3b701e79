"""``SuuankouTanki``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.suuankou_tanki``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.suuankou_tanki import SuuankouTanki
>>> SuuankouTanki.yaku_id
113
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import SuuankouTanki, Yaku

__all__ = ["SuuankouTanki", "Yaku"]
