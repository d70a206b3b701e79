# cython: language_level=3
# Compiled fast path of riichi_fast.compat.mahjong's HandCalculator.estimate_hand_value.
#
# It does exactly what hand.py's Python path does for the common calls (the
# Python path is its reference twin; tests/compat/test_api.py checks they agree)
# (nagashi mangan and a winning tile missing from the hand included) and hands
# the rare ones to the Python path: malformed hands, more than five indicators, sashikomi, a wind stand-in whose yakuhai must be
# dropped, a custom scores calculator.  The hand is scored by the scoring
# kernel (c_score_hand_digested, riichi_fast.scoring._score, docs/SCORING.md) called directly,
# with the context and output on the stack.
#
# Cost (per call, 2 shared cores, bench/test_compat.py corpus, ~1.45 us with the
# cyclic GC off): the kernel ~0.45 us (decompose, win options, score; inputs
# mostly out of cache: one config per hand), the cyclic GC ~0.2 us more when
# the results are kept (3 tracked objects each), the rest is reading mahjong's
# objects and building its result.  What depends only on the HandConfig /
# OptionalRules (context flags, winds, counters, the rules params and their
# digest, the yaku objects) is computed once and kept in a ``__slots__`` entry
# of the object (``_rf_prep`` / ``_rf_opt``, dropped by their ``__setattr__``
# on any change); a Meld's (type, kind, opened) likewise (``_rf``); cost dicts
# and fu items are copied from split-table templates (see _template).

from cpython.dict cimport PyDict_Copy
from cpython.list cimport PyList_GET_SIZE, PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_DECREF, Py_INCREF
from cpython.object cimport PyObject
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from riichi_fast.scoring._score cimport (
    RulesC, c_digest_rules, c_score_hand_digested, CTX_SIZE, OUT_SIZE, R_SIZE, CTX_FLAGS, CTX_SEAT_WIND, CTX_ROUND_WIND, CTX_N_DORA, CTX_DORA,
    CTX_N_URA, CTX_URA, CTX_N_RED, CTX_N_KITA, CTX_HONBA, CTX_RIICHI_STICKS,
    F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_OPEN_RIICHI, F_HAITEI, F_HOUTEI, F_RINSHAN, F_CHANKAN,
    F_TENHOU, F_CHIIHOU, F_RENHOU, F_PAARENCHAN,
    ST_OK, ST_WIN_TILE_NOT_IN_HAND, ST_BAD_INPUT, LIMIT_YAKUMAN,
    O_HAN, O_FU, O_YAKU_MASK, O_DORA, O_URA, O_AKA, O_KITA, O_LIMIT, O_FORM, O_N_SETS, O_SET_TYPE, O_SET_KIND,
    O_FU_N, O_FU_LIST,
    FU_BASE, FU_MENZEN_RON, FU_CHIITOITSU, FU_OPEN_PON, FU_OPEN_TERMINAL_PON, FU_CLOSED_PON,
    FU_CLOSED_TERMINAL_PON, FU_OPEN_KAN, FU_OPEN_TERMINAL_KAN, FU_CLOSED_KAN, FU_CLOSED_TERMINAL_KAN,
    FU_PAIR_DRAGON, FU_PAIR_SEAT_WIND, FU_PAIR_ROUND_WIND, FU_PAIR_DOUBLE_WIND, FU_WAIT_KANCHAN,
    FU_WAIT_PENCHAN, FU_WAIT_TANKI, FU_TSUMO, FU_OPEN_PINFU,
    Y_RIICHI, Y_DOUBLE_RIICHI, Y_OPEN_RIICHI, Y_RENHOU, Y_PAARENCHAN, Y_DAISHARIN,
)
from riichi_fast._types cimport count_t

cdef extern from "Python.h":
    object PyObject_GenericGetDict(object o, void* context)
    object PyNumber_Index(object o)

# The fast path's per-object caches live in a __slots__ entry of HandConfig (``_rf_prep``),
# OptionalRules (``_rf_opt``) and Meld (``_rf``): read and written at the slot's offset (taken
# from the class's member descriptor by init) for objects of exactly that class, no dict lookup.
cdef extern from *:
    """
    #include "structmember.h"
    #ifndef T_OBJECT_EX
    #define T_OBJECT_EX Py_T_OBJECT_EX
    #endif
    /* the offset of an object slot (a __slots__ entry) from its member descriptor, -1 if not one */
    static Py_ssize_t rf_slot_offset(PyObject* descr) {
        if (descr == NULL || Py_TYPE(descr) != &PyMemberDescr_Type) return -1;
        PyMemberDef* m = ((PyMemberDescrObject*)descr)->d_member;
        if (m->type != T_OBJECT_EX || (m->flags & READONLY) || m->offset <= 0) return -1;
        return m->offset;
    }
    /* the slot's value (borrowed; NULL when unset) */
    static PyObject* rf_slot_get(PyObject* o, Py_ssize_t off) {
        return *(PyObject**)((char*)o + off);
    }
    static void rf_slot_set(PyObject* o, Py_ssize_t off, PyObject* v) {
        PyObject** p = (PyObject**)((char*)o + off);
        PyObject* old = *p;
        Py_INCREF(v);
        *p = v;
        Py_XDECREF(old);
    }
    """
    Py_ssize_t rf_slot_offset(PyObject* descr)
    PyObject* rf_slot_get(object o, Py_ssize_t off)
    void rf_slot_set(object o, Py_ssize_t off, object v)

cdef Py_ssize_t _PREP_OFF = -1
cdef Py_ssize_t _OPT_OFF = -1
cdef Py_ssize_t _MELD_OFF = -1


cdef Py_ssize_t _slot_of(object cls, str name):
    """The offset of ``cls``'s ``__slots__`` entry ``name``, -1 if it has none (nothing cached)."""
    if not isinstance(cls, type):
        return -1
    descr = (<type>cls).__dict__.get(name)
    return rf_slot_offset(<PyObject*>descr) if descr is not None else -1

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    MELD_CHI = 1
    MELD_PON = 2
    MELD_DAIMINKAN = 3
    MELD_ANKAN = 4
    MELD_SHOUMINKAN = 5
    FORM_KOKUSHI = 2
    SET_SEQUENCE = 0
    N_ORDER_MAX = 96

