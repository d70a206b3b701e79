# The XML tag reader of the mjlog scan (declarations and the small inline readers:
# _tokens.pxd).  ``next_tag`` reads the next tag of Tenhou's plain XML in place (its
# name and attributes as pointers into the bytes, no Python object); anything outside
# that plain form is TOK_BAD and the caller leaves the record to the full reader (a real
# XML parser).  The value readers parse comma-separated ints and decimals and undo the
# percent-encoding of names.

from libc.stdint cimport uint8_t


cdef int read_ints(const char* s, int n, int* out, int cap) noexcept nogil:
    """Comma-separated ints into ``out``; the count, or -1 when malformed."""
    cdef int i = 0, k = 0, neg, v, digits
    if n == 0:
        return 0
    while i <= n:
        neg = 0
        v = 0
        digits = 0
        if i < n and s[i] == 45:  # '-'
            neg = 1
            i += 1
        while i < n and 48 <= s[i] <= 57:
            v = v * 10 + (s[i] - 48)
            digits += 1
            if digits > 9:
                return -1
            i += 1
        if i < n and s[i] != 44:  # not ','
            return -1
        if digits == 0:
            if i >= n and k > 0 and s[n - 1] == 44:
                break   # a trailing comma
            return -1
        if k >= cap:
            return -1
        out[k] = -v if neg else v
        k += 1
        i += 1
    return k


cdef int read_decimals(const char* s, int n, int* out, int cap) noexcept nogil:
    """Comma-separated numbers with at most one decimal, times 10; count or -1."""
    cdef int i = 0, k = 0, neg, v, digits, frac
    if n == 0:
        return 0
    while i < n:
        neg = 0
        v = 0
        digits = 0
        frac = 0
        if s[i] == 45:
            neg = 1
            i += 1
        while i < n and 48 <= s[i] <= 57:
            v = v * 10 + (s[i] - 48)
            digits += 1
            i += 1
        v *= 10
        if i < n and s[i] == 46:  # '.'
            i += 1
            if i < n and 48 <= s[i] <= 57:
                v += s[i] - 48
                i += 1
                frac = 1
            if frac and i < n and 48 <= s[i] <= 57:
                return -1  # two decimals: not Tenhou's
        if digits == 0 or digits > 8 or k >= cap or (i < n and s[i] != 44):
            return -1
        out[k] = -v if neg else v
        k += 1
        i += 1
    return k


# The tag reader's character classes: one table lookup per byte in place of the tests of
# each class.
cdef enum:
    CH_SPACE = 1     # white space: space, \n, \r, \t
    CH_NAME = 2      # a name's character: A-Z a-z 0-9 _
    CH_START = 4     # a name's first character: a name's character but a digit
    CH_VALUE = 8     # a quoted value's byte: printable ASCII but < & " ' (a quote: the other
                     # one is a byte of the value, the opening one ends it)

cdef uint8_t _CH[256]


cdef void _fill_classes() noexcept:
    cdef int c, k
    for c in range(256):
        k = 0
        if is_space(c):
            k |= CH_SPACE
        if (65 <= c <= 90) or (97 <= c <= 122) or (48 <= c <= 57) or c == 95:
            k |= CH_NAME
            if not 48 <= c <= 57:
                k |= CH_START
        if 32 <= c < 127 and c != 60 and c != 38 and c != 34 and c != 39:
            k |= CH_VALUE
        _CH[c] = k


_fill_classes()


cdef inline bint _value8(const char* p) noexcept nogil:
    """The 8 bytes at ``p`` are all value bytes (CH_VALUE): eight lookups, one test."""
    return (_CH[<uint8_t>p[0]] & _CH[<uint8_t>p[1]] & _CH[<uint8_t>p[2]] & _CH[<uint8_t>p[3]]
            & _CH[<uint8_t>p[4]] & _CH[<uint8_t>p[5]] & _CH[<uint8_t>p[6]] & _CH[<uint8_t>p[7]]
            & CH_VALUE) != 0


