"""riichi_fast.stats on Dask: a LocalCluster of 2 worker processes gives the one-process results."""

import json
from pathlib import Path

import pytest

from riichi_fast.cli import main
from riichi_fast.stats import TABLES, collect, expand_paths, export, stats_of_files

distributed = pytest.importorskip("distributed")
pq = pytest.importorskip("pyarrow.parquet")

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


@pytest.fixture(scope="module")
def client():
    # Starting worker processes takes a few seconds: one cluster for the module.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    from tests.stats.test_stats import MADE

    d = tmp_path_factory.mktemp("inputs")
    (d / "made.json").write_text(json.dumps(MADE, ensure_ascii=False), encoding="utf-8")
    (d / "broken.mjlog").write_text("<mjloggm><INIT")
    return [RECORDS / "tenhou-mjlog-mjx", RECORDS / "mjai", d / "made.json", d / "broken.mjlog"]


def test_collect_on_two_workers_equals_the_single_process_run(client, inputs):
    single = collect(inputs)
    assert single.games == 37 and len(single.unreadable) == 1 and single.wins_rescored > 0
    # the compiled mjlog path (workers and here) counts what the full reader counts
    assert single == stats_of_files(expand_paths(inputs), fast=False)
    for batch_size in (1, 7):
        on_dask = collect(inputs, client=client, batch_size=batch_size)
        assert on_dask == single
        assert on_dask.to_dict() == single.to_dict()
    assert len(client.scheduler_info()["workers"]) == 2


def test_stats_cli_on_a_scheduler_address_prints_the_single_process_json(client, inputs, capsys):
    assert main(["stats", *map(str, inputs), "--json", "--no-progress"]) == 2
    single = capsys.readouterr().out
    assert main(["stats", *map(str, inputs), "--json", "--no-progress", "--dask", client.scheduler.address,
                 "--batch-size", "5"]) == 2
    assert capsys.readouterr().out == single


def test_export_on_two_workers_writes_the_same_tables(client, inputs, tmp_path):
    a = export(inputs, tmp_path / "one")
    b = export(inputs, tmp_path / "dask", client=client, batch_size=7)
    assert a["tables"] == b["tables"] and a["unreadable"] == b["unreadable"]
    for name in TABLES:
        assert pq.read_table(tmp_path / "one" / f"{name}.parquet").equals(
            pq.read_table(tmp_path / "dask" / f"{name}.parquet")), name


def test_unreachable_scheduler_is_an_error(capsys, monkeypatch):
    from riichi_fast.cli import stats as _cli

    monkeypatch.setattr(_cli, "CONNECT_TIMEOUT", "1s")
    code = main(["stats", str(RECORDS / "mjai"), "--dask", "tcp://127.0.0.1:9", "--no-progress"])
    assert code == 2
    assert "riichi-fast: error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in capsys.readouterr().err


@pytest.mark.slow
def test_stats_cli_local_cluster(capsys):
    assert main(["stats", str(RECORDS / "tenhou-mjlog-mjx"), "--json", "--no-progress"]) == 0
    single = capsys.readouterr().out
    assert main(["stats", str(RECORDS / "tenhou-mjlog-mjx"), "--json", "--no-progress", "--dask", "local:2"]) == 0
    assert capsys.readouterr().out == single
