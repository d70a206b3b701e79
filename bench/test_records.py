"""Verify throughput: ``riichi-fast verify`` against jansou's validator on the same records.

Run: ``python -m pytest bench/test_records.py --benchmark-only``.  Both tools
read and verify every bundled four-player Tenhou mjlog (tests/data/records,
plain and gzip files, 112 games) from disk in each round, on one core:
riichi_fast with :func:`riichi_fast.records.verify_files.verify_summary` (read,
replay, re-score, settle every win and draw, check the continuity of the
scores), jansou 0.14.0 with ``jansou.validation.cli.run`` (parse and re-score
every win; it checks less: no draws, no settlement of a whole round, no
continuity, so the ratio is conservative).  Their answers are checked outside
the timed call.  ``test_ratio_taking_turns`` runs the two in turns, round after
round, and reports games per second and the ratio in ``extra_info`` (and on
stdout with ``-s``).

Measured (2-core machine shared with 7 other jobs, load average 7-9, CPU time
of one process; wall times were 2-4x longer from the load): riichi_fast
5,900-7,200 games/s against jansou's 160-190 games/s, 37x in three runs
(37.3x, 37.5x; pytest-benchmark's wall min: 41-49x).  Before the compiled mjlog path,
``riichi-fast verify`` ran at ~180 games/s on the same files (1.0x).

``test_one_vs_two_workers``: the same files copied ``RIICHI_FAST_BENCH_REPEAT`` times
(default 100: 11,200 games), ``jobs=1`` against ``jobs=2`` (processes, then threads).
Measured 2026-12-01 with five other jobs on the 2 cores (load average 6-7; Linux
autogroup gives one session one share, however many processes it runs, so the wall
ratio stays near 1x there): processes CPU 1.97 s (1) / 2.40 s (2), busiest worker
1.08 s: 1.83x from CPU time; threads 1.74 s / 1.91 s, busiest 0.98 s: 1.78x.
``test_three_player_games_per_s``: the 24 three-player games, compiled path
14,700-16,500 games/s against 219-331 games/s for the Python reader and verifier that
every three-player game took before (~50-65x).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

jansou_cli = pytest.importorskip("jansou.validation.cli")

from riichi_fast.records.verify_files import verify_summary

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "records"
FILES = sorted(str(p) for p in DATA.glob("tenhou-mjlog-*/*.mjlog") if "3p" not in p.parent.name)


def _xml(path: str) -> bytes:
    import gzip

    data = Path(path).read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


@pytest.fixture(scope="module")
def n_wins():
    return sum(len(re.findall(rb"<AGARI[\s/>]", _xml(p))) for p in FILES)


def _ours():
    return verify_summary(FILES)


def _jansou():
    return jansou_cli.run(FILES)


def _check(impl, got, n_wins):
    if impl == "riichi_fast":
        assert got.games == len(FILES) and got.wins == got.wins_matched == n_wins
        assert not got.unreadable
    else:
        assert got.files == len(FILES) and got.passed + got.failed == n_wins


@pytest.mark.benchmark(group="records-verify")
@pytest.mark.parametrize("impl", ["jansou", "riichi_fast"])
def test_verify_files(benchmark, impl, n_wins):
    fn = _ours if impl == "riichi_fast" else _jansou
    got = benchmark.pedantic(fn, rounds=3, iterations=1, warmup_rounds=1)
    _check(impl, got, n_wins)
    benchmark.extra_info["games"] = len(FILES)


@pytest.mark.benchmark(group="records-verify-turns")
def test_ratio_taking_turns(benchmark, n_wins):
    """The two tools in turns, three rounds each; min CPU time per round of each."""
    best = {"riichi_fast": float("inf"), "jansou": float("inf")}
    _check("riichi_fast", _ours(), n_wins)  # warm up both (imports, caches)
    _check("jansou", _jansou(), n_wins)

    def turns():
        for _ in range(3):
            for impl, fn in (("jansou", _jansou), ("riichi_fast", _ours)):
                t = time.process_time()
                fn()
                best[impl] = min(best[impl], time.process_time() - t)

    benchmark.pedantic(turns, rounds=1, iterations=1)
    rates = {k: len(FILES) / v for k, v in best.items()}
    benchmark.extra_info.update({f"{k}_games_per_s": round(v) for k, v in rates.items()})
    benchmark.extra_info["ratio"] = round(rates["riichi_fast"] / rates["jansou"], 1)
    print(f"\nverify games/s (CPU, one core): riichi_fast {rates['riichi_fast']:,.0f}, "
          f"jansou {rates['jansou']:,.0f}: {rates['riichi_fast'] / rates['jansou']:.1f}x")


# ---------------------------------------------------------------------------
# 1 vs 2 workers; three players
# ---------------------------------------------------------------------------

REPEAT = int(os.environ.get("RIICHI_FAST_BENCH_REPEAT", "300"))
FILES3 = sorted(str(p) for p in (DATA / "tenhou-mjlog-3p").glob("*.mjlog"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, request):
    """FILES copied REPEAT times (300: 33,600 games, about 4 s on one core: long enough that
    the pool's start, about 0.05 s, and the last task's imbalance no longer weigh on the
    ratio), as a directory tree of plain and gzip files like the bundled one; twice under
    ``--benchmark-disable`` (CI runs each benchmark once as a test).  The first copy is
    real; the others are hard links to it where the file system allows (no disk space)."""
    import shutil

    root = tmp_path_factory.mktemp("corpus")
    repeat = 2 if request.config.getoption("benchmark_disable", False) else REPEAT
    first = root / "copy0000"
    first.mkdir()
    for f in FILES:
        shutil.copy(f, first)
    names = [Path(f).name for f in FILES]
    for i in range(1, repeat):
        d = root / f"copy{i:04d}"
        d.mkdir()
        for name in names:
            try:
                os.link(first / name, d / name)
            except OSError:
                shutil.copy(first / name, d)
    return str(root), repeat


def _timed_work(*args):
    """fast._work, returning also the worker (pid, thread) and the CPU time the task took."""
    import threading

    t = time.thread_time()
    part, n = _WORK(*args)
    return part, (n, (os.getpid(), threading.get_ident()), time.thread_time() - t)


_WORK = None


def _run(paths, jobs, workers="processes"):
    """(summary, wall, CPU of the parent and workers, CPU of the busiest worker's tasks)."""
    global _WORK
    from riichi_fast.records import verify_files as fast

    busy: dict = {}

    def progress(n):
        if isinstance(n, tuple):
            busy[n[1]] = busy.get(n[1], 0.0) + n[2]

    _WORK, fast._work = fast._work, _timed_work  # forked workers and threads see the patch
    try:
        t, c = time.perf_counter(), os.times()
        got = verify_summary([paths], jobs=jobs, workers=workers,
                             progress=progress if jobs > 1 else None)
        c2 = os.times()
    finally:
        fast._work = _WORK
    cpu = (c2.user - c.user) + (c2.system - c.system) + (c2.children_user - c.children_user) \
        + (c2.children_system - c.children_system)
    return got, time.perf_counter() - t, cpu, max(busy.values(), default=cpu)


@pytest.mark.benchmark(group="records-verify-workers")
@pytest.mark.parametrize("workers", ["processes", "threads"])
def test_one_vs_two_workers(benchmark, corpus, n_wins, workers):
    """``verify_summary(..., jobs=1)`` and ``jobs=2`` (``workers``) on the same files, in
    turns, two rounds each; the ratio of the best wall times, and the CPU time (parent +
    workers) of each.

    On a machine whose other work takes cores (or a Linux session sharing one scheduler
    autogroup with other jobs) the wall ratio is capped by what the scheduler gives; the
    CPU times show the cost of the pool itself (jobs=2 CPU - jobs=1 CPU), and the CPU time
    of the busiest worker's tasks gives the ratio two free cores would give (an estimate:
    it leaves out the pool's start and, for threads, the waits for the GIL)."""
    corpus, repeat = corpus
    best = {1: (float("inf"), 0.0, 0.0), 2: (float("inf"), 0.0, 0.0)}
    answers = {}

    def turns():
        for _ in range(2):
            for jobs in (1, 2):
                got, wall, cpu, busiest = _run(corpus, jobs, workers)
                answers[jobs] = got.as_dict()
                best[jobs] = min(best[jobs], (wall, cpu, busiest))

    benchmark.pedantic(turns, rounds=1, iterations=1)
    assert answers[1] == answers[2]
    assert answers[1]["games"] == len(FILES) * repeat
    assert answers[1]["wins"] == answers[1]["wins_matched"] == n_wins * repeat
    games = answers[1]["games"]
    ratio = best[1][0] / best[2][0]
    # with two free cores the run takes about as long as its busiest worker's tasks
    # (plus the parent's start, in the wall time too): the CPU-time estimate of the ratio
    estimate = best[1][1] / best[2][2]
    benchmark.extra_info.update({"games": games, "wall_1": round(best[1][0], 3),
                                 "wall_2": round(best[2][0], 3), "cpu_1": round(best[1][1], 3),
                                 "cpu_2": round(best[2][1], 3), "ratio": round(ratio, 2),
                                 "busiest_worker_cpu_2": round(best[2][2], 3),
                                 "ratio_from_cpu": round(estimate, 2)})
    print(f"\n{games} games, {workers}: 1 worker {games / best[1][0]:,.0f} games/s (wall "
          f"{best[1][0]:.2f} s, CPU {best[1][1]:.2f} s), 2 workers {games / best[2][0]:,.0f} "
          f"games/s (wall {best[2][0]:.2f} s, CPU {best[2][1]:.2f} s, busiest worker "
          f"{best[2][2]:.2f} s): wall {ratio:.2f}x, CPU-time estimate {estimate:.2f}x; load "
          f"average {os.getloadavg()[0]:.1f}")


@pytest.mark.benchmark(group="records-stats-workers")
def test_stats_one_vs_two_workers(benchmark, corpus):
    """``stats.collect(paths, jobs=1)`` and ``jobs=2`` (worker processes, the runner of
    ``verify -j``) on the same files, in turns, two rounds each: the ratio of the best
    wall times; the answers (every key of ``stats --json``) equal."""
    from riichi_fast.stats import collect

    corpus, repeat = corpus
    best = {1: float("inf"), 2: float("inf")}
    answers = {}

    def turns():
        for _ in range(2):
            for jobs in (1, 2):
                t = time.perf_counter()
                got = collect([corpus], jobs=jobs)
                best[jobs] = min(best[jobs], time.perf_counter() - t)
                answers[jobs] = got.to_dict()

    benchmark.pedantic(turns, rounds=1, iterations=1)
    assert answers[1] == answers[2]
    games = answers[1]["games"]
    assert games == len(FILES) * repeat and not answers[1]["unreadable"]
    ratio = best[1] / best[2]
    benchmark.extra_info.update({"games": games, "wall_1": round(best[1], 3),
                                 "wall_2": round(best[2], 3), "ratio": round(ratio, 2)})
    print(f"\nstats, {games} games: 1 worker {games / best[1]:,.0f} games/s, 2 workers "
          f"{games / best[2]:,.0f} games/s: {ratio:.2f}x; load average {os.getloadavg()[0]:.1f}")


@pytest.mark.benchmark(group="records-verify-3p")
@pytest.mark.parametrize("path", ["compiled", "python"])
def test_three_player_games_per_s(benchmark, path):
    """The 24 three-player games: the compiled path (``verify_summary``) against the full
    Python reader and verifier (``fast=False``, the path every 3p game took before)."""
    fast = path == "compiled"
    got = benchmark.pedantic(verify_summary, args=(FILES3,), kwargs={"fast": fast},
                             rounds=3, iterations=1, warmup_rounds=1)
    assert got.games == got.games_matched == len(FILES3) == 24
    assert got.fast_games == (24 if fast else 0)
    if benchmark.stats is not None:
        rate = len(FILES3) / benchmark.stats.stats.min
        benchmark.extra_info["games_per_s"] = round(rate)
        print(f"\nthree-player verify ({path}): {rate:,.0f} games/s")


# ---------------------------------------------------------------------------
# tenhou.net/6 JSON and mjai: the Python readers (issue 10, fast ingest)
# ---------------------------------------------------------------------------

ALL_MJLOG = sorted(str(p) for p in DATA.glob("tenhou-mjlog-*/*.mjlog"))


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    """Every bundled mjlog game (136, three-player ones included) written as tenhou.net/6
    JSON and as mjai (:mod:`riichi_fast.records.writers`): the files of each format."""
    from riichi_fast.records import read_record, writers

    root = tmp_path_factory.mktemp("converted")
    out = {"tenhou6": [], "mjai": []}
    for path in ALL_MJLOG:
        game = read_record(path)
        name = os.path.basename(path)
        for fmt, text, ext in (("tenhou6", writers.tenhou6_text(game), ".json"),
                               ("mjai", writers.mjai_text(game), ".mjson")):
            f = root / fmt / (name + ext)
            f.parent.mkdir(exist_ok=True)
            f.write_text(text, encoding="utf-8")
            out[fmt].append(str(f))
    return out


@pytest.mark.benchmark(group="records-verify-formats")
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_tenhou6_mjai_games_per_s(benchmark, converted, fmt):
    """``verify_summary`` over the bundled games converted to ``fmt``: read, replay,
    re-score, settle (the readers with their compiled loops, then `verify_game`; the
    compiled `_mjlog` path reads mjlog only).

    Measured 2026-12-01 (2 cores shared by four jobs, load average 4-5; CPU time, best of
    5, the same 136 games, in turns with the readers before the work): tenhou6 251-258 ->
    474-596 games/s (compiled loops, ~2.2x), mjai 151-175 -> 326-469 games/s (~2.6x)
    (``python -m pytest bench/test_records.py -k
    tenhou6_mjai --benchmark-only -s``)."""
    files = converted[fmt]
    cpu = [float("inf")]

    def run():
        t = time.process_time()
        got = verify_summary(files)
        cpu[0] = min(cpu[0], time.process_time() - t)
        return got

    got = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    assert got.games == len(files) == len(ALL_MJLOG)
    assert got.wins == got.wins_matched > 0 and got.draws == got.draws_matched > 0
    assert got.fast_games == 0 and not got.unreadable
    benchmark.extra_info["games_per_cpu_s"] = round(len(files) / cpu[0])
    if benchmark.stats is not None:
        rate = len(files) / benchmark.stats.stats.min
        benchmark.extra_info["games_per_s"] = round(rate)
        print(f"\n{fmt} verify: {rate:,.0f} games/s wall, {len(files) / cpu[0]:,.0f} games per "
              f"CPU second ({len(files)} games; load average {os.getloadavg()[0]:.1f})")


@pytest.mark.benchmark(group="records-verify-game")
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_verify_game_alone(benchmark, converted, fmt, monkeypatch):
    """:func:`riichi_fast.records.verify.verify_game` alone on the games read beforehand
    (the verifier's share of the tenhou6 / mjai runs above), and, in turns, the same with its
    quick paths switched off (the win's Hand through ``to_hand`` and its checks, the yaku
    normalised for every win, the stakes read per call): ms per game and the ratio in
    ``extra_info``.

    Measured 2026-12-01 (2 cores shared by four jobs; the same 136 games): verify_game of
    commit 2d36e62 (its verify.py loaded beside the new one in one process, the two run in
    turns, best of 11 CPU times) 0.52-0.54 ms/game for both formats, now 0.26-0.27 ms
    (~2.0x); against the quick paths switched off here ~1.6-1.7x (that slow path keeps this
    work's other savings); ``verify_summary`` tenhou6 ~640 -> ~750-815 games/s, mjai ~470
    -> ~590-630 games/s (the readers are now about two thirds of the time)."""
    from riichi_fast.records import verify as V
    from riichi_fast.records.verify_files import parse_record

    games = [parse_record(Path(f).read_bytes(), os.path.basename(f)) for f in converted[fmt]]

    class _NoCache(dict):
        def get(self, key, default=None):
            return default

        def __setitem__(self, key, value):
            pass

    def run_all():
        return [V.verify_game(g) for g in games]

    def slow_all():
        with monkeypatch.context() as m:
            m.setattr(V, "quick_hand", lambda win: None)
            m.setattr(V, "_YAKU_CACHE", _NoCache())
            return run_all()

    best = {"quick": float("inf"), "slow": float("inf")}

    def turns():
        for name, fn in (("slow", slow_all), ("quick", run_all)):
            t = time.process_time()
            got = fn()
            best[name] = min(best[name], time.process_time() - t)
        return got

    reports = benchmark.pedantic(turns, rounds=3, iterations=1, warmup_rounds=1)
    assert [repr(r) for r in reports] == [repr(r) for r in slow_all()]
    assert sum(r.n_wins_ok for r in reports) == sum(r.n_wins for r in reports) > 0
    per_game = {k: 1e3 * v / len(games) for k, v in best.items()}
    benchmark.extra_info.update({f"ms_per_game_{k}": round(v, 3) for k, v in per_game.items()})
    benchmark.extra_info["ratio"] = round(per_game["slow"] / per_game["quick"], 2)
    print(f"\n{fmt} verify_game: {per_game['quick']:.3f} ms/game quick, {per_game['slow']:.3f} "
          f"with the quick paths off ({per_game['slow'] / per_game['quick']:.2f}x)")


def _verify_in_turns(benchmark, files, on: str, off: str, slots) -> dict:
    """``verify_summary`` over ``files`` in turns as it is (``on``) and with each compiled
    step of ``slots`` (``(one-item list, replacement)``: the readers' switches) replaced, so
    that the reader falls back to its Python twin (``off``); both give the same summary.
    Games per CPU second of each (best of the rounds) and the ratio in ``extra_info``."""
    best = {on: float("inf"), off: float("inf")}
    got = {}

    def run(name):
        t = time.process_time()
        got[name] = verify_summary(files)
        best[name] = min(best[name], time.process_time() - t)

    def turns():
        saved = [slot[0] for slot, _ in slots]
        for slot, replacement in slots:
            slot[0] = replacement
        try:
            run(off)
        finally:
            for (slot, _), v in zip(slots, saved):
                slot[0] = v
        run(on)
        return got[on]

    summary = benchmark.pedantic(turns, rounds=3, iterations=1, warmup_rounds=1)
    assert summary.as_dict() == got[off].as_dict()
    assert summary.games == len(files) and summary.wins == summary.wins_matched > 0
    rates = {k: len(files) / v for k, v in best.items()}
    benchmark.extra_info.update({f"games_per_cpu_s_{k}": round(v) for k, v in rates.items()})
    benchmark.extra_info["ratio"] = round(rates[on] / rates[off], 2)
    return rates


@pytest.mark.benchmark(group="records-verify-whole-rounds")
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_whole_rounds_in_c_vs_step_loops(benchmark, converted, fmt):
    """``verify_summary`` over the converted games with the readers' whole-round replays in C
    (``records._round``: tenhou6 ``run_round``, mjai ``read_lines`` / ``read_game``) and, in
    turns, with them switched off (the readers' Python twins they fall back to): games per
    CPU second of each and the ratio in ``extra_info``.
    Both give the same summary.

    Measured 2026-12-01 against commit 748842a (before the whole-round replays, the
    model-object and verifier changes that came with them; interleaved processes, best of
    6-8, 2 cores shared with other jobs): tenhou6 811-819 -> 1,551-1,621 games/s
    (1.91-1.98x), mjai 616-632 -> 1,168-1,228 games/s (1.85-1.99x); callgrind instructions
    per game of the same run 9.55M -> 4.53M (tenhou6, 2.11x), 13.24M -> 5.70M (mjai, 2.32x).
    Here the switched-off run keeps the other savings (the verifier's helpers in C)."""
    from riichi_fast.records.mjai import reader as M
    from riichi_fast.records.tenhou6 import reader as T6

    if T6._compiled_replay() is None or M._compiled_read() is None:
        pytest.skip("the compiled readers are not loaded (RIICHI_FAST_PUREPYTHON=1)")
    rates = _verify_in_turns(benchmark, converted[fmt], "c", "steps", [
        (T6._COMPILED_RUN, lambda self: False), (M._COMPILED_LINES, lambda self, lines: False),
        (M._COMPILED_GAME, lambda self, events: False),
        (M._COMPILED_BYTES, lambda reader, data: False)])  # (mjai: its one-pass reader too)
    print(f"\n{fmt} verify: {rates['c']:,.0f} games per CPU second with whole rounds in C, "
          f"{rates['steps']:,.0f} with the Python twins ({rates['c'] / rates['steps']:.2f}x)")


@pytest.mark.benchmark(group="records-verify-compiled-wins")
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_compiled_win_checks_vs_python(benchmark, converted, fmt, monkeypatch):
    """:func:`~riichi_fast.records.verify.verify_game` on the games read beforehand, its
    rounds' wins checked in C (``records._verify.check_wins``, ``computed`` filled on first
    read) and, in turns, through the Python path only (``_fast_wins`` off): ms per game and
    the ratio in ``extra_info``; the reports are equal.

    Measured 2026-12-01 (callgrind, instructions per game of ``verify_summary`` over the
    same 136 games, base commit 93873a2 against this branch): tenhou6 4.86M -> 2.55M
    (1.91x), mjai 6.00M -> 3.81M (1.57x); ``verify_game`` alone 1.70M -> ~0.37M; here
    verify_game 0.077 (tenhou6) / 0.087 (mjai) ms/game against 0.209 / 0.190 in Python."""
    from riichi_fast.records import verify as V
    from riichi_fast.records.verify_files import parse_record

    games = [parse_record(Path(f).read_bytes(), os.path.basename(f)) for f in converted[fmt]]

    def run_all():
        return [V.verify_game(g) for g in games]

    def python_all():
        with monkeypatch.context() as m:
            m.setattr(V, "_fast_wins", lambda game, rules: None)
            return run_all()

    best = {"compiled": float("inf"), "python": float("inf")}

    def turns():
        for name, fn in (("python", python_all), ("compiled", run_all)):
            t = time.process_time()
            got = fn()
            best[name] = min(best[name], time.process_time() - t)
        return got

    reports = benchmark.pedantic(turns, rounds=3, iterations=1, warmup_rounds=1)
    assert reports == python_all()
    assert sum(r.n_wins_ok for r in reports) == sum(r.n_wins for r in reports) > 0
    per_game = {k: 1e3 * v / len(games) for k, v in best.items()}
    benchmark.extra_info.update({f"ms_per_game_{k}": round(v, 3) for k, v in per_game.items()})
    benchmark.extra_info["ratio"] = round(per_game["python"] / per_game["compiled"], 2)
    print(f"\n{fmt} verify_game: {per_game['compiled']:.3f} ms/game compiled win checks, "
          f"{per_game['python']:.3f} Python ({per_game['python'] / per_game['compiled']:.2f}x)")


@pytest.mark.benchmark(group="records-verify-mjai-bytes")
def test_mjai_bytes_one_pass_vs_text_lines(benchmark, converted):
    """``verify_summary`` over the games converted to mjai with the record's bytes read in
    one pass (``records._mjai.read_bytes``: plain draw, discard and start_kyoku lines from
    their bytes) and, in turns, switched off (the bytes decoded, split into str lines and
    read by ``read_lines``, the way before it): games per CPU second of each and the ratio
    in ``extra_info``; the summaries are equal.

    Measured 2026-12-02 (2 cores shared with other jobs; interleaved processes, best of 7
    CPU times, the same 136 games): verify_summary ~2,050-2,100 -> ~2,650-2,770 games/s
    wall in quiet runs, parse_record alone ~2,900 -> ~4,100 games/s; callgrind instructions
    a game: verify_summary 3.94M -> 2.36M (1.67x), parse_record 3.21M -> 1.87M (1.72x)."""
    from riichi_fast.records.mjai import reader as M

    if M._compiled_read() is None:
        pytest.skip("the compiled readers are not loaded (RIICHI_FAST_PUREPYTHON=1)")
    rates = _verify_in_turns(benchmark, converted["mjai"], "bytes", "lines",
                             [(M._COMPILED_BYTES, lambda reader, data: False)])
    print(f"\nmjai verify: {rates['bytes']:,.0f} games per CPU second from the bytes in one "
          f"pass, {rates['lines']:,.0f} through text lines ({rates['bytes'] / rates['lines']:.2f}x)")


# ---------------------------------------------------------------------------
# reading and gzip: the compiled loader (libdeflate, no GIL) against the Python reader
# with ISA-L (the [fast] extra) and with the standard library's zlib
# ---------------------------------------------------------------------------


@pytest.mark.benchmark(group="records-verify-inflater")
def test_verify_with_loader_vs_isal_vs_zlib(benchmark, n_wins, monkeypatch):
    """``verify`` on the four-player files (77 of 112 gzipped, as Tenhou serves them) with
    each file read and inflated by the compiled loader (``riichi_fast.records._files``: libdeflate,
    in C without the GIL, what ``verify`` does), and by the Python reader with ``isal`` (the
    ``fast`` extra) and with ``zlib`` (the loader switched off), in turns, best of 7 CPU
    times each; the answers are checked to be equal outside the timed calls.  Without isal
    installed the test skips."""
    import zlib

    isal_zlib = pytest.importorskip("isal.isal_zlib")
    from riichi_fast.records import sources

    loader = sources._loader()
    ways = {"loader": (loader, isal_zlib), "isal": (lambda p: None, isal_zlib),
            "zlib": (lambda p: None, zlib)}
    best = dict.fromkeys(ways, float("inf"))
    answers = {}

    def use(way):
        monkeypatch.setattr(sources, "_LOAD", ways[way][0])
        monkeypatch.setattr(sources, "_INFLATER", ways[way][1])

    for way in ways:  # warm up each, keep their answers
        use(way)
        answers[way] = _ours()
    assert answers["loader"] == answers["isal"] == answers["zlib"]
    _check("riichi_fast", answers["loader"], n_wins)

    def turns():
        for _ in range(7):
            for way in ways:
                use(way)
                t = time.process_time()
                _ours()
                best[way] = min(best[way], time.process_time() - t)

    benchmark.pedantic(turns, rounds=1, iterations=1)
    rates = {k: len(FILES) / v for k, v in best.items()}
    benchmark.extra_info.update({f"{k}_games_per_s": round(v) for k, v in rates.items()})
    print(f"\nverify games/s (CPU, one core): loader {rates['loader']:,.0f}, "
          f"isal {rates['isal']:,.0f}, zlib {rates['zlib']:,.0f}: loader/isal "
          f"{rates['loader'] / rates['isal']:.2f}x, isal/zlib {rates['isal'] / rates['zlib']:.2f}x")


# ---------------------------------------------------------------------------
# The mjlog model reader (records/_tenhou_mjlog.pyx) against its Python twin
# ---------------------------------------------------------------------------


@pytest.mark.benchmark(group="records-verify-model-reader")
def test_full_verifier_with_compiled_mjlog_reader(benchmark, n_wins, monkeypatch):
    """``verify_summary(fast=False)``: every four-player file through the mjlog model reader
    and the full verifier (the path of a record the compiled ``_mjlog`` path declines, of
    rules it does not play, of ``--threads`` workers on such records), with the reader's
    steps in C (``records._tenhou_mjlog``) and with the Python twin, in turns, best of 5 CPU
    times each; the answers are checked to be equal outside the timed calls."""
    from riichi_fast.records.mjlog import reader as tenhou

    answers = {}
    for compiled in (False, True):
        monkeypatch.setattr(tenhou, "USE_COMPILED", compiled)
        answers[compiled] = verify_summary(FILES, fast=False)
    assert answers[False] == answers[True]
    assert answers[True].wins == answers[True].wins_matched == n_wins
    best = {}

    def turns():
        for _ in range(5):
            for compiled in (False, True):
                monkeypatch.setattr(tenhou, "USE_COMPILED", compiled)
                t = time.process_time()
                verify_summary(FILES, fast=False)
                best[compiled] = min(best.get(compiled, float("inf")), time.process_time() - t)

    benchmark.pedantic(turns, rounds=1, iterations=1)
    rates = {k: len(FILES) / v for k, v in best.items()}
    benchmark.extra_info.update({"compiled_reader_games_per_s": round(rates[True]),
                                 "python_reader_games_per_s": round(rates[False])})
    print(f"\nfull verifier games/s (CPU, one core): compiled mjlog reader {rates[True]:,.0f}, "
          f"Python reader {rates[False]:,.0f}: {rates[True] / rates[False]:.2f}x")
