# Compiled readers of the tile and hand forms users hold: one-line hand strings
# (mpsz plus meld tokens), 136-id lists/tuples, numpy counts or ids of any
# integer dtype, bytes, and Hand objects, read on the stack; the fast
# constructors of Hand.parse, Hand.from_ids, Hand.from_counts, parse_tiles and
# format_tiles; and the cdef readers riichi_fast._inputs (the compiled public
# analysis functions) and others cimport (_tiles.pxd).
#
# Twin: the Python code of riichi_fast.tiles and riichi_fast.hand.
#
# Exactness rule (as in _score_api): a reader accepts only inputs whose meaning
# is plain and valid; anything else returns None / -1 and the Python code
# decides, which answers or raises exactly as it always did.  So both paths give
# the same answers and the same errors (tests/core/test_inputs.py compares them under
# hypothesis for every input form, bad input included).  This module imports no
# kernel (importing riichi_fast stays cheap) and nothing of riichi_fast in Python:
# riichi_fast.hand binds the classes it builds.

cimport cython
from libc.stdint cimport uint8_t, int64_t, uint64_t
from libc.string cimport memcmp, memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport PyUnicode_FromStringAndSize
from cpython.list cimport PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_SIZE
from cpython.object cimport PyObject

cimport numpy as cnp

from riichi_fast._types cimport count_t

cnp.import_array()

cdef extern from *:
    """
    #include <Python.h>
    static int rf_set_dict(PyObject* obj, PyObject* d) { return PyObject_GenericSetDict(obj, d, NULL); }
    """
    int rf_set_dict(object obj, object d) except -1

cdef extern from *:
    """
    #define rf_list_items(o) (((PyListObject*)(o))->ob_item)
    #define rf_tuple_items(o) (((PyTupleObject*)(o))->ob_item)
    #define rf_exact_int(o) PyLong_CheckExact(o)
    #if defined(_MSC_VER)
    #include <intrin.h>
    #define rf_popcount(x) ((int)__popcnt64(x))
    #else
    #define rf_popcount(x) __builtin_popcountll(x)
    #endif
    /* an exact int's value when it is small and not negative, else -1 (any other value) */
    #if PY_VERSION_HEX >= 0x030C0000
    #define rf_small_value(o) (PyUnstable_Long_IsCompact((PyLongObject*)(o)) ? \
        (long)PyUnstable_Long_CompactValue((PyLongObject*)(o)) : -1L)
    #else
    #define rf_small_value(o) (Py_SIZE(o) == 0 ? 0L : Py_SIZE(o) == 1 ? (long)((PyLongObject*)(o))->ob_digit[0] : -1L)
    #endif
    #define rf_compact_ascii(o) PyUnicode_IS_COMPACT_ASCII(o)
    #define rf_unicode_data(o) PyUnicode_DATA(o)
    """
    bint rf_compact_ascii(object o)
    const void* rf_unicode_data(object o)
    PyObject** rf_list_items(object o)
    PyObject** rf_tuple_items(object o)
    bint rf_exact_int(PyObject* o)
    long rf_small_value(PyObject* o)
    int rf_popcount(uint64_t x) noexcept


cdef tuple _SMALL = tuple(range(-1, 137))        # cached ints for ids and kinds
cdef const char* _SUIT_CHARS = b"mpsz"


# ---------------------------------------------------------------------------
# bound Python objects (riichi_fast.hand imports this module)

cdef object _Hand = None
cdef object _Meld = None
cdef tuple _DEFAULT_RED = None
cdef uint8_t _RED_C[34]            # red copies per kind under the default rules (one red 5m, 5p, 5s)
memset(_RED_C, 0, 34)
_RED_C[4] = _RED_C[13] = _RED_C[22] = 1
cdef list _MELD_TYPES = None      # MeldType members by code
cdef object _MELD_TYPE_CLS = None  # MeldType


cdef int _ensure_bound() except -1:
    """Bind the classes when riichi_fast.hand has not (pure-Python mode, where it does not use us)."""
    from riichi_fast.enums import MeldType
    from riichi_fast.hand import Hand, Meld
    from riichi_fast.tiles import DEFAULT_RED
    if _Hand is None:
        _bind_hand(Hand, Meld, DEFAULT_RED, MeldType)
    return 0


