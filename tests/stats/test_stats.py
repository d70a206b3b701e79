"""riichi_fast.stats: statistics checked against counts taken straight from the raw files.

The independent counts scan the mjlog XML with regular expressions (tags
INIT, N, REACH, AGARI, RYUUKYOKU, UN and the owari attribute) and never use
the package's readers; the hand-made tenhou.net/6 record below has a double
ron, a pao and a draw, with every per-player number worked out by hand.
"""

import csv
import gzip
import io
import json
import os
import re
import sys
import urllib.parse
from collections import Counter
from pathlib import Path

import pytest

import riichi_fast
from riichi_fast.cli import main
from riichi_fast.errors import RiichiError
from riichi_fast.stats import Stats, batches, collect, expand_paths, final_scores, placements, stats_of_files

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"
DRAW_TYPES = {None: "exhaustive", "yao9": "kyuushu_kyuuhai", "kaze4": "suufon_renda", "reach4": "suucha_riichi",
              "ron3": "sanchahou", "kan4": "suukaikan", "nm": "nagashi_mangan"}
LIMITS = ("none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _raw(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8")


def _attrs(tag: str) -> dict:
    return dict(re.findall(r'(\w+)="([^"]*)"', tag))


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _open_call(m: int) -> bool:
    """Chi, pon or daiminkan from the Tenhou meld code (kakan, ankan and kita are not)."""
    if m & 0x4:
        return True  # chi
    if m & 0x8:
        return True  # pon
    if m & 0x10 or m & 0x20:
        return False  # kakan, kita
    return (m & 3) != 0  # a kan: called (daiminkan) when it has a from-seat


def _ratio(a, b, digits=6):
    return round(a / b, digits) if b else None


def scan_mjlogs(paths) -> dict:
    """Every key of ``stats --json`` but ``waits``, counted from the XML text alone."""
    c = {"games": 0, "hands": 0, "wins": 0, "tsumo": 0, "ron": 0, "multi_ron": 0, "pao": 0}
    draws = Counter({k: 0 for k in DRAW_TYPES.values()})
    yaku, han, fu, han_fu, limit, points = Counter(), Counter(), Counter(), Counter(), Counter(), Counter()
    players = {}

    def player(name):
        return players.setdefault(name, Counter())

    for path in paths:
        text = _raw(path)
        c["games"] += 1
        go = _attrs(re.search(r"<GO [^>]*>", text).group(0))
        n = 3 if int(go["type"]) & 0x10 else 4
        un = _attrs(re.search(r"<UN [^>]*>", text).group(0))
        names = [urllib.parse.unquote(un[f"n{i}"]) for i in range(n)]
        for name in names:
            player(name)["games"] += 1
        owari = None
        for hand in re.split(r"(?=<INIT )", text)[1:]:
            c["hands"] += 1
            riichi = {int(_attrs(t)["who"]) for t in re.findall(r"<REACH [^>]*>", hand) if _attrs(t)["step"] == "1"}
            called = {int(_attrs(t)["who"]) for t in re.findall(r"<N [^>]*>", hand) if _open_call(int(_attrs(t)["m"]))}
            for seat in range(n):
                p = player(names[seat])
                p["hands"] += 1
                p["riichi"] += seat in riichi
                p["calls"] += seat in called
            agaris = [_attrs(t) for t in re.findall(r"<AGARI [^>]*>", hand)]
            c["multi_ron"] += len(agaris) > 1
            for a in agaris:
                who, frm = int(a["who"]), int(a["fromWho"])
                f, pts, lim = _ints(a["ten"])
                pairs = _ints(a.get("yaku", ""))
                ymans = _ints(a.get("yakuman", ""))
                c["wins"] += 1
                p = player(names[who])
                p["wins"] += 1
                p["win_points"] += pts
                if who == frm:
                    c["tsumo"] += 1
                    p["tsumo"] += 1
                else:
                    c["ron"] += 1
                    p["ron"] += 1
                    d = player(names[frm])
                    d["deal_ins"] += 1
                    d["deal_in_points"] += pts
                if "paoWho" in a:
                    c["pao"] += 1
                    player(names[int(a["paoWho"])])["pao"] += 1
                ids = {y for y, h in zip(pairs[::2], pairs[1::2]) if y < 52 or h > 0} | set(ymans)
                yaku.update(str(y) for y in ids)
                if ymans:
                    han["yakuman"] += 1
                else:
                    total = sum(pairs[1::2])
                    han[str(total)] += 1
                    fu[str(f)] += 1
                    han_fu[f"{total},{f}"] += 1
                limit[LIMITS[lim]] += 1
                points[str(pts)] += 1
                owari = a.get("owari", owari)
            for t in re.findall(r"<RYUUKYOKU[ /][^>]*>", hand):
                a = _attrs(t)
                draws[DRAW_TYPES[a.get("type")]] += 1
                owari = a.get("owari", owari)
        assert owari is not None, path
        finals = [int(x) * 100 for x in owari.split(",")[: 2 * n : 2]]
        order = sorted(range(n), key=lambda s: (-finals[s], s))
        for place, seat in enumerate(order, 1):
            p = player(names[seat])
            p[f"place_{place}"] += 1
            p["placement_sum"] += place
            p["final_score_sum"] += finals[seat]

    def shown(p):
        return {
            "games": p["games"], "hands": p["hands"], "wins": p["wins"], "tsumo": p["tsumo"], "ron": p["ron"],
            "deal_ins": p["deal_ins"], "pao": p["pao"], "riichi": p["riichi"], "calls": p["calls"],
            "win_rate": _ratio(p["wins"], p["hands"]), "deal_in_rate": _ratio(p["deal_ins"], p["hands"]),
            "riichi_rate": _ratio(p["riichi"], p["hands"]), "call_rate": _ratio(p["calls"], p["hands"]),
            "avg_win_points": _ratio(p["win_points"], p["wins"], 1),
            "avg_deal_in_points": _ratio(p["deal_in_points"], p["deal_ins"], 1),
            "avg_placement": _ratio(p["placement_sum"], p["games"], 4),
            "avg_final_score": _ratio(p["final_score_sum"], p["games"], 1),
            "placements": {str(k): p[f"place_{k}"] for k in range(1, 5) if p[f"place_{k}"]},
        }

    total = sum(players.values(), Counter())
    corpus = shown(total)

    def by_number(counter):
        return dict(sorted(counter.items(), key=lambda kv: (not kv[0].isdigit(), int(kv[0]) if kv[0].isdigit() else 0)))

    return {
        **c, "wins_rescored": 0, "draws": dict(draws),
        **{k: corpus[k] for k in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_win_points",
                                  "avg_deal_in_points", "avg_final_score")},
        "yaku": by_number(yaku), "han": by_number(han), "fu": by_number(fu),
        "han_fu": dict(sorted(han_fu.items(), key=lambda kv: tuple(map(int, kv[0].split(","))))),
        "limit": {k: limit[k] for k in LIMITS if limit[k]}, "points": by_number(points),
        "players": {name: shown(p) for name, p in sorted(players.items())},
        "unreadable": [],
    }


