# The mjai reader's hot loops, compiled.
#
# Twin: riichi_fast.reference.records.mjai.reader (RIICHI_FAST_PUREPYTHON=1 selects it).
# ``decode_lines`` decodes the lines; ``tiles`` is ``_Reader.tiles``; ``read_lines`` and
# ``read_game`` replay a whole game in C (below) and leave anything irregular to the
# reader's event loop ``_Reader.read_py``, which gives the answer or the error;
# ``read_bytes`` reads a game from its bytes (below).
# tests/records/test_reader_shortcuts.py and tests/records/test_mjai_reader.py compare the two.

from riichi_fast.records.errors import RecordError
from riichi_fast.records._round cimport new_plain_id
import json

from riichi_fast.records.mjai.names import KINDS as _KINDS

cdef object _SCAN = json.JSONDecoder().scan_once
# Decoded ``tsumo``/``dahai`` lines by their text (~300 distinct lines make most of a log);
# a module attribute, which tests clear.
_SEEN = {}

__all__ = ["decode_lines", "read_bytes", "read_game", "read_lines", "tiles"]

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
    """The events of the non-blank lines and their line numbers (a ``tsumo``/``dahai``
    line met before from ``_SEEN``, else the C JSON scanner
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
            out.append(new_plain_id(ids, (<tuple>kr)[0], red_fives))
    return tuple(out)


# ---------------------------------------------------------------------------
# A whole game in C: _Reader.read_py's twin with each round's hands, flags and counters
# in a records._round.RoundState (draws, discards, calls, kans, kita, riichi, dora
# resolved in C; no Python callback per event).  The results (hora, ryukyoku) and the
# rare events (start_game) go through the very Python handlers of the twin, on a
# RoundReplay / TileIds handed over in the state the twin's would be in (after a
# result, the round's later steps, if any, are left to the twin).  Anything irregular
# raises (Decline, or what the twin's steps raise) and read_game answers False: the
# caller starts again from a fresh reader through the twin's loop.

from riichi_fast.records._round cimport (RoundState, new_event, new_meld, new_round, new_state,
                                         LAST_KAKAN, LAST_KITA, mini_json_c)
from riichi_fast.records._round import Decline
from riichi_fast.records.round_state import TileIds
from riichi_fast.records.model import DrawKind, RecordedDraw, RecordedScore, RecordMeld, Round
from riichi_fast.records.mjai.names import REASONS as _REASONS

from cpython.unicode cimport (PyUnicode_1BYTE_KIND, PyUnicode_DATA, PyUnicode_GET_LENGTH,
                              PyUnicode_KIND)

cdef object _EXHAUSTIVE = DrawKind.EXHAUSTIVE, _NAGASHI = DrawKind.NAGASHI_MANGAN
from riichi_fast.enums import MeldType
import dataclasses

cdef object _onew = object.__new__

cdef object _DECLINE = Decline
cdef object _M_CHI = MeldType.CHI, _M_PON = MeldType.PON, _M_DAIMINKAN = MeldType.DAIMINKAN
cdef object _M_ANKAN = MeldType.ANKAN
cdef object _M_KITA = MeldType.KITA
cdef str _WINDS = "ESWN"


cdef inline bint _five(int kind) noexcept:
    return kind == 4 or kind == 13 or kind == 22


cdef inline int _tile_kind(const unsigned char *p, Py_ssize_t n, bint *red) noexcept:
    """The kind of an mjai tile name of ``_KINDS`` and its redness, else -1."""
    cdef int suit
    red[0] = False
    if n == 1:
        if p[0] == 69:  # E S W N P F C
            return 27
        if p[0] == 83:
            return 28
        if p[0] == 87:
            return 29
        if p[0] == 78:
            return 30
        if p[0] == 80:
            return 31
        if p[0] == 70:
            return 32
        if p[0] == 67:
            return 33
        return -1
    if n < 2 or n > 3 or p[0] < 49 or p[0] > 57:
        return -1
    if p[1] == 109:
        suit = 0
    elif p[1] == 112:
        suit = 1
    elif p[1] == 115:
        suit = 2
    else:
        return -1
    if n == 3:
        if p[0] != 53 or p[2] != 114:  # 5?r
            return -1
        red[0] = True
    return suit * 9 + p[0] - 49


cdef inline int _name_kind(object name, bint *red) except -2:
    """Kind and redness of an mjai tile name of ``_KINDS`` (-1: not one, the twin decides):
    read from the characters of a short one-byte-per-character str (``_tile_kind``, the
    same names as ``_KINDS``), with no hash or look-up."""
    cdef Py_ssize_t n
    if type(name) is not str:
        return -1
    n = PyUnicode_GET_LENGTH(name)
    if n < 1 or n > 3 or PyUnicode_KIND(name) != PyUnicode_1BYTE_KIND:
        red[0] = False
        return -1
    return _tile_kind(<const unsigned char *>PyUnicode_DATA(name), n, red)


cdef inline int _seat(object v, int n) except -2:
    """An exact int seat of the table, else Decline."""
    cdef long s
    if type(v) is not int:
        raise _DECLINE
    s = v  # OverflowError for a huge int: declined too
    if s < 0 or s >= n:
        raise _DECLINE
    return <int>s


cdef int _own(RoundState st, bint game_red, int seat, object name) except -1:
    """``_Reader.own``."""
    cdef bint red
    cdef int kind = _name_kind(name, &red), tile
    if kind < 0:
        raise _DECLINE
    if game_red and _five(kind):
        tile = st.find(seat, kind, red)
    else:
        tile = st.find(seat, kind, -1)
    if tile < 0:
        raise _DECLINE
    return tile


cdef list _own_many(RoundState st, bint game_red, int seat, object names):
    """``_Reader.own_many``."""
    cdef int ks[4]
    cdef int rs[4]
    cdef int out[4]
    cdef int k = 0, j, kind
    cdef bint red
    if type(names) is not list or len(<list>names) > 4:
        raise _DECLINE
    for name in <list>names:
        kind = _name_kind(name, &red)
        if kind < 0:
            raise _DECLINE
        ks[k] = kind
        rs[k] = red if game_red else -1
        k += 1
    st.own_distinct(seat, k, ks, rs, out)
    return [out[j] for j in range(k)]


cdef int _open(RoundState st, bint game_red, dict ev, object mtype) except -1:
    """``_Reader._open`` (chi, pon, daiminkan)."""
    cdef int actor = _seat(ev["actor"], st.n), target, tile
    cdef bint red
    target_o = ev["target"]
    if st.ld_seat < 0 or type(target_o) is not int or target_o != st.ld_seat:
        raise _DECLINE
    target = st.ld_seat
    tile = st.ld_tile
    if _name_kind(ev["pai"], &red) != tile // 4:
        raise _DECLINE
    own = _own_many(st, game_red, actor, ev["consumed"])
    own.append(tile)
    own.sort()
    tiles = tuple(own)
    st.call(actor, new_meld(mtype, tiles, tile, target, None), <int>mtype, tile, -1, tiles)
    return 0


cdef object _replay_of(object self, RoundState st):
    """Hand the round over to the twin's Python handlers: ``self.rp`` and ``self.ids`` as
    the twin's would be."""
    ids = TileIds.__new__(TileIds)
    d = ids.__dict__
    d["red_fives"] = st.red_obj
    d["used"] = [st.used[k] for k in range(34)]
    d["_fives"] = (4, 13, 22) if st.red_obj else ()
    self.ids = ids
    self.rp = st.to_replay(self.label)
    return self.rp


