"""``riichi-fast batch`` per line: the line parser alone, and read + parse + score + write end to end.

Run: ``.venv/bin/python -m pytest bench/test_batch_cli.py``.  Group
``batch-lines``: one call handles the 808 real wins of
``examples/tenhou_wins.txt`` repeated 10 times (8,080 lines of ``score``
arguments); divide by 8,080 for the time per line (``extra_info`` records
it).

- ``parse-compiled`` / ``parse-reference``: ``_batchline.LineParser.parse``
  and its twin (argparse + ``Hand.parse`` + ``encode`` per line, what the
  command did for every line before the compiled parser);
- ``stream-csv``: ``batchio.stream_text`` (blocks, parse, ``score_batch``)
  writing csv to memory, the command's whole path but the terminal;

Answers are checked outside the timed calls: the compiled columns equal the
reference's, and the streamed totals equal the reference rows scored with
``score_batch``.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from riichi_fast.cli import _batchline
from riichi_fast.scoring.batch import score_batch
from riichi_fast.cli.batchio import _TextWriter, stream_text
from riichi_fast.reference.cli import batchline as ref
from riichi_fast.rules.config import Rules

ROOT = Path(__file__).resolve().parents[1]
REPEAT = 10
DATA = (ROOT / "examples/tenhou_wins.txt").read_bytes() * REPEAT
N_ROWS = 808 * REPEAT
RULES = Rules.preset("tenhou")
INPUTS = ("hands", "melds", "win_tile", "flags", "seat_wind", "round_wind", "dora", "ura", "n_red", "n_kita",
          "honba", "riichi_sticks")


@pytest.fixture(scope="module")
def reference_columns():
    p = ref.LineParser(RULES, "tenhou", N_ROWS)
    n, end, _, errors = p.parse(DATA, 0, 0)
    assert (n, end, errors) == (N_ROWS, len(DATA), [])
    return {k: v.copy() for k, v in p.columns.items()}


def _per_line(benchmark):
    benchmark.extra_info["lines_per_call"] = N_ROWS


@pytest.mark.benchmark(group="batch-lines")
def test_parse_compiled(benchmark, reference_columns):
    p = _batchline.LineParser(RULES, "tenhou", N_ROWS)
    _per_line(benchmark)
    n, _, _, errors = benchmark(p.parse, DATA, 0, 0)
    assert (n, errors, p.n_slow) == (N_ROWS, [], 0)
    for name, col in reference_columns.items():
        assert np.array_equal(p.columns[name], col), name


@pytest.mark.benchmark(group="batch-lines")
def test_parse_reference(benchmark, reference_columns):
    data = (ROOT / "examples/tenhou_wins.txt").read_bytes()  # one copy: the reference is slow
    p = ref.LineParser(RULES, "tenhou", 808)
    benchmark.extra_info["lines_per_call"] = 808
    n, _, _, errors = benchmark.pedantic(p.parse, (data, 0, 0), rounds=3, iterations=1)
    assert (n, errors) == (808, [])
    for name, col in reference_columns.items():
        assert np.array_equal(p.columns[name], col[:808]), name


@pytest.mark.benchmark(group="batch-lines")
def test_stream_csv(benchmark, reference_columns):
    expected = score_batch(**{k: reference_columns[k] for k in INPUTS}, rules=RULES).total

    def run():
        out = io.BytesIO()
        writer = _TextWriter(out, "csv", "names", "line")
        totals = []
        for kind, lines, res in stream_text(io.BytesIO(DATA), RULES, "tenhou", chunk=4096):
            assert kind == "rows"
            writer.write(lines, res)
            totals.append(res.total.copy())
        return np.concatenate(totals), out

    _per_line(benchmark)
    totals, out = benchmark(run)
    assert np.array_equal(totals, expected)
    assert out.getvalue().count(b"\n") == N_ROWS + 1  # and the header
