"""Yaku objects, as in ``mahjong.hand_calculating.yaku`` and ``yaku_list``.

Each yaku is a small object with ``yaku_id``, ``name``, ``han_open``,
``han_closed`` and ``is_yakuman`` (mahjong's ids and names); ``str()`` and
``repr()`` give the name (dora kinds add their count).  Detection is done by
riichi_fast's scorer, so ``is_condition_met`` is not provided.

>>> Tanyao().yaku_id, Tanyao().name, Tanyao().han_open
(13, 'Tanyao', 1)
>>> d = Dora(); d.han_closed = 2; [d]
[Dora 2]
"""

from __future__ import annotations

__all__ = ["YAKU_TABLE", "Yaku"]


class Yaku:
    """Base class of the yaku objects (``mahjong.hand_calculating.yaku.Yaku``)."""

    yaku_id: int
    name: str
    han_open: int = 0
    han_closed: int = 0
    is_yakuman: bool = False

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.__str__()

    def is_condition_met(self, hand, *args) -> bool:
        """Not provided: riichi_fast detects yaku in its compiled scorer (use ``HandCalculator``)."""
        raise NotImplementedError(
            "riichi_fast.compat.mahjong detects yaku in the scorer; use HandCalculator.estimate_hand_value"
        )


class _Counted(Yaku):
    """Dora, aka dora, ura dora: their string shows the count."""

    def __str__(self) -> str:
        return f"{self.name} {self.han_closed}"


# (attribute of YakuConfig, class name, yaku_id, name, han_open, han_closed, is_yakuman)
YAKU_TABLE = (
    ("tsumo", "Tsumo", 0, "Menzen Tsumo", 0, 1, False),
    ("riichi", "Riichi", 1, "Riichi", 0, 1, False),
    ("open_riichi", "OpenRiichi", 2, "Open Riichi", 0, 2, False),
    ("ippatsu", "Ippatsu", 3, "Ippatsu", 0, 1, False),
    ("chankan", "Chankan", 4, "Chankan", 1, 1, False),
    ("rinshan", "Rinshan", 5, "Rinshan Kaihou", 1, 1, False),
    ("haitei", "Haitei", 6, "Haitei Raoyue", 1, 1, False),
    ("houtei", "Houtei", 7, "Houtei Raoyui", 1, 1, False),
    ("daburu_riichi", "DaburuRiichi", 8, "Double Riichi", 0, 2, False),
    ("daburu_open_riichi", "DaburuOpenRiichi", 9, "Double Open Riichi", 0, 3, False),
    ("nagashi_mangan", "NagashiMangan", 10, "Nagashi Mangan", 5, 5, False),
    ("renhou", "Renhou", 11, "Renhou", 0, 5, False),
    ("pinfu", "Pinfu", 12, "Pinfu", 0, 1, False),
    ("tanyao", "Tanyao", 13, "Tanyao", 1, 1, False),
    ("iipeiko", "Iipeiko", 14, "Iipeiko", 0, 1, False),
    ("haku", "Haku", 15, "Yakuhai (haku)", 1, 1, False),
    ("hatsu", "Hatsu", 16, "Yakuhai (hatsu)", 1, 1, False),
    ("chun", "Chun", 17, "Yakuhai (chun)", 1, 1, False),
    ("seat_wind_east", "SeatWindEast", 18, "Yakuhai (seat wind east)", 1, 1, False),
    ("seat_wind_south", "SeatWindSouth", 19, "Yakuhai (seat wind south)", 1, 1, False),
    ("seat_wind_west", "SeatWindWest", 20, "Yakuhai (seat wind west)", 1, 1, False),
    ("seat_wind_north", "SeatWindNorth", 21, "Yakuhai (seat wind north)", 1, 1, False),
    ("round_wind_east", "RoundWindEast", 22, "Yakuhai (round wind east)", 1, 1, False),
    ("round_wind_south", "RoundWindSouth", 23, "Yakuhai (round wind south)", 1, 1, False),
    ("round_wind_west", "RoundWindWest", 24, "Yakuhai (round wind west)", 1, 1, False),
    ("round_wind_north", "RoundWindNorth", 25, "Yakuhai (round wind north)", 1, 1, False),
    ("sanshoku", "Sanshoku", 26, "Sanshoku Doujun", 1, 2, False),
    ("ittsu", "Ittsu", 27, "Ittsu", 1, 2, False),
    ("chantai", "Chantai", 28, "Chantai", 1, 2, False),
    ("honroto", "Honroto", 29, "Honroutou", 2, 2, False),
    ("toitoi", "Toitoi", 30, "Toitoi", 2, 2, False),
    ("sanankou", "Sanankou", 31, "San Ankou", 2, 2, False),
    ("sankantsu", "SanKantsu", 32, "San Kantsu", 2, 2, False),
    ("sanshoku_douko", "SanshokuDoukou", 33, "Sanshoku Doukou", 2, 2, False),
    ("chiitoitsu", "Chiitoitsu", 34, "Chiitoitsu", 0, 2, False),
    ("shosangen", "Shosangen", 35, "Shou Sangen", 2, 2, False),
    ("honitsu", "Honitsu", 36, "Honitsu", 2, 3, False),
    ("junchan", "Junchan", 37, "Junchan", 2, 3, False),
    ("ryanpeiko", "Ryanpeikou", 38, "Ryanpeikou", 0, 3, False),
    ("chinitsu", "Chinitsu", 39, "Chinitsu", 5, 6, False),
    ("kokushi", "KokushiMusou", 100, "Kokushi Musou", 0, 13, True),
    ("chuuren_poutou", "ChuurenPoutou", 101, "Chuuren Poutou", 0, 13, True),
    ("suuankou", "Suuankou", 102, "Suu Ankou", 0, 13, True),
    ("daisangen", "Daisangen", 103, "Daisangen", 13, 13, True),
    ("shosuushi", "Shousuushii", 104, "Shousuushii", 13, 13, True),
    ("ryuisou", "Ryuuiisou", 105, "Ryuuiisou", 13, 13, True),
    ("suukantsu", "Suukantsu", 106, "Suu Kantsu", 13, 13, True),
    ("tsuisou", "Tsuuiisou", 107, "Tsuu Iisou", 13, 13, True),
    ("chinroto", "Chinroutou", 108, "Chinroutou", 13, 13, True),
    ("daisharin", "Daisharin", 109, "Daisharin", 0, 13, True),
    ("daichisei", "Daichisei", 110, "Daichisei", 0, 13, True),
    ("daisuushi", "DaiSuushii", 111, "Dai Suushii", 26, 26, True),
    ("daburu_kokushi", "DaburuKokushiMusou", 112, "Kokushi Musou Juusanmen Matchi", 0, 26, True),
    ("suuankou_tanki", "SuuankouTanki", 113, "Suu Ankou Tanki", 0, 26, True),
    ("daburu_chuuren_poutou", "DaburuChuurenPoutou", 114, "Daburu Chuuren Poutou", 0, 26, True),
    ("tenhou", "Tenhou", 115, "Tenhou", 0, 13, True),
    ("chiihou", "Chiihou", 116, "Chiihou", 0, 13, True),
    ("renhou_yakuman", "RenhouYakuman", 117, "Renhou (yakuman)", 0, 13, True),
    ("sashikomi", "Sashikomi", 118, "Sashikomi", 0, 13, True),
    ("paarenchan", "Paarenchan", 119, "Paarenchan", 13, 13, True),
    ("dora", "Dora", 120, "Dora", 1, 1, False),
    ("aka_dora", "AkaDora", 121, "Aka Dora", 1, 1, False),
    ("ura_dora", "UraDora", 122, "Ura Dora", 0, 1, False),
)

