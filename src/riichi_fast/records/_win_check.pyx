# The wins of one round of a read record (tenhou.net/6, mjai) checked in C: re-scored
# through the scoring kernel (the arrays of docs/SCORING.md, no keyword call, no Hand
# object), compared item by item with the record, settled alone and as a round,
# the next table compared with the next round's start.
#
# Twin: riichi_fast.reference.records.win_check.check_wins (the same steps in Python, the kernel
# through its array entry).  Both answer only "every check of records.verify passes, and these
# are the per-seat changes of each win settled alone", or None: anything unusual (a pao, three
# ron, a hand the public scorer would take through its slow pipeline, a mismatch) is None and
# records.verify.verify_game checks the round in Python, which then explains what and where.
# The conditions under which an answer is given are those under which the Python path's checks
# (_check_win, _with_scores_before, _check_round) find no mismatch: see records/verify.py.

from libc.stdint cimport uint8_t, int32_t, int64_t, uint64_t
from libc.string cimport memset

from riichi_fast._types cimport count_t
from riichi_fast.scoring._score cimport (
    RulesC, c_digest_rules, c_score_hand_digested, CTX_SIZE, OUT_SIZE,
    CTX_FLAGS, CTX_SEAT_WIND, CTX_ROUND_WIND, CTX_N_DORA, CTX_DORA, CTX_N_URA, CTX_URA,
    CTX_N_RED, CTX_N_KITA, CTX_HONBA, CTX_RIICHI_STICKS,
    F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_HAITEI, F_HOUTEI, F_RINSHAN,
    F_CHANKAN, F_TENHOU, F_CHIIHOU,
    O_STATUS, O_HAN, O_FU, O_YAKU_MASK, O_DORA, O_URA, O_AKA, O_KITA, O_LIMIT, O_HAND_POINTS,
    O_PAY_RON, O_PAY_TSUMO_DEALER, O_PAY_TSUMO_OTHER, O_WAIT,
    R_HAN_CLOSED, R_HAN_OPEN, R_YAKUMAN, R_SIZE, ST_OK,
    LIMIT_KAZOE_YAKUMAN, LIMIT_KIRIAGE_MANGAN, LIMIT_YAKUMAN, LIMIT_MANGAN,
)

from riichi_fast.settle._settle cimport (
    SettleRules, TableC, WinPay, WinsOut, c_next_after_win, c_settle_wins, c_win_pay,
)

from riichi_fast.enums import MeldType

__all__ = ["Digest", "check_wins", "win_score"]

cdef enum:
    MAX_WINS = 2
    MAX_IND = 5

cdef object _CHI = MeldType.CHI, _PON = MeldType.PON, _DAIMINKAN = MeldType.DAIMINKAN
cdef object _ANKAN = MeldType.ANKAN, _SHOUMINKAN = MeldType.SHOUMINKAN, _KITA = MeldType.KITA


cdef class Digest:
    """The rules of a verification, digested for check_wins: the params array, the
    kernel's RulesC, the red counts per kind and the settlement settings."""
    cdef object params
    cdef RulesC rc
    cdef int red[34]
    cdef int honba_value
    cdef bint counters_all
    cdef int n_players
    cdef bint win_red
    cdef bint three

    def __init__(self, object params, tuple red, int honba_value, bint counters_all,
                 int n_players, bint win_red, bint three):
        cdef const int32_t[::1] view = params
        cdef int k
        if view.shape[0] < R_SIZE:
            raise ValueError(f"a rules params array of {R_SIZE} values expected")
        if len(red) != 34:
            raise ValueError("red counts of 34 kinds expected")
        if n_players not in (3, 4) or honba_value < 0:
            raise ValueError("3 or 4 players and a non-negative honba value expected")
        self.params = params
        c_digest_rules(&view[0], &self.rc)
        for k in range(34):
            self.red[k] = red[k]
        self.honba_value = honba_value
        self.counters_all = counters_all
        self.n_players = n_players
        self.win_red = win_red
        self.three = three


