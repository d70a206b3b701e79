# Compiled front end of riichi_fast.score: one hand in, HandResult out, in
# about a microsecond.  Twin: riichi_fast.reference.scoring.score_api (the Python
# pipeline of riichi_fast.scoring.pipeline, docs/SCORING.md section 6).
#
# The pipeline's work is done here on the stack: the hand's closed counts and
# meld arrays come from the 80 bytes a Hand caches (Hand._score_data), or are
# read straight from a plain one-line string, 34 counts or 136-ids; the
# context array is built from the keyword arguments (or a WinContext's
# fields); the rules parameters are taken once per Rules object (_RulesView);
# c_score_hand_digested (cimported from _score.pxd; the rules digested once per
# _RulesView) writes straight into a fresh HandResult, whose compiled storage
# (riichi_fast.scoring._result.ResultCore) holds the output slots and closed counts
# inline; its raw tuple, yaku, fu items, payment and reading are built on first
# read.
#
# Exactness rule: the fast path only accepts inputs whose meaning is plain
# (flags True/False/0/1, winds 0..3 or one of "ESWNeswn", indicators as kinds
# or an mpsz string read by the pipeline's as_indicators, counters as ints,
# hands as above or coerced by the pipeline's own helper).  Anything else, and
# every input error, goes to the Python pipeline, which raises exactly the
# errors it always raised, in its order.  So both paths give the same results
# and the same exceptions (tests/scoring/test_score_api.py).

cimport cython
from libc.stdint cimport uint8_t, int32_t, int64_t
from libc.string cimport memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING
from cpython.ref cimport Py_INCREF
from cpython.object cimport PyObject
from cpython.dict cimport PyDict_GetItem

cimport numpy as cnp

from riichi_fast._types cimport count_t
from riichi_fast.scoring._result cimport ResultCore, c_store_kernel_output, c_new_bare
from riichi_fast._tiles cimport Parsed, c_parse_text, c_counts_ptr, c_array_counts
from riichi_fast.scoring._score cimport (RulesC, c_digest_rules, c_score_hand_digested,
                                 CTX_SIZE, R_SIZE, OUT_SIZE, O_STATUS, ST_OK, ST_BAD_INPUT,
                                 CTX_FLAGS, CTX_SEAT_WIND, CTX_ROUND_WIND, CTX_N_DORA, CTX_DORA,
                                 CTX_N_URA, CTX_URA, CTX_N_RED, CTX_N_KITA, CTX_HONBA,
                                 CTX_RIICHI_STICKS, MAX_INDICATORS,
                                 F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_OPEN_RIICHI,
                                 F_HAITEI, F_HOUTEI, F_RINSHAN, F_CHANKAN, F_TENHOU, F_CHIIHOU,
                                 F_RENHOU, F_PAARENCHAN)

from riichi_fast.hand import Hand
from riichi_fast.rules.config import DEFAULT, Rules
from riichi_fast.rules.context import WinContext, as_indicators
from riichi_fast.scoring import pipeline
from riichi_fast.scoring._result import _install_freelist
from riichi_fast.scoring.result import HandResult

cnp.import_array()

# HandResult derives from the compiled ResultCore unless RIICHI_FAST_PUREPYTHON=1 chose its twin (this
# module imported anyway): then every call takes the pipeline
cdef bint _RESULT_COMPILED = issubclass(HandResult, ResultCore)
if _RESULT_COMPILED:
    # results come and go in bursts (a list of scored hands): their blocks are recycled
    _install_freelist(HandResult)
cdef object _HandResult = HandResult
cdef object _Hand = Hand

