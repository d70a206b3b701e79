# The suit scan shared by the decomposition and waits kernels (_decompose.pyx,
# _waits.pyx): declarations and inline code only, no module.

from riichi_fast._types cimport count_t


# a mod 3 for 0 <= a <= 5 (counts after the pair and the carried sequences)
cdef inline int m3(int a) noexcept nogil:
    return a - 3 if a >= 3 else a


# The 9 kinds of one suit (counts up to 5) split into sets only.
#
# Scanning from 1 to 9, the c[i] mod 3 tiles of kind i not in triplets must
# start sequences (three equal sequences are three triplets): O(9), no search.
cdef inline bint suit_sets(const count_t* c) noexcept nogil:
    cdef int i, r, a = c[0], b = c[1], x
    for i in range(7):
        r = m3(a)
        x = c[i + 2]
        if r:
            if b < r or x < r:
                return False
            b -= r
            x -= r
        a = b
        b = x
    return m3(a) == 0 and m3(b) == 0
