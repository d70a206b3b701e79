"""Twin of ``riichi_fast.records.mjlog._reader``: the mjlog reader's entry points in Python.

The compiled module replays each round's steps in C on the reader object it is given
(``records.mjlog.reader._Reader``).  Here that reader's own loop (``_Reader.read``) reads
the whole record: the same game, or the error.
"""

from __future__ import annotations

__all__ = ["ints", "read"]


def ints(text: str | None) -> list[int]:
    """The numbers of a comma-separated attribute (None or "": []).

    >>> ints("1,-20,,3"), ints(None), ints(" 7")
    ([1, -20, 3], [], [7])
    """
    if not text:
        return []
    return [int(x) for x in text.split(",") if x != ""]


def read(reader, root) -> bool:
    """True: ``reader.game`` is the game of the parsed record ``root``, read by
    ``reader.read`` (which raises on a record it refuses)."""
    reader.read(root)
    return True