cdef int _hora(object self_, RoundState st, dict ev, bint game_red) except -1:
    """``_Reader.on_hora`` on ``st`` (its twin): the ura indicators read once per round by
    their names, the RecordedScore of the event, the win built by ``RoundState.win``."""
    cdef int who, target, kind, n = st.n, s
    cdef bint red
    rnd = self_.round
    who = _seat(ev["actor"], n)
    target = _seat(ev["target"], n)
    names = tuple(ev.get("ura_markers") or ())
    cache = self_._ura
    ura = cache.get(names)
    if ura is None:
        out = []
        for name in names:
            kind = _name_kind(name, &red)
            if kind < 0:
                raise _DECLINE
            out.append(st.new_id(kind, red and game_red))
        ura = cache[names] = tuple(out)
    deltas = ev.get("deltas")
    before = [sc - 1000 * st.stick_by[p] for p, sc in zip(range(n), rnd.scores)]
    for w in rnd.wins:
        changes = w.recorded.score_changes
        for s in range(n):
            before[s] += changes[s]
    recorded = _onew(RecordedScore)
    d = recorded.__dict__
    d["han"] = ev.get("fan", ev.get("han"))
    d["fu"] = ev.get("fu")
    d["points"] = ev.get("hora_points", ev.get("points"))
    d["limit"] = None
    d["yaku"] = ()
    d["yakuman"] = ()
    d["dora"] = None
    d["ura"] = None
    d["aka"] = None
    d["score_changes"] = tuple(deltas) if deltas is not None else None
    d["scores_before"] = tuple(before)
    d["pao"] = ev.get("pao")
    d["text"] = None
    if "pai" in ev and who != target:
        # the tile won on must be the one the record names (RoundReplay.win_tile_for_ron)
        if st.last_type == LAST_KAKAN or st.last_type == LAST_KITA:
            kind = st.last_tile // 4
        elif st.ld_seat < 0:
            raise _DECLINE
        else:
            kind = st.ld_tile // 4
        if _name_kind(ev["pai"], &red) != kind:
            raise _DECLINE
    st.win(self_.label, who, target, recorded, rnd.honba, rnd.riichi_sticks + st.sticks_paid,
           ura, len(rnd.wins))
    return 0


