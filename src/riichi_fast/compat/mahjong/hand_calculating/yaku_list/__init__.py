"""The ordinary yaku classes, at mahjong's import path (``mahjong.hand_calculating.yaku_list``).

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list import Riichi, Tanyao
>>> Riichi.yaku_id, Tanyao().name
(1, 'Tanyao')
"""

from riichi_fast.compat.mahjong.hand_calculating import yaku as _yaku

__all__ = [row[1] for row in _yaku.YAKU_TABLE if not row[6]]
globals().update({name: getattr(_yaku, name) for name in __all__})