cdef extern from *:
    """
    typedef PyObject* (*rf_vc_t)(PyObject*, PyObject**, size_t, PyObject*);
    static vectorcallfunc rf_orig_vc = NULL;
    /* Make fn the vectorcall entry of the function object f (its own entry kept for rf_call_orig);
       0 if f has no vectorcall slot (then every call takes f's own path). */
    static int rf_install_vc(PyObject* f, rf_vc_t fn) {
        PyTypeObject* t = Py_TYPE(f);
        vectorcallfunc* slot;
        if (!PyType_HasFeature(t, Py_TPFLAGS_HAVE_VECTORCALL) || t->tp_vectorcall_offset <= 0) return 0;
        slot = (vectorcallfunc*)((char*)f + t->tp_vectorcall_offset);
        if (*slot == NULL || rf_orig_vc != NULL) return 0;
        rf_orig_vc = *slot;
        *slot = (vectorcallfunc)fn;
        return 1;
    }
    static PyObject* rf_call_orig(PyObject* f, PyObject** args, size_t nargsf, PyObject* kwnames) {
        return rf_orig_vc(f, (PyObject* const*)args, nargsf, kwnames);
    }
    /* _score_impl called with the 23 borrowed argument pointers (no reference taken on them) */
    typedef PyObject* (*rf_impl_t)(PyObject*, PyObject*, PyObject*, PyObject*, PyObject*, PyObject*, PyObject*,
                                   PyObject*, PyObject*, PyObject*, PyObject*, PyObject*, PyObject*, PyObject*,
                                   PyObject*, PyObject*, PyObject*, PyObject*, PyObject*, PyObject*, PyObject*,
                                   PyObject*, PyObject*);
    static rf_impl_t rf_impl = NULL;
    static void rf_set_impl(void* fn) { rf_impl = (rf_impl_t)fn; }
    static PyObject* rf_call_impl(PyObject** v) {
        return rf_impl(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13],
                       v[14], v[15], v[16], v[17], v[18], v[19], v[20], v[21], v[22]);
    }
    #define rf_get_dict(o) PyObject_GenericGetDict(o, NULL)
    #define rf_nargs(n) PyVectorcall_NARGS(n)
    /* an exact int's value when it is small and not negative, else -1 */
    #if PY_VERSION_HEX >= 0x030C0000
    #define rf_small_value(o) (PyUnstable_Long_IsCompact((PyLongObject*)(o)) ? \
        (long)PyUnstable_Long_CompactValue((PyLongObject*)(o)) : -1L)
    #else
    #define rf_small_value(o) (Py_SIZE(o) == 0 ? 0L : Py_SIZE(o) == 1 ? (long)((PyLongObject*)(o))->ob_digit[0] : -1L)
    #endif
    #define rf_tuple_item(t, i) PyTuple_GET_ITEM(t, i)
    #define rf_tuple_size(t) PyTuple_GET_SIZE(t)
    #define rf_list_items(o) (((PyListObject*)(o))->ob_item)
    #define rf_list_size(o) PyList_GET_SIZE(o)
    #define rf_tuple_items(o) (((PyTupleObject*)(o))->ob_item)
    #define rf_exact_int(o) PyLong_CheckExact(o)
    /* The closed counts (sd[0..34)) of n items that are distinct exact ints 0..135 (sd zeroed before);
       the number of red ones (red_id[t]: id t is red), or -1 for an item of another type or value, or an id given
       twice. */
    static inline int rf_seq_counts(PyObject* const* __restrict items, Py_ssize_t n, uint8_t* __restrict sd,
                                    const uint8_t* __restrict red_id) {
        uint8_t seen[136];
        Py_ssize_t i;
        int n_red = 0;
        memset(seen, 0, sizeof(seen));
        for (i = 0; i < n; i++) {
            PyObject* v = items[i];
            unsigned long t;
            unsigned k;
            if (!PyLong_CheckExact(v)) return -1;
            t = (unsigned long)rf_small_value(v);     /* -1 (not small) wraps above 135 */
            if (t >= 136 || seen[t]) return -1;
            seen[t] = 1;
            k = (unsigned)(t >> 2);
            sd[k] += 1;
            n_red += red_id[t];
        }
        return n_red;
    }
    """
    ctypedef object (*rf_vc_t)(object, PyObject**, size_t, PyObject*)
    int rf_install_vc(object f, rf_vc_t fn) except -1
    object rf_call_orig(object f, PyObject** args, size_t nargsf, PyObject* kwnames)
    Py_ssize_t rf_nargs(size_t nargsf)
    dict rf_get_dict(object o)
    long rf_small_value(PyObject* o)
    void rf_set_impl(void* fn)
    object rf_call_impl(PyObject** v)
    PyObject* rf_tuple_item(PyObject* t, Py_ssize_t i)
    Py_ssize_t rf_tuple_size(PyObject* t)
    PyObject** rf_list_items(object o)
    Py_ssize_t rf_list_size(object o)
    PyObject** rf_tuple_items(object o)
    bint rf_exact_int(PyObject* o)
    int rf_seq_counts(PyObject** items, Py_ssize_t n, uint8_t* sd, const uint8_t* red_id) noexcept


# ---------------------------------------------------------------------------
# the Python helpers of the pipeline

cdef object _pipeline = pipeline.pipeline_score
cdef object _coerce_rules = pipeline.coerce_rules
cdef object _coerce_hand = pipeline.coerce_hand
cdef object _win_tile_of = pipeline.win_tile_of
cdef object _n_red_under = pipeline.n_red_under


# ---------------------------------------------------------------------------
# rules: parameters and the fields the front end reads, cached for the last Rules

