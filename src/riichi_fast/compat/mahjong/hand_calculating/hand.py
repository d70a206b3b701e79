"""Hand value, as in ``mahjong.hand_calculating.hand`` (``HandCalculator``), computed by
riichi_fast's compiled scorer (``docs/SCORING.md``).

``estimate_hand_value`` maps the ``HandConfig`` and ``OptionalRules`` to a
win context and a :class:`riichi_fast.rules.Rules` (from the ``MAHJONG_LIB``
preset), calls the scoring kernel once, and maps its output back to
mahjong's :class:`HandResponse` (cost dict, han, fu, fu details, yaku objects,
error strings).

>>> from riichi_fast.compat.mahjong.tile import TilesConverter
>>> tiles = TilesConverter.string_to_136_array(man="22444", pin="333567", sou="444")
>>> r = HandCalculator.estimate_hand_value(tiles, TilesConverter.string_to_136_array(sou="4")[0])
>>> r.han, r.fu, r.cost["main"], r.yaku
(1, 40, 1300, [Tanyao])
"""

from __future__ import annotations

import array
from collections.abc import Collection
from operator import attrgetter
from typing import TypedDict

import numpy as np

from riichi_fast import _backend
from riichi_fast.compat.mahjong.constants import AKA_DORAS, CHUN, HAKU, HATSU, NORTH  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating import yaku_config
from riichi_fast.compat.mahjong.hand_calculating.divider import HandDivider, meld_code  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.fu import FuCalculator, FuDetail
from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from riichi_fast.compat.mahjong.hand_calculating.hand_response import HandResponse
from riichi_fast.compat.mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator, ScoresResult
from riichi_fast.compat.mahjong.hand_calculating.yaku import YAKU_TABLE, Yaku
from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YakuConfig
from riichi_fast.compat.mahjong.meld import Meld
from riichi_fast.compat.mahjong.tile import TilesConverter, _TileIdError  # noqa: F401 (TilesConverter: mahjong's)
from riichi_fast.compat.mahjong.utils import (  # noqa: F401 (classify_hand_suits: mahjong's name)
    build_dora_count_map,
    classify_hand_suits,
    count_dora_for_hand,
    plus_dora,
)
from riichi_fast.enums import Form, MeldType, SetType
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import MAHJONG_LIB

__all__ = ["HandCalculator"]

_score_kernel = None


class _CalculatedHand(TypedDict):
    """One scored reading, as mahjong ranks them (``_hand_priority``)."""

    cost: ScoresResult | None
    error: str | None
    hand_yaku: list[Yaku]
    han: int
    fu: int
    fu_details: list[FuDetail]


def _hand_priority(hand: _CalculatedHand) -> tuple[int, bool, int, int]:
    """mahjong's ranking key of a reading: total points (-1 without cost), holds a real yakuman, han, fu.

    >>> _hand_priority({"cost": {"total": 8000}, "hand_yaku": [], "han": 5, "fu": 30})
    (8000, False, 5, 30)
    """
    cost = hand["cost"]
    return (cost["total"] if cost else -1), any(y.is_yakuman for y in hand["hand_yaku"]), hand["han"], hand["fu"]


#: suit bitmask of all three suits (sou 1, pin 2, man 4), as ``classify_hand_suits`` sets them
_ALL_SUITS_MASK = 7


def _kernel():
    global _score_kernel
    if _score_kernel is None:
        _score_kernel = _backend.load("scoring._score").score_kernel
    return _score_kernel


# ---------------------------------------------------------------------------
# OptionalRules -> kernel params (cached per option values and paarenchan count)
# ---------------------------------------------------------------------------
_OPTION_FIELDS = (
    "has_open_tanyao", "has_aka_dora", "has_double_yakuman", "kazoe_limit", "kiriage",
    "fu_for_open_pinfu", "fu_for_pinfu_tsumo", "renhou_as_yakuman", "has_daisharin",
    "has_daisharin_other_suits", "limit_to_sextuple_yakuman", "paarenchan_needs_yaku",
    "has_daichisei", "is_three_player",
)
_KAZOE_NAMES = {HandConstants.KAZOE_LIMITED: "yakuman", HandConstants.KAZOE_SANBAIMAN: "sanbaiman",
                HandConstants.KAZOE_NO_LIMIT: "multiple"}
_PARAMS: dict = {}


def rules_for(options) -> object:
    """The :class:`riichi_fast.rules.Rules` equivalent to mahjong ``OptionalRules``.

    >>> from riichi_fast.compat.mahjong.hand_calculating.hand_config import OptionalRules
    >>> r = rules_for(OptionalRules(has_open_tanyao=True, kiriage=True))
    >>> r.open_tanyao, r.kiriage, r.renhou, r.double_wind_pair_fu
    (True, True, 'han', 4)
    """
    three = bool(options.is_three_player)
    return MAHJONG_LIB.replace(
        open_tanyao=bool(options.has_open_tanyao),
        red_fives=1 if options.has_aka_dora else 0,
        double_yakuman=bool(options.has_double_yakuman),
        kazoe=_KAZOE_NAMES.get(options.kazoe_limit, "yakuman"),
        kiriage=bool(options.kiriage),
        fu_for_open_pinfu=bool(options.fu_for_open_pinfu),
        fu_for_pinfu_tsumo=bool(options.fu_for_pinfu_tsumo),
        renhou="yakuman" if options.renhou_as_yakuman else "han",
        daisharin=bool(options.has_daisharin or options.has_daisharin_other_suits),
        daisharin_all_suits=bool(options.has_daisharin_other_suits),
        daichisei=bool(options.has_daichisei),
        yakuman_cap=6 if options.limit_to_sextuple_yakuman else 1_000_000,
        paarenchan_needs_yaku=bool(options.paarenchan_needs_yaku),
        n_players=3 if three else 4,
        honba_value=200 if three else 300,
    )


