"""The riichi-fast command line: exact output of each subcommand and its exit status."""

import json
from pathlib import Path

import numpy as np
import pytest

import riichi_fast
from riichi_fast.scoring import batch
from riichi_fast.cli import main

ROOT = Path(__file__).resolve().parents[2]


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


def test_score_no_yaku_status_exits_1(capsys):
    # exit 1: a hand that does not win, where that matters (score)
    code, out, _ = run(capsys, "score", "123m456p789s1122z", "--win", "2z", "--rules", "tenhou")
    assert code == 1
    assert out.splitlines()[-1] == "result   no_yaku: no points"


def test_score_13_tiles_without_win_is_an_error(capsys):
    # issue 13 item 6: no 14th tile is invented (it used to score a double yakuman on 7z)
    code, out, err = run(capsys, "score", "19m19p19s1234567z")
    assert (code, out) == (2, "")
    assert err == "riichi-fast: error: a 13-tile hand needs --win (the winning tile): 19m19p19s1234567z\n"
    code, out, _ = run(capsys, "score", "19m19p19s1234567z", "--win", "7z", "--tsumo")
    assert code == 0 and out.splitlines()[1] == "result   yakuman x2: 96000 points"


def test_score_14_tiles_win_on_last_closed_tile_written(capsys):
    # closed tiles written in two groups: the winning tile is the last one of the last group
    code, out, _ = run(capsys, "score", "111z123m456p789s 22z", "--tsumo")
    assert code == 0
    assert out.splitlines()[0] == "hand     123m456p789s11122z  win 2z (tsumo), seat E, round E, rules default"


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
    size = (ROOT / "examples/tenhou_wins.txt").stat().st_size
    assert err.startswith(f"scoring: 100% |{'#' * 30}| {size / 1e6:.1f}/{size / 1e6:.1f} MB, 808 hands [")
    with np.load(out_path) as res:
        assert len(res["han"]) == 808 and (res["score_status"] == 0).all()
        assert res["line"].tolist() == list(range(3, 811))  # two comment lines first


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
    assert code == 2  # bad input; the readable lines are still scored
    lines = out.splitlines()
    assert lines[0] == "hands      1 scored (default rules), 1 unreadable lines"
    assert lines[1] == "  line 3: unknown suit letter 'x' at position 17 in '22456m456p456s345x' (suits are m p s z)"


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


# ---------------------------------------------------------------------------
# command-line basics (issue 13 item 7)


def _env():
    import os

    env = dict(os.environ)
    # the tree of the riichi_fast under test (src/ with its built modules, or the installed package)
    tree = str(Path(riichi_fast.__file__).resolve().parents[1])
    env["PYTHONPATH"] = tree + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_version_matches_pyproject(capsys):
    import re

    import tomllib

    from riichi_fast import __version__, _backend

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert __version__ == version
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    backend = "pure-Python reference" if _backend.PUREPYTHON else "compiled"
    assert capsys.readouterr().out == f"riichi-fast {version} ({backend})\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)


def test_python_dash_m_runs_the_cli():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "riichi_fast", "score", "123m456p789s11122z", "--tsumo"], check=False,
                          capture_output=True, text=True, env=_env(), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1] == "result   3 han 40 fu: 7800 points"


def _options(parser):
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if name in ("score", "analyse", "batch"):
                    yield from ((f"{name} {a.dest}", a) for a in sub._actions)
        else:
            yield action.dest, action


def test_every_option_has_help():
    from riichi_fast.cli.app import build_parser

    missing = [name for name, a in _options(build_parser()) if not a.help and a.dest != "command"]
    assert missing == []


