"""The yakuman classes, at mahjong's import path (``mahjong.hand_calculating.yaku_list.yakuman``).

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import KokushiMusou
>>> KokushiMusou.yaku_id, KokushiMusou().is_yakuman
(100, True)

Each class also has its own module, as in mahjong (``yaku_list.tanyao``,
``yaku_list.yakuman.kokushi``, ...); they load on first access.
"""

import importlib as _importlib

from riichi_fast.compat.mahjong.hand_calculating import yaku as _yaku

__all__ = [row[1] for row in _yaku.YAKU_TABLE if row[6]]
globals().update({name: getattr(_yaku, name) for name in __all__})

_SUBMODULES = frozenset((
    "chiihou",
    "chinroto",
    "chuuren_poutou",
    "daburu_chuuren_poutou",
    "daburu_kokushi",
    "daichisei",
    "daisangen",
    "daisharin",
    "daisuushi",
    "kokushi",
    "paarenchan",
    "renhou_yakuman",
    "ryuisou",
    "sashikomi",
    "shosuushi",
    "suuankou",
    "suuankou_tanki",
    "suukantsu",
    "tenhou",
    "tsuisou",
))


def __getattr__(name: str):
    """Submodules as attributes (``yaku_list.tanyao``), imported on first access like mahjong's eager ones."""
    if name in _SUBMODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES)
