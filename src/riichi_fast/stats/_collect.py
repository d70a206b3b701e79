"""Reading many record files into statistics: in this process or as a map-reduce on Dask."""

from __future__ import annotations

import glob
import os
import stat
from collections.abc import Callable, Iterable
from itertools import chain

from riichi_fast._pool import LOST, check_jobs, run_ordered
from riichi_fast.errors import RiichiError
from riichi_fast.records import read_record
from riichi_fast.records.errors import RecordError
from riichi_fast.records.sources import iter_records, split_databases
from riichi_fast.records.verify_files import parse_record, warm_workers
from riichi_fast.scoring.front import coerce_rules
from riichi_fast.stats._aggregate import Stats
from riichi_fast.stats._extras import check_path, check_positive, require
from riichi_fast.stats._mjlog_counts import RowStats, read_bytes

RECORD_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".log", ".txt", ".zip", ".tar", ".tgz",
                   ".db", ".sqlite", ".sqlite3", ".gz", ".bz2")
"""File name endings a directory is searched for (explicitly named files are read whatever their name):
those of ``verify`` (records, archives, Tenhou log databases; ``riichi_fast.records.sources``) and any
``.gz``."""


def expand_paths(paths: Iterable[str | os.PathLike]) -> list[str]:
    """Files named, files under directories (recursive, record suffixes only) and glob matches, in order.

    A path that names nothing is kept: reading it reports it as unreadable.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for name in ("a.mjlog", "notes.md", "b.json"):
    ...         open(os.path.join(d, name), "w").close()
    ...     [os.path.basename(p) for p in expand_paths([d])]
    ['a.mjlog', 'b.json']
    """
    out = []
    for p in _args(paths):
        try:  # one stat per path (os.path.isdir then exists would be two)
            st = os.stat(p)
        except (OSError, ValueError):
            st = None
        if st is not None and stat.S_ISDIR(st.st_mode):
            found = []
            for root, dirs, files in os.walk(p):
                dirs.sort()
                found.extend(os.path.join(root, f) for f in files if f.endswith(RECORD_SUFFIXES))
            out.extend(sorted(found))
        elif st is None and glob.has_magic(p):
            out.extend(sorted(glob.glob(p, recursive=True)))
        else:
            out.append(p)
    return out


