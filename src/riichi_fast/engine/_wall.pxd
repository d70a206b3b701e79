# Walls for the game engine (twin: riichi_fast/reference/wall.py).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef struct MTState:
    uint32_t mt[624]
    int mti

cdef void c_mt_init_genrand(MTState* st, uint32_t s) noexcept nogil
cdef void c_mt_init_by_array(MTState* st, const uint32_t* key, int n) noexcept nogil
cdef uint32_t c_mt_genrand(MTState* st) noexcept nogil
cdef void c_shuffle_from_rnd(const uint32_t* rnd, int n_players, uint8_t* yama, int* dice) noexcept nogil
cdef void c_seeded_yama(uint64_t seed, uint64_t hand, int n_players, uint8_t* yama, int* dice) noexcept nogil
cdef void c_sha512_128(const uint8_t* msg, uint8_t* out) noexcept nogil
cdef void c_tenhou_next_yama(MTState* st, int n_players, uint8_t* yama, int* dice) noexcept nogil
