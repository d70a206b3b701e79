"""Yaku objects, as in ``mahjong.hand_calculating.yaku`` and ``yaku_list``.

Each yaku is a small object with ``yaku_id``, ``name``, ``han_open``,
``han_closed`` and ``is_yakuman`` (mahjong's ids and names); ``str()`` and
``repr()`` give the name (dora kinds add their count).  ``HandCalculator``
detects yaku in riichi_fast's compiled scorer and never calls them, but every
class has mahjong's ``is_condition_met`` with the same signature and the same
answer, for code that tests one yaku on one decomposition (``hand`` is a list
of groups of 34-indices, as ``HandDivider.divide_hand`` gives):

>>> Tanyao().yaku_id, Tanyao().name, Tanyao().han_open
(13, 'Tanyao', 1)
>>> d = Dora(); d.han_closed = 2; [d]
[Dora 2]
>>> hand = [[1, 2, 3], [10, 11, 12], [19, 20, 21], [4, 4, 4], [7, 7]]  # 234m 234p 234s 555m 88m
>>> Tanyao().is_condition_met(hand), Sanshoku().is_condition_met(hand)
(True, True)
>>> SeatWindEast().is_condition_met([[27, 27, 27]], 27), KokushiMusou().is_condition_met(None, [1] * 34)
(True, False)

Each predicate answers mahjong's question, not the full rule of
``docs/RULES.md``: precedence, closedness and situational conditions
are the scorer's job (``HandCalculator``).  Where the standalone answer differs
from the rules, these predicates follow mahjong, since they exist for drop-in use:

- ``Chantai`` is false unless some group is an honor group (RULES.md's chanta
  holds on terminal-only hands too, where junchan replaces it); ``Junchan``
  wants exactly five groups with a terminal (seven pairs never qualify); both
  need a chi.
- ``Iipeiko`` is also true on ryanpeikou hands, ``Shosangen`` on daisangen
  hands, ``Honroto`` on chinroutou and tsuuiisou hands (RULES.md: the larger
  yaku replaces the smaller).
- ``Tanyao`` ignores ``open_tanyao``; ``Chinitsu``/``Honitsu``/``ChuurenPoutou``
  and the yakuhai do not check whether the hand is open.
- ``Sanankou`` treats a ron triplet of the win tile as concealed when a
  concealed chi also holds the win tile (RULES.md: "a triplet completed by ron
  is open"), and a group equal to an open meld's tiles as open;
  ``Suuankou`` takes ``(hand, win_tile, is_tsumo)``, no melds and no ``*args``.
- ``Ittsu``/``Sanshoku`` see a chi in any group whose second tile follows its
  first (the same thing on ``HandDivider`` output).
- ``SanKantsu``/``Suukantsu`` read only ``melds`` (kan and shouminkan);
  ``KokushiMusou`` reads only ``tiles_34`` (the product of the 13 terminal and
  honor counts is 2).
- Situational yaku (riichi, ippatsu, tsumo, chankan, haitei, houtei, rinshan,
  pinfu, renhou, tenhou, chiihou, dora kinds, double yakuman, paarenchan,
  sashikomi, nagashi mangan, ...) answer ``True`` for any input, as mahjong's do.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence  # noqa: F401 (mahjong's names)

__all__ = ["YAKU_TABLE", "Yaku"]


class Yaku(ABC):
    """Base class of the yaku objects (``mahjong.hand_calculating.yaku.Yaku``).

    Abstract, as in mahjong: a subclass implements ``is_condition_met``.
    """

    yaku_id: int
    name: str
    han_open: int = 0
    han_closed: int = 0
    is_yakuman: bool = False

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.__str__()

    @abstractmethod
    def is_condition_met(self, hand, *args) -> bool:
        """Whether this yaku is present in the decomposition ``hand`` (subclasses may take more arguments)."""


class _Counted(Yaku):
    """Dora, aka dora, ura dora: their string shows the count."""

    def __str__(self) -> str:
        return f"{self.name} {self.han_closed}"


# ---------------------------------------------------------------------------
# predicates (mahjong 2.1.0 semantics, on groups of 34-indices)

_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
_HONORS = frozenset(range(27, 34))
_TERMINALS_HONORS = _TERMINALS | _HONORS
_WINDS = frozenset((27, 28, 29, 30))
_DRAGONS = frozenset((31, 32, 33))
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
_KOKUSHI = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KAN_TYPES = ("kan", "shouminkan")


def _chi(group) -> bool:
    return len(group) == 3 and group[0] + 1 == group[1] and group[1] + 1 == group[2]


def _triplet(group) -> bool:
    n = len(group)
    return n == 4 or (n == 3 and group[0] == group[1] == group[2])


def _has_triplet_of(hand, tile: int) -> bool:
    for g in hand:
        if g[0] == tile and (len(g) == 4 or (len(g) == 3 and g[1] == tile)):
            return True
    return False


def _suit_mask(hand) -> tuple[int, int]:
    """(bit per suit of the groups' first tiles: 1 sou, 2 pin, 4 man; count of honor groups)."""
    mask = honors = 0
    for g in hand:
        t = g[0]
        if t >= 27:
            honors += 1
        else:
            mask |= (4, 2, 1)[t // 9] if t >= 0 else 4
    return mask, honors


def _always(self, hand, *args) -> bool:
    """Situational: mahjong answers ``True`` whatever the hand."""
    return True


def _tanyao(self, hand, *args) -> bool:
    """No terminal or honor tile in any group."""
    return all(t not in _TERMINALS_HONORS for g in hand for t in g)


def _honroto(self, hand, *args) -> bool:
    """Every tile a terminal or an honor."""
    return all(t in _TERMINALS_HONORS for g in hand for t in g)


def _chinroto(self, hand, *args) -> bool:
    """Every tile a terminal."""
    return all(t in _TERMINALS for g in hand for t in g)


def _tsuisou(self, hand, *args) -> bool:
    """Every tile an honor."""
    return all(t in _HONORS for g in hand for t in g)


def _daichisei(self, hand, *args) -> bool:
    """Seven groups (pairs), every tile an honor."""
    return all(t in _HONORS for g in hand for t in g) and len(hand) == 7


def _ryuisou(self, hand, *args) -> bool:
    """Every tile green (2346 8s, hatsu)."""
    return all(t in _GREEN for g in hand for t in g)


def _chiitoitsu(self, hand, *args) -> bool:
    """Seven groups."""
    return len(hand) == 7


def _chinitsu(self, hand, *args) -> bool:
    """Every group's first tile in one suit, no honor group."""
    mask, honors = _suit_mask(hand)
    return honors == 0 and mask in (1, 2, 4)


def _honitsu(self, hand, *args) -> bool:
    """Every suited group in one suit, and at least one honor group."""
    mask, honors = _suit_mask(hand)
    return honors > 0 and mask in (1, 2, 4)


def _toitoi(self, hand, *args) -> bool:
    """Four triplets or quads."""
    return sum(1 for g in hand if _triplet(g)) == 4


def _chi_starts(hand) -> dict:
    seen: dict = {}
    for g in hand:
        if _chi(g):
            seen[g[0]] = seen.get(g[0], 0) + 1
    return seen


def _iipeiko(self, hand, *args) -> bool:
    """Two equal chi."""
    return any(n >= 2 for n in _chi_starts(hand).values())


def _ryanpeiko(self, hand, *args) -> bool:
    """Two pairs of equal chi."""
    return sum(n // 2 for n in _chi_starts(hand).values()) >= 2


def _chantai(self, hand, *args) -> bool:
    """A chi, five groups with a terminal or honor, at least one of each kind."""
    terminal = honor = chis = 0
    for g in hand:
        chis += _chi(g)
        if g[0] in _TERMINALS or g[-1] in _TERMINALS:
            terminal += 1
        elif g[0] in _HONORS:
            honor += 1
    return chis > 0 and terminal > 0 and honor > 0 and terminal + honor == 5


def _junchan(self, hand, *args) -> bool:
    """A chi and five groups with a terminal at either end."""
    terminal = chis = 0
    for g in hand:
        chis += _chi(g)
        if g[0] in _TERMINALS or g[-1] in _TERMINALS:
            terminal += 1
    return chis > 0 and terminal == 5


def _run_bits(hand, ranks: dict) -> tuple[int, int, int]:
    """Per suit (man, pin, sou), a bit per chi-like group whose first rank is in ``ranks``."""
    bits = [0, 0, 0]
    for g in hand:
        t = g[0]
        if t + 1 != g[1]:
            continue
        bit = ranks.get(t % 9)
        if bit is None:
            continue
        bits[2 if t >= 18 else 1 if t >= 9 else 0] |= bit
    return bits[0], bits[1], bits[2]


_ITTSU_RANKS = {0: 1, 3: 2, 6: 4}
_ALL_RANKS = {r: 1 << r for r in range(9)}


def _ittsu(self, hand, *args) -> bool:
    """Runs starting 1, 4 and 7 in one suit."""
    return 7 in _run_bits(hand, _ITTSU_RANKS)


def _sanshoku(self, hand, *args) -> bool:
    """Runs starting on the same rank in the three suits."""
    m, p, s = _run_bits(hand, _ALL_RANKS)
    return (m & p & s) != 0


def _sanshoku_douko(self, hand, *args) -> bool:
    """Triplets or quads of the same rank in the three suits."""
    bits = [0, 0, 0]
    for g in hand:
        t = g[0]
        if t < 27 and _triplet(g):
            bits[2 if t >= 18 else 1 if t >= 9 else 0] |= 1 << (t % 9)
    return (bits[0] & bits[1] & bits[2]) != 0


def _shosangen(self, hand, *args) -> bool:
    """Three dragon groups (pairs, triplets or quads)."""
    return sum(1 for g in hand if g[0] in _DRAGONS and (len(g) == 2 or _triplet(g))) == 3


def _daisangen(self, hand, *args) -> bool:
    """Three dragon triplets or quads."""
    return sum(1 for g in hand if g[0] in _DRAGONS and _triplet(g)) == 3


def _shosuushi(self, hand, *args) -> bool:
    """Three wind triplets or quads and a wind pair."""
    pairs = sets = 0
    for g in hand:
        if g[0] in _WINDS:
            if len(g) == 2:
                pairs += 1
            elif _triplet(g):
                sets += 1
    return sets == 3 and pairs == 1


def _daisuushi(self, hand, *args) -> bool:
    """Four wind triplets or quads."""
    return sum(1 for g in hand if g[0] in _WINDS and _triplet(g)) == 4


def _dragon(tile: int):
    def is_condition_met(self, hand, *args) -> bool:
        """Whether ``hand`` has a triplet or quad of this dragon."""
        return _has_triplet_of(hand, tile)

    return is_condition_met


def _seat_wind(tile: int):
    def is_condition_met(self, hand, player_wind, *args) -> bool:
        """Whether ``player_wind`` (a 34-index) is this wind and ``hand`` has a triplet or quad of it."""
        return player_wind == tile and _has_triplet_of(hand, tile)

    return is_condition_met


def _round_wind(tile: int):
    def is_condition_met(self, hand, round_wind, *args) -> bool:
        """Whether ``round_wind`` (a 34-index) is this wind and ``hand`` has a triplet or quad of it."""
        return round_wind == tile and _has_triplet_of(hand, tile)

    return is_condition_met


def _sanankou(self, hand, win_tile, melds, is_tsumo) -> bool:
    """Three concealed triplets or quads; ``win_tile`` is a 136-index, ``melds`` the declared melds."""
    win = win_tile // 4
    opened = {tuple(m.tiles_34) for m in melds if m.opened}
    closed = 0
    win_in_closed_chi = False
    for g in hand:
        key = tuple(g)
        if _triplet(g):
            closed += key not in opened
        elif _chi(g) and win in g and key not in opened:
            win_in_closed_chi = True
    if not is_tsumo and not win_in_closed_chi:
        for g in hand:
            if _triplet(g) and g[0] == win and tuple(g) not in opened:
                closed -= 1
                break
    return closed == 3


def _suuankou(self, hand, win_tile, is_tsumo) -> bool:
    """Four concealed triplets or quads; on a ron the groups holding ``win_tile`` (136-index) are not."""
    win = win_tile // 4
    return sum(1 for g in hand if _triplet(g) and (is_tsumo or win not in g)) == 4


def _kans(count: int):
    def is_condition_met(self, hand, melds, *args) -> bool:
        """Whether exactly this many of ``melds`` are kan or shouminkan."""
        return sum(1 for m in melds if m.type in _KAN_TYPES) == count

    return is_condition_met


def _kokushi(self, hand, tiles_34, *args) -> bool:
    """Thirteen orphans from the count array ``tiles_34`` (``hand`` is unused)."""
    product = 1
    for i in _KOKUSHI:
        product *= tiles_34[i]
    return product == 2


def _chuuren(self, hand, *args) -> bool:
    """One suit, no honors, tile counts 1112345678999 plus one."""
    mask, honors = _suit_mask(hand)
    if honors > 0 or mask not in (1, 2, 4):
        return False
    counts = [0] * 9
    for g in hand:
        for t in g:
            counts[t % 9] += 1
    if counts[0] < 3 or counts[8] < 3:
        return False
    counts[0] -= 2
    counts[8] -= 2
    return all(c in (1, 2) for c in counts) and counts.count(2) == 1


def _daisharin(self, hand, allow_other_sets, *args) -> bool:
    """Seven pairs 2-8 of one suit; only pin unless ``allow_other_sets``."""
    mask, honors = _suit_mask(hand)
    if honors > 0 or mask not in (1, 2, 4):
        return False
    if not allow_other_sets and mask != 2:
        return False
    counts = [0] * 9
    for g in hand:
        for t in g:
            counts[t % 9] += 1
    return all(counts[r] == 2 for r in range(1, 8))


_PREDICATES = {
    "Tanyao": _tanyao, "Honroto": _honroto, "Chinroutou": _chinroto, "Tsuuiisou": _tsuisou,
    "Daichisei": _daichisei, "Ryuuiisou": _ryuisou, "Chiitoitsu": _chiitoitsu,
    "Chinitsu": _chinitsu, "Honitsu": _honitsu, "Toitoi": _toitoi, "Iipeiko": _iipeiko,
    "Ryanpeikou": _ryanpeiko, "Chantai": _chantai, "Junchan": _junchan, "Ittsu": _ittsu,
    "Sanshoku": _sanshoku, "SanshokuDoukou": _sanshoku_douko, "Shosangen": _shosangen,
    "Daisangen": _daisangen, "Shousuushii": _shosuushi, "DaiSuushii": _daisuushi,
    "Haku": _dragon(31), "Hatsu": _dragon(32), "Chun": _dragon(33),
    "SeatWindEast": _seat_wind(27), "SeatWindSouth": _seat_wind(28),
    "SeatWindWest": _seat_wind(29), "SeatWindNorth": _seat_wind(30),
    "RoundWindEast": _round_wind(27), "RoundWindSouth": _round_wind(28),
    "RoundWindWest": _round_wind(29), "RoundWindNorth": _round_wind(30),
    "Sanankou": _sanankou, "Suuankou": _suuankou, "SanKantsu": _kans(3), "Suukantsu": _kans(4),
    "KokushiMusou": _kokushi, "ChuurenPoutou": _chuuren, "Daisharin": _daisharin,
}

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
         "is_condition_met": _PREDICATES.get(_cls, _always),
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

    def rename(self, hand) -> None:
        """Name it for the suit of the decomposition's first tile (as mahjong: pin, sou, else man)."""
        first = hand[0][0]
        if 17 < first <= 26:
            self.set_sou()
        elif 8 < first <= 17:
            self.set_pin()
        else:
            self.set_man()
