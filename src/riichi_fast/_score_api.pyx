# Compiled front end of riichi_fast.score: one hand in, HandResult out, in
# about a microsecond.  Twin: riichi_fast.reference.score_api (the Python
# pipeline of riichi_fast.rules.scoring, docs/SCORING.md section 6).
#
# The pipeline's work is done here on the stack: the hand's closed counts and
# meld arrays come from the 80 bytes a Hand caches (Hand._score_data), or are
# read straight from a plain one-line string, 34 counts or 136-ids; the
# context array is built from the keyword arguments (or a WinContext's
# fields); the rules parameters are taken once per Rules object (_RulesView);
# c_score_hand_digested (cimported from _score.pxd; the rules digested once per
# _RulesView) writes into a stack buffer; and the HandResult's slots are
# filled directly (the output kept as an array('q'), its raw tuple, yaku, fu
# items and reading decoded on first use).
#
# Exactness rule: the fast path only accepts inputs whose meaning is plain
# (flags True/False/0/1, winds 0..3 or one of "ESWNeswn", indicators as kinds
# or an mpsz string read by the pipeline's as_indicators, counters as ints,
# hands as above or coerced by the pipeline's own helper).  Anything else, and
# every input error, goes to the Python pipeline, which raises exactly the
# errors it always raised, in its order.  So both paths give the same results
# and the same exceptions (tests/test_score_api.py).

cimport cython
from libc.stdint cimport uint8_t, int32_t, int64_t
from libc.string cimport memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.array cimport array, clone

cimport numpy as cnp

