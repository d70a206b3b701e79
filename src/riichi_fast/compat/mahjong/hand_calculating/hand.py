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

from collections.abc import Collection

import numpy as np

from riichi_fast import _backend
from riichi_fast.compat.mahjong.constants import AKA_DORAS
from riichi_fast.compat.mahjong.hand_calculating.divider import meld_code
from riichi_fast.compat.mahjong.hand_calculating.fu import FuCalculator, FuDetail
from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig, HandConstants
from riichi_fast.compat.mahjong.hand_calculating.hand_response import HandResponse
from riichi_fast.compat.mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator
from riichi_fast.compat.mahjong.utils import build_dora_count_map, count_dora_for_hand, plus_dora
from riichi_fast.enums import Form, MeldType, SetType
from riichi_fast.rules import layout as L

__all__ = ["HandCalculator"]

_score_kernel = None


def _kernel():
    global _score_kernel
    if _score_kernel is None:
        _score_kernel = _backend.load("score").score_kernel
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


def rules_for(options) -> object:  # noqa: ANN001
    """The :class:`riichi_fast.rules.Rules` equivalent to mahjong ``OptionalRules``.

    >>> from riichi_fast.compat.mahjong.hand_calculating.hand_config import OptionalRules
    >>> r = rules_for(OptionalRules(has_open_tanyao=True, kiriage=True))
    >>> r.open_tanyao, r.kiriage, r.renhou, r.double_wind_pair_fu
    (True, True, 'han', 4)
    """
    from riichi_fast.rules.config import MAHJONG_LIB

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


def _params(options, paarenchan: int) -> np.ndarray:  # noqa: ANN001
    key = tuple([getattr(options, f) for f in _OPTION_FIELDS]) + (paarenchan,)
    p = _PARAMS.get(key)
    if p is None:
        p = rules_for(options).params().copy()
        if paarenchan > 0:
            p[L.R_YAKUMAN + L.Y_PAARENCHAN] = paarenchan
        p.setflags(write=False)
        if len(_PARAMS) < 4096:
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
# scorer fu reason -> mahjong reason; sets and base are handled apart
_FU_REASON = {
    L.FU_PAIR_DRAGON: _FB.VALUED_PAIR, L.FU_PAIR_SEAT_WIND: _FB.VALUED_PAIR,
    L.FU_PAIR_ROUND_WIND: _FB.VALUED_PAIR, L.FU_PAIR_DOUBLE_WIND: _FB.DOUBLE_VALUED_PAIR,
    L.FU_WAIT_KANCHAN: _FB.KANCHAN, L.FU_WAIT_PENCHAN: _FB.PENCHAN, L.FU_WAIT_TANKI: _FB.PAIR_WAIT,
    L.FU_TSUMO: _FB.TSUMO, L.FU_OPEN_PINFU: _FB.HAND_WITHOUT_FU,
}
_SET_REASON = {
    L.FU_OPEN_PON: _FB.OPEN_PON, L.FU_OPEN_TERMINAL_PON: _FB.OPEN_TERMINAL_PON,
    L.FU_CLOSED_PON: _FB.CLOSED_PON, L.FU_CLOSED_TERMINAL_PON: _FB.CLOSED_TERMINAL_PON,
    L.FU_OPEN_KAN: _FB.OPEN_KAN, L.FU_OPEN_TERMINAL_KAN: _FB.OPEN_TERMINAL_KAN,
    L.FU_CLOSED_KAN: _FB.CLOSED_KAN, L.FU_CLOSED_TERMINAL_KAN: _FB.CLOSED_TERMINAL_KAN,
}
# mahjong's order of fu items before its stable sort by fu (descending)
_ORDER = {_FB.PENCHAN: 0, _FB.KANCHAN: 1, _FB.VALUED_PAIR: 2, _FB.DOUBLE_VALUED_PAIR: 2,
          _FB.PAIR_WAIT: 3, _FB.TSUMO: 5, _FB.HAND_WITHOUT_FU: 6}


def _fu_details(out: list) -> list:
    n = out[L.O_FU_N]
    items = out[L.O_FU_LIST:L.O_FU_LIST + 2 * n]
    details = []
    base = 0
    set_kinds = [out[L.O_SET_KIND + i] for i in range(out[L.O_N_SETS]) if out[L.O_SET_TYPE + i] != SetType.SEQUENCE]
    si = 0
    for i in range(0, 2 * n, 2):
        reason, fu = items[i], items[i + 1]
        if reason == L.FU_BASE or reason == L.FU_MENZEN_RON or reason == L.FU_CHIITOITSU:
            base += fu
        elif reason in _SET_REASON:
            kind = set_kinds[si] if si < len(set_kinds) else 99
            si += 1
            details.append((4, kind, FuDetail(fu=fu, reason=_SET_REASON[reason])))
        else:
            name = _FU_REASON.get(reason, str(reason))
            details.append((_ORDER.get(name, 7), 0, FuDetail(fu=fu, reason=name)))
    details.sort(key=lambda x: (x[0], x[1]))
    result = [d for _, _, d in details]
    if base:
        result.append(FuDetail(fu=base, reason=_FB.BASE))
    return result


