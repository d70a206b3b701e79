"""Reader for mjai JSON-lines game logs.

One JSON object per line: ``start_game``, then per round ``start_kyoku``
(``bakaze``, ``kyoku`` 1-4, ``honba``, ``kyotaku``, ``oya``, ``scores``,
``dora_marker``, ``tehais``), ``tsumo``/``dahai``, ``chi``/``pon``/
``daiminkan``/``kakan``/``ankan`` (``actor``, ``target``, ``pai``,
``consumed``), ``reach``/``reach_accepted``, ``dora``, and ``hora`` /
``ryukyoku`` before ``end_kyoku``.

Tiles are mjai names (``1m``..``9s``, ``E S W N P F C``, ``5mr`` for a red
five).  A ``hora`` carries less than a Tenhou record: ``actor``, ``target``,
``deltas`` and ``ura_markers`` (plus ``fu``/``fan``/``yakus`` when the writer
added them); the hand and the situation come from replaying the round.

Extensions read (written by :mod:`riichi_fast.records.writers`): ``start_game``
``aka_flag`` (mjai.app: red fives on or off) and ``kuitan`` (open tanyao);
``hora`` ``pao`` (the liable seat).  Three ``tehais`` make a three-player game.
"""

from __future__ import annotations

import dataclasses
import json
import os

from riichi_fast.enums import MeldType
from riichi_fast.records._replay import (
    RecordError,
    RoundReplay,
    TileIds,
    built,
    malformed_record,
    record_path,
    record_text,
)
from riichi_fast.records.model import (
    DrawKind,
    Event,
    Game,
    GameRules,
    RecordedDraw,
    RecordedScore,
    RecordMeld,
    Round,
)

__all__ = ["mjai_kind", "parse_mjai", "parse_mjai_bytes", "read_mjai"]

_HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
_WINDS = "ESWN"
_REASONS = {
    None: DrawKind.EXHAUSTIVE, "fanpai": DrawKind.EXHAUSTIVE,
    "exhaustive": DrawKind.EXHAUSTIVE,
    "nagashimangan": DrawKind.NAGASHI_MANGAN, "nagashi_mangan": DrawKind.NAGASHI_MANGAN,
    "yao9": DrawKind.KYUUSHU, "kyushukyuhai": DrawKind.KYUUSHU,
    "kaze4": DrawKind.SUUFON, "reach4": DrawKind.SUUCHA_RIICHI,
    "ron3": DrawKind.SANCHAHOU, "kan4": DrawKind.SUUKAIKAN,
    # riichienv (and other engines) spell the reasons out
    "exhaustive_draw": DrawKind.EXHAUSTIVE, "ryukyoku": DrawKind.EXHAUSTIVE,
    "nagashi_mangan_draw": DrawKind.NAGASHI_MANGAN,
    "kyushu_kyuhai": DrawKind.KYUUSHU, "kyuushu_kyuuhai": DrawKind.KYUUSHU,
    "sufuurenta": DrawKind.SUUFON, "suufon_renda": DrawKind.SUUFON, "sufonrenda": DrawKind.SUUFON,
    "suucha_riichi": DrawKind.SUUCHA_RIICHI, "suucha_reach": DrawKind.SUUCHA_RIICHI,
    "sanchaho": DrawKind.SANCHAHOU, "sanchahou": DrawKind.SANCHAHOU,
    "suukansansen": DrawKind.SUUKAIKAN, "suukaikan": DrawKind.SUUKAIKAN, "sukansansen": DrawKind.SUUKAIKAN,
}


def mjai_kind(name: str) -> tuple[int, bool]:
    """Kind and redness of an mjai tile name.

    >>> mjai_kind("5mr"), mjai_kind("9s"), mjai_kind("C")
    ((4, True), (26, False), (33, False))
    """
    try:
        return _KINDS[name]
    except (KeyError, TypeError):
        pass
    if name in _HONORS:
        return _HONORS[name], False
    red = name.endswith("r")
    core = name[:-1] if red else name
    if len(core) == 2 and core[0] in "123456789" and core[1] in "mps":
        kind = "mps".index(core[1]) * 9 + int(core[0]) - 1
        if red and core[0] != "5":
            raise RecordError(f"bad mjai tile {name!r}")
        return kind, red
    raise RecordError(f"bad mjai tile {name!r}")


