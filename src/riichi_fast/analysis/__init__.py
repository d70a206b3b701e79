"""Hand analysis: shanten, agari, decomposition, waits, ukeire, furiten, player state.

- :mod:`.front`: the public single-call functions (every input form), their compiled
  fronts in ``riichi_fast._inputs``;
- ``_shanten``, ``_decompose``, ``_waits``, ``_furiten``, ``_player``: the kernels, each
  with its twin in ``riichi_fast.reference.analysis``;
- :mod:`.readings`: the readings :func:`decompose` returns.

The public names are loaded on first use (PEP 562): importing this package does not build
the shanten tables, so that ``import riichi_fast`` stays fast.

>>> from riichi_fast.analysis import shanten
>>> shanten("123m456p789s1122z")
0
"""

__all__ = [
    "FuritenState",
    "PlayerState",
    "decompose",
    "discard_analysis",
    "discard_waits",
    "is_agari",
    "is_agari_batch",
    "is_furiten",
    "shanten",
    "shanten_batch",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_regular",
    "ukeire",
    "ukeire_batch",
    "waits",
    "waits_batch",
]


def __getattr__(name):
    # the kernels build their tables on import (import-time cost: kept out of `import riichi_fast`)
    if name == "PlayerState":
        from riichi_fast import _backend

        value = _backend.load("analysis._player").PlayerState
    elif name in __all__:
        from riichi_fast.analysis import front

        value = getattr(front, name)
    else:
        raise AttributeError(f"module 'riichi_fast.analysis' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