cdef int _ryukyoku(object self_, RoundState st, dict ev) except -1:
    """``_Reader.on_ryukyoku`` on ``st`` (its twin): the round's RecordedDraw and end Event."""
    cdef int n = st.n
    rnd = self_.round
    kind = _REASONS.get(ev.get("reason"))
    if kind is None:
        raise _DECLINE  # the twin's error
    deltas = tuple(ev.get("deltas") or (0,) * n)
    if "tenpais" in ev:
        tenpai = tuple([i for i, x in enumerate(ev["tenpais"]) if x])
    elif kind == _EXHAUSTIVE:
        tenpai = tuple([s for s in range(n) if deltas[s] > 0]) if any(deltas) else None
    else:
        tenpai = None if kind == _NAGASHI else ()
    nagashi = tuple([s for s in range(n) if deltas[s] > 0]) if kind == _NAGASHI else ()
    rnd.draw = RecordedDraw(source=self_.label, round_index=rnd.index, kind=kind,
                            dealer=rnd.dealer, honba=rnd.honba,
                            riichi_sticks=rnd.riichi_sticks + st.sticks_paid,
                            tenpai=tenpai, nagashi=nagashi, score_changes=deltas,
                            scores_before=tuple([sc - 1000 * st.stick_by[p]
                                                 for p, sc in zip(range(n), rnd.scores)]),
                            n_players=n)
    st.events.append(new_event("end", None, None, None, None))
    st.remember_declared()
    return 0


def read_game(object self, list events):
    """``_Reader.read_py`` in C (see above): True, ``self.game`` read; False, the reader
    is spent (the caller starts again from a fresh one)."""
    cdef _Run run = _Run(self)
    try:
        for ev in events:
            run.step(ev)
    except Exception:
        return False
    return True


cdef dict _LINE_INFO = {}
"""A plain ``tsumo`` / ``dahai`` line's text -> (is_dahai, actor, kind, red, tsumogiri): all its
handler reads of the event, taken once from the line's JSON (~300 distinct lines make most of
a log)."""
cdef object _SCAN_ONCE = _SCAN
cdef dict _EVENTS = {}
"""A step line's text -> its decoded event, for the step types repeated verbatim across logs
(riichi, calls, kans, dora, end_kyoku: about half of the lines that are not draws or
discards); shared, never changed (the handlers only read an event)."""
cdef frozenset _REPEATED = frozenset(("reach", "reach_accepted", "end_kyoku", "end_game", "pon",
                                      "chi", "daiminkan", "ankan", "kakan", "dora", "nukidora"))


def read_lines(object self, list text_lines):
    """``parse_mjai``'s decoding and ``read_game`` in one pass over the text lines, a draw or
    discard line met before read from ``_LINE_INFO`` without its JSON object.  True,
    ``self.game`` read; False, the reader is spent (anything irregular, a line that is not
    exactly one JSON value included: the caller decodes and reads the lines the general way,
    for their answer or their error)."""
    cdef _Run run = _Run(self)
    cdef object line
    if not _SEEN:
        _LINE_INFO.clear()  # the caches are emptied together (_SEEN.clear())
        _EVENTS.clear()
    try:
        for line in text_lines:
            if type(line) is not str or _text_line(run, <str>line):
                return False
    except Exception:
        return False
    return True


cdef int _text_line(_Run run, str line) except -1:
    """One line of ``read_lines`` (or a line ``read_bytes`` does not read itself): 0 read
    (or blank), 1 the reader gives up; what the replay raises goes up."""
    cdef object info, got, ev
    info = _LINE_INFO.get(line)
    if info is not None and run.live:
        if (<tuple>info)[0]:
            run.dahai(<int>(<tuple>info)[1], <int>(<tuple>info)[2],
                      (<tuple>info)[3], (<tuple>info)[4], (<tuple>info)[2] >= 0)
        else:
            run.tsumo(<int>(<tuple>info)[1], <int>(<tuple>info)[2], (<tuple>info)[3])
        return 0
    ev = _EVENTS.get(line)
    if ev is not None:
        run.step(ev)
        return 0
    ev = mini_json_c(line, True)  # JSON blanks too (json.loads's value wherever it answers)
    if ev is None:
        try:
            got = _SCAN_ONCE(line, 0)
        except StopIteration:
            if not line.strip():
                return 0  # a blank line
            return 1
        if (<tuple>got)[1] != len(line):
            return 1
        ev = (<tuple>got)[0]
    run.step(ev)
    if type(ev) is dict and (<dict>ev).get("type") in _REPEATED:
        if len(_EVENTS) < 4096:
            _EVENTS[line] = ev
    elif type(ev) is dict and len(_LINE_INFO) < 4096:
        info = _line_info(<dict>ev)
        if info is not None:
            _LINE_INFO[line] = info
            if len(_SEEN) < 4096:
                _SEEN[line] = ev  # decode_lines's cache holds it too (shared, never changed)
    return 0


cdef object _line_info(dict ev):
    """The ``_LINE_INFO`` entry of a plain draw or discard event, or None."""
    cdef bint red
    cdef int kind
    t = ev.get("type")
    if type(t) is not str or (t != "tsumo" and t != "dahai"):
        return None
    actor = ev.get("actor")
    if type(actor) is not int or not 0 <= actor < 4:
        return None
    kind = _name_kind(ev.get("pai"), &red)
    if kind < 0:
        return None
    if t == "tsumo":
        return (False, actor, kind, red, False)
    return (True, actor, kind, red, bool(ev.get("tsumogiri")))