cdef class _RulesView:
    """What the front end reads of one Rules object, taken once (a call keeps its own reference, so
    another thread switching rules meanwhile cannot change what this call uses)."""
    cdef object rules           # the Rules object (kept alive)
    cdef object params          # its params() array (read-only int32[224])
    cdef const int32_t* p
    cdef RulesC rc              # p digested once (set before the view is published, never changed)
    cdef object red             # its red_counts tuple
    cdef object red_alias       # a distinct tuple found equal to red (a hand's red configuration)
    cdef uint8_t red_c[34]
    cdef uint8_t red_id[136]    # 1 for the red ids: (id & 3) < red_c[id >> 2]
    cdef bint ura_dora, kan_dora


cdef _RulesView _current = None     # the last view used
cdef dict _VIEWS = {}                # id(Rules) -> its view (the view keeps the Rules alive: ids stay unique)
cdef dict _NAMED = {}                # preset name as given -> the view of Rules.preset(name)


cdef _RulesView _rules_view(object rules):
    """The view of ``rules`` (a Rules or a preset name), cached per Rules object and per name; errors are
    coerce_rules' own."""
    global _current
    cdef _RulesView rv
    if type(rules) is str:
        rv = _NAMED.get(rules)
        if rv is None:
            rv = _rules_view(_coerce_rules(rules))
            if len(_NAMED) >= 64:
                _NAMED.clear()
            _NAMED[rules] = rv
        _current = rv
        return rv
    if type(rules) is not Rules:
        rules = _coerce_rules(rules)
    rv = _VIEWS.get(id(rules))
    if rv is None or rv.rules is not rules:
        rv = _view(rules)
        if len(_VIEWS) >= 64:
            _VIEWS.clear()
        _VIEWS[id(rules)] = rv
    _current = rv
    return rv


cdef _RulesView _view(object rules):
    global _current
    cdef _RulesView v = _RulesView.__new__(_RulesView)
    cdef cnp.ndarray p = rules.params()
    cdef Py_ssize_t k
    if (cnp.PyArray_TYPE(p) != cnp.NPY_INT32 or cnp.PyArray_NDIM(p) != 1 or cnp.PyArray_DIM(p, 0) != R_SIZE
            or not cnp.PyArray_IS_C_CONTIGUOUS(p)):
        raise TypeError("Rules.params() must be a C-contiguous int32 array of 224 items")
    red = rules.red_counts
    for k in range(34):
        v.red_c[k] = red[k]
    for k in range(136):
        v.red_id[k] = (k & 3) < v.red_c[k >> 2]
    v.ura_dora = rules.ura_dora
    v.kan_dora = rules.kan_dora
    v.params = p
    v.p = <const int32_t*>cnp.PyArray_DATA(p)
    c_digest_rules(v.p, &v.rc)
    v.red = red
    v.rules = rules
    _current = v
    return v


# ---------------------------------------------------------------------------
# keyword values (each returns -1 for "not plain: let the pipeline decide")

cdef inline int _flag(object v, int bit, bint* odd) noexcept:
    """``bit`` for True/1, 0 for False/0; anything else sets ``odd`` (the pipeline decides)."""
    if v is False:
        return 0
    if v is True:
        return bit
    if type(v) is int:
        if v == 0:
            return 0
        if v == 1:
            return bit
    odd[0] = True
    return 0


cdef inline int _wind(object v) noexcept:
    cdef Py_UCS4 c
    cdef long x
    if type(v) is int:
        x = rf_small_value(<PyObject*>v)
        return <int>x if 0 <= x <= 3 else -1
    if type(v) is str and len(<str>v) == 1:
        c = (<str>v)[0]
        if c == 69 or c == 101:     # E e
            return 0
        if c == 83 or c == 115:     # S s
            return 1
        if c == 87 or c == 119:     # W w
            return 2
        if c == 78 or c == 110:     # N n
            return 3
    return -1


cdef inline int _counter(object v) noexcept:
    cdef long x
    if type(v) is int:
        x = rf_small_value(<PyObject*>v)
        if 0 <= x <= 1000:
            return <int>x
    return -1


cdef object _ZERO = 0
cdef tuple _EMPTY = ()
cdef dict _IND_CACHE = {}           # mpsz indicator string -> kinds (as_indicators)


cdef inline int _plain_kind(Py_UCS4 d, Py_UCS4 s) noexcept:
    """The kind of a two-letter tile name without a red five ("1m".."9s", "1z".."7z"), -1 otherwise."""
    if not 49 <= d <= 57:
        return -1
    if s == 109:        # m
        return <int>d - 49
    if s == 112:        # p
        return 9 + <int>d - 49
    if s == 115:        # s
        return 18 + <int>d - 49
    if s == 122 and d <= 55:
        return 27 + <int>d - 49
    return -1


