"""One game record in any of the supported formats, told from its content:
:func:`parse_record` (its bytes) and :func:`read_record` (a file).

>>> parse_record(b'{"title": "", "name": ["a", "b", "c", "d"], "rule": {"aka": 1}, "log": []}',
...              "x.json").format
'tenhou6'
"""

from __future__ import annotations

import os

from riichi_fast.errors import RiichiError
from riichi_fast.records.errors import RecordError, record_path
from riichi_fast.records.mjai.reader import parse_mjai, parse_mjai_bytes
from riichi_fast.records.mjlog.reader import parse_mjlog
from riichi_fast.records.model import Game
from riichi_fast.records.sources import record_format, unpack
from riichi_fast.records.tenhou6.reader import parse_tenhou6

__all__ = ["parse_record", "read_record"]


def parse_record(data: bytes, source: str = "<record>"):
    """A :class:`~riichi_fast.records.Game` from a record's bytes (format told by the content).

    >>> parse_record(b'<mjloggm><GO type="9"/></mjloggm>', "x").format
    'mjlog'
    """
    try:
        fmt = record_format(data)
    except RiichiError as exc:
        raise RecordError(f"{source}: {exc}") from None
    if fmt == "mjlog":
        return parse_mjlog(data, source=source)
    if fmt == "mjai":
        return parse_mjai_bytes(data, source)  # the bytes read in one pass (compiled)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{source}: not UTF-8 text ({exc})") from None
    if fmt == "mjai":
        return parse_mjai(text, source=source)
    return parse_tenhou6(text, source=source)


def read_record(path) -> Game:
    """Read a game record of any supported format, chosen from its content.

    gzip/bz2 are undone first; then ``<`` first: mjlog XML; JSON lines with
    ``"type"``: mjai; a JSON object or array: tenhou.net/6.  For archives,
    databases and directories see :func:`riichi_fast.records.sources.iter_records`.
    """
    with open(record_path(path, "read_record"), "rb") as f:
        data = f.read()
    name = os.path.basename(os.fspath(path))
    items = list(unpack(name, data))
    if len(items) != 1:
        raise RecordError(f"{name}: holds {len(items)} records (an archive, a database or a "
                          f"file of several JSON games: read it with "
                          f"riichi_fast.records.sources.iter_records)")
    got = items[0][1]
    if isinstance(got, BaseException):
        raise RecordError(str(got))
    return parse_record(got, name)
