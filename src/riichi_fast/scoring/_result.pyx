# Compiled storage of a HandResult: one object holding the 96 output slots and the closed counts
# inline (the scoring front end riichi_fast.scoring._score_api writes the kernel's output straight into it),
# the plain attributes read from them in C, the decoded objects (yaku, fu items, payment, reading)
# built on first read by the Python methods of riichi_fast.scoring.result.HandResult, its subclass.
#
# Twin: riichi_fast.reference.scoring.result.ResultCore (the same attributes over a tuple).

cimport cython
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.ref cimport Py_INCREF, Py_DECREF
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.array cimport array, clone

from riichi_fast.rules._layout cimport (O_STATUS, O_HAN, O_FU, O_YAKU_MASK, O_YAKUMAN, O_DORA, O_URA, O_AKA,
                                       O_KITA, O_LIMIT, O_BASE, O_HAND_POINTS, O_TOTAL, O_PAY_RON, ST_OK,
                                       OUT_SIZE)

from riichi_fast.rules import layout as L

cdef dict _STATUS_NAMES = L.STATUS_NAMES
cdef dict _LIMIT_NAMES = L.LIMIT_NAMES
cdef list _SMALL = list(range(-1, 257))
cdef array _OUT_TEMPLATE = array("q")
if _OUT_TEMPLATE.itemsize != 8:
    raise ImportError("array('q') items are not 8 bytes")


cdef inline object _int(int64_t v):
    if -1 <= v <= 255:
        return _SMALL[v + 1]
    return v


cdef inline int64_t _value(ResultCore r, int i) noexcept:
    """Slot i of an inline result."""
    if i == O_YAKU_MASK:
        return r.mask
    if i < N_STORED:
        return r.s[i]
    return 0


cdef inline object _slot(ResultCore r, int i):
    if r.inline:
        return _int(_value(r, i))
    return r._out_obj[i]


