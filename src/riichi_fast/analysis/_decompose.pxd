# Decomposition kernels: every reading of a complete hand, and the win options
# (reading, completed set, wait shape) for a winning tile.  See _decompose.pyx.

from libc.stdint cimport uint8_t

from riichi_fast._types cimport count_t, Reading, WinOption


# Every distinct reading of the complete hand ``closed`` + melds, in the
# canonical order of docs/INTERNALS.md, written to out[0..n) (room for
# MAX_READINGS).  Returns n, 0 when the hand is not complete or the closed
# tile count is not 14 - 3 * n_melds.  Preconditions: n_melds in 0..4, meld
# codes valid (MELD_CHI..MELD_SHOUMINKAN, a chi starts at 1-7 of a suit).
# Closed counts up to 5 are handled (a fifth copy, as a karaten check adds).
cdef int c_decompose(const count_t* closed,          # IN  34 closed counts
                     const uint8_t* meld_type,       # IN  n_melds MELD_* codes
                     const uint8_t* meld_kind,       # IN  n_melds kinds (lowest for a chi)
                     int n_melds,
                     Reading* out) noexcept nogil    # OUT MAX_READINGS readings

# The win options of ``readings`` for winning tile ``win_kind``: every
# (reading, set completed by the tile, wait), ordered by (reading, win_set);
# identical sets of one reading count once.  Returns the number written
# (at most MAX_WIN_OPTIONS = 5 * MAX_READINGS).
cdef int c_win_options(const Reading* readings,      # IN  n readings of c_decompose
                       int n,
                       int win_kind,
                       WinOption* out) noexcept nogil  # OUT MAX_WIN_OPTIONS options

# Python-boundary helpers shared by _waits and _furiten: validate a 34-count
# argument into ``out`` (ArrayError / TileCountError), and a kind 0..33.
cdef int load_counts(object obj, count_t* out, str name) except -1
cdef int load_kind(object obj, str name) except -1