cdef inline int _indicators(object v, int32_t* dst, str name) noexcept:
    """Indicator kinds into dst; their number, or -1 when the pipeline must decide."""
    cdef Py_ssize_t i, n
    cdef unsigned long x
    cdef PyObject* k
    if type(v) is tuple:
        n = rf_tuple_size(<PyObject*>v)
        if n == 0:
            return 0
        if n <= MAX_INDICATORS:
            for i in range(n):
                k = rf_tuple_item(<PyObject*>v, i)
                if not rf_exact_int(k):
                    break
                x = <unsigned long>rf_small_value(k)   # -1 (not small) wraps above 33
                if x > 33:
                    break
                dst[i] = <int32_t>x
            else:
                return <int>n
    return _indicators_other(v, dst, name)


cdef int _indicators_other(object v, int32_t* dst, str name) noexcept:
    """_indicators of anything but a tuple of kinds (kept out of line: its exception handling costs
    every call a heavier entry)."""
    cdef Py_ssize_t i, n
    cdef int pk
    cdef object kinds
    if type(v) is str and len(<str>v) == 2:     # one plain tile name ("3p"): its kind
        pk = _plain_kind((<str>v)[0], (<str>v)[1])
        if pk >= 0:
            dst[0] = pk
            return 1
    kinds = _IND_CACHE.get(v) if type(v) is str else None
    if kinds is None:
        try:
            kinds = as_indicators(v, name)
        except BaseException:
            return -1
        if type(v) is str and len(_IND_CACHE) < 4096:
            _IND_CACHE[v] = kinds
    n = len(<tuple>kinds)
    for i in range(n):
        dst[i] = <int32_t>(<tuple>kinds)[i]
    return <int>n


cdef inline int _win_tile(object w, bint* is_red, _RulesView rv) except -2:
    """Kind of the winning tile under the cached rules' red configuration, -1 if the pipeline must decide."""
    cdef unsigned long x
    is_red[0] = False
    if type(w) is int:
        x = <unsigned long>rf_small_value(<PyObject*>w)    # -1 (not small) wraps above 33
        if x < 34:
            return <int>x
        return -1
    return _win_tile_other(w, is_red, rv)


cdef int _win_tile_other(object w, bint* is_red, _RulesView rv) except -2:
    """_win_tile of anything but an int (out of line, as _indicators_other)."""
    cdef Py_UCS4 d, s
    cdef int kind, base
    if type(w) is str and len(<str>w) == 2:
        d = (<str>w)[0]
        s = (<str>w)[1]
        if s == 109:        # m
            base = 0
        elif s == 112:      # p
            base = 9
        elif s == 115:      # s
            base = 18
        elif s == 122:      # z
            if 49 <= d <= 55:
                return 27 + <int>d - 49
            return -1
        else:
            return -1
        if 49 <= d <= 57:   # 1..9
            kind = base + <int>d - 49
            if rv.red_c[kind] < 4:
                return kind
            return -1
        if d == 48 and rv.red_c[base + 4] > 0:   # 0: a red five
            is_red[0] = True
            return base + 4
        return -1
    if w is None or type(w) is bool:
        return -1
    try:
        kind, red = _win_tile_of(w, rv.rules)
    except BaseException:
        return -1
    is_red[0] = red
    return kind


# ---------------------------------------------------------------------------
# the plain hand forms, read with the compiled readers of riichi_fast._tiles under the
# cached rules' red configuration into the 80 bytes of Hand._score_data; anything else
# (and every bad input) is left to as_hand, which accepts or raises exactly as always.


cdef inline bint _ids_sd(const uint8_t* ids, int n, uint8_t* sd, const uint8_t* red_c) noexcept:
    """sd of a meld-less hand given as 13/14 distinct ids (as Hand.from_ids reads them)."""
    cdef int i, t, n_red = 0
    if n != 13 and n != 14:
        return False
    memset(sd, 0, 80)
    for i in range(n):
        t = ids[i]
        sd[t >> 2] += 1
        if (t & 3) < red_c[t >> 2]:
            n_red += 1
    return _fill_closed(sd, n, n_red)