def _bind_hand(hand_cls, meld_cls, default_red, meld_types):
    """Called once by riichi_fast.hand: the classes the fast constructors build."""
    global _Hand, _Meld, _DEFAULT_RED, _MELD_TYPES, _MELD_TYPE_CLS
    cdef int k
    _Hand = hand_cls
    _Meld = meld_cls
    _DEFAULT_RED = default_red
    for k in range(34):
        if _RED_C[k] != default_red[k]:
            raise ValueError("riichi_fast._inputs: the default red configuration changed: update _RED_C")
    _MELD_TYPES = [None] + [meld_types(t) for t in range(1, 7)]
    _MELD_TYPE_CLS = meld_types


# ---------------------------------------------------------------------------
# one-line hand text

# Parsed (the struct c_parse_text fills) and MAX_PARSE are declared in _tiles.pxd


cdef inline int _take(Parsed* p, int kind, bint red, const uint8_t* red_c) noexcept:
    """The lowest free id of ``kind`` (red ones for a red tile, plain ones otherwise); -1 if none."""
    cdef int i, lo, hi
    cdef uint8_t used = p.used[kind]
    if red:
        lo, hi = 0, red_c[kind]
    else:
        lo, hi = red_c[kind], 4
    for i in range(lo, hi):
        if not (used >> i) & 1:
            p.used[kind] = used | (1 << i)
            return 4 * kind + i
    return -1


cdef inline bint _space(Py_UCS4 c) noexcept:
    return c == 32 or c == 9 or c == 10 or c == 13


cdef inline int _suit_of(Py_UCS4 c) noexcept:
    if c == 109:
        return 0
    if c == 112:
        return 1
    if c == 115:
        return 2
    if c == 122:
        return 3
    return -1


cdef int _closed_group(const unsigned char* text, Py_ssize_t i, Py_ssize_t j, Parsed* p,
                       const uint8_t* red_c) noexcept:
    """Closed tiles text[i:j] (digits and suit letters, no 'r'), allocated in order; 0, or -1 if not plain."""
    cdef Py_ssize_t start = i, q
    cdef int suit, d, kind, t
    cdef Py_UCS4 c
    while i < j:
        c = text[i]
        if 48 <= c <= 57:
            i += 1
            continue
        suit = _suit_of(c)
        if suit < 0 or i == start:
            return -1
        for q in range(start, i):
            d = <int>(<Py_UCS4>text[q]) - 48
            if suit == 3:
                if d == 0 or d > 7:
                    return -1
                kind = 26 + d
            else:
                kind = 9 * suit + (4 if d == 0 else d - 1)
            if p.n_closed == MAX_PARSE:
                return -1
            t = _take(p, kind, d == 0, red_c)
            if t < 0:
                return -1
            p.closed[p.n_closed] = <uint8_t>t
            p.n_closed += 1
        i += 1
        start = i
    return 0 if start == j else -1


