"""``NagashiMangan``, at mahjong's path ``mahjong.hand_calculating.yaku_list.nagashi_mangan``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.nagashi_mangan import NagashiMangan
>>> NagashiMangan.yaku_id
10
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import NagashiMangan, Yaku

__all__ = ["NagashiMangan", "Yaku"]
