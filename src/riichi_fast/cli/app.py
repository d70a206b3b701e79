"""The ``riichi-fast`` command line.

Subcommands::

    riichi-fast score "123m406p789s11z 777z@2" --win 4p --tsumo --dora 3p
    riichi-fast analyse "123m456p789s1122z"
    riichi-fast batch hands.txt --rules tenhou --threads 2
    riichi-fast verify tests/data/records/tenhou/*.mjlog
    riichi-fast replay tests/data/records/tenhou-mjlog-mjx
    riichi-fast convert tests/data/records/tenhou-mjlog-mjx --to mjai --out converted/

``score`` prints the han, fu, every yaku and the payments of one win.
``batch`` scores a file of hands (one per line, written as the arguments of
``score``) through the compiled batch kernel, with a progress bar, and prints a
summary.  ``verify`` re-scores every win of real game records and compares
with what the platform recorded.

Exit status (:data:`EXIT_CODES`): 0 ok; 1 a mismatch (``verify``) or a hand
that does not win (``score``); 2 bad input or usage (an unreadable hand, file
or line, an unknown option or preset).  ``-`` reads standard input where a
file is read.  A closed pipe (``riichi-fast batch ... | head -1``) ends quietly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

import numpy as np

from riichi_fast import __version__, _backend, analysis
from riichi_fast._pool import jobs_arg
from riichi_fast._progress import Progress
from riichi_fast.cli.scoreline import (
    WINDS,  # noqa: F401  (re-exported: riichi_fast.cli.app.WINDS)
    _add_win_arguments,
    _preset_name,
    _rules_help,
    _score_kwargs,
    hand_and_win,
)
from riichi_fast.cli.selfplay import add_parser as add_selfplay_parser
from riichi_fast.cli.stats import add_parsers as add_stats_parsers
from riichi_fast.errors import RiichiError
from riichi_fast.hand import as_hand
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import Rules
from riichi_fast.scoring.front import score
from riichi_fast.tiles import kind_name

EXIT_CODES = """exit status:
  0  ok
  1  a mismatch (verify) or a hand that does not win (score)
  2  bad input or usage: an unreadable hand, file or line, an unknown option or rules preset
"""

def cmd_score(ns) -> int:
    hand, win = hand_and_win(ns.hand, ns.win)
    result = score(hand, win, **_score_kwargs(ns))
    if ns.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_result(result, hand, win, ns))
    return 0 if result.ok else 1


def format_result(result, hand, win, ns) -> str:
    """A referee's summary of one scored hand, one fact a line."""
    winds = "ESWN"
    how = "tsumo" if ns.tsumo else "ron"
    lines = [f"hand     {hand}  win {win} ({how}), seat {winds[ns.seat]}, round {winds[ns.round]}, rules {ns.rules}"]
    if not result.ok:
        lines.append(f"result   {result.status}: no points")
        return "\n".join(lines)
    if result.is_yakuman:
        head = f"yakuman x{result.yakuman}"
    else:
        head = f"{result.han} han {result.fu} fu" + (f" ({result.limit})" if result.limit else "")
    lines.append(f"result   {head}: {result.cost} points")
    lines.append("yaku     " + ", ".join(
        f"{y.name} {'yakuman x' + str(y.yakuman) if y.yakuman else y.han}" for y in result.yaku))
    dora = [f"{k} {v}" for k, v in result.dora_counts.items() if v]
    if dora:
        lines.append("dora     " + ", ".join(dora))
    if not result.is_yakuman:
        lines.append("fu       " + ", ".join(f"{f.reason} {f.fu}" for f in result.fu_details) + f" -> {result.fu}")
    if result.reading is not None:
        lines.append(f"reading  {result.reading}")
    payers = ", ".join(f"{who.replace('_', ' ')} pays {amount}" for who, amount in result.payers().items())
    extra = result.payment.sticks
    lines.append(f"payment  {payers}" + (f", riichi sticks {extra}" if extra else "") + f"; winner +{result.total}")
    return "\n".join(lines)


def analyse_dict(hand_text: str, visible: str = "") -> dict:
    """What ``riichi-fast analyse`` reports, as a dict (the ``--json`` output).

    >>> d = analyse_dict("123m456p789s1122z")
    >>> d["shanten"], d["waits"], d["ukeire"]
    (0, ['1z', '2z'], {'tiles': 4, 'kinds': ['1z', '2z']})
    """
    hand = as_hand(hand_text)
    sh = analysis.shanten(hand)
    out = {
        "hand": str(hand),
        "shanten": sh,
        "shanten_regular": analysis.shanten_regular(hand),
        "shanten_chiitoitsu": analysis.shanten_chiitoitsu(hand) if not hand.melds else None,
        "shanten_kokushi": analysis.shanten_kokushi(hand) if not hand.melds else None,
    }
    if len(hand.closed) % 3 == 1:
        out["waits"] = [kind_name(k) for k in analysis.waits(hand)] if sh == 0 else []
        n, kinds = analysis.ukeire(hand, visible or None)
        out["ukeire"] = {"tiles": n, "kinds": [kind_name(k) for k in kinds]}
    elif sh == -1:
        out["readings"] = [str(r) for r in analysis.decompose(hand)]
    else:
        out["discards"] = [{"discard": kind_name(row[0]), "shanten": row[1], "ukeire": row[2]}
                           for row in analysis.discard_analysis(hand, visible or None)]
    return out


