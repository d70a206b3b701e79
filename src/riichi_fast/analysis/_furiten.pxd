# Furiten state (see _furiten.pyx).  A simulator written in Cython can keep a
# FuritenState per player and call its cdef methods without the GIL.

from libc.stdint cimport uint64_t


# Discard furiten: any wait (bitmask) among the discarded kinds (bitmask).
cdef inline bint c_is_furiten(uint64_t wait_mask, uint64_t discard_mask) noexcept nogil:
    return (wait_mask & discard_mask) != 0


cdef class FuritenState:
    cdef uint64_t wait_mask          # bit k: kind k completes the hand
    cdef uint64_t discard_mask       # bit k: kind k is in the player's river
    cdef bint temporary              # a winning tile passed since the player's last turn
    cdef bint in_riichi_            # riichi declared
    cdef bint riichi_furiten_        # a winning tile passed after riichi (permanent)
    cdef int n_players_              # 3 or 4 (set_hand's waits)
    cdef bint melds_held             # set_hand's meld_counts count as held (Rules.own_melds_held)

    cdef void c_draw(self) noexcept nogil
    cdef void c_discard(self, int kind) noexcept nogil
    cdef void c_pass_tile(self, int kind) noexcept nogil
    cdef bint c_furiten(self) noexcept nogil
    cdef bint c_can_ron(self, int kind) noexcept nogil