_PATCHES: dict = {}
_BASE: list = []


def _field_values(options) -> list:
    values = [(f, getattr(options, f)) for f in _OPTION_FIELDS if f not in ("has_daisharin", "has_daisharin_other_suits")]
    other = bool(options.has_daisharin_other_suits)
    values.append(("daisharin", (bool(options.has_daisharin) or other, other)))
    return values


def _patch(field: str, value) -> list:
    """The params entries that ``field=value`` changes from mahjong's defaults (fields are independent)."""
    if not _BASE:
        _BASE.extend(int(x) for x in rules_for(OptionalRules()).params())
    opts = OptionalRules()
    if field == "daisharin":
        opts.has_daisharin, opts.has_daisharin_other_suits = value
    else:
        setattr(opts, field, value)
    p = rules_for(opts).params()
    return [(i, int(p[i])) for i in range(L.R_SIZE) if int(p[i]) != _BASE[i]]


def _option_values(options) -> tuple:
    """The options' attribute values (a cache key; the compiled path's own entry is a slot, not here)."""
    return tuple(options.__dict__.values())


def _params(options, paarenchan: int) -> np.ndarray:
    """The kernel rules array for mahjong ``OptionalRules`` (and a paarenchan count), cached."""
    try:
        fast_key = (_option_values(options), paarenchan)
        p = _FAST_PARAMS.get(fast_key)
    except TypeError:  # unhashable option values
        fast_key = p = None
    if p is not None:
        return p
    p = _params_slow(options, paarenchan)
    if fast_key is not None and len(_FAST_PARAMS) < 65536:
        _FAST_PARAMS[fast_key] = p
    return p


_FAST_PARAMS: dict = {}


def _params_slow(options, paarenchan: int) -> np.ndarray:
    fields = _field_values(options)
    key = (tuple(fields), paarenchan)
    p = _PARAMS.get(key)
    if p is None:
        values = None
        for fv in fields:
            try:
                patch = _PATCHES.get(fv)
            except TypeError:  # an unhashable option value: build from Rules
                values = [int(x) for x in rules_for(options).params()]
                break
            if patch is None:
                patch = _PATCHES[fv] = _patch(*fv)
            if patch:
                if values is None:
                    values = _BASE[:]
                for i, v in patch:
                    values[i] = v
        if values is None:
            values = _BASE[:] if _BASE else [int(x) for x in rules_for(options).params()]
        if paarenchan > 0:
            values[L.R_YAKUMAN + L.Y_PAARENCHAN] = paarenchan
        p = np.array(values, dtype=np.int32)
        p.setflags(write=False)
        if len(_PARAMS) < 65536:
            _PARAMS[key] = p
    return p


# ---------------------------------------------------------------------------
# kernel output -> mahjong objects
# ---------------------------------------------------------------------------
# scorer yaku id -> YakuConfig attribute (1, 21, 36 and 55 are handled apart)
_YAKU_ATTR = {
    L.Y_MENZEN_TSUMO: "tsumo", L.Y_IPPATSU: "ippatsu", L.Y_CHANKAN: "chankan", L.Y_RINSHAN: "rinshan",
    L.Y_HAITEI: "haitei", L.Y_HOUTEI: "houtei", L.Y_PINFU: "pinfu", L.Y_TANYAO: "tanyao",
    L.Y_IIPEIKOU: "iipeiko", L.Y_SEAT_WIND_EAST: "seat_wind_east", L.Y_SEAT_WIND_SOUTH: "seat_wind_south",
    L.Y_SEAT_WIND_WEST: "seat_wind_west", L.Y_SEAT_WIND_NORTH: "seat_wind_north",
    L.Y_ROUND_WIND_EAST: "round_wind_east", L.Y_ROUND_WIND_SOUTH: "round_wind_south",
    L.Y_ROUND_WIND_WEST: "round_wind_west", L.Y_ROUND_WIND_NORTH: "round_wind_north",
    L.Y_HAKU: "haku", L.Y_HATSU: "hatsu", L.Y_CHUN: "chun", L.Y_CHIITOITSU: "chiitoitsu",
    L.Y_CHANTA: "chantai", L.Y_ITTSU: "ittsu", L.Y_SANSHOKU_DOUJUN: "sanshoku",
    L.Y_SANSHOKU_DOUKOU: "sanshoku_douko", L.Y_SANKANTSU: "sankantsu", L.Y_TOITOI: "toitoi",
    L.Y_SANANKOU: "sanankou", L.Y_SHOUSANGEN: "shosangen", L.Y_HONROUTOU: "honroto",
    L.Y_RYANPEIKOU: "ryanpeiko", L.Y_JUNCHAN: "junchan", L.Y_HONITSU: "honitsu", L.Y_CHINITSU: "chinitsu",
    L.Y_TENHOU: "tenhou", L.Y_CHIIHOU: "chiihou", L.Y_DAISANGEN: "daisangen", L.Y_SUUANKOU: "suuankou",
    L.Y_SUUANKOU_TANKI: "suuankou_tanki", L.Y_TSUUIISOU: "tsuisou", L.Y_RYUUIISOU: "ryuisou",
    L.Y_CHINROUTOU: "chinroto", L.Y_CHUUREN: "chuuren_poutou", L.Y_JUNSEI_CHUUREN: "daburu_chuuren_poutou",
    L.Y_KOKUSHI: "kokushi", L.Y_KOKUSHI_13: "daburu_kokushi", L.Y_DAISUUSHII: "daisuushi",
    L.Y_SHOUSUUSHII: "shosuushi", L.Y_SUUKANTSU: "suukantsu", L.Y_DAISHARIN: "daisharin",
    L.Y_DAICHISEI: "daichisei", L.Y_PAARENCHAN: "paarenchan",
}
_YAKU_BITS = tuple(sorted(_YAKU_ATTR))
_ORDINARY_BITS = sum(1 << b for b in range(64) if b not in (L.DORA_ID, L.URA_ID, L.AKA_ID))

