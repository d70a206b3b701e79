"""Write docs/PERFORMANCE.md from one run of the benchmarks.

    python tools/performance.py                      # run bench/, write docs/PERFORMANCE.md
    python tools/performance.py bench/test_inputs.py # run one file, print its tables
    python tools/performance.py --from-json run.json # write the file from a saved run
    python tools/performance.py --check              # docs/PERFORMANCE.md is what docs/performance.json gives

It runs ``pytest bench --benchmark-only --benchmark-json=...`` on the package
in ``src/`` (build it first: ``python setup.py build_ext --inplace``) and turns
the run into one table per benchmark group.  Every benchmark in a group runs
the same workload, so the ratios within a group are what the tables give:
each row's minimum time against riichi_fast's fastest row in that group.
The peers (riichienv, the ``mahjong`` package, jansou) take part where they
are installed; their rows skip otherwise.  The shared machine's noise moves
absolute times from run to run; ratios within one run are what count.

Beside the document it writes ``docs/performance.json``: the run's figures
(names, groups, minimum times, ``extra_info``, the machine), from which the
document is rendered again exactly (``--check``: the tables are current).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "PERFORMANCE.md"
SAVED = ROOT / "docs" / "performance.json"
PYTEST_ARGS = ["--benchmark-only", "--benchmark-min-rounds=3", "--benchmark-max-time=0.2", "-q", "-p", "no:cacheprovider"]
PEERS = ("riichienv", "jansou", "mahjong")
TWIN = "reference"

# What each bench file measures, in the order the document gives them.
FILES = {
    "test_inputs.py": "The public calls on each input form users hold (bytes, numpy, ids, mpsz, Hand)",
    "test_shanten.py": "Shanten and agari kernels, single calls and batches",
    "test_decompose.py": "Every reading of a hand",
    "test_waits.py": "Waits and ukeire",
    "test_furiten.py": "Furiten",
    "test_player.py": "The incremental per-player state",
    "test_score.py": "The scoring kernel and score_batch",
    "test_score_single.py": "score() on single hands",
    "test_settle.py": "Settlement",
    "test_batch_cli.py": "riichi-fast batch: reading score lines",
    "test_compat.py": "riichi_fast.compat.mahjong against mahjong",
    "test_records.py": "Verifying game records",
    "test_stats.py": "Statistics and export against verify",
    "test_engine_compiled.py": "The engine: whole games",
    "test_selfplay.py": "Self-play",
    "test_vecenv.py": "Env and VecEnv steps",
}


def run_bench(targets: list[str], json_path: Path) -> tuple[int, list[float]]:
    """Run pytest-benchmark on ``targets``, save its JSON to ``json_path``; the exit status and the
    machine's one-minute load average before and after (the run shares the machine)."""
    env = dict(os.environ)
    paths = [str(ROOT / "src"), str(ROOT / "bench")]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    cmd = [sys.executable, "-m", "pytest", *targets, *PYTEST_ARGS, f"--benchmark-json={json_path}"]
    print("running:", " ".join(cmd), file=sys.stderr)
    before = os.getloadavg()[0]
    status = subprocess.call(cmd, cwd=ROOT, env=env)
    return status, [round(before, 1), round(os.getloadavg()[0], 1)]


def impl_of(name: str) -> str:
    """Who a benchmark times: a peer's name, ``twin`` for our pure-Python twin, or ``riichi_fast``.

    >>> impl_of("test_shanten_input_riichienv"), impl_of("test_x[mahjong]"), impl_of("test_x[riichi_fast]")
    ('riichienv', 'mahjong', 'riichi_fast')
    >>> impl_of("test_decompose_chinitsu[reference]")
    'twin'
    """
    match = re.search(r"\[(.*)\]$", name)
    key = match.group(1) if match else name
    if "riichi_fast" in key:
        return "riichi_fast"
    words = re.split(r"[^a-z0-9]+", key.lower())
    for peer in PEERS:
        if peer in words:
            return peer
    if TWIN in words:
        return "twin"
    return "riichi_fast"


# extra_info keys that give a row's cost per hand, game or line: (key, seconds from its value and the row's min)
UNITS = (
    ("per_s", lambda v, t: 1.0 / v),
    ("ns_per_hand", lambda v, t: v * 1e-9),
    ("per_hand_us", lambda v, t: v * 1e-6),
    ("lines_per_call", lambda v, t: t / v),
    ("hands", lambda v, t: t / v),
    ("games", lambda v, t: t / v),
)


