# Compiled fast path of the record verifier for Tenhou mjlog XML (four or three players).
#
# One pass over the XML bytes: the tag reader (records.mjlog._tokens) reads each tag
# and its attributes in place (no Python object per tag or per tile), the round is
# replayed on C
# arrays (136-id presence per seat, melds, the flags a win's situation needs),
# every <AGARI> is scored by the compiled kernel (c_score_hand_digested) and
# compared item by item with the record, every win and draw is settled (Tenhou
# rules: the settle.py rules for the presets the caller allows) and the next
# <INIT> is compared with the settled table state.  Contract: docs/INTERNALS.md
# section "records fast path"; the pure-Python twin is
# riichi_fast.reference.records.mjlog.scan (the full reader + verifier, summarised).
#
# The answer is a summary: (status, rounds, wins, draws).  status 0: the game
# was replayed and everything matched (the counts are then those of the full
# verifier); 1: not verified here (something did not match, the record is
# damaged or incomplete, or it is outside this path: three
# ron, a nagashi mangan nobody qualifies for, a tag it does not know...).
# Pao (the whole hand, Tenhou's pao_scope) and nagashi mangan are settled here.  On 1 the caller runs the full
# Python verifier, which explains.
#
# Three players (n_players=3, <GO type> bit 0x10): seats 0-2 (hai3 empty), no
# 2m-8m, no chi, kita (<N> code bit 0x20) sets a north aside (a call for
# ippatsu / first go-around, a replacement draw follows, a ron on it is not
# houtei and keeps ippatsu), each kita is a dora counted in the record's
# dora (52), a tsumo is paid by the two others (no share for the empty
# seat), counters honba_value / 2 each on tsumo, noten payments shared
# among three.
#
# export_mjlog makes the same pass in export mode (Game.export_rows): the structural
# checks only, nothing re-scored, settled or compared with the scores; its rows (the
# record's values) are written by records.mjlog._export_rows; see its docstring.
# The replay state (the C structs of a game): records.mjlog._game.

from libc.stdint cimport uint8_t, int32_t, int64_t, uint32_t, uint64_t
from libc.string cimport memchr, memcmp, memset, strlen
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE

from riichi_fast._types cimport count_t
from riichi_fast.scoring._score cimport (
    RulesC, c_digest_rules, c_score_hand_digested, CTX_SIZE, OUT_SIZE,
    CTX_FLAGS, CTX_SEAT_WIND, CTX_ROUND_WIND, CTX_N_DORA, CTX_DORA, CTX_N_URA, CTX_URA,
    CTX_N_RED, CTX_N_KITA, CTX_HONBA, CTX_RIICHI_STICKS,
    F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_HAITEI, F_HOUTEI, F_RINSHAN,
    F_CHANKAN, F_TENHOU, F_CHIIHOU,
    O_STATUS, O_HAN, O_FU, O_YAKU_MASK, O_WAIT, O_DORA, O_URA, O_AKA, O_KITA, O_LIMIT, O_HAND_POINTS,
    O_PAY_RON, O_PAY_TSUMO_DEALER, O_PAY_TSUMO_OTHER,
    R_HAN_CLOSED, R_HAN_OPEN, R_YAKUMAN, R_SIZE, ST_OK,
    LIMIT_KAZOE_YAKUMAN, LIMIT_KIRIAGE_MANGAN, LIMIT_YAKUMAN, LIMIT_MANGAN,
)
from riichi_fast.settle._settle cimport (
    Edge, SETTLE_EDGES, SettleRules, TableC, WinPay, WinsOut,
    c_apply, c_mangan_edges, c_next_table, c_noten_pay, c_settle_wins, c_win_pay,
)

from riichi_fast.records.mjlog._export_rows cimport EX_WIDTH, ex_draw, ex_finish, ex_hand, ex_win
from riichi_fast.records.mjlog._game cimport (
    BAD, FULL, LAST_ANKAN, LAST_CALL, LAST_DISCARD, LAST_DRAW, LAST_KAKAN, LAST_KITA, LAST_NONE,
    MAX_INTS, OK, OUTSIDE, ROW_GAME, ROW_HAND, ROW_WIDTH, ROW_WIN, Game, Meld, Settings, WinRec,
    decode_meld,
)
from riichi_fast.records.mjlog._tokens cimport (
    MAX_ATTRS, TOK_BAD, TOK_END, TOK_ROOT, TOK_TAG, Attr, attr_int, attr_ints, find_attr, is_space,
    next_tag, read_decimals, read_ints, same_name,
)

from riichi_fast.errors import RiichiError


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int rf_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int rf_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int rf_ctz64(uint64_t x) nogil  # x != 0


cdef inline int64_t _meld_key(Meld* m) noexcept nogil:
    cdef int64_t key = (<int64_t>m.type) << 40 | (<int64_t>m.kind) << 32
    cdef int i
    for i in range(m.n_tiles):
        key |= (<int64_t>1) << (m.tiles[i] - m.kind * 4)
    return key


cdef void _sort64(int64_t* a, int n) noexcept nogil:
    cdef int i, j
    cdef int64_t x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef int _new_round(Game* g, Attr* attrs, int na, Settings* st) noexcept nogil:
    cdef int seed[8]
    cdef int buf[MAX_INTS]
    cdef int k, s, i, t, n = g.n
    cdef char name[5]
    if n == 3 and not g.go_seen:
        return OUTSIDE  # a three-player game says so in <GO> before its first round
    # continuity: the settled table of the previous round must be this one
    k = attr_ints(attrs, na, "seed", seed, 8)
    if k < 6:
        return OUTSIDE
    if attr_int(attrs, na, "oya", &g.dealer) < 0 or not 0 <= g.dealer < n:
        return OUTSIDE
    if attr_ints(attrs, na, "ten", buf, MAX_INTS) != 4:
        return OUTSIDE
    for s in range(4):
        g.scores[s] = buf[s] * 100 if s < n else 0
    g.round_wind = seed[0] // 4
    g.kyoku = seed[0] % 4
    g.honba = seed[1]
    g.sticks = seed[2]
    if seed[5] < 0 or seed[5] >= 136:
        return OUTSIDE
    g.dora[0] = seed[5]
    g.n_dora = 1
    if g.have_round and not g.round_ended and not g.export_rows:
        return BAD  # the previous round has no ending (the export writes it: result "none")
    if g.export_rows:
        pass  # the export checks no table: the rows are the record's values
    elif not g.have_round and seed[0] == 0:  # the game from its first hand
        if g.honba != 0 or g.sticks != 0:
            return BAD
        for s in range(n):
            if g.scores[s] != st.start_points:
                return BAD
    if g.have_next and not g.export_rows:
        if (g.next_dealer != g.dealer or g.next_wind != g.round_wind
                or g.next_honba != g.honba or g.next_sticks != g.sticks):
            return BAD
        for s in range(n):
            if g.next_scores[s] != g.scores[s]:
                return BAD
    g.have_next = 0
    memset(g.hand, 0, sizeof(g.hand))
    name[0] = 104  # 'h'
    name[1] = 97   # 'a'
    name[2] = 105  # 'i'
    name[4] = 0
    for s in range(4):
        name[3] = 48 + s
        k = attr_ints(attrs, na, name, buf, MAX_INTS)
        if k != (13 if s < n else 0):
            return OUTSIDE  # three players: hai3 is there and empty
        for i in range(k):
            t = buf[i]
            if t < 0 or t >= 136 or g.hand[s][t] or (n == 3 and 4 <= t < 32):
                return OUTSIDE
            g.hand[s][t] = 1
        g.hand_n[s] = k
        g.n_melds[s] = 0
        g.n_kita[s] = 0
        g.discards[s] = 0
        g.riichi[s] = 0
        g.dbl[s] = 0
        g.ippatsu[s] = 0
        g.ippatsu_before[s] = 0
        g.since_declare[s] = 0
        g.after_kan[s] = 0
        g.rinshan_draw[s] = 0
        g.last_draw[s] = -1
        g.declared[s] = 0
        g.nag_ok[s] = 1
    g.pending_seat = -1
    g.n_draw_steps = 0
    g.max_draws = (108 if n == 3 else 136) - 14 - 13 * n
    g.any_call = 0
    g.last_type = LAST_NONE
    g.last_tile = -1
    g.round_wins = 0
    g.have_round = 1
    g.round_ended = 0
    g.n_rounds += 1
    g.riichi_mask = 0
    g.called_mask = 0
    g.draw_kind = -1
    return OK


