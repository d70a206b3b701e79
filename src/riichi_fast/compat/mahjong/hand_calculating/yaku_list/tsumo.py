"""``Tsumo``, at mahjong's path ``mahjong.hand_calculating.yaku_list.tsumo``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.tsumo import Tsumo
>>> Tsumo.yaku_id
0
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Tsumo, Yaku

__all__ = ["Tsumo", "Yaku"]
