# Observation planes and legal-action masks in compiled code (the twin of riichi_fast/engine/encode.py).
#
# encode.py's _fill (an Observation's planes), _fill_table (a table's planes for one seat, no Observation
# made) and _mask_map (the mask and {index: action} of a list of legal actions) are the specification;
# these functions write the same float32 values into the same arrays (tests/engine/test_encode.py
# compares them on every decision of seeded games).  The table is read through its public attributes
# (Table and CTable alike): the planes are written through typed memoryviews, one C store per value,
# instead of one numpy item assignment per value.
#
# Plane layout: encode.py's module doc.  Seats are relative to the observer, r = (seat - me) mod n.

from libc.stdint cimport uint8_t

from riichi_fast.engine._actions cimport N_ACTIONS, Act, c_act_from, c_index_of, c_is_red

import numpy as np

from riichi_fast.engine.types import Action, EngineError, Observation

__all__ = ["TableCache", "fill_observation", "fill_table", "index_of", "mask_map", "observe"]

cdef enum:
    HAND = 0
    DRAWN = 4
    RED = 5
    CLAIMED = 6
    SEATS = 7
    DORA = 39
    RIICHI = 40
    SCORES = 44
    ROUND = 48
    WIND = 49
    HONBA = 50
    STICKS = 51
    LEFT = 52
    DEALER = 53
    CLAIM = 54
    SIZES = 55
    N_PLANES = 59

cdef inline bint _red(int tile, const uint8_t* red) noexcept:
    return c_is_red(red, tile)


cdef int _reds(uint8_t* red, object red_seq) except -1:
    cdef int k
    if len(red_seq) != 34:
        raise EngineError(f"red: expected 34 counts, got {len(red_seq)}")
    for k in range(34):
        red[k] = red_seq[k]
    return 0


cdef int _index_of(object action, const uint8_t* red) except -1:
    cdef Act act
    c_act_from(action, &act)
    return c_index_of(&act, red)


def index_of(action, red):
    """The index of ``action`` in the action space (``red``: 34 red-copy counts), as env.index_of.

    >>> from riichi_fast import Rules
    >>> from riichi_fast.engine import Action
    >>> index_of(Action("discard", 0, 16), Rules.preset("tenhou").red_fives)
    38
    """
    cdef uint8_t r[34]
    _reds(r, red)
    return _index_of(action, r)


cdef dict _mask_into(object actions, const uint8_t* red, unsigned char[::1] mask):
    cdef int i
    mask[:] = 0
    out = {}
    for a in actions:
        if isinstance(a, Action):
            i = _index_of(a, red)
        elif isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_)):
            if not 0 <= a < N_ACTIONS:
                raise EngineError(f"action index {a} is out of range 0-{N_ACTIONS - 1}")
            i = a
        else:
            raise EngineError(f"an action is an Action or an index 0-{N_ACTIONS - 1}, got {a!r}")
        mask[i] = 1
        if i not in out:
            out[i] = a
    return out


def mask_map(actions, red, unsigned char[::1] mask):
    """Zero ``mask`` (uint8, ``N_ACTIONS``), set the index of every action; returns ``{index: first action}``.

    >>> import numpy as np
    >>> from riichi_fast import Rules
    >>> from riichi_fast.engine.actions import N_ACTIONS
    >>> m = np.ones(N_ACTIONS, dtype=np.uint8)
    >>> mask_map([137, 138, 137], Rules().red_fives, m), int(m.sum())
    ({137: 137, 138: 138}, 2)
    """
    cdef uint8_t r[34]
    _reds(r, red)
    return _mask_into(actions, r, mask)


cdef inline void _const(float[:, ::1] x, int plane, float v) noexcept:
    cdef int k
    for k in range(34):
        x[plane, k] = v


cdef void _hand(float[:, ::1] x, object closed, const uint8_t* red) except *:
    cdef int counts[34]
    cdef int k, j, t
    for k in range(34):
        counts[k] = 0
    for t in closed:
        k = t >> 2
        counts[k] += 1
        if _red(t, red):
            x[RED, k] += 1
    for k in range(34):
        for j in range(counts[k] if counts[k] < 4 else 4):
            x[HAND + j, k] = 1


