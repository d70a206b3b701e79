# The state of one round being replayed, in C arrays.
#
# Twin of this module's functions: riichi_fast.reference.records.round.  RoundState's
# Python counterpart is riichi_fast.records.round_state.RoundReplay (the same steps on
# Python lists), which every reader runs wherever the C path declines.
# RoundState does what RoundReplay's draw / discard / call / riichi / dora steps do,
# in the same order, with the round's hands, flags and counters in C arrays; the
# Event objects it appends are those RoundReplay appends (draws and discards shared
# through round_state._DRAWS / _DISCARDS).  It never raises an error of its own: anything
# RoundReplay would refuse (a tile not in hand, a fifth tile, a kakan without a pon,
# a hand over HAND_CAP tiles) raises Decline, and the compiled reader then replays
# the round again through the Python twin, which gives the answer or the error.  At
# the end ``to_replay`` hands over a RoundReplay in the very state the twin's would be
# in, for the reader's Python result code (a win's situation, a draw).

from riichi_fast.enums import MeldType
from riichi_fast.records.round_state import _DISCARDS, _DRAWS, RoundReplay
from riichi_fast.records.model import Event, RecordedWin, RecordMeld, Round, Situation
import dataclasses
from cpython.object cimport PyObject_GenericSetAttr

__all__ = ["Decline"]


# The model's dataclasses built without their generated __init__ (a frozen one sets each
# field through object.__setattr__: ~2 us for an Event, a RecordMeld or a Round): the same
# fields in the instance's __dict__, equal in every respect.  The field lists are checked here
# once, so a change to records.model fails at import rather than building odd objects.
for _cls, _names in ((Event, ("type", "seat", "tile", "meld", "tsumogiri")),
                     (RecordMeld, ("type", "tiles", "called", "from_seat", "added", "code")),
                     (Round, ("index", "round_wind", "kyoku", "dealer", "honba", "riichi_sticks",
                              "scores", "dora_indicators", "initial_hands", "events", "wins",
                              "draw"))):
    if tuple(f.name for f in dataclasses.fields(_cls)) != _names or hasattr(_cls, "__post_init__"):
        raise ImportError(f"records.model.{_cls.__name__} changed: update records._round")
cdef object _onew = object.__new__


cdef object new_event(object type_, object seat, object tile, object meld, object tsumogiri):
    """``Event(type_, seat, tile, meld, tsumogiri)`` (the fields set as object.__setattr__
    sets them: in the instance's own storage, no dict made)."""
    ev = _onew(Event)
    PyObject_GenericSetAttr(ev, "type", type_)
    PyObject_GenericSetAttr(ev, "seat", seat)
    PyObject_GenericSetAttr(ev, "tile", tile)
    PyObject_GenericSetAttr(ev, "meld", meld)
    PyObject_GenericSetAttr(ev, "tsumogiri", tsumogiri)
    return ev


cdef object new_meld(object mtype, tuple tiles, object called, object from_seat, object added):
    """``RecordMeld(mtype, tiles, called, from_seat, added)``."""
    m = _onew(RecordMeld)
    PyObject_GenericSetAttr(m, "type", mtype)
    PyObject_GenericSetAttr(m, "tiles", tiles)
    PyObject_GenericSetAttr(m, "called", called)
    PyObject_GenericSetAttr(m, "from_seat", from_seat)
    PyObject_GenericSetAttr(m, "added", added)
    PyObject_GenericSetAttr(m, "code", None)
    return m


cdef object new_round(object index, object round_wind, object kyoku, object dealer, object honba,
                      object riichi_sticks, object scores, object dora_indicators,
                      object initial_hands):
    """``Round(index=..., ...)`` (no event, win or draw yet)."""
    r = _onew(Round)
    PyObject_GenericSetAttr(r, "index", index)
    PyObject_GenericSetAttr(r, "round_wind", round_wind)
    PyObject_GenericSetAttr(r, "kyoku", kyoku)
    PyObject_GenericSetAttr(r, "dealer", dealer)
    PyObject_GenericSetAttr(r, "honba", honba)
    PyObject_GenericSetAttr(r, "riichi_sticks", riichi_sticks)
    PyObject_GenericSetAttr(r, "scores", scores)
    PyObject_GenericSetAttr(r, "dora_indicators", dora_indicators)
    PyObject_GenericSetAttr(r, "initial_hands", initial_hands)
    PyObject_GenericSetAttr(r, "events", [])
    PyObject_GenericSetAttr(r, "wins", [])
    PyObject_GenericSetAttr(r, "draw", None)
    return r


