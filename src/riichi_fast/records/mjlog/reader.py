"""Reader for Tenhou mjlog XML records (plain or gzip-compressed).

The mjlog format: ``<GO type>`` holds the rule flags, ``<UN>`` the player
names, each ``<INIT>`` starts a round (``seed`` = round, counters, sticks,
dice, dice, first dora indicator; ``hai0..3`` the dealt hands), then one tag
per step: ``T/U/V/W<id>`` a draw by seat 0-3, ``D/E/F/G<id>`` a discard,
``<N who m>`` a call in Tenhou's meld encoding, ``<REACH who step>`` a riichi
(step 1 declared, step 2 the stick paid), ``<DORA hai>`` a kan-dora, and
``<AGARI>`` / ``<RYUUKYOKU>`` ending the round.

Everything a scorer needs that ``<AGARI>`` does not state (riichi, ippatsu,
haitei, rinshan, chankan, ...) is derived from the events, and the hand is
replayed from the dealt tiles so that the record is checked for consistency
on the way: a record whose ``<AGARI hai>`` disagrees with its own events
raises :class:`RecordError`.
"""

from __future__ import annotations

import gzip
import os
import xml.etree.ElementTree as ET
from urllib.parse import unquote

from riichi_fast import _backend
from riichi_fast.records.errors import RecordError, malformed_record, record_path, record_text
from riichi_fast.records.mjlog.melds import decode_meld
from riichi_fast.records.model import DrawKind, Event, Game, GameRules, RecordedDraw, RecordedScore, RecordMeld, Round
from riichi_fast.records.round_state import RoundReplay

__all__ = ["RecordError", "decode_meld", "parse_mjlog", "read_mjlog"]

_impl = _backend.load("records.mjlog._reader")
"""Each round's steps replayed in C (twin: :meth:`_Reader.read`)."""
_ints = _impl.ints

DORA_ID, URA_ID, AKA_ID = 52, 53, 54

_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"

_RYUUKYOKU_KINDS = {
    None: DrawKind.EXHAUSTIVE,
    "nm": DrawKind.NAGASHI_MANGAN,
    "yao9": DrawKind.KYUUSHU,
    "kaze4": DrawKind.SUUFON,
    "reach4": DrawKind.SUUCHA_RIICHI,
    "ron3": DrawKind.SANCHAHOU,
    "kan4": DrawKind.SUUKAIKAN,
}


