# The built-in agents in C (_agents.pyx): the choices of riichi_fast.engine.agents' RandomAgent,
# TsumogiriAgent and GreedyAgent from the same legal actions, made on a CTable without the GIL.

from libc.stdint cimport uint8_t, uint64_t

from riichi_fast.engine._table cimport CTable

# agent codes: AGENT_NAMES order
cdef enum:
    AG_RANDOM = 0
    AG_TSUMOGIRI = 1
    AG_GREEDY = 2


cdef inline uint64_t _splitmix64(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef int _agent_step(CTable t, const int* agents, uint64_t* rngs, const uint8_t* redc) except -1 nogil
