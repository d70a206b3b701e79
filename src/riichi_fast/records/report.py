"""What the verifier reports: a check per win (:class:`WinCheck`) and per draw
(:class:`DrawCheck`), a :class:`GameReport` per game, a :class:`VerifyReport` for many, and
their text.

>>> print(format_report(VerifyReport(scorer="riichi_fast.score")))
0 games: 0/0 wins match, 0/0 draws match, 0 unreadable files (scorer: riichi_fast.score)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from riichi_fast.records.model import RecordedDraw, RecordedWin, tiles_mpsz
from riichi_fast.records.scorers import Computed, score_win

__all__ = [
    "DrawCheck",
    "GameReport",
    "Mismatch",
    "VerifyReport",
    "WinCheck",
    "format_game_report",
    "format_report",
    "format_summary",
    "format_win_check",
]


@dataclass(frozen=True)
class Mismatch:
    """One item where the record and the computation disagree."""

    item: str
    recorded: object
    computed: object


@dataclass(frozen=True)
class WinCheck:
    """The verification of one win."""

    win: RecordedWin
    computed: Computed | None
    changes: tuple[int, ...] | None
    """Per-seat changes computed from the scorer's payments."""
    mismatches: tuple[Mismatch, ...] = ()
    error: str | None = None
    """The exception text when scoring raised (input rejected)."""

    @property
    def ok(self) -> bool:
        return self.error is None and not self.mismatches

    def __getattr__(self, name):
        # A check of the compiled path (records._win_check.check_wins) is built without its
        # ``computed``: the public scorer's answer, computed here on first read (the summary
        # path never reads it).  The value is the one _check_win would have stored.
        if name == "computed":
            d = self.__dict__
            rules = d.get("_rules")
            if rules is not None:
                c = score_win(d["win"], rules)
                d["computed"] = c
                del d["_rules"]
                return c
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self):
        if "_rules" in self.__dict__:
            self.computed  # noqa: B018 - computed now: a pickled check carries it
        return self.__dict__


@dataclass(frozen=True)
class DrawCheck:
    """The verification of one draw's settlement."""

    draw: RecordedDraw
    changes: tuple[int, ...] | None
    """Computed per-seat changes (``None``: the record lacks what they need)."""
    mismatches: tuple[Mismatch, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.mismatches


@dataclass
class GameReport:
    """Checks of every win and draw of one game, and of the game as a whole.

    ``errors``: what makes the record damaged or incomplete (no round, a round
    with no result), each naming the file and the position.  ``mismatches``:
    game-level items that disagree (``final_scores``, ``placements``).
    """

    source: str
    wins: list[WinCheck] = field(default_factory=list)
    draws: list[DrawCheck] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    rounds: int = 0

    @property
    def n_wins(self) -> int:
        return len(self.wins)

    @property
    def n_wins_ok(self) -> int:
        return sum(c.ok for c in self.wins)

    @property
    def n_draws_ok(self) -> int:
        return sum(c.ok for c in self.draws)

    @property
    def n_unsupported(self) -> int:
        """Draws whose settlement the record does not allow to compute (tenpai seats unknown)."""
        return sum(c.changes is None and c.ok for c in self.draws)

    @property
    def failures(self) -> list:
        return [c for c in self.wins if not c.ok] + [c for c in self.draws if not c.ok]

    @property
    def ok(self) -> bool:
        """Every win and draw matched, no game-level mismatch, no error."""
        return not self.errors and not self.mismatches and not self.failures


@dataclass
class VerifyReport:
    """Checks of many games, plus the files that could not be read."""

    games: list[GameReport] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    scorer: str = ""

    @property
    def wins(self) -> list[WinCheck]:
        return [c for g in self.games for c in g.wins]

    @property
    def draws(self) -> list[DrawCheck]:
        return [c for g in self.games for c in g.draws]

    @property
    def n_wins(self) -> int:
        return sum(g.n_wins for g in self.games)

    @property
    def n_wins_ok(self) -> int:
        return sum(g.n_wins_ok for g in self.games)

    def summary(self) -> str:
        """One line: games, wins matched, draws matched, unreadable files."""
        draws = self.draws
        return (f"{len(self.games)} games: {self.n_wins_ok}/{self.n_wins} wins match, "
                f"{sum(c.ok for c in draws)}/{len(draws)} draws match, "
                f"{len(self.unreadable)} unreadable files (scorer: {self.scorer})")


def format_win_check(check: WinCheck) -> str:
    """A multi-line description of a win check: hand, context, recorded vs computed."""
    w = check.win
    s = w.situation
    flags = [k for k in ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                         "rinshan", "chankan", "tenhou", "chiihou") if getattr(s, k)]
    lines = [
        f"{w.source}: seat {w.winner} "
        + ("tsumo" if w.tsumo else f"ron from seat {w.discarder}")
        + (f" (double ron #{w.multi_ron_index + 1})" if w.multi_ron_index else ""),
        (f"  hand: {w.mpsz()}   win tile: {tiles_mpsz([w.win_tile], w.red_fives)}"
        f" (id {w.win_tile})"),
        f"  context: {' '.join(flags) or 'ron'}; seat wind {'ESWN'[s.seat_wind]}, "
        f"round wind {'ESWN'[s.round_wind]}; dora ind. "
        f"{tiles_mpsz(s.dora_indicators, False) or '-'}; ura ind. "
        f"{tiles_mpsz(s.ura_indicators, False) or '-'}; honba {s.honba_paid}, "
        f"sticks {s.riichi_sticks}" + (f"; pao seat {w.recorded.pao}"
                                       if w.recorded.pao is not None else ""),
        (f"  recorded: han {w.recorded.han} fu {w.recorded.fu} points {w.recorded.points} "
        f"limit {w.recorded.limit} yaku {list(w.recorded.yaku)} yakuman "
        f"{list(w.recorded.yakuman)} dora/ura/aka {w.recorded.dora}/{w.recorded.ura}/"
        f"{w.recorded.aka} changes {w.recorded.score_changes}"),
    ]
    c = check.computed
    if check.error is not None:
        lines.append(f"  computed: raised {check.error}")
    elif c is not None:
        lines.append(
            f"  computed: status {c.status} han {c.han} fu {c.fu} points {c.points} "
            f"limit {c.limit} yaku {list(c.yaku)} yakuman {list(c.yakuman)} dora/ura/aka "
            f"{c.dora}/{c.ura}/{c.aka} changes {check.changes}")
    for m in check.mismatches:
        lines.append(f"  MISMATCH {m.item}: recorded {m.recorded} computed {m.computed}")
    return "\n".join(lines)