class Decline(Exception):
    """The compiled replay leaves this round to the Python twin."""


cdef object _DECLINE = Decline
cdef list _DRAW_EV = [None] * (4 * 136)
cdef list _DISCARD_EV = [None] * (4 * 136 * 2)
cdef int _M_CHI = MeldType.CHI, _M_PON = MeldType.PON, _M_DAIMINKAN = MeldType.DAIMINKAN
cdef int _M_ANKAN = MeldType.ANKAN, _M_SHOUMINKAN = MeldType.SHOUMINKAN, _M_KITA = MeldType.KITA
cdef object _PON = MeldType.PON, _SHOUMINKAN = MeldType.SHOUMINKAN


cdef inline bint _five(int kind) noexcept:
    return kind == 4 or kind == 13 or kind == 22


cdef inline int _free(int used, int start) noexcept:
    """The lowest clear bit of ``used`` from bit ``start`` (0 or 1) to 3, or -1 (_FREE0/_FREE1)."""
    cdef int i
    for i in range(start, 4):
        if not (used >> i) & 1:
            return i
    return -1


cdef object _draw_event(int seat, int tile):
    """``Event("draw", seat, tile)``: the one of ``round_state._DRAWS`` (made and kept there once)."""
    cdef Py_ssize_t i = seat * 136 + tile
    ev = _DRAW_EV[i]
    if ev is None:
        key = (seat, tile)
        ev = _DRAWS.get(key)
        if ev is None:
            ev = _DRAWS[key] = new_event("draw", seat, tile, None, None)
        _DRAW_EV[i] = ev
    return ev


cdef object _discard_event(int seat, int tile, bint tsumogiri):
    cdef Py_ssize_t i = (seat * 136 + tile) * 2 + tsumogiri
    ev = _DISCARD_EV[i]
    if ev is None:
        key = (seat, tile, tsumogiri)
        ev = _DISCARDS.get(key)
        if ev is None:
            ev = _DISCARDS[key] = new_event("discard", seat, tile, None, tsumogiri)
        _DISCARD_EV[i] = ev
    return ev


cdef object new_plain_id(object ids, int kind, bint red_fives):
    """``TileIds.new(kind, False)`` on a Python ``TileIds`` (the readers' Python-side paths:
    starting hands, indicators); a fifth tile through it (its error)."""
    cdef list used = ids.used
    cdef long u = used[kind]
    cdef int i = _free(<int>u, 1 if red_fives and _five(kind) else 0) if 0 <= u < 16 else -1
    if i < 0:
        return ids.new(kind, False)  # raises "a fifth tile of kind ..."
    used[kind] = u | (1 << i)
    return 4 * kind + i


cdef RoundState new_state(int n, bint red_fives, object red_obj):
    """A RoundState of ``n`` seats, no id handed out: the caller deals the starting hands
    and indicators with ``new_id`` (TileIds.new), then ``begin(rnd)`` and ``add_tile``."""
    cdef RoundState s = RoundState.__new__(RoundState)
    cdef int i
    if n < 1 or n > 4:
        raise _DECLINE
    s.n = n
    s.red_fives = red_fives
    s.red_obj = red_obj
    s.three = n == 3
    s.melds = [[] for i in range(n)]
    s.max_draws = (108 if n == 3 else 136) - 14 - 13 * n
    s.last_type = LAST_NONE
    s.ld_seat = -1
    for i in range(34):
        s.used[i] = 0
    for i in range(4):
        s.hn[i] = 0
        s.discards[i] = 0
        s.riichi[i] = s.double_riichi[i] = s.ippatsu[i] = s.ippatsu_before_call[i] = False
        s.call_since_declare[i] = s.after_kan[i] = s.rinshan[i] = False
        s.last_draw[i] = -1
        s.stick_by[i] = 0
    return s


