"""``SanshokuDoukou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.sanshoku_douko``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.sanshoku_douko import SanshokuDoukou
>>> SanshokuDoukou.yaku_id
33
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import SanshokuDoukou, Yaku
from riichi_fast.compat.mahjong.utils import is_pon_or_kan  # noqa: F401

__all__ = ["SanshokuDoukou", "Yaku"]
