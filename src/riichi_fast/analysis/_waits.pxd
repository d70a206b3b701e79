# Waits and ukeire kernels (see _waits.pyx).  Preconditions: every count 0..4
# (checked by the def wrappers), hands of the stated size.

from libc.stdint cimport uint64_t

from riichi_fast._types cimport count_t


# Bitmask (bit k = kind k) of the kinds completing the tenpai-sized hand
# ``closed`` (13 - 3 * melds tiles).  ``own``: closed + meld tile counts (or
# ``closed`` itself); a kind with own[k] == 4 is a wait only if ``karaten``.
cdef uint64_t c_wait_mask(const count_t* closed,     # IN 34 closed counts
                          const count_t* own,        # IN 34 counts of the whole hand
                          bint karaten) noexcept nogil

# Ukeire of the tenpai-sized hand ``closed`` whose shanten is ``base``: the
# number of unseen tiles (4 - seen[k]) whose draw lowers the shanten; their
# kinds go to *kinds as a bitmask.
cdef int c_ukeire(const count_t* closed,             # IN 34 closed counts
                  const count_t* seen,               # IN 34 counts not in the wall for the player
                  int base,
                  uint64_t* kinds) noexcept nogil    # OUT bitmask of the ukeire kinds

# Waits after each discard of the complete-sized hand ``closed`` (14 - 3 * melds
# tiles): out[k] = c_wait_mask(closed - k, own - k, karaten), 0 for a kind not
# held.  Returns the bitmask of the discards that leave a wait.  ``own`` as for
# c_wait_mask (own[k] >= closed[k]).
cdef uint64_t c_discard_waits(const count_t* closed,  # IN 34 closed counts
                              const count_t* own,     # IN 34 counts of the whole hand
                              bint karaten,
                              uint64_t* out) noexcept nogil  # OUT 34 wait masks

# The same kernels for three-player (n_players == 3: 2m-8m are never waits;
# the hand must hold none) and under shanten caps (riichi_fast.analysis._shanten
# c_make_caps: 2m-8m in three-player, the player's own meld tiles when they count
# as held; caps NULL = none).  c_wait_mask / c_discard_waits / c_ukeire are these
# with n_players = 4 and no caps.
cdef uint64_t c_wait_mask_ex(const count_t* closed, const count_t* own,
                             bint karaten, int n_players) noexcept nogil
# ``seen`` must count 2m-8m as 4 in three-player (no copy to draw).
cdef int c_ukeire_caps(const count_t* closed, const count_t* seen, const count_t* caps,
                       int base, uint64_t* kinds) noexcept nogil
cdef uint64_t c_discard_waits_ex(const count_t* closed, const count_t* own, const count_t* caps,
                                 bint karaten, int n_players, uint64_t* out) noexcept nogil
