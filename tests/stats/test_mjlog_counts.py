"""The compiled statistics path (``_mjlog.stats_mjlog`` + ``stats._fast``) against the full reader.

Every bundled record is counted both ways and the whole statistics compared:
the corpus and per-player results, ``stats --json`` (``--by player``) and
``--csv``; the compiled rows are compared with their pure-Python twin's.
"""

import gzip
import json
import re
from pathlib import Path

import numpy as np
import pytest

from riichi_fast.cli import main
from riichi_fast.records.verify_files import _players, fast_settings, params_rows
from riichi_fast.reference.records.mjlog import scan as twin
from riichi_fast.rules import config
from riichi_fast.stats import Stats, _mjlog_counts as _fast, collect, expand_paths, stats_of_files

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
ALL = expand_paths([DATA])


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def table(data: bytes):
    n = _players(data)
    base = config.TENHOU_3P if n == 3 else config.TENHOU
    return params_rows(base), fast_settings(base)


@pytest.fixture(scope="module")
def python_path():
    return stats_of_files(ALL, fast=False)


def test_compiled_path_equals_the_full_reader_on_every_bundled_record(python_path):
    fast = stats_of_files(ALL)
    assert fast.state() == python_path.state()
    assert fast.to_dict() == python_path.to_dict()
    assert python_path.games == len(ALL) and not python_path.unreadable
    d = fast.to_dict()
    assert d["wins"] > 1000 and sum(d["draws"].values()) > 100 and len(d["players"]) > 300
    # per table too (three players apart)
    for sub in ("tenhou-mjlog-3p", "tenhou-mjlog-mjx", "tenhou-mjlog-fastmaj"):
        files = expand_paths([DATA / sub])
        assert stats_of_files(files) == stats_of_files(files, fast=False)


def test_the_compiled_path_takes_the_mjlog_records():
    rows = _fast.RowStats()
    taken = [p for p in MJLOG if rows.add(xml(p))]
    assert len(taken) >= len(MJLOG) - 2  # verify leaves the same ones to the full verifier
    s = rows.flush(Stats())
    assert s.games == len(taken) and rows.fold.take()[0] == [0] * 8  # emptied by flush
    assert s == stats_of_files([str(p) for p in taken], fast=False)
    assert not rows.add(b'{"title": []}') and not rows.add(b"<mjloggm><INIT")


def test_a_small_rows_array_grows_for_a_longer_game(python_path):
    files = [str(p) for p in MJLOG]
    rows = _fast.RowStats(capacity=4)  # shorter than any game: status 3 (full), grown, read again
    s = Stats()
    declined = []
    for f in files:
        if not rows.add(_fast.read_bytes(f)):
            declined.append(f)
            s.merge(stats_of_files([f], fast=False))
    rows.flush(s)
    assert len(declined) <= 2 and len(rows.rows) > 4  # only what verify leaves to the full reader
    assert declined == [f for f in files if not _fast.RowStats().add(_fast.read_bytes(f))]
    assert s == stats_of_files(files, fast=False)
    empty = _fast.RowStats(capacity=0)  # grown to the usual size at once
    assert empty.add(_fast.read_bytes(files[0])) and len(empty.rows) == _fast._ROWS


def test_player_rows_stay_tables_until_read(python_path):
    import pickle

    taken = [str(p) for p in MJLOG if _fast.RowStats().add(xml(p))]
    a = stats_of_files(taken[:5])
    b = stats_of_files(taken[5:])
    assert a._pending and b._pending and not a._players  # nothing made yet
    wire = pickle.loads(pickle.dumps(b))  # a Dask part crosses as arrays
    assert wire._pending and not wire._players
    total = Stats().merge(a).merge(wire)
    assert len(total._pending) == len(a._pending) + len(b._pending) and not total._players
    assert total == stats_of_files(taken, fast=False)  # made when read
    assert not total._pending and total.players is total._players
    # merged with a Python-path part holding the same players, and with itself
    mixed = stats_of_files(taken[:5], fast=False).merge(stats_of_files(taken[:5]))
    twice = stats_of_files(taken[:5])
    assert twice.merge(twice) == mixed
    assert mixed.players[next(iter(a.players))].games == 2 * a.players[next(iter(a.players))].games


