# Shanten and agari kernels.
#
# Shanten of a hand = (fewest tiles to draw to hold a complete hand) - 1, where a
# complete hand never holds a kind more than 4 times (so a tanki on a tile the hand
# already holds four of is no wait).  The regular form needs ``t // 3`` sets and a
# pair from the t closed tiles (melds implied by t, docs/INTERNALS.md).
#
# Regular form, tables (generated at import by ``_build_tables``: about 22 ms of CPU
# on a 2-core x86-64 box, 2 s in the -O0 debug build):
#
# * A suit (9 counts, sum <= 14) has a combinatorial rank: its index in the
#   lexicographic list of all such vectors (405,350 of them), computed as a sum of
#   9 offsets ``RANK_OFF[position][prefix sum][count]``.
# * ``SUIT_CODE[rank]`` (uint16) encodes the suit's distance profile: for m = 0..4
#   sets and p = 0/1 pair, the fewest tiles to add to the suit so it holds m sets
#   and p pairs (no kind above 4).  ``f(m+1, 0) - f(m, 0)`` is 0..3 and
#   ``f(m, 1) - f(m, 0)`` is 0..2, so the profile is 4 base-4 digits (low byte,
#   decoded by ``DEC_SETS``) and 5 base-3 digits (high part, decoded by ``DEC_PAIR``):
#   62,208 codes < 2**16.  The profiles are computed by a depth-first walk over the
#   suit vectors that carries, per pending-sequence state, the (m, p) cost lanes of
#   the prefix (``_step``), so each prefix is processed once.
# * ``SUIT_COMPLETE`` is a bitset over ranks: the suit alone is sets (+ a pair).
# * Honors have no sequences: their profile depends only on how many honor kinds
#   are held 1, 2 and 3+ times (``HONOR_F``, indexed by n1 + 8 n2 + 64 n3).
# * The hand's distance is a min-plus combination of the four profiles at
#   (M = t // 3 sets, 1 pair); shanten = distance - 1.  Groups without tiles are
#   skipped (their profile 3m + 2p is neutral).  Related public work: tomohxx's
#   shanten-number calculator (per-suit distance tables) and Cryolite's nyanten
#   (rank hashing of suit vectors); this code and table layout are our own.
# * Agari: every group complete on its own (SUIT_COMPLETE bit, honors 0/2/3) with
#   exactly one pair overall, or seven distinct pairs, or kokushi.
# Memory: SUIT_CODE 810,700 bytes + SUIT_COMPLETE 50,669 + small tables, 876,315
# bytes in all (``_table_bytes()``); the limit is 1 MB.
#
# Chiitoitsu (6 - pairs + max(0, 7 - kinds); a quad is one pair) and kokushi
# (13 - kinds - has_pair) are exact closed formulas, computed without branches.
#
# Checked against the pure-Python twin (riichi_fast/reference/shanten.py, a plain
# search) on every one-suit hand, and against the mahjong package on 100,000 hands.

"""Shanten and agari kernels (compiled twin of ``riichi_fast.reference.analysis.shanten``)."""

from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_FORMAT, PyBUF_STRIDES
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t
from libc.string cimport memcpy, memset

from time import perf_counter as _perf_counter, thread_time as _thread_time

import numpy as np

cimport numpy as cnp

cnp.import_array()

from riichi_fast._types cimport (
    count_t, N_KINDS, ROW_OK, ROW_BAD_TILE_COUNT, ROW_COUNT_ABOVE_FOUR,
)
from riichi_fast._parallel import check_n_threads, run_chunks
from riichi_fast.errors import ArrayError, ContextError, TileCountError
from riichi_fast.analysis._checks import caps_for, check_n_players as _n_players

cdef enum:
    INF = 64
    N_STATES = 15                 # (a, b): sequences pending from the two previous kinds
    N_SUIT = 405350               # 9-vectors with entries 0..4 and sum <= 14
    N_HONOR_KEYS = 512
    N_SUIT_BYTES = 50669          # ceil(N_SUIT / 8)
    KOKUSHI_NONE = 99             # kokushi impossible under the caps (above any shanten)

cdef uint32_t RANK_OFF[9][15][5]
cdef uint16_t SUIT_CODE[N_SUIT]
cdef uint8_t SUIT_COMPLETE[N_SUIT_BYTES]
cdef uint8_t DEC_SETS[256][8]     # f(m, 0) for m = 0..4 from the low byte
cdef uint8_t DEC_PAIR[243][8]     # f(m, 1) - f(m, 0) for m = 0..4 from the high part
cdef uint8_t HONOR_F[N_HONOR_KEYS][16]   # lanes p * 8 + m
cdef uint16_t HONOR_W[5]
HONOR_W[:] = [0, 1, 8, 64, 64]

cdef int KOKUSHI_KINDS[13]
KOKUSHI_KINDS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

cdef signed char STATE_OF[5][5]
cdef uint8_t STATE_A[N_STATES]
cdef uint8_t STATE_B[N_STATES]
cdef uint8_t LANE_MASK[5][16]     # INF on lanes m > 4 and m < k (k = sets added)
cdef int _gen_error = 0
cdef uint32_t _gen_count = 0


