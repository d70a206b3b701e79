# The event loop of the mjai reader, compiled (issue 10, fast ingest).
#
# Twin: riichi_fast.records.mjai._Reader.read_py (RIICHI_FAST_PUREPYTHON=1
# selects it).  The two events that make most of a log -- ``tsumo`` and
# ``dahai`` with an int seat of the table -- are done here on the round's own
# Python lists (what _Reader.on_tsumo / on_dahai, RoundReplay.draw / discard
# and TileIds.new do, in the same order).  Everything else, and any step that
# is not plain (a tile name to decode the long way, a tile not found, a
# tsumogiri that differs from the draw), calls the very Python method the twin
# calls before anything is changed, so answers and messages are the same by
# construction; tests/test_records_ingest.py compares the two.

from riichi_fast.records._replay import _DISCARDS, _DRAWS, _FREE0, _FREE1, RecordError
import json

from riichi_fast.records.mjai import _KINDS, _SCAN, _SEEN
from riichi_fast.records.model import Event

__all__ = ["decode_lines", "read", "tiles"]

cdef object _BLANK = object()


cdef object _decode_slow(object line, Py_ssize_t lineno, object source):
    """json.loads's answer or its error for a line the scanner alone did not take;
    ``_BLANK`` for a blank line."""
    if not line.strip():
        return _BLANK
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}:{lineno}: not JSON ({exc})") from None
    except RecursionError:
        raise RecordError(f"{source}:{lineno}: JSON nested too deeply") from None


def decode_lines(list text_lines, object source):
    """``mjai._decode_lines``: the events of the non-blank lines and their line numbers
    (a ``tsumo``/``dahai`` line met before from ``mjai._SEEN``, else the C JSON scanner
    when the line is exactly one value, else json.loads)."""
    cdef list events = [], linenos = []
    cdef dict seen = _SEEN
    cdef Py_ssize_t lineno = 0
    cdef object line, ev, got
    cdef bint is_str
    scan = _SCAN
    for line in text_lines:
        lineno += 1
        is_str = type(line) is str
        if is_str:
            ev = seen.get(line)
            if ev is not None:
                events.append(ev)
                linenos.append(lineno)
                continue
        ev = _BLANK
        try:
            got = scan(line, 0)
            if (<tuple>got)[1] == len(line):
                ev = (<tuple>got)[0]
        except (StopIteration, ValueError, TypeError, RecursionError):
            pass
        if ev is _BLANK:
            ev = _decode_slow(line, lineno, source)
            if ev is _BLANK:
                continue
        if type(ev) is dict and (<dict>ev).get("type") in ("tsumo", "dahai") \
                and len(seen) < 4096 and is_str:
            seen[line] = ev
        events.append(ev)
        linenos.append(lineno)
    return events, linenos


cdef inline object _new_id(object ids, int kind, bint red_fives):
    """TileIds.new for a plain tile; a fifth tile through it (its error)."""
    cdef list used = ids.used
    cdef long u = used[kind]
    cdef int i
    if red_fives and (kind == 4 or kind == 13 or kind == 22):
        i = _FREE1[u]
    else:
        i = _FREE0[u]
    if i < 0:
        return ids.new(kind, False)  # raises "a fifth tile of kind ..."
    used[kind] = u | (1 << i)
    return 4 * kind + i


cdef bint _tsumo(object self, object rp, dict ev) except -1:
    """on_tsumo + RoundReplay.draw; False: not plain, the caller runs on_tsumo."""
    seat_o = ev["actor"]
    name = ev["pai"]
    if type(seat_o) is not int or type(name) is not str:
        return False
    kr = _KINDS.get(name)
    if kr is None:
        return False
    cdef list hands = rp.hands
    if not 0 <= seat_o < len(hands):  # compared as Python ints: any size
        return False
    cdef Py_ssize_t seat = seat_o
    cdef int kind = (<tuple>kr)[0]
    if (<tuple>kr)[1] and self.red:
        return False  # a red five: TileIds.new checks and takes it
    tile = _new_id(self.ids, kind, bool(self.ids.red_fives))
    rp.n_draws += 1
    (<list>hands[seat]).append(tile)
    cdef list last_draw = rp.last_draw, after_kan = rp.after_kan
    last_draw[seat] = tile
    (<list>rp.last_draw_rinshan)[seat] = after_kan[seat]
    after_kan[seat] = False
    rp.last = ("draw", seat_o, tile)
    key = (seat_o, tile)
    ev_o = _DRAWS.get(key)
    if ev_o is None:
        ev_o = _DRAWS[key] = Event("draw", seat_o, tile)
    rp.round.events.append(ev_o)
    return True