cdef extern from *:
    """
    /* slots 0..66 of out as int32 into s (slot 4, the yaku mask, as 0), slots 67..95 checked to be 0;
       1 if every value fits (constant bounds: the loops vectorise) */
    static int rf_pack(int32_t* __restrict s, const int64_t* __restrict out) {
        /* x fits int32 iff (uint64)x + 2**31 < 2**32: an add and a shift per slot (SSE2 vectorises both) */
        uint64_t bad = 0;
        int i;
        for (i = 0; i < 4; i++) {
            s[i] = (int32_t)out[i];
            bad |= ((uint64_t)out[i] + 0x80000000u) >> 32;
        }
        s[4] = 0;                           /* the yaku mask: kept apart (64 bits) */
        for (i = 5; i < 67; i++) {
            s[i] = (int32_t)out[i];
            bad |= ((uint64_t)out[i] + 0x80000000u) >> 32;
        }
        for (i = 67; i < 96; i++) bad |= (uint64_t)out[i];
        return bad == 0;
    }
    /* rf_pack for the full output of the scoring kernel (_score.c_score_hand_digested): there every slot
       but O_BASE (11) and the payments (34..41), computed in 64 bits, holds a C int or byte, and slots
       67..95 are 0 (SCORING.md 5.8), so only those 9 slots are checked */
    static int rf_pack_kernel(int32_t* __restrict s, const int64_t* __restrict out) {
        uint64_t bad = ((uint64_t)out[11] + 0x80000000u) >> 32;
        int i;
        for (i = 34; i < 42; i++)
            bad |= ((uint64_t)out[i] + 0x80000000u) >> 32;
        for (i = 0; i < 67; i++)
            s[i] = (int32_t)out[i];
        s[4] = 0;                           /* the yaku mask: kept apart (64 bits) */
        return bad == 0;
    }

    /* A freelist of results: the exact type given to rf_install_freelist (HandResult) gets a tp_alloc
       that reuses the blocks its tp_free kept (at most RF_FREELIST_MAX), as CPython's own freelists do:
       the deallocators have cleared and untracked the object, the block keeps its GC header; reused, it
       is zeroed, initialised (type reference, refcount 1) and tracked, as PyType_GenericAlloc leaves a
       new one.  Not installed on a free-threaded build (the list relies on the GIL). */
    #define RF_FREELIST_MAX 512
    static PyObject* rf_free_items[RF_FREELIST_MAX];
    static int rf_free_n = 0;
    static PyTypeObject* rf_free_type = NULL;
    static allocfunc rf_orig_alloc = NULL;
    static freefunc rf_orig_free = NULL;

    static PyObject* rf_result_alloc(PyTypeObject* t, Py_ssize_t nitems) {
        if (t == rf_free_type && nitems == 0 && rf_free_n > 0) {
            PyObject* o = rf_free_items[--rf_free_n];
            memset((char*)o + sizeof(PyObject), 0, (size_t)t->tp_basicsize - sizeof(PyObject));
            (void)PyObject_Init(o, t);
            PyObject_GC_Track(o);
            return o;
        }
        return rf_orig_alloc(t, nitems);
    }

    /* cls's tp_new (its object fields set to None), untracked: for c_new_bare when the freelist has
       no block for cls (rf_pop_bare took it otherwise) */
    static PyObject* rf_new_bare(PyObject* cls, PyObject* empty) {
        PyObject* o = ((PyTypeObject*)cls)->tp_new((PyTypeObject*)cls, empty, NULL);
        if (o != NULL)
            PyObject_GC_UnTrack(o);         /* a block from the allocator is tracked */
        return o;
    }

    static void rf_result_free(void* p) {
        if (Py_TYPE((PyObject*)p) == rf_free_type && rf_free_n < RF_FREELIST_MAX) {
            rf_free_items[rf_free_n++] = (PyObject*)p;
            return;
        }
        rf_orig_free(p);
    }

    /* The deallocator of the type when it adds nothing to its base ResultCore (no __dict__, __weakref__
       or slot; checked by _install_freelist): what subtype_dealloc does for such a type (the base's
       deallocator, which untracks, clears the fields and frees the block, then the type's reference)
       without its generic walk.  Instances of a subclass come here from subtype_dealloc, which has done
       their own part (their finaliser included) and leaves the type's reference to this level, as it
       does to any base deallocator of a heap type.  A finaliser set on the type itself is run first; an
       object it resurrects is left alive (with its type). */
    static destructor rf_base_dealloc = NULL;

    static void rf_result_dealloc(PyObject* o) {
        PyTypeObject* t = Py_TYPE(o);
        if (t->tp_finalize != NULL && PyObject_CallFinalizerFromDealloc(o) < 0)
            return;
        rf_base_dealloc(o);
        Py_DECREF((PyObject*)t);
    }

    /* A block of the list for cls (a new reference: type reference and refcount set, untracked, every
       field stale), or NULL when cls is not the list's type or the list is empty. */
    static PyObject* rf_pop_bare(PyObject* cls) {
        PyObject* o;
        if ((PyTypeObject*)cls != rf_free_type || rf_free_n == 0)
            return NULL;
        o = rf_free_items[--rf_free_n];
        (void)PyObject_Init(o, (PyTypeObject*)cls);
        return o;
    }
    /* The object fields of a ResultCore struct p set to None (their stale values not read), as its tp_new
       sets them (a macro: expanded where the struct is defined) */
    #define rf_fields_to_none(p) do { \
        (p)->_out_obj = Py_None; (p)->_closed_obj = Py_None; (p)->_params = Py_None; (p)->_raw = Py_None; \
        (p)->_yaku = Py_None; (p)->_reading = Py_None; (p)->_fu = Py_None; (p)->_payment = Py_None; \
        Py_INCREF(Py_None); Py_INCREF(Py_None); Py_INCREF(Py_None); Py_INCREF(Py_None); \
        Py_INCREF(Py_None); Py_INCREF(Py_None); Py_INCREF(Py_None); Py_INCREF(Py_None); \
    } while (0)

    /* 1 when installed on t, 0 when not (a free-threaded build, or already installed); plain_dealloc:
       t adds nothing to its base, whose deallocator may be called directly */
    static int rf_install_freelist(PyObject* t_, int plain_dealloc) {
    #ifdef Py_GIL_DISABLED
        (void)t_;
        (void)plain_dealloc;
        return 0;
    #else
        PyTypeObject* t = (PyTypeObject*)t_;
        if (rf_free_type != NULL || t->tp_alloc == NULL || t->tp_free == NULL)
            return 0;
        rf_orig_alloc = t->tp_alloc;
        rf_orig_free = t->tp_free;
        Py_INCREF(t_);                      /* kept: the list holds blocks of this type */
        rf_free_type = t;
        t->tp_alloc = rf_result_alloc;
        t->tp_free = rf_result_free;
        if (plain_dealloc && (t->tp_flags & Py_TPFLAGS_HEAPTYPE) && t->tp_base != NULL
                && !(t->tp_base->tp_flags & Py_TPFLAGS_HEAPTYPE) && t->tp_base->tp_dealloc != NULL) {
            rf_base_dealloc = t->tp_base->tp_dealloc;
            t->tp_dealloc = rf_result_dealloc;
        }
        return 1;
    #endif
    }
    static int rf_free_count(void) { return rf_free_n; }
    """
    bint rf_pack(int32_t* s, const int64_t* out) noexcept
    int rf_install_freelist(object t, int plain_dealloc) except -1
    int rf_free_count() noexcept
    object rf_new_bare(object cls, object empty)
    PyObject* rf_pop_bare(object cls)
    void rf_fields_to_none(ResultCore r)
    bint rf_pack_kernel(int32_t* s, const int64_t* out) noexcept