# ---------------------------------------------------------------------------
# Table generation

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #define RF_RESTRICT __restrict
    #else
    #define RF_RESTRICT restrict
    #endif
    /* d = min(d, s + c) lane by lane (16 uint8 lanes; vectorised by the compiler) */
    static inline void rf_minadd16(unsigned char *RF_RESTRICT d,
                                   const unsigned char *RF_RESTRICT s, unsigned char c) {
        for (int i = 0; i < 16; i++) {
            unsigned char v = (unsigned char)(s[i] + c);
            d[i] = d[i] < v ? d[i] : v;
        }
    }
    /* out = max(padded[16 - shift + i], mask[i]): lanes moved up by shift, masked */
    static inline void rf_shift16(unsigned char *RF_RESTRICT out,
                                  const unsigned char *RF_RESTRICT padded, int shift,
                                  const unsigned char *RF_RESTRICT mask) {
        const unsigned char *p = padded + 16 - shift;
        for (int i = 0; i < 16; i++) {
            unsigned char v = p[i];
            out[i] = v > mask[i] ? v : mask[i];
        }
    }
    """
    void rf_minadd16(uint8_t* d, const uint8_t* s, uint8_t c) noexcept nogil
    void rf_shift16(uint8_t* out, const uint8_t* padded, int shift,
                    const uint8_t* mask) noexcept nogil


cdef uint16_t _step(const uint8_t (*src)[16], uint16_t live, uint8_t (*dst)[N_STATES][16],
                    int cmax, bint seq_ok) noexcept nogil:
    """Process one kind: src states (before it) -> dst[c] states (after it, holding c tiles).

    State (a, b): a sequences started two kinds back and b one kind back still need
    this kind.  Lanes p * 8 + m hold the fewest tiles added so far for m sets
    (sequences counted when started) and p pairs; lanes with m > 4 stay INF.  The
    kind's target usage u (pending sequences, new sequences, triplet, pair) is at
    most 4; it costs max(u - c, 0) added tiles.  Returns the live-state mask (the
    same for every c).
    """
    cdef uint8_t padded[32]
    cdef uint8_t moved[16]
    cdef int st, a, b, s, t, q, u, k, c, d, smax
    cdef uint16_t out_live = 0
    memset(dst, INF, (cmax + 1) * N_STATES * 16)
    memset(padded, INF, 16)
    for st in range(N_STATES):
        if not (live >> st) & 1:
            continue
        a = STATE_A[st]
        b = STATE_B[st]
        memcpy(padded + 16, src[st], 16)
        smax = 4 - a - b if seq_ok else 0
        for s in range(smax + 1):
            d = STATE_OF[b][s]
            out_live |= 1 << d
            for t in range(2):
                for q in range(2):
                    u = a + b + s + 3 * t + 2 * q
                    if u > 4:
                        continue
                    k = s + t
                    rf_shift16(moved, padded, k + 8 * q, LANE_MASK[k])
                    for c in range(cmax + 1):
                        rf_minadd16(dst[c][d], moved, u - c if u > c else 0)
    return out_live


cdef void _record_suit(const uint8_t* lanes, int total) noexcept nogil:
    global _gen_error, _gen_count
    cdef int m, d, e, lo = 0, hi = 0
    cdef uint32_t r = _gen_count
    for m in range(4, 0, -1):
        d = lanes[m] - lanes[m - 1]
        if d < 0 or d > 3:
            _gen_error = 1
        lo = lo * 4 + d
    for m in range(4, -1, -1):
        e = lanes[8 + m] - lanes[m]
        if e < 0 or e > 2:
            _gen_error = 2
        hi = hi * 3 + e
    if lanes[0] != 0:
        _gen_error = 3
    if r >= N_SUIT:
        _gen_error = 4
        return
    SUIT_CODE[r] = <uint16_t> (lo + 256 * hi)
    if ((total % 3 == 0 and lanes[total // 3] == 0)
            or (total % 3 == 2 and lanes[8 + total // 3] == 0)):
        SUIT_COMPLETE[r >> 3] |= 1 << (r & 7)
    _gen_count += 1


cdef void _leaves(const uint8_t (*src)[16], uint16_t live, int cmax, int total) noexcept nogil:
    """The last kind (9): only states (a, 0) are live and every path ends in state (0, 0)."""
    cdef uint8_t padded[32]
    cdef uint8_t moved[16]
    cdef uint8_t out[5][16]
    cdef int a, st, t, q, u, c
    memset(out, INF, sizeof(out))
    memset(padded, INF, 16)
    for a in range(5):
        st = STATE_OF[a][0]
        if not (live >> st) & 1:
            continue
        memcpy(padded + 16, src[st], 16)
        for t in range(2):
            for q in range(2):
                u = a + 3 * t + 2 * q
                if u > 4:
                    continue
                rf_shift16(moved, padded, t + 8 * q, LANE_MASK[t])
                for c in range(cmax + 1):
                    rf_minadd16(out[c], moved, u - c if u > c else 0)
    for c in range(cmax + 1):
        _record_suit(out[c], total + c)


cdef void _walk_suit(int pos, int total, const uint8_t (*state)[16], uint16_t live) noexcept nogil:
    cdef uint8_t child[5][N_STATES][16]
    cdef uint16_t child_live
    cdef int c, cmax = min(4, 14 - total)
    if pos == 8:
        _leaves(state, live, cmax, total)
        return
    child_live = _step(state, live, child, cmax, pos <= 6)
    for c in range(cmax + 1):
        _walk_suit(pos + 1, total + c, child[c], child_live)


cdef int _build_tables() except -1:
    global _gen_count
    cdef int a, b, i, k, L, s, c, code, m, x, n1, n2, n3, key, r
    cdef uint32_t n_vec[9][15]
    cdef uint8_t start[N_STATES][16]
    cdef uint8_t buf[N_STATES][16]
    cdef uint8_t nxt[5][N_STATES][16]
    cdef uint16_t live
    cdef uint8_t honor[7]
    # pending-sequence states
    i = 0
    for a in range(5):
        for b in range(5):
            STATE_OF[a][b] = -1
            if a + b <= 4:
                STATE_OF[a][b] = i
                STATE_A[i] = a
                STATE_B[i] = b
                i += 1
    for k in range(5):
        for L in range(16):
            LANE_MASK[k][L] = INF if (L & 7) > 4 or (L & 7) < k else 0
    # n_vec[L][r]: vectors of L entries 0..4 summing to at most r
    for r in range(15):
        n_vec[0][r] = 1
    for L in range(1, 9):
        for r in range(15):
            n_vec[L][r] = 0
            for c in range(min(4, r) + 1):
                n_vec[L][r] += n_vec[L - 1][r - c]
    # rank offsets: vectors sharing a prefix and with a smaller count at ``i``
    for i in range(9):
        for s in range(15):
            for c in range(5):
                RANK_OFF[i][s][c] = 0
                for x in range(c):
                    if s + x <= 14:
                        RANK_OFF[i][s][c] += n_vec[8 - i][14 - s - x]
    # decoders of the suit codes
    for code in range(256):
        DEC_SETS[code][0] = 0
        x = code
        for m in range(1, 5):
            DEC_SETS[code][m] = DEC_SETS[code][m - 1] + (x & 3)
            x >>= 2
    for code in range(243):
        x = code
        for m in range(5):
            DEC_PAIR[code][m] = x % 3
            x //= 3
    # suits
    memset(start, INF, sizeof(start))
    start[0][0] = 0
    memset(SUIT_COMPLETE, 0, sizeof(SUIT_COMPLETE))
    _gen_count = 0
    with nogil:
        _walk_suit(0, 0, start, 1)
    if _gen_error or _gen_count != N_SUIT:
        raise RuntimeError(f"shanten table generation failed ({_gen_error}, {_gen_count})")
    # honors: only the number of kinds held once, twice and 3+ times matters
    for n1 in range(8):
        for n2 in range(8 - n1):
            for n3 in range(8 - n1 - n2):
                for i in range(7):
                    honor[i] = 1 if i < n1 else 2 if i < n1 + n2 else 3 if i < n1 + n2 + n3 else 0
                memcpy(buf, start, sizeof(start))
                live = 1
                for i in range(7):
                    live = _step(buf, live, nxt, honor[i], False)
                    memcpy(buf, nxt[honor[i]], sizeof(buf))
                key = n1 + 8 * n2 + 64 * n3
                memcpy(HONOR_F[key], buf[0], 16)
    return 0


_t0 = _perf_counter()
_c0 = _thread_time()
_build_tables()
_BUILD_SECONDS = _perf_counter() - _t0
_BUILD_CPU_SECONDS = _thread_time() - _c0


def _shanten_after_change(counts, int delta, *, meld_counts=None, n_players=4):
    """Test hook of ``c_shanten_after_change`` (``c_shanten_after_change_caps`` with
    ``meld_counts`` or three players): a list of 34 shanten values.

    ``counts``: at most 14 tiles of any size (3n too), every count <= 4.
    """
    cdef signed char out[N_KINDS]
    cdef count_t caps[N_KINDS]
    cdef Py_buffer view
    cdef const count_t* c = _fast_counts(counts)
    cdef int t, status, k
    cdef bint acquired = c is NULL
    cdef bint plain = _plain(meld_counts, n_players)
    if delta != 1 and delta != -1:
        raise ValueError("delta must be +1 or -1")
    if acquired:
        c = _buffer_counts(counts, &view)
    try:
        status = _status(c, &t)
        if status == ROW_COUNT_ABOVE_FOUR or t > 14:
            _raise_bad_counts(c, t)
        if plain:
            c_shanten_after_change(c, delta, out)
        else:
            values = caps_for(list((<const char*>c)[:N_KINDS]), meld_counts, n_players)
            for k in range(N_KINDS):
                caps[k] = values[k]
            c_shanten_after_change_caps(c, caps, delta, out)
    finally:
        if acquired:
            PyBuffer_Release(&view)
    return [out[k] for k in range(N_KINDS)]


def _table_build_seconds(cpu=False):
    """Seconds (wall clock, or CPU time of the importing thread) spent generating the tables."""
    return _BUILD_CPU_SECONDS if cpu else _BUILD_SECONDS


def _table_bytes():
    """Bytes held by the shanten/agari lookup tables (the limit is 1 MB)."""
    return (sizeof(RANK_OFF) + sizeof(SUIT_CODE) + sizeof(SUIT_COMPLETE) + sizeof(DEC_SETS)
            + sizeof(DEC_PAIR) + sizeof(HONOR_F) + sizeof(HONOR_W) + sizeof(KOKUSHI_KINDS))


# ---------------------------------------------------------------------------
# Kernels

cdef inline int _n_tiles(const count_t* counts) noexcept nogil:
    cdef int i, t = 0
    for i in range(N_KINDS):
        t += counts[i]
    return t


cdef inline uint32_t _suit_rank(const count_t* c, int* total) noexcept nogil:
    cdef int s = c[0]
    cdef uint32_t r = RANK_OFF[0][0][c[0]]
    r += RANK_OFF[1][s][c[1]]
    s += c[1]
    r += RANK_OFF[2][s][c[2]]
    s += c[2]
    r += RANK_OFF[3][s][c[3]]
    s += c[3]
    r += RANK_OFF[4][s][c[4]]
    s += c[4]
    r += RANK_OFF[5][s][c[5]]
    s += c[5]
    r += RANK_OFF[6][s][c[6]]
    s += c[6]
    r += RANK_OFF[7][s][c[7]]
    s += c[7]
    r += RANK_OFF[8][s][c[8]]
    total[0] = s + c[8]
    return r


cdef inline int _suit_profile(const count_t* c, uint8_t* f0, uint8_t* f1) noexcept nogil:
    """Decode the suit's distances into f0[m] (no pair) and f1[m] (a pair); 0 if no tile."""
    cdef int total, m
    cdef uint16_t code = SUIT_CODE[_suit_rank(c, &total)]
    cdef const uint8_t* d0 = DEC_SETS[code & 255]
    cdef const uint8_t* de = DEC_PAIR[code >> 8]
    for m in range(5):
        f0[m] = d0[m]
        f1[m] = d0[m] + de[m]
    return total


