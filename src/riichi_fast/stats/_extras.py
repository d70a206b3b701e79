"""Optional dependencies of :mod:`riichi_fast.stats`, imported on first use."""

from __future__ import annotations

import importlib

from riichi_fast.errors import RiichiError

_EXTRAS = {
    "pyarrow": ("data", "Parquet export"),
    "matplotlib": ("plot", "plots"),
    "distributed": ("dask", "Dask runs"),
}


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
