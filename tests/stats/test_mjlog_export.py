"""The compiled export path (``_mjlog.export_mjlog`` + ``stats._export_fast``) against the record model.

Every bundled record is exported both ways (``export(..., fast=False)`` reads
every file through the model, as before the compiled path) and the files are
compared: every table, column and row for Parquet, byte for byte for CSV (with
pyarrow's CSV writer and with the ``csv`` module); the compiled rows are compared
with their pure-Python twin's.
"""

import gzip
import importlib
import re
from pathlib import Path

import numpy as np
import pytest

from riichi_fast.records.verify_files import _players, fast_settings, params_rows
from riichi_fast.reference.records.mjlog import scan as twin
from riichi_fast.rules import config
from riichi_fast.stats import TABLES, _export, _mjlog_export as _export_fast, expand_paths, export

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
ALL = expand_paths([DATA])
SOME = expand_paths([DATA / "tenhou-mjlog-mjx", DATA / "tenhou-mjlog-3p", DATA / "tenhou6-json-mjx", DATA / "mjai"])
"""Every kind of bundled record, without the largest set (the twins are slow under RIICHI_FAST_PUREPYTHON=1)."""
W = _export_fast.EX_WIDTH


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def table(data: bytes):
    base = config.TENHOU_3P if _players(data) == 3 else config.TENHOU
    return params_rows(base), fast_settings(base)


def same_files(a: Path, b: Path, fmt: str) -> None:
    for name in TABLES:
        fa, fb = a / f"{name}.{fmt}", b / f"{name}.{fmt}"
        if fmt == "csv":
            assert fa.read_bytes() == fb.read_bytes(), name
        else:
            ta, tb = pq.read_table(fa), pq.read_table(fb)
            assert ta.schema == tb.schema and ta.to_pylist() == tb.to_pylist(), name
            assert ta.equals(tb), name


def no_pyarrow_csv(monkeypatch):
    monkeypatch.setattr(_export, "_optional_pyarrow", lambda: (None, None))


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_compiled_export_equals_the_model_path_on_every_bundled_record(tmp_path, fmt):
    fast = export(ALL, tmp_path / "fast", format=fmt)
    slow = export(ALL, tmp_path / "slow", format=fmt, fast=False)
    assert fast["tables"] == slow["tables"] and fast["unreadable"] == slow["unreadable"] == []
    assert fast["tables"]["games"] == len(ALL) and fast["tables"]["wins"] > 1000
    same_files(tmp_path / "fast", tmp_path / "slow", fmt)
    # per table of players too (the three-player files alone)
    for sub in ("tenhou-mjlog-3p", "tenhou-mjlog-fastmaj"):
        export([DATA / sub], tmp_path / f"{sub}-f", format=fmt)
        export([DATA / sub], tmp_path / f"{sub}-s", format=fmt, fast=False)
        same_files(tmp_path / f"{sub}-f", tmp_path / f"{sub}-s", fmt)


def test_the_compiled_path_takes_the_mjlog_records():
    rows = _export_fast.ExportRows()
    taken = [p for p in MJLOG if rows.add(xml(p), str(p))]
    assert len(taken) >= len(MJLOG) - 2  # verify leaves the same ones to the full verifier
    parts = rows.take()
    assert sum(len(c.cols["games"]["game_id"][2]) for c in parts) == len(taken)
    assert rows.take() == [] and rows.n == 0 and rows.hands == 0
    assert not rows.add(b'{"title": []}', "x") and not rows.add(b"<mjloggm><INIT", "x")


def test_csv_through_pyarrow_is_the_csv_module_output(tmp_path, monkeypatch):
    export(SOME, tmp_path / "arrow", format="csv")
    no_pyarrow_csv(monkeypatch)
    export(SOME, tmp_path / "module", format="csv")
    export(SOME, tmp_path / "module-slow", format="csv", fast=False)
    same_files(tmp_path / "arrow", tmp_path / "module", "csv")
    same_files(tmp_path / "arrow", tmp_path / "module-slow", "csv")
    head = (tmp_path / "arrow" / "wins.csv").read_bytes().split(b"\r\n")
    assert head[0].decode() == ",".join(TABLES["wins"]) and b",True," in head[1] + head[2] + head[3]


