"""Settlement: per-seat score changes and the next table state (RULES.md sections 6-7).

- :mod:`.front`: the public functions (:func:`settle_win`, :func:`settle_exhaustive_draw`,
  :func:`settle_abortive_draw`, :func:`settle_chombo`);
- :mod:`.types`: the value types they take and return;
- :mod:`.explain`: the settlement in Python (payments as edges, explanation lines), which the
  compiled module calls for the rare cases and the lines;
- ``_settle``: the compiled arithmetic (``_settle.pxd``; twin ``riichi_fast.reference.settle.settle``).

The public names are loaded on first use (PEP 562), so that importing :mod:`.types` does
not load the compiled arithmetic.

>>> from riichi_fast.settle import TableState, settle_exhaustive_draw
>>> settle_exhaustive_draw(TableState(dealer=0, scores=(25000,) * 4), tenpai=[0]).deltas
(3000, -1000, -1000, -1000)
"""

__all__ = [
    "ABORTIVE_KINDS",
    "HandValue",
    "Settlement",
    "TableState",
    "Win",
    "hand_value",
    "settle_abortive_draw",
    "settle_chombo",
    "settle_exhaustive_draw",
    "settle_win",
]


def __getattr__(name):
    # import-order cost: the compiled arithmetic is loaded only when a settle function is asked for
    if name not in __all__:
        raise AttributeError(f"module 'riichi_fast.settle' has no attribute {name!r}")
    from riichi_fast.settle import front

    value = getattr(front, name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
