"""Exceptions raised by riichi_fast for bad input.

Every error is a :class:`RiichiError`, itself a :class:`ValueError`, so callers can
catch either.  Messages name the offending character, tile, meld or array.
"Does this hand win" is never an exception: scoring reports it as a status.
"""


class RiichiError(ValueError):
    """Base class of every input error raised by riichi_fast."""


class TileParseError(RiichiError):
    """A tile string (mpsz, mjai name, hand string) could not be parsed."""


class TileCountError(RiichiError):
    """Too many copies of a tile, too many red tiles, or a hand of impossible size."""


class MeldError(RiichiError):
    """A meld is malformed: a chi that is not a sequence, a called tile not in it, ..."""


class ArrayError(RiichiError):
    """An array argument has the wrong dtype, shape, layout or values out of range."""


class ContextError(RiichiError):
    """A win context or rules object holds an impossible value (wind out of range, ...)."""


class WallError(RiichiError):
    """A wall, a wall seed or a dealing request is malformed (wrong tiles, wrong seed format, ...)."""
