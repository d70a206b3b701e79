"""``DaburuKokushiMusou``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daburu_kokushi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daburu_kokushi import DaburuKokushiMusou
>>> DaburuKokushiMusou.yaku_id
112
"""

# the other names of mahjong's module (its imports), so that dir() and imports match
from collections.abc import Collection, Sequence  # noqa: F401

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaburuKokushiMusou, Yaku

__all__ = ["DaburuKokushiMusou", "Yaku"]