def cmd_analyse(ns) -> int:
    d = analyse_dict(ns.hand, ns.visible)
    if ns.json:
        print(json.dumps(d, indent=2, ensure_ascii=False))
        return 0
    def dash(v):
        return "-" if v is None else v

    print(f"hand      {d['hand']}")
    print(f"shanten   {d['shanten']} (regular {d['shanten_regular']}, "
          f"chiitoitsu {dash(d['shanten_chiitoitsu'])}, kokushi {dash(d['shanten_kokushi'])})")
    if "ukeire" in d:
        if d["shanten"] == 0:
            print("waits     " + " ".join(d["waits"]))
        print(f"ukeire    {d['ukeire']['tiles']} tiles: " + " ".join(d["ukeire"]["kinds"]))
    elif "readings" in d:
        for reading in d["readings"]:
            print(f"reading   {reading}")
    else:
        print("discards  (kind, shanten after, ukeire tiles)")
        for row in d["discards"]:
            print(f"  {row['discard']:3s} {row['shanten']:2d} {row['ukeire']:3d}")
    return 0


class _Summary:
    """Running totals of batch results: statuses, han histogram, points."""

    def __init__(self):
        self.status = Counter()
        self.han = Counter()
        self.yakuman = 0
        self.points = 0
        self.max_points = 0
        self.scored = 0

    def add(self, res) -> None:
        codes, counts = np.unique(res.score_status, return_counts=True)
        for code, count in zip(codes.tolist(), counts.tolist()):
            self.status[L.STATUS_NAMES.get(code, str(code))] += count
        ok = res.ok()
        if ok.any():
            for h, c in zip(*np.unique(res.han[ok & (res.yakuman == 0)], return_counts=True)):
                self.han[int(h)] += int(c)
            self.yakuman += int(np.count_nonzero(res.yakuman[ok]))
            self.points += int(res.hand_points[ok].sum())
            self.max_points = max(self.max_points, int(res.hand_points[ok].max()))
            self.scored += int(np.count_nonzero(ok))

    def lines(self) -> list[str]:
        out = ["status     " + ", ".join(f"{k} {v}" for k, v in sorted(self.status.items()))]
        if self.scored:
            out.append(f"points     mean {self.points / self.scored:.0f}, max {self.max_points} (hand points, "
                       "without counters and sticks)")
            out.append("han        " + ", ".join(f"{h}: {c}" for h, c in sorted(self.han.items()))
                       + f"; yakuman: {self.yakuman}")
        return out


def _open(path: str, mode: str, what: str, stack):
    """A file opened for the batch (closed by ``stack``); an unopenable output is a RiichiError."""
    try:
        fh = open(path, mode, **({} if "b" in mode else {"encoding": "utf-8"}))  # noqa: SIM115 (closed by stack)
    except OSError as exc:
        if what == "read":
            raise
        raise RiichiError(f"cannot write {path}: {exc.strerror or exc}") from None
    return stack.enter_context(fh)