def test_values_that_need_quotes_and_names(tmp_path, monkeypatch):
    """A name with a comma, a quote and non-ASCII letters: quoted as the csv module quotes."""
    data = xml(next(p for p in MJLOG if "3p" not in p.parent.name))
    un = re.search(rb"<UN [^>]*>", data).group(0)
    odd = data.replace(un, b'<UN n0="a%2Cb" n1="%22q%22" n2="%E3%81%82" n3=""/>')
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "odd.mjlog").write_bytes(odd)
    (tmp_path / "in" / "no-names.mjlog").write_bytes(data.replace(un, b""))
    for fmt in ("csv", "parquet"):
        export([tmp_path / "in"], tmp_path / f"fast-{fmt}", format=fmt)
        export([tmp_path / "in"], tmp_path / f"slow-{fmt}", format=fmt, fast=False)
        same_files(tmp_path / f"fast-{fmt}", tmp_path / f"slow-{fmt}", fmt)
    games = pq.read_table(tmp_path / "fast-parquet" / "games.parquet").to_pylist()
    assert [[g[f"player_{i}"] for i in range(4)] for g in games] == [[None] * 4, ["a,b", '"q"', "あ", ""]]
    players = (tmp_path / "fast-csv" / "players.csv").read_text(encoding="utf-8")
    assert '"a,b"' in players and '"""q"""' in players
    no_pyarrow_csv(monkeypatch)
    export([tmp_path / "in"], tmp_path / "module", format="csv")
    same_files(tmp_path / "fast-csv", tmp_path / "module", "csv")


@pytest.mark.parametrize("names, taken", [
    (b'n0="%FF%41" n1="%E3%81" n2="x" n3="y"', False),  # not UTF-8 once decoded: the model's replacement chars
    (b'n0="' + b"%E3%81%82" * 16 + b'" n1="" n2="%4" n3="%%41"', True),  # 48 bytes: fits
    (b'n0="' + b"%E3%81%82" * 16 + b'a" n1="b" n2="c" n3="d"', False),  # 49 bytes: the model reads it
    (b'n0="%f0%9f%80%84%c3%a9" n1="%ED%9F%BF" n2="%F4%8F%BF%BF" n3="%C2%80"', True),
    (b'n0="%ED%A0%80" n1="" n2="" n3=""', False),  # a surrogate
    (b'n0="%C0%80" n1="" n2="" n3=""', False),  # an overlong form
    (b'n0="%F4%90%80%80" n1="" n2="" n3=""', False),  # past U+10FFFF
])
def test_names_are_decoded_as_the_full_reader_decodes_them(tmp_path, names, taken):
    from riichi_fast.records.mjlog import _scan as _mjlog

    data = xml(next(p for p in MJLOG if "3p" not in p.parent.name))
    un = re.search(rb"<UN [^>]*>", data).group(0)
    v = data.replace(un, b"<UN " + names + b"/>")
    params, settings = table(v)
    a = np.zeros((300, W), dtype=np.int32)
    b = a.copy()
    got = _mjlog.export_mjlog(v, params, a, 0, 0, **settings)
    assert got == twin.export_mjlog(v, params, b, 0, 0, **settings) and (got[0] == 0) == taken
    assert (a[:got[1]] == b[:got[1]]).all()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "names.mjlog").write_bytes(v)
    for fmt in ("csv", "parquet"):
        export([tmp_path / "in"], tmp_path / f"fast-{fmt}", format=fmt)
        export([tmp_path / "in"], tmp_path / f"slow-{fmt}", format=fmt, fast=False)
        same_files(tmp_path / f"fast-{fmt}", tmp_path / f"slow-{fmt}", fmt)