cdef int _call(Game* g, int who, int code) noexcept nogil:
    cdef Meld m
    cdef int i, j, t, n_own
    cdef int own[4]
    if decode_meld(code, who, g.n, &m) < 0:
        return OUTSIDE
    if g.pending_seat >= 0 and m.called == g.pending_tile:
        g.nag_ok[g.pending_seat] = 0  # the discard was called
    g.pending_seat = -1
    n_own = 0
    if m.type == 6:  # kita: the north set aside
        if g.n_kita[who] >= 4:
            return OUTSIDE
        g.kita[who][g.n_kita[who]] = m.tiles[0]
        g.n_kita[who] += 1
        own[0] = m.tiles[0]
        n_own = 1
    elif m.type == 5:
        for i in range(g.n_melds[who]):
            if g.melds[who][i].type == 2 and g.melds[who][i].kind == m.kind:
                g.melds[who][i] = m
                break
        else:
            return OUTSIDE
        own[0] = m.added
        n_own = 1
    else:
        if g.n_melds[who] >= 4:
            return OUTSIDE
        g.melds[who][g.n_melds[who]] = m
        g.n_melds[who] += 1
        for i in range(m.n_tiles):
            if m.tiles[i] != m.called:
                own[n_own] = m.tiles[i]
                n_own += 1
    for i in range(n_own):
        t = own[i]
        if not g.hand[who][t]:
            return OUTSIDE
        g.hand[who][t] = 0
        g.hand_n[who] -= 1
    if m.type >= 3:
        g.after_kan[who] = 1  # a kan or a kita: the next draw is a replacement
    for j in range(4):
        g.ippatsu_before[j] = g.ippatsu[j]
        g.ippatsu[j] = 0
        g.since_declare[j] = 1
    g.any_call = 1
    g.last_draw[who] = -1
    if m.type <= 3:
        g.called_mask |= 1 << who
    if m.type == 5:
        g.last_type = LAST_KAKAN
        g.last_tile = m.added
    elif m.type == 6:
        g.last_type = LAST_KITA
        g.last_tile = m.tiles[0]
    elif m.type == 4:
        g.last_type = LAST_ANKAN
    else:
        g.last_type = LAST_CALL
    return OK


cdef inline void _settle_rules(Settings* st, int n, SettleRules* sr) noexcept nogil:
    """The settlement rules of the pass (Tenhou's: the nearest winner takes the sticks)."""
    sr.n = n
    sr.honba_value = st.honba_value
    sr.counters_all = st.counters_all
    sr.own_back = False
    sr.head_bump = False
    sr.pao_honba_liable = st.pao_honba_liable


cdef inline void _win_of(WinPay* wp, int winner, int discarder, int64_t ron, int64_t td, int64_t to,
                         int pao) noexcept nogil:
    """A win for the settlement arithmetic; a liable seat pays for the whole hand (Tenhou's pao)."""
    wp.winner = winner
    wp.discarder = discarder
    wp.pao = pao
    wp.pao_part = 1
    wp.pao_whole = 1
    wp.ron = ron
    wp.tsumo_dealer = td
    wp.tsumo_other = to


cdef void _win_pay(int n, int winner, int discarder, int dealer, int64_t ron, int64_t td,
                   int64_t to, int counters, int pao, Settings* st, int64_t* ch) noexcept nogil:
    """riichi_fast.settle's payments of one win (Tenhou pao: the whole hand), sticks left out."""
    cdef SettleRules sr
    cdef WinPay wp
    _settle_rules(st, n, &sr)
    _win_of(&wp, winner, discarder, ron, td, to, pao)
    c_win_pay(&sr, dealer, &wp, counters, ch)


cdef int _tenhou_limit(int limit) noexcept nogil:
    if limit == LIMIT_KAZOE_YAKUMAN:
        return LIMIT_YAKUMAN
    if limit == LIMIT_KIRIAGE_MANGAN:
        return LIMIT_MANGAN
    return limit


