"""Twin of ``riichi_fast.records.mjai._reader``: the mjai reader's entry points in Python.

The compiled module decodes the lines and replays a whole game in C, calling back into
the reader object it is given (``records.mjai.reader._Reader``) for anything beyond the
plain steps.  Here every game goes through that reader's own event handlers
(``_Reader.read_py``): the same game, or, for a record it refuses, False (``read_*``,
the caller then reads the record again and raises the error).
"""

from __future__ import annotations

import json

from riichi_fast.records.errors import MALFORMED, RecordError

__all__ = ["decode_lines", "read_bytes", "read_game", "read_lines", "tiles"]

_SCAN = json.JSONDecoder().scan_once
_SEEN: dict = {}
"""Decoded ``tsumo``/``dahai`` lines by their text (~300 distinct lines make most of a log)."""


def decode_lines(text_lines: list, source: str) -> tuple[list, list[int]]:
    """The events of the non-blank lines and their line numbers.

    >>> decode_lines(['{"type":"end_game"}', '', ' {"type":"x"}'], "x.mjson")
    ([{'type': 'end_game'}, {'type': 'x'}], [1, 3])
    """
    events, lines = [], []
    scan, seen = _SCAN, _SEEN
    for lineno, line in enumerate(text_lines, 1):
        ev = seen.get(line) if line.__class__ is str else None
        if ev is not None:  # a draw or discard line met before: its event, decoded then
            events.append(ev)
            lines.append(lineno)
            continue
        # the C scanner alone when the line is one JSON value, exactly (json.loads's answer):
        # else json.loads itself, for its answer or its error
        try:
            ev, end = scan(line, 0)
            if end != len(line):
                raise StopIteration
        except (StopIteration, ValueError, TypeError, RecursionError):
            if not line.strip():
                continue
            try:
                ev = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{source}:{lineno}: not JSON ({exc})") from None
            except RecursionError:
                raise RecordError(f"{source}:{lineno}: JSON nested too deeply") from None
        if ev.__class__ is dict and ev.get("type") in ("tsumo", "dahai") and len(seen) < 4096 \
                and line.__class__ is str:
            seen[line] = ev  # never changed by the reader: shared by every line that spells it
        events.append(ev)
        lines.append(lineno)
    return events, lines


def tiles(self, names) -> tuple[int, ...]:
    """The reader's ``tile`` of each name in turn (a starting hand)."""
    tile = self.tile
    return tuple([tile(name) for name in names])


def read_game(self, events: list) -> bool:
    """True, ``self.game`` read from ``events`` by the reader's handlers; False, the reader
    is spent (the record is refused: the caller reads it again for the error)."""
    try:
        self.read_py(events)
    except (RecordError, *MALFORMED):
        return False
    return True


def read_lines(self, text_lines: list) -> bool:
    """:func:`read_game` of the events of ``text_lines`` (False too for a line that is not
    JSON)."""
    try:
        events, lines = decode_lines(text_lines, self.source)
        self.read_py(events, lines)
    except (RecordError, *MALFORMED):
        return False
    return True


def read_bytes(self, data: bytes) -> bool:
    """:func:`read_lines` of the lines of ``data`` (UTF-8, a BOM first allowed; False for
    bytes that are not UTF-8)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return read_lines(self, text.splitlines())
