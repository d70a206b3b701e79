"""Fast ingest: the compiled mjlog path and its twin, record sources, `verify` summaries and
exit statuses, damaged and incomplete records, score continuity.

Counts are derived in the tests from the raw files (tags counted with a
regular expression), never written down.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import re
import sqlite3
import tarfile
import zipfile
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.cli import main
from riichi_fast.records import verify as V
from riichi_fast.records.verify_files import (
    VerifySummary,
    fast_settings,
    params_rows,
    parse_record,
    resolve_rules,
    verify_one,
    verify_summary,
)
from riichi_fast.records.sources import SourceError, iter_records
from riichi_fast.reference.records.mjlog import scan as twin
from riichi_fast.rules import config

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
FOUR = [p for p in MJLOG if "3p" not in p.parent.name]
RIICHIENV = sorted(DATA.glob("mjai-riichienv/*"))
GOOD = next(p for p in FOUR if p.name.startswith("2009071823gm"))


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def tags(data: bytes, name: str) -> int:
    return len(re.findall(rb"<" + name.encode() + rb"[\s/>]", data))


def settings():
    return fast_settings(config.TENHOU)


@pytest.fixture(scope="module")
def rows():
    return params_rows()


# ---------------------------------------------------------------------------
# The compiled path and its twin
# ---------------------------------------------------------------------------

def _damaged(data: bytes) -> dict[str, bytes]:
    """Variants of one mjlog, each wrong in one way."""
    out = {}
    out["fu_changed"] = re.sub(rb'(<AGARI[^>]*ten=")(\d+)', lambda m: m.group(1) + b"110", data,
                               count=1)
    out["no_results"] = re.sub(rb"<(AGARI|RYUUKYOKU)[^>]*/>", b"", data)
    out["truncated"] = data[: len(data) // 2]
    out["score_changed"] = re.sub(rb'(<INIT[^>]*ten=")(\d+)', lambda m: m.group(1) + b"999", data,
                                  count=2)
    out["start_changed"] = re.sub(rb'(<INIT[^>]*ten=")(\d+),(\d+)',
                                  lambda m: m.group(1) + b"240,260", data, count=1)
    out["owari_changed"] = re.sub(rb'owari="(\d+)', b'owari="1', data)
    out["sc_changed"] = re.sub(rb'(<AGARI[^>]*sc=")(\d+)', lambda m: m.group(1) + b"1", data,
                               count=1)
    # the second number of sc: a score change (a pao win's, a nagashi mangan's when there)
    first_change = lambda m: re.sub(rb'sc="(-?\d+),(-?\d+)', rb'sc="\1,7', m.group(0))
    out["pao_change"] = re.sub(rb"<AGARI[^>]*paoWho[^>]*>", first_change, data, count=1)
    out["nagashi_change"] = re.sub(rb'<RYUUKYOKU[^>]*type="nm"[^>]*>', first_change, data,
                                   count=1)
    return out


PAO = next(p for p in FOUR if b"paoWho" in xml(p))
NAGASHI = next(p for p in FOUR if b'type="nm"' in xml(p) and b'sc="' in xml(p))


@pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled module with its twin")
@pytest.mark.parametrize("path,kind", [(PAO, "pao_change"), (NAGASHI, "nagashi_change")],
                         ids=["pao", "nagashi"])
def test_compiled_path_checks_pao_and_nagashi_payments(path, kind, rows):
    from riichi_fast.records.mjlog import _scan as _mjlog

    good = xml(path)
    assert _mjlog.verify_mjlog(good, rows, **settings())[0] == 0
    data = _damaged(good)[kind]
    assert data != good
    assert _mjlog.verify_mjlog(data, rows, **settings()) == (1, 0, 0, 0)
    assert twin.verify_mjlog(data, rows, **settings()) == (1, 0, 0, 0)
    rep = V.verify_game(parse_record(data, path.name))
    assert "score_changes" in [m.item for c in rep.failures for m in c.mismatches]


@pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled module with its twin")
@pytest.mark.parametrize("path", FOUR, ids=[p.name for p in FOUR])
def test_compiled_path_equals_twin_and_full_verifier(path, rows):
    from riichi_fast.records.mjlog import _scan as _mjlog

    data = xml(path)
    got = _mjlog.verify_mjlog(data, rows, **settings())
    assert got == twin.verify_mjlog(data, rows, **settings())
    report = V.verify_game(parse_record(data, path.name))
    if got[0] == 0:  # the compiled path passed it: the full verifier agrees, counts too
        assert report.ok
        assert got[1:] == (tags(data, "INIT"), tags(data, "AGARI"), tags(data, "RYUUKYOKU"))
        assert got[1:] == (report.rounds, report.n_wins, len(report.draws))


@pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled module with its twin")
@pytest.mark.parametrize("kind", ["fu_changed", "no_results", "truncated", "score_changed",
                                  "owari_changed", "sc_changed", "start_changed"])
def test_compiled_path_declines_damaged_records_like_twin(kind, rows):
    from riichi_fast.records.mjlog import _scan as _mjlog

    data = _damaged(xml(GOOD))[kind]
    assert data != xml(GOOD)
    got = _mjlog.verify_mjlog(data, rows, **settings())
    assert got == (1, 0, 0, 0)
    assert twin.verify_mjlog(data, rows, **settings()) == got


def test_compiled_path_passes_every_complete_four_player_game(rows):
    """Pao and nagashi mangan included; what it leaves: the records cut short, inside a round
    or after one, before the game's end (no owari: verify reports both), and 3p."""
    mod = _backend.load("records.mjlog._scan")
    passed = [p for p in FOUR if mod.verify_mjlog(xml(p), rows, **settings())[0] == 0]
    left = {p.name for p in FOUR} - {p.name for p in passed}
    cut = {p.name for p in FOUR
           if tags(xml(p), "INIT") != tags(xml(p), "AGARI") + tags(xml(p), "RYUUKYOKU")
           - len(re.findall(rb"<AGARI[^>]*/>\s*<AGARI", xml(p))) or b"owari=" not in xml(p)}
    assert left == cut and len(cut) == 2
    assert any(b"paoWho" in xml(p) for p in passed)
    assert any(b'type="nm"' in xml(p) for p in passed)