def _finished_mjlogs():
    paths = sorted(RECORDS.glob("tenhou-mjlog-*/*.mjlog")) + sorted(RECORDS.glob("mjlog-*/*.mjlog"))
    return [p for p in paths if "owari=" in _raw(p)]


def test_bundled_mjlogs_every_json_key_matches_a_raw_xml_scan(capsys):
    paths = _finished_mjlogs()  # every mjlog folder, three-player ones too when present
    assert len(paths) >= 110
    code, out, err = run(capsys, "stats", *paths, "--json", "--no-progress")
    assert code == 0, err
    got = json.loads(out)
    want = scan_mjlogs(paths)
    waits = got.pop("waits")
    assert got == want  # every key, every value
    assert list(got) == list(want)
    # "unknown": a hand the scorer rejects (none among the four-player games)
    assert set(waits) <= {"ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "unknown"}
    four = [p for p in paths if not int(re.search(r'<GO type="(\d+)"', _raw(p)).group(1)) & 0x10]
    assert "unknown" not in collect(four).waits
    assert sum(waits.values()) == want["wins"]
    # The corpus has what the issue asks to count: multiple rons, pao, every kind of draw.
    assert want["multi_ron"] > 0 and want["pao"] > 0
    assert all(v > 0 for v in want["draws"].values())


def test_whole_bundled_corpus_reads_and_counts_every_format(capsys):
    paths = expand_paths([RECORDS])
    assert len(paths) == sum(1 for p in RECORDS.rglob("*") if p.is_file() and p.name != "README.md") >= 144
    s = collect([RECORDS])
    assert s.unreadable == []
    assert s.games == len(paths)
    mjlogs = [p for p in paths if p.endswith(".mjlog")]
    inits = sum(_raw(Path(p)).count("<INIT ") for p in mjlogs)
    agaris = sum(_raw(Path(p)).count("<AGARI ") for p in mjlogs)
    tenhou6 = [json.loads(line) for p in paths if p.endswith(".json") for line in Path(p).read_text().splitlines()]
    t6_hands = sum(len(o["log"]) for o in tenhou6)
    t6_wins = sum(len(r[16]) // 2 for o in tenhou6 for r in o["log"] if r[16][0] == "和了")
    mjai = [json.loads(line) for p in paths if p.endswith((".jsonl", ".jsonl.gz"))
            for line in _raw(Path(p)).splitlines() if line.strip()]
    mjai_hands = sum(e["type"] == "start_kyoku" for e in mjai)
    mjai_wins = sum(e["type"] == "hora" for e in mjai)
    assert s.hands == inits + t6_hands + mjai_hands
    assert s.wins == agaris + t6_wins + mjai_wins
    # mjai hora events carry no han/fu/yaku here: those wins are re-scored, and only those.
    assert s.wins_rescored == mjai_wins > 0
    assert sum(s.waits.values()) == s.wins


def test_tenhou6_json_gives_the_statistics_of_the_same_games_as_mjlog():
    jsons = sorted(RECORDS.glob("tenhou6-json-mjx/*.json"))
    mjlogs = [RECORDS / "tenhou-mjlog-mjx" / (p.stem + ".mjlog") for p in jsons]
    a, b = collect(jsons).to_dict(), collect(mjlogs).to_dict()
    for key in ("games", "hands", "wins", "tsumo", "ron", "multi_ron", "pao", "draws", "yaku", "han", "limit",
                "points", "waits", "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_win_points",
                "avg_deal_in_points", "avg_final_score"):
        assert a[key] == b[key], key
    # A tenhou6 result line states no fu for a mangan or more ("満貫2000-4000点"): fu counts only what it states.
    assert sum(b["fu"].values()) - sum(a["fu"].values()) == sum(b["limit"].get(k, 0) for k in LIMITS[1:5]) > 0
    assert a["wins"] > 250


def test_unfinished_records_are_counted_up_to_where_they_stop(capsys):
    paths = sorted(RECORDS.glob("tenhou-mjlog-mjx/*-no-*-end.mjlog"))
    assert len(paths) == 2
    s = collect(paths)
    assert s.games == 2
    assert s.hands == sum(_raw(p).count("<INIT ") for p in paths)
    assert s.wins == sum(_raw(p).count("<AGARI ") for p in paths)
    assert sum(s.draws.values()) == sum(_raw(p).count("<RYUUKYOKU") for p in paths)


def test_final_scores_and_placements_match_owari_on_every_finished_mjlog():
    from riichi_fast.records import read_record

    for path in _finished_mjlogs():
        owari = re.search(r'owari="([^"]*)"', _raw(path)).group(1).split(",")
        finals = final_scores(read_record(path))
        assert finals == tuple(int(x) * 100 for x in owari[::2][: len(finals)]), path
    assert placements((25000, 30000, 25000, 20000)) == (2, 1, 3, 4)
    assert placements((100, 100, 100)) == (1, 2, 3)


# ---------------------------------------------------------------------------
# A hand-made record: double ron, pao, a draw with riichi, every number by hand
# ---------------------------------------------------------------------------

# E1 (dealer A): A discards 5p, B (tanki 5p, tanyao 40 fu 1300) and C (kanchan 5p, tanyao
# iipeikou 40 fu 2600) both ron.  E2 (dealer B): C pons haku from B, hatsu from A, chun from
# D (D liable), then rons daisangen on A's 8s: A and D pay 16000 each.  E3 (dealer C): B
# declares riichi, exhaustive draw with only B tenpai; the stick left goes to the first place.
MADE_ROUNDS = [
    [[0, 0, 0], [25000] * 4, [19], [],
     [11, 14, 17, 21, 25, 29, 31, 34, 37, 41, 42, 43, 44], [45], [25],
     [12, 13, 14, 15, 16, 17, 22, 23, 24, 36, 37, 38, 25], [], [],
     [33, 34, 35, 33, 34, 35, 16, 17, 18, 24, 26, 12, 12], [], [],
     [19, 19, 27, 28, 39, 39, 46, 46, 47, 47, 41, 42, 43], [], [],
     ["和了", [-1300, 1300, 0, 0], [1, 0, 1, "40符1飜1300点", "断幺九(1飜)"],
      [-2600, 0, 2600, 0], [2, 0, 2, "40符2飜2600点", "断幺九(1飜)", "一盃口(1飜)"]]],
    [[1, 0, 0], [21100, 26300, 27600, 25000], [28], [],
     [46, 14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 27], [33, 38], [46, 60],
     [45, 14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 27], [31], [45],
     [45, 45, 46, 46, 47, 47, 11, 12, 13, 38, 21, 29, 39], ["p454545", "46p4646", "4747p47"], [21, 29, 39],
     [47, 41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44], [32, 34, 35], [60, 47, 60],
     ["和了", [-16000, 0, 32000, -16000], [2, 0, 3, "役満32000点", "大三元(役満)"]]],
    [[2, 0, 0], [5100, 26300, 59600, 9000], [11], [],
     [12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25], [44], [60],
     [12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25], [34], ["r60"],
     [26, 27, 28, 29, 31, 32, 33, 35, 36, 37, 38, 39, 41], [42], [60],
     [26, 27, 28, 29, 31, 32, 33, 35, 36, 37, 38, 39, 41], [43], [60],
     ["流局", [-1000, 3000, -1000, -1000]]],
]
MADE = {"title": ["hand-made", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1},
        "log": MADE_ROUNDS}


def _player(**changes):
    p = {"games": 1, "hands": 3, "wins": 0, "tsumo": 0, "ron": 0, "deal_ins": 0, "pao": 0, "riichi": 0, "calls": 0,
         "win_rate": 0.0, "deal_in_rate": 0.0, "riichi_rate": 0.0, "call_rate": 0.0, "avg_win_points": None,
         "avg_deal_in_points": None, "avg_placement": None, "avg_final_score": None, "placements": None}
    assert set(changes) <= set(p)
    p.update(changes)
    return p


MADE_PLAYERS = {
    # A dealt in three times: 1300 + 2600 (the double ron) + 32000 (daisangen, shared with D).
    "A": _player(deal_ins=3, deal_in_rate=1.0, avg_deal_in_points=11966.7, avg_placement=4.0,
                 avg_final_score=4100.0, placements={"4": 1}),
    "B": _player(wins=1, ron=1, riichi=1, win_rate=0.333333, riichi_rate=0.333333, avg_win_points=1300.0,
                 avg_placement=2.0, avg_final_score=28300.0, placements={"2": 1}),
    # C: 27600 + 32000 at the start of E3, then 1000 noten, then the stick left on the table.
    "C": _player(wins=2, ron=2, calls=1, win_rate=0.666667, call_rate=0.333333, avg_win_points=17300.0,
                 avg_placement=1.0, avg_final_score=59600.0, placements={"1": 1}),
    "D": _player(pao=1, avg_placement=3.0, avg_final_score=8000.0, placements={"3": 1}),
}


@pytest.fixture
def made_record(tmp_path):
    path = tmp_path / "made.json"
    path.write_text(json.dumps(MADE, ensure_ascii=False), encoding="utf-8")
    return path


def test_hand_made_record_statistics_exactly(made_record, capsys):
    code, out, err = run(capsys, "stats", made_record, "--json", "--by", "player", "--no-progress")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "games": 1, "hands": 3, "wins": 3, "tsumo": 0, "ron": 3, "multi_ron": 1, "pao": 1, "wins_rescored": 0,
        "draws": {"exhaustive": 1, "kyuushu_kyuuhai": 0, "suufon_renda": 0, "suucha_riichi": 0, "sanchahou": 0,
                  "suukaikan": 0, "nagashi_mangan": 0},
        "win_rate": 0.25, "deal_in_rate": 0.25, "riichi_rate": 0.083333, "call_rate": 0.083333,
        "avg_win_points": 11966.7, "avg_deal_in_points": 11966.7, "avg_final_score": 25000.0,
        "yaku": {"8": 2, "9": 1, "39": 1}, "han": {"1": 1, "2": 1, "yakuman": 1}, "fu": {"40": 2},
        "han_fu": {"1,40": 1, "2,40": 1}, "limit": {"none": 2, "yakuman": 1},
        "points": {"1300": 1, "2600": 1, "32000": 1}, "waits": {"kanchan": 1, "tanki": 2},
        "players": MADE_PLAYERS, "unreadable": [],
    }


def test_hand_made_record_is_consistent(made_record):
    """The record itself is right: the verifier re-scores and settles it without a mismatch."""
    from riichi_fast.records.verify import verify_paths

    report = verify_paths([made_record])
    assert (report.n_wins, report.n_wins_ok, report.unreadable) == (3, 3, [])
    assert all(d.ok for d in report.draws) and len(report.draws) == 1


def test_hand_made_record_tables_and_csv(made_record, capsys):
    code, out, _ = run(capsys, "stats", made_record, "--by", "player", "--csv", "--no-progress")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["player"] for r in rows] == ["A", "B", "C", "D"]
    assert rows[0] == {"player": "A", "games": "1", "hands": "3", "wins": "0", "tsumo": "0", "ron": "0",
                       "deal_ins": "3", "pao": "0", "riichi": "0", "calls": "0", "win_rate": "0.0",
                       "deal_in_rate": "1.0", "riichi_rate": "0.0", "call_rate": "0.0", "avg_win_points": "",
                       "avg_deal_in_points": "11966.7", "avg_placement": "4.0", "avg_final_score": "4100.0",
                       "place_1": "0", "place_2": "0", "place_3": "0", "place_4": "1"}
    code, out, _ = run(capsys, "stats", made_record, "--csv", "--no-progress")
    flat = dict(csv.reader(io.StringIO(out)))
    assert flat["stat"] == "value"
    assert (flat["wins"], flat["draws.exhaustive"], flat["yaku.39"], flat["han.yakuman"], flat["waits.tanki"]) == \
        ("3", "1", "1", "1", "2")
    code, out, _ = run(capsys, "stats", made_record, "--by", "player", "--no-progress")
    lines = out.splitlines()
    assert lines[0] == "games 1, hands 3, wins 3 (tsumo 0, ron 3; 1 multiple ron, 1 pao), draws 1"
    assert lines[2] == "per hand   win 25.0%, deal-in 25.0%, riichi 8.3%, call 8.3%"
    assert "   39 daisangen                     1  33.3%" in lines
    row_c = next(line for line in lines if line.startswith("C "))
    assert row_c.split() == ["C", "1", "3", "66.7%", "0.0%", "0.0%", "33.3%", "17300", "-", "1.00", "59600",
                             "1/0/0/0"]


