# Decomposition of a complete hand into readings (compiled twin of
# riichi_fast/reference/decompose.py).
#
# c_decompose lists every distinct reading of closed counts + melds: kokushi,
# chiitoitsu (seven distinct pairs, no melds) and every (pair, sets) split.
# The four groups (man, pin, sou, honors) split independently: exactly one
# group holds 3k+2 tiles and the pair, the others must split into sets on
# their own, so a reading is (pair, a split of the pair group, one split of
# each other group).  A suit is first tested in O(9) by the mod-3 rule (the
# c[i] mod 3 tiles of kind i not in triplets start sequences); only then are
# its splits enumerated by an iterative DFS over its 9 kinds, whose only
# choice is "one triplet here or none" (a suit with no kind of 3+ tiles has
# no choice: one register scan gives its split; rf_triplet_kinds9 tells the
# cases apart in one word test).  The pair of a suit sits on a kind p
# with 2p = sum(i * c[i]) mod 3, so at most 3 pair positions are tried.
# Every leaf is a distinct multiset, so no deduplication is needed; the
# readings are then sorted (insertion sort, few) into the canonical order of
# docs/INTERNALS.md.
#
# Bounds: MAX_READINGS = 32 and MAX_WIN_OPTIONS = 160 are upper bounds; the
# exhaustive one-suit enumeration of tests/analysis/test_decompose.py shows a hand has
# at most 4 regular readings + 1 chiitoitsu (test_max_readings_bound).

from libc.stdint cimport uint8_t, uint16_t
from libc.string cimport memcpy

import operator

import numpy as np

from riichi_fast.analysis._suits cimport suit_sets
from riichi_fast._types cimport (
    count_t, Reading, WinOption, MAX_READINGS, MAX_WIN_OPTIONS,
    MELD_CHI, MELD_PON, MELD_ANKAN, MELD_SHOUMINKAN,
    SET_SEQUENCE, SET_TRIPLET, SET_QUAD,
    FORM_REGULAR, FORM_CHIITOITSU, FORM_KOKUSHI,
    WAIT_RYANMEN, WAIT_KANCHAN, WAIT_PENCHAN, WAIT_SHANPON, WAIT_TANKI,
)

