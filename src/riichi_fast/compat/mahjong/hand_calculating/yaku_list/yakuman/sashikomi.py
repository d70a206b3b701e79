"""``Sashikomi``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.sashikomi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.sashikomi import Sashikomi
>>> Sashikomi.yaku_id
118
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import Sashikomi, Yaku

__all__ = ["Sashikomi", "Yaku"]