_KINDS = {**{f"{num}{suit}": ("mps".index(suit) * 9 + num - 1, False)
              for suit in "mps" for num in range(1, 10)},
           **{f"5{suit}r": ("mps".index(suit) * 9 + 4, True) for suit in "mps"},
           **{name: (kind, False) for name, kind in _HONORS.items()}}
"""Every valid mjai tile name -> (kind, red): ``mjai_kind`` looks them up (~1,300 a game)."""

_SCAN = json.JSONDecoder().scan_once
_SEEN: dict = {}
"""Decoded ``tsumo``/``dahai`` lines by their text (~300 distinct lines make most of a log)."""


_COMPILED: list = []
_COMPILED_DECODE: list = []
_COMPILED_TILES: list = []
_COMPILED_GAME: list = []
_COMPILED_LINES: list = []
_COMPILED_BYTES: list = []
USE_COMPILED = True
"""False: every event through the Python twin (tests compare the two)."""


def _compiled_read():
    """``records._mjai.read_game`` (None under RIICHI_FAST_PUREPYTHON=1 or ``USE_COMPILED``
    False); a missing compiled module is an error, as for every kernel (``_backend``)."""
    if not USE_COMPILED:
        return None
    if not _COMPILED:
        from riichi_fast import _backend

        mod = _backend.compiled("records.mjai._reader")
        _COMPILED.append(None if mod is None else mod.read_game)
        if mod is not None:
            _COMPILED_DECODE.append(mod.decode_lines)
            _COMPILED_TILES.append(mod.tiles)
            _COMPILED_GAME.append(mod.read_game)
            _COMPILED_LINES.append(mod.read_lines)
            _COMPILED_BYTES.append(mod.read_bytes)
    return _COMPILED[0]


def read_mjai(path: str | os.PathLike) -> Game:
    """Read an mjai JSON-lines file into a :class:`Game`."""
    with open(record_path(path, "read_mjai"), encoding="utf-8") as f:
        return parse_mjai(f.read(), source=os.path.basename(os.fspath(path)))


def _decode_lines(text_lines: list, source: str) -> tuple[list, list[int]]:
    """The events of the non-blank lines and their line numbers (twin of
    ``records._mjai.decode_lines``)."""
    events, lines = [], []
    scan, seen = _SCAN, _SEEN
    for lineno, line in enumerate(text_lines, 1):
        ev = seen.get(line) if line.__class__ is str else None
        if ev is not None:  # a draw or discard line met before: its event, decoded then
            events.append(ev)
            lines.append(lineno)
            continue
        # the C scanner alone when the line is one JSON value, exactly (json.loads's answer):
        # else json.loads itself, for its answer or its error
        try:
            ev, end = scan(line, 0)
            if end != len(line):
                raise StopIteration
        except (StopIteration, ValueError, TypeError, RecursionError):
            if not line.strip():
                continue
            try:
                ev = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{source}:{lineno}: not JSON ({exc})") from None
            except RecursionError:
                raise RecordError(f"{source}:{lineno}: JSON nested too deeply") from None
        if ev.__class__ is dict and ev.get("type") in ("tsumo", "dahai") and len(seen) < 4096 \
                and line.__class__ is str:
            seen[line] = ev  # never changed by the reader: shared by every line that spells it
        events.append(ev)
        lines.append(lineno)
    return events, lines


def parse_mjai(text: str, source: str = "<mjai>", red_fives: bool = True) -> Game:
    """Parse mjai JSON lines.

    >>> g = parse_mjai('{"type":"start_game","names":["a","b","c","d"]}')
    >>> g.players, g.format
    (('a', 'b', 'c', 'd'), 'mjai')
    """
    text_lines = record_text(text, "parse_mjai").splitlines()
    compiled = _compiled_read()
    if compiled is not None and type(text_lines) is list:
        # the lines read and replayed in C in one pass; anything it leaves: the general way below
        reader = _Reader(source, red_fives)
        if _COMPILED_LINES[0](reader, text_lines):
            return reader.game
    events, lines = (_decode_lines(text_lines, source) if compiled is None
                     else _COMPILED_DECODE[0](text_lines, source))
    with malformed_record(source):
        return _Reader(source, red_fives).read(events, lines)