def cmd_batch(ns) -> int:
    import contextlib
    import os

    # imported when the command runs, as below: its writers and the batch kernel cost every other command ~50 ms
    from riichi_fast.cli import batchio

    rules = Rules.preset(ns.rules)
    if ns.chunk < 1 or ns.threads < 1:
        raise RiichiError(f"--chunk and --threads must be positive, got {ns.chunk} and {ns.threads}")
    report = sys.stderr if ns.out == "-" else sys.stdout
    summary = _Summary()
    n_rows = n_bad = 0
    first_bad = []
    with contextlib.ExitStack() as stack:
        if ns.file.endswith(".npz"):
            with np.load(ns.file) as data:
                arrays = {name: data[name] for name in data.files}
            bar = batchio.BatchProgress(len(arrays["hands"]), unit_is_rows=True, enabled=not ns.no_progress)
            items = batchio.stream_columns(arrays, rules, chunk=ns.chunk, n_threads=ns.threads, progress=bar.advance)
        else:
            fh = sys.stdin.buffer if ns.file == "-" else _open(ns.file, "rb", "read", stack)
            size = None if ns.file == "-" else os.fstat(fh.fileno()).st_size
            bar = batchio.BatchProgress(size, enabled=not ns.no_progress)
            items = batchio.stream_text(fh, rules, ns.rules, chunk=ns.chunk, n_threads=ns.threads,
                                        progress=bar.advance)
        errors_fh = _open(ns.errors, "w", "write", stack) if ns.errors else None
        writer = None
        if ns.out:
            fmt = batchio.output_format(ns.out, ns.format)
            try:
                writer = batchio.open_writer(ns.out, fmt, yaku=ns.yaku,
                                             line_name="row" if ns.file.endswith(".npz") else "line")
            except OSError as exc:
                raise RiichiError(f"cannot write {ns.out}: {exc.strerror or exc}") from None
        with bar:
            for kind, where, value in items:
                if kind == "error":
                    n_bad += 1
                    if len(first_bad) < 10:
                        first_bad.append((where, value))
                    if errors_fh is not None:
                        errors_fh.write(f"line {where}: {value}\n")
                    continue
                summary.add(value)
                n_rows += len(value)
                if writer is not None:
                    writer.write(where, value)
        if writer is not None:
            writer.close()
    print(f"hands      {n_rows} scored ({ns.rules} rules), {n_bad} unreadable lines", file=report)
    for lineno, msg in first_bad:
        print(f"  line {lineno}: {msg}", file=report)
    if n_bad > len(first_bad):
        more = f" (all in {ns.errors})" if ns.errors else " (--errors FILE writes them all)"
        print(f"  ... and {n_bad - len(first_bad)} more{more}", file=report)
    for line in summary.lines():
        print(line, file=report)
    if ns.out and ns.out != "-":
        print(f"results    written to {ns.out}", file=report)
    return 0 if not n_bad else 2


def cmd_verify(ns) -> int:
    # the record readers and the verifier (~150 ms) load when the command runs
    from riichi_fast.records.verify_files import resolve_rules, verify_summary
    from riichi_fast.records.sources import expand_paths
    from riichi_fast.records.verify import format_summary

    rules = None if ns.rules == "auto" else resolve_rules(ns.rules)
    show = not ns.no_progress and sys.stderr.isatty()
    total = 0
    if show:  # count the files for the bar (archives and databases count as one)
        total = sum(1 for _ in expand_paths(ns.paths))
    with Progress(total, "verifying", unit=" records", enabled=show) as bar:
        summary = verify_summary(ns.paths, rules, jobs=ns.jobs, keep=max(ns.show, 0),
                                 progress=bar.update if show else None,
                                 workers="threads" if ns.threads else "processes")
    if ns.json:
        for line in format_summary(summary, limit=ns.show).splitlines()[1:]:
            print(line, file=sys.stderr)
        print(json.dumps(summary.as_dict()))
    else:
        print(format_summary(summary, limit=ns.show))
    return summary.exit_status()


def cmd_replay(ns) -> int:
    # the engine and the record readers (~250 ms) load when the command runs
    from riichi_fast.engine.replay import replay_paths, replay_summary
    from riichi_fast.records.sources import expand_paths

    total = sum(1 for _ in expand_paths(ns.paths))  # archives and databases count as one
    with Progress(total, "replaying", unit=" games", enabled=not ns.no_progress) as bar:
        reports = replay_paths(ns.paths, ns.rules, progress=lambda *_: bar.update(1), walls=ns.walls)
    summary = replay_summary(reports, limit=ns.show)
    if not ns.json:
        for m in summary["mismatches"]:
            print(f"{m['file']} {m['hand']} event {m['event']}: expected {m['expected']}, got {m['got']}")
        for e in summary["errors"]:
            print(f"{e['file']}: cannot replay: {e['error']}")
        walls = summary["walls"]
        print(f"{summary['games']} games: {summary['games_matched']} replayed exactly, "
              f"{summary['hands_matched']}/{summary['hands']} hands match"
              + (f" (walls: {walls['seed']} from seeds, {walls['record']} from the records)" if walls["record"] else ""))
    else:
        print(json.dumps(summary, ensure_ascii=False))
    if summary["errors"]:
        return 2
    return 0 if summary["games_matched"] == summary["games"] else 1