cdef inline bint _seq_sd(object hand, uint8_t* sd, const uint8_t* red_id) noexcept:
    """sd of a meld-less hand given as a list or tuple of 13/14 distinct exact ints 0..135: what
    _ids_sd(c_ids_seq(hand)) gives, in one pass (each kind's copies seen as 4 bits in sd[46 + kind],
    overwritten by _fill_closed)."""
    cdef Py_ssize_t n
    cdef PyObject** items
    cdef int n_red
    if type(hand) is list:
        n = rf_list_size(hand)
        items = rf_list_items(hand)
    else:
        n = rf_tuple_size(<PyObject*>hand)
        items = rf_tuple_items(hand)
    if n != 13 and n != 14:
        return False
    memset(sd, 0, 80)
    n_red = rf_seq_counts(items, n, sd, red_id)
    if n_red < 0:
        return False
    return _fill_closed(sd, <int>n, n_red)


cdef inline bint _counts_sd(const uint8_t* src, uint8_t* sd, const uint8_t* red_c) noexcept:
    """sd of 34 closed counts as Hand.from_counts reads them: plain copies first, red ones only when the
    plain ones are used up."""
    cdef int k, c, n = 0, n_red = 0
    memset(sd, 0, 80)
    for k in range(34):
        c = src[k]
        if c > 4:
            return False
        sd[k] = c
        n += c
        if c > 4 - red_c[k]:
            n_red += c - (4 - red_c[k])
    return _fill_closed(sd, n, n_red)


cdef bint _fill_closed(uint8_t* sd, int n_tiles, int n_red) noexcept:
    """Finish sd for a hand without melds (closed counts in sd[0:34]); False if the size is wrong."""
    if n_tiles != 13 and n_tiles != 14:
        return False
    sd[43] = 0
    sd[44] = n_tiles
    sd[45] = n_red
    memcpy(sd + 46, sd, 34)
    return True


cdef bint _text_sd(str text, uint8_t* sd, const uint8_t* red_c) noexcept:
    """sd of a plain one-line hand string (read as Hand.parse reads it under red_c)."""
    cdef Parsed p
    cdef int i, k, t, n, n_red = 0, is_open = 0
    if not c_parse_text(text, &p, red_c, True):
        return False
    n = p.n_closed + 3 * p.n_melds
    if n != 13 and n != 14:
        return False
    memset(sd, 0, 80)
    for i in range(p.n_closed):
        t = p.closed[i]
        sd[t >> 2] += 1
        if (t & 3) < red_c[t >> 2]:
            n_red += 1
    memcpy(sd + 46, sd, 34)
    for k in range(p.n_melds):
        sd[34 + k] = p.mtype[k]
        sd[38 + k] = p.mids[k][0] >> 2      # ids ascending: the lowest kind
        is_open |= p.mtype[k] != 4
        for i in range(p.msize[k]):
            t = p.mids[k][i]
            sd[46 + (t >> 2)] += 1
            if (t & 3) < red_c[t >> 2]:
                n_red += 1
    sd[43] = is_open
    sd[44] = n
    sd[45] = n_red
    return True


cdef bint _read_hand(object hand, uint8_t* sd, const uint8_t* red_c, const uint8_t* red_id) noexcept:
    """sd of a plain hand string, 136-id list/tuple, 34 counts (bytes, bytearray, numpy) or numpy ids, read
    under red_c as as_hand reads them; False if as_hand must decide."""
    cdef uint8_t ids[14]
    cdef count_t counts[34]
    cdef const uint8_t* src
    cdef int n
    if type(hand) is str:
        return _text_sd(<str>hand, sd, red_c)
    if type(hand) is list or type(hand) is tuple:
        return _seq_sd(hand, sd, red_id)
    src = c_counts_ptr(hand)
    if src is not NULL:
        return _counts_sd(src, sd, red_c)
    n = c_array_counts(hand, counts, ids)
    if n < 0:
        return False
    if cnp.PyArray_DIM(<cnp.ndarray>hand, 0) == 34:
        return _counts_sd(counts, sd, red_c)
    return _ids_sd(ids, n, sd, red_c)


# ---------------------------------------------------------------------------
# the public function