_FB = FuCalculator
# scorer fu reason -> (mahjong's insertion rank, mahjong reason); mahjong lists wait fu,
# pair fu, pair wait, sets (by kind), tsumo, open pinfu, base, then sorts stably by fu.
_FU_MAP = {
    L.FU_WAIT_PENCHAN: (0, _FB.PENCHAN), L.FU_WAIT_KANCHAN: (1, _FB.KANCHAN),
    L.FU_PAIR_DRAGON: (2, _FB.VALUED_PAIR), L.FU_PAIR_SEAT_WIND: (2, _FB.VALUED_PAIR),
    L.FU_PAIR_ROUND_WIND: (2, _FB.VALUED_PAIR), L.FU_PAIR_DOUBLE_WIND: (2, _FB.DOUBLE_VALUED_PAIR),
    L.FU_WAIT_TANKI: (3, _FB.PAIR_WAIT),
    L.FU_OPEN_PON: (4, _FB.OPEN_PON), L.FU_OPEN_TERMINAL_PON: (4, _FB.OPEN_TERMINAL_PON),
    L.FU_CLOSED_PON: (4, _FB.CLOSED_PON), L.FU_CLOSED_TERMINAL_PON: (4, _FB.CLOSED_TERMINAL_PON),
    L.FU_OPEN_KAN: (4, _FB.OPEN_KAN), L.FU_OPEN_TERMINAL_KAN: (4, _FB.OPEN_TERMINAL_KAN),
    L.FU_CLOSED_KAN: (4, _FB.CLOSED_KAN), L.FU_CLOSED_TERMINAL_KAN: (4, _FB.CLOSED_TERMINAL_KAN),
    L.FU_TSUMO: (5, _FB.TSUMO), L.FU_OPEN_PINFU: (6, _FB.HAND_WITHOUT_FU),
}
_BASE_CODES = (L.FU_BASE, L.FU_MENZEN_RON, L.FU_CHIITOITSU)
_SEQ = int(SetType.SEQUENCE)


def _fu_details(o) -> list:
    """mahjong's fu details (already in HandResponse order) from the kernel output (fresh dicts)."""
    n = o[L.O_FU_N]
    if not n:
        return []
    key = (tuple(o[L.O_N_SETS:L.O_SET_MELD]), tuple(o[L.O_FU_LIST:L.O_FU_LIST + 2 * n]))
    cached = _FU_CACHE.get(key)
    if cached is None:
        cached = _fu_details_build(o, n)
        if len(_FU_CACHE) < 65536:
            _FU_CACHE[key] = cached
    return [{"fu": fu, "reason": reason} for fu, reason in cached]


_FU_CACHE: dict = {}


def _fu_details_build(o, n: int) -> tuple:
    keyed = []
    base = 0
    si = 0
    set_kinds = [o[L.O_SET_KIND + i] for i in range(o[L.O_N_SETS]) if o[L.O_SET_TYPE + i] != _SEQ]
    at = L.O_FU_LIST
    for _ in range(n):
        reason, fu = o[at], o[at + 1]
        at += 2
        if reason in _BASE_CODES:
            base += fu
            continue
        rank, name = _FU_MAP.get(reason, (7, str(reason)))
        kind = 0
        if rank == 4:
            kind = set_kinds[si] if si < len(set_kinds) else 99
            si += 1
        keyed.append((-fu, rank, kind, name))
    if base:
        keyed.append((-base, 8, 0, _FB.BASE))
    keyed.sort()
    return tuple((-k[0], k[3]) for k in keyed)


# bit -> YakuConfig attribute, or a marker for the bits handled apart
_BIT_ATTR = [None] * 64
for _bit, _attr in _YAKU_ATTR.items():
    _BIT_ATTR[_bit] = _attr
