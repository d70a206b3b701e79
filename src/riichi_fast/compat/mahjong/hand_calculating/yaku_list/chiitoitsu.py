"""``Chiitoitsu``, at mahjong's path ``mahjong.hand_calculating.yaku_list.chiitoitsu``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.chiitoitsu import Chiitoitsu
>>> Chiitoitsu.yaku_id
34
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Chiitoitsu, Yaku

__all__ = ["Chiitoitsu", "Yaku"]