cdef class RoundState:

    cdef int begin(self, object rnd) except -1:
        """The round's events list and first indicator (RoundReplay.__init__)."""
        self.round = rnd
        self.events = rnd.events
        self.dora = list(rnd.dora_indicators)
        return 0

    cdef int new_id(self, int kind, bint red) except -1:
        """TileIds.new (Decline where it raises)."""
        cdef int u, i
        if kind < 0 or kind >= 34:
            raise _DECLINE
        u = self.used[kind]
        if red:
            if not self.red_fives or not _five(kind) or u & 1:
                raise _DECLINE
            self.used[kind] = u | 1
            return 4 * kind
        i = _free(u, 1 if self.red_fives and _five(kind) else 0)
        if i < 0:
            raise _DECLINE
        self.used[kind] = u | (1 << i)
        return 4 * kind + i

    cdef int find(self, int seat, int kind, int red) noexcept:
        """RoundReplay.find (``red`` -1 for None), -1 when no such tile is in hand."""
        cdef int i, t, red_id
        if red < 0:
            for i in range(self.hn[seat]):
                t = self.hand[seat][i]
                if t // 4 == kind:
                    return t
        elif not self.red_fives:
            if not red:
                for i in range(self.hn[seat]):
                    t = self.hand[seat][i]
                    if t // 4 == kind:
                        return t
        else:
            red_id = 16 if kind == 4 else 52 if kind == 13 else 88 if kind == 22 else -1
            for i in range(self.hn[seat]):
                t = self.hand[seat][i]
                if t // 4 == kind and (t == red_id) == (red != 0):
                    return t
        return -1

    cdef int add_tile(self, int seat, int tile) except -1:
        if self.hn[seat] >= HAND_CAP:
            raise _DECLINE
        self.hand[seat][self.hn[seat]] = tile
        self.hn[seat] += 1
        return 0

    cdef int remove_tile(self, int seat, int tile) except -1:
        """``hands[seat].remove(tile)`` (Decline when it is not there)."""
        cdef int i, j, m = self.hn[seat]
        for i in range(m):
            if self.hand[seat][i] == tile:
                for j in range(i, m - 1):
                    self.hand[seat][j] = self.hand[seat][j + 1]
                self.hn[seat] = m - 1
                return 0
        raise _DECLINE

    cdef int draw(self, int seat, int tile) except -1:
        self.n_draws += 1
        self.add_tile(seat, tile)
        self.last_draw[seat] = tile
        self.rinshan[seat] = self.after_kan[seat]
        self.after_kan[seat] = False
        self.last_type, self.last_seat, self.last_tile = LAST_DRAW, seat, tile
        self.events.append(_draw_event(seat, tile))
        return 0

    cdef int discard(self, int seat, int tile) except -1:
        cdef bint tsumogiri
        self.remove_tile(seat, tile)
        tsumogiri = tile == self.last_draw[seat]
        self.last_draw[seat] = -1
        if self.riichi[seat]:
            self.ippatsu[seat] = False
        self.discards[seat] += 1
        self.last_type, self.last_seat, self.last_tile = LAST_DISCARD, seat, tile
        self.ld_seat, self.ld_tile = seat, tile
        self.events.append(_discard_event(seat, tile, tsumogiri))
        return 0

    cdef int own_distinct(self, int seat, int k, const int *kinds, const int *reds,
                          int *out) except -1:
        """``_Round.own_distinct`` / ``_Reader.own_many``: ``k`` distinct tiles of these
        kinds (and redness, for the fives of a red game) from ``seat``'s hand, first
        match in hand order; ``reds[j]`` -1 when the redness does not matter."""
        cdef int copy[HAND_CAP]
        cdef int m = self.hn[seat], i, j, t, kind, c
        cdef bint strict, found
        for i in range(m):
            copy[i] = self.hand[seat][i]
        for j in range(k):
            kind = kinds[j]
            strict = self.red_fives and _five(kind) and reds[j] >= 0
            found = False
            for i in range(m):
                t = copy[i]
                if t // 4 == kind and (not strict or (t == 4 * kind) == (reds[j] != 0)):
                    out[j] = t
                    for c in range(i, m - 1):
                        copy[c] = copy[c + 1]
                    m -= 1
                    found = True
                    break
            if not found:
                raise _DECLINE
        return 0

    cdef int call(self, int who, object meld, int mtype, int called, int added,
                  tuple tiles) except -1:
        """RoundReplay.call of ``meld`` (its type, called tile or -1, added tile or -1 and
        sorted tiles given in C)."""
        cdef list melds = self.melds[who]
        cdef Py_ssize_t i
        cdef int t, kind
        cdef object m
        if mtype == _M_SHOUMINKAN:
            kind = min(tiles) // 4
            for i in range(len(melds)):
                m = melds[i]
                if m.type == _PON and m.kind == kind:
                    melds[i] = meld
                    break
            else:
                raise _DECLINE
            self.remove_tile(who, added)
        else:
            for i in range(len(tiles)):
                t = tiles[i]
                if t != called:
                    self.remove_tile(who, t)
            melds.append(meld)
        if mtype == _M_DAIMINKAN or mtype == _M_ANKAN or mtype == _M_SHOUMINKAN or mtype == _M_KITA:
            self.after_kan[who] = True
        for i in range(self.n):
            self.ippatsu_before_call[i] = self.ippatsu[i]
            self.ippatsu[i] = False
            self.call_since_declare[i] = True
        self.any_call = True
        self.last_draw[who] = -1
        self.last_seat = who
        if mtype == _M_SHOUMINKAN:
            self.last_type, self.last_tile = LAST_KAKAN, added
        elif mtype == _M_KITA:
            self.last_type, self.last_tile = LAST_KITA, tiles[0]
        elif mtype == _M_ANKAN:
            self.last_type = LAST_ANKAN
        else:
            self.last_type = LAST_CALL
        self.events.append(new_event("call", who, meld.called, meld, None))
        return 0

    cdef int kakan(self, int who, int added) except -1:
        """RoundReplay.call of an added kan: ``added`` (a tile ``who`` holds) onto their
        pon of its kind, which the new meld keeps the called tile and seat of (Decline
        without such a pon)."""
        cdef object m
        for m in <list>self.melds[who]:
            if m.type == _PON and m.kind == added // 4:
                break
        else:
            raise _DECLINE
        tiles = tuple(sorted(m.tiles + (added,)))
        return self.call(who, new_meld(_SHOUMINKAN, tiles, m.called, m.from_seat, added),
                         _M_SHOUMINKAN, -1, added, tiles)

    cdef int riichi_declared(self, int who) except -1:
        self.call_since_declare[who] = False
        self.double_riichi[who] = self.discards[who] == 0 and not self.any_call
        self.events.append(new_event("riichi", who, None, None, None))
        return 0

    cdef int riichi_accepted(self, int who) except -1:
        self.riichi[who] = True
        self.sticks_paid += 1
        self.stick_by[who] += 1
        self.ippatsu[who] = not self.call_since_declare[who]
        self.events.append(new_event("riichi_accepted", who, None, None, None))
        return 0

    cdef int reveal_dora(self, object tile) except -1:
        self.dora.append(tile)
        self.events.append(new_event("dora", None, tile, None, None))
        return 0

    cdef object win(self, object label, int who, object from_who, object recorded, object honba,
                    object sticks, object ura, int multi):
        """``RoundReplay.win(who, from_who, recorded, honba=honba, sticks=sticks, ura=ura)``
        with the replayed hand (closed, melds, win tile and dora not given) as the ``multi``-th
        win of the round (the twin's ``n_wins``), then ``remember_declared``: the RecordedWin,
        its Situation and the win Event built from this state, without a RoundReplay.
        ``from_who`` None or ``who``: tsumo.  Decline where the twin raises."""
        cdef bint tsumo = from_who is None or from_who == who, chankan, robbed, rinshan
        cdef bint first_turn, riichi, first = multi == 0, found = False
        cdef int win_tile, i, n = self.n, dealer
        cdef list replay
        if who < 0 or who >= n:
            raise _DECLINE
        rnd = self.round
        chankan = not tsumo and self.last_type == LAST_KAKAN
        robbed = not tsumo and self.last_type == LAST_KITA
        if tsumo:
            win_tile = self.last_draw[who]
            if win_tile < 0:
                raise _DECLINE
        elif self.last_type == LAST_KAKAN or self.last_type == LAST_KITA:
            win_tile = self.last_tile
        elif self.ld_seat < 0:
            raise _DECLINE
        else:
            win_tile = self.ld_tile
        replay = [self.hand[who][i] for i in range(self.hn[who])]
        if not tsumo:
            replay.append(win_tile)
        replay.sort()
        for i in range(len(replay)):
            if <int>replay[i] == win_tile:
                found = True
                break
        if not found:
            raise _DECLINE
        d_o = rnd.dealer
        if type(d_o) is not int or not 0 <= d_o < n:
            raise _DECLINE
        dealer = d_o
        rinshan = tsumo and self.rinshan[who]
        first_turn = self.discards[who] == 0 and not self.any_call
        riichi = self.riichi[who]
        situation = _onew(Situation)
        # the fields set as object.__setattr__ sets them (no instance dict made)
        PyObject_GenericSetAttr(situation, "tsumo", tsumo)
        PyObject_GenericSetAttr(situation, "riichi", riichi)
        PyObject_GenericSetAttr(situation, "double_riichi", riichi and self.double_riichi[who])
        # a robbed kakan (or kita) never happened: it does not break ippatsu
        PyObject_GenericSetAttr(situation, "ippatsu", riichi and (
            self.ippatsu_before_call[who] if chankan or robbed else self.ippatsu[who]))
        PyObject_GenericSetAttr(situation, "haitei",
                                tsumo and not rinshan and self.n_draws == self.max_draws)
        PyObject_GenericSetAttr(situation, "houtei", not tsumo and not chankan and not robbed
                                and self.n_draws == self.max_draws)
        PyObject_GenericSetAttr(situation, "rinshan", rinshan)
        PyObject_GenericSetAttr(situation, "chankan", chankan)
        PyObject_GenericSetAttr(situation, "tenhou", tsumo and first_turn and who == dealer)
        PyObject_GenericSetAttr(situation, "chiihou", tsumo and first_turn and who != dealer)
        PyObject_GenericSetAttr(situation, "seat_wind", (who - dealer + n) % n)
        PyObject_GenericSetAttr(situation, "round_wind", rnd.round_wind)
        PyObject_GenericSetAttr(situation, "dora_indicators", tuple(self.dora))
        PyObject_GenericSetAttr(situation, "ura_indicators", tuple(ura))
        PyObject_GenericSetAttr(situation, "honba", honba)
        PyObject_GenericSetAttr(situation, "riichi_sticks", sticks if first else 0)
        PyObject_GenericSetAttr(situation, "honba_paid", honba if first else 0)
        win = _onew(RecordedWin)
        PyObject_GenericSetAttr(win, "source", label)
        PyObject_GenericSetAttr(win, "round_index", rnd.index)
        PyObject_GenericSetAttr(win, "winner", who)
        PyObject_GenericSetAttr(win, "discarder", None if tsumo else from_who)
        PyObject_GenericSetAttr(win, "closed", tuple(replay))
        PyObject_GenericSetAttr(win, "melds", tuple(self.melds[who]))
        PyObject_GenericSetAttr(win, "win_tile", win_tile)
        PyObject_GenericSetAttr(win, "situation", situation)
        PyObject_GenericSetAttr(win, "recorded", recorded)
        PyObject_GenericSetAttr(win, "dealer", d_o)
        PyObject_GenericSetAttr(win, "red_fives", self.red_obj)
        PyObject_GenericSetAttr(win, "three_player", self.three)
        PyObject_GenericSetAttr(win, "multi_ron_index", multi)
        PyObject_GenericSetAttr(win, "ura_known", riichi)
        rnd.wins.append(win)
        self.events.append(new_event("win", who, win_tile, None, None))
        self.remember_declared()
        return win

    cdef int remember_declared(self) except -1:
        """``RoundReplay.remember_declared``."""
        rnd = self.round
        events = rnd.events
        rnd._declared_seats = (events, len(events),
                               tuple([p for p in range(self.n) if self.stick_by[p]]))
        return 0

    cdef object to_replay(self, object label):
        """A RoundReplay in the state this replay reached (what the twin's would hold)."""
        cdef int n = self.n, p, i
        rp = RoundReplay.__new__(RoundReplay)
        d = rp.__dict__
        d["round"] = self.round
        d["n"] = n
        d["label"] = label
        d["red_fives"] = self.red_obj
        d["three_player"] = self.three
        d["hands"] = [[self.hand[p][i] for i in range(self.hn[p])] for p in range(n)]
        d["melds"] = self.melds
        d["dora"] = self.dora
        d["n_draws"] = self.n_draws
        d["max_draws"] = self.max_draws
        d["discards"] = [self.discards[p] for p in range(n)]
        d["any_call"] = self.any_call
        d["riichi"] = [self.riichi[p] for p in range(n)]
        d["double_riichi"] = [self.double_riichi[p] for p in range(n)]
        d["ippatsu"] = [self.ippatsu[p] for p in range(n)]
        d["ippatsu_before_call"] = [self.ippatsu_before_call[p] for p in range(n)]
        d["call_since_declare"] = [self.call_since_declare[p] for p in range(n)]
        d["after_kan"] = [self.after_kan[p] for p in range(n)]
        d["last_draw_rinshan"] = [self.rinshan[p] for p in range(n)]
        d["last_draw"] = [None if self.last_draw[p] < 0 else self.last_draw[p] for p in range(n)]
        t = self.last_type
        if t == LAST_NONE:
            last = None
        elif t == LAST_DRAW:
            last = ("draw", self.last_seat, self.last_tile)
        elif t == LAST_DISCARD:
            last = ("discard", self.last_seat, self.last_tile)
        elif t == LAST_KAKAN:
            last = ("kakan", self.last_seat, self.last_tile)
        elif t == LAST_KITA:
            last = ("kita", self.last_seat, self.last_tile)
        elif t == LAST_ANKAN:
            last = ("ankan", self.last_seat, None)
        else:
            last = ("call", self.last_seat, None)
        d["last"] = last
        d["last_discard"] = None if self.ld_seat < 0 else (self.ld_seat, self.ld_tile)
        d["n_wins"] = 0
        d["sticks_paid"] = self.sticks_paid
        d["stick_by"] = [self.stick_by[p] for p in range(n)]
        return rp


