"""Twin of ``riichi_fast._tiles``: the compiled readers' answers, from the Python code of tiles and hand.

A compiled reader returns what the Python constructor returns for a plain, valid
input, and ``None`` otherwise (the caller then runs the Python constructor, which
answers or raises).  Here each function is that Python constructor under the
default red rules, with ``None`` for an input it rejects; the compiled reader
may also return ``None`` for valid inputs it does not read (``r`` digits, kita
tokens, other types), never a different answer (tests/core/test_inputs.py).

>>> str(parse_hand("123m406p11z chi:3*45p pon:777z@2"))
'123m406p11z chi:345p pon:777z@2'
>>> parse_tiles("5555m") is None
True
"""

from __future__ import annotations

from riichi_fast.errors import RiichiError
from riichi_fast.hand import Hand
from riichi_fast.tiles import DEFAULT_RED
from riichi_fast.tiles import format_tiles as _format_tiles
from riichi_fast.tiles import parse_tiles as _parse_tiles

__all__ = ["format_ids", "hand_from_counts", "hand_from_ids", "parse_hand", "parse_tiles"]


def _or_none(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except RiichiError:
        return None


def parse_hand(text):
    """``Hand.parse(text)`` or None."""
    return _or_none(Hand.parse, text, red=DEFAULT_RED)


def parse_tiles(text):
    """``tiles.parse_tiles(text)`` or None."""
    return _or_none(_parse_tiles, text, red=DEFAULT_RED)


def hand_from_ids(closed):
    """``Hand.from_ids(closed)`` (no melds) or None."""
    return _or_none(Hand.from_ids, closed, (), DEFAULT_RED)


def hand_from_counts(counts):
    """``Hand.from_counts(counts)`` (no melds) or None."""
    return _or_none(Hand.from_counts, counts, (), DEFAULT_RED)


def format_ids(tiles):
    """``tiles.format_tiles(tiles)`` of 136-ids or None."""
    if not isinstance(tiles, (list, tuple)):
        return None
    return _or_none(_format_tiles, tiles, red=DEFAULT_RED)