# ---------------------------------------------------------------------------
# Merging, batching, bad input
# ---------------------------------------------------------------------------

def test_merging_partial_statistics_in_any_order_gives_the_whole():
    paths = expand_paths([RECORDS / "tenhou-mjlog-mjx"])
    whole = collect(paths)
    parts = [stats_of_files(b) for b in batches(paths, 7)]
    forward, backward = Stats(), Stats()
    for p in parts:
        forward.merge(p)
    for p in reversed(parts):
        backward.merge(p)
    assert forward == whole == backward
    assert forward.to_dict() == whole.to_dict()
    assert whole != Stats()


def test_batches_and_paths():
    assert batches(list(range(5)), 2) == [[0, 1], [2, 3], [4]]
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(RiichiError, match="batch size must be a positive int"):
            batches([1], bad)
    found = expand_paths([str(RECORDS / "tenhou-mjlog-mjx" / "double-*.mjlog"), RECORDS / "mjai"])
    assert [Path(p).name for p in found] == ["double-ron.mjlog", "126_204_0_mjai.jsonl"]
    assert expand_paths("no/such/file") == ["no/such/file"]


def test_unreadable_files_are_reported_and_the_run_goes_on(tmp_path, made_record, capsys):
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm><INIT nonsense")
    truncated = tmp_path / "cut.mjlog"
    truncated.write_bytes(gzip.compress(_raw(RECORDS / "tenhou-mjlog-mjx" / "double-ron.mjlog").encode())[:200])
    code, out, err = run(capsys, "stats", made_record, bad, truncated, tmp_path / "missing.json", "--json",
                         "--no-progress")
    assert code == 2
    d = json.loads(out)
    assert d["games"] == 1 and d["wins"] == 3
    assert [u["path"] for u in d["unreadable"]] == sorted(str(p) for p in (bad, truncated, tmp_path / "missing.json"))
    assert all(u["error"] for u in d["unreadable"])
    assert err.count("riichi-fast: unreadable: ") == 3 and str(truncated) in err