def test_fast_settings_decline_other_tables():
    from riichi_fast.rules.layout import Y_DAISANGEN, Y_DAISUUSHII

    assert settings() == {"honba_value": 300, "noten_payment": 3000, "abortive_mask": 0b111110,
                          "adds_counter": True, "counters_all": False, "nagashi": True,
                          "pao_mask": 1 << Y_DAISANGEN | 1 << Y_DAISUUSHII,
                          "pao_honba_liable": True, "start_points": 25000, "n_players": 4}
    # three players: counters 200 (100 from each payer of a tsumo), noten 2000, kyuushu and
    # suukaikan the only abortive draws (bits 1 and 5), 35,000 points at the start
    assert fast_settings(config.TENHOU_3P) == {
        "honba_value": 200, "noten_payment": 2000, "abortive_mask": 0b100010,
        "adds_counter": True, "counters_all": False, "nagashi": True,
        "pao_mask": 1 << Y_DAISANGEN | 1 << Y_DAISUUSHII, "pao_honba_liable": True,
        "start_points": 35000, "n_players": 3}
    assert fast_settings(config.TENHOU.replace(multiple_ron="head_bump")) is None
    assert fast_settings(config.TENHOU.replace(multiple_ron_sticks="own_back")) is None
    assert fast_settings(config.TENHOU_3P.replace(wareme=True)) is None


# ---------------------------------------------------------------------------
# Summaries: fast == full, counts from the raw files
# ---------------------------------------------------------------------------

def test_summary_fast_equals_full_and_raw_counts():
    fast = verify_summary(FOUR)
    full = verify_summary(FOUR, fast=False)
    a, b = fast.as_dict(), full.as_dict()
    assert a.pop("fast_games") > 0 and b.pop("fast_games") == 0
    a.pop("scorer"), b.pop("scorer")
    assert a == b
    raw = [xml(p) for p in FOUR]
    assert a["games"] == len(FOUR)
    assert a["rounds"] == sum(tags(d, "INIT") for d in raw)
    assert a["wins"] == a["wins_matched"] == sum(tags(d, "AGARI") for d in raw)
    assert a["draws"] == a["draws_matched"] == sum(tags(d, "RYUUKYOKU") for d in raw)
    # the records cut short are errors naming file and round: one inside a round, one after
    # a round, before the game's end (no owari)
    inside, after = (next(p.name for p in FOUR if k in p.name) for k in ("no-round-end", "no-game-end"))
    assert a["errors"] == 2
    assert fast.errors == [
        after + " S3-0 (round 7): the record ends after this round, before the game's end "
                "(no owari: final scores and placements missing)",
        inside + " S4-0 (round 8): the record ends inside round (no win and no draw recorded)"]
    assert a["unreadable"] == 0 and a["exit_status"] == 2