cdef inline void _combine(const uint8_t* x0, const uint8_t* x1, const uint8_t* y0,
                          const uint8_t* y1, uint8_t* z0, uint8_t* z1, int top) noexcept nogil:
    """Min-plus combination of two groups' (m sets, p pairs) distances, m <= top."""
    cdef int m, k, v0, v1, w
    for m in range(top + 1):
        v0 = x0[0] + y0[m]
        v1 = x0[0] + y1[m]
        w = x1[0] + y0[m]
        if w < v1:
            v1 = w
        for k in range(1, m + 1):
            w = x0[k] + y0[m - k]
            if w < v0:
                v0 = w
            w = x0[k] + y1[m - k]
            if w < v1:
                v1 = w
            w = x1[k] + y0[m - k]
            if w < v1:
                v1 = w
        z0[m] = v0
        z1[m] = v1


cdef inline void _combine4(const uint8_t* x0, const uint8_t* x1, const uint8_t* y0,
                           const uint8_t* y1, uint8_t* z0, uint8_t* z1) noexcept nogil:
    """``_combine`` for top = 4 (13/14-tile hands), with constant bounds the compiler unrolls."""
    cdef int m, k, v0, v1, w
    for m in range(5):
        v0 = x0[0] + y0[m]
        v1 = x0[0] + y1[m]
        w = x1[0] + y0[m]
        if w < v1:
            v1 = w
        for k in range(1, 5):
            if k <= m:
                w = x0[k] + y0[m - k]
                if w < v0:
                    v0 = w
                w = x0[k] + y1[m - k]
                if w < v1:
                    v1 = w
                w = x1[k] + y0[m - k]
                if w < v1:
                    v1 = w
        z0[m] = v0
        z1[m] = v1


cdef inline int _status(const count_t* counts, int* total) noexcept nogil:
    cdef int i, t = 0, mx = 0
    for i in range(N_KINDS):
        t += counts[i]
        mx |= counts[i] > 4
    total[0] = t
    if mx:
        return ROW_COUNT_ABOVE_FOUR
    if t > 14 or t % 3 == 0:
        return ROW_BAD_TILE_COUNT
    return ROW_OK


cdef int c_check_counts(const count_t* counts) noexcept nogil:
    cdef int t
    return _status(counts, &t)


cdef inline int _regular(const count_t* counts, int t) noexcept nogil:
    # A group without tiles (f = 3m + 2p) never changes a combination, since every
    # profile has f(m + 1, p) <= f(m, p) + 3 and f(m, 1) <= f(m, 0) + 2: skip it.
    cdef uint8_t g0[4][8]
    cdef uint8_t g1[4][8]
    cdef int top = t // 3, n = 0, i, k
    cdef const uint8_t* h
    n += _suit_profile(counts, g0[n], g1[n]) != 0
    n += _suit_profile(counts + 9, g0[n], g1[n]) != 0
    n += _suit_profile(counts + 18, g0[n], g1[n]) != 0
    k = (HONOR_W[counts[27]] + HONOR_W[counts[28]] + HONOR_W[counts[29]] + HONOR_W[counts[30]]
         + HONOR_W[counts[31]] + HONOR_W[counts[32]] + HONOR_W[counts[33]])
    if k:
        h = HONOR_F[k]
        for i in range(5):
            g0[n][i] = h[i]
            g1[n][i] = h[8 + i]
        n += 1
    if n == 1:
        return g1[0][top] - 1
    return _fold(g0, g1, n, top)