# set by init() from hand.py: the bit -> attribute table, status names, fu names, the Python
# path, the default classes and the params builder
cdef list _BIT_ATTR = None
cdef list _STATUS_NAMES = None
cdef dict _FU_NAMES = None


cdef object _fu_of(object item):
    return item["fu"]


cdef object _yaku_id_of(object y):
    return y.yaku_id


cdef class HandResponse:
    """The result of ``HandCalculator.estimate_hand_value``: mahjong's ``HandResponse``.

    ``cost`` (dict), ``han``, ``fu``, ``fu_details`` (sorted by fu, descending),
    ``yaku`` (sorted by yaku id), ``error``, ``is_open_hand``; all None but
    ``error`` for a hand that does not win.  Same constructor, attributes and
    ``str`` as mahjong's class; a compiled type, so the fast path fills its
    fields directly (any other attribute can still be set: it goes to
    ``__dict__``).  Its pure-Python twin is ``hand_response._HandResponse``.

    >>> str(HandResponse(han=3, fu=30)), str(HandResponse(error="hand_not_winning"))
    ('3 han, 30 fu', 'hand_not_winning')
    >>> HandResponse(fu_details=[{"fu": 2, "reason": "a"}, {"fu": 20, "reason": "b"}]).fu_details[0]["fu"]
    20
    """
    cdef public object cost, han, fu, error, is_open_hand, fu_details, yaku
    cdef dict __dict__
    cdef object __weakref__

    def __init__(self, cost=None, han=None, fu=None, yaku=None, error=None, fu_details=None,
                 is_open_hand=False):
        self.cost = cost
        self.han = han
        self.fu = fu
        self.error = error
        self.is_open_hand = is_open_hand
        self.fu_details = sorted(fu_details, key=_fu_of, reverse=True) if fu_details else None
        self.yaku = sorted(yaku, key=_yaku_id_of) if yaku else None

    def __str__(self):
        if self.error:
            return self.error
        return f"{self.han} han, {self.fu} fu"


cdef inline HandResponse _response():
    """A HandResponse with every field None (``HandResponse.__new__(HandResponse)``)."""
    return HandResponse.__new__(HandResponse)


cdef object _py_estimate = None
cdef object _HandConfig = None
cdef object _OptionalRules = None
cdef object _Meld = None
cdef object _ScoresCalculator = None
cdef object _params_bytes = None
# yaku bits in mahjong's yaku-id order (variant 1/2: renhou as a han yaku / as a yakuman)
cdef int _ORDER_BIT[N_ORDER_MAX]
cdef int _ORDER_VAR[N_ORDER_MAX]
cdef int _N_ORDER = 0
# (bit, variant) -> its place in that order, -1 if the bit gives no yaku object
cdef int _POS_OF[64][3]


# ---------------------------------------------------------------------------
# caches keyed by a packed uint64: open addressing over a fixed table, four probes, a full
# probe run overwrites its first slot; values are owned references.  Cost dicts are kept by
# (rules/config cost key, han, fu, yakuman), fu details (a tuple of template dicts) by their
# sorted (fu, reason) items; both are copied on use.
# ---------------------------------------------------------------------------
cdef enum:
    CACHE_BITS = 13
    CACHE_SLOTS = 1 << CACHE_BITS
    CACHE_PROBES = 4

ctypedef struct CacheEntry:
    uint64_t key
    PyObject* value


cdef CacheEntry _COSTS[CACHE_SLOTS]
cdef CacheEntry _FU_DETAILS[CACHE_SLOTS]


cdef inline size_t _slot(uint64_t key) noexcept:
    return <size_t>((key * <uint64_t>0x9E3779B97F4A7C15ULL) >> (64 - CACHE_BITS))


cdef inline PyObject* _cache_get(CacheEntry* table, uint64_t key) noexcept:
    """The value kept for ``key`` (borrowed), NULL if none."""
    cdef size_t h = _slot(key)
    cdef int i
    cdef CacheEntry* e
    for i in range(CACHE_PROBES):
        e = &table[(h + i) & (CACHE_SLOTS - 1)]
        if e.value is NULL:
            return NULL
        if e.key == key:
            return e.value
    return NULL


cdef void _cache_put(CacheEntry* table, uint64_t key, object value) noexcept:
    cdef size_t h = _slot(key)
    cdef int i
    cdef CacheEntry* e = &table[h]
    for i in range(CACHE_PROBES):
        if table[(h + i) & (CACHE_SLOTS - 1)].value is NULL:
            e = &table[(h + i) & (CACHE_SLOTS - 1)]
            break
    Py_INCREF(value)
    old = e.value
    e.key = key
    e.value = <PyObject*>value
    if old is not NULL:
        Py_DECREF(<object>old)


cdef void _cache_clear(CacheEntry* table) noexcept:
    cdef int i
    cdef PyObject* old
    for i in range(CACHE_SLOTS):
        old = table[i].value
        table[i].value = NULL
        if old is not NULL:
            Py_DECREF(<object>old)


