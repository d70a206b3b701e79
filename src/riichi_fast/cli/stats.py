"""The ``riichi-fast stats`` and ``riichi-fast export`` subcommands (registered by :mod:`riichi_fast.cli.app`).

Exit status: 0 every file read, 2 some file unreadable (the others are
still counted and written) or bad usage (a missing extra included).

:mod:`riichi_fast.stats` is imported inside the commands: the parser of every
``riichi-fast`` command imports this module, and the statistics package (the
record readers and sources, numpy tables, the compiled path) would add its import
time to each of them.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import sys
import unicodedata

from riichi_fast._pool import jobs_arg
from riichi_fast._progress import Progress
from riichi_fast.errors import RiichiError

CONNECT_TIMEOUT = "10s"
"""How long ``--dask ADDRESS`` waits for the scheduler."""

PLAYER_COLUMNS = ("games", "hands", "wins", "tsumo", "ron", "deal_ins", "pao", "riichi", "calls", "win_rate",
                  "deal_in_rate", "riichi_rate", "call_rate", "avg_win_points", "avg_deal_in_points",
                  "avg_placement", "avg_final_score", "place_1", "place_2", "place_3", "place_4")


def add_parsers(sub) -> None:
    """Add ``stats`` and ``export`` to the subparsers of ``riichi-fast``."""
    p = sub.add_parser("stats", help="statistics of game records: rates, yaku, han/fu, points, placements")
    p.add_argument("paths", nargs="+", help="record files, directories (recursive) or globs")
    p.add_argument("--by", choices=("corpus", "player"), default="corpus",
                   help="table per player (default: the whole corpus)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", action="store_true", help="print CSV (stat,value rows; with --by player a row "
                                                        "per player)")
    p.add_argument("--plot", metavar="DIR", help="write charts as PNG and SVG into DIR (needs matplotlib)")
    p.add_argument("--rules", default=None,
                   help="preset to re-score wins a record gives no score for (default: each game's Tenhou rules)")
    p.add_argument("-j", "--jobs", type=jobs_arg, default=1, metavar="N",
                   help="worker processes on this machine (default 1; auto: one per core this "
                        "process may use; --dask for a cluster)")
    _add_dask_arguments(p)
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("export", help="export game records as tables games/hands/wins/draws/players")
    p.add_argument("paths", nargs="+", help="record files, directories (recursive) or globs")
    p.add_argument("--out", required=True, help="directory for the table files")
    p.add_argument("--format", choices=("parquet", "csv"), default="parquet",
                   help="table file format (default: parquet, needs riichi_fast[data])")
    _add_dask_arguments(p)
    p.set_defaults(func=cmd_export)


def _add_dask_arguments(p) -> None:
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster: a scheduler address (tcp://host:8786) or local:N for N "
                        "local worker processes")
    p.add_argument("--batch-size", type=_positive, default=16, help="files per Dask task (default 16)")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar on stderr")


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        v = 0
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return v


@contextlib.contextmanager
def dask_client(address: str | None):
    """``None`` without an address; else a ``distributed.Client`` (``local:N`` starts a LocalCluster)."""
    if not address:
        yield None
        return
    from riichi_fast.stats._extras import require  # imported by the command: see the module docstring

    distributed = require("distributed")
    if address.startswith("local:"):
        try:
            n = int(address[6:])
        except ValueError:
            n = 0
        if n < 1:
            raise RiichiError(f"--dask local:N needs a positive number of workers, got {address!r}")
        with distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
            yield client
    else:
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise RiichiError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
        with client:
            yield client


def _progress(ns, label):
    """The progress callback of a run: a bar on stderr when it is a terminal (as ``verify``
    draws it), else nothing (no line in a log or a pipe); ``--no-progress`` turns it off."""
    if ns.no_progress or not sys.stderr.isatty():
        return None
    bar = None

    def update(done, total):
        nonlocal bar
        if bar is None:
            bar = Progress(total, label, unit=" batches" if ns.dask else " files")
            bar.__enter__()
        bar.update(done - bar.n)  # done: files (or Dask batches) so far
        if done == total:
            bar.__exit__(None, None, None)

    return update


def cmd_stats(ns) -> int:
    from riichi_fast.stats import collect, plot  # imported by the command: see the module docstring
    from riichi_fast.stats._extras import require

    if ns.plot:
        require("matplotlib")  # fail before the run, not after it
    if ns.dask and ns.jobs > 1:
        raise RiichiError("-j/--jobs and --dask are exclusive (the cluster's workers do the work)")
    with dask_client(ns.dask) as client:
        stats = collect(ns.paths, client=client, rules=ns.rules, batch_size=ns.batch_size,
                        progress=_progress(ns, "reading"), jobs=ns.jobs)
    d = stats.to_dict()
    if ns.json:
        print(json.dumps(d, ensure_ascii=False, sort_keys=False))
    elif ns.csv:
        write_csv(d, sys.stdout, by_player=ns.by == "player")
    else:
        print(format_stats(d, by_player=ns.by == "player"))
    if ns.plot:
        written = plot(d, ns.plot)
        print(f"plots: {len(written)} files written to {ns.plot}", file=sys.stderr)
    return _unreadable(d["unreadable"])


def _unreadable(bad) -> int:
    for item in bad:
        path, err = (item["path"], item["error"]) if isinstance(item, dict) else item
        print(f"riichi-fast: unreadable: {path}: {err}", file=sys.stderr)
    return 2 if bad else 0


def cmd_export(ns) -> int:
    from riichi_fast.stats import export  # imported by the command: see the module docstring
    from riichi_fast.stats._extras import require

    if ns.format == "parquet":
        require("pyarrow")
    with dask_client(ns.dask) as client:
        res = export(ns.paths, ns.out, format=ns.format, client=client, batch_size=ns.batch_size,
                     progress=_progress(ns, "exporting"))
    for name, rows in res["tables"].items():
        print(f"{name:8} {rows:8} rows")
    print(f"written to {ns.out} ({ns.format})")
    return _unreadable(res["unreadable"])


def _flat(d: dict) -> list[tuple[str, object]]:
    rows = []
    for key in ("games", "hands", "wins", "tsumo", "ron", "multi_ron", "pao", "wins_rescored"):
        rows.append((key, d[key]))
    rows.extend((f"draws.{k}", v) for k, v in d["draws"].items())
    for key in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_win_points", "avg_deal_in_points",
                "avg_final_score"):
        rows.append((key, d[key]))
    for group in ("yaku", "han", "fu", "limit", "points", "waits"):
        rows.extend((f"{group}.{k}", v) for k, v in d[group].items())
    return rows


def _player_row(p: dict) -> list:
    return [p[c] if not c.startswith("place_") else p["placements"].get(c[6:], 0) for c in PLAYER_COLUMNS]


def write_csv(d: dict, f, by_player: bool = False) -> None:
    """CSV of the statistics: ``stat,value`` rows, or one row per player."""
    w = csv.writer(f, lineterminator="\n")
    if by_player:
        w.writerow(["player", *PLAYER_COLUMNS])
        for name, p in d["players"].items():
            w.writerow([name, *("" if v is None else v for v in _player_row(p))])
    else:
        w.writerow(["stat", "value"])
        w.writerows(("" if v is None else v for v in r) for r in _flat(d))


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x, digits=0) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def format_stats(d: dict, by_player: bool = False) -> str:
    """The human-readable tables of ``stats``."""
    from riichi_fast.stats._plot import yaku_label  # imported by the command: see the module docstring

    wins = d["wins"] or 1
    lines = [
        (f"games {d['games']}, hands {d['hands']}, wins {d['wins']} (tsumo {d['tsumo']}, ron {d['ron']}; "
         f"{d['multi_ron']} multiple ron, {d['pao']} pao), draws {sum(d['draws'].values())}"),
        "draws      " + ", ".join(f"{k} {v}" for k, v in d["draws"].items()),
        (f"per hand   win {_pct(d['win_rate'])}, deal-in {_pct(d['deal_in_rate'])}, "
         f"riichi {_pct(d['riichi_rate'])}, call {_pct(d['call_rate'])}"),
        f"points     average win {_num(d['avg_win_points'])}, average deal-in {_num(d['avg_deal_in_points'])}",
        "han        " + ", ".join(f"{k}: {v}" for k, v in d["han"].items()),
        "fu         " + ", ".join(f"{k}: {v}" for k, v in d["fu"].items()),
        "limit      " + ", ".join(f"{k}: {v}" for k, v in d["limit"].items()),
        "waits      " + ", ".join(f"{k}: {v}" for k, v in d["waits"].items()),
        "yaku (share of wins):",
    ]
    yaku = sorted(d["yaku"].items(), key=lambda kv: (-kv[1], int(kv[0])))
    for k, v in yaku:
        lines.append(f"  {k:>3} {yaku_label(int(k)):24} {v:6} {_pct(v / wins):>6}")
    if d["wins_rescored"]:
        lines.append(f"({d['wins_rescored']} wins had no recorded score and were re-scored)")
    if by_player:
        lines.append("")
        head = f"{'player':16} {'games':>5} {'hands':>6} {'win':>6} {'deal-in':>7} {'riichi':>6} {'call':>6} " \
               f"{'avg win':>7} {'avg deal':>8} {'place':>5} {'score':>7}  1st/2nd/3rd/4th"
        lines.append(head)
        for name, p in sorted(d["players"].items(), key=lambda kv: (-kv[1]["hands"], kv[0])):
            places = "/".join(str(p["placements"].get(str(i), 0)) for i in range(1, 5))
            lines.append(f"{_pad(_cut(name, 16), 16)} {p['games']:5} {p['hands']:6} {_pct(p['win_rate']):>6} "
                         f"{_pct(p['deal_in_rate']):>7} {_pct(p['riichi_rate']):>6} {_pct(p['call_rate']):>6} "
                         f"{_num(p['avg_win_points']):>7} {_num(p['avg_deal_in_points']):>8} "
                         f"{_num(p['avg_placement'], 2):>5} {_num(p['avg_final_score']):>7}  {places}")
    if d["unreadable"]:
        lines.append(f"{len(d['unreadable'])} unreadable files")
    return "\n".join(lines)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cut(name: str, n: int) -> str:
    """``name`` cut to ``n`` columns of a terminal (wide characters take two)."""
    if _width(name) <= n:
        return name
    while _width(name) > n - 1:
        name = name[:-1]
    return name + "…"


def _pad(text: str, n: int) -> str:
    return text + " " * max(0, n - _width(text))