cdef inline int _fold(const uint8_t (*g0)[8], const uint8_t (*g1)[8], int n, int top) noexcept nogil:
    """Shanten from n >= 2 group profiles: fold all but the last group, then read
    (top sets, 1 pair) against the last one."""
    cdef uint8_t acc0[2][8]
    cdef uint8_t acc1[2][8]
    cdef int i, k, v, w, cur = 0
    memcpy(acc0[0], g0[0], 8)
    memcpy(acc1[0], g1[0], 8)
    for i in range(1, n - 1):
        if top == 4:
            _combine4(acc0[cur], acc1[cur], g0[i], g1[i], acc0[1 - cur], acc1[1 - cur])
        else:
            _combine(acc0[cur], acc1[cur], g0[i], g1[i], acc0[1 - cur], acc1[1 - cur], top)
        cur = 1 - cur
    v = acc0[cur][0] + g1[n - 1][top]
    w = acc1[cur][0] + g0[n - 1][top]
    if w < v:
        v = w
    for k in range(1, top + 1):
        w = acc0[cur][k] + g1[n - 1][top - k]
        if w < v:
            v = w
        w = acc1[cur][k] + g0[n - 1][top - k]
        if w < v:
            v = w
    return v - 1


cdef int c_shanten_regular(const count_t* counts) noexcept nogil:
    cdef int t = _n_tiles(counts)
    if t > 14 or t % 3 == 0:
        return SHANTEN_INVALID
    return _regular(counts, t)


cdef inline int _chiitoitsu(const count_t* counts) noexcept nogil:
    cdef int i, pairs = 0, kinds = 0, lack
    for i in range(N_KINDS):
        pairs += counts[i] >= 2
        kinds += counts[i] >= 1
    lack = 7 - kinds
    return 6 - pairs + (lack & -(lack > 0))


cdef inline int _kokushi(const count_t* counts) noexcept nogil:
    cdef int i, kinds = 0, pair = 0
    for i in range(13):
        kinds += counts[KOKUSHI_KINDS[i]] >= 1
        pair |= counts[KOKUSHI_KINDS[i]] >= 2
    return 13 - kinds - pair


cdef int c_shanten_chiitoitsu(const count_t* counts) noexcept nogil:
    cdef int t = _n_tiles(counts)
    if t != 13 and t != 14:
        return SHANTEN_INVALID
    return _chiitoitsu(counts)


cdef int c_shanten_kokushi(const count_t* counts) noexcept nogil:
    cdef int t = _n_tiles(counts)
    if t != 13 and t != 14:
        return SHANTEN_INVALID
    return _kokushi(counts)


cdef inline int _shanten_t(const count_t* counts, int t) noexcept nogil:
    """Shanten of a hand of t tiles (t of a legal size)."""
    cdef int r = _regular(counts, t)
    cdef int x
    if t >= 13:
        x = _chiitoitsu(counts)
        if x < r:
            r = x
        x = _kokushi(counts)
        if x < r:
            r = x
    return r


cdef int c_shanten(const count_t* counts) noexcept nogil:
    cdef int t = _n_tiles(counts)
    if t > 14 or t % 3 == 0:
        return SHANTEN_INVALID
    return _shanten_t(counts, t)


cdef uint8_t IS_KOKUSHI_KIND[N_KINDS]
for _k in range(N_KINDS):
    IS_KOKUSHI_KIND[_k] = _k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


cdef inline void _group_profile(const count_t* counts, int g,
                                uint8_t* f0, uint8_t* f1) noexcept nogil:
    """Profile of group g (0-2 suits, 3 honors) of ``counts``, tiles or not."""
    cdef int i, key
    cdef const uint8_t* h
    if g < 3:
        _suit_profile(counts + 9 * g, f0, f1)
        return
    key = 0
    for i in range(27, 34):
        key += HONOR_W[counts[i]]
    h = HONOR_F[key]
    for i in range(5):
        f0[i] = h[i]
        f1[i] = h[8 + i]


cdef void c_shanten_after_change(const count_t* counts, int delta,
                                 signed char* out) noexcept nogil:
    """out[k] = shanten of ``counts`` with one tile of kind k added (delta = +1: every draw)
    or removed (delta = -1: every discard); SHANTEN_INVALID where the change is impossible
    (a fifth copy, a kind not held) or the new size is illegal.  The three unchanged
    groups are combined once, so each kind costs one group lookup and a final fold.
    """
    cdef uint8_t g0[4][8]
    cdef uint8_t g1[4][8]
    cdef uint8_t p0[8]
    cdef uint8_t p1[8]
    cdef uint8_t q0[8]
    cdef uint8_t q1[8]
    cdef uint8_t o0[4][8]
    cdef uint8_t o1[4][8]
    cdef uint8_t n0[8]
    cdef uint8_t n1[8]
    cdef count_t tmp[N_KINDS]
    cdef int i, k, g, j, c, c2, t = 0, top, v, w, r, forms
    cdef int pairs = 0, kinds = 0, tkinds = 0, tpairs = 0, x, lack
    for i in range(N_KINDS):
        t += counts[i]
        pairs += counts[i] >= 2
        kinds += counts[i] >= 1
        if IS_KOKUSHI_KIND[i]:
            tkinds += counts[i] >= 1
            tpairs += counts[i] >= 2
    if t > 14:  # the unchanged groups must stay inside the tables
        memset(out, SHANTEN_INVALID, N_KINDS)
        return
    t += delta
    if t < 1 or t > 14 or t % 3 == 0:
        memset(out, SHANTEN_INVALID, N_KINDS)
        return
    top = t // 3
    forms = t >= 13
    for g in range(4):
        _group_profile(counts, g, g0[g], g1[g])
    # o[g]: the three groups other than g, combined
    _combine(g0[0], g1[0], g0[1], g1[1], p0, p1, top)
    _combine(g0[2], g1[2], g0[3], g1[3], q0, q1, top)
    _combine(g0[1], g1[1], q0, q1, o0[0], o1[0], top)
    _combine(g0[0], g1[0], q0, q1, o0[1], o1[1], top)
    _combine(p0, p1, g0[3], g1[3], o0[2], o1[2], top)
    _combine(p0, p1, g0[2], g1[2], o0[3], o1[3], top)
    memcpy(tmp, counts, N_KINDS)
    for k in range(N_KINDS):
        c = counts[k]
        c2 = c + delta
        if c2 < 0 or c2 > 4:
            out[k] = SHANTEN_INVALID
            continue
        g = k // 9 if k < 27 else 3
        tmp[k] = c2
        _group_profile(tmp, g, n0, n1)
        tmp[k] = c
        v = o0[g][0] + n1[top]
        w = o1[g][0] + n0[top]
        if w < v:
            v = w
        for j in range(1, top + 1):
            w = o0[g][j] + n1[top - j]
            if w < v:
                v = w
            w = o1[g][j] + n0[top - j]
            if w < v:
                v = w
        r = v - 1
        if forms:
            x = pairs - (c >= 2) + (c2 >= 2)
            lack = 7 - (kinds - (c >= 1) + (c2 >= 1))
            x = 6 - x + (lack & -(lack > 0))
            if x < r:
                r = x
            if IS_KOKUSHI_KIND[k]:
                x = 13 - (tkinds - (c >= 1) + (c2 >= 1)) - (tpairs - (c >= 2) + (c2 >= 2) > 0)
            else:
                x = 13 - tkinds - (tpairs > 0)
            if x < r:
                r = x
        out[k] = r



