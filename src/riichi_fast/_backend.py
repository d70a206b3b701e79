"""Choose the compiled kernels or their pure-Python twins: the one switch of the package.

Every compiled module ``riichi_fast.<pkg>._x`` has its twin at
``riichi_fast.reference.<pkg>.x`` (``analysis._shanten`` and
``reference.analysis.shanten``).  ``RIICHI_FAST_PUREPYTHON=1`` routes every
:func:`load` to the twins.  Otherwise the compiled modules are imported, and an import
failure is an error: a silent fallback could make a batch job thirty times slower with no
sign of why.
"""

import importlib
import os

PUREPYTHON = os.environ.get("RIICHI_FAST_PUREPYTHON", "0") not in ("", "0")
BACKEND = "reference" if PUREPYTHON else "cython"


def twin_path(path: str) -> str:
    """The twin of compiled module ``path``: ``"analysis._shanten"`` -> ``"reference.analysis.shanten"``."""
    head, _, leaf = path.rpartition(".")
    if not leaf.startswith("_"):
        raise ValueError(f"{path!r} is not a compiled module path (its last part starts with '_')")
    return "reference." + (head + "." if head else "") + leaf[1:]


def load(path: str):
    """The implementation of kernel ``path`` (``"analysis._shanten"``): the compiled module
    ``riichi_fast.<path>``, or its twin under ``RIICHI_FAST_PUREPYTHON=1``.

    >>> load("analysis._shanten").__name__ in ("riichi_fast.analysis._shanten",
    ...                                        "riichi_fast.reference.analysis.shanten")
    True
    """
    if PUREPYTHON:
        return importlib.import_module(f"riichi_fast.{twin_path(path)}")
    return _import_compiled(path)


def twin(path: str):
    """The pure-Python twin of compiled module ``path`` whatever the switch: for a public module that
    shows the readable specification beside its kernel (``riichi_fast.engine.Table``, the twin of
    ``engine._table``'s ``CTable``).

    >>> twin("engine._table").__name__
    'riichi_fast.reference.engine.table'
    """
    return importlib.import_module(f"riichi_fast.{twin_path(path)}")


def compiled(path: str):
    """The compiled module ``riichi_fast.<path>`` (``"records.mjai._reader"``), or None under
    RIICHI_FAST_PUREPYTHON=1 (the caller then runs its Python twin); an import failure is
    an error naming the module."""
    if PUREPYTHON:
        return None
    return _import_compiled(path)


def _import_compiled(path: str):
    try:
        return importlib.import_module(f"riichi_fast.{path}")
    except ImportError as exc:  # pragma: no cover - exercised by a packaging mistake
        raise ImportError(
            f"the compiled module riichi_fast.{path} failed to import ({exc}); "
            "rebuild the package (pip install .) or set RIICHI_FAST_PUREPYTHON=1 "
            "to use the pure-Python reference explicitly"
        ) from exc