def test_stats_cli_usage_errors(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["stats", str(RECORDS / "mjai"), "--json", "--csv"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        main(["stats", str(RECORDS / "mjai"), "--batch-size", "0"])
    assert "expected a positive integer, got '0'" in capsys.readouterr().err
    code, _, err = run(capsys, "stats", RECORDS / "mjai", "--dask", "local:zero", "--no-progress")
    assert code == 2 and "--dask local:N needs a positive number of workers, got 'local:zero'" in err
    with pytest.raises(SystemExit):
        main(["stats", str(RECORDS / "mjai"), "-j", "0"])
    assert "argument -j/--jobs: must be at least 1 (or 'auto'), got '0'" in capsys.readouterr().err
    code, _, err = run(capsys, "stats", RECORDS / "mjai", "-j", "2", "--dask", "local:1", "--no-progress")
    assert code == 2 and "-j/--jobs and --dask are exclusive" in err
    with pytest.raises(ValueError, match="jobs must be a positive int, got 0"):
        collect([], jobs=0)


def test_stats_cli_two_jobs_equal_one(capsys):
    """``stats -j 2``: worker processes each read a share of the files (tasks growing from
    8 files); every key of ``--json``, per player too, equals the one-process run's,
    damaged and unreadable inputs included."""
    paths = [RECORDS / d for d in ("tenhou-mjlog-mjx", "tenhou-mjlog-3p", "tenhou6-json-mjx", "mjai",
                                   "mjai-riichienv", "no-such-file.mjlog")]  # 92 files: 8 tasks
    code1, out1, _ = run(capsys, "stats", *paths, "--json", "--by", "player", "--no-progress")
    code2, out2, _ = run(capsys, "stats", *paths, "--json", "--by", "player", "--no-progress", "-j", "2")
    one, two = json.loads(out1), json.loads(out2)
    assert one["games"] > 80 and len(one["unreadable"]) >= 1
    assert (code2, two) == (code1, one)


# ---------------------------------------------------------------------------
# Optional extras: a clear message when one is missing
# ---------------------------------------------------------------------------

@pytest.mark.parametrize(("module", "extra", "argv"), [
    ("pyarrow", "data", ["export", "{rec}", "--out", "{out}"]),
    ("matplotlib", "plot", ["stats", "{rec}", "--plot", "{out}"]),
    ("distributed", "dask", ["stats", "{rec}", "--dask", "local:2"]),
])
def test_missing_extra_is_one_clear_line(module, extra, argv, monkeypatch, tmp_path, made_record, capsys):
    monkeypatch.setitem(sys.modules, module, None)  # "import module" now raises ImportError
    for name in list(sys.modules):
        if name.startswith(module + "."):
            monkeypatch.setitem(sys.modules, name, None)
    argv = [a.format(rec=made_record, out=tmp_path / "out") for a in argv]
    code, _, err = run(capsys, *argv, "--no-progress")
    assert code == 2
    assert err == f'riichi-fast: error: {_what(module)} need {module}, which is not installed: ' \
                  f'pip install "riichi_fast[{extra}]"\n'
    assert not (tmp_path / "out").exists()


def _what(module):
    return {"pyarrow": "Parquet export", "matplotlib": "plots", "distributed": "Dask runs"}[module]


def test_missing_extra_from_python(monkeypatch):
    from riichi_fast.stats import MissingExtra, export, plot

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingExtra, match=r'pip install "riichi_fast\[data\]"'):
        export([], "unused", format="parquet")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtra, match=r'plots need matplotlib.*riichi_fast\[plot\]'):
        plot(Stats(), "unused")
    assert issubclass(MissingExtra, RiichiError)