cdef int _agari(Game* g, Attr* attrs, int na, RulesC* rules, Settings* st) noexcept nogil:
    cdef int pao = -1
    cdef int who, from_who, machi, k, i, j, s, t, n_closed, tsumo, rinshan, chankan
    cdef int first_turn, riichi, first, honba, sticks, honba_paid, sticks_paid, robbed_kita
    cdef int n = g.n, n_kita, n_melds
    cdef int kita_rec[8]
    cdef int ba[4]
    cdef int closed[20]
    cdef int codes[8]
    cdef int ten[4]
    cdef int yaku[MAX_INTS]
    cdef int yakuman[8]
    cdef int dora[8]
    cdef int ura[8]
    cdef int sc[8]
    cdef int n_yaku, n_yakuman, n_dora_given, n_ura, n_codes
    cdef uint8_t seen[136]
    cdef int64_t keys_rec[4]
    cdef int64_t keys_rep[4]
    cdef Meld m
    cdef count_t counts[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int32_t ctx[CTX_SIZE]
    cdef int64_t out[OUT_SIZE]
    cdef int flags, n_red, is_open, status, rec_han, rec_dora, rec_ura, rec_aka, rec_pao
    cdef int32_t* row
    cdef uint64_t mask, rec_mask, bits
    cdef int64_t pay, ch[4]
    cdef const int32_t* p = rules.p
    cdef WinRec* w
    if not g.have_round or g.round_ended and g.round_wins == 0:
        return OUTSIDE
    if attr_int(attrs, na, "who", &who) < 0 or not 0 <= who < n:
        return OUTSIDE
    if attr_int(attrs, na, "fromWho", &from_who) < 0 or not 0 <= from_who < n:
        return OUTSIDE
    if attr_int(attrs, na, "machi", &machi) < 0 or not 0 <= machi < 136:
        return OUTSIDE
    if find_attr(attrs, na, "paoWho") >= 0:
        if attr_int(attrs, na, "paoWho", &pao) < 0 or not 0 <= pao < n or pao == who:
            return OUTSIDE
    if attr_ints(attrs, na, "ba", ba, 4) != 2:
        return OUTSIDE
    if attr_ints(attrs, na, "ten", ten, 4) != 3:
        return OUTSIDE
    if attr_ints(attrs, na, "sc", sc, 8) != 8:
        return OUTSIDE
    n_closed = attr_ints(attrs, na, "hai", closed, 20)
    if n_closed < 1:
        return OUTSIDE
    n_codes = attr_ints(attrs, na, "m", codes, 8)
    if n_codes == -2:
        n_codes = 0
    if n_codes < 0:
        return OUTSIDE
    n_yaku = attr_ints(attrs, na, "yaku", yaku, MAX_INTS)
    if n_yaku == -2:
        n_yaku = 0
    n_yakuman = attr_ints(attrs, na, "yakuman", yakuman, 8)
    if n_yakuman == -2:
        n_yakuman = 0
    n_dora_given = attr_ints(attrs, na, "doraHai", dora, 8)
    if n_dora_given == -2:
        n_dora_given = 0
    n_ura = attr_ints(attrs, na, "doraHaiUra", ura, 8)
    if n_ura == -2:
        n_ura = 0
    if n_yaku < 0 or n_yaku % 2 or n_yakuman < 0 or n_dora_given < 0 or n_ura < 0 \
            or n_dora_given > 5 or n_ura > 5:
        return OUTSIDE
    tsumo = from_who == who
    honba = ba[0]
    sticks = ba[1]
    # the recorded hand must be the replayed one
    memset(seen, 0, 136)
    for i in range(n_closed):
        t = closed[i]
        if t < 0 or t >= 136 or seen[t]:
            return OUTSIDE
        seen[t] = 1
    if not tsumo:
        if g.hand[who][machi]:
            return OUTSIDE
        g.hand[who][machi] = 1
    # (the hand and seen hold 0 or 1 per 136-id: the same tiles when the same bytes)
    k = memcmp(g.hand[who], seen, 136)
    if not tsumo:
        g.hand[who][machi] = 0
    if k != 0 or not seen[machi]:
        return OUTSIDE
    # the recorded melds (kita included) must be the replayed ones
    n_melds = n_kita = 0
    for i in range(n_codes):
        if decode_meld(codes[i], who, n, &m) < 0:
            return OUTSIDE
        if m.type == 6:
            kita_rec[n_kita] = m.tiles[0]
            n_kita += 1
            continue
        if n_melds >= 4:
            return OUTSIDE
        keys_rec[n_melds] = _meld_key(&m)
        n_melds += 1
    if n_melds != g.n_melds[who] or n_kita != g.n_kita[who]:
        return OUTSIDE
    for i in range(n_melds):
        keys_rep[i] = _meld_key(&g.melds[who][i])
    _sort64(keys_rec, n_melds)
    _sort64(keys_rep, n_melds)
    for i in range(n_melds):
        if keys_rec[i] != keys_rep[i]:
            return OUTSIDE
    for i in range(n_kita):
        keys_rec[i] = kita_rec[i]
        keys_rep[i] = g.kita[who][i]
    _sort64(keys_rec, n_kita)
    _sort64(keys_rep, n_kita)
    for i in range(n_kita):
        if keys_rec[i] != keys_rep[i]:
            return OUTSIDE
    if n_dora_given:
        if n_dora_given != g.n_dora:
            return OUTSIDE
        for i in range(n_dora_given):
            if dora[i] != g.dora[i]:
                return OUTSIDE
    if g.export_rows:
        return ex_win(g, who, tsumo, from_who, machi, pao, closed, n_closed, codes, n_codes, yaku,
                       n_yaku, yakuman, n_yakuman, ten, sc, ura, n_ura)
    # the situation
    chankan = not tsumo and g.last_type == LAST_KAKAN
    robbed_kita = not tsumo and g.last_type == LAST_KITA  # a ron on a north set aside
    rinshan = tsumo and g.rinshan_draw[who]
    first_turn = g.discards[who] == 0 and not g.any_call
    riichi = g.riichi[who]
    first = g.round_wins == 0
    flags = 0
    if tsumo:
        flags |= F_TSUMO
    if riichi:
        flags |= F_RIICHI
        if g.dbl[who]:
            flags |= F_DOUBLE_RIICHI
        if (g.ippatsu_before[who] if chankan or robbed_kita else g.ippatsu[who]):
            flags |= F_IPPATSU
    if tsumo and not rinshan and g.n_draw_steps == g.max_draws:
        flags |= F_HAITEI
    if not tsumo and not chankan and not robbed_kita and g.n_draw_steps == g.max_draws:
        flags |= F_HOUTEI
    if rinshan:
        flags |= F_RINSHAN
    if chankan:
        flags |= F_CHANKAN
    if tsumo and first_turn:
        flags |= F_TENHOU if who == g.dealer else F_CHIIHOU
    honba_paid = honba if first else 0
    sticks_paid = sticks if first else 0
    for s in range(n):
        if first:
            g.shown[s] = g.scores[s] - 1000 * g.declared[s]
        if sc[2 * s] * 100 != g.shown[s]:
            g.round_wins += 1
            g.n_wins += 1
            g.round_ended = 1
            return BAD
        g.shown[s] += sc[2 * s + 1] * 100
    # score
    memset(counts, 0, sizeof(counts))
    n_red = 0
    for i in range(n_closed):
        counts[closed[i] // 4] += 1
        if g.red and (closed[i] == 16 or closed[i] == 52 or closed[i] == 88):
            n_red += 1
    is_open = 0
    for i in range(4):
        mt[i] = 0
        mk[i] = 0
    for i in range(g.n_melds[who]):
        mt[i] = g.melds[who][i].type
        mk[i] = g.melds[who][i].kind
        if mt[i] != 4:
            is_open = 1
        for j in range(g.melds[who][i].n_tiles):
            t = g.melds[who][i].tiles[j]
            if g.red and (t == 16 or t == 52 or t == 88):
                n_red += 1
    memset(ctx, 0, sizeof(ctx))
    ctx[CTX_FLAGS] = flags
    ctx[CTX_SEAT_WIND] = (who - g.dealer + n) % n
    ctx[CTX_ROUND_WIND] = g.round_wind
    ctx[CTX_N_DORA] = g.n_dora
    for i in range(g.n_dora):
        ctx[CTX_DORA + i] = g.dora[i] // 4
    if riichi:
        ctx[CTX_N_URA] = n_ura
        for i in range(n_ura):
            if not 0 <= ura[i] < 136:
                return OUTSIDE
            ctx[CTX_URA + i] = ura[i] // 4
    ctx[CTX_N_RED] = n_red
    ctx[CTX_N_KITA] = n_kita
    ctx[CTX_HONBA] = honba_paid
    ctx[CTX_RIICHI_STICKS] = sticks_paid
    status = c_score_hand_digested(counts, mt, mk, machi // 4, ctx, rules, out)
    g.round_wins += 1
    g.n_wins += 1
    g.round_ended = 1
    if status != ST_OK:
        return BAD
    # compare with the record
    mask = <uint64_t>out[O_YAKU_MASK]
    rec_mask = 0
    rec_han = 0
    rec_dora = rec_ura = rec_aka = 0
    for i in range(n_yakuman):
        if not 0 <= yakuman[i] < 64 or rec_mask >> yakuman[i] & 1:
            return BAD
        rec_mask |= (<uint64_t>1) << yakuman[i]
    bits = mask | rec_mask  # (the ids in neither need no test)
    while bits:
        i = rf_ctz64(bits)
        bits &= bits - 1
        if mask >> i & 1 and p[R_YAKUMAN + i] > 0:
            if not rec_mask >> i & 1:
                return BAD
        elif rec_mask >> i & 1:
            return BAD
    if n_yakuman == 0:
        rec_mask = 0
        for i in range(0, n_yaku, 2):
            t = yaku[i]
            rec_han += yaku[i + 1]
            if t == 52:
                rec_dora += yaku[i + 1]
            elif t == 53:
                rec_ura += yaku[i + 1]
            elif t == 54:
                rec_aka += yaku[i + 1]
            else:
                if not 0 <= t < 64 or rec_mask >> t & 1:
                    return BAD
                if p[R_YAKUMAN + t] > 0:
                    return BAD
                rec_mask |= (<uint64_t>1) << t
                if p[(R_HAN_OPEN if is_open else R_HAN_CLOSED) + t] != yaku[i + 1]:
                    return BAD
        bits = mask
        while bits:
            i = rf_ctz64(bits)
            bits &= bits - 1
            if p[R_YAKUMAN + i] <= 0 and not rec_mask >> i & 1:
                return BAD
        if rec_han != out[O_HAN] or ten[0] != out[O_FU]:
            return BAD
        if rec_dora != out[O_DORA] + out[O_KITA] or rec_aka != out[O_AKA]:  # Tenhou: kita in 52
            return BAD
        if riichi and rec_ura != out[O_URA]:
            return BAD
    if ten[2] != _tenhou_limit(<int>out[O_LIMIT]) or ten[1] != out[O_HAND_POINTS]:
        return BAD
    rec_pao = pao
    # a recorded liable seat pays only for a pao yakuman of the hand
    if pao >= 0 and not (mask & st.pao_mask):
        pao = -1
    # the win settled alone, with the counters and sticks it was given
    for s in range(4):
        ch[s] = 0
    _win_pay(n, who, -1 if tsumo else from_who, g.dealer, out[O_PAY_RON], out[O_PAY_TSUMO_DEALER],
             out[O_PAY_TSUMO_OTHER], honba_paid, pao, st, ch)
    ch[who] += 1000 * sticks_paid
    for s in range(n):
        if ch[s] != sc[2 * s + 1] * 100:
            return BAD
    if g.round_wins > 4:
        return OUTSIDE
    w = &g.wins[g.round_wins - 1]
    w.winner = who
    w.discarder = -1 if tsumo else from_who
    w.ron = out[O_PAY_RON]
    w.tsumo_dealer = out[O_PAY_TSUMO_DEALER]
    w.tsumo_other = out[O_PAY_TSUMO_OTHER]
    w.pao = pao
    for s in range(4):
        w.rec[s] = sc[2 * s + 1] * 100 if s < n else 0
    if g.rows != NULL:
        if n_yakuman and n_yaku:
            g.decline = 1  # yaku listed beside yakuman: the full reader counts both
        if g.n_rows >= g.rows_cap:
            g.full = 1  # no room: said at the end, once the game is verified
            return OK
        row = g.rows + g.n_rows * ROW_WIDTH
        g.n_rows += 1
        memset(row, 0, ROW_WIDTH * sizeof(int32_t))
        row[0] = ROW_WIN
        row[1] = g.game_idx
        row[2] = who
        row[3] = -1 if tsumo else from_who
        row[4] = -1 if n_yakuman else rec_han
        row[5] = ten[0]
        row[6] = ten[1]
        row[7] = ten[2]
        row[8] = rec_pao
        row[9] = <int32_t>(<uint32_t>rec_mask)
        row[10] = <int32_t>(<uint32_t>(rec_mask >> 32))
        row[11] = 1 if n_yakuman else 0
        row[12] = rec_dora
        row[13] = rec_ura
        row[14] = rec_aka
        row[15] = <int32_t>out[O_WAIT]
    return OK


cdef int _settle_round(Game* g, Settings* st) noexcept nogil:
    """The round's wins settled together from its table; sets the next table."""
    cdef int i, j, k, s, n = g.round_wins, declared = 0
    cdef int disc
    cdef int64_t deltas[4]
    cdef WinRec* w
    cdef WinPay wps[4]
    cdef SettleRules sr
    cdef TableC t
    cdef WinsOut wo
    if n == 0:
        return OK
    if n >= 3:
        return OUTSIDE
    for i in range(n):
        for j in range(i):
            if g.wins[j].winner == g.wins[i].winner:
                return BAD
    if n > 1:
        disc = g.wins[0].discarder
        for i in range(n):
            if g.wins[i].discarder < 0 or g.wins[i].discarder != disc:
                return BAD
    if g.export_rows:
        return _ex_settle(g)
    for s in range(4):
        if g.declared[s]:
            declared |= 1 << s
        deltas[s] = -1000 if g.declared[s] else 0
    for i in range(n):
        w = &g.wins[i]
        _win_of(&wps[i], w.winner, w.discarder, w.ron, w.tsumo_dealer, w.tsumo_other, w.pao)
    _settle_rules(st, g.n, &sr)
    _table_of(g, &t)
    c_settle_wins(&sr, &t, declared, wps, n, &wo)
    for k in range(n):
        w = &g.wins[wo.order[k]]
        for s in range(4):
            if wo.per_win[k][s] != w.rec[s]:
                return BAD
            deltas[s] += wo.per_win[k][s]
    _set_next(g, wo.repeat, g.honba + 1 if wo.repeat else 0, 0, deltas)
    return OK


cdef inline void _table_of(Game* g, TableC* t) noexcept nogil:
    t.n = g.n
    t.dealer = g.dealer
    t.wind = g.round_wind
    t.honba = g.honba
    t.sticks = g.sticks


cdef void _set_next(Game* g, int repeat, int honba, int sticks, int64_t* deltas) noexcept nogil:
    cdef int s
    cdef TableC t, nt
    _table_of(g, &t)
    c_next_table(&t, repeat, honba, sticks, &nt)
    g.next_dealer = nt.dealer
    g.next_wind = nt.wind
    g.next_honba = honba
    g.next_sticks = sticks
    for s in range(4):
        g.next_scores[s] = <int>(g.scores[s] + deltas[s])
    g.have_next = 1


cdef int _ryuukyoku(Game* g, Attr* attrs, int na, Settings* st) noexcept nogil:
    cdef int j, s, kind, k, n_declared = 0, n_nagashi = 0, n = g.n
    cdef int noten_payment = st.noten_payment, abortive_mask = st.abortive_mask
    cdef int adds_counter = st.adds_counter
    cdef int sc[8]
    cdef int tenpai[4]
    cdef int64_t deltas[4]
    cdef int64_t pay[4]
    cdef Edge e[SETTLE_EDGES]
    cdef int tenpai_mask = 0
    cdef char name[5]
    if not g.have_round or g.round_ended:
        return OUTSIDE
    j = find_attr(attrs, na, "type")
    if j < 0:
        kind = 0
    elif same_name(attrs[j].val, attrs[j].vlen, "yao9"):
        kind = 1
    elif same_name(attrs[j].val, attrs[j].vlen, "kaze4"):
        kind = 2
    elif same_name(attrs[j].val, attrs[j].vlen, "reach4"):
        kind = 3
    elif same_name(attrs[j].val, attrs[j].vlen, "ron3"):
        kind = 4
    elif same_name(attrs[j].val, attrs[j].vlen, "kan4"):
        kind = 5
    elif same_name(attrs[j].val, attrs[j].vlen, "nm"):
        kind = 6
        for s in range(n):
            n_nagashi += g.nag_ok[s]
        if n_nagashi == 0:
            return OUTSIDE  # nobody qualifies: the full verifier leaves it unsettled
    else:
        return OUTSIDE  # unknown kinds: the full verifier
    if attr_ints(attrs, na, "sc", sc, 8) != 8:
        return OUTSIDE
    if find_attr(attrs, na, "ba") < 0:
        return OUTSIDE
    g.round_ended = 1
    g.n_draws += 1
    g.draw_kind = kind
    if g.export_rows:
        return _ex_ryuukyoku(g, sc)
    for s in range(4):
        deltas[s] = 0
    for s in range(n):
        if sc[2 * s] * 100 != g.scores[s] - 1000 * g.declared[s]:
            return BAD
        if g.declared[s]:
            n_declared += 1
        deltas[s] = -1000 if g.declared[s] else 0
    if 0 < kind < 6:
        if not abortive_mask >> kind & 1:
            return BAD
        for s in range(n):
            if sc[2 * s + 1] != 0:
                return BAD
        _set_next(g, 1, g.honba + 1 if adds_counter else g.honba, g.sticks + n_declared, deltas)
        return OK
    name[0] = 104
    name[1] = 97
    name[2] = 105
    name[4] = 0
    for s in range(4):
        tenpai[s] = 0
    for s in range(n):
        name[3] = 48 + s
        tenpai[s] = find_attr(attrs, na, name) >= 0
        if g.declared[s] and not tenpai[s]:
            return BAD  # a noten riichi: settle.py calls it a chombo
    if kind == 6:
        if not st.nagashi:
            return BAD
        for j in range(n):
            if not g.nag_ok[j]:
                continue
            c_apply(e, c_mangan_edges(n, g.dealer, j, False, e), deltas)
        for s in range(n):
            if deltas[s] + (1000 if g.declared[s] else 0) != sc[2 * s + 1] * 100:
                return BAD
        _set_next(g, tenpai[g.dealer], g.honba + 1, g.sticks + n_declared, deltas)
        return OK
    for s in range(4):
        pay[s] = 0
        if tenpai[s]:
            tenpai_mask |= 1 << s
    c_noten_pay(n, noten_payment, tenpai_mask, pay)
    for s in range(n):
        if pay[s] != sc[2 * s + 1] * 100:
            return BAD
        deltas[s] += pay[s]
    _set_next(g, tenpai[g.dealer], g.honba + 1, g.sticks + n_declared, deltas)
    return OK


cdef int _finish_round(Game* g, Settings* st) noexcept nogil:
    cdef int32_t* row
    if g.rows != NULL and g.n_rows >= g.rows_cap:
        g.full = 1
    elif g.rows != NULL and g.export_rows:
        ex_hand(g)
        if not g.round_ended:  # no result: the next table keeps the scores and the sticks
            return _ex_ryuukyoku(g, NULL)
    elif g.rows != NULL:
        row = g.rows + g.n_rows * ROW_WIDTH
        g.n_rows += 1
        memset(row, 0, ROW_WIDTH * sizeof(int32_t))
        row[0] = ROW_HAND
        row[1] = g.game_idx
        row[2] = g.riichi_mask
        row[3] = g.called_mask
        row[4] = g.round_wins
        row[5] = g.draw_kind
    if g.round_wins:
        return _settle_round(g, st)
    return OK


cdef int _read_owari(Game* g, Attr* attrs, int na) noexcept nogil:
    cdef int j = find_attr(attrs, na, "owari")
    cdef int buf[16]
    cdef int k, s
    if j < 0:
        return OK
    k = read_decimals(attrs[j].val, attrs[j].vlen, buf, 16)
    if k != 8 or g.have_owari:
        return OUTSIDE
    for s in range(4):
        g.owari_scores[s] = buf[2 * s] * 10      # (score / 100) x 10 -> points
        g.owari_points[s] = buf[2 * s + 1]
    g.have_owari = 1
    return OK


cdef int _check_final(Game* g) noexcept nogil:
    """Final scores: the last settled scores, the sticks left to the top seat (Tenhou);
    the placements the final points give follow the scores (ties: seat order)."""
    cdef int s, t, top = 0
    cdef int final[4]
    if g.export_rows:
        return OK  # the export compares no score
    if not g.have_owari or not g.have_next:
        return BAD  # (no owari: the record stops before the game's end, which verify reports)
    for s in range(g.n):
        final[s] = g.next_scores[s]
        if final[s] > final[top]:
            top = s
    final[top] += 1000 * g.next_sticks
    for s in range(g.n):
        if final[s] != g.owari_scores[s]:
            return BAD
    # the order by score and the order by points (ties: the lower seat first) agree
    for s in range(g.n):
        for t in range(s + 1, g.n):
            if (final[s] >= final[t]) != (g.owari_points[s] >= g.owari_points[t]):
                return BAD
    return OK


cdef void _read_names(Game* g, const char* s, Py_ssize_t n, Attr* attrs, int na) noexcept nogil:
    """Where the first ``<UN>`` with ``n0`` holds the names ``n0``-``n3`` (an absent one: empty)."""
    cdef char name[3]
    cdef int k, j
    g.un_seen = 1
    name[0] = 110  # 'n'
    name[2] = 0
    if n >= 2147483647:
        g.decline = 1  # offsets are int32
        return
    for k in range(4):
        name[1] = 48 + k
        j = find_attr(attrs, na, name)
        if j >= 0:
            g.un_off[k] = <int>(attrs[j].val - s)
            g.un_len[k] = attrs[j].vlen
        else:
            g.un_off[k] = 0
            g.un_len[k] = 0


cdef inline int _tile_step(Game* g, char c, int value) noexcept nogil:
    """A draw (``c`` T U V W: seats 0-3) or a discard (D E F G) of the 136-id ``value``:
    OK, or OUTSIDE (no round, no such tile, a draw of a tile held, a discard of one not)."""
    cdef int seat, tile
    if not g.have_round or g.round_ended or value >= 136:
        return OUTSIDE
    seat = c - (84 if c >= 84 else 68)
    if seat >= g.n or (g.n == 3 and 4 <= value < 32):
        return OUTSIDE  # the empty fourth seat, or 2m-8m with three players
    if c >= 84:  # T U V W: a draw
        if g.hand[seat][value]:
            return OUTSIDE
        g.hand[seat][value] = 1
        g.hand_n[seat] += 1
        g.n_draw_steps += 1
        g.last_draw[seat] = value
        g.rinshan_draw[seat] = g.after_kan[seat]
        g.after_kan[seat] = 0
        g.last_type = LAST_DRAW
        g.pending_seat = -1
    else:        # D E F G: a discard
        if not g.hand[seat][value]:
            return OUTSIDE
        g.hand[seat][value] = 0
        g.hand_n[seat] -= 1
        g.last_draw[seat] = -1
        if g.riichi[seat]:
            g.ippatsu[seat] = 0
        g.discards[seat] += 1
        g.last_type = LAST_DISCARD
        g.last_tile = value
        tile = value // 4
        if tile < 27 and tile % 9 != 0 and tile % 9 != 8:
            g.nag_ok[seat] = 0
        g.pending_seat = seat
        g.pending_tile = value
    return OK


cdef int _run(const char* s, Py_ssize_t n, RulesC* rules, Settings* st_, Game* g) noexcept nogil:
    """Read, replay, re-score and settle one mjlog; ``g`` zeroed with ``n`` (players) and
    ``rows`` set (NULL: no statistics rows).  Returns OK, BAD or OUTSIDE."""
    cdef Py_ssize_t i = 0, j
    cdef Attr attrs[MAX_ATTRS]
    cdef int na, st = OK, tag_len, flags, row, seat, tile, who, code, step, value, k
    cdef int xml_state = 0
    cdef uint8_t d
    cdef const char* tag
    cdef char c
    g.red = 1
    g.open_tanyao = 1
    row = 0
    while st == OK:
        # a draw or a discard as Tenhou writes it ("<T12/>": most of a record's tags) is read
        # here; any other form of it goes through the tag reader (next_tag), which reads the
        # same (white space between tags is skipped as next_tag skips it)
        while i < n and is_space(s[i]):
            i += 1
        if xml_state == 1 and i + 6 < n and s[i] == 60:
            c = s[i + 1]
            d = <uint8_t>(s[i + 2] - 48)
            if (84 <= c <= 87 or 68 <= c <= 71) and d < 10:
                value = d
                j = i + 3
                d = <uint8_t>(s[j] - 48)
                if d < 10:  # one to three digits
                    value = 10 * value + d
                    j += 1
                    d = <uint8_t>(s[j] - 48)
                    if d < 10:
                        value = 10 * value + d
                        j += 1
                if s[j] == 47 and s[j + 1] == 62:  # (j + 1 <= i + 6 < n)
                    i = j + 2
                    st = _tile_step(g, c, value)
                    continue
        k = next_tag(s, n, &i, attrs, &na, &tag, &tag_len, &xml_state)
        if k == TOK_END:
            break
        if k == TOK_BAD:
            st = OUTSIDE
            break
        if k != TOK_TAG:
            continue  # the root opening or closing
        c = tag[0]
        if tag_len > 1 and 48 <= tag[1] <= 57 and (84 <= c <= 87 or 68 <= c <= 71):
            value = 0
            for j in range(1, tag_len):
                if not 48 <= tag[j] <= 57:
                    st = OUTSIDE
                    break
                if value < 1000:  # (no overflow: any more digits make it no tile either)
                    value = value * 10 + (tag[j] - 48)
            if st == OK:
                st = _tile_step(g, c, value)
        elif same_name(tag, tag_len, "N"):
            if not g.have_round or g.round_ended:
                st = OUTSIDE
            elif attr_int(attrs, na, "who", &who) < 0 or not 0 <= who < 4 \
                    or attr_int(attrs, na, "m", &code) < 0:
                st = OUTSIDE
            else:
                st = _call(g, who, code)
        elif same_name(tag, tag_len, "REACH"):
            if not g.have_round or g.round_ended:
                st = OUTSIDE
            elif attr_int(attrs, na, "who", &who) < 0 or not 0 <= who < g.n \
                    or attr_int(attrs, na, "step", &step) < 0:
                st = OUTSIDE
            elif step == 1:
                g.pending_seat = -1
                g.riichi_mask |= 1 << who
                g.since_declare[who] = 0
                g.dbl[who] = g.discards[who] == 0 and not g.any_call
            elif g.export_rows and g.declared[who]:
                st = OUTSIDE  # a second stick of one seat: the model takes 2000 (no settlement checks it here)
            else:
                g.pending_seat = -1
                g.riichi[who] = 1
                g.declared[who] = 1
                g.ippatsu[who] = not g.since_declare[who]
        elif same_name(tag, tag_len, "DORA"):
            if not g.have_round or g.round_ended or g.n_dora >= 5:
                st = OUTSIDE
            elif attr_int(attrs, na, "hai", &tile) < 0 or not 0 <= tile < 136:
                st = OUTSIDE
            else:
                g.pending_seat = -1
                g.dora[g.n_dora] = tile
                g.n_dora += 1
        elif same_name(tag, tag_len, "INIT"):
            if g.have_round:
                st = _finish_round(g, st_)
            if st == OK:
                st = _new_round(g, attrs, na, st_)
        elif same_name(tag, tag_len, "AGARI"):
            st = _agari(g, attrs, na, &rules[row], st_)
            if st == OK:
                st = _read_owari(g, attrs, na)
        elif same_name(tag, tag_len, "RYUUKYOKU"):
            st = _ryuukyoku(g, attrs, na, st_)
            if st == OK and g.rows != NULL and g.export_rows:
                ex_draw(g, attrs, na)
            if st == OK:
                st = _read_owari(g, attrs, na)
        elif same_name(tag, tag_len, "GO"):
            if attr_int(attrs, na, "type", &flags) < 0:
                st = OUTSIDE
            elif (flags & 0x10 != 0) != (g.n == 3):
                st = OUTSIDE  # not the table the caller said
            elif g.export_rows and g.n_rounds:
                st = OUTSIDE  # rules changed after a round: the model reads every hand with the last
            else:
                g.go_seen = 1
                g.go_flags = flags
                g.red = not flags & 0x02
                g.open_tanyao = not flags & 0x04
                row = 2 * (not g.red) + (not g.open_tanyao)
        elif same_name(tag, tag_len, "UN"):
            if g.rows != NULL and not g.un_seen and find_attr(attrs, na, "n0") >= 0:
                _read_names(g, s, n, attrs, na)
        elif same_name(tag, tag_len, "mjloggm") or same_name(tag, tag_len, "SHUFFLE") \
                or same_name(tag, tag_len, "TAIKYOKU") or same_name(tag, tag_len, "BYE"):
            pass
        else:
            st = OUTSIDE
    if st == OK and xml_state != 2:
        st = OUTSIDE  # no root element, or it is not closed: not well-formed
    if st == OK:
        if g.n_rounds == 0 or not (g.round_ended or g.export_rows):
            st = BAD  # no round, or the last one has no ending (the export writes it)
        else:
            st = _finish_round(g, st_)
        if st == OK:
            st = _check_final(g)
    return st


cdef int _fill_settings(Settings* st, const int32_t[:, ::1] params, int honba_value,
                        int noten_payment, int abortive_mask, bint adds_counter, bint counters_all,
                        bint nagashi, uint64_t pao_mask, bint pao_honba_liable, int start_points,
                        int n_players) except -1:
    """The settings of every entry point (``verify_mjlog``, ``stats_mjlog``,
    ``export_mjlog``), with the checks of ``params`` and ``n_players`` they share."""
    if params.shape[0] != 4 or params.shape[1] != R_SIZE:
        raise ValueError(f"params must be 4 x {R_SIZE}")
    if n_players != 3 and n_players != 4:
        raise ValueError(f"n_players must be 3 or 4, got {n_players}")
    st.honba_value = honba_value
    st.noten_payment = noten_payment
    st.abortive_mask = abortive_mask
    st.adds_counter = adds_counter
    st.counters_all = counters_all
    st.nagashi = nagashi
    st.pao_mask = pao_mask
    st.pao_honba_liable = pao_honba_liable
    st.start_points = start_points
    return 0


cdef int _check_rows(int32_t[:, ::1] rows, Py_ssize_t start, int width) except -1:
    """The checks of the row array and its start that ``stats_mjlog`` and ``export_mjlog`` share."""
    if rows.shape[1] != width:
        raise ValueError(f"rows must have {width} columns")
    if not 0 <= start <= rows.shape[0]:
        raise ValueError(f"start must be in 0-{rows.shape[0]}, got {start}")
    return 0


cdef void _digest4(const int32_t[:, ::1] params, RulesC* rules) noexcept nogil:
    """The four rules rows of ``params`` (checked 4 x R_SIZE by ``_fill_settings``) digested."""
    cdef int row
    for row in range(4):
        c_digest_rules(&params[row, 0], &rules[row])


cdef int _run_game(const char* s, Py_ssize_t n, RulesC* rules, Settings* st, Game* g,
                   int n_players, bint export_rows, int32_t* rows, int rows_cap,
                   int game_idx) noexcept nogil:
    """The pass every entry point makes: ``g`` reset (rows written from ``rows``,
    ``rows_cap`` of them; NULL: none), then ``_run`` with the four digested ``rules``."""
    memset(g, 0, sizeof(Game))
    g.n = n_players
    g.export_rows = export_rows
    g.rows = rows
    g.rows_cap = rows_cap
    g.game_idx = game_idx
    return _run(s, n, rules, st, g)


cdef int _stats_game_row(Game* g, int game_idx) noexcept nogil:
    """After a pass of ``stats_mjlog`` that verified: ``OK`` with the game row written (the
    rows docstring of ``stats_mjlog``), ``FULL`` (no room) or ``BAD`` (declined)."""
    cdef int32_t* r
    cdef int row, top = 0
    if g.decline or not g.have_next:
        return BAD
    if g.full or g.n_rows >= g.rows_cap:
        return FULL
    r = g.rows + g.n_rows * ROW_WIDTH
    g.n_rows += 1
    memset(r, 0, ROW_WIDTH * sizeof(int32_t))
    r[0] = ROW_GAME
    r[1] = game_idx
    r[2] = g.n
    for row in range(g.n):
        r[3 + row] = g.next_scores[row]
        if g.next_scores[row] > g.next_scores[top]:
            top = row
    r[3 + top] += 1000 * g.next_sticks
    r[7] = g.n_rounds
    for row in range(4):
        r[8 + 2 * row] = g.un_off[row] if g.un_seen else 0
        r[9 + 2 * row] = g.un_len[row] if g.un_seen else -1
    return OK


def verify_mjlog(const unsigned char[::1] data not None, const int32_t[:, ::1] params not None,
                 int honba_value=300, int noten_payment=3000, int abortive_mask=62,
                 bint adds_counter=True, bint counters_all=False, bint nagashi=True,
                 uint64_t pao_mask=0, bint pao_honba_liable=True, int start_points=25000,
                 int n_players=4):
    """Verify one mjlog (XML bytes) of ``n_players`` (4, or 3: ``<GO>`` must say so) in
    compiled code.

    ``params``: four rules arrays (``R_SIZE`` each, the ``n_players`` table's) for the
    game's flags: row ``2 * (not red_fives) + (not open_tanyao)``.  Returns ``(0, rounds,
    wins, draws)`` when every win, draw, next table and the final scores
    matched, else ``(1, 0, 0, 0)``: the full verifier must look.  The whole
    file is verified without the GIL.
    """
    cdef Py_ssize_t n = data.shape[0]
    cdef const char* s = <const char*>&data[0] if n else NULL
    cdef int st = OK
    cdef Game* g
    cdef Game game
    cdef Settings st_
    cdef RulesC rules[4]
    _fill_settings(&st_, params, honba_value, noten_payment, abortive_mask, adds_counter,
                   counters_all, nagashi, pao_mask, pao_honba_liable, start_points, n_players)
    g = &game
    with nogil:
        _digest4(params, rules)
        st = _run_game(s, n, rules, &st_, g, n_players, False, NULL, 0, 0)
    if st != OK:
        return (1, 0, 0, 0)
    return (0, g.n_rounds, g.n_wins, g.n_draws)


def stats_mjlog(const unsigned char[::1] data not None, const int32_t[:, ::1] params not None,
                int32_t[:, ::1] rows not None, Py_ssize_t start, int game_idx,
                int honba_value=300, int noten_payment=3000, int abortive_mask=62,
                bint adds_counter=True, bint counters_all=False, bint nagashi=True,
                uint64_t pao_mask=0, bint pao_honba_liable=True, int start_points=25000,
                int n_players=4):
    """Verify one mjlog as :func:`verify_mjlog` does and write its statistics rows into
    ``rows`` (``ROW_WIDTH`` int32 columns) from row ``start``, each tagged ``game_idx``.

    Rows, in the order the record gives them (per round: its wins, then the round; the
    game last); unused columns are 0:

    - win ``[2, game, winner, discarder (-1 tsumo), han (-1 yakuman), fu, points, limit,
      pao (-1), yaku ids mask low 32 bits, high 32 bits (yakuman ids when yakuman),
      yakuman (0/1), dora, ura, red, wait shape (-1 kokushi)]`` as recorded (the wait:
      the re-scored reading's);
    - round ``[1, game, riichi declared seats mask, seats mask with a chi, pon or open
      kan, wins, draw kind (0-6 as ``DRAW_KEYS``, -1 none)]``;
    - game ``[3, game, players, final score x 4 (sticks left to the top seat), rounds,
      then offset and length in ``data`` of the names n0-n3 of the first ``<UN n0>``
      (length -1: no such tag; an absent name: 0, 0)]``.

    Returns ``(status, end)``: status 0 and the row after the last one written when
    the game verified and the rows carry all it holds; 3 when ``rows`` is full (nothing
    to keep: flush and call again; said only of a game that verified); else 1 (the rows
    written are void: read it in full).
    """
    cdef Py_ssize_t n = data.shape[0]
    cdef Settings st_
    cdef RulesC rules[4]
    _fill_settings(&st_, params, honba_value, noten_payment, abortive_mask, adds_counter,
                   counters_all, nagashi, pao_mask, pao_honba_liable, start_points, n_players)
    _check_rows(rows, start, ROW_WIDTH)
    _digest4(params, rules)
    return _rows_run(<const char*>&data[0] if n else NULL, n, rules, &st_, n_players, False,
                     rows, start, game_idx)


cdef tuple _rows_run(const char* s, Py_ssize_t n, RulesC* rules, Settings* st_, int n_players,
                     bint export, int32_t[:, ::1] rows, Py_ssize_t start, int game_idx):
    """The pass of :func:`stats_mjlog` (``export`` False) or :func:`export_mjlog` over the
    ``n`` bytes at ``s``, its rows written into ``rows`` from ``start`` (checked by the
    caller): ``(status, end)``."""
    cdef Game game
    cdef int st
    cdef int32_t dummy[EX_WIDTH]  # (a pointer to give when no row is left: none is written)
    with nogil:
        st = _run_game(s, n, rules, st_, &game, n_players, export,
                       &rows[start, 0] if start < rows.shape[0] else dummy,
                       <int>(rows.shape[0] - start), game_idx)
        if st == OK:
            st = ex_finish(&game, s) if export else _stats_game_row(&game, game_idx)
    if st == FULL:
        return (3, start)
    if st != OK:
        return (1, start)
    return (0, start + game.n_rows)


cdef int _ex_settle(Game* g) noexcept nogil:
    """``_settle_round`` in export mode: the next table from the recorded score changes (the
    game row's final scores are the model's ``final_scores``: the last round's scores, the
    sticks staked taken, its recorded changes added)."""
    cdef int k, s, repeat = 0
    cdef int64_t deltas[4]
    for s in range(4):
        deltas[s] = -1000 if g.declared[s] else 0
    for k in range(g.round_wins):
        for s in range(4):
            deltas[s] += g.wins[k].rec[s]
        if g.wins[k].winner == g.dealer:
            repeat = 1
    _set_next(g, repeat, g.honba + 1 if repeat else 0, 0, deltas)
    return OK


cdef int _ex_ryuukyoku(Game* g, int* sc) noexcept nogil:
    """``_ryuukyoku`` in export mode, once the draw is read: the next table from the recorded
    changes ``sc`` (NULL: a round without a result, no change), the sticks on the table kept
    (nothing settled or compared)."""
    cdef int s, n_declared = 0
    cdef int64_t deltas[4]
    for s in range(4):
        deltas[s] = 0
    for s in range(g.n):
        if g.declared[s]:
            n_declared += 1
        deltas[s] = (-1000 if g.declared[s] else 0) + (sc[2 * s + 1] * 100 if sc != NULL else 0)
    _set_next(g, 1, g.honba, g.sticks + n_declared, deltas)
    return OK


def export_mjlog(const unsigned char[::1] data not None, const int32_t[:, ::1] params not None,
                 int32_t[:, ::1] rows not None, Py_ssize_t start, int game_idx,
                 int honba_value=300, int noten_payment=3000, int abortive_mask=62,
                 bint adds_counter=True, bint counters_all=False, bint nagashi=True,
                 uint64_t pao_mask=0, bint pao_honba_liable=True, int start_points=25000,
                 int n_players=4):
    """Read and replay one mjlog as :func:`verify_mjlog` does, with its structural checks
    (tags, tiles, melds, a win's hand, melds and dora indicators against the replay) but
    without re-scoring or settling anything (``g.export_rows``: the rows are the record's
    values, which the model path of ``riichi_fast.stats.export`` writes as they are), and
    write the rows of its export tables into ``rows`` (``EX_WIDTH`` = 104 int32 columns)
    from row ``start``, each tagged ``game_idx``.  A round without a result is written
    (no change: its next table keeps the scores and sticks); ``params`` and the settings
    are checked as the other entry points check them, and not used otherwise.

    Rows in record order (per round: its wins, its draw, then the round; the game
    last); columns 0-1 ``[kind, game]``, then (unused columns 0; seats past the
    players 0):

    - round (kind 1): ``2 hand index, 3 round wind, 4 kyoku, 5 honba, 6 riichi sticks,
      7 dealer, 8 wins, 9 draw kind (0-6 as DRAW_KEYS, -1 none), 10-13 starting
      scores, 14 riichi declared seats mask, 15 seats mask with a chi, pon or open kan``;
    - win (kind 2): ``2-5 as a round, 6 winner, 7 from seat (the winner on tsumo),
      8 tsumo, 9 multi-ron index, 10 win tile (136-id), 11 han (0 with yakuman),
      12 fu, 13 points, 14 limit, 15 yakuman, 16 dora, 17 ura, 18 red, 19 pao seat
      (-1 none), 20-23 score changes, 24 yaku ids, 25 closed text length, 26 melds
      text length``; the yaku ids (recorded order, dora ids 52-54 left out, then the
      yakuman ids) from column ``EX_YAKU`` = 28, the closed tiles (mpsz) as bytes from
      column 68, the melds (``"234m(chi) 777z(pon)"``) as bytes from column 74;
    - draw (kind 3): ``2-5 as a round, 6 kind, 7 tenpai seats mask, 8 nagashi seats
      mask, 9-12 score changes``;
    - game (kind 4): ``2 players, 3 hanchan, 4 red fives, 5 rounds, 6-9 final scores
      (sticks left to the top seat), 10-17 offset and length in data of the names
      n0-n3 of the first <UN n0> (length -1: no such tag), 18-21 places, 22-25 wins,
      26-29 tsumo, 30-33 deal-ins, 34-37 riichi, 38-41 calls`` per seat, then the names
      decoded as ``records.tenhou`` decodes them (``urllib.parse.unquote``), UTF-8 bytes,
      48 per seat from column 42, their lengths in columns 90-93 (-1: no such tag; a
      game with a longer name, or one that is not UTF-8 once decoded, is declined).

    Returns ``(status, end)`` as :func:`stats_mjlog` does (0: read, rows
    ``start``-``end`` written; 3: ``rows`` is full; 1: read it in full).
    """
    cdef Py_ssize_t n = data.shape[0]
    cdef Settings st_
    cdef RulesC rules[4]  # not read: the export scores nothing
    _fill_settings(&st_, params, honba_value, noten_payment, abortive_mask, adds_counter,
                   counters_all, nagashi, pao_mask, pao_honba_liable, start_points, n_players)
    _check_rows(rows, start, EX_WIDTH)
    return _rows_run(<const char*>&data[0] if n else NULL, n, rules, &st_, n_players, True,
                     rows, start, game_idx)


# ---------------------------------------------------------------------------
# The player count of a record (which rules rows a file takes)
# ---------------------------------------------------------------------------

cdef inline bint _re_space(unsigned char c) noexcept nogil:  # re's \s on bytes
    return c == 32 or 9 <= c <= 13


cdef inline bint _re_word(unsigned char c) noexcept nogil:  # re's \w on bytes
    return (48 <= c <= 57) or (65 <= c <= 90) or (97 <= c <= 122) or c == 95


cdef int64_t _go_type(const unsigned char* s, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    """The type at ``s[k:]`` matched by ``type\s*=\s*["']([0-9]{1,9})["']`` (after a word
    boundary, checked by the caller), or -1."""
    cdef Py_ssize_t j = k + 4, d
    cdef int64_t v = 0
    if j > n or s[k] != 116 or s[k + 1] != 121 or s[k + 2] != 112 or s[k + 3] != 101:  # type
        return -1
    while j < n and _re_space(s[j]):
        j += 1
    if j >= n or s[j] != 61:  # =
        return -1
    j += 1
    while j < n and _re_space(s[j]):
        j += 1
    if j >= n or (s[j] != 34 and s[j] != 39):
        return -1
    j += 1
    d = j
    while j < n and j - d < 10 and 48 <= s[j] <= 57:
        v = 10 * v + (s[j] - 48)
        j += 1
    if j == d or j - d > 9 or j >= n or (s[j] != 34 and s[j] != 39):
        return -1
    return v


def players(data):
    """3 when the mjlog's ``<GO type>`` (the first ``<GO`` in its first 16384 bytes) has the
    three-player bit, else 4: the regular expression ``records.fast._players`` in C (no
    Python scan of the long ``<SHUFFLE seed>``); what verify, stats and export read to pick
    the four- or three-player rules.

    >>> players(b'<mjloggm><GO type="185"/>'), players(b"<mjloggm>")
    (3, 4)
    """
    if type(data) is not bytes:
        raise RiichiError(f"data must be bytes, got {type(data).__name__}")
    return _n_players(<const unsigned char*>PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))


cdef int _n_players(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """:func:`players` of the ``n`` bytes at ``s``."""
    cdef const unsigned char* hit
    cdef Py_ssize_t lim, i, k
    cdef int64_t v
    lim = n if n < 16384 else 16384
    i = 0
    while True:  # the first "<GO" wholly inside the first 16384 bytes
        if lim - i < 3:
            return 4
        hit = <const unsigned char*>memchr(s + i, 60, lim - 2 - i)
        if hit == NULL:
            return 4
        i = hit - s
        if s[i + 1] == 71 and s[i + 2] == 79:
            break
        i += 1
    k = i + 3
    if k >= n or not _re_space(s[k]):
        return 4
    k += 1
    while True:  # [^>]*? then \btype...: the first place where the rest matches
        if k < n and not _re_word(s[k - 1]):
            v = _go_type(s, n, k)
            if v >= 0:
                return 3 if v & 0x10 else 4
        if k >= n or s[k] == 62:  # the end, or ">"
            return 4
        k += 1


# ---------------------------------------------------------------------------
# The three entry points with their settings bound (what verify, stats and export call)
# ---------------------------------------------------------------------------

_SETTINGS = ("honba_value", "noten_payment", "abortive_mask", "adds_counter", "counters_all",
             "nagashi", "pao_mask", "pao_honba_liable", "start_points", "n_players")
_DEFAULTS = (300, 3000, 62, True, False, True, 0, True, 25000, 4)


cdef class Pass:
    """:func:`verify_mjlog`, :func:`stats_mjlog` and :func:`export_mjlog` with their rules
    bound: ``Pass({4: (params, settings), 3: (params, settings)})`` (either table may be
    left out), ``params`` and the keyword ``settings`` as those functions take them (its
    ``n_players``, when given, is the key).  Each method takes the record as ``bytes``, picks
    its table with :func:`players` and answers as the function does with that table; a
    record of a player count without a table is declined (status 1).  The rules are
    digested once here and the row array's view is kept from one call to the next: per
    game it saves the functions' buffer views, keywords and digest (about 1.5 us).

    >>> from riichi_fast.records.verify_files import fast_settings, params_rows
    >>> from riichi_fast.rules import config
    >>> p = Pass({4: (params_rows(config.TENHOU), fast_settings(config.TENHOU))})
    >>> p.verify(b"<mjloggm></mjloggm>")
    (1, 0, 0, 0)
    """

    cdef RulesC rules[2][4]  # [0]: four players, [1]: three
    cdef Settings st[2]
    cdef bint has[2]
    cdef list keep  # the params views (the digested rules point into them)
    cdef object rows_obj  # the row array of the last stats() or export() call, and its view
    cdef int32_t[:, ::1] rows_view

    def __init__(self, tables):
        cdef const int32_t[:, ::1] view
        cdef int k
        cdef dict given
        if not isinstance(tables, dict):
            raise TypeError(f"tables must be a dict {{players: (params, settings)}}, got {type(tables).__name__}")
        self.keep = []
        self.has[0] = self.has[1] = False
        for players_, table in tables.items():
            if players_ not in (3, 4) or isinstance(players_, bool):
                raise ValueError(f"a table's player count must be 3 or 4, got {players_!r}")
            params, settings = table
            given = dict(settings)
            given.setdefault("n_players", players_)
            unknown = set(given) - set(_SETTINGS)
            if unknown:
                raise ValueError(f"unknown settings: {', '.join(sorted(unknown))}")
            if given["n_players"] != players_:
                raise ValueError(f"settings for {given['n_players']} players under the key {players_}")
            args = [given.get(name, d) for name, d in zip(_SETTINGS, _DEFAULTS)]
            k = 4 - players_
            view = params
            _fill_settings(&self.st[k], view, args[0], args[1], args[2], args[3], args[4],
                           args[5], args[6], args[7], args[8], args[9])
            _digest4(view, self.rules[k])
            self.keep.append(view)
            self.has[k] = True

    cdef int _table(self, object data) except -2:
        """The table index of the record ``data`` (bytes): 0 four players, 1 three, -1 none."""
        cdef int k
        if type(data) is not bytes:
            raise RiichiError(f"data must be bytes, got {type(data).__name__}")
        k = 4 - _n_players(<const unsigned char*>PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
        return k if self.has[k] else -1

    cdef int32_t[:, ::1] _rows(self, object rows, Py_ssize_t start, int width):
        """The view of ``rows`` (kept for the next call with the same array), checked."""
        cdef int32_t[:, ::1] rv
        if rows is self.rows_obj:
            rv = self.rows_view
        else:
            rv = rows
            self.rows_view = rv
            self.rows_obj = rows
        _check_rows(rv, start, width)
        return rv

    def verify(self, data):
        """:func:`verify_mjlog` of ``data`` (bytes) with its table: ``(0, rounds, wins,
        draws)`` when everything matched, else ``(1, 0, 0, 0)``."""
        cdef int k = self._table(data), st
        cdef Game game
        cdef const char* s = PyBytes_AS_STRING(data)
        cdef Py_ssize_t n = PyBytes_GET_SIZE(data)
        if k < 0:
            return (1, 0, 0, 0)
        with nogil:
            st = _run_game(s, n, self.rules[k], &self.st[k], &game, 4 - k, False, NULL, 0, 0)
        if st != OK:
            return (1, 0, 0, 0)
        return (0, game.n_rounds, game.n_wins, game.n_draws)

    def stats(self, data, rows, Py_ssize_t start, int game_idx):
        """:func:`stats_mjlog` of ``data`` (bytes) with its table: ``(status, end)``."""
        return self._rows_pass(data, rows, start, game_idx, False)

    def export(self, data, rows, Py_ssize_t start, int game_idx):
        """:func:`export_mjlog` of ``data`` (bytes) with its table: ``(status, end)``."""
        return self._rows_pass(data, rows, start, game_idx, True)

    cdef tuple _rows_pass(self, object data, object rows, Py_ssize_t start, int game_idx,
                          bint export):
        cdef int k = self._table(data)
        cdef int32_t[:, ::1] rv = self._rows(rows, start, EX_WIDTH if export else ROW_WIDTH)
        if k < 0:
            return (1, start)
        return _rows_run(PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data), self.rules[k],
                         &self.st[k], 4 - k, export, rv, start, game_idx)