def _version() -> str:
    backend = "pure-Python reference" if _backend.PUREPYTHON else "compiled"
    return f"riichi-fast {__version__} ({backend})"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riichi-fast", description="Fast riichi mahjong hand analysis and scoring.",
                                     epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=_version(), help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name, help, **kw):
        return sub.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".", epilog=EXIT_CODES,
                              formatter_class=argparse.RawDescriptionHelpFormatter, **kw)

    p = command("score", "score one winning hand")
    _add_win_arguments(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_score)

    p = command("analyse", "shanten, waits, ukeire, readings of a hand", aliases=["analyze"])
    p.add_argument("hand", help='closed tiles in mpsz, then melds: "123m406p11z chi:3*45p"')
    p.add_argument("--visible", default="", help="tiles seen elsewhere (mpsz), for ukeire")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.set_defaults(func=cmd_analyse)

    p = command("batch", "score a file of hands: score lines (text) or input columns (.npz)")
    p.add_argument("file", help="a text file ('-': standard input), one hand per line written as score's "
                                "arguments, or an .npz of score_batch input columns (hands, melds, win_tile, ...)")
    p.add_argument("--out", help="write every hand's result as it is scored, in the format the extension names: "
                                 ".csv, .jsonl, .parquet (needs riichi_fast[data]) or .npz; '-': standard output")
    p.add_argument("--format", choices=("csv", "jsonl", "parquet", "npz"),
                   help="output format when --out has no such extension (needed for --out -)")
    p.add_argument("--yaku", choices=("names", "ids"), default="names",
                   help="yaku in csv/jsonl/parquet output as names or Tenhou ids (default: names)")
    p.add_argument("--errors", metavar="FILE", help="write every unreadable line's number and reason to FILE")
    p.add_argument("--rules", default="default", type=_preset_name,
                   help=_rules_help() + " (default: default); a line's own --rules must name the same one")
    p.add_argument("--threads", type=int, default=1, help="scoring threads (default: 1)")
    p.add_argument("--chunk", type=int, default=1 << 16, help="at most this many hands per scoring call "
                                                              "(memory stays flat; default: 65536)")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar on stderr")
    p.set_defaults(func=cmd_batch)

    p = sub.add_parser(
        "verify", help="re-score every win of game records (Tenhou mjlog/JSON, mjai)",
        description="Re-score every win, settle every win and draw, and check the score "
                    "continuity (starting scores, counters, final scores and placements) of game "
                    "records: files, directories (recursive), globs, .gz/.bz2, .zip and .tar(.gz) "
                    "archives, Tenhou log SQLite databases.",
        epilog="exit status: 0 everything matched; 1 a mismatch; 2 unreadable input, a damaged "
               "or incomplete record, or bad usage.")
    p.add_argument("paths", nargs="+", help="record files, directories (recursive), globs, archives or "
                                            "databases; '-' reads one record from standard input")
    p.add_argument("--rules", default="auto",
                   help="preset to score with (default: tenhou, adjusted to each game's lobby flags)")
    p.add_argument("--show", type=int, default=20, help="mismatches to print in full")
    p.add_argument("-j", "--jobs", type=jobs_arg, default=1, metavar="N",
                   help="worker processes (default 1; auto: one per core this process may use)")
    p.add_argument("--threads", action="store_true",
                   help="with -j: threads instead of processes (no start-up; best when the "
                        "records are Tenhou mjlogs, which verify without the GIL)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object as the last line (games, wins, wins_matched, draws, "
                        "draws_matched, unsupported, errors, unreadable, ...); details go to stderr")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar on stderr")
    p.set_defaults(func=cmd_verify)

    p = command("replay", "play game records through the engine: every draw, action and score checked")
    p.add_argument("paths", nargs="+", help="records (Tenhou mjlog, tenhou.net/6 JSON, mjai; plain, .gz, .bz2), "
                                            "directories (recursive), globs, archives or databases")
    p.add_argument("--rules", default=None, type=_preset_name,
                   help=_rules_help() + " (default: tenhou or tenhou_3p, adjusted to each game's lobby flags)")
    p.add_argument("--walls", default="auto", choices=("auto", "seed", "record"),
                   help="auto: a Tenhou SHUFFLE seed when the record has one, else the wall each hand's record "
                        "implies (default); seed: seeds only; record: the implied walls even with a seed")
    p.add_argument("--json", action="store_true",
                   help="print one JSON summary object as the last line (games, games_matched, hands, "
                        "hands_matched, errors, mismatches, walls, files: each file's format and wall source)")
    p.add_argument("--show", type=int, default=20, help="mismatches to print (default: 20)")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar on stderr")
    p.set_defaults(func=cmd_replay)
    # convert (owned by riichi_fast.cli.convert)
    from riichi_fast.cli.convert import add_parser as add_convert_parser

    add_convert_parser(sub, EXIT_CODES)
    # selfplay (owned by riichi_fast.cli.selfplay)
    add_selfplay_parser(sub)
    # stats and export (owned by riichi_fast.cli.stats)
    add_stats_parsers(sub)
    return parser


def main(argv=None) -> int:
    """Entry point of ``riichi-fast``; returns the exit status (:data:`EXIT_CODES`)."""
    try:
        ns = build_parser().parse_args(argv)
        return ns.func(ns)
    except RiichiError as exc:
        print(f"riichi-fast: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        _silence_stdout()
        return 0
    except OSError as exc:  # a file that cannot be read or written (missing, a directory, no permission)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"riichi-fast: error: cannot read {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not raise again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