cdef inline int _small(object x, int lo, int hi) noexcept:
    """x as an int when it is an int in lo..hi, else -1000000."""
    cdef long v
    if type(x) is not int:
        return -1000000
    try:
        v = x
    except OverflowError:
        return -1000000
    if v < lo or v > hi:
        return -1000000
    return <int>v


cdef inline int _flag(object x, int bit) noexcept:
    """bit for True, 0 for False, -1 (every bit set) for anything else (the scorer's slow path)."""
    if x is True:
        return bit
    if x is False:
        return 0
    return -1


cdef inline int _code(object t) noexcept:
    """The kernel's meld code of a record meld's type (1 chi .. 5 shouminkan, 6 kita), -1 for
    anything else (identity: an IntEnum's hash is a Python call)."""
    if t is _CHI:
        return 1
    if t is _PON:
        return 2
    if t is _DAIMINKAN:
        return 3
    if t is _ANKAN:
        return 4
    if t is _SHOUMINKAN:
        return 5
    if t is _KITA:
        return 6
    return -1


cdef void _settle_rules(Digest d, int n, SettleRules* sr) noexcept:
    """The settlement rules of a verification (Tenhou's: the nearest winner takes the sticks)."""
    sr.n = n
    sr.honba_value = d.honba_value
    sr.counters_all = d.counters_all
    sr.own_back = False
    sr.head_bump = False
    sr.pao_honba_liable = False


cdef inline int _tenhou_limit(int limit) noexcept:
    if limit == LIMIT_KAZOE_YAKUMAN:
        return LIMIT_YAKUMAN
    if limit == LIMIT_KIRIAGE_MANGAN:
        return LIMIT_MANGAN
    return limit


cdef bint _ints_equal(object rec, const int64_t* got, int n):
    """rec is a tuple of n ints equal to got."""
    cdef Py_ssize_t i
    if type(rec) is not tuple or len(<tuple>rec) != n:
        return False
    for i in range(n):
        x = (<tuple>rec)[i]
        if type(x) is not int or x != got[i]:
            return False
    return True


cdef int _ints_read(object seq, int64_t* out, int n):
    """A tuple of n ints into out (0), else -1."""
    cdef Py_ssize_t i
    if type(seq) is not tuple or len(<tuple>seq) != n:
        return -1
    for i in range(n):
        x = (<tuple>seq)[i]
        if type(x) is not int or not -10 ** 9 <= x <= 10 ** 9:
            return -1
        out[i] = x
    return 0


cdef int _indicators(object x, int32_t* kinds) except -2:
    """A tuple of up to MAX_IND indicator ids: their kinds written to ``kinds``, their
    number returned; -1 for anything else (the Python path decides)."""
    cdef Py_ssize_t j
    cdef int t
    if type(x) is not tuple or len(<tuple>x) > MAX_IND:
        return -1
    for j in range(len(<tuple>x)):
        t = _small((<tuple>x)[j], 0, 135)
        if t < 0:
            return -1
        kinds[j] = t >> 2
    return <int>len(<tuple>x)