cdef int _meld_token(const unsigned char* text, Py_ssize_t i, Py_ssize_t j, Parsed* p,
                     const uint8_t* red_c) noexcept:
    """One meld token text[i:j] (chi/pon/kan/ankan/kakan, keyword or shorthand); 0, or -1 if not plain."""
    cdef Py_ssize_t colon = -1, at = -1, q
    cdef int t = 0, seat = 0, star = -1, nd = 0, nk = 0, suit = -1, s, d, m, lo, hi, first, fk, fr
    cdef int digits[4]
    cdef int kinds[4]
    cdef int ids[4]
    cdef Py_UCS4 c
    if p.n_melds == 4:
        return -1
    for q in range(i, j):
        c = text[q]
        if c == 58 and colon < 0:
            colon = q
    if colon >= 0:
        t = _keyword(<const char*>text + i, colon - i)
        if t < 0:
            return -1
        i = colon + 1
    for q in range(i, j):
        if <Py_UCS4>text[q] == 64:
            at = q
            break
    if at >= 0:
        if at + 2 != j:
            return -1
        c = text[at + 1]
        if not 49 <= c <= 51 or t == 4:
            return -1
        seat = <int>c - 48
        j = at
    # body: digits (a '*' after one), then suit letters; every group one suit
    q = i
    while q < j:
        c = text[q]
        if 48 <= c <= 57:
            if nd == 4:
                return -1
            digits[nd] = <int>c - 48
            nd += 1
        elif c == 42:
            if star >= 0 or q == i or not (48 <= <Py_UCS4>text[q - 1] <= 57) or t == 4:
                return -1
            star = nd - 1
        else:
            s = _suit_of(c)
            if s < 0 or nd == nk:           # a suit letter needs digits since the last one
                return -1
            if suit >= 0 and s != suit:
                return -1
            suit = s
            for d in range(nk, nd):
                if kinds_set(kinds, d, digits[d], suit) < 0:
                    return -1
            nk = nd
        q += 1
    if nd == 0 or suit < 0 or nk != nd:     # no tiles, or digits after the last suit letter
        return -1
    lo = hi = kinds[0]
    for d in range(1, nd):
        lo = min(lo, kinds[d])
        hi = max(hi, kinds[d])
    if t == 0:                              # shorthand: the type follows from the tiles
        if lo == hi and nd == 3:
            t = 2
        elif lo == hi and nd == 4:
            t = 3
        elif nd == 3:
            t = 1
        else:
            return -1
    if nd != (3 if t <= 2 else 4):
        return -1
    if t == 1:
        if lo >= 27 or lo % 9 > 6 or hi != lo + 2 or (seat != 0 and seat != 3):
            return -1
        if kinds[0] == kinds[1] or kinds[0] == kinds[2] or kinds[1] == kinds[2]:
            return -1
    elif lo != hi:
        return -1
    for d in range(nd):
        ids[d] = _take(p, kinds[d], digits[d] == 0, red_c)
        if ids[d] < 0:
            return -1
    m = p.n_melds
    p.mtype[m] = t
    p.msize[m] = nd
    if t == 4:
        p.called[m] = -1
        p.seat[m] = 0
    else:
        first = ids[star if star >= 0 else 0]
        fk = first >> 2
        fr = (first & 3) < red_c[fk]
        p.called[m] = first
        for d in range(nd):                 # the first written copy that looks like it: the lowest such id
            if (ids[d] >> 2) == fk and ((ids[d] & 3) < red_c[fk]) == fr and ids[d] < p.called[m]:
                p.called[m] = ids[d]
        p.seat[m] = seat if seat else 3
    _sort_small(ids, nd)
    for d in range(nd):
        p.mids[m][d] = <uint8_t>ids[d]
    p.n_melds += 1
    return 0


cdef inline bint _is(const char* w, Py_ssize_t n, const char* word, Py_ssize_t m) noexcept:
    return n == m and memcmp(w, word, n) == 0


cdef int _keyword(const char* w, Py_ssize_t n) noexcept:
    """The meld type of a keyword (chi pon kan daiminkan minkan ankan kakan shouminkan), -1 otherwise."""
    if _is(w, n, b"chi", 3):
        return 1
    if _is(w, n, b"pon", 3):
        return 2
    if _is(w, n, b"kan", 3) or _is(w, n, b"daiminkan", 9) or _is(w, n, b"minkan", 6):
        return 3
    if _is(w, n, b"ankan", 5):
        return 4
    if _is(w, n, b"kakan", 5) or _is(w, n, b"shouminkan", 10):
        return 5
    return -1


cdef inline int kinds_set(int* kinds, int d, int digit, int suit) noexcept:
    if suit == 3:
        if digit == 0 or digit > 7:
            return -1
        kinds[d] = 26 + digit
    else:
        kinds[d] = 9 * suit + (4 if digit == 0 else digit - 1)
    return 0


cdef inline void _sort_small(int* a, int n) noexcept:
    cdef int i, j, v
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


