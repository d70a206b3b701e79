"""The yaku objects of one hand configuration, as in ``mahjong.hand_calculating.yaku_config``.

>>> y = YakuConfig()
>>> y.riichi.name, y.riichi.han_closed, YAKU_ID_TO_TENHOU_ID[y.riichi.yaku_id]
('Riichi', 1, 1)
"""

from __future__ import annotations

from riichi_fast.compat.mahjong.hand_calculating import yaku as _yaku
from riichi_fast.compat.mahjong.hand_calculating.yaku import YAKU_TABLE

__all__ = ["YAKU_ID_TO_TENHOU_ID", "YakuConfig"]

_TENHOU_ORDER = ["tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu", "tanyao", "iipeiko", "seat_wind_east", "seat_wind_south", "seat_wind_west", "seat_wind_north", "round_wind_east", "round_wind_south", "round_wind_west", "round_wind_north", "haku", "hatsu", "chun", "daburu_riichi", "chiitoitsu", "chantai", "ittsu", "sanshoku", "sanshoku_douko", "sankantsu", "toitoi", "sanankou", "shosangen", "honroto", "ryanpeiko", "junchan", "honitsu", "chinitsu", "renhou", "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuisou", "ryuisou", "chinroto", "chuuren_poutou", "daburu_chuuren_poutou", "kokushi", "daburu_kokushi", "daisuushi", "shosuushi", "suukantsu", "dora", "ura_dora", "aka_dora"]
_ID_OF = {row[0]: row[2] for row in YAKU_TABLE}

#: mahjong yaku id -> Tenhou yaku id
YAKU_ID_TO_TENHOU_ID: dict[int, int] = {_ID_OF[a]: i for i, a in enumerate(_TENHOU_ORDER)}

_CLASSES = {row[0]: getattr(_yaku, row[1]) for row in YAKU_TABLE}
# every yaku class under its mahjong name, as mahjong's module imports them all
globals().update({row[1]: getattr(_yaku, row[1]) for row in YAKU_TABLE})


class _Made:
    """A YakuConfig attribute whose yaku object is made on first access, then kept in the instance.

    A non-data descriptor: once the object is in the instance ``__dict__``, plain attribute lookup
    finds it there (no call, no exception on the way, unlike a ``__getattr__`` fallback).
    """

    __slots__ = ("cls", "name")

    def __init__(self, name: str, cls: type) -> None:
        self.name = name
        self.cls = cls

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        made = obj.__dict__[self.name] = self.cls()
        return made


class YakuConfig:
    """One instance of every yaku, as attributes (``tsumo``, ``riichi``, ..., ``ura_dora``).

    Each instance is made on first access (a config usually needs a few), then kept.
    """


for _name, _cls in _CLASSES.items():
    setattr(YakuConfig, _name, _Made(_name, _cls))
del _name, _cls
