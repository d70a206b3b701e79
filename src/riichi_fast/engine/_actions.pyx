# An Action (riichi_fast.engine.types) as the C struct Act and back (see _actions.pxd).

from riichi_fast.engine.actions import ACTION_TYPES
from riichi_fast.engine.types import Action, EngineError

cdef dict _CODES = {name: i for i, name in enumerate(ACTION_TYPES)}


cdef int c_act_from(object action, Act* a) except -1:
    """``action`` into ``a``; an unknown action type raises EngineError (as index_of)."""
    code = _CODES.get(action.type)
    if code is None:
        raise EngineError(f"{action}: unknown action type {action.type!r}")
    a.type = code
    a.seat = action.seat
    a.tile = -1 if action.tile is None else action.tile
    cons = action.consumed
    if len(cons) > 4:
        raise EngineError(f"{action}: more than four tiles taken from the hand")
    a.n_cons = len(cons)
    for i in range(a.n_cons):
        a.cons[i] = cons[i]
    return 0


cdef object c_act_to(const Act* a):
    return Action(ACTION_TYPES[a.type], a.seat, None if a.tile < 0 else a.tile,
                  tuple([a.cons[i] for i in range(a.n_cons)]))