def costs(rows: list[dict]) -> dict[str, float]:
    """Each row's cost in one unit for the whole group: seconds per hand or game where every
    row of the group measured one (its ``extra_info``), else its minimum time per call.

    >>> rows = [{"name": "a", "stats": {"min": 2.0}, "extra_info": {"per_s": 10.0}},
    ...         {"name": "b", "stats": {"min": 1.0}, "extra_info": {"per_s": 40.0}}]
    >>> costs(rows)
    {'a': 0.1, 'b': 0.025}
    >>> costs([{"name": "a", "stats": {"min": 2.0}, "extra_info": {}}])
    {'a': 2.0}
    """
    for key, to_seconds in UNITS:
        if all(isinstance((r.get("extra_info") or {}).get(key), (int, float)) and r["extra_info"][key] > 0
               for r in rows):
            return {r["name"]: to_seconds(r["extra_info"][key], r["stats"]["min"]) for r in rows}
    return {r["name"]: r["stats"]["min"] for r in rows}


def stem(name: str) -> str:
    """A benchmark's name without its parameters and without a peer's name: what pairs a peer's row
    with ours.

    >>> stem("test_shanten_input_riichienv"), stem("test_decompose_chinitsu[mahjong]"), stem("test_x[ids]")
    ('test_shanten_input', 'test_decompose_chinitsu', 'test_x')
    """
    base = re.sub(r"\[.*\]$", "", name)
    for peer in PEERS:
        base = re.sub(rf"_{peer}\b|\b{peer}_", "_" if base.startswith("test_") else "", base)
    return re.sub(r"_+", "_", base).rstrip("_")


def fmt_time(seconds: float) -> str:
    """A time with three significant digits and its unit.

    >>> fmt_time(1.234e-7), fmt_time(0.0456), fmt_time(2.5)
    ('123 ns', '45.6 ms', '2.50 s')
    """
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            value = seconds / scale
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:.{digits}f} {unit}"
    raise AssertionError


def fmt_ratio(ratio: float) -> str:
    """A ratio to riichi_fast's fastest row: ``1.00x``, ``4.7x``, ``249x``."""
    if ratio >= 100:
        return f"{ratio:.0f}x"
    if ratio >= 10:
        return f"{ratio:.1f}x"
    return f"{ratio:.2f}x"


def fmt_extra(extra: dict) -> str:
    """``extra_info`` as ``key value`` pairs (what a benchmark measured beside its time)."""
    return ", ".join(f"{k} {v:,}" if isinstance(v, int) else f"{k} {v}" for k, v in extra.items())


def group_tables(benchmarks: list[dict]) -> dict[str, list[str]]:
    """Markdown lines per bench file: a table for each group, in the order the run met them."""
    by_file: dict[str, dict[str, list[dict]]] = {}
    for b in benchmarks:
        file = b["fullname"].split("::")[0].split("/")[-1]
        by_file.setdefault(file, {}).setdefault(b.get("group") or b["name"], []).append(b)
    out: dict[str, list[str]] = {}
    for file, groups in by_file.items():
        lines: list[str] = []
        for group, rows in groups.items():
            cost = costs(rows)
            ours = [cost[r["name"]] for r in rows if impl_of(r["name"]) == "riichi_fast"]
            base = min(ours) if ours else min(cost.values())
            lines += [f"**{group}**", "", "| benchmark | who | min per call | vs riichi_fast's fastest | measured beside the time |",
                      "|---|---|---|---|---|"]
            for r in sorted(rows, key=lambda r: cost[r["name"]]):
                lines.append(f"| `{r['name']}` | {impl_of(r['name'])} | {fmt_time(r['stats']['min'])} "
                             f"| {fmt_ratio(cost[r['name']] / base)} | {fmt_extra(r.get('extra_info') or {})} |")
            lines.append("")
        out[file] = lines
    return out