def parse_mjai_bytes(data: bytes, source: str = "<mjai>") -> Game:
    """Parse mjai JSON lines from their UTF-8 bytes (a BOM first allowed), as
    :func:`~riichi_fast.records.verify_files.parse_record` reads an mjai record: the bytes decoded
    (``utf-8-sig``) and read by :func:`parse_mjai`.  Compiled, ``records._mjai.read_bytes``
    reads the game from the bytes in one pass, and leaves anything irregular to that.

    >>> g = parse_mjai_bytes(b'\\xef\\xbb\\xbf{"type":"start_game","names":["a","b","c","d"]}\\r\\n')
    >>> g.players, g.format
    (('a', 'b', 'c', 'd'), 'mjai')
    >>> parse_mjai_bytes(b'{"type":"start_game"}\\xff', "x.mjson")
    Traceback (most recent call last):
    ...
    riichi_fast.records._replay.RecordError: x.mjson: not UTF-8 text ('utf-8' codec can't decode byte 0xff in position 21: invalid start byte)
    """
    if _compiled_read() is not None and type(data) is bytes:
        reader = _Reader(source, True)
        if _COMPILED_BYTES[0](reader, data):
            return reader.game
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{source}: not UTF-8 text ({exc})") from None
    return parse_mjai(text, source=source)


def _read_bytes(reader: _Reader, data: bytes) -> bool:
    """Twin of ``records._mjai.read_bytes``: True, ``reader.game`` read from ``data`` (UTF-8,
    a BOM first allowed); False, the reader is spent (the text is not UTF-8, or reading it
    raised: :func:`parse_mjai_bytes` then gives the error)."""
    try:
        text = data.decode("utf-8-sig")
        events, lines = _decode_lines(text.splitlines(), reader.source)
        reader.read_py(events, lines)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError):  # what malformed_record turns into a RecordError
        return False
    return True


