# The storage of a HandResult (riichi_fast.scoring.result.HandResult derives from ResultCore): the
# kernel's 96 output slots and the closed counts held inline, written in place by the compiled scoring
# front end (riichi_fast.scoring._score_api); the decoded objects built on first read.

from libc.stdint cimport int32_t, int64_t, uint8_t

from riichi_fast.rules._layout cimport O_FU_LIST, MAX_FU_ITEMS

cdef enum:
    N_STORED = O_FU_LIST + 2 * MAX_FU_ITEMS     # slots 0..66 stored; 67..95 are reserved (always 0)

cdef class ResultCore:
    # the output slots (when ``inline``): O_YAKU_MASK in ``mask``, the others (small: statuses, han,
    # fu, points) in ``s``; the object stays under 512 bytes (Python's small-object allocator)
    cdef int32_t s[N_STORED]
    cdef int64_t mask
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


# Store the kernel's 96 output slots in r (inline when they fit, else as a tuple); r fresh from tp_new.
cdef int c_store_output(ResultCore r, const int64_t* out) except -1

# c_store_output for the full output of the scoring kernel (c_score_hand_digested's ``out``): the same
# storage with fewer checks (only its 64-bit slots can leave int32; see rf_pack_kernel).
cdef int c_store_kernel_output(ResultCore r, const int64_t* out) except -1

# A new ``cls`` (HandResult, a ResultCore subclass) for the scoring front end: untracked by the cycle
# collector, object fields None, the plain fields (s, mask, closed, inline, has_closed, b_tsumo, b_dealer,
# b_open) possibly stale from a recycled block: the caller sets every one (c_store_kernel_output sets s,
# mask and inline).
cdef ResultCore c_new_bare(object cls)
