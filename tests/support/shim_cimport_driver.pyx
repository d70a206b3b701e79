# A third-party Cython module that cimports the kernels through the top-level .pxd paths
# (``from riichi_fast._shanten cimport c_shanten``, README "Cython users"), which re-export
# the .pxd files of the subpackages: tests/test_cimport_paths.py compiles it and checks its
# answers against the public functions.

from libc.stdint cimport uint32_t, uint64_t

from riichi_fast._types cimport count_t, N_KINDS, MELD_PON
from riichi_fast._tiles cimport c_tile_counts
from riichi_fast._shanten cimport c_shanten, c_is_agari, SHANTEN_INVALID
from riichi_fast._waits cimport c_wait_mask
from riichi_fast._decompose cimport c_decompose
from riichi_fast._furiten cimport FuritenState, c_is_furiten
from riichi_fast._player cimport PlayerState
from riichi_fast._score cimport c_score_hand, RulesC
from riichi_fast._result cimport ResultCore
from riichi_fast._wall cimport MTState, c_mt_init_genrand, c_mt_genrand


def constants():
    """Enum values read through the top-level paths."""
    return N_KINDS, MELD_PON, SHANTEN_INVALID


def shanten_agari_waits(tiles):
    """(shanten, agari, wait bitmask) of ``tiles`` (a 136-id list or a Hand) through the C kernels."""
    cdef count_t counts[34]
    if c_tile_counts(tiles, counts) < 0:
        return None
    cdef int s = c_shanten(counts)
    cdef bint agari = c_is_agari(counts)
    cdef uint64_t mask = c_wait_mask(counts, counts, False)
    return s, bool(agari), mask


def furiten(uint64_t wait_mask, uint64_t discard_mask):
    return bool(c_is_furiten(wait_mask, discard_mask))


def mt19937(uint32_t seed, int n):
    """The first ``n`` outputs of the Mersenne Twister seeded with ``seed`` (engine._wall's C code)."""
    cdef MTState st
    c_mt_init_genrand(&st, seed)
    return [c_mt_genrand(&st) for _ in range(n)]


def player_shanten(PlayerState p):
    """A PlayerState made in Python, read through its cdef method."""
    return p.c_shanten()


def is_furiten_state(object obj):
    return isinstance(obj, FuritenState), isinstance(obj, ResultCore)