cdef extern from *:
    """
    #include <string.h>
    #if defined(__GNUC__) || defined(__clang__)
    /* The 16 bytes at p are all value bytes (CH_VALUE: 0x20-0x7E but " & ' <), in the
       compiler's portable vector code (SSE2 on x86-64, NEON on arm64).  Each lane test is
       exact, so this answers as sixteen lookups in the class table would. */
    typedef unsigned char rf_u8x16 __attribute__((vector_size(16)));
    typedef signed char rf_s8x16 __attribute__((vector_size(16)));
    static inline int rf_value16(const char* p) {
        rf_u8x16 v;
        rf_s8x16 bad;
        unsigned long long a, b;
        memcpy(&v, p, 16);
        bad = (rf_s8x16)(v < 0x20) | (rf_s8x16)(v > 0x7E) | (rf_s8x16)(v == 0x22)
            | (rf_s8x16)(v == 0x26) | (rf_s8x16)(v == 0x27) | (rf_s8x16)(v == 0x3C);
        memcpy(&a, &bad, 8);
        memcpy(&b, (const char*)&bad + 8, 8);
        return (a | b) == 0;
    }
    #define RF_VALUE16 1
    #else
    static inline int rf_value16(const char* p) { (void)p; return 0; }
    #define RF_VALUE16 0
    #endif
    """
    bint rf_value16(const char* p) noexcept nogil
    bint RF_VALUE16


cdef inline bint _space(char c) noexcept nogil:
    return _CH[<uint8_t>c] & CH_SPACE


cdef inline bint _name_char(char c) noexcept nogil:
    return _CH[<uint8_t>c] & CH_NAME


cdef inline bint _name_start(char c) noexcept nogil:
    return _CH[<uint8_t>c] & CH_START


cdef int next_tag(const char* s, Py_ssize_t n, Py_ssize_t* pos, Attr* attrs, int* n_attrs,
                   const char** tag, int* tag_len, int* state) noexcept nogil:
    """The next tag from ``pos``, strictly: XML as Tenhou writes it (self-closing tags in
    one root element, double- or single-quoted attributes without entities, control
    characters or non-ASCII bytes).  Anything else is TOK_BAD and the full reader
    (a real XML parser) decides.  ``state``: 0 before the root, 1 inside, 2 after."""
    cdef Py_ssize_t i = pos[0], j
    cdef int na = 0, a, b
    cdef char c, q
    cdef bint closing = False
    while i < n and _space(s[i]):
        i += 1
    if i >= n:
        pos[0] = i
        return TOK_END
    if s[i] != 60 or i + 1 >= n:
        return TOK_BAD  # text between tags
    i += 1
    if s[i] == 63:  # <?xml ...?> before the root only
        if state[0] != 0:
            return TOK_BAD
        while i + 1 < n and not (s[i] == 63 and s[i + 1] == 62):
            if s[i] == 60:
                return TOK_BAD
            i += 1
        if i + 1 >= n:
            return TOK_BAD
        pos[0] = i + 2
        return TOK_ROOT
    if s[i] == 47:
        closing = True
        i += 1
    tag[0] = s + i
    if i >= n or not _name_start(s[i]):
        return TOK_BAD
    while i < n and _name_char(s[i]):
        i += 1
    tag_len[0] = <int>(s + i - tag[0])
    if closing:
        while i < n and _space(s[i]):
            i += 1
        if i >= n or s[i] != 62 or state[0] != 1 or not same_name(tag[0], tag_len[0], "mjloggm"):
            return TOK_BAD
        state[0] = 2
        pos[0] = i + 1
        return TOK_ROOT
    while True:
        if i >= n:
            return TOK_BAD
        c = s[i]
        if c == 47:  # '/>'
            if i + 1 >= n or s[i + 1] != 62:
                return TOK_BAD
            i += 2
            if tag_len[0] == 7 and same_name(tag[0], 7, "mjloggm"):  # the root, self-closing
                if state[0] != 0:
                    return TOK_BAD
                state[0] = 2
                pos[0] = i
                return TOK_ROOT
            if state[0] != 1:
                return TOK_BAD
            n_attrs[0] = na
            pos[0] = i
            return TOK_TAG
        if c == 62:  # '>': only the root opens
            if state[0] != 0 or not same_name(tag[0], tag_len[0], "mjloggm"):
                return TOK_BAD
            state[0] = 1
            pos[0] = i + 1
            return TOK_ROOT
        if not _space(c):
            return TOK_BAD  # attributes are separated by white space
        while i < n and _space(s[i]):
            i += 1
        if i >= n:
            return TOK_BAD
        if s[i] == 47 or s[i] == 62:
            continue
        if na >= MAX_ATTRS or not _name_start(s[i]):
            return TOK_BAD
        attrs[na].name = s + i
        while i < n and _name_char(s[i]):
            i += 1
        attrs[na].nlen = <int>(s + i - attrs[na].name)
        while i < n and _space(s[i]):
            i += 1
        if i >= n or s[i] != 61:
            return TOK_BAD
        i += 1
        while i < n and _space(s[i]):
            i += 1
        if i >= n or (s[i] != 34 and s[i] != 39):
            return TOK_BAD
        q = s[i]
        i += 1
        attrs[na].val = s + i
        while True:
            # sixteen, then eight bytes at a time while they are all value bytes (the long
            # <SHUFFLE seed>, the hands), then byte by byte
            if RF_VALUE16:
                while i + 16 <= n and rf_value16(s + i):
                    i += 16
            while i + 8 <= n and _value8(s + i):
                i += 8
            while i < n and _CH[<uint8_t>s[i]] & CH_VALUE:
                i += 1
            if i >= n:
                return TOK_BAD
            if s[i] == q:
                break
            if s[i] != 34 and s[i] != 39:
                return TOK_BAD  # '<', entities, control or non-ASCII bytes
            i += 1  # the other quote
        attrs[na].vlen = <int>(s + i - attrs[na].val)
        i += 1
        for a in range(na):  # a duplicate attribute is not well-formed
            if attrs[a].nlen == attrs[na].nlen:
                b = 0
                while b < attrs[a].nlen and attrs[a].name[b] == attrs[na].name[b]:
                    b += 1
                if b == attrs[a].nlen:
                    return TOK_BAD
        na += 1


