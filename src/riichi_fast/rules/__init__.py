"""The rules layer: rule variants and presets, the yaku table, win contexts, scoring.

>>> from riichi_fast.rules import score, TENHOU
>>> score("123m456p789s11122z", "2z", tsumo=True, seat_wind=1, round_wind=1, rules=TENHOU).fu
40
"""

from riichi_fast.rules.config import (
    DEFAULT,
    EMA,
    MAHJONG_LIB,
    MAJSOUL,
    MAJSOUL_3P,
    MLEAGUE,
    PRESETS,
    TENHOU,
    TENHOU_3P,
    WRC,
    Rules,
)
from riichi_fast.rules.context import WinContext
from riichi_fast.rules.payment import Payment
from riichi_fast.rules.result import FuItem, HandResult, YakuItem
from riichi_fast.rules.scoring import score
from riichi_fast.rules.yaku import YAKU, YAKU_BY_NAME, YakuInfo

__all__ = [
    "DEFAULT",
    "EMA",
    "MAHJONG_LIB",
    "MAJSOUL",
    "MAJSOUL_3P",
    "MLEAGUE",
    "PRESETS",
    "TENHOU",
    "TENHOU_3P",
    "WRC",
    "YAKU",
    "YAKU_BY_NAME",
    "FuItem",
    "HandResult",
    "Payment",
    "Rules",
    "WinContext",
    "YakuInfo",
    "YakuItem",
    "score",
]
