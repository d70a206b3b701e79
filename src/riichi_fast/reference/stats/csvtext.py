"""Pure-Python twin of ``riichi_fast.stats._csvtext``: the CSV lines of the compiled
export's columns, through the ``csv`` module (see the compiled module's docstring for
the column specs)."""

from __future__ import annotations

import csv
import io
from itertools import pairwise

_QUOTED = (b",", b'"', b"\r", b"\n")


def _check(have: int, stop: int) -> None:
    if have < stop:
        raise ValueError(f"a column of {have} rows, {stop} needed")


def _offsets(off, size: int) -> list[int]:
    off = [int(x) for x in off]
    if len(off) < 1 or off[0] < 0 or off[-1] > size:
        raise ValueError("offsets outside the data")
    if any(b < a for a, b in pairwise(off)):
        raise ValueError("offsets must not decrease")
    return off


def csv_text(cols: list, start: int, stop: int) -> bytes | None:
    """The CSV lines of rows ``start``-``stop`` of ``cols``, or None when a text needs quotes.

    >>> import numpy as np
    >>> csv_text([("i", np.array([3, -12], np.int64), np.array([1, 0], np.uint8)),
    ...           ("b", np.array([1, 0], np.uint8)),
    ...           ("s", b"ab", np.array([0, 1, 2], np.int64), np.array([1, -1], np.int64)),
    ...           ("l", np.array([1, 2, 3], np.int32), np.array([0, 2, 3], np.int32))], 0, 2)
    b'3,True,b,1 2\\r\\n,False,,3\\r\\n'
    """
    if not 0 <= start <= stop:
        raise ValueError(f"rows {start}-{stop}: expected 0 <= start <= stop")
    columns = []
    for spec in cols:
        kind = spec[0]
        if kind == "i":
            _check(len(spec[1]), stop)
            values = [int(v) for v in spec[1][start:stop]]
            if spec[2] is not None:
                _check(len(spec[2]), stop)
                values = [v if ok else "" for v, ok in zip(values, spec[2][start:stop])]
        elif kind == "b":
            _check(len(spec[1]), stop)
            values = [bool(v) for v in spec[1][start:stop]]
        elif kind in ("s", "t"):
            blob = spec[1]
            if type(blob) is not bytes:
                raise TypeError("text must be bytes")
            if any(q in blob for q in _QUOTED):
                return None
            off = _offsets(spec[2], len(blob))
            texts = [blob[a:b].decode("utf-8") for a, b in pairwise(off)]
            idx = spec[3]
            if idx is not None:
                _check(len(idx), stop)
                idx = [int(x) for x in idx[start:stop]]
                if any(x >= len(texts) for x in idx):
                    raise ValueError(f"index {next(x for x in idx if x >= len(texts))} past the texts")
                values = [texts[x] if x >= 0 else "" for x in idx]
            elif kind == "s" or len(texts) < stop:
                raise ValueError("a text per row needs as many texts as rows")
            else:
                values = texts[start:stop]
        elif kind == "l":
            _check(len(spec[2]) - 1, stop)
            off = _offsets(spec[2], len(spec[1]))
            v = [int(x) for x in spec[1]]
            values = [" ".join(map(str, v[off[r]:off[r + 1]])) for r in range(start, stop)]
        else:
            raise ValueError(f"unknown column kind {kind!r}")
        columns.append(values)
    buf = io.StringIO(newline="")
    w = csv.writer(buf)
    for row in zip(*columns) if columns else [() for _ in range(stop - start)]:
        w.writerow(row)
    return buf.getvalue().encode("utf-8")
