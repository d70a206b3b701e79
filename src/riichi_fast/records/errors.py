"""The records' error and the checks every reader makes on what it is given.

A leaf module (it imports only :mod:`riichi_fast.errors`): the readers, their compiled
halves and their twins in ``riichi_fast.reference.records`` all raise :class:`RecordError`.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

from riichi_fast.errors import RiichiError

__all__ = ["RecordError", "malformed_record", "record_path", "record_text"]


class RecordError(RiichiError):
    """A game record is malformed or contradicts itself."""


def record_path(path, reader: str):
    """``path`` if it names a file (str, bytes or os.PathLike), else RecordError.

    An int is refused too: ``open()`` would take it for a file descriptor.

    >>> record_path(None, "read_mjlog")
    Traceback (most recent call last):
    ...
    riichi_fast.records.errors.RecordError: read_mjlog: expected a file path, got None
    """
    if isinstance(path, (str, bytes, os.PathLike)):
        return path
    raise RecordError(f"{reader}: expected a file path, got {_short(path)}")


def record_text(data, reader: str, kinds=(str, bytes, bytearray)):
    """``data`` if it is record text (str or bytes), else RecordError naming what it got.

    >>> record_text(b"<mjloggm/>", "parse_mjlog")
    b'<mjloggm/>'
    """
    if isinstance(data, kinds):
        return data
    raise RecordError(f"{reader}: expected the record's text (str or bytes), got {_short(data)}")


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__}"


#: what a reader hits on a damaged record (a field that is not a number, a missing key, a
#: list too short): :func:`malformed_record` turns these into a RecordError
MALFORMED = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
             RecursionError)


@contextmanager
def malformed_record(source: str):
    """Turn what a reader hits on a damaged record (:data:`MALFORMED`) into a RecordError
    naming the record; our own errors pass through.

    >>> with malformed_record("x.json"):
    ...     int("five")
    Traceback (most recent call last):
    ...
    riichi_fast.records.errors.RecordError: x.json: malformed record (ValueError: invalid literal for int() with base 10: 'five')
    """
    try:
        yield
    except RiichiError:
        raise
    except MALFORMED as exc:
        raise RecordError(f"{source}: malformed record ({type(exc).__name__}: {exc})") from exc