def test_damaged_and_mismatched_records_go_through_the_model_in_order(tmp_path, monkeypatch):
    data = xml(MJLOG[0])
    d = tmp_path / "in"
    d.mkdir()
    (d / "a-cut.mjlog").write_bytes(data[: len(data) // 2])
    # a wrong recorded value: both paths export what it says (the export re-scores nothing)
    (d / "b-mismatch.mjlog").write_bytes(re.sub(rb'(<AGARI [^>]*ten=")(\d+),', rb"\g<1>110,", data, count=1))
    (d / "c-good.mjlog.gz").write_bytes(gzip.compress(data))
    (d / "d-empty.mjlog").write_bytes(b"")
    (d / "e-cut.mjlog.gz").write_bytes(gzip.compress(data)[:-30])  # damaged gzip: read again by the model
    (d / "f-bad.json").write_text("{nonsense")
    files = [d, DATA / "mjai", DATA / "tenhou-mjlog-3p", DATA / "tenhou6-json-mjx"]
    for fmt in ("parquet", "csv"):
        fast = export(files, tmp_path / f"fast-{fmt}", format=fmt, batch_size=3)
        slow = export(files, tmp_path / f"slow-{fmt}", format=fmt, fast=False)
        assert fast == {**slow, "files": fast["files"]}
        assert [p.rsplit("/", 1)[-1] for p, _ in fast["unreadable"]] == ["a-cut.mjlog", "d-empty.mjlog",
                                                                      "e-cut.mjlog.gz", "f-bad.json"]
        same_files(tmp_path / f"fast-{fmt}", tmp_path / f"slow-{fmt}", fmt)
    wins = pq.read_table(tmp_path / "fast-parquet" / "wins.parquet").to_pydict()
    assert wins["fu"][0] == 110 and wins["game_id"][0].endswith("b-mismatch.mjlog")
    # every batch read on the main thread (no read-ahead thread): the same files
    monkeypatch.setattr(_export, "READ_AHEAD", False)
    for fmt in ("parquet", "csv"):
        ahead = export(files, tmp_path / f"ahead-{fmt}", format=fmt, batch_size=3)
        assert ahead == {**slow, "files": ahead["files"]}
        same_files(tmp_path / f"ahead-{fmt}", tmp_path / f"slow-{fmt}", fmt)
    # the model's games sit among the compiled ones in one cut: the csv module's path too
    no_pyarrow_csv(monkeypatch)
    mixed = [DATA / "tenhou-mjlog-3p", d / "b-mismatch.mjlog", DATA / "mjai", DATA / "tenhou-mjlog-mjx"]
    export(mixed, tmp_path / "module-fast", format="csv")
    export(mixed, tmp_path / "module-slow", format="csv", fast=False)
    same_files(tmp_path / "module-fast", tmp_path / "module-slow", "csv")


def test_declined_files_go_into_the_cut_of_the_compiled_games_around_them():
    rows = _export_fast.ExportRows()
    data = [xml(p) for p in MJLOG[:3]]
    model = {name: {c: [] for c in cols} for name, cols in TABLES.items()}
    tables = _export_fast._model_tables("m.mjlog", data[1])[0]
    assert rows.add(data[0], "a")
    rows.insert(tables)
    rows.insert(model)  # no rows (an unreadable file): nothing kept
    assert rows.add(data[2], "c")
    hands = rows.hands
    first = rows.rows
    (cut,) = rows.take_rows()
    assert cut.paths == ["a", "c"] and [k for k, _ in cut.inserts] == [1] and rows.hands == 0
    assert cut.hands == hands == len(re.findall(rb"<INIT[\s/>]", b"".join(data)))
    cols = cut.columns()
    assert rows.rows is not first and rows._free == [first]  # the array is filled again
    for name in TABLES:  # game a's rows, the model's game, game c's rows (empty ranges left out)
        games = cols.cols[name]["game_id"][2].tolist()
        parts = cols.split(name)
        at = next(i for i, p in enumerate(parts) if type(p) is dict)
        assert parts[at] is tables[name] and sum(type(p) is dict for p in parts) == 1
        before = [g for a, b in parts[:at] for g in games[a:b]]
        after = [g for a, b in parts[at + 1:] for g in games[a:b]]
        assert before == [0] * games.count(0) and after == [1] * games.count(1), name
    assert cols.split("games") == [(0, 1), tables["games"], (1, 2)]
    assert rows.take_rows() == []
    rows.insert(tables)  # model games alone: given as they are
    assert rows.take_rows() == [tables]


class _Blocked:
    """A TableWriter stand-in whose prepare waits until released."""

    def __init__(self):
        import threading

        self.started, self.release, self.done, self.closed = threading.Event(), threading.Event(), [], False

    def open(self):
        pass

    def prepare(self, segments):
        self.started.set()
        self.release.wait()
        if segments == ["boom"]:
            raise RuntimeError("boom")
        return segments

    def emit(self, prepared):
        self.done.extend(prepared)

    def close(self):
        self.closed = True


def test_the_writer_thread_runs_ahead_bounded_and_in_order():
    w = _Blocked()
    run = _export._WriterThread(w)
    run.put(["a"], False)
    assert w.started.wait(30)  # the thread holds "a"; two more wait in the queue, no more
    run.put(["b"], True)
    run.put(["c"], False)
    assert run.queue.full() and _export.WRITER_QUEUE == 2
    w.release.set()
    run.put(["d"], True)
    run.close()
    assert w.done == [["a"], ["b"], ["c"], ["d"]] and w.closed and not run.thread.is_alive()


def test_an_error_on_the_writer_thread_is_raised_by_the_export(tmp_path, monkeypatch):
    w = _Blocked()
    w.release.set()
    run = _export._WriterThread(w)
    run.put(["boom"], True)
    run.put(["x"], True)  # not prepared: the thread only drains the queue once it failed
    with pytest.raises(RuntimeError, match="boom"):
        run.close()
    assert w.closed and w.done == [] and not run.thread.is_alive()

    def fail(self, segments):
        raise OSError("disk full")

    monkeypatch.setattr(_export.TableWriter, "prepare", fail)
    with pytest.raises(OSError, match="disk full"):
        export(SOME, tmp_path / "o", format="csv")


def test_small_arrays_and_row_groups_give_the_same_files(tmp_path, monkeypatch):
    export(SOME, tmp_path / "one")
    monkeypatch.setattr(_export_fast, "_ROWS", 60)  # cut every few games; a longer game is declined
    monkeypatch.setattr(_export, "ROWS_PER_GROUP", 100)
    export(SOME, tmp_path / "many", batch_size=5)
    same_files(tmp_path / "one", tmp_path / "many", "parquet")
    assert pq.ParquetFile(tmp_path / "one" / "hands.parquet").num_row_groups == 1
    assert pq.ParquetFile(tmp_path / "many" / "hands.parquet").num_row_groups >= 5


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_a_small_corpus_on_the_calling_thread_gives_the_files_of_the_writer_thread(tmp_path, monkeypatch, fmt):
    # SOME is under SYNC_FILES: written on the calling thread, one row group per table
    assert len(SOME) <= _export.SYNC_FILES
    here = export(SOME, tmp_path / "here", format=fmt, batch_size=7)
    monkeypatch.setattr(_export, "SYNC_FILES", 0)  # the writer thread and the read-ahead thread
    monkeypatch.setattr(_export, "ROWS_PER_STEP", 100)  # several steps and row groups
    thread = export(SOME, tmp_path / "thread", format=fmt, batch_size=7)
    assert here == {**thread, "files": here["files"]} and here["tables"]["games"] == len(SOME)
    same_files(tmp_path / "here", tmp_path / "thread", fmt)
    if fmt == "parquet":
        assert pq.ParquetFile(tmp_path / "here" / "hands.parquet").num_row_groups == 1
        assert pq.ParquetFile(tmp_path / "thread" / "hands.parquet").num_row_groups > 1
    # more rows than a row group on the calling thread: written as it goes, not in memory
    monkeypatch.setattr(_export, "SYNC_FILES", 10_000)
    monkeypatch.setattr(_export, "ROWS_PER_GROUP", 100)
    opened = []
    real_open = _export.TableWriter.open
    monkeypatch.setattr(_export.TableWriter, "open", lambda self: opened.append(self.in_memory) or real_open(self))
    groups = export(SOME, tmp_path / "groups", format=fmt, batch_size=7)
    export(SOME[:3], tmp_path / "few", format=fmt)
    assert groups == {**thread, "files": groups["files"]} and opened == [False, True]
    same_files(tmp_path / "groups", tmp_path / "thread", fmt)
    if fmt == "parquet":
        assert pq.ParquetFile(tmp_path / "groups" / "hands.parquet").num_row_groups > 1


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
@pytest.mark.parametrize("sync", [True, False])
def test_an_export_writes_over_longer_and_shorter_files_in_place(tmp_path, monkeypatch, fmt, sync):
    if not sync:
        monkeypatch.setattr(_export, "SYNC_FILES", 0)
    files = SOME[:6]
    export(files, tmp_path / "fresh", format=fmt)
    out = tmp_path / "out"
    out.mkdir()
    for name in TABLES:  # longer than what the export writes: cut to it; shorter: grown
        (out / f"{name}.{fmt}").write_bytes(b"x" * (300_000 if name != "games" else 3))
    link = out / "players.target"
    (out / f"players.{fmt}").rename(link)
    (out / f"players.{fmt}").symlink_to(link)  # written through, as before (not replaced)
    export(files, out, format=fmt)
    same_files(tmp_path / "fresh", out, fmt)
    assert (out / f"players.{fmt}").is_symlink() and link.read_bytes() == (tmp_path / "fresh" / f"players.{fmt}").read_bytes()
    progress = []
    export(files[:1], out, format=fmt, progress=lambda i, n: progress.append((i, n)))  # shorter again
    export(files[:1], tmp_path / "one", format=fmt)
    same_files(tmp_path / "one", out, fmt)
    assert progress == [(1, 1)]


def test_parquet_read_back_with_duckdb_and_pandas_gives_the_same_totals(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    pd = pytest.importorskip("pandas")
    export(SOME, tmp_path)
    wins = pq.read_table(tmp_path / "wins.parquet").to_pydict()
    players = pq.read_table(tmp_path / "players.parquet").to_pydict()
    def total(values):
        return sum(v for v in values if v is not None)

    want = (len(wins["game_id"]), total(wins["points"]), sum(wins["tsumo"]), total(wins["han"]),
            sum(len(y) for y in wins["yaku"]), total(players["final_score"]))
    assert want[1] > 500_000 and want[4] > 1000
    w = str(tmp_path / "wins.parquet")
    p = str(tmp_path / "players.parquet")
    got = duckdb.sql(f"select count(*), sum(points), sum(tsumo::int), sum(han), sum(len(yaku)) from '{w}'").fetchall()[0]
    assert (*got, duckdb.sql(f"select sum(final_score) from '{p}'").fetchall()[0][0]) == want
    df = pd.read_parquet(w)
    assert (len(df), int(df["points"].sum()), int(df["tsumo"].sum()), int(df["han"].sum()),
            int(df["yaku"].map(len).sum()), int(pd.read_parquet(p)["final_score"].sum())) == want


# ---------------------------------------------------------------------------
# export_mjlog and its twin
# ---------------------------------------------------------------------------

def test_export_mjlog_twin_writes_the_same_rows():
    from riichi_fast.records.mjlog import _scan as _mjlog

    for path in MJLOG:
        data = xml(path)
        params, settings = table(data)
        a = np.full((400, W), 7, dtype=np.int32)
        b = a.copy()
        got = _mjlog.export_mjlog(data, params, a, 3, 5, **settings)
        assert got == twin.export_mjlog(data, params, b, 3, 5, **settings), path.name
        status, end = got
        assert (a[:end] == b[:end]).all(), path.name
        if _mjlog.verify_mjlog(data, params, **settings)[0] == 0:
            assert status == 0  # what verify passes, the export takes (it checks less)
        if status == 0:
            kinds = a[3:end, 0]
            assert kinds[-1] == 4 and (a[3:end, 1] == 5).all()
            assert (kinds == 1).sum() == a[end - 1, 5] == len(re.findall(rb"<INIT[\s/>]", data))
            assert (kinds == 2).sum() == len(re.findall(rb"<AGARI[\s/>]", data))
            assert (kinds == 3).sum() == len(re.findall(rb"<RYUUKYOKU[\s/>]", data))


@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_export_mjlog_full_array_and_bad_arguments(impl):
    mod = importlib.import_module("riichi_fast.reference.records.mjlog.scan" if impl == "reference" else "riichi_fast.records.mjlog._scan")
    data = xml(MJLOG[0])
    params, settings = table(data)
    rows = np.zeros((10, W), dtype=np.int32)
    assert mod.export_mjlog(data, params, rows, 0, 0, **settings) == (3, 0)
    assert mod.export_mjlog(data, params, rows, 10, 0, **settings) == (3, 10)
    assert mod.export_mjlog(data[:-40], params, rows, 10, 0, **settings) == (1, 10)
    big = np.zeros((500, W), dtype=np.int32)
    status, end = mod.export_mjlog(data, params, big, 0, 0, **settings)
    assert status == 0 and end > 10
    with pytest.raises(ValueError, match="rows must have 104 columns"):
        mod.export_mjlog(data, params, np.zeros((10, 16), dtype=np.int32), 0, 0, **settings)
    with pytest.raises(ValueError, match="start must be in 0-10, got 11"):
        mod.export_mjlog(data, params, rows, 11, 0, **settings)
    with pytest.raises(ValueError, match="n_players must be 3 or 4, got 5"):
        mod.export_mjlog(data, params, rows, 0, 0, **{**settings, "n_players": 5})


def test_one_settings_filler_checks_every_entry_point():
    from riichi_fast.records.mjlog import _scan as _mjlog

    data = xml(MJLOG[0])
    params, settings = table(data)
    rows16 = np.zeros((500, 16), dtype=np.int32)
    for call in (lambda p, **k: _mjlog.verify_mjlog(data, p, **k),
                 lambda p, **k: _mjlog.stats_mjlog(data, p, rows16, 0, 0, **k),
                 lambda p, **k: _mjlog.export_mjlog(data, p, np.zeros((500, W), np.int32), 0, 0, **k)):
        with pytest.raises(ValueError, match="params must be 4 x"):
            call(params[:2], **settings)
        with pytest.raises(ValueError, match="n_players must be 3 or 4, got 2"):
            call(params, **{**settings, "n_players": 2})
        assert call(params, **settings)[0] == 0
    # the settings reach the replay: the record starts at 25000, not 30000; the export
    # checks no score (it writes the record's values), so it takes the game all the same
    odd = {**settings, "start_points": 30000}
    assert _mjlog.verify_mjlog(data, params, **odd)[0] == _mjlog.stats_mjlog(data, params, rows16, 0, 0, **odd)[0] == 1
    assert _mjlog.export_mjlog(data, params, np.zeros((500, W), np.int32), 0, 0, **odd)[0] == 0


def test_game_rows_hold_the_tables_games_and_players():
    from riichi_fast.records.mjlog import _scan as _mjlog
    from riichi_fast.records import parse_mjlog
    from riichi_fast.stats._aggregate import final_scores, placements

    for path in (MJLOG[0], next(p for p in MJLOG if "3p" in p.parent.name)):
        data = xml(path)
        params, settings = table(data)
        rows = np.zeros((500, W), dtype=np.int32)
        status, end = _mjlog.export_mjlog(data, params, rows, 0, 9, **settings)
        game = parse_mjlog(data)
        n = 3 if game.rules.three_player else 4
        g = rows[end - 1]
        finals = final_scores(game)
        assert status == 0 and g[:6].tolist() == [4, 9, n, game.rules.hanchan, game.rules.red_fives, len(game.rounds)]
        assert g[6:6 + n].tolist() == list(finals) and g[18:18 + n].tolist() == list(placements(finals))
        assert g[22:22 + n].tolist() == [sum(w.winner == s for w in game.wins) for s in range(n)]
        assert g[30:30 + n].tolist() == [sum(w.discarder == s for w in game.wins) for s in range(n)]
        wins = rows[:end][rows[:end, 0] == 2]
        closed = [bytes(r.view(np.uint8)[68 * 4:68 * 4 + r[25]]).decode() for r in wins]
        from riichi_fast.records.model import tiles_mpsz

        assert closed == [tiles_mpsz(w.closed, game.rules.red_fives) for w in game.wins]


def test_unused_text_slots_stay_inside_the_row():
    assert _export_fast._CLOSED + _export_fast._CLOSED_BYTES <= _export_fast._MELDS
    assert _export_fast._MELDS + _export_fast._MELDS_BYTES <= 4 * W
    assert _export_fast._YAKU + _export_fast._MAX_YAKU <= _export_fast._CLOSED // 4
