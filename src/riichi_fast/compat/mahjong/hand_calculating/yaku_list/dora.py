"""``Dora``, at mahjong's path ``mahjong.hand_calculating.yaku_list.dora``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.dora import Dora
>>> Dora.yaku_id
120
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Dora, Yaku

__all__ = ["Dora", "Yaku"]
