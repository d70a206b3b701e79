"""Files that hold several JSON games: each game is a record of its own.

Engines and scrapers write several games to one file: mjai JSON lines with a
``start_game`` per game, tenhou.net/6 objects one per line (or mjx's one round per line,
games one after the other), or a JSON array of tenhou.net/6 objects.  Read as one game,
the second game's first round looked like a hand that followed the first game's last
one: verify reported a "next_table" mismatch and stats counted one long game.  Now
``records.sources.unpack`` cuts such a file into its games, named ``file!1``,
``file!2``... as archive members are, and verify, stats and export read each one; the
answers equal those of the same games in separate files.
"""

import gzip
import json
import shutil
from pathlib import Path

import pytest

from riichi_fast.records import RecordError, read_record, writers
from riichi_fast.records.verify_files import verify_summary
from riichi_fast.records.sources import iter_records
from riichi_fast.stats import collect

RECORDS = Path(__file__).parents[1] / "data" / "records"
MJLOGS = sorted((RECORDS / "tenhou-mjlog-mjx").glob("*.mjlog"))[:3]
MJAI = RECORDS / "mjai" / "126_204_0_mjai.jsonl"
RIICHIENV = RECORDS / "mjai-riichienv" / "riichienv-4p-seed2.jsonl.gz"
MJX_ROUNDS = sorted((RECORDS / "tenhou6-json-mjx").glob("*.json"))[:2]


def _text(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")


@pytest.fixture(scope="module")
def singles(tmp_path_factory):
    """Each case: the games as separate files, and the same games as one file."""
    d = tmp_path_factory.mktemp("multi")
    games = [read_record(p) for p in MJLOGS]
    t6 = [writers.tenhou6_text(g) for g in games]
    mjai = [writers.mjai_text(g) for g in games]
    cases = {
        "tenhou6 lines": ([json.dumps(json.loads(t)) for t in t6], "\n", ".json"),
        "tenhou6 array": (t6, None, ".json"),
        "mjx rounds": ([_text(p) for p in MJX_ROUNDS], "", ".json"),
        "mjai": ([m if m.endswith("\n") else m + "\n" for m in mjai], "", ".mjson"),
        "mjai dialects": ([_text(MJAI), _text(RIICHIENV)], "", ".jsonl"),
    }
    out = {}
    for case, (texts, sep, ext) in cases.items():
        slug = case.replace(" ", "-")
        parts = []
        for i, t in enumerate(texts, 1):
            p = d / f"{slug}-{i}{ext}"
            p.write_text(t, encoding="utf-8")
            parts.append(str(p))
        whole = d / f"{slug}-all{ext}"
        if sep is None:
            whole.write_text(json.dumps([json.loads(t) for t in texts], ensure_ascii=False),
                             encoding="utf-8")
        else:
            whole.write_text(sep.join(t if sep or t.endswith("\n") else t + "\n" for t in texts),
                             encoding="utf-8")
        out[case] = (parts, str(whole))
    return out


CASES = ["tenhou6 lines", "tenhou6 array", "mjx rounds", "mjai", "mjai dialects"]


@pytest.mark.parametrize("case", CASES)
def test_a_file_of_games_gives_one_record_per_game(case, singles):
    parts, whole = singles[case]
    names = [name for name, _ in iter_records([whole])]
    assert names == [f"{whole}!{k}" for k in range(1, len(parts) + 1)]


@pytest.mark.parametrize("case", CASES)
def test_verify_equals_the_separate_files(case, singles):
    parts, whole = singles[case]
    a, b = verify_summary(parts), verify_summary([whole])
    assert b.games == len(parts) and b.exit_status() == 0 and not b.unreadable
    for key in ("games", "games_matched", "rounds", "wins", "wins_matched", "draws",
                "draws_matched", "unsupported", "mismatches"):
        assert getattr(b, key) == getattr(a, key), key


@pytest.mark.parametrize("case", CASES)
def test_stats_equal_the_separate_files(case, singles):
    parts, whole = singles[case]
    a, b = collect(parts).to_dict(), collect([whole]).to_dict()
    assert b["games"] == len(parts) and not b["unreadable"]
    assert b == a


def test_export_rows_equal_the_separate_files(singles, tmp_path):
    pytest.importorskip("pyarrow")
    from riichi_fast.stats import export

    parts, whole = singles["mjai"]
    a = export(parts, tmp_path / "a", format="csv")
    b = export([whole], tmp_path / "b", format="csv")
    assert a["tables"] == b["tables"] and a["tables"]["games"] == len(parts)
    ids = (tmp_path / "b" / "games.csv").read_text().splitlines()[1:]
    assert [row.split(",")[0] for row in ids] == [f"{whole}!{k}" for k in range(1, len(parts) + 1)]


def test_one_game_stays_one_record(singles, tmp_path):
    """A single game in each form is read as it always was, under its own name."""
    for case in CASES:
        parts, _ = singles[case]
        for p in parts:
            assert [n for n, _ in iter_records([p])] == [p]
    # mjx's round-per-line file of one game: one record
    for p in MJX_ROUNDS:
        assert len(list(iter_records([str(p)]))) == 1
    # gzipped, in a directory: still cut into its games
    parts, whole = singles["mjai"]
    gz = tmp_path / "games.mjson.gz"
    gz.write_bytes(gzip.compress(Path(whole).read_bytes()))
    shutil.copy(parts[0], tmp_path / "one.mjson")
    got = [n for n, _ in iter_records([tmp_path])]
    assert got == [f"{gz}!{k}" for k in range(1, len(parts) + 1)] + [str(tmp_path / "one.mjson")]


def test_read_record_of_several_games_says_how_to_read_them(singles):
    _, whole = singles["tenhou6 array"]
    with pytest.raises(RecordError, match=r"holds 3 records \(an archive, a database or a file "
                                          r"of several JSON games: read it with .*iter_records"):
        read_record(whole)


def test_an_array_that_is_not_games_is_left_to_the_reader(tmp_path):
    p = tmp_path / "odd.json"
    p.write_text("[1, 2, 3]")
    [(name, data)] = list(iter_records([str(p)]))
    assert name == str(p) and data == b"[1, 2, 3]"
    s = verify_summary([str(p)])
    assert s.games == 0 and len(s.unreadable) == 1 and s.unreadable[0][0] == str(p)
    assert s.unreadable[0][1] == (
        'RecordError: odd.json: not a tenhou.net/6 game: the JSON is an array, not an object '
        'with "log" (several games in a file are read by riichi_fast.records.sources.iter_records)')


@pytest.mark.parametrize("content", [b"", b"\n \t\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf  \n"])
def test_an_empty_file_is_said_to_be_empty(content, tmp_path):
    p = tmp_path / "empty.mjlog"
    p.write_bytes(content)
    s = verify_summary([str(p)])
    assert s.unreadable == [(str(p), "RecordError: empty.mjlog: empty file (no record in it)")]
    assert s.exit_status() == 2


def test_a_record_after_4_kb_of_blank_lines_is_read(tmp_path):
    src = MJLOGS[0].read_bytes()
    p = tmp_path / "late.mjlog"
    p.write_bytes(b"\n" * 5000 + (gzip.decompress(src) if src[:2] == b"\x1f\x8b" else src))
    s = verify_summary([str(p)])
    assert s.games == s.games_matched == 1 and not s.unreadable
