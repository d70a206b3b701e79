"""The riichi-fast command line: exact output of each subcommand and its exit status."""

import json
from pathlib import Path

import numpy as np
import pytest

from riichi_fast import batch
from riichi_fast.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_readme_hand(capsys):
    # 234m 456p(red) 789s, pair East, pon of chun; dealer ron on 4p (ryanmen), dora indicator 3p -> 4p.
    code, out, _ = run(capsys, "score", "234m406p789s11z 777z@2", "--win", "4p", "--dora", "3p")
    assert code == 0
    assert out.splitlines() == [
        "hand     234m406p789s11z pon:777z@2  win 4p (ron), seat E, round E, rules default",
        "result   3 han 30 fu: 5800 points",
        "yaku     chun 1",
        "dora     dora 1, aka 1",
        # 20 base + 4 open chun pon + 4 for the East pair (seat and round wind: double_wind_pair_fu = 4)
        "fu       base 20, open_terminal_pon 4, double_wind_pair 4 -> 30",
        "reading  234m 456p 789s 777z 11z (won on 456p, ryanmen)",
        "payment  discarder pays 5800; winner +5800",
    ]


def test_score_tsumo_payments_with_counters_and_sticks(capsys):
    code, out, _ = run(capsys, "score", "111222333m78999p", "--tsumo", "--riichi", "--seat", "S",
                       "--honba", "2", "--sticks", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "result   7 han 20 fu (haneman): 12000 points"
    assert lines[2] == "yaku     menzen tsumo 1, riichi 1, pinfu 1, iipeikou 1, junchan 3"
    # haneman non-dealer tsumo: 6000 + 3000 + 3000, plus 2 honba x 100 from each payer, plus one stick
    assert lines[-1] == "payment  dealer pays 6200, each non dealer pays 3200, riichi sticks 1000; winner +13600"


def test_score_json(capsys):
    code, out, _ = run(capsys, "score", "19m19p19s1234567z1m", "--tsumo", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "ok" and data["yakuman"] == 2
    assert [y["tenhou_id"] for y in data["yaku"]] == [48]  # kokushi 13-sided wait
    assert data["payment"]["total"] == 96000


def test_score_no_yaku_status(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s1122z", "--win", "2z", "--rules", "tenhou")
    assert code == 0
    assert out.splitlines()[-1] == "result   no_yaku: no points"


def test_bad_hand_exits_2_naming_the_culprit(capsys):
    code, out, err = run(capsys, "score", "19m19p19s1234567z1x")
    assert code == 2 and out == ""
    assert "unknown suit letter 'x'" in err


def test_unreadable_batch_file_exits_2_naming_it(capsys, tmp_path):
    missing = tmp_path / "nope.txt"
    code, out, err = run(capsys, "batch", str(missing))
    assert code == 2 and out == ""
    assert err.strip() == f"riichi-fast: error: cannot read {missing}: No such file or directory"


def test_analyse_tenpai(capsys):
    code, out, _ = run(capsys, "analyse", "123m456p789s1122z")
    assert code == 0
    assert out.splitlines() == [
        "hand      123m456p789s1122z",
        "shanten   0 (regular 0, chiitoitsu 4, kokushi 8)",
        "waits     1z 2z",
        "ukeire    4 tiles: 1z 2z",
    ]


def test_batch_real_tenhou_wins(capsys, tmp_path):
    out_path = tmp_path / "res.npz"
    code, out, err = run(capsys, "batch", str(ROOT / "examples/tenhou_wins.txt"), "--rules", "tenhou",
                         "--out", str(out_path), "--threads", "2", "--chunk", "100")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "hands      808 scored (tenhou rules), 0 unreadable lines"
    assert lines[1] == "status     ok 808"
    assert "scoring: 100%" in err and "808/808" in err
    with np.load(out_path) as res:
        assert len(res["han"]) == 808 and (res["score_status"] == 0).all()


def test_batch_npz_columns_and_bad_row(capsys, tmp_path):
    arrays = batch.arrays_from_hands(["22456m456p456s345s", "123m456p789s11122z"], ["3s", "2z"])
    arrays["hands"][1, 0] = 7  # a count above 4: that row is reported, the other is scored
    path = tmp_path / "cols.npz"
    np.savez(path, **arrays)
    code, out, _ = run(capsys, "batch", str(path), "--no-progress")
    assert code == 0
    assert out.splitlines()[1] == "status     bad_input 1, ok 1"


def test_batch_unreadable_line_is_reported(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("# comment\n22456m456p456s345s --win 3s\n22456m456p456s345x --win 3s\n")
    code, out, _ = run(capsys, "batch", str(path), "--no-progress")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "hands      1 scored (default rules), 1 unreadable lines"
    assert lines[1].startswith("  line 3: unknown suit letter 'x'")


def test_verify_records(capsys):
    paths = sorted(str(p) for p in (ROOT / "tests/data/records/tenhou-mjlog-mjx").glob("*.mjlog"))[:3]
    code, out, _ = run(capsys, "verify", *paths, "--no-progress")
    assert code == 0
    assert "3 games:" in out and "0 unreadable files" in out


def _readme_cli_lines():
    import re
    import shlex

    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Command line\n\n```sh\n(.*?)```", text, re.DOTALL).group(1)
    return [shlex.split(line.split("#")[0]) for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("argv", _readme_cli_lines(), ids=lambda a: " ".join(a[:2]))
def test_readme_cli_examples_run(argv, capsys, monkeypatch):
    """Every command of the README's "Command line" section runs and succeeds."""
    import glob

    monkeypatch.chdir(ROOT)
    assert argv[0] == "riichi-fast"
    args = []
    for a in argv[1:]:
        args.extend(sorted(glob.glob(a)) if "*" in a else [a])
    code, out, _ = run(capsys, *args, *(["--no-progress"] if args[0] in ("batch", "verify") else []))
    assert code == 0, out
    assert out