from riichi_fast.enums import Form, SetType, WaitShape
from riichi_fast.errors import ArrayError, MeldError, TileCountError, TileParseError
from riichi_fast.analysis.readings import HandSet, Reading as PyReading, WinReading

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    /* Kinds held twice when each of the 34 counts is 0 or 2, else -1 (the
       chiitoitsu shape test without a branch per kind). */
    static inline int rf_pairs_only(const uint8_t* c) {
        uint64_t x, acc = 0, twos = 0;
        int w, n = 0;
        for (w = 0; w < 4; w++) {
            memcpy(&x, c + 8 * w, 8);
            acc |= x;
            twos += (x >> 1) & 0x0101010101010101ULL;   /* bytes 0..8: no carry */
        }
        acc |= (uint64_t)c[32] | ((uint64_t)c[33] << 8);
        if (acc & 0xfdfdfdfdfdfdfdfdULL)
            return -1;
        for (w = 0; w < 8; w++)
            n += (int)((twos >> (8 * w)) & 0xff);
        return n + (c[32] >> 1) + (c[33] >> 1);
    }

    /* Of the 9 counts of a suit, the kinds with 3 or more tiles: -1 none, the
       kind when exactly one, 9 for two or more (one word test, no branch per kind;
       (b & 0x7f) + 0x7d cannot carry out of its byte). */
    static inline int rf_triplet_kinds9(const uint8_t* c) {
        uint64_t x, m;
        int t;
        memcpy(&x, c, 8);
        m = (((x & 0x7f7f7f7f7f7f7f7fULL) + 0x7d7d7d7d7d7d7d7dULL) | x) & 0x8080808080808080ULL;
        if (!m)
            return c[8] >= 3 ? 8 : -1;
        t = __builtin_ctzll(m) >> 3;
        return ((m & (m - 1)) || c[8] >= 3) ? 9 : t;
    }

    /* The sums of a word's 8 bytes, exact for any bytes (16-bit lanes: at most 4 * 510). */
    static inline int rf_sum8(uint64_t x) {
        x = (x & 0x00ff00ff00ff00ffULL) + ((x >> 8) & 0x00ff00ff00ff00ffULL);
        return (int)((x * 0x0001000100010001ULL) >> 48);
    }

    /* The tile totals of the four groups (man, pin, sou, honors) of 34 counts, in word loads. */
    static inline void rf_group_totals(const uint8_t* c, int* gt) {
        uint64_t x;
        memcpy(&x, c, 8);
        gt[0] = rf_sum8(x) + c[8];
        memcpy(&x, c + 9, 8);
        gt[1] = rf_sum8(x) + c[17];
        memcpy(&x, c + 18, 8);
        gt[2] = rf_sum8(x) + c[26];
        memcpy(&x, c + 26, 8);
        gt[3] = rf_sum8(x & ~(uint64_t)0xff);      /* kinds 27..33 (byte 26 masked off) */
    }

    /* The base-3 number of 9 counts 0..2 (c[0] the lowest digit), in word operations: pairs, then
       quads, then the two halves of the word, then c[8]. */
    static inline int rf_base3_key9(const uint8_t* c) {
        uint64_t x;
        memcpy(&x, c, 8);
        x = (x & 0x00ff00ff00ff00ffULL) + 3 * ((x >> 8) & 0x00ff00ff00ff00ffULL);
        x = (x & 0x0000ffff0000ffffULL) + 9 * ((x >> 16) & 0x0000ffff0000ffffULL);
        x = (x & 0xffffffffULL) + 81 * (x >> 32);
        return (int)x + 6561 * c[8];
    }
    """
    int rf_pairs_only(const uint8_t* c) noexcept nogil
    int rf_base3_key9(const uint8_t* c) noexcept nogil
    void rf_group_totals(const uint8_t* c, int* gt) noexcept nogil
    int rf_triplet_kinds9(const uint8_t* c) noexcept nogil


cdef tuple KIND_NAMES = tuple([f"{n}{s}" for s in "mps" for n in range(1, 10)]
                              + [f"{n}z" for n in range(1, 8)])
cdef uint8_t[15] _MOD3 = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
cdef int[13] YAOCHUU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

# ---------------------------------------------------------------------------
# kernels


cdef inline bint _can_start(int i) noexcept nogil:
    """A sequence can start at kind i (1-7 of a suit)."""
    return i < 27 and i % 9 <= 6


cdef inline uint8_t _meld_set_type(uint8_t mtype) noexcept nogil:
    if mtype == MELD_CHI:
        return SET_SEQUENCE
    if mtype == MELD_PON:
        return SET_TRIPLET
    return SET_QUAD


cdef inline int _cmp_reading(const Reading* a, const Reading* b) noexcept nogil:
    cdef int i, pa, pb
    if a.form != b.form:
        return <int>a.form - <int>b.form
    pa = -1 if a.form == FORM_CHIITOITSU else a.pair
    pb = -1 if b.form == FORM_CHIITOITSU else b.pair
    if pa != pb:
        return pa - pb
    for i in range(a.n_sets if a.n_sets < b.n_sets else b.n_sets):
        if a.set_type[i] != b.set_type[i]:
            return <int>a.set_type[i] - <int>b.set_type[i]
        if a.set_kind[i] != b.set_kind[i]:
            return <int>a.set_kind[i] - <int>b.set_kind[i]
    if a.form == FORM_CHIITOITSU:
        for i in range(7):
            if a.pairs[i] != b.pairs[i]:
                return <int>a.pairs[i] - <int>b.pairs[i]
    return 0


ctypedef struct Split:
    uint8_t n                 # number of sets
    uint8_t type[4]           # SET_*
    uint8_t kind[4]           # absolute kind


cdef inline bint _scan_split(const count_t* c, int base, Split* o) noexcept nogil:
    """The only split of a suit where no kind holds 3 tiles, into ``o``; False if none.

    The mod-3 scan of suit_sets in registers: scanning from 1 to 9, the r
    tiles of kind i left after the sequences started at i-1 and i-2 all start
    sequences (the split the search of _suit_splits would find, same order).
    """
    cdef int i, q, a = c[0], b = c[1], x, m = 0
    for i in range(7):
        x = c[i + 2]
        if a:
            if b < a or x < a:
                return False
            b -= a
            x -= a
            for q in range(a):
                if m < 4:
                    o.type[m] = SET_SEQUENCE
                    o.kind[m] = <uint8_t>(base + i)
                m += 1
        a = b
        b = x
    if a or b:
        return False
    o.n = <uint8_t>(m if m <= 4 else 4)
    return True


# _scan_split of every suit whose 9 counts are 0..2 (the only ones it is called on), by the base-3 number
# of the counts (rf_base3_key9): 0xffff when it finds no split, else the set count at bits 12..14 and the
# sequence starts (kinds 0..6 of the suit) in 3-bit fields from bit 0.  Built at import from _scan_split
# itself (so the lookup answers as it does); 38 KiB.
cdef enum:
    _N_KEYS9 = 19683                # 3 ** 9
    _NO_SPLIT = 0xffff
cdef uint16_t _SCAN9[_N_KEYS9]


cdef void _build_scan9() noexcept nogil:
    cdef count_t c[9]
    cdef Split o
    cdef int key, i, v, q
    cdef uint16_t e
    for key in range(_N_KEYS9):
        v = key
        for i in range(9):
            c[i] = <count_t>(v % 3)
            v //= 3
        e = _NO_SPLIT
        if _scan_split(c, 0, &o):
            e = <uint16_t>(o.n << 12)
            for q in range(o.n):
                e |= <uint16_t>(o.kind[q] << (3 * q))
        _SCAN9[key] = e


_build_scan9()


cdef inline bint _scan_lookup(const count_t* c, int base, Split* o) noexcept nogil:
    """_scan_split(c, base, o) for counts 0..2, by the table _SCAN9."""
    cdef unsigned e = _SCAN9[rf_base3_key9(c)]
    cdef int q, n
    if e == _NO_SPLIT:
        return False
    n = e >> 12
    for q in range(n):
        o.type[q] = SET_SEQUENCE
        o.kind[q] = <uint8_t>(base + ((e >> (3 * q)) & 7))
    o.n = <uint8_t>n
    return True


cdef inline int _scan_run(const count_t* c, int base, int i, int stop, int* pa, int* pb,
                          int tri_at, Split* o, int m) noexcept nogil:
    """Kinds i..stop-1 of the scan of _scan_split, from the carried state (*pa tiles
    left at kind i, *pb at i+1), with a triplet at kind ``tri_at`` (-1: none).

    Sets go to o from index m on (at most 4 written); returns the new set count,
    or -1 when the kinds do not split so.
    """
    cdef int q, a = pa[0], b = pb[0], x
    while i < stop:
        x = c[i + 2] if i < 7 else 0
        if i == tri_at:
            if a < 3:
                return -1
            a -= 3
        if a:
            if i > 6 or b < a or x < a:
                return -1
            b -= a
            x -= a
            for q in range(a):
                if m < 4:
                    o.type[m] = SET_SEQUENCE
                    o.kind[m] = <uint8_t>(base + i)
                m += 1
        if i == tri_at:
            if m < 4:
                o.type[m] = SET_TRIPLET
                o.kind[m] = <uint8_t>(base + i)
            m += 1
        a = b
        b = x
        i += 1
    pa[0] = a
    pb[0] = b
    return m


cdef inline int _one_choice_splits(const count_t* c, int base, int t, Split* out) noexcept nogil:
    """_suit_splits when only kind t holds 3+ tiles: the shared scan up to t, then
    a triplet at t (first, as the search orders it) or none."""
    cdef int a = c[0], b = c[1], a1, b1, m0, m1, n = 0
    m0 = _scan_run(c, base, 0, t, &a, &b, -1, &out[0], 0)
    if m0 < 0:
        return 0
    a1 = a
    b1 = b
    m1 = _scan_run(c, base, t, 9, &a1, &b1, t, &out[0], m0)
    if m1 >= 0:
        out[0].n = <uint8_t>(m1 if m1 <= 4 else 4)
        n = 1
        out[1] = out[0]         # the shared sets (indices below m0)
    a1 = a
    b1 = b
    m1 = _scan_run(c, base, t, 9, &a1, &b1, -1, &out[n], m0)
    if m1 >= 0:
        out[n].n = <uint8_t>(m1 if m1 <= 4 else 4)
        n += 1
    return n


ctypedef int (*_search_t)(const count_t* c, int base, Split* out) noexcept nogil
cdef _search_t _search_fn           # _suit_search (set below)


cdef int _suit_splits(const count_t* c, int base, Split* out) noexcept nogil:
    """Every split of one suit c[0..9) into sets, written to out[0..4); returns the count.

    Without a kind of 3 or more tiles there is no choice: one register scan
    (_scan_split); with one such kind, two scans sharing their prefix
    (_one_choice_splits).  Otherwise an iterative DFS: at kind i, with r tiles left
    after the sequences started at i-1 and i-2, take one triplet or none
    (r <= 5), the rest start sequences.  Each leaf is a distinct multiset, in
    (kind, type) order.  At most 3 splits exist for 4 sets
    (tests/analysis/test_decompose.py::test_max_readings_bound).
    """
    cdef int t = rf_triplet_kinds9(c)     # -1, the one kind, or 9 (two or more: the search)
    if t < 0:
        # no kind can hold a triplet (every count 0..2): the mod-3 scan of suit_sets is the only
        # split, looked up
        return 1 if _scan_lookup(c, base, &out[0]) else 0
    if t < 9:
        return _one_choice_splits(c, base, t, out)
    if not suit_sets(c):
        return 0
    return _search_fn(c, base, out)


cdef int _suit_search(const count_t* c, int base, Split* out) noexcept nogil:
    """The search of _suit_splits (two or more kinds of 3+ tiles), called through _search_fn: kept out
    of line, the common cases of _suit_splits save its registers."""
    cdef int rem[9]
    cdef uint8_t tri[9]
    cdef int seq[11]
    cdef int i, j, r, m, _q, n = 0
    i = 0
    seq[0] = 0
    seq[1] = 0
    while True:
        while i < 9:
            r = c[i] - seq[i + 1] - seq[i]
            if r < 0:
                break
            rem[i] = r
            if r >= 3:
                tri[i] = 1
                r -= 3
            else:
                tri[i] = 0
            if r > 0 and i > 6:
                break
            seq[i + 2] = r
            i += 1
        if i == 9:
            if n < 4:
                m = 0
                for j in range(9):
                    for _q in range(seq[j + 2]):
                        if m < 4:
                            out[n].type[m] = SET_SEQUENCE
                            out[n].kind[m] = <uint8_t>(base + j)
                        m += 1
                    if tri[j]:
                        if m < 4:
                            out[n].type[m] = SET_TRIPLET
                            out[n].kind[m] = <uint8_t>(base + j)
                        m += 1
                out[n].n = <uint8_t>(m if m <= 4 else 4)
                n += 1
        # backtrack to the latest triplet and try sequences there instead
        j = i - 1
        while True:
            while j >= 0 and tri[j] == 0:
                j -= 1
            if j < 0:
                return n
            tri[j] = 0
            if j <= 6:
                seq[j + 2] = rem[j]
                i = j + 1
                break
            j -= 1


_search_fn = _suit_search


cdef inline int _honor_split(const count_t* c, Split* out) noexcept nogil:
    """Honors c[0..7) as triplets only: 1 split or 0."""
    cdef int i, m = 0
    for i in range(7):
        if c[i] == 3:
            if m < 4:
                out[0].type[m] = SET_TRIPLET
                out[0].kind[m] = <uint8_t>(27 + i)
            m += 1
        elif c[i] != 0:
            return 0
    out[0].n = <uint8_t>(m if m <= 4 else 4)
    return 1


cdef inline int _group_splits(const count_t* c, int g, Split* out) noexcept nogil:
    if g == 3:
        return _honor_split(c + 27, out)
    return _suit_splits(c + 9 * g, 9 * g, out)


cdef inline void _clear_reading(Reading* rd) noexcept nogil:
    cdef int i
    for i in range(4):
        rd.set_type[i] = 0
        rd.set_kind[i] = 0
        rd.set_meld[i] = 255
    for i in range(7):
        rd.pairs[i] = 0


cdef int c_decompose(const count_t* closed, const uint8_t* meld_type,
                     const uint8_t* meld_kind, int n_melds,
                     Reading* out) noexcept nogil:
    cdef count_t c[34]
    cdef int i, j, g, p, q, total = 0, n = 0, pg, n_two = 0, yao = 0, yao_kinds = 0
    cdef int a0, a1, a2, a3, m, lo, hi, w, step
    cdef int gt[4]
    cdef int ns[4]
    cdef Split sp[4][4]
    cdef Split* parts[4]
    cdef Reading tmp
    cdef Reading* rd
    if n_melds < 0 or n_melds > 4:
        return 0
    memcpy(c, closed, 34)
    # group totals in word loads, read from ``closed``: wide loads of the fresh copy would miss
    # store forwarding
    rf_group_totals(closed, gt)
    total = gt[0] + gt[1] + gt[2] + gt[3]
    if total != 14 - 3 * n_melds:
        return 0
    if n_melds == 0:
        n_two = rf_pairs_only(closed)
        # kokushi: the 13 terminals and honors, one of them twice (excludes other forms)
        if closed[0] and closed[8] and closed[33]:
            for i in range(13):
                if c[YAOCHUU[i]]:
                    yao_kinds += 1
                    yao += c[YAOCHUU[i]]
        if yao_kinds == 13 and yao == 14:
            _clear_reading(&out[0])
            out[0].form = FORM_KOKUSHI
            out[0].n_sets = 0
            for i in range(13):
                if c[YAOCHUU[i]] == 2:
                    out[0].pair = <uint8_t>YAOCHUU[i]
            return 1
    # regular: exactly one group (m, p, s, honors) holds 3k+2 tiles and has the pair;
    # the others split into sets on their own
    pg = -1
    for g in range(4):
        m = _MOD3[gt[g]]      # each total at most 14 here
        if m == 2:
            pg = g if pg == -1 else 9
        elif m == 1:
            pg = 9
    if 0 <= pg < 4:
        ns[pg] = 0
        for g in range(4):
            if g == pg:
                continue
            if gt[g] == 0:
                ns[g] = 1
                sp[g][0].n = 0
            else:
                ns[g] = _group_splits(c, g, sp[g])
                if ns[g] == 0:
                    pg = 9        # a group without the pair does not split
                    break
    if 0 <= pg < 4:
        lo = 9 * pg
        hi = lo + 9 if pg < 3 else 34
        step = 1
        if pg < 3:
            # every set of a suit sums to 0 mod 3 over (kind - lo), so the pair
            # position p satisfies 2p = sum((i - lo) * c[i]) mod 3, where (i - lo) counts mod 3
            w = (c[lo + 1] + c[lo + 4] + c[lo + 7]) + 2 * (c[lo + 2] + c[lo + 5] + c[lo + 8])
            lo += (2 * w) % 3
            step = 3
        p = lo - step
        while p + step < hi:
            p += step
            if c[p] < 2:
                continue
            c[p] -= 2
            ns[pg] = _group_splits(c, pg, sp[pg])
            c[p] += 2
            for a0 in range(ns[0]):
                for a1 in range(ns[1]):
                    for a2 in range(ns[2]):
                        for a3 in range(ns[3]):
                            if n >= MAX_READINGS:
                                continue
                            rd = &out[n]
                            _clear_reading(rd)
                            rd.form = FORM_REGULAR
                            rd.pair = <uint8_t>p
                            parts[0] = &sp[0][a0]
                            parts[1] = &sp[1][a1]
                            parts[2] = &sp[2][a2]
                            parts[3] = &sp[3][a3]
                            m = 0
                            for g in range(4):
                                for q in range(parts[g].n):
                                    if m < 4:
                                        rd.set_type[m] = parts[g].type[q]
                                        rd.set_kind[m] = parts[g].kind[q]
                                    m += 1
                            if m + n_melds != 4:
                                continue      # a mis-sized hand (only with counts above 4)
                            for q in range(n_melds):
                                rd.set_type[m + q] = _meld_set_type(meld_type[q])
                                rd.set_kind[m + q] = meld_kind[q]
                                rd.set_meld[m + q] = <uint8_t>q
                            rd.n_sets = 4
                            n += 1
    if n_melds == 0 and n_two == 7 and n < MAX_READINGS:
        rd = &out[n]
        _clear_reading(rd)
        rd.form = FORM_CHIITOITSU
        rd.pair = 255
        rd.n_sets = 0
        j = 0
        for i in range(34):
            if c[i] == 2:
                rd.pairs[j] = <uint8_t>i
                j += 1
        n += 1
    # insertion sort into canonical order
    for i in range(1, n):
        tmp = out[i]
        j = i - 1
        while j >= 0 and _cmp_reading(&out[j], &tmp) > 0:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = tmp
    return n


cdef int c_win_options(const Reading* readings, int n, int win_kind,
                       WinOption* out) noexcept nogil:
    cdef int r, s, m = 0, k, t
    cdef uint8_t wait
    cdef const Reading* rd
    for r in range(n):
        rd = &readings[r]
        if rd.form == FORM_KOKUSHI:
            out[m].reading = <uint8_t>r
            out[m].win_set = 4
            out[m].wait = WAIT_TANKI
            m += 1
            continue
        if rd.form == FORM_CHIITOITSU:
            for s in range(7):
                if rd.pairs[s] == win_kind:
                    out[m].reading = <uint8_t>r
                    out[m].win_set = 4
                    out[m].wait = WAIT_TANKI
                    m += 1
                    break
            continue
        for s in range(rd.n_sets):
            if rd.set_meld[s] != 255:
                break           # melded sets come last
            k = rd.set_kind[s]
            t = rd.set_type[s]
            if s > 0 and rd.set_kind[s - 1] == k and rd.set_type[s - 1] == t:
                continue        # identical to the previous set: same option
            if t == SET_TRIPLET:
                if k != win_kind:
                    continue
                wait = WAIT_SHANPON
            elif win_kind == k + 1:
                wait = WAIT_KANCHAN
            elif win_kind == k:
                wait = WAIT_PENCHAN if k % 9 == 6 else WAIT_RYANMEN
            elif win_kind == k + 2:
                wait = WAIT_PENCHAN if k % 9 == 0 else WAIT_RYANMEN
            else:
                continue
            out[m].reading = <uint8_t>r
            out[m].win_set = <uint8_t>s
            out[m].wait = wait
            m += 1
        if rd.pair == win_kind:
            out[m].reading = <uint8_t>r
            out[m].win_set = 4
            out[m].wait = WAIT_TANKI
            m += 1
    return m


# ---------------------------------------------------------------------------
# Python boundary


cdef object _int(object value):
    """``value`` as an int if it is an integer (int, numpy integer; not bool), else None."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