cdef class _Run:
    """One game's replay (``_Reader.read_py``'s loop): the reader, the round's RoundState."""
    cdef object reader
    cdef object game
    cdef RoundState st
    cdef bint live
    cdef bint game_red

    def __cinit__(self, object reader):
        self.reader = reader
        self.game = reader.game
        self.st = None
        self.live = False
        self.game_red = bool(reader.red)

    cdef int tsumo(self, int seat, int kind, bint red) except -1:
        """``on_tsumo`` of a tile name of ``_KINDS``."""
        cdef RoundState st = self.st
        if seat >= st.n:
            raise _DECLINE
        st.draw(seat, st.new_id(kind, red and self.game_red))
        return 0

    cdef int dahai(self, int seat, int kind, bint red, bint tsumogiri, bint known) except -1:
        """``on_dahai`` of a tile name (of ``_KINDS`` when ``known``)."""
        cdef RoundState st = self.st
        cdef int tile = -1
        if seat >= st.n:
            raise _DECLINE
        if tsumogiri and st.last_draw[seat] >= 0:
            tile = st.last_draw[seat]
            if kind != tile // 4:
                raise _DECLINE
        if tile < 0:
            if not known:
                raise _DECLINE
            if self.game_red and _five(kind):
                tile = st.find(seat, kind, red)
            else:
                tile = st.find(seat, kind, -1)
            if tile < 0:
                raise _DECLINE
        st.discard(seat, tile)
        return 0

    cdef int step(self, object ev_o) except -1:
        """One event of the log."""
        cdef RoundState st = self.st
        cdef bint red, game_red = self.game_red
        cdef int kind, seat, tile, n, p
        cdef dict ev
        cdef object t
        self_ = self.reader
        game = self.game
        if type(ev_o) is not dict:
            raise _DECLINE
        ev = <dict>ev_o
        t = ev.get("type")
        if type(t) is not str:
            raise _DECLINE
        if self.live:
            if t == "tsumo":
                seat = _seat(ev["actor"], st.n)
                kind = _name_kind(ev["pai"], &red)
                if kind < 0:
                    raise _DECLINE
                self.tsumo(seat, kind, red)
                return 0
            if t == "dahai":
                seat = _seat(ev["actor"], st.n)
                kind = _name_kind(ev["pai"], &red)
                self.dahai(seat, kind, red, bool(ev.get("tsumogiri")), kind >= 0)
                return 0
            if t == "reach":
                st.riichi_declared(_seat(ev["actor"], st.n))
                return 0
            if t == "reach_accepted":
                st.riichi_accepted(_seat(ev["actor"], st.n))
                return 0
            if t == "pon":
                _open(st, game_red, ev, _M_PON)
                return 0
            if t == "chi":
                _open(st, game_red, ev, _M_CHI)
                return 0
            if t == "daiminkan":
                _open(st, game_red, ev, _M_DAIMINKAN)
                return 0
            if t == "ankan":
                seat = _seat(ev["actor"], st.n)
                own = _own_many(st, game_red, seat, ev["consumed"])
                own.sort()
                tiles = tuple(own)
                st.call(seat, new_meld(_M_ANKAN, tiles, None, None, None), <int>_M_ANKAN, -1, -1, tiles)
                return 0
            if t == "kakan":
                seat = _seat(ev["actor"], st.n)
                st.kakan(seat, _own(st, game_red, seat, ev["pai"]))
                return 0
            if t == "nukidora":
                seat = _seat(ev["actor"], st.n)
                tile = _own(st, game_red, seat, ev.get("pai", "N"))
                st.call(seat, new_meld(_M_KITA, (tile,), None, None, None), <int>_M_KITA, -1, -1, (tile,))
                return 0
            if t == "dora":
                kind = _name_kind(ev["dora_marker"], &red)
                if kind < 0:
                    raise _DECLINE
                st.reveal_dora(st.new_id(kind, red and game_red))
                return 0
            if t == "hora":
                self.live = False
                _hora(self_, st, ev, game_red)  # built from st: no RoundReplay hand-over
                return 0
            if t == "ryukyoku":
                self.live = False
                _ryukyoku(self_, st, ev)  # built from st too
                return 0
        if t == "start_kyoku":
            tehais = ev["tehais"]
            if type(tehais) is not list:
                raise _DECLINE
            n = len(<list>tehais)
            if n < 1 or n > 4:
                raise _DECLINE
            self_.n = n
            if n == 3 and not game.rules.three_player:
                game.rules = dataclasses.replace(game.rules, three_player=True)
            self_._ura = {}
            st = self.st = new_state(n, game_red, self_.red)
            hands = []
            for p in range(n):
                h = []
                for name in tehais[p]:
                    kind = _name_kind(name, &red)
                    if kind < 0:
                        raise _DECLINE
                    h.append(st.new_id(kind, red and game_red))
                hands.append(tuple(h))
            kind = _name_kind(ev["dora_marker"], &red)
            if kind < 0:
                raise _DECLINE
            dora = (st.new_id(kind, red and game_red),)
            rnd = new_round(len(game.rounds), _WINDS.index(ev["bakaze"]), ev["kyoku"] - 1,
                            ev["oya"], ev.get("honba", 0), ev.get("kyotaku", 0),
                            tuple(ev["scores"]), dora, tuple(hands))
            game.rounds.append(rnd)
            self_.round = rnd
            self_.label = f"{self_.source} {rnd.label}"
            st.begin(rnd)
            for p in range(n):
                for tile in hands[p]:
                    st.add_tile(p, tile)
            self_.rp = None  # set when a result hands the round over
            self.live = True
            return 0
        if t == "start_game":
            if st is not None:
                raise _DECLINE  # the lobby's rules changed under a round: the twin decides
            self_._event(ev)
            self.game_red = bool(self_.red)
            return 0
        if t == "end_kyoku" or t == "end_game":
            return 0
        if st is None:
            raise _DECLINE  # a step before start_kyoku: the twin's error
        if t == "hora" or t == "ryukyoku":  # after the round's first result (a double ron)
            if self_.rp is None:  # the first result was built from st: st is still the round's
                if t == "hora" and self_.round.draw is None:
                    _hora(self_, st, ev, game_red)
                    return 0
                _replay_of(self_, st)
            (self_.on_hora if t == "hora" else self_.on_ryukyoku)(ev)
            return 0
        if t == "other" or getattr(self_, "on_" + t, None) is None:
            return 0  # on_other: an unknown event type is skipped
        raise _DECLINE  # a step after the round's result: the twin replays it