# ---------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------

def test_plots_are_written_as_png_and_svg(made_record, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    code, out, err = run(capsys, "stats", made_record, "--plot", tmp_path / "plots", "--no-progress")
    assert code == 0 and out.startswith("games 1, hands 3, wins 3")
    assert err == f"plots: 10 files written to {tmp_path / 'plots'}\n"
    charts = ("yaku", "han_fu", "points", "placements", "player_rates")
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == sorted(
        f"{c}.{ext}" for c in charts for ext in ("png", "svg"))
    for c in charts:
        assert (tmp_path / "plots" / f"{c}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = (tmp_path / "plots" / "yaku.svg").read_text()
    assert "Yaku frequency (3 wins)" in svg and "daisangen" in svg and "iipeikou" in svg
    # The same statistics give the same bytes (no dates in the files).
    from riichi_fast.stats import plot

    plot(collect([made_record]), tmp_path / "again")
    assert (tmp_path / "again" / "han_fu.png").read_bytes() == (tmp_path / "plots" / "han_fu.png").read_bytes()


def test_player_labels_without_a_font_for_the_name():
    from riichi_fast.stats._plot import _short, yaku_label

    latin = {ord(c) for c in "ABCabc…"}
    assert _short("Abc", 1, latin) == "Abc"
    assert _short("タケオ", 3, latin) == "player #3"
    assert _short("abcabcabcabcabcabc", 1, latin) == "abcabcabcabca…"
    assert [yaku_label(i) for i in (0, 39, 52, 54, 99)] == ["menzen tsumo", "daisangen", "dora", "aka dora", "yaku 99"]


def _readme_section():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text[text.index("## Statistics and export"):text.index("## Switching from mahjong")]


def test_readme_stats_commands_run_and_show_real_output(tmp_path, monkeypatch, capsys):
    section = _readme_section()
    commands = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1).splitlines()
    assert len(commands) == 3
    monkeypatch.chdir(tmp_path)
    for line in commands:
        argv = line.replace("tests/data/records", str(RECORDS)).split()
        assert argv[0] == "riichi-fast"
        code, out, err = run(capsys, *argv[1:], "--no-progress")
        assert code == 0, err
    assert len(list((tmp_path / "charts").glob("*.png"))) == 5
    assert len(list((tmp_path / "tables").glob("*.parquet"))) == 5
    shown = re.search(r"```text\n(.*?)```", section, re.DOTALL).group(1)
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, "stats", "tests/data/records/tenhou-mjlog-mjx", "--by", "player", "--no-progress")
    lines = [line for line in shown.splitlines() if line and not line.startswith(("$", "..."))]
    real = out.splitlines()
    for line in lines[:16]:
        assert line in real, line
    code, out, _ = run(capsys, "export", "tests/data/records", "--out", str(tmp_path / "t"), "--no-progress")
    for line in out.splitlines()[:5]:
        assert line in lines
    assert (ROOT / "docs" / "stats-han-fu.png").stat().st_size < 100_000