from riichi_fast._types cimport count_t
from riichi_fast._score cimport (RulesC, c_digest_rules, c_score_hand_digested,
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
from riichi_fast.rules.result import HandResult

cnp.import_array()

cdef extern from *:
    """
    #include <Python.h>
    #include <structmember.h>
    /* Offset of an object slot declared by a class's __slots__ (-1 if it is not one). */
    static Py_ssize_t rf_slot_offset(PyObject* descr) {
        PyMemberDef* m;
        if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)) return -1;
        m = ((PyMemberDescrObject*)descr)->d_member;
        if (m->type != T_OBJECT_EX || (m->flags & READONLY)) return -1;
        return m->offset;
    }
    /* Store v (a new reference is taken) in the slot at off of a fresh object. */
    static inline void rf_set_slot(PyObject* obj, Py_ssize_t off, PyObject* v) {
        PyObject** p = (PyObject**)((char*)obj + off);
        PyObject* old = *p;
        Py_INCREF(v);
        *p = v;
        Py_XDECREF(old);
    }
    /* A new, uninitialised instance of a plain slotted class (its slots are NULL). */
    static PyObject* rf_alloc(PyObject* cls) {
        PyTypeObject* t = (PyTypeObject*)cls;
        return t->tp_alloc(t, 0);
    }
    """
    Py_ssize_t rf_slot_offset(object descr)
    void rf_set_slot(object obj, Py_ssize_t off, object v)
    object rf_alloc(object cls)


# ---------------------------------------------------------------------------
# the Python helpers of the pipeline (bound on first use: rules.scoring
# imports this module)

cdef object _pipeline = None        # riichi_fast.rules.scoring.pipeline_score
cdef object _coerce_rules = None
cdef object _coerce_hand = None
cdef object _win_tile_of = None
cdef object _n_red_under = None

cdef void _bind() except *:
    global _pipeline, _coerce_rules, _coerce_hand, _win_tile_of, _n_red_under
    from riichi_fast.rules import scoring
    _coerce_rules = scoring.coerce_rules
    _coerce_hand = scoring.coerce_hand
    _win_tile_of = scoring.win_tile_of
    _n_red_under = scoring.n_red_under
    _pipeline = scoring.pipeline_score


# ---------------------------------------------------------------------------
# HandResult slots (written directly into a fresh instance)

cdef Py_ssize_t _OFF_OUT, _OFF_RAW, _OFF_TSUMO, _OFF_DEALER, _OFF_PARAMS, _OFF_OPEN, _OFF_CLOSED
cdef Py_ssize_t _OFF_YAKU, _OFF_READING, _OFF_FU, _OFF_PAYMENT


cdef Py_ssize_t _offset(str name) except -1:
    off = rf_slot_offset(HandResult.__dict__[name])
    if off < 0:
        raise TypeError(f"HandResult.{name} is not a writable object slot")
    return off


_OFF_OUT = _offset("_out")
_OFF_RAW = _offset("_raw")
_OFF_TSUMO = _offset("tsumo")
_OFF_DEALER = _offset("dealer")
_OFF_PARAMS = _offset("_params")
_OFF_OPEN = _offset("_is_open")
_OFF_CLOSED = _offset("_closed34")
_OFF_YAKU = _offset("_yaku")
_OFF_READING = _offset("_reading")
_OFF_FU = _offset("_fu")
_OFF_PAYMENT = _offset("_payment")
_SLOTS = {"_out", "_raw", "tsumo", "dealer", "_params", "_is_open", "_closed34", "_yaku", "_reading", "_fu",
          "_payment"}
if set(HandResult.__slots__) != _SLOTS:
    raise TypeError("HandResult slots changed: update riichi_fast._score_api")

# raw output of a hand that does not win: the status and zeros (one tuple per status)
cdef list _FAIL_RAW = [(st,) + (0,) * (OUT_SIZE - 1) for st in range(64)]


cdef list _SMALL = list(range(64))
cdef array _OUT_TEMPLATE = array("q")
if _OUT_TEMPLATE.itemsize != 8:
    raise TypeError("array('q') items are not 8 bytes")


cdef object _raw_tuple(const int64_t* out):
    cdef Py_ssize_t i
    cdef object t, v
    cdef int64_t st = out[O_STATUS]
    if st != ST_OK and 0 <= st < 64:
        return _FAIL_RAW[st]
    t = PyTuple_New(OUT_SIZE)
    for i in range(OUT_SIZE):
        if 0 <= out[i] < 64:
            v = _SMALL[out[i]]
        else:
            v = out[i]
        Py_INCREF(v)
        PyTuple_SET_ITEM(t, i, v)
    return t


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
    cdef bint ura_dora, kan_dora


cdef _RulesView _current = None


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
    if type(v) is int:
        if 0 <= v <= 3:
            return <int>v
        return -1
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
    if type(v) is int and 0 <= v <= 1000:
        return <int>v
    return -1


cdef object _ZERO = 0
cdef tuple _EMPTY = ()
cdef dict _IND_CACHE = {}           # mpsz indicator string -> kinds (as_indicators)


cdef int _indicators(object v, int32_t* dst, str name) noexcept:
    """Indicator kinds into dst; their number, or -1 when the pipeline must decide."""
    cdef Py_ssize_t i, n
    cdef object kinds
    if type(v) is tuple:
        n = len(<tuple>v)
        if n == 0:
            return 0
        if n <= MAX_INDICATORS:
            for i in range(n):
                k = (<tuple>v)[i]
                if type(k) is not int or not 0 <= k <= 33:
                    break
                dst[i] = <int32_t>k
            else:
                return <int>n
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


cdef int _win_tile(object w, bint* is_red, _RulesView rv) except -2:
    """Kind of the winning tile under the cached rules' red configuration, -1 if the pipeline must decide."""
    cdef Py_UCS4 d, s
    cdef int kind, base
    is_red[0] = False
    if type(w) is int:
        if 0 <= w < 34:
            return <int>w
        return -1
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
# one-line hand strings: a parser for the plain forms (closed mpsz tokens and
# chi/pon/kan/ankan/kakan tokens without 'r' digits); it fills the 80 bytes of
# Hand._score_data under the cached rules' red configuration, or returns 0 and
# Hand.parse decides (it accepts or raises exactly as always).

cdef dict _MELD_WORDS = {"chi": 1, "pon": 2, "kan": 3, "daiminkan": 3, "minkan": 3, "ankan": 4, "kakan": 5,
                         "shouminkan": 5}


cdef inline bint _space(Py_UCS4 c) noexcept:
    return c == 32 or c == 9 or c == 10 or c == 13


cdef inline int _suit(Py_UCS4 c) noexcept:
    if c == 109:
        return 0
    if c == 112:
        return 1
    if c == 115:
        return 2
    if c == 122:
        return 3
    return -1


cdef inline int _kind(int suit, int digit) noexcept:
    """Kind of a digit in a suit (0 = red five), -1 if there is no such tile."""
    if suit == 3:
        return 26 + digit if 1 <= digit <= 7 else -1
    return 9 * suit + (4 if digit == 0 else digit - 1)


cdef int _parse_closed(str text, Py_ssize_t i, Py_ssize_t j, uint8_t* cnt, uint8_t* redc) noexcept:
    """Closed tiles text[i:j] (digits then a suit letter, repeated); their number or -1."""
    cdef int digits[16]
    cdef int nd = 0, n = 0, suit, k, d
    cdef Py_UCS4 c
    while i < j:
        c = text[i]
        if 48 <= c <= 57:
            if nd == 16:
                return -1
            digits[nd] = <int>c - 48
            nd += 1
        else:
            suit = _suit(c)
            if suit < 0 or nd == 0:
                return -1
            for d in range(nd):
                k = _kind(suit, digits[d])
                if k < 0:
                    return -1
                cnt[k] += 1
                if digits[d] == 0:
                    redc[k] += 1
            n += nd
            nd = 0
        i += 1
    return n if nd == 0 else -1


cdef int _parse_meld(str text, Py_ssize_t i, Py_ssize_t j, uint8_t* all_, uint8_t* redc, int* mtype) noexcept:
    """A meld token text[i:j]; its kind (lowest) with its type in mtype, or -1."""
    cdef Py_ssize_t colon = -1, at = -1, p
    cdef int t = 0, seat = 0, nd = 0, star = 0, suit = -1, d, lo, hi
    cdef int kinds[4]
    cdef int reds[4]
    cdef Py_UCS4 c
    for p in range(i, j):
        c = text[p]
        if c == 58 and colon < 0:
            colon = p
        elif c == 64 and at < 0:
            at = p
    if colon >= 0:
        w = _MELD_WORDS.get(text[i:colon])
        if w is None:
            return -1
        t = <int>w
        i = colon + 1
    if at >= 0:
        if at < i or at + 2 != j:
            return -1
        c = text[at + 1]
        if not 49 <= c <= 51:
            return -1
        seat = <int>c - 48
        if t == 4:
            return -1
        j = at
    while i < j:
        c = text[i]
        if 48 <= c <= 57:
            if nd == 4:
                return -1
            kinds[nd] = <int>c - 48
            nd += 1
        elif c == 42:                       # '*' after a digit
            if star or nd == 0 or not (48 <= <Py_UCS4>text[i - 1] <= 57) or t == 4:
                return -1
            star = 1
        else:
            suit = _suit(c)
            if suit < 0 or i + 1 != j:
                return -1
        i += 1
    if suit < 0 or nd < 3:
        return -1
    for d in range(nd):
        reds[d] = kinds[d] == 0
        kinds[d] = _kind(suit, kinds[d])
        if kinds[d] < 0:
            return -1
    lo = hi = kinds[0]
    for d in range(1, nd):
        if kinds[d] < lo:
            lo = kinds[d]
        if kinds[d] > hi:
            hi = kinds[d]
    if t == 0:                              # shorthand: the type follows from the tiles
        if lo == hi:
            t = 2 if nd == 3 else 3
        elif nd == 3:
            t = 1
        else:
            return -1
    if nd != (3 if t <= 2 else 4):
        return -1
    if t == 1:
        if suit == 3 or hi != lo + 2 or (seat != 0 and seat != 3):
            return -1
        if kinds[0] == kinds[1] or kinds[0] == kinds[2] or kinds[1] == kinds[2]:
            return -1
    elif lo != hi:
        return -1
    for d in range(nd):
        all_[kinds[d]] += 1
        redc[kinds[d]] += reds[d]
    mtype[0] = t
    return lo


cdef bint _parse_text(str text, uint8_t* sd, const uint8_t* red_c) noexcept:
    """Fill sd (Hand._score_data layout) from a plain one-line hand; False if Hand.parse must decide."""
    cdef uint8_t redc[34]
    cdef uint8_t all_[34]
    cdef Py_ssize_t n = len(text), i = 0, j
    cdef int n_closed = 0, n_melds = 0, t, k, n_red = 0, is_open = 0
    cdef bint meld
    cdef Py_UCS4 c
    if n > 256:
        return False
    memset(sd, 0, 80)
    memset(redc, 0, 34)
    memset(all_, 0, 34)
    while i < n:
        if _space(text[i]):
            i += 1
            continue
        j = i
        meld = False
        while j < n and not _space(text[j]):
            c = text[j]
            if c == 58 or c == 64 or c == 42:
                meld = True
            j += 1
        if meld:
            if n_melds == 4:
                return False
            k = _parse_meld(text, i, j, all_, redc, &t)
            if k < 0:
                return False
            sd[34 + n_melds] = t
            sd[38 + n_melds] = k
            n_melds += 1
            is_open |= t != 4
        else:
            t = _parse_closed(text, i, j, sd, redc)
            if t < 0:
                return False
            n_closed += t
        i = j
    if n_closed + 3 * n_melds not in (13, 14):
        return False
    for k in range(34):
        all_[k] += sd[k]
        if redc[k] > red_c[k] or all_[k] - redc[k] > 4 - red_c[k]:
            return False
        n_red += redc[k]
    sd[42] = 0
    sd[43] = is_open
    sd[44] = n_closed + 3 * n_melds
    sd[45] = n_red
    memcpy(sd + 46, all_, 34)
    return True


cdef bint _fill_closed(uint8_t* sd, int n_tiles, int n_red) noexcept:
    """Finish sd for a hand without melds (closed counts in sd[0:34]); False if the size is wrong."""
    if n_tiles != 13 and n_tiles != 14:
        return False
    sd[43] = 0
    sd[44] = n_tiles
    sd[45] = n_red
    memcpy(sd + 46, sd, 34)
    return True


cdef bint _counts_hand(object obj, uint8_t* sd, const uint8_t* red_c) noexcept:
    """34 closed counts (bytes or a 1-d uint8 numpy array) as Hand.from_counts reads them: plain
    copies first, red ones only when the plain ones are used up; False if as_hand must decide."""
    cdef const uint8_t* src
    cdef Py_ssize_t k
    cdef int n = 0, n_red = 0, c
    if type(obj) is bytes and len(<bytes>obj) == 34:
        src = <const uint8_t*>PyBytes_AS_STRING(obj)
    elif (cnp.PyArray_CheckExact(obj) and cnp.PyArray_TYPE(<cnp.ndarray>obj) == cnp.NPY_UINT8
            and cnp.PyArray_NDIM(<cnp.ndarray>obj) == 1 and cnp.PyArray_DIM(<cnp.ndarray>obj, 0) == 34
            and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>obj)):
        src = <const uint8_t*>cnp.PyArray_DATA(<cnp.ndarray>obj)
    else:
        return False
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