# ---------------------------------------------------------------------------
# A game from its bytes (parse_record's mjai path): the lines found in the UTF-8 bytes in
# C, a plain draw or discard line (a flat object of type, actor, pai and, for a discard,
# tsumogiri, in any key order, with or without blanks) read from its bytes straight into
# the replay, with no str, dict or cache look-up; any other line decoded to a str and read
# by ``_text_line`` (read_lines's step); anything irregular gives up as read_lines does.
# Twin: the reader's read_bytes (decode, split, the reader's event loop).

from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.string cimport memcmp, memset

cdef enum:
    _K_TYPE = 1
    _K_ACTOR = 2
    _K_PAI = 4
    _K_GIRI = 8


cdef inline Py_ssize_t _blank(const unsigned char *p, Py_ssize_t i, Py_ssize_t e) noexcept:
    """The first byte at or after ``i`` that is not a blank JSON allows inside a line."""
    while i < e and (p[i] == 32 or p[i] == 9):
        i += 1
    return i


cdef inline Py_ssize_t _string_end(const unsigned char *p, Py_ssize_t i, Py_ssize_t e) noexcept:
    """The closing quote of the plain string opening at ``i`` (printable ASCII, no escape),
    or -1 (json decides)."""
    i += 1
    while i < e:
        if p[i] == 34:
            return i
        if p[i] == 92 or p[i] < 32 or p[i] >= 127:
            return -1
        i += 1
    return -1


cdef inline bint _is(const unsigned char *p, Py_ssize_t n, const char *word) noexcept:
    cdef Py_ssize_t k = 0
    while k < n:
        if word[k] == 0 or <unsigned char>word[k] != p[k]:
            return False
        k += 1
    return word[n] == 0


cdef int _plain_step(const unsigned char *p, Py_ssize_t i, Py_ssize_t e, int *actor, int *kind,
                     bint *red, bint *giri) noexcept:
    """A draw (1) or a discard (2) in the line ``p[i:e]`` when it is exactly one flat JSON
    object of the keys type ("tsumo" / "dahai"), actor (an int 0-9999), pai (a name of
    ``_KINDS``) and tsumogiri (true / false), each once, in any order, blanks between; 0
    for any other line (the general way reads it)."""
    cdef int seen = 0, typ = 0, key, v
    cdef Py_ssize_t j, k
    giri[0] = False
    i = _blank(p, i, e)
    if i >= e or p[i] != 123:  # {
        return 0
    i = _blank(p, i + 1, e)
    while True:
        if i >= e or p[i] != 34:
            return 0
        j = _string_end(p, i, e)
        if j < 0:
            return 0
        if _is(p + i + 1, j - i - 1, b"type"):
            key = _K_TYPE
        elif _is(p + i + 1, j - i - 1, b"actor"):
            key = _K_ACTOR
        elif _is(p + i + 1, j - i - 1, b"pai"):
            key = _K_PAI
        elif _is(p + i + 1, j - i - 1, b"tsumogiri"):
            key = _K_GIRI
        else:
            return 0
        if seen & key:
            return 0  # a key twice: json's last one wins, the general way reads it
        seen |= key
        i = _blank(p, j + 1, e)
        if i >= e or p[i] != 58:  # :
            return 0
        i = _blank(p, i + 1, e)
        if i >= e:
            return 0
        if key == _K_TYPE or key == _K_PAI:
            if p[i] != 34:
                return 0
            j = _string_end(p, i, e)
            if j < 0:
                return 0
            if key == _K_PAI:
                kind[0] = _tile_kind(p + i + 1, j - i - 1, red)
                if kind[0] < 0:
                    return 0
            elif _is(p + i + 1, j - i - 1, b"tsumo"):
                typ = 1
            elif _is(p + i + 1, j - i - 1, b"dahai"):
                typ = 2
            else:
                return 0
            i = j + 1
        elif key == _K_ACTOR:
            if p[i] == 48:  # 0 (a number after it is not JSON: json decides)
                v = 0
                i += 1
            elif 49 <= p[i] <= 57:
                v = 0
                k = i
                while i < e and 48 <= p[i] <= 57:
                    if i - k >= 4:
                        return 0
                    v = 10 * v + p[i] - 48
                    i += 1
            else:
                return 0
            actor[0] = v
        else:
            if e - i >= 4 and _is(p + i, 4, b"true"):
                giri[0] = True
                i += 4
            elif e - i >= 5 and _is(p + i, 5, b"false"):
                giri[0] = False
                i += 5
            else:
                return 0
        i = _blank(p, i, e)  # a fraction, an exponent or a letter after a value: not here
        if i < e and p[i] == 44:  # ,
            i = _blank(p, i + 1, e)
            continue
        if i < e and p[i] == 125:  # }
            i = _blank(p, i + 1, e)
            break
        return 0
    if i != e or (seen & (_K_TYPE | _K_ACTOR | _K_PAI)) != (_K_TYPE | _K_ACTOR | _K_PAI):
        return 0
    return typ


