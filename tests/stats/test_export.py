"""riichi_fast.stats.export: Parquet/CSV tables read back with pyarrow and polars give the same totals."""

import json
from pathlib import Path

import pytest

from riichi_fast.cli import main
from riichi_fast.errors import RiichiError
from riichi_fast.stats import TABLES, collect, export

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pl = pytest.importorskip("polars")

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def _totals_arrow(out: Path) -> dict:
    t = {name: pq.read_table(out / f"{name}.parquet") for name in TABLES}
    wins = t["wins"].to_pydict()
    draws = t["draws"].to_pydict()
    return {
        "games": t["games"].num_rows, "hands": t["hands"].num_rows, "wins": t["wins"].num_rows,
        "tsumo": sum(wins["tsumo"]), "points": sum(p for p in wins["points"] if p is not None),
        "from_seat_on_tsumo": all(f == w for f, w, ts in zip(wins["from_seat"], wins["winner"], wins["tsumo"]) if ts),
        "yaku_1": sum(1 in y for y in wins["yaku"]),
        "draws": {k: draws["kind"].count(k) for k in set(draws["kind"])},
        "deal_ins": sum(t["players"].to_pydict()["deal_ins"]),
        "deltas": sum(v for c in ("delta_0", "delta_1", "delta_2", "delta_3") for v in wins[c] if v is not None),
        "final": sum(v for v in t["players"].to_pydict()["final_score"] if v is not None),
    }


def _totals_polars(frames: dict) -> dict:
    wins, draws = frames["wins"], frames["draws"]
    yaku = wins["yaku"]
    if yaku.dtype == pl.Utf8:  # CSV: the ids separated by spaces
        yaku = yaku.fill_null("").str.split(" ").list.eval(pl.element().cast(pl.Int64, strict=False))
    tsumo = wins["tsumo"]
    if tsumo.dtype == pl.Utf8:
        tsumo = tsumo == "True"
    return {
        "games": frames["games"].height, "hands": frames["hands"].height, "wins": wins.height,
        "tsumo": int(tsumo.sum()), "points": int(wins["points"].sum()),
        "from_seat_on_tsumo": bool((wins.filter(tsumo)["from_seat"] == wins.filter(tsumo)["winner"]).all()),
        "yaku_1": int(yaku.list.contains(1).sum()),
        "draws": dict(draws.group_by("kind").len().iter_rows()),
        "deal_ins": int(frames["players"]["deal_ins"].sum()),
        "deltas": int(sum(wins[c].sum() or 0 for c in ("delta_0", "delta_1", "delta_2", "delta_3"))),
        "final": int(frames["players"]["final_score"].sum()),
    }


@pytest.fixture(scope="module")
def corpus():
    paths = [RECORDS / "tenhou-mjlog-mjx", RECORDS / "tenhou6-json-mjx"]
    return paths, collect(paths)


