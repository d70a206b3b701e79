"""Pure-Python twin of ``riichi_fast.cli._batchline``: the lines of ``riichi-fast batch`` into input columns.

A line is written as the arguments of ``riichi-fast score`` (the hand, then
``--win 4p --tsumo --seat S --dora 3p ...``), split as a POSIX shell would
(:func:`shlex.split`) and read by the same argument parser as ``score``.
Blank lines and lines starting with ``#`` (after blanks) are skipped; lines
end at ``\\n`` (a ``\\r`` before it is dropped).

:class:`LineParser` turns a block of bytes into the input columns of
:func:`riichi_fast.scoring.batch.score_batch` plus a ``line`` column (1-based line
numbers).  A line that cannot be read (bad syntax, an unknown option, a hand
that cannot exist, bytes that are not UTF-8, a per-line ``--rules`` other than
the batch's) gives no row: it is reported as ``(line number, message)`` and
the next lines are read.

:func:`~riichi_fast.cli.scoreline.parse_line` is the specification of one
line: this parser reads every line with it; the compiled parser reads the
common syntax itself and hands any other line to it, so both give the same
rows and the same messages.

>>> from riichi_fast.rules.config import Rules
>>> p = LineParser(Rules.preset("tenhou"), "tenhou", 4)
>>> p.parse(b"22456m456p456s345s --win 3s --seat S\\n# note\\n123m --win 1m\\n", 0, 0)
(1, 58, 3, [(3, "'123m': 3 closed tiles and no melds make 3 tiles (closed + 3 per meld); a hand needs 13 or 14")])
>>> p.columns["line"][:1].tolist(), p.columns["win_tile"][:1].tolist(), p.columns["seat_wind"][:1].tolist()
([1], [20], [1])
"""

from __future__ import annotations

import numpy as np

from riichi_fast.cli.scoreline import COLUMN_SPECS, _line_message, parse_line, store_row
from riichi_fast.errors import RiichiError

__all__ = ["COLUMN_SPECS", "LineParser", "format_columns", "parse_line"]

class LineParser:
    """Reads blocks of lines into reused column buffers of ``capacity`` rows.

    ``rules``: the batch's :class:`~riichi_fast.rules.config.Rules` (red tiles
    are counted under it; a line's own ``--rules`` must name the same
    preset); ``rules_name``: its name, for messages.  ``columns``: the
    buffers (:data:`COLUMN_SPECS`), valid up to the row count :meth:`parse`
    returns, overwritten by the next call.  ``n_slow``: lines read by
    :func:`parse_line` (every line here; the compiled parser counts those it
    could not read itself).
    """

    def __init__(self, rules, rules_name: str, capacity: int):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
            raise RiichiError(f"capacity must be a positive int, got {capacity!r}")
        self.rules = rules
        self.rules_name = rules_name
        self.capacity = capacity
        self.columns = {name: np.full((capacity, *tail), fill, dtype) for name, (dtype, tail, fill) in COLUMN_SPECS.items()}
        self.n_slow = 0

    def parse(self, data: bytes, pos: int, lineno: int):
        """Read lines of ``data`` from offset ``pos`` until ``capacity`` rows are filled or the data ends.

        ``lineno``: the number of the line before ``pos``.  Returns ``(n_rows,
        end, n_lines, errors)``: rows filled, the offset after the last line
        read, lines read (blank, comment and bad lines included) and the bad
        lines as ``(line number, message)``.  A last line without ``\\n``
        counts as a line.
        """
        cols = self.columns
        n = 0
        n_lines = 0
        errors = []
        size = len(data)
        while pos < size and n < self.capacity:
            end = data.find(b"\n", pos)
            stop = size if end < 0 else end
            nxt = size if end < 0 else end + 1
            raw = data[pos:stop]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            pos = nxt
            n_lines += 1
            self.n_slow += 1
            row, message = _line_message(raw, self.rules, self.rules_name)
            if message is not None:
                errors.append((lineno + n_lines, message))
                continue
            if row is None:
                continue
            store_row(cols, n, lineno + n_lines, row)
            n += 1
        return n, pos, n_lines, errors


def format_columns(prefixes, suffix, columns, tables, missing):
    """Rows of text: for each row, each column's prefix then its value, then ``suffix`` (twin of the compiled one).

    ``columns``: int64 arrays of one length.  ``tables[j]``: None (the value
    written as a decimal integer), a list of bytes (the value indexes it) or a
    dict of bytes (keyed by the value; a missing key is filled with
    ``missing(j, value)``).  Returns the bytes of every row.

    >>> import numpy as np
    >>> format_columns([b"", b","], b"\\n", [np.array([1, -2]), np.array([0, 5])], [None, [b"ok"]],
    ...                lambda j, v: str(v).encode())
    b'1,ok\\n-2,5\\n'
    """
    if not len(columns) == len(prefixes) == len(tables):
        raise RiichiError("format_columns: prefixes, columns and tables differ in length")
    n = len(columns[0]) if columns else 0
    if any(len(c) != n for c in columns):
        raise RiichiError("format_columns: columns differ in length")
    values = [np.asarray(c, dtype=np.int64).tolist() for c in columns]
    out = []
    for i in range(n):
        for j, table in enumerate(tables):
            out.append(prefixes[j])
            v = values[j][i]
            if table is None:
                out.append(str(v).encode())
            elif isinstance(table, list):
                out.append(table[v] if 0 <= v < len(table) else missing(j, v))
            else:
                text = table.get(v)
                if text is None:
                    text = table[v] = missing(j, v)
                out.append(text)
        out.append(suffix)
    return b"".join(out)