cdef inline bint _at(const unsigned char *p, Py_ssize_t i, Py_ssize_t n, const char *word,
                     Py_ssize_t k) noexcept:
    """Whether ``p[i:i + k]`` (inside ``p[:n]``) is ``word``."""
    return i + k <= n and memcmp(p + i, word, k) == 0


cdef inline Py_ssize_t _name_at(const unsigned char *p, Py_ssize_t i, Py_ssize_t n, int *kind,
                                bint *red) noexcept:
    """After ``"pai":"``: the kind of the tile name at ``i`` and the index after its closing
    quote, or -1."""
    cdef Py_ssize_t k = 1
    while k <= 3 and i + k < n and p[i + k] != 34:
        k += 1
    if k > 3 or i + k >= n:
        return -1
    kind[0] = _tile_kind(p + i, k, red)
    return -1 if kind[0] < 0 else i + k + 1


cdef int _quick_step(const unsigned char *p, Py_ssize_t i, Py_ssize_t n, int *actor, int *kind,
                     bint *red, bint *giri, Py_ssize_t *nxt) noexcept:
    """``_plain_step`` of the line at ``i`` when it is spelt exactly as mjai.app / Mortal
    (``{"type":"dahai","actor":0,"pai":"5m","tsumogiri":false}``, no blank) or riichienv
    (``{"actor": 0, "pai": "5m", "tsumogiri": false, "type": "dahai"}``) write it, its
    line break right after it: 1 or 2 and the start of the next line in ``nxt``; else 0
    (the line is found and read the general way)."""
    cdef int typ
    cdef Py_ssize_t j
    giri[0] = False
    if _at(p, i, n, b'{"type":"', 9):  # mjai.app, Mortal
        if _at(p, i + 9, n, b'tsumo","actor":', 15):
            typ = 1
        elif _at(p, i + 9, n, b'dahai","actor":', 15):
            typ = 2
        else:
            return 0
        j = i + 24
        if j + 1 >= n or not (48 <= p[j] <= 57) or p[j + 1] != 44:
            return 0
        actor[0] = p[j] - 48
        if not _at(p, j + 1, n, b',"pai":"', 8):
            return 0
        j = _name_at(p, j + 9, n, kind, red)
        if j < 0:
            return 0
        if typ == 2 and _at(p, j, n, b',"tsumogiri":', 13):
            if _at(p, j + 13, n, b"true", 4):
                giri[0] = True
                j += 17
            elif _at(p, j + 13, n, b"false", 5):
                j += 18
            else:
                return 0
        if j >= n or p[j] != 125:
            return 0
        j += 1
    elif _at(p, i, n, b'{"actor": ', 10):  # riichienv (json.dumps, keys sorted)
        j = i + 10
        if j + 1 >= n or not (48 <= p[j] <= 57) or p[j + 1] != 44:
            return 0
        actor[0] = p[j] - 48
        if not _at(p, j + 1, n, b', "pai": "', 10):
            return 0
        j = _name_at(p, j + 11, n, kind, red)
        if j < 0:
            return 0
        if _at(p, j, n, b', "type": "tsumo"}', 18):
            typ = 1
            j += 18
        else:
            if _at(p, j, n, b', "tsumogiri": ', 15):
                if _at(p, j + 15, n, b"true", 4):
                    giri[0] = True
                    j += 19
                elif _at(p, j + 15, n, b"false", 5):
                    j += 20
                else:
                    return 0
            if not _at(p, j, n, b', "type": "dahai"}', 18):
                return 0
            typ = 2
            j += 18
    else:
        return 0
    if j == n or p[j] == 10:
        nxt[0] = j + 1
    elif p[j] == 13:
        nxt[0] = j + 2 if j + 1 < n and p[j + 1] == 10 else j + 1
    else:
        return 0
    return typ


cdef struct _Kyoku:
    # a start_kyoku line read from its bytes (_start_kyoku)
    int n
    int counts[4]
    int kinds[4][24]
    bint reds[4][24]
    int dkind
    bint dred
    int wind
    long kyoku, oya, honba, kyotaku
    int nscores
    long scores[8]
    int seen