def test_parquet_read_back_with_pyarrow_and_polars_gives_the_statistics_totals(corpus, tmp_path, capsys):
    paths, stats = corpus
    code = main(["export", *map(str, paths), "--out", str(tmp_path), "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"wins     {stats.wins:8} rows" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.parquet" for n in TABLES)
    for name, cols in TABLES.items():
        assert pq.read_schema(tmp_path / f"{name}.parquet").names == cols
    a = _totals_arrow(tmp_path)
    want_points = sum(int(k) * v for k, v in stats.points.items())
    assert a == {
        "games": stats.games, "hands": stats.hands, "wins": stats.wins, "tsumo": stats.tsumo,
        "points": want_points, "from_seat_on_tsumo": True, "yaku_1": stats.yaku["1"],
        "draws": {k: v for k, v in stats.draws.items() if v}, "deal_ins": stats.ron,
        # every win's changes add up to the sticks it collects: positive, never more than the table held
        "deltas": a["deltas"], "final": 100000 * stats.games,
    }
    assert 0 <= a["deltas"] <= 1000 * sum(stats.draws.values()) + 1000 * stats.wins
    frames = {n: pl.read_parquet(tmp_path / f"{n}.parquet") for n in TABLES}
    assert _totals_polars(frames) == a


def test_csv_export_gives_the_same_totals_as_parquet(corpus, tmp_path):
    paths, _ = corpus
    res_p = export(paths, tmp_path / "p")
    res_c = export(paths, tmp_path / "c", format="csv")
    assert res_p["tables"] == res_c["tables"] and res_c["unreadable"] == []
    frames_p = {n: pl.read_parquet(tmp_path / "p" / f"{n}.parquet") for n in TABLES}
    frames_c = {n: pl.read_csv(tmp_path / "c" / f"{n}.csv", infer_schema_length=None) for n in TABLES}
    assert _totals_polars(frames_c) == _totals_polars(frames_p) == _totals_arrow(tmp_path / "p")
    for n in TABLES:
        assert frames_c[n].columns == TABLES[n]


def test_hand_made_record_rows(tmp_path):
    from tests.stats.test_stats import MADE

    rec = tmp_path / "made.json"
    rec.write_text(json.dumps(MADE, ensure_ascii=False), encoding="utf-8")
    res = export([rec], tmp_path / "out")
    assert res["tables"] == {"games": 1, "hands": 3, "wins": 3, "draws": 1, "players": 4}
    wins = pq.read_table(tmp_path / "out" / "wins.parquet").to_pylist()
    assert wins[0] == {
        "game_id": str(rec), "hand": 0, "round_wind": 0, "kyoku": 0, "honba": 0, "winner": 1, "from_seat": 0,
        "tsumo": False, "multi_ron_index": 0, "closed": "234567m23455p678s",
        "melds": "", "win_tile": "5p", "han": 1, "fu": 40, "points": 1300, "limit": 0, "yakuman": False,
        "yaku": [8], "dora": 0, "ura": 0, "aka": 0, "pao": None,
        "delta_0": -1300, "delta_1": 1300, "delta_2": 0, "delta_3": 0,
    }
    assert [(w["winner"], w["from_seat"], w["multi_ron_index"], w["points"]) for w in wins] == \
        [(1, 0, 0, 1300), (2, 0, 1, 2600), (2, 0, 0, 32000)]
    assert wins[2]["melds"] == "555z(pon) 666z(pon) 777z(pon)" and wins[2]["pao"] == 3
    assert wins[2]["yaku"] == [39] and wins[2]["yakuman"] is True and wins[2]["han"] is None
    draws = pq.read_table(tmp_path / "out" / "draws.parquet").to_pylist()
    assert draws == [{"game_id": str(rec), "hand": 2, "round_wind": 0, "kyoku": 2, "honba": 0,
                      "kind": "exhaustive", "tenpai": [1], "nagashi": [],
                      "delta_0": -1000, "delta_1": 3000, "delta_2": -1000, "delta_3": -1000}]
    players = pq.read_table(tmp_path / "out" / "players.parquet").to_pylist()
    assert [(p["name"], p["final_score"], p["place"], p["deal_ins"], p["riichi"], p["calls"]) for p in players] == \
        [("A", 4100, 4, 3, 0, 0), ("B", 28300, 2, 0, 1, 0), ("C", 59600, 1, 0, 0, 1), ("D", 8000, 3, 0, 0, 0)]
    games = pq.read_table(tmp_path / "out" / "games.parquet").to_pylist()
    assert [games[0][f"place_{i}"] for i in range(4)] == [4, 2, 1, 3]


def test_export_bad_format_and_unreadable(tmp_path, capsys):
    with pytest.raises(RiichiError, match="unknown export format 'xlsx' \\(use parquet or csv\\)"):
        export([], tmp_path, format="xlsx")
    bad = tmp_path / "bad.json"
    bad.write_text("{nonsense")
    code = main(["export", str(bad), str(RECORDS / "mjai"), "--out", str(tmp_path / "o"), "--format", "csv",
                 "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 2
    assert f"riichi-fast: unreadable: {bad}: RecordError" in err
    assert "games           1 rows" in out


def test_export_streams_in_row_groups_with_the_same_rows(tmp_path, monkeypatch):
    from riichi_fast.stats import _export

    paths = [RECORDS / "tenhou-mjlog-mjx"]
    export(paths, tmp_path / "one")
    monkeypatch.setattr(_export, "ROWS_PER_GROUP", 30)
    export(paths, tmp_path / "many", batch_size=2)
    export(paths, tmp_path / "many-csv", format="csv", batch_size=2)
    for name in TABLES:
        one = pq.read_table(tmp_path / "one" / f"{name}.parquet")
        many = pq.read_table(tmp_path / "many" / f"{name}.parquet")
        assert many.equals(one), name
        assert pq.ParquetFile(tmp_path / "one" / f"{name}.parquet").num_row_groups == 1
    groups = pq.ParquetFile(tmp_path / "many" / "hands.parquet").num_row_groups
    assert 2 <= groups <= 350 // 30  # 350 hands, written once 30 or more are pending
    csv_hands = pl.read_csv(tmp_path / "many-csv" / "hands.csv")
    assert csv_hands.height == 350 and csv_hands["honba"].sum() == one_column_sum(tmp_path / "one", "hands", "honba")


def one_column_sum(d, table, column):
    return sum(pq.read_table(d / f"{table}.parquet").column(column).to_pylist())


def test_export_out_must_be_a_directory(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("")
    with pytest.raises(RiichiError, match="exists and is not a directory"):
        export([], f, format="csv")
    assert main(["export", str(RECORDS / "mjai"), "--out", str(f), "--no-progress"]) == 2
    assert f"riichi-fast: error: out '{f}' exists and is not a directory\n" == capsys.readouterr().err