@cython.binding(True)  # a cyfunction: inspect.signature and help() see the parameters
def score(hand, win_tile=None, *, tsumo=False, riichi=False, double_riichi=False, ippatsu=False,
          open_riichi=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False,
          chiihou=False, renhou=False, paarenchan=False, seat_wind=0, round_wind=0, dora=(), ura=(),
          honba=0, riichi_sticks=0, context=None, rules=DEFAULT):
    """Score a winning hand under ``rules`` (a :class:`Rules` or a preset name).

    ``hand``: a one-line hand string (``"123m406p11z pon:777z"``), a
    :class:`~riichi_fast.hand.Hand`, 136-ids or 34 counts; 14 tiles (winning
    tile included, like the ``mahjong`` package) or 13 plus ``win_tile``.
    ``win_tile``: a tile name (``"5p"``, ``"0p"`` for a red five) or a kind
    0..33.  Winds: 0..3 or ``"ESWN"``; seat wind East is the dealer.
    ``dora``/``ura``: indicator kinds or an mpsz string (``"3p1z"``).
    The situation may instead be given as ``context=WinContext(...)``.
    Same results and errors as the Python pipeline (``riichi_fast.reference.scoring.score_api``).

    >>> r = score("22456m456p456s345s", "3s", dora="1m", seat_wind="S")
    >>> r.han, r.fu, r.cost, [y.name for y in r.yaku], r.dora
    (6, 30, 12000, ['pinfu', 'tanyao', 'sanshoku doujun'], 2)
    >>> score("123m456p789s1122z", "2z", rules="tenhou").status
    'no_yaku'
    """
    return _score_impl(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                       chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                       riichi_sticks, context, rules)


cdef tuple _DEFAULT_VALUES = (None, None, False, False, False, False, False, False, False, False, False, False,
                               False, False, False, 0, 0, (), (), 0, 0, None, DEFAULT)


cdef void _install() except *:
    """Fill _KW / _DEFAULTS and put _score_vc in front of score."""
    cdef Py_ssize_t j
    import inspect
    params = list(inspect.signature(score).parameters.values())
    if [p.name for p in params[2:]] != list(_KW_NAMES) or len(params) != N_PARAMS:
        raise TypeError("score's parameters changed: update riichi_fast.scoring._score_api._KW_NAMES")
    for j in range(N_PARAMS):
        if j >= 2:
            _KW[j] = <PyObject*>_KW_NAMES[j - 2]
        if j >= 1 and params[j].default is not (<tuple>_DEFAULT_VALUES)[j]:
            raise TypeError(f"score's default for {params[j].name} changed: update riichi_fast.scoring._score_api")
        _DEFAULTS[j] = <PyObject*>(<tuple>_DEFAULT_VALUES)[j]
    rf_set_impl(<void*>_score_impl)
    rf_install_vc(score, _score_vc)


# The call path: score is a cyfunction (signature, help, doctests as for any def), whose vectorcall entry
# is replaced by _score_vc: it reads up to two positional arguments and keywords named by the interned
# parameter names (what a call written in Python passes) straight into _score_impl, skipping the
# generic parsing of 23 parameters (~80 ns of a ~400 ns call).  Anything else (another count of
# positional arguments, a keyword it does not know by identity, a repeated one) takes the
# cyfunction's own entry, which parses and raises exactly as before.

cdef enum:
    N_PARAMS = 23                    # hand, win_tile, then the 21 keyword-only parameters

cdef tuple _KW_NAMES = tuple([__import__("sys").intern(n) for n in (
    "tsumo", "riichi", "double_riichi", "ippatsu", "open_riichi", "haitei", "houtei", "rinshan", "chankan",
    "tenhou", "chiihou", "renhou", "paarenchan", "seat_wind", "round_wind", "dora", "ura", "honba",
    "riichi_sticks", "context", "rules")])
cdef PyObject* _KW[N_PARAMS]         # _KW[2:] the interned names
cdef PyObject* _DEFAULTS[N_PARAMS]   # the defaults of score's signature (borrowed: kept alive below)


cdef enum:
    N_SITES = 32                     # call sites remembered (a direct-mapped table on the kwnames tuple)

cdef PyObject* _site_kw[N_SITES]     # a kwnames tuple seen (kept alive by _site_refs), or NULL
cdef uint8_t _site_idx[N_SITES][N_PARAMS]   # the parameter index of each of its names
cdef list _site_refs = [None] * N_SITES
memset(_site_kw, 0, sizeof(_site_kw))


cdef int _resolve(PyObject* kwnames, uint8_t* idx) noexcept:
    """The parameter index of each keyword name (by identity); 0, or -1 for an unknown or repeated one."""
    cdef Py_ssize_t nk = rf_tuple_size(kwnames), i, j
    cdef unsigned int seen = 0
    cdef PyObject* key
    if nk > N_PARAMS - 2:
        return -1
    for i in range(nk):
        key = rf_tuple_item(kwnames, i)
        j = 2
        while j < N_PARAMS and _KW[j] != key:
            j += 1
        if j == N_PARAMS or (seen >> j) & 1:
            return -1
        seen |= 1u << j
        idx[i] = <uint8_t>j
    return 0


