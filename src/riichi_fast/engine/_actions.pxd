# The engine's actions in C: the action types, the action space of riichi_fast.engine.actions
# (c_index_of is index_of), and one action as a struct (Act).  _actions.pyx turns an Act into
# an Action and back.

from libc.stdint cimport int8_t, int16_t, uint8_t

# action types: riichi_fast.engine.actions.ACTION_TYPES order
cdef enum:
    A_DISCARD = 0
    A_RIICHI = 1
    A_TSUMO = 2
    A_RON = 3
    A_CHI = 4
    A_PON = 5
    A_DAIMINKAN = 6
    A_ANKAN = 7
    A_KAKAN = 8
    A_KITA = 9
    A_KYUUSHU = 10
    A_PASS = 11

# the first index of each kind of action (riichi_fast.engine.actions)
cdef enum:
    X_DISCARD = 0
    X_RIICHI = 68
    X_TSUMO = 136
    X_RON = 137
    X_PASS = 138
    X_CHI = 139
    X_PON = 148
    X_DAIMINKAN = 151
    X_ANKAN = 152
    X_KAKAN = 186
    X_KITA = 220
    X_KYUUSHU = 221
    N_ACTIONS = X_KYUUSHU + 1

cdef struct Act:
    int8_t type
    int8_t seat
    int16_t tile           # -1: none
    int8_t n_cons
    uint8_t cons[4]


cdef inline int _put(Act* out, int n, int atype, int seat, int tile) noexcept nogil:
    out[n].type = atype
    out[n].seat = seat
    out[n].tile = tile
    out[n].n_cons = 0
    return n + 1


cdef inline bint c_is_red(const uint8_t* redc, int tile) noexcept nogil:
    """Is ``tile`` (an id) a red copy under ``redc`` (the rules' red copies per kind)?"""
    return (tile & 3) < redc[tile >> 2]


cdef inline int c_index_of(const Act* a, const uint8_t* redc) noexcept nogil:
    """riichi_fast.engine.actions.index_of of an action."""
    cdef int t = a.type, i, reds = 0, k, below
    if t == A_DISCARD or t == A_RIICHI:
        return (X_DISCARD if t == A_DISCARD else X_RIICHI) + (34 if c_is_red(redc, a.tile) else 0) + (a.tile >> 2)
    if t == A_TSUMO:
        return X_TSUMO
    if t == A_RON:
        return X_RON
    if t == A_PASS:
        return X_PASS
    for i in range(a.n_cons):
        if c_is_red(redc, a.cons[i]):
            reds += 1
    if t == A_CHI:
        k = a.tile >> 2
        below = 0
        for i in range(a.n_cons):
            if a.cons[i] >> 2 < k:
                below += 1
        return X_CHI + 3 * below + reds
    if t == A_PON:
        return X_PON + reds
    if t == A_DAIMINKAN:
        return X_DAIMINKAN
    if t == A_ANKAN:
        return X_ANKAN + (a.tile >> 2)
    if t == A_KAKAN:
        return X_KAKAN + (a.tile >> 2)
    if t == A_KITA:
        return X_KITA
    return X_KYUUSHU


cdef int c_act_from(object action, Act* a) except -1
cdef object c_act_to(const Act* a)
