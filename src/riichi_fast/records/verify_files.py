"""Verify many records fast: compiled mjlog path, the full verifier where it must explain, workers.

:func:`verify_summary` streams records from :func:`riichi_fast.records.sources.iter_records`
and keeps counters (memory stays flat: only the reports of games that did
not match are kept, up to ``keep``).  A Tenhou mjlog (four or three players)
verified under the automatic rules goes through the compiled fast path
(:mod:`riichi_fast.records.mjlog._scan`: tokenize, replay, re-score and settle in C);
any game it does not pass (a mismatch, a damaged record, or what it leaves
to the full verifier: three ron, an unknown tag...) is verified
again by :func:`riichi_fast.records.verify.verify_game`, whose report says
what and where.  Other formats, and explicit ``rules``, use the full
verifier.  ``jobs > 1`` spreads the records over worker processes.

>>> s = verify_summary([])
>>> s.as_dict()["games"], s.exit_status()
(0, 0)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from riichi_fast import _backend
from riichi_fast._pool import LOST, check_jobs, run_ordered
from riichi_fast.errors import RiichiError
from riichi_fast.records.errors import RecordError
from riichi_fast.records.reading import parse_record
from riichi_fast.records.scorers import scorer_name
from riichi_fast.records.sources import expand_paths, iter_records, split_databases, starts_xml
from riichi_fast.records.verify_rules import _red_counted, fast_settings, params_rows
from riichi_fast.rules import config
from riichi_fast.scoring.front import coerce_rules

__all__ = ["VerifySummary", "fast_settings", "params_rows", "parse_record", "verify_summary"]


_FAST = None
_GO = re.compile(rb"<GO\s[^>]*?\btype\s*=\s*[\"']([0-9]{1,9})[\"']")


def _fast():
    """The compiled pass (``_mjlog.Pass``, or its twin) of the automatic rules: the
    ``tenhou`` and ``tenhou_3p`` tables, each record taking the one of its player count;
    built once per process."""
    global _FAST
    if _FAST is None:
        _FAST = _backend.load("records.mjlog._scan").Pass({
            4: (params_rows(config.TENHOU), fast_settings(config.TENHOU)),
            3: (params_rows(config.TENHOU_3P), fast_settings(config.TENHOU_3P))})
    return _FAST


_FAST_RULES: dict = {}


def _fast_for(rules):
    """:func:`_fast` for explicit ``rules`` (a Rules object): the compiled pass with the
    rules as they are, as ``verify_game`` uses a given Rules object (not adjusted to each
    game's flags), for games of ``rules.n_players`` players (others are declined);
    ``None`` when the compiled path does not play these rules (:func:`fast_settings`, or
    no red fives: the compiled path counts a game's red fives as its flags say).  Cached
    per Rules object."""
    try:
        hit = _FAST_RULES.get(rules, False)
    except TypeError:  # an unhashable Rules-like object: no cache, no compiled path
        return None
    if hit is not False:
        return hit
    settings = fast_settings(rules)
    out = None
    # the compiled path counts red fives whenever the game's <GO> flags have them; the full
    # verifier with given rules only when the rules do: rules without red fives go there
    if settings is not None and _red_counted(rules):
        params = np.ascontiguousarray(np.stack([rules.params()] * 4).astype(np.int32))
        out = _backend.load("records.mjlog._scan").Pass({rules.n_players: (params, settings)})
    if len(_FAST_RULES) < 32:
        _FAST_RULES[rules] = out
    return out


def _players(data: bytes) -> int:
    """3 when the mjlog's ``<GO type>`` (read near the start) has the three-player bit, else 4
    (the compiled path checks it again: a wrong guess only sends the game to the full verifier)."""
    i = data.find(b"<GO", 0, 16384)
    m = _GO.match(data, i) if i >= 0 else None
    return 3 if m is not None and int(m.group(1)) & 0x10 else 4


# ---------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------

@dataclass
class VerifySummary:
    """Counters of a verification run, the reports of the games that did not match.

    ``unsupported``: draws the record does not allow to settle (tenpai seats
    not given), neither matched nor mismatched.  ``errors``: damaged or
    incomplete records (the game was read but cannot be verified as a whole).
    ``unreadable``: inputs that could not be read at all.
    """

    games: int = 0
    rounds: int = 0
    wins: int = 0
    wins_matched: int = 0
    draws: int = 0
    draws_matched: int = 0
    unsupported: int = 0
    games_matched: int = 0
    fast_games: int = 0
    game_mismatches: int = 0
    errors: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    failed: list = field(default_factory=list)
    """:class:`~riichi_fast.records.verify.GameReport` of the games that did not match."""
    dropped: int = 0
    """Failed reports not kept (over ``keep``)."""
    scorer: str = ""

    def add(self, other: VerifySummary, keep: int | None = None) -> None:
        for name in ("games", "rounds", "wins", "wins_matched", "draws", "draws_matched",
                     "unsupported", "games_matched", "fast_games", "game_mismatches", "dropped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.errors += other.errors
        self.unreadable += other.unreadable
        for rep in other.failed:
            if keep is None or len(self.failed) < keep:
                self.failed.append(rep)
            else:
                self.dropped += 1

    def add_report(self, rep, keep: int | None = None) -> None:
        self.games += 1
        self.rounds += rep.rounds
        self.wins += rep.n_wins
        self.wins_matched += rep.n_wins_ok
        self.draws += len(rep.draws)
        self.draws_matched += sum(c.ok and c.changes is not None for c in rep.draws)
        self.unsupported += rep.n_unsupported
        self.game_mismatches += len(rep.mismatches)
        self.errors += rep.errors
        if rep.ok:
            self.games_matched += 1
        elif keep is None or len(self.failed) < keep:
            self.failed.append(rep)
        else:
            self.dropped += 1

    @property
    def mismatches(self) -> int:
        """Wins and draws that disagree with the record, plus game-level mismatches."""
        return (self.wins - self.wins_matched) + (self.draws - self.draws_matched
                                                  - self.unsupported) + self.game_mismatches

    def exit_status(self) -> int:
        """0 all matched, 1 a mismatch, 2 unreadable input or a damaged record."""
        if self.unreadable or self.errors:
            return 2
        return 1 if self.mismatches else 0

    def as_dict(self) -> dict:
        """The ``--json`` object."""
        return {"games": self.games, "games_matched": self.games_matched, "rounds": self.rounds,
                "wins": self.wins, "wins_matched": self.wins_matched, "draws": self.draws,
                "draws_matched": self.draws_matched, "unsupported": self.unsupported,
                "mismatches": self.mismatches, "errors": len(self.errors),
                "unreadable": len(self.unreadable), "fast_games": self.fast_games,
                "exit_status": self.exit_status(), "scorer": self.scorer}

    def summary(self) -> str:
        return (f"{self.games} games: {self.wins_matched}/{self.wins} wins match, "
                f"{self.draws_matched}/{self.draws} draws match"
                + (f" ({self.unsupported} draws not settled: the record lacks the tenpai seats)"
                   if self.unsupported else "")
                + f", {self.game_mismatches} start/final-score mismatches, {len(self.errors)} damaged "
                  f"records, {len(self.unreadable)} unreadable files (scorer: {self.scorer})")


def verify_one(name: str, data, rules=None, *, kernel: bool = False, fast: bool = True,
               keep: int | None = None) -> VerifySummary:
    """Verify one record (bytes, or the exception that made it unreadable)."""
    # the full verifier only for a game the compiled path leaves (~50 ms to import: scorers,
    # settlement, reports), which a run of clean mjlog records never needs
    from riichi_fast.records.verify import verify_game

    out = VerifySummary()
    if isinstance(data, BaseException):
        out.unreadable.append((name, _why(data)))
        return out
    done = _compiled(data, rules) if fast and not kernel and (data[:1] == b"<" or starts_xml(data)) \
        else None
    if done is not None:
        out.games = out.games_matched = out.fast_games = 1
        out.rounds, out.wins, out.draws = done
        out.wins_matched, out.draws_matched = out.wins, out.draws
        return out
    try:
        game = parse_record(data, os.path.basename(name) if "!" not in name else name)
    except (RecordError, RiichiError, ValueError, RecursionError) as exc:
        out.unreadable.append((name, _why(exc)))
        return out
    try:
        report = verify_game(game, rules, kernel=kernel)
    except (RiichiError, ValueError) as exc:  # a record the verifier cannot take: go on
        out.unreadable.append((name, _why(exc)))
        return out
    out.add_report(report, keep)
    return out


def _compiled(data, rules):
    """``(rounds, wins, draws)`` when the compiled path verified every item of the mjlog
    ``data`` under ``rules`` (``None``: each game's automatic Tenhou rules), else ``None``:
    the full verifier must look (a mismatch, a damaged record, rules or a player count the
    compiled path does not play)."""
    p = (_FAST if _FAST is not None else _fast()) if rules is None else _fast_for(rules)
    if p is None:
        return None
    try:
        status, n_rounds, n_wins, n_draws = p.verify(data)
    except (ValueError, TypeError):  # pragma: no cover - a bug in the fast path
        return None
    return (n_rounds, n_wins, n_draws) if status == 0 else None


def _why(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _verify_into(total: VerifySummary, name: str, data, rules, kernel: bool, fast: bool,
                 keep: int | None) -> None:
    """``total.add(verify_one(...))`` without a summary object per game on the compiled path."""
    if fast and not kernel and type(data) is bytes and (data[:1] == b"<" or starts_xml(data)):
        done = _compiled(data, rules)
        if done is not None:
            n_rounds, n_wins, n_draws = done
            total.games += 1
            total.games_matched += 1
            total.fast_games += 1
            total.rounds += n_rounds
            total.wins += n_wins
            total.wins_matched += n_wins
            total.draws += n_draws
            total.draws_matched += n_draws
            return
        fast = False  # the full verifier explains (the compiled path has had its say)
    total.add(verify_one(name, data, rules, kernel=kernel, fast=fast, keep=keep), keep)


def warm_workers() -> None:
    """What forked record workers (``verify -j``, ``stats -j``) inherit instead of each
    building it (~0.3 s a worker): the readers, the verifier and the compiled path's tables."""
    import riichi_fast.records.verify  # noqa: F401 - imported for the workers (see verify_one)

    _fast()


def _work(files, rules, kernel, fast, keep):
    """A worker's share: files it reads itself (no record bytes cross the process boundary)."""
    total = VerifySummary()
    for name, data in iter_records(files):
        _verify_into(total, name, data, rules, kernel, fast, keep)
    return total, len(files)


def verify_summary(paths: Iterable, rules=None, *, jobs: int = 1, kernel: bool = False,
                   fast: bool = True, keep: int | None = 100,
                   progress: Callable[[int], None] | None = None,
                   workers: str = "processes") -> VerifySummary:
    """Verify every record ``paths`` name (files, directories, globs, archives, databases).

    ``rules``: ``None`` (Tenhou, adjusted to each game's flags), a preset name or
    a Rules object (used as it is for every game).  The compiled mjlog path is
    used in both cases when it plays the rules (Tenhou's tables, ``default``: see
    :func:`_fast_for`; a game of another player count than the rules goes to the
    full verifier).  ``jobs``: worker
    processes, each reading its share of the files (an archive or a database
    is one file: one worker reads it).  ``keep``: how many failing game reports to keep.
    ``progress(n)`` is called with the number of records done since the last call
    (with ``jobs > 1``: files).  ``workers="threads"``: ``jobs`` threads instead of
    processes; the compiled path verifies a whole file without the GIL (reading and
    gunzip release it too), so threads cost no start-up, copy or pickling, but games it
    declines (damaged records, other formats, rules it does not play) run one at a
    time.

    >>> verify_summary([], jobs=2, workers="threads").games
    0
    """
    if rules is not None:
        rules = resolve_rules(rules)
    check_jobs(jobs, workers)
    # the compiled path's tables built once here, before threads share them or workers fork
    compiled = fast and not kernel and (_fast() if rules is None else _fast_for(rules)) is not None
    total = VerifySummary(scorer=("compiled mjlog path + " if compiled else "") + scorer_name())
    if jobs == 1:
        for name, data in iter_records(paths):
            _verify_into(total, name, data, rules, kernel, fast, keep)
            if progress is not None:
                progress(1)
        return total

    def files():
        for path, err in expand_paths(paths):
            if err is not None:
                total.unreadable.append((path, _why(err)))
            else:
                yield path

    def wanted():
        """Failing reports a new task may still send back: the parent keeps the first
        ``keep`` (in file order) and only counts the others, so once it holds them the
        workers neither build nor pickle more (a corpus with many failing games)."""
        return None if keep is None else max(0, keep - len(total.failed))

    # a log database is read by all the workers, a share of rows each
    for chunk, got in run_ordered(_work, split_databases(files()), jobs, workers=workers, warm=warm_workers,
                                  args=lambda: (rules, kernel, fast, wanted())):
        if got is LOST:
            part, n = VerifySummary(), 1
            part.unreadable.append((chunk[0], LOST))
        else:
            part, n = got
        total.add(part, keep)
        if progress is not None:
            progress(n)
    return total


def resolve_rules(rules):
    """A Rules object from a preset name or a Rules; an unknown name lists the presets.

    >>> try:
    ...     resolve_rules("nope")
    ... except ValueError as exc:
    ...     print(str(exc)[:41])
    no rules preset 'nope'; known: default, t
    """
    return coerce_rules(rules)