def _args(paths) -> list[str]:
    """The paths named (a path, or a list of them), checked: a RiichiError for anything else."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    elif isinstance(paths, (bytes, dict)) or not hasattr(paths, "__iter__"):
        raise RiichiError(f"paths must be a path or a list of paths, got {paths!r}")
    return [check_path(p) for p in paths]


def batches(items: list, size: int) -> list[list]:
    """``items`` cut into consecutive lists of ``size`` (the last may be shorter).

    >>> batches([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    """
    check_positive(size, "batch size")
    return [items[i:i + size] for i in range(0, len(items), size)]


def read_game(path: str):
    """``(game, None)`` or ``(None, reason)`` for a file that cannot be read."""
    try:
        return read_record(path), None
    except (OSError, EOFError, RecordError, ValueError) as exc:
        return None, f"{type(exc).__name__}: {exc}"


def _parse_game(data: bytes, name: str):
    """:func:`read_game` of a file whose one record is ``data``."""
    try:
        return parse_record(data, name), None
    except (OSError, EOFError, RecordError, ValueError) as exc:
        return None, f"{type(exc).__name__}: {exc}"


def stats_of_files(paths: list[str], rules=None, *, fast: bool = True,
                   progress: Callable[[int, int], None] | None = None) -> Stats:
    """The map step: the statistics of some files (unreadable ones listed, never raised).

    Tenhou mjlog records under the automatic rules (``rules`` None) go through the
    compiled path (:mod:`riichi_fast.stats._mjlog_counts`) unless ``fast`` is False; the rest,
    and any record it declines, through the full reader.  Same statistics either way.
    """
    return _count_files(paths, rules, fast, progress, expand=False)


def _count_files(paths: list[str], rules, fast: bool, progress, *, expand: bool) -> Stats:
    """:func:`stats_of_files`; ``expand``: ``paths`` are the paths named (:func:`_args`), each
    expanded (:func:`expand_paths`, a stat) only when the compiled path did not read it as a
    record file: a long list of files named costs no stat a file."""
    s = Stats()
    rows = None
    if fast and rules is None:
        rows = RowStats()
    for i, arg in enumerate(paths, 1):
        data = read_bytes(arg) if rows is not None else None
        if data is None or not rows.add(data):
            for path in expand_paths([arg]) if expand else (arg,):
                if path != arg:  # a file under a directory or matching a glob named
                    data = read_bytes(path) if rows is not None else None
                    if data is not None and rows.add(data):
                        continue
                _add_file(s, path, rules, data, rows, fast)
        if progress is not None:
            progress(i, len(paths))
    if rows is not None:
        rows.flush(s)
    return s


def _add_file(s: Stats, path: str, rules, data: bytes | None = None, rows=None,
              fast: bool = True) -> None:
    """Count one file through the full reader (``data``: the one record it holds, already
    read: parsed as :func:`read_game` would parse it).  A file holding several records
    (a zip or tar archive, a Tenhou log database) counts each of them, named
    ``path!member`` as ``verify`` names them (through ``rows``, the compiled path, when
    given); a damaged member is reported and the others are counted."""
    if data is None:
        members = _members(path)
        if members is not None:
            for name, item in members:
                if isinstance(item, BaseException):
                    s.unreadable.append((name, f"{type(item).__name__}: {item}"))
                elif rows is None or not rows.add(item):
                    _add_game(s, name, rules, *_parse_game(item, name), rows, fast)
            return
        game, err = read_game(path)
    else:
        game, err = _parse_game(data, os.path.basename(path))
    _add_game(s, path, rules, game, err, rows, fast)


def _add_game(s: Stats, name: str, rules, game, err, rows=None, fast: bool = True) -> None:
    """Count one read game: through the compiled fold of ``rows`` when given (the rules are
    then the game's own), else :meth:`Stats.add_game` (``fast``: its compiled fold)."""
    if game is None:
        s.unreadable.append((name, err))
        return
    try:
        if rows is not None and rows.add_game(game):
            return
        s.add_game(game, rules, fast=fast)
    except RiichiError as exc:  # a game whose content contradicts itself
        s.unreadable.append((name, f"{type(exc).__name__}: {exc}"))


def _members(path: str):
    """The records of an archive or database file as ``(name, bytes or exception)``
    (``records.sources.iter_records``), or ``None`` for a file holding at most one record
    outside a container (read as one game, with :func:`read_game`'s messages)."""
    items = iter_records([path])
    first = next(items, None)
    if first is None:
        return None
    second = next(items, None)
    if second is None and first[0] == path:
        return None
    return chain([first], [second] if second is not None else [], items)


def _collect_local(files: list[str], rules, jobs: int, progress) -> Stats:
    """``collect`` on ``jobs`` worker processes (``riichi_fast._pool.run_ordered``)."""
    total, done = Stats(), 0
    for chunk, part in run_ordered(stats_of_files, files, jobs, warm=warm_workers, args=lambda: (rules,)):
        if part is LOST:
            part = Stats()
            part.unreadable.append((chunk[0], LOST))
        total.merge(part)
        done += len(chunk)
        if progress is not None:
            progress(done, len(files))
    return total


def _merge_all(parts: Iterable[Stats]) -> Stats:
    total = Stats()
    for part in parts:
        total.merge(part)
    return total


def collect(paths, *, client=None, rules=None, batch_size: int = 16,
            progress: Callable[[int, int], None] | None = None, jobs: int = 1) -> Stats:
    """Statistics of record files (see :mod:`riichi_fast.stats._aggregate` for what is counted).

    ``paths``: files, directories (searched recursively) or globs.  With
    ``client`` (a ``distributed.Client``) the files go in batches of
    ``batch_size`` to the cluster's workers, each returning a partial
    :class:`Stats`, merged here; the result equals the one-process run.
    ``progress(done, total)`` is called as files (one process) or batches
    (Dask) finish.  ``rules``: a preset name or Rules to re-score with when a
    record carries no score (default: each game's own Tenhou rules).  ``jobs``:
    worker processes on this machine (CLI ``stats -j N``), each reading its share
    of the files; the parts merge in file order, so the result is the one-process
    run's.

    >>> collect([]).to_dict()["games"]
    0
    """
    check_positive(batch_size, "batch size")
    check_jobs(jobs)
    if client is not None and jobs > 1:
        raise RiichiError("jobs and client are exclusive: the cluster's workers do the work")
    if client is not None and not callable(getattr(client, "map", None)):
        raise RiichiError(f"client must be a distributed.Client, got {type(client).__name__}")
    if progress is not None and not callable(progress):
        raise RiichiError(f"progress must be callable, got {progress!r}")
    if rules is not None:
        rules = coerce_rules(rules)  # a bad preset name fails here, before any file is read
    if client is None and jobs == 1 and progress is None:
        return _count_files(_args(paths), rules, True, None, expand=True)
    files = expand_paths(paths)
    if client is None and jobs == 1:
        return stats_of_files(files, rules, progress=progress)
    # a log database is read by all the workers, a share of rows each
    files = list(split_databases(files))
    if client is None:
        return _collect_local(files, rules, jobs, progress)
    parts = batches(files, batch_size)
    futures = client.map(stats_of_files, parts, rules=rules, pure=False)
    as_completed = require("distributed").as_completed
    results = []
    for i, fut in enumerate(as_completed(futures), 1):
        results.append(fut.result())
        if progress is not None:
            progress(i, len(parts))
    return _merge_all(results)