cdef int c_store_output(ResultCore r, const int64_t* out) except -1:
    """Keep the 96 slots of ``out``: inline when every slot but the yaku mask fits 32 bits and the reserved
    ones are 0 (always, for the kernel's output), else as a tuple."""
    cdef int i
    cdef bint fits
    if N_STORED != 67 or O_YAKU_MASK != 4 or OUT_SIZE != 96:
        raise TypeError("riichi_fast.scoring._result: the output layout changed: update rf_pack")
    fits = rf_pack(r.s, out)
    r.mask = out[O_YAKU_MASK]
    r.inline = fits
    if not fits:
        r._out_obj = tuple([out[i] for i in range(OUT_SIZE)])
        r._raw = r._out_obj
    return 0


cdef int c_store_kernel_output(ResultCore r, const int64_t* out) except -1:
    """c_store_output for the full output of the scoring kernel (same storage, fewer checks: see
    rf_pack_kernel); any other output goes to c_store_output."""
    if O_BASE != 11 or O_PAY_RON != 34 or O_TOTAL != 41:
        raise TypeError("riichi_fast.scoring._result: the output layout changed: update rf_pack_kernel")
    if not rf_pack_kernel(r.s, out):
        return c_store_output(r, out)
    r.mask = out[O_YAKU_MASK]
    r.inline = True
    return 0


cdef tuple _NO_ARGS = ()


cdef ResultCore c_new_bare(object cls):
    """A new ``cls`` (HandResult) untracked by the cycle collector, its object fields None and its plain
    fields (s, mask, closed, the flags) possibly stale: the caller sets every one of them."""
    cdef PyObject* o = rf_pop_bare(cls)
    cdef ResultCore r
    if o is NULL:
        return <ResultCore>rf_new_bare(cls, _NO_ARGS)
    rf_fields_to_none(<ResultCore>o)
    r = <ResultCore>o
    Py_DECREF(r)                # o's own reference (r holds one)
    return r


def _install_freelist(cls):
    """Recycle the storage of ``cls`` objects (the exact type: HandResult; a subclass of ResultCore of
    fixed size) through a freelist of up to 512 blocks, as CPython's freelists do for its own types;
    True when installed now (once per process; never on a free-threaded build)."""
    if not isinstance(cls, type) or not issubclass(cls, ResultCore) or (<type>cls).__itemsize__ != 0:
        raise TypeError("a fixed-size subclass of ResultCore")
    # its deallocator may be ResultCore's own when cls adds no field, __dict__ or __weakref__ to it
    plain = (cls.__base__ is ResultCore and cls.__basicsize__ == ResultCore.__basicsize__
             and cls.__dictoffset__ == 0 and cls.__weakrefoffset__ == 0)
    return rf_install_freelist(cls, plain) == 1


def _freelist_size():
    """How many blocks the result freelist holds now (tests)."""
    return rf_free_count()


