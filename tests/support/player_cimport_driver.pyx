# A third-party Cython module driving riichi_fast.analysis._player through its .pxd only:
# tests/analysis/test_player.py::test_cimport_driver compiles it and checks its answers,
# bench/test_player.py times it (the speed a Cython simulator gets, GIL released).

from riichi_fast.analysis._player cimport PlayerState, PS_OK

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil


def replay(list deals):
    """The loop of bench/test_player.py::_replay, through the nogil c_* methods.

    ``deals``: [(PlayerState reset to the deal's hand, uint8 array (n, 4) of
    (draw, riichi, discard, passed))]; returns the same trace, or -1 on a bad event.
    """
    cdef long trace = 0
    cdef bint bad = False
    cdef PlayerState p
    cdef const unsigned char[:, ::1] steps
    cdef Py_ssize_t i
    cdef int d, passed
    for p, steps in deals:
        with nogil:
            for i in range(steps.shape[0]):
                d = steps[i, 0]
                passed = steps[i, 3]
                if p.c_draw(d) != PS_OK:
                    bad = True
                    break
                trace += p.c_shanten()
                if p.c_can_tsumo(d):
                    trace += 1000
                trace += __builtin_popcountll(p.c_riichi_discards())
                if (steps[i, 1] and p.c_riichi() != PS_OK) or p.c_discard(steps[i, 2]) != PS_OK:
                    bad = True
                    break
                trace += 3 * p.c_is_tenpai()
                if p.c_can_ron(passed):
                    trace += 100
                if p.c_tile_passed(passed) != PS_OK:
                    bad = True
                    break
                trace += 7 * p.c_furiten()
        if bad:
            return -1
    return trace


def waits_after(PlayerState p, int kind):
    """Draw ``kind`` and discard it again (tsumogiri) without the GIL; return the wait mask."""
    cdef unsigned long long mask
    with nogil:
        if p.c_draw(kind) != PS_OK or p.c_discard(kind) != PS_OK:
            mask = 0xFFFFFFFFFFFFFFFF
        else:
            mask = p.c_waits()
    return mask
