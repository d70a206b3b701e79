# cython: language_level=3
# Compiled fast path of riichi_fast.compat.mahjong's HandCalculator.estimate_hand_value.
#
# It does exactly what hand.py's Python path does for the common calls (the
# Python path is its reference twin; tests/test_compat_api.py checks they agree)
# and returns None for the rare ones the Python path handles: nagashi mangan,
# malformed hands, more than five indicators, sashikomi, a wind stand-in whose
# yakuhai must be dropped, a custom scores calculator.  The hand is scored by
# the scoring kernel c_score_hand (riichi_fast._score, docs/SCORING.md) called
# directly, with the context and output on the stack.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from riichi_fast._score cimport (
    c_score_hand, CTX_SIZE, OUT_SIZE, R_SIZE, CTX_FLAGS, CTX_SEAT_WIND, CTX_ROUND_WIND, CTX_N_DORA, CTX_DORA,
    CTX_N_URA, CTX_URA, CTX_N_RED, CTX_N_KITA, CTX_HONBA, CTX_RIICHI_STICKS,
    F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_OPEN_RIICHI, F_HAITEI, F_HOUTEI, F_RINSHAN, F_CHANKAN,
    F_TENHOU, F_CHIIHOU, F_RENHOU, F_PAARENCHAN,
    ST_OK, ST_WIN_TILE_NOT_IN_HAND, ST_BAD_INPUT, LIMIT_YAKUMAN,
    O_HAN, O_FU, O_YAKU_MASK, O_DORA, O_URA, O_AKA, O_KITA, O_LIMIT, O_FORM, O_N_SETS, O_SET_TYPE, O_SET_KIND,
    O_FU_N, O_FU_LIST,
    FU_BASE, FU_MENZEN_RON, FU_CHIITOITSU, FU_OPEN_PON, FU_OPEN_TERMINAL_PON, FU_CLOSED_PON,
    FU_CLOSED_TERMINAL_PON, FU_OPEN_KAN, FU_OPEN_TERMINAL_KAN, FU_CLOSED_KAN, FU_CLOSED_TERMINAL_KAN,
    FU_PAIR_DRAGON, FU_PAIR_SEAT_WIND, FU_PAIR_ROUND_WIND, FU_PAIR_DOUBLE_WIND, FU_WAIT_KANCHAN,
    FU_WAIT_PENCHAN, FU_WAIT_TANKI, FU_TSUMO, FU_OPEN_PINFU,
    Y_RIICHI, Y_DOUBLE_RIICHI, Y_OPEN_RIICHI, Y_RENHOU, Y_PAARENCHAN, Y_DAISHARIN,
)
from riichi_fast._types cimport count_t

cdef enum:
    MELD_CHI = 1
    MELD_PON = 2
    MELD_DAIMINKAN = 3
    MELD_ANKAN = 4
    MELD_SHOUMINKAN = 5
    FORM_KOKUSHI = 2
    SET_SEQUENCE = 0

# set by init() from hand.py: HandResponse, the bit -> attribute table, status names, fu names,
# the Python path, the default classes and the params builder
cdef object _HandResponse = None
cdef list _BIT_ATTR = None
cdef list _STATUS_NAMES = None
cdef dict _FU_NAMES = None
cdef object _new = object.__new__
cdef object _py_estimate = None
cdef object _HandConfig = None
cdef object _ScoresCalculator = None
cdef object _params_bytes = None
cdef dict _PARAMS = {}
# yaku bits in mahjong's yaku-id order (variant 1/2: renhou as a han yaku / as a yakuman)
cdef int _ORDER_BIT[96]
cdef int _ORDER_VAR[96]
cdef int _N_ORDER = 0


def init(response_cls, bit_attr, status_names, fu_names, py_estimate, hand_config_cls, scores_cls,
         params_bytes, bit_order):
    """Hand the Python-side tables to the fast path (called once by hand.py)."""
    global _HandResponse, _BIT_ATTR, _STATUS_NAMES, _FU_NAMES, _py_estimate, _HandConfig, _ScoresCalculator
    global _params_bytes, _N_ORDER
    _N_ORDER = 0
    for bit, variant in bit_order[:96]:
        _ORDER_BIT[_N_ORDER] = bit
        _ORDER_VAR[_N_ORDER] = variant
        _N_ORDER += 1
    _HandResponse = response_cls
    _BIT_ATTR = list(bit_attr)
    _STATUS_NAMES = list(status_names)
    _FU_NAMES = dict(fu_names)
    _py_estimate = py_estimate
    _HandConfig = hand_config_cls
    _ScoresCalculator = scores_cls
    _params_bytes = params_bytes


