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
