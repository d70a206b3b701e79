# Shanten and agari kernels (see _shanten.pyx for the design).
#
# Every kernel takes the 34 closed-tile counts of one hand (``count_t[34]``).
# The number of melds is implied by the closed tile count t (docs/INTERNALS.md):
# t % 3 == 2 is complete-sized, t % 3 == 1 tenpai-sized, anything else (or t > 14)
# is a bad size.
#
# PRECONDITION (not checked by the kernels, checked by the ``def`` wrappers and by
# ``c_check_counts``): every count is 0..4.  A count above 4 makes the table kernels
# read out of their tables.  A bad size (t % 3 == 0 or t > 14) is tolerated: the
# shanten kernels return SHANTEN_INVALID and c_is_agari returns False.

from riichi_fast._types cimport count_t

cpdef enum:
    SHANTEN_INVALID = 127         # returned for a bad hand size / a form that does not apply

# ROW_OK, ROW_BAD_TILE_COUNT or ROW_COUNT_ABOVE_FOUR (codes of _types.pxd) for 34 counts.
cdef int c_check_counts(const count_t* counts) noexcept nogil

# min(regular, chiitoitsu, kokushi): -1 = complete, 0 = tenpai.
cdef int c_shanten(const count_t* counts) noexcept nogil
# Regular form (sets + pair); melds implied by the tile count.
cdef int c_shanten_regular(const count_t* counts) noexcept nogil
# Seven distinct pairs (a quad is not two pairs); SHANTEN_INVALID unless 13/14 tiles.
cdef int c_shanten_chiitoitsu(const count_t* counts) noexcept nogil
# Thirteen orphans; SHANTEN_INVALID unless 13/14 tiles.
cdef int c_shanten_kokushi(const count_t* counts) noexcept nogil
# True when the closed tiles form a complete hand (3n+2 tiles, any form).
cdef bint c_is_agari(const count_t* counts) noexcept nogil
# For every kind k at once: the shanten of ``counts`` with one more (delta = +1) or one
# fewer (delta = -1) tile of kind k; SHANTEN_INVALID where impossible or of illegal size.
# ``counts`` may have any size up to 14 (3n too: 12 tiles + a draw); counts <= 4.
# About 2.5x cheaper than 34 calls of c_shanten (ukeire, discard analysis).
cdef void c_shanten_after_change(const count_t* counts, int delta,
                                 signed char* out) noexcept nogil

# Caps (three-player, the player's own meld tiles held; see _shanten.pyx and
# riichi_fast/reference/shanten.py): caps[k] = most copies of kind k the closed
# part of a complete hand may hold.  PRECONDITION: counts[k] <= caps[k].
# caps[k] = 4 - melds[k] (melds NULL: 4), and 0 for 2m-8m when n_players == 3.
cdef void c_make_caps(const count_t* melds, int n_players, count_t* caps) noexcept nogil
# c_shanten under the caps (NULL caps: c_shanten).
cdef int c_shanten_caps(const count_t* counts, const count_t* caps) noexcept nogil
# c_shanten_after_change under the caps (NULL caps: the plain kernel); a kind
# whose count would exceed its cap gets SHANTEN_INVALID.
cdef void c_shanten_after_change_caps(const count_t* counts, const count_t* caps, int delta,
                                      signed char* out) noexcept nogil