# ---------------------------------------------------------------------------
# Caps: three-player and the player's own meld tiles (reference/shanten.py)
#
# caps[k] = most copies of kind k the closed part of a complete hand may hold:
# 4, or 4 - own meld copies (melds counted as held), 0 for 2m-8m in three-player.
# A group whose caps are all 4 uses the tables; three-player manzu (1m and 9m
# only, no sequences) uses the honor table on its two kinds; any other capped
# group gets its profile from a 9-kind (or 7-kind) walk of ``_step_one``, the
# per-kind step of the table generation with the cap in place of 4.  Capped
# hands fold all four groups (no group is skipped).

cdef uint16_t _step_one(const uint8_t (*src)[16], uint16_t live, uint8_t (*dst)[16],
                        int c, int cap, bint seq_ok) noexcept nogil:
    """``_step`` for one count ``c`` and a usage limit ``cap`` (<= 4) on this kind."""
    cdef uint8_t padded[32]
    cdef uint8_t moved[16]
    cdef int st, a, b, s, t, q, u, k, d, smax
    cdef uint16_t out_live = 0
    memset(dst, INF, N_STATES * 16)
    memset(padded, INF, 16)
    for st in range(N_STATES):
        if not (live >> st) & 1:
            continue
        a = STATE_A[st]
        b = STATE_B[st]
        if a + b > cap:
            continue
        memcpy(padded + 16, src[st], 16)
        smax = cap - a - b if seq_ok else 0
        for s in range(smax + 1):
            d = STATE_OF[b][s]
            out_live |= 1 << d
            for t in range(2):
                for q in range(2):
                    u = a + b + s + 3 * t + 2 * q
                    if u > cap:
                        continue
                    k = s + t
                    rf_shift16(moved, padded, k + 8 * q, LANE_MASK[k])
                    rf_minadd16(dst[d], moved, u - c if u > c else 0)
    return out_live


cdef void _capped_profile(const count_t* c, const count_t* caps, int n, bint suit,
                          uint8_t* f0, uint8_t* f1) noexcept nogil:
    """Exact profile of n kinds (a suit, or the honors) under their caps; INF = impossible."""
    cdef uint8_t buf[2][N_STATES][16]
    cdef uint16_t live = 1
    cdef int i, m, cur = 0, v
    memset(buf[0], INF, sizeof(buf[0]))
    buf[0][0][0] = 0
    for i in range(n):
        live = _step_one(buf[cur], live, buf[1 - cur], c[i], caps[i], suit and i <= 6)
        cur = 1 - cur
    for m in range(5):
        v = buf[cur][0][m]
        f0[m] = v if v < INF else INF
        v = buf[cur][0][8 + m]
        f1[m] = v if v < INF else INF


cdef inline void _profile_caps(const count_t* counts, const count_t* caps, int g,
                               uint8_t* f0, uint8_t* f1) noexcept nogil:
    """Profile of group g under the caps (every group, tiles or not)."""
    cdef int i, lo = 9 * g, hi = 9 * g + 9 if g < 3 else N_KINDS, key
    cdef bint capped = False, sanma
    cdef const uint8_t* h
    for i in range(lo, hi):
        capped |= caps[i] != 4
    if not capped:
        _group_profile(counts, g, f0, f1)
        return
    sanma = g == 0 and caps[0] == 4 and caps[8] == 4
    if sanma:
        for i in range(1, 8):
            sanma &= caps[i] == 0
    if sanma:
        # 1m and 9m only, no sequences: the honor table on two kinds (a set or pair
        # the table puts on a third kind costs 3 or 2, as in any other group)
        key = HONOR_W[counts[0]] + HONOR_W[counts[8]]
        h = HONOR_F[key]
        for i in range(5):
            f0[i] = h[i]
            f1[i] = h[8 + i]
        return
    _capped_profile(counts + lo, caps + lo, hi - lo, g < 3, f0, f1)


