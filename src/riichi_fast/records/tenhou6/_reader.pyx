# The tenhou.net/6 reader's hot loops, compiled.
#
# Twin: riichi_fast.reference.records.tenhou6.reader (RIICHI_FAST_PUREPYTHON=1 selects it).
# ``new_ids`` is ``_Round.new_ids``; ``run_round`` replays a whole round in C (below) and
# leaves anything irregular to the reader's turn loop ``_Round.replay_py``, which gives the
# answer or the error.  tests/records/test_reader_shortcuts.py compares the two on every bundled tenhou6
# record and the converted corpus.

from riichi_fast.records._round cimport new_plain_id
from riichi_fast.records.tenhou6.codes import _CALLS, _NO_CALL, _call_of

__all__ = ["new_ids", "run_round"]


cdef inline int _code_kind(object code, bint *red):
    """Kind of a plain tenhou6 tile code given as an exact int, -1 when it is not one
    (anything else goes through the twin's look-up and its errors)."""
    cdef long c
    if type(code) is not int:
        return -1
    try:
        c = code
    except OverflowError:
        return -1
    red[0] = False
    if 51 <= c <= 53:
        red[0] = True
        return (4, 13, 22)[c - 51]
    if 11 <= c <= 39 and c % 10 != 0:
        return (c // 10 - 1) * 9 + c % 10 - 1
    if 41 <= c <= 47:
        return 27 + c - 41
    return -1


def new_ids(object self, object codes):
    """``_Round.new_ids``: the ids of ``codes`` in turn (odd codes through ``new_id``)."""
    cdef list out = []
    cdef object ids = self.ids
    cdef bint red_fives = bool(ids.red_fives), red
    cdef int kind
    for code in codes:
        kind = _code_kind(code, &red)
        out.append(self.new_id(code) if kind < 0 else ids.new(kind, True) if red
                   else new_plain_id(ids, kind, red_fives))
    return tuple(out)


# ---------------------------------------------------------------------------
# A whole round in C (its first attempt): _Round.run's twin is _Round.attempt(frozenset())
# -- _run, replay_py, apply_call, kan_from_hand, kita, own, own_distinct on a RoundReplay
# -- and the result through the same Python ``_Round.result``.  The hands, flags and
# counters live in a records._round.RoundState; Python objects are made per round, per
# call and per event only where the twin's Game holds them.  Anything irregular raises
# (Decline, or whatever the twin's steps would raise) and run_round answers False with
# the game as it was: _Round.run then replays the round through the twin, which gives
# the answer or the error (and tries the other readings of the call strings).

from riichi_fast.records._round cimport RoundState, new_meld, new_round, new_state
from riichi_fast.records._round import Decline
from riichi_fast.records.model import RecordMeld, Round
from riichi_fast.records.tenhou6.codes import _codes, _recorded
from riichi_fast.enums import MeldType
import re

cdef object _DECLINE = Decline
cdef object _CHI = MeldType.CHI, _PON = MeldType.PON, _DAIMINKAN = MeldType.DAIMINKAN
cdef object _ANKAN = MeldType.ANKAN, _KITA = MeldType.KITA
cdef object _LETTER = re.compile(r"[cpm]")
cdef dict _CALL_PARTS = {}  # call string -> (MeldType, ((kind, red) of the caller's tiles))


cdef inline bint _five(int kind) noexcept:
    return kind == 4 or kind == 13 or kind == 22


cdef tuple _call_parts(str d):
    """What ``_Round.apply_call`` reads from a call string (remembered once read)."""
    cdef bint red
    cdef int kind
    parts = _CALL_PARTS.get(d)
    if parts is not None:
        return <tuple>parts
    letter = _LETTER.search(d).group()
    pos = d.index(letter)
    codes = _codes(d)
    called_code = int(d[pos + 1:pos + 3])
    others = list(codes)
    others.remove(called_code)
    if len(others) > 4:
        raise _DECLINE
    kinds = []
    for c in others:
        kind = _code_kind(c, &red)
        if kind < 0:
            raise _DECLINE
        kinds.append((kind, red))
    parts = ({"c": _CHI, "p": _PON, "m": _DAIMINKAN}[letter], tuple(kinds))
    if len(_CALL_PARTS) < 65536:
        _CALL_PARTS[d] = parts
    return <tuple>parts


cdef object _call_at(list draws, int *at_draw, int n, int discarder, int tile,
                     bint red_fives, int *seat_out):
    """``_Round.find_caller``: the call string (and in ``seat_out`` the seat) whose next
    draw entry calls ``tile`` from ``discarder``, a pon or kan before a chi; None."""
    cdef object chi = None, entries, d, call
    cdef int k, seat, kind, chi_seat = -1
    for k in range(1, n):
        seat = (discarder + k) % n
        entries = draws[seat]
        if at_draw[seat] >= len(<list>entries):
            continue
        d = (<list>entries)[at_draw[seat]]
        if not isinstance(d, str):
            continue
        call = _CALLS.get(d)
        if call is None:
            call = _call_of(d)
        if call is _NO_CALL:
            continue
        kind = (<tuple>call)[1]
        if tile // 4 != kind or (red_fives and _five(kind)
                                 and ((tile % 4 == 0) != bool((<tuple>call)[2]))):
            continue
        if (seat + <int>(<tuple>call)[3]) % n != discarder:
            continue
        if (<tuple>call)[0] == "c":
            chi, chi_seat = d, seat
        else:
            seat_out[0] = seat
            return d
    seat_out[0] = chi_seat
    return chi


