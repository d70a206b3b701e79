"""Record runs stream: their memory does not grow with the number of records (issue 10).

``verify``, ``stats`` and ``export`` over a corpus and over the same corpus four times
over: the peak of Python allocations (``tracemalloc``, after a warm-up run) stays the
same within a small margin.  What may grow with the input is only what a run reports
(failing games, up to ``keep`` reports; unreadable files; the players met), so the
verify/stats corpus here is one without damaged records.  Export holds at most a row
group (``ROWS_PER_GROUP`` rows) and a bounded queue of steps, so it is measured past the
size where its row groups reach their bound.  Compiled paths only: the pure-Python twins
are the same code shape, ten times slower under tracemalloc.
"""

import tracemalloc
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.records.verify_files import verify_summary
from riichi_fast.stats import collect, expand_paths, export

pytestmark = pytest.mark.skipif(_backend.PUREPYTHON, reason="measures the compiled paths")

RECORDS = Path(__file__).parents[1] / "data" / "records"


def _peak(fn, files) -> int:
    tracemalloc.start()
    try:
        fn(files)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _flat(fn, files, small: int, big: int) -> tuple[int, int]:
    fn(files)  # warm up: imports, tables, caches
    a, b = _peak(fn, files * small), _peak(fn, files * big)
    assert b <= 1.25 * a + 200_000, (a, b)
    return a, b


@pytest.fixture(scope="module")
def clean_files():
    files = expand_paths([RECORDS / "tenhou-mjlog-fastmaj"])
    s = verify_summary(files)
    assert s.games == s.games_matched == len(files) >= 50  # no damaged record: nothing reported
    return files


def test_verify_memory_is_flat(clean_files):
    _flat(verify_summary, clean_files, 5, 20)


def test_stats_memory_is_flat(clean_files):
    _flat(collect, clean_files, 5, 20)


def test_export_memory_is_flat(tmp_path):
    files = expand_paths([RECORDS / "tenhou-mjlog-mjx"])
    _flat(lambda f: export(f, tmp_path, format="csv"), files, 10, 40)