cdef inline Py_ssize_t _int_at(const unsigned char *p, Py_ssize_t i, Py_ssize_t e,
                               long *v) noexcept:
    """A JSON integer of at most 9 digits at ``i``: the index after it, or -1 (what follows
    it is checked by the caller: a separator, not a digit, fraction or exponent)."""
    cdef bint neg = False
    cdef Py_ssize_t k
    cdef long x = 0
    if i < e and p[i] == 45:  # -
        neg = True
        i += 1
    if i >= e or not (48 <= p[i] <= 57):
        return -1
    if p[i] == 48:
        v[0] = 0
        return i + 1
    k = i
    while i < e and 48 <= p[i] <= 57:
        if i - k >= 9:
            return -1
        x = 10 * x + p[i] - 48
        i += 1
    v[0] = -x if neg else x
    return i


cdef Py_ssize_t _tile_list(const unsigned char *p, Py_ssize_t i, Py_ssize_t e, _Kyoku *k,
                           int seat) noexcept:
    """A list of tile names at ``i`` into hand ``seat`` of ``k``: the index after it, or -1."""
    cdef Py_ssize_t j
    cdef int kind
    cdef bint red
    if i >= e or p[i] != 91:  # [
        return -1
    i = _blank(p, i + 1, e)
    k.counts[seat] = 0
    if i < e and p[i] == 93:
        return i + 1
    while True:
        if i >= e or p[i] != 34:
            return -1
        j = _string_end(p, i, e)
        if j < 0:
            return -1
        kind = _tile_kind(p + i + 1, j - i - 1, &red)
        if kind < 0 or k.counts[seat] >= 24:
            return -1
        k.kinds[seat][k.counts[seat]] = kind
        k.reds[seat][k.counts[seat]] = red
        k.counts[seat] += 1
        i = _blank(p, j + 1, e)
        if i < e and p[i] == 44:
            i = _blank(p, i + 1, e)
            continue
        if i < e and p[i] == 93:
            return i + 1
        return -1


cdef bint _start_kyoku(const unsigned char *p, Py_ssize_t i, Py_ssize_t e, _Kyoku *k) noexcept:
    """Whether the line ``p[i:e]`` is exactly one flat start_kyoku object of the keys type,
    bakaze (E S W N), kyoku, oya, honba, kyotaku (JSON ints), scores (a list of at most 8
    ints), dora_marker (a name of ``_KINDS``) and tehais (1 to 4 lists of at most 24
    names), each once, honba and kyotaku optional, in any order; read into ``k``.  False
    for any other line (the general way reads it)."""
    cdef Py_ssize_t j, kl
    cdef int key
    cdef long v
    cdef const unsigned char *w
    memset(k, 0, sizeof(_Kyoku))  # honba, kyotaku: 0 when absent
    i = _blank(p, i, e)
    if i >= e or p[i] != 123:
        return False
    i = _blank(p, i + 1, e)
    while True:
        if i >= e or p[i] != 34:
            return False
        j = _string_end(p, i, e)
        if j < 0:
            return False
        w = p + i + 1
        kl = j - i - 1
        if _is(w, kl, b"type"):
            key = 1
        elif _is(w, kl, b"bakaze"):
            key = 2
        elif _is(w, kl, b"kyoku"):
            key = 4
        elif _is(w, kl, b"oya"):
            key = 8
        elif _is(w, kl, b"honba"):
            key = 16
        elif _is(w, kl, b"kyotaku"):
            key = 32
        elif _is(w, kl, b"scores"):
            key = 64
        elif _is(w, kl, b"dora_marker"):
            key = 128
        elif _is(w, kl, b"tehais"):
            key = 256
        else:
            return False
        if k.seen & key:
            return False
        k.seen |= key
        i = _blank(p, j + 1, e)
        if i >= e or p[i] != 58:
            return False
        i = _blank(p, i + 1, e)
        if i >= e:
            return False
        if key == 1 or key == 2 or key == 128:
            if p[i] != 34:
                return False
            j = _string_end(p, i, e)
            if j < 0:
                return False
            w = p + i + 1
            kl = j - i - 1
            if key == 1:
                if not _is(w, kl, b"start_kyoku"):
                    return False
            elif key == 2:
                if kl != 1:
                    return False
                if w[0] == 69:
                    k.wind = 0
                elif w[0] == 83:
                    k.wind = 1
                elif w[0] == 87:
                    k.wind = 2
                elif w[0] == 78:
                    k.wind = 3
                else:
                    return False
            else:
                k.dkind = _tile_kind(w, kl, &k.dred)
                if k.dkind < 0:
                    return False
            i = j + 1
        elif key == 64:
            if p[i] != 91:
                return False
            i = _blank(p, i + 1, e)
            k.nscores = 0
            if i < e and p[i] == 93:
                i += 1
            else:
                while True:
                    i = _int_at(p, i, e, &v)
                    if i < 0 or k.nscores >= 8:
                        return False
                    k.scores[k.nscores] = v
                    k.nscores += 1
                    i = _blank(p, i, e)
                    if i < e and p[i] == 44:
                        i = _blank(p, i + 1, e)
                        continue
                    if i < e and p[i] == 93:
                        i += 1
                        break
                    return False
        elif key == 256:
            if p[i] != 91:
                return False
            i = _blank(p, i + 1, e)
            k.n = 0
            while True:
                if k.n >= 4:
                    return False
                i = _tile_list(p, i, e, k, k.n)
                if i < 0:
                    return False
                k.n += 1
                i = _blank(p, i, e)
                if i < e and p[i] == 44:
                    i = _blank(p, i + 1, e)
                    continue
                if i < e and p[i] == 93:
                    i += 1
                    break
                return False
        else:
            i = _int_at(p, i, e, &v)
            if i < 0:
                return False
            if key == 4:
                k.kyoku = v
            elif key == 8:
                k.oya = v
            elif key == 16:
                k.honba = v
            else:
                k.kyotaku = v
        i = _blank(p, i, e)
        if i < e and p[i] == 44:
            i = _blank(p, i + 1, e)
            continue
        if i < e and p[i] == 125:
            i = _blank(p, i + 1, e)
            break
        return False
    return i == e and (k.seen | 16 | 32) == 511


