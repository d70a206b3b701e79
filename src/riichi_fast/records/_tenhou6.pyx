# The turn loop of the tenhou.net/6 reader, compiled (issue 10, fast ingest).
#
# Twin: riichi_fast.records.tenhou6._Round.replay_py (the same loop in Python;
# RIICHI_FAST_PUREPYTHON=1 selects it).  The common steps -- a draw of a
# plain tile code, the discard of a plain code or of the drawn tile (60) --
# are done here on the round's own Python lists (what RoundReplay.draw /
# discard and TileIds.new do, in the same order); everything else (a call
# string, a kan, riichi, kita, an odd entry, any error) calls the very Python
# methods the twin calls, so answers and messages are the same by
# construction; tests/test_records_ingest.py compares the two on every
# bundled tenhou6 record and the converted corpus.

from riichi_fast.records._replay import _DISCARDS, _DRAWS, _FREE0, _FREE1
from riichi_fast.records.model import Event
from riichi_fast.records.tenhou6 import _CALLS, _NO_CALL, _call_of

__all__ = ["new_ids", "replay"]


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


cdef inline object _new_id(object ids, int kind, bint red, bint red_fives):
    """TileIds.new for a plain tile; the red five and a fifth tile through it (its errors)."""
    cdef list used
    cdef long u
    cdef int i
    if red:
        return ids.new(kind, red)
    used = ids.used
    u = used[kind]
    if red_fives and (kind == 4 or kind == 13 or kind == 22):
        i = _FREE1[u]
    else:
        i = _FREE0[u]
    if i < 0:
        return ids.new(kind, red)  # raises "a fifth tile of kind ..."
    used[kind] = u | (1 << i)
    return 4 * kind + i


cdef object _find_caller(list draws, list at_draw, int n, int discarder, long tile,
                         bint red_fives):
    """``_Round.find_caller``: the seat whose next draw entry calls ``tile`` from
    ``discarder`` (a pon or kan before a chi), or None."""
    cdef object chi = None, entries, d, call, letter
    cdef int k, seat, kind, rel
    for k in range(1, n):
        seat = (discarder + k) % n
        entries = draws[seat]
        if at_draw[seat] >= len(entries):
            continue
        d = entries[at_draw[seat]]
        if not isinstance(d, str):
            continue
        call = _CALLS.get(d)
        if call is None:
            call = _call_of(d)
        if call is _NO_CALL:
            continue
        letter = call[0]
        kind = call[1]
        if tile // 4 != kind or (red_fives and (kind == 4 or kind == 13 or kind == 22)
                                 and ((tile % 4 == 0) != bool(call[2]))):
            continue
        rel = call[3]
        if (seat + rel) % n != discarder:
            continue
        if letter == "c":
            chi = (seat, d)
        else:
            return (seat, d)
    return chi


def new_ids(object self, object codes):
    """``_Round.new_ids``: the ids of ``codes`` in turn (odd codes through ``new_id``)."""
    cdef list out = []
    cdef object ids = self.ids
    cdef bint red_fives = bool(ids.red_fives), red
    cdef int kind
    for code in codes:
        kind = _code_kind(code, &red)
        out.append(self.new_id(code) if kind < 0 else _new_id(ids, kind, red, red_fives))
    return tuple(out)


