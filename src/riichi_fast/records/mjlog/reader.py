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

from riichi_fast.enums import MeldType
from riichi_fast.records._replay import (
    RecordError,
    RoundReplay,
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

__all__ = ["RecordError", "decode_meld", "parse_mjlog", "read_mjlog"]

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


def decode_meld(code: int, who: int, n_players: int = 4) -> RecordMeld:
    """Decode a Tenhou meld code called by seat ``who``.

    The low two bits give the discarder relative to ``who`` (1 = next seat,
    2 = opposite, 3 = previous; 0 = none: ankan).  Bit 2 marks a chi, bit 3 a
    pon, bit 4 a shouminkan, bit 5 a kita; otherwise it is a kan.  Tenhou
    seats a three-player game on its four-seat table (seat 3 empty), so the
    discarder is counted on four seats there too: for seat 0 the previous
    player, seat 2, is "opposite" (low bits 2).

    >>> m = decode_meld(5367, 0)       # chi 2-3-4m by seat 0, the 4m called from seat 3
    >>> m.type.name, m.tiles, m.called, m.from_seat, m.mpsz()
    ('CHI', (6, 11, 13), 13, 3, '234m')
    >>> m = decode_meld(29802, 1)      # pon of 2s by seat 1 from the seat opposite
    >>> m.type.name, m.tiles, m.called, m.from_seat
    ('PON', (76, 77, 78), 77, 3)
    >>> decode_meld(29802, 1, n_players=3).from_seat   # three players: seat 3 is empty
    Traceback (most recent call last):
    ...
    riichi_fast.records._replay.RecordError: meld code 29802 by seat 1: called from seat 3, an empty seat with three players

    A code that no call has (a kind beyond 7z, bits of two meld types, a kita
    in a four-player game...) raises :class:`RecordError`.
    """
    if type(code) is not int or not 0 <= code <= 0xFFFF:
        if isinstance(code, bool) or not isinstance(code, int):
            raise RecordError(f"meld code {code!r}: expected an int 0-65535")
        raise RecordError(f"meld code {code}: expected 0-65535")
    if n_players not in (3, 4) or isinstance(n_players, bool):
        raise RecordError(f"decode_meld n_players={n_players!r}: expected 3 or 4")
    if type(who) is not int or not 0 <= who < n_players:
        raise RecordError(f"meld code {code}: seat {who!r} is not one of 0-{n_players - 1}")

    def bad(why: str) -> RecordError:
        return RecordError(f"meld code {code} by seat {who}: {why}")

    rel = code & 3
    from_seat = (who + rel) % 4 if rel else None
    if from_seat is not None and from_seat >= n_players:
        raise bad(f"called from seat {from_seat}, an empty seat with three players")
    if code & 0x4:  # chi
        if n_players == 3:
            raise bad("a chi, which three players do not play")
        if rel != 3:
            raise bad("a chi not called from the previous seat")
        if code & 0x200:
            raise bad("unused bit 9 is set")
        t = code >> 10
        if t >= 63:
            raise bad(f"chi base {t} is beyond 789s")
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        offs = ((code >> 3) & 3, (code >> 5) & 3, (code >> 7) & 3)
        tiles = tuple((base + i) * 4 + offs[i] for i in range(3))
        meld = RecordMeld(MeldType.CHI, tiles, tiles[r], from_seat, None, code)
    elif code & 0x18:  # pon (0x8) or shouminkan (0x10)
        if code & 0x18 == 0x18:
            raise bad("both the pon and the shouminkan bits are set")
        if code & 0x180:
            raise bad("unused bits 7-8 are set")
        if rel == 0:
            raise bad("a pon or shouminkan with no discarder")
        t = code >> 9
        if t >= 102:
            raise bad(f"pon base {t} is beyond 7z")
        r = t % 3
        kind = t // 3
        unused = (code >> 5) & 3
        three = tuple(kind * 4 + i for i in range(4) if i != unused)
        called = three[r]
        if code & 0x8:
            meld = RecordMeld(MeldType.PON, three, called, from_seat, None, code)
        else:
            meld = RecordMeld(MeldType.SHOUMINKAN, tuple(kind * 4 + i for i in range(4)),
                              called, from_seat, kind * 4 + unused, code)
    elif code & 0x20:  # kita
        tile = code >> 8
        if n_players == 4:
            raise bad("a kita, which four players do not play")
        if code & 0xDF:
            raise bad("a kita with other low bits set")
        if tile // 4 != 30:
            raise bad(f"a kita of tile {tile}, not a north (120-123)")
        return RecordMeld(MeldType.KITA, (tile,), None, None, None, code)
    else:  # kan
        if code & 0xC0:
            raise bad("unused bits 6-7 are set")
        t = code >> 8
        if t >= 136:
            raise bad(f"kan tile {t} is beyond 7z")
        kind = t // 4
        tiles = tuple(kind * 4 + i for i in range(4))
        if rel == 0:
            meld = RecordMeld(MeldType.ANKAN, tiles, None, None, None, code)
        else:
            meld = RecordMeld(MeldType.DAIMINKAN, tiles, t, from_seat, None, code)
    if n_players == 3 and 1 <= meld.tiles[0] // 4 <= 7:
        raise bad(f"a meld of {meld.mpsz(False)}, a tile three players do not use")
    return meld


def _ints_py(text: str | None) -> list[int]:
    if not text:
        return []
    return [int(x) for x in text.split(",") if x != ""]


_ints = _ints_py  # records._tenhou_mjlog.ints once the compiled reader is loaded (same answers)


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
        read = _compiled_read()
        if read is not None:
            reader = _Reader(source)
            if read(reader, root):
                return reader.game
        return _Reader(source).read(root)


USE_COMPILED = True
"""False: every record through the Python reader (tests compare the two)."""
_COMPILED: list = []


def _compiled_read():
    """``records._tenhou_mjlog.read`` (None under RIICHI_FAST_PUREPYTHON=1 or ``USE_COMPILED``
    False): the draws, discards, calls, riichi and dora of each round replayed in C on a
    ``records._round.RoundState``, the rest through this reader's own methods; it answers
    False on anything irregular, and the record is then read again, whole, by
    :meth:`_Reader.read`, which gives the answer or the error."""
    if not USE_COMPILED:
        return None
    if not _COMPILED:
        from riichi_fast import _backend

        mod = _backend.compiled("records.mjlog._reader")
        _COMPILED.append(None if mod is None else mod.read)
        if mod is not None:
            global _ints
            _ints = mod.ints
    return _COMPILED[0]


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
        """Read one element of the record (the twin of records._tenhou_mjlog's loop)."""
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
        """The Round an ``<INIT>`` starts, appended to the game (records._tenhou_mjlog replays
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