def summary(benchmarks: list[dict]) -> list[str]:
    """One line per group where a peer ran: the peer's time over riichi_fast's fastest."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for b in benchmarks:
        file = b["fullname"].split("::")[0].split("/")[-1]
        groups.setdefault((file, b.get("group") or b["name"]), []).append(b)
    lines = ["| group | riichi_fast's row | peer's row | peer's cost / ours |", "|---|---|---|---|"]
    for (file, group), rows in groups.items():
        cost = costs(rows)
        ours = [r for r in rows if impl_of(r["name"]) == "riichi_fast"]
        for r in rows:
            who = impl_of(r["name"])
            if who not in PEERS or not ours:
                continue
            alike = [o for o in ours if stem(o["name"]) == stem(r["name"])] or ours
            best = min(alike, key=lambda o: cost[o["name"]])
            lines.append(f"| {group} (`bench/{file}`) | `{best['name']}` | {who}: `{r['name']}` "
                         f"| {fmt_ratio(cost[r['name']] / cost[best['name']])} |")
    return lines


def machine(data: dict) -> str:
    info = data.get("machine_info", {})
    cpu = info.get("cpu", {}).get("brand_raw") or "unknown CPU"
    cores = info.get("cpu_count") or os.cpu_count()
    load = data.get("load")
    return (f"{cpu}, {cores} cores, Python {info.get('python_version', platform.python_version())}, "
            f"pytest-benchmark {data.get('version', '?')}"
            + (f"; load average {load[0]} at the start, {load[1]} at the end" if load else ""))


def document(data: dict) -> str:
    """The whole of docs/PERFORMANCE.md for one saved run."""
    benchmarks = data["benchmarks"]
    tables = group_tables(benchmarks)
    lines = [
        "# Performance",
        "",
        "<!-- Written by `python tools/performance.py`: edit the generator, not this file. -->",
        "",
        "Current figures of one run of the benchmarks in `bench/`, as ratios within",
        "that run: each benchmark in a group times the same workload (the same hands,",
        "records or games), so a row's cost over riichi_fast's fastest row in its group",
        "is the figure that carries from machine to machine (per hand or game where",
        "every row of the group measured it, else per call).  Answers are checked",
        "outside the timed calls.  Regenerate the whole file with",
        "",
        "```sh",
        "python setup.py build_ext --inplace -j 2 && python tools/performance.py",
        "```",
        "",
        "and one file's tables (printed, the document left alone) with",
        "`python tools/performance.py bench/FILE.py`.  The peers take part where they",
        "are installed (`pip install riichienv mahjong jansou`); their rows skip otherwise.",
        "",
        f"Machine of this run: {machine(data)}.",
        "",
        "## Against the peers",
        "",
        "Each peer's cost over riichi_fast's on the same workload: per hand or game",
        "where the group measured it, else per call; riichi_fast's row is its fastest",
        "of the same benchmark (its fastest of the group where no row has the peer's",
        "name). `mahjong` is the pure-Python `mahjong` package, riichienv is Rust,",
        "jansou's validator re-scores records in Python.",
        "",
        *summary(benchmarks),
        "",
    ]
    for file, title in [(f, FILES.get(f, f)) for f in sorted(tables, key=lambda f: list(FILES).index(f) if f in FILES else 99)]:
        lines += [f"## {title}", "", f"`python tools/performance.py bench/{file}`", "", *tables[file]]
    return "\n".join(lines).rstrip() + "\n"


def trimmed(data: dict) -> dict:
    """The part of a pytest-benchmark run the document is made of (kept in docs/performance.json)."""
    info = data.get("machine_info", {})
    return {
        "version": data.get("version"),
        "load": data.get("load"),
        "datetime": data.get("datetime"),
        "machine_info": {"cpu": {"brand_raw": info.get("cpu", {}).get("brand_raw")},
                         "python_version": info.get("python_version"), "cpu_count": os.cpu_count()},
        "benchmarks": [{"name": b["name"], "fullname": b["fullname"], "group": b.get("group"),
                        "stats": {"min": b["stats"]["min"]}, "extra_info": b.get("extra_info") or {}}
                       for b in data["benchmarks"]],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="bench files to run (default: all of bench/, written to docs/PERFORMANCE.md)")
    parser.add_argument("--from-json", type=Path, help="a saved pytest-benchmark JSON run instead of running the benchmarks")
    parser.add_argument("--keep-json", type=Path, help="also save the run's whole JSON here")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless docs/PERFORMANCE.md is what docs/performance.json renders")
    args = parser.parse_args(argv)
    if args.check:
        current = OUT.read_text() == document(json.loads(SAVED.read_text()))
        print(f"{OUT.relative_to(ROOT)} is {'current' if current else 'not current: run python tools/performance.py --from-json docs/performance.json'}")
        return 0 if current else 1
    if args.from_json:
        data = json.loads(args.from_json.read_text())
    else:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "run.json"
            status, load = run_bench(args.targets or ["bench"], path)
            if not path.exists():
                print(f"the benchmarks wrote no results (pytest exit status {status})", file=sys.stderr)
                return status or 1
            data = json.loads(path.read_text())
            data["load"] = load
            if args.keep_json:
                args.keep_json.write_text(path.read_text())
    if args.targets and not args.from_json:
        for lines in group_tables(data["benchmarks"]).values():
            print("\n".join(lines))
        return 0
    data = trimmed(data)
    if not (args.from_json and args.from_json.resolve() == SAVED.resolve()):
        SAVED.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    OUT.write_text(document(data))
    print(f"wrote {OUT.relative_to(ROOT)} ({len(data['benchmarks'])} benchmarks)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
