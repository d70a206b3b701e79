"""Reader for tenhou.net/6 JSON records.

A tenhou.net/6 record is a JSON object ``{"title", "name", "rule", "log"}``;
each entry of ``log`` is one round::

    [[round, counters, sticks], scores, dora indicators, ura indicators,
     hand0, draws0, discards0, ..., hand3, draws3, discards3, result]

Tiles are two-digit codes: ``11-19`` man, ``21-29`` pin, ``31-39`` sou,
``41-47`` E S W N haku hatsu chun, ``51/52/53`` red 5m/5p/5s.  A draw entry
may be a call string (``c`` chi, ``p`` pon, ``m`` daiminkan; the letter's
position names the discarder: first = previous seat, middle = opposite, last
= next seat); a discard entry may be ``60`` (the drawn tile), ``0`` (no
discard: after a daiminkan), ``r<tile>`` (riichi), ``a``/``k`` strings (ankan,
kakan), ``f44`` (kita, three players; not yet seen in a test record).  The result is ``["和了", deltas, [who, from, pao, "text", yaku...],
...]`` or a draw name with optional deltas.

The record states neither the turn order nor tile identities, so the round is
replayed (the next actor after a discard is a player whose next draw entry
calls that very tile, else the next seat) and every tile gets a distinct
136-id (:class:`~riichi_fast.records._replay.TileIds`).  Some files hold one
JSON object per line (one round each); both layouts are read.
"""

from __future__ import annotations

import json
import os
import re

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

__all__ = ["YAKU_NAMES", "parse_tenhou6", "read_tenhou6"]

# Tenhou's Japanese yaku names -> Tenhou yaku id.
YAKU_NAMES = {
    "門前清自摸和": 0, "立直": 1, "一発": 2, "槍槓": 3, "嶺上開花": 4,
    "海底摸月": 5, "河底撈魚": 6, "平和": 7, "断幺九": 8, "一盃口": 9,
    "自風 東": 10, "自風 南": 11, "自風 西": 12, "自風 北": 13,
    "場風 東": 14, "場風 南": 15, "場風 西": 16, "場風 北": 17,
    "役牌 白": 18, "役牌 發": 19, "役牌 中": 20, "両立直": 21, "七対子": 22,
    "混全帯幺九": 23, "一気通貫": 24, "三色同順": 25, "三色同刻": 26,
    "三槓子": 27, "対々和": 28, "三暗刻": 29, "小三元": 30, "混老頭": 31,
    "二盃口": 32, "純全帯幺九": 33, "混一色": 34, "清一色": 35, "人和": 36,
    "天和": 37, "地和": 38, "大三元": 39, "四暗刻": 40, "四暗刻単騎": 41,
    "字一色": 42, "緑一色": 43, "清老頭": 44, "九蓮宝燈": 45, "純正九蓮宝燈": 46,
    "国士無双": 47, "国士無双１３面": 48, "大四喜": 49, "小四喜": 50, "四槓子": 51,
    "ドラ": 52, "裏ドラ": 53, "赤ドラ": 54,
}
_ALIASES = {"役牌 發": ("役牌 発",), "国士無双１３面": ("国士無双13面",),
            "両立直": ("ダブル立直",), "一気通貫": ("一気通貫",)}
for _name, _aliases in _ALIASES.items():
    for _a in _aliases:
        YAKU_NAMES.setdefault(_a, YAKU_NAMES[_name])

_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5}
_DRAW_NAMES = {
    "流局": DrawKind.EXHAUSTIVE, "全員聴牌": DrawKind.EXHAUSTIVE,
    "全員不聴": DrawKind.EXHAUSTIVE, "流し満貫": DrawKind.NAGASHI_MANGAN,
    "九種九牌": DrawKind.KYUUSHU, "四風連打": DrawKind.SUUFON,
    "四家立直": DrawKind.SUUCHA_RIICHI, "三家和了": DrawKind.SANCHAHOU,
    "四槓散了": DrawKind.SUUKAIKAN,
}
_YAKU_RE = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\(役満\)$")


def _kind_of(code: int) -> tuple[int, bool] | None:
    if 51 <= code <= 53:
        return (4, 13, 22)[code - 51], True
    suit, num = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1, False
    if suit == 4 and 1 <= num <= 7:
        return 27 + num - 1, False
    return None


_KINDS = {c: k for c in range(60) if (k := _kind_of(c)) is not None}


