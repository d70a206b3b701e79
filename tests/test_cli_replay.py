"""``riichi-fast replay``: real games played through the engine, a JSON summary, documented exit codes."""

import json
import re
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.cli import main

RECORDS = Path(__file__).parent / "data" / "records"
MJX = RECORDS / "tenhou-mjlog-mjx"


@pytest.fixture
def games(tmp_path):
    """A directory of three real games and the copy of one with its last result removed."""
    import shutil

    files = sorted(MJX.glob("*.mjlog"))
    n_good = 1 if _backend.PUREPYTHON else 3  # the pure-Python kernels replay ~100x slower
    picked = [p for p in files if "no-round-end" not in p.name][:n_good] + [
        next(p for p in files if "no-round-end" in p.name)]
    for p in picked:
        shutil.copy(p, tmp_path / p.name)
    return tmp_path


def _run(capsys, *args):
    code = main(["replay", "--no-progress", *map(str, args)])
    out = capsys.readouterr().out
    return code, out


def test_replay_json_summary_of_a_directory(capsys, games):
    code, out = _run(capsys, games, "--json")
    summary = json.loads(out.strip().splitlines()[-1])
    files = sorted(games.glob("*.mjlog"))
    inits = sum(len(re.findall(r"<INIT ", p.read_text())) for p in files)
    assert summary["games"] == len(files) and summary["hands"] == inits
    # one bundled copy of a real game has its last result removed on purpose: it is the only mismatch
    assert summary["games_matched"] == len(files) - 1 and summary["hands_matched"] == inits - 1
    (m,) = summary["mismatches"]
    assert m["file"].endswith("-no-round-end.mjlog") and m["expected"] == "the hand ends"
    assert summary["errors"] == [] and code == 1


def test_replay_exact_games_exit_zero(capsys, games):
    good = [p for p in sorted(games.glob("*.mjlog")) if "no-round-end" not in p.name]
    code, out = _run(capsys, *good)
    hands = sum(len(re.findall(r"<INIT ", p.read_text())) for p in good)
    n = len(good)
    assert code == 0 and out.strip() == f"{n} games: {n} replayed exactly, {hands}/{hands} hands match"


def test_replay_without_a_seed_is_unreadable(capsys):
    old = next(p for p in sorted(RECORDS.glob("tenhou-mjlog-*/*.mjlog")) if b"mt19937ar-sha512" not in p.read_bytes()
               and b"mt19937ar-sha512" not in __import__("gzip").decompress(p.read_bytes()))
    code, out = _run(capsys, old, "--json")
    summary = json.loads(out.strip().splitlines()[-1])
    assert code == 2 and summary["games_matched"] == 0
    assert summary["errors"] == [{"file": str(old), "error": "the record has no SHUFFLE seed: its walls cannot be rebuilt"}]


def test_replay_rejects_an_unknown_preset(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["replay", str(MJX), "--rules", "nosuch"])
    assert exc.value.code == 2 and "nosuch" in capsys.readouterr().err
