"""``Paarenchan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.paarenchan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.paarenchan import Paarenchan
>>> Paarenchan.yaku_id
119
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Paarenchan, Yaku

__all__ = ["Paarenchan", "Yaku"]
