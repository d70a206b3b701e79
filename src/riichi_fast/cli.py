"""The ``riichi-fast`` command line.

Subcommands::

    riichi-fast score "123m406p789s11z 777z@2" --win 4p --tsumo --dora 3p
    riichi-fast analyse "123m456p789s1122z"
    riichi-fast batch hands.txt --rules tenhou --threads 2
    riichi-fast verify tests/data/records/tenhou/*.mjlog

``score`` prints the han, fu, every yaku and the payments of one win.
``batch`` scores a file of hands (one per line, written as the arguments of
``score``) through the compiled batch kernel, with a progress bar, and prints a
summary.  ``verify`` re-scores every win of real game records and compares
with what the platform recorded.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections import Counter

WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "1z": 0, "2z": 1, "3z": 2, "4z": 3}

_FLAG_OPTIONS = (
    ("tsumo", "win by self-draw (default: ron)"),
    ("riichi", "the winner declared riichi"),
    ("double-riichi", "riichi on the first uninterrupted go-around"),
    ("ippatsu", "win within one go-around of riichi"),
    ("open-riichi", "open riichi was declared"),
    ("haitei", "tsumo on the last wall tile"),
    ("houtei", "ron on the last discard"),
    ("rinshan", "tsumo on the replacement tile after a kan"),
    ("chankan", "ron on a tile added to a pon"),
    ("tenhou", "dealer's win on the first draw"),
    ("chiihou", "non-dealer's win on the first draw"),
    ("renhou", "non-dealer ron before the first draw"),
)


def _wind(text: str) -> int:
    try:
        return WINDS[text.upper() if len(text) == 1 else text]
    except KeyError:
        raise argparse.ArgumentTypeError(f"unknown wind {text!r} (use E, S, W or N)") from None


def _add_win_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("hand", help='closed tiles in mpsz, then melds: "123m406p11z chi:3*45p pon:777z@2"')
    p.add_argument("--win", help="the winning tile (default: the last closed tile written)")
    for name, text in _FLAG_OPTIONS:
        p.add_argument(f"--{name}", action="store_true", help=text)
    p.add_argument("--seat", type=_wind, default=0, help="seat wind E/S/W/N (default E: dealer)")
    p.add_argument("--round", type=_wind, default=0, help="round wind E/S/W/N (default E)")
    p.add_argument("--dora", default="", help="dora indicators in mpsz, e.g. 3p7z")
    p.add_argument("--ura", default="", help="ura-dora indicators in mpsz (counted only with riichi)")
    p.add_argument("--honba", type=int, default=0, help="counters on the table")
    p.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    p.add_argument("--rules", default="default", help="rules preset (default, tenhou, majsoul, wrc, ema, mleague, mahjong_lib)")


def _score_kwargs(ns) -> dict:
    kwargs = {flag.replace("-", "_"): getattr(ns, flag.replace("-", "_")) for flag, _ in _FLAG_OPTIONS}
    kwargs.update(
        seat_wind=ns.seat,
        round_wind=ns.round,
        dora=ns.dora,
        ura=ns.ura,
        honba=ns.honba,
        riichi_sticks=ns.sticks,
        rules=ns.rules,
    )
    return kwargs


def _split_win(ns):
    """The hand and the winning tile: ``--win`` or the last closed tile written."""
    from riichi_fast.hand import as_hand

    hand = as_hand(ns.hand)
    if ns.win:
        return hand, ns.win
    closed_text = ns.hand.split()[0]
    digit, suit = closed_text[-2], closed_text[-1]
    return hand, digit + suit


def cmd_score(ns) -> int:
    from riichi_fast.rules.scoring import score

    hand, win = _split_win(ns)
    result = score(hand, win, **_score_kwargs(ns))
    if ns.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_result(result, hand, win, ns))
    return 0


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


def cmd_analyse(ns) -> int:
    from riichi_fast import analysis
    from riichi_fast.hand import as_hand
    from riichi_fast.tiles import kind_name

    hand = as_hand(ns.hand)
    sh = analysis.shanten(hand)
    print(f"hand      {hand}")
    print(f"shanten   {sh} (regular {analysis.shanten_regular(hand)}, "
          f"chiitoitsu {analysis.shanten_chiitoitsu(hand) if not hand.melds else '-'}, "
          f"kokushi {analysis.shanten_kokushi(hand) if not hand.melds else '-'})")
    n_closed = len(hand.closed)
    if n_closed % 3 == 1:
        if sh == 0:
            print("waits     " + " ".join(kind_name(k) for k in analysis.waits(hand)))
        n, kinds = analysis.ukeire(hand, ns.visible or None)
        print(f"ukeire    {n} tiles: " + " ".join(kind_name(k) for k in kinds))
    elif sh == -1:
        for reading in analysis.decompose(hand):
            print(f"reading   {reading}")
    else:
        print("discards  (kind, shanten after, ukeire tiles)")
        for row in analysis.discard_analysis(hand, ns.visible or None):
            kind, after, n_tiles = row[0], row[1], row[2]
            print(f"  {kind_name(kind):3s} {after:2d} {n_tiles:3d}")
    return 0


def _read_batch_lines(path: str):
    parser = argparse.ArgumentParser(prog="line", add_help=False, exit_on_error=False)
    _add_win_arguments(parser)
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            yield lineno, line, parser


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
        import numpy as np

        from riichi_fast.rules import layout as L

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


def _batch_text(ns, rules):
    """Parse a file of score lines into batch input columns (Python per line, done once)."""
    from riichi_fast import batch
    from riichi_fast.errors import RiichiError
    from riichi_fast.rules.context import WinContext

    hands, wins, contexts, bad = [], [], [], []
    for lineno, line, parser in _read_batch_lines(ns.file):
        try:
            sub = parser.parse_args(shlex.split(line))
            hand, win = _split_win(sub)
            kw = _score_kwargs(sub)
            kw.pop("rules")
            contexts.append(WinContext(**kw))
            hands.append(hand)
            wins.append(win)
        except (RiichiError, argparse.ArgumentError, ValueError) as exc:
            bad.append((lineno, str(exc)))
    return batch.arrays_from_hands(hands, wins, contexts, rules=rules), bad


def cmd_batch(ns) -> int:
    import numpy as np

    from riichi_fast import batch
    from riichi_fast._progress import Progress
    from riichi_fast.rules.config import Rules

    rules = Rules.preset(ns.rules)
    if ns.file.endswith(".npz"):
        with np.load(ns.file) as data:
            arrays = {name: data[name] for name in data.files}
        bad = []
    else:
        arrays, bad = _batch_text(ns, rules)
    n = len(arrays["hands"])
    summary = _Summary()
    kept = {} if ns.out else None
    with Progress(n, "scoring", unit=" hands", enabled=not ns.no_progress) as bar:
        for start, res in batch.score_batch_chunks(**arrays, rules=rules, n_threads=ns.threads,
                                                   chunk_size=ns.chunk):
            summary.add(res)
            if kept is not None:
                for name, col in res.as_dict().items():
                    kept.setdefault(name, []).append(col.copy())
            bar.update(len(res))
    print(f"hands      {n} scored ({ns.rules} rules), "
          f"{len(bad)} unreadable lines")
    for lineno, msg in bad[:10]:
        print(f"  line {lineno}: {msg}")
    for line in summary.lines():
        print(line)
    if kept is not None:
        np.savez_compressed(ns.out, **{k: np.concatenate(v) if v else np.zeros(0) for k, v in kept.items()})
        print(f"results    written to {ns.out}")
    return 0 if not bad else 1


def cmd_verify(ns) -> int:
    from riichi_fast._progress import Progress
    from riichi_fast.records.fast import resolve_rules, verify_summary
    from riichi_fast.records.sources import expand_paths
    from riichi_fast.records.verify import format_summary

    rules = None if ns.rules == "auto" else resolve_rules(ns.rules)
    if ns.jobs < 1:
        print(f"riichi-fast: error: -j/--jobs must be at least 1, got {ns.jobs}", file=sys.stderr)
        return 2
    show = not ns.no_progress and sys.stderr.isatty()
    total = 0
    if show:  # count the files for the bar (archives and databases count as one)
        total = sum(1 for _ in expand_paths(ns.paths))
    with Progress(total, "verifying", unit=" records", enabled=show) as bar:
        summary = verify_summary(ns.paths, rules, jobs=ns.jobs, keep=max(ns.show, 0),
                                 progress=bar.update if show else None)
    if ns.json:
        for line in format_summary(summary, limit=ns.show).splitlines()[1:]:
            print(line, file=sys.stderr)
        print(json.dumps(summary.as_dict()))
    else:
        print(format_summary(summary, limit=ns.show))
    return summary.exit_status()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riichi-fast", description="Fast riichi mahjong hand analysis and scoring.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("score", help="score one winning hand")
    _add_win_arguments(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("analyse", aliases=["analyze"], help="shanten, waits, ukeire, readings of a hand")
    p.add_argument("hand")
    p.add_argument("--visible", default="", help="tiles seen elsewhere (mpsz), for ukeire")
    p.set_defaults(func=cmd_analyse)

    p = sub.add_parser("batch", help="score a file of hands: score lines (text) or input columns (.npz)")
    p.add_argument("file", help="a text file, one hand per line written as score's arguments, or an .npz of "
                                "score_batch input columns (hands, melds, win_tile, flags, ...)")
    p.add_argument("--out", help="write every result column to this .npz")
    p.add_argument("--rules", default="default")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--chunk", type=int, default=1 << 16, help="hands per batch call (memory stays flat)")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_batch)

    p = sub.add_parser(
        "verify", help="re-score every win of game records (Tenhou mjlog/JSON, mjai)",
        description="Re-score every win, settle every win and draw, and check the score "
                    "continuity (starting scores, counters, final scores and placements) of game "
                    "records: files, directories (recursive), globs, .gz/.bz2, .zip and .tar(.gz) "
                    "archives, Tenhou log SQLite databases.",
        epilog="exit status: 0 everything matched; 1 a mismatch; 2 unreadable input, a damaged "
               "or incomplete record, or bad usage.")
    p.add_argument("paths", nargs="+")
    p.add_argument("--rules", default="auto",
                   help="preset to score with (default: tenhou, adjusted to each game's lobby flags)")
    p.add_argument("--show", type=int, default=20, help="mismatches to print in full")
    p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object as the last line (games, wins, wins_matched, draws, "
                        "draws_matched, unsupported, errors, unreadable, ...); details go to stderr")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_verify)
    return parser


def main(argv=None) -> int:
    """Entry point of ``riichi-fast``; returns the exit status."""
    from riichi_fast.errors import RiichiError

    ns = build_parser().parse_args(argv)
    try:
        return ns.func(ns)
    except RiichiError as exc:
        print(f"riichi-fast: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # an input file that cannot be read (missing, a directory, no permission)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"riichi-fast: error: cannot read {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