class _Reader:
    def __init__(self, source: str, red_fives: bool) -> None:
        self.source = source
        self._red0 = red_fives
        self.red = red_fives
        self.game = Game(source, "mjai", GameRules(red_fives=red_fives), ())
        self.rp: RoundReplay | None = None
        self._ura: dict = {}  # ura indicators read in this round, by their names
        # the handlers of the step events, by type (others take the general path of _event)
        self._steps = {"tsumo": self.on_tsumo, "dahai": self.on_dahai, "reach": self.on_reach,
                       "reach_accepted": self.on_reach_accepted, "pon": self.on_pon,
                       "chi": self.on_chi, "dora": self.on_dora}

    def tile(self, name: str) -> int:
        try:
            kind, red = _KINDS[name]
        except (KeyError, TypeError):
            kind, red = mjai_kind(name)
        return self.ids.new(kind, red and self.red)

    def tiles(self, names) -> tuple[int, ...]:
        """``tile`` of each name in turn (a starting hand); compiled: ``records._mjai.tiles``."""
        if _compiled_read() is not None:
            return _COMPILED_TILES[0](self, names)
        kinds, new, red_fives, out = _KINDS, self.ids.new, self.red, []
        for name in names:
            try:
                kind, red = kinds[name]
            except (KeyError, TypeError):
                kind, red = mjai_kind(name)
            out.append(new(kind, red and red_fives))
        return tuple(out)

    def own(self, seat: int, name: str) -> int:
        kind, red = mjai_kind(name)
        if self.red and kind in (4, 13, 22):
            return self.rp.find(seat, kind, red)
        return self.rp.find(seat, kind)

    def own_many(self, seat: int, names: list[str]) -> list[int]:
        out = []
        hand = list(self.rp.hands[seat])
        for name in names:
            kind, red = mjai_kind(name)
            strict = self.red and kind in (4, 13, 22)
            for t in hand:
                if t // 4 == kind and (not strict or (t == 4 * kind) == red):
                    out.append(t)
                    hand.remove(t)
                    break
            else:
                raise self.rp.error(f"seat {seat} has no {name} for a call")
        return out

    def read(self, events: list[dict], lines: list[int] | None = None) -> Game:
        """Replay the events: ``records._mjai.read_game`` replays the whole game in C; for
        anything it leaves to the twin (and under ``RIICHI_FAST_PUREPYTHON=1``) the game is
        read, from a fresh reader, by :meth:`read_py`, whose answer or error it is."""
        if _compiled_read() is not None and type(events) is list:
            if _COMPILED_GAME[0](self, events):
                return self.game
            self.__init__(self.source, self._red0)
        return self.read_py(events, lines)

    def located(self, exc: RecordError, i: int, lines: list[int] | None) -> RecordError:
        """``exc`` naming the position: the line of event ``i`` (and the round, when known)."""
        where = f"{self.source}:{lines[i] if lines else i + 1}"
        msg = str(exc)
        if not msg.startswith(self.source):
            msg = f"{where}: {msg}"
        else:
            msg = where + msg[len(self.source):]
        return RecordError(msg)

    def read_py(self, events: list[dict], lines: list[int] | None = None) -> Game:
        steps = self._steps
        for i, ev in enumerate(events):
            try:
                t = ev.get("type") if ev.__class__ is dict else None
                step = steps.get(t) if t.__class__ is str else None
                if step is not None and self.rp is not None:
                    step(ev)
                else:
                    self._event(ev)
            except RecordError as exc:
                raise self.located(exc, i, lines) from None
        return self.game

    def _event(self, ev) -> None:
        t = ev.get("type")
        if t == "start_game":
            names = ev.get("names")
            if names:
                self.game.players = tuple(str(x) for x in names)
            # mjai.app's aka_flag and riichi_fast's kuitan (records.writers) state the lobby's rules
            if "aka_flag" in ev:
                self.red = bool(ev["aka_flag"])
            self.game.rules = dataclasses.replace(self.game.rules, red_fives=self.red,
                                                  open_tanyao=bool(ev.get("kuitan", True)))
            return
        if t == "start_kyoku":
            self.start(ev)
            return
        if t in ("end_kyoku", "end_game", None):
            return
        if self.rp is None:
            raise RecordError(f"{self.source}: {t!r} before start_kyoku")
        getattr(self, "on_" + t, self.on_other)(ev)

    def start(self, ev: dict) -> None:
        n = len(ev["tehais"])
        self.n = n
        if n == 3 and not self.game.rules.three_player:
            self.game.rules = dataclasses.replace(self.game.rules, three_player=True)
        self.ids = TileIds(self.red)
        self._ura = {}
        hands = tuple(self.tiles(h) for h in ev["tehais"])
        dora = (self.tile(ev["dora_marker"]),)
        rnd = Round(index=len(self.game.rounds), round_wind=_WINDS.index(ev["bakaze"]),
                    kyoku=ev["kyoku"] - 1, dealer=ev["oya"], honba=ev.get("honba", 0),
                    riichi_sticks=ev.get("kyotaku", 0), scores=tuple(ev["scores"]),
                    dora_indicators=dora, initial_hands=hands)
        self.game.rounds.append(rnd)
        self.round = rnd
        self.rp = RoundReplay(rnd, n, f"{self.source} {rnd.label}", self.red, n == 3)

    def on_other(self, ev: dict) -> None:  # unknown event types are skipped
        pass

    def on_tsumo(self, ev: dict) -> None:
        seat, name = ev["actor"], ev["pai"]
        try:
            kind, red = _KINDS[name]
        except (KeyError, TypeError):
            kind, red = mjai_kind(name)
        self.rp.draw(seat, self.ids.new(kind, red and self.red))

    def on_dahai(self, ev: dict) -> None:
        seat = ev["actor"]
        rp = self.rp
        tile = None
        if ev.get("tsumogiri") and rp.last_draw[seat] is not None:
            tile = rp.last_draw[seat]
            if tile // 4 != mjai_kind(ev["pai"])[0]:
                raise rp.error(f"seat {seat} tsumogiri {ev['pai']} differs from the draw")
        if tile is None:
            tile = self.own(seat, ev["pai"])
        rp.discard(seat, tile)

    def _called(self, ev: dict) -> int:
        seat, tile = self.rp.last_discard if self.rp.last_discard else (None, None)
        if seat != ev["target"] or tile is None or tile // 4 != mjai_kind(ev["pai"])[0]:
            raise self.rp.error(f"call of {ev['pai']} from seat {ev['target']} "
                                "that did not just discard it")
        return tile

    def _open(self, ev: dict, mtype: MeldType) -> None:
        called = self._called(ev)
        own = self.own_many(ev["actor"], ev["consumed"])
        self.rp.call(ev["actor"], RecordMeld(mtype, tuple(sorted(own + [called])), called,
                                             ev["target"]))

    def on_chi(self, ev: dict) -> None:
        self._open(ev, MeldType.CHI)

    def on_pon(self, ev: dict) -> None:
        self._open(ev, MeldType.PON)

    def on_daiminkan(self, ev: dict) -> None:
        self._open(ev, MeldType.DAIMINKAN)

    def on_ankan(self, ev: dict) -> None:
        own = self.own_many(ev["actor"], ev["consumed"])
        self.rp.call(ev["actor"], RecordMeld(MeldType.ANKAN, tuple(sorted(own))))

    def on_kakan(self, ev: dict) -> None:
        seat = ev["actor"]
        added = self.own(seat, ev["pai"])
        for m in self.rp.melds[seat]:
            if m.type == MeldType.PON and m.kind == added // 4:
                break
        else:
            raise self.rp.error(f"seat {seat} kakan without a pon")
        self.rp.call(seat, RecordMeld(MeldType.SHOUMINKAN, tuple(sorted(m.tiles + (added,))),
                                      m.called, m.from_seat, added))

    def on_nukidora(self, ev: dict) -> None:
        seat = ev["actor"]
        tile = self.own(seat, ev.get("pai", "N"))
        self.rp.call(seat, RecordMeld(MeldType.KITA, (tile,)))

    def on_reach(self, ev: dict) -> None:
        self.rp.riichi_declared(ev["actor"])

    def on_reach_accepted(self, ev: dict) -> None:
        self.rp.riichi_accepted(ev["actor"])

    def on_dora(self, ev: dict) -> None:
        self.rp.reveal_dora(self.tile(ev["dora_marker"]))

    def on_hora(self, ev: dict) -> None:
        rp = self.rp
        rnd = self.round
        who, target = ev["actor"], ev["target"]
        names = tuple(ev.get("ura_markers") or ())
        # the winners of a double ron show the same ura indicators: the same tiles, not new ones
        ura = self._ura.get(names)
        if ura is None:
            ura = self._ura[names] = tuple(self.tile(x) for x in names)
        deltas = ev.get("deltas")
        before = list(rp.scores_now())
        for w in rnd.wins:
            for s in range(self.n):
                before[s] += w.recorded.score_changes[s]
        recorded = built(RecordedScore, {
            "han": ev.get("fan", ev.get("han")), "fu": ev.get("fu"),
            "points": ev.get("hora_points", ev.get("points")), "limit": None, "yaku": (),
            "yakuman": (), "dora": None, "ura": None, "aka": None,
            "score_changes": tuple(deltas) if deltas is not None else None,
            "scores_before": tuple(before), "pao": ev.get("pao"), "text": None})
        win_tile = None
        if "pai" in ev and who != target:
            win_tile = rp.win_tile_for_ron()
            if win_tile // 4 != mjai_kind(ev["pai"])[0]:
                raise rp.error(f"hora pai {ev['pai']} is not the tile won on")
        rp.win(who, target, recorded, honba=rnd.honba,
               sticks=rnd.riichi_sticks + rp.sticks_paid, ura=ura, win_tile=win_tile)

    def on_ryukyoku(self, ev: dict) -> None:
        rp = self.rp
        rnd = self.round
        reason = ev.get("reason")
        kind = _REASONS.get(reason)
        if kind is None:
            raise rp.error(f"unknown ryukyoku reason {reason!r}")
        deltas = tuple(ev.get("deltas") or (0,) * self.n)
        if "tenpais" in ev:
            tenpai: tuple[int, ...] | None = tuple(i for i, x in enumerate(ev["tenpais"]) if x)
        elif kind == DrawKind.EXHAUSTIVE:
            tenpai = tuple(s for s in range(self.n) if deltas[s] > 0) if any(deltas) else None
        else:
            tenpai = None if kind == DrawKind.NAGASHI_MANGAN else ()
        nagashi = tuple(s for s in range(self.n) if deltas[s] > 0) \
            if kind == DrawKind.NAGASHI_MANGAN else ()
        rnd.draw = RecordedDraw(source=rp.label, round_index=rnd.index, kind=kind,
                                dealer=rnd.dealer, honba=rnd.honba,
                                riichi_sticks=rnd.riichi_sticks + rp.sticks_paid,
                                tenpai=tenpai, nagashi=nagashi, score_changes=deltas,
                                scores_before=rp.scores_now(), n_players=self.n)
        rnd.events.append(Event("end"))
        rp.remember_declared()
