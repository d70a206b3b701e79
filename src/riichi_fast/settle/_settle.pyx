# Compiled settlement (twin: riichi_fast.reference.settle.settle), RULES.md sections 6-7.
#
# The settlement arithmetic on C values (declared in _settle.pxd, cimported by the records' win
# check, the mjlog pass and the engine's table), and the four settle_* functions of
# riichi_fast.settle, which do their arithmetic with it and fill the slots of a fresh TableState
# and Settlement directly.  The explanation lines are not written: the Settlement records the
# call, and reading Settlement.lines runs the Python settlement (riichi_fast.settle.explain)
# once to write them (same text by construction).
#
# Exactness rule (as in _score_api): the fast path only accepts inputs whose
# meaning is plain -- a TableState, a Rules object or a preset name, wins as
# Win or plain tuples holding a winning HandResult or a HandValue of plain
# bools and ints, seats as plain ints in list/tuple/set/frozenset, amounts
# within +-2**40, no pao seat, no wareme -- and only when every check of the
# Python settlement would pass.  Anything else, every input error included, is handed to
# riichi_fast.settle.explain, which raises exactly the errors the twin raises, in its order,
# and computes the rare variants (pao, wareme, sanchahou).  So both paths
# give the same Settlement and the same exceptions (tests/settle/test_settle_twins.py).

cimport cython
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int64_t

from riichi_fast.rules._layout cimport O_STATUS, O_PAY_RON, O_PAY_TSUMO_DEALER, O_PAY_TSUMO_OTHER
from riichi_fast.scoring._result cimport ResultCore

from riichi_fast.settle.types import ABORTIVE_KINDS, HandValue, Settlement, TableState, Win
from riichi_fast.settle import explain as _py
from riichi_fast.rules.config import DEFAULT, Rules
from riichi_fast.scoring.result import HandResult

cdef extern from *:
    """
    #include <Python.h>
    #include <structmember.h>
    /* Offset of an object slot declared by a class's __slots__ (-1 if it is not one). */
    static Py_ssize_t rfs_slot_offset(PyObject* descr) {
        PyMemberDef* m;
        if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)) return -1;
        m = ((PyMemberDescrObject*)descr)->d_member;
        if (m->type != T_OBJECT_EX || (m->flags & READONLY)) return -1;
        return m->offset;
    }
    /* Store v (a new reference is taken) in the slot at off of obj (its old value released). */
    static inline void rfs_set_slot(PyObject* obj, Py_ssize_t off, PyObject* v) {
        PyObject** p = (PyObject**)((char*)obj + off);
        PyObject* old = *p;
        Py_INCREF(v);
        *p = v;
        Py_XDECREF(old);
    }
    /* Store vals (new references taken; none NULL) in the k slots at offs of obj (old values released). */
    static inline void rfs_set_slots(PyObject* obj, const Py_ssize_t* offs, PyObject* const* vals, int k) {
        int i;
        for (i = 0; i < k; i++) rfs_set_slot(obj, offs[i], vals[i]);
    }
    /* The object in the slot at off of obj (borrowed; NULL if unset). */
    static inline PyObject* rfs_get_slot(PyObject* obj, Py_ssize_t off) {
        return *(PyObject**)((char*)obj + off);
    }
    /* A new instance of a plain slotted class with its k slots at offs set to vals (new references taken;
       none NULL); NULL with an exception if the allocation fails. */
    static PyObject* rfs_new(PyObject* cls, const Py_ssize_t* offs, PyObject* const* vals, int k) {
        PyTypeObject* t = (PyTypeObject*)cls;
        PyObject* o = t->tp_alloc(t, 0);
        int i;
        if (o == NULL) return NULL;
        for (i = 0; i < k; i++) {
            Py_INCREF(vals[i]);
            *(PyObject**)((char*)o + offs[i]) = vals[i];
        }
        return o;
    }
    """
    Py_ssize_t rfs_slot_offset(object descr)
    object rfs_new(object cls, const Py_ssize_t* offs, PyObject** vals, int k)
    void rfs_set_slots(object obj, const Py_ssize_t* offs, PyObject** vals, int k)
    PyObject* rfs_get_slot(object obj, Py_ssize_t off)

cdef extern from "Python.h":
    long long PyLong_AsLongLongAndOverflow(object obj, int* overflow) except? -1

cdef int64_t LIM = (<int64_t>1) << 40


# ---------------------------------------------------------------------------
# the arithmetic on C values (declared in _settle.pxd; cimported by records._win_check,
# records.mjlog._scan and engine._table)

cdef inline int _edge(Edge* out, int k, int payer, int receiver, int64_t amount, int what) noexcept nogil:
    out[k].payer = payer
    out[k].receiver = receiver
    out[k].amount = amount
    out[k].what = what
    return k + 1