cdef inline int _hex(char c) noexcept nogil:
    if 48 <= c <= 57:
        return c - 48
    if 65 <= c <= 70:
        return c - 55
    if 97 <= c <= 102:
        return c - 87
    return -1


cdef bint _utf8(const unsigned char* b, int n) noexcept nogil:
    """``b`` is UTF-8 as Python's strict decoder reads it (no overlong form, surrogate
    or code point past U+10FFFF)."""
    cdef int i = 0, k, need
    cdef unsigned char c, lo, hi
    while i < n:
        c = b[i]
        i += 1
        if c < 0x80:
            continue
        lo, hi = 0x80, 0xBF
        if 0xC2 <= c <= 0xDF:
            need = 1
        elif 0xE0 <= c <= 0xEF:
            need = 2
            if c == 0xE0:
                lo = 0xA0
            elif c == 0xED:
                hi = 0x9F
        elif 0xF0 <= c <= 0xF4:
            need = 3
            if c == 0xF0:
                lo = 0x90
            elif c == 0xF4:
                hi = 0x8F
        else:
            return False
        if i + need > n or not lo <= b[i] <= hi:
            return False
        for k in range(1, need):
            if not 0x80 <= b[i + k] <= 0xBF:
                return False
        i += need
    return True


cdef int unquote_into(const char* s, int n, char* out, int cap) noexcept nogil:
    """``urllib.parse.unquote`` of an ASCII value into ``out`` (``%XX`` with two hex
    digits is a byte, any other ``%`` stays); the length, or -1 when it is longer than
    ``cap`` or not UTF-8 (the full reader puts replacement characters in)."""
    cdef int i = 0, k = 0, a, b
    while i < n:
        if k >= cap:
            return -1
        if s[i] == 37 and i + 2 < n:  # '%'
            a = _hex(s[i + 1])
            b = _hex(s[i + 2])
            if a >= 0 and b >= 0:
                out[k] = <char>(a * 16 + b)
                k += 1
                i += 3
                continue
        out[k] = s[i]
        k += 1
        i += 1
    if not _utf8(<const unsigned char*>out, k):
        return -1
    return k