# the tree of the riichi_fast under test (src/ with its built modules, or the installed package)
_TREE = str(Path(riichi_fast.__file__).resolve().parents[1])


def test_importing_stats_loads_no_optional_dependency():
    import subprocess

    code = ("import sys, riichi_fast.stats, riichi_fast.cli.app; riichi_fast.cli.app.build_parser(); "
            "print(sorted(m for m in ('pyarrow', 'matplotlib', 'distributed', 'dask', 'polars') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": _TREE})
    assert out.stdout == "[]\n"


def test_rules_for_re_scoring(capsys):
    mjai = RECORDS / "mjai"
    code, default, _ = run(capsys, "stats", mjai, "--json", "--no-progress")
    assert code == 0 and json.loads(default)["wins_rescored"] == 9
    code, tenhou, _ = run(capsys, "stats", mjai, "--json", "--no-progress", "--rules", "tenhou")
    assert (code, tenhou) == (0, default)
    code, out, err = run(capsys, "stats", mjai, "--rules", "nosuch", "--no-progress")
    assert (code, out) == (2, "")
    assert err.startswith("riichi-fast: error: no rules preset 'nosuch'; known: default, tenhou, ")
    assert err.count("\n") == 1
    with pytest.raises(RiichiError, match="rules must be a Rules object or a preset name, got 5"):
        collect([mjai], rules=5)


