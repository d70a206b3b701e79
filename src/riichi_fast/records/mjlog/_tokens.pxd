# The XML tag reader of the mjlog scan: Tenhou's plain XML read in place, one tag at a
# time, and the readers of its attribute values (cimported by records.mjlog._scan).

from libc.string cimport memcmp, strlen


cdef enum:
    MAX_ATTRS = 24   # attributes of one tag (more: not Tenhou's, TOK_BAD)
    TOK_TAG = 0      # a self-closing tag inside the root
    TOK_ROOT = 1     # the root's opening or closing tag
    TOK_END = 2      # end of the data
    TOK_BAD = 3      # not well-formed, or not in the plain form Tenhou writes


cdef struct Attr:
    const char* name
    int nlen
    const char* val
    int vlen


cdef inline bint is_space(char c) noexcept nogil:
    """XML white space: space, \\n, \\r, \\t."""
    return c == 32 or c == 10 or c == 13 or c == 9


cdef inline bint same_name(const char* s, int n, const char* lit) noexcept nogil:
    cdef int i = 0
    while i < n:
        if lit[i] == 0 or s[i] != lit[i]:
            return False
        i += 1
    return lit[n] == 0


cdef inline int find_attr(Attr* attrs, int na, const char* name) noexcept nogil:
    """The index of the attribute ``name`` (a literal: its length folds), or -1."""
    cdef int i
    cdef int ln = <int>strlen(name)
    cdef char c0 = name[0]
    for i in range(na):  # the length and first letter first: most names differ there
        if attrs[i].nlen == ln and attrs[i].name[0] == c0 and memcmp(attrs[i].name, name, ln) == 0:
            return i
    return -1


cdef int read_ints(const char* s, int n, int* out, int cap) noexcept nogil


cdef inline int attr_ints(Attr* attrs, int na, const char* name, int* out, int cap) noexcept nogil:
    """-2 when absent, -1 malformed, else the count."""
    cdef int j = find_attr(attrs, na, name)
    if j < 0:
        return -2
    return read_ints(attrs[j].val, attrs[j].vlen, out, cap)


cdef inline int attr_int(Attr* attrs, int na, const char* name, int* value) noexcept nogil:
    cdef int buf[2]
    cdef int k = attr_ints(attrs, na, name, buf, 2)
    if k != 1:
        return -1
    value[0] = buf[0]
    return 0


cdef int read_decimals(const char* s, int n, int* out, int cap) noexcept nogil
cdef int next_tag(const char* s, Py_ssize_t n, Py_ssize_t* pos, Attr* attrs, int* n_attrs,
                  const char** tag, int* tag_len, int* state) noexcept nogil
cdef int unquote_into(const char* s, int n, char* out, int cap) noexcept nogil
