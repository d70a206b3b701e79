"""Where game records come from: files, directories, globs, archives, SQLite log databases.

:func:`iter_records` turns command-line style arguments into a stream of
``(name, data)`` pairs, one per record, ``data`` being the record's bytes
(gzip/bz2 already undone) or the exception that made it unreadable; a
damaged member never stops the stream.  Accepted:

- a file: mjlog XML, tenhou.net/6 JSON or mjai JSON lines, plain, gzip or bz2;
- a directory: every record file under it, recursively (names ending in
  ``.mjlog .xml .json .jsonl .mjson .log .txt`` or an archive/database name
  below, optionally ``.gz``/``.bz2``), in sorted order;
- a glob (``logs/**/*.mjlog``), expanded in sorted order;
- ``.zip``, ``.tar``, ``.tar.gz``/``.tgz``/``.tar.bz2`` archives (told by
  their content): every member file;
- a SQLite database written by the Tenhou Phoenix/Houou log downloaders
  (MahjongRepository/phoenix-logs: table ``logs``, ``log_id`` and
  ``log_content`` = the bz2-compressed mjlog; other downloaders' ``id`` /
  ``content`` / ``log`` columns too): every row with content.

Names are ``path`` for files, ``archive!member`` for archive members and
``database!log_id`` for database rows.

>>> import os, tempfile
>>> d = tempfile.mkdtemp(); p = os.path.join(d, "a.mjlog")
>>> with open(p, "wb") as f:
...     _ = f.write(b"<mjloggm/>")
>>> [(os.path.basename(n), b) for n, b in iter_records([d])]
[('a.mjlog', b'<mjloggm/>')]
"""

from __future__ import annotations

import gzip
import io
import os
import re
import stat
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from riichi_fast import _backend
from riichi_fast.errors import RiichiError

_files = _backend.load("records._files")

__all__ = ["RECORD_SUFFIXES", "DbRows", "SourceError", "expand_paths", "iter_records", "read_file",
           "record_format", "split_databases", "unpack"]

RECORD_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".log", ".txt",
                   ".zip", ".tar", ".tgz", ".db", ".sqlite", ".sqlite3")

_GZIP = b"\x1f\x8b"
_BZ2 = b"BZh"
_BLANKS = (b" ", b"\t", b"\r", b"\n")
_ZIP = b"PK\x03\x04"
_SQLITE = b"SQLite format 3\x00"
_DB_SUFFIXES = (".db", ".sqlite", ".sqlite3")  # a Tenhou log database, read by rows
_MAX_NESTING = 3


class SourceError(RiichiError):
    """A path names nothing readable, or an archive/compressed file is damaged."""


class DbRows(NamedTuple):
    """Rows ``first``-``last`` (rowids) of the Tenhou log database at ``path``: a share of
    one database that a worker reads on its own (:func:`split_databases`).

    >>> DbRows("logs.db", 1, 64)
    DbRows(path='logs.db', first=1, last=64)
    """

    path: str
    first: int
    last: int


def _is_record_name(name: str) -> bool:
    return name.lower().removesuffix(".gz").removesuffix(".bz2").endswith(RECORD_SUFFIXES)