# ---------------------------------------------------------------------------
# Two helpers of the verifier (twins: declared and score_data of
# riichi_fast.reference.records.round).

def declared(object events):
    """The seats of the ``riichi_accepted`` events of a round's ``events``, sorted (a tuple);
    None when ``events`` is not a list (the twin answers)."""
    cdef object seats = None, ev, t
    if type(events) is not list:
        return None
    for ev in <list>events:
        t = ev.type
        if t == "riichi_accepted":
            if seats is None:
                seats = set()
            seats.add(ev.seat)
    return () if seats is None else tuple(sorted(seats))


cdef object _ANKAN_T = MeldType.ANKAN, _KITA_T = MeldType.KITA


def score_data(tuple closed, tuple melds, tuple red):
    """``Hand._score_data()`` of a hand of these fields (80 bytes), for the tiles
    ``quick_hand`` checked (an id outside 0..135 or a fifth meld slot
    raises ValueError, as the twin's bytearray or ``red`` look-up would)."""
    cdef unsigned char buf[80]
    cdef int reds[34]
    cdef int k, t, n_red = 0, slot = 0, n_kita = 0, is_open = 0
    cdef Py_ssize_t i, j
    cdef object m, mtype
    cdef tuple tiles
    if len(red) != 34:
        raise ValueError("red counts of 34 kinds expected")
    for k in range(34):
        reds[k] = red[k]
    for i in range(80):
        buf[i] = 0
    for i in range(len(closed)):
        t = closed[i]
        if t < 0 or t > 135:
            raise ValueError(f"tile id {t}")
        k = t >> 2
        buf[k] += 1
        buf[46 + k] += 1
        if (t & 3) < reds[k]:
            n_red += 1
    for i in range(len(melds)):
        m = melds[i]
        tiles = m.tiles
        for j in range(len(tiles)):
            t = tiles[j]
            if t < 0 or t > 135:
                raise ValueError(f"tile id {t}")
            k = t >> 2
            buf[46 + k] += 1
            if (t & 3) < reds[k]:
                n_red += 1
        mtype = m.type
        if mtype == _KITA_T:
            n_kita += 1
        else:
            if slot >= 4:
                raise ValueError("a fifth meld")
            buf[34 + slot] = <int>mtype
            buf[38 + slot] = <int>tiles[0] >> 2
            slot += 1
            if mtype != _ANKAN_T:
                is_open = 1
    buf[42] = n_kita
    buf[43] = is_open
    buf[44] = len(closed) + 3 * slot
    buf[45] = n_red
    return (<char*>buf)[:80]