cdef object _score_vc(object func, PyObject** args, size_t nargsf, PyObject* kwnames):
    cdef Py_ssize_t nargs = rf_nargs(nargsf), nk, i
    cdef size_t h
    cdef PyObject* v[N_PARAMS]
    cdef uint8_t* idx
    if nargs < 1 or nargs > 2:
        return rf_call_orig(func, args, nargsf, kwnames)
    memcpy(v, _DEFAULTS, sizeof(v))
    v[0] = args[0]
    if nargs == 2:
        v[1] = args[1]
    if kwnames is not NULL:
        # the names of one call site come as the same tuple every time: resolved once
        h = (<size_t>kwnames >> 5) & (N_SITES - 1)
        idx = _site_idx[h]
        if _site_kw[h] != kwnames:
            if _resolve(kwnames, idx) < 0:     # unknown by identity, or given twice: the full path
                _site_kw[h] = NULL
                return rf_call_orig(func, args, nargsf, kwnames)
            _site_refs[h] = <object>kwnames
            _site_kw[h] = kwnames
        nk = rf_tuple_size(kwnames)
        for i in range(nk):
            v[idx[i]] = args[nargs + i]
    return rf_call_impl(v)


cdef object _score_impl(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                        chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                        riichi_sticks, context, rules):
    """The body of score (its arguments as given; the vectorcall entry _score_vc calls it directly)."""
    cdef count_t closed[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int32_t ctx[CTX_SIZE]
    cdef int flags = 0, seat, rnd, n_dora, n_ura, hb, sticks, kind, n_red
    cdef bint is_red = False, text = False, odd = False
    cdef uint8_t text_sd[80]
    cdef const uint8_t* sd
    cdef object data, r, cd
    cdef _RulesView rv
    cdef ResultCore res
    cdef dict hd
    cdef PyObject* p
    cdef int64_t out[OUT_SIZE]
    cdef int64_t st

    if not _RESULT_COMPILED:
        return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rules)
    if context is not None:
        return _score_context(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei,
                              rinshan, chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora,
                              ura, honba, riichi_sticks, context, rules)
    # 1. rules (the arguments are never rebound here: no reference taken on the 23 of them)
    rv = _current
    if rv is None or rules is not rv.rules:
        rv = _rules_view(rules)
    rl = rv.rules
    # 2. context (every anomaly: the pipeline)
    memset(ctx, 0, sizeof(ctx))
    flags = (_flag(tsumo, F_TSUMO, &odd) | _flag(riichi, F_RIICHI, &odd)
             | _flag(double_riichi, F_DOUBLE_RIICHI, &odd) | _flag(ippatsu, F_IPPATSU, &odd)
             | _flag(open_riichi, F_OPEN_RIICHI, &odd) | _flag(haitei, F_HAITEI, &odd)
             | _flag(houtei, F_HOUTEI, &odd) | _flag(rinshan, F_RINSHAN, &odd)
             | _flag(chankan, F_CHANKAN, &odd) | _flag(tenhou, F_TENHOU, &odd)
             | _flag(chiihou, F_CHIIHOU, &odd) | _flag(renhou, F_RENHOU, &odd)
             | _flag(paarenchan, F_PAARENCHAN, &odd))
    seat = _wind(seat_wind)
    rnd = _wind(round_wind)
    hb = _counter(honba)
    sticks = _counter(riichi_sticks)
    n_dora = n_ura = 0
    if not odd and seat >= 0 and rnd >= 0 and hb >= 0 and sticks >= 0:
        n_dora = _indicators(dora, &ctx[CTX_DORA], "dora")
        if n_dora >= 0:
            n_ura = _indicators(ura, &ctx[CTX_URA], "ura")
    if odd or seat < 0 or rnd < 0 or hb < 0 or sticks < 0 or n_dora < 0 or n_ura < 0:
        return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rl)
    if not rv.ura_dora:                 # apply_dora_rules
        n_ura = 0
    if not rv.kan_dora:
        if n_dora > 1:
            n_dora = 1
        if n_ura > 1:
            n_ura = 1
    # (the kernel reads ctx[CTX_DORA:CTX_DORA + n_dora] and ctx[CTX_URA:CTX_URA + n_ura] only: indicators
    # cut above may stay in the slots past them)
    # 3. hand
    h = hand
    if type(hand) is not _Hand and _read_hand(hand, text_sd, rv.red_c, rv.red_id):
        sd = text_sd                    # read under the rules' red configuration
        text = True
    else:
        if type(hand) is not _Hand:
            h = _coerce_hand(hand, rl)
        hd = rf_get_dict(h)             # a Hand's fields and cached _sd live in its __dict__
        p = PyDict_GetItem(hd, "_sd")
        data = <object>p if p is not NULL else h._score_data()
        sd = <const uint8_t*>PyBytes_AS_STRING(data)
    # 4. closed counts with the winning tile
    kind = _win_tile(win_tile, &is_red, rv)
    if kind < 0:
        return _slow(h, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rl)
    memcpy(closed, sd, 34)
    if text:                            # parsed under the rules' red configuration
        n_red = sd[45]
    else:
        p = PyDict_GetItem(hd, "red")
        red = <object>p if p is not NULL else h.red
        if red is rv.red or red is rv.red_alias:
            n_red = sd[45]
        elif red == rv.red:
            rv.red_alias = red          # an equal tuple seen before: no comparison next time
            n_red = sd[45]
        else:
            n_red = _n_red_under(h, rv.red)
    if sd[44] == 14:
        if closed[kind] == 0:
            return _slow(h, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei,
                         rinshan, chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura,
                         honba, riichi_sticks, context, rl)
    else:
        if sd[46 + kind] >= 4:
            return _slow(h, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei,
                         rinshan, chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura,
                         honba, riichi_sticks, context, rl)
        closed[kind] += 1
        n_red += is_red
    memcpy(mt, sd + 34, 4)
    memcpy(mk, sd + 38, 4)
    # 5. context array
    ctx[CTX_FLAGS] = flags
    ctx[CTX_SEAT_WIND] = seat
    ctx[CTX_ROUND_WIND] = rnd
    ctx[CTX_N_DORA] = n_dora
    ctx[CTX_N_URA] = n_ura
    ctx[CTX_N_RED] = n_red
    ctx[CTX_N_KITA] = sd[42]
    ctx[CTX_HONBA] = hb
    ctx[CTX_RIICHI_STICKS] = sticks
    # 6. kernel, its output kept in a fresh HandResult (ResultCore storage: yaku, fu items, payment and
    # reading are decoded on first read)
    c_score_hand_digested(closed, mt, mk, kind, ctx, &rv.rc, out)
    if out[O_STATUS] == ST_BAD_INPUT:   # e.g. an indicator as a fifth copy: the pipeline's error
        return _slow(h, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rl)
    st = out[O_STATUS]
    if st != ST_OK and 0 <= st < 64:    # a hand that does not win: its status and zeros
        memset(out, 0, sizeof(out))
        out[O_STATUS] = st
    # untracked (no cycle can run through a result: the collector skips it); every plain field set here
    res = c_new_bare(_HandResult)
    c_store_kernel_output(res, out)
    memcpy(res.closed, closed, 34)
    res.has_closed = True
    res.b_tsumo = (flags & F_TSUMO) != 0
    res.b_dealer = seat == 0
    res.b_open = sd[43] != 0
    res._params = rv.params
    return res