def replay(object self, int cur):
    """``_Round.replay`` (see the module comment): replay the turns from seat ``cur``."""
    cdef int n = self.n
    cdef object rp = self.rp
    cdef list draws = self.draws, discs = self.discs, at_draw = self.i, at_disc = self.j
    cdef list hands = rp.hands, last_draw = rp.last_draw, after_kan = rp.after_kan
    cdef list rinshan = rp.last_draw_rinshan, n_discards = rp.discards, riichi = rp.riichi
    cdef list events = rp.round.events
    cdef object ids = self.ids
    cdef bint red_fives = bool(rp.red_fives)
    cdef bint need_draw = True, red
    cdef object pending_riichi = None, d, x, tile, caller, ev, key, entries, t
    cdef list hand
    cdef Py_ssize_t k, calls_left
    cdef int kind, red_id
    cdef bint all_lists = True
    for entries in draws:
        if type(entries) is not list:
            all_lists = False
    if all_lists:
        calls_left = 0
        for entries in draws:
            for d in <list>entries:
                if type(d) is str:
                    calls_left += 1
    else:
        calls_left = n * 1000
    while True:
        if need_draw:
            entries = draws[cur]
            if at_draw[cur] >= len(entries):
                return
            d = entries[at_draw[cur]]
            if not isinstance(d, int):
                return  # a call string cannot start a turn: the round ended before
            at_draw[cur] += 1
            kind = _code_kind(d, &red)
            if kind < 0:
                tile = self.new_id(d)
            else:
                tile = _new_id(ids, kind, red, red_fives)
            # RoundReplay.draw
            rp.n_draws += 1
            (<list>hands[cur]).append(tile)
            last_draw[cur] = tile
            rinshan[cur] = after_kan[cur]
            after_kan[cur] = False
            rp.last = ("draw", cur, tile)
            key = (cur, tile)
            ev = _DRAWS.get(key)
            if ev is None:
                ev = _DRAWS[key] = Event("draw", cur, tile)
            events.append(ev)
        entries = discs[cur]
        if at_disc[cur] >= len(entries):
            return  # tsumo, or an abortive draw on this turn
        x = entries[at_disc[cur]]
        at_disc[cur] += 1
        if isinstance(x, str):
            if "a" in x or "k" in x:
                self.kan_from_hand(cur, x)
                need_draw = True
                continue
            if x.startswith("f"):  # kita (three players): a replacement draw follows
                self.kita(cur, x)
                need_draw = True
                continue
            if x.startswith("r"):
                rp.riichi_declared(cur)
                pending_riichi = cur
                x = int(x[1:])
            else:
                raise self.error(f"unknown discard entry {x!r}")
        if x == 0:  # no discard after a daiminkan: the replacement draw comes next
            need_draw = True
            continue
        if x == 60:
            tile = last_draw[cur]
            if tile is None:
                raise self.error(f"seat {cur} discards the drawn tile without a draw")
        else:
            tile = None
            kind = _code_kind(x, &red)
            if kind >= 0:  # RoundReplay.find, as _Round.own asks it
                hand = hands[cur]
                if not red_fives or not (kind == 4 or kind == 13 or kind == 22):
                    for t in hand:
                        if <long>t // 4 == kind:
                            tile = t
                            break
                else:
                    red_id = 4 * kind
                    for t in hand:
                        if <long>t // 4 == kind and ((<long>t == red_id) == red):
                            tile = t
                            break
            if tile is None:
                tile = self.own(cur, x)  # an odd code, or not in hand: its answer or error
        # RoundReplay.discard
        hand = hands[cur]
        try:
            hand.remove(tile)
        except ValueError:
            raise rp.error(f"seat {cur} discards {tile} not in hand") from None
        tsumogiri = tile == last_draw[cur]
        last_draw[cur] = None
        if riichi[cur]:
            rp.ippatsu[cur] = False  # the go-around after riichi is over
        n_discards[cur] += 1
        rp.last = ("discard", cur, tile)
        rp.last_discard = (cur, tile)
        key = (cur, tile, tsumogiri)
        ev = _DISCARDS.get(key)
        if ev is None:
            ev = _DISCARDS[key] = Event("discard", cur, tile, tsumogiri=tsumogiri)
        events.append(ev)
        caller = _find_caller(draws, at_draw, n, cur, tile, red_fives) if calls_left else None
        if caller is not None:
            self.call_points += 1
            if self.call_points - 1 in self.skip:
                caller = None  # this discard was let go (see _Round.run)
        if pending_riichi is not None:
            # The stick is paid unless the declaration tile is won on:
            # then the round is over and nobody acts any more.
            if caller is not None or self.anyone_acts((cur + 1) % n):
                rp.riichi_accepted(pending_riichi)
                pending_riichi = None
            else:
                self.pending_riichi = pending_riichi  # settled by the result
                return
            pending_riichi = None
        if caller is None:
            cur = (cur + 1) % n
            need_draw = True
            continue
        seat, call = caller
        at_draw[seat] += 1
        calls_left -= 1
        self.apply_call(seat, cur, tile, call)
        cur = seat
        need_draw = False