def test_help_epilog_documents_exit_codes(capsys):
    from riichi_fast.cli.app import EXIT_CODES

    for argv in (["--help"], ["batch", "--help"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 0
        assert capsys.readouterr().out.endswith(EXIT_CODES)
    assert EXIT_CODES.splitlines()[1:] == [
        "  0  ok",
        "  1  a mismatch (verify) or a hand that does not win (score)",
        "  2  bad input or usage: an unreadable hand, file or line, an unknown option or rules preset",
    ]
    readme = (ROOT / "README.md").read_text()
    assert "Exit status: 0 ok; 1 a mismatch" in readme


@pytest.mark.parametrize("command", [["score", "123m456p789s11122z"], ["batch", "x.txt"]])
def test_unknown_rules_preset_lists_the_presets(capsys, command):
    from riichi_fast.rules.config import PRESETS

    with pytest.raises(SystemExit) as exc:
        main([*command, "--rules", "tenhuo"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].endswith(
        f"error: argument --rules: no rules preset 'tenhuo'; known: {', '.join(PRESETS)}")


def test_rules_preset_name_is_case_and_dash_insensitive(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s11122z", "--tsumo", "--rules", "Mahjong-Lib")
    assert code == 0 and "rules Mahjong-Lib" in out.splitlines()[0]


def test_analyse_json_tenpai(capsys):
    code, out, _ = run(capsys, "analyse", "123m456p789s1122z", "--json")
    assert code == 0
    assert json.loads(out) == {
        "hand": "123m456p789s1122z", "shanten": 0, "shanten_regular": 0, "shanten_chiitoitsu": 4,
        "shanten_kokushi": 8, "waits": ["1z", "2z"], "ukeire": {"tiles": 4, "kinds": ["1z", "2z"]},
    }


def test_analyse_json_complete_and_14_tiles(capsys):
    code, out, _ = run(capsys, "analyse", "123m456p789s11122z", "--json")
    data = json.loads(out)
    assert code == 0 and data["shanten"] == -1
    assert data["readings"] == ["123m 456p 789s 111z 22z"]
    code, out, _ = run(capsys, "analyse", "19m19p19s1234567z5m", "--json", "--visible", "1m")
    data = json.loads(out)
    assert data["shanten"] == 0 and data["shanten_kokushi"] == 0 and data["shanten_chiitoitsu"] == 6
    # 1m: 3 unseen of each of the 12 other terminals and honors, 2 of 1m (one held, one visible)
    assert data["discards"][0] == {"discard": "1m", "shanten": 1, "ukeire": 38}
    # 5m: the 13-sided wait, 3 unseen of each kind but 1m (one visible)
    assert {"discard": "5m", "shanten": 0, "ukeire": 38} in data["discards"]


def test_analyse_json_with_melds_has_no_special_forms(capsys):
    code, out, _ = run(capsys, "analyse", "123m456p1122z pon:777z", "--json")
    data = json.loads(out)
    assert (code, data["shanten_chiitoitsu"], data["shanten_kokushi"], data["waits"]) == (0, None, None, ["1z", "2z"])


def test_batch_reads_standard_input(capsys, monkeypatch):
    import io

    text = b"# from a pipe\n22456m456p456s345s --win 3s --seat S\n123m456p789s11122z --tsumo\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
    code, out, err = run(capsys, "batch", "-", "--out", "-", "--format", "jsonl")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["han"], r["fu"], r["total"]) for r in rows] == [(2, 4, 30, 7700), (3, 3, 40, 7800)]
    assert rows[0]["yaku"] == ["pinfu", "tanyao", "sanshoku doujun"]
    # the summary goes to stderr when the results go to stdout; the bar has no total to show
    assert "hands      2 scored (default rules), 0 unreadable lines" in err
    assert err.startswith("scoring: 2 hands [")


def test_broken_pipe_ends_quietly():
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "riichi_fast", "batch", "examples/tenhou_wins.txt", "--out", "-",
                             "--format", "csv", "--chunk", "16", "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(), cwd=ROOT)
    first = proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait() == 0
    assert first.startswith(b"line,status,score_status,han,fu,yaku,")
    assert err == b""


# ---------------------------------------------------------------------------
# batch: streaming output, bad lines


BATCH_TEXT = (
    "# a comment\n"
    "22456m456p456s345s --win 3s --seat S --dora 1m\n"
    "\n"
    "123m456p789s11122z --tsumo --kiss\n"
    "123m456p789s11122z --tsumo --rules tenhou\n"
    "19m19p19s1234567z --win 1m --tsumo --rules default\n"
    "123m456p789s1122z --win 2z\n"
)


def _batch_file(tmp_path, text=BATCH_TEXT):
    path = tmp_path / "hands.txt"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_batch_bad_lines_reported_and_skipped(capsys, tmp_path):
    errors = tmp_path / "errors.txt"
    code, out, _ = run(capsys, "batch", str(_batch_file(tmp_path)), "--no-progress", "--errors", str(errors))
    assert code == 2
    assert out.splitlines() == [
        "hands      3 scored (default rules), 2 unreadable lines",
        "  line 4: unrecognized arguments: --kiss",
        ("  line 5: --rules tenhou differs from the batch's rules (default); a batch scores with one preset: "
         "give this line to a batch run with --rules tenhou"),
        "status     no_yaku 1, ok 2",
        "points     mean 54000, max 96000 (hand points, without counters and sticks)",
        "han        6: 1; yakuman: 1",
    ]
    assert errors.read_text().splitlines() == [line.strip() for line in out.splitlines()[1:3]]


def test_batch_line_that_is_not_utf8_is_skipped(capsys, tmp_path):
    path = _batch_file(tmp_path, b"123m456p789s11122z --tsumo\n123m456p789s\xff11122z --tsumo\n# \xfe ok\n")
    code, out, _ = run(capsys, "batch", str(path), "--no-progress")
    assert code == 2
    assert out.splitlines()[:3] == [
        "hands      1 scored (default rules), 1 unreadable lines",
        "  line 2: not UTF-8 text (byte 0xff at column 13)",
        "status     ok 1",
    ]


def test_batch_many_bad_lines_summary_is_bounded(capsys, tmp_path):
    path = _batch_file(tmp_path, "".join(f"123m --win {i}m\n" for i in range(1, 10)) * 2)
    code, out, _ = run(capsys, "batch", str(path), "--no-progress")
    lines = out.splitlines()
    assert code == 2 and lines[0] == "hands      0 scored (default rules), 18 unreadable lines"
    assert lines[11] == "  ... and 8 more (--errors FILE writes them all)"
    assert lines[12] == "status     "


def _expected_rows():
    """The three readable lines of BATCH_TEXT, scored with score() one by one."""
    from riichi_fast.scoring.front import score

    return [
        (2, score("22456m456p456s345s", "3s", seat_wind=1, dora="1m")),
        (6, score("19m19p19s1234567z", "1m", tsumo=True)),
        (7, score("123m456p789s1122z", "2z")),
    ]


def test_batch_csv_output(capsys, tmp_path):
    out_path = tmp_path / "res.csv"
    code, _, _ = run(capsys, "batch", str(_batch_file(tmp_path)), "--no-progress", "--out", str(out_path))
    assert code == 2
    lines = out_path.read_text().splitlines()
    assert lines[0] == ("line,status,score_status,han,fu,yaku,yakuman,limit,dora,ura,aka,kita,form,wait,base,"
                        "pay_ron,pay_tsumo_dealer,pay_tsumo_other,honba_ron,honba_tsumo,sticks,hand_points,total")
    assert lines[1] == "2,ok,ok,6,30,pinfu;tanyao;sanshoku doujun,0,haneman,2,0,0,0,0,0,3000,12000,0,0,0,0,0,12000,12000"
    # dealer tsumo of a kokushi on its 13-sided wait: double yakuman, 32000 from each
    assert lines[2] == "6,ok,ok,0,0,kokushi musou 13-sided,2,yakuman,0,0,0,0,2,4,16000,0,0,32000,0,0,0,96000,96000"
    assert lines[3] == "7,ok,no_yaku,0,0,,0,,0,0,0,0,-1,-1,0,0,0,0,0,0,0,0,0"
    for (line, expected), text in zip(_expected_rows(), lines[1:]):
        fields = text.split(",")
        assert (int(fields[0]), int(fields[3]), int(fields[4]), int(fields[-1])) == (
            line, expected.han, expected.fu, expected.total)


def test_batch_jsonl_output_with_yaku_ids(capsys, tmp_path):
    out_path = tmp_path / "res.jsonl"
    run(capsys, "batch", str(_batch_file(tmp_path)), "--no-progress", "--out", str(out_path), "--yaku", "ids")
    rows = [json.loads(line) for line in out_path.read_text().splitlines()]
    assert [r["line"] for r in rows] == [2, 6, 7]
    assert [r["yaku"] for r in rows] == [[7, 8, 25], [48], []]
    for row, (_, expected) in zip(rows, _expected_rows()):
        assert row["yaku"] == sorted(y.tenhou_id for y in expected.yaku)
        assert (row["han"], row["fu"], row["yakuman"], row["total"]) == (
            expected.han, expected.fu, expected.yakuman, expected.total)


def test_batch_parquet_output(capsys, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out_path = tmp_path / "res.parquet"
    code, _, _ = run(capsys, "batch", str(_batch_file(tmp_path)), "--no-progress", "--out", str(out_path),
                     "--chunk", "2")
    assert code == 2
    table = pq.read_table(out_path).to_pydict()
    assert table["line"] == [2, 6, 7]
    assert table["score_status"] == ["ok", "ok", "no_yaku"]
    assert table["yaku"] == [["pinfu", "tanyao", "sanshoku doujun"], ["kokushi musou 13-sided"], []]
    assert table["total"] == [e.total for _, e in _expected_rows()]
    assert table["dora"] == [2, 0, 0]  # indicator 1m: the two 2m
    assert table["limit"] == ["haneman", "yakuman", ""]


def test_batch_parquet_without_pyarrow_names_the_extra(capsys, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    code, out, err = run(capsys, "batch", str(_batch_file(tmp_path)), "--out", str(tmp_path / "r.parquet"))
    assert (code, out) == (2, "")
    assert err == 'riichi-fast: error: writing .parquet needs pyarrow: pip install "riichi_fast[data]"\n'


def test_batch_npz_output(capsys, tmp_path):
    out_path = tmp_path / "res.npz"
    run(capsys, "batch", str(_batch_file(tmp_path)), "--no-progress", "--out", str(out_path), "--chunk", "1")
    with np.load(out_path) as res:
        assert res["line"].tolist() == [2, 6, 7]
        assert res["han"].tolist() == [6, 0, 0] and res["yakuman"].tolist() == [0, 2, 0]
        assert res["yaku"].tolist() == [(1 << 7) | (1 << 8) | (1 << 25), 1 << 48, 0]
        assert res["yaku_ids"].shape == (3, 16)
        assert res["yaku_ids"][0, :4].tolist() == [7, 8, 25, -1]
        assert res["yaku_names"][res["yaku_ids"][1, :2]].tolist() == ["kokushi musou 13-sided", ""]


def test_batch_output_format_errors(capsys, tmp_path):
    path = str(_batch_file(tmp_path))
    code, _, err = run(capsys, "batch", path, "--out", str(tmp_path / "res.txt"))
    assert code == 2
    assert err == (f"riichi-fast: error: cannot tell the output format of {str(tmp_path / 'res.txt')!r} from its "
                   "extension; use .csv, .jsonl, .parquet or .npz (or --format)\n")
    code, _, err = run(capsys, "batch", path, "--out", "-")
    assert (code, err) == (2, "riichi-fast: error: --out - (standard output) needs --format csv or jsonl\n")
    code, _, err = run(capsys, "batch", path, "--out", str(tmp_path / "no" / "dir.csv"))
    missing = tmp_path / "no" / "dir.csv"
    assert (code, err) == (2, f"riichi-fast: error: cannot write {missing}: No such file or directory\n")


def test_batch_streams_before_reading_everything():
    """The first rows are scored and handed out before the rest of the input is read."""
    import io

    from riichi_fast.cli.batchio import stream_text
    from riichi_fast.rules.config import DEFAULT

    class OneBlockThenFail(io.RawIOBase):
        def __init__(self):
            self.calls = 0

        def read(self, n=-1):
            self.calls += 1
            if self.calls == 1:
                return b"123m456p789s11122z --tsumo\n" * 3
            raise AssertionError("read past the first block before yielding")

    items = stream_text(OneBlockThenFail(), DEFAULT, "default", chunk=2)
    kind, lines, res = next(items)
    assert (kind, lines.tolist(), res.total.tolist()) == ("rows", [1, 2], [7800, 7800])
    kind, lines, res = next(items)
    assert (kind, lines.tolist()) == ("rows", [3])


def test_batch_memory_buffers_do_not_grow(tmp_path):
    """One parser buffer of `chunk` rows and one result buffer, whatever the number of lines."""
    import io

    from riichi_fast.cli.batchio import stream_text
    from riichi_fast.rules.config import DEFAULT

    seen = set()
    n = 0
    for kind, lines, res in stream_text(io.BytesIO(b"123m456p789s11122z --tsumo\n" * 1000), DEFAULT, "default",
                                        chunk=64, block_bytes=4096):
        assert kind == "rows" and len(res) <= 64
        seen.add(res.han.__array_interface__["data"][0])
        n += len(res)
    assert n == 1000 and len(seen) == 1


def test_batch_progress_bar_on_a_terminal_draws_from_the_start():
    import io

    from riichi_fast.cli.batchio import BatchProgress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    stream = Tty()
    bar = BatchProgress(2_000_000, stream=stream)
    assert stream.getvalue().startswith("\rscoring:   0% |" + " " * 30 + "| 0.0/2.0 MB, 0 hands [00:00<00:00, ")
    bar.advance(1_000_000, 10_000)
    bar.close()
    last = stream.getvalue().rsplit("\r", 1)[1]
    assert last.startswith("scoring:  50% |" + "#" * 15 + " " * 15 + "| 1.0/2.0 MB, 10000 hands [")
    stream = Tty()
    with BatchProgress(None, stream=stream) as bar:  # standard input: no total
        bar.advance(500, 7)
    assert stream.getvalue().rsplit("\r", 1)[1].startswith("scoring: 7 hands [00:00, ")


def test_batch_npz_input_streams_rows_to_csv(capsys, tmp_path):
    arrays = batch.arrays_from_hands(["22456m456p456s345s", "123m456p789s11122z"], ["3s", "2z"])
    arrays["hands"][1, 0] = 7  # 20 tiles: the tile count is checked first; the row is still written
    path = tmp_path / "cols.npz"
    np.savez(path, **arrays)
    out_path = tmp_path / "res.csv"
    code, _, _ = run(capsys, "batch", str(path), "--no-progress", "--out", str(out_path))
    assert code == 0
    lines = out_path.read_text().splitlines()
    assert lines[0].startswith("row,status,score_status,han,fu,yaku,")
    # dealer ron, 4 han 30 fu (sanshoku closed: 2 han)
    assert lines[1] == "0,ok,ok,4,30,pinfu;tanyao;sanshoku doujun,0,,0,0,0,0,0,0,1920,11600,0,0,0,0,0,11600,11600"
    assert lines[2] == "1,bad_tile_count,bad_input,0,0,,0,,0,0,0,0,-1,-1,0,0,0,0,0,0,0,0,0"
