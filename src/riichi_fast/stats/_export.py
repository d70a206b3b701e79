"""Columnar export of game records: tables ``games``, ``hands``, ``wins``, ``draws``, ``players``
(their columns: :mod:`riichi_fast.stats._tables`).

Every table is a dict of equal-length column lists (plain Python values) and
is streamed (memory stays flat in the number of games) as Parquet (through pyarrow, the ``[data]`` extra) or CSV, one
file per table: ``OUT/wins.parquet`` or ``OUT/wins.csv``.  List columns
(``yaku``, ``tenpai``, ``nagashi``) are Parquet lists of ints; in CSV they
are the ints separated by spaces.  Seats are absolute (0-3); per-seat
columns are ``delta_0`` .. ``delta_3`` (empty for the fourth seat of a
three-player game).  Tiles are mpsz strings (``0m`` is a red five).
"""

from __future__ import annotations

import csv
import io
import os
import queue
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from riichi_fast.errors import RiichiError
from riichi_fast.records.sources import split_databases
from riichi_fast.stats._collect import batches, expand_paths
from riichi_fast.stats._extras import check_path, check_positive, require
from riichi_fast.stats._mjlog_export import Columns, Cut, ExportRows, export_segments, read_files
from riichi_fast.stats._tables import SEATS, TABLES, game_tables, tables_of_files

__all__ = ["TABLES", "TableWriter", "export", "game_tables", "tables_of_files"]

_LIST_COLUMNS = {"yaku", "tenpai", "nagashi"}
_BOOL_COLUMNS = {("games", "hanchan"), ("games", "red_fives"), ("wins", "tsumo"), ("wins", "yakuman")}
_STR_COLUMNS = {"game_id", "source", "format", "result", "draw_kind", "closed", "melds", "win_tile", "kind",
                "name", *[f"player_{i}" for i in range(SEATS)]}


_SCHEMAS: dict = {}


def _schema(pa, name):
    """The Arrow schema of the table ``name`` (made once per process)."""
    schema = _SCHEMAS.get(name)
    if schema is None:
        schema = _SCHEMAS[name] = _make_schema(pa, name)
    return schema


def _make_schema(pa, name):
    fields = []
    for c in TABLES[name]:
        if c in _LIST_COLUMNS:
            typ = pa.list_(pa.int32())
        elif (name, c) in _BOOL_COLUMNS:
            typ = pa.bool_()
        elif c in _STR_COLUMNS:
            typ = pa.string()
        else:
            typ = pa.int64()
        fields.append(pa.field(c, typ))
    return pa.schema(fields)


def _arrow_table(pa, name, cols, schema=None):
    return pa.Table.from_pydict({c: cols[c] for c in TABLES[name]}, schema=schema or _schema(pa, name))


def _csv_value(v):
    if v is None:
        return ""
    if isinstance(v, list):
        return " ".join(map(str, v))
    return v


def _optional_pyarrow():
    """``(pyarrow, pyarrow.csv)``, or ``(None, None)`` when pyarrow is not installed."""
    try:
        import pyarrow
        import pyarrow.csv
    except ImportError:
        return None, None
    return pyarrow, pyarrow.csv