cdef int _score(object win, int n, Digest d, int64_t* out, int* info) except -2:
    """Score one win through the kernel as the public scorer would (records.verify._score_public):
    the kernel's output in out (status ST_OK), in info its winner, discarder (-1 tsumo), dealer,
    counters paid, sticks collected and 1 for an open hand.  0: scored; -1: not answered here
    (a hand the public scorer would check or take through its slow path)."""
    cdef uint8_t seen[136]
    cdef count_t counts[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int32_t ctx[CTX_SIZE]
    cdef int t, k, k2, k3, kind, size, code, n_sets = 0, n_kita = 0, n_red = 0, n_ids = 0
    cdef int winner, discarder, dealer, flags, seat, rnd, honba, sticks, rel, is_open = 0
    cdef int n_dora, n_ura, y, riichi, status
    cdef object m, tiles, sit, x, called, fs
    cdef list ids
    winner = _small(win.winner, 0, n - 1)
    dealer = _small(win.dealer, 0, n - 1)
    if winner < 0 or dealer < 0:
        return -1
    x = win.discarder
    if x is None:
        discarder = -1
    else:
        discarder = _small(x, 0, n - 1)
        if discarder < 0 or discarder == winner:
            return -1
    if bool(win.red_fives) != d.win_red or bool(win.three_player) != d.three:
        return -1  # another red configuration than the digest's: the Python path
    # the hand (records.hands.quick_hand's checks: else to_hand decides)
    memset(seen, 0, sizeof(seen))
    memset(counts, 0, sizeof(counts))
    memset(mt, 0, sizeof(mt))
    memset(mk, 0, sizeof(mk))
    x = win.closed
    if type(x) is not tuple:
        return -1
    for tiles in <tuple>x:
        t = _small(tiles, 0, 135)
        if t < 0 or seen[t]:
            return -1
        seen[t] = 1
        counts[t >> 2] += 1
        if (t & 3) < d.red[t >> 2]:
            n_red += 1
        n_ids += 1
    x = win.melds
    if type(x) is not tuple:
        return -1
    for m in <tuple>x:
        code = _code(m.type)
        if code < 0:
            return -1
        size = 4 if code == 3 or code == 4 or code == 5 else 1 if code == 6 else 3
        tiles = m.tiles
        if type(tiles) is not tuple or len(<tuple>tiles) != size:
            return -1
        ids = []
        for y in range(size):
            t = _small((<tuple>tiles)[y], 0, 135)
            if t < 0 or seen[t]:
                return -1
            seen[t] = 1
            ids.append(t)
            if (t & 3) < d.red[t >> 2]:
                n_red += 1
        ids.sort()
        k = <int>ids[0] >> 2
        if code == 1:
            k2 = <int>ids[1] >> 2
            k3 = <int>ids[2] >> 2
            if k >= 27 or k % 9 > 6 or k2 != k + 1 or k3 != k + 2:
                return -1
        elif code == 6:
            if k != 30:
                return -1
        elif <int>ids[size - 1] >> 2 != k:
            return -1
        if code != 4 and code != 6:
            called = m.called
            if type(called) is not int or called not in tiles:
                return -1
            fs = m.from_seat
            if fs is None:
                rel = 3
            elif type(fs) is not int:
                return -1
            else:
                rel = (<int>_small(fs, -1000, 1000) - winner) % n
                if rel < 0:
                    rel += n
                if n == 3 and rel == 2:
                    rel = 3
            if rel not in (1, 2, 3) or (code == 1 and rel != 3):
                return -1
            is_open = 1
        if code == 6:
            n_kita += 1
        else:
            if n_sets >= 4:
                return -1
            mt[n_sets] = code
            mk[n_sets] = k
            n_sets += 1
    if n_ids + 3 * n_sets != 14:
        return -1
    kind = _small(win.win_tile, 0, 135)
    if kind < 0:
        return -1
    kind >>= 2
    if counts[kind] == 0:
        return -1
    # the context (the public scorer's keywords of records.verify._score_public)
    sit = win.situation
    flags = (_flag(sit.tsumo, F_TSUMO) | _flag(sit.riichi, F_RIICHI)
             | _flag(sit.double_riichi, F_DOUBLE_RIICHI) | _flag(sit.ippatsu, F_IPPATSU)
             | _flag(sit.haitei, F_HAITEI) | _flag(sit.houtei, F_HOUTEI)
             | _flag(sit.rinshan, F_RINSHAN) | _flag(sit.chankan, F_CHANKAN)
             | _flag(sit.tenhou, F_TENHOU) | _flag(sit.chiihou, F_CHIIHOU))
    if flags < 0:
        return -1
    if ((flags & F_TSUMO) != 0) != (discarder < 0):
        return -1
    riichi = (flags & F_RIICHI) != 0
    seat = _small(sit.seat_wind, 0, 3)
    rnd = _small(sit.round_wind, 0, 3)
    honba = _small(sit.honba_paid, 0, 100000)
    sticks = _small(sit.riichi_sticks, 0, 100000)
    if seat < 0 or rnd < 0 or honba < 0 or sticks < 0 or (seat == 0) != (winner == dealer):
        return -1
    memset(ctx, 0, sizeof(ctx))
    n_dora = _indicators(sit.dora_indicators, ctx + CTX_DORA)
    n_ura = _indicators(sit.ura_indicators, ctx + CTX_URA) if riichi else 0
    if n_dora < 0 or n_ura < 0:
        return -1
    ctx[CTX_FLAGS] = flags
    ctx[CTX_SEAT_WIND] = seat
    ctx[CTX_ROUND_WIND] = rnd
    ctx[CTX_N_DORA] = n_dora
    ctx[CTX_N_URA] = n_ura
    ctx[CTX_N_RED] = n_red
    ctx[CTX_N_KITA] = n_kita
    ctx[CTX_HONBA] = honba
    ctx[CTX_RIICHI_STICKS] = sticks
    status = c_score_hand_digested(counts, mt, mk, kind, ctx, &d.rc, out)
    if status != ST_OK or out[O_STATUS] != ST_OK:
        return -1
    info[0] = winner
    info[1] = discarder
    info[2] = dealer
    info[3] = honba
    info[4] = sticks
    info[5] = is_open
    return 0


cdef int _win(object win, int n, Digest d, const SettleRules* sr, WinPay* wp, int64_t* alone) except -2:
    """Score and compare one win; its winner, discarder (-1 tsumo) and payments in wp, its
    changes settled alone.  0: every item matches; -1: not answered here."""
    cdef int64_t out[OUT_SIZE]
    cdef int info[6]
    cdef int winner, discarder, dealer, honba, sticks, s
    cdef const int32_t* p = d.rc.p
    cdef object rec = win.recorded, x
    cdef uint64_t mask
    if rec.pao is not None:
        return -1  # a liable seat: the Python path (settle's pao rules)
    if _score(win, n, d, out, info) < 0:
        return -1
    winner = info[0]
    discarder = info[1]
    dealer = info[2]
    honba = info[3]
    sticks = info[4]
    # compare (records.verify._check_win)
    mask = <uint64_t>out[O_YAKU_MASK]
    if not _same_yaku(rec, mask, p, info[5], out, win.ura_known):
        return -1
    x = rec.limit
    if x is not None and x != _tenhou_limit(<int>out[O_LIMIT]):
        return -1
    x = rec.points
    if x is not None and x != out[O_HAND_POINTS]:
        return -1
    # settled alone: the record's counters and sticks for this winner, no stake
    wp.winner = winner
    wp.discarder = discarder
    wp.pao = -1
    wp.pao_part = 0
    wp.pao_whole = 1
    wp.ron = out[O_PAY_RON]
    wp.tsumo_dealer = out[O_PAY_TSUMO_DEALER]
    wp.tsumo_other = out[O_PAY_TSUMO_OTHER]
    for s in range(4):
        alone[s] = 0
    c_win_pay(sr, dealer, wp, honba, alone)
    alone[winner] += 1000 * <int64_t>sticks
    x = rec.score_changes
    if x is not None and not _ints_equal(x, alone, n):
        return -1
    return 0


cdef bint _same_yaku(object rec, uint64_t mask, const int32_t* p, int is_open, int64_t* out,
                     object ura_known) except -1:
    """records.verify._check_win's yakuman, han, fu, yaku, dora, aka and ura items all agree."""
    cdef object yakuman = rec.yakuman, yaku = rec.yaku, han = rec.han, x, item
    cdef uint64_t rec_mask = 0, ym = 0
    cdef int y, table = R_HAN_OPEN if is_open else R_HAN_CLOSED
    cdef bint is_yakuman, states
    if type(yakuman) is not tuple or type(yaku) is not tuple:
        return False
    for y in range(64):
        if mask >> y & 1 and p[R_YAKUMAN + y] > 0:
            ym |= (<uint64_t>1) << y
    is_yakuman = len(<tuple>yakuman) > 0
    states = is_yakuman or han is not None or len(<tuple>yaku) > 0
    if (is_yakuman or ym) and states:
        # sorted(rec.yakuman) == the yakuman ids of the mask (each once)
        for x in <tuple>yakuman:
            y = _small(x, 0, 63)
            if y < 0 or rec_mask >> y & 1:
                return False
            rec_mask |= (<uint64_t>1) << y
        if rec_mask != ym:
            return False
    if is_yakuman:
        return True
    if han is not None and han != out[O_HAN]:
        return False
    x = rec.fu
    if x is not None and x != out[O_FU]:
        return False
    if han is not None or len(<tuple>yaku) > 0:
        # sorted(rec.yaku) == ((id, han) of each ordinary yaku of the mask, dora ids left out)
        rec_mask = 0
        for item in <tuple>yaku:
            if type(item) is not tuple or len(<tuple>item) != 2:
                return False
            y = _small((<tuple>item)[0], 0, 63)
            if y < 0 or y in (52, 53, 54) or rec_mask >> y & 1 or p[R_YAKUMAN + y] > 0:
                return False
            x = (<tuple>item)[1]
            if type(x) is not int or x != p[table + y]:
                return False
            rec_mask |= (<uint64_t>1) << y
        for y in range(64):
            if mask >> y & 1 and p[R_YAKUMAN + y] <= 0 and y not in (52, 53, 54) \
                    and not rec_mask >> y & 1:
                return False
    x = rec.dora
    if x is not None and x != out[O_DORA] + out[O_KITA]:
        return False
    x = rec.aka
    if x is not None and x != out[O_AKA]:
        return False
    x = rec.ura
    if x is not None and ura_known and x != out[O_URA]:
        return False
    return True


def check_wins(list wins, object rnd, object nxt, int n, tuple declared, Digest d):
    """The per-seat changes of each win of ``rnd`` (``wins``) settled alone, when every check
    of records.verify passes for them (the win items, the scores shown before each, the round
    settled as a whole, the next table); else None (the Python path checks the round).
    ``declared``: the seats whose stake was paid (the scores shown before the first
    settlement are the round's less these stakes: records.verify._scores_at_end)."""
    cdef WinPay wps[MAX_WINS]
    cdef SettleRules sr
    cdef TableC tc, nt
    cdef WinsOut wo
    cdef int64_t alone[4]
    cdef int64_t now[4]
    cdef int64_t ch[4]
    cdef int64_t deltas[4]
    cdef int64_t table_scores[4]
    cdef int i, k, s, nw = len(wins), dealer, honba, sticks, wind, declared_mask = 0
    cdef list out = []
    cdef object win, x, rec
    if nw == 0 or nw > MAX_WINS or n != d.n_players:
        return None
    dealer = _small(rnd.dealer, 0, n - 1)
    honba = _small(rnd.honba, 0, 100000)
    sticks = _small(rnd.riichi_sticks, 0, 100000)
    wind = _small(rnd.round_wind, 0, 3)
    if dealer < 0 or honba < 0 or sticks < 0 or wind < 0:
        return None
    if _ints_read(rnd.scores, table_scores, n) < 0:
        return None  # scores unknown: the Python path (it compares part of the next table)
    for s in range(4):
        deltas[s] = 0
    for x in declared:
        s = _small(x, 0, n - 1)
        if s < 0 or deltas[s]:
            return None
        deltas[s] = -1000
        declared_mask |= 1 << s
    _settle_rules(d, n, &sr)
    for s in range(n):
        now[s] = table_scores[s] + deltas[s]
    for i in range(nw):
        win = wins[i]
        if _win(win, n, d, &sr, &wps[i], alone) < 0:
            return None
        if _small(win.dealer, 0, n - 1) != dealer:
            return None
        rec = win.recorded
        x = rec.scores_before
        if x is not None and not _ints_equal(x, now, n):
            return None
        x = rec.score_changes
        if x is not None:
            if _ints_read(x, ch, n) < 0:
                return None
            for s in range(n):
                now[s] += ch[s]
        out.append(tuple([alone[s] for s in range(n)]))
    # the round settled as a whole (records.verify._check_round; riichi_fast.settle.settle_win)
    if nw == 2 and (wps[0].discarder < 0 or wps[0].discarder != wps[1].discarder
                    or wps[0].winner == wps[1].winner):
        return None
    tc.n = n
    tc.dealer = dealer
    tc.wind = wind
    tc.honba = honba
    tc.sticks = sticks
    c_settle_wins(&sr, &tc, declared_mask, wps, nw, &wo)
    for k in range(nw):
        x = (<object>wins[wo.order[k]]).recorded.score_changes
        if x is not None and not _ints_equal(x, wo.per_win[k], n):
            return None
    for s in range(n):
        deltas[s] += wo.deltas[s]
    if nxt is not None:
        c_next_after_win(&tc, wo.repeat, &nt)
        if (_small(nxt.dealer, 0, 3) != nt.dealer or _small(nxt.round_wind, 0, 3) != nt.wind
                or _small(nxt.honba, 0, 100000) != nt.honba
                or _small(nxt.riichi_sticks, 0, 100000) != nt.sticks):
            return None
        for s in range(n):
            table_scores[s] += deltas[s]
        x = nxt.scores
        if type(x) is not tuple:
            x = tuple(x)
        if not _ints_equal(x, table_scores, n):
            return None
    return out


def win_score(object win, int n, Digest d):
    """The scoring of one recorded win by the kernel, as the public scorer scores it under the
    digest's rules (records.verify.score_win): ``(wait, han, fu, points, limit, ids, yakuman,
    dora, ura, aka)`` -- the wait shape of the chosen reading (WaitShape, -1 kokushi), han
    (dora included), fu, the hand's points, Tenhou's limit code, the Tenhou ids of its yaku
    and yakuman as a bit mask (dora ids 52-54 left out), True for a yakuman, the dora, ura
    and red counts; None when not answered here (a hand the kernel does not score, a yaku
    without a Tenhou id, anything unusual: the public scorer decides).  Used by the statistics
    of read records (riichi_fast.stats), twin reference.records_verify.win_score."""
    cdef int64_t out[OUT_SIZE]
    cdef int info[6]
    cdef int y
    cdef uint64_t mask, ids = 0
    cdef bint yakuman = False
    cdef const int32_t* p = d.rc.p
    if n != d.n_players or _score(win, n, d, out, info) < 0:
        return None
    mask = <uint64_t>out[O_YAKU_MASK]
    for y in range(64):
        if mask >> y & 1:
            if y > 51:  # dora 52-54 (counted apart); 55 on: no Tenhou id
                if y > 54:
                    return None
                continue
            ids |= (<uint64_t>1) << y
            if p[R_YAKUMAN + y] > 0:
                yakuman = True
    yakuman = yakuman and out[O_LIMIT] == LIMIT_YAKUMAN  # else listed as ordinary yaku
    return (<int>out[O_WAIT], out[O_HAN], out[O_FU], out[O_HAND_POINTS],
            _tenhou_limit(<int>out[O_LIMIT]), ids, yakuman, out[O_DORA], out[O_URA], out[O_AKA])
