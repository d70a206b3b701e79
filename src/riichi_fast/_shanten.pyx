# Shanten and agari kernels.
#
# Shanten of a hand = (fewest tiles to draw to hold a complete hand) - 1, where a
# complete hand never holds a kind more than 4 times (so a tanki on a tile the hand
# already holds four of is no wait).  The regular form needs ``t // 3`` sets and a
# pair from the t closed tiles (melds implied by t, docs/INTERNALS.md).
#
# PROVISIONAL VERSION: a direct dynamic programme per suit (correct, slow); the
# table version replaces it.

from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_FORMAT, PyBUF_ND
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.string cimport memset

import numpy as np

from riichi_fast._types cimport (
    count_t, N_KINDS, ROW_OK, ROW_BAD_TILE_COUNT, ROW_COUNT_ABOVE_FOUR,
)
from riichi_fast._parallel import run_chunks
from riichi_fast.errors import ArrayError, TileCountError

cdef enum:
    INF = 64
    N_STATES = 15                 # (a, b) pending sequences with a + b <= 4
    N_LANES = 10                  # (m sets, p pairs): lane m * 2 + p


cdef int KOKUSHI_KINDS[13]
KOKUSHI_KINDS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

cdef signed char STATE_OF[5][5]
cdef unsigned char STATE_A[N_STATES]
cdef unsigned char STATE_B[N_STATES]


cdef void _init_states() noexcept:
    cdef int a, b, i = 0
    for a in range(5):
        for b in range(5):
            if a + b <= 4:
                STATE_OF[a][b] = i
                STATE_A[i] = a
                STATE_B[i] = b
                i += 1
            else:
                STATE_OF[a][b] = -1


_init_states()


cdef void _dp_position(unsigned char (*src)[N_LANES], unsigned char (*dst)[N_LANES],
                       int c, bint seq_ok) noexcept nogil:
    """One kind of a group: src states (before the kind) -> dst states (after it)."""
    cdef int st, a, b, lane, m, p, s, t, q, u, m2, cost, d, smax
    memset(dst, INF, N_STATES * N_LANES)
    for st in range(N_STATES):
        a = STATE_A[st]
        b = STATE_B[st]
        smax = 4 - a - b if seq_ok else 0
        for lane in range(N_LANES):
            if src[st][lane] >= INF:
                continue
            m = lane >> 1
            p = lane & 1
            for s in range(smax + 1):
                for t in range(2):
                    for q in range(2 - p):
                        u = a + b + s + 3 * t + 2 * q
                        m2 = m + s + t
                        if u > 4 or m2 > 4:
                            continue
                        cost = src[st][lane] + (u - c if u > c else 0)
                        d = STATE_OF[b][s]
                        if cost < dst[d][m2 * 2 + p + q]:
                            dst[d][m2 * 2 + p + q] = cost


cdef void _group_distance(const count_t* counts, int n, bint seqs,
                          unsigned char* out) noexcept nogil:
    """out[m*2+p]: fewest tiles to add so the group holds m sets and p pairs."""
    cdef unsigned char buf0[N_STATES][N_LANES]
    cdef unsigned char buf1[N_STATES][N_LANES]
    cdef int i, lane
    memset(buf0, INF, sizeof(buf0))
    buf0[0][0] = 0
    for i in range(n):
        if i % 2 == 0:
            _dp_position(buf0, buf1, counts[i], seqs and i <= 6)
        else:
            _dp_position(buf1, buf0, counts[i], seqs and i <= 6)
    for lane in range(N_LANES):
        out[lane] = buf1[0][lane] if n % 2 == 1 else buf0[0][lane]


cdef void _combine(const unsigned char* x, const unsigned char* y,
                   unsigned char* out) noexcept nogil:
    """Min-plus convolution of two (m, p) lane vectors."""
    cdef int m1, p1, m2, p2, v
    memset(out, INF, N_LANES)
    for m1 in range(5):
        for p1 in range(2):
            for m2 in range(5 - m1):
                for p2 in range(2 - p1):
                    v = x[m1 * 2 + p1] + y[m2 * 2 + p2]
                    if v < out[(m1 + m2) * 2 + p1 + p2]:
                        out[(m1 + m2) * 2 + p1 + p2] = v