class TableWriter:
    """Streams rows into ``out/<table>.parquet`` or ``out/<table>.csv`` (memory flat in the number of games).

    Parts (column lists as :func:`game_tables` gives, the compiled path's
    :class:`~riichi_fast.stats._mjlog_export.Columns`, or its rows not yet cut, a
    :class:`~riichi_fast.stats._mjlog_export.Cut`) are converted by :meth:`prepare` and
    written by :meth:`emit`: one Parquet row group per emit; CSV files get one header.
    ``open_now=False``: the files are created by :meth:`open` (the export's writer
    thread calls it).
    CSV of the compiled path's rows is written in C (``stats._csvtext``), the model's
    tables through ``pyarrow.csv`` when pyarrow is installed (bools written
    ``True``/``False``, lists as ints separated by spaces, quotes where needed, CRLF
    line ends: the bytes the ``csv`` module writes, which it falls back to for a
    batch holding a value that needs quotes, and when pyarrow is missing).
    ``in_memory``: each Parquet file is made in memory and written at :meth:`close` (a
    small export: one write per file).  A CSV file, or an in-memory Parquet file, that
    exists is written over in place and cut to its new length at :meth:`close` (on ext4
    opening it truncated costs ~0.5 ms a file: the old blocks freed and the new ones
    flushed at close, which an export of a few games feels).
    Use as a context manager; :attr:`paths` are the files written.
    """

    def __init__(self, out: str, fmt: str = "parquet", *, open_now: bool = True, in_memory: bool = False) -> None:
        if fmt not in ("parquet", "csv"):
            raise RiichiError(f"unknown export format {fmt!r} (use parquet or csv)")
        if os.path.exists(out) and not os.path.isdir(out):
            raise RiichiError(f"out {out!r} exists and is not a directory")
        os.makedirs(out, exist_ok=True)
        self.fmt = fmt
        self.paths = [os.path.join(out, f"{name}.{fmt}") for name in TABLES]
        self.rows = dict.fromkeys(TABLES, 0)
        self._files = []
        self._writers: dict = {}
        self._sinks: dict = {}  # table -> in-memory Parquet file (in_memory)
        self.in_memory = in_memory
        if fmt == "parquet":
            self._pa = require("pyarrow")
            self._csv = None
        else:
            self._pa, self._csv = _optional_pyarrow()
        if open_now:
            self.open()

    def open(self) -> None:
        """Create the files (the export's writer thread does, ``open_now=False``: the reading
        starts meanwhile)."""
        self._schemas = {name: _schema(self._pa, name) for name in TABLES} if self._pa else {}
        if self.fmt == "parquet":
            import pyarrow.parquet as pq

            for name, path in zip(TABLES, self.paths):
                sink = path
                if self.in_memory:
                    sink = self._sinks[name] = self._pa.BufferOutputStream()
                self._writers[name] = pq.ParquetWriter(sink, self._schemas[name])
        else:
            for name, path in zip(TABLES, self.paths):
                f = _open_in_place(path)
                self._files.append(f)
                self._writers[name] = f
                f.write((",".join(TABLES[name]) + "\r\n").encode("utf-8"))

    def prepare(self, segments: list) -> dict:
        """Parts converted for writing (Arrow tables for Parquet, CSV bytes), not yet
        written: :meth:`emit` writes one or more of them, in order (one Parquet row group).
        A :class:`~riichi_fast.stats._mjlog_export.Cut` (rows of the compiled path) is cut
        into columns first.  Both run on the export's writer thread."""
        pa = self._pa
        out = {}
        parts = [s.columns() if type(s) is Cut else s for s in segments]
        for name, columns in TABLES.items():
            if pa is None:  # CSV through the csv module
                lists = []
                for s in parts:
                    if not isinstance(s, Columns):
                        lists.append(s[name])
                        continue
                    whole = s.lists(name, columns)
                    lists.extend({c: v[p[0]:p[1]] for c, v in whole.items()} if type(p) is tuple else p
                                 for p in s.split(name))
                n = sum(len(p["game_id"]) for p in lists)
                out[name] = [(n, _csv_lines(lists, columns))] if n else []
                continue
            if self.fmt == "csv":
                out[name] = self._csv_parts(parts, name, columns)
                continue
            tables = []
            for s in parts:
                schema = self._schemas[name]
                if not isinstance(s, Columns):
                    tables.append(_arrow_table(pa, name, s[name], schema))
                    continue
                whole = s.arrow(pa, name, schema)
                pieces = s.split(name)
                # the model's games inside it: made into Arrow at once, then sliced
                model = [p for p in pieces if type(p) is not tuple]
                if model:
                    merged = _arrow_table(pa, name, {c: [v for p in model for v in p[c]] for c in columns}, schema)
                at = 0
                for p in pieces:
                    if type(p) is tuple:
                        tables.append(whole.slice(p[0], p[1] - p[0]))
                    else:
                        tables.append(merged.slice(at, len(p["game_id"])))
                        at += len(p["game_id"])
            out[name] = [t for t in tables if t.num_rows]
        return out

    def _csv_parts(self, parts: list, name: str, columns: list[str]) -> list:
        """CSV with pyarrow installed: ``[(rows, bytes)]`` in order.  The compiled path's rows
        are written in C (``Columns.csv_text``, without the GIL); the model's tables, and
        compiled rows with a text that needs quotes, through Arrow (``_csv_bytes``)."""
        pa, schema = self._pa, self._schemas[name]
        out, tables = [], []  # tables: Arrow tables waiting, written together

        def flush():
            if tables:
                table = tables[0] if len(tables) == 1 else pa.concat_tables(tables)
                out.append((table.num_rows, self._csv_bytes(table)))
                tables.clear()

        for s in parts:
            if not isinstance(s, Columns):
                if s[name]["game_id"]:
                    tables.append(_arrow_table(pa, name, s[name], schema))
                continue
            for p in s.split(name):
                if type(p) is not tuple:
                    if p["game_id"]:
                        tables.append(_arrow_table(pa, name, p, schema))
                    continue
                if p[1] == p[0]:
                    continue
                text = s.csv_text(name, columns, p[0], p[1])
                if text is None:  # a text that needs quotes: the csv module's quoting
                    tables.append(s.arrow(pa, name, schema).slice(p[0], p[1] - p[0]))
                    continue
                flush()
                out.append((p[1] - p[0], text))
        flush()
        return out

    def emit(self, prepared: list) -> None:
        """Write what :meth:`prepare` gave (a list of its results, oldest first)."""
        pa = self._pa
        for name in TABLES:
            parts = [t for p in prepared for t in p[name]]
            if not parts:
                continue
            if self.fmt == "csv":
                for n, data in parts:
                    self.rows[name] += n
                    self._writers[name].write(data)
                continue
            table = parts[0] if len(parts) == 1 else pa.concat_tables(parts)
            self.rows[name] += table.num_rows
            self._writers[name].write_table(table)

    def _csv_bytes(self, table) -> bytes:
        """``table`` as CSV lines (no header), as the csv module writes them."""
        pa, pc = self._pa, self._pa.compute
        cols = []
        for field, col in zip(table.schema, table.columns):
            if pa.types.is_boolean(field.type):
                col = pc.if_else(col, "True", "False")
            elif pa.types.is_list(field.type):
                col = pc.binary_join(col.cast(pa.list_(pa.string())), " ")
            cols.append(col)
        text = pa.Table.from_arrays(cols, names=table.column_names)
        buf = io.BytesIO()
        try:
            self._csv.write_csv(text, buf, self._csv.WriteOptions(
                include_header=False, quoting_style="none", eol="\r\n", batch_size=1 << 16))
        except pa.ArrowInvalid:  # a value that needs quotes: the csv module quotes as it does
            return _csv_lines([text.to_pydict()], text.column_names)
        return buf.getvalue()

    def close(self) -> None:
        try:
            if self.fmt == "parquet":
                for w in self._writers.values():
                    w.close()
                for name, path in zip(TABLES, self.paths):
                    if name in self._sinks:
                        f = _open_in_place(path)
                        self._files.append(f)
                        f.write(self._sinks.pop(name).getvalue())
        finally:
            for f in self._files:
                try:
                    f.truncate()  # what a file held before, past what was written now
                finally:
                    f.close()
            self._writers, self._files, self._sinks = {}, [], {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _open_in_place(path: str):
    """``path`` opened for writing from its start without truncating it (``TableWriter.close``
    cuts it to what was written), or created."""
    try:
        return open(path, "r+b")  # closed by the caller
    except (FileNotFoundError, PermissionError):  # none yet; or writable but not readable
        return open(path, "wb")


def _csv_lines(parts: list[dict], columns: list[str]) -> bytes:
    """Column lists as CSV lines (no header) through the csv module, UTF-8."""
    buf = io.StringIO(newline="")
    w = csv.writer(buf)
    for cols in parts:
        for r in zip(*(cols[c] for c in columns)):
            w.writerow([_csv_value(v) for v in r])
    return buf.getvalue().encode("utf-8")


def ordered_on_cluster(client, fn, parts):
    """``fn(part)`` for each part on the cluster, yielded in order, with a bounded number in flight.

    At most two batches per worker thread are computed ahead of the one being
    written, so the rows waiting on the cluster stay bounded too.
    """
    try:
        window = max(2, 2 * sum(client.nthreads().values()))
    except (AttributeError, TypeError):
        window = 8
    todo = iter(parts)
    flight = deque(client.submit(fn, p, pure=False) for _, p in zip(range(window), todo))
    while flight:
        result = flight.popleft().result()
        for p in todo:
            flight.append(client.submit(fn, p, pure=False))
            break
        yield result


def _read_ahead(parts: list[list[str]], rows):
    """``export_segments`` of each batch of files, the next batch read (and gunzipped) on a
    thread of its own meanwhile: one batch ahead at most."""
    with ThreadPoolExecutor(1, thread_name_prefix="riichi-fast-export-read") as ahead:
        nxt = ahead.submit(read_files, parts[0]) if parts else None
        for k, batch in enumerate(parts):
            data = nxt.result()
            nxt = ahead.submit(read_files, parts[k + 1]) if k + 1 < len(parts) else None
            yield export_segments(batch, rows, data=data)


class _WriterThread:
    """The export's writer: a thread that opens ``writer``'s files, runs ``writer.prepare``
    on each step put and ``writer.emit`` on what it gathered when told to write, and closes
    the files.  :meth:`put` waits only when ``WRITER_QUEUE`` steps are already waiting
    (back-pressure); an error on the thread is raised by the next :meth:`put` or by
    :meth:`close` (which waits for the thread)."""

    def __init__(self, writer: TableWriter) -> None:
        self.writer = writer
        self.error: BaseException | None = None
        self.queue: queue.Queue = queue.Queue(WRITER_QUEUE)
        self.thread = threading.Thread(target=self._run, name="riichi-fast-export-writer", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        staged: list = []  # prepared parts of the row group being gathered
        try:
            self.writer.open()
        except BaseException as exc:  # noqa: BLE001 - raised again on the reading side
            self.error = exc
        while True:
            item = self.queue.get()
            if item is None:
                break
            if self.error is not None:
                continue  # drained: the reading learns of it at its next put
            segments, write = item
            try:
                if segments:
                    staged.append(self.writer.prepare(segments))
                if write and staged:
                    self.writer.emit(staged)
                    staged.clear()
            except BaseException as exc:  # noqa: BLE001 - raised again on the reading side
                self.error = exc
        try:
            self.writer.close()
        except BaseException as exc:  # noqa: BLE001 - raised again on the reading side
            self.error = self.error or exc

    def put(self, segments: list, write: bool) -> None:
        if self.error is not None:
            raise self.error
        self.queue.put((segments, write))

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join()
        if self.error is not None:
            raise self.error


def _export_here(results, rows, writer: TableWriter, n_files: int, batch_size: int, bad: list,
                 progress) -> dict:
    """The export of a small corpus (``SYNC_FILES`` files at most) on this thread: the rows
    gathered, then cut, converted and written at once (one row group per table, or one every
    ``ROWS_PER_GROUP`` rows of ``hands``).  A writer thread would cost more than it saves
    here: its start, the GIL handed back and forth while the reading runs, one row group
    per step (each costs its columns' fixed encoding cost), and most of its work would come
    after the reading anyway."""
    pending, held = [], 0
    try:
        for i, (segments, part_bad) in enumerate(results, 1):
            pending.extend(segments)
            bad.extend(part_bad)
            held += sum(len(s["hands"]["game_id"]) if type(s) is dict else s.hands for s in segments)
            if rows is not None and held + rows.hands >= ROWS_PER_GROUP:
                held += rows.hands
                pending.extend(rows.take_rows())
            if held >= ROWS_PER_GROUP:
                _write_here(writer, pending, last=False)
                pending, held = [], 0
            if progress is not None:
                progress(min(i * batch_size, n_files), n_files)
        if rows is not None:
            pending.extend(rows.take_rows())
        _write_here(writer, pending, last=True)
    finally:
        writer.close()
    return {"tables": dict(writer.rows), "files": writer.paths, "unreadable": bad}


def _write_here(writer: TableWriter, pending: list, *, last: bool) -> None:
    """Cut, convert and write ``pending``; the files opened first if need be: the Parquet
    files in memory only when this is the one write (``last``), so that a corpus of few
    files holding many records (archives, databases) is not held whole in memory."""
    if not writer._writers:
        writer.in_memory = writer.in_memory and last
        writer.open()
    if pending:
        writer.emit([writer.prepare(pending)])


SYNC_FILES = 1_000
"""Files of a corpus exported on the calling thread (:func:`_export_here`) at most."""
ROWS_PER_GROUP = 50_000
"""Rows of ``hands`` gathered before a write at most (Parquet row groups of about this size;
in a corpus of fewer files, about two rows of ``hands`` per file, ``ROWS_PER_STEP`` at least)."""
ROWS_PER_STEP = 2_000
"""Rows of ``hands`` handed to the writer thread at a time to be converted."""
WRITER_QUEUE = 2
"""Steps waiting for the writer thread at most (the reading waits beyond that)."""
READ_AHEAD = True
"""Read (and gunzip) the next batch of files on a thread of its own while the compiled path
reads this one (:func:`_read_ahead`; one batch ahead at most).  It takes about a third of
the main thread's time off it (gunzip is most of a file's reading): on the bundled 4p
mjlogs x20 export went from 0.78-0.83x to 0.95-0.97x verify's games/s with a core to
spare; on a machine whose cores are all busy it measured neither faster nor slower."""


def export(paths, out, *, format: str = "parquet", client=None, batch_size: int = 16,
           progress: Callable[[int, int], None] | None = None, fast: bool = True) -> dict:
    """Export record files as tables ``games``, ``hands``, ``wins``, ``draws``, ``players``.

    Writes ``out/<table>.parquet`` (pyarrow needed) or ``out/<table>.csv`` and
    returns ``{"tables": {name: rows}, "files": [...], "unreadable": [(path, reason)]}``.
    With ``client`` (a ``distributed.Client``) batches of files are read on the
    cluster and the rows gathered here, in file order, into the same files.
    Tenhou mjlog records go through the compiled path
    (:mod:`riichi_fast.stats._mjlog_export`) unless ``fast`` is False; the rest, and
    any record it declines, through the record model.  Same files either way.
    ``progress(done, total)`` is called after each batch of ``batch_size`` files with
    the files read so far and the number of files (an archive or a database is one file,
    a share of a database on a cluster one too).

    The export writes what each record says (han, fu, points, yaku, score
    changes; final scores from the last hand's scores and changes): it does not
    re-score the wins or check the settlement, so a record with a wrong value is
    exported as it is.  Use :func:`riichi_fast.records.verify_files.verify_summary` (or
    ``riichi-fast verify``) to check the records.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     export([], d, format="csv")["tables"]
    {'games': 0, 'hands': 0, 'wins': 0, 'draws': 0, 'players': 0}
    """
    if not isinstance(format, str) or format not in ("parquet", "csv"):
        raise RiichiError(f"unknown export format {format!r} (use parquet or csv)")
    out = check_path(out, "out")
    check_positive(batch_size, "batch size")
    if client is not None and not callable(getattr(client, "map", None)):
        raise RiichiError(f"client must be a distributed.Client, got {type(client).__name__}")
    if progress is not None and not callable(progress):
        raise RiichiError(f"progress must be callable, got {progress!r}")
    if format == "parquet":
        require("pyarrow")
    fast = bool(fast)
    files = expand_paths(paths)
    if client is not None:  # a log database is read by all the workers, a share each
        files = list(split_databases(files))
    parts = batches(files, batch_size) if files else []
    pending, bad, held, group = [], [], 0, 0  # held: rounds in pending; group: sent, not written
    rows = ExportRows() if fast and client is None else None
    small = len(files) <= SYNC_FILES  # no writer or read-ahead thread, a row group a table
    if client is None:
        results = (_read_ahead(parts, rows) if fast and READ_AHEAD and not small
                   else (export_segments(p, rows, fast=fast) for p in parts))
    else:
        results = ordered_on_cluster(client, partial(export_segments, fast=fast), parts)
    if small:
        return _export_here(results, rows, TableWriter(out, format, open_now=False, in_memory=True),
                            len(files), batch_size, bad, progress)

    # Converting and writing run on a thread of their own, in order, beside the reading:
    # the rows are cut into columns and converted there; pyarrow converts, encodes,
    # compresses and writes mostly without the GIL while the compiled path (also without
    # it) reads the next files.  The reading never waits on the writer but for
    # back-pressure: at most WRITER_QUEUE steps wait for it (besides the one it is on and
    # the row group it gathers), so the rows held stay bounded.
    step = min(ROWS_PER_STEP, ROWS_PER_GROUP)
    # a row group is encoded once gathered, on the writer thread while the reading goes
    # on, but the last one after the reading ends: in a small corpus (under about
    # ROWS_PER_GROUP / 2 games) groups of about two hands per file (4 or so per corpus:
    # each costs a few ms more to encode), and within a step of the end every step is
    # written at once, so that the work left when the reading ends stays small
    per_group = max(step, min(ROWS_PER_GROUP, 2 * len(files)))
    seen = 0  # rounds put so far
    writer = TableWriter(out, format, open_now=False)
    run = _WriterThread(writer)
    try:
        for i, (segments, part_bad) in enumerate(results, 1):
            pending.extend(segments)
            bad.extend(part_bad)
            held += sum(len(s["hands"]["game_id"]) if type(s) is dict else s.hands for s in segments)
            if rows is not None and rows.hands >= step:
                held += rows.hands
                pending.extend(rows.take_rows())  # cut into columns on the writer thread
            if held >= step:
                group += held
                seen += held
                done = min(i * batch_size, len(files))
                write = format == "csv" or group >= per_group or seen * (len(files) - done) < step * done
                run.put(pending, write)
                if write:
                    group = 0
                pending, held = [], 0
            if progress is not None:
                progress(min(i * batch_size, len(files)), len(files))
        if rows is not None:
            pending.extend(rows.take_rows())
        run.put(pending, True)
    finally:
        run.close()
    return {"tables": dict(writer.rows), "files": writer.paths, "unreadable": bad}