cdef int load_counts(object obj, count_t* out, str name) except -1:
    cdef const uint8_t[::1] mv
    cdef Py_ssize_t i, n
    cdef object v
    if isinstance(obj, (bytes, bytearray)):
        if len(obj) != 34:
            raise ArrayError(f"{name} must have length 34, got {len(obj)}")
        mv = obj
        memcpy(out, &mv[0], 34)
    elif isinstance(obj, np.ndarray):
        try:
            mv = obj
        except (ValueError, TypeError, BufferError):
            raise ArrayError(
                f"{name} must be a C-contiguous 1-d uint8 array, got dtype {obj.dtype}, "
                f"shape {obj.shape}") from None
        if mv.shape[0] != 34:
            raise ArrayError(f"{name} must have length 34, got {mv.shape[0]}")
        memcpy(out, &mv[0], 34)
    elif isinstance(obj, (list, tuple)):
        n = len(obj)
        values = []
        for v in obj:
            iv = _int(v)
            if iv is None or iv < 0 or iv > 255:
                raise ArrayError(f"{name} must hold ints 0..4, got {v!r}")
            values.append(iv)
        if n != 34:
            raise ArrayError(f"{name} must have length 34, got {n}")
        for i in range(34):
            out[i] = <count_t>values[i]
    else:
        raise ArrayError(f"{name} must be bytes, a uint8 numpy array or a list of 34 ints, "
                         f"got {type(obj).__name__}")
    for i in range(34):
        if out[i] > 4:
            raise TileCountError(f"{name}: {out[i]} copies of {KIND_NAMES[i]} (at most 4)")
    return 0