def expand_paths(paths: Iterable[str | os.PathLike]) -> Iterator[tuple[str, Exception | None]]:
    """Every file the arguments name: ``(path, None)``, or ``(arg, error)`` when one names nothing."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    for arg in paths:
        if isinstance(arg, DbRows):
            yield arg, None
            continue
        path = os.fspath(arg)
        try:  # one stat (os.path.isdir then exists were two: ~5 us a named file)
            mode = os.stat(path).st_mode
        except (OSError, ValueError):
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            # one directory at a time (top-down, names sorted): the first records are read
            # while the rest of a large tree is still being listed
            for root, dirs, files in os.walk(path):
                dirs.sort()
                # os.path.join(root, f) for a plain name, without its cost per file (a
                # 100,000-file tree is walked by the parent of -j workers before they read)
                prefix = root if root.endswith(os.sep) else root + os.sep
                for f in sorted(files):
                    if f[:1] != "." and _is_record_name(f):
                        yield prefix + f, None
        elif mode is not None:
            yield path, None
        elif any(c in path for c in "*?["):
            # imported here, for the inputs that need it: bz2, glob, sqlite3, tarfile and zipfile
            # together take ~40 ms to import, which every reader of plain records would pay
            import glob

            hits = sorted(glob.glob(path, recursive=True))
            if not hits:
                yield path, SourceError(f"{path}: no file matches this pattern")
            for h in hits:
                if os.path.isdir(h):
                    yield from expand_paths([h])
                else:
                    yield h, None
        else:
            yield path, SourceError(f"{path}: no such file or directory")


def _inflater():
    """The fastest gzip inflater at hand: ``isal.isal_zlib`` (ISA-L's inflate, about twice
    zlib's speed on Tenhou's small gzipped mjlogs: the ``riichi_fast[fast]`` extra) when it is
    installed, else ``zlib``.  Both release the GIL while they inflate.

    >>> _inflater().__name__ in ("isal.isal_zlib", "zlib")
    True
    """
    global _INFLATER
    if _INFLATER is None:
        try:
            from isal import isal_zlib as _INFLATER
        except ImportError:
            _INFLATER = zlib
    return _INFLATER


_INFLATER = None  # set by _inflater() on the first gzipped record


def _gunzip(data: bytes) -> bytes:
    """gzip.decompress, faster for the usual single-member file (one inflate call, through
    ISA-L when the ``fast`` extra is installed).  Anything else (several members, damaged
    data) goes to the standard library's ``gzip``, which gives the answer and the message
    whichever inflater is installed (zlib's message for damaged data)."""
    z = _INFLATER or _inflater()
    if z is not zlib:
        try:
            d = z.decompressobj(31)
            out = d.decompress(data)
            if d.eof and not d.unused_data:
                return out
        except z.error:
            pass  # damaged: zlib below says how, as it does without ISA-L
    d = zlib.decompressobj(31)
    out = d.decompress(data)
    if d.eof and not d.unused_data:
        return out
    return gzip.decompress(data)  # several members, or damaged: gzip says which


def unpack(name: str, data: bytes, depth: int = 0) -> Iterator[tuple[str, bytes | Exception]]:
    """The records inside ``data`` (a record, compressed record, archive or database)."""
    try:
        if data[:2] == _GZIP:
            data = _gunzip(data)
        elif data[:3] == _BZ2:
            import bz2  # see expand_paths: on first use

            data = bz2.decompress(data)
    except (OSError, EOFError, ValueError, zlib.error) as exc:
        yield name, SourceError(f"{name}: damaged compressed data ({type(exc).__name__}: {exc})")
        return
    if depth < _MAX_NESTING and data[:4] == _ZIP:
        yield from _zip_members(name, data, depth)
    elif depth < _MAX_NESTING and data[:16] == _SQLITE:
        yield from _sqlite_rows(name, data)
    elif depth < _MAX_NESTING and len(data) > 512 and data[257:262] == b"ustar":
        yield from _tar_members(name, data, depth)
    else:
        games = _json_games(data) if data[:1] != b"<" else None
        if games is None:
            yield name, data
        else:  # a file of several JSON games: each is a record of its own
            for k, game in enumerate(games, 1):
                yield f"{name}!{k}", game


def _head(data: bytes) -> bytes:
    """The first 4 kB of a record after leading blanks and a UTF-8 byte order mark."""
    head = data[:4096].lstrip()
    if not head:  # blank so far: the rest decides
        head = data.lstrip()[:4096]
    if head[:3] == b"\xef\xbb\xbf":
        head = head[3:].lstrip()
    return head


def record_format(data: bytes, head: bytes | None = None) -> str:
    """The format of a record's bytes, told by its content: ``"mjlog"`` (XML), ``"mjai"``
    (JSON lines whose first has a ``"type"``) or ``"tenhou6"`` (a JSON object or array);
    :class:`~riichi_fast.errors.RiichiError` for anything else (``head``: :func:`_head` of
    ``data``, when already taken).

    >>> record_format(b'{"type":"start_game"}'), record_format(b' {"log": []}')
    ('mjai', 'tenhou6')
    """
    if head is None:
        head = _head(data)
    if head[:1] == b"<":
        return "mjlog"
    first = head.split(b"\n", 1)[0]
    if b'"type"' in first and b'"log"' not in first:
        return "mjai"
    if head[:1] in (b"{", b"["):
        return "tenhou6"
    if not head:
        raise RiichiError("empty file (no record in it)")
    raise RiichiError("unknown record format (not mjlog XML, tenhou.net/6 JSON or mjai JSON lines)")


# a line starting an mjai game / a tenhou.net/6 object whose first round is East 1, 0 honba
# (no game comes back to it: a second one in a file starts a second game)
_MJAI_START = re.compile(rb'"type"\s*:\s*"start_game"')
_TENHOU6_START = re.compile(rb'"log"\s*:\s*\[\s*\[\s*\[\s*0\s*,\s*0\s*[,\]]')


def _json_games(data: bytes) -> list[bytes] | None:
    """The games of a file holding several JSON game records, each as its own bytes, or
    ``None`` (one game, or not JSON: read as it is).

    - mjai JSON lines with several ``start_game`` events: cut before each of them;
    - tenhou.net/6 JSON lines (one game per line, or mjx's one round per line) with
      several lines whose first round is East 1 with 0 honba: cut before each;
    - a JSON array of tenhou.net/6 game objects: each object.

    >>> _json_games(b'{"type":"start_game"}\\n{"type":"end_game"}\\n{"type":"start_game"}\\n')
    [b'{"type":"start_game"}\\n{"type":"end_game"}\\n', b'{"type":"start_game"}\\n']
    >>> _json_games(b'{"type":"start_game"}\\n{"type":"end_game"}\\n') is None
    True
    """
    head = _head(data)
    try:
        fmt = record_format(data, head)
    except RiichiError:
        return None  # the reader says what it is
    if fmt == "mjlog":
        return None
    if head[:1] == b"[":
        return _json_array_games(data)
    # one scan of the file for a second game's mark (~15 us on a 40 kB mjai game, whose
    # reading takes ~500)
    mark, starts = (b"start_game", _MJAI_START) if fmt == "mjai" else (b'"log"', _TENHOU6_START)
    at = data.find(mark)
    if at < 0 or data.find(mark, at + len(mark)) < 0:
        return None
    cuts = sorted({data.rfind(b"\n", 0, m.start()) + 1 for m in starts.finditer(data)})
    if len(cuts) < 2:
        return None
    cuts[0] = 0  # what comes before the first game's start stays with it
    return [data[a:b] for a, b in zip(cuts, cuts[1:] + [len(data)])]


def _json_array_games(data: bytes) -> list[bytes] | None:
    """Each object of a top-level JSON array of game objects, as JSON bytes; None when the
    file is not such an array (the reader then says what it is)."""
    import json

    try:
        items = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(items, list) or not items or not all(isinstance(x, dict) for x in items):
        return None
    return [json.dumps(x, ensure_ascii=False).encode("utf-8") for x in items]


def _zip_members(name: str, data: bytes, depth: int):
    import zipfile  # see expand_paths: on first use

    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in zf.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        yield name, SourceError(f"{name}: damaged zip archive ({exc})")
        return
    for info in infos:
        member = f"{name}!{info.filename}"
        try:
            content = zf.read(info)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, zlib.error) as exc:
            yield member, SourceError(f"{member}: damaged zip member ({exc})")
            continue
        yield from unpack(member, content, depth + 1)