# ---------------------------------------------------------------------------
# Odd arguments to the public functions: our errors only
# ---------------------------------------------------------------------------

ODD = [None, True, 0, -1, 1.5, "", b"x", (), [None], {"a": 1}, object(), [1, 2]]


def _ours_or_fine(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except RiichiError:
        pass


def test_odd_arguments_raise_riichi_errors(tmp_path):
    from riichi_fast.stats import export, game_stats, game_tables, plot

    for odd in ODD:
        _ours_or_fine(expand_paths, odd)
        _ours_or_fine(collect, odd)
        _ours_or_fine(collect, [], batch_size=odd)
        _ours_or_fine(collect, [], client=odd)
        _ours_or_fine(collect, [], progress=odd)
        _ours_or_fine(collect, [], rules=odd)
        _ours_or_fine(export, [], tmp_path / "e", format=odd)
        _ours_or_fine(export, [], odd, format="csv")
        _ours_or_fine(export, [], tmp_path / "e", format="csv", batch_size=odd)
        _ours_or_fine(game_stats, odd)
        _ours_or_fine(game_tables, odd)
        _ours_or_fine(final_scores, odd)
        _ours_or_fine(placements, odd)
        _ours_or_fine(Stats().merge, odd)
        _ours_or_fine(plot, odd, tmp_path / "p")
        _ours_or_fine(plot, Stats(), odd)
        _ours_or_fine(plot, Stats(), tmp_path / "p", top_players=odd)
        _ours_or_fine(batches, [1], odd)
    with pytest.raises(RiichiError, match="paths must be a path or a list of paths, got None"):
        collect(None)
    with pytest.raises(RiichiError, match="path must be a non-empty str or path, got 3"):
        expand_paths([3])
    with pytest.raises(RiichiError, match="expected a riichi_fast.records.Game, got str"):
        game_stats("x")
    with pytest.raises(RiichiError, match="scores must be a sequence of ints, got"):
        placements(["a", "b"])
    with pytest.raises(RiichiError, match="can only merge Stats, got dict"):
        Stats().merge({})
    with pytest.raises(RiichiError, match="client must be a distributed.Client, got int"):
        collect([], client=3)
    with pytest.raises(RiichiError, match="out must be a non-empty str or path, got None"):
        export([], None, format="csv")
    with pytest.raises(RiichiError, match=r"plot needs the statistics dict of Stats.to_dict\(\); missing"):
        plot({"wins": 0}, tmp_path / "p")


def test_archives_and_log_databases_count_every_record(tmp_path):
    """``stats`` and ``export`` read what ``verify`` reads: a zip, a tar.gz and a Tenhou log database
    (as MahjongRepository/phoenix-logs writes it: bz2 mjlog in ``log_content``) found in a
    directory count each record they hold, exactly as the same records as plain files;
    a damaged member is reported by its ``archive!member`` name and the others count.
    (Before, a directory search skipped them and a named archive was unreadable: "holds 2
    records".)"""
    import bz2
    import sqlite3
    import tarfile
    import zipfile

    plain = sorted((RECORDS / "tenhou-mjlog-fastmaj").glob("*.mjlog"))[:3] + \
        sorted((RECORDS / "tenhou-mjlog-3p").glob("*.mjlog"))[:1]
    want = collect(plain).to_dict()
    assert want["games"] == 4 and want.pop("unreadable") == []
    box = tmp_path / "box"
    box.mkdir()
    with zipfile.ZipFile(box / "a.zip", "w") as zf:
        for p in plain[:2]:
            zf.write(p, p.name)
        zf.writestr("broken.mjlog.gz", b"\x1f\x8b\x08\x00broken")
    with tarfile.open(box / "b.tar.gz", "w:gz") as tf:
        tf.add(plain[2], plain[2].name)
    con = sqlite3.connect(box / "c.db")
    con.execute("CREATE TABLE logs(log_id text primary key, log_content text)")
    con.execute("INSERT INTO logs VALUES ('2020-0', ?)", (bz2.compress(plain[3].read_bytes()),))
    con.commit()
    con.close()
    for fast in (True, False):
        got = stats_of_files(expand_paths([box]), fast=fast)
        assert [n for n, _ in got.unreadable] == [f"{box / 'a.zip'}!broken.mjlog.gz"], fast
        assert "damaged compressed data" in got.unreadable[0][1]
        d = got.to_dict()
        del d["unreadable"]
        assert d == want, fast
    two = collect([box], jobs=2).to_dict()
    del two["unreadable"]
    assert two == want
    # export: the same rows as the plain files, each game named by its member
    from riichi_fast.stats import export

    got = export([box], tmp_path / "boxed", format="csv")
    ref = export(plain, tmp_path / "plain", format="csv")
    assert got["tables"] == ref["tables"] and [n for n, _ in got["unreadable"]] == \
        [f"{box / 'a.zip'}!broken.mjlog.gz"]
    with open(tmp_path / "boxed" / "games.csv", newline="", encoding="utf-8") as f:
        ids = [r["game_id"] for r in csv.DictReader(f)]
    assert ids == [f"{box / 'a.zip'}!{plain[0].name}", f"{box / 'a.zip'}!{plain[1].name}",
                   f"{box / 'b.tar.gz'}!{plain[2].name}", f"{box / 'c.db'}!2020-0"]
    with open(tmp_path / "boxed" / "wins.csv", newline="", encoding="utf-8") as f:
        boxed = [{k: v for k, v in r.items() if k != "game_id"} for r in csv.DictReader(f)]
    with open(tmp_path / "plain" / "wins.csv", newline="", encoding="utf-8") as f:
        flat = [{k: v for k, v in r.items() if k != "game_id"} for r in csv.DictReader(f)]
    assert boxed == flat
