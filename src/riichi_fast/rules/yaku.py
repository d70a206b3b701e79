"""The yaku table: every yaku and yakuman of RULES.md section 4, as data.

Each row gives the yaku's id (its bit in the scorer's yaku mask, equal to
Tenhou's id for ids 0..51), Tenhou's id (``None`` where Tenhou has none), its
name, its key (a stable snake_case identifier for programs: ``"menzen_tsumo"``,
``"kokushi_musou_13_sided"``; the name is for people and may be reworded, the
key and the ids never change), han closed/open (0 = not available that way), its yakuman multiple (0 =
an ordinary yaku) and the :class:`~riichi_fast.rules.config.Rules` field that
enables or changes it.  The han here are the standard ones;
:meth:`Rules.params() <riichi_fast.rules.config.Rules.params>` applies the
variants (open tanyao off, double yakuman counted single, optional yaku).

>>> YAKU_BY_NAME["pinfu"].han_closed, YAKU_BY_NAME["pinfu"].han_open
(1, 0)
>>> YAKU[48].name, YAKU[48].key, YAKU[48].yakuman
('kokushi musou 13-sided', 'kokushi_musou_13_sided', 2)
>>> YAKU_BY_KEY["rinshan_kaihou"].id
4
"""

from __future__ import annotations

from typing import NamedTuple

from riichi_fast.rules import layout as L

__all__ = ["BONUS_KEYS", "BONUS_NAMES", "YAKU", "YAKU_BY_KEY", "YAKU_BY_NAME", "YakuInfo", "yaku_keys", "yaku_names"]


class YakuInfo(NamedTuple):
    """One row of the yaku table."""

    id: int
    tenhou_id: int | None
    name: str
    han_closed: int
    han_open: int
    yakuman: int
    variant: str | None  # the Rules field that enables or changes it
    key: str  # stable snake_case identifier (never changes with the display name)

    @property
    def is_yakuman(self) -> bool:
        """True for yakuman rows."""
        return self.yakuman > 0


def _row(yid, name, key, closed=0, opened=0, yakuman=0, variant=None):
    return YakuInfo(yid, yid if yid < 52 else None, name, closed, opened, yakuman, variant, key)