@cython.auto_pickle(False)  # HandResult pickles itself (__reduce__)
cdef class ResultCore:
    """The stored part of a :class:`~riichi_fast.scoring.result.HandResult` (its base class)."""

    def __init__(self, raw, params=None, *, tsumo=False, dealer=False, is_open=False, closed34=None):
        raw = tuple(raw)
        self.inline = False
        self._out_obj = raw
        self._raw = raw
        self.b_tsumo = bool(tsumo)
        self.b_dealer = bool(dealer)
        self._params = params
        self.b_open = bool(is_open)
        self.has_closed = False
        self._closed_obj = closed34
        self._yaku = self._reading = self._fu = self._payment = None

    @property
    def _out(self):
        """The output slots as an int sequence (a tuple, or an ``array('q')`` built on first use)."""
        cdef array a
        cdef int i
        if self.inline and self._out_obj is None:
            a = clone(_OUT_TEMPLATE, OUT_SIZE, False)
            for i in range(OUT_SIZE):
                a.data.as_longlongs[i] = _value(self, i)
            self._out_obj = a
        return self._out_obj

    @property
    def _closed34(self):
        """Closed counts with the winning tile (bytes), or None."""
        if self.has_closed and self._closed_obj is None:
            self._closed_obj = PyBytes_FromStringAndSize(<char*>self.closed, 34)
        return self._closed_obj

    @property
    def _is_open(self):
        return self.b_open

    @property
    def tsumo(self):
        """Won by tsumo."""
        return self.b_tsumo

    @property
    def dealer(self):
        """The winner is the dealer."""
        return self.b_dealer

    @property
    def raw(self):
        """The 96 output slots of docs/SCORING.md 5.8, a tuple of ints."""
        cdef Py_ssize_t i
        cdef tuple t
        if self._raw is None:
            if self.inline:
                t = PyTuple_New(OUT_SIZE)
                for i in range(OUT_SIZE):
                    v = _int(_value(self, i))
                    Py_INCREF(v)
                    PyTuple_SET_ITEM(t, i, v)
                self._raw = t
            else:
                self._raw = tuple(self._out_obj)
        return self._raw

    @property
    def status_code(self):
        """The status code (``ST_*``)."""
        return _slot(self, O_STATUS)

    @property
    def status(self):
        """The stable status name."""
        code = _slot(self, O_STATUS)
        name = _STATUS_NAMES.get(code)
        return name if name is not None else f"status_{code}"

    @property
    def han(self):
        """Han, dora included (0 for a yakuman)."""
        return _slot(self, O_HAN)

    @property
    def fu(self):
        """Fu, rounded (25 for chiitoitsu)."""
        return _slot(self, O_FU)

    @property
    def yaku_mask(self):
        """Bits = yaku ids."""
        return _slot(self, O_YAKU_MASK)

    @property
    def yakuman(self):
        """Total yakuman multiple."""
        return _slot(self, O_YAKUMAN)

    @property
    def dora(self):
        """Dora from indicators."""
        return _slot(self, O_DORA)

    @property
    def ura_dora(self):
        """Ura-dora."""
        return _slot(self, O_URA)

    @property
    def aka_dora(self):
        """Red tiles."""
        return _slot(self, O_AKA)

    @property
    def kita(self):
        """Extracted north tiles."""
        return _slot(self, O_KITA)

    @property
    def limit(self):
        """Limit name or ''."""
        return _LIMIT_NAMES.get(_slot(self, O_LIMIT), "")

    @property
    def base_points(self):
        """Base points."""
        return _slot(self, O_BASE)

    @property
    def ok(self):
        """The hand wins (status ``"ok"``)."""
        if self.inline:
            return self.s[O_STATUS] == ST_OK
        return self._out_obj[O_STATUS] == ST_OK

    @property
    def cost(self):
        """The hand's points without counters and sticks (0 if it does not win)."""
        return _slot(self, O_HAND_POINTS)  # every slot is 0 unless the hand wins

    @property
    def total(self):
        """Everything the winner gains: hand, counters and riichi sticks."""
        return _slot(self, O_TOTAL)


def _stored_for_tests(cls, values, bint kernel=False):
    """``(r, inline)``: a new ``cls`` (ResultCore or a subclass) holding the 96 ``values`` as the compiled
    scoring front end stores an output (``c_store_output``; ``kernel``: ``c_store_kernel_output``, for
    the kernel's own output only), and whether they were packed inline."""
    cdef int64_t out[OUT_SIZE]
    cdef ResultCore r = cls.__new__(cls)
    cdef int i
    if len(values) != OUT_SIZE:
        raise ValueError(f"expected {OUT_SIZE} values")
    for i in range(OUT_SIZE):
        out[i] = values[i]
    if kernel:
        c_store_kernel_output(r, out)
    else:
        c_store_output(r, out)
    return r, r.inline