cdef bint _dahai(object self, object rp, dict ev) except -1:
    """on_dahai + RoundReplay.discard; False: not plain (nothing changed), the caller
    runs on_dahai for its answer or its error."""
    seat_o = ev["actor"]
    if type(seat_o) is not int:
        return False
    cdef list hands = rp.hands, last_draw = rp.last_draw
    if not 0 <= seat_o < len(hands):  # compared as Python ints: any size
        return False
    cdef Py_ssize_t seat = seat_o
    cdef list hand = hands[seat]
    cdef int kind, red_id
    cdef bint red
    tile = None
    if ev.get("tsumogiri") and last_draw[seat] is not None:
        tile = last_draw[seat]
        name = ev["pai"]
        kr = _KINDS.get(name) if type(name) is str else None
        if kr is None or <long>tile // 4 != <int>(<tuple>kr)[0]:
            return False
    if tile is None:
        name = ev["pai"]
        kr = _KINDS.get(name) if type(name) is str else None
        if kr is None:
            return False
        kind = (<tuple>kr)[0]
        red = (<tuple>kr)[1]
        if self.red and (kind == 4 or kind == 13 or kind == 22):  # rp.find(seat, kind, red)
            if not rp.red_fives:
                if not red:
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
        else:  # rp.find(seat, kind)
            for t in hand:
                if <long>t // 4 == kind:
                    tile = t
                    break
        if tile is None:
            return False
    # RoundReplay.discard
    try:
        hand.remove(tile)
    except ValueError:
        raise rp.error(f"seat {seat_o} discards {tile} not in hand") from None
    tsumogiri = tile == last_draw[seat]
    last_draw[seat] = None
    if (<list>rp.riichi)[seat]:
        (<list>rp.ippatsu)[seat] = False  # the go-around after riichi is over
    cdef list discards = rp.discards
    discards[seat] += 1
    rp.last = ("discard", seat_o, tile)
    rp.last_discard = (seat_o, tile)
    key = (seat_o, tile, tsumogiri)
    ev_o = _DISCARDS.get(key)
    if ev_o is None:
        ev_o = _DISCARDS[key] = Event("discard", seat_o, tile, tsumogiri=tsumogiri)
    rp.round.events.append(ev_o)
    return True


def tiles(object self, object names):
    """``_Reader.tiles``: the ids of ``names`` in turn (a red five, an odd name through
    ``_Reader.tile``)."""
    cdef list out = []
    cdef object ids = self.ids, kr
    cdef bint red_fives = bool(ids.red_fives), game_red = bool(self.red)
    for name in names:
        kr = _KINDS.get(name) if type(name) is str else None
        if kr is None or ((<tuple>kr)[1] and game_red):
            out.append(self.tile(name))
        else:
            out.append(_new_id(ids, (<tuple>kr)[0], red_fives))
    return tuple(out)


def read(object self, list events, object lines):
    """``_Reader.read`` (see the module comment)."""
    cdef dict steps = self._steps
    cdef Py_ssize_t i
    cdef object ev, t, step, rp
    for i in range(len(events)):
        ev = events[i]
        try:
            t = ev.get("type") if type(ev) is dict else None
            rp = self.rp
            if type(t) is str and rp is not None:
                if t == "tsumo":
                    if not _tsumo(self, rp, <dict>ev):
                        self.on_tsumo(ev)
                    continue
                if t == "dahai":
                    if not _dahai(self, rp, <dict>ev):
                        self.on_dahai(ev)
                    continue
                step = steps.get(t)
            else:
                step = None
            if step is not None and rp is not None:
                step(ev)
            else:
                self._event(ev)
        except RecordError as exc:
            raise self.located(exc, i, lines) from None
