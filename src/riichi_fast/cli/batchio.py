"""Streaming bulk scoring for ``riichi-fast batch``: read, score and write a chunk at a time.

:func:`stream_text` reads a file of ``riichi-fast score`` lines (or standard
input) in blocks, parses each block into input columns in compiled code
(``riichi_fast.cli._batchline``; its twin ``riichi_fast.reference.cli.batchline``),
scores the rows with :func:`riichi_fast.scoring.batch.score_batch` and yields them
with their line numbers; bad lines come out as ``(line, message)`` and are
skipped.  :func:`open_writer` writes results as they come, in the format the
output's extension names: ``.csv``, ``.jsonl``, ``.parquet`` (needs pyarrow:
``pip install "riichi_fast[data]"``) or ``.npz``.  Memory stays flat in the
number of lines: one block of input, one chunk of columns.

Written columns: ``line`` (1-based line number; ``row``, 0-based, for
``.npz`` input), ``status``, ``score_status`` and ``limit`` (names in csv,
jsonl and parquet: ``ok``, ``no_yaku``, ``haneman``...),
``han``, ``fu``, ``yaku`` (names or Tenhou ids, ``--yaku``), ``yakuman``,
``limit``, ``dora``, ``ura``, ``aka``, ``kita``, ``form``, ``wait``,
``base`` and the payments (:data:`riichi_fast.scoring.batch.COLUMNS`).  In ``.npz``
every column stays numeric: ``yaku`` is the id mask (uint64), ``yaku_ids``
the ids of each row ((N, 16) int8, -1 padded) and ``yaku_names`` the name of
each id (``yaku_names[yaku_ids[i]]``; the -1 padding reads as ``''``).

>>> import io
>>> from riichi_fast.rules.config import DEFAULT
>>> text = b"22456m456p456s345s --win 3s --seat S\\n123m --win 1m\\n"
>>> for kind, line, value in stream_text(io.BytesIO(text), DEFAULT, "default"):
...     print(kind, line if kind == "error" else line.tolist(), value if kind == "error" else value.total.tolist())
error 2 '123m': 3 closed tiles and no melds make 3 tiles (closed + 3 per meld); a hand needs 13 or 14
rows [1] [7700]
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import zipfile

import numpy as np

from riichi_fast import _backend
from riichi_fast._progress import Progress
from riichi_fast.enums import RowStatus
from riichi_fast.errors import RiichiError
from riichi_fast.rules import layout as L
from riichi_fast.rules.yaku import YAKU
from riichi_fast.scoring.batch import COLUMNS, BatchResult, score_batch, score_batch_chunks

__all__ = ["FORMATS", "BatchProgress", "open_writer", "output_format", "stream_columns", "stream_text"]

#: output formats by extension
FORMATS = ("csv", "jsonl", "parquet", "npz")
BLOCK_BYTES = 1 << 20
YAKU_SLOTS = 16
_INPUT_NAMES = ("hands", "melds", "win_tile", "flags", "seat_wind", "round_wind", "dora", "ura", "n_red", "n_kita",
                "honba", "riichi_sticks")


def line_parser(rules, rules_name: str, capacity: int):
    """The compiled line parser (its twin under ``RIICHI_FAST_PUREPYTHON=1``)."""
    return _backend.load("cli._batchline").LineParser(rules, rules_name, capacity)


def stream_text(fh, rules, rules_name: str, *, chunk: int = 1 << 16, n_threads: int = 1, progress=None,
                block_bytes: int = BLOCK_BYTES):
    """Score the lines of a binary file object; yields ``("rows", lines, BatchResult)`` and ``("error", line, message)``.

    The arrays yielded are reused buffers (valid until the next item).
    ``progress(n_bytes, n_rows)`` is called after each chunk.
    """
    parser = line_parser(rules, rules_name, chunk)
    out = BatchResult(chunk)
    carry = b""
    lineno = 0
    while True:
        block = fh.read(block_bytes)
        eof = not block
        data = carry + block if carry else block
        if eof:
            carry = b""
        else:
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                carry = data
                continue
            carry = data[cut:]
            data = data[:cut]
        pos = 0
        size = len(data)
        while pos < size:
            start = pos
            n, pos, n_lines, errors = parser.parse(data, pos, lineno)
            lineno += n_lines
            for line, message in errors:
                yield "error", line, message
            if n:
                cols = {name: parser.columns[name][:n] for name in _INPUT_NAMES}
                res = score_batch(**cols, rules=rules, n_threads=n_threads, out=out if n == chunk else out.rows(0, n))
                yield "rows", parser.columns["line"][:n], res
            if progress is not None:
                progress(pos - start, n)
        if eof:
            break


def stream_columns(arrays: dict, rules, *, chunk: int = 1 << 16, n_threads: int = 1, progress=None):
    """Score ``.npz`` input columns chunk by chunk; yields ``("rows", row numbers, BatchResult)``."""
    for start, res in score_batch_chunks(**arrays, rules=rules, n_threads=n_threads, chunk_size=chunk):
        yield "rows", np.arange(start, start + len(res), dtype=np.uint64), res
        if progress is not None:
            progress(len(res), len(res))


# ---------------------------------------------------------------------------
# progress


class BatchProgress(Progress):
    """The batch bar: share of the input read (bytes of a file, rows of columns) and hands scored.

    >>> p = BatchProgress(1000, enabled=False)
    >>> p.advance(500, 7); p.hands
    7
    """

    def __init__(self, total_bytes, *, unit_is_rows: bool = False, enabled: bool = True, stream=None):
        self.hands = 0
        self.unit_is_rows = unit_is_rows
        self.known = bool(total_bytes)
        super().__init__(total_bytes or 0, "scoring", unit=" hands", enabled=enabled, stream=stream)

    def advance(self, n_bytes: int, n_hands: int) -> None:
        self.hands += n_hands
        self.update(n_bytes)

    def _line(self) -> str:
        import time

        elapsed = time.perf_counter() - self.start
        rate = self.hands / elapsed if elapsed > 0 else 0.0
        clock = f"{int(elapsed) // 60:02d}:{int(elapsed) % 60:02d}"
        if not self.known:
            return f"{self.desc}: {self.hands} hands [{clock}, {rate:,.0f} hands/s]"
        frac = min(self.n / self.total, 1.0) if self.total else 1.0
        fill = int(30 * frac)
        left = elapsed * (1 - frac) / frac if frac > 0 else 0.0
        eta = f"{int(left) // 60:02d}:{int(left) % 60:02d}"
        read = f"{self.n}/{self.total} rows" if self.unit_is_rows else f"{self.n / 1e6:.1f}/{self.total / 1e6:.1f} MB"
        return (f"{self.desc}: {frac * 100:3.0f}% |{'#' * fill}{' ' * (30 - fill)}| {read}, {self.hands} hands "
                f"[{clock}<{eta}, {rate:,.0f} hands/s]")


# ---------------------------------------------------------------------------
# writers


def output_format(path: str, fmt: str | None = None) -> str:
    """The output format: ``fmt`` if given, else the extension of ``path``.

    >>> output_format("out/res.CSV"), output_format("-", "jsonl")
    ('csv', 'jsonl')
    """
    if fmt:
        fmt = fmt.lower().lstrip(".")
        if fmt not in FORMATS:
            raise RiichiError(f"unknown output format {fmt!r}; known: {', '.join(FORMATS)}")
        return fmt
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if path == "-":
        raise RiichiError("--out - (standard output) needs --format csv or jsonl")
    if ext not in FORMATS:
        raise RiichiError(f"cannot tell the output format of {path!r} from its extension; "
                          f"use .csv, .jsonl, .parquet or .npz (or --format)")
    return fmt or ext


def _yaku_tables():
    ids = np.array(sorted(YAKU), dtype=np.int64)
    names = [YAKU[int(i)].name for i in ids]
    return ids, names


_YAKU_IDS, _YAKU_NAMES = _yaku_tables()
#: the columns written as names in csv/jsonl/parquet: column -> {code: name}
_NAMED = {
    "status": {int(s): s.name.lower() for s in RowStatus},
    "score_status": dict(L.STATUS_NAMES),
    "limit": dict(L.LIMIT_NAMES),
}


def _yaku_lists(mask: np.ndarray):
    """``(offsets, ids)``: the yaku ids of each row (ascending), as a flat list with row offsets."""
    bits = ((mask[:, None] >> _YAKU_IDS.astype(np.uint64)[None, :]) & np.uint64(1)).astype(bool)
    offsets = np.zeros(len(mask) + 1, dtype=np.int32)
    np.cumsum(bits.sum(axis=1), out=offsets[1:])
    return offsets, _YAKU_IDS[np.nonzero(bits)[1]]


class _TextWriter:
    """csv and jsonl: rows formatted by the compiled ``format_columns`` (the yaku text of each mask cached)."""

    def __init__(self, fh, fmt, yaku, line_name):
        self.fh = fh  # binary
        self.fmt = fmt
        self.yaku = yaku
        names = [line_name, *COLUMNS]
        if fmt == "csv":
            fh.write((",".join(names) + "\n").encode())
            self.prefixes = [b""] + [b","] * len(COLUMNS)
            self.suffix = b"\n"
            quote = str
        else:
            self.prefixes = [f'{"{" if i == 0 else ", "}"{n}": '.encode() for i, n in enumerate(names)]
            self.suffix = b"}\n"
            quote = json.dumps
        self.tables = [None]
        for name in COLUMNS:
            if name == "yaku":
                self.tables.append({})
            elif name in _NAMED:
                table = _NAMED[name]
                self.tables.append([quote(table.get(i, str(i))).encode() for i in range(max(table) + 1)])
            else:
                self.tables.append(None)
        self.format_columns = _backend.load("cli._batchline").format_columns

    def _missing(self, j, value) -> bytes:
        if self.tables[j] is not None and not isinstance(self.tables[j], dict):  # a code without a name
            return str(value).encode()
        ids = [int(i) for i in _YAKU_IDS if value >> int(i) & 1]
        if self.yaku == "names":
            items = [_YAKU_NAMES[int(np.searchsorted(_YAKU_IDS, i))] for i in ids]
            return (";".join(items) if self.fmt == "csv" else json.dumps(items)).encode()
        return (";".join(map(str, ids)) if self.fmt == "csv" else json.dumps(ids)).encode()

    def write(self, lines, res: BatchResult) -> None:
        columns = [np.asarray(lines, np.int64)]
        for name in COLUMNS:
            col = getattr(res, name)
            columns.append(col.view(np.int64) if col.dtype == np.uint64 else col)
        self.fh.write(self.format_columns(self.prefixes, self.suffix, columns, self.tables, self._missing))

    def close(self) -> None:
        self.fh.flush()


class _ParquetWriter:
    def __init__(self, path, yaku, line_name):
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise RiichiError('writing .parquet needs pyarrow: pip install "riichi_fast[data]"') from None
        self.pa = pa
        self.yaku = yaku
        names = pa.dictionary(pa.int8(), pa.string())
        fields = [pa.field(line_name, pa.uint64())]
        for name, dtype in COLUMNS.items():
            if name == "yaku":
                fields.append(pa.field(name, pa.list_(names if yaku == "names" else pa.int8())))
            elif name in _NAMED:
                fields.append(pa.field(name, names))
            else:
                fields.append(pa.field(name, pa.from_numpy_dtype(np.dtype(dtype))))
        self.schema = pa.schema(fields)
        self.dicts = {col: pa.array([table.get(i, str(i)) for i in range(max(table) + 1)])
                      for col, table in _NAMED.items()}
        self.name_dict = pa.array(_YAKU_NAMES)
        self.writer = pq.ParquetWriter(path, self.schema)

    def write(self, lines, res: BatchResult) -> None:
        pa = self.pa
        arrays = [pa.array(lines, pa.uint64())]
        for name in COLUMNS:
            col = getattr(res, name)
            if name == "yaku":
                offsets, ids = _yaku_lists(col)
                if self.yaku == "names":
                    idx = pa.array(np.searchsorted(_YAKU_IDS, ids).astype(np.int8), pa.int8())
                    values = pa.DictionaryArray.from_arrays(idx, self.name_dict)
                else:
                    values = pa.array(ids.astype(np.int8), pa.int8())
                arrays.append(pa.ListArray.from_arrays(pa.array(offsets), values))
            elif name in _NAMED:
                arrays.append(pa.DictionaryArray.from_arrays(pa.array(col.astype(np.int8)), self.dicts[name]))
            else:
                arrays.append(pa.array(col))
        self.writer.write_table(pa.Table.from_arrays(arrays, schema=self.schema))

    def close(self) -> None:
        self.writer.close()


class _NpzWriter:
    """Each column appended to a raw temporary file, zipped into an .npz (with .npy headers) at the end."""

    def __init__(self, path, line_name):
        self.path = path
        self.tmp = tempfile.mkdtemp(prefix="riichi_fast_npz_")
        self.dtypes = {line_name: np.dtype(np.uint64), **{n: np.dtype(t) for n, t in COLUMNS.items()},
                       "yaku_ids": np.dtype(np.int8)}
        # open for the writer's life, closed by close()
        self.files = {n: open(os.path.join(self.tmp, n), "wb") for n in self.dtypes}  # noqa: SIM115
        self.line_name = line_name
        self.n = 0

    def write(self, lines, res: BatchResult) -> None:
        n = len(res)
        self.files[self.line_name].write(np.ascontiguousarray(lines, np.uint64).tobytes())
        for name in COLUMNS:
            self.files[name].write(np.ascontiguousarray(getattr(res, name)).tobytes())
        offsets, ids = _yaku_lists(res.yaku)
        table = np.full((n, YAKU_SLOTS), -1, np.int8)
        counts = np.diff(offsets)
        rows = np.repeat(np.arange(n), counts)
        slots = np.arange(len(ids)) - np.repeat(offsets[:-1], counts)
        keep = slots < YAKU_SLOTS
        table[rows[keep], slots[keep]] = ids[keep]
        self.files["yaku_ids"].write(table.tobytes())
        self.n += n

    def close(self) -> None:
        for f in self.files.values():
            f.close()
        names = np.array([""] * 64, dtype="U32")
        for i, name in zip(_YAKU_IDS.tolist(), _YAKU_NAMES):
            names[i] = name
        try:
            with zipfile.ZipFile(self.path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
                for name, dtype in self.dtypes.items():
                    shape = (self.n, YAKU_SLOTS) if name == "yaku_ids" else (self.n,)
                    with zf.open(name + ".npy", "w", force_zip64=True) as out:
                        header = {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False, "shape": shape}
                        np.lib.format.write_array_header_2_0(out, header)
                        with open(os.path.join(self.tmp, name), "rb") as src:
                            shutil.copyfileobj(src, out, 1 << 20)
                with zf.open("yaku_names.npy", "w") as out:
                    np.lib.format.write_array(out, names)
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)


def open_writer(path: str, fmt: str, *, yaku: str = "names", line_name: str = "line"):
    """A writer with ``write(lines, result)`` and ``close()`` for ``path`` (``-``: standard output).

    ``fmt``: one of :data:`FORMATS` (see :func:`output_format`); ``yaku``:
    ``"names"`` or ``"ids"``.

    >>> import io, contextlib
    >>> from riichi_fast.tiles import as_counts
    >>> res = score_batch(as_counts("123m456p789s11122z")[None, :], win_tile=28, flags=1)
    >>> buf = io.TextIOWrapper(io.BytesIO())
    >>> with contextlib.redirect_stdout(buf):
    ...     w = open_writer("-", "csv")
    ...     w.write(np.array([3], np.uint64), res)
    ...     w.close()
    >>> print(buf.buffer.getvalue().decode().splitlines()[1])
    3,ok,ok,3,40,menzen tsumo;seat wind east;round wind east,0,,0,0,0,0,0,4,1280,0,0,2600,0,0,0,7800,7800
    """
    if yaku not in ("names", "ids"):
        raise RiichiError(f"yaku must be 'names' or 'ids', got {yaku!r}")
    if fmt in ("csv", "jsonl"):
        if path == "-":
            sys.stdout.flush()
            fh = sys.stdout.buffer
        else:  # open for the writer's life, closed by close()
            fh = open(path, "wb")  # noqa: SIM115
        writer = _TextWriter(fh, fmt, yaku, line_name)
        if path != "-":
            inner = writer.close

            def close():
                inner()
                fh.close()

            writer.close = close
        return writer
    if path == "-":
        raise RiichiError(f"{fmt} cannot be written to standard output; give a file name")
    if fmt == "parquet":
        return _ParquetWriter(path, yaku, line_name)
    if fmt == "npz":
        return _NpzWriter(path, line_name)
    raise RiichiError(f"unknown output format {fmt!r}; known: {', '.join(FORMATS)}")
