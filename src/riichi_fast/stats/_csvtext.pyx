"""CSV text of the compiled export's columns, written in C without the GIL.

``csv_text(cols, start, stop)`` gives the lines (no header, CRLF) of rows
``start``-``stop`` of one table whose columns ``cols`` (in table order) are
given as ``riichi_fast.stats._mjlog_export.Columns`` holds them, prepared by
``_export_fast.csv_columns``:

- ``("i", int64 values, uint8 valid or None)``: the int, or empty when not valid;
- ``("b", uint8 values)``: ``True`` / ``False``;
- ``("s", utf-8 blob, int64 offsets, int64 index)``: choice ``index`` of the blob
  cut at ``offsets``, empty for -1;
- ``("t", utf-8 bytes, int32 offsets, int64 index or None)``: text ``index`` (None:
  text ``row``), empty for -1;
- ``("l", int32 values, int32 offsets)``: the ints separated by spaces.

The bytes are those the ``csv`` module writes for the same values (bools as
``True``/``False``, lists space-joined, None empty) as long as no text needs
quotes: ``None`` is returned when a choice or text holds a comma, a quote, CR
or LF (the caller then writes that part through the csv module).  Twin:
``riichi_fast.reference.stats.csvtext``.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE

import numpy as np

ctypedef unsigned long long uint64_t_

cdef enum:
    K_INT = 0
    K_BOOL = 1
    K_CHOICE = 2
    K_TEXT = 3
    K_LIST = 4


cdef struct Col:
    int kind
    const int64_t* values   # i: values; s, t: index (NULL for t: the row)
    const uint8_t* valid    # i: valid mask (NULL: all); b: the bools
    const char* text        # s, t: the bytes
    const int64_t* off64    # s: offsets
    const int32_t* off32    # t, l: offsets
    const int32_t* ints     # l: values


cdef inline int _quote_needed(const char* s, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef char c
    for i in range(n):
        c = s[i]
        if c == 44 or c == 34 or c == 13 or c == 10:
            return 1
    return 0


cdef inline Py_ssize_t _int(int64_t v, char* out) noexcept nogil:
    cdef char buf[24]
    cdef int k = 0, i
    cdef uint64_t_ u
    if v < 0:
        out[0] = 45
        u = <uint64_t_>(-(v + 1)) + 1
        i = 1
    else:
        u = <uint64_t_>v
        i = 0
    while True:
        buf[k] = <char>(48 + u % 10)
        k += 1
        u //= 10
        if u == 0:
            break
    while k:
        k -= 1
        out[i] = buf[k]
        i += 1
    return i


cdef Py_ssize_t _write(Col* cols, int k, Py_ssize_t start, Py_ssize_t stop, char* out) noexcept nogil:
    cdef Py_ssize_t r, at = 0, a, b, j
    cdef int c
    cdef int64_t x
    cdef Col* col
    for r in range(start, stop):
        for c in range(k):
            if c:
                out[at] = 44
                at += 1
            col = &cols[c]
            if col.kind == K_INT:
                if col.valid == NULL or col.valid[r]:
                    at += _int(col.values[r], out + at)
            elif col.kind == K_BOOL:
                if col.valid[r]:
                    memcpy(out + at, b"True", 4)
                    at += 4
                else:
                    memcpy(out + at, b"False", 5)
                    at += 5
            elif col.kind == K_CHOICE or col.kind == K_TEXT:
                x = col.values[r] if col.values != NULL else r
                if x >= 0:
                    if col.kind == K_CHOICE:
                        a = <Py_ssize_t>col.off64[x]
                        b = <Py_ssize_t>col.off64[x + 1]
                    else:
                        a = col.off32[x]
                        b = col.off32[x + 1]
                    memcpy(out + at, col.text + a, b - a)
                    at += b - a
            else:
                a = col.off32[r]
                b = col.off32[r + 1]
                for j in range(a, b):
                    if j > a:
                        out[at] = 32
                        at += 1
                    at += _int(col.ints[j], out + at)
        out[at] = 13
        out[at + 1] = 10
        at += 2
    return at


def csv_text(list cols not None, Py_ssize_t start, Py_ssize_t stop):
    """The CSV lines of rows ``start``-``stop`` of ``cols`` (see the module docstring), or
    None when a text needs quotes.

    >>> import numpy as np
    >>> csv_text([("i", np.array([3, -12], np.int64), np.array([1, 0], np.uint8)),
    ...           ("b", np.array([1, 0], np.uint8)),
    ...           ("s", b"ab", np.array([0, 1, 2], np.int64), np.array([1, -1], np.int64)),
    ...           ("l", np.array([1, 2, 3], np.int32), np.array([0, 2, 3], np.int32))], 0, 2)
    b'3,True,b,1 2\\r\\n,False,,3\\r\\n'
    """
    cdef int k = len(cols), c
    cdef Col* cs
    cdef Py_ssize_t bound, n, width, a, b, r
    cdef const int64_t[::1] v64
    cdef const int32_t[::1] v32
    cdef const int32_t[::1] o32
    cdef const int64_t[::1] o64
    cdef const uint8_t[::1] u8
    cdef object out
    cdef char* buf
    cdef list keep = []
    if not 0 <= start <= stop:
        raise ValueError(f"rows {start}-{stop}: expected 0 <= start <= stop")
    n = stop - start
    cs = <Col*>malloc(max(k, 1) * sizeof(Col))
    if cs == NULL:
        raise MemoryError()
    try:
        bound = n * (k + 2)  # commas and CRLF
        for c in range(k):
            spec = cols[c]
            kind = spec[0]
            cs[c].values = NULL
            cs[c].valid = NULL
            cs[c].text = NULL
            cs[c].off64 = NULL
            cs[c].off32 = NULL
            cs[c].ints = NULL
            if kind == "i":
                cs[c].kind = K_INT
                v64 = spec[1]
                _check(len(v64), stop)
                cs[c].values = &v64[0] if len(v64) else NULL
                if spec[2] is not None:
                    u8 = spec[2]
                    _check(len(u8), stop)
                    cs[c].valid = &u8[0] if len(u8) else NULL
                    if cs[c].valid == NULL and n:
                        raise ValueError("empty valid mask")
                keep.append(spec)
                bound += 20 * n
            elif kind == "b":
                cs[c].kind = K_BOOL
                u8 = spec[1]
                _check(len(u8), stop)
                cs[c].valid = &u8[0] if len(u8) else NULL
                keep.append(spec)
                bound += 5 * n
            elif kind == "s" or kind == "t":
                cs[c].kind = K_CHOICE if kind == "s" else K_TEXT
                blob = spec[1]
                if type(blob) is not bytes:
                    raise TypeError("text must be bytes")
                if _quote_needed(PyBytes_AS_STRING(blob), PyBytes_GET_SIZE(blob)):
                    return None
                cs[c].text = PyBytes_AS_STRING(blob)
                if kind == "s":
                    o64 = spec[2]
                    width = _offsets(o64, PyBytes_GET_SIZE(blob))
                    cs[c].off64 = &o64[0]
                else:
                    o32 = spec[2]
                    width = _offsets(o32, PyBytes_GET_SIZE(blob))
                    cs[c].off32 = &o32[0]
                idx = spec[3]
                if idx is not None:
                    v64 = idx
                    _check(len(v64), stop)
                    for r in range(start, stop):
                        if v64[r] >= (len(o64) if kind == "s" else len(o32)) - 1:
                            raise ValueError(f"index {v64[r]} past the texts")
                    cs[c].values = &v64[0] if len(v64) else NULL
                elif kind == "s" or len(o32) - 1 < stop:
                    raise ValueError("a text per row needs as many texts as rows")
                keep.append(spec)
                bound += width * n
            elif kind == "l":
                cs[c].kind = K_LIST
                v32 = spec[1]
                o32 = spec[2]
                _check(len(o32) - 1, stop)
                _offsets(o32, len(v32))
                cs[c].ints = &v32[0] if len(v32) else NULL
                cs[c].off32 = &o32[0]
                keep.append(spec)
                if n:
                    bound += 12 * (o32[stop] - o32[start])
            else:
                raise ValueError(f"unknown column kind {kind!r}")
        out = PyBytes_FromStringAndSize(NULL, bound)
        buf = PyBytes_AS_STRING(out)
        with nogil:
            n = _write(cs, k, start, stop, buf)
        return out[:n]
    finally:
        free(cs)


cdef int _check(Py_ssize_t have, Py_ssize_t stop) except -1:
    if have < stop:
        raise ValueError(f"a column of {have} rows, {stop} needed")
    return 0


ctypedef fused offset_t:
    int32_t
    int64_t


cdef Py_ssize_t _offsets(const offset_t[::1] off, Py_ssize_t size) except -1:
    """The widest text of a text column (Arrow's int32 or int64 offsets), once the offsets
    are checked: they start at 0 or later, end within the data and never decrease."""
    cdef Py_ssize_t i, width = 0
    if len(off) < 1 or off[0] < 0 or off[len(off) - 1] > size:
        raise ValueError("offsets outside the data")
    for i in range(len(off) - 1):
        if off[i + 1] < off[i]:
            raise ValueError("offsets must not decrease")
        width = max(width, <Py_ssize_t>(off[i + 1] - off[i]))
    return width