def _tar_members(name: str, data: bytes, depth: int):
    import tarfile  # see expand_paths: on first use

    try:
        tf = tarfile.open(fileobj=io.BytesIO(data), mode="r:")  # noqa: SIM115 - read member by member
    except (tarfile.TarError, OSError, EOFError) as exc:
        yield name, SourceError(f"{name}: damaged tar archive ({exc})")
        return
    while True:
        try:
            info = tf.next()
        except (tarfile.TarError, OSError, EOFError) as exc:
            yield name, SourceError(f"{name}: damaged tar archive ({exc})")
            return
        if info is None:
            return
        if not info.isfile():
            continue
        member = f"{name}!{info.name}"
        try:
            content = tf.extractfile(info).read()
        except (tarfile.TarError, OSError, EOFError) as exc:
            yield member, SourceError(f"{member}: damaged tar member ({exc})")
            continue
        yield from unpack(member, content, depth + 1)


_ID_COLUMNS = ("log_id", "id")
_CONTENT_COLUMNS = ("log_content", "content", "log", "data")


def _sqlite_rows(name: str, data: bytes):
    import tempfile

    # sqlite3 opens files only: the bytes go to a temporary file (a database
    # named on the command line is opened where it is, see iter_records)
    with tempfile.NamedTemporaryFile(suffix=".db", delete=False) as tmp:
        tmp.write(data)
    try:
        yield from _sqlite_file_rows(name, tmp.name)
    finally:
        os.unlink(tmp.name)


