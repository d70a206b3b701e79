# Compiled readers of the tile and hand forms (see _tiles.pyx).  Each returns -1 when the input is not
# plain and valid: the caller then hands it to the Python code, which answers or raises.

from riichi_fast._types cimport count_t

# Closed counts of a hand in any form (str, Hand, 136-id list/tuple, bytes/bytearray, numpy counts or
# ids); with ``melded`` not NULL also the counts of its meld tiles (kita included).  The closed tile
# count, or -1.  A string with melds must make a 13/14-tile hand (it is read as Hand.parse reads it).
cdef int c_closed_counts(object hand, count_t* out, count_t* melded) noexcept
# Tiles as riichi_fast.tiles.as_counts reads them (visible tiles, discards): 0, or -1.
cdef int c_tile_counts(object tiles, count_t* out) noexcept
# Closed counts and the set melds (MeldType code, lowest kind; kita excluded, at most 4) of a hand read
# as riichi_fast.hand.as_hand reads it (13 or 14 tiles); the closed tile count, or -1.
cdef int c_hand_sets(object hand, count_t* out, unsigned char* mtype, unsigned char* mkind,
                     int* n_melds) noexcept

# The lower-level readers, for front ends that read under other rules' red configuration
# (riichi_fast.scoring._score_api).
from libc.stdint cimport uint8_t

cdef enum:
    MAX_PARSE = 136       # tiles one string may hold (a fifth copy fails before)

ctypedef struct Parsed:
    int n_closed
    uint8_t closed[MAX_PARSE]      # ids in the order written
    int n_melds
    uint8_t mtype[4]
    uint8_t msize[4]
    uint8_t mids[4][4]             # ids, ascending
    int called[4]                  # id or -1
    int seat[4]                    # 1..3 or 0 (none)
    uint8_t used[34]               # allocator: bit i = id 4k+i taken

# A one-line hand (or, with ``melds_ok`` False, closed tiles only) as Hand.parse reads it under the red
# copies per kind ``red_c``: closed ids first, in the order written, then the melds; False if not plain.
cdef bint c_parse_text(str s, Parsed* p, const uint8_t* red_c, bint melds_ok) noexcept
# An exact list or tuple of at most ``cap`` distinct exact ints 0..135 into ids; its length, or -1.
cdef int c_ids_seq(object obj, uint8_t* ids, int cap) noexcept
# The data of 34 bytes, a 34-byte bytearray or a (34,) C-contiguous uint8 array; NULL otherwise.
cdef const uint8_t* c_counts_ptr(object obj) noexcept
# A 1-d native integer numpy array: (34,) counts, or at most 14 distinct ids (copied into ``ids`` when
# not NULL); the tile count, or -1.
cdef int c_array_counts(object arr, count_t* out, uint8_t* ids) noexcept
