# Compiled fold of the statistics rows (twin: riichi_fast.reference.stats.fold).
#
# ``records.mjlog._scan.stats_mjlog`` writes one game's int32 rows (wins, rounds, the game row
# last: see its docstring); ``Fold.add`` folds them at once into C accumulators
# (corpus counters, draws, yaku bits, waits, two small open-addressing hash maps
# for the (limit, han, fu) key and the points, one row of player counters per
# distinct player name) and ``Fold.take`` hands the totals back as plain lists
# and one int64 table that ``Fold.take_into`` adds into a ``Stats``.  Every row is
# checked before anything is counted: a bad row raises RiichiError and leaves the
# accumulators as they were.

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_Check, PyDict_GetItem, PyDict_SetItem
from cpython.object cimport PyObject
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcmp, memset

import numpy as np

from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.stats._counts import DRAW_KEYS, LIMIT_NAMES, PLAYER_KEYS, Counts

cdef enum:
    WIDTH = 16
    NCOL = 19      # player counters: see PLAYER_KEYS, then the four placements
    NINT = 8       # games hands wins tsumo ron multi_ron pao yakuman
    NYAKU = 67     # yaku ids 0-63, then wins with dora, ura, red
    NWAIT = 6      # wait shape -1 (kokushi) to 4
    MAX_HAN = 0xFFFF
    MAX_FU = 0xFFFF

ROW_WIDTH = WIDTH
CORPUS_KEYS = ("games", "hands", "wins", "tsumo", "ron", "multi_ron", "pao", "yakuman")
_SEAT_KEYS = ("seat 0", "seat 1", "seat 2", "seat 3")
cdef object _NO_ROWS = object()  # no add() yet
cdef tuple _DRAWS = tuple(DRAW_KEYS.values())
cdef tuple _YAKU = (*(str(y) for y in range(64)), "52", "53", "54")  # then dora, ura, red
cdef tuple _WAITS = ("kokushi", "ryanmen", "kanchan", "penchan", "shanpon", "tanki")  # -1-4
cdef tuple _LIMITS = tuple(LIMIT_NAMES)
cdef dict _HAN_FU = {}  # packed (limit, han, fu) -> its Stats keys
cdef dict _POINTS = {}  # points -> its Stats key


cdef int _bump(object counter, object key, int64_t n) except -1:
    """``counter[key] += n`` on a dict (a Counter: its ``__missing__`` is not called)."""
    cdef PyObject* old
    if n == 0:
        return 0
    old = PyDict_GetItem(counter, key)
    if old == NULL:
        PyDict_SetItem(counter, key, n)
    else:
        PyDict_SetItem(counter, key, <object>old + n)
    return 0


