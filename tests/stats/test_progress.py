"""`stats` and `export` draw their progress bar on a terminal only, as `verify` does.

Not on a terminal (a pipe, a log file, CI) they write nothing to stderr on a clean run;
``--no-progress`` turns the bar off on a terminal too.
"""

import io
import json
from pathlib import Path

import pytest

from riichi_fast.cli import main

RECORDS = Path(__file__).parents[1] / "data" / "records"
FILES = [str(p) for p in sorted((RECORDS / "tenhou-mjlog-3p").glob("*.mjlog"))[:3]]


class _Tty(io.StringIO):
    def isatty(self):
        return True


def _export_args(tmp_path):
    pytest.importorskip("pyarrow")
    return ["export", *FILES, "--out", str(tmp_path / "t"), "--format", "csv"]


@pytest.mark.parametrize("cmd", ["stats", "export"])
def test_no_bar_when_stderr_is_not_a_terminal(cmd, capsys, tmp_path):
    argv = ["stats", *FILES, "--json"] if cmd == "stats" else _export_args(tmp_path)
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    if cmd == "stats":
        assert json.loads(out.splitlines()[-1])["games"] == 3


@pytest.mark.parametrize("cmd", ["stats", "export"])
def test_bar_on_a_terminal_unless_turned_off(cmd, capsys, monkeypatch, tmp_path):
    argv = ["stats", *FILES, "--json"] if cmd == "stats" else _export_args(tmp_path)
    label = "reading" if cmd == "stats" else "exporting"
    tty = _Tty()
    monkeypatch.setattr("sys.stderr", tty)
    assert main(argv) == 0
    assert f"{label}: 100% |" in tty.getvalue() and "3/3" in tty.getvalue()
    tty2 = _Tty()
    monkeypatch.setattr("sys.stderr", tty2)
    assert main([*argv, "--no-progress"]) == 0
    assert tty2.getvalue() == ""
    capsys.readouterr()


def test_export_progress_counts_files(tmp_path):
    """export's progress callback gets the files read so far and the number of files (it
    gave batches, which the command's bar showed as files)."""
    pytest.importorskip("pyarrow")
    from riichi_fast.stats import export

    files = [str(p) for p in sorted((RECORDS / "tenhou-mjlog-3p").glob("*.mjlog"))]
    assert len(files) > 5
    seen = []
    export(files, tmp_path / "t", format="csv", batch_size=2, progress=lambda d, n: seen.append((d, n)))
    n = len(files)
    assert seen == [(min(k, n), n) for k in range(2, n + 2, 2)]