_ROWS = [
    # situational (riichi family)
    _row(L.Y_MENZEN_TSUMO, "menzen tsumo", "menzen_tsumo", 1),
    _row(L.Y_RIICHI, "riichi", "riichi", 1),
    _row(L.Y_IPPATSU, "ippatsu", "ippatsu", 1, variant="ippatsu"),
    _row(L.Y_CHANKAN, "chankan", "chankan", 1, 1),
    _row(L.Y_RINSHAN, "rinshan kaihou", "rinshan_kaihou", 1, 1),
    _row(L.Y_HAITEI, "haitei raoyue", "haitei_raoyue", 1, 1),
    _row(L.Y_HOUTEI, "houtei raoyui", "houtei_raoyui", 1, 1),
    _row(L.Y_DOUBLE_RIICHI, "double riichi", "double_riichi", 2),
    _row(L.Y_OPEN_RIICHI, "open riichi", "open_riichi", 1, variant="open_riichi"),
    # sequences and shape
    _row(L.Y_PINFU, "pinfu", "pinfu", 1),
    _row(L.Y_TANYAO, "tanyao", "tanyao", 1, 1, variant="open_tanyao"),
    _row(L.Y_IIPEIKOU, "iipeikou", "iipeikou", 1),
    _row(L.Y_CHIITOITSU, "chiitoitsu", "chiitoitsu", 2),
    _row(L.Y_CHANTA, "chanta", "chanta", 2, 1),
    _row(L.Y_ITTSU, "ittsu", "ittsu", 2, 1),
    _row(L.Y_SANSHOKU_DOUJUN, "sanshoku doujun", "sanshoku_doujun", 2, 1),
    _row(L.Y_SANSHOKU_DOUKOU, "sanshoku doukou", "sanshoku_doukou", 2, 2),
    _row(L.Y_SANKANTSU, "sankantsu", "sankantsu", 2, 2),
    _row(L.Y_TOITOI, "toitoi", "toitoi", 2, 2),
    _row(L.Y_SANANKOU, "sanankou", "sanankou", 2, 2),
    _row(L.Y_SHOUSANGEN, "shousangen", "shousangen", 2, 2),
    _row(L.Y_HONROUTOU, "honroutou", "honroutou", 2, 2),
    _row(L.Y_RYANPEIKOU, "ryanpeikou", "ryanpeikou", 3),
    _row(L.Y_JUNCHAN, "junchan", "junchan", 3, 2),
    _row(L.Y_HONITSU, "honitsu", "honitsu", 3, 2),
    _row(L.Y_CHINITSU, "chinitsu", "chinitsu", 6, 5),
    _row(L.Y_SANRENKOU, "sanrenkou", "sanrenkou", 3, 2, variant="sanrenkou"),
    # yakuhai
    _row(L.Y_SEAT_WIND_EAST, "seat wind east", "seat_wind_east", 1, 1),
    _row(L.Y_SEAT_WIND_SOUTH, "seat wind south", "seat_wind_south", 1, 1),
    _row(L.Y_SEAT_WIND_WEST, "seat wind west", "seat_wind_west", 1, 1),
    _row(L.Y_SEAT_WIND_NORTH, "seat wind north", "seat_wind_north", 1, 1),
    _row(L.Y_ROUND_WIND_EAST, "round wind east", "round_wind_east", 1, 1),
    _row(L.Y_ROUND_WIND_SOUTH, "round wind south", "round_wind_south", 1, 1),
    _row(L.Y_ROUND_WIND_WEST, "round wind west", "round_wind_west", 1, 1),
    _row(L.Y_ROUND_WIND_NORTH, "round wind north", "round_wind_north", 1, 1),
    _row(L.Y_HAKU, "haku", "haku", 1, 1),
    _row(L.Y_HATSU, "hatsu", "hatsu", 1, 1),
    _row(L.Y_CHUN, "chun", "chun", 1, 1),
    # renhou: its value depends on Rules.renhou (off / mangan / han / yakuman)
    _row(L.Y_RENHOU, "renhou", "renhou", 5, variant="renhou"),
    # yakuman
    _row(L.Y_TENHOU, "tenhou", "tenhou", yakuman=1),
    _row(L.Y_CHIIHOU, "chiihou", "chiihou", yakuman=1),
    _row(L.Y_DAISANGEN, "daisangen", "daisangen", yakuman=1),
    _row(L.Y_SUUANKOU, "suuankou", "suuankou", yakuman=1),
    _row(L.Y_SUUANKOU_TANKI, "suuankou tanki", "suuankou_tanki", yakuman=2, variant="double_yakuman"),
    _row(L.Y_TSUUIISOU, "tsuuiisou", "tsuuiisou", yakuman=1),
    _row(L.Y_RYUUIISOU, "ryuuiisou", "ryuuiisou", yakuman=1),
    _row(L.Y_CHINROUTOU, "chinroutou", "chinroutou", yakuman=1),
    _row(L.Y_CHUUREN, "chuuren poutou", "chuuren_poutou", yakuman=1),
    _row(L.Y_JUNSEI_CHUUREN, "junsei chuuren poutou", "junsei_chuuren_poutou", yakuman=2, variant="double_yakuman"),
    _row(L.Y_KOKUSHI, "kokushi musou", "kokushi_musou", yakuman=1),
    _row(L.Y_KOKUSHI_13, "kokushi musou 13-sided", "kokushi_musou_13_sided", yakuman=2, variant="double_yakuman"),
    _row(L.Y_DAISUUSHII, "daisuushii", "daisuushii", yakuman=2, variant="double_yakuman"),
    _row(L.Y_SHOUSUUSHII, "shousuushii", "shousuushii", yakuman=1),
    _row(L.Y_SUUKANTSU, "suukantsu", "suukantsu", yakuman=1),
    _row(L.Y_DAISHARIN, "daisharin", "daisharin", yakuman=1, variant="daisharin"),
    _row(L.Y_DAICHISEI, "daichisei", "daichisei", yakuman=1, variant="daichisei"),
    _row(L.Y_SUURENKOU, "suurenkou", "suurenkou", yakuman=1, variant="suurenkou"),
    _row(L.Y_PAARENCHAN, "paarenchan", "paarenchan", yakuman=1, variant="paarenchan"),
    # a draw outcome paid as a mangan tsumo; never set by the hand scorer
    _row(L.Y_NAGASHI_MANGAN, "nagashi mangan", "nagashi_mangan", variant="nagashi_mangan"),
]

#: id -> YakuInfo, for every yaku id in use
YAKU: dict[int, YakuInfo] = {row.id: row for row in sorted(_ROWS)}
#: name -> YakuInfo
YAKU_BY_NAME: dict[str, YakuInfo] = {row.name: row for row in _ROWS}
#: key -> YakuInfo
YAKU_BY_KEY: dict[str, YakuInfo] = {row.key: row for row in _ROWS}

#: names of the non-yaku han sources, by Tenhou id
BONUS_NAMES = {L.DORA_ID: "dora", L.URA_ID: "ura dora", L.AKA_ID: "aka dora"}
#: keys of the non-yaku han sources, by Tenhou id
BONUS_KEYS = {L.DORA_ID: "dora", L.URA_ID: "ura_dora", L.AKA_ID: "aka_dora"}


def yaku_names(mask: int) -> list[str]:
    """The names of the yaku set in a yaku mask, by ascending id.

    >>> yaku_names((1 << 1) | (1 << 7))
    ['riichi', 'pinfu']
    """
    return [YAKU[i].name for i in sorted(YAKU) if mask >> i & 1]


def yaku_keys(mask: int) -> list[str]:
    """The keys of the yaku set in a yaku mask, by ascending id.

    >>> yaku_keys((1 << 0) | (1 << 7))
    ['menzen_tsumo', 'pinfu']
    """
    return [YAKU[i].key for i in sorted(YAKU) if mask >> i & 1]
