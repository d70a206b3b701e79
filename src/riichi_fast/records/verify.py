"""Re-score every recorded win (and settle every draw) and compare with the record.

:func:`verify_game` scores each :class:`~riichi_fast.records.model.RecordedWin`
of a game under a rules preset (``tenhou`` by default, adjusted to the
game's own red-five and open-tanyao flags) and compares, item by item, what
the platform recorded: han, fu, every yaku id with its han, the yakuman ids,
dora / ura / red counts, the limit, the hand's points and the per-seat score
changes (counters, riichi sticks and pao included).  Exhaustive and abortive
draws are settled (noten payments, nagashi mangan) and compared the same way.

Every settlement goes through :mod:`riichi_fast.settle`: each win alone (its
own counters and sticks), then each round as a whole (a double ron settled
together from the table state, the riichi stakes read from the events), and
the next table state (dealer, round wind, counters, sticks, scores) is
compared with the start of the next round.

The parts: :mod:`.scorers` (score one win, :class:`Computed`), :mod:`.settlement` (the
score changes of a win or a draw), :mod:`.report` (the checks, reports and their text);
here the checks themselves and :func:`verify_game` / :func:`verify_paths`, and the public
names of those modules again (this module is the verifier's documented entry).

>>> from riichi_fast.records.verify import noten_changes
>>> noten_changes((1,), 4)
(-1000, 3000, -1000, -1000)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable

import numpy as np

from riichi_fast import _backend, settle
from riichi_fast.errors import RiichiError
from riichi_fast.records.hands import _red_of
from riichi_fast.records.verify_rules import fast_settings, rules_for_game
from riichi_fast.records.model import Game, RecordedDraw, RecordedWin, Round
from riichi_fast.records.reading import parse_record
# the names of the verifier's parts are offered here too (this module is its documented
# entry): noten_changes, nagashi_changes, the report types, _tenhou_limit (engine.logs)
from riichi_fast.records.report import (
    DrawCheck,
    GameReport,
    Mismatch,
    VerifyReport,
    WinCheck,
    format_game_report,
    format_report,
    format_summary,
    format_win_check,
)
from riichi_fast.records.scorers import (
    Computed,
    _kernel_module,
    _public_score,
    _tenhou_limit,
    score_win,
    scorer_name,
)
from riichi_fast.records.settlement import (
    _base_rules,
    _hand_value,
    _round_table,
    _settle_draw,
    _win_changes,
    draw_changes,
    nagashi_changes,
    noten_changes,
    win_changes,
)
from riichi_fast.records.sources import expand_paths, iter_records
from riichi_fast.scoring.front import coerce_rules

__all__ = [
    "Computed",
    "DrawCheck",
    "GameReport",
    "Mismatch",
    "VerifyReport",
    "WinCheck",
    "check_draw",
    "check_round",
    "check_win",
    "cut_short",
    "draw_changes",
    "final_mismatches",
    "format_game_report",
    "format_report",
    "format_summary",
    "format_win_check",
    "main",
    "noten_changes",
    "rules_for_game",
    "score_win",
    "start_mismatches",
    "verify_game",
    "verify_paths",
    "win_changes",
]

_round = _backend.load("records._round")
# the compiled whole-round win checks and the compiled public scorer they stand for (both
# None under RIICHI_FAST_PUREPYTHON=1: every win through the Python checks below)
_WIN_CHECK = _backend.compiled("records._win_check")
_SCORE_API = _backend.compiled("scoring._score_api")
_new_check = object.__new__


def check_win(win: RecordedWin, rules, *, kernel: bool = False) -> WinCheck:
    """Score one win and list every item that disagrees with the record."""
    return _check_win(win, rules, kernel)[0]


def _check_win(win: RecordedWin, rules, kernel: bool):
    """:func:`check_win` and the ``HandValue`` its settlement read (``None`` if none was)."""
    try:
        c = score_win(win, rules, kernel=kernel)
    except Exception as exc:  # noqa: BLE001 - a rejected input is a finding, not a crash
        return WinCheck(win, None, None, (Mismatch("error", None, repr(exc)),),
                        error=f"{type(exc).__name__}: {exc}"), None
    rec = win.recorded
    mm: list[Mismatch] = []
    if c.status != "ok":
        mm.append(Mismatch("status", "ok", c.status))
        return WinCheck(win, c, None, tuple(mm)), None
    is_yakuman = bool(rec.yakuman)
    # a record that states no yaku at all (mjai: score changes only) says nothing about yakuman either
    states_yaku = is_yakuman or rec.han is not None or bool(rec.yaku)
    if (is_yakuman or c.yakuman) and states_yaku and tuple(sorted(rec.yakuman)) != c.yakuman:
        mm.append(Mismatch("yakuman", tuple(sorted(rec.yakuman)), c.yakuman))
    if not is_yakuman:
        if rec.han is not None and rec.han != c.han:
            mm.append(Mismatch("han", rec.han, c.han))
        if rec.fu is not None and rec.fu != c.fu:
            mm.append(Mismatch("fu", rec.fu, c.fu))
        if rec.han is not None or rec.yaku:
            ry = tuple(sorted(rec.yaku))
            if ry != c.yaku:
                mm.append(Mismatch("yaku", ry, c.yaku))
        # Tenhou's dora (yaku id 52) includes the kita tiles of a three-player hand
        if rec.dora is not None and rec.dora != c.dora + c.kita:
            mm.append(Mismatch("dora", rec.dora, c.dora + c.kita))
        if rec.aka is not None and rec.aka != c.aka:
            mm.append(Mismatch("aka", rec.aka, c.aka))
        if rec.ura is not None and win.ura_known and rec.ura != c.ura:
            mm.append(Mismatch("ura", rec.ura, c.ura))
    if rec.limit is not None and rec.limit != c.limit:
        mm.append(Mismatch("limit", rec.limit, c.limit))
    if rec.points is not None and rec.points != c.points:
        mm.append(Mismatch("points", rec.points, c.points))
    try:
        changes, value = _win_changes(win, c, getattr(rules, "pao_honba", "liable"),
                                      _base_rules(win.three_player, rules))
    except RiichiError as exc:  # the settlement rejected the win (rules for another table...)
        mm.append(Mismatch("settlement", None, f"{type(exc).__name__}: {exc}"))
        return WinCheck(win, c, None, tuple(mm)), None
    if rec.score_changes is not None and tuple(rec.score_changes) != changes:
        mm.append(Mismatch("score_changes", tuple(rec.score_changes), changes))
    check = _new_check(WinCheck)  # WinCheck(win, c, changes, tuple(mm)) without frozen setattr calls
    check.__dict__.update(win=win, computed=c, changes=changes, mismatches=tuple(mm), error=None)
    return check, value


def check_draw(draw: RecordedDraw, rules=None, *, rnd: Round | None = None,
               nxt: Round | None = None) -> DrawCheck:
    """Settle one draw and compare with the recorded score changes.

    With its round ``rnd`` the draw is settled from the round's table state
    (riichi stakes from the events); with the next round ``nxt`` too, the
    next table state is compared with that round's start (item ``next_table``).
    """
    return _check_draw(draw, rules, rnd, nxt, None if rnd is None else _declared(rnd))


def _check_draw(draw: RecordedDraw, rules, rnd: Round | None, nxt: Round | None,
                declared: tuple[int, ...] | None) -> DrawCheck:
    """:func:`check_draw` given ``_declared(rnd)``."""
    table = None
    if rnd is not None:
        table = _round_table(rnd, draw.n_players)
    try:
        settled = _settle_draw(draw, rules, table, declared or ())
    except RiichiError as exc:  # e.g. an abortive draw the given rules do not play
        return DrawCheck(draw, None, (Mismatch("settlement", None, f"{type(exc).__name__}: {exc}"),))
    changes = None if settled is None else settled.payments
    mm = []
    if changes is not None and draw.score_changes is not None \
            and tuple(draw.score_changes) != changes:
        mm.append(Mismatch("score_changes", tuple(draw.score_changes), changes))
    if settled is not None and rnd is not None and nxt is not None and draw.tenpai is not None:
        mm += _next_table_mismatches(settled, nxt)
    return DrawCheck(draw, changes, tuple(mm))


def _declared(rnd: Round) -> tuple[int, ...]:
    """Seats whose riichi stake was paid in the round (``riichi_accepted`` events):
    ``records._round.declared``, or what the reader remembered of the round."""
    kept = getattr(rnd, "_declared_seats", None)  # the reader's (RoundReplay.remember_declared)
    events = rnd.events
    if kept is not None and kept[0] is events and len(events) == kept[1]:
        return kept[2]
    return _round.declared(events if events.__class__ is list else list(events))


def _next_table_mismatches(settled, nxt: Round) -> list[Mismatch]:
    got = settled.next
    want = (nxt.dealer, nxt.round_wind, nxt.honba, nxt.riichi_sticks, tuple(nxt.scores))
    have = (got.dealer, got.round_wind, got.honba, got.riichi_sticks, got.scores)
    if settled.table.scores == (0,) * got.n_players:  # scores unknown: compare the rest
        want, have = want[:4], have[:4]
    return [] if want == have else [Mismatch("next_table", want, have)]


def check_round(rnd: Round, checks: list[WinCheck], rules, nxt: Round | None = None,
                n: int = 4) -> list[WinCheck]:
    """Settle the wins of one round together (:func:`riichi_fast.settle.settle_win`).

    The table state is the round's start, the riichi stakes come from the
    events; each win's share (``Settlement.per_win``) must equal its recorded
    changes (item ``round_settlement``), and the next table state the start
    of ``nxt`` (item ``next_table``, on the round's last win).  Wins that did
    not score leave the round unsettled.
    """
    return _check_round(rnd, checks, rules, nxt, n, None, None)


def _check_round(rnd: Round, checks: list[WinCheck], rules, nxt: Round | None, n: int,
                 declared: tuple[int, ...] | None, values: list | None) -> list[WinCheck]:
    """:func:`check_round` given ``_declared(rnd)`` and the ``HandValue`` each check settled
    (``None`` items, or ``values=None``: computed here)."""
    if not checks:
        return checks
    for c in checks:
        if c.computed is None or c.computed.status != "ok":
            return checks
    if values is None:
        values = [None] * len(checks)
    wins = [settle.Win(c.win.winner, _hand_value(c.win, c.computed) if v is None else v,
                       c.win.discarder, c.win.recorded.pao) for c, v in zip(checks, values)]
    try:
        settled = settle.settle_win(_round_table(rnd, n), wins,
                                    _declared(rnd) if declared is None else declared, rules)
    except RiichiError as exc:
        last = checks[-1]
        return checks[:-1] + [dataclasses.replace(last, mismatches=last.mismatches + (
            Mismatch("round_settlement", None, f"{type(exc).__name__}: {exc}"),))]
    by_winner = dict(zip(settled.winners, settled.per_win))
    out = []
    for i, c in enumerate(checks):
        mm = []
        rec = c.win.recorded.score_changes
        got = by_winner.get(c.win.winner)
        if rec is not None and tuple(rec) != got:
            mm.append(Mismatch("round_settlement", tuple(rec), got))
        if i == len(checks) - 1 and nxt is not None:
            mm += _next_table_mismatches(settled, nxt)
        out.append(dataclasses.replace(c, mismatches=c.mismatches + tuple(mm)) if mm else c)
    return out


def verify_game(game: Game, rules=None, *, kernel: bool = False) -> GameReport:
    """Re-score every win and settle every draw of ``game``.

    ``rules`` defaults to the ``tenhou`` preset adjusted to the game's flags
    (:func:`rules_for_game`); a given ``rules`` object is used as is.
    ``kernel=True`` scores through the kernel arrays instead of the public API.

    A dealer's tenhou (123m456p789s111z + 2z, drawn 2z) recorded as a yakuman:

    >>> from riichi_fast.records import parse_mjlog
    >>> hand = "0,4,8,48,53,56,96,100,104,108,109,110,112"
    >>> xml = ('<mjloggm><GO type="9"/><INIT seed="0,0,0,1,1,120" ten="250,250,250,250" '
    ...        f'oya="0" hai0="{hand}" hai1="" hai2="" hai3=""/><T113/>'
    ...        f'<AGARI ba="0,0" hai="{hand},113" machi="113" ten="40,48000,5" yakuman="37" '
    ...        'doraHai="120" who="0" fromWho="0" sc="250,480,250,-160,250,-160,250,-160"/>'
    ...        '</mjloggm>')
    >>> report = verify_game(parse_mjlog(xml))
    >>> check = report.wins[0]
    >>> check.ok, check.win.mpsz(), check.win.situation.tenhou, check.changes
    (True, '123m456p789s11122z', True, (48000, -16000, -16000, -16000))
    >>> print(*report.errors)  # the record stops there, without the game's final scores
    <mjlog> E1-0 (round 1): the record ends after this round, before the game's end (no owari: final scores and placements missing)
    """
    if rules is None:
        rules = rules_for_game(game)
    else:
        rules = coerce_rules(rules)
    report = GameReport(game.source, rounds=len(game.rounds))
    n = 3 if game.rules.three_player else 4
    rounds = game.rounds
    fast = None if kernel or not rounds else _fast_wins(game, rules)
    if not rounds:
        report.errors.append(f"{game.source}: no round in the record (empty, or not a game record)")
    for i, rnd in enumerate(rounds):
        nxt = rounds[i + 1] if i + 1 < len(rounds) else None
        if not rnd.wins and rnd.draw is None:
            where = "the record ends inside round" if nxt is None else "no result for round"
            report.errors.append(f"{game.source} {rnd.label} (round {rnd.index + 1}): {where} "
                                 f"(no win and no draw recorded)")
        declared = _declared(rnd)  # read once per round
        if fast is not None and rnd.wins:
            # compiled: every check of the round's wins passes (else None: checked below)
            alone = fast[0](rnd.wins, rnd, nxt, n, declared, fast[1])
            if alone is not None:
                new, add = _new_check, report.wins.append
                for win, changes in zip(rnd.wins, alone):
                    check = new(WinCheck)
                    check.__dict__.update(win=win, changes=changes, mismatches=(), error=None,
                                          _rules=rules)
                    add(check)
                if rnd.draw is not None:
                    report.draws.append(_with_scores_before(
                        _check_draw(rnd.draw, rules, rnd, nxt, declared),
                        _scores_at_end(rnd, n, declared)))
                continue
        at_end = _scores_at_end(rnd, n, declared)
        checks, values, shown = [], [], at_end
        for win in rnd.wins:
            check, value = _check_win(win, rules, kernel)
            checks.append(_with_scores_before(check, shown))
            values.append(value)
            # the next winner of a double ron is shown the scores after this one's
            ch = win.recorded.score_changes
            if shown is not None and ch is not None and len(ch) == n:
                shown = tuple(a + b for a, b in zip(shown, ch))
        if checks:
            report.wins += _check_round(rnd, checks, rules, nxt, n, declared, values)
        if rnd.draw is not None:
            report.draws.append(_with_scores_before(_check_draw(rnd.draw, rules, rnd, nxt, declared),
                                                    at_end))
    report.errors += cut_short(game)
    report.mismatches += start_mismatches(game, rules) + _final_mismatches(
        game, declared if rounds else None)
    return report


_FAST_DIGESTS: dict = {}


def _fast_wins(game: Game, rules):
    """(``records._win_check.check_wins``, its Digest of ``rules``) when the compiled win checks
    answer as the Python path would for this game: the public scorer is the compiled
    ``riichi_fast.score``, the rules are a Tenhou-like table (``records.verify_rules.fast_settings``)
    with ura and kan dora, and the records' red fives are the rules' own; else None."""
    key = (rules, bool(game.rules.red_fives), bool(game.rules.three_player))
    try:
        hit = _FAST_DIGESTS.get(key, False)
    except TypeError:  # rules that do not hash: no compiled path
        return None
    if hit is not False:
        # the public scorer may have been rebound since (a test's stand-in): then Python
        return hit if hit is None or _public_score() is hit[2] else None
    hit = None
    mod, api = _WIN_CHECK, _SCORE_API
    if mod is not None and api is not None and _public_score() is api.score \
            and getattr(rules, "ura_dora", False) and getattr(rules, "kan_dora", False):
        st = fast_settings(rules)
        probe = RecordedWin("", 0, 0, None, (), (), 0, None, None, 0,  # type: ignore[arg-type]
                            red_fives=key[1], three_player=key[2])
        n = 3 if key[2] else 4
        if st is not None and st["n_players"] == n and tuple(rules.red_fives) == _red_of(probe):
            params = np.ascontiguousarray(rules.params(), dtype=np.int32)
            hit = (mod.check_wins, mod.Digest(params, tuple(rules.red_fives), st["honba_value"],
                                              st["counters_all"], n, key[1], key[2]), api.score)
    if len(_FAST_DIGESTS) >= 64:
        _FAST_DIGESTS.clear()
    _FAST_DIGESTS[key] = hit
    return hit


def start_mismatches(game: Game, rules) -> list[Mismatch]:
    """A game recorded from its first hand (East 1) starts with no counter, no stick and
    every seat at ``rules.start_points`` (item ``start``)."""
    start = getattr(rules, "start_points", None)
    if not game.rounds or start is None:
        return []
    first = game.rounds[0]
    if (first.round_wind, first.kyoku) != (0, 0) or not first.scores:
        return []
    want = (0, 0, (start,) * len(first.scores))
    have = (first.honba, first.riichi_sticks, tuple(first.scores))
    return [] if have == want else [Mismatch("start", have, want)]


def _scores_at_end(rnd: Round, n: int, declared: tuple[int, ...] | None = None
                   ) -> tuple[int, ...] | None:
    """The scores a round's record shows before its settlement: start less stakes."""
    if not rnd.scores or len(rnd.scores) != n:
        return None
    if declared is None:
        declared = _declared(rnd)
    return tuple([s - 1000 * (i in declared) for i, s in enumerate(rnd.scores)])


def _with_scores_before(check, want):
    """Add a ``scores_before`` mismatch when the recorded scores before the
    settlement are not ``want`` (the round's starting scores less the riichi stakes)."""
    item = check.win.recorded.scores_before if isinstance(check, WinCheck) \
        else check.draw.scores_before
    if item is None or want is None or tuple(item) == want:
        return check
    return dataclasses.replace(check, mismatches=check.mismatches + (
        Mismatch("scores_before", tuple(item), want),))


def cut_short(game: Game) -> list[str]:
    """The error of an mjlog that stops after a round, before the game's end: Tenhou closes
    every game with its final scores (``owari`` on the last result), so a record without
    them is incomplete and its final scores cannot be checked.  (A record that stops inside
    a round has its own error; the other formats carry no final scores this package reads.)

    The example of :func:`verify_game` is such a record; a game without rounds has none:

    >>> from riichi_fast.records import Game, GameRules
    >>> cut_short(Game("x.mjlog", "mjlog", GameRules(), ("A", "B", "C", "D")))
    []
    """
    rounds = game.rounds
    if not rounds or game.format != "mjlog" or game.final_scores is not None \
            or not rounds[-1].wins and rounds[-1].draw is None:
        return []
    last = rounds[-1]
    where = f"{game.source} {last.label} (round {last.index + 1})"
    why = "the record ends after this round, before the game's end"
    return [f"{where}: {why} (no owari: final scores and placements missing)"]


def final_mismatches(game: Game) -> list[Mismatch]:
    """Compare the record's final scores and placements with its last round.

    The final scores are the last round's scores less its riichi stakes plus
    the recorded changes; riichi sticks left on the table go to the top seat
    (ties: the lower seat, Tenhou's order).  The final points must rank the
    seats as the scores do (item ``placements``).
    """
    return _final_mismatches(game, None)


def _final_mismatches(game: Game, declared: tuple[int, ...] | None) -> list[Mismatch]:
    """:func:`final_mismatches` given ``_declared`` of the last round (``None``: read here)."""
    if game.final_scores is None or not game.rounds:
        return []
    n = len(game.final_scores)
    last = game.rounds[-1]
    if declared is None:
        declared = _declared(last)
    base = _scores_at_end(last, n, declared)
    if base is None:
        return []
    final = list(base)
    changes = [w.recorded.score_changes for w in last.wins]
    if last.draw is not None:
        changes.append(last.draw.score_changes)
    if any(c is None or len(c) != n for c in changes):
        return []
    for ch in changes:
        for s in range(n):
            final[s] += ch[s]
    if not last.wins:
        top = max(range(n), key=lambda s: (final[s], -s))
        final[top] += 1000 * (last.riichi_sticks + len(declared))
    out = []
    if tuple(final) != tuple(game.final_scores):
        out.append(Mismatch("final_scores", tuple(game.final_scores), tuple(final)))
    if game.final_points is not None:
        by_score = sorted(range(n), key=lambda s: (-final[s], s))
        by_points = sorted(range(n), key=lambda s: (-game.final_points[s], s))
        if by_score != by_points:
            out.append(Mismatch("placements", tuple(by_points), tuple(by_score)))
    return out


def verify_paths(paths: Iterable[str | os.PathLike], rules=None, *,
                 progress: Callable[[int, int, str], None] | None = None,
                 kernel: bool = False) -> VerifyReport:
    """Read and verify many records (any supported format), keeping every report.

    ``paths``: files, directories, globs, archives, databases
    (:mod:`riichi_fast.records.sources`).  ``progress(done, total, path)`` is
    called after each file.  A record that cannot be read (a damaged ``.gz``
    too) is listed in ``unreadable`` with the reason; the others are verified.
    For large runs :func:`riichi_fast.records.verify_files.verify_summary` keeps
    counters only and is much faster.
    """
    files = list(expand_paths(paths))
    report = VerifyReport(scorer=f"score_kernel ({_kernel_module().__name__})" if kernel
                          else scorer_name())
    for i, (path, err) in enumerate(files, 1):
        for name, data in ([(path, err)] if err is not None else iter_records([path])):
            if isinstance(data, BaseException):
                report.unreadable.append((name, f"{type(data).__name__}: {data}"))
                continue
            source = os.path.basename(name) if "!" not in name else name
            try:
                game = parse_record(data, source)
            except (RiichiError, ValueError, RecursionError) as exc:
                report.unreadable.append((name, f"{type(exc).__name__}: {exc}"))
            else:
                report.games.append(verify_game(game, rules, kernel=kernel))
        if progress is not None:
            progress(i, len(files), path)
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m riichi_fast.records.verify FILE...``: verify and print mismatches."""
    import argparse  # only for the command line: a few ms that importing the verifier skips

    ap = argparse.ArgumentParser(prog="python -m riichi_fast.records.verify",
                                 description="Re-score every win of game records.")
    ap.add_argument("paths", nargs="+", help="mjlog (plain/gzip), tenhou.net/6 JSON or mjai files")
    ap.add_argument("--kernel", action="store_true", help="score through the kernel arrays")
    args = ap.parse_args(argv)
    report = verify_paths(args.paths, kernel=args.kernel)
    print(format_report(report))
    if report.unreadable or any(g.errors for g in report.games):
        return 2
    return 0 if all(g.ok for g in report.games) else 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
