"""The yakuman classes, at mahjong's import path (``mahjong.hand_calculating.yaku_list.yakuman``).

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import KokushiMusou
>>> KokushiMusou.yaku_id, KokushiMusou().is_yakuman
(100, True)
"""

from riichi_fast.compat.mahjong.hand_calculating import yaku as _yaku

__all__ = [row[1] for row in _yaku.YAKU_TABLE if row[6]]
globals().update({name: getattr(_yaku, name) for name in __all__})