def init(bit_attr, status_names, fu_names, py_estimate, hand_config_cls, scores_cls,
         params_bytes, bit_order, optional_rules_cls=None, meld_cls=None, yaku_config_cls=None,
         yaku_classes=None):
    """Hand the Python-side tables to the fast path (called once by hand.py)."""
    global _BIT_ATTR, _STATUS_NAMES, _FU_NAMES, _py_estimate, _HandConfig, _ScoresCalculator
    global _params_bytes, _N_ORDER, _OptionalRules, _Meld
    _N_ORDER = 0
    for i in range(64):
        _POS_OF[i][0] = _POS_OF[i][1] = _POS_OF[i][2] = -1
    for bit, variant in bit_order[:N_ORDER_MAX]:
        _ORDER_BIT[_N_ORDER] = bit
        _ORDER_VAR[_N_ORDER] = variant
        if 0 <= bit < 64 and 0 <= variant < 3:
            _POS_OF[bit][variant] = _N_ORDER
        _N_ORDER += 1
    _BIT_ATTR = list(bit_attr)
    _STATUS_NAMES = list(status_names)
    _FU_NAMES = dict(fu_names)
    _py_estimate = py_estimate
    _HandConfig = hand_config_cls
    _ScoresCalculator = scores_cls
    _params_bytes = params_bytes
    _OptionalRules = optional_rules_cls
    _Meld = meld_cls
    global _YakuConfig, _YAKU_CLASSES
    _YakuConfig = yaku_config_cls
    _YAKU_CLASSES = dict(yaku_classes or {})
    global _PREP_OFF, _OPT_OFF, _MELD_OFF
    _PREP_OFF = _slot_of(hand_config_cls, "_rf_prep")
    _OPT_OFF = _slot_of(optional_rules_cls, "_rf_opt")
    _MELD_OFF = _slot_of(meld_cls, "_rf")
    _cache_clear(_COSTS)
    _cache_clear(_FU_DETAILS)
    global _DEFAULT
    _DEFAULT = None


cdef object _MISSING = object()
cdef object _YakuConfig = None
cdef dict _YAKU_CLASSES = {}


cdef object _yaku_obj(object yaku, str attr):
    """``yaku.<attr>``.  Our YakuConfig makes a yaku object on first access (a descriptor, see
    yaku_config._Made); for it the object is made here the same way, without the Python call."""
    cdef dict d
    if type(yaku) is _YakuConfig and _YakuConfig is not None:
        d = PyObject_GenericGetDict(yaku, NULL)
        obj = d.get(attr)
        if obj is not None:
            return obj
        cls = _YAKU_CLASSES.get(attr)
        if cls is not None:
            obj = d[attr] = cls()
            return obj
    return getattr(yaku, attr)


# Cached cost dicts and fu items are handed out as copies.  A template kept as a split-table
# dict (the __dict__ of an instance of a class of its own: the key table is shared) is copied
# by PyDict_Copy without cloning its key table: a copy is the values array only.  The copies
# are ordinary dicts (same items, same order); a template that does not come out split is
# kept as a plain dict (copied the usual way).
class _CostTemplate:
    pass


class _FuTemplate:
    pass


cdef extern from *:
    """
    static int rf_dict_is_split(PyObject* d) {
        return PyDict_CheckExact(d) && ((PyDictObject*)d)->ma_values != NULL;
    }
    """
    int rf_dict_is_split(object d)


cdef dict _template(dict d, object cls):
    """A dict equal to ``d`` (same items, same order), split-table when the interpreter allows."""
    o = cls()
    for k, v in d.items():
        setattr(o, k, v)
    t = getattr(o, "__dict__", None)
    if type(t) is dict and rf_dict_is_split(t) and list((<dict>t).items()) == list(d.items()):
        return <dict>t
    return dict(d)


cdef inline object _get(dict d, object obj, str name):
    """obj.name, read from the instance dict when it is there (a plain attribute)."""
    v = d.get(name, _MISSING)
    if v is _MISSING:
        return getattr(obj, name)
    return v


cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(PyObject* o, int* overflow)
    bint PyLong_CheckExact(PyObject* o)
    PyObject* PyList_GET_ITEM_BORROWED "PyList_GET_ITEM" (object lst, Py_ssize_t i)


cdef int _list_tiles(list tiles, long win_tile, int* counts, bint* found, int* n_red) noexcept:
    """Count a list of plain ints: 0 done, 1 a tile out of 0..135, 2 not plain (the generic loop
    reads it again, raising what it raises)."""
    cdef Py_ssize_t j
    cdef PyObject* o
    cdef long t
    cdef int overflow
    for j in range(PyList_GET_SIZE(tiles)):
        o = PyList_GET_ITEM_BORROWED(tiles, j)
        if not PyLong_CheckExact(o):
            return 2
        t = PyLong_AsLongAndOverflow(o, &overflow)
        if overflow:
            return 2
        if t < 0 or t > 135:
            return 1
        counts[t >> 2] += 1
        if t == win_tile:
            found[0] = True
        if t == 16 or t == 52 or t == 88:
            n_red[0] += 1
    return 0


cdef long _tile_of(object x) except -2:
    """``x`` as a tile id 0..135, -1 if it is not one (then the Python path answers: its error)."""
    cdef int overflow = 0
    cdef long v
    if not PyLong_CheckExact(<PyObject*>x):
        try:
            x = PyNumber_Index(x)  # numpy ints, bools; not floats (the Python path's >> refuses them)
        except TypeError:
            return -1
    v = PyLong_AsLongAndOverflow(<PyObject*>x, &overflow)
    return -1 if overflow or v < 0 or v > 135 else v


