"""The rules layer: rule variants and presets, the yaku table, win contexts, the kernel
layout, as data.  ``score`` and the result types are also reachable here (documented path);
they live in :mod:`riichi_fast.scoring`, which sits above this package.

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
from riichi_fast.rules.yaku import YAKU, YAKU_BY_NAME, YakuInfo

_SCORING = {"FuItem", "HandResult", "YakuItem", "score"}


def __getattr__(name):
    # scoring imports rules; rules reaches scoring only when one of its names is asked for
    if name in _SCORING:
        import riichi_fast.scoring as scoring

        return getattr(scoring, name)
    raise AttributeError(f"module 'riichi_fast.rules' has no attribute {name!r}")


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