cdef object _CHI_T = MeldType.CHI
cdef dict _MELD_SIZE = {MeldType.CHI: 3, MeldType.PON: 3, MeldType.DAIMINKAN: 4,
                        MeldType.ANKAN: 4, MeldType.SHOUMINKAN: 4, MeldType.KITA: 1}
cdef dict _MELD_TYPE = {t: t for t in _MELD_SIZE}


def quick_hand(object win, object hand_cls, object meld_cls, object red_of):
    """``records.hands.quick_hand`` in C: the Hand of ``win`` built without the
    constructors' checks, or None for anything unusual (at least as strict as the twin:
    ids outside 0..135 and a non-int winner are refused at once)."""
    cdef unsigned char seen[136]
    cdef Py_ssize_t i, n_ids, size
    cdef int t, k, n, rel, n_sets = 0, winner
    cdef object closed = win.closed, m, mtype, tiles, called, seat, meld
    cdef list melds = []
    cdef dict d
    if type(closed) is not tuple:
        return None
    for i in range(136):
        seen[i] = 0
    n_ids = len(<tuple>closed)
    for x in <tuple>closed:
        if type(x) is not int or not 0 <= x <= 135:
            return None
        t = x
        if seen[t]:
            return None
        seen[t] = 1
    w = win.winner
    if type(w) is not int or not 0 <= w <= 3:
        return None
    winner = w
    n = 3 if win.three_player else 4
    for m in win.melds:
        mtype = _MELD_TYPE.get(m.type)
        if mtype is None:
            return None
        size = _MELD_SIZE[mtype]
        tiles = m.tiles
        if type(tiles) is not tuple or len(<tuple>tiles) != size:
            return None
        for x in <tuple>tiles:
            if type(x) is not int or not 0 <= x <= 135:
                return None
            t = x
            if seen[t]:
                return None
            seen[t] = 1
        tiles = tuple(sorted(<tuple>tiles))
        n_ids += size
        k = <int>(<tuple>tiles)[0] >> 2
        if mtype == _CHI_T:
            if k >= 27 or k % 9 > 6 or <int>(<tuple>tiles)[1] >> 2 != k + 1 \
                    or <int>(<tuple>tiles)[2] >> 2 != k + 2:
                return None
        elif mtype == _KITA_T:
            if k != 30:
                return None
        elif <int>(<tuple>tiles)[size - 1] >> 2 != k:
            return None
        meld = meld_cls.__new__(meld_cls)
        d = meld.__dict__
        if mtype == _ANKAN_T or mtype == _KITA_T:
            d["type"], d["tiles"], d["called"], d["from_seat"] = mtype, tiles, None, None
        else:
            called = m.called
            seat = m.from_seat
            if type(called) is not int or called not in <tuple>tiles:
                return None
            if seat is None:
                rel = 3
            elif type(seat) is not int or not -8 <= seat <= 8:
                return None
            else:
                rel = (<int>seat - winner) % n
                if rel < 0:
                    rel += n
                if n == 3 and rel == 2:
                    rel = 3
            if not 1 <= rel <= 3 or (mtype == _CHI_T and rel != 3):
                return None
            d["type"], d["tiles"], d["called"], d["from_seat"] = mtype, tiles, called, rel
        if mtype != _KITA_T:
            n_sets += 1
        melds.append(meld)
    if len(<tuple>closed) + 3 * n_sets not in (13, 14):
        return None
    red = red_of(win)
    hand = hand_cls.__new__(hand_cls)
    d = hand.__dict__
    sorted_closed = tuple(sorted(<tuple>closed))
    melds_t = tuple(melds)
    d["closed"] = sorted_closed
    d["melds"] = melds_t
    d["red"] = red
    d["_counts"] = None
    d["_sd"] = score_data(sorted_closed, melds_t, red)
    return hand


