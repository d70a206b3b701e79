"""``riichi-fast convert``: game records (mjlog, tenhou.net/6, mjai) written as mjai or
tenhou.net/6 (:func:`riichi_fast.records.writers.convert_paths`)."""

from __future__ import annotations

import argparse
import sys

from riichi_fast.records.writers import FORMATS, convert_paths
from riichi_fast.scoring.front import coerce_rules

__all__ = ["add_parser", "cmd_convert"]


def add_parser(sub, epilog: str = "") -> None:
    """Add ``convert`` to the subparsers of ``riichi-fast``.

    >>> parser = argparse.ArgumentParser(prog="riichi-fast")
    >>> add_parser(parser.add_subparsers())
    >>> parser.parse_args(["convert", "a.mjlog", "--to", "mjai", "--out", "out"]).to
    'mjai'
    """
    p = sub.add_parser("convert", help="write game records (mjlog, tenhou.net/6, mjai) as mjai or tenhou.net/6",
                       description="Read game records (files, directories, archives) and write each one as mjai "
                                   "JSON lines (NAME.jsonl) or tenhou.net/6 JSON (NAME.json) into a directory.",
                       epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", help="record files, directories (recursive), globs, archives")
    p.add_argument("--to", required=True, choices=FORMATS, help="the format to write")
    p.add_argument("--out", required=True, help="the directory to write into (made if missing)")
    p.add_argument("--rules", default=None,
                   help="preset to score the wins of records without yaku (mjai) written as tenhou6 "
                        "(default: tenhou, adjusted to each game's lobby flags)")
    p.set_defaults(func=cmd_convert)


def cmd_convert(ns) -> int:
    """``riichi-fast convert``: 0 every record written, 2 some input unreadable (the others are written)."""
    rules = None if ns.rules is None else coerce_rules(ns.rules)
    report = convert_paths(ns.paths, ns.to, ns.out, rules=rules)
    for note in report.notes:
        print(f"note: {note}", file=sys.stderr)
    for name, why in report.unreadable:
        print(f"unreadable {name}: {why}", file=sys.stderr)
    print(f"{len(report.written)} records written to {ns.out} as {ns.to}, {len(report.unreadable)} unreadable")
    return 2 if report.unreadable else 0
