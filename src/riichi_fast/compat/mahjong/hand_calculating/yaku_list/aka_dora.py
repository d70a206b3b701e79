"""``AkaDora``, at mahjong's path ``mahjong.hand_calculating.yaku_list.aka_dora``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.aka_dora import AkaDora
>>> AkaDora.yaku_id
121
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import AkaDora, Yaku

__all__ = ["AkaDora", "Yaku"]