def _mask_to_yaku(mask: int, yaku, options, counts: list[int], paarenchan: int) -> list:  # noqa: ANN001
    """The config's yaku objects for a scorer yaku mask (mahjong's riichi/open riichi split)."""
    hand_yaku = []
    if mask >> L.Y_RIICHI & 1:
        hand_yaku.append(yaku.open_riichi if mask >> L.Y_OPEN_RIICHI & 1 else yaku.riichi)
    if mask >> L.Y_DOUBLE_RIICHI & 1:
        hand_yaku.append(yaku.daburu_open_riichi if mask >> L.Y_OPEN_RIICHI & 1 else yaku.daburu_riichi)
    if mask >> L.Y_RENHOU & 1:
        hand_yaku.append(yaku.renhou_yakuman if options.renhou_as_yakuman else yaku.renhou)
    for bit in _YAKU_BITS:
        if mask >> bit & 1:
            hand_yaku.append(getattr(yaku, _YAKU_ATTR[bit]))
    if mask >> L.Y_PAARENCHAN & 1:
        yaku.paarenchan.set_paarenchan_count(paarenchan)
    if mask >> L.Y_DAISHARIN & 1:
        suit = next(k // 9 for k in range(27) if counts[k])
        (yaku.daisharin.set_man, yaku.daisharin.set_pin, yaku.daisharin.set_sou)[suit]()
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


def _validate(config, melds, is_open_hand: bool) -> str | None:  # noqa: ANN001
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


def _wind_index(wind, counts: list[int], *, seat: bool, tenhou: bool = False) -> tuple[int, int]:  # noqa: ANN001
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
        melds = melds or []
        config = config or HandConfig()
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
            counts[t // 4] += 1
        closed = counts[:]
        mt = bytearray(4)
        mk = bytearray(4)
        is_open_hand = False
        bad_shape = len(melds) > 4
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
        if bad_shape or min(closed) < 0 or max(counts) > 4 or sum(closed) != 14 - 3 * len(melds):
            err = _validate(config, melds, is_open_hand)
            return _error(err or HandCalculator.ERR_HAND_NOT_WINNING)

        if not options.has_double_yakuman:
            yaku.daburu_kokushi.han_closed = 13
            yaku.suuankou_tanki.han_closed = 13
            yaku.daburu_chuuren_poutou.han_closed = 13
            yaku.daisuushi.han_closed = 13
            yaku.daisuushi.han_open = 13

        riichi = config.is_riichi or config.is_daburu_riichi
        flags = 0
        if config.is_tsumo:
            flags |= L.F_TSUMO
        if config.is_riichi:
            flags |= L.F_RIICHI
        if config.is_daburu_riichi:
            flags |= L.F_DOUBLE_RIICHI
        if config.is_ippatsu:
            flags |= L.F_IPPATSU
        if config.is_open_riichi and riichi:
            flags |= L.F_OPEN_RIICHI
        if config.is_haitei:
            flags |= L.F_HAITEI
        if config.is_houtei:
            flags |= L.F_HOUTEI
        if config.is_rinshan:
            flags |= L.F_RINSHAN
        if config.is_chankan:
            flags |= L.F_CHANKAN
        if config.is_tenhou:
            flags |= L.F_TENHOU
        if config.is_chiihou:
            flags |= L.F_CHIIHOU
        if config.is_renhou:
            flags |= L.F_RENHOU
        paarenchan = config.paarenchan if config.paarenchan > 0 else 0
        if paarenchan:
            flags |= L.F_PAARENCHAN

        ctx = np.zeros(L.CTX_SIZE, dtype=np.int32)
        ctx[L.CTX_FLAGS] = flags
        seat, drop_seat = _wind_index(config.player_wind, counts, seat=True, tenhou=config.is_tenhou)
        rnd, drop_round = _wind_index(config.round_wind, counts, seat=False)
        ctx[L.CTX_SEAT_WIND] = seat
        ctx[L.CTX_ROUND_WIND] = rnd
        dora_indicators = dora_indicators or ()
        ura_dora_indicators = ura_dora_indicators or ()
        nd = len(dora_indicators)
        ctx[L.CTX_N_DORA] = nd
        if nd:
            ctx[L.CTX_DORA:L.CTX_DORA + nd] = [t // 4 for t in dora_indicators]
        if riichi:
            nu = len(ura_dora_indicators)
            ctx[L.CTX_N_URA] = nu
            if nu:
                ctx[L.CTX_URA:L.CTX_URA + nu] = [t // 4 for t in ura_dora_indicators]
        if options.has_aka_dora:
            ctx[L.CTX_N_RED] = sum(1 for t in tiles if t in AKA_DORAS)
        if config.num_nuki_dora > 0:
            ctx[L.CTX_N_KITA] = config.num_nuki_dora
        ctx[L.CTX_HONBA] = config.tsumi_number
        ctx[L.CTX_RIICHI_STICKS] = config.kyoutaku_number

        out = np.zeros(L.OUT_SIZE, dtype=np.int64)
        status = _kernel()(bytes(closed), bytes(mt), bytes(mk), win_tile // 4, ctx,
                           _params(options, paarenchan), out)
        if status != L.ST_OK:
            if status == L.ST_WIN_TILE_NOT_IN_HAND:  # the id is in tiles, but only in a meld
                return _error(HandCalculator.ERR_HAND_NOT_WINNING)
            return _error(L.STATUS_NAMES.get(status, HandCalculator.ERR_HAND_NOT_WINNING))
        o = out.tolist()
        mask = o[L.O_YAKU_MASK]
        is_yakuman = o[L.O_LIMIT] == L.LIMIT_YAKUMAN
        if drop_seat >= 0 or drop_round >= 0:
            for bit in (drop_seat, drop_round):
                if bit >= 0 and mask >> bit & 1:
                    mask &= ~(1 << bit)
                    if not is_yakuman:
                        o[L.O_HAN] -= 1
            if not is_yakuman and not mask & _ORDINARY_BITS:
                return _error(HandCalculator.ERR_NO_YAKU)

        hand_yaku = _mask_to_yaku(mask, yaku, options, counts, paarenchan)

        # sashikomi (mahjong only): a ron by a player in open riichi is a yakuman
        if (options.has_sashikomi_yakuman and not config.is_tsumo and config.is_open_riichi and riichi):
            if not is_yakuman:
                hand_yaku = [y for y in hand_yaku if y.is_yakuman]
            hand_yaku.append(yaku.sashikomi)
            is_yakuman = True

        fu = o[L.O_FU]
        aotenjou = isinstance(scores_calculator, Aotenjou)
        if is_yakuman and aotenjou:
            # mahjong's aotenjou: yakuman count as han next to the ordinary yaku and dora.
            # The ordinary yaku come from a second pass with every yakuman disabled.
            kokushi = o[L.O_FORM] == Form.KOKUSHI
            if not kokushi:
                out2 = np.zeros(L.OUT_SIZE, dtype=np.int64)
                params2 = _no_yakuman_params(_params(options, paarenchan))
                if _kernel()(bytes(closed), bytes(mt), bytes(mk), win_tile // 4, ctx, params2, out2) == L.ST_OK:
                    mask2 = int(out2[L.O_YAKU_MASK])
                    for bit in (drop_seat, drop_round):
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
                if riichi:
                    umap = build_dora_count_map(ura_dora_indicators, three)
                    ura = count_dora_for_hand(counts, umap)
                nuki = config.num_nuki_dora
                if nuki > 0:
                    dora += dmap.get(30, 0) * nuki + nuki
                    if riichi:
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
            return HandResponse(cost, han, fu, hand_yaku, None, [] if kokushi else _fu_details(o), is_open_hand)
        if is_yakuman:
            han = _han(hand_yaku, is_open_hand)
        else:
            han = o[L.O_HAN]
            dora = o[L.O_DORA] + o[L.O_KITA]
            if dora:
                yaku.dora.han_open = yaku.dora.han_closed = dora
                hand_yaku.append(yaku.dora)
            if o[L.O_AKA]:
                yaku.aka_dora.han_open = yaku.aka_dora.han_closed = o[L.O_AKA]
                hand_yaku.append(yaku.aka_dora)
            if o[L.O_URA]:
                yaku.ura_dora.han_closed = o[L.O_URA]
                hand_yaku.append(yaku.ura_dora)
        if options.limit_to_sextuple_yakuman and han > 78 and not aotenjou and o[L.O_FORM] != Form.KOKUSHI:
            han = 78
        cost = scores_calculator.calculate_scores(han, fu, config, is_yakuman)
        return HandResponse(cost, han, fu, hand_yaku, None, _fu_details(o), is_open_hand)