cdef int load_kind(object obj, str name) except -1:
    cdef object k = obj if type(obj) is int else _int(obj)
    if k is None or not 0 <= k < 34:
        raise TileParseError(f"{name} must be a tile kind 0..33, got {obj!r}")
    return <int>k


cdef int _load_melds(object melds, const count_t* closed, uint8_t* mt, uint8_t* mk) except -1:
    """Validate melds like reference.decompose.check_melds; returns n_melds."""
    cdef int n = 0, i, j, n_closed = 0
    cdef int total[34]
    if melds is None or (isinstance(melds, tuple) and len(melds) == 0):
        n = 0
    else:
        try:
            melds = list(melds)
        except TypeError:
            raise MeldError(f"melds must be a sequence of (meld_type, meld_kind) pairs, "
                            f"got {melds!r}") from None
        if len(melds) > 4:
            raise MeldError(f"at most 4 melds, got {len(melds)}")
        for i, meld in enumerate(melds):
            try:
                mtype, mkind = meld
            except (TypeError, ValueError):
                raise MeldError(f"meld {i} must be a (meld_type, meld_kind) pair, "
                                f"got {meld!r}") from None
            t, k = _int(mtype), _int(mkind)
            if t is None or not MELD_CHI <= t <= MELD_SHOUMINKAN:
                raise MeldError(f"meld {i}: unknown meld type {mtype!r} (kita is not a set)")
            if k is None or not 0 <= k < 34:
                raise MeldError(f"meld {i}: kind must be 0..33, got {mkind!r}")
            mtype, mkind = t, k
            if mtype == MELD_CHI and (mkind >= 27 or mkind % 9 > 6):
                raise MeldError(f"meld {i}: a chi cannot start at {KIND_NAMES[mkind]}")
            mt[i] = <uint8_t>mtype
            mk[i] = <uint8_t>mkind
        n = len(melds)
    for j in range(34):
        total[j] = closed[j]
        n_closed += closed[j]
    for i in range(n):
        if mt[i] == MELD_CHI:
            for j in range(3):
                total[mk[i] + j] += 1
        else:
            total[mk[i]] += 3 if mt[i] == MELD_PON else 4
    for j in range(34):
        if total[j] > 4:
            raise TileCountError(f"{total[j]} copies of {KIND_NAMES[j]} in the closed tiles "
                                 "and melds (at most 4)")
    if n_closed != 14 - 3 * n:
        raise TileCountError(f"{n_closed} closed tiles with {n} meld(s): a complete hand "
                             f"has {14 - 3 * n}")
    return n