cdef bint _ids_hand(object obj, uint8_t* sd, const uint8_t* red_c) noexcept:
    """A list or tuple of 13/14 distinct 136-ids (exact ints) as Hand.from_ids reads them; False if
    as_hand must decide."""
    cdef Py_ssize_t i, n
    cdef int t, n_red = 0
    cdef uint8_t seen[136]
    if type(obj) is not list and type(obj) is not tuple:
        return False
    n = len(obj)
    if n != 13 and n != 14:
        return False
    memset(sd, 0, 80)
    memset(seen, 0, 136)
    for i in range(n):
        v = obj[i]
        if type(v) is not int or not 0 <= v < 136:
            return False
        t = <int>v
        if seen[t]:
            return False
        seen[t] = 1
        sd[t >> 2] += 1
        if (t & 3) < red_c[t >> 2]:
            n_red += 1
    return _fill_closed(sd, <int>n, n_red)


cdef bint _array_hand(object obj, uint8_t* sd, const uint8_t* red_c) noexcept:
    """A 1-d integer numpy array of another dtype or layout: (34,) counts or 136-ids, read as as_hand
    reads them (Hand.from_counts / Hand.from_ids of its values); False if as_hand must decide."""
    cdef cnp.ndarray arr
    cdef Py_ssize_t k
    if type(obj) is not cnp.ndarray:
        return False
    arr = <cnp.ndarray>obj
    if cnp.PyArray_NDIM(arr) != 1 or not cnp.PyArray_ISINTEGER(arr) or cnp.PyArray_DIM(arr, 0) > 34:
        return False
    try:
        values = arr.tolist()
    except BaseException:
        return False
    if len(values) != 34:
        return _ids_hand(values, sd, red_c)
    for k in range(34):
        v = values[k]
        if type(v) is not int or not 0 <= v <= 4:
            return False
    return _counts_hand(bytes(values), sd, red_c)


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
    Same results and errors as the Python pipeline (``riichi_fast.reference.score_api``).

    >>> r = score("22456m456p456s345s", "3s", dora="1m", seat_wind="S")
    >>> r.han, r.fu, r.cost, [y.name for y in r.yaku], r.dora
    (6, 30, 12000, ['pinfu', 'tanyao', 'sanshoku doujun'], 2)
    >>> score("123m456p789s1122z", "2z", rules="tenhou").status
    'no_yaku'
    """
    cdef count_t closed[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int32_t ctx[CTX_SIZE]
    cdef int64_t out[OUT_SIZE]
    cdef int flags = 0, f, seat, rnd, n_dora, n_ura, hb, sticks, kind, n_red
    cdef bint is_red = False, text = False, odd = False
    cdef uint8_t text_sd[80]
    cdef const uint8_t* sd
    cdef object data, r, cd
    cdef _RulesView rv
    cdef array raw

    if _pipeline is None:
        _bind()
    if context is not None:
        # context=: read its (already normalised) fields when every keyword is at its default
        if (type(context) is WinContext and tsumo is False and riichi is False and double_riichi is False
                and ippatsu is False and open_riichi is False and haitei is False and houtei is False
                and rinshan is False and chankan is False and tenhou is False and chiihou is False
                and renhou is False and paarenchan is False and seat_wind is _ZERO and round_wind is _ZERO
                and dora is _EMPTY and ura is _EMPTY and honba is _ZERO and riichi_sticks is _ZERO):
            cd = (<object>context).__dict__
            tsumo = cd["tsumo"]
            riichi = cd["riichi"]
            double_riichi = cd["double_riichi"]
            ippatsu = cd["ippatsu"]
            open_riichi = cd["open_riichi"]
            haitei = cd["haitei"]
            houtei = cd["houtei"]
            rinshan = cd["rinshan"]
            chankan = cd["chankan"]
            tenhou = cd["tenhou"]
            chiihou = cd["chiihou"]
            renhou = cd["renhou"]
            paarenchan = cd["paarenchan"]
            seat_wind = cd["seat_wind"]
            round_wind = cd["round_wind"]
            dora = cd["dora"]
            ura = cd["ura"]
            honba = cd["honba"]
            riichi_sticks = cd["riichi_sticks"]
            context = None
    if context is not None:
        return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rules)
    # 1. rules
    rv = _current
    if rv is None or rules is not rv.rules:
        if type(rules) is not Rules:
            rules = _coerce_rules(rules)
        rv = _current
        if rv is None or rules is not rv.rules:
            rv = _view(rules)
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
                     riichi_sticks, context, rules)
    if not rv.ura_dora:                 # apply_dora_rules
        n_ura = 0
    if not rv.kan_dora:
        if n_dora > 1:
            n_dora = 1
        if n_ura > 1:
            n_ura = 1
    for f in range(n_dora, MAX_INDICATORS):
        ctx[CTX_DORA + f] = 0
    for f in range(n_ura, MAX_INDICATORS):
        ctx[CTX_URA + f] = 0
    # 3. hand
    if type(hand) is str and _parse_text(<str>hand, text_sd, rv.red_c):
        sd = text_sd
        text = True
    elif type(hand) is not Hand and (_counts_hand(hand, text_sd, rv.red_c) or _ids_hand(hand, text_sd, rv.red_c)
                                     or _array_hand(hand, text_sd, rv.red_c)):
        sd = text_sd                    # read under the rules' red configuration, like a string
        text = True
    else:
        if type(hand) is not Hand:
            hand = _coerce_hand(hand, rv.rules)
        data = (<object>hand).__dict__.get("_sd")
        if data is None:
            data = hand._score_data()
        sd = <const uint8_t*>PyBytes_AS_STRING(data)
    # 4. closed counts with the winning tile
    kind = _win_tile(win_tile, &is_red, rv)
    if kind < 0:
        return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rules)
    memcpy(closed, sd, 34)
    if text:                            # parsed under the rules' red configuration
        n_red = sd[45]
    else:
        red = hand.red
        if red is rv.red or red is rv.red_alias:
            n_red = sd[45]
        elif red == rv.red:
            rv.red_alias = red          # an equal tuple seen before: no comparison next time
            n_red = sd[45]
        else:
            n_red = _n_red_under(hand, rv.red)
    if sd[44] == 14:
        if closed[kind] == 0:
            return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei,
                         rinshan, chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura,
                         honba, riichi_sticks, context, rules)
    else:
        if sd[46 + kind] >= 4:
            return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei,
                         rinshan, chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura,
                         honba, riichi_sticks, context, rules)
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
    # 6. kernel
    c_score_hand_digested(closed, mt, mk, kind, ctx, &rv.rc, out)
    if out[O_STATUS] == ST_BAD_INPUT:   # e.g. an indicator as a fifth copy: the pipeline's error
        return _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                     chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                     riichi_sticks, context, rules)
    # 7. result (slots of a fresh HandResult; yaku and reading decoded on first use)
    r = rf_alloc(HandResult)
    if out[O_STATUS] == ST_OK:
        raw = clone(_OUT_TEMPLATE, OUT_SIZE, False)
        memcpy(raw.data.as_voidptr, out, OUT_SIZE * sizeof(int64_t))
        rf_set_slot(r, _OFF_OUT, raw)
        rf_set_slot(r, _OFF_RAW, None)      # the tuple is built on first use of HandResult.raw
    else:
        data = _raw_tuple(out)
        rf_set_slot(r, _OFF_OUT, data)
        rf_set_slot(r, _OFF_RAW, data)
    rf_set_slot(r, _OFF_TSUMO, (flags & F_TSUMO) != 0)
    rf_set_slot(r, _OFF_DEALER, seat == 0)
    rf_set_slot(r, _OFF_PARAMS, rv.params)
    rf_set_slot(r, _OFF_OPEN, sd[43] != 0)
    rf_set_slot(r, _OFF_CLOSED, PyBytes_FromStringAndSize(<char*>closed, 34))
    rf_set_slot(r, _OFF_YAKU, None)
    rf_set_slot(r, _OFF_READING, None)
    rf_set_slot(r, _OFF_FU, None)
    rf_set_slot(r, _OFF_PAYMENT, None)
    return r


cdef object _slow(hand, win_tile, tsumo, riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan,
                  chankan, tenhou, chiihou, renhou, paarenchan, seat_wind, round_wind, dora, ura, honba,
                  riichi_sticks, context, rules):
    """The Python pipeline (unusual inputs, input errors, ``context=``)."""
    return _pipeline(hand, win_tile, tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu,
                     open_riichi=open_riichi, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
                     tenhou=tenhou, chiihou=chiihou, renhou=renhou, paarenchan=paarenchan, seat_wind=seat_wind,
                     round_wind=round_wind, dora=dora, ura=ura, honba=honba, riichi_sticks=riichi_sticks,
                     context=context, rules=rules)
