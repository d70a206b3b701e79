# Incremental per-player state for simulators (see _player.pyx for the design).
#
# A simulator written in Cython can ``from riichi_fast.analysis._player cimport PlayerState``
# and call the ``c_*`` methods below without the GIL and without Python objects.
# Kinds are ints 0..33.  Events return a status code (PS_OK = 0, else the PS_*
# defect; the state is unchanged on a defect); the ``def`` wrappers turn a
# non-zero code into the matching RiichiError.  Queries never fail: a query that
# does not apply to the current turn answers False / 0 / an empty mask.

from libc.stdint cimport uint8_t, uint64_t

from riichi_fast._types cimport count_t
from riichi_fast.analysis._furiten cimport Furiten

# Event status codes (riichi_fast.analysis._player_args.PS_*).
cpdef enum:
    PS_OK = 0
    PS_BAD_KIND = 1               # kind outside 0..33, or a chi that cannot start there
    PS_HOLDS_13 = 2               # needs a 14-tile hand (discard, riichi, ankan, kakan)
    PS_HOLDS_14 = 3               # needs a 13-tile hand (draw, call, tile_passed)
    PS_FIFTH_COPY = 4             # the player would hold (or see) a fifth copy
    PS_NOT_HELD = 5               # discard of a kind not in the closed hand
    PS_RIICHI_DRAWN = 6           # in riichi, only the drawn tile may be discarded
    PS_RIICHI_NOTEN_DISCARD = 7   # the discard declaring riichi leaves the hand noten
    PS_CALL_IN_RIICHI = 8         # chi / pon / daiminkan after riichi
    PS_CALL_TILES = 9             # the closed hand lacks the tiles of the call
    PS_CALLED_KIND = 10           # the called tile is not part of the meld
    PS_ANKAN_TILES = 11           # ankan without four copies in the closed hand
    PS_ANKAN_RIICHI = 12          # ankan after riichi forbidden by the rules
    PS_KAKAN_NO_PON = 13          # kakan without a pon of that kind
    PS_KAKAN_TILE = 14            # kakan without the fourth tile in the closed hand
    PS_RIICHI_OPEN = 15           # riichi with an open hand
    PS_RIICHI_AGAIN = 16          # riichi already declared
    PS_RIICHI_NOTEN = 17          # riichi with no discard leaving the hand tenpai
    PS_RIICHI_PENDING = 18        # riichi declared: the next event must be its discard
    PS_TOO_MANY_MELDS = 19        # a fifth meld
    PS_NO_SUCH_TILE = 20          # a 2m-8m tile in three-player mahjong
    PS_KITA_FOUR_PLAYER = 21      # kita at a four-player table
    PS_KITA_NO_NORTH = 22         # kita without a 4z in the closed hand
    PS_KITA_RIICHI = 23           # kita in riichi of a North other than the one just drawn

# ankan_after_riichi rules
cpdef enum:
    ANKAN_WAITS = 0               # waits unchanged (Tenhou, Mahjong Soul)
    ANKAN_WAITS_AND_READING = 1   # waits unchanged, the three tiles a triplet in every reading (WRC, M-League)
    ANKAN_NEVER = 2


cdef class PlayerState:
    cdef count_t closed[34]          # closed tile counts
    cdef count_t own[34]             # closed + meld tiles (a kan counts 4)
    cdef uint8_t meld_type[4]        # MELD_* codes, in the order made
    cdef uint8_t meld_kind[4]        # kind (lowest for a chi)
    cdef int n_melds
    cdef int n_kita                  # North tiles set aside (three-player kita), counted in own[30]
    cdef int n_closed                # sum(closed): 13/14 - 3 * n_melds
    cdef int n_open                  # chi / pon / daiminkan / shouminkan melds
    cdef int drawn_                  # kind drawn this turn, -1 if none
    cdef Furiten furiten_            # river, riichi and the furiten flags (riichi_fast.analysis._furiten)
    cdef bint riichi_pending         # riichi() called, its discard to come
    # settings (from the rules)
    cdef bint karaten
    cdef int ankan_rule              # ANKAN_*
    cdef int min_tiles
    cdef int min_points
    cdef int n_players               # 3 or 4 (three-player: no 2m-8m)
    cdef bint melds_held             # Rules.own_melds_held: meld tiles count as held for waits/shanten
    # shanten caps (riichi_fast.analysis._shanten c_make_caps) and whether any is below 4
    cdef bint capped
    cdef count_t caps[34]
    # caches, recomputed lazily when the closed hand changed
    cdef bint waits_ok               # wait_mask_ is valid
    cdef uint64_t wait_mask_         # waits of the 13-tile hand (before the draw during a turn)
    cdef bint shanten_ok
    cdef int shanten_
    cdef bint riichi_ok
    cdef uint64_t riichi_mask_       # riichi discards (14 tiles, closed, not in riichi)
    cdef bint discard_waits_ok       # discard_waits filled (with riichi_mask_)
    cdef uint64_t discard_waits[34]  # waits left by discarding kind k (held kinds)
    cdef object waits_tuple_         # Python view of waits_tuple_mask (rebuilt when the mask differs)
    cdef uint64_t waits_tuple_mask

    cdef void _reset_flags(self) noexcept nogil   # own counts, flags and caches from closed + melds
    cdef void _update_caps(self) noexcept nogil   # caps / capped from the melds and the settings

    # events (status code; nothing changes on a defect)
    cdef int c_draw(self, int kind) noexcept nogil
    cdef int c_discard(self, int kind) noexcept nogil
    cdef int c_call(self, int meld_type, int kind, int called_kind) noexcept nogil
    cdef int c_ankan(self, int kind) noexcept nogil
    cdef int c_kita(self) noexcept nogil
    cdef int c_kakan(self, int kind) noexcept nogil
    cdef int c_riichi(self) noexcept nogil
    cdef int c_tile_passed(self, int kind) noexcept nogil

    # queries
    cdef int c_shanten(self) noexcept nogil
    cdef uint64_t c_waits(self) noexcept nogil
    cdef bint c_is_tenpai(self) noexcept nogil
    cdef bint c_discard_furiten(self) noexcept nogil
    cdef bint c_furiten(self) noexcept nogil
    cdef bint c_can_ron(self, int kind) noexcept nogil
    cdef bint c_can_tsumo(self, int kind) noexcept nogil
    cdef uint64_t c_riichi_discards(self) noexcept nogil
    cdef bint c_can_riichi(self, int tiles_left, int points, int min_tiles, int min_points) noexcept nogil
    cdef bint c_legal_ankan_after_riichi(self, int kind, int rule) noexcept nogil
