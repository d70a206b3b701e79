"""Record pipelines side by side on the bundled real records: verify, stats, export.

`stats` and `export` read every record as `verify` does; what they add per game
must cost no more than what `verify` adds (re-scoring and settling), so their
games/s should be at least verify's.  Each benchmark checks its answer after
the timed call.  Run: ``pytest bench/test_stats.py --benchmark-group-by=group``.
"""

from pathlib import Path

import pytest

from riichi_fast.records.verify import verify_paths
from riichi_fast.stats import collect, expand_paths, export

RECORDS = Path(__file__).resolve().parents[1] / "tests" / "data" / "records"


@pytest.fixture(scope="module")
def paths():
    return expand_paths([RECORDS])


@pytest.mark.benchmark(group="records-pipeline")
def test_verify(benchmark, paths):
    report = benchmark(verify_paths, paths)
    assert len(report.games) == len(paths) and not report.unreadable


@pytest.mark.benchmark(group="records-pipeline")
def test_stats(benchmark, paths):
    s = benchmark(collect, paths)
    assert s.games == len(paths) and not s.unreadable


@pytest.mark.benchmark(group="records-pipeline")
def test_export_parquet(benchmark, paths, tmp_path):
    pytest.importorskip("pyarrow")
    res = benchmark(export, paths, tmp_path)
    assert res["tables"]["games"] == len(paths) and not res["unreadable"]