@pytest.mark.slow
def test_summary_two_workers_equal_one():
    one = verify_summary(FOUR).as_dict()
    two = verify_summary(FOUR, jobs=2).as_dict()
    assert one == two


@pytest.mark.parametrize("workers", ["processes", "threads"])
def test_workers_keep_the_first_failing_reports_in_file_order(tmp_path, workers):
    """With ``keep``, the parent keeps the first failing reports in file order and counts the
    rest as dropped; tasks made after it holds them send none back (nothing to pickle)."""
    bad = (DATA / "tenhou-mjlog-mjx" / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog").read_bytes()
    good = min((DATA / "tenhou-mjlog-fastmaj").glob("*.mjlog")).read_bytes()
    for i in range(60):
        (tmp_path / f"{i:03d}-{'bad' if i % 3 == 0 else 'good'}.mjlog").write_bytes(bad if i % 3 == 0 else good)
    one = verify_summary([tmp_path], keep=5)
    two = verify_summary([tmp_path], keep=5, jobs=2, workers=workers)
    assert [r.source for r in two.failed] == [r.source for r in one.failed] == \
        [f"{i:03d}-bad.mjlog" for i in range(0, 15, 3)]
    assert two.dropped == one.dropped == 15
    assert (two.games, two.games_matched, len(two.errors)) == (one.games, one.games_matched, len(one.errors)) \
        == (60, 40, 20)


def test_riichienv_game_verifies_what_it_carries():
    """riichienv: ``exhaustive_draw`` reasons, ``hora`` with deltas but no yaku list."""
    raw = gzip.decompress(RIICHIENV[0].read_bytes()).decode()
    events = [json.loads(line) for line in raw.splitlines() if line.strip()]
    wins = [e for e in events if e["type"] == "hora"]
    draws = [e for e in events if e["type"] == "ryukyoku"]
    assert wins and all("yaku" not in e for e in wins)
    assert {e.get("reason") for e in draws} == {"exhaustive_draw"}
    s = verify_summary(RIICHIENV)
    assert (s.games, s.wins, s.wins_matched, s.draws) == (1, len(wins), len(wins), len(draws))
    assert s.draws_matched + s.unsupported == len(draws)
    assert s.exit_status() == 0


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------

def test_directory_recursion_and_glob_find_every_record(tmp_path):
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    (sub / "one.mjlog").write_bytes(xml(GOOD))
    (tmp_path / "a" / "two.mjlog.gz").write_bytes(gzip.compress(xml(GOOD)))
    (tmp_path / "README.md").write_text("not a record")
    names = [n for n, _ in iter_records([tmp_path])]
    assert [Path(n).name for n in names] == ["two.mjlog.gz", "one.mjlog"]
    assert [Path(n).name for n, _ in iter_records([str(tmp_path / "**" / "*.mjlog")])] == ["one.mjlog"]
    missing = list(iter_records([str(tmp_path / "nothing*.xml")]))
    assert len(missing) == 1 and isinstance(missing[0][1], SourceError)
    assert "no file matches" in str(missing[0][1])


def test_archives_and_a_corrupted_gz_do_not_stop_the_run(tmp_path):
    data = xml(GOOD)
    bad = tmp_path / "bad.mjlog.gz"
    bad.write_bytes(gzip.compress(data)[:200])  # truncated
    zpath = tmp_path / "games.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        zf.writestr("x/1.mjlog", data)
        zf.writestr("x/2.mjlog.gz", gzip.compress(data))
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for name in ("3.mjlog", "4.mjlog"):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    (tmp_path / "games.tar.gz").write_bytes(buf.getvalue())
    s = verify_summary([bad, zpath, tmp_path / "games.tar.gz"])
    assert (s.games, s.games_matched) == (4, 4)
    assert s.wins == 4 * tags(data, "AGARI")
    assert len(s.unreadable) == 1 and s.unreadable[0][0] == str(bad)
    assert "damaged compressed data" in s.unreadable[0][1]
    assert s.exit_status() == 2


def _phoenix_db(path: Path, contents: list[bytes | None]) -> None:
    """A database as MahjongRepository/phoenix-logs writes it (bz2 mjlog in log_content)."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int, "
                "is_sanma int, is_processed int, was_error int, log_content text, log_hash text)")
    for i, c in enumerate(contents):
        con.execute("INSERT INTO logs VALUES (?, '2020', 0, 0, 1, ?, ?, '')",
                    (f"2020-{i}", int(c is None), bz2.compress(c) if c is not None else ""))
    con.commit()
    con.close()


def test_sqlite_log_database(tmp_path):
    data = xml(GOOD)
    db = tmp_path / "2020.db"
    _phoenix_db(db, [data, None, data])
    got = list(iter_records([db]))
    assert [n for n, _ in got] == [f"{db}!2020-0", f"{db}!2020-2"]
    assert all(d == data for _, d in got)
    s = verify_summary([db])
    assert (s.games, s.wins_matched, s.exit_status()) == (2, 2 * tags(data, "AGARI"), 0)
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t(x)")
    con.commit()
    con.close()
    s = verify_summary([other])
    assert s.games == 0 and "not a Tenhou log database" in s.unreadable[0][1]


# ---------------------------------------------------------------------------
# Damaged, incomplete and inconsistent records
# ---------------------------------------------------------------------------

def test_empty_json_record_is_an_error_naming_the_file(tmp_path):
    p = tmp_path / "empty.json"
    p.write_text("{}")
    s = verify_summary([p])
    assert s.exit_status() == 2
    problems = s.errors + [why for _, why in s.unreadable]
    assert len(problems) == 1 and "empty.json" in problems[0]


def test_mjlog_without_results_is_an_error_per_round(tmp_path):
    data = _damaged(xml(GOOD))["no_results"]
    p = tmp_path / "cut.mjlog"
    p.write_bytes(data)
    s = verify_summary([p])
    assert s.exit_status() == 2 and s.games == 1 and s.wins == s.draws == 0
    assert len(s.errors) == tags(data, "INIT")
    assert s.errors[0] == ("cut.mjlog E1-0 (round 1): no result for round (no win and no "
                           "draw recorded)")


@pytest.mark.parametrize("kind,item", [("score_changed", "next_table"), ("start_changed", "start"),
                                       ("owari_changed", "final_scores"),
                                       ("sc_changed", "scores_before")])
def test_score_continuity_is_checked(tmp_path, kind, item):
    p = tmp_path / f"{kind}.mjlog"
    p.write_bytes(_damaged(xml(GOOD))[kind])
    s = verify_summary([p])
    assert s.exit_status() == 1 and s.mismatches >= 1
    rep = s.failed[0]
    items = [m.item for m in rep.mismatches] + [m.item for c in rep.failures for m in c.mismatches]
    assert item in items


def test_placements_are_checked():
    g = parse_record(xml(GOOD), GOOD.name)
    assert V.final_mismatches(g) == []
    g.final_points = tuple(reversed(g.final_points))
    assert [m.item for m in V.final_mismatches(g)] == ["placements"]


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------

def _cli(capsys, *argv):
    code = main(["verify", *map(str, argv), "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_last_line_and_exit_0(capsys):
    code, out, _ = _cli(capsys, GOOD, "--json")
    got = json.loads(out.strip().splitlines()[-1])
    data = xml(GOOD)
    assert code == 0 and got["exit_status"] == 0
    assert {k: got[k] for k in ("games", "wins", "wins_matched", "draws", "draws_matched",
                                "unsupported", "errors", "unreadable")} == {
        "games": 1, "wins": tags(data, "AGARI"), "wins_matched": tags(data, "AGARI"),
        "draws": tags(data, "RYUUKYOKU"), "draws_matched": tags(data, "RYUUKYOKU"),
        "unsupported": 0, "errors": 0, "unreadable": 0}


def test_cli_mismatch_exits_1_unreadable_exits_2(capsys, tmp_path):
    bad = tmp_path / "fu.mjlog"
    bad.write_bytes(_damaged(xml(GOOD))["fu_changed"])
    code, out, _ = _cli(capsys, bad)
    assert code == 1 and "MISMATCH fu: recorded 110" in out
    broken = tmp_path / "broken.mjlog.gz"
    broken.write_bytes(b"\x1f\x8b\x08\x00garbage")
    code, out, _ = _cli(capsys, broken, GOOD, "--json")
    got = json.loads(out.strip().splitlines()[-1])
    assert code == 2 and (got["unreadable"], got["games"]) == (1, 1)


@pytest.mark.parametrize("preset", sorted(config.PRESETS))
def test_cli_rules_every_preset_runs(capsys, preset):
    code, out, _ = _cli(capsys, GOOD, "--rules", preset, "--json")
    got = json.loads(out.strip().splitlines()[-1])
    assert code == got["exit_status"] and code in (0, 1)
    assert got["games"] == 1 and got["unreadable"] == 0


def test_cli_unknown_preset_and_bad_usage_exit_2(capsys):
    code, _, err = _cli(capsys, GOOD, "--rules", "nope")
    assert code == 2 and "no rules preset 'nope'" in err and "tenhou" in err
    for bad, why in (("0", "must be at least 1 (or 'auto'), got '0'"),
                     ("two", "expected a positive integer or 'auto', got 'two'")):
        with pytest.raises(SystemExit) as exc:
            main(["verify", str(GOOD), "-j", bad])
        assert exc.value.code == 2 and f"argument -j/--jobs: {why}" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["verify"])
    assert exc.value.code == 2


def test_resolve_rules():
    assert resolve_rules("tenhou") is config.TENHOU
    assert resolve_rules(config.MAJSOUL) is config.MAJSOUL
    with pytest.raises(ValueError, match="rules must be a Rules object or a preset name"):
        resolve_rules(3)


def test_summary_add_and_exit_status():
    s = VerifySummary()
    s.add(verify_one("x", SourceError("x: gone")))
    assert s.unreadable == [("x", "SourceError: x: gone")] and s.exit_status() == 2


def test_verify_paths_goes_on_past_a_truncated_gz(tmp_path):
    bad = tmp_path / "a.mjlog.gz"
    bad.write_bytes(gzip.compress(xml(GOOD))[:300])
    good = tmp_path / "b.mjlog"
    good.write_bytes(xml(GOOD))
    seen = []
    rep = V.verify_paths([tmp_path], progress=lambda i, n, p: seen.append((i, n)))
    assert seen == [(1, 2), (2, 2)]
    assert [g.source for g in rep.games] == ["b.mjlog"]
    assert rep.unreadable[0][0] == str(bad) and "damaged compressed data" in rep.unreadable[0][1]


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_only_on_a_terminal(capsys, monkeypatch, tmp_path):
    paths = [tmp_path / f"{i}.mjlog" for i in range(3)]
    for p in paths:
        p.write_bytes(xml(GOOD))
    assert main(["verify", *map(str, paths)]) == 0
    assert "verifying" not in capsys.readouterr().err
    tty = _Tty()
    monkeypatch.setattr("sys.stderr", tty)
    assert main(["verify", *map(str, paths)]) == 0
    assert "verifying: 100% |" in tty.getvalue() and "3/3" in tty.getvalue()
    tty2 = _Tty()
    monkeypatch.setattr("sys.stderr", tty2)
    assert main(["verify", *map(str, paths), "--no-progress"]) == 0
    assert "verifying" not in tty2.getvalue()


@pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled module with its twin")
def test_compiled_path_checks_placements(rows):
    """Final points that rank the seats otherwise than the final scores do."""
    from riichi_fast.records.mjlog import _scan as _mjlog

    data = xml(GOOD)
    owari = re.search(rb'owari="([^"]*)"', data).group(1).split(b",")
    points = owari[1::2]
    owari[1::2] = points[::-1]
    bad = data.replace(re.search(rb'owari="[^"]*"', data).group(0),
                       b'owari="' + b",".join(owari) + b'"')
    assert _mjlog.verify_mjlog(bad, rows, **settings()) == (1, 0, 0, 0)
    assert twin.verify_mjlog(bad, rows, **settings()) == (1, 0, 0, 0)


@pytest.mark.parametrize("name", ["game.mjson", "game.json", "game", "game.jsonl.gz"])
def test_mjai_read_whatever_the_file_name(tmp_path, name):
    raw = gzip.decompress(RIICHIENV[0].read_bytes())
    p = tmp_path / name
    p.write_bytes(gzip.compress(raw) if name.endswith(".gz") else raw)
    want = verify_summary(RIICHIENV).as_dict()
    got = verify_summary([p]).as_dict()
    assert got == want and got["games"] == 1


@pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled module with its twin")
def test_compiled_path_equals_twin_on_seeded_mutations(rows):
    """Random byte edits (replace, delete, duplicate a span): the same answer, never a crash."""
    import random

    from riichi_fast.records.mjlog import _scan as _mjlog

    rng = random.Random(20261201)
    sources = [xml(p) for p in FOUR]
    passed = 0
    for _ in range(80):
        d = bytearray(rng.choice(sources))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(d))
            op = rng.random()
            if op < 0.4:
                d[i] = rng.choice(b'0123456789<>/"=, ABTUDN')
            elif op < 0.7:
                del d[i:i + rng.randint(1, 20)]
            else:
                j = rng.randrange(len(d))
                d[i:i] = d[j:j + rng.randint(1, 30)]
        got = _mjlog.verify_mjlog(bytes(d), rows, **settings())
        assert got == twin.verify_mjlog(bytes(d), rows, **settings())
        passed += got[0] == 0
    assert 0 < passed < 80


@pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled module with its twin")
@pytest.mark.parametrize("quote", [b'"', b"'"])
def test_every_byte_at_every_place_of_a_long_value(rows, quote):
    """The tokenizer's byte classes (one table, ``_CH``): each of the 256 bytes, at each
    place of a long value of the root tag (read by nobody), is taken when printable ASCII
    but ``< &`` and the value's own quote (the other quote too), and declined otherwise, as
    the twin's pattern says.  A value is read sixteen bytes at a time (vector compares), then
    eight (eight table lookups), then byte by byte: 40 places cover a byte in each lane of
    a first and a second block of sixteen, of eight, and the tail.  (A 64-bit SWAR test was
    caught here with a broken '&' test.)"""
    from riichi_fast.records.mjlog import _scan as _mjlog

    good = xml(GOOD)
    head, rest = good.split(b"<mjloggm", 1)
    assert rest.startswith(b" ver=")
    before = _mjlog.verify_mjlog(good, rows, **settings())
    assert before[0] == 0
    for at in range(40):
        for b in range(256):
            value = b"x" * at + bytes([b]) + b"y" * (39 - at)
            data = head + b"<mjloggm zz=" + quote + value + quote + rest
            ok = 32 <= b < 127 and b not in b"<&" and bytes([b]) != quote
            got = _mjlog.verify_mjlog(data, rows, **settings())
            assert got == (before if ok else (1, 0, 0, 0)), (at, b)
            if b in b"\x00\x1f\x7f\x80\xff<&\"' " and at in (0, 7, 8, 15, 16, 24, 39):
                assert twin.verify_mjlog(data, rows, **settings()) == got, (at, b)


def test_damaged_mjai_names_file_and_line(tmp_path):
    raw = gzip.decompress(RIICHIENV[0].read_bytes()).decode().splitlines()
    n = next(i for i, line in enumerate(raw) if '"tsumo"' in line)
    raw[n] = re.sub(r'"pai": "[^"]*"', '"pai": "?"', raw[n])
    p = tmp_path / "hidden.mjson"
    p.write_text("\n".join(raw))
    s = verify_summary([p])
    assert s.unreadable == [(str(p), f"RecordError: hidden.mjson:{n + 1}: bad mjai tile '?'")]


def test_threads_and_processes_equal_one_worker(tmp_path):
    """-j 2 with threads or processes: the same summary as -j 1, reports in the same order
    (damaged and unreadable records included), 4p and 3p mjlogs, other formats."""
    paths = FOUR + sorted(DATA.glob("tenhou-mjlog-3p/*.mjlog"))[:6] + RIICHIENV
    bad = tmp_path / "cut.mjlog.gz"
    bad.write_bytes(gzip.compress(xml(GOOD))[:300])
    paths = paths + [bad, tmp_path / "missing.mjlog"]
    one = verify_summary(paths)
    want = one.as_dict()
    assert want["fast_games"] >= len(FOUR) - 2 + 6 and want["unreadable"] == 2
    for workers in ("threads", "processes"):
        got = verify_summary(paths, jobs=2, workers=workers)
        assert got.as_dict() == want, workers
        assert got.errors == one.errors and sorted(got.unreadable) == sorted(one.unreadable)
        assert [r.source for r in got.failed] == [r.source for r in one.failed]
    with pytest.raises(ValueError, match="workers must be 'processes' or 'threads', got 'x'"):
        verify_summary(paths, jobs=2, workers="x")


def test_cli_jobs_auto_is_one_worker_per_core(capsys, monkeypatch):
    """``-j auto``: one worker per core this process may run on (its CPU affinity), for
    ``verify`` and ``stats``; the answers are those of one worker."""
    from riichi_fast import _pool
    from riichi_fast.records import verify_files as F

    assert _pool.cores() == len(__import__("os").sched_getaffinity(0))
    seen = []
    real = F.verify_summary

    def spy(paths, rules=None, **kw):
        seen.append(kw["jobs"])
        return real(paths, rules, **kw)

    monkeypatch.setattr(F, "verify_summary", spy)
    monkeypatch.setattr(_pool, "cores", lambda: 2)
    assert main(["verify", str(GOOD), "-j", "auto", "--json"]) == 0
    auto = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert seen == [2]
    assert main(["verify", str(GOOD), "--json"]) == 0
    one = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert auto == one and seen == [2, 1]
    assert main(["stats", str(GOOD), "-j", "auto", "--json", "--no-progress"]) == 0
    stats_auto = json.loads(capsys.readouterr().out)
    assert main(["stats", str(GOOD), "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out) == stats_auto and stats_auto["games"] == 1


def test_cli_threads_flag(capsys):
    assert main(["verify", str(GOOD), "-j", "2", "--threads", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (out["games"], out["games_matched"], out["fast_games"]) == (1, 1, 1)


@pytest.mark.parametrize("n", [0, 1, 7, 8, 100, 1023, 1024, 1025, 5000])
@pytest.mark.parametrize("workers", [0, 1, 2, 3])
def test_chunks_cover_in_order_and_end_small(n, workers):
    """``_pool.chunks`` (the tasks of ``verify_summary(jobs>1)``): every item once, in order;
    sizes grow 8, 16, ... 256 (here; ``PROCESS_CHUNK`` on worker processes); with ``workers`` the chunks after the input ran out
    shrink (a 2*workers-th of what is left, at least 8) so no worker ends alone on a
    large one."""
    from riichi_fast._pool import chunks as _chunks

    chunks = list(_chunks(iter(range(n)), 8, 256, workers))
    assert [i for c in chunks for i in c] == list(range(n))
    sizes = [len(c) for c in chunks]
    assert all(s > 0 for s in sizes)
    grow = [min(8 << k, 256) for k in range(len(sizes))]
    if not workers:
        assert sizes[:-1] == grow[:len(sizes) - 1]
        return
    ahead = 256 * 2 * workers
    for k, s in enumerate(sizes):
        rest = n - sum(sizes[:k])  # items not yet in a chunk
        if rest >= ahead:  # the look-ahead is full: the input may go on
            assert s == grow[k]
        else:  # the input ran out: a 2*workers-th of the rest, at least 8, at most grow[k]
            assert s == min(rest, max(8, min(grow[k], -(-rest // (2 * workers)))))


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="the patch reaches workers by fork")
def test_a_worker_that_dies_costs_its_file_only(tmp_path, monkeypatch):
    """A worker process that dies while verifying (killed, or a crash in compiled code)
    does not hang or end the run: the chunks its pool had in flight run again one file per
    task in a new pool, the file whose worker dies again is reported unreadable, and every
    other file is verified as with one worker."""
    import os

    from riichi_fast.records import verify_files as F

    good = min((DATA / "tenhou-mjlog-fastmaj").glob("*.mjlog")).read_bytes()
    for i in range(40):
        (tmp_path / f"{i:03d}.mjlog").write_bytes(good)
    one = verify_summary([tmp_path])
    real = F._verify_into

    def dies_on_017(total, name, *args):
        if name.endswith("017.mjlog"):
            os._exit(3)  # the worker process ends at once, as in a crash
        real(total, name, *args)

    monkeypatch.setattr(F, "_verify_into", dies_on_017)  # forked workers inherit it
    two = verify_summary([tmp_path], jobs=2)
    why = "BrokenProcessPool: the worker process reading this file ended abruptly"
    assert two.unreadable == [(str(tmp_path / "017.mjlog"), why)]
    assert (two.games, two.games_matched, two.wins, two.draws) == \
        (one.games - 1, one.games_matched - 1, one.wins * 39 // 40, one.draws * 39 // 40)
    assert two.exit_status() == 2


@pytest.mark.parametrize("preset", ["tenhou", "tenhou_3p", "default"])
def test_explicit_rules_take_the_compiled_path_with_the_same_answers(preset):
    """``verify --rules PRESET``: when the compiled path plays the preset
    (``fast_settings``) it verifies with the rules as given (not adjusted to each
    game's flags, as ``verify_game`` uses a given Rules object), and every count, error
    and failing report equals the full verifier's.  Games of the other player count go
    to the full verifier.  (Before, any explicit rules sent every game to the full
    verifier: ``--rules tenhou`` ran ~45x slower than no ``--rules``.)"""
    from riichi_fast.records.verify_files import _fast_for, resolve_rules

    rules = resolve_rules(preset)
    assert _fast_for(rules) is not None
    three = sorted(DATA.glob("tenhou-mjlog-3p/*.mjlog"))
    paths = FOUR[::4] + three[::3]  # every directory of the bundled 4p records, some 3p
    full = verify_summary(paths, rules=preset, fast=False)
    got = verify_summary(paths, rules=preset)
    same_n = [p for p in paths if ("3p" in p.parent.name) == (rules.n_players == 3)]
    # Tenhou's records match Tenhou's rules (all but the damaged ones); under other rules
    # many games mismatch, and those the full verifier explains
    assert got.fast_games >= (len(same_n) - 2 if preset.startswith("tenhou") else 1)
    assert full.fast_games == 0
    want = full.as_dict()
    want.update(fast_games=got.fast_games, scorer=got.scorer)
    assert got.as_dict() == want
    assert got.scorer.startswith("compiled mjlog path + ")
    assert got.errors == full.errors and got.unreadable == full.unreadable
    assert [r.source for r in got.failed] == [r.source for r in full.failed]


@pytest.mark.parametrize("preset", ["majsoul", "mahjong_lib"])
def test_rules_the_compiled_path_does_not_play_go_to_the_full_verifier(preset):
    """majsoul: settlement the compiled path does not play (``fast_settings`` None).
    mahjong_lib: no red fives, where the compiled path would count a game's red fives as
    its flags say and the full verifier, given these rules, counts none (its han and aka
    then disagree with a Tenhou record: that is the answer these rules give)."""
    from riichi_fast.records.verify_files import _fast_for, resolve_rules

    assert _fast_for(resolve_rules(preset)) is None
    got = verify_summary(FOUR[:3], rules=preset)
    assert got.fast_games == 0 and got.games == 3 and not got.scorer.startswith("compiled")


def test_workers_share_one_log_database(tmp_path, monkeypatch):
    """``verify -j 2`` and ``stats -j 2`` on one Tenhou log database: the parent splits it
    into shares of ``DB_SHARE`` rows (``split_databases``, rowid order; the reader leaves
    out a row without content) that the workers read on their own; the reports, names
    (``db!log_id``) and their order, and every statistic equal the one-process run's.
    A database that is not a log database is given whole (its reader says why)."""
    from riichi_fast.records import sources
    from riichi_fast.records.sources import DbRows, split_databases
    from riichi_fast.stats import collect

    monkeypatch.setattr(sources, "DB_SHARE", 8)  # 64 by default: a small database, 5 shares
    games = [gzip.decompress(d) if d[:2] == b"\x1f\x8b" else d for d in (p.read_bytes() for p in FOUR)]
    contents = [games[i % len(games)] for i in range(37)]
    contents[7] = None  # a row without content: not a record
    contents[29] = b"<mjloggm><INIT"  # a damaged record
    contents[12] = next(g for p, g in zip(FOUR, games) if "no-round-end" in p.name)  # an error
    db = tmp_path / "2020.db"
    _phoenix_db(db, contents)
    shares = list(split_databases([str(db), "x.mjlog"]))
    assert shares[-1] == "x.mjlog" and all(isinstance(s, DbRows) for s in shares[:-1])
    assert [(s.first, s.last) for s in shares[:-1]] == [(1, 8), (9, 16), (17, 24), (25, 32), (33, 37)]
    assert [(s.first, s.last) for s in split_databases([str(db)], rows=30)] == [(1, 30), (31, 37)]
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t(x)")
    con.commit()
    con.close()
    assert list(split_databases([str(other)])) == [str(other)]
    one = verify_summary([db])
    two = verify_summary([db], jobs=2)
    assert one.games == 35 and len(one.errors) == 1
    assert [n for n, _ in one.unreadable] == [f"{db}!2020-29"]
    assert two.as_dict() == one.as_dict()
    assert (two.errors, two.unreadable) == (one.errors, one.unreadable)
    assert [r.source for r in two.failed] == [r.source for r in one.failed]
    assert collect([db], jobs=2).to_dict() == collect([db]).to_dict()
