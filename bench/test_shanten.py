"""Shanten and agari benchmarks: riichi_fast (compiled and reference) vs mahjong and riichienv.

Run (ratios within one run are what matter):

    .venv/bin/python -m pytest bench/test_shanten.py --benchmark-only \
        --benchmark-columns=min,median,mean,rounds --benchmark-sort=name

Groups: ``shanten-single`` / ``agari-single`` (one Python call per hand over a
1,000-hand workload), ``shanten-batch`` / ``agari-batch`` (a 2,000-hand batch;
libraries without a batch call are looped), ``shanten-batch-large`` /
``agari-batch-large`` (200,000 hands, compiled, 1 and 2 threads; a compiled batch
starts a second thread only from 8,192 rows per thread, so ``cython-2threads`` on
2,000 hands runs on one), ``tables``
(lookup-table bytes) and ``import`` (``import riichi_fast`` in a fresh
interpreter).  ``extra_info`` holds ns per hand.  Every benchmark checks its
answers against the reference outside the timed call.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import numpy as np
import pytest

from riichi_fast.analysis import _shanten as compiled
from riichi_fast.reference.analysis import shanten as reference

IMPLS = ["reference", "cython", "mahjong", "riichienv"]
BATCH_IMPLS = ["reference", "cython", "cython-2threads", "mahjong", "riichienv"]


def _riichienv():
    return pytest.importorskip("riichienv")


def _record(benchmark, n_hands: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["hands"] = n_hands
        benchmark.extra_info["ns_per_hand_min"] = round(stats.stats.min / n_hands * 1e9, 1)
        benchmark.extra_info["ns_per_hand_median"] = round(stats.stats.median / n_hands * 1e9, 1)


# ---------------------------------------------------------------------------
# workloads


@pytest.fixture(scope="session")
def shanten_workload(make_corpus, random_corpus, tenpai_corpus, chinitsu_corpus):
    """1,000 hands: 500 random, 250 tenpai, 250 one-suit."""
    counts = np.concatenate([random_corpus.counts[:500], tenpai_corpus.counts[:250], chinitsu_corpus.counts[:250]])
    return make_corpus("shanten-1000", np.ascontiguousarray(counts))


@pytest.fixture(scope="session")
def shanten_batch_workload(make_corpus, random_corpus, tenpai_corpus, chinitsu_corpus):
    """2,000 hands: 1,000 random, 500 tenpai, 500 one-suit."""
    counts = np.concatenate([random_corpus.counts[:1000], tenpai_corpus.counts[:500], chinitsu_corpus.counts[:500]])
    return make_corpus("shanten-2000", np.ascontiguousarray(counts))


@pytest.fixture(scope="session")
def agari_workload(complete_corpus):
    return complete_corpus.head(1000)


@pytest.fixture(scope="session")
def agari_batch_workload(complete_corpus):
    return complete_corpus.head(2000)


def _expected_shanten(corpus) -> list[int]:
    return [reference.shanten(b) for b in corpus.as_bytes]


def _expected_agari(corpus) -> list[bool]:
    return [reference.is_agari(b) for b in corpus.as_bytes]


@pytest.fixture(scope="session")
def shanten_expected(shanten_workload):
    return _expected_shanten(shanten_workload)


@pytest.fixture(scope="session")
def shanten_batch_expected(shanten_batch_workload):
    return _expected_shanten(shanten_batch_workload)


@pytest.fixture(scope="session")
def agari_expected(agari_workload):
    return _expected_agari(agari_workload)


@pytest.fixture(scope="session")
def agari_batch_expected(agari_batch_workload):
    return _expected_agari(agari_batch_workload)


# ---------------------------------------------------------------------------
# one call per hand


def _single_shanten(impl: str, corpus):
    if impl in ("reference", "cython"):
        fn = reference.shanten if impl == "reference" else compiled.shanten
        data = corpus.as_bytes
        return lambda: [fn(b) for b in data]
    if impl == "mahjong":
        from mahjong.shanten import Shanten

        fn = Shanten().calculate_shanten
        data = corpus.as_lists
        return lambda: [fn(x) for x in data]
    fn = _riichienv().calculate_shanten
    data = corpus.as_ids
    return lambda: [fn(x) for x in data]


def _single_agari(impl: str, corpus):
    if impl in ("reference", "cython"):
        fn = reference.is_agari if impl == "reference" else compiled.is_agari
        data = corpus.as_bytes
        return lambda: [fn(b) for b in data]
    if impl == "mahjong":
        from mahjong.agari import Agari

        fn = Agari().is_agari
        data = corpus.as_lists
        return lambda: [fn(x) for x in data]
    # riichienv has no plain agari check; shanten == -1 is its closest entry point
    fn = _riichienv().calculate_shanten
    data = corpus.as_ids
    return lambda: [fn(x) == -1 for x in data]


@pytest.mark.benchmark(group="shanten-single")
@pytest.mark.parametrize("impl", IMPLS)
def test_shanten_single(benchmark, impl, shanten_workload, shanten_expected):
    run = _single_shanten(impl, shanten_workload)
    result = benchmark(run)
    _record(benchmark, len(shanten_workload))
    assert result == shanten_expected


@pytest.mark.benchmark(group="agari-single")
@pytest.mark.parametrize("impl", IMPLS)
def test_agari_single(benchmark, impl, agari_workload, agari_expected):
    run = _single_agari(impl, agari_workload)
    result = benchmark(run)
    _record(benchmark, len(agari_workload))
    assert [bool(x) for x in result] == agari_expected


@pytest.mark.benchmark(group="shanten-single")
def test_shanten_single_numpy_input(benchmark, shanten_workload, shanten_expected):
    """The compiled call on (34,) uint8 numpy rows instead of bytes."""
    rows = list(shanten_workload.counts)
    fn = compiled.shanten
    result = benchmark(lambda: [fn(r) for r in rows])
    _record(benchmark, len(rows))
    assert result == shanten_expected


# ---------------------------------------------------------------------------
# batches


def _batch_shanten(impl: str, corpus):
    hands = corpus.counts
    if impl == "reference":
        return lambda: reference.shanten_batch(hands)[0].tolist()
    if impl == "cython":
        return lambda: compiled.shanten_batch(hands)[0].tolist()
    if impl == "cython-2threads":
        return lambda: compiled.shanten_batch(hands, n_threads=2)[0].tolist()
    return _single_shanten(impl, corpus)


def _batch_agari(impl: str, corpus):
    hands = corpus.counts
    if impl == "reference":
        return lambda: reference.is_agari_batch(hands)[0].tolist()
    if impl == "cython":
        return lambda: compiled.is_agari_batch(hands)[0].tolist()
    if impl == "cython-2threads":
        return lambda: compiled.is_agari_batch(hands, n_threads=2)[0].tolist()
    return _single_agari(impl, corpus)


@pytest.mark.benchmark(group="shanten-batch")
@pytest.mark.parametrize("impl", BATCH_IMPLS)
def test_shanten_batch(benchmark, impl, shanten_batch_workload, shanten_batch_expected):
    run = _batch_shanten(impl, shanten_batch_workload)
    result = benchmark(run)
    _record(benchmark, len(shanten_batch_workload))
    assert result == shanten_batch_expected


@pytest.mark.benchmark(group="agari-batch")
@pytest.mark.parametrize("impl", BATCH_IMPLS)
def test_agari_batch(benchmark, impl, agari_batch_workload, agari_batch_expected):
    run = _batch_agari(impl, agari_batch_workload)
    result = benchmark(run)
    _record(benchmark, len(agari_batch_workload))
    assert [bool(x) for x in result] == agari_batch_expected


@pytest.fixture(scope="session")
def large_batch(random_corpus, tenpai_corpus, chinitsu_corpus, complete_corpus) -> np.ndarray:
    """200,000 hands: the four corpora repeated."""
    base = np.concatenate([random_corpus.counts, tenpai_corpus.counts, chinitsu_corpus.counts, complete_corpus.counts])
    reps = -(-200_000 // len(base))
    return np.ascontiguousarray(np.tile(base, (reps, 1))[:200_000])


@pytest.mark.benchmark(group="shanten-batch-large")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_shanten_batch_large(benchmark, n_threads, large_batch, shanten_batch_workload, shanten_batch_expected):
    out = np.empty(len(large_batch), dtype=np.int8)
    sh, status = benchmark(lambda: compiled.shanten_batch(large_batch, n_threads=n_threads, out=out))
    _record(benchmark, len(large_batch))
    assert not status.any()
    assert sh.tolist() == compiled.shanten_batch(large_batch)[0].tolist()
    # and the compiled batch itself against the reference on the checked workload
    assert compiled.shanten_batch(shanten_batch_workload.counts)[0].tolist() == shanten_batch_expected


@pytest.mark.benchmark(group="agari-batch-large")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_agari_batch_large(benchmark, n_threads, large_batch, agari_batch_workload, agari_batch_expected):
    agari, status = benchmark(lambda: compiled.is_agari_batch(large_batch, n_threads=n_threads))
    _record(benchmark, len(large_batch))
    assert not status.any()
    assert agari.tolist() == compiled.is_agari_batch(large_batch)[0].tolist()
    assert compiled.is_agari_batch(agari_batch_workload.counts)[0].tolist() == agari_batch_expected


# ---------------------------------------------------------------------------
# tables and import


@pytest.mark.benchmark(group="tables")
def test_table_memory(benchmark):
    """Bytes of the shanten/agari lookup tables (extra_info), at most 1 MB."""
    n_bytes = benchmark(compiled._table_bytes)
    benchmark.extra_info["table_bytes"] = n_bytes
    assert n_bytes <= 1 << 20


def _import_env(bytecode: bool, cache_dir: str) -> dict[str, str]:
    """The environment of an import timing: with bytecode caches (what ``pip install`` leaves;
    written to ``cache_dir`` by a first run, not into the source tree) or compiling every
    module from source."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    if bytecode:
        env["PYTHONPYCACHEPREFIX"] = cache_dir
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _importtime(module: str, env: dict[str, str]) -> dict[str, int]:
    """Cumulative import time (us) per module from ``python -X importtime``."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    times = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|\s+(.*)$", line)
        if m:
            times[m.group(3).strip()] = int(m.group(2))
    return times


@pytest.mark.benchmark(group="import")
@pytest.mark.parametrize("bytecode", [True, False], ids=["bytecode", "from-source"])
@pytest.mark.parametrize("module", ["riichi_fast", "riichi_fast.analysis._shanten"])
def test_import_time(benchmark, module, bytecode, tmp_path):
    """``import <module>`` in a fresh interpreter (includes interpreter start-up), with bytecode
    caches as an installed package has them, or compiling our modules from source."""
    env = _import_env(bytecode, str(tmp_path))
    cmd = [sys.executable, "-c", f"import {module}"]
    subprocess.run(cmd, check=True, env=env)  # writes the bytecode caches (bytecode=True)
    benchmark.pedantic(lambda: subprocess.run(cmd, check=True, env=env), rounds=5, iterations=1)
    times = _importtime(module, env)
    benchmark.extra_info["importtime_us"] = times[module]
    benchmark.extra_info["shanten_module_us"] = times.get("riichi_fast.analysis._shanten")
    benchmark.extra_info["table_build_ms"] = round(compiled._table_build_seconds() * 1e3, 2)
    benchmark.extra_info["table_build_cpu_ms"] = round(compiled._table_build_seconds(cpu=True) * 1e3, 2)


@pytest.mark.benchmark(group="import")
def test_import_baseline(benchmark):
    """An interpreter that imports nothing: subtract it from the rows above."""
    cmd = [sys.executable, "-c", "pass"]
    benchmark.pedantic(lambda: subprocess.run(cmd, check=True), rounds=5, iterations=1)