cdef bint c_parse_text(str s, Parsed* p, const uint8_t* red_c, bint melds_ok) noexcept:
    """Parse a one-line hand (or, with ``melds_ok`` False, closed tiles only); False if not plain.

    The closed tiles are allocated first, in the order written, then the melds in order (as
    Hand.parse does).  Only an ASCII string can be plain: it is read as bytes."""
    cdef Py_ssize_t n = len(s), i = 0, j, q
    cdef const unsigned char* text
    cdef Py_ssize_t mstart[8]
    cdef Py_ssize_t mend[8]
    cdef int nm = 0, k
    cdef bint meld
    cdef Py_UCS4 c
    if not rf_compact_ascii(s):
        return False
    text = <const unsigned char*>rf_unicode_data(s)
    memset(p.used, 0, 34)
    p.n_closed = 0
    p.n_melds = 0
    while i < n:
        c = text[i]
        if _space(c):
            i += 1
            continue
        j = i
        meld = False
        while j < n:
            c = text[j]
            if _space(c):
                break
            if c == 58 or c == 64 or c == 42:
                meld = True
            elif c > 122 or c < 48:
                return False
            j += 1
        if meld:
            if not melds_ok or nm == 8:
                return False
            mstart[nm] = i
            mend[nm] = j
            nm += 1
        elif _closed_group(text, i, j, p, red_c) < 0:
            return False
        i = j
    for k in range(nm):
        if _meld_token(text, mstart[k], mend[k], p, red_c) < 0:
            return False
    return True


cdef inline int _counts_of_parsed(Parsed* p, count_t* out) noexcept:
    cdef int i
    memset(out, 0, 34)
    for i in range(p.n_closed):
        out[p.closed[i] >> 2] += 1
    return p.n_closed


cdef tuple _sorted_ids_tuple(const uint8_t* ids, int n):
    """The ids as an ascending tuple of ints (a counting pass over 136 slots)."""
    cdef uint8_t seen[136]
    cdef int i, t, w = 0
    cdef tuple out = PyTuple_New(n)
    memset(seen, 0, 136)
    for i in range(n):
        seen[ids[i]] = 1
    for t in range(136):
        if seen[t]:
            v = _SMALL[t + 1]
            Py_INCREF(v)
            PyTuple_SET_ITEM(out, w, v)
            w += 1
    return out


cdef object _new_meld(int mtype, const uint8_t* ids, int n, int called, int seat):
    cdef tuple tiles = PyTuple_New(n)
    cdef int d
    for d in range(n):
        v = _SMALL[ids[d] + 1]
        Py_INCREF(v)
        PyTuple_SET_ITEM(tiles, d, v)
    m = _Meld.__new__(_Meld)
    rf_set_dict(m, {"type": _MELD_TYPES[mtype], "tiles": tiles,
                    "called": None if called < 0 else _SMALL[called + 1],
                    "from_seat": None if seat == 0 else _SMALL[seat + 1]})
    return m


cdef object _new_hand(tuple closed, tuple melds):
    h = _Hand.__new__(_Hand)
    rf_set_dict(h, {"closed": closed, "melds": melds, "red": _DEFAULT_RED})
    return h


def parse_hand(text):
    """A Hand from a plain one-line hand string under the default red rules, or None (Hand.parse decides).

    >>> parse_hand("123m406p11z chi:3*45p pon:777z@2") == __import__("riichi_fast").Hand.parse(
    ...     "123m406p11z chi:3*45p pon:777z@2")
    True
    >>> parse_hand("11111m") is None
    True
    """
    cdef Parsed p
    cdef int k
    cdef tuple melds
    if type(text) is not str:
        return None
    if _Hand is None:
        _ensure_bound()
    if not c_parse_text(<str>text, &p, _RED_C, True):
        return None
    if p.n_closed + 3 * p.n_melds != 13 and p.n_closed + 3 * p.n_melds != 14:
        return None
    melds = PyTuple_New(p.n_melds)
    for k in range(p.n_melds):
        m = _new_meld(p.mtype[k], p.mids[k], p.msize[k], p.called[k], p.seat[k])
        Py_INCREF(m)
        PyTuple_SET_ITEM(melds, k, m)
    return _new_hand(_sorted_ids_tuple(p.closed, p.n_closed), melds)


def parse_tiles(text):
    """Sorted 136-ids of a plain mpsz string under the default red rules, or None (tiles.parse_tiles decides).

    >>> parse_tiles("406p"), parse_tiles("5555m")
    ((48, 52, 56), None)
    """
    cdef Parsed p
    if type(text) is not str or not c_parse_text(<str>text, &p, _RED_C, False):
        return None
    return _sorted_ids_tuple(p.closed, p.n_closed)