_BIT_ATTR[L.Y_RIICHI] = "!riichi"
_BIT_ATTR[L.Y_DOUBLE_RIICHI] = "!daburu"
_BIT_ATTR[L.Y_RENHOU] = "!renhou"
del _bit, _attr


def _mask_to_yaku(mask: int, yaku, options, counts: list[int], paarenchan: int) -> list:
    """The config's yaku objects for a scorer yaku mask (mahjong's riichi/open riichi split)."""
    hand_yaku = []
    open_riichi = mask >> L.Y_OPEN_RIICHI & 1
    m = mask
    while m:
        low = m & -m
        m ^= low
        attr = _BIT_ATTR[low.bit_length() - 1]
        if attr is None:
            continue
        if attr[0] == "!":
            if attr == "!riichi":
                attr = "open_riichi" if open_riichi else "riichi"
            elif attr == "!daburu":
                attr = "daburu_open_riichi" if open_riichi else "daburu_riichi"
            else:
                attr = "renhou_yakuman" if options.renhou_as_yakuman else "renhou"
        obj = getattr(yaku, attr)
        if attr == "paarenchan":
            obj.set_paarenchan_count(paarenchan)
        elif attr == "daisharin":
            suit = next(k // 9 for k in range(27) if counts[k])
            (obj.set_man, obj.set_pin, obj.set_sou)[suit]()
        hand_yaku.append(obj)
    return hand_yaku


def _han(hand_yaku: list, is_open_hand: bool) -> int:
    return sum(y.han_open if is_open_hand and y.han_open else y.han_closed for y in hand_yaku)


def _no_yakuman_params(params: np.ndarray) -> np.ndarray:
    key = params.tobytes()
    p = _NO_YAKUMAN.get(key)
    if p is None:
        p = params.copy()
        p[L.R_YAKUMAN:L.R_YAKUMAN + 64] = 0
        p.setflags(write=False)
        if len(_NO_YAKUMAN) < 1024:
            _NO_YAKUMAN[key] = p
    return p


_NO_YAKUMAN: dict = {}


def _error(msg: str) -> HandResponse:
    return HandResponse(error=msg)


def _validate(config, melds, is_open_hand: bool) -> str | None:
    """mahjong's checks of the win conditions, in its order (used when the kernel cannot be called)."""
    c = config
    if c.is_riichi and not c.is_daburu_riichi and is_open_hand:
        return HandCalculator.ERR_OPEN_HAND_RIICHI
    if c.is_daburu_riichi and is_open_hand:
        return HandCalculator.ERR_OPEN_HAND_DABURI
    if c.is_ippatsu and not c.is_riichi and not c.is_daburu_riichi:
        return HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI
    if c.is_chankan and c.is_tsumo:
        return HandCalculator.ERR_CHANKAN_WITH_TSUMO
    if c.is_rinshan and not c.is_tsumo:
        return HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO
    if c.is_haitei and not c.is_tsumo:
        return HandCalculator.ERR_HAITEI_WITHOUT_TSUMO
    if c.is_houtei and c.is_tsumo:
        return HandCalculator.ERR_HOUTEI_WITH_TSUMO
    if c.is_haitei and c.is_rinshan:
        return HandCalculator.ERR_HAITEI_WITH_RINSHAN
    if c.is_houtei and c.is_chankan:
        return HandCalculator.ERR_HOUTEI_WITH_CHANKAN
    if c.is_tenhou and c.player_wind and not c.is_dealer:
        return HandCalculator.ERR_TENHOU_NOT_AS_DEALER
    if c.is_tenhou and not c.is_tsumo:
        return HandCalculator.ERR_TENHOU_WITHOUT_TSUMO
    if c.is_tenhou and melds:
        return HandCalculator.ERR_TENHOU_WITH_MELD
    if c.is_chiihou and c.player_wind and c.is_dealer:
        return HandCalculator.ERR_CHIIHOU_AS_DEALER
    if c.is_chiihou and not c.is_tsumo:
        return HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO
    if c.is_chiihou and melds:
        return HandCalculator.ERR_CHIIHOU_WITH_MELD
    if c.is_renhou and c.player_wind and c.is_dealer:
        return HandCalculator.ERR_RENHOU_AS_DEALER
    if c.is_renhou and c.is_tsumo:
        return HandCalculator.ERR_RENHOU_WITH_TSUMO
    if c.is_renhou and melds:
        return HandCalculator.ERR_RENHOU_WITH_MELD
    return None


def _wind_index(wind, counts: list[int], *, seat: bool, tenhou: bool = False) -> tuple[int, int]:
    """``(kernel wind 0..3, yaku bit to drop or -1)`` for a mahjong wind (27..30 or ``None``).

    ``None`` means "no such wind" in mahjong: no yakuhai and no pair fu for any
    wind, and not the dealer.  The kernel needs a wind, so a stand-in is used:
    a wind the hand holds fewer than two of (it gives neither yakuhai nor pair
    fu), else one held as a triplet or quad (its yakuhai bit is dropped after
    scoring).  A seat stand-in is never East (the dealer), except for a tenhou
    claim, which mahjong accepts without a seat wind.
    """
    if wind is not None and 27 <= wind <= 30:
        return wind - 27, -1
    candidates = (0,) if seat and tenhou else (1, 2, 3) if seat else (0, 1, 2, 3)
    for w in candidates:
        if counts[27 + w] < 2:
            return w, -1
    base = L.Y_SEAT_WIND_EAST if seat else L.Y_ROUND_WIND_EAST
    for w in candidates:
        if counts[27 + w] >= 3:
            return w, base + w
    return candidates[0], -1  # every candidate held as a pair: a listed difference


class HandCalculator:
    """``estimate_hand_value`` and mahjong's ``ERR_*`` strings."""

    ERR_NO_WINNING_TILE = "winning_tile_not_in_hand"
    ERR_HAND_NOT_WINNING = "hand_not_winning"
    ERR_NO_YAKU = "no_yaku"
    ERR_OPEN_HAND_RIICHI = "open_hand_riichi_not_allowed"
    ERR_OPEN_HAND_DABURI = "open_hand_daburi_not_allowed"
    ERR_IPPATSU_WITHOUT_RIICHI = "ippatsu_without_riichi_not_allowed"
    ERR_CHANKAN_WITH_TSUMO = "chankan_with_tsumo_not_allowed"
    ERR_RINSHAN_WITHOUT_TSUMO = "rinshan_without_tsumo_not_allowed"
    ERR_HAITEI_WITHOUT_TSUMO = "haitei_without_tsumo_not_allowed"
    ERR_HOUTEI_WITH_TSUMO = "houtei_with_tsumo_not_allowed"
    ERR_HAITEI_WITH_RINSHAN = "haitei_with_rinshan_not_allowed"
    ERR_HOUTEI_WITH_CHANKAN = "houtei_with_chankan_not_allowed"
    ERR_TENHOU_NOT_AS_DEALER = "tenhou_not_as_dealer_not_allowed"
    ERR_TENHOU_WITHOUT_TSUMO = "tenhou_without_tsumo_not_allowed"
    ERR_TENHOU_WITH_MELD = "tenhou_with_meld_not_allowed"
    ERR_CHIIHOU_AS_DEALER = "chiihou_as_dealer_not_allowed"
    ERR_CHIIHOU_WITHOUT_TSUMO = "chiihou_without_tsumo_not_allowed"
    ERR_CHIIHOU_WITH_MELD = "chiihou_with_meld_not_allowed"
    ERR_RENHOU_AS_DEALER = "renhou_as_dealer_not_allowed"
    ERR_RENHOU_WITH_TSUMO = "renhou_with_tsumo_not_allowed"
    ERR_RENHOU_WITH_MELD = "renhou_with_meld_not_allowed"

    @staticmethod
    def _find_win_groups(win_tile: int, hand: list[list[int]], opened_melds: list[list[int]]) -> list[list[int]]:
        """The groups of a decomposition that can hold the winning tile, each shape once, skipping
        one group per open meld equal to it (mahjong's helper; the scorer does not use it).

        >>> HandCalculator._find_win_groups(20, [[3, 4, 5], [5, 5], [5, 5, 5]], [[5, 5, 5]])
        [[3, 4, 5], [5, 5]]
        """
        kind = (win_tile or 0) // 4
        unmatched = list(opened_melds)
        groups: list[list[int]] = []
        for group in hand:
            if group in unmatched:
                unmatched.remove(group)
                continue
            if kind in group and group not in groups:
                groups.append(group)
        return groups

    @staticmethod
    def estimate_hand_value(
        tiles: Collection[int],
        win_tile: int,
        melds: Collection | None = None,
        dora_indicators: Collection[int] | None = None,
        config: HandConfig | None = None,
        scores_calculator_factory: type = ScoresCalculator,
        ura_dora_indicators: Collection[int] | None = None,
    ) -> HandResponse:
        """Score a winning hand: ``tiles`` are 136-ids (meld tiles included), ``win_tile``
        one of them; the best reading is chosen by points, then yakuman, han, fu.

        >>> from riichi_fast.compat.mahjong.tile import TilesConverter
        >>> tiles = TilesConverter.string_to_136_array(man="234789", pin="12345666")
        >>> win = TilesConverter.string_to_136_array(pin="6")[0]
        >>> r = HandCalculator.estimate_hand_value(tiles, win, config=HandConfig(is_tsumo=True, is_riichi=True))
        >>> r.han, r.fu, r.cost["main"], r.cost["additional"], r.yaku
        (3, 20, 1300, 700, [Menzen Tsumo, Riichi, Pinfu])
        """
        if config is None:
            config = HandConfig()
        if _fast is not None and scores_calculator_factory is ScoresCalculator:
            r = _fast.estimate(tiles, win_tile, melds, dora_indicators, config, ura_dora_indicators)
            if r is not None:
                return r
        return _estimate_python(tiles, win_tile, melds, dora_indicators, config, scores_calculator_factory,
                                ura_dora_indicators)


def _estimate_python(tiles, win_tile, melds, dora_indicators, config, scores_calculator_factory,
                     ura_dora_indicators) -> HandResponse:
    """The pure-Python path (the reference twin of the compiled fast path in ``_compat_hand``)."""
    for t in tiles:  # mahjong counts the tiles first: an id past the 34 kinds raises IndexError there
        if type(t) is int and not -136 <= t < 136:
            raise _TileIdError("list index out of range")
    melds = melds or ()
    scores_calculator = scores_calculator_factory()
    options = config.options
    yaku = config.yaku

    if config.is_nagashi_mangan:
        han = yaku.nagashi_mangan.han_closed
        cost = scores_calculator.calculate_scores(han, 30, config, False)
        return HandResponse(cost, han, 30, [yaku.nagashi_mangan])

    if win_tile not in tiles:
        return _error(HandCalculator.ERR_NO_WINNING_TILE)

    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    closed = counts[:]
    n_melds = len(melds)
    is_open_hand = False
    bad_shape = n_melds > 4
    if n_melds:
        mt = bytearray(4)
        mk = bytearray(4)
        for i, m in enumerate(melds):
            if m.opened:
                is_open_hand = True
            mtype, kind, _ = meld_code(m)
            if not 0 <= kind < 34 or (mtype == MeldType.CHI and (kind >= 27 or kind % 9 > 6)):
                bad_shape = True
                continue
            if i < 4:
                mt[i] = mtype
                mk[i] = kind
            if mtype == MeldType.CHI:
                closed[kind] -= 1
                closed[kind + 1] -= 1
                closed[kind + 2] -= 1
            else:
                closed[kind] -= 3 if mtype == MeldType.PON else 4
        mt = bytes(mt)
        mk = bytes(mk)
        bad_shape = bad_shape or min(closed) < 0
    else:
        mt = mk = _NO_MELDS
    if bad_shape or sum(closed) != 14 - 3 * n_melds or max(counts) > 4:
        return _error(_validate(config, melds, is_open_hand) or HandCalculator.ERR_HAND_NOT_WINNING)
    closed_bytes = bytes(closed)

    if not options.has_double_yakuman:
        yaku.daburu_kokushi.han_closed = 13
        yaku.suuankou_tanki.han_closed = 13
        yaku.daburu_chuuren_poutou.han_closed = 13
        yaku.daisuushi.han_closed = 13
        yaku.daisuushi.han_open = 13

    c = config
    riichi = c.is_riichi or c.is_daburu_riichi
    # each flag by its truth value, as mahjong reads them (a falsy [] is "no")
    flags = (
        (L.F_TSUMO if c.is_tsumo else 0) | (L.F_RIICHI if c.is_riichi else 0)
        | (L.F_DOUBLE_RIICHI if c.is_daburu_riichi else 0) | (L.F_IPPATSU if c.is_ippatsu else 0)
        | (L.F_OPEN_RIICHI if c.is_open_riichi and riichi else 0) | (L.F_HAITEI if c.is_haitei else 0)
        | (L.F_HOUTEI if c.is_houtei else 0) | (L.F_RINSHAN if c.is_rinshan else 0)
        | (L.F_CHANKAN if c.is_chankan else 0) | (L.F_TENHOU if c.is_tenhou else 0)
        | (L.F_CHIIHOU if c.is_chiihou else 0) | (L.F_RENHOU if c.is_renhou else 0)
    )
    paarenchan = max(0, c.paarenchan)
    if paarenchan:
        flags |= L.F_PAARENCHAN

    ctx = _CTX_ZERO[:]
    ctx[L.CTX_FLAGS] = flags
    pw = c.player_wind
    if pw is not None and 27 <= pw <= 30:
        ctx[L.CTX_SEAT_WIND] = pw - 27
        drop_seat = -1
    else:
        ctx[L.CTX_SEAT_WIND], drop_seat = _wind_index(pw, counts, seat=True, tenhou=c.is_tenhou)
    rw = c.round_wind
    if rw is not None and 27 <= rw <= 30:
        ctx[L.CTX_ROUND_WIND] = rw - 27
        drop_round = -1
    else:
        ctx[L.CTX_ROUND_WIND], drop_round = _wind_index(rw, counts, seat=False)
    dora_indicators = dora_indicators or ()
    ura_dora_indicators = ura_dora_indicators or ()
    extra_dora = 0
    if dora_indicators:
        kinds = [t >> 2 for t in dora_indicators]
        ctx[L.CTX_N_DORA] = min(len(kinds), 5)
        ctx[L.CTX_DORA:L.CTX_DORA + min(len(kinds), 5)] = kinds[:5]
        if len(kinds) > 5:  # the kernel takes 5 indicators; mahjong any number
            extra_dora = _extra_dora(list(dora_indicators)[5:], counts, c, options)
    extra_ura = 0
    if riichi and ura_dora_indicators:
        kinds = [t >> 2 for t in ura_dora_indicators]
        ctx[L.CTX_N_URA] = min(len(kinds), 5)
        ctx[L.CTX_URA:L.CTX_URA + min(len(kinds), 5)] = kinds[:5]
        if len(kinds) > 5:
            extra_ura = _extra_dora(list(ura_dora_indicators)[5:], counts, c, options, ura=True)
    if options.has_aka_dora:
        ctx[L.CTX_N_RED] = (16 in tiles) + (52 in tiles) + (88 in tiles)
    if c.num_nuki_dora > 0:
        ctx[L.CTX_N_KITA] = c.num_nuki_dora
    ctx[L.CTX_HONBA] = c.tsumi_number
    ctx[L.CTX_RIICHI_STICKS] = c.kyoutaku_number
    try:
        ctx_arr = _array("i", ctx)
    except (OverflowError, TypeError):
        return _error(HandCalculator.ERR_HAND_NOT_WINNING)

    params = _params(options, paarenchan)
    o = _array("q", _OUT_ZERO)
    status = _kernel()(closed_bytes, mt, mk, win_tile >> 2, ctx_arr, params, o)
    if status:
        if status == L.ST_WIN_TILE_NOT_IN_HAND:  # the id is in tiles, but only in a meld
            return _error(HandCalculator.ERR_HAND_NOT_WINNING)
        if status == L.ST_BAD_INPUT:
            return _error(_validate(config, melds, is_open_hand) or HandCalculator.ERR_HAND_NOT_WINNING)
        return _error(_STATUS_NAMES.get(status, HandCalculator.ERR_HAND_NOT_WINNING))
    mask = o[L.O_YAKU_MASK]
    is_yakuman = o[L.O_LIMIT] == L.LIMIT_YAKUMAN
    han = o[L.O_HAN]
    if drop_seat >= 0 or drop_round >= 0:
        for bit in (drop_seat, drop_round):
            if bit >= 0 and mask >> bit & 1:
                mask &= ~(1 << bit)
                if not is_yakuman:
                    han -= 1
        if not is_yakuman and not mask:
            return _error(HandCalculator.ERR_NO_YAKU)

    hand_yaku = _mask_to_yaku(mask, yaku, options, counts, paarenchan)

    # sashikomi (mahjong only): a ron by a player in open riichi is a yakuman
    if options.has_sashikomi_yakuman and not c.is_tsumo and c.is_open_riichi and riichi:
        if not is_yakuman:
            hand_yaku = [y for y in hand_yaku if y.is_yakuman]
        hand_yaku.append(yaku.sashikomi)
        is_yakuman = True

    fu = o[L.O_FU]
    aotenjou = isinstance(scores_calculator, Aotenjou)
    if is_yakuman and aotenjou:
        return _aotenjou_yakuman(
            o, hand_yaku, scores_calculator, config, tiles, counts, dora_indicators, ura_dora_indicators,
            (closed_bytes, mt, mk, win_tile >> 2, ctx_arr, params), (drop_seat, drop_round), is_open_hand,
            paarenchan,
        )
    if is_yakuman:
        han = _han(hand_yaku, is_open_hand)
        if options.limit_to_sextuple_yakuman and han > 78 and not aotenjou and o[L.O_FORM] != _KOKUSHI:
            han = 78
    else:
        dora = o[L.O_DORA] + o[L.O_KITA] + extra_dora
        han += extra_dora + extra_ura
        if dora:
            y = yaku.dora
            y.han_open = y.han_closed = dora
            hand_yaku.append(y)
        if o[L.O_AKA]:
            y = yaku.aka_dora
            y.han_open = y.han_closed = o[L.O_AKA]
            hand_yaku.append(y)
        if o[L.O_URA] or extra_ura:
            yaku.ura_dora.han_closed = o[L.O_URA] + extra_ura
            hand_yaku.append(yaku.ura_dora)
        if han > 78 and options.limit_to_sextuple_yakuman and not aotenjou:
            han = 78
    if scores_calculator_factory is ScoresCalculator:
        key = (han, fu, is_yakuman, c.is_tsumo, c.is_dealer, c.tsumi_number, c.kyoutaku_number,
               c.is_nagashi_mangan, options.kazoe_limit, options.kiriage, options.limit_to_sextuple_yakuman,
               options.is_three_player)
        try:
            cost = _COST_CACHE.get(key)
        except TypeError:
            cost = key = None
        if cost is None:
            cost = ScoresCalculator.calculate_scores(han, fu, config, is_yakuman)
            if key is not None and len(_COST_CACHE) < 65536:
                _COST_CACHE[key] = cost
        cost = cost.copy()
    else:
        cost = scores_calculator.calculate_scores(han, fu, config, is_yakuman)
    return _response(cost, han, fu, hand_yaku, _fu_details(o), is_open_hand)


def _response(cost, han, fu, hand_yaku, fu_details, is_open_hand) -> HandResponse:
    """A HandResponse from lists already in its order (yaku are sorted here, fu details by the caller)."""
    r = _new_response(HandResponse)
    r.cost = cost
    r.han = han
    r.fu = fu
    r.error = None
    r.is_open_hand = is_open_hand
    r.fu_details = fu_details or None
    if hand_yaku:
        hand_yaku.sort(key=_yaku_id)
        r.yaku = hand_yaku
    else:
        r.yaku = None
    return r


def _extra_dora(indicators, counts, config, options, ura: bool = False) -> int:
    """Dora of indicators past the kernel's five (mahjong takes any number)."""
    dmap = build_dora_count_map(indicators, options.is_three_player)
    n = count_dora_for_hand(counts, dmap)
    if config.num_nuki_dora > 0:
        n += dmap.get(30, 0) * config.num_nuki_dora
    return n


def _aotenjou_yakuman(o, hand_yaku, scores_calculator, config, tiles, counts, dora_indicators,
                      ura_dora_indicators, kernel_args, drops, is_open_hand, paarenchan) -> HandResponse:
    """mahjong's aotenjou with a yakuman: yakuman count as han next to the ordinary yaku and dora.

    The ordinary yaku come from a second kernel pass with every yakuman disabled.
    """
    options = config.options
    yaku = config.yaku
    riichi = config.is_riichi or config.is_daburu_riichi
    fu = o[L.O_FU]
    kokushi = o[L.O_FORM] == _KOKUSHI
    if not kokushi:
        out2 = _array("q", _OUT_ZERO)
        closed_bytes, mt, mk, win_kind, ctx_arr, params = kernel_args
        if _kernel()(closed_bytes, mt, mk, win_kind, ctx_arr, _no_yakuman_params(params), out2) == L.ST_OK:
            mask2 = out2[L.O_YAKU_MASK]
            for bit in drops:
                if bit >= 0:
                    mask2 &= ~(1 << bit)
            hand_yaku = _mask_to_yaku(mask2, yaku, options, counts, paarenchan) + hand_yaku
    Aotenjou.aotenjou_filter_yaku(hand_yaku, config)
    han = _han(hand_yaku, is_open_hand)
    three = options.is_three_player
    if kokushi:
        fu = 30 if config.is_tsumo else 40
        dora = sum(plus_dora(t, dora_indicators, is_three_player=three) for t in tiles)
        ura = sum(plus_dora(t, ura_dora_indicators, is_three_player=three) for t in tiles) if riichi else 0
        aka = 0
    else:
        dmap = build_dora_count_map(dora_indicators, three)
        dora = count_dora_for_hand(counts, dmap)
        ura = 0
        umap = {}
        if riichi:
            umap = build_dora_count_map(ura_dora_indicators, three)
            ura = count_dora_for_hand(counts, umap)
        nuki = config.num_nuki_dora
        if nuki > 0:
            dora += dmap.get(30, 0) * nuki + nuki
            ura += umap.get(30, 0) * nuki
        aka = sum(1 for t in tiles if t in AKA_DORAS) if options.has_aka_dora else 0
    for obj, n, both in ((yaku.dora, dora, True), (yaku.aka_dora, aka, True), (yaku.ura_dora, ura, False)):
        if n:
            obj.han_closed = n
            if both:
                obj.han_open = n
            hand_yaku.append(obj)
            han += n
    cost = scores_calculator.calculate_scores(han, fu, config, True)
    return _response(cost, han, fu, hand_yaku, [] if kokushi else _fu_details(o), is_open_hand)


def _params_bytes(options, paarenchan: int) -> bytes:
    """``_params`` as bytes (what the compiled fast path reads), cached."""
    try:
        key = (_option_values(options), paarenchan)
        b = _PARAMS_BYTES.get(key)
    except TypeError:
        return _params(options, paarenchan).tobytes()
    if b is None:
        b = _params(options, paarenchan).tobytes()
        if len(_PARAMS_BYTES) < 65536:
            _PARAMS_BYTES[key] = b
    return b


_PARAMS_BYTES: dict = {}
_COST_CACHE: dict = {}
_new_response = HandResponse.__new__
_yaku_id = attrgetter("yaku_id")
_array = array.array
_CTX_ZERO = [0] * L.CTX_SIZE
_OUT_ZERO = bytes(8 * L.OUT_SIZE)
_NO_MELDS = bytes(4)
_KOKUSHI = int(Form.KOKUSHI)
_STATUS_NAMES = dict(L.STATUS_NAMES)


def _bit_order() -> list:
    """Scorer yaku bits sorted by mahjong's yaku id (renhou twice: as a han yaku, as a yakuman)."""
    ids = {row[0]: row[2] for row in YAKU_TABLE}
    entries = []
    for bit, attr in enumerate(_BIT_ATTR):
        if attr == "!riichi":
            entries.append((ids["riichi"], bit, 0))
        elif attr == "!daburu":
            entries.append((ids["daburu_riichi"], bit, 0))
        elif attr == "!renhou":
            entries.append((ids["renhou"], bit, 1))
            entries.append((ids["renhou_yakuman"], bit, 2))
        elif attr is not None:
            entries.append((ids[attr], bit, 0))
    return [(bit, variant) for _, bit, variant in sorted(entries)]


if _backend.PUREPYTHON:
    _fast = None
else:  # the compiled fast path; an import failure is an error (no silent fallback)
    from riichi_fast.compat.mahjong.hand_calculating import _compat_hand as _fast

    _fast.init(
        _BIT_ATTR,
        [L.STATUS_NAMES.get(i, HandCalculator.ERR_HAND_NOT_WINNING) for i in range(max(L.STATUS_NAMES) + 1)],
        {**{code: name for code, (_, name) in _FU_MAP.items()}, -1: _FB.BASE},
        _estimate_python,
        HandConfig,
        ScoresCalculator,
        _params_bytes,
        _bit_order(),
        OptionalRules,
        Meld,
        YakuConfig,
        yaku_config._CLASSES,  # the fast path makes YakuConfig's yaku objects the way it does
    )
    # the compiled entry takes the calls (same arguments; the Python method above is its twin)
    HandCalculator.estimate_hand_value = staticmethod(_fast.estimate_hand_value)