_COUNTED = {"Dora", "AkaDora", "UraDora"}

for _attr, _cls, _yid, _name, _ho, _hc, _ym in YAKU_TABLE:
    globals()[_cls] = type(
        _cls,
        (_Counted if _cls in _COUNTED else Yaku,),
        {"yaku_id": _yid, "name": _name, "han_open": _ho, "han_closed": _hc, "is_yakuman": _ym,
         "__module__": __name__, "__doc__": f"{_name} (mahjong yaku id {_yid})."},
    )
    __all__.append(_cls)
del _attr, _cls, _yid, _name, _ho, _hc, _ym


class Paarenchan(globals()["Paarenchan"]):  # type: ignore[misc]
    """Paarenchan: its han is 13 times the count of consecutive dealer wins."""

    count = 0

    def set_paarenchan_count(self, count: int) -> None:
        """Set the count (and the han: 13 per count)."""
        self.han_open = self.han_closed = 13 * count
        self.count = count

    def __str__(self) -> str:
        return f"Paarenchan {self.count}"


class Daisharin(globals()["Daisharin"]):  # type: ignore[misc]
    """Daisharin; named Daisuurin in man and Daichikurin in sou."""

    def set_pin(self) -> None:
        """Name it for the pin suit."""
        self.name = "Daisharin"

    def set_man(self) -> None:
        """Name it for the man suit."""
        self.name = "Daisuurin"

    def set_sou(self) -> None:
        """Name it for the sou suit."""
        self.name = "Daichikurin"