cdef object _counter(object stats, str name):
    c = getattr(stats, name)
    if not PyDict_Check(c):
        raise RiichiError(f"stats.{name} must be a dict, got {type(c).__name__}")
    return c


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int rf_ctz32(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
    #else
    static inline int rf_ctz32(uint32_t x) { return __builtin_ctz(x); }
    #endif
    """
    int rf_ctz32(uint32_t x) nogil



cdef object _CHI = MeldType.CHI, _PON = MeldType.PON, _DAIMINKAN = MeldType.DAIMINKAN
cdef object _ANKAN = MeldType.ANKAN, _SHOUMINKAN = MeldType.SHOUMINKAN, _KITA = MeldType.KITA
cdef dict _DRAW_INDEX = {k: i for i, k in enumerate(DRAW_KEYS)}  # model draw kind -> 0-6
cdef object _S_DRAW = "draw", _S_DISCARD = "discard", _S_RIICHI = "riichi", _S_CALL = "call"
cdef object _S_ACCEPTED = "riichi_accepted", _S_DORA = "dora", _S_WIN = "win", _S_END = "end"

cdef enum:
    EV_OTHER = 0
    EV_DRAW_DISCARD = 1
    EV_RIICHI = 2
    EV_CALL = 3
    EV_ACCEPTED = 4


cdef int _event_kind(object t) except -1:
    """What the statistics read of an event of type ``t`` (the readers' interned names first,
    by identity; any other object compared)."""
    if t is _S_DRAW or t is _S_DISCARD:
        return EV_DRAW_DISCARD
    if t is _S_RIICHI:
        return EV_RIICHI
    if t is _S_CALL:
        return EV_CALL
    if t is _S_ACCEPTED:
        return EV_ACCEPTED
    if t is _S_DORA or t is _S_WIN or t is _S_END:
        return EV_OTHER
    if t == _S_DRAW or t == _S_DISCARD:
        return EV_DRAW_DISCARD
    if t == _S_RIICHI:
        return EV_RIICHI
    if t == _S_CALL:
        return EV_CALL
    if t == _S_ACCEPTED:
        return EV_ACCEPTED
    return EV_OTHER

# Draw and discard events are most of a round's events, and the readers share them (one Event
# per seat and tile: records.round_state._DRAWS, _DISCARDS).  Reading an event's type costs a
# generic attribute lookup; the draws and discards already seen are remembered by address in
# a small open-addressing set and skipped.  The set holds a reference to each (its address is
# never reused while it is there) and an Event is frozen (its type never changes); it stops
# growing at half its slots (a reader that made new ones each time: the lookup is then read).
cdef enum:
    MEMO_BITS = 13
    MEMO_CAP = 1 << MEMO_BITS
cdef PyObject* _memo[MEMO_CAP]
memset(_memo, 0, sizeof(_memo))
cdef Py_ssize_t _memo_n = 0
cdef list _memo_refs = []


cdef inline Py_ssize_t _memo_slot(PyObject* ev) noexcept:
    cdef Py_ssize_t i = <Py_ssize_t>(((<uint64_t><size_t>ev) * 0x9E3779B97F4A7C15ULL) >> (64 - MEMO_BITS))
    while _memo[i] != NULL and _memo[i] != ev:
        i = (i + 1) & (MEMO_CAP - 1)
    return i


cdef int _remember(object ev) except -1:
    """Remember ``ev``, a draw or discard event (until the set is half full)."""
    global _memo_n
    cdef Py_ssize_t i
    if _memo_n >= MEMO_CAP // 2:
        return 0
    i = _memo_slot(<PyObject*>ev)
    if _memo[i] == NULL:
        _memo_refs.append(ev)
        _memo[i] = <PyObject*>ev
        _memo_n += 1
    return 0
cdef int64_t BAD = -(1 << 62)


cdef int64_t _ival(object x, int64_t lo, int64_t hi) noexcept:
    """x when it is an int (not a bool) in lo..hi, else BAD."""
    cdef int64_t v
    if type(x) is not int:
        return BAD
    try:
        v = x
    except OverflowError:
        return BAD
    if v < lo or v > hi:
        return BAD
    return v


cdef inline int64_t _count_of(object x) noexcept:
    """A recorded dora, ura or red count: 0 for None, BAD for anything but a small int."""
    return 0 if x is None else _ival(x, -1000, 1000)


cdef int _ints(object seq, int n, int64_t* out) except -2:
    """A tuple of n ints (within +-10^9) into out: 0, else -1."""
    cdef Py_ssize_t i
    if type(seq) is not tuple or len(<tuple>seq) != n:
        return -1
    for i in range(n):
        out[i] = _ival((<tuple>seq)[i], -1000000000, 1000000000)
        if out[i] == BAD:
            return -1
    return 0


cdef int _add_changes(object seq, int n, int64_t* scores) except -2:
    """scores += seq (None: nothing); -1 when seq is not a tuple of n ints."""
    cdef int64_t ch[4]
    cdef int s
    if seq is None:
        return 0
    if _ints(seq, n, ch) < 0:
        return -1
    for s in range(n):
        scores[s] += ch[s]
    return 0


cdef int64_t _limit_code(int64_t han, int64_t fu) noexcept:
    """stats._aggregate.limit_code (fu -1: not recorded)."""
    if han >= 13:
        return 5
    if han >= 11:
        return 4
    if han >= 8:
        return 3
    if han >= 6:
        return 2
    if han >= 5 or (fu >= 0 and fu * (1 << (han + 2)) >= 2000):
        return 1
    return 0


cdef int _check_rows(const int32_t* rows, Py_ssize_t end) except -1:
    """Every row of one game valid (the game row last), else RiichiError naming the first bad one."""
    cdef const int32_t* g = rows + (end - 1) * WIDTH
    cdef const int32_t* r
    cdef Py_ssize_t i
    cdef int n, kind, gi
    if g[0] != 3:
        raise RiichiError(f"row {end - 1}: the last row of a game must be its game row (kind 3), "
                          f"got kind {g[0]}")
    n = g[2]
    if n != 3 and n != 4:
        raise RiichiError(f"row {end - 1}: players must be 3 or 4, got {n}")
    gi = g[1]
    for i in range(end - 1):
        r = rows + i * WIDTH
        kind = r[0]
        if r[1] != gi:
            raise RiichiError(f"row {i}: game index {r[1]}, not the game row's {gi}")
        if kind == 1:
            if not -1 <= r[5] <= 6:
                raise RiichiError(f"row {i}: draw kind {r[5]} is not in -1-6")
        elif kind == 2:
            if not 0 <= r[2] < n:
                raise RiichiError(f"row {i}: winner {r[2]} is not a seat of {n}")
            if not -1 <= r[3] < n:
                raise RiichiError(f"row {i}: discarder {r[3]} is not -1 or a seat of {n}")
            if not -1 <= r[8] < n:
                raise RiichiError(f"row {i}: pao seat {r[8]} is not -1 or a seat of {n}")
            if not -1 <= r[15] <= 4:
                raise RiichiError(f"row {i}: wait shape {r[15]} is not in -1-4")
            if r[11] == 0:
                if not 0 <= r[7] <= 5:
                    raise RiichiError(f"row {i}: limit {r[7]} is not in 0-5")
                if not 0 <= r[4] <= MAX_HAN or not -1 <= r[5] <= MAX_FU:
                    raise RiichiError(f"row {i}: han {r[4]} or fu {r[5]} out of range")
        else:
            raise RiichiError(f"row {i}: kind {kind} is not 1 (round) or 2 (win)")
    return 0


cdef struct Map:  # int64 key (>= 0) -> int64 count, open addressing; key -1: empty slot
    int64_t* keys
    int64_t* vals
    Py_ssize_t cap
    Py_ssize_t n


cdef int map_init(Map* m, Py_ssize_t cap) except -1:
    """An empty map of ``cap`` slots (a power of two) in ``m``; ``m`` untouched on MemoryError."""
    cdef Py_ssize_t i
    cdef int64_t* keys = <int64_t*>malloc(cap * sizeof(int64_t))
    cdef int64_t* vals = <int64_t*>malloc(cap * sizeof(int64_t))
    if keys == NULL or vals == NULL:
        free(keys)
        free(vals)
        raise MemoryError()
    for i in range(cap):
        keys[i] = -1
        vals[i] = 0
    m.keys = keys
    m.vals = vals
    m.cap = cap
    m.n = 0
    return 0


cdef inline Py_ssize_t map_slot(int64_t* keys, Py_ssize_t cap, int64_t key) nogil:
    cdef Py_ssize_t i = <Py_ssize_t>(((<uint64_t>key) * 0x9E3779B97F4A7C15ULL) >> 40) & (cap - 1)
    while keys[i] != key and keys[i] != -1:
        i = (i + 1) & (cap - 1)
    return i


cdef int map_add(Map* m, int64_t key, int64_t v) except -1:
    cdef Py_ssize_t i, j
    cdef Map grown
    if m.keys == NULL:  # a MemoryError left it empty
        map_init(m, 64)
    if 2 * (m.n + 1) > m.cap:
        map_init(&grown, 2 * m.cap)
        for j in range(m.cap):
            if m.keys[j] != -1:
                i = map_slot(grown.keys, grown.cap, m.keys[j])
                grown.keys[i] = m.keys[j]
                grown.vals[i] = m.vals[j]
                grown.n += 1
        free(m.keys)
        free(m.vals)
        m[0] = grown
    i = map_slot(m.keys, m.cap, key)
    if m.keys[i] == -1:
        m.keys[i] = key
        m.n += 1
    m.vals[i] += v
    return 0


cdef inline int64_t map_get(Map* m, int64_t key) noexcept:
    """The value of ``key`` (0 when absent: an empty slot's value is 0)."""
    cdef Py_ssize_t i
    if m.keys == NULL:
        return 0
    i = map_slot(m.keys, m.cap, key)
    return m.vals[i] if m.keys[i] == key else 0


cdef inline int64_t _name_hash(const char* p, Py_ssize_t n) noexcept:
    """FNV-1a of ``n`` bytes, made non-negative (a Map key)."""
    cdef uint64_t h = 0xCBF29CE484222325ULL
    cdef Py_ssize_t i
    for i in range(n):
        h = (h ^ <unsigned char>p[i]) * 0x100000001B3ULL
    return <int64_t>(h >> 1)


cdef list map_items(Map* m):
    cdef list out = []
    cdef Py_ssize_t i
    for i in range(m.cap):
        if m.keys[i] != -1:
            out.append((m.keys[i], m.vals[i]))
    out.sort()
    return out


cdef class Fold:
    """Accumulated statistics of the games whose rows :meth:`add` was given.

    >>> f = Fold()
    >>> f.take()[0]
    [0, 0, 0, 0, 0, 0, 0, 0]
    """

    cdef int64_t ints[NINT]
    cdef int64_t draws[7]
    cdef int64_t yaku[NYAKU]
    cdef int64_t waits[NWAIT]
    cdef Map hf
    cdef Map pts
    cdef Map names  # hash of a raw name's bytes -> its player id + 1 (``_name``)
    cdef int64_t* table
    cdef Py_ssize_t n_ids, cap_ids
    cdef dict ids
    cdef object rows_obj  # the rows array of the last add() and its view
    cdef const int32_t[:, ::1] rows_view
    cdef list keys
    cdef int32_t* buf  # the rows of the last add_game
    cdef Py_ssize_t buf_n, buf_cap

    def __cinit__(self):
        self.rows_obj = _NO_ROWS
        self.table = NULL
        self.buf = NULL
        self.buf_n = self.buf_cap = 0
        memset(&self.hf, 0, sizeof(Map))
        memset(&self.pts, 0, sizeof(Map))
        memset(&self.names, 0, sizeof(Map))

    def __init__(self):
        self._reset()

    def __dealloc__(self):
        free(self.buf)
        self._free_tables()

    cdef void _free_tables(self) noexcept:
        """Free the player table and the three maps (their fields are left dangling)."""
        free(self.table)
        free(self.hf.keys)
        free(self.hf.vals)
        free(self.pts.keys)
        free(self.pts.vals)
        free(self.names.keys)
        free(self.names.vals)

    cdef int _reset(self) except -1:
        self._free_tables()
        self.table = NULL
        memset(&self.hf, 0, sizeof(Map))  # empty (no slots) until map_init succeeds
        memset(&self.pts, 0, sizeof(Map))
        memset(&self.names, 0, sizeof(Map))
        memset(self.ints, 0, sizeof(self.ints))
        memset(self.draws, 0, sizeof(self.draws))
        memset(self.yaku, 0, sizeof(self.yaku))
        memset(self.waits, 0, sizeof(self.waits))
        self.n_ids = 0
        self.cap_ids = 0
        self.ids = {}
        self.keys = []
        map_init(&self.hf, 64)
        map_init(&self.pts, 64)
        map_init(&self.names, 64)
        return 0

    cdef Py_ssize_t _player(self, object key) except -1:
        """The id of a player key (a new zero row for a new one)."""
        cdef PyObject* found = PyDict_GetItem(self.ids, key)
        cdef Py_ssize_t cap
        cdef int64_t* grown
        if found != NULL:
            return <Py_ssize_t><object>found
        if self.n_ids == self.cap_ids:
            cap = 2 * self.cap_ids if self.cap_ids else 64
            grown = <int64_t*>realloc(self.table, cap * NCOL * sizeof(int64_t))
            if grown == NULL:
                raise MemoryError()
            self.table = grown
            self.cap_ids = cap
        memset(self.table + self.n_ids * NCOL, 0, NCOL * sizeof(int64_t))
        PyDict_SetItem(self.ids, key, self.n_ids)
        self.keys.append(key)
        self.n_ids += 1
        return self.n_ids - 1

    cdef Py_ssize_t _name(self, const char* p, Py_ssize_t n) except -1:
        """The id of the player whose raw name is the ``n`` bytes at ``p``: found by the hash
        of the bytes (checked against the key it stands for), else through :meth:`_player`
        (a bytes object made only then)."""
        cdef int64_t h = _name_hash(p, n)
        cdef int64_t hit = map_get(&self.names, h)
        cdef Py_ssize_t pid
        cdef object key
        if hit:
            key = (<list>self.keys)[hit - 1]
            if PyBytes_GET_SIZE(key) == n and memcmp(PyBytes_AS_STRING(key), p, n) == 0:
                return hit - 1
        pid = self._player(PyBytes_FromStringAndSize(p, n))
        if not hit:  # (a hash two names share keeps the first: the other goes through the dict)
            map_add(&self.names, h, pid + 1)
        return pid

    def add(self, data, rows, end):
        """Fold ``rows[:end]``, the rows of one game read from ``data`` (its players' names
        are sliced from ``data`` at the offsets of the game row, the last one)."""
        cdef const int32_t[:, ::1] rv
        if type(data) is not bytes:
            raise RiichiError(f"data must be bytes, got {type(data).__name__}")
        if rows is not self.rows_obj:  # the same array as last time: its view is kept
            try:
                rv = rows
            except (TypeError, ValueError):
                rv = None
            if rv is None or rv.shape[1] != WIDTH:
                raise RiichiError(f"rows must be a C-contiguous int32 array of {WIDTH} columns, "
                                  f"got {rows!r:.60}")
            self.rows_view = rv
            self.rows_obj = rows
        if type(end) is not int or not 0 < end <= self.rows_view.shape[0]:
            raise RiichiError(f"end must be an int in 1-{self.rows_view.shape[0]}, got {end!r}")
        self._add(data, self.rows_view, end)

    cdef int _add(self, bytes data, const int32_t[:, ::1] rows, Py_ssize_t end) except -1:
        cdef const int32_t* g
        cdef Py_ssize_t size, off, ln
        cdef int n, s
        cdef Py_ssize_t pid[4]
        cdef const char* base
        g = &rows[end - 1, 0]
        _check_rows(&rows[0, 0], end)
        n = g[2]
        size = PyBytes_GET_SIZE(data)
        if g[9] >= 0:
            for s in range(n):
                off = g[8 + 2 * s]
                ln = g[9 + 2 * s]
                if off < 0 or ln < 0 or off + ln > size:
                    raise RiichiError(f"row {end - 1}: name {s} at {off}+{ln} is outside the "
                                      f"{size} bytes of the record")
        # the players
        base = PyBytes_AS_STRING(data)
        for s in range(4):
            if s >= n:
                pid[s] = -1
            elif g[9] < 0:
                pid[s] = self._player(_SEAT_KEYS[s])
            else:
                pid[s] = self._name(base + g[8 + 2 * s], g[9 + 2 * s])
        self._count(&rows[0, 0], end, pid)
        return 0

    def add_game(self, game, score, digest):
        """Fold one game read by the full reader (a :class:`riichi_fast.records.Game`) as
        :meth:`riichi_fast.stats.Stats.add_game` counts it, the wait shape of each win (and
        its score when the record carries none) from ``score(win, n, digest)`` (the compiled
        ``records._verify.win_score`` or its twin).  Returns the number of wins re-scored
        (``Stats.wins_rescored``), or -1 when this path declines the game (anything unusual,
        a hand ``score`` does not answer): then nothing is counted and ``Stats.add_game``
        counts it in Python."""
        cdef Py_ssize_t pid[4]
        cdef list names = []
        cdef int rescored, s
        rescored = self._model_rows(game, score, digest, names)
        if rescored < 0:
            return -1
        _check_rows(self.buf, self.buf_n)
        for s in range(4):
            pid[s] = self._player(names[s]) if s < len(names) else -1
        self._count(self.buf, self.buf_n, pid)
        return rescored

    cdef int32_t* _row(self) except NULL:
        """The next row of the model buffer (zeroed), grown as needed."""
        cdef int32_t* grown
        cdef Py_ssize_t cap
        if self.buf_n == self.buf_cap:
            cap = 2 * self.buf_cap if self.buf_cap else 256
            grown = <int32_t*>realloc(self.buf, cap * WIDTH * sizeof(int32_t))
            if grown == NULL:
                raise MemoryError()
            self.buf = grown
            self.buf_cap = cap
        self.buf_n += 1
        memset(self.buf + (self.buf_n - 1) * WIDTH, 0, WIDTH * sizeof(int32_t))
        return self.buf + (self.buf_n - 1) * WIDTH

    cdef int _model_rows(self, object game, object score, object digest, list names) except -2:
        """The rows of a read game into the model buffer, its players' keys into ``names``;
        the number of re-scored wins, or -1 (declined: the Python path counts it)."""
        cdef int n, s, nw, riichi, called, staked, kind, rescored = 0, top, r, k
        cdef int64_t v
        cdef int64_t scores[4]
        cdef int stakes[4]
        cdef int32_t* row
        cdef Py_ssize_t ri, nr
        cdef object players, rounds, rnd, events, ev, m, mt, wins, win, draw, x
        self.buf_n = 0
        x = game.rules.three_player
        if x is True:
            n = 3
        elif x is False:
            n = 4
        else:
            return -1
        players = game.players
        if type(players) is not tuple:
            return -1
        for s in range(n):
            x = (<tuple>players)[s] if s < len(<tuple>players) else _SEAT_KEYS[s]
            if type(x) is not str:
                return -1
            names.append(x)
        rounds = game.rounds
        if type(rounds) is not list or len(<list>rounds) == 0:
            return -1
        nr = len(<list>rounds)
        for ri in range(nr):
            rnd = (<list>rounds)[ri]
            riichi = called = staked = 0
            stakes[0] = stakes[1] = stakes[2] = stakes[3] = 0
            events = rnd.events
            if type(events) is not list:
                return -1
            for ev in <list>events:
                if _memo[_memo_slot(<PyObject*>ev)] != NULL:
                    continue  # a draw or a discard seen before
                k = _event_kind(ev.type)
                if k == EV_DRAW_DISCARD:
                    _remember(ev)
                    continue
                if k != EV_OTHER:
                    x = ev.seat
                    if x is None:
                        v = -1
                    elif type(x) is not int:
                        return -1
                    else:
                        v = _ival(x, -1, 3)
                    if k == EV_RIICHI:
                        if 0 <= v < n:
                            riichi |= 1 << v
                    elif k == EV_CALL:
                        m = ev.meld
                        if m is None:
                            continue
                        mt = m.type
                        if mt is _CHI or mt is _PON or mt is _DAIMINKAN:
                            if 0 <= v < n:
                                called |= 1 << v
                        elif not (mt is _ANKAN or mt is _SHOUMINKAN or mt is _KITA):
                            return -1
                    elif ri == nr - 1:  # a stake paid in the last hand (its final scores)
                        if not 0 <= v < n:
                            return -1
                        stakes[v] += 1
                        staked += 1
            wins = rnd.wins
            if type(wins) is not list or len(<list>wins) > 3:
                return -1
            nw = len(<list>wins)
            for win in <list>wins:
                r = self._win_row(win, n, score, digest)
                if r < 0:
                    return -1
                rescored += r
            draw = rnd.draw
            if draw is None:
                kind = -1
            else:
                x = _DRAW_INDEX.get(draw.kind)
                if x is None:
                    return -1
                kind = x
            if ri == nr - 1:
                # final scores: the last hand's start less its stakes, plus its settlement;
                # sticks left on the table (no win) to the first place
                if _ints(rnd.scores, n, scores) < 0:
                    return -1
                for s in range(n):
                    scores[s] -= 1000 * stakes[s]
                for win in <list>wins:
                    if _add_changes(win.recorded.score_changes, n, scores) < 0:
                        return -1
                if draw is not None and _add_changes(draw.score_changes, n, scores) < 0:
                    return -1
                if nw == 0:
                    x = rnd.riichi_sticks
                    if type(x) is not int:
                        return -1
                    v = _ival(x, 0, 100000)
                    if v < 0:
                        return -1
                    v += staked
                    if v:
                        top = 0
                        for s in range(1, n):
                            if scores[s] > scores[top]:
                                top = s
                        scores[top] += 1000 * v
            row = self._row()
            row[0] = 1
            row[2] = riichi
            row[3] = called
            row[4] = nw
            row[5] = kind
        for s in range(n):
            if not -1000000000 <= scores[s] <= 1000000000:
                return -1
        row = self._row()
        row[0] = 3
        row[2] = n
        for s in range(n):
            row[3 + s] = <int32_t>scores[s]
        row[7] = <int32_t>nr
        row[9] = -1  # no names in a record's bytes: the players are given
        return rescored

    cdef int _win_row(self, object win, int n, object score, object digest) except -2:
        """The row of one win (1 when re-scored, 0 when counted as recorded), -1: declined."""
        cdef int yakuman, i
        cdef int64_t v, points, winner, disc, pao, wait, han, fu, limit
        cdef int64_t cnt[3]
        cdef uint64_t mask = 0
        cdef int rescored = 0
        cdef int32_t* row
        cdef object rec, x, item, sc, yk, yaku
        winner = _ival(win.winner, 0, n - 1)
        if winner < 0:
            return -1
        x = win.discarder
        disc = -1 if x is None else _ival(x, 0, n - 1)
        if x is not None and disc < 0:
            return -1
        rec = win.recorded
        x = rec.pao
        pao = -1 if x is None else _ival(x, 0, n - 1)
        if x is not None and pao < 0:
            return -1
        sc = score(win, n, digest)
        if type(sc) is not tuple or len(<tuple>sc) != 10:
            return -1
        wait = _ival((<tuple>sc)[0], -1, 4)
        if wait < -1:
            return -1
        yk = rec.yakuman
        yaku = rec.yaku
        if type(yk) is not tuple or type(yaku) is not tuple:
            return -1
        if rec.han is None and rec.points is None and len(<tuple>yk) == 0:
            # the record carries no score (mjai without yaku lists): the scorer's
            rescored = 1
            yakuman = (<tuple>sc)[6] is True
            han = _ival((<tuple>sc)[1], 0, MAX_HAN)
            fu = _ival((<tuple>sc)[2], 0, MAX_FU)
            points = _ival((<tuple>sc)[3], -1000000000, 1000000000)
            limit = _ival((<tuple>sc)[4], 0, 5)
            x = (<tuple>sc)[5]
            if type(x) is not int or not 0 <= x < 2 ** 64:
                return -1
            mask = x
            for i in range(3):
                cnt[i] = _ival((<tuple>sc)[7 + i], 0, 1000)
            if han < 0 or fu < 0 or points < -1000000000 or limit < 0 or cnt[0] < 0 or cnt[1] < 0 \
                    or cnt[2] < 0:
                return -1
        else:
            yakuman = len(<tuple>yk) > 0
            for x in <tuple>yk:
                v = _ival(x, 0, 63)
                if v < 0:
                    return -1
                mask |= (<uint64_t>1) << v
            for item in <tuple>yaku:
                if type(item) is not tuple or len(<tuple>item) != 2:
                    return -1
                v = _ival((<tuple>item)[0], 0, 63)
                if v < 0:
                    return -1
                mask |= (<uint64_t>1) << v
            cnt[0] = _count_of(rec.dora)
            cnt[1] = _count_of(rec.ura)
            cnt[2] = _count_of(rec.aka)
            if cnt[0] == BAD or cnt[1] == BAD or cnt[2] == BAD:
                return -1
            x = rec.points
            if x is None:
                return -1
            points = _ival(x, -1000000000, 1000000000)
            if points < -1000000000:
                return -1
            han = fu = limit = 0
            if not yakuman:
                han = _ival(rec.han, 0, MAX_HAN)
                x = rec.fu
                fu = -1 if x is None else _ival(x, 0, MAX_FU)
                if han < 0 or fu < -1:
                    return -1
                x = rec.limit
                limit = _limit_code(han, fu) if x is None else _ival(x, 0, 5)
                if limit < 0:
                    return -1
        row = self._row()
        row[0] = 2
        row[2] = winner
        row[3] = disc
        if yakuman:
            row[4] = -1
            row[7] = 5
            row[11] = 1
        else:
            row[4] = han
            row[5] = fu
            row[7] = limit
        row[6] = <int32_t>points
        row[8] = pao
        row[9] = <int32_t>(<uint32_t>(mask & 0xFFFFFFFFu))
        row[10] = <int32_t>(<uint32_t>(mask >> 32))
        row[12] = cnt[0] != 0
        row[13] = cnt[1] != 0
        row[14] = cnt[2] != 0
        row[15] = wait
        return rescored

    cdef int _count(self, const int32_t* rows, Py_ssize_t end, Py_ssize_t* pid) except -1:
        """Count the checked rows of one game, its players' ids in pid."""
        cdef const int32_t* r
        cdef const int32_t* g = rows + (end - 1) * WIDTH
        cdef Py_ssize_t i
        cdef int n = g[2], s, t, v, place
        cdef int64_t* p
        cdef int64_t points
        cdef uint32_t lo, hi
        for i in range(end - 1):
            r = rows + i * WIDTH
            if r[0] == 1:
                self.ints[1] += 1
                if r[4] > 1:
                    self.ints[5] += 1
                if r[5] >= 0:
                    self.draws[r[5]] += 1
                for s in range(n):
                    p = self.table + pid[s] * NCOL
                    p[1] += 1
                    p[2] += (r[2] >> s) & 1
                    p[3] += (r[3] >> s) & 1
                continue
            points = r[6]
            self.ints[2] += 1
            p = self.table + pid[r[2]] * NCOL
            p[4] += 1
            p[8] += points
            p[9] += 1
            if r[3] < 0:
                self.ints[3] += 1
                p[5] += 1
            else:
                self.ints[4] += 1
                p[6] += 1
                p = self.table + pid[r[3]] * NCOL
                p[7] += 1
                p[10] += points
                p[11] += 1
            if r[8] >= 0:
                self.ints[6] += 1
                self.table[pid[r[8]] * NCOL + 12] += 1
            lo = <uint32_t>r[9]
            hi = <uint32_t>r[10]
            while lo:  # each set bit: a yaku id
                self.yaku[rf_ctz32(lo)] += 1
                lo &= lo - 1
            while hi:
                self.yaku[32 + rf_ctz32(hi)] += 1
                hi &= hi - 1
            self.yaku[64] += r[12] != 0
            self.yaku[65] += r[13] != 0
            self.yaku[66] += r[14] != 0
            if r[11] != 0:
                self.ints[7] += 1
            else:
                map_add(&self.hf, (<int64_t>r[7] << 40) | (<int64_t>r[4] << 20) | (r[5] + 1), 1)
            map_add(&self.pts, <int64_t>(<uint32_t>r[6]), 1)
            self.waits[r[15] + 1] += 1
        # the game: final scores and placements (ties to the earlier seat)
        self.ints[0] += 1
        for s in range(n):
            v = g[3 + s]
            place = 1
            for t in range(n):
                if g[3 + t] > v or (t < s and g[3 + t] == v):
                    place += 1
            p = self.table + pid[s] * NCOL
            p[0] += 1
            p[13] += place
            p[14] += v
            p[14 + place] += 1
        return 0

    def take(self):
        """The totals so far, and start again from zero: ``(corpus, draws, yaku, waits, han_fu,
        points, keys, table)`` -- ``corpus`` the counters :data:`CORPUS_KEYS`; ``draws`` by
        kind 0-6; ``yaku`` wins per id 0-63 then wins with dora, ura, red; ``waits`` by shape
        -1-4; ``han_fu`` sorted ``(limit, han, fu, wins)`` of the non-yakuman wins;
        ``points`` sorted ``(points, wins)``; ``keys[i]`` the player (raw name bytes, or a
        ``seat i`` str) whose counters (:data:`PLAYER_KEYS`, then places 1-4) are
        ``table[i]`` (int64)."""
        cdef Py_ssize_t i, k
        cdef list hf = []
        cdef list pts = []
        for k, v in map_items(&self.hf):
            hf.append((k >> 40, (k >> 20) & 0xFFFFF, (k & 0xFFFFF) - 1, v))  # fu -1: not recorded
        for k, v in map_items(&self.pts):
            pts.append((<int32_t>(<uint32_t>k), v))
        pts.sort()
        table = np.empty((self.n_ids, NCOL), dtype=np.int64)
        cdef int64_t[:, ::1] t = table
        for i in range(self.n_ids):
            for k in range(NCOL):
                t[i, k] = self.table[i * NCOL + k]
        out = ([self.ints[i] for i in range(NINT)], [self.draws[i] for i in range(7)],
               [self.yaku[i] for i in range(NYAKU)], [self.waits[i] for i in range(NWAIT)],
               hf, pts, self.keys, table)
        self._reset()
        return out

    def take_into(self, stats):
        """Add the totals so far into ``stats`` (a :class:`riichi_fast.stats.Stats`) and start
        again from zero; the players as one ``(keys, table)`` entry of ``stats._pending``."""
        cdef Py_ssize_t i, j
        cdef int64_t n, k
        if not isinstance(stats, Counts):
            raise RiichiError(f"stats must be a riichi_fast.stats.Stats, got {type(stats).__name__}")
        if self.ints[0] == 0:
            self._reset()
            return None
        draws = _counter(stats, "draws")
        yaku = _counter(stats, "yaku")
        waits = _counter(stats, "waits")
        han = _counter(stats, "han")
        fu = _counter(stats, "fu")
        han_fu = _counter(stats, "han_fu")
        limit = _counter(stats, "limit")
        points = _counter(stats, "points")
        pending = stats._pending
        stats.games += self.ints[0]
        stats.hands += self.ints[1]
        stats.wins += self.ints[2]
        stats.tsumo += self.ints[3]
        stats.ron += self.ints[4]
        stats.multi_ron += self.ints[5]
        stats.pao += self.ints[6]
        for i in range(7):
            _bump(draws, _DRAWS[i], self.draws[i])
        for i in range(NYAKU):
            _bump(yaku, _YAKU[i], self.yaku[i])
        for i in range(NWAIT):
            _bump(waits, _WAITS[i], self.waits[i])
        _bump(han, "yakuman", self.ints[7])
        _bump(limit, "yakuman", self.ints[7])
        for j in range(self.hf.cap):
            k = self.hf.keys[j]
            if k == -1:
                continue
            n = self.hf.vals[j]
            names = _HAN_FU.get(k)
            if names is None:
                h, f = (k >> 20) & 0xFFFFF, (k & 0xFFFFF) - 1
                names = _HAN_FU[k] = (str(h), str(f), f"{h},{f}", _LIMITS[k >> 40]) if f >= 0 \
                    else (str(h), None, None, _LIMITS[k >> 40])  # fu not recorded
            _bump(han, (<tuple>names)[0], n)
            if (<tuple>names)[1] is not None:
                _bump(fu, (<tuple>names)[1], n)
                _bump(han_fu, (<tuple>names)[2], n)
            _bump(limit, (<tuple>names)[3], n)
        for j in range(self.pts.cap):
            k = self.pts.keys[j]
            if k == -1:
                continue
            key = _POINTS.get(k)
            if key is None:
                key = _POINTS[k] = str(<int32_t>(<uint32_t>k))
            _bump(points, key, self.pts.vals[j])
        table = np.empty((self.n_ids, NCOL), dtype=np.int64)
        cdef int64_t[:, ::1] t = table
        for i in range(self.n_ids):
            for j in range(NCOL):
                t[i, j] = self.table[i * NCOL + j]
        pending.append((self.keys, table))
        self._reset()
        return None