def _kind(code: int) -> tuple[int, bool]:
    """Kind and redness of a tenhou6 tile code (a table look-up: ~45,000 a game's replay)."""
    try:
        return _KINDS[code]
    except (KeyError, TypeError):
        raise RecordError(f"bad tenhou6 tile code {code}") from None


def _codes(s: str) -> list[int]:
    digits = re.sub(r"[a-z]", "", s)
    return [int(digits[i:i + 2]) for i in range(0, len(digits), 2)]


_COMPILED: list = []
_COMPILED_IDS: list = []
_COMPILED_RUN: list = []
USE_COMPILED = True
"""False: every round through the Python twin (tests compare the two)."""


def _compiled_replay():
    """``records._tenhou6.run_round`` (None under RIICHI_FAST_PUREPYTHON=1 or ``USE_COMPILED``
    False); a missing compiled module is an error, as for every kernel (``_backend``)."""
    if not USE_COMPILED:
        return None
    if not _COMPILED:
        from riichi_fast import _backend

        mod = _backend.compiled("records.tenhou6._reader")
        _COMPILED.append(None if mod is None else mod.run_round)
        if mod is not None:
            _COMPILED_IDS.append(mod.new_ids)
            _COMPILED_RUN.append(mod.run_round)
    return _COMPILED[0]


_NO_CALL = ()
_CALLS: dict = {}  # call string -> (letter, kind, red, discarder relative to the caller)
_CALL_LETTER = re.compile(r"[cpm]")


def _call_of(d: str):
    """What a draw entry string calls (``_NO_CALL`` for none); raises as the record is read
    (a damaged code), and remembers the answer (a few hundred distinct strings)."""
    letter = _CALL_LETTER.search(d)
    if letter is None:
        call = _NO_CALL
    else:
        pos = letter.start()
        codes = _codes(d)
        kind, red = _kind(int(d[pos + 1:pos + 3]))
        call = (letter.group(), kind, red, _Round.rel_from_pos(letter.group(), pos, len(codes)))
    if len(_CALLS) < 65536:
        _CALLS[d] = call
    return call


def read_tenhou6(path: str | os.PathLike) -> Game:
    """Read a tenhou.net/6 JSON file (one object, or one object per line)."""
    with open(record_path(path, "read_tenhou6"), encoding="utf-8") as f:
        text = f.read()
    return parse_tenhou6(text, source=os.path.basename(os.fspath(path)))


def parse_tenhou6(text: str | dict, source: str = "<tenhou6>") -> Game:
    """Parse tenhou.net/6 JSON (a string or an already decoded object).

    >>> g = parse_tenhou6({"name": ["a", "b", "c", "d"], "rule": {"aka": 1}, "log": []})
    >>> g.players, g.rules.red_fives, len(g.rounds)
    (('a', 'b', 'c', 'd'), True, 0)
    """
    if isinstance(text, dict):
        objs = [text]
    else:
        record_text(text, "parse_tenhou6", (str, bytes, bytearray, dict))
        # plainly simple JSON read in C (records._round.mini_json; else json decides)
        got = None
        if text.__class__ is str:
            fn = _MINI[0] if _MINI else _mini_json()
            if fn is not None:
                got = fn(text, True)
        try:
            objs = [got if got is not None else json.loads(text)]
        except json.JSONDecodeError:
            try:
                objs = [json.loads(line) for line in text.splitlines() if line.strip()]
            except json.JSONDecodeError as exc:
                raise RecordError(f"{source}: not tenhou6 JSON ({exc})") from None
            except RecursionError:
                raise RecordError(f"{source}: JSON nested too deeply") from None
        except RecursionError:
            raise RecordError(f"{source}: JSON nested too deeply") from None
    if not objs:
        raise RecordError(f"{source}: empty record")
    for obj in objs:
        if obj.__class__ is not dict:
            what = {list: "an array", str: "a string", bool: "true or false", int: "a number",
                    float: "a number"}.get(type(obj), "null")
            raise RecordError(f"{source}: not a tenhou.net/6 game: the JSON is {what}, not an "
                              f'object with "log" (several games in a file are read by '
                              f"riichi_fast.records.sources.iter_records)")
    with malformed_record(source):
        return _read(objs, source)


_MINI: list = []


def _mini_json():
    """``records._round.mini_json`` (None under RIICHI_FAST_PUREPYTHON=1: json.loads alone)."""
    from riichi_fast import _backend

    mod = _backend.compiled("records._round")
    _MINI.append(None if mod is None else mod.mini_json)
    return _MINI[0]