cdef inline int _ceil100(int64_t x) noexcept:
    return <int>((x + 99) // 100 * 100)


cdef dict _cost(int han, int fu, bint is_yakuman, bint tsumo, bint dealer, int64_t honba, int64_t sticks,
                int kazoe, bint kiriage, bint sextuple, bint three):
    """mahjong's ScoresCalculator.calculate_scores (scores.py), with its mangan label under kiriage fixed."""
    cdef str level = ""
    cdef int64_t base, main, additional, main_bonus, additional_bonus, total
    if han >= 13 and not is_yakuman:
        if kazoe == 0:
            han = 13
            level = "kazoe yakuman"
        elif kazoe == 1:
            han = 12
            level = "kazoe sanbaiman"
    if han >= 5:
        if han >= 78:
            level = "6x yakuman"
            base = 48000 if sextuple else 48000 + (han - 78) // 13 * 8000
        elif han >= 65:
            level, base = "5x yakuman", 40000
        elif han >= 52:
            level, base = "4x yakuman", 32000
        elif han >= 39:
            level, base = "3x yakuman", 24000
        elif han >= 26:
            level, base = "2x yakuman", 16000
        elif han >= 13:
            level, base = "yakuman", 8000
        elif han >= 11:
            level, base = "sanbaiman", 6000
        elif han >= 8:
            level, base = "baiman", 4000
        elif han >= 6:
            level, base = "haneman", 3000
        else:
            level, base = "mangan", 2000
    else:
        base = <int64_t>fu << (2 + han)
        if kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
            level = "kiriage mangan"
            base = 2000
        elif _ceil100(base) > 2000:
            level = "mangan"
            base = 2000
    if tsumo:
        main = _ceil100(2 * base)
        additional = main if dealer else _ceil100(base)
        main_bonus = additional_bonus = 100 * honba
    else:
        main = _ceil100((6 if dealer else 4) * base)
        additional = additional_bonus = 0
        main_bonus = (200 if three else 300) * honba
    total = main + main_bonus + (1 if three else 2) * (additional + additional_bonus) + 1000 * sticks
    return {"main": main, "additional": additional, "main_bonus": main_bonus,
            "additional_bonus": additional_bonus, "kyoutaku_bonus": 1000 * sticks, "total": total,
            "yaku_level": level}


cdef inline int _rank(int reason) noexcept:
    """mahjong's insertion rank of a fu item (then sorted stably by fu, descending); -1 = base."""
    if reason == FU_WAIT_PENCHAN:
        return 0
    if reason == FU_WAIT_KANCHAN:
        return 1
    if reason == FU_PAIR_DRAGON or reason == FU_PAIR_SEAT_WIND or reason == FU_PAIR_ROUND_WIND \
            or reason == FU_PAIR_DOUBLE_WIND:
        return 2
    if reason == FU_WAIT_TANKI:
        return 3
    if FU_OPEN_PON <= reason <= FU_CLOSED_TERMINAL_KAN:
        return 4
    if reason == FU_TSUMO:
        return 5
    if reason == FU_OPEN_PINFU:
        return 6
    if reason == FU_BASE or reason == FU_MENZEN_RON or reason == FU_CHIITOITSU:
        return -1
    return 7


cdef list _fu_details(const int64_t* o):
    cdef int n = <int>o[O_FU_N]
    cdef int i, j, r, si = 0, n_items = 0
    cdef int64_t base = 0
    cdef int64_t keys[16][4]  # (-fu, rank, kind, reason)
    cdef int64_t tmp[4]
    cdef int set_kinds[4]
    cdef int n_set_kinds = 0
    cdef list out
    for i in range(<int>o[O_N_SETS]):
        if o[O_SET_TYPE + i] != SET_SEQUENCE:
            set_kinds[n_set_kinds] = <int>o[O_SET_KIND + i]
            n_set_kinds += 1
    for i in range(n):
        r = _rank(<int>o[O_FU_LIST + 2 * i])
        if r == -1:
            base += o[O_FU_LIST + 2 * i + 1]
            continue
        keys[n_items][0] = -o[O_FU_LIST + 2 * i + 1]
        keys[n_items][1] = r
        keys[n_items][2] = 0
        if r == 4:
            keys[n_items][2] = set_kinds[si] if si < n_set_kinds else 99
            si += 1
        keys[n_items][3] = o[O_FU_LIST + 2 * i]
        n_items += 1
    if base:
        keys[n_items][0] = -base
        keys[n_items][1] = 8
        keys[n_items][2] = 0
        keys[n_items][3] = -1
        n_items += 1
    # insertion sort by (-fu, rank, kind)
    for i in range(1, n_items):
        tmp[0], tmp[1], tmp[2], tmp[3] = keys[i][0], keys[i][1], keys[i][2], keys[i][3]
        j = i - 1
        while j >= 0 and (keys[j][0] > tmp[0] or (keys[j][0] == tmp[0] and (
                keys[j][1] > tmp[1] or (keys[j][1] == tmp[1] and keys[j][2] > tmp[2])))):
            keys[j + 1][0], keys[j + 1][1], keys[j + 1][2], keys[j + 1][3] = keys[j][0], keys[j][1], keys[j][2], keys[j][3]
            j -= 1
        keys[j + 1][0], keys[j + 1][1], keys[j + 1][2], keys[j + 1][3] = tmp[0], tmp[1], tmp[2], tmp[3]
    # the details of one sorted item list are made once (templates), then copied
    cdef uint64_t fkey = <uint64_t>n_items
    cdef bint cacheable = n_items <= 5
    for i in range(n_items):
        if not (0 <= -keys[i][0] < 128 and -1 <= keys[i][3] < 31):
            cacheable = False
            break
        fkey = fkey << 12 | <uint64_t>(-keys[i][0]) << 5 | <uint64_t>(keys[i][3] + 1)
    cdef PyObject* hit
    cdef tuple templates
    if cacheable:
        hit = _cache_get(_FU_DETAILS, fkey)
        if hit is not NULL:
            templates = <tuple>hit
            out = PyList_New(n_items)
            for i in range(n_items):
                d = PyDict_Copy(templates[i])
                Py_INCREF(d)
                PyList_SET_ITEM(out, i, d)
            return out
    out = []
    for i in range(n_items):
        out.append({"fu": -keys[i][0], "reason": _FU_NAMES[keys[i][3]]})
    if cacheable:
        _cache_put(_FU_DETAILS, fkey, tuple([_template(d, _FuTemplate) for d in out]))
    return out


cdef int _stand_in(object wind, const int* counts, bint seat, bint tenhou) noexcept:
    """Kernel wind for mahjong's wind; -2 when the Python path must choose (see hand._wind_index)."""
    cdef int w
    if wind is None:
        if seat and tenhou:
            return 0 if counts[27] < 2 else -2
        for w in range(1 if seat else 0, 4):
            if counts[27 + w] < 2:
                return w
        return -2
    if type(wind) is int and 27 <= wind <= 30:  # compared as ints: a huge one is no wind
        return <int>(<long>wind) - 27
    return -2




# ---------------------------------------------------------------------------
# what an OptionalRules / HandConfig gives, computed once per object
# ---------------------------------------------------------------------------
cdef class _Opt:
    """The fast path's view of one OptionalRules (kept as ``options._rf_opt`` until it changes)."""
    cdef public bint valid
    cdef bytes params0
    cdef RulesC rc0   # params0 digested (rc0.p points into params0)
    cdef bint has_aka, has_double, renhou_yakuman, sextuple, kiriage, three, sashikomi
    cdef int kazoe

    def __reduce__(self):  # never copied or pickled with its object: rebuilt on use
        return (type(None), ())


cdef class _Prep:
    """The fast path's view of one HandConfig (kept as ``config._rf_prep`` until it changes).

    The fields down to ``rc`` are the config's values (_default_prep copies them: a new one
    must be copied there too); the rest are the config's own yaku objects.
    """
    cdef public bint valid
    cdef _Opt opt
    cdef bint nagashi  # nagashi mangan: answered without the hand (_nagashi)
    cdef bint fallback, tsumo, riichi, tenhou, dealer
    cdef int32_t flags, nuki
    cdef int seat, rnd  # kernel winds; -2 = stand-in chosen per hand
    cdef object player_wind, round_wind, pa
    cdef int64_t honba, sticks, cost_key
    cdef bytes params
    cdef RulesC rc    # params digested once (rc.p points into params, which this object keeps)
    cdef object yaku  # the config's YakuConfig, fetched on the first result
    # yaku objects by order slot (then open riichi, double open riichi), fetched on use; owned
    # references kept out of the cyclic GC's sight (a yaku object never refers back to its config)
    cdef PyObject* yobj[N_ORDER_MAX + 2]
    cdef object dora, aka, ura

    def __dealloc__(self):
        cdef int i
        for i in range(N_ORDER_MAX + 2):
            if self.yobj[i] is not NULL:
                Py_DECREF(<object>self.yobj[i])
                self.yobj[i] = NULL

    def __reduce__(self):
        return (type(None), ())


cdef inline object _dict_of(object obj):
    try:
        return PyObject_GenericGetDict(obj, NULL)
    except (AttributeError, TypeError):
        return {}


cdef _Opt _opt_of(object options):
    cdef _Opt op
    cdef bint cache = type(options) is _OptionalRules and _OPT_OFF > 0
    cdef dict od = _dict_of(options)
    cdef PyObject* o
    if cache:
        o = rf_slot_get(options, _OPT_OFF)
        if o is not NULL and type(<object>o) is _Opt and (<_Opt>o).valid:
            return <_Opt>o
    op = _Opt.__new__(_Opt)
    op.params0 = _params_bytes(options, 0)
    if len(op.params0) != R_SIZE * 4:
        return None
    c_digest_rules(<const int32_t*><const char*>op.params0, &op.rc0)
    op.has_aka = bool(_get(od, options, "has_aka_dora"))
    op.has_double = bool(_get(od, options, "has_double_yakuman"))
    op.renhou_yakuman = bool(_get(od, options, "renhou_as_yakuman"))
    op.sextuple = bool(_get(od, options, "limit_to_sextuple_yakuman"))
    op.kiriage = bool(_get(od, options, "kiriage"))
    op.three = bool(_get(od, options, "is_three_player"))
    op.sashikomi = bool(_get(od, options, "has_sashikomi_yakuman"))
    kazoe = _get(od, options, "kazoe_limit")
    if type(kazoe) is not int or not 0 <= kazoe <= 2:
        kazoe = 3  # mahjong: any other value applies no kazoe cap
    op.kazoe = <int>kazoe
    op.valid = True
    if cache:
        rf_slot_set(options, _OPT_OFF, op)
    return op


cdef _Prep _build_prep(object config, dict cd):
    """Everything the fast path needs from ``config`` (``fallback`` set: the Python path answers)."""
    cdef _Prep p = _Prep.__new__(_Prep)
    p.valid = True
    pa = _get(cd, config, "paarenchan")
    if type(pa) is not int:
        p.fallback = True
        return p
    if pa < 0:
        pa = 0
    p.pa = pa
    p.nagashi = bool(_get(cd, config, "is_nagashi_mangan"))
    options = _get(cd, config, "options")
    try:
        p.opt = _opt_of(options)
    except (TypeError, ValueError, AttributeError, OverflowError):  # odd options: the Python path's error
        p.opt = None
    if p.opt is None:
        p.fallback = True
        return p
    try:
        p.params = p.opt.params0 if pa == 0 else _params_bytes(options, pa)
    except (TypeError, ValueError, OverflowError):  # a paarenchan count the rules cannot hold
        p.fallback = True
        return p
    if len(p.params) != R_SIZE * 4:
        p.fallback = True
        return p
    if pa == 0:
        p.rc = p.opt.rc0  # rc0.p points into params0, which is p.params
    else:
        c_digest_rules(<const int32_t*><const char*>p.params, &p.rc)
    cdef bint tsumo = bool(_get(cd, config, "is_tsumo"))
    cdef bint riichi = bool(_get(cd, config, "is_riichi")) or bool(_get(cd, config, "is_daburu_riichi"))
    cdef int32_t flags = 0
    if p.opt.sashikomi and not tsumo and _get(cd, config, "is_open_riichi") and riichi:
        p.fallback = True
        return p
    if tsumo:
        flags |= F_TSUMO
    if _get(cd, config, "is_riichi"):
        flags |= F_RIICHI
    if _get(cd, config, "is_daburu_riichi"):
        flags |= F_DOUBLE_RIICHI
    if _get(cd, config, "is_ippatsu"):
        flags |= F_IPPATSU
    if riichi and _get(cd, config, "is_open_riichi"):
        flags |= F_OPEN_RIICHI
    if _get(cd, config, "is_haitei"):
        flags |= F_HAITEI
    if _get(cd, config, "is_houtei"):
        flags |= F_HOUTEI
    if _get(cd, config, "is_rinshan"):
        flags |= F_RINSHAN
    if _get(cd, config, "is_chankan"):
        flags |= F_CHANKAN
    p.tenhou = bool(_get(cd, config, "is_tenhou"))
    if p.tenhou:
        flags |= F_TENHOU
    if _get(cd, config, "is_chiihou"):
        flags |= F_CHIIHOU
    if _get(cd, config, "is_renhou"):
        flags |= F_RENHOU
    if pa > 0:
        flags |= F_PAARENCHAN
    p.flags = flags
    p.tsumo = tsumo
    p.riichi = riichi
    w = p.player_wind = _get(cd, config, "player_wind")
    p.seat = <int>(w - 27) if type(w) is int and 27 <= w <= 30 else -2
    w = p.round_wind = _get(cd, config, "round_wind")
    p.rnd = <int>(w - 27) if type(w) is int and 27 <= w <= 30 else -2
    nuki = _get(cd, config, "num_nuki_dora")
    if type(nuki) is not int:
        p.fallback = True  # the Python path answers (or raises what it raises)
        return p
    if nuki > 0:
        if nuki > 2147483647:
            p.fallback = True  # the Python path answers (not a number the kernel takes)
            return p
        p.nuki = <int32_t>nuki
    honba = _get(cd, config, "tsumi_number")
    sticks = _get(cd, config, "kyoutaku_number")
    if type(honba) is not int or type(sticks) is not int or not (0 <= honba <= 100000 and 0 <= sticks <= 100000):
        p.fallback = True
        return p
    p.honba = honba
    p.sticks = sticks
    p.dealer = bool(_get(cd, config, "is_dealer"))
    if p.honba < 1024 and p.sticks < 1024:
        p.cost_key = (((((p.honba << 10 | p.sticks) << 1 | p.tsumo) << 1 | p.dealer) << 2 | p.opt.kazoe)
                      << 3 | p.opt.kiriage << 2 | p.opt.sextuple << 1 | p.opt.three)
    else:
        p.cost_key = -1
    return p


cdef inline _Prep _prep_of(object config):
    cdef _Prep p
    cdef PyObject* o
    if type(config) is _HandConfig and _PREP_OFF > 0:
        o = rf_slot_get(config, _PREP_OFF)
        if o is not NULL and type(<object>o) is _Prep:
            p = <_Prep>o
            if p.valid and (p.opt is None or p.opt.valid):
                return p
        p = _build_prep(config, _dict_of(config))
        rf_slot_set(config, _PREP_OFF, p)
        return p
    return _build_prep(config, _dict_of(config))


cdef _Prep _DEFAULT = None  # the prep of HandConfig() (its values; its yaku fields stay empty)


cdef _Prep _default_prep():
    """The prep for ``config=None``: the values of ``HandConfig()`` (computed once) with yaku
    objects of its own, as the fresh ``HandConfig()`` mahjong makes for each such call gives."""
    global _DEFAULT
    cdef _Prep d = _DEFAULT
    if d is None or not d.valid or (d.opt is not None and not d.opt.valid):
        cfg = _HandConfig()
        d = _DEFAULT = _build_prep(cfg, _dict_of(cfg))
    if d.fallback:
        return d
    cdef _Prep p = _Prep.__new__(_Prep)
    p.valid = True
    p.opt = d.opt
    p.nagashi, p.fallback, p.tsumo, p.riichi, p.tenhou, p.dealer = d.nagashi, d.fallback, d.tsumo, d.riichi, d.tenhou, d.dealer
    p.flags, p.nuki, p.seat, p.rnd = d.flags, d.nuki, d.seat, d.rnd
    p.player_wind, p.round_wind, p.pa = d.player_wind, d.round_wind, d.pa
    p.honba, p.sticks, p.cost_key = d.honba, d.sticks, d.cost_key
    p.params = d.params
    p.rc = d.rc  # rc.p points into params, kept alive by p.params
    _fetch_yaku(p, None)
    return p


cdef object _fetch_yaku(_Prep p, object config):
    """The config's yaku objects (mahjong's single-yakuman caps applied when double yakuman is off);
    ``config`` None: a new YakuConfig (see _default_prep)."""
    if config is not None:
        yaku = config.yaku
    elif _YakuConfig is not None:
        yaku = _YakuConfig()
    else:
        yaku = _HandConfig().yaku
    if not p.opt.has_double:
        yaku.daburu_kokushi.han_closed = 13
        yaku.suuankou_tanki.han_closed = 13
        yaku.daburu_chuuren_poutou.han_closed = 13
        dsu = yaku.daisuushi
        dsu.han_closed = 13
        dsu.han_open = 13
    p.yaku = yaku
    return yaku


cdef long _meld_code(object m, bint* is_open) except -2:
    """``kind | type << 8`` of a meld (sets ``is_open``), -1 if the Python path must answer."""
    cdef long k, x
    cdef bint cache = type(m) is _Meld and _MELD_OFF > 0
    cdef PyObject* o
    if cache:
        o = rf_slot_get(m, _MELD_OFF)
        if o is not NULL and PyLong_CheckExact(o):
            x = <object>o
            if x >= 0 and x & 0x10000:
                is_open[0] = True
            return x & 0xffff if x >= 0 else -1
    mtype = m.type
    mtiles = m.tiles
    opened = m.opened
    if not mtiles:
        x = -1
    else:
        if mtype == "chi":
            k = min([t >> 2 for t in mtiles])
            x = -1 if k < 0 or k >= 27 or k % 9 > 6 else k | MELD_CHI << 8
        else:
            k = mtiles[0] >> 2
            if k < 0 or k >= 34:
                x = -1
            elif mtype == "pon":
                x = k | MELD_PON << 8
            elif mtype == "kan":
                x = k | (MELD_DAIMINKAN if opened else MELD_ANKAN) << 8
            elif mtype == "shouminkan":
                x = k | MELD_SHOUMINKAN << 8
            else:
                x = -1
        if x >= 0 and opened:
            x |= 0x10000
    # cached only when nothing it was read from can change in place
    if cache and type(mtiles) is tuple and (type(opened) is bool or opened is None) and type(mtype) is str:
        rf_slot_set(m, _MELD_OFF, x)
    if x < 0:
        return -1
    if x & 0x10000:
        is_open[0] = True
    return x & 0xffff


cdef object _error_response(str error):
    """``HandResponse(error=error)``."""
    cdef HandResponse r = _response()
    r.cost = r.han = r.fu = None
    r.error = error
    r.is_open_hand = False
    r.fu_details = r.yaku = None
    return r


cdef object _nagashi(_Prep p, object config):
    """Nagashi mangan: the Python path's first answer (the hand is not read), or None."""
    y = (p.yaku if p.yaku is not None else config.yaku).nagashi_mangan
    han = y.han_closed
    if type(han) is not int or not 0 <= han < 4096:
        return None
    cost = _cost(<int>han, 30, False, p.tsumo, p.dealer, p.honba, p.sticks, p.opt.kazoe, p.opt.kiriage,
                 p.opt.sextuple, p.opt.three)
    cost["yaku_level"] = "nagashi mangan"
    cdef HandResponse r = _response()
    r.cost = cost
    r.han = han
    r.fu = 30
    r.error = None
    r.is_open_hand = False
    r.fu_details = None
    r.yaku = [y]
    return r


cdef object _core(object tiles, long win_tile, object melds, object dora_indicators, object config,
                  object ura_dora_indicators, _Prep p):
    """The HandResponse of a common call, or None to let the Python path answer."""
    cdef count_t closed[34]
    cdef int counts[34]
    cdef int cl[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int32_t ctx[CTX_SIZE]
    cdef int64_t out[OUT_SIZE]
    cdef int i, k, n_melds = 0, n_red = 0, st, nd, han, fu, seat, rnd
    cdef long t, code
    cdef bint found = False, is_open = False, is_yakuman
    cdef uint64_t mask
    cdef _Opt op = p.opt
    for i in range(34):
        counts[i] = 0
    st = 2
    if type(tiles) is list:
        st = _list_tiles(<list>tiles, win_tile, counts, &found, &n_red)
        if st == 1:
            return None
        if st == 2:
            for i in range(34):
                counts[i] = 0
            found = False
            n_red = 0
    if st == 2:
        for x in tiles:
            t = _tile_of(x)
            if t < 0:
                return None
            counts[t >> 2] += 1
            if t == win_tile:
                found = True
            if t == 16 or t == 52 or t == 88:
                n_red += 1
    if not found:  # every tile read and none is the winning tile: the Python path's first check
        return _error_response(_STATUS_NAMES[ST_WIN_TILE_NOT_IN_HAND])
    for i in range(4):
        mt[i] = 0
        mk[i] = 0
    for i in range(34):
        if counts[i] > 4:
            return None
        cl[i] = counts[i]
    if melds:
        for m in melds:
            if n_melds >= 4:
                return None
            code = _meld_code(m, &is_open)
            if code < 0:
                return None
            k = <int>(code & 0xff)
            mt[n_melds] = <uint8_t>(code >> 8)
            mk[n_melds] = <uint8_t>k
            if mt[n_melds] == MELD_CHI:
                cl[k] -= 1
                cl[k + 1] -= 1
                cl[k + 2] -= 1
            elif mt[n_melds] == MELD_PON:
                cl[k] -= 3
            else:
                cl[k] -= 4
            n_melds += 1
    k = 0
    for i in range(34):
        if cl[i] < 0:
            return None
        closed[i] = <count_t>cl[i]
        k += cl[i]
    if k != 14 - 3 * n_melds:
        return None

    for i in range(CTX_SIZE):
        ctx[i] = 0
    ctx[CTX_FLAGS] = p.flags
    seat = p.seat if p.seat >= 0 else _stand_in(p.player_wind, counts, True, p.tenhou)
    rnd = p.rnd if p.rnd >= 0 else _stand_in(p.round_wind, counts, False, False)
    if seat < 0 or rnd < 0:
        return None
    ctx[CTX_SEAT_WIND] = seat
    ctx[CTX_ROUND_WIND] = rnd
    if dora_indicators:
        nd = 0
        for x in dora_indicators:
            t = _tile_of(x)
            if nd >= 5 or t < 0:
                return None
            ctx[CTX_DORA + nd] = t >> 2
            nd += 1
        ctx[CTX_N_DORA] = nd
    if p.riichi and ura_dora_indicators:
        nd = 0
        for x in ura_dora_indicators:
            t = _tile_of(x)
            if nd >= 5 or t < 0:
                return None
            ctx[CTX_URA + nd] = t >> 2
            nd += 1
        ctx[CTX_N_URA] = nd
    if op.has_aka:
        ctx[CTX_N_RED] = n_red
    ctx[CTX_N_KITA] = p.nuki
    ctx[CTX_HONBA] = <int32_t>p.honba
    ctx[CTX_RIICHI_STICKS] = <int32_t>p.sticks

    st = c_score_hand_digested(closed, mt, mk, <int>(win_tile >> 2), ctx, &p.rc, out)
    if st != ST_OK:
        if st == ST_WIN_TILE_NOT_IN_HAND or st == ST_BAD_INPUT or st >= len(_STATUS_NAMES):
            return None
        return _error_response(_STATUS_NAMES[st])

    if p.yaku is None:
        _fetch_yaku(p, config)

    mask = <uint64_t>out[O_YAKU_MASK]
    is_yakuman = out[O_LIMIT] == LIMIT_YAKUMAN
    cdef int open_riichi = <int>((mask >> Y_OPEN_RIICHI) & 1)
    cdef bint renhou_yakuman = False
    if (mask >> Y_RENHOU) & 1:
        renhou_yakuman = op.renhou_yakuman
    cdef list hand_yaku = []
    cdef int j, v, slot, n_sel = 0
    cdef int sel[64]
    cdef uint64_t rest = mask
    while rest:  # the yaku bits, placed in mahjong's yaku-id order
        i = __builtin_ctzll(rest)
        rest &= rest - 1
        j = _POS_OF[i][(2 if renhou_yakuman else 1) if i == Y_RENHOU else 0]
        if j < 0:
            continue
        v = n_sel
        while v > 0 and sel[v - 1] > j:
            sel[v] = sel[v - 1]
            v -= 1
        sel[v] = j
        n_sel += 1
    for v in range(n_sel):
        j = sel[v]
        i = _ORDER_BIT[j]
        slot = j
        if open_riichi and (i == Y_RIICHI or i == Y_DOUBLE_RIICHI):
            slot = N_ORDER_MAX + (i == Y_DOUBLE_RIICHI)
        if p.yobj[slot] is not NULL:
            obj = <object>p.yobj[slot]
        else:
            if i == Y_RIICHI:
                attr = "open_riichi" if open_riichi else "riichi"
            elif i == Y_DOUBLE_RIICHI:
                attr = "daburu_open_riichi" if open_riichi else "daburu_riichi"
            elif i == Y_RENHOU:
                attr = "renhou_yakuman" if renhou_yakuman else "renhou"
            else:
                attr = _BIT_ATTR[i]
            obj = _yaku_obj(p.yaku, attr)
            Py_INCREF(obj)
            p.yobj[slot] = <PyObject*>obj
        if i == Y_PAARENCHAN:
            obj.set_paarenchan_count(p.pa)
        elif i == Y_DAISHARIN:
            for k in range(27):
                if counts[k]:
                    break
            if k < 9:
                obj.set_man()
            elif k < 18:
                obj.set_pin()
            else:
                obj.set_sou()
        hand_yaku.append(obj)

    fu = <int>out[O_FU]
    if is_yakuman:
        han = 0
        for y in hand_yaku:
            if is_open and y.han_open:
                han += y.han_open
            else:
                han += y.han_closed
        if op.sextuple and han > 78 and out[O_FORM] != FORM_KOKUSHI:
            han = 78
    else:
        han = <int>out[O_HAN]
        if out[O_DORA] + out[O_KITA]:
            if p.dora is None:
                p.dora = _yaku_obj(p.yaku, "dora")
            y = p.dora
            y.han_open = y.han_closed = out[O_DORA] + out[O_KITA]
            hand_yaku.append(y)
        if out[O_AKA]:
            if p.aka is None:
                p.aka = _yaku_obj(p.yaku, "aka_dora")
            y = p.aka
            y.han_open = y.han_closed = out[O_AKA]
            hand_yaku.append(y)
        if out[O_URA]:
            if p.ura is None:
                p.ura = _yaku_obj(p.yaku, "ura_dora")
            y = p.ura
            y.han_closed = out[O_URA]
            hand_yaku.append(y)
        if han > 78 and op.sextuple:
            han = 78
    cdef dict cost
    cdef PyObject* hit
    cdef uint64_t ckey
    if p.cost_key >= 0 and 0 <= han < 4096 and 0 <= fu < 1024:  # cost_key < 2**27: ckey < 2**50
        ckey = (<uint64_t>p.cost_key << 23) | (<uint64_t>han << 11) | (<uint64_t>fu << 1) | is_yakuman
        hit = _cache_get(_COSTS, ckey)
        if hit is NULL:
            cost = _cost(han, fu, is_yakuman, p.tsumo, p.dealer, p.honba, p.sticks, op.kazoe, op.kiriage,
                         op.sextuple, op.three)
            _cache_put(_COSTS, ckey, _template(cost, _CostTemplate))
        else:
            cost = PyDict_Copy(<object>hit)
    else:
        cost = _cost(han, fu, is_yakuman, p.tsumo, p.dealer, p.honba, p.sticks, op.kazoe, op.kiriage,
                     op.sextuple, op.three)
    fd = _fu_details(out)
    cdef HandResponse r = _response()
    r.cost = cost
    r.han = han
    r.fu = fu
    r.error = None
    r.is_open_hand = is_open
    r.fu_details = fd if fd else None
    r.yaku = hand_yaku if hand_yaku else None
    return r


cdef bint _ids_in_range(object tiles):
    """True for a list of ints mahjong can count (-136..135); nagashi mangan is answered without
    the hand, but mahjong counts the tiles first (an id past the 34 kinds raises IndexError there:
    the Python path does the same)."""
    cdef object x
    if type(tiles) is not list:
        return False
    for x in <list>tiles:
        if type(x) is not int or not -136 <= x < 136:
            return False
    return True


def estimate_hand_value(tiles, win_tile, melds=None, dora_indicators=None, config=None,
                        scores_calculator_factory=None, ura_dora_indicators=None):
    """``HandCalculator.estimate_hand_value`` (compiled entry; ``None`` factory = ScoresCalculator)."""
    cdef _Prep p
    if scores_calculator_factory is None:
        scores_calculator_factory = _ScoresCalculator
    if scores_calculator_factory is _ScoresCalculator and type(win_tile) is int and 0 <= win_tile <= 135:
        p = _default_prep() if config is None else _prep_of(config)
        if not p.fallback:
            if p.nagashi:
                r = _nagashi(p, config) if _ids_in_range(tiles) else None
            else:
                r = _core(tiles, win_tile, melds, dora_indicators, config, ura_dora_indicators, p)
            if r is not None:
                return r
    if config is None:
        config = _HandConfig()
    return _py_estimate(tiles, win_tile, melds, dora_indicators, config, scores_calculator_factory,
                        ura_dora_indicators)


def estimate(tiles, long win_tile, melds, dora_indicators, config, ura_dora_indicators):
    """The HandResponse of a common call, or None to let the Python path answer (the compiled half
    of ``estimate_hand_value``, for the twin tests)."""
    cdef _Prep p = _prep_of(config)
    if p.fallback:
        return None
    if p.nagashi:
        return _nagashi(p, config) if _ids_in_range(tiles) else None
    return _core(tiles, win_tile, melds, dora_indicators, config, ura_dora_indicators, p)