cdef object _score_context(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei,
                           rinshan, chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura,
                           honba, riichi_sticks, context, rules):
    """context=: its (already normalised) fields are read when every keyword is at its default; else the
    pipeline (which raises for both given)."""
    cdef dict cd
    if (type(context) is WinContext and tsumo is False and riichi is False and double_riichi is False
            and ippatsu is False and open_riichi is False and haitei is False and houtei is False
            and rinshan is False and chankan is False and tenhou is False and chiihou is False
            and renhou is False and paarenchan is False and seat_wind is _ZERO and round_wind is _ZERO
            and dora is _EMPTY and ura is _EMPTY and honba is _ZERO and riichi_sticks is _ZERO):
        cd = (<object>context).__dict__
        return _score_impl(hand, win_tile, cd["tsumo"], cd["riichi"], cd["double_riichi"], cd["ippatsu"],
                           cd["open_riichi"], cd["haitei"], cd["houtei"], cd["rinshan"], cd["chankan"],
                           cd["tenhou"], cd["chiihou"], cd["renhou"], cd["paarenchan"], cd["seat_wind"],
                           cd["round_wind"], cd["dora"], cd["ura"], cd["honba"], cd["riichi_sticks"], None, rules)
    return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                 chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                 riichi_sticks, context, rules)


cdef object _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                  chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                  riichi_sticks, context, rules):
    """The Python pipeline (unusual inputs, input errors, ``context=``)."""
    return _pipeline(hand, win_tile, tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu,
                     open_riichi=open_riichi, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
                     tenhou=tenhou, chiihou=chiihou, renhou=renhou, paarenchan=paarenchan, seat_wind=seat_wind,
                     round_wind=round_wind, dora=dora, ura=ura, honba=honba, riichi_sticks=riichi_sticks,
                     context=context, rules=rules)


_install()
