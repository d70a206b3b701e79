"""Argument checks of :mod:`riichi_fast.stats`, and its optional dependencies, imported on first use."""

from __future__ import annotations

import importlib
import os

from riichi_fast.errors import RiichiError
from riichi_fast.records.model import Game

_EXTRAS = {
    "pyarrow": ("data", "Parquet export"),
    "matplotlib": ("plot", "plots"),
    "distributed": ("dask", "Dask runs"),
}


def check_path(value, what: str = "path") -> str:
    """``value`` as a path string, or a RiichiError naming ``what``.

    >>> check_path("a/b")
    'a/b'
    """
    if isinstance(value, (str, os.PathLike)):
        p = os.fspath(value)
        if isinstance(p, str) and p:
            return p
    raise RiichiError(f"{what} must be a non-empty str or path, got {value!r}")


def check_positive(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RiichiError(f"{what} must be a positive int, got {value!r}")
    return value


def check_game(game):
    if not isinstance(game, Game):
        raise RiichiError(f"expected a riichi_fast.records.Game, got {type(game).__name__}")
    return game


class MissingExtra(RiichiError):
    """An optional dependency is not installed (the message names the extra to install)."""


def require(module: str):
    """Import ``module`` or raise :class:`MissingExtra` naming the pip extra that provides it.

    >>> require("json").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        extra, what = _EXTRAS.get(top, (None, top))
        hint = f'pip install "riichi_fast[{extra}]"' if extra else f"pip install {top}"
        raise MissingExtra(f"{what} need {top}, which is not installed: {hint}") from None