# ---------------------------------------------------------------------------
# JSON read in C when it is plainly simple (the readers' records: mjai lines, tenhou6 games):
# objects, arrays, strings without escapes, integers of up to 18 digits, true / false /
# null, nesting up to 64.  Strict (an mjai line): ASCII strings and no whitespace at all;
# loose (a tenhou6 record): UTF-8 strings and JSON whitespace between tokens.  The values
# are those json gives (a dict in key order, str, int, list, bool, None); anything else
# (_FAIL) is None and json decides (its value or its error).

from cpython.unicode cimport PyUnicode_AsUTF8AndSize, PyUnicode_DecodeASCII, PyUnicode_DecodeUTF8

cdef object _FAIL = object()


cdef inline Py_ssize_t _ws(const char* s, Py_ssize_t n, Py_ssize_t i, bint loose) noexcept:
    if loose:
        while i < n and (s[i] == b' ' or s[i] == b'\n' or s[i] == b'\t' or s[i] == b'\r'):
            i += 1
    return i


cdef object _mini_value(const char* s, Py_ssize_t n, Py_ssize_t* pos, int depth, bint loose):
    cdef Py_ssize_t i = _ws(s, n, pos[0], loose), j
    cdef char c
    cdef long long v
    cdef bint neg, ascii = True
    cdef dict d
    cdef list a
    if i >= n or depth > 64:
        return _FAIL
    c = s[i]
    if c == b'"':
        j = i + 1
        while j < n and s[j] != b'"':
            if s[j] == b'\\' or <unsigned char>s[j] < 0x20 or <unsigned char>s[j] == 0x7f:
                return _FAIL
            if <unsigned char>s[j] > 0x7f:
                if not loose:
                    return _FAIL
                ascii = False
            j += 1
        if j >= n:
            return _FAIL
        pos[0] = j + 1
        if ascii:
            return PyUnicode_DecodeASCII(s + i + 1, j - i - 1, NULL)
        return PyUnicode_DecodeUTF8(s + i + 1, j - i - 1, NULL)
    if c == b'-' or b'0' <= c <= b'9':
        neg = c == b'-'
        j = i + 1 if neg else i
        if j >= n or not b'0' <= s[j] <= b'9' or (s[j] == b'0' and j + 1 < n
                                                  and b'0' <= s[j + 1] <= b'9'):
            return _FAIL
        v = 0
        while j < n and b'0' <= s[j] <= b'9':
            if j - i > 18:
                return _FAIL
            v = v * 10 + (s[j] - 48)
            j += 1
        if j < n and (s[j] == b'.' or s[j] == b'e' or s[j] == b'E'):
            return _FAIL
        pos[0] = j
        return -v if neg else v
    if c == b'{':
        d = {}
        i = _ws(s, n, i + 1, loose)
        if i < n and s[i] == b'}':
            pos[0] = i + 1
            return d
        while True:
            if i >= n or s[i] != b'"':
                return _FAIL
            pos[0] = i
            key = _mini_value(s, n, pos, depth + 1, loose)
            if key is _FAIL:
                return _FAIL
            i = _ws(s, n, pos[0], loose)
            if i >= n or s[i] != b':':
                return _FAIL
            pos[0] = i + 1
            val = _mini_value(s, n, pos, depth + 1, loose)
            if val is _FAIL:
                return _FAIL
            d[key] = val
            i = _ws(s, n, pos[0], loose)
            if i < n and s[i] == b',':
                i = _ws(s, n, i + 1, loose)
                continue
            if i < n and s[i] == b'}':
                pos[0] = i + 1
                return d
            return _FAIL
    if c == b'[':
        a = []
        i = _ws(s, n, i + 1, loose)
        if i < n and s[i] == b']':
            pos[0] = i + 1
            return a
        while True:
            pos[0] = i
            val = _mini_value(s, n, pos, depth + 1, loose)
            if val is _FAIL:
                return _FAIL
            a.append(val)
            i = _ws(s, n, pos[0], loose)
            if i < n and s[i] == b',':
                i += 1
                continue
            if i < n and s[i] == b']':
                pos[0] = i + 1
                return a
            return _FAIL
    if n - i >= 4 and s[i] == b't' and s[i + 1] == b'r' and s[i + 2] == b'u' and s[i + 3] == b'e':
        pos[0] = i + 4
        return True
    if n - i >= 5 and s[i] == b'f' and s[i + 1] == b'a' and s[i + 2] == b'l' \
            and s[i + 3] == b's' and s[i + 4] == b'e':
        pos[0] = i + 5
        return False
    if n - i >= 4 and s[i] == b'n' and s[i + 1] == b'u' and s[i + 2] == b'l' and s[i + 3] == b'l':
        pos[0] = i + 4
        return None
    return _FAIL


cdef object mini_json_c(str text, bint loose):
    cdef Py_ssize_t n, pos = 0
    cdef const char* s = PyUnicode_AsUTF8AndSize(text, &n)
    got = _mini_value(s, n, &pos, 0, loose)
    if loose:
        pos = _ws(s, n, pos, loose)
    return None if got is _FAIL or pos != n else got


def mini_json(str text, bint loose=False):
    """The value of ``text`` when it is plainly simple JSON (see above), else None (json
    decides).  Twin: ``json.loads`` (equal values wherever this answers)."""
    return mini_json_c(text, loose)
