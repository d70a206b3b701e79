# Scoring kernel of riichi_fast: the compiled twin of riichi_fast.reference.scoring.score.
#
# c_score_hand takes the closed 34-counts (win tile included), the melds, the
# win kind, the context array and the rules-parameter array of
# docs/SCORING.md, and writes the flat result: status, han, fu and its items,
# yaku mask, dora counts, limit, the chosen reading and the payments.
#
# Algorithm (SCORING.md section 5): validate; decompose with the kernels of
# _decompose (c_decompose + c_win_options); score every win option in full
# (yaku bitmask, availability through the rules tables, fu, dora, limit,
# points); keep the best by (hand points, real yakuman, han, fu, raw fu), the
# earliest on a tie.  Everything reading-independent (tile composition yaku,
# situational yaku, dora counts) is computed once per hand, composition yaku
# by bit tests on a 34-bit "kinds present" mask.  Rules tables are digested
# once per call (once per batch) into availability bitmasks.
#
# Entry points: c_score_hand / c_score_hand_digested / c_score_hand_columns
# (cimported through _score.pxd: riichi_fast.scoring._score_api, the column
# engine riichi_fast.scoring._columns, the record checks, the engine), and the
# Python boundary: score_kernel (one hand, flat arrays) and score_batch (N
# hands, flat ctx/out arrays, GIL released, threads via _parallel.run_chunks).
#
# Preconditions: none; anything malformed gives ST_BAD_INPUT.  No allocation,
# no Python object, no GIL inside the kernel.  Where the time goes: about a
# third in the decomposition kernels; the count copies are word stores that
# the SWAR loads forward from (rf_copy40), a scored hand zeroes only the fu
# items and the tail (rf_zero_from43), the common flags {tsumo, riichi} take a
# short path, the best option is kept by swapping two OptC buffers (no copy),
# and the count total is summed in word adds (rf_sum34).

from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t
from libc.string cimport memset
from cpython.buffer cimport (PyObject_GetBuffer, PyBuffer_Release, PyBUF_FORMAT,
                             PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE)
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE

from riichi_fast._types cimport (count_t, Reading, WinOption, MAX_READINGS, MAX_WIN_OPTIONS,
                                 MELD_NONE, MELD_CHI, MELD_PON, MELD_DAIMINKAN, MELD_ANKAN, MELD_SHOUMINKAN,
                                 SET_SEQUENCE, SET_QUAD, FORM_REGULAR, FORM_CHIITOITSU,
                                 WAIT_RYANMEN, WAIT_KANCHAN, WAIT_PENCHAN, WAIT_TANKI)
from riichi_fast.analysis._decompose cimport c_decompose, c_win_options

import numpy as np
cimport numpy as cnp

from riichi_fast._parallel import check_n_threads, run_chunks
from riichi_fast.errors import ArrayError