def _read(objs: list, source: str) -> Game:
    first = objs[0]
    rule = first.get("rule", {})
    names = tuple(first.get("name", ()))
    disp = rule.get("disp", "")
    three = "三" in disp or (len(names) == 3)
    rules = GameRules(red_fives=bool(rule.get("aka", rule.get("aka51", 1))),
                      open_tanyao="喰" in disp if disp else True,
                      three_player=three, hanchan="南" in disp if disp else True)
    game = Game(source, "tenhou6", rules, names)
    for obj in objs:
        for log in obj.get("log", []):
            _Round(game, log, 3 if three else 4).run()
    return game


_BAD_CODE = "bad tenhou6 tile code "


class _Round:
    def __init__(self, game: Game, log: list, n: int) -> None:
        self.game = game
        self.n = n
        self.log = log
        if len(log) < 4 + 3 * 4 + 1:
            raise RecordError(f"{game.source}: a round has {len(log)} entries, expected 17")

    def run(self) -> None:
        """Replay the round; if it does not come out, replay it again passing one of the calls
        taken at the first chance: a call string names the tile and the discarder, not which
        discard of that tile was called (a seat that let the first one go and was skipped by
        another call takes the next one).

        Compiled: ``records._tenhou6.run_round`` replays the first reading in C and
        answers False, the game untouched, for anything it leaves to this twin."""
        try:
            if _compiled_replay() is not None and _COMPILED_RUN[0](self):
                return
            try:
                self.attempt(frozenset())
                return
            except RecordError as exc:
                first = exc
            for k in range(min(self.call_points, 64)):
                try:
                    self.attempt(frozenset((k,)))
                    return
                except RecordError:
                    continue
            raise first
        except RecordError as exc:
            if str(exc).startswith(_BAD_CODE):  # said where, as the round's other errors
                raise RecordError(f"{self.where()}: {exc}") from None
            raise

    def where(self) -> str:
        """``source E1-0``: the file and the round (``round N`` when its header is unreadable)."""
        try:
            rnd_no, honba = self.log[0][0], self.log[0][1]
            return f"{self.game.source} {'ESWN'[rnd_no // 4]}{rnd_no % 4 + 1}-{int(honba)}"
        except (TypeError, IndexError, ValueError, KeyError):
            return f"{self.game.source} round {len(self.game.rounds) + 1}"

    def attempt(self, skip: frozenset) -> None:
        n_rounds = len(self.game.rounds)
        self.skip = skip
        self.call_points = 0
        try:
            self._run()
        except RecordError:
            del self.game.rounds[n_rounds:]
            raise

    def _run(self) -> None:
        game, log, n = self.game, self.log, self.n
        red = game.rules.red_fives
        (rnd_no, honba, sticks), scores = log[0][:3], tuple(log[1][:n])
        self.ids = TileIds(red)
        hands = tuple(self.new_ids(log[4 + 3 * p]) for p in range(n))
        dora = self.new_ids(log[2])
        self.ura = self.new_ids(log[3])
        dealer = rnd_no % 4
        rnd = Round(index=len(game.rounds), round_wind=rnd_no // 4, kyoku=rnd_no % 4,
                    dealer=dealer, honba=honba, riichi_sticks=sticks, scores=scores,
                    dora_indicators=dora[:1], initial_hands=hands)
        game.rounds.append(rnd)
        self.rnd = rnd
        self.label = f"{game.source} {rnd.label}"
        self.rp = RoundReplay(rnd, n, self.label, red, n == 3)
        self.all_dora = dora
        self.draws = [log[5 + 3 * p] for p in range(n)]
        self.discs = [log[6 + 3 * p] for p in range(n)]
        self.i = [0] * n
        self.j = [0] * n
        self.pending_riichi: int | None = None
        self.replay_py(dealer)
        for p in range(n):
            if self.i[p] != len(self.draws[p]) or self.j[p] != len(self.discs[p]):
                raise self.error(f"replay stopped with seat {p}'s draws/discards unread "
                                 f"({self.i[p]}/{len(self.draws[p])}, "
                                 f"{self.j[p]}/{len(self.discs[p])})")
        self.result(log[16], honba, sticks, scores)

    def new_id(self, code: int) -> int:
        try:
            kind, red = _KINDS[code]
        except (KeyError, TypeError):
            raise RecordError(f"bad tenhou6 tile code {code}") from None
        return self.ids.new(kind, red)

    def new_ids(self, codes) -> tuple[int, ...]:
        """``new_id`` of each code in turn (a hand, the indicators); compiled:
        ``records._tenhou6.new_ids``."""
        if _compiled_replay() is not None:
            return _COMPILED_IDS[0](self, codes)
        kinds, new, out = _KINDS, self.ids.new, []
        for code in codes:
            try:
                kind, red = kinds[code]
            except (KeyError, TypeError):
                raise RecordError(f"bad tenhou6 tile code {code}") from None
            out.append(new(kind, red))
        return tuple(out)

    def error(self, msg: str) -> RecordError:
        return RecordError(f"{self.label}: {msg}")

    def own(self, seat: int, code: int) -> int:
        try:
            kind, red = _KINDS[code]
        except (KeyError, TypeError):
            raise RecordError(f"bad tenhou6 tile code {code}") from None
        return self.rp.find(seat, kind, red if self.rp.red_fives and kind in (4, 13, 22)
                            else None)

    # -- the turn loop ----------------------------------------------------

    def kita(self, cur: int, x: str) -> None:
        """A kita entry (``f44``, three players): the north set aside."""
        tile = self.own(cur, int(x[1:]))
        self.rp.call(cur, RecordMeld(MeldType.KITA, (tile,)))

    def replay_py(self, cur: int) -> None:
        n, rp = self.n, self.rp
        draws, discs, at_draw, at_disc = self.draws, self.discs, self.i, self.j
        kinds, ids_new, rp_draw, rp_discard = _KINDS, self.ids.new, rp.draw, rp.discard
        # call strings not yet taken: none left, no discard can be called (no caller search)
        calls_left = (sum(x.__class__ is str for seat_draws in draws for x in seat_draws)
                      if all(x.__class__ is list for x in draws) else n * 1000)
        need_draw = True
        pending_riichi: int | None = None
        while True:
            if need_draw:
                entries = draws[cur]
                if at_draw[cur] >= len(entries):
                    return
                d = entries[at_draw[cur]]
                if not isinstance(d, int):
                    return  # a call string cannot start a turn: the round ended before
                at_draw[cur] += 1
                try:
                    kind, red = kinds[d]
                except (KeyError, TypeError):
                    raise RecordError(f"bad tenhou6 tile code {d}") from None
                rp_draw(cur, ids_new(kind, red))
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
                tile = rp.last_draw[cur]
                if tile is None:
                    raise self.error(f"seat {cur} discards the drawn tile without a draw")
            else:
                tile = self.own(cur, x)
            rp_discard(cur, tile)
            caller = self.find_caller(cur, tile) if calls_left else None
            if caller is not None:
                self.call_points += 1
                if self.call_points - 1 in self.skip:
                    caller = None  # this discard was let go (see run)
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

    def anyone_acts(self, seat: int) -> bool:
        return self.i[seat] < len(self.draws[seat])

    def find_caller(self, discarder: int, tile: int) -> tuple[int, str] | None:
        """The seat whose next draw entry calls ``tile`` from ``discarder``."""
        n, draws, at = self.n, self.draws, self.i
        chi = None
        for k in range(1, n):
            seat = (discarder + k) % n
            entries = draws[seat]
            if at[seat] >= len(entries):
                continue
            d = entries[at[seat]]
            if not isinstance(d, str):
                continue
            call = _CALLS.get(d)
            if call is None:
                call = _call_of(d)
            if call is _NO_CALL:
                continue
            letter, kind, red, rel = call
            if tile // 4 != kind or (self.rp.red_fives and kind in (4, 13, 22)
                                     and (tile // 4 * 4 == tile) != red):
                continue
            if (seat + rel) % n != discarder:
                continue
            if letter == "c":
                chi = (seat, d)
            else:
                return seat, d
        return chi

    @staticmethod
    def rel_from_pos(letter: str, pos: int, n_codes: int) -> int:
        """Discarder relative to the caller (3 = previous seat, 2 opposite, 1 next)."""
        if letter == "c" or pos == 0:
            return 3
        if pos == 2:
            return 2
        return 1  # last position: the next seat

    def apply_call(self, seat: int, discarder: int, tile: int, d: str) -> None:
        letter = re.search(r"[cpm]", d).group()
        pos = d.index(letter)
        codes = _codes(d)
        called_code = int(d[pos + 1:pos + 3])
        others = list(codes)
        others.remove(called_code)
        own = [self.own_distinct(seat, others)]
        own_ids = own[0]
        tiles = tuple(sorted(own_ids + [tile]))
        mtype = {"c": MeldType.CHI, "p": MeldType.PON, "m": MeldType.DAIMINKAN}[letter]
        self.rp.call(seat, RecordMeld(mtype, tiles, tile, discarder))

    def own_distinct(self, seat: int, codes: list[int]) -> list[int]:
        hand = list(self.rp.hands[seat])
        out = []
        for c in codes:
            kind, red = _kind(c)
            for t in hand:
                if t // 4 == kind and (not (self.rp.red_fives and kind in (4, 13, 22))
                                       or (t == 4 * kind) == red):
                    out.append(t)
                    hand.remove(t)
                    break
            else:
                raise self.error(f"seat {seat} melds tile code {c} not in hand")
        return out

    def kan_from_hand(self, seat: int, x: str) -> None:
        codes = _codes(x)
        if "a" in x:
            ids = self.own_distinct(seat, codes)
            self.rp.call(seat, RecordMeld(MeldType.ANKAN, tuple(sorted(ids))))
            self.reveal_next_dora()
            return
        pos = x.index("k")
        added_code = int(x[pos + 1:pos + 3])
        added = self.own_distinct(seat, [added_code])[0]
        for m in self.rp.melds[seat]:
            if m.type == MeldType.PON and m.kind == added // 4:
                break
        else:
            raise self.error(f"seat {seat} kakan {x!r} without a pon")
        meld = RecordMeld(MeldType.SHOUMINKAN, tuple(sorted(m.tiles + (added,))),
                          m.called, m.from_seat, added)
        self.rp.call(seat, meld)

    def scores_after_wins(self) -> tuple[int, ...]:
        """Scores before the next win: sticks staked and earlier wins' deltas applied."""
        now = list(self.rp.scores_now())
        for w in self.rnd.wins:
            for s in range(self.n):
                now[s] += w.recorded.score_changes[s]
        return tuple(now)

    def reveal_next_dora(self) -> None:
        k = len(self.rp.dora)
        if k < len(self.all_dora):
            self.rp.reveal_dora(self.all_dora[k])

    # -- the result -------------------------------------------------------
    def result(self, res: list, honba: int, sticks: int, scores: tuple[int, ...]) -> None:
        name = res[0]
        rp = self.rp
        if self.pending_riichi is not None and name not in ("和了", "三家和了"):
            # Nobody won on the declaration tile (four riichi): the stick is paid.
            rp.riichi_accepted(self.pending_riichi)
        # Kan dora of open kans not yet revealed by the replay (Tenhou reveals
        # them after the discard): at the end the record's list is complete.
        if name == "和了":
            for w in range(1, len(res) - 1, 2):
                deltas, info = res[w], res[w + 1]
                who, frm, pao = info[0], info[1], info[2]
                recorded = _recorded(info, deltas, self.scores_after_wins(), self.n, pao, who)
                # All indicators the record lists were revealed by the time of the win.
                while len(rp.dora) < len(self.all_dora):
                    rp.reveal_dora(self.all_dora[len(rp.dora)])
                rp.win(who, None if frm == who else frm, recorded, honba=honba,
                       sticks=sticks + rp.sticks_paid, ura=self.ura[:len(rp.dora)] if rp.riichi[who] else ())
            return
        kind = _DRAW_NAMES.get(name)
        if kind is None:
            raise self.error(f"unknown result {name!r}")
        # the kan dora of open kans were turned too: the round's events hold every indicator listed
        while len(rp.dora) < len(self.all_dora):
            rp.reveal_dora(self.all_dora[len(rp.dora)])
        deltas = tuple(res[1][:self.n]) if len(res) > 1 and res[1] else tuple([0] * self.n)
        if name == "全員聴牌":
            tenpai: tuple[int, ...] | None = tuple(range(self.n))
        elif kind == DrawKind.EXHAUSTIVE:
            tenpai = tuple(s for s in range(self.n) if deltas[s] > 0)
        elif kind == DrawKind.NAGASHI_MANGAN:
            tenpai = None  # the record does not say
        else:
            tenpai = ()
        nagashi = ()
        if kind == DrawKind.NAGASHI_MANGAN:
            nagashi = tuple(s for s in range(self.n) if deltas[s] > 0)
        self.rnd.draw = RecordedDraw(source=self.label, round_index=self.rnd.index, kind=kind,
                                     dealer=self.rnd.dealer, honba=honba,
                                     riichi_sticks=sticks + rp.sticks_paid, tenpai=tenpai,
                                     nagashi=nagashi, score_changes=deltas,
                                     scores_before=rp.scores_now(),
                                     n_players=self.n)
        self.rnd.events.append(Event("end"))
        rp.remember_declared()