cdef int _apply_call(RoundState st, int seat, int discarder, int tile, str d) except -1:
    cdef tuple parts = _call_parts(d), kinds = parts[1]
    cdef int ks[4]
    cdef int rs[4]
    cdef int out[4]
    cdef int k = len(kinds), j
    for j in range(k):
        ks[j] = (<tuple>kinds[j])[0]
        rs[j] = 1 if (<tuple>kinds[j])[1] else 0
    st.own_distinct(seat, k, ks, rs, out)
    ids = [out[j] for j in range(k)]
    ids.append(tile)
    ids.sort()
    tiles = tuple(ids)
    mtype = parts[0]
    st.call(seat, new_meld(mtype, tiles, tile, discarder, None), <int>mtype, tile, -1, tiles)
    return 0


cdef int _kan(RoundState st, int seat, str x, tuple all_dora) except -1:
    """``_Round.kan_from_hand``: an ankan (then the next kan dora) or a kakan."""
    cdef int ks[4]
    cdef int rs[4]
    cdef int out[4]
    cdef int k, j, kind
    cdef bint red
    codes = _codes(x)
    if "a" in x:
        k = len(codes)
        if k != 4:
            raise _DECLINE
        for j in range(k):
            kind = _code_kind(codes[j], &red)
            if kind < 0:
                raise _DECLINE
            ks[j], rs[j] = kind, red
        st.own_distinct(seat, k, ks, rs, out)
        ids = sorted([out[j] for j in range(k)])
        tiles = tuple(ids)
        st.call(seat, new_meld(_ANKAN, tiles, None, None, None), <int>_ANKAN, -1, -1, tiles)
        if len(st.dora) < len(all_dora):
            st.reveal_dora(all_dora[len(st.dora)])
        return 0
    pos = x.index("k")
    kind = _code_kind(int(x[pos + 1:pos + 3]), &red)
    if kind < 0:
        raise _DECLINE
    ks[0], rs[0] = kind, red
    st.own_distinct(seat, 1, ks, rs, out)
    st.kakan(seat, out[0])
    return 0


cdef int _kita(RoundState st, int seat, str x) except -1:
    cdef bint red
    cdef int kind = _code_kind(int(x[1:]), &red), tile
    if kind < 0:
        raise _DECLINE
    tile = st.find(seat, kind, red if st.red_fives and _five(kind) else -1)
    if tile < 0:
        raise _DECLINE
    st.call(seat, new_meld(_KITA, (tile,), None, None, None), <int>_KITA, -1, -1, (tile,))
    return 0


cdef tuple _deal(RoundState st, object codes):
    """``_Round.new_ids`` of ``codes`` (exact int codes only)."""
    cdef list out = []
    cdef int kind
    cdef bint red
    for code in codes:
        kind = _code_kind(code, &red)
        if kind < 0:
            raise _DECLINE
        out.append(st.new_id(kind, red))
    return tuple(out)


cdef int _wins(RoundState st, object rnd, object label, list res, object honba, object sticks,
               int n, tuple all_dora, tuple ura) except -1:
    """``_Round.result``'s win branch on ``st`` (its twin): each win's RecordedScore
    (``_recorded``, shown the scores after the earlier wins), every listed indicator
    revealed, the win built by ``RoundState.win``."""
    cdef Py_ssize_t w, s
    cdef int multi = 0, who
    for w in range(1, len(res) - 1, 2):
        deltas, info = res[w], res[w + 1]
        who_o, frm, pao = info[0], info[1], info[2]
        if type(who_o) is not int or not 0 <= who_o < n:
            raise _DECLINE
        who = who_o
        now = [sc - 1000 * st.stick_by[p] for p, sc in zip(range(n), rnd.scores)]
        for prev in rnd.wins:
            changes = prev.recorded.score_changes
            for s in range(n):
                now[s] += changes[s]
        recorded = _recorded(info, deltas, tuple(now), n, pao, who_o)
        while len(st.dora) < len(all_dora):
            st.reveal_dora(all_dora[len(st.dora)])
        st.win(label, who, frm, recorded, honba, sticks + st.sticks_paid,
               ura[:len(st.dora)] if st.riichi[who] else (), multi)
        multi += 1
    return 0


def run_round(object self):
    """``_Round.run`` in C when the round's first reading comes out (see above): True, the
    round appended to the game; False, the game as it was (the caller runs the twin)."""
    cdef list rounds = self.game.rounds
    cdef Py_ssize_t n_rounds = len(rounds)
    try:
        _attempt(self, rounds)
    except Exception:
        del rounds[n_rounds:]
        return False
    return True