cdef int c_ids_seq(object obj, uint8_t* ids, int cap) noexcept:
    """A list or tuple of at most ``cap`` distinct exact ints 0..135 into ids; its length, or -1."""
    cdef Py_ssize_t i, n
    cdef uint64_t m0 = 0, m1 = 0, m2 = 0, b
    cdef long t, w
    cdef PyObject** items
    cdef PyObject* v
    if type(obj) is list:
        n = PyList_GET_SIZE(obj)
        items = rf_list_items(obj)
    elif type(obj) is tuple:
        n = PyTuple_GET_SIZE(obj)
        items = rf_tuple_items(obj)
    else:
        return -1
    if n > cap:
        return -1
    for i in range(n):
        v = items[i]
        if not rf_exact_int(v):
            return -1
        t = rf_small_value(v)
        if t < 0 or t >= 136:
            return -1
        ids[i] = <uint8_t>t
        b = (<uint64_t>1) << (t & 63)       # the ids as a 136-bit set, in registers
        w = t >> 6
        m0 |= b if w == 0 else 0
        m1 |= b if w == 1 else 0
        m2 |= b if w == 2 else 0
    if rf_popcount(m0) + rf_popcount(m1) + rf_popcount(m2) != n:    # an id given twice
        return -1
    return <int>n


def hand_from_ids(closed):
    """A meld-less Hand from 13/14 distinct ids (an exact list/tuple of ints), or None (Hand.from_ids decides).

    >>> str(hand_from_ids(list(range(0, 52, 4))))
    '123406789m1234p'
    """
    cdef uint8_t ids[14]
    cdef int n
    if _Hand is None:
        _ensure_bound()
    n = c_ids_seq(closed, ids, 14)
    if n != 13 and n != 14:
        return None
    return _new_hand(_sorted_ids_tuple(ids, n), ())


def hand_from_counts(counts):
    """A meld-less Hand from 34 counts (bytes or a (34,) uint8 array) as Hand.from_counts places them, or None.

    >>> str(hand_from_counts(bytes([0, 0, 0, 0, 4] + [1] * 9 + [0] * 20)))
    '05556789m12345p'
    """
    cdef const uint8_t* src = c_counts_ptr(counts)
    cdef uint8_t ids[14]
    cdef int k, i, c, r, n = 0
    if src is NULL:
        return None
    if _Hand is None:
        _ensure_bound()
    for k in range(34):
        c = src[k]
        if c > 4:
            return None
        if n + c > 14:
            return None
        r = _RED_C[k]
        for i in range(c):                 # plain ids first, then the red ones
            ids[n] = <uint8_t>(4 * k + (r + i if i < 4 - r else i - (4 - r)))
            n += 1
    if n != 13 and n != 14:
        return None
    return _new_hand(_sorted_ids_tuple(ids, n), ())


cdef const uint8_t* c_counts_ptr(object obj) noexcept:
    """The data of 34 bytes, a 34-byte bytearray or a (34,) C-contiguous uint8 array; NULL otherwise."""
    cdef cnp.ndarray arr
    if type(obj) is bytes:
        if PyBytes_GET_SIZE(obj) == 34:
            return <const uint8_t*>PyBytes_AS_STRING(obj)
    elif type(obj) is cnp.ndarray:
        arr = <cnp.ndarray>obj
        if (cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(arr) == 1
                and cnp.PyArray_DIM(arr, 0) == 34 and cnp.PyArray_IS_C_CONTIGUOUS(arr)):
            return <const uint8_t*>cnp.PyArray_DATA(arr)
    elif type(obj) is bytearray:
        if PyByteArray_GET_SIZE(obj) == 34:
            return <const uint8_t*>PyByteArray_AS_STRING(obj)
    return NULL


def format_ids(tiles):
    """mpsz of an exact list/tuple of distinct ids under the default red rules, or None (format_tiles decides).

    >>> format_ids([0, 4, 8, 52, 53, 135])
    '123m05p7z'
    """
    cdef uint8_t ids[136]
    cdef uint8_t seen[136]
    cdef char buf[300]
    cdef int n, i, t, k, suit, cur = -1, w = 0
    n = c_ids_seq(tiles, ids, 136)
    if n < 0:
        return None
    memset(seen, 0, 136)
    for i in range(n):
        seen[ids[i]] = 1
    for t in range(136):
        if not seen[t]:
            continue
        k = t >> 2
        suit = k // 9 if k < 27 else 3
        if suit != cur:
            if cur >= 0:
                buf[w] = _SUIT_CHARS[cur]
                w += 1
            cur = suit
        if suit == 3:
            buf[w] = <char>(48 + k - 26)
            w += 1
        elif (t & 3) < _RED_C[k]:
            if k % 9 == 4:
                buf[w] = 48
                w += 1
            else:
                buf[w] = <char>(48 + k % 9 + 1)
                buf[w + 1] = 114        # 'r'
                w += 2
        else:
            buf[w] = <char>(48 + k % 9 + 1)
            w += 1
    if cur >= 0:
        buf[w] = _SUIT_CHARS[cur]
        w += 1
    return PyUnicode_FromStringAndSize(buf, w)