def read_mjlog(path: str | os.PathLike) -> Game:
    """Read an mjlog file (plain XML or gzip) into a :class:`Game`."""
    with open(record_path(path, "read_mjlog"), "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return parse_mjlog(data, source=os.path.basename(os.fspath(path)))


def parse_mjlog(data: bytes | str, source: str = "<mjlog>") -> Game:
    """Parse the XML text of an mjlog into a :class:`Game`.

    >>> xml = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="a" n1="b" n2="c" n3="d"/>'
    ...        '<TAIKYOKU oya="0"/></mjloggm>')
    >>> g = parse_mjlog(xml)
    >>> g.rules.red_fives, g.rules.hanchan, g.players
    (True, True, ('a', 'b', 'c', 'd'))
    """
    record_text(data, "parse_mjlog")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise RecordError(f"{source}: not well-formed XML ({exc})") from None
    with malformed_record(source):
        reader = _Reader(source)
        if _impl.read(reader, root):
            return reader.game
        return _Reader(source).read(root)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.rules = GameRules()
        self.n = 4
        self.players: tuple[str, ...] = ()
        self.game: Game | None = None
        self.round: Round | None = None

    # -- game level -------------------------------------------------------
    def read(self, root) -> Game:
        self.start()
        step = self.step
        for el in root:
            step(el)
        return self.game

    def start(self) -> None:
        self.game = Game(self.source, "mjlog", self.rules, ())

    def step(self, el) -> None:
        """Read one element of the record (what the compiled ``_impl.read`` does per element)."""
        tag = el.tag
        if tag == "GO":
            flags = int(el.get("type", "0"))
            self.n = 3 if flags & 0x10 else 4
            self.rules = GameRules(red_fives=not flags & 0x02,
                                   open_tanyao=not flags & 0x04,
                                   three_player=bool(flags & 0x10),
                                   hanchan=bool(flags & 0x08), type_flags=flags)
            self.game.rules = self.rules
        elif tag == "UN":
            if el.get("n0") is not None and not self.game.players:
                names = [unquote(el.get(f"n{i}", "")) for i in range(4)]
                if self.n == 3 or not names[3]:
                    names = names[:3] if self.n == 3 else names
                self.game.players = tuple(names)
        elif tag == "INIT":
            self._init(el)
        elif tag[0] in _DRAW_TAGS and tag[1:].isdigit():
            self._draw(_DRAW_TAGS.index(tag[0]), int(tag[1:]))
        elif tag[0] in _DISCARD_TAGS and tag[1:].isdigit():
            self._discard(_DISCARD_TAGS.index(tag[0]), int(tag[1:]))
        elif tag == "N":
            self._call(int(el.get("who")), int(el.get("m")))
        elif tag == "REACH":
            self._reach(int(el.get("who")), int(el.get("step")))
        elif tag == "DORA":
            self._dora(int(el.get("hai")))
        elif tag == "AGARI":
            self._agari(el)
        elif tag == "RYUUKYOKU":
            self._ryuukyoku(el)

    # -- round state ------------------------------------------------------
    def _need_round(self) -> Round:
        if self.round is None:
            raise RecordError(f"{self.source}: event before the first <INIT>")
        return self.round

    def _init(self, el) -> None:
        rnd = self._new_round(el)
        self.replay = RoundReplay(rnd, self.n, f"{self.source} {rnd.label}",
                                  self.rules.red_fives, self.n == 3)

    def _new_round(self, el) -> Round:
        """The Round an ``<INIT>`` starts, appended to the game (the compiled ``_impl.read`` replays
        its steps on a RoundState of its own instead of the RoundReplay ``_init`` adds)."""
        seed = _ints(el.get("seed"))
        if len(seed) < 6:
            raise RecordError(f"{self.source}: <INIT seed> needs 6 numbers, got {seed}")
        dealer = int(el.get("oya"))
        if not 0 <= dealer < self.n:
            raise RecordError(f"{self.source}: <INIT oya=\"{dealer}\"> is not a seat 0-{self.n - 1}")
        hands = tuple(tuple(_ints(el.get(f"hai{i}"))) for i in range(self.n))
        for i, hand in enumerate(hands):
            bad = [t for t in hand if not 0 <= t < 136]
            if bad:
                raise RecordError(f"{self.source}: <INIT hai{i}> holds tile id {bad[0]}, not 0-135")
        scores = tuple(x * 100 for x in _ints(el.get("ten")))[: self.n]
        rnd = Round(index=len(self.game.rounds), round_wind=seed[0] // 4, kyoku=seed[0] % 4,
                    dealer=dealer, honba=seed[1], riichi_sticks=seed[2], scores=scores,
                    dora_indicators=(seed[5],), initial_hands=hands)
        self.game.rounds.append(rnd)
        self.round = rnd
        return rnd

    def _draw(self, seat: int, tile: int) -> None:
        self._need_round()
        self.replay.draw(seat, tile)

    def _discard(self, seat: int, tile: int) -> None:
        self._need_round()
        self.replay.discard(seat, tile)

    def _call(self, who: int, code: int) -> None:
        self._need_round()
        self.replay.call(who, self._meld(code, who))

    def _meld(self, code: int, who: int) -> RecordMeld:
        """decode_meld, its error naming the record and the round."""
        try:
            return decode_meld(code, who, self.n)
        except RecordError as exc:
            raise RecordError(f"{self.replay.label}: {exc}") from None

    def _reach(self, who: int, step: int) -> None:
        self._need_round()
        if step == 1:
            self.replay.riichi_declared(who)
        else:
            self.replay.riichi_accepted(who)

    def _dora(self, tile: int) -> None:
        self._need_round()
        self.replay.reveal_dora(tile)

    # -- endings ----------------------------------------------------------
    def _ba(self, el) -> tuple[int, int]:
        ba = _ints(el.get("ba"))
        return (ba[0], ba[1]) if len(ba) >= 2 else (self.round.honba, self.round.riichi_sticks)

    def _sc(self, el) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        sc = _ints(el.get("sc"))
        if not sc:
            return None, None
        before = tuple(x * 100 for x in sc[0::2])[: self.n]
        change = tuple(x * 100 for x in sc[1::2])[: self.n]
        return before, change

    def _owari(self, el) -> None:
        owari = el.get("owari")
        if owari is None:
            return
        parts = [x for x in owari.split(",") if x != ""][: 2 * self.n]
        if len(parts) != 2 * self.n:
            raise RecordError(f"{self.source}: owari needs {2 * self.n} numbers, got {owari!r}")
        self.game.final_scores = tuple(int(x) * 100 for x in parts[0::2])
        self.game.final_points = tuple(float(x) for x in parts[1::2])

    def _agari(self, el) -> None:
        self._need_round()
        self._owari(el)
        who = int(el.get("who"))
        from_who = int(el.get("fromWho"))
        honba, sticks = self._ba(el)
        if len(_ints(el.get("yaku"))) % 2:
            raise RecordError(f"{self.source} {self.round.label}: <AGARI yaku> is not a list of "
                              f"(id, han) pairs: {el.get('yaku')!r}")
        before, change = self._sc(el)
        recorded = _recorded_score(el, self.n, change, before)
        # The record's second winner of a double ron shows sticks 0 already;
        # its counters are not paid (Tenhou: both go to the first winner).
        self.replay.win(who, from_who, recorded, honba=honba, sticks=sticks,
                        ura=tuple(_ints(el.get("doraHaiUra"))),
                        dora=tuple(_ints(el.get("doraHai"))) or None,
                        closed=tuple(_ints(el.get("hai"))),
                        melds=tuple(self._meld(c, who) for c in _ints(el.get("m"))),
                        win_tile=int(el.get("machi")))

    def _ryuukyoku(self, el) -> None:
        rnd = self._need_round()
        self._owari(el)
        kind = _RYUUKYOKU_KINDS.get(el.get("type"))
        if kind is None:
            raise RecordError(f"{self.source} {rnd.label}: unknown draw type {el.get('type')!r}")
        honba, sticks = self._ba(el)
        shown = tuple(i for i in range(self.n) if el.get(f"hai{i}") is not None)
        tenpai = shown if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN) else ()
        before, change = self._sc(el)
        nagashi: tuple[int, ...] = ()
        if kind == DrawKind.NAGASHI_MANGAN:
            # The record does not name the nagashi player; infer from the discards:
            # every discard a terminal/honor and none of them called.
            nagashi = self._nagashi_seats()
        rnd.draw = RecordedDraw(source=f"{self.source} {rnd.label}", round_index=rnd.index,
                                kind=kind, dealer=rnd.dealer, honba=honba,
                                riichi_sticks=sticks, tenpai=tenpai, shown=shown, nagashi=nagashi,
                                score_changes=change, scores_before=before, n_players=self.n)
        rnd.events.append(Event("end"))

    def _nagashi_seats(self) -> tuple[int, ...]:
        ok = [True] * self.n
        events = self.round.events
        for i, ev in enumerate(events):
            if ev.type == "discard":
                kind = ev.tile // 4
                if not (kind >= 27 or kind % 9 in (0, 8)):
                    ok[ev.seat] = False
                nxt = events[i + 1] if i + 1 < len(events) else None
                if nxt is not None and nxt.type == "call" and nxt.meld is not None \
                        and nxt.meld.called == ev.tile:
                    ok[ev.seat] = False
        return tuple(s for s in range(self.n) if ok[s])


def _recorded_score(el, n: int, changes=None, before=None) -> RecordedScore:
    ten = _ints(el.get("ten"))
    pairs = _ints(el.get("yaku"))
    yaku = []
    dora = ura = aka = 0
    for i in range(0, len(pairs) - 1, 2):
        yid, han = pairs[i], pairs[i + 1]
        if yid == DORA_ID:
            dora += han
        elif yid == URA_ID:
            ura += han
        elif yid == AKA_ID:
            aka += han
        else:
            yaku.append((yid, han))
    yakuman = tuple(_ints(el.get("yakuman")))
    pao = el.get("paoWho")
    return RecordedScore(
        han=None if yakuman else sum(pairs[1::2]),
        fu=ten[0] if ten else None,
        points=ten[1] if len(ten) > 1 else None,
        limit=ten[2] if len(ten) > 2 else None,
        yaku=tuple(yaku),
        yakuman=yakuman,
        dora=dora, ura=ura, aka=aka,
        score_changes=changes, scores_before=before,
        pao=int(pao) if pao is not None else None,
    )
