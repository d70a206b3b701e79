"""Argument checks and their messages, shared by the analysis kernels and their twins.

The compiled kernels (``analysis/_shanten.pyx``, ``_waits.pyx``, ``_player.pyx``)
read their counts in C; where they need a Python-level check (the table size,
the caps a player's melds leave, the 34-count arguments of the twins) they call
these, as the pure-Python twins do, so both raise the same errors.

>>> check_n_players(3), caps_for([0] * 34, None, 3)[:9]
(3, (4, 0, 0, 0, 0, 0, 0, 0, 4))
>>> as_kind(33), as_counts(bytes(34))[:3]
(33, [0, 0, 0])
"""

from __future__ import annotations

import operator

from riichi_fast.errors import ArrayError, ContextError, TileCountError, TileParseError
from riichi_fast.tiles import KIND_NAMES

__all__ = ["as_counts", "as_kind", "caps_for", "check_n_players"]

N_KINDS = 34


def _int(value):
    """``value`` as an int if it is an integer (int, numpy integer; not bool), else None."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def as_counts(counts, name: str = "counts") -> list[int]:
    """Validate a 34-count argument and return it as a list of ints.

    Accepted: ``bytes``/``bytearray`` of length 34, a C-contiguous numpy uint8
    array of shape (34,), or a list/tuple of 34 ints.  Anything else raises
    :class:`ArrayError`; a count above 4 raises :class:`TileCountError`.
    """
    if isinstance(counts, (bytes, bytearray)):
        values = list(counts)
    elif isinstance(counts, (list, tuple)):
        values = []
        for v in counts:
            i = _int(v)
            if i is None or i < 0 or i > 255:
                raise ArrayError(f"{name} must hold ints 0..4, got {v!r}")
            values.append(i)
    elif type(counts).__module__ == "numpy" and type(counts).__name__ == "ndarray":
        if counts.dtype.char != "B":
            raise ArrayError(f"{name} must have dtype uint8, got {counts.dtype}")
        if counts.ndim != 1:
            raise ArrayError(f"{name} must be 1-dimensional, got shape {counts.shape}")
        if not counts.flags.c_contiguous:
            raise ArrayError(f"{name} must be C-contiguous")
        values = [int(v) for v in counts]
    else:
        raise ArrayError(f"{name} must be bytes, a uint8 numpy array or a list of 34 ints, got {type(counts).__name__}")
    if len(values) != N_KINDS:
        raise ArrayError(f"{name} must have length 34, got {len(values)}")
    for k, v in enumerate(values):
        if v > 4:
            raise TileCountError(f"{name}: {v} copies of {KIND_NAMES[k]} (at most 4)")
    return values


def as_kind(kind, name: str = "tile") -> int:
    """Validate a tile kind (an int 0..33)."""
    k = _int(kind)
    if k is None or not 0 <= k < N_KINDS:
        raise TileParseError(f"{name} must be a tile kind 0..33, got {kind!r}")
    return k


def check_n_players(n_players) -> int:
    """``n_players`` if it is 3 or 4, else a ContextError."""
    if type(n_players) is not int or n_players not in (3, 4):
        raise ContextError(f"n_players={n_players!r}: expected 3 or 4")
    return n_players


def caps_for(counts: list[int], meld_counts=None, n_players=4) -> tuple[int, ...]:
    """The 34 caps of a validated closed hand, after checking the melds.

    A complete hand holds at most ``caps[k]`` tiles of kind ``k`` in its closed
    part (``riichi_fast.reference.analysis.shanten``): 4, less the player's meld
    copies that count as held, and 0 for 2m-8m in three-player mahjong.
    ``meld_counts``: None or the 34 counts of the player's meld (and kita) tiles
    that count as held.  Raises :class:`TileCountError` for closed + meld copies
    above 4 and, in three-player, for a 2m-8m tile.
    """
    check_n_players(n_players)
    melds = [0] * N_KINDS if meld_counts is None else as_counts(meld_counts, "meld_counts")
    for kind in range(N_KINDS):
        if counts[kind] + melds[kind] > 4:
            raise TileCountError(
                f"counts: tile {KIND_NAMES[kind]} (kind {kind}) held {counts[kind]} times "
                f"and {melds[kind]} times in melds (at most 4 in all)"
            )
    if n_players == 3:
        for kind in range(1, 8):
            if counts[kind] or melds[kind]:
                raise TileCountError(
                    f"counts: tile {KIND_NAMES[kind]} (kind {kind}) does not exist in three-player mahjong"
                )
    caps = [4 - m for m in melds]
    if n_players == 3:
        caps[1:8] = [0] * 7
    return tuple(caps)
