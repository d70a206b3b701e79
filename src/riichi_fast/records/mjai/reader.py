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
import os

from riichi_fast import _backend
from riichi_fast.enums import MeldType
from riichi_fast.records.errors import RecordError, malformed_record, record_path, record_text
from riichi_fast.records.mjai.names import KINDS as _KINDS
from riichi_fast.records.mjai.names import REASONS as _REASONS
from riichi_fast.records.mjai.names import WINDS as _WINDS
from riichi_fast.records.mjai.names import mjai_kind
from riichi_fast.records.model import (
    DrawKind,
    Event,
    Game,
    GameRules,
    RecordedDraw,
    RecordedScore,
    RecordMeld,
    Round,
    built,
)
from riichi_fast.records.round_state import RoundReplay, TileIds

__all__ = ["mjai_kind", "parse_mjai", "parse_mjai_bytes", "read_mjai"]

_impl = _backend.load("records.mjai._reader")
"""The lines decoded and whole games replayed in C (twin: the handlers of :class:`_Reader`)."""


def read_mjai(path: str | os.PathLike) -> Game:
    """Read an mjai JSON-lines file into a :class:`Game`."""
    with open(record_path(path, "read_mjai"), encoding="utf-8") as f:
        return parse_mjai(f.read(), source=os.path.basename(os.fspath(path)))


def parse_mjai(text: str, source: str = "<mjai>", red_fives: bool = True) -> Game:
    """Parse mjai JSON lines.

    >>> g = parse_mjai('{"type":"start_game","names":["a","b","c","d"]}')
    >>> g.players, g.format
    (('a', 'b', 'c', 'd'), 'mjai')
    """
    text_lines = record_text(text, "parse_mjai").splitlines()
    if type(text_lines) is list:
        # the lines read and replayed in one pass; anything it leaves: the general way below
        reader = _Reader(source, red_fives)
        if _impl.read_lines(reader, text_lines):
            return reader.game
    events, lines = _impl.decode_lines(text_lines, source)
    with malformed_record(source):
        return _Reader(source, red_fives).read(events, lines)


def parse_mjai_bytes(data: bytes, source: str = "<mjai>") -> Game:
    """Parse mjai JSON lines from their UTF-8 bytes (a BOM first allowed), as
    :func:`~riichi_fast.records.verify_files.parse_record` reads an mjai record: the bytes decoded
    (``utf-8-sig``) and read by :func:`parse_mjai`.  ``_impl.read_bytes`` reads the game from
    the bytes in one pass, and leaves anything irregular to that.

    >>> g = parse_mjai_bytes(b'\\xef\\xbb\\xbf{"type":"start_game","names":["a","b","c","d"]}\\r\\n')
    >>> g.players, g.format
    (('a', 'b', 'c', 'd'), 'mjai')
    >>> parse_mjai_bytes(b'{"type":"start_game"}\\xff', "x.mjson")
    Traceback (most recent call last):
    ...
    riichi_fast.records.errors.RecordError: x.mjson: not UTF-8 text ('utf-8' codec can't decode byte 0xff in position 21: invalid start byte)
    """
    if type(data) is bytes:
        reader = _Reader(source, True)
        if _impl.read_bytes(reader, data):
            return reader.game
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{source}: not UTF-8 text ({exc})") from None
    return parse_mjai(text, source=source)


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
        """``tile`` of each name in turn (a starting hand)."""
        return _impl.tiles(self, names)

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
        """Replay the events: ``_impl.read_game`` replays the whole game in one pass; for
        anything it leaves, the game is read, from a fresh reader, by :meth:`read_py`, whose
        answer or error it is."""
        if type(events) is list:
            if _impl.read_game(self, events):
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