def estimate_hand_value(tiles, win_tile, melds=None, dora_indicators=None, config=None,
                        scores_calculator_factory=None, ura_dora_indicators=None):
    """``HandCalculator.estimate_hand_value`` (compiled entry; ``None`` factory = ScoresCalculator)."""
    if config is None:
        config = _HandConfig()
    if scores_calculator_factory is None:
        scores_calculator_factory = _ScoresCalculator
    if scores_calculator_factory is _ScoresCalculator and type(win_tile) is int:
        options = config.options
        pa = config.paarenchan
        if type(pa) is not int:
            pa = None
        elif pa < 0:
            pa = 0
        if pa is not None:
            try:
                key = (tuple(options.__dict__.values()), pa)
                params = _PARAMS.get(key)
            except TypeError:
                key = params = None
            if params is None:
                params = _params_bytes(options, pa)
                if key is not None and len(_PARAMS) < 65536:
                    _PARAMS[key] = params
            r = estimate(tiles, win_tile, melds, dora_indicators, config, ura_dora_indicators, params)
            if r is not None:
                return r
    return _py_estimate(tiles, win_tile, melds, dora_indicators, config, scores_calculator_factory,
                        ura_dora_indicators)


cdef object _MISSING = object()


cdef inline object _get(dict d, object obj, str name):
    """obj.name, read from the instance dict when it is there (a plain attribute)."""
    v = d.get(name, _MISSING)
    if v is _MISSING:
        return getattr(obj, name)
    return v