cdef int _fill_seats(object table, int me, int n, float[:, ::1] x, const uint8_t* r) except -1:
    """The per-seat planes from the table's ``seats`` snapshot (any table)."""
    cdef int s, rel, base
    seats = table.seats
    scores = table.scores
    _hand(x, seats[me].closed, r)
    for s in range(n):
        seat = seats[s]
        rel = (s - me + n) % n
        base = SEATS + 8 * rel
        _river_rows(x, base, seat.river, seat.called_from_river, seat.riichi_at)
        for m in seat.melds:
            for t in m.tiles:
                x[base + 7, (<int>t) >> 2] += 1
        _const(x, RIICHI + rel, <float>((2 if seat.riichi_accepted else 1 if seat.riichi_at is not None else 0) * 0.5))
        _const(x, SCORES + rel, <float>(scores[s] / 100000.0))
        _const(x, SIZES + rel, <float>(len(seat.closed) / 14.0))
    return 0


def fill_observation(obs, red, float[:, ::1] x):
    """Write ``obs``'s planes into the zeroed ``(N_PLANES, 34)`` float32 array ``x`` (encode.py's ``_fill``)."""
    cdef uint8_t r[34]
    cdef int n, me, s, rel, base, i, k
    _reds(r, red)
    if x.shape[0] != N_PLANES or x.shape[1] != 34:
        raise EngineError(f"planes: expected shape ({N_PLANES}, 34), got ({x.shape[0]}, {x.shape[1]})")
    n = len(obs.scores)
    me = obs.seat
    _hand(x, obs.hand, r)
    if obs.drawn is not None:
        x[DRAWN, (<int>obs.drawn) >> 2] = 1
    if obs.last_discard is not None:
        x[CLAIMED, (<int>obs.last_discard[1]) >> 2] = 1
    for s in range(n):
        rel = (s - me + n) % n
        base = SEATS + 8 * rel
        i = 0
        for tile, tsumogiri, called, riichi in obs.rivers[s]:
            k = (<int>tile) >> 2
            x[base + (i // 6 if i < 18 else 3), k] += 1
            if tsumogiri:
                x[base + 4, k] += 1
            if riichi:
                x[base + 5, k] = 1
            if called:
                x[base + 6, k] += 1
            i += 1
        for _type, tiles, _called, _from in obs.melds[s]:
            for t in tiles:
                x[base + 7, (<int>t) >> 2] += 1
        _const(x, RIICHI + rel, <float>(obs.riichi[s] * 0.5))
        _const(x, SCORES + rel, <float>(obs.scores[s] / 100000.0))
        _const(x, SIZES + rel, <float>(obs.hand_sizes[s] / 14.0))
    for t in obs.dora_indicators:
        x[DORA, (<int>t) >> 2] += 1
    x[ROUND, 27 + <int>obs.round_wind] = 1
    x[WIND, 27 + <int>obs.seat_wind] = 1
    _const(x, HONBA, <float>(obs.honba / 10.0))
    _const(x, STICKS, <float>(obs.riichi_sticks / 10.0))
    _const(x, LEFT, <float>(obs.tiles_left / 70.0))
    _const(x, DEALER, 1.0 if obs.dealer == me else 0.0)
    _const(x, CLAIM, 1.0 if obs.phase in ("claim", "chankan") else 0.0)


cdef class TableCache:
    """What :func:`fill_table` keeps of one table between calls: each seat's melds (as meld tile kinds),
    its river indices taken by calls, and its riichi (river index, accepted).

    They are read from ``table.seats`` (a snapshot whose Meld objects cost most of a write) only when
    they may have changed: after :meth:`invalidate` (a new hand), after :meth:`riichi_declared` (the
    step declared a riichi) and while a riichi waits to be accepted, when the riichi sticks on the
    table changed (a riichi accepted), or when the tiles held in melds changed.  That count needs
    no snapshot: every tile dealt or drawn is closed, in a river (a called discard stays in its
    river) or taken from a hand into a meld or kita, so the melds hold
    ``13 n + live draws + rinshan draws - closed - river`` tiles from the hands, and every call, kan
    (added kan included) and kita raises it.  :class:`~riichi_fast.engine.Env` keeps one per table
    and tells it of new hands and riichi declarations.
    """

    cdef int total, sticks
    cdef bint riichi_check
    cdef list meld_kinds, called, riichi_at, accepted, melds_obs, kita

    def __init__(self):
        self.invalidate()

    def invalidate(self):
        """Forget everything (call it when the table starts a new hand)."""
        self.total = -1
        self.riichi_check = True

    def riichi_declared(self):
        """The last step declared a riichi: read the riichi state again."""
        self.riichi_check = True

    cdef int refresh(self, object table, int n) except -1:
        cdef int s
        seats = table.seats
        self.meld_kinds = []
        self.called = []
        self.riichi_at = []
        self.accepted = []
        self.melds_obs = []
        self.kita = []
        self.riichi_check = False
        for s in range(n):
            seat = seats[s]
            self.meld_kinds.append([(<int>t) >> 2 for m in seat.melds for t in m.tiles])
            self.melds_obs.append(tuple([(m.type.name.lower(), tuple(m.tiles), m.called, m.from_seat)
                                         for m in seat.melds]))
            self.kita.append(seat.kita)
            self.called.append(seat.called_from_river)
            self.riichi_at.append(seat.riichi_at)
            self.accepted.append(seat.riichi_accepted)
            if seat.riichi_at is not None and not seat.riichi_accepted:
                self.riichi_check = True
        return 0


cdef void _river_rows(float[:, ::1] x, int base, object river, object called, object riichi_at) except *:
    cdef int i = 0, k, rat = -1 if riichi_at is None else riichi_at
    for tile, tsumogiri in river:
        k = (<int>tile) >> 2
        x[base + (i // 6 if i < 18 else 3), k] += 1
        if tsumogiri:
            x[base + 4, k] += 1
        if i == rat:
            x[base + 5, k] = 1
        if called and i in called:
            x[base + 6, k] += 1
        i += 1


cdef int _sync(TableCache cache, object table, int n, list rivers, list closed) except -1:
    """Read the seats snapshot into ``cache`` if what it keeps may have changed (see TableCache)."""
    cdef int s, total = 13 * n + table.n_live_drawn + table.n_rinshan_drawn
    cdef int sticks = table.sticks
    for s in range(n):
        total -= len(rivers[s]) + len(closed[s])
    if total != cache.total or sticks != cache.sticks or cache.riichi_check:
        cache.refresh(table, n)
        cache.total = total
        cache.sticks = sticks
    return 0


def observe(table, int me, TableCache cache):
    """Seat ``me``'s :class:`~riichi_fast.engine.Observation` of a CTable in play, read through its cheap
    accessors and ``cache`` (the same object as env.py's ``_observe``, its twin)."""
    cdef int n = table.n, s, i
    rivers = [table.river_of(s) for s in range(n)]
    closed = [table.closed_ids(s) for s in range(n)]
    _sync(cache, table, n, rivers, closed)
    phase = table.phase
    drawn = table.drawn if (phase == "turn" and table.current == me) else None
    last = None
    if phase == "claim" or phase == "chankan":
        claim = table.claim
        last = (claim["from"], claim["tile"])
    out_rivers = []
    for s in range(n):
        called = cache.called[s]
        rat = cache.riichi_at[s]
        out_rivers.append(tuple([(tile, tsumogiri, i in called, i == rat)
                                 for i, (tile, tsumogiri) in enumerate(rivers[s])]))
    st = table.table
    return Observation(
        seat=me, hand=tuple(closed[me]), drawn=drawn, melds=tuple(cache.melds_obs), rivers=tuple(out_rivers),
        hand_sizes=tuple([len(c) for c in closed]), kita=tuple(cache.kita), dora_indicators=tuple(table.dora),
        scores=tuple(table.scores),
        riichi=tuple([2 if cache.accepted[s] else 1 if cache.riichi_at[s] is not None else 0 for s in range(n)]),
        round_wind=st.round_wind, kyoku=st.kyoku, honba=st.honba, riichi_sticks=table.sticks,
        tiles_left=table.tiles_left, dealer=st.dealer, seat_wind=st.seat_wind(me), last_discard=last, phase=phase)


cdef int _fill_cached(object table, int me, int n, float[:, ::1] x, const uint8_t* r, TableCache cache) except -1:
    """The per-seat planes of a CTable through its cheap accessors and the cache."""
    cdef int s, rel, base
    rivers = [table.river_of(s) for s in range(n)]
    closed = [table.closed_ids(s) for s in range(n)]
    _sync(cache, table, n, rivers, closed)
    scores = table.scores
    _hand(x, closed[me], r)
    for s in range(n):
        rel = (s - me + n) % n
        base = SEATS + 8 * rel
        _river_rows(x, base, rivers[s], cache.called[s], cache.riichi_at[s])
        for k in cache.meld_kinds[s]:
            x[base + 7, <int>k] += 1
        _const(x, RIICHI + rel, <float>((2 if cache.accepted[s] else 1 if cache.riichi_at[s] is not None else 0) * 0.5))
        _const(x, SCORES + rel, <float>(scores[s] / 100000.0))
        _const(x, SIZES + rel, <float>(len(closed[s]) / 14.0))
    return 0


def fill_table(table, int me, actions, red, float[:, ::1] x, unsigned char[::1] mask, TableCache cache=None):
    """Seat ``me``'s planes of ``table`` (a Table or CTable in play) into ``x`` (zeroed first), and the mask of
    ``actions`` (that seat's legal actions) into ``mask``; returns ``{index: first action}``
    (``actions`` None: ``mask`` is left alone, returns None, the claimed tile is the table's).

    The same values as ``fill_observation(Env.observation(me))`` (encode.py's ``_fill_table``), without
    the Observation: the claimed tile is the one the seat's claim actions name.  ``cache``: a
    :class:`TableCache` kept for this table (a CTable: ``closed_ids``, ``river_of``), else the table's
    ``seats`` snapshot is read.
    """
    cdef uint8_t r[34]
    cdef int n = table.n, s, rel, base, k
    _reds(r, red)
    if x.shape[0] != N_PLANES or x.shape[1] != 34:
        raise EngineError(f"planes: expected shape ({N_PLANES}, 34), got ({x.shape[0]}, {x.shape[1]})")
    out = None if actions is None else _mask_into(actions, r, mask)
    x[:, :] = 0
    phase = table.phase
    claiming = phase == "claim" or phase == "chankan"
    st = table.table
    if cache is not None:
        _fill_cached(table, me, n, x, r, cache)
    else:
        _fill_seats(table, me, n, x, r)
    if phase == "turn" and table.current == me:
        drawn = table.drawn
        if drawn is not None:
            x[DRAWN, (<int>drawn) >> 2] = 1
    if claiming:
        tile = None
        if actions is None:
            tile = table.claimed_tile if cache is not None else table.claim["tile"]
        else:
            for a in actions:
                if isinstance(a, Action) and a.tile is not None:
                    tile = a.tile
                    break
        if tile is None:
            tile = table.claim["tile"]
        x[CLAIMED, (<int>tile) >> 2] = 1
    for t in table.dora:
        x[DORA, (<int>t) >> 2] += 1
    x[ROUND, 27 + <int>st.round_wind] = 1
    x[WIND, 27 + <int>st.seat_wind(me)] = 1
    _const(x, HONBA, <float>(st.honba / 10.0))
    _const(x, STICKS, <float>(table.sticks / 10.0))
    _const(x, LEFT, <float>(table.tiles_left / 70.0))
    _const(x, DEALER, 1.0 if st.dealer == me else 0.0)
    _const(x, CLAIM, 1.0 if claiming else 0.0)
    return out