def _is_database(path) -> bool:
    if not isinstance(path, str) or not path.lower().endswith(_DB_SUFFIXES):
        return False
    try:
        with open(path, "rb") as f:
            return f.read(16) == _SQLITE
    except OSError:
        return False


DB_SHARE = 64
"""Rows of a log database per share (:func:`split_databases`): about 40 ms of a worker's
time with bz2 rows, so a database of a few thousand games already spreads over workers."""


def split_databases(paths: Iterable, rows: int | None = None) -> Iterator:
    """``paths`` with each Tenhou log database replaced by :class:`DbRows` shares of
    ``rows`` rows each (default :data:`DB_SHARE`), in rowid order, so that workers (``verify -j``, ``stats -j``,
    Dask) read one database together: read in order, the shares give the records of the
    database, in its order.  Only the rowids are read here (no content: the shares are
    given as the scan goes, and a row without content is left out by the reader, as when
    the database is read whole).  Anything else, and a database that cannot be split
    (not a log database, damaged: its reader reports why), is given as it is.

    >>> list(split_databases(["a.mjlog"]))
    ['a.mjlog']
    """
    rows = DB_SHARE if rows is None else rows
    for path in paths:
        if not _is_database(path):
            yield path
            continue
        import sqlite3  # see expand_paths: on first use

        try:
            con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        except sqlite3.Error:
            yield path
            continue
        first = last = None
        try:
            cols = [r[1] for r in con.execute("PRAGMA table_info(logs)")]
            if not any(c in cols for c in _CONTENT_COLUMNS) or not any(c in cols for c in _ID_COLUMNS):
                raise sqlite3.DatabaseError("not a log database")
            n = 0
            for (rowid,) in con.execute("SELECT rowid FROM logs ORDER BY rowid"):
                if first is None:
                    first = rowid
                last, n = rowid, n + 1
                if n == rows:
                    yield DbRows(path, first, last)
                    first, n = None, 0
            if first is not None:
                yield DbRows(path, first, last)
        except sqlite3.Error:
            if last is None:  # nothing given yet: the whole database's reader says why
                yield path
            else:  # the rest, whose reader reports the damage
                yield DbRows(path, last + 1 if first is None else first, 2 ** 63 - 1)
        finally:
            con.close()


def _sqlite_file_rows(name: str, path: str, first: int | None = None, last: int | None = None):
    import sqlite3  # see expand_paths: on first use

    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        yield name, SourceError(f"{name}: cannot open the database ({exc})")
        return
    try:
        try:
            cols = [r[1] for r in con.execute("PRAGMA table_info(logs)")]
        except sqlite3.Error as exc:
            yield name, SourceError(f"{name}: damaged database ({exc})")
            return
        id_col = next((c for c in _ID_COLUMNS if c in cols), None)
        content_col = next((c for c in _CONTENT_COLUMNS if c in cols), None)
        if id_col is None or content_col is None:
            yield name, SourceError(
                f"{name}: not a Tenhou log database (needs a table 'logs' with a "
                f"{'/'.join(_ID_COLUMNS)} and a {'/'.join(_CONTENT_COLUMNS)} column; "
                f"found {cols or 'no such table'})")
            return
        try:
            share = "" if first is None else f"AND rowid >= {int(first)} AND rowid <= {int(last)} "
            rows = con.execute(f'SELECT "{id_col}", "{content_col}" FROM logs '
                               f'WHERE "{content_col}" IS NOT NULL AND "{content_col}" != \'\' '
                               f'{share}ORDER BY rowid')
            for log_id, content in rows:
                member = f"{name}!{log_id}"
                if isinstance(content, str):
                    content = content.encode("utf-8")
                yield from unpack(member, bytes(content), _MAX_NESTING)
        except sqlite3.Error as exc:
            yield name, SourceError(f"{name}: damaged database ({exc})")
    finally:
        con.close()


_O_READ = os.O_RDONLY | getattr(os, "O_BINARY", 0)  # O_BINARY: Windows only


def _loader():
    """``riichi_fast.records._files.load`` (a file read and inflated in C, without the GIL), or its
    twin ``riichi_fast.reference.records.files.load`` under ``RIICHI_FAST_PUREPYTHON=1``.

    >>> _loader()("/no/such/file") is None
    True
    """
    return _files.load