cdef inline int _ceil100(int64_t x) noexcept:
    return <int>((x + 99) // 100 * 100)


cdef dict _cost(int han, int fu, bint is_yakuman, bint tsumo, bint dealer, int64_t honba, int64_t sticks,
                int kazoe, bint kiriage, bint sextuple, bint three):
    """mahjong's ScoresCalculator.calculate_scores (scores.py), with its mangan label under kiriage fixed."""
    cdef str level = ""
    cdef int64_t base, main, additional, main_bonus, additional_bonus, total
    if han >= 13 and not is_yakuman:
        if kazoe == 0:
            han = 13
            level = "kazoe yakuman"
        elif kazoe == 1:
            han = 12
            level = "kazoe sanbaiman"
    if han >= 5:
        if han >= 78:
            level = "6x yakuman"
            base = 48000 if sextuple else 48000 + (han - 78) // 13 * 8000
        elif han >= 65:
            level, base = "5x yakuman", 40000
        elif han >= 52:
            level, base = "4x yakuman", 32000
        elif han >= 39:
            level, base = "3x yakuman", 24000
        elif han >= 26:
            level, base = "2x yakuman", 16000
        elif han >= 13:
            level, base = "yakuman", 8000
        elif han >= 11:
            level, base = "sanbaiman", 6000
        elif han >= 8:
            level, base = "baiman", 4000
        elif han >= 6:
            level, base = "haneman", 3000
        else:
            level, base = "mangan", 2000
    else:
        base = <int64_t>fu << (2 + han)
        if kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
            level = "kiriage mangan"
            base = 2000
        elif _ceil100(base) > 2000:
            level = "mangan"
            base = 2000
    if tsumo:
        main = _ceil100(2 * base)
        additional = main if dealer else _ceil100(base)
        main_bonus = additional_bonus = 100 * honba
    else:
        main = _ceil100((6 if dealer else 4) * base)
        additional = additional_bonus = 0
        main_bonus = (200 if three else 300) * honba
    total = main + main_bonus + (1 if three else 2) * (additional + additional_bonus) + 1000 * sticks
    return {"main": main, "additional": additional, "main_bonus": main_bonus,
            "additional_bonus": additional_bonus, "kyoutaku_bonus": 1000 * sticks, "total": total,
            "yaku_level": level}


cdef inline int _rank(int reason) noexcept:
    """mahjong's insertion rank of a fu item (then sorted stably by fu, descending); -1 = base."""
    if reason == FU_WAIT_PENCHAN:
        return 0
    if reason == FU_WAIT_KANCHAN:
        return 1
    if reason == FU_PAIR_DRAGON or reason == FU_PAIR_SEAT_WIND or reason == FU_PAIR_ROUND_WIND \
            or reason == FU_PAIR_DOUBLE_WIND:
        return 2
    if reason == FU_WAIT_TANKI:
        return 3
    if FU_OPEN_PON <= reason <= FU_CLOSED_TERMINAL_KAN:
        return 4
    if reason == FU_TSUMO:
        return 5
    if reason == FU_OPEN_PINFU:
        return 6
    if reason == FU_BASE or reason == FU_MENZEN_RON or reason == FU_CHIITOITSU:
        return -1
    return 7


cdef list _fu_details(const int64_t* o):
    cdef int n = <int>o[O_FU_N]
    cdef int i, j, r, si = 0, n_items = 0
    cdef int64_t base = 0
    cdef int64_t keys[16][4]  # (-fu, rank, kind, reason)
    cdef int64_t tmp[4]
    cdef int set_kinds[4]
    cdef int n_set_kinds = 0
    cdef list out
    for i in range(<int>o[O_N_SETS]):
        if o[O_SET_TYPE + i] != SET_SEQUENCE:
            set_kinds[n_set_kinds] = <int>o[O_SET_KIND + i]
            n_set_kinds += 1
    for i in range(n):
        r = _rank(<int>o[O_FU_LIST + 2 * i])
        if r == -1:
            base += o[O_FU_LIST + 2 * i + 1]
            continue
        keys[n_items][0] = -o[O_FU_LIST + 2 * i + 1]
        keys[n_items][1] = r
        keys[n_items][2] = 0
        if r == 4:
            keys[n_items][2] = set_kinds[si] if si < n_set_kinds else 99
            si += 1
        keys[n_items][3] = o[O_FU_LIST + 2 * i]
        n_items += 1
    if base:
        keys[n_items][0] = -base
        keys[n_items][1] = 8
        keys[n_items][2] = 0
        keys[n_items][3] = -1
        n_items += 1
    # insertion sort by (-fu, rank, kind)
    for i in range(1, n_items):
        tmp[0], tmp[1], tmp[2], tmp[3] = keys[i][0], keys[i][1], keys[i][2], keys[i][3]
        j = i - 1
        while j >= 0 and (keys[j][0] > tmp[0] or (keys[j][0] == tmp[0] and (
                keys[j][1] > tmp[1] or (keys[j][1] == tmp[1] and keys[j][2] > tmp[2])))):
            keys[j + 1][0], keys[j + 1][1], keys[j + 1][2], keys[j + 1][3] = keys[j][0], keys[j][1], keys[j][2], keys[j][3]
            j -= 1
        keys[j + 1][0], keys[j + 1][1], keys[j + 1][2], keys[j + 1][3] = tmp[0], tmp[1], tmp[2], tmp[3]
    out = []
    for i in range(n_items):
        out.append({"fu": -keys[i][0], "reason": _FU_NAMES[keys[i][3]]})
    return out


cdef int _stand_in(object wind, const int* counts, bint seat, bint tenhou) noexcept:
    """Kernel wind for mahjong's wind; -2 when the Python path must choose (see hand._wind_index)."""
    cdef int w
    if wind is None:
        if seat and tenhou:
            return 0 if counts[27] < 2 else -2
        for w in range(1 if seat else 0, 4):
            if counts[27 + w] < 2:
                return w
        return -2
    if type(wind) is int and 27 <= <long>wind <= 30:
        return <int>(<long>wind) - 27
    return -2


def estimate(tiles, long win_tile, melds, dora_indicators, config, ura_dora_indicators, bytes params):
    """The HandResponse of a common call, or None to let the Python path answer."""
    cdef count_t closed[34]
    cdef int counts[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int32_t ctx[CTX_SIZE]
    cdef int64_t out[OUT_SIZE]
    cdef int i, k, n_melds = 0, n_tiles = 0, n_red = 0, st, seat, rnd, nd, han, fu
    cdef long t
    cdef bint found = False, is_open = False, riichi, tsumo, is_yakuman
    cdef uint64_t mask, low
    cdef int32_t flags = 0
    cdef const int32_t* par
    if len(params) != R_SIZE * 4:
        return None
    par = <const int32_t*><const char*>params
    cdef dict cd = config.__dict__
    if _get(cd, config, "is_nagashi_mangan"):
        return None
    for i in range(34):
        counts[i] = 0
    for x in tiles:
        t = x
        if t < 0 or t > 135:
            return None
        counts[t >> 2] += 1
        if t == win_tile:
            found = True
        if t == 16 or t == 52 or t == 88:
            n_red += 1
        n_tiles += 1
    if not found:
        return None
    for i in range(4):
        mt[i] = 0
        mk[i] = 0
    for i in range(34):
        if counts[i] > 4:
            return None
        closed[i] = 0
    cdef int cl[34]
    for i in range(34):
        cl[i] = counts[i]
    if melds:
        for m in melds:
            if n_melds >= 4:
                return None
            mtype = m.type
            mtiles = m.tiles
            if not mtiles:
                return None
            if m.opened:
                is_open = True
            if mtype == "chi":
                k = min([x >> 2 for x in mtiles])
                if k < 0 or k >= 27 or k % 9 > 6:
                    return None
                mt[n_melds] = MELD_CHI
                cl[k] -= 1
                cl[k + 1] -= 1
                cl[k + 2] -= 1
            else:
                k = mtiles[0] >> 2
                if k < 0 or k >= 34:
                    return None
                if mtype == "pon":
                    mt[n_melds] = MELD_PON
                    cl[k] -= 3
                elif mtype == "kan":
                    mt[n_melds] = MELD_DAIMINKAN if m.opened else MELD_ANKAN
                    cl[k] -= 4
                elif mtype == "shouminkan":
                    mt[n_melds] = MELD_SHOUMINKAN
                    cl[k] -= 4
                else:
                    return None
            mk[n_melds] = k
            n_melds += 1
    k = 0
    for i in range(34):
        if cl[i] < 0:
            return None
        closed[i] = <count_t>cl[i]
        k += cl[i]
    if k != 14 - 3 * n_melds:
        return None

    options = _get(cd, config, "options")
    cdef dict od = options.__dict__
    tsumo = bool(_get(cd, config, "is_tsumo"))
    riichi = bool(_get(cd, config, "is_riichi")) or bool(_get(cd, config, "is_daburu_riichi"))
    if _get(od, options, "has_sashikomi_yakuman") and not tsumo and _get(cd, config, "is_open_riichi") and riichi:
        return None
    if tsumo:
        flags |= F_TSUMO
    if _get(cd, config, "is_riichi"):
        flags |= F_RIICHI
    if _get(cd, config, "is_daburu_riichi"):
        flags |= F_DOUBLE_RIICHI
    if _get(cd, config, "is_ippatsu"):
        flags |= F_IPPATSU
    if riichi and _get(cd, config, "is_open_riichi"):
        flags |= F_OPEN_RIICHI
    if _get(cd, config, "is_haitei"):
        flags |= F_HAITEI
    if _get(cd, config, "is_houtei"):
        flags |= F_HOUTEI
    if _get(cd, config, "is_rinshan"):
        flags |= F_RINSHAN
    if _get(cd, config, "is_chankan"):
        flags |= F_CHANKAN
    tenhou = bool(_get(cd, config, "is_tenhou"))
    if tenhou:
        flags |= F_TENHOU
    if _get(cd, config, "is_chiihou"):
        flags |= F_CHIIHOU
    if _get(cd, config, "is_renhou"):
        flags |= F_RENHOU
    paarenchan = _get(cd, config, "paarenchan")
    if paarenchan > 0:
        flags |= F_PAARENCHAN
    for i in range(CTX_SIZE):
        ctx[i] = 0
    ctx[CTX_FLAGS] = flags
    seat = _stand_in(_get(cd, config, "player_wind"), counts, True, tenhou)
    rnd = _stand_in(_get(cd, config, "round_wind"), counts, False, False)
    if seat < 0 or rnd < 0:
        return None
    ctx[CTX_SEAT_WIND] = seat
    ctx[CTX_ROUND_WIND] = rnd
    if dora_indicators:
        nd = 0
        for x in dora_indicators:
            t = x
            if nd >= 5 or t < 0 or t > 135:
                return None
            ctx[CTX_DORA + nd] = t >> 2
            nd += 1
        ctx[CTX_N_DORA] = nd
    if riichi and ura_dora_indicators:
        nd = 0
        for x in ura_dora_indicators:
            t = x
            if nd >= 5 or t < 0 or t > 135:
                return None
            ctx[CTX_URA + nd] = t >> 2
            nd += 1
        ctx[CTX_N_URA] = nd
    if _get(od, options, "has_aka_dora"):
        ctx[CTX_N_RED] = n_red
    nuki = _get(cd, config, "num_nuki_dora")
    if nuki > 0:
        ctx[CTX_N_KITA] = nuki
    honba = _get(cd, config, "tsumi_number")
    sticks = _get(cd, config, "kyoutaku_number")
    if honba < 0 or sticks < 0 or honba > 100000 or sticks > 100000:
        return None
    ctx[CTX_HONBA] = honba
    ctx[CTX_RIICHI_STICKS] = sticks

    st = c_score_hand(closed, mt, mk, <int>(win_tile >> 2), ctx, par, out)
    if st != ST_OK:
        if st == ST_WIN_TILE_NOT_IN_HAND or st == ST_BAD_INPUT or st >= len(_STATUS_NAMES):
            return None
        r = _new(_HandResponse)
        r.cost = r.han = r.fu = r.fu_details = r.yaku = None
        r.error = _STATUS_NAMES[st]
        r.is_open_hand = False
        return r

    yaku = config.yaku
    if not _get(od, options, "has_double_yakuman"):
        yaku.daburu_kokushi.han_closed = 13
        yaku.suuankou_tanki.han_closed = 13
        yaku.daburu_chuuren_poutou.han_closed = 13
        dsu = yaku.daisuushi
        dsu.han_closed = 13
        dsu.han_open = 13

    mask = <uint64_t>out[O_YAKU_MASK]
    is_yakuman = out[O_LIMIT] == LIMIT_YAKUMAN
    open_riichi = (mask >> Y_OPEN_RIICHI) & 1
    cdef bint renhou_yakuman = False
    if (mask >> Y_RENHOU) & 1:
        renhou_yakuman = bool(_get(od, options, "renhou_as_yakuman"))
    hand_yaku = []
    cdef int j, v
    for j in range(_N_ORDER):  # in mahjong's yaku-id order: no sort needed
        i = _ORDER_BIT[j]
        if not (mask >> i) & 1:
            continue
        v = _ORDER_VAR[j]
        if (v == 1 and renhou_yakuman) or (v == 2 and not renhou_yakuman):
            continue
        if i == Y_RIICHI:
            attr = "open_riichi" if open_riichi else "riichi"
        elif i == Y_DOUBLE_RIICHI:
            attr = "daburu_open_riichi" if open_riichi else "daburu_riichi"
        elif i == Y_RENHOU:
            attr = "renhou_yakuman" if renhou_yakuman else "renhou"
        else:
            attr = _BIT_ATTR[i]
        obj = getattr(yaku, attr)
        if i == Y_PAARENCHAN:
            obj.set_paarenchan_count(paarenchan)
        elif i == Y_DAISHARIN:
            for k in range(27):
                if counts[k]:
                    break
            if k < 9:
                obj.set_man()
            elif k < 18:
                obj.set_pin()
            else:
                obj.set_sou()
        hand_yaku.append(obj)

    fu = <int>out[O_FU]
    sextuple = bool(_get(od, options, "limit_to_sextuple_yakuman"))
    if is_yakuman:
        han = 0
        for y in hand_yaku:
            if is_open and y.han_open:
                han += y.han_open
            else:
                han += y.han_closed
        if sextuple and han > 78 and out[O_FORM] != FORM_KOKUSHI:
            han = 78
    else:
        han = <int>out[O_HAN]
        if out[O_DORA] + out[O_KITA]:
            y = yaku.dora
            y.han_open = y.han_closed = out[O_DORA] + out[O_KITA]
            hand_yaku.append(y)
        if out[O_AKA]:
            y = yaku.aka_dora
            y.han_open = y.han_closed = out[O_AKA]
            hand_yaku.append(y)
        if out[O_URA]:
            y = yaku.ura_dora
            y.han_closed = out[O_URA]
            hand_yaku.append(y)
        if han > 78 and sextuple:
            han = 78
    kazoe = _get(od, options, "kazoe_limit")
    if type(kazoe) is not int or not 0 <= <long>kazoe <= 2:
        kazoe = 3  # mahjong: any other value applies no kazoe cap
    cost = _cost(han, fu, is_yakuman, tsumo, bool(_get(cd, config, "is_dealer")), honba, sticks, <int>kazoe,
                 bool(_get(od, options, "kiriage")), sextuple, bool(_get(od, options, "is_three_player")))
    if _get(cd, config, "is_nagashi_mangan"):
        cost["yaku_level"] = "nagashi mangan"
    fd = _fu_details(out)
    r = _new(_HandResponse)
    r.__dict__ = {"cost": cost, "han": han, "fu": fu, "error": None, "is_open_hand": is_open,
                  "fu_details": fd if fd else None, "yaku": hand_yaku if hand_yaku else None}
    return r