# ---------------------------------------------------------------------------
# any hand form -> closed counts (and meld counts)

cdef inline int64_t _array_item(const char* p, int itemsize, bint signed_) noexcept:
    """One native integer of ``itemsize`` bytes (an unsigned one above 1000 reads as 1000: out of range)."""
    cdef uint64_t u
    if signed_:
        if itemsize == 1:
            return <int64_t>(<const signed char*>p)[0]
        if itemsize == 2:
            return <int64_t>(<const short*>p)[0]
        if itemsize == 4:
            return <int64_t>(<const int*>p)[0]
        return <int64_t>(<const long long*>p)[0]
    if itemsize == 1:
        u = (<const unsigned char*>p)[0]
    elif itemsize == 2:
        u = (<const unsigned short*>p)[0]
    elif itemsize == 4:
        u = (<const unsigned int*>p)[0]
    else:
        u = (<const unsigned long long*>p)[0]
    return <int64_t>(u if u < 1000 else 1000)


cdef int c_array_counts(object obj, count_t* out, uint8_t* ids) noexcept:
    """A 1-d native integer array: (34,) counts, or at most 14 distinct ids (copied into ``ids`` when not
    NULL); the tile count or -1 (also for an object that is not an exact numpy array)."""
    if type(obj) is not cnp.ndarray:
        return -1
    cdef cnp.ndarray arr = <cnp.ndarray>obj
    cdef int typenum = cnp.PyArray_TYPE(arr), itemsize = <int>cnp.PyArray_ITEMSIZE(arr), k, t = 0
    cdef char kind
    cdef Py_ssize_t n, stride, i
    cdef const char* data
    cdef int64_t v
    cdef uint64_t seen[3]
    if cnp.PyArray_ISSIGNED(arr):
        kind = b'i'
    elif cnp.PyArray_ISUNSIGNED(arr):
        kind = b'u'
    else:
        return -1
    if cnp.PyArray_NDIM(arr) != 1 or not cnp.PyArray_ISNOTSWAPPED(arr) or typenum == cnp.NPY_BOOL:
        return -1
    if itemsize != 1 and itemsize != 2 and itemsize != 4 and itemsize != 8:
        return -1
    n = cnp.PyArray_DIM(arr, 0)
    stride = cnp.PyArray_STRIDE(arr, 0)
    data = <const char*>cnp.PyArray_DATA(arr)
    memset(out, 0, 34)
    if n == 34:
        for i in range(34):
            v = _array_item(data + i * stride, itemsize, kind == b'i')
            if v < 0 or v > 4:
                return -1
            out[i] = <count_t>v
            t += <int>v
        return t
    if n > 14:
        return -1
    seen[0] = seen[1] = seen[2] = 0
    for i in range(n):
        v = _array_item(data + i * stride, itemsize, kind == b'i')
        if v < 0 or v >= 136 or (seen[v >> 6] >> (v & 63)) & 1:
            return -1
        seen[v >> 6] |= (<uint64_t>1) << (v & 63)
        out[v >> 2] += 1
        if ids is not NULL:
            ids[i] = <uint8_t>v
    return <int>n