cdef inline int _regular_caps(const count_t* counts, const count_t* caps, int t) noexcept nogil:
    cdef uint8_t g0[4][8]
    cdef uint8_t g1[4][8]
    cdef int g
    for g in range(4):
        _profile_caps(counts, caps, g, g0[g], g1[g])
    return _fold(g0, g1, 4, t // 3)


cdef inline int _chiitoitsu_caps(const count_t* counts, const count_t* caps) noexcept nogil:
    cdef int i, pairs = 0, kinds = 0, lack
    for i in range(N_KINDS):
        pairs += counts[i] >= 2
        kinds += (counts[i] >= 2) | ((counts[i] == 1) & (caps[i] >= 2))
    lack = 7 - kinds
    return 6 - pairs + (lack & -(lack > 0))


cdef inline int _kokushi_caps(const count_t* counts, const count_t* caps) noexcept nogil:
    """Kokushi shanten under the caps; KOKUSHI_NONE when a needed kind has a cap of 0."""
    cdef int i
    for i in range(13):
        if caps[KOKUSHI_KINDS[i]] == 0:
            return KOKUSHI_NONE
    return _kokushi(counts)


cdef inline int _shanten_caps_t(const count_t* counts, const count_t* caps, int t) noexcept nogil:
    cdef int r = _regular_caps(counts, caps, t)
    cdef int x
    if t >= 13:
        x = _chiitoitsu_caps(counts, caps)
        if x < r:
            r = x
        x = _kokushi_caps(counts, caps)
        if x < r:
            r = x
    return r


cdef int c_shanten_caps(const count_t* counts, const count_t* caps) noexcept nogil:
    cdef int t = _n_tiles(counts)
    if t > 14 or t % 3 == 0:
        return SHANTEN_INVALID
    if caps is NULL:
        return _shanten_t(counts, t)
    return _shanten_caps_t(counts, caps, t)


cdef void c_make_caps(const count_t* melds, int n_players, count_t* caps) noexcept nogil:
    cdef int k
    for k in range(N_KINDS):
        caps[k] = 4 - melds[k] if melds is not NULL else 4
    if n_players == 3:
        for k in range(1, 8):
            caps[k] = 0


cdef void c_shanten_after_change_caps(const count_t* counts, const count_t* caps, int delta,
                                      signed char* out) noexcept nogil:
    """``c_shanten_after_change`` under the caps (NULL: the plain kernel)."""
    cdef uint8_t g0[4][8]
    cdef uint8_t g1[4][8]
    cdef uint8_t p0[8]
    cdef uint8_t p1[8]
    cdef uint8_t q0[8]
    cdef uint8_t q1[8]
    cdef uint8_t o0[4][8]
    cdef uint8_t o1[4][8]
    cdef uint8_t n0[8]
    cdef uint8_t n1[8]
    cdef count_t tmp[N_KINDS]
    cdef int i, k, g, j, c, c2, t = 0, top, v, w, r, forms
    cdef int pairs = 0, kinds = 0, tkinds = 0, tpairs = 0, x, lack, kok_ok = 1
    if caps is NULL:
        c_shanten_after_change(counts, delta, out)
        return
    for i in range(N_KINDS):
        t += counts[i]
        pairs += counts[i] >= 2
        kinds += (counts[i] >= 2) | ((counts[i] == 1) & (caps[i] >= 2))
        if IS_KOKUSHI_KIND[i]:
            tkinds += counts[i] >= 1
            tpairs += counts[i] >= 2
            kok_ok &= caps[i] > 0
    if t > 14:
        memset(out, SHANTEN_INVALID, N_KINDS)
        return
    t += delta
    if t < 1 or t > 14 or t % 3 == 0:
        memset(out, SHANTEN_INVALID, N_KINDS)
        return
    top = t // 3
    forms = t >= 13
    for g in range(4):
        _profile_caps(counts, caps, g, g0[g], g1[g])
    _combine(g0[0], g1[0], g0[1], g1[1], p0, p1, top)
    _combine(g0[2], g1[2], g0[3], g1[3], q0, q1, top)
    _combine(g0[1], g1[1], q0, q1, o0[0], o1[0], top)
    _combine(g0[0], g1[0], q0, q1, o0[1], o1[1], top)
    _combine(p0, p1, g0[3], g1[3], o0[2], o1[2], top)
    _combine(p0, p1, g0[2], g1[2], o0[3], o1[3], top)
    memcpy(tmp, counts, N_KINDS)
    for k in range(N_KINDS):
        c = counts[k]
        c2 = c + delta
        if c2 < 0 or c2 > caps[k]:
            out[k] = SHANTEN_INVALID
            continue
        g = k // 9 if k < 27 else 3
        tmp[k] = c2
        _profile_caps(tmp, caps, g, n0, n1)
        tmp[k] = c
        v = o0[g][0] + n1[top]
        w = o1[g][0] + n0[top]
        if w < v:
            v = w
        for j in range(1, top + 1):
            w = o0[g][j] + n1[top - j]
            if w < v:
                v = w
            w = o1[g][j] + n0[top - j]
            if w < v:
                v = w
        r = v - 1
        if forms:
            x = pairs - (c >= 2) + (c2 >= 2)
            lack = 7 - (kinds - ((c >= 2) | ((c == 1) & (caps[k] >= 2)))
                        + ((c2 >= 2) | ((c2 == 1) & (caps[k] >= 2))))
            x = 6 - x + (lack & -(lack > 0))
            if x < r:
                r = x
            if kok_ok:
                if IS_KOKUSHI_KIND[k]:
                    x = 13 - (tkinds - (c >= 1) + (c2 >= 1)) - (tpairs - (c >= 2) + (c2 >= 2) > 0)
                else:
                    x = 13 - tkinds - (tpairs > 0)
                if x < r:
                    r = x
        out[k] = r


cdef inline bint _suit_complete(const count_t* c, int* pairs) noexcept nogil:
    cdef int total
    cdef uint32_t r = _suit_rank(c, &total)
    pairs[0] += total % 3 == 2
    return (SUIT_COMPLETE[r >> 3] >> (r & 7)) & 1


cdef inline bint _agari_t(const count_t* counts, int t) noexcept nogil:
    """Agari of a hand of t tiles (any t)."""
    cdef int i, pairs = 0, bad = 0, x
    if t > 14 or t % 3 != 2:
        return False
    # honors: only triplets and one pair
    for i in range(27, 34):
        x = counts[i]
        bad |= (x == 1) | (x == 4)
        pairs += x == 2
    if not bad and pairs <= 1:
        if (_suit_complete(counts, &pairs) and _suit_complete(counts + 9, &pairs)
                and _suit_complete(counts + 18, &pairs) and pairs == 1):
            return True
    if t == 14:
        return _chiitoitsu(counts) == -1 or _kokushi(counts) == -1
    return False


cdef bint c_is_agari(const count_t* counts) noexcept nogil:
    return _agari_t(counts, _n_tiles(counts))


# ---------------------------------------------------------------------------
# Python wrappers

cdef str _kind_name(int k):
    if k < 27:
        return f"{k % 9 + 1}{'mps'[k // 9]}"
    return f"{k - 26}z"


cdef int _raise_bad_counts(const count_t* counts, int t) except -1:
    cdef int i
    for i in range(N_KINDS):
        if counts[i] > 4:
            raise TileCountError(
                f"counts: tile {_kind_name(i)} (kind {i}) held {counts[i]} times (at most 4)"
            )
    raise TileCountError(
        f"counts: a hand of {t} closed tiles is impossible "
        "(need 3n+1 or 3n+2 tiles, at most 14)"
    )


cdef inline int _validate(const count_t* counts) except -1:
    """The tile count, after checking every count <= 4 and a legal size."""
    cdef int t
    if _status(counts, &t) == ROW_OK:
        return t
    return _raise_bad_counts(counts, t)


cdef inline const count_t* _fast_counts(object obj) noexcept:
    """The data of a 34-byte ``bytes`` or a (34,) C-contiguous uint8 ndarray, else NULL."""
    cdef cnp.ndarray arr
    if type(obj) is bytes:
        if PyBytes_GET_SIZE(obj) == N_KINDS:
            return <const count_t*> PyBytes_AS_STRING(obj)
    elif type(obj) is cnp.ndarray:
        arr = <cnp.ndarray> obj
        if (cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(arr) == 1
                and cnp.PyArray_DIM(arr, 0) == N_KINDS and cnp.PyArray_IS_C_CONTIGUOUS(arr)):
            return <const count_t*> cnp.PyArray_DATA(arr)
    return NULL


cdef const count_t* _buffer_counts(object obj, Py_buffer* view) except NULL:
    """Acquire ``view`` on any other buffer, checked (the caller releases it)."""
    if type(obj) is bytes:
        raise ArrayError(f"counts: expected 34 bytes, got {PyBytes_GET_SIZE(obj)}")
    try:
        PyObject_GetBuffer(obj, view, PyBUF_FORMAT | PyBUF_STRIDES)
    except (TypeError, BufferError, ValueError):
        raise ArrayError(
            f"counts: expected bytes, bytearray or a uint8 numpy array of shape (34,), "
            f"got {type(obj).__name__}"
        ) from None
    try:
        if (view.format is NULL or not (view.format[0] == b'B' and view.format[1] == 0)
                or view.itemsize != 1):
            fmt = view.format.decode() if view.format is not NULL else "?"
            raise ArrayError(f"counts: expected dtype uint8, got buffer format {fmt!r}")
        if view.ndim != 1 or view.shape[0] != N_KINDS:
            shape = tuple(view.shape[i] for i in range(view.ndim))
            raise ArrayError(f"counts: expected shape (34,), got {shape}")
        if view.strides is not NULL and view.strides[0] != 1:
            raise ArrayError("counts: array is not C-contiguous")
    except BaseException:
        PyBuffer_Release(view)
        raise
    return <const count_t*> view.buf


cdef inline object _py_shanten(const count_t* c):
    return _shanten_t(c, _validate(c))


cdef inline object _py_shanten_regular(const count_t* c):
    return _regular(c, _validate(c))


cdef inline object _py_shanten_chiitoitsu(const count_t* c):
    cdef int t = _validate(c)
    if t != 13 and t != 14:
        raise TileCountError(f"counts: chiitoitsu needs 13 or 14 closed tiles, got {t}")
    return c_shanten_chiitoitsu(c)


cdef inline object _py_shanten_kokushi(const count_t* c):
    cdef int t = _validate(c)
    if t != 13 and t != 14:
        raise TileCountError(f"counts: kokushi needs 13 or 14 closed tiles, got {t}")
    return c_shanten_kokushi(c)


cdef inline object _py_is_agari(const count_t* c):
    return _agari_t(c, _validate(c))


cdef enum:
    FORM_ALL = 0
    FORM_REGULAR = 1
    FORM_CHIITOITSU = 2
    FORM_KOKUSHI = 3
    FORM_AGARI = 4


cdef inline bint _plain(object meld_counts, object n_players) noexcept:
    """The common case: no meld tiles held, four players (the tables alone)."""
    return meld_counts is None and type(n_players) is int and n_players == 4


cdef object _py_form_caps(const count_t* c, object meld_counts, object n_players, int form):
    """The forms under caps (three-player, meld tiles held); errors as the reference's."""
    cdef count_t caps[N_KINDS]
    cdef int t = _validate(c)
    cdef int k, x
    if ((meld_counts is None or form == FORM_AGARI) and type(n_players) is int and n_players == 3
            and not _has_2to8m(c)):
        c_make_caps(NULL, 3, caps)     # the common three-player call: checked here, in C
    else:
        values = caps_for(list((<const char*>c)[:N_KINDS]),
                          None if form == FORM_AGARI else meld_counts, n_players)
        for k in range(N_KINDS):
            caps[k] = values[k]
    if form == FORM_ALL:
        return _shanten_caps_t(c, caps, t)
    if form == FORM_REGULAR:
        return _regular_caps(c, caps, t)
    if form == FORM_AGARI:
        return _agari_t(c, t)
    if t != 13 and t != 14:
        name = "chiitoitsu" if form == FORM_CHIITOITSU else "kokushi"
        raise TileCountError(f"counts: {name} needs 13 or 14 closed tiles, got {t}")
    if form == FORM_CHIITOITSU:
        return _chiitoitsu_caps(c, caps)
    x = _kokushi_caps(c, caps)
    if x == KOKUSHI_NONE:
        raise ContextError("counts: kokushi is impossible: all four copies of a terminal or honor "
                           "are in the melds")
    return x


cdef object _form_caps(object counts, object meld_counts, object n_players, int form):
    cdef Py_buffer view
    cdef const count_t* c = _fast_counts(counts)
    if c is not NULL:
        return _py_form_caps(c, meld_counts, n_players, form)
    c = _buffer_counts(counts, &view)
    try:
        return _py_form_caps(c, meld_counts, n_players, form)
    finally:
        PyBuffer_Release(&view)


def shanten(counts, *, meld_counts=None, n_players=4):
    """Shanten of a closed hand: the minimum over regular, chiitoitsu and kokushi.

    ``-1`` is a complete hand, ``0`` tenpai.  Melds are implied by the tile count.
    ``meld_counts`` (the player's meld tiles held against the four copies) and
    ``n_players`` set the caps (riichi_fast.reference.analysis.shanten).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten(mpsz_to_counts("1111m111122233z")), shanten(mpsz_to_counts("1111m111122233z"), n_players=3)
    (1, 2)
    >>> shanten(mpsz_to_counts("123m456p789s1122z"))
    0
    >>> shanten(mpsz_to_counts("11223344556677z"))
    -1
    """
    cdef Py_buffer view
    cdef const count_t* c
    if not _plain(meld_counts, n_players):
        return _form_caps(counts, meld_counts, n_players, FORM_ALL)
    c = _fast_counts(counts)
    if c is not NULL:
        return _py_shanten(c)
    c = _buffer_counts(counts, &view)
    try:
        return _py_shanten(c)
    finally:
        PyBuffer_Release(&view)


def shanten_regular(counts, *, meld_counts=None, n_players=4):
    """Shanten of the regular form (t // 3 sets and a pair from t closed tiles).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten_regular(mpsz_to_counts("1111m234p567p789s"))
    1
    >>> shanten_regular(mpsz_to_counts("234m55p"))
    -1
    """
    cdef Py_buffer view
    cdef const count_t* c
    if not _plain(meld_counts, n_players):
        return _form_caps(counts, meld_counts, n_players, FORM_REGULAR)
    c = _fast_counts(counts)
    if c is not NULL:
        return _py_shanten_regular(c)
    c = _buffer_counts(counts, &view)
    try:
        return _py_shanten_regular(c)
    finally:
        PyBuffer_Release(&view)


def shanten_chiitoitsu(counts, *, meld_counts=None, n_players=4):
    """Shanten of the seven-pairs form (13 or 14 closed tiles; a quad is one pair).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten_chiitoitsu(mpsz_to_counts("1122334455667m"))
    0
    >>> shanten_chiitoitsu(mpsz_to_counts("1111223344556m"))
    2
    """
    cdef Py_buffer view
    cdef const count_t* c
    if not _plain(meld_counts, n_players):
        return _form_caps(counts, meld_counts, n_players, FORM_CHIITOITSU)
    c = _fast_counts(counts)
    if c is not NULL:
        return _py_shanten_chiitoitsu(c)
    c = _buffer_counts(counts, &view)
    try:
        return _py_shanten_chiitoitsu(c)
    finally:
        PyBuffer_Release(&view)


def shanten_kokushi(counts, *, meld_counts=None, n_players=4):
    """Shanten of the thirteen-orphans form (13 or 14 closed tiles).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten_kokushi(mpsz_to_counts("19m19p19s1234567z"))
    0
    """
    cdef Py_buffer view
    cdef const count_t* c
    if not _plain(meld_counts, n_players):
        return _form_caps(counts, meld_counts, n_players, FORM_KOKUSHI)
    c = _fast_counts(counts)
    if c is not NULL:
        return _py_shanten_kokushi(c)
    c = _buffer_counts(counts, &view)
    try:
        return _py_shanten_kokushi(c)
    finally:
        PyBuffer_Release(&view)


def is_agari(counts, *, n_players=4):
    """True when the closed tiles form a complete hand (sets and a pair, chiitoitsu, kokushi).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> is_agari(mpsz_to_counts("123m456p789s11222z"))
    True
    >>> is_agari(mpsz_to_counts("11223344556666z"))
    False
    """
    cdef Py_buffer view
    cdef const count_t* c
    if not _plain(None, n_players):
        return _form_caps(counts, None, n_players, FORM_AGARI)
    c = _fast_counts(counts)
    if c is not NULL:
        return _py_is_agari(c)
    c = _buffer_counts(counts, &view)
    try:
        return _py_is_agari(c)
    finally:
        PyBuffer_Release(&view)


cdef inline bint _has_2to8m(const count_t* c) noexcept nogil:
    return (c[1] | c[2] | c[3] | c[4] | c[5] | c[6] | c[7]) != 0


cdef enum:
    MIN_ROWS_PER_THREAD = 8192    # below this a thread costs more to start than it saves


def _useful_threads(n_threads, Py_ssize_t n):
    """``n_threads`` (validated), capped so each thread gets MIN_ROWS_PER_THREAD rows."""
    n_threads = check_n_threads(n_threads)
    return max(1, min(n_threads, n // MIN_ROWS_PER_THREAD))


def _as_batch(hands):
    if not isinstance(hands, np.ndarray):
        raise ArrayError(f"hands: expected a numpy uint8 array of shape (N, 34), "
                         f"got {type(hands).__name__}")
    if hands.dtype != np.uint8:
        raise ArrayError(f"hands: expected dtype uint8, got {hands.dtype}")
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise ArrayError(f"hands: expected shape (N, 34), got {hands.shape}")
    if not hands.flags.c_contiguous:
        raise ArrayError("hands: array is not C-contiguous")
    return hands


def shanten_batch(hands, *, n_threads=1, out=None, n_players=4):
    """Shanten of every row of a C-contiguous (N, 34) uint8 array.

    Returns ``(shanten, status)``: int8 and uint8 arrays of length N.  A bad row
    gets its :class:`~riichi_fast.enums.RowStatus` and ``SHANTEN_INVALID``;
    ``out`` (an int8 array of length N) receives the shanten when given.
    ``n_players=3``: three-player shanten; a row holding 2m-8m is
    ``COUNT_ABOVE_FOUR`` (more copies than exist).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> hands = np.stack([mpsz_to_counts("123m456p789s1122z"), mpsz_to_counts("111m")])
    >>> sh, status = shanten_batch(hands)
    >>> sh.tolist(), status.tolist()
    ([0, 127], [0, 1])
    """
    hands = _as_batch(hands)
    cdef bint sanma = _n_players(n_players) == 3
    cdef count_t caps[N_KINDS]
    c_make_caps(NULL, 3 if sanma else 4, caps)
    cdef Py_ssize_t n = hands.shape[0]
    if out is None:
        out = np.empty(n, dtype=np.int8)
    elif (not isinstance(out, np.ndarray) or out.dtype != np.int8 or out.shape != (n,)
          or not out.flags.c_contiguous or not out.flags.writeable):
        raise ArrayError(f"out: expected a writeable C-contiguous int8 array of shape ({n},)")
    status = np.empty(n, dtype=np.uint8)
    cdef const count_t[:, ::1] hv = hands
    cdef signed char[::1] ov = out
    cdef unsigned char[::1] sv = status

    def run(Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef int s, t
        with nogil:
            for i in range(start, stop):
                s = _status(&hv[i, 0], &t)
                if sanma and s == ROW_OK and _has_2to8m(&hv[i, 0]):
                    s = ROW_COUNT_ABOVE_FOUR
                sv[i] = s
                if s != ROW_OK:
                    ov[i] = SHANTEN_INVALID
                elif sanma:
                    ov[i] = _shanten_caps_t(&hv[i, 0], caps, t)
                else:
                    ov[i] = _shanten_t(&hv[i, 0], t)

    run_chunks(run, n, _useful_threads(n_threads, n))
    return out, status


def is_agari_batch(hands, *, n_threads=1, n_players=4):
    """Agari flag of every row of a C-contiguous (N, 34) uint8 array.

    Returns ``(agari, status)``: a bool array and a uint8 status array; a bad row
    is ``False`` with its :class:`~riichi_fast.enums.RowStatus` (in three-player,
    a row holding 2m-8m is ``COUNT_ABOVE_FOUR``).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> bad = np.zeros(34, dtype=np.uint8)
    >>> bad[4] = 5
    >>> hands = np.stack([mpsz_to_counts("123m456p789s11222z"), bad])
    >>> agari, status = is_agari_batch(hands)
    >>> agari.tolist(), status.tolist()
    ([True, False], [0, 2])
    """
    hands = _as_batch(hands)
    cdef bint sanma = _n_players(n_players) == 3
    cdef Py_ssize_t n = hands.shape[0]
    res = np.empty(n, dtype=np.bool_)
    status = np.empty(n, dtype=np.uint8)
    cdef const count_t[:, ::1] hv = hands
    cdef unsigned char[::1] rv = res.view(np.uint8)
    cdef unsigned char[::1] sv = status

    def run(Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef int s, t
        with nogil:
            for i in range(start, stop):
                s = _status(&hv[i, 0], &t)
                if sanma and s == ROW_OK and _has_2to8m(&hv[i, 0]):
                    s = ROW_COUNT_ABOVE_FOUR
                sv[i] = s
                rv[i] = _agari_t(&hv[i, 0], t) if s == ROW_OK else 0

    run_chunks(run, n, _useful_threads(n_threads, n))
    return res, status