cdef tuple _SET_TYPES = (SetType.SEQUENCE, SetType.TRIPLET, SetType.QUAD)
cdef tuple _FORMS = (Form.REGULAR, Form.CHIITOITSU, Form.KOKUSHI)
cdef tuple _WAITS = (WaitShape.RYANMEN, WaitShape.KANCHAN, WaitShape.PENCHAN,
                     WaitShape.SHANPON, WaitShape.TANKI)
# closed sets, by type * 34 + kind, and triplets made open by a ron
cdef list _CLOSED_SETS = [HandSet(_SET_TYPES[t], k, True, None)
                          for t in range(3) for k in range(34)]
# melded sets, by ((type * 34 + kind) * 2 + concealed) * 4 + meld index
cdef list _MELDED_SETS = [HandSet(_SET_TYPES[t], k, bool(c), i)
                          for t in range(3) for k in range(34) for c in range(2) for i in range(4)]
cdef list _RON_TRIPLETS = [HandSet(SetType.TRIPLET, k, False, None) for k in range(34)]
cdef tuple _KIND_TUPLE = tuple(range(34))


cdef object _tuple_new = tuple.__new__
cdef object _REGULAR = Form.REGULAR
cdef object _CHIITOITSU = Form.CHIITOITSU
cdef object _KOKUSHI = Form.KOKUSHI


