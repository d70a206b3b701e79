# The storage of a HandResult (riichi_fast.rules.result.HandResult derives from ResultCore): the
# kernel's 96 output slots and the closed counts held inline, written in place by the compiled scoring
# front end (riichi_fast._score_api); the decoded objects built on first read.

from libc.stdint cimport int64_t, uint8_t

cdef class ResultCore:
    cdef int64_t out[96]            # the output slots (when ``inline``)
    cdef uint8_t closed[34]         # closed counts, winning tile included (when ``has_closed``)
    cdef bint inline                # out holds the slots; else _out_obj (the sequence given to __init__)
    cdef bint has_closed
    cdef bint b_tsumo, b_dealer, b_open
    cdef object _out_obj            # the sequence given, or (inline) the array('q') built on first use of _out
    cdef object _closed_obj         # the closed counts given, or (inline) their bytes built on first use
    cdef public object _params      # the rules' params() array, or None
    cdef public object _raw         # caches, None until first read
    cdef public object _yaku
    cdef public object _reading
    cdef public object _fu
    cdef public object _payment
