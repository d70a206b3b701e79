# Furiten (see _furiten.pyx), RULES.md section 8: the one furiten rule of the
# compiled package.  ``Furiten`` is one player's river and flags; the waits come
# from its owner (FuritenState keeps them as given, PlayerState derives them from
# its hand), so every function takes them as a 34-bit mask.  A simulator written
# in Cython can keep a FuritenState (or a Furiten) per player and call these
# without the GIL.

from libc.stdint cimport uint64_t


cdef struct Furiten:
    uint64_t discard_mask            # bit k: kind k is in the player's river
    bint temporary                   # a winning tile passed since the player's last turn
    bint in_riichi                   # riichi in effect
    bint riichi_furiten              # a winning tile passed after riichi (permanent)


# Discard furiten: any wait (bitmask) among the discarded kinds (bitmask).
cdef inline bint c_is_furiten(uint64_t wait_mask, uint64_t discard_mask) noexcept nogil:
    return (wait_mask & discard_mask) != 0


cdef inline void furiten_reset(Furiten* f) noexcept nogil:
    f.discard_mask = 0
    f.temporary = False
    f.in_riichi = False
    f.riichi_furiten = False


# The player's turn begins (a draw, or a call): temporary furiten ends.
cdef inline void furiten_turn(Furiten* f) noexcept nogil:
    f.temporary = False


# The player discards ``kind``: it joins the river, and his turn ends a temporary furiten.
cdef inline void furiten_discard(Furiten* f, int kind) noexcept nogil:
    f.discard_mask |= (<uint64_t>1) << kind
    f.temporary = False


# A tile ``kind`` passed without a ron: a winning one gives temporary furiten, permanent in riichi.
cdef inline void furiten_pass(Furiten* f, uint64_t wait_mask, int kind) noexcept nogil:
    if (wait_mask >> kind) & 1:
        if f.in_riichi:
            f.riichi_furiten = True
        else:
            f.temporary = True


# Furiten from a passed winning tile (temporary or riichi), whatever the waits now.
cdef inline bint furiten_passed(const Furiten* f) noexcept nogil:
    return f.temporary or f.riichi_furiten


# Any furiten: the player cannot ron.
cdef inline bint furiten_any(const Furiten* f, uint64_t wait_mask) noexcept nogil:
    return furiten_passed(f) or c_is_furiten(wait_mask, f.discard_mask)


cdef class FuritenState:
    cdef uint64_t wait_mask_         # bit k: kind k completes the hand
    cdef Furiten state               # river and flags
    cdef int n_players_              # 3 or 4 (set_hand's waits)
    cdef bint melds_held             # set_hand's meld_counts count as held (Rules.own_melds_held)

    cdef void c_draw(self) noexcept nogil
    cdef void c_discard(self, int kind) noexcept nogil
    cdef void c_pass_tile(self, int kind) noexcept nogil
    cdef bint c_furiten(self) noexcept nogil
    cdef bint c_can_ron(self, int kind) noexcept nogil