cdef int _begin_round(_Run run, _Kyoku *k) except -1:
    """``_Run.step`` of a start_kyoku event (its twin ``_Reader.start``), from ``k``: the
    same steps in the same order (the hands' tile ids, then the indicator's)."""
    cdef int n = k.n, p, j
    cdef RoundState st
    cdef bint game_red = run.game_red
    self_ = run.reader
    game = run.game
    self_.n = n
    if n == 3 and not game.rules.three_player:
        game.rules = dataclasses.replace(game.rules, three_player=True)
    self_._ura = {}
    st = run.st = new_state(n, game_red, self_.red)
    hands = []
    for p in range(n):
        h = []
        for j in range(k.counts[p]):
            h.append(st.new_id(k.kinds[p][j], k.reds[p][j] and game_red))
        hands.append(tuple(h))
    dora = (st.new_id(k.dkind, k.dred and game_red),)
    rnd = new_round(len(game.rounds), k.wind, k.kyoku - 1, k.oya, k.honba, k.kyotaku,
                    tuple([k.scores[j] for j in range(k.nscores)]), dora, tuple(hands))
    game.rounds.append(rnd)
    self_.round = rnd
    self_.label = f"{self_.source} {rnd.label}"
    st.begin(rnd)
    for p in range(n):
        for tile in hands[p]:
            st.add_tile(p, tile)
    self_.rp = None  # set when a result hands the round over
    run.live = True
    return 0


cdef inline bint _other_break(const unsigned char *p, Py_ssize_t i, Py_ssize_t e) noexcept:
    """Whether ``p[i:e]`` may hold a line break of ``str.splitlines`` other than CR / LF
    (VT, FF, FS, GS, RS; NEL, LS, PS among the non-ASCII characters)."""
    while i < e:
        if p[i] == 11 or p[i] == 12 or 28 <= p[i] <= 30 or p[i] >= 128:
            return True
        i += 1
    return False


def read_bytes(object self, bytes data):
    """``parse_record``'s reading of an mjai game: the UTF-8 bytes (a BOM first allowed)
    split into lines as ``str.splitlines`` would and read in one pass, a plain draw or
    discard line straight from its bytes.  True, ``self.game`` read; False, the reader is
    spent (the caller decodes the text and reads it the general way, for its answer or
    its error)."""
    cdef _Run run = _Run(self)
    cdef const unsigned char *p = data
    cdef Py_ssize_t n = len(data), i = 0, e, nxt
    cdef int actor = 0, kind = 0, got
    cdef bint red = False, giri = False
    cdef object line
    cdef _Kyoku kyoku
    if not _SEEN:
        _LINE_INFO.clear()  # the caches are emptied together (_SEEN.clear())
        _EVENTS.clear()
    if n >= 3 and p[0] == 0xEF and p[1] == 0xBB and p[2] == 0xBF:
        i = 3  # the UTF-8 BOM (utf-8-sig)
    try:
        while i < n:
            if run.live:
                got = _quick_step(p, i, n, &actor, &kind, &red, &giri, &nxt)
                if got == 1:
                    run.tsumo(actor, kind, red)
                    i = nxt
                    continue
                if got == 2:
                    run.dahai(actor, kind, red, giri, True)
                    i = nxt
                    continue
            e = i
            while e < n and p[e] != 10 and p[e] != 13:
                e += 1
            nxt = e + 1
            if e + 1 < n and p[e] == 13 and p[e + 1] == 10:
                nxt = e + 2
            if run.live:
                got = _plain_step(p, i, e, &actor, &kind, &red, &giri)
                if got == 1:
                    run.tsumo(actor, kind, red)
                    i = nxt
                    continue
                if got == 2:
                    run.dahai(actor, kind, red, giri, True)
                    i = nxt
                    continue
            i = _blank(p, i, e)  # JSON's blanks around the value (json.loads's answer)
            while e > i and (p[e - 1] == 32 or p[e - 1] == 9):
                e -= 1
            if e - i > 100 and _start_kyoku(p, i, e, &kyoku):
                _begin_round(run, &kyoku)
                i = nxt
                continue
            if e > i:
                line = PyUnicode_DecodeUTF8(<const char *>p + i, e - i, b"strict")
                if _other_break(p, i, e) and (<str>line).splitlines() != [line]:
                    return False
                if _text_line(run, <str>line):
                    return False
            i = nxt
    except Exception:
        return False
    return True
