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
136-id (:class:`~riichi_fast.records.round_state.TileIds`).  Some files hold one
JSON object per line (one round each); both layouts are read.
"""

from __future__ import annotations

import json
import os
import re

from riichi_fast import _backend
from riichi_fast.enums import MeldType
from riichi_fast.records.errors import RecordError, malformed_record, record_path, record_text
from riichi_fast.records.model import DrawKind, Event, Game, GameRules, RecordedDraw, RecordMeld, Round
from riichi_fast.records.round_state import RoundReplay, TileIds
from riichi_fast.records.tenhou6.codes import (
    _CALLS,
    _DRAW_NAMES,
    _KINDS,
    _NO_CALL,
    YAKU_NAMES,
    _call_of,
    _codes,
    _kind,
    _recorded,
    rel_from_pos,
)

__all__ = ["YAKU_NAMES", "parse_tenhou6", "read_tenhou6"]

_impl = _backend.load("records.tenhou6._reader")
"""A round's first reading replayed in C (twin: :meth:`_Round.attempt`)."""
_round = _backend.load("records._round")

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
        got = _round.mini_json(text, True) if text.__class__ is str else None
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

        ``_impl.run_round`` replays the first reading in one pass and answers False, the game
        untouched, for anything it leaves to :meth:`attempt`."""
        try:
            if _impl.run_round(self):
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
        """``new_id`` of each code in turn (a hand, the indicators)."""
        return _impl.new_ids(self, codes)

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

    rel_from_pos = staticmethod(rel_from_pos)

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