@pytest.mark.parametrize("by", [[], ["--by", "player"]])
def test_stats_json_is_the_same_both_ways(capsys, monkeypatch, by):
    assert main(["stats", str(DATA), "--json", *by]) == 0
    fast = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    monkeypatch.setattr(_fast.RowStats, "add", lambda self, data: False)
    assert main(["stats", str(DATA), "--json", *by]) == 0
    slow = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert fast == slow and fast["games"] == len(ALL)


def test_stats_csv_is_the_same_both_ways(capsys, monkeypatch):
    assert main(["stats", str(DATA / "tenhou-mjlog-3p"), "--csv", "--by", "player"]) == 0
    fast = capsys.readouterr().out
    monkeypatch.setattr(_fast.RowStats, "add", lambda self, data: False)
    assert main(["stats", str(DATA / "tenhou-mjlog-3p"), "--csv", "--by", "player"]) == 0
    assert capsys.readouterr().out == fast and fast.count("\n") > 10


def test_damaged_and_mixed_inputs_both_ways(tmp_path, monkeypatch):
    data = xml(MJLOG[0])
    (tmp_path / "cut.mjlog").write_bytes(data[: len(data) // 2])
    (tmp_path / "no-result.mjlog").write_bytes(re.sub(rb"<AGARI[^>]*>", b"", data))
    (tmp_path / "good.mjlog.gz").write_bytes(gzip.compress(data))
    (tmp_path / "empty.mjlog").write_bytes(b"")
    files = [tmp_path, DATA / "mjai", DATA / "tenhou6-json-mjx", DATA / "tenhou-mjlog-3p"]
    fast = collect(files)
    monkeypatch.setattr(_fast.RowStats, "add", lambda self, data: False)
    slow = collect(files)
    assert fast == slow and fast.to_dict() == slow.to_dict()
    assert len(fast.unreadable) >= 2 and fast.games >= 56


# ---------------------------------------------------------------------------
# stats_mjlog and its twin
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", MJLOG, ids=lambda p: p.name)
def test_stats_mjlog_twin_writes_the_same_rows(path):
    from riichi_fast.records.mjlog import _scan as _mjlog

    data = xml(path)
    params, settings = table(data)
    a = np.full((400, _fast.ROW_WIDTH), 7, dtype=np.int32)
    b = a.copy()
    got = _mjlog.stats_mjlog(data, params, a, 3, 5, **settings)
    want = twin.stats_mjlog(data, params, b, 3, 5, **settings)
    assert got == want
    status, end = got
    assert (a[:end] == b[:end]).all()
    assert status == _mjlog.verify_mjlog(data, params, **settings)[0]
    if status == 0:
        kinds = a[3:end, 0]
        assert kinds[-1] == 3 and (a[3:end, 1] == 5).all()
        assert (kinds == 1).sum() == a[end - 1, 7] == len(re.findall(rb"<INIT[\s/>]", data))
        assert (kinds == 2).sum() == len(re.findall(rb"<AGARI[\s/>]", data))


@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_stats_mjlog_full_array_and_bad_arguments(impl):
    import importlib

    mod = importlib.import_module("riichi_fast.reference.records.mjlog.scan" if impl == "reference" else "riichi_fast.records.mjlog._scan")
    data = xml(MJLOG[0])
    params, settings = table(data)
    rows = np.zeros((10, _fast.ROW_WIDTH), dtype=np.int32)
    assert mod.stats_mjlog(data, params, rows, 0, 0, **settings) == (3, 0)
    assert mod.stats_mjlog(data, params, rows, 10, 0, **settings) == (3, 10)
    assert mod.stats_mjlog(data[:-40], params, rows, 10, 0, **settings) == (1, 10)
    big = np.zeros((500, _fast.ROW_WIDTH), dtype=np.int32)
    status, end = mod.stats_mjlog(data, params, big, 0, 0, **settings)
    assert status == 0 and end > 10
    with pytest.raises(ValueError, match="rows must have 16 columns"):
        mod.stats_mjlog(data, params, np.zeros((10, 3), dtype=np.int32), 0, 0, **settings)
    with pytest.raises(ValueError, match="start must be in 0-10, got 11"):
        mod.stats_mjlog(data, params, rows, 11, 0, **settings)
    with pytest.raises(ValueError, match="n_players must be 3 or 4, got 5"):
        mod.stats_mjlog(data, params, rows, 0, 0, **{**settings, "n_players": 5})


def test_every_player_counter_is_folded():
    from riichi_fast.stats._counts import PLAYER_KEYS

    rows = _fast.RowStats()
    assert rows.add(xml(MJLOG[0]))
    s = rows.flush(Stats())
    p = next(iter(s.players.values()))
    assert set(p.state()) == {*PLAYER_KEYS, "places"} and p.games == 1
    assert s == stats_of_files([str(MJLOG[0])], fast=False)
    # the array goes back for the next one; two at once do not share it
    a, b = _fast.RowStats(), _fast.RowStats()
    assert a.rows is not b.rows


def test_names_are_read_as_the_full_reader_reads_them():
    from urllib.parse import unquote

    from riichi_fast.stats import _counts

    for v in (b"%E3%81%82%41", b"abc", b"%FF%FE", b"", b"%e3%81", b"a%20b", b"%4", b"%4 %41",
              b"% E%33", b"%4G%41", b"%%%", b"%20%20", b"%41\t%42", b"ab%41", b"%%41", b"%  ",
              b"%4%%41", b"%+1"):
        assert _counts._unquote(v) == unquote(v.decode())
    import random

    rng = random.Random(3)
    parts = [b"%", b"4", b"1", b"E", b"3", b"g", b" ", b"\t", b"a", b"%4", b"%41", b"+", b"0"]
    for _ in range(3000):
        v = b"".join(rng.choice(parts) for _ in range(rng.randint(0, 9)))
        assert _counts._unquote(v) == unquote(v.decode()), v
    data = xml(next(p for p in MJLOG if "3p" not in p.parent.name))  # four names
    un = re.search(rb"<UN [^>]*>", data).group(0)
    variants = {
        "no-un": data.replace(un, b""),
        "late-n0": data.replace(un, b"<UN dan='1'/>" + b'<UN n3="%41" n0=\'x%20y\' />' + un),
        "plain": data.replace(un, b'<UN n0="a" n1="%E3%81%82" n2="" n3="d"/>'),
    }
    for name, v in variants.items():
        params, settings = table(v)
        from riichi_fast.records.mjlog import _scan as _mjlog

        a = np.zeros((200, _fast.ROW_WIDTH), dtype=np.int32)
        b = a.copy()
        assert _mjlog.stats_mjlog(v, params, a, 0, 0, **settings) == twin.stats_mjlog(v, params, b, 0, 0, **settings)
        assert (a == b).all() and a[:, 0].any(), name
    rows = _fast.RowStats()
    for v in variants.values():
        assert rows.add(v)
    # the raw bytes are kept (one player per distinct key), decoded when the players are read
    keys, counts = rows.fold.take()[6:]
    assert keys == ["seat 0", "seat 1", "seat 2", "seat 3", b"x%20y", b"", b"%41", b"a",
                    b"%E3%81%82", b"d"]
    assert counts[:, 0].tolist() == [1, 1, 1, 1, 1, 3, 1, 1, 1, 1]  # games: "" has three seats
    for v in variants.values():
        assert rows.add(v)
    fast = rows.flush(Stats())
    assert sorted(fast.players) == sorted(["seat 0", "seat 1", "seat 2", "seat 3", "x y", "", "A",
                                           "a", "あ", "d"])
    slow = Stats()
    from riichi_fast.records import parse_mjlog

    for v in variants.values():
        slow.add_game(parse_mjlog(v))
    assert fast == slow