cdef int c_win_edges(const SettleRules* r, int dealer, const WinPay* w, int64_t counters,
                     Edge* out) noexcept nogil:
    """The payments of one win with ``counters`` counters, sticks left out, into ``out``; their number.

    Tsumo: each other seat pays the dealer's or the non-dealer's share and honba_value / (n - 1)
    per counter; a liable seat pays the covered part of every share and all the counters.  Ron:
    the discarder pays the hand and honba_value per counter; a liable seat other than the
    discarder pays half of the covered part, and the counters when pao_honba_liable.
    """
    cdef int n = r.n, s, k = 0, wi = w.winner, d = w.discarder, liable = w.pao
    cdef int64_t each, share, covered, paid_by_liable = 0, bonus, half, amount
    if w.pao_part == 0:
        liable = -1
    if d < 0:
        each = counters * (r.honba_value // (n - 1))
        for s in range(n):
            if s == wi:
                continue
            share = w.tsumo_dealer if (s == dealer and wi != dealer) else w.tsumo_other
            if liable >= 0:
                covered = share * w.pao_part // w.pao_whole
                paid_by_liable += covered
                share -= covered
            if share:
                k = _edge(out, k, s, wi, share, EDGE_HAND)
            if each and liable < 0:
                k = _edge(out, k, s, wi, each, EDGE_COUNTERS)
        if liable >= 0:
            k = _edge(out, k, liable, wi, paid_by_liable, EDGE_HAND)
            if each:
                k = _edge(out, k, liable, wi, each * (n - 1), EDGE_COUNTERS)
    else:
        amount = w.ron
        bonus = counters * r.honba_value
        if liable >= 0 and liable != d:
            half = amount * w.pao_part // w.pao_whole // 2
            k = _edge(out, k, d, wi, amount - half, EDGE_HAND)
            k = _edge(out, k, liable, wi, half, EDGE_HAND)
            if bonus:
                k = _edge(out, k, liable if r.pao_honba_liable else d, wi, bonus, EDGE_COUNTERS)
        else:
            k = _edge(out, k, d, wi, amount, EDGE_HAND)
            if bonus:
                k = _edge(out, k, d, wi, bonus, EDGE_COUNTERS)
    return k


cdef int c_mangan_edges(int n, int dealer, int seat, bint chombo, Edge* out) noexcept nogil:
    """A mangan tsumo of ``seat`` (nagashi mangan: 4000 from the dealer or to a dealer, 2000 else),
    or with ``chombo`` the same reversed (``seat`` pays each other seat); the number of edges."""
    cdef int s, k = 0
    cdef int64_t amount
    for s in range(n):
        if s != seat:
            amount = 4000 if (dealer == s or dealer == seat) else 2000
            if chombo:
                k = _edge(out, k, seat, s, amount, EDGE_CHOMBO)
            else:
                k = _edge(out, k, s, seat, amount, EDGE_HAND)
    return k


cdef void c_wareme(Edge* edges, int k, int seat) noexcept nogil:
    """Wareme: the hand's payments to or from ``seat`` doubled (counters and sticks are not)."""
    cdef int i
    for i in range(k):
        if edges[i].what == EDGE_HAND and (edges[i].payer == seat or edges[i].receiver == seat):
            edges[i].amount *= 2


cdef void c_apply(const Edge* edges, int k, int64_t* ch) noexcept nogil:
    """Add the ``k`` payments to the per-seat changes ``ch``."""
    cdef int i
    for i in range(k):
        ch[edges[i].payer] -= edges[i].amount
        ch[edges[i].receiver] += edges[i].amount


cdef void c_win_pay(const SettleRules* r, int dealer, const WinPay* w, int64_t counters,
                    int64_t* ch) noexcept nogil:
    """Add one win's payments (c_win_edges) to ``ch``."""
    cdef Edge e[SETTLE_EDGES]
    c_apply(e, c_win_edges(r, dealer, w, counters, e), ch)


cdef void c_turn_order(int n, const WinPay* wins, int nw, int* order) noexcept nogil:
    """``order``: the wins by turn order from the discarder, nearest first (stable)."""
    cdef int i, j, x
    cdef int key[SETTLE_SEATS]
    for i in range(nw):
        key[i] = (wins[i].winner - (wins[i].discarder if wins[i].discarder >= 0 else 0) + n) % n
        j = i
        while j > 0 and key[order[j - 1]] > key[i]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i


cdef void c_settle_wins(const SettleRules* r, const TableC* t, int declared, const WinPay* wins, int nw,
                        WinsOut* out) noexcept nogil:
    """One win, or several ron on one discard (``nw`` <= n - 1, distinct winners), from table ``t``.

    ``declared``: bit mask of the seats whose riichi stake was paid in this hand.  The wins are
    taken in turn order from the discarder; a head bump pays the nearest only.  The counters go
    to the nearest (to each with counters_all); the riichi sticks (those on the table and this
    hand's stakes) to the nearest, less with own_back the stake of each other paid winner who
    declared.  The stakes themselves are not in ``out.deltas``.
    """
    cdef int n = r.n, k, s, w
    cdef int64_t sum_taken = 0
    c_turn_order(n, wins, nw, out.order)
    out.n_paid = 1 if (nw > 1 and r.head_bump) else nw
    out.repeat = False
    for s in range(SETTLE_SEATS):
        out.taken[s] = 0
        out.deltas[s] = 0
    if out.n_paid > 1 and r.own_back:
        for k in range(1, out.n_paid):
            w = wins[out.order[k]].winner
            if declared >> w & 1:
                out.taken[w] += 1
                sum_taken += 1
    out.taken[wins[out.order[0]].winner] += t.sticks + c_popcount(declared) - sum_taken
    for k in range(out.n_paid):
        w = wins[out.order[k]].winner
        for s in range(SETTLE_SEATS):
            out.per_win[k][s] = 0
        c_win_pay(r, t.dealer, &wins[out.order[k]], t.honba if (k == 0 or r.counters_all) else 0,
                  out.per_win[k])
        out.per_win[k][w] += 1000 * out.taken[w]
        for s in range(n):
            out.deltas[s] += out.per_win[k][s]
        if w == t.dealer:
            out.repeat = True


cdef void c_noten_pay(int n, int64_t pool, int tenpai, int64_t* ch) noexcept nogil:
    """Add the noten payments: ``pool`` in all from the noten seats to the tenpai ones (bit mask),
    each side sharing it evenly (rounded down); nothing when nobody or everybody is tenpai."""
    cdef int s, k = c_popcount(tenpai)
    if k == 0 or k == n:
        return
    for s in range(n):
        ch[s] += pool // k if tenpai >> s & 1 else -(pool // (n - k))


cdef void c_next_table(const TableC* t, bint repeat, int64_t honba, int64_t sticks,
                       TableC* nxt) noexcept nogil:
    """The next hand's table: the deal passes to the next seat unless ``repeat`` (from the last
    seat to seat 0 the round wind advances); ``honba`` counters and ``sticks`` on the table."""
    nxt.n = t.n
    nxt.dealer = t.dealer
    nxt.wind = t.wind
    if not repeat:
        nxt.dealer = (t.dealer + 1) % t.n
        if nxt.dealer == 0:
            nxt.wind = (t.wind + 1) % 4
    nxt.honba = honba
    nxt.sticks = sticks


cdef void c_next_after_win(const TableC* t, bint repeat, TableC* nxt) noexcept nogil:
    """After a win: a dealer among the winners (``repeat``) adds a counter, else the counters go
    back to 0; the winners took every stick."""
    c_next_table(t, repeat, t.honba + 1 if repeat else 0, 0, nxt)


cdef void c_next_after_draw(const TableC* t, bint repeat, bint add_counter, int64_t staked,
                            TableC* nxt) noexcept nogil:
    """After a draw or a chombo: a counter added if ``add_counter``; the ``staked`` riichi sticks
    of this hand join those on the table."""
    c_next_table(t, repeat, t.honba + 1 if add_counter else t.honba, t.sticks + staked, nxt)


cdef int c_popcount(int mask) noexcept nogil:
    """The number of seats in a bit mask."""
    cdef int k = 0
    while mask:
        mask &= mask - 1
        k += 1
    return k


# ---------------------------------------------------------------------------
# slots of the result objects

cdef Py_ssize_t _offset(cls, str name) except -1:
    off = rfs_slot_offset(cls.__dict__[name])
    if off < 0:
        raise TypeError(f"{cls.__name__}.{name} is not a writable object slot")
    return off


# the slots in the order of the value arrays given to _new / _set_slots
cdef Py_ssize_t _T_OFFS[6]
cdef Py_ssize_t _S_OFFS[14]
for _k, _name in enumerate(("dealer", "round_wind", "honba", "riichi_sticks", "scores", "n_players")):
    _T_OFFS[_k] = _offset(TableState, _name)
for _k, _name in enumerate(("outcome", "table", "next", "deltas", "stakes", "dealer_repeats", "detail", "winners",
                            "per_win", "sticks_taken", "penalties", "_lines", "_explain", "_payments")):
    _S_OFFS[_k] = _offset(Settlement, _name)
if set(TableState.__slots__) != {"dealer", "round_wind", "honba", "riichi_sticks", "scores", "n_players"}:
    raise TypeError("TableState slots changed: update riichi_fast.settle._settle")
if set(Settlement.__slots__) != {"outcome", "table", "next", "deltas", "stakes", "dealer_repeats", "detail",
                                 "winners", "per_win", "sticks_taken", "penalties", "_lines", "_explain",
                                 "_payments"}:
    raise TypeError("Settlement slots changed: update riichi_fast.settle._settle")
cdef Py_ssize_t _T_SCORES = _T_OFFS[4]
cdef Py_ssize_t _T_N = _T_OFFS[5]
cdef Py_ssize_t _T_DEALER = _T_OFFS[0]
cdef Py_ssize_t _T_WIND = _T_OFFS[1]
cdef Py_ssize_t _T_HONBA = _T_OFFS[2]
cdef Py_ssize_t _T_STICKS = _T_OFFS[3]

cdef object _TableState = TableState   # the classes, read once (module globals are dict lookups)
cdef object _Settlement = Settlement
cdef object _Win = Win
cdef object _HandResult = HandResult
cdef object _HandValue = HandValue
cdef object _Rules = Rules


cdef tuple _ZEROS3 = (0, 0, 0)
cdef list _SEAT_TUPLES = [(0,), (1,), (2,), (3,)]   # winners of a single win (shared, immutable)
cdef tuple _ZEROS4 = (0, 0, 0, 0)
cdef list _SMALL_INTS = list(range(8))   # seats, winds, n_players as shared objects
cdef object _PY_WIN = _py.settle_win     # the Python settlement, recorded for the explanation lines
cdef object _PY_EXHAUSTIVE = _py.settle_exhaustive_draw


cdef enum:
    _MAX_POT = 16


cdef list _one_hot(int n):
    """sticks_taken of one winner: [seat * _MAX_POT + pot] -> the tuple (shared, immutable)."""
    cdef int64_t v[SETTLE_SEATS]
    cdef int s, seat, pot
    out = []
    for seat in range(4):
        for pot in range(_MAX_POT):
            for s in range(n):
                v[s] = pot if s == seat else 0
            out.append(_tuple(v, n))
    return out
cdef dict _PRESETS = {}      # preset name -> Rules (presets are immutable)
cdef object _coerce_rules = None
cdef dict _NO_KWARGS = {}          # shared, never changed (f(**{}) copies it)


cdef inline tuple _seats_tuple(object seats, int mask):
    """tuple(seats) of a plain collection of seats (``mask``: _seat_mask's): shared when empty or one seat."""
    if mask == 0:
        return ()
    if len(seats) == 1 and (mask & (mask - 1)) == 0:
        return <tuple>_SEAT_TUPLES[0 if mask == 1 else 1 if mask == 2 else 2 if mask == 4 else 3]
    return tuple(seats)


cdef inline dict _wareme_kw(object wareme_seat):
    return _NO_KWARGS if wareme_seat is None else {"wareme_seat": wareme_seat}


# ---------------------------------------------------------------------------
# plain input

cdef inline bint _small(object x, int64_t* v):
    """``x`` is a plain int within +-2**40 (stored in ``v``)."""
    cdef int overflow = 0
    cdef long long r
    if type(x) is not int:
        return False
    r = PyLong_AsLongLongAndOverflow(x, &overflow)
    if overflow or r > LIM or r < -LIM:
        return False
    v[0] = r
    return True


cdef inline bint _seat(object x, int n, int* v):
    cdef int64_t s = 0
    if not _small(x, &s) or s < 0 or s >= n:
        return False
    v[0] = <int>s
    return True


cdef int _seat_mask(object seats, int n):
    """Bit mask of a plain collection of seats; -1 if not plain (or a seat is out of range)."""
    cdef int mask = 0, s = 0
    t = type(seats)
    if t is not tuple and t is not list and t is not set and t is not frozenset:
        return -1
    for x in seats:
        if not _seat(x, n, &s):
            return -1
        mask |= 1 << s
    return mask


cdef object _plain_rules(object rules):
    """``rules`` if it is a Rules object, the preset of a known name, else None."""
    global _coerce_rules
    if type(rules) is _Rules:
        return rules
    if type(rules) is str:
        r = _PRESETS.get(rules)
        if r is None:
            if _coerce_rules is None:
                from riichi_fast.scoring.front import coerce_rules
                _coerce_rules = coerce_rules
            try:
                r = _coerce_rules(rules)
            except Exception:
                return None
            if type(r) is not _Rules:
                return None
            _PRESETS[rules] = r
        return r
    return None


cdef class _WinRules:
    """The fields of a Rules object that settle_win reads, read once per Rules object."""
    cdef object rules             # kept alive: the cache is keyed by id()
    cdef int n
    cdef bint honba_ok            # honba_value a plain int in 0..2**40
    cdef int64_t honba_value
    cdef bint wareme, triple_ron_aborts
    cdef SettleRules sr           # the arithmetic's rules (honba_value when honba_ok)


cdef dict _WIN_RULES = {}
cdef _WinRules _LAST_RULES = None    # the last one read (most callers settle under one Rules object)


cdef _WinRules _win_rules(object rules):
    global _LAST_RULES
    cdef _WinRules v = _LAST_RULES
    if v is not None and v.rules is rules:
        return v
    v = _WIN_RULES.get(id(rules))
    if v is not None and v.rules is rules:
        _LAST_RULES = v
        return v
    v = _WinRules()
    v.rules = rules
    v.n = rules.n_players
    v.honba_ok = _small(rules.honba_value, &v.honba_value) and v.honba_value >= 0
    v.wareme = bool(rules.wareme)
    v.triple_ron_aborts = bool(rules.triple_ron_aborts)
    v.sr.n = v.n
    v.sr.honba_value = v.honba_value
    v.sr.head_bump = rules.multiple_ron == "head_bump"
    v.sr.counters_all = rules.multiple_ron_counters == "all"
    v.sr.own_back = rules.multiple_ron_sticks == "own_back"
    v.sr.pao_honba_liable = rules.pao_honba == "liable"
    if len(_WIN_RULES) >= 64:  # Rules objects made on the fly (rules.replace per game): keep the cache small
        _WIN_RULES.clear()
    _WIN_RULES[id(rules)] = v
    _LAST_RULES = v
    return v


# ---------------------------------------------------------------------------
# results

cdef tuple _tuple(const int64_t* v, int n):
    if n == 4:
        return (v[0], v[1], v[2], v[3])
    return (v[0], v[1], v[2])


cdef tuple _stakes_new(int declared, int n):
    cdef int64_t st[SETTLE_SEATS]
    cdef int s
    for s in range(n):
        st[s] = -1000 if declared >> s & 1 else 0
    return _tuple(st, n)


# the stakes tuple of every mask, 3 and 4 players (immutable, shared: no allocation per call)
cdef list _STAKES = [[_stakes_new(m, 3) for m in range(8)], [_stakes_new(m, 4) for m in range(16)]]


cdef list _ONE_HOT = [_one_hot(3), _one_hot(4)]


cdef inline tuple _stakes(int declared, int n):
    return <tuple>(<list>(<list>_STAKES)[n - 3])[declared]


cdef object _next(object table, const TableC* nt, const int64_t* deltas):
    """The next TableState ``nt`` (c_next_table's), the scores of ``table`` changed by ``deltas``."""
    cdef int s, n = nt.n
    cdef int64_t sc[SETTLE_SEATS]
    cdef PyObject* v[6]
    cdef object honba = nt.honba, sticks = nt.sticks
    cdef PyObject* ps = rfs_get_slot(table, _T_SCORES)   # table: an exact TableState (_table)
    old = <object>ps if ps != NULL else table.scores
    scores = None
    if type(old) is tuple and len(<tuple>old) == n:
        for s in range(n):
            if not _small((<tuple>old)[s], &sc[s]):
                break
            sc[s] += deltas[s]
        else:
            scores = _tuple(sc, n)
    if scores is None:   # scores beyond +-2**40: Python ints
        if n == 4:
            scores = (old[0] + deltas[0], old[1] + deltas[1], old[2] + deltas[2], old[3] + deltas[3])
        else:
            scores = (old[0] + deltas[0], old[1] + deltas[1], old[2] + deltas[2])
    d = <object>_SMALL_INTS[nt.dealer]
    w = <object>_SMALL_INTS[nt.wind]
    nn = <object>_SMALL_INTS[n]
    v[0] = <PyObject*>d
    v[1] = <PyObject*>w
    v[2] = <PyObject*>honba
    v[3] = <PyObject*>sticks
    v[4] = <PyObject*>scores
    v[5] = <PyObject*>nn
    return rfs_new(_TableState, _T_OFFS, v, 6)


cdef object _settlement(str outcome, object table, object nxt, tuple deltas, tuple stakes, bint repeat, str detail,
                        tuple winners, tuple per_win, tuple taken, tuple penalties, tuple explain,
                        object payments=None):
    """A new Settlement of these fields (its lines written by the Python settlement on first use, from
    ``explain``)."""
    cdef PyObject* v[14]
    cdef object rep = True if repeat else False
    v[0] = <PyObject*>outcome
    v[1] = <PyObject*>table
    v[2] = <PyObject*>nxt
    v[3] = <PyObject*>deltas
    v[4] = <PyObject*>stakes
    v[5] = <PyObject*>rep
    v[6] = <PyObject*>detail
    v[7] = <PyObject*>winners
    v[8] = <PyObject*>per_win
    v[9] = <PyObject*>taken
    v[10] = <PyObject*>penalties
    v[11] = <PyObject*>None          # _lines: written on first use of Settlement.lines
    v[12] = <PyObject*>explain
    v[13] = <PyObject*>payments      # _payments: None = computed on first use
    return rfs_new(_Settlement, _S_OFFS, v, 14)


# ---------------------------------------------------------------------------
# TableState construction: the quick path of TableState.__init__ in C (plain ints, a plain tuple of scores);
# anything else -- subclasses, numpy integers, every error -- goes to the Python __init__ it replaces.
# riichi_fast.settle.front installs it (not under RIICHI_FAST_PUREPYTHON=1, where the compiled modules
# that cimport _settle.pxd load this module too).

_py_table_init = TableState.__init__


@cython.binding(True)   # a method: bound to the instance like a Python function
def _table_init(self, dealer=0, round_wind=0, honba=0, riichi_sticks=0, scores=None, n_players=4):
    cdef int64_t n = 0, d = 0, w = 0, h = 0, k = 0
    cdef PyObject* v[6]
    if (type(self) is _TableState and _small(n_players, &n) and (n == 4 or n == 3)
            and _small(dealer, &d) and 0 <= d < n and _small(round_wind, &w) and 0 <= w < 4
            and _small(honba, &h) and h >= 0 and _small(riichi_sticks, &k) and k >= 0):
        if scores is None:
            scores = _ZEROS4 if n == 4 else _ZEROS3
        elif not (type(scores) is tuple and len(<tuple>scores) == n and type((<tuple>scores)[0]) is int
                  and type((<tuple>scores)[1]) is int and type((<tuple>scores)[2]) is int
                  and (n == 3 or type((<tuple>scores)[3]) is int)):
            return _py_table_init(self, dealer, round_wind, honba, riichi_sticks, scores, n_players)
        v[0] = <PyObject*>dealer
        v[1] = <PyObject*>round_wind
        v[2] = <PyObject*>honba
        v[3] = <PyObject*>riichi_sticks
        v[4] = <PyObject*>scores
        v[5] = <PyObject*>n_players
        rfs_set_slots(self, _T_OFFS, v, 6)
        return
    return _py_table_init(self, dealer, round_wind, honba, riichi_sticks, scores, n_players)



cdef bint _table(object table, int n_rules, TableC* t):
    """Read a TableState played under rules of ``n_rules`` players (False: not the fast path)."""
    cdef int64_t v = 0
    cdef PyObject* p[5]
    if type(table) is not _TableState:
        return False
    # the slots read directly (an exact TableState: no attribute lookups); an unset slot: not the fast path
    p[0] = rfs_get_slot(table, _T_N)
    p[1] = rfs_get_slot(table, _T_DEALER)
    p[2] = rfs_get_slot(table, _T_WIND)
    p[3] = rfs_get_slot(table, _T_HONBA)
    p[4] = rfs_get_slot(table, _T_STICKS)
    if p[0] == NULL or p[1] == NULL or p[2] == NULL or p[3] == NULL or p[4] == NULL:
        return False
    if not _small(<object>p[0], &v) or v != n_rules:
        return False
    t.n = n_rules
    if not _small(<object>p[1], &v):
        return False
    t.dealer = <int>v
    if not _small(<object>p[2], &v):
        return False
    t.wind = <int>v
    if not _small(<object>p[3], &t.honba) or not _small(<object>p[4], &t.sticks):
        return False
    return True


# ---------------------------------------------------------------------------
# settle_win

cdef object _win_fast(object table, object wins, object riichi_declared, object rules_arg, object wareme_seat):
    cdef TableC t
    cdef int n, nw, i, j, k, s, declared, first
    cdef int winner[SETTLE_SEATS]
    cdef int disc[SETTLE_SEATS]
    cdef bint tsumo[SETTLE_SEATS]
    cdef bint dealer_win[SETTLE_SEATS]
    cdef int64_t ron[SETTLE_SEATS]
    cdef int64_t t_dealer[SETTLE_SEATS]
    cdef int64_t t_other[SETTLE_SEATS]
    cdef WinPay wc[SETTLE_SEATS]
    cdef WinsOut wo
    cdef TableC nt
    cdef int64_t deltas[SETTLE_SEATS]
    cdef int64_t pot
    cdef _WinRules rv
    cdef ResultCore rc
    rules = _plain_rules(rules_arg)
    if rules is None:
        return None
    rv = _win_rules(rules)
    if not _table(table, rv.n, &t):
        return None
    n = t.n
    tw = type(wins)
    if tw is not list and tw is not tuple:
        return None
    nw = len(wins)
    if nw < 1 or nw > n - 1:
        return None
    declared = _seat_mask(riichi_declared, n)
    if declared < 0:
        return None
    for i in range(nw):
        x = (<list>wins)[i] if tw is list else (<tuple>wins)[i]
        tx = type(x)
        if tx is not _Win and tx is not tuple:
            return None
        m = len(<tuple>x)
        if m < 2 or m > 4:
            return None
        if m == 4 and (<tuple>x)[3] is not None:
            return None                      # pao: the Python settlement
        if not _seat((<tuple>x)[0], n, &winner[i]):
            return None
        dx = (<tuple>x)[2] if m >= 3 else None
        if dx is None:
            disc[i] = -1
        elif not _seat(dx, n, &disc[i]) or disc[i] == winner[i]:
            return None
        result = (<tuple>x)[1]
        tr = type(result)
        if tr is _HandResult and isinstance(result, ResultCore) and (<ResultCore>result).inline:
            # the slots straight from the result's C storage (result._out would build an array)
            # (isinstance: under RIICHI_FAST_PUREPYTHON=1 HandResult derives from the pure-Python ResultCore)
            rc = <ResultCore>result
            if rc.s[O_STATUS] != 0:
                return None
            tsumo[i] = rc.b_tsumo
            dealer_win[i] = rc.b_dealer
            ron[i] = rc.s[O_PAY_RON]
            t_dealer[i] = rc.s[O_PAY_TSUMO_DEALER]
            t_other[i] = rc.s[O_PAY_TSUMO_OTHER]
        elif tr is _HandResult:
            out = result._out
            if out[O_STATUS] != 0:
                return None
            tsumo[i] = result.tsumo is True
            dealer_win[i] = result.dealer is True
            if (not _small(out[O_PAY_RON], &ron[i]) or not _small(out[O_PAY_TSUMO_DEALER], &t_dealer[i])
                    or not _small(out[O_PAY_TSUMO_OTHER], &t_other[i])):
                return None
        elif tr is _HandValue:
            if type(result[0]) is not bool or type(result[1]) is not bool:
                return None
            tsumo[i] = result[0] is True
            dealer_win[i] = result[1] is True
            if (not _small(result[2], &ron[i]) or not _small(result[3], &t_dealer[i])
                    or not _small(result[4], &t_other[i])):
                return None
        else:
            return None
        if tsumo[i] != (disc[i] < 0) or dealer_win[i] != (winner[i] == t.dealer):
            return None
        for j in range(i):
            if winner[j] == winner[i]:
                return None
    if nw > 1:
        for i in range(nw):
            if disc[i] < 0 or disc[i] != disc[0]:
                return None
        if nw >= 3 and rv.triple_ron_aborts:
            return None
    if rv.wareme or not rv.honba_ok:
        return None
    for i in range(nw):
        wc[i].winner = winner[i]
        wc[i].discarder = disc[i]
        wc[i].pao = -1
        wc[i].pao_part = 0
        wc[i].pao_whole = 1
        wc[i].ron = ron[i]
        wc[i].tsumo_dealer = t_dealer[i]
        wc[i].tsumo_other = t_other[i]
    c_settle_wins(&rv.sr, &t, declared, wc, nw, &wo)
    detail = "tsumo" if disc[0] < 0 else "ron"
    if nw > 1:
        detail = "head_bump" if rv.sr.head_bump else "multiple_ron"
    nw = wo.n_paid
    first = winner[wo.order[0]]
    pot = t.sticks + c_popcount(declared)
    for s in range(n):
        deltas[s] = (-1000 if declared >> s & 1 else 0) + wo.deltas[s]
    cdef tuple per_win = PyTuple_New(nw)   # filled below, one item per paid win
    for k in range(nw):
        item = _tuple(wo.per_win[k], n)
        Py_INCREF(item)
        PyTuple_SET_ITEM(per_win, k, item)
    if nw == 1:
        winners = <tuple>_SEAT_TUPLES[first]
    elif nw == 2:
        winners = (winner[wo.order[0]], winner[wo.order[1]])
    else:
        winners = (winner[wo.order[0]], winner[wo.order[1]], winner[wo.order[2]])
    repeat = wo.repeat
    deltas_t = _tuple(deltas, n)
    c_next_after_win(&t, repeat, &nt)
    nxt = _next(table, &nt, deltas)
    if len(wins) == 1:   # the win itself recorded (an immutable tuple), not a copy of the list holding it
        explain = (_explain_one_win, table, x, _seats_tuple(riichi_declared, declared), rules_arg,
                   _wareme_kw(wareme_seat))
    else:
        explain = (_PY_WIN, table, tuple(wins), _seats_tuple(riichi_declared, declared), rules_arg,
                   _wareme_kw(wareme_seat))
    if wo.taken[first] == pot and 0 <= pot < _MAX_POT:   # every stick to the first winner: a shared tuple
        taken_t = <tuple>(<list>(<list>_ONE_HOT)[n - 3])[first * _MAX_POT + pot]
    else:
        taken_t = _tuple(wo.taken, n)
    if nw == 1:   # a single paid win: its changes are the payments (the deltas without the stakes)
        return _settlement("win", table, nxt, deltas_t, _stakes(declared, n), repeat, detail, winners, per_win,
                           taken_t, _ZEROS4 if n == 4 else _ZEROS3, explain, (<tuple>per_win)[0])
    return _settlement("win", table, nxt, deltas_t, _stakes(declared, n), repeat, detail, winners, per_win,
                       taken_t, _ZEROS4 if n == 4 else _ZEROS3, explain)


def _explain_one_win(table, win, riichi_declared, rules, **kwargs):
    """The Python settlement of the single win ``win`` (the recorded call of a compiled one-win settlement)."""
    return _py.settle_win(table, [win], riichi_declared, rules, **kwargs)


def _explain_abortive(table, kind, rules, riichi_declared):
    """The Python abortive draw (the recorded call: positional, no keyword dict per settle)."""
    return _py.settle_abortive_draw(table, kind, rules, riichi_declared=riichi_declared)


def _explain_chombo(table, offender, rules, riichi_declared):
    """The Python chombo (the recorded call: positional, no keyword dict per settle)."""
    return _py.settle_chombo(table, offender, rules, riichi_declared=riichi_declared)


@cython.binding(True)   # writable __doc__/__module__: riichi_fast.settle publishes it as is
def settle_win(table, wins, riichi_declared=(), rules=DEFAULT, *, wareme_seat=None):
    """Settle one win, or several ron on one discard (see :func:`riichi_fast.settle.settle_win`)."""
    r = _win_fast(table, wins, riichi_declared, rules, wareme_seat)
    if r is None:
        return _py.settle_win(table, wins, riichi_declared, rules, wareme_seat=wareme_seat)
    return r


# ---------------------------------------------------------------------------
# draws and chombo

cdef object _exhaustive_fast(object table, object tenpai, object riichi_declared, object nagashi,
                             object rules_arg, object wareme_seat):
    cdef TableC t
    cdef int n, s, w, ten, declared, nag
    cdef int64_t ch[SETTLE_SEATS]
    cdef int64_t pool = 0
    cdef Edge e[SETTLE_EDGES]
    cdef TableC nt
    rules = _plain_rules(rules_arg)
    if rules is None or not _table(table, _win_rules(rules).n, &t):
        return None
    n = t.n
    ten = _seat_mask(tenpai, n)
    declared = _seat_mask(riichi_declared, n)
    nag = _seat_mask(nagashi, n)
    if ten < 0 or declared < 0 or nag < 0 or declared & ~ten:
        return None
    for s in range(n):
        ch[s] = 0
    if nag:
        if not rules.nagashi_mangan or rules.wareme:
            return None
        for w in range(n):
            if nag >> w & 1:
                c_apply(e, c_mangan_edges(n, t.dealer, w, False, e), ch)
        detail = "nagashi_mangan"
    else:
        if not _small(rules.noten_payment, &pool) or pool < 0:
            return None
        c_noten_pay(n, pool, ten, ch)
        detail = "noten"
    for s in range(n):
        if declared >> s & 1:
            ch[s] -= 1000
    repeat = (ten >> t.dealer & 1) != 0
    c_next_after_draw(&t, repeat, True, c_popcount(declared), &nt)
    nxt = _next(table, &nt, ch)
    zeros = _ZEROS4 if n == 4 else _ZEROS3
    explain = (_PY_EXHAUSTIVE, table, _seats_tuple(tenpai, ten), _seats_tuple(riichi_declared, declared),
               _seats_tuple(nagashi, nag), rules_arg, _wareme_kw(wareme_seat))
    return _settlement("exhaustive_draw", table, nxt, _tuple(ch, n), _stakes(declared, n), repeat, detail, (), (),
                       zeros, zeros, explain)


@cython.binding(True)   # writable __doc__/__module__: riichi_fast.settle publishes it as is
def settle_exhaustive_draw(table, tenpai=(), riichi_declared=(), nagashi=(), rules=DEFAULT, *, wareme_seat=None):
    """Settle an exhaustive draw (see :func:`riichi_fast.settle.settle_exhaustive_draw`)."""
    r = _exhaustive_fast(table, tenpai, riichi_declared, nagashi, rules, wareme_seat)
    if r is None:
        return _py.settle_exhaustive_draw(table, tenpai, riichi_declared, nagashi, rules, wareme_seat=wareme_seat)
    return r


cdef object _abortive_fast(object table, object kind, object rules_arg, object riichi_declared):
    cdef TableC t
    cdef int n, s, declared
    cdef int64_t st[SETTLE_SEATS]
    cdef TableC nt
    rules = _plain_rules(rules_arg)
    if rules is None or not _table(table, _win_rules(rules).n, &t):
        return None
    n = t.n
    if type(kind) is not str or kind not in ABORTIVE_KINDS:
        return None
    if not (rules.triple_ron_aborts if kind == "sanchahou" else kind in rules.abortive_draws):
        return None
    declared = _seat_mask(riichi_declared, n)
    if declared < 0:
        return None
    for s in range(n):
        st[s] = -1000 if declared >> s & 1 else 0
    c_next_after_draw(&t, True, rules.abortive_draw_adds_counter, c_popcount(declared), &nt)
    nxt = _next(table, &nt, st)
    stakes = _tuple(st, n)
    zeros = _ZEROS4 if n == 4 else _ZEROS3
    explain = (_explain_abortive, table, kind, rules_arg, _seats_tuple(riichi_declared, declared), _NO_KWARGS)
    return _settlement("abortive_draw", table, nxt, stakes, stakes, True, kind, (), (), zeros, zeros, explain)


@cython.binding(True)   # writable __doc__/__module__: riichi_fast.settle publishes it as is
def settle_abortive_draw(table, kind, rules=DEFAULT, *, riichi_declared=()):
    """Settle an abortive draw (see :func:`riichi_fast.settle.settle_abortive_draw`)."""
    r = _abortive_fast(table, kind, rules, riichi_declared)
    if r is None:
        return _py.settle_abortive_draw(table, kind, rules, riichi_declared=riichi_declared)
    return r


cdef object _chombo_fast(object table, object offender, object rules_arg, object riichi_declared):
    cdef TableC t
    cdef int n, s, off = 0, declared
    cdef int64_t ch[SETTLE_SEATS]
    cdef int64_t st[SETTLE_SEATS]
    cdef Edge e[SETTLE_EDGES]
    cdef TableC nt
    cdef bint returns
    rules = _plain_rules(rules_arg)
    if rules is None or not _table(table, _win_rules(rules).n, &t):
        return None
    n = t.n
    if not _seat(offender, n, &off):
        return None
    declared = _seat_mask(riichi_declared, n)
    if declared < 0:
        return None
    for s in range(n):
        ch[s] = 0
    penalties = _ZEROS4 if n == 4 else _ZEROS3
    if rules.chombo == "reversed_mangan":
        c_apply(e, c_mangan_edges(n, t.dealer, off, True, e), ch)
    else:
        pen = [0] * n
        pen[off] = -rules.chombo_penalty
        penalties = tuple(pen)
    returns = rules.chombo_returns_sticks
    for s in range(n):
        st[s] = -1000 if (declared >> s & 1 and not returns) else 0
        ch[s] += st[s]
    c_next_after_draw(&t, True, False, 0 if returns else c_popcount(declared), &nt)
    nxt = _next(table, &nt, ch)
    zeros = _ZEROS4 if n == 4 else _ZEROS3
    explain = (_explain_chombo, table, offender, rules_arg, _seats_tuple(riichi_declared, declared), _NO_KWARGS)
    return _settlement("chombo", table, nxt, _tuple(ch, n), _tuple(st, n), True, "chombo", (), (), zeros,
                       penalties, explain)


@cython.binding(True)   # writable __doc__/__module__: riichi_fast.settle publishes it as is
def settle_chombo(table, offender, rules=DEFAULT, *, riichi_declared=()):
    """Settle a chombo (see :func:`riichi_fast.settle.settle_chombo`)."""
    r = _chombo_fast(table, offender, rules, riichi_declared)
    if r is None:
        return _py.settle_chombo(table, offender, rules, riichi_declared=riichi_declared)
    return r