cdef int _attempt(object self, list rounds) except -1:
    game = self.game
    log = self.log
    cdef int n = self.n, p, cur, dealer, kind, tile, pending = -1, caller, nxt
    cdef int at_draw[4]
    cdef int at_disc[4]
    cdef bint red, need_draw = True, stopped_on_riichi = False
    cdef Py_ssize_t calls_left = 0
    cdef RoundState st
    cdef list draws, discs, entries
    cdef object d, x
    red_obj = game.rules.red_fives
    (rnd_no, honba, sticks), scores = log[0][:3], tuple(log[1][:n])
    if type(rnd_no) is not int or n > 4 or n < 1:
        raise _DECLINE
    st = new_state(n, bool(red_obj), red_obj)
    hands = tuple([_deal(st, log[4 + 3 * p]) for p in range(n)])
    dora = _deal(st, log[2])
    ura = _deal(st, log[3])
    dealer = rnd_no % 4
    if dealer >= n:
        raise _DECLINE
    rnd = new_round(len(rounds), rnd_no // 4, rnd_no % 4, dealer, honba, sticks, scores,
                    dora[:1], hands)
    rounds.append(rnd)
    label = f"{game.source} {rnd.label}"
    st.begin(rnd)
    for p in range(n):
        for t in <tuple>hands[p]:
            st.add_tile(p, t)
    draws = [log[5 + 3 * p] for p in range(n)]
    discs = [log[6 + 3 * p] for p in range(n)]
    for p in range(n):
        if type(draws[p]) is not list or type(discs[p]) is not list:
            raise _DECLINE
        at_draw[p] = at_disc[p] = 0
        for d in <list>draws[p]:
            if type(d) is str:
                calls_left += 1
    cur = dealer
    while True:
        if need_draw:
            entries = draws[cur]
            if at_draw[cur] >= len(entries):
                break
            d = entries[at_draw[cur]]
            if type(d) is not int:
                if isinstance(d, int):
                    raise _DECLINE
                break  # a call string cannot start a turn: the round ended before
            at_draw[cur] += 1
            kind = _code_kind(d, &red)
            if kind < 0:
                raise _DECLINE
            st.draw(cur, st.new_id(kind, red))
        entries = discs[cur]
        if at_disc[cur] >= len(entries):
            break  # tsumo, or an abortive draw on this turn
        x = entries[at_disc[cur]]
        at_disc[cur] += 1
        if type(x) is str:
            if "a" in <str>x or "k" in <str>x:
                _kan(st, cur, <str>x, dora)
                need_draw = True
                continue
            if (<str>x).startswith("f"):
                _kita(st, cur, <str>x)
                need_draw = True
                continue
            if (<str>x).startswith("r"):
                st.riichi_declared(cur)
                pending = cur
                x = int((<str>x)[1:])
            else:
                raise _DECLINE
        if type(x) is not int:
            raise _DECLINE
        if x == 0:  # no discard after a daiminkan: the replacement draw comes next
            need_draw = True
            continue
        if x == 60:
            tile = st.last_draw[cur]
        else:
            kind = _code_kind(x, &red)
            if kind < 0:
                raise _DECLINE
            tile = st.find(cur, kind, red if st.red_fives and _five(kind) else -1)
        if tile < 0:
            raise _DECLINE
        st.discard(cur, tile)
        caller = -1
        call = _call_at(draws, at_draw, n, cur, tile, st.red_fives, &caller) if calls_left else None
        if pending >= 0:
            nxt = (cur + 1) % n
            if caller >= 0 or at_draw[nxt] < len(<list>draws[nxt]):
                st.riichi_accepted(pending)
                pending = -1
            else:
                stopped_on_riichi = True  # settled by the result
                break
        if caller < 0:
            cur = (cur + 1) % n
            need_draw = True
            continue
        at_draw[caller] += 1
        calls_left -= 1
        _apply_call(st, caller, cur, tile, call)
        cur = caller
        need_draw = False
    for p in range(n):
        if at_draw[p] != len(<list>draws[p]) or at_disc[p] != len(<list>discs[p]):
            raise _DECLINE
    self.skip = frozenset()
    self.rnd = rnd
    self.label = label
    res = log[16]
    if type(res) is list and len(<list>res) >= 3 and (<list>res)[0] == "和了":
        # the wins built from this state (_Round.result's win branch, no RoundReplay)
        _wins(st, rnd, label, <list>res, honba, sticks, n, dora, ura)
        self.rp = None
        return 0
    self.rp = st.to_replay(label)
    self.all_dora = dora
    self.ura = ura
    self.draws = draws
    self.discs = discs
    self.i = [at_draw[p] for p in range(n)]
    self.j = [at_disc[p] for p in range(n)]
    self.pending_riichi = pending if stopped_on_riichi else None
    self.result(log[16], honba, sticks, scores)
    return 0