_YAKU_ITEMS: dict = {}  # yaku string -> (id, han or None for a yakuman), read once
_VALUES: dict = {}  # (result text, players) -> (fu, limit, points), read once
_FU_RE = re.compile(r"(\d+)符")
_LIMITS_LONGEST_FIRST = sorted(_LIMITS.items(), key=lambda kv: -len(kv[0]))


def _yaku_item(y) -> tuple[int, int | None]:
    """(Tenhou yaku id, han; None for a yakuman) of a yaku string (remembered once read)."""
    m = _YAKU_RE.match(y)
    if m is None:
        raise RecordError(f"unreadable yaku {y!r}")
    if m.group(3) is not None:
        yid = YAKU_NAMES.get(m.group(3))
        if yid is None:
            raise RecordError(f"unknown yakuman name {m.group(3)!r}")
        item = (yid, None)
    else:
        yid = YAKU_NAMES.get(m.group(1))
        if yid is None:
            raise RecordError(f"unknown yaku name {m.group(1)!r}")
        item = (yid, int(m.group(2)))
    if y.__class__ is str and len(_YAKU_ITEMS) < 4096:
        _YAKU_ITEMS[y] = item
    return item


def _value(text: str, n: int) -> tuple[int | None, int, int | None]:
    """(fu, limit code, points) of a result line."""
    fu = _FU_RE.search(text)
    limit = next((v for k, v in _LIMITS_LONGEST_FIRST if k in text), 0)
    return int(fu.group(1)) if fu else None, limit, _points(text, n)


