"""The ordinary yaku classes, at mahjong's import path (``mahjong.hand_calculating.yaku_list``).

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list import Riichi, Tanyao
>>> Riichi.yaku_id, Tanyao().name
(1, 'Tanyao')

Each class also has its own module, as in mahjong (``yaku_list.tanyao``,
``yaku_list.yakuman.kokushi``, ...); they load on first access.
"""

import importlib as _importlib

from riichi_fast.compat.mahjong.hand_calculating import yaku as _yaku

__all__ = [row[1] for row in _yaku.YAKU_TABLE if not row[6]]
globals().update({name: getattr(_yaku, name) for name in __all__})

_SUBMODULES = frozenset((
    "aka_dora",
    "chankan",
    "chantai",
    "chiitoitsu",
    "chinitsu",
    "chun",
    "daburu_open_riichi",
    "daburu_riichi",
    "dora",
    "haitei",
    "haku",
    "hatsu",
    "honitsu",
    "honroto",
    "houtei",
    "iipeiko",
    "ippatsu",
    "ittsu",
    "junchan",
    "nagashi_mangan",
    "open_riichi",
    "pinfu",
    "renhou",
    "riichi",
    "rinshan",
    "round_wind_east",
    "round_wind_north",
    "round_wind_south",
    "round_wind_west",
    "ryanpeiko",
    "sanankou",
    "sankantsu",
    "sanshoku",
    "sanshoku_douko",
    "seat_wind_east",
    "seat_wind_north",
    "seat_wind_south",
    "seat_wind_west",
    "shosangen",
    "tanyao",
    "toitoi",
    "tsumo",
    "ura_dora",
    "yakuman",
))


def __getattr__(name: str):
    """Submodules as attributes (``yaku_list.tanyao``), imported on first access like mahjong's eager ones."""
    if name in _SUBMODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES)
