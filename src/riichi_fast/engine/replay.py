"""Real games replayed through the engine: every draw, action, end of hand and score checked.

Any record our readers read (Tenhou mjlog four- and three-player, tenhou.net/6
JSON, mjai) is replayed hand by hand.  The walls: a Tenhou mjlog with a
``SHUFFLE`` seed is dealt from the seed (:func:`~riichi_fast.engine.tenhou_walls`:
every draw and indicator is then a check of the shuffle); a record without
one is dealt, hand by hand, the wall its deal, draws and indicators imply
(:func:`~riichi_fast.engine.wall.record_wall`; the tiles never seen fill the
rest).  Each hand is dealt by the engine (the compiled
:class:`~riichi_fast.engine.CTable`; :class:`~riichi_fast.engine.Table` on
request or under ``RIICHI_FAST_PUREPYTHON=1``) at the recorded table state,
and every recorded action is fed to it.  Each recorded draw and dora indicator
must be the engine's, each recorded action must be among its legal actions
(and a ron, tsumo or call that was taken must be offered), the hand must end
as recorded, its score changes must be the record's, the next hand must
start from the engine's table state, the game must end exactly where the
record ends (:func:`~riichi_fast.engine.game.game_over`), and the final scores
and points (uma, oka) must be the record's ``owari`` when it has one.  A hand
no wall can give (a tile twice, a missing draw) is a mismatch naming the
event, and the next hand goes on.

>>> from pathlib import Path
>>> rep = replay_file(sorted(Path("tests/data/records/tenhou-mjlog-mjx").glob("*.mjlog"))[0])
>>> rep.hands == rep.hands_matched, rep.mismatches, rep.wall
(True, [], 'seed')
>>> rep = replay_file("tests/data/records/mjai/126_204_0_mjai.jsonl")
>>> rep.ok, rep.wall, rep.format
(True, 'record', 'mjai')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from riichi_fast import settle as _settle
from riichi_fast.engine.game import dealer_may_stop, default_table_class, final_standing, game_over
from riichi_fast.engine.table import Table
from riichi_fast.engine.types import Action, EngineError
from riichi_fast.engine.wall import RecordWallError, record_wall, tenhou_walls
from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.rules.config import Rules

__all__ = ["WALL_SOURCES", "Mismatch", "ReplayReport", "replay_file", "replay_game", "replay_paths", "replay_record",
           "replay_summary"]

_SEED = re.compile(rb"<SHUFFLE seed=\"([^\"]+)\"")
_CALLS = {MeldType.CHI: "chi", MeldType.PON: "pon", MeldType.DAIMINKAN: "daiminkan"}
_DRAW_KINDS = {"exhaustive": "exhaustive_draw", "nagashi_mangan": "exhaustive_draw", "kyuushu": "kyuushu_kyuuhai",
               "suufon": "suufon_renda"}


@dataclass
class Mismatch:
    """Where the engine and the record part: file, hand label, event index, what was expected and got."""

    source: str
    hand: str
    event: int
    expected: str
    got: str


@dataclass
class ReplayReport:
    """The result of replaying one record.

    ``wall``: where the walls came from, ``"seed"`` (Tenhou's shuffle of the
    record's ``SHUFFLE`` seed) or ``"record"`` (each hand's wall rebuilt from
    its deal, draws and indicators: :func:`~riichi_fast.engine.wall.record_wall`).
    """

    source: str
    hands: int = 0
    hands_matched: int = 0
    mismatches: list = field(default_factory=list)
    error: str | None = None
    wall: str | None = None
    format: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.mismatches and self.hands == self.hands_matched


class _Diverged(Exception):
    pass


WALL_SOURCES = ("auto", "seed", "record")


def replay_file(path, rules=None, table_class=None, walls: str = "auto") -> ReplayReport:
    """Replay one game record (mjlog, tenhou.net/6 JSON or mjai; plain, gzip or bz2) through the engine.

    See the module doc.  ``walls``: ``"auto"`` (the record's ``SHUFFLE`` seed
    when it has one, else the walls its hands imply), ``"seed"`` (the seed or
    an error) or ``"record"`` (the walls the hands imply, even with a seed).
    ``table_class``: the engine to drive (default: the compiled
    :class:`~riichi_fast.engine.CTable`, or :class:`~riichi_fast.engine.Table`
    under ``RIICHI_FAST_PUREPYTHON=1``; both give the same replay).
    """
    # deferred: the record readers are a measured import-time cost that only replays pay
    from riichi_fast.records.sources import unpack

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return ReplayReport(str(path), error=f"{path}: cannot read ({exc.strerror or exc})")
    items = list(unpack(str(path), data))
    if len(items) != 1:
        return ReplayReport(str(path), error=f"{path}: holds {len(items)} records (an archive or a database: "
                                              "replay it with replay_paths)")
    _, got = items[0]
    if isinstance(got, BaseException):
        return ReplayReport(str(path), error=str(got))
    return replay_record(got, str(path), rules, table_class, walls)


def replay_record(data: bytes, source: str = "<record>", rules=None, table_class=None,
                  walls: str = "auto") -> ReplayReport:
    """Replay one record given as bytes (format told by the content); see :func:`replay_file`."""
    # deferred: the record readers are a measured import-time cost that only replays pay
    from riichi_fast.records.verify_files import parse_record

    report = ReplayReport(source)
    if walls not in WALL_SOURCES:
        report.error = f"unknown wall source {walls!r}: expected one of {', '.join(WALL_SOURCES)}"
        return report
    try:
        game = parse_record(data, source)
    except RiichiError as exc:
        report.error = str(exc)
        return report
    m = _SEED.search(data) if game.format == "mjlog" and walls != "record" else None
    if m is None and walls == "seed":
        report.error = "the record has no SHUFFLE seed: its walls cannot be rebuilt"
        return report
    return replay_game(game, rules, table_class, seed=None if m is None else m.group(1).decode(), report=report)


def replay_game(game, rules=None, table_class=None, *, seed: str | None = None, report=None) -> ReplayReport:
    """Replay a :class:`~riichi_fast.records.Game` our readers made (see :func:`replay_file`).

    ``seed``: a Tenhou ``SHUFFLE`` seed to deal the walls from; without one each
    hand's wall is the one its record implies (:func:`~riichi_fast.engine.wall.record_wall`).
    """
    # deferred: the record readers are a measured import-time cost that only replays pay
    from riichi_fast.records.verify import rules_for_game

    if report is None:
        report = ReplayReport(game.source)
    source = report.source
    report.format = game.format
    report.wall = "seed" if seed is not None else "record"
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    rules = rules_for_game(game, rules)
    n = rules.n_players
    try:
        wall_iter = tenhou_walls(seed, n) if seed is not None else None
    except RiichiError as exc:
        report.error = f"{source}: {exc}"
        return report
    table = (default_table_class() if table_class is None else table_class)(rules)
    length = "hanchan" if game.rules.hanchan else "tonpuusen"
    final_known = game.final_scores is not None
    expected_next = None
    for index, rnd in enumerate(game.rounds):
        report.hands += 1
        ts = _settle.TableState(rnd.dealer, rnd.round_wind, rnd.honba, rnd.riichi_sticks, tuple(rnd.scores), n)
        label = rnd.label
        if expected_next is not None and expected_next != ts:
            report.mismatches.append(Mismatch(source, label, -1, f"start {ts}", f"engine {expected_next}"))
        try:
            wall = next(wall_iter) if wall_iter is not None else record_wall(rnd, n)
        except RecordWallError as exc:
            report.mismatches.append(Mismatch(source, label, exc.event, "a record one wall can give",
                                              f"damaged record: {exc}"))
            expected_next = None
            continue
        try:
            table.start_hand(wall, ts)
            _drive(table, rnd)
            _check_end(table, rnd)
        except _Diverged as exc:
            index, expected, got = exc.args
            report.mismatches.append(Mismatch(source, label, index, expected, got))
            expected_next = None
            continue
        except RiichiError as exc:
            report.mismatches.append(Mismatch(source, label, -1, "a legal action", str(exc)))
            expected_next = None
            continue
        settlement = table.end.settlement
        must = game_over(settlement, rules, length, dealer_stops=False)
        may = must or dealer_may_stop(settlement, rules, length)
        last = index == len(game.rounds) - 1
        over = may if last else must
        if over != last and (final_known or over):
            report.mismatches.append(Mismatch(source, label, len(rnd.events), "the game ends" if last
                                              else "the game goes on", "it ends" if over else "it goes on"))
            expected_next = None
            continue
        report.hands_matched += 1
        expected_next = table.next_table
    if final_known and report.hands_matched == report.hands and game.rounds:
        want_scores = tuple(game.final_scores)
        want_points = None if game.final_points is None else tuple(round(p) for p in game.final_points)
        scores, points, _ = final_standing(table.next_table, rules)
        if scores != want_scores or (want_points is not None and points != want_points):
            report.mismatches.append(Mismatch(source, "end", -1, f"final {want_scores} {want_points}",
                                              f"{scores} {points}"))
    return report


def _drive(table: Table, rnd) -> None:
    events = rnd.events
    pending_riichi = None
    dora = [rnd.dora_indicators[0]]
    i = 0
    while i < len(events):
        if table.dora[: len(dora)] != dora[: len(table.dora)]:
            raise _Diverged(i, f"dora indicators {dora}", f"{table.dora}")
        ev = events[i]
        t = ev.type
        if t == "draw":
            if table.phase != "turn" or table.current != ev.seat or table.drawn != ev.tile:
                raise _Diverged(i, f"seat {ev.seat} draws {ev.tile}",
                                f"phase {table.phase}, seat {table.current} drew {table.drawn}")
        elif t == "riichi":
            pending_riichi = ev.seat
        elif t == "discard":
            kind = "riichi" if pending_riichi == ev.seat else "discard"
            pending_riichi = None
            _act(table, Action(kind, ev.seat, ev.tile), i)
            _answer_claims(table, rnd, i + 1)
        elif t == "riichi_accepted":
            if not table.seats[ev.seat].riichi_accepted:
                raise _Diverged(i, f"seat {ev.seat} riichi accepted", "not accepted")
        elif t == "call":
            meld = ev.meld
            if meld.type in _CALLS:
                pass  # answered at the discard it claims
            elif meld.type == MeldType.ANKAN:
                _act(table, Action("ankan", ev.seat, min(meld.tiles), tuple(sorted(meld.tiles))), i)
                _answer_claims(table, rnd, i + 1)
            elif meld.type == MeldType.SHOUMINKAN:
                _act(table, Action("kakan", ev.seat, meld.added), i)
                _answer_claims(table, rnd, i + 1)
            elif meld.type == MeldType.KITA:
                _act(table, Action("kita", ev.seat, meld.tiles[0]), i)
                _answer_claims(table, rnd, i + 1)
        elif t == "dora":
            dora.append(ev.tile)  # checked as the engine turns it (a called kan's as its maker discards)
        elif t == "win":
            if table.phase == "turn" and table.current == ev.seat:
                _act(table, Action("tsumo", ev.seat, table.drawn), i)
            # a ron was answered at its discard
        elif t == "end" and table.phase == "turn" and rnd.draw is not None and rnd.draw.kind == "kyuushu":
            _act(table, Action("kyuushu", table.current), i)
        i += 1
    if table.dora != dora and not (table.phase == "ended" and table.dora == dora[: len(table.dora)]):
        raise _Diverged(len(events), f"dora indicators {dora}", f"{table.dora}")


def _act(table: Table, action: Action, index: int) -> None:
    try:
        table.step(action)
    except EngineError as exc:
        raise _Diverged(index, str(action), f"illegal in the engine: {exc}") from None


def _answer_claims(table: Table, rnd, start: int) -> None:
    """Answer the claims on a discard (or kan, kita) as the record did: its rons, its call, else pass."""
    if table.phase not in ("claim", "chankan"):
        return
    events = rnd.events
    tile = table.claim["tile"]
    chosen = {}
    j = start
    while j < len(events) and events[j].type in ("riichi_accepted", "dora"):
        j += 1
    while j < len(events) and events[j].type == "win" and events[j].tile == tile:
        chosen[events[j].seat] = Action("ron", events[j].seat, tile)
        j += 1
    if (not chosen and j < len(events) and events[j].type == "end" and rnd.draw is not None
            and rnd.draw.kind == "sanchahou"):
        for seat in table.acting:  # three rons on one discard: the hand is aborted
            chosen[seat] = Action("ron", seat, tile)
    if not chosen and j < len(events) and events[j].type == "call" and events[j].meld.type in _CALLS:
        ev = events[j]
        meld = ev.meld
        consumed = list(meld.tiles)
        consumed.remove(meld.called)
        chosen[ev.seat] = Action(_CALLS[meld.type], ev.seat, meld.called, tuple(sorted(consumed)))
    for seat, action in chosen.items():
        if seat not in table.acting:
            raise _Diverged(j, str(action), f"not offered (acting {list(table.acting)})")
    while table.phase in ("claim", "chankan") and table.claim["tile"] == tile and table.acting:
        seat = table.acting[0]
        _act(table, chosen.get(seat, Action("pass", seat)), j)


def _check_end(table: Table, rnd) -> None:
    if table.phase != "ended":
        raise _Diverged(len(rnd.events), "the hand ends", f"still in phase {table.phase}")
    end = table.end
    if rnd.wins:
        if end.kind != "win":
            raise _Diverged(len(rnd.events), "a win", f"{end.kind} {end.detail}")
        got = sorted(seat for seat, _, _ in end.wins)
        want = sorted(w.winner for w in rnd.wins)
        if got != want:
            raise _Diverged(len(rnd.events), f"winners {want}", f"winners {got}")
        recorded = [w.recorded.score_changes for w in rnd.wins]
        if all(r is not None for r in recorded):
            total = tuple(sum(r[s] for r in recorded) for s in range(table.n))
            if total != tuple(end.settlement.deltas):
                raise _Diverged(len(rnd.events), f"score changes {total}", f"{end.settlement.deltas}")
    elif rnd.draw is not None:
        kind = _DRAW_KINDS.get(rnd.draw.kind, rnd.draw.kind)
        got = end.kind if end.kind == "exhaustive_draw" else end.detail
        if kind != got:
            raise _Diverged(len(rnd.events), f"draw {kind}", f"{end.kind} {end.detail}")
        if rnd.draw.score_changes is not None and tuple(rnd.draw.score_changes) != tuple(end.settlement.deltas):
            raise _Diverged(len(rnd.events), f"score changes {rnd.draw.score_changes}", f"{end.settlement.deltas}")


def replay_paths(paths, rules=None, progress=None, *, table_class=None, walls: str = "auto") -> list:
    """Replay every record ``paths`` name (files, directories searched recursively, globs, archives,
    databases: what ``riichi-fast verify`` reads); one report each, an unreadable one included."""
    # deferred: the record readers are a measured import-time cost that only replays pay
    from riichi_fast.records.sources import iter_records

    reports = []
    for name, data in iter_records(paths):
        if isinstance(data, BaseException):
            reports.append(ReplayReport(name, error=str(data)))
        else:
            reports.append(replay_record(data, name, rules, table_class, walls))
        if progress is not None:
            progress(reports[-1])
    return reports


def replay_summary(reports, limit: int = 20) -> dict:
    """The JSON summary of ``riichi-fast replay``: counts and the first mismatches.

    >>> replay_summary([ReplayReport("a.mjlog", hands=2, hands_matched=2)])["games_matched"]
    1
    """
    first = [m for r in reports for m in r.mismatches][:limit]
    walls = {"seed": 0, "record": 0}
    for r in reports:
        if r.wall is not None:
            walls[r.wall] += 1
    return {
        "games": len(reports),
        "games_matched": sum(r.ok for r in reports),
        "hands": sum(r.hands for r in reports),
        "hands_matched": sum(r.hands_matched for r in reports),
        "errors": [{"file": r.source, "error": r.error} for r in reports if r.error is not None],
        "mismatches": [{"file": m.source, "hand": m.hand, "event": m.event, "expected": m.expected, "got": m.got}
                       for m in first],
        "walls": walls,
        "files": [{"file": r.source, "format": r.format, "wall": r.wall, "hands": r.hands,
                   "hands_matched": r.hands_matched, "ok": r.ok} for r in reports],
    }