cdef inline int _n_tiles(const count_t* counts) noexcept nogil:
    cdef int i, t = 0
    for i in range(N_KINDS):
        t += counts[i]
    return t


cdef int c_check_counts(const count_t* counts) noexcept nogil:
    cdef int i, t = 0, mx = 0
    for i in range(N_KINDS):
        t += counts[i]
        mx |= counts[i]
    if mx > 4:
        for i in range(N_KINDS):
            if counts[i] > 4:
                return ROW_COUNT_ABOVE_FOUR
    if t > 14 or t % 3 == 0:
        return ROW_BAD_TILE_COUNT
    return ROW_OK


cdef int c_shanten_regular(const count_t* counts) noexcept nogil:
    cdef unsigned char g[4][N_LANES]
    cdef unsigned char ab[N_LANES]
    cdef unsigned char abc[N_LANES]
    cdef unsigned char full[N_LANES]
    cdef int t = _n_tiles(counts)
    if t > 14 or t % 3 == 0:
        return SHANTEN_INVALID
    _group_distance(counts, 9, True, g[0])
    _group_distance(counts + 9, 9, True, g[1])
    _group_distance(counts + 18, 9, True, g[2])
    _group_distance(counts + 27, 7, False, g[3])
    _combine(g[0], g[1], ab)
    _combine(ab, g[2], abc)
    _combine(abc, g[3], full)
    return full[(t // 3) * 2 + 1] - 1


cdef int c_shanten_chiitoitsu(const count_t* counts) noexcept nogil:
    cdef int i, t = 0, pairs = 0, kinds = 0
    for i in range(N_KINDS):
        t += counts[i]
        pairs += counts[i] >= 2
        kinds += counts[i] >= 1
    if t != 13 and t != 14:
        return SHANTEN_INVALID
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


cdef int c_shanten_kokushi(const count_t* counts) noexcept nogil:
    cdef int i, k, t = 0, kinds = 0, pair = 0
    for i in range(N_KINDS):
        t += counts[i]
    if t != 13 and t != 14:
        return SHANTEN_INVALID
    for i in range(13):
        k = KOKUSHI_KINDS[i]
        kinds += counts[k] >= 1
        pair |= counts[k] >= 2
    return 13 - kinds - pair


cdef int c_shanten(const count_t* counts) noexcept nogil:
    cdef int r = c_shanten_regular(counts)
    cdef int c = c_shanten_chiitoitsu(counts)
    cdef int k = c_shanten_kokushi(counts)
    if c < r:
        r = c
    if k < r:
        r = k
    return r


cdef bint c_is_agari(const count_t* counts) noexcept nogil:
    cdef int t = _n_tiles(counts)
    if t > 14 or t % 3 != 2:
        return False
    return c_shanten(counts) == -1


# ---------------------------------------------------------------------------
# Python wrappers

cdef str _kind_name(int k):
    if k < 27:
        return f"{k % 9 + 1}{'mps'[k // 9]}"
    return f"{k - 26}z"


cdef int _validate(const count_t* counts) except -1:
    cdef int i, t = 0
    for i in range(N_KINDS):
        if counts[i] > 4:
            raise TileCountError(
                f"counts: tile {_kind_name(i)} (kind {i}) held {counts[i]} times (at most 4)"
            )
        t += counts[i]
    if t > 14 or t % 3 == 0:
        raise TileCountError(
            f"counts: a hand of {t} closed tiles is impossible "
            "(need 3n+1 or 3n+2 tiles, at most 14)"
        )
    return t


cdef class _Counts:
    """Holds a validated 34-count buffer for the duration of a call."""
    cdef Py_buffer view
    cdef bint has_view
    cdef const count_t* ptr

    def __dealloc__(self):
        if self.has_view:
            PyBuffer_Release(&self.view)


cdef const count_t* _get_counts(object obj, _Counts holder) except NULL:
    if type(obj) is bytes:
        if PyBytes_GET_SIZE(obj) != N_KINDS:
            raise ArrayError(f"counts: expected 34 bytes, got {PyBytes_GET_SIZE(obj)}")
        return <const count_t*> PyBytes_AS_STRING(obj)
    try:
        PyObject_GetBuffer(obj, &holder.view, PyBUF_FORMAT | PyBUF_ND)
    except (TypeError, BufferError, ValueError):
        raise ArrayError(
            f"counts: expected bytes, bytearray or a uint8 numpy array of shape (34,), "
            f"got {type(obj).__name__}"
        ) from None
    holder.has_view = True
    cdef Py_buffer* v = &holder.view
    if v.format is NULL or not (v.format[0] == b'B' and v.format[1] == 0) or v.itemsize != 1:
        fmt = v.format.decode() if v.format is not NULL else "?"
        raise ArrayError(f"counts: expected dtype uint8, got buffer format {fmt!r}")
    if v.ndim != 1 or v.shape[0] != N_KINDS:
        shape = tuple(v.shape[i] for i in range(v.ndim))
        raise ArrayError(f"counts: expected shape (34,), got {shape}")
    if v.strides is not NULL and v.strides[0] != 1:
        raise ArrayError("counts: array is not C-contiguous")
    return <const count_t*> v.buf


def shanten(counts):
    """Shanten of a closed hand: min of regular, chiitoitsu and kokushi; -1 = complete."""
    cdef _Counts h = _Counts.__new__(_Counts)
    cdef const count_t* c = _get_counts(counts, h)
    _validate(c)
    return c_shanten(c)


def shanten_regular(counts):
    """Shanten of the regular form (sets and a pair); melds implied by the tile count."""
    cdef _Counts h = _Counts.__new__(_Counts)
    cdef const count_t* c = _get_counts(counts, h)
    _validate(c)
    return c_shanten_regular(c)


def shanten_chiitoitsu(counts):
    """Shanten of the seven-pairs form (13 or 14 closed tiles)."""
    cdef _Counts h = _Counts.__new__(_Counts)
    cdef const count_t* c = _get_counts(counts, h)
    cdef int t = _validate(c)
    if t != 13 and t != 14:
        raise TileCountError(f"counts: chiitoitsu needs 13 or 14 closed tiles, got {t}")
    return c_shanten_chiitoitsu(c)


def shanten_kokushi(counts):
    """Shanten of the thirteen-orphans form (13 or 14 closed tiles)."""
    cdef _Counts h = _Counts.__new__(_Counts)
    cdef const count_t* c = _get_counts(counts, h)
    cdef int t = _validate(c)
    if t != 13 and t != 14:
        raise TileCountError(f"counts: kokushi needs 13 or 14 closed tiles, got {t}")
    return c_shanten_kokushi(c)


def is_agari(counts):
    """True when the closed tiles form a complete hand."""
    cdef _Counts h = _Counts.__new__(_Counts)
    cdef const count_t* c = _get_counts(counts, h)
    _validate(c)
    return c_is_agari(c)


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


def shanten_batch(hands, *, n_threads=1, out=None):
    """Shanten of every row of an (N, 34) uint8 array: (shanten int8, status uint8)."""
    hands = _as_batch(hands)
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
        cdef int s
        with nogil:
            for i in range(start, stop):
                s = c_check_counts(&hv[i, 0])
                sv[i] = s
                ov[i] = c_shanten(&hv[i, 0]) if s == ROW_OK else SHANTEN_INVALID

    run_chunks(run, n, n_threads)
    return out, status


def is_agari_batch(hands, *, n_threads=1):
    """Agari flag of every row of an (N, 34) uint8 array: (bool, status uint8)."""
    hands = _as_batch(hands)
    cdef Py_ssize_t n = hands.shape[0]
    res = np.empty(n, dtype=np.bool_)
    status = np.empty(n, dtype=np.uint8)
    cdef const count_t[:, ::1] hv = hands
    cdef unsigned char[::1] rv = res.view(np.uint8)
    cdef unsigned char[::1] sv = status

    def run(Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef int s
        with nogil:
            for i in range(start, stop):
                s = c_check_counts(&hv[i, 0])
                sv[i] = s
                rv[i] = c_is_agari(&hv[i, 0]) if s == ROW_OK else 0

    run_chunks(run, n, n_threads)
    return res, status