def format_report(report: VerifyReport, limit: int | None = None) -> str:
    """The summary line, then every failing win and draw (up to ``limit``)."""
    lines = [report.summary()]
    fails = [c for c in report.wins if not c.ok]
    for c in fails[:limit]:
        lines += ["", format_win_check(c)]
    for d in report.draws:
        if not d.ok:
            lines += _draw_lines(d)
    for g in report.games:
        lines += [f"ERROR {e}" for e in g.errors]
        lines += [f"{g.source}: end of game: MISMATCH {m.item}: recorded {m.recorded} computed "
                  f"{m.computed}" for m in g.mismatches]
    for path, why in report.unreadable:
        lines += ["", f"unreadable {path}: {why}"]
    return "\n".join(lines)


def format_game_report(rep: GameReport, limit: int | None = None) -> list[str]:
    """Lines describing what did not match in one game (errors, wins, draws, final scores)."""
    lines = [f"ERROR {e}" for e in rep.errors]
    for c in [c for c in rep.wins if not c.ok][:limit]:
        lines += ["", format_win_check(c)]
    for d in rep.draws:
        if not d.ok:
            lines += _draw_lines(d)
    for m in rep.mismatches:
        lines.append(f"{rep.source}: end of game: MISMATCH {m.item}: recorded {m.recorded} "
                     f"computed {m.computed}")
    return lines


def format_summary(summary, limit: int | None = None) -> str:
    """The summary line of a :class:`riichi_fast.records.verify_files.VerifySummary`, then the
    games that did not match (up to ``limit``), the damaged records and the unreadable inputs."""
    lines = [summary.summary()]
    for rep in summary.failed[:limit]:
        lines += [""] + format_game_report(rep, limit)
    if summary.dropped or (limit is not None and len(summary.failed) > limit):
        more = summary.dropped + max(len(summary.failed) - (limit or 0), 0)
        lines += ["", f"... and {more} more games that did not match"]
    for path, why in summary.unreadable:
        lines += ["", f"unreadable {path}: {why}"]
    return "\n".join(lines)


def _draw_lines(d: DrawCheck) -> list[str]:
    """A failing draw check: a blank line, the draw, each mismatch."""
    return ["", (f"{d.draw.source}: {d.draw.kind} tenpai {d.draw.tenpai} nagashi "
                 f"{d.draw.nagashi}: recorded {d.draw.score_changes} computed {d.changes}")] + [
        f"  MISMATCH {m.item}: recorded {m.recorded} computed {m.computed}" for m in d.mismatches]
