"""``KokushiMusou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.kokushi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.kokushi import KokushiMusou
>>> KokushiMusou.yaku_id
100
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import KokushiMusou, Yaku

__all__ = ["KokushiMusou", "Yaku"]