cdef int c_closed_counts(object hand, count_t* out, count_t* melded) noexcept:
    """Closed counts of any plain hand form (and, when ``melded`` is not NULL, the counts of its meld
    tiles, kita included); the closed tile count, or -1 when the Python path must decide."""
    cdef const uint8_t* src
    cdef uint8_t ids[14]
    cdef Parsed p
    cdef int n, i, k, t = 0
    cdef Py_ssize_t j, nm
    cdef tuple closed, melds, tiles
    if melded is not NULL:
        memset(melded, 0, 34)
    if type(hand) is list or type(hand) is tuple:
        n = c_ids_seq(hand, ids, 14)
        if n < 0:
            return -1
        memset(out, 0, 34)
        for i in range(n):
            out[ids[i] >> 2] += 1
        return n
    if type(hand) is str:
        if not c_parse_text(<str>hand, &p, _RED_C, True):
            return -1
        if p.n_melds and p.n_closed + 3 * p.n_melds != 13 and p.n_closed + 3 * p.n_melds != 14:
            return -1                       # with melds it is read as a Hand (13 or 14 tiles)
        if melded is not NULL:
            for k in range(p.n_melds):
                for i in range(p.msize[k]):
                    melded[p.mids[k][i] >> 2] += 1
        return _counts_of_parsed(&p, out)
    if type(hand) is _Hand:
        # a Hand was checked when built; still, read nothing a tampered object could make unsafe
        closed = hand.closed
        if type(closed) is not tuple or len(closed) > 14:
            return -1
        n = c_ids_seq(closed, ids, 14)
        if n < 0:
            return -1
        memset(out, 0, 34)
        for i in range(n):
            out[ids[i] >> 2] += 1
        if melded is not NULL:
            melds = hand.melds
            if type(melds) is not tuple:
                return -1
            nm = len(<tuple>melds)
            for j in range(nm):
                tiles = (<tuple>melds)[j].tiles
                k = c_ids_seq(tiles, ids, 4)
                if k < 0:
                    return -1
                for i in range(k):
                    melded[ids[i] >> 2] += 1
                    if melded[ids[i] >> 2] > 4:
                        return -1
        return n
    src = c_counts_ptr(hand)
    if src is not NULL:
        for k in range(34):
            if src[k] > 4:
                return -1
            t += src[k]
        memcpy(out, src, 34)
        return t
    return c_array_counts(hand, out, NULL)


cdef int c_tile_counts(object visible, count_t* v) noexcept:
    """Tiles as as_counts reads them (visible tiles, discards; no size rule): 0, or -1 if the Python
    path decides."""
    cdef uint8_t ids[136]
    cdef int n, i
    if visible is None:
        return 0
    if type(visible) is list or type(visible) is tuple:
        n = c_ids_seq(visible, ids, 136)
        if n < 0:
            return -1
        memset(v, 0, 34)
        for i in range(n):
            v[ids[i] >> 2] += 1
        return 0
    return 0 if c_closed_counts(visible, v, NULL) >= 0 else -1


cdef int c_hand_sets(object hand, count_t* out, uint8_t* mtype, uint8_t* mkind, int* n_melds) noexcept:
    """Closed counts and the set melds (type, lowest kind; kita excluded) of a hand read as as_hand reads it
    (13 or 14 tiles); the closed tile count, or -1."""
    cdef count_t melded[34]
    cdef Parsed p
    cdef uint8_t ids[14]
    cdef int t, k, n, i
    cdef Py_ssize_t j
    n_melds[0] = 0
    if type(hand) is str:
        if not c_parse_text(<str>hand, &p, _RED_C, True):
            return -1
        if p.n_closed + 3 * p.n_melds != 13 and p.n_closed + 3 * p.n_melds != 14:
            return -1
        for k in range(p.n_melds):
            mtype[k] = p.mtype[k]
            mkind[k] = p.mids[k][0] >> 2
        n_melds[0] = p.n_melds
        return _counts_of_parsed(&p, out)
    if type(hand) is _Hand:
        t = c_closed_counts(hand, out, melded)
        if t < 0:
            return -1
        melds = hand.melds
        n = 0
        for j in range(len(<tuple>melds)):
            m = (<tuple>melds)[j]
            mt = m.type
            if type(mt) is not _MELD_TYPE_CLS:
                return -1
            k = <int>mt
            if k == 6:                          # kita: not a set
                continue
            if n == 4 or not 1 <= k <= 5:
                return -1
            tiles = m.tiles
            if c_ids_seq(tiles, ids, 4) < 3:
                return -1
            mtype[n] = <uint8_t>k
            mkind[n] = ids[0] >> 2              # tiles are stored ascending
            n += 1
        n_melds[0] = n
        return t
    t = c_closed_counts(hand, out, NULL)
    if t != 13 and t != 14:                     # ids and counts: Hand.from_ids / from_counts, no melds
        return -1
    return t
