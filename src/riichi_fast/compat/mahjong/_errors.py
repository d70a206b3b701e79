"""Errors of the compat layer: mahjong 2.1.0's exception classes that are also riichi_fast's.

Code written against mahjong catches what mahjong raises (``IndexError``,
``RuntimeError``, ``TypeError``, ``ValueError``); riichi_fast's rule is that
bad input raises a :class:`~riichi_fast.errors.RiichiError`.  Each class here
is both, with mahjong's message.

>>> issubclass(TileIdError, IndexError), issubclass(TileIdError, ValueError)
(True, True)
>>> total = ours_on_type_error(lambda counts: sum(counts))
>>> try:
...     total([1, "2"])
... except TypeError as e:
...     print(type(e).__name__, isinstance(e, ValueError))
CountTypeError True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from riichi_fast.errors import MeldError, TileCountError, TileParseError

__all__ = ["CountTypeError", "MeldTypeError", "TileIdError", "ours_on_type_error"]

F = TypeVar("F", bound=Callable)


class TileIdError(TileParseError, IndexError):
    """A 136-id past the 34 kinds (136 or more, below -136) where mahjong indexes its count list:
    ``IndexError("list index out of range")`` there."""


class MeldTypeError(MeldError, RuntimeError):
    """A meld type mahjong cannot divide (nuki or unknown): ``RuntimeError`` there."""


class CountTypeError(TileCountError, TypeError):
    """Counts or ids of a type mahjong's arithmetic refuses (``None``, ``str``): ``TypeError`` there."""


def ours_on_type_error(func: F) -> F:
    """``func`` with a ``TypeError`` from mahjong-style arithmetic on bad input re-raised as
    :class:`CountTypeError` (same message)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except TypeError as e:
            if isinstance(e, CountTypeError):
                raise
            raise CountTypeError(str(e)) from None

    return wrapper  # type: ignore[return-value]
