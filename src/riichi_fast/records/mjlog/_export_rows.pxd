# The rows of the export tables, written by the mjlog scan in export mode
# (records.mjlog._scan.export_mjlog; the layout: its docstring).

from riichi_fast.records.mjlog._game cimport Game
from riichi_fast.records.mjlog._tokens cimport Attr


cdef enum:
    EX_WIDTH = 104       # int32 columns of an export row
    EX_HAND = 1
    EX_WIN = 2
    EX_DRAW = 3
    EX_GAME = 4
    EX_YAKU = 28         # win: the yaku ids from this column
    EX_MAX_YAKU = 40     # (32 recorded pairs and 8 yakuman at most: MAX_INTS, the yakuman cap)
    EX_CLOSED = 68       # win: the closed tiles as mpsz text (bytes) from this column
    EX_CLOSED_BYTES = 24
    EX_MELDS = 74        # win: the melds as text (bytes) from this column
    EX_MELDS_BYTES = 112
    EX_NAMES = 42        # game: the names n0-n3 (percent-decoded UTF-8) from this column
    EX_NAME_BYTES = 48   # each
    EX_NAME_LEN = 90     # game: their lengths (-1: no <UN n0>), columns 90-93


cdef int ex_win(Game* g, int who, int tsumo, int from_who, int machi, int pao, int* closed,
                int n_closed, int* codes, int n_codes, int* yaku, int n_yaku, int* yakuman,
                int n_yakuman, int* ten, int* sc, int* ura, int n_ura) noexcept nogil
cdef void ex_hand(Game* g) noexcept nogil
cdef void ex_draw(Game* g, Attr* attrs, int na) noexcept nogil
cdef int ex_finish(Game* g, const char* data) noexcept nogil