cdef object _reading_obj(const Reading* rd, int n_melds, tuple melded):
    cdef int s
    cdef tuple sets
    if rd.form == FORM_KOKUSHI:
        return _tuple_new(PyReading, (_KOKUSHI, _KIND_TUPLE[rd.pair], (), ()))
    if rd.form == FORM_CHIITOITSU:
        return _tuple_new(PyReading, (_CHIITOITSU, None, (),
                                      tuple([_KIND_TUPLE[rd.pairs[s]] for s in range(7)])))
    if n_melds == 0:
        sets = (_CLOSED_SETS[rd.set_type[0] * 34 + rd.set_kind[0]],
                _CLOSED_SETS[rd.set_type[1] * 34 + rd.set_kind[1]],
                _CLOSED_SETS[rd.set_type[2] * 34 + rd.set_kind[2]],
                _CLOSED_SETS[rd.set_type[3] * 34 + rd.set_kind[3]])
    else:
        sets = tuple([_CLOSED_SETS[rd.set_type[s] * 34 + rd.set_kind[s]]
                      for s in range(4 - n_melds)]) + melded
    return _tuple_new(PyReading, (_REGULAR, _KIND_TUPLE[rd.pair], sets, ()))


def decompose(counts, melds=(), win_tile=None, tsumo=False):
    """Every reading of a complete hand, or every win option given the winning tile.

    ``counts``: the closed tiles (34-counts, the winning tile included);
    ``melds``: ``(meld_type, meld_kind)`` pairs (lowest kind for a chi).
    Without ``win_tile``: a tuple of :class:`~riichi_fast.analysis.readings.Reading`,
    empty when the hand is not complete.  With ``win_tile`` (a kind 0..33 held
    in the closed tiles): a tuple of :class:`~riichi_fast.analysis.readings.WinReading`;
    with ``tsumo=False`` (ron) the triplet completed by the win is open.

    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> for r in decompose(_mpsz("111222333m78999p")):
    ...     print(r)
    123m 123m 123m 789p 99p
    111m 222m 333m 789p 99p
    >>> for w in decompose(_mpsz("111222333m78999p"), win_tile=17):
    ...     print(w)
    123m 123m 123m 789p 99p (won on 789p, ryanmen)
    123m 123m 123m 789p 99p (won on 99p, tanki)
    111m 222m 333m 789p 99p (won on 789p, ryanmen)
    111m 222m 333m 789p 99p (won on 99p, tanki)
    """
    cdef count_t closed[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef Reading readings[MAX_READINGS]
    cdef WinOption opts[MAX_WIN_OPTIONS]
    cdef int n, n_melds, i, w, n_opts, s
    cdef tuple melded = ()
    load_counts(counts, closed, "counts")
    n_melds = _load_melds(melds, closed, mt, mk)
    with nogil:
        n = c_decompose(closed, mt, mk, n_melds, readings)
    if n_melds:
        melded = tuple([_MELDED_SETS[((_meld_set_type(mt[i]) * 34 + mk[i]) * 2
                                      + (mt[i] == MELD_ANKAN)) * 4 + i]
                        for i in range(n_melds)])
    objs = [_reading_obj(&readings[i], n_melds, melded) for i in range(n)]
    if win_tile is None:
        return tuple(objs)
    w = load_kind(win_tile, "win_tile")
    if closed[w] == 0:
        raise TileCountError(f"win_tile {KIND_NAMES[w]} is not among the closed tiles")
    n_opts = c_win_options(readings, n, w, opts)
    out = []
    for i in range(n_opts):
        r = objs[opts[i].reading]
        s = opts[i].win_set
        if not tsumo and s < 4 and readings[opts[i].reading].set_type[s] == SET_TRIPLET:
            sets = r[2]
            sets = sets[:s] + (_RON_TRIPLETS[w],) + sets[s + 1:]
            r = _tuple_new(PyReading, (r[0], r[1], sets, r[3]))
        out.append(_tuple_new(WinReading, (r, s, _WAITS[opts[i].wait])))
    return tuple(out)