def _recorded(info: list, deltas: list, scores: tuple, n: int, pao: int,
              who: int) -> RecordedScore:
    text = info[3]
    yaku, yakuman = [], []
    dora = ura = aka = 0
    han_sum = 0
    for y in info[4:]:
        item = _YAKU_ITEMS.get(y) if y.__class__ is str else None
        if item is None:
            item = _yaku_item(y)
        yid, han = item
        if han is None:
            yakuman.append(yid)
            continue
        han_sum += han
        if yid == 52:
            dora += han
        elif yid == 53:
            ura += han
        elif yid == 54:
            aka += han
        else:
            yaku.append((yid, han))
    key = (text, n)
    value = _VALUES.get(key) if text.__class__ is str else None
    if value is None:
        value = _value(text, n)
        if text.__class__ is str and len(_VALUES) < 65536:
            _VALUES[key] = value
    fu, limit, points = value
    return built(RecordedScore, {
        "han": None if yakuman else han_sum, "fu": fu, "points": points, "limit": limit,
        "yaku": tuple(yaku), "yakuman": tuple(yakuman), "dora": dora, "ura": ura, "aka": aka,
        "score_changes": tuple(deltas[:n]), "scores_before": tuple(scores),
        "pao": pao if pao != who else None, "text": text})


def _points(text: str, n: int = 4) -> int | None:
    """Hand value from a result line: ``7700点``, ``2000-4000点``, ``4000点∀``.

    Three players (``n=3``): one non-dealer and the dealer pay a tsumo, two pay the dealer's
    (the value is what they pay, as in Tenhou's mjlog).

    >>> _points("30符4飜7700点"), _points("満貫2000-4000点"), _points("満貫4000点∀")
    (7700, 8000, 12000)
    >>> _points("満貫2000-4000点", 3), _points("満貫4000点∀", 3)
    (6000, 8000)
    """
    m = re.search(r"(\d+)-(\d+)点", text)
    if m:
        return (n - 2) * int(m.group(1)) + int(m.group(2))
    m = re.search(r"(\d+)点(∀)?$", text)
    if m is None:
        return None
    # Strip the fu/han digits that precede a limit-free value ("30符4飜7700点").
    tail = re.split(r"飜|満|貫|跳|倍|役", text)[-1]
    m = re.search(r"(\d+)点(∀)?", tail)
    value = int(m.group(1))
    return (n - 1) * value if m.group(2) else value