def read_inflated(path: str) -> bytes | None:
    """The bytes of a file, inflated when it is one gzip member, read in C without the GIL
    (:func:`_loader`): what :func:`unpack` starts from once it has inflated a file
    (``unpack(path, read_inflated(path))`` gives what ``unpack(path, read_file(path))``
    gives).  ``None``: the loader declined the file (unreadable, damaged, several gzip
    members: :func:`read_file` and :func:`unpack` say what is wrong), what it gave is
    compressed again (a gzip or bzip2 inside), or the path names a Tenhou log database
    (read by rows).

    >>> read_inflated("/no/such/file") is None
    True
    """
    if path.lower().endswith(_DB_SUFFIXES):
        return None
    data = _files.load(path)
    if data is None or data[:2] == _GZIP or data[:3] == _BZ2:
        return None
    return data


def is_plain_xml(data: bytes) -> bool:
    """Whether :func:`unpack` gives ``data`` (inflated) as it is: an XML record (an mjlog),
    not a tar archive.

    >>> is_plain_xml(b"<mjloggm/>"), is_plain_xml(b'{"log": []}')
    (True, False)
    """
    return starts_xml(data) and data[257:262] != b"ustar"


def starts_xml(data: bytes) -> bool:
    """Whether ``data`` opens with ``<`` after any ASCII blanks (an XML record, an mjlog, as the
    compiled mjlog pass reads it: a file may start with a newline).

    >>> starts_xml(b"<mjloggm/>"), starts_xml(b"\\n <mjloggm/>"), starts_xml(b'{"log": []}')
    (True, True, False)
    """
    c = data[:1]
    return c == b"<" or c in _BLANKS and data.lstrip(b" \t\r\n")[:1] == b"<"


def read_file(path: str) -> bytes:
    """The bytes of a file (``open(path, "rb").read()`` with fewer objects: one read of
    the size ``fstat`` gives, then on to the end if that was not all): about 6 us a
    file where ``open``/``read`` takes 9.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "a.mjlog")
    ...     with open(path, "wb") as f:
    ...         _ = f.write(b"<mjloggm/>")
    ...     read_file(path)
    b'<mjloggm/>'
    """
    fd = os.open(path, _O_READ)
    try:
        size = os.fstat(fd).st_size
        data = os.read(fd, size + 1)
        if len(data) != size:  # not the size fstat said (a pipe, a file being written)
            parts = [data]
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                parts.append(chunk)
            data = b"".join(parts)
    finally:
        os.close(fd)
    return data


def iter_records(paths: Iterable[str | os.PathLike]) -> Iterator[tuple[str, bytes | Exception]]:
    """``(name, bytes or exception)`` for every record the arguments name (module docstring)."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    for arg in paths:
        data = tried = None
        if type(arg) is str:  # a file named (most of a long list): read, no stat first
            data = read_inflated(arg)
            if data is not None and is_plain_xml(data):
                yield arg, data
                continue
            tried = arg
        for path, err in expand_paths([arg]) if data is None else ((arg, None),):
            yield from _records_at(path, err, data if path == arg else None, path != tried)


def _records_at(path, err, data: bytes | None, load: bool) -> Iterator[tuple[str, bytes | Exception]]:
    """The records of one path :func:`expand_paths` gave: ``data``, its bytes already read by
    :func:`read_inflated`, or (``load``) read by it now, else read here."""
    if isinstance(path, DbRows):
        yield from _sqlite_file_rows(path.path, path.path, path.first, path.last)
        return
    if path == "-" and err is not None:  # standard input: one record (or an archive) piped in
        yield from unpack("-", sys.stdin.buffer.read())
        return
    if err is not None:
        yield path, err
        return
    if data is None and load:
        data = read_inflated(path)
    if data is not None:
        if is_plain_xml(data):
            yield path, data
        else:
            yield from unpack(path, data)
        return
    try:
        if path.lower().endswith(_DB_SUFFIXES):
            with open(path, "rb") as f:
                head = f.read(16)
                data = None if head == _SQLITE else head + f.read()
        else:
            data = read_file(path)
    except OSError as exc:
        yield path, SourceError(f"{path}: cannot read ({exc.strerror or exc})")
        return
    if data is None:
        yield from _sqlite_file_rows(path, path)
    else:
        yield from unpack(path, data)