cnp.import_array()


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    static inline int rf_ctz64(unsigned long long x) { return __builtin_ctzll(x); }

    /* SWAR over 40 bytes (34 counts + 6 zero bytes): bit k set when counts[k] != 0. */
    static inline uint64_t rf_present40(const uint8_t* c) {
        uint64_t m = 0, x, t;
        int w;
        for (w = 0; w < 5; w++) {
            memcpy(&x, c + 8 * w, 8);
            t = (((x & 0x7f7f7f7f7f7f7f7fULL) + 0x7f7f7f7f7f7f7f7fULL) | x) & 0x8080808080808080ULL;
            m |= (((t >> 7) * 0x0102040810204080ULL) >> 56) << (8 * w);
        }
        return m;
    }

    /* True when some of the 40 bytes is above 4. */
    static inline int rf_any_above4(const uint8_t* c) {
        uint64_t x, acc = 0;
        int w;
        for (w = 0; w < 5; w++) {
            memcpy(&x, c + 8 * w, 8);
            acc |= (x + 0x7b7b7b7b7b7b7b7bULL) | x;
        }
        return (acc & 0x8080808080808080ULL) != 0;
    }

    /* True when some of the 40 bytes (each 0..4) is above k (0..4): b + 0x7f - k carries into bit 7
       exactly when b > k, never out of its byte. */
    static inline int rf_any_above(const uint8_t* c, int k) {
        uint64_t x, acc = 0, add = 0x0101010101010101ULL * (uint64_t)(0x7f - k);
        int w;
        for (w = 0; w < 5; w++) {
            memcpy(&x, c + 8 * w, 8);
            acc |= x + add;
        }
        return (acc & 0x8080808080808080ULL) != 0;
    }

    /* Zero out[43..96): the fu items and the unused tail (a scored hand writes
       every slot below, see _score). */
    static inline void rf_zero_from43(int64_t* p) {
        int i;
        p[43] = 0;
    #if defined(__GNUC__) && !defined(__clang__)
        #pragma GCC unroll 13
    #endif
        for (i = 44; i < 96; i += 4) {
            p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; p[i + 3] = 0;
            __asm__("" ::: "memory");
        }
    }

    /* dst[0..40) = the 34 counts of src then 6 zeros, in word stores, so that the
       word loads of rf_any_above4 / rf_present40 forward from them (a byte-wise
       copy makes those loads wait for the stores to retire). */
    /* The sum of the 34 counts (exact for any bytes: 16-bit lanes hold <= 4 * 510). */
    static inline int rf_sum34(const uint8_t* c) {
        uint64_t x, acc = 0;
        int w;
        for (w = 0; w < 4; w++) {
            memcpy(&x, c + 8 * w, 8);
            acc += (x & 0x00ff00ff00ff00ffULL) + ((x >> 8) & 0x00ff00ff00ff00ffULL);
        }
        return (int)((acc * 0x0001000100010001ULL) >> 48) + c[32] + c[33];
    }

    static inline void rf_copy40(uint8_t* dst, const uint8_t* src) {
        uint64_t tail = (uint64_t)src[32] | ((uint64_t)src[33] << 8);
        memcpy(dst, src, 32);
        memcpy(dst + 32, &tail, 8);
    }

    /* Zero an int64[96] output with plain vector-friendly stores (memset of this
       size compiles to ``rep stos``, whose start-up cost dominates). */
    static inline void rf_zero96(int64_t* p) {
        int i;
    #if defined(__GNUC__) && !defined(__clang__)
        #pragma GCC unroll 24
    #endif
        for (i = 0; i < 96; i += 4) {
            p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; p[i + 3] = 0;
            __asm__("" ::: "memory");  /* keep it a store loop, not a memset call */
        }
    }
    """
    int rf_ctz64(unsigned long long x) noexcept nogil
    uint64_t rf_present40(const uint8_t* c) noexcept nogil
    int rf_any_above4(const uint8_t* c) noexcept nogil
    int rf_any_above(const uint8_t* c, int k) noexcept nogil
    void rf_zero96(int64_t* p) noexcept nogil
    void rf_copy40(uint8_t* dst, const uint8_t* src) noexcept nogil
    int rf_sum34(const uint8_t* c) noexcept nogil
    void rf_zero_from43(int64_t* p) noexcept nogil


cdef inline uint64_t BIT(int i) noexcept nogil:
    return (<uint64_t>1) << i


# terminal or honor, by kind (a table: the kernels test it per set)
cdef uint8_t[34] _YC_TABLE = [1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1,
                              1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]


cdef inline bint _yc(int k) noexcept nogil:
    """Terminal or honor."""
    return _YC_TABLE[k]


cdef inline int64_t _ceil100(int64_t x) noexcept nogil:
    return (x + 99) // 100 * 100


# ---------------------------------------------------------------------------
# rules digest (the RulesC struct is declared in _score.pxd)


cdef void c_digest_rules(const int32_t* p, RulesC* rc) noexcept nogil:
    cdef int y
    rc.p = p
    rc.avail_closed = 0
    rc.avail_open = 0
    rc.yakuman = 0
    for y in range(N_YAKU_IDS):
        if p[R_YAKUMAN + y] > 0:
            rc.yakuman |= BIT(y)
            rc.avail_closed |= BIT(y)
            rc.avail_open |= BIT(y)
        if p[R_HAN_CLOSED + y] > 0:
            rc.avail_closed |= BIT(y)
        if p[R_HAN_OPEN + y] > 0:
            rc.avail_open |= BIT(y)


# ---------------------------------------------------------------------------
# per-hand state


cdef struct HandC:
    count_t full[40]           # closed + meld tiles (a quad counts 4); 34..39 stay 0 (SWAR)
    uint64_t present           # bit k: kind k is in the hand
    const count_t* closed
    const uint8_t* meld_types
    int n_melds
    int open_hand              # a chi/pon/daiminkan/shouminkan
    int tsumo
    int seat
    int rnd
    int win
    int flags
    int honba
    uint64_t comp              # composition yaku (regular and chiitoitsu forms)
    uint64_t situ              # situational yaku (every form)
    uint64_t avail             # availability mask for this hand (open or closed table)
    int dora                   # dora, ura, aka, kita counts of the hand
    int ura
    int aka
    int kita
    int renhou_mangan          # R_RENHOU == RENHOU_MANGAN and the renhou flag (validated)
    int tenhou_any             # tenhou with R_TENHOU_ANY_LAST_TILE: the best last tile is taken


cdef struct OptC:
    uint64_t mask
    int valid                  # 0 no yaku, 1 fails two-han minimum, 2 scores
    int han
    int fu
    int fu_raw
    int yakuman
    int dora
    int ura
    int aka
    int kita
    int limit
    int64_t base
    int64_t hand_points
    int real_yakuman
    int pinfu                  # pinfu available in this option (drops the tsumo fu)


# the dora named by each indicator kind (4 players; with 3, 1m -> 9m and 9m -> 1m)
cdef uint8_t[34] _NEXT4 = [1, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12, 13, 14, 15, 16, 17, 9,
                           19, 20, 21, 22, 23, 24, 25, 26, 18, 28, 29, 30, 27, 32, 33, 31]
cdef uint8_t[34] _NEXT3 = [8, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12, 13, 14, 15, 16, 17, 9,
                           19, 20, 21, 22, 23, 24, 25, 26, 18, 28, 29, 30, 27, 32, 33, 31]


cdef enum:
    # sequence starts holding a terminal (1-2-3, 7-8-9 of each suit)
    _SEQ_YC = (1 << 0) | (1 << 6) | (1 << 9) | (1 << 15) | (1 << 18) | (1 << 24)
    _MAN = 0x1ff
    _PIN = 0x1ff << 9
    _SOU = 0x1ff << 18
    _TERMS = (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26)
    # 2s 3s 4s 6s 8s
    _GREEN_SUITED = (1 << 19) | (1 << 20) | (1 << 21) | (1 << 23) | (1 << 25)

cdef uint64_t _HONORS = (<uint64_t>0x7f) << 27
cdef uint64_t _GREEN = _GREEN_SUITED | ((<uint64_t>1) << 32)


cdef uint64_t _composition(const HandC* h, const int32_t* p) noexcept nogil:
    """Yaku decided by the tile multiset alone (bit tests on h.present)."""
    cdef uint64_t pr = h.present
    cdef bint honors = (pr & _HONORS) != 0
    cdef bint terminals = (pr & _TERMS) != 0
    cdef bint simples = (pr & (_MAN | _PIN | _SOU) & ~(<uint64_t>_TERMS)) != 0
    cdef int k, s, n_suits
    cdef uint64_t m = 0
    cdef const count_t* c = &h.full[0]
    n_suits = ((pr & _MAN) != 0) + ((pr & _PIN) != 0) + ((pr & _SOU) != 0)
    if not terminals and not honors:
        m |= BIT(Y_TANYAO)
    if n_suits == 0:
        m |= BIT(Y_TSUUIISOU)
    elif n_suits == 1:
        m |= BIT(Y_HONITSU) if honors else BIT(Y_CHINITSU)
    if not simples:
        if honors and terminals:
            m |= BIT(Y_HONROUTOU)
        elif terminals:
            m |= BIT(Y_CHINROUTOU)
    if (pr & ~_GREEN) == 0:
        m |= BIT(Y_RYUUIISOU)
    if h.n_melds == 0 and n_suits == 1 and not honors:
        s = 0 if (pr & _MAN) else (9 if (pr & _PIN) else 18)
        # chuuren: 1112345678999 + one more of the suit
        if c[s] >= 3 and c[s + 8] >= 3 and c[s + 1] and c[s + 2] and c[s + 3] \
                and c[s + 4] and c[s + 5] and c[s + 6] and c[s + 7]:
            if h.tenhou_any or _junsei(c, s, h.win):
                m |= BIT(Y_JUNSEI_CHUUREN)
            else:
                m |= BIT(Y_CHUUREN)
        # daisharin: 2 of each of 2..8 of one suit (pinzu unless all suits)
        if (s == 9 or p[R_DAISHARIN_ALL_SUITS]) and c[s] == 0 and c[s + 8] == 0:
            for k in range(1, 8):
                if c[s + k] != 2:
                    break
            else:
                m |= BIT(Y_DAISHARIN)
    return m


cdef inline bint _junsei(const count_t* c, int s, int win) noexcept nogil:
    cdef int k, want, have
    for k in range(9):
        want = 3 if (k == 0 or k == 8) else 1
        have = c[s + k] - (1 if s + k == win else 0)
        if have != want:
            return False
    return True


# ---------------------------------------------------------------------------
# one option

# sanrenkou starts: numbers 1-7 of each suit; suurenkou starts: 1-6
cdef enum:
    _RUN3 = 0x7f | (0x7f << 9) | (0x7f << 18)
    _RUN4 = 0x3f | (0x3f << 9) | (0x3f << 18)


cdef int _fu_regular(const HandC* h, const Reading* r, const WinOption* o, const int32_t* p,
                     bint pinfu_in_mask, int64_t* out) noexcept nogil:
    """Raw fu of a regular option.

    With ``out`` not NULL (the chosen option), also write O_FU_N and the
    (reason, fu) pairs at O_FU_LIST.
    """
    cdef int64_t* items = &out[O_FU_LIST] if out != NULL else NULL
    cdef int i, t, k, conc, quad, yc, f, n = 0, total = 20, pair
    if items != NULL:
        items[0] = FU_BASE
        items[1] = 20
    n = 1
    if not h.open_hand and not h.tsumo:
        total += 10
        if items != NULL:
            items[2 * n] = FU_MENZEN_RON
            items[2 * n + 1] = 10
        n += 1
    for i in range(4):
        t = r.set_type[i]
        if t == SET_SEQUENCE:
            continue
        k = r.set_kind[i]
        if r.set_meld[i] == 255:
            conc = h.tsumo or o.win_set != i
        else:
            conc = h.meld_types[r.set_meld[i]] == MELD_ANKAN
        quad = t == SET_QUAD
        yc = _yc(k)
        f = (2 << yc << conc) << (2 * quad)
        total += f
        if items != NULL:
            items[2 * n] = FU_OPEN_PON + yc + 2 * conc + 4 * quad
            items[2 * n + 1] = f
        n += 1
    pair = r.pair
    f = 0
    if pair >= 31:
        f = 2
        k = FU_PAIR_DRAGON
    elif pair >= 27:
        if pair == 27 + h.seat and pair == 27 + h.rnd:
            f = p[R_DOUBLE_WIND_PAIR_FU]
            k = FU_PAIR_DOUBLE_WIND
        elif pair == 27 + h.seat:
            f = 2
            k = FU_PAIR_SEAT_WIND
        elif pair == 27 + h.rnd:
            f = 2
            k = FU_PAIR_ROUND_WIND
    if f:
        total += f
        if items != NULL:
            items[2 * n] = k
            items[2 * n + 1] = f
        n += 1
    if o.wait == WAIT_KANCHAN or o.wait == WAIT_PENCHAN or o.wait == WAIT_TANKI:
        total += 2
        if items != NULL:
            items[2 * n] = (FU_WAIT_KANCHAN if o.wait == WAIT_KANCHAN else
                            (FU_WAIT_PENCHAN if o.wait == WAIT_PENCHAN else FU_WAIT_TANKI))
            items[2 * n + 1] = 2
        n += 1
    if h.tsumo and (not pinfu_in_mask or p[R_FU_PINFU_TSUMO]) \
            and not ((h.flags & F_RINSHAN) and not p[R_RINSHAN_TSUMO_FU]):
        total += 2
        if items != NULL:
            items[2 * n] = FU_TSUMO
            items[2 * n + 1] = 2
        n += 1
    if h.open_hand and not h.tsumo and total == 20 and p[R_FU_OPEN_PINFU]:
        total += 2
        if items != NULL:
            items[2 * n] = FU_OPEN_PINFU
            items[2 * n + 1] = 2
        n += 1
    if out != NULL:
        out[O_FU_N] = n
    return total


cdef inline int _fu_fast(const HandC* h, const Reading* r, const WinOption* o,
                         const int32_t* p, bint pinfu) noexcept nogil:
    """Raw fu of a regular option, as _fu_regular computes it, without the item list."""
    cdef int i, t, k, conc, total = 20, pair = r.pair
    if not h.open_hand and not h.tsumo:
        total = 30
    for i in range(4):
        t = r.set_type[i]
        if t == SET_SEQUENCE:
            continue
        k = r.set_kind[i]
        if r.set_meld[i] == 255:
            conc = h.tsumo or o.win_set != i
        else:
            conc = h.meld_types[r.set_meld[i]] == MELD_ANKAN
        total += (2 << _yc(k) << conc) << (2 * (t == SET_QUAD))
    if pair >= 31:
        total += 2
    elif pair >= 27:
        if pair == 27 + h.seat and pair == 27 + h.rnd:
            total += p[R_DOUBLE_WIND_PAIR_FU]
        elif pair == 27 + h.seat or pair == 27 + h.rnd:
            total += 2
    if o.wait == WAIT_KANCHAN or o.wait == WAIT_PENCHAN or o.wait == WAIT_TANKI:
        total += 2
    if h.tsumo:
        if (not pinfu or p[R_FU_PINFU_TSUMO]) \
                and not ((h.flags & F_RINSHAN) and not p[R_RINSHAN_TSUMO_FU]):
            total += 2
    elif h.open_hand and total == 20 and p[R_FU_OPEN_PINFU]:
        total += 2
    return total


cdef uint64_t _yaku_regular(const HandC* h, const Reading* r, const WinOption* o) noexcept nogil:
    """Reading-dependent yaku of a regular option (before availability)."""
    cdef int i, t, k, conc, n_seq = 0, n_trip = 0, n_conc = 0, n_quad = 0
    cdef int dragons = 0, winds = 0, all_yc = 1, honor_group = 0, s
    cdef uint32_t seqbits = 0, tripbits = 0, dupbits = 0, bit
    cdef int pair = r.pair
    cdef uint64_t m = 0
    for i in range(4):
        t = r.set_type[i]
        k = r.set_kind[i]
        if t == SET_SEQUENCE:
            n_seq += 1
            bit = (<uint32_t>1) << k
            dupbits |= seqbits & bit        # a second (third, fourth) sequence of this kind
            seqbits |= bit
            continue
        n_trip += 1
        if r.set_meld[i] == 255:
            conc = h.tsumo or o.win_set != i
        else:
            conc = h.meld_types[r.set_meld[i]] == MELD_ANKAN
        n_conc += conc
        if t == SET_QUAD:
            n_quad += 1
        if k < 27:
            tripbits |= (<uint32_t>1) << k
        else:
            honor_group = 1
            if k >= 31:
                dragons += 1
                m |= BIT(Y_HAKU + k - 31)
            else:
                winds += 1
                if k == 27 + h.seat:
                    m |= BIT(Y_SEAT_WIND_EAST + h.seat)
                if k == 27 + h.rnd:
                    m |= BIT(Y_ROUND_WIND_EAST + h.rnd)
    if pair >= 27:
        honor_group = 1
    elif not _YC_TABLE[pair]:
        all_yc = 0
    # every sequence holds a terminal, every suited triplet / quad is of terminals
    if (seqbits & ~(<uint32_t>_SEQ_YC)) or (tripbits & ~(<uint32_t>_TERMS)):
        all_yc = 0
    # pinfu: no meld at all, four sequences, pair of no value, two-sided wait
    if h.n_melds == 0 and n_seq == 4 and o.wait == WAIT_RYANMEN and pair < 31 \
            and pair != 27 + h.seat and pair != 27 + h.rnd:
        m |= BIT(Y_PINFU)
    # iipeikou / ryanpeikou (closed: ankan allowed)
    if not h.open_hand and n_seq >= 2:
        # four sequences as two equal pairs: two kinds doubled (AABB) or one kind (AAAA);
        # otherwise any doubled kind is iipeikou
        bit = dupbits & (dupbits - 1)
        if n_seq == 4 and ((bit != 0 and (bit & (bit - 1)) == 0)
                           or (seqbits & (seqbits - 1)) == 0):
            m |= BIT(Y_RYANPEIKOU)
        elif dupbits:
            m |= BIT(Y_IIPEIKOU)
    if all_yc and n_seq > 0:
        m |= BIT(Y_CHANTA) if honor_group else BIT(Y_JUNCHAN)
    if seqbits:
        for s in range(0, 27, 9):
            if (seqbits >> s) & 0x49 == 0x49:       # 1, 4, 7
                m |= BIT(Y_ITTSU)
                break
        if seqbits & (seqbits >> 9) & (seqbits >> 18) & 0x7f:
            m |= BIT(Y_SANSHOKU_DOUJUN)
    if tripbits:
        if tripbits & (tripbits >> 9) & (tripbits >> 18) & 0x1ff:
            m |= BIT(Y_SANSHOKU_DOUKOU)
        # three / four consecutive triplets of one suit
        s = tripbits & (tripbits >> 1) & (tripbits >> 2) & _RUN3
        if s:
            if s & (tripbits >> 3) & _RUN4:
                m |= BIT(Y_SUURENKOU)
            else:
                m |= BIT(Y_SANRENKOU)
    if n_quad == 3:
        m |= BIT(Y_SANKANTSU)
    elif n_quad == 4:
        m |= BIT(Y_SUUKANTSU)
    if n_trip == 4:
        m |= BIT(Y_TOITOI)
    if n_conc == 3:
        m |= BIT(Y_SANANKOU)
    elif n_conc == 4:
        m |= BIT(Y_SUUANKOU_TANKI) if o.wait == WAIT_TANKI or h.tenhou_any else BIT(Y_SUUANKOU)
    if dragons == 3:
        m |= BIT(Y_DAISANGEN)
    elif dragons == 2 and pair >= 31:
        m |= BIT(Y_SHOUSANGEN)
    if winds == 4:
        m |= BIT(Y_DAISUUSHII)
    elif winds == 3 and 27 <= pair < 31:
        m |= BIT(Y_SHOUSUUSHII)
    return m


cdef inline int _base_to_limit(int han, int fu, const int32_t* p, int64_t* base,
                               int* yakuman) noexcept nogil:
    """Limit code and base points of a non-yakuman hand of ``han`` (dora included)."""
    cdef int m
    yakuman[0] = 0
    if han >= 13:
        if p[R_KAZOE] == KAZOE_YAKUMAN:
            base[0] = 8000
            yakuman[0] = 1
            return LIMIT_KAZOE_YAKUMAN
        if p[R_KAZOE] == KAZOE_MULTIPLE:
            m = han // 13
            if m > p[R_YAKUMAN_CAP]:
                m = p[R_YAKUMAN_CAP]
            base[0] = 8000 * m
            yakuman[0] = m
            return LIMIT_KAZOE_YAKUMAN
        if p[R_KAZOE] == KAZOE_YONBAIMAN:
            base[0] = 8000
            return LIMIT_YONBAIMAN
        base[0] = 6000
        return LIMIT_SANBAIMAN
    if han >= 11:
        base[0] = 6000
        return LIMIT_SANBAIMAN
    if han >= 8:
        base[0] = 4000
        return LIMIT_BAIMAN
    if han >= 6:
        base[0] = 3000
        return LIMIT_HANEMAN
    if han >= 5:
        base[0] = 2000
        return LIMIT_MANGAN
    base[0] = (<int64_t>fu) << (2 + han)
    if base[0] > 2000:
        base[0] = 2000
        return LIMIT_MANGAN
    if p[R_KIRIAGE] and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        base[0] = 2000
        return LIMIT_KIRIAGE_MANGAN
    return LIMIT_NONE


cdef inline int64_t _hand_points(const HandC* h, int64_t base, int n_players) noexcept nogil:
    if not h.tsumo:
        return _ceil100(base * (6 if h.seat == 0 else 4))
    if h.seat == 0:
        return _ceil100(2 * base) * (n_players - 1)
    return _ceil100(2 * base) + _ceil100(base) * (n_players - 2)


cdef void _finish(const HandC* h, const RulesC* rc, uint64_t mask, int fu_raw,
                  OptC* res) noexcept nogil:
    """Availability, yakuman, han, dora, two-han minimum, limit, points of one option."""
    cdef const int32_t* p = rc.p
    cdef uint64_t ym, ordm
    cdef int y, han = 0, mult = 0, v
    cdef int64_t base
    mask &= h.avail
    if (mask & BIT(Y_PAARENCHAN)) and p[R_PAARENCHAN_NEEDS_YAKU] \
            and not (mask & ~BIT(Y_PAARENCHAN)):
        mask = 0
    res.fu_raw = fu_raw
    res.fu = fu_raw if fu_raw == 25 or fu_raw == 0 else (fu_raw + 9) // 10 * 10
    res.dora = 0
    res.ura = 0
    res.aka = 0
    res.kita = 0
    res.real_yakuman = 0
    ym = mask & rc.yakuman
    if ym:
        res.mask = ym
        while ym:
            y = rf_ctz64(ym)
            ym &= ym - 1
            v = p[R_YAKUMAN + y]
            if p[R_YAKUMAN_STACK]:
                mult += v
            elif v > mult:
                mult = v
        if mult > p[R_YAKUMAN_CAP]:
            mult = p[R_YAKUMAN_CAP]
        res.valid = 2
        res.han = 0
        res.yakuman = mult
        res.real_yakuman = 1
        res.limit = LIMIT_YAKUMAN
        res.base = 8000 * <int64_t>mult
        res.hand_points = _hand_points(h, res.base, p[R_N_PLAYERS])
        return
    res.mask = mask
    if not mask:
        res.valid = 0
        res.han = 0
        res.yakuman = 0
        res.limit = 0
        res.base = 0
        res.hand_points = 0
        return
    ordm = mask
    v = R_HAN_OPEN if h.open_hand else R_HAN_CLOSED
    while ordm:
        y = rf_ctz64(ordm)
        ordm &= ordm - 1
        han += p[v + y]
    if p[R_TWO_HAN_MIN] > 0 and h.honba >= p[R_TWO_HAN_MIN] and han < 2:
        res.valid = 1
        res.han = 0
        res.yakuman = 0
        res.limit = 0
        res.base = 0
        res.hand_points = 0
        return
    res.valid = 2
    res.dora = h.dora
    res.ura = h.ura
    res.aka = h.aka
    res.kita = h.kita
    han += h.dora + h.ura + h.aka + h.kita
    res.han = han
    res.limit = _base_to_limit(han, res.fu, p, &base, &res.yakuman)
    res.base = base
    res.hand_points = _hand_points(h, base, p[R_N_PLAYERS])


cdef inline bint _better(const OptC* a, const OptC* b) noexcept nogil:
    """a strictly better than b (SCORING.md 5.2): points, real yakuman, han, fu, raw fu."""
    if a.hand_points != b.hand_points:
        return a.hand_points > b.hand_points
    if a.real_yakuman != b.real_yakuman:
        return a.real_yakuman > b.real_yakuman
    if a.han != b.han:
        return a.han > b.han
    if a.fu != b.fu:
        return a.fu > b.fu
    return a.fu_raw > b.fu_raw      # as mahjong 2.1.0 (SCORING.md change of 16:25Z)


# ---------------------------------------------------------------------------
# the kernel


cdef int _validate(const count_t* closed, const uint8_t* mt, const uint8_t* mk,
                   int win_kind, const int32_t* ctx, HandC* h) noexcept nogil:
    """ST_BAD_INPUT checks of SCORING.md section 1; 0 when the input is well formed.

    Also fills h.full (closed + meld tiles), h.present, h.n_melds and h.open_hand.
    """
    cdef int i, k, t, n_melds = 0, total = 0, n
    rf_copy40(h.full, closed)
    total = rf_sum34(closed)
    h.open_hand = 0
    for i in range(4):
        t = mt[i]
        if t == MELD_NONE:
            break
        if t > MELD_SHOUMINKAN:
            return ST_BAD_INPUT
        k = mk[i]
        if k >= 34:
            return ST_BAD_INPUT
        if t == MELD_CHI:
            if k >= 27 or (k % 9) > 6:
                return ST_BAD_INPUT
            h.full[k] += 1
            h.full[k + 1] += 1
            h.full[k + 2] += 1
        elif t == MELD_PON:
            h.full[k] += 3
        else:
            h.full[k] += 4
        if t != MELD_ANKAN:
            h.open_hand = 1
        n_melds += 1
    for i in range(n_melds, 4):
        if mt[i] != MELD_NONE:
            return ST_BAD_INPUT
    if total != 14 - 3 * n_melds:
        return ST_BAD_INPUT
    # full >= closed, so this bounds both (a wrapped closed 255 fails the total first)
    if rf_any_above4(h.full):
        return ST_BAD_INPUT
    if win_kind < 0 or win_kind >= 34:
        return ST_BAD_INPUT
    if ctx[CTX_FLAGS] & ~F_ALL:
        return ST_BAD_INPUT
    if <unsigned>ctx[CTX_SEAT_WIND] > 3 or <unsigned>ctx[CTX_ROUND_WIND] > 3:
        return ST_BAD_INPUT
    n = ctx[CTX_N_DORA]
    if <unsigned>n > MAX_INDICATORS:
        return ST_BAD_INPUT
    for i in range(n):
        if <unsigned>ctx[CTX_DORA + i] >= 34:
            return ST_BAD_INPUT
    n = ctx[CTX_N_URA]
    if <unsigned>n > MAX_INDICATORS:
        return ST_BAD_INPUT
    for i in range(n):
        if <unsigned>ctx[CTX_URA + i] >= 34:
            return ST_BAD_INPUT
    if (ctx[CTX_N_RED] | ctx[CTX_N_KITA] | ctx[CTX_HONBA] | ctx[CTX_RIICHI_STICKS]) < 0:
        return ST_BAD_INPUT
    h.n_melds = n_melds
    h.present = rf_present40(h.full)
    return ST_OK


cdef int _situation(int flags, int open_hand, int n_melds, int dealer) noexcept nogil:
    """Flag consistency checks of SCORING.md 5.1 step 3 (the order of mahjong 2.1.0)."""
    cdef bint tsumo = flags & F_TSUMO
    cdef bint riichi = flags & (F_RIICHI | F_DOUBLE_RIICHI)
    if (flags & F_RIICHI) and not (flags & F_DOUBLE_RIICHI) and open_hand:
        return ST_OPEN_HAND_RIICHI
    if (flags & F_DOUBLE_RIICHI) and open_hand:
        return ST_OPEN_HAND_DOUBLE_RIICHI
    if (flags & F_IPPATSU) and not riichi:
        return ST_IPPATSU_WITHOUT_RIICHI
    if (flags & F_OPEN_RIICHI) and not riichi:
        return ST_OPEN_RIICHI_WITHOUT_RIICHI
    if (flags & F_CHANKAN) and tsumo:
        return ST_CHANKAN_WITH_TSUMO
    if (flags & F_RINSHAN) and not tsumo:
        return ST_RINSHAN_WITHOUT_TSUMO
    if (flags & F_HAITEI) and not tsumo:
        return ST_HAITEI_WITHOUT_TSUMO
    if (flags & F_HOUTEI) and tsumo:
        return ST_HOUTEI_WITH_TSUMO
    if (flags & F_HAITEI) and (flags & F_RINSHAN):
        return ST_HAITEI_WITH_RINSHAN
    if (flags & F_HOUTEI) and (flags & F_CHANKAN):
        return ST_HOUTEI_WITH_CHANKAN
    if flags & F_TENHOU:
        if not dealer:
            return ST_TENHOU_NOT_AS_DEALER
        if not tsumo:
            return ST_TENHOU_WITHOUT_TSUMO
        if n_melds:
            return ST_TENHOU_WITH_MELD
    if flags & F_CHIIHOU:
        if dealer:
            return ST_CHIIHOU_AS_DEALER
        if not tsumo:
            return ST_CHIIHOU_WITHOUT_TSUMO
        if n_melds:
            return ST_CHIIHOU_WITH_MELD
    if flags & F_RENHOU:
        if dealer:
            return ST_RENHOU_AS_DEALER
        if tsumo:
            return ST_RENHOU_WITH_TSUMO
        if n_melds:
            return ST_RENHOU_WITH_MELD
    return ST_OK


cdef inline int _copies(const HandC* h, const int32_t* ctx, int k) noexcept nogil:
    """Physical copies of kind k: the hand (closed + melds), its kita (North) and the indicators."""
    cdef int i, n = h.full[k]
    if k == 30:
        n += ctx[CTX_N_KITA]
    for i in range(ctx[CTX_N_DORA]):
        n += ctx[CTX_DORA + i] == k
    for i in range(ctx[CTX_N_URA]):
        n += ctx[CTX_URA + i] == k
    return n


cdef bint _too_many_copies(const HandC* h, const int32_t* ctx) noexcept nogil:
    """More than four copies of a kind, counting the kita and the dora / ura indicators (5.1 step 1)."""
    cdef int i, n
    if ctx[CTX_N_KITA] > 4 - h.full[30]:    # (no overflow on a huge count)
        return True
    # an upper bound first: the kind's hand copies, every indicator and the kita
    n = ctx[CTX_N_DORA] + ctx[CTX_N_URA] + ctx[CTX_N_KITA]
    if n <= 4 and not rf_any_above(h.full, 4 - n):
        return False                        # no kind of the hand has more than 4 - n copies
    for i in range(ctx[CTX_N_DORA]):
        if h.full[ctx[CTX_DORA + i]] + n > 4 and _copies(h, ctx, ctx[CTX_DORA + i]) > 4:
            return True
    for i in range(ctx[CTX_N_URA]):
        if h.full[ctx[CTX_URA + i]] + n > 4 and _copies(h, ctx, ctx[CTX_URA + i]) > 4:
            return True
    return False


cdef int _impossible(const HandC* h, const int32_t* ctx, int flags) noexcept nogil:
    """Situations no real table gives (SCORING.md 5.1, end of step 3, with R_REJECT_IMPOSSIBLE)."""
    cdef int i, t
    cdef bint kan = ctx[CTX_N_KITA] > 0
    if (flags & F_CHANKAN) and _copies(h, ctx, h.win) > 1:
        return ST_CHANKAN_WITH_COPY
    if flags & F_RINSHAN:
        for i in range(h.n_melds):
            t = h.meld_types[i]
            if t == MELD_DAIMINKAN or t == MELD_ANKAN or t == MELD_SHOUMINKAN:
                kan = True
        if not kan:
            return ST_RINSHAN_WITHOUT_KAN
    return ST_OK


cdef inline int _fail(int64_t* out, int st, bint full) noexcept nogil:
    """A hand that does not score: ``out`` all 0 but O_STATUS (only O_STATUS unless full)."""
    if full:
        rf_zero96(out)
    out[O_STATUS] = st
    return st


cdef int _score(const count_t* closed, const uint8_t* mt, const uint8_t* mk, int win_kind,
                const int32_t* ctx, const RulesC* rc, int64_t* out, bint full) noexcept nogil:
    """Score one hand into ``out``.  ``full``: the whole OUT_SIZE layout (zeros first);
    else (the column batch) only O_STATUS and, on ST_OK, the slots it reads: the
    score, O_FORM/O_WAIT and the payments (not the sets, pair or fu items)."""
    cdef const int32_t* p = rc.p
    cdef HandC h
    cdef Reading readings[MAX_READINGS]
    cdef WinOption opts[MAX_WIN_OPTIONS]
    cdef OptC opt_buf[2]
    cdef OptC* cur = &opt_buf[0]
    cdef OptC* best = &opt_buf[1]
    cdef OptC* swap
    cdef int i, k, n_read, n_opt, st, best_i = -1, any_two_han_fail = 0, n_players
    cdef int flags
    cdef uint64_t m
    cdef const Reading* r
    cdef const WinOption* o
    cdef int fu_raw, pinfu
    cdef const uint8_t* nxt

    st = _validate(closed, mt, mk, win_kind, ctx, &h)
    if st == ST_OK and p[R_REJECT_IMPOSSIBLE] and _too_many_copies(&h, ctx):
        st = ST_BAD_INPUT
    if st != ST_OK:
        return _fail(out, st, full)
    if closed[win_kind] == 0:
        return _fail(out, ST_WIN_TILE_NOT_IN_HAND, full)
    flags = ctx[CTX_FLAGS]
    h.closed = closed
    h.meld_types = mt
    h.flags = flags
    h.tsumo = (flags & F_TSUMO) != 0
    h.seat = ctx[CTX_SEAT_WIND]
    h.rnd = ctx[CTX_ROUND_WIND]
    h.win = win_kind
    h.honba = ctx[CTX_HONBA]
    if (flags & ~(F_TSUMO | F_RIICHI)) == 0:
        # the common situations (tsumo, riichi): only the first check of _situation applies
        st = ST_OPEN_HAND_RIICHI if (flags & F_RIICHI) and h.open_hand else ST_OK
    else:
        st = _situation(flags, h.open_hand, h.n_melds, h.seat == 0)
    if st == ST_OK and p[R_REJECT_IMPOSSIBLE]:
        st = _impossible(&h, ctx, flags)
    if st != ST_OK:
        return _fail(out, st, full)
    h.tenhou_any = (flags & F_TENHOU) != 0 and p[R_TENHOU_ANY_LAST_TILE] != 0

    n_read = c_decompose(closed, mt, mk, h.n_melds, readings)
    n_opt = c_win_options(readings, n_read, win_kind, opts) if n_read else 0
    if n_opt == 0:
        return _fail(out, ST_NOT_COMPLETE, full)

    # reading-independent parts
    h.avail = rc.avail_open if h.open_hand else rc.avail_closed
    h.comp = _composition(&h, p)
    m = 0
    h.renhou_mangan = 0
    if h.tsumo and not h.open_hand:
        m |= BIT(Y_MENZEN_TSUMO)
    if flags & F_RIICHI and not (flags & F_DOUBLE_RIICHI):
        m |= BIT(Y_RIICHI)
    if flags & ~(F_TSUMO | F_RIICHI):
        if flags & F_DOUBLE_RIICHI:
            m |= BIT(Y_DOUBLE_RIICHI)
        if flags & F_OPEN_RIICHI:
            m |= BIT(Y_OPEN_RIICHI)
        if flags & F_IPPATSU:
            m |= BIT(Y_IPPATSU)
        if flags & F_CHANKAN:
            m |= BIT(Y_CHANKAN)
        if flags & F_RINSHAN:
            m |= BIT(Y_RINSHAN)
        if flags & F_HAITEI:
            m |= BIT(Y_HAITEI)
        if flags & F_HOUTEI:
            m |= BIT(Y_HOUTEI)
        if flags & F_TENHOU:
            m |= BIT(Y_TENHOU)
        if flags & F_CHIIHOU:
            m |= BIT(Y_CHIIHOU)
        if flags & F_RENHOU:
            if p[R_RENHOU] == RENHOU_HAN or p[R_RENHOU] == RENHOU_YAKUMAN:
                m |= BIT(Y_RENHOU)
            elif p[R_RENHOU] == RENHOU_MANGAN:
                h.renhou_mangan = 1
        if flags & F_PAARENCHAN:
            m |= BIT(Y_PAARENCHAN)
    h.situ = m
    # dora counts
    n_players = p[R_N_PLAYERS]
    nxt = &_NEXT3[0] if n_players == 3 else &_NEXT4[0]
    h.kita = ctx[CTX_N_KITA]
    h.aka = ctx[CTX_N_RED]
    h.dora = 0
    h.ura = 0
    for i in range(ctx[CTX_N_DORA]):
        k = nxt[ctx[CTX_DORA + i]]
        h.dora += h.full[k] + (h.kita if k == 30 else 0)
    if flags & (F_RIICHI | F_DOUBLE_RIICHI):
        for i in range(ctx[CTX_N_URA]):
            k = nxt[ctx[CTX_URA + i]]
            h.ura += h.full[k] + (h.kita if k == 30 else 0)

    for i in range(n_opt):
        o = &opts[i]
        r = &readings[o.reading]
        if r.form == FORM_REGULAR:
            m = h.situ | h.comp | _yaku_regular(&h, r, o)
            pinfu = (m & h.avail & BIT(Y_PINFU)) != 0
            if (m & h.avail) == 0 and not h.renhou_mangan:
                continue            # no yaku: nothing to score, skip its fu
            fu_raw = _fu_fast(&h, r, o, p, pinfu)
        elif r.form == FORM_CHIITOITSU:
            pinfu = 0
            m = h.situ | h.comp | BIT(Y_CHIITOITSU)
            if h.comp & BIT(Y_TSUUIISOU):
                m |= BIT(Y_DAICHISEI)
            fu_raw = 25
        else:
            pinfu = 0
            m = h.situ | (BIT(Y_KOKUSHI_13) if closed[win_kind] == 2 or h.tenhou_any
                          else BIT(Y_KOKUSHI))
            fu_raw = 0
        _finish(&h, rc, m, fu_raw, cur)
        cur.pinfu = pinfu
        if h.renhou_mangan and (cur.valid != 2 or (not cur.real_yakuman and cur.base < 2000)):
            # renhou as mangan: max(mangan, the hand without renhou)
            cur.mask = BIT(Y_RENHOU)
            cur.valid = 2
            cur.han = 5
            cur.dora = 0
            cur.ura = 0
            cur.aka = 0
            cur.kita = 0
            cur.yakuman = 0
            cur.real_yakuman = 0
            cur.limit = LIMIT_MANGAN
            cur.base = 2000
            cur.hand_points = _hand_points(&h, 2000, n_players)
        if cur.valid != 2:
            if cur.valid == 1:
                any_two_han_fail = 1
            continue
        if best_i < 0 or _better(cur, best):
            swap = best             # the option is kept by swapping buffers, not copied
            best = cur
            cur = swap
            best_i = i
    if best_i < 0:
        st = ST_TWO_HAN_MINIMUM if any_two_han_fail else ST_NO_YAKU
        return _fail(out, st, full)

    # write the chosen option (full: every slot, the fu item tail and the rest zeroed)
    o = &opts[best_i]
    r = &readings[o.reading]
    if full:
        rf_zero_from43(out)
        out[O_N_SETS] = 0
        out[O_FU_N] = 0
    out[O_STATUS] = ST_OK
    out[O_HAN] = best.han
    out[O_FU] = best.fu
    out[O_FU_RAW] = best.fu_raw
    out[O_YAKU_MASK] = <int64_t>best.mask
    out[O_YAKUMAN] = best.yakuman
    out[O_DORA] = best.dora
    out[O_URA] = best.ura
    out[O_AKA] = best.aka
    out[O_KITA] = best.kita
    out[O_LIMIT] = best.limit
    out[O_BASE] = best.base
    out[O_FORM] = r.form
    out[O_WIN_SET] = o.win_set
    out[O_WAIT] = o.wait
    out[O_READING] = o.reading
    _pay(&h, p, best.base, ctx[CTX_RIICHI_STICKS], out)
    if not full:
        return ST_OK
    for i in range(4):
        out[O_SET_TYPE + i] = -1
        out[O_SET_KIND + i] = -1
        out[O_SET_MELD + i] = -1
        out[O_SET_CONCEALED + i] = 0
    if r.form == FORM_REGULAR:
        out[O_PAIR] = r.pair
        out[O_N_SETS] = 4
        for i in range(4):
            out[O_SET_TYPE + i] = r.set_type[i]
            out[O_SET_KIND + i] = r.set_kind[i]
            if r.set_meld[i] != 255:
                out[O_SET_MELD + i] = r.set_meld[i]
                out[O_SET_CONCEALED + i] = mt[r.set_meld[i]] == MELD_ANKAN
            else:
                out[O_SET_CONCEALED + i] = (h.tsumo or o.win_set != i
                                            or r.set_type[i] == SET_SEQUENCE)
        # fu items of the chosen option (the count goes to O_FU_N, just before the list)
        _fu_regular(&h, r, o, p, best.pinfu, out)
    elif r.form == FORM_CHIITOITSU:
        out[O_PAIR] = -1
        out[O_FU_N] = 1
        out[O_FU_LIST] = FU_CHIITOITSU
        out[O_FU_LIST + 1] = 25
    else:
        out[O_PAIR] = r.pair
    return ST_OK


cdef void _pay(const HandC* h, const int32_t* p, int64_t base, int sticks,
               int64_t* out) noexcept nogil:
    """The payment slots of SCORING.md 5.7 (every one written, 0 where it does not apply)."""
    cdef int n = p[R_N_PLAYERS]
    cdef int64_t hand
    out[O_STICKS] = 1000 * <int64_t>sticks
    if not h.tsumo:
        hand = _ceil100(base * (6 if h.seat == 0 else 4))
        out[O_PAY_RON] = hand
        out[O_PAY_TSUMO_DEALER] = 0
        out[O_PAY_TSUMO_OTHER] = 0
        out[O_HONBA_RON] = <int64_t>h.honba * p[R_HONBA_RON]
        out[O_HONBA_TSUMO] = 0
        out[O_HAND_POINTS] = hand
        out[O_TOTAL] = hand + out[O_HONBA_RON] + out[O_STICKS]
        return
    out[O_PAY_RON] = 0
    out[O_HONBA_RON] = 0
    out[O_HONBA_TSUMO] = <int64_t>h.honba * p[R_HONBA_TSUMO]
    if h.seat == 0:
        out[O_PAY_TSUMO_DEALER] = 0
        out[O_PAY_TSUMO_OTHER] = _ceil100(2 * base)
        hand = out[O_PAY_TSUMO_OTHER] * (n - 1)
    else:
        out[O_PAY_TSUMO_DEALER] = _ceil100(2 * base)
        out[O_PAY_TSUMO_OTHER] = _ceil100(base)
        hand = out[O_PAY_TSUMO_DEALER] + out[O_PAY_TSUMO_OTHER] * (n - 2)
    out[O_HAND_POINTS] = hand
    out[O_TOTAL] = hand + out[O_HONBA_TSUMO] * (n - 1) + out[O_STICKS]


cdef int c_score_hand(const count_t* closed, const uint8_t* meld_types,
                      const uint8_t* meld_kinds, int win_kind, const int32_t* ctx,
                      const int32_t* params, int64_t* out) noexcept nogil:
    cdef RulesC rc
    c_digest_rules(params, &rc)
    return _score(closed, meld_types, meld_kinds, win_kind, ctx, &rc, out, True)


cdef int c_score_hand_digested(const count_t* closed, const uint8_t* meld_types,
                               const uint8_t* meld_kinds, int win_kind, const int32_t* ctx,
                               const RulesC* rules, int64_t* out) noexcept nogil:
    return _score(closed, meld_types, meld_kinds, win_kind, ctx, rules, out, True)


cdef int c_score_hand_columns(const count_t* closed, const uint8_t* meld_types,
                              const uint8_t* meld_kinds, int win_kind, const int32_t* ctx,
                              const RulesC* rules, int64_t* out) noexcept nogil:
    return _score(closed, meld_types, meld_kinds, win_kind, ctx, rules, out, False)


# ---------------------------------------------------------------------------
# Python boundary


cdef bytes _fmt_char(const char* f):
    """The type letter of a buffer format ('<i' -> b'i'); NULL means unsigned bytes."""
    cdef Py_ssize_t n = 0
    if f == NULL:
        return b"B"
    while f[n] != 0:
        n += 1
    return f[n - 1:n] if n else b"B"


cdef int _get_buf(object obj, Py_buffer* view, Py_ssize_t n, Py_ssize_t itemsize,
                  bytes fmt, bint writable, str name) except -1:
    """Acquire a C-contiguous 1-d buffer of ``n`` items of ``itemsize`` (format in ``fmt``)."""
    cdef int flags = PyBUF_FORMAT | PyBUF_C_CONTIGUOUS
    cdef bytes f
    if writable:
        flags |= PyBUF_WRITABLE
    try:
        PyObject_GetBuffer(obj, view, flags)
    except (TypeError, ValueError, BufferError) as exc:
        raise ArrayError(f"{name}: expected a C-contiguous{' writable' if writable else ''} "
                         f"array, got {type(obj).__name__} ({exc})") from None
    f = _fmt_char(view.format)
    if view.itemsize != itemsize or f not in fmt or view.ndim > 1 or view.len != n * itemsize:
        PyBuffer_Release(view)
        raise ArrayError(f"{name}: expected {n} items of {itemsize} byte(s) "
                         f"({fmt.decode()!r}), got format {f.decode()!r}, "
                         f"{view.len // max(view.itemsize, 1)} items")
    return 0


cdef Py_ssize_t _small_u8(object obj, uint8_t* dst, Py_ssize_t cap, str name) except -1:
    """Copy a uint8 array of at most ``cap`` items (bytes, bytearray, numpy, list of ints)
    into dst; return its length."""
    cdef Py_buffer view
    cdef const uint8_t* src
    cdef Py_ssize_t i, n
    if type(obj) is bytes:
        n = PyBytes_GET_SIZE(obj)
        if n > cap:
            raise ArrayError(f"{name}: at most {cap} items, got {n}")
        src = <const uint8_t*>PyBytes_AS_STRING(obj)
        for i in range(n):
            dst[i] = src[i]
        return n
    if cnp.PyArray_CheckExact(obj) and cnp.PyArray_TYPE(<cnp.ndarray>obj) == cnp.NPY_UINT8 \
            and cnp.PyArray_NDIM(<cnp.ndarray>obj) == 1 \
            and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>obj):
        n = cnp.PyArray_DIM(<cnp.ndarray>obj, 0)
        if n > cap:
            raise ArrayError(f"{name}: at most {cap} items, got {n}")
        src = <const uint8_t*>cnp.PyArray_DATA(<cnp.ndarray>obj)
        for i in range(n):
            dst[i] = src[i]
        return n
    if isinstance(obj, (list, tuple)):
        n = len(obj)
        if n > cap:
            raise ArrayError(f"{name}: at most {cap} items, got {n}")
        for i in range(n):
            v = obj[i]
            if not (hasattr(v, "__index__") and 0 <= v <= 255):
                raise ArrayError(f"{name}[{i}] = {v!r} is not a uint8")
            dst[i] = v
        return n
    try:
        PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    except (TypeError, ValueError, BufferError) as exc:
        raise ArrayError(f"{name}: expected bytes or a C-contiguous uint8 array, got "
                         f"{type(obj).__name__} ({exc})") from None
    try:
        if view.itemsize != 1 or _fmt_char(view.format) != b"B" or view.ndim > 1:
            raise ArrayError(f"{name}: expected a 1-d uint8 array, got format "
                             f"{_fmt_char(view.format).decode()!r}, {view.ndim} dimension(s)")
        n = view.len
        if n > cap:
            raise ArrayError(f"{name}: at most {cap} items, got {n}")
        src = <const uint8_t*>view.buf
        for i in range(n):
            dst[i] = src[i]
    finally:
        PyBuffer_Release(&view)
    return n


cdef inline void* _np_data(object obj, int typenum, Py_ssize_t n, bint writable) noexcept:
    """Data pointer of an exact 1-d C-contiguous numpy array of ``n`` items of ``typenum``
    (writable if asked), else NULL (the caller falls back to the buffer protocol)."""
    cdef cnp.ndarray a
    if not cnp.PyArray_CheckExact(obj):
        return NULL
    a = <cnp.ndarray>obj
    if cnp.PyArray_TYPE(a) != typenum or cnp.PyArray_NDIM(a) != 1 or cnp.PyArray_DIM(a, 0) != n \
            or not cnp.PyArray_IS_C_CONTIGUOUS(a) or (writable and not cnp.PyArray_ISWRITEABLE(a)):
        return NULL
    return cnp.PyArray_DATA(a)


def score_kernel(closed34, meld_types, meld_kinds, win_kind, ctx, params, out):
    """Score one winning hand into ``out`` (int64[96]); return the status code.

    The flat contract of docs/SCORING.md: ``closed34`` (34 uint8, win tile
    included), ``meld_types`` / ``meld_kinds`` (4 uint8 each), ``win_kind``
    (0..33), ``ctx`` (int32[24]), ``params`` (int32[224], ``Rules.params()``),
    ``out`` (writable int64[96]).  Bad arrays raise :class:`ArrayError`;
    malformed values give ``ST_BAD_INPUT``.

    >>> import numpy as np
    >>> from riichi_fast.rules import layout as L
    >>> from riichi_fast.rules.config import Rules
    >>> from riichi_fast.tiles import as_counts
    >>> ctx = np.zeros(L.CTX_SIZE, np.int32); ctx[L.CTX_SEAT_WIND] = 1
    >>> out = np.zeros(L.OUT_SIZE, np.int64)
    >>> hand = bytes(as_counts("22456m456p456s345s"))  # ron on 3s: pinfu tanyao sanshoku
    >>> score_kernel(hand, bytes(4), bytes(4), 20, ctx, Rules().params(), out)
    0
    >>> int(out[L.O_HAN]), int(out[L.O_FU]), int(out[L.O_PAY_RON])
    (4, 30, 7700)
    """
    cdef count_t c[34]
    cdef uint8_t mt[16]
    cdef uint8_t mk[16]
    cdef Py_buffer vctx, vpar, vout
    cdef Py_ssize_t nt, nk, i, n_lead = 0
    cdef int wk = -1, st
    cdef long v
    cdef void* pctx
    cdef void* ppar
    cdef void* pout
    if _small_u8(closed34, c, 34, "closed34") != 34:
        raise ArrayError("closed34: expected 34 counts")
    nt = _small_u8(meld_types, mt, 16, "meld_types")
    nk = _small_u8(meld_kinds, mk, 16, "meld_kinds")
    for i in range(nt, 4):
        mt[i] = 0
    for i in range(nk, 4):
        mk[i] = 0
    while n_lead < 4 and mt[n_lead] != 0:
        n_lead += 1
    for i in range(4, nt):
        if mt[i] != 0:
            mt[0] = 255             # a meld past the fourth slot: ST_BAD_INPUT
    if nk < n_lead:
        mt[0] = 255                 # a meld without its kind: ST_BAD_INPUT
    if type(win_kind) is int or hasattr(win_kind, "__index__"):
        try:
            v = win_kind
        except OverflowError:
            v = -1
        if 0 <= v < 34:
            wk = v                  # anything else stays -1: ST_BAD_INPUT
    # fast path: exact numpy arrays of the right dtype and shape (no buffer protocol)
    pctx = _np_data(ctx, cnp.NPY_INT32, CTX_SIZE, False)
    ppar = _np_data(params, cnp.NPY_INT32, R_SIZE, False)
    pout = _np_data(out, cnp.NPY_INT64, OUT_SIZE, True)
    if pctx != NULL and ppar != NULL and pout != NULL:
        return c_score_hand(c, mt, mk, wk, <const int32_t*>pctx, <const int32_t*>ppar,
                            <int64_t*>pout)
    _get_buf(ctx, &vctx, CTX_SIZE, 4, b"i", False, "ctx")
    try:
        _get_buf(params, &vpar, R_SIZE, 4, b"i", False, "params")
        try:
            _get_buf(out, &vout, OUT_SIZE, 8, b"lq", True, "out")
            st = c_score_hand(c, mt, mk, wk, <const int32_t*>vctx.buf,
                              <const int32_t*>vpar.buf, <int64_t*>vout.buf)
            PyBuffer_Release(&vout)
        finally:
            PyBuffer_Release(&vpar)
    finally:
        PyBuffer_Release(&vctx)
    return st


def _as_array(obj, dtype, shape, str name):
    """A C-contiguous numpy view of ``obj`` (read-only accepted) or ArrayError."""
    if not isinstance(obj, np.ndarray):
        raise ArrayError(f"{name}: expected a numpy array, got {type(obj).__name__}")
    if obj.dtype != dtype:
        raise ArrayError(f"{name}: expected dtype {np.dtype(dtype).name}, got {obj.dtype}")
    if obj.ndim != len(shape) or any(s is not None and s != t for s, t in zip(shape, obj.shape)):
        raise ArrayError(f"{name}: expected shape {tuple('N' if s is None else s for s in shape)}, "
                         f"got {obj.shape}")
    if not obj.flags.c_contiguous:
        raise ArrayError(f"{name}: array must be C-contiguous (use np.ascontiguousarray)")
    return obj


cdef class _BatchJob:
    cdef const uint8_t[:, ::1] closed
    cdef const uint16_t[:, ::1] melds
    cdef const uint8_t[::1] win
    cdef const int32_t[:, ::1] ctx
    cdef int64_t[:, ::1] out
    cdef RulesC rc
    cdef object params_ref

    def __call__(self, Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef uint8_t mt[4]
        cdef uint8_t mk[4]
        with nogil:
            for i in range(start, stop):
                c_decode_melds(&self.melds[i, 0], mt, mk)
                _score(&self.closed[i, 0], mt, mk, self.win[i], &self.ctx[i, 0],
                       &self.rc, &self.out[i, 0], True)


def score_batch(closed, melds, win_kind, ctx, params, *, n_threads=1, out=None):
    """Score N hands: the row-wise :func:`score_kernel` on flat arrays.

    ``closed`` (N, 34) uint8, ``melds`` (N, 4) uint16 ``(type << 8) | kind``
    codes (0 = none), ``win_kind`` (N,) uint8, ``ctx`` (N, 24) int32,
    ``params`` (224,) int32.  Returns ``out`` (N, 96) int64 (allocated when
    None).  Read-only inputs are accepted; a malformed row gets
    ``ST_BAD_INPUT`` in its ``O_STATUS`` and the other rows are scored.  The
    GIL is released; ``n_threads`` splits the rows over threads.

    >>> import numpy as np
    >>> from riichi_fast.rules import layout as L
    >>> from riichi_fast.rules.config import Rules
    >>> from riichi_fast.tiles import as_counts
    >>> closed = np.array([as_counts("22456m456p456s345s"), as_counts("1m")], np.uint8)
    >>> ctx = np.zeros((2, L.CTX_SIZE), np.int32)
    >>> res = score_batch(closed, np.zeros((2, 4), np.uint16), np.array([20, 0], np.uint8),
    ...                   ctx, Rules().params())
    >>> res[:, L.O_STATUS].tolist(), int(res[0, L.O_PAY_RON])
    ([0, 24], 11600)
    """
    cdef _BatchJob job
    cdef Py_ssize_t n
    n_threads = check_n_threads(n_threads)
    closed = _as_array(closed, np.uint8, (None, 34), "closed")
    n = closed.shape[0]
    melds = _as_array(melds, np.uint16, (n, 4), "melds")
    win_kind = _as_array(win_kind, np.uint8, (n,), "win_kind")
    ctx = _as_array(ctx, np.int32, (n, CTX_SIZE), "ctx")
    params = _as_array(params, np.int32, (R_SIZE,), "params")
    if out is None:
        out = np.empty((n, OUT_SIZE), np.int64)
    else:
        out = _as_array(out, np.int64, (n, OUT_SIZE), "out")
        if not out.flags.writeable:
            raise ArrayError("out: array is read-only")
    if n == 0:
        return out
    job = _BatchJob()
    job.closed = closed
    job.melds = melds
    job.win = win_kind
    job.ctx = ctx
    job.out = out
    job.params_ref = params
    cdef const int32_t[::1] pv = params
    c_digest_rules(&pv[0], &job.rc)
    run_chunks(job, n, n_threads)
    return out
