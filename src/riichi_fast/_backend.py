"""Choose the compiled kernels or their pure-Python twins.

``RIICHI_FAST_PUREPYTHON=1`` routes the public API to ``riichi_fast.reference``.
Otherwise the compiled modules are imported, and an import failure is an error:
a silent fallback could make a batch job thirty times slower with no sign of why.
"""

import importlib
import os

PUREPYTHON = os.environ.get("RIICHI_FAST_PUREPYTHON", "0") not in ("", "0")
BACKEND = "reference" if PUREPYTHON else "cython"


def load(name: str):
    """Return the implementation module of kernel family ``name`` (``"shanten"``, ...)."""
    if PUREPYTHON:
        return importlib.import_module(f"riichi_fast.reference.{name}")
    return compiled(f"_{name}")


def compiled(path: str):
    """The compiled module ``riichi_fast.<path>`` (``"records._mjai"``), or None under
    RIICHI_FAST_PUREPYTHON=1 (the caller then runs its Python twin); an import failure is
    an error naming the module."""
    if PUREPYTHON:
        return None
    try:
        return importlib.import_module(f"riichi_fast.{path}")
    except ImportError as exc:  # pragma: no cover - exercised by a packaging mistake
        raise ImportError(
            f"the compiled module riichi_fast.{path} failed to import ({exc}); "
            "rebuild the package (pip install .) or set RIICHI_FAST_PUREPYTHON=1 "
            "to use the pure-Python reference explicitly"
        ) from exc
