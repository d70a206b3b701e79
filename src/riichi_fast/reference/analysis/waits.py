"""Waits, ukeire and discard analysis (pure-Python twin of ``riichi_fast.analysis._waits``).

- :func:`waits`: the kinds that complete a tenpai-sized hand (13 - 3 * melds
  closed tiles).  A kind whose four copies are all in the player's hand (closed
  tiles plus melds) is not a wait unless ``karaten`` (RULES.md section 2,
  variant ``karaten_counts``).
- :func:`ukeire`: the unseen tiles that lower the shanten of a tenpai-sized hand.
- :func:`discard_analysis`: for a complete-sized hand (14 - 3 * melds closed
  tiles), every distinct discard with the shanten and ukeire after it.
- :func:`discard_waits`: for a complete-sized hand, the waits after each
  discard that leaves it tenpai (the riichi discards).
- :func:`waits_batch`: wait bitmasks of many hands, with a per-row status.
- :func:`ukeire_batch`: ukeire of many hands, with a per-row status.

Completeness here is checked by the reference decomposition (a hand is
complete when it has a reading), independently of the shanten kernels.

Three-player (``n_players=3``): 2m-8m do not exist: never a wait or a draw,
and a hand (or meld) holding one is a :class:`TileCountError` naming it.
Own melds: ``meld_counts`` are the tiles of the player's melds (and kita).
:func:`waits` uses them only to tell that four copies are held;
:func:`ukeire` always removes them from the unseen copies and, with
``melds_held`` (``Rules.own_melds_held``), also caps the shanten with them
(riichi_fast.reference.analysis.shanten, "Caps").
"""

from __future__ import annotations

import numpy as np

from riichi_fast._parallel import check_n_threads
from riichi_fast.enums import RowStatus
from riichi_fast.errors import ArrayError, TileCountError
from riichi_fast.analysis.readings import DiscardOption
from riichi_fast.analysis._checks import as_counts, caps_for, check_n_players
from riichi_fast.reference.analysis.decompose import (
    KIND_NAMES,
    YAOCHUU,
    _mpsz,  # noqa: F401  (used by the doctests)
    _set_decompositions,
)
from riichi_fast.reference.analysis.shanten import _shanten as _shanten_core


def _shanten(counts: bytes, caps=None) -> int:
    values = list(counts)
    return _shanten_core(values, sum(values), (4,) * 34 if caps is None else caps)


__all__ = ["DiscardOption", "discard_analysis", "discard_waits", "ukeire", "ukeire_batch", "waits", "waits_batch"]


def _is_complete(counts: list[int]) -> bool:
    """True when the closed tiles (3n+2 of them; counts may reach 5) are complete."""
    n = sum(counts)
    if n % 3 != 2:
        return False
    if n == 14:
        if all(counts[k] for k in YAOCHUU) and sum(counts[k] for k in YAOCHUU) == 14:
            return True
        if all(c in (0, 2) for c in counts) and counts.count(2) == 7:
            return True
    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if any(True for _ in _set_decompositions(rest)):
                return True
    return False


def _check_size(closed: list[int], complete: bool) -> int:
    n = sum(closed)
    want = 2 if complete else 1
    if n > 14 or n % 3 != want:
        shape = "complete-sized (14, 11, 8, 5 or 2)" if complete else "tenpai-sized (13, 10, 7, 4 or 1)"
        raise TileCountError(f"{n} closed tiles: the hand must be {shape}")
    return n


def _add_counts(a: list[int], b: list[int], name: str) -> list[int]:
    total = [x + y for x, y in zip(a, b)]
    for k, v in enumerate(total):
        if v > 4:
            raise TileCountError(f"{v} copies of {KIND_NAMES[k]} in the hand and {name} (at most 4)")
    return total


def waits(counts, *, meld_counts=None, karaten=False, n_players=4) -> tuple[int, ...]:
    """Kinds (0..33, ascending) that complete a tenpai-sized hand; ``()`` if not tenpai.

    ``meld_counts``: 34-counts of the tiles in the player's melds (a kan
    counts 4), used only to tell that all four copies of a kind are held.
    ``n_players=3``: 2m-8m do not exist (never waits; in the hand, an error).

    >>> waits(_mpsz("1112345678999m"))
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> waits(_mpsz("1111m234p567p789s")), waits(_mpsz("1111m234p567p789s"), karaten=True)
    ((), (0,))
    >>> waits(_mpsz("11m99m123p456p789s"), n_players=3)
    (0, 8)
    """
    closed = as_counts(counts)
    _check_size(closed, complete=False)
    melds = None if meld_counts is None else as_counts(meld_counts, "meld_counts")
    own = closed if melds is None else _add_counts(closed, melds, "melds")
    sanma = check_n_players(n_players) == 3
    if sanma:
        caps_for(closed, melds, 3)
    out = []
    for k in range(34):
        if own[k] == 4 and not karaten or sanma and 1 <= k <= 7:
            continue
        closed[k] += 1
        if _is_complete(closed):
            out.append(k)
        closed[k] -= 1
    return tuple(out)


def _ukeire(closed: list[int], seen: list[int], base: int, caps=None) -> tuple[int, tuple[int, ...]]:
    n, kinds = 0, []
    for k in range(34):
        unseen = 4 - seen[k]
        if unseen <= 0:
            continue
        closed[k] += 1
        if _shanten(bytes(closed), caps) < base:
            n += unseen
            kinds.append(k)
        closed[k] -= 1
    return n, tuple(kinds)


def _seen_caps(counts, visible, meld_counts, melds_held, n_players, complete):
    """(closed, seen, caps) of an ukeire-style call, checked as the compiled twin does."""
    closed = as_counts(counts)
    _check_size(closed, complete=complete)
    melds = None if meld_counts is None else as_counts(meld_counts, "meld_counts")
    held = closed if melds is None else _add_counts(closed, melds, "melds")
    vis = [0] * 34 if visible is None else as_counts(visible, "visible")
    seen = _add_counts(held, vis, "visible")
    caps = caps_for(closed, melds if melds_held else None, n_players)
    if n_players == 3:
        seen[1:8] = [4] * 7
    return closed, seen, caps


def ukeire(counts, visible=None, *, meld_counts=None, melds_held=True, n_players=4) -> tuple[int, tuple[int, ...]]:
    """``(n_tiles, kinds)``: unseen tiles whose draw lowers the shanten.

    ``counts``: a tenpai-sized hand (13, 10, 7, 4 or 1 closed tiles).
    ``visible``: 34-counts of the tiles the player sees outside his own hand
    (discards, other players' melds, dora indicators).  ``meld_counts``: the
    tiles of the player's own melds and kita.  A kind has 4 - closed - melds
    - visible unseen copies (none of 2m-8m when ``n_players=3``).  With
    ``melds_held`` (Rules.own_melds_held), the shanten also counts the meld
    tiles as held (no complete hand needs a copy beyond them).

    >>> ukeire(_mpsz("123m456p789s1122z"))
    (4, (27, 28))
    >>> ukeire(_mpsz("123m456p789s1122z"), visible=_mpsz("11z"))
    (2, (28,))
    >>> ukeire(_mpsz("13m456p789s11z"), meld_counts=_mpsz("2222m"))   # 2m is gone: 1-shanten
    (16, (0, 2, 3, 4, 27))
    """
    closed, seen, caps = _seen_caps(counts, visible, meld_counts, melds_held, n_players, False)
    return _ukeire(closed, seen, _shanten(bytes(closed), caps), caps)


def discard_analysis(
    counts, visible=None, *, meld_counts=None, melds_held=True, n_players=4
) -> tuple[DiscardOption, ...]:
    """Every distinct discard of a complete-sized hand: (kind, shanten, ukeire, kinds).

    Ascending by kind.  The unseen tiles are counted against the hand before the
    discard (the discarded tile is then in the player's river): entry ``k``
    equals ``ukeire(counts - k, visible + k)``.  ``meld_counts``,
    ``melds_held`` and ``n_players`` as for :func:`ukeire`.

    >>> for option in discard_analysis(_mpsz("123m456p789s11223z"))[-2:]:
    ...     print(option)
    DiscardOption(kind=28, shanten=1, ukeire=7, kinds=(27, 28, 29))
    DiscardOption(kind=29, shanten=0, ukeire=4, kinds=(27, 28))
    """
    closed, seen, caps = _seen_caps(counts, visible, meld_counts, melds_held, n_players, True)
    out = []
    for k in range(34):
        if not closed[k]:
            continue
        closed[k] -= 1
        base = _shanten(bytes(closed), caps)
        n, kinds = _ukeire(closed, seen, base, caps)
        out.append(DiscardOption(k, base, n, kinds))
        closed[k] += 1
    return tuple(out)


def discard_waits(counts, *, meld_counts=None, karaten=False, n_players=4) -> dict[int, tuple[int, ...]]:
    """Waits after each discard of a complete-sized hand: ``{discard kind: waits}``.

    Only the discards that leave the hand tenpai are keys (ascending); each
    value is what :func:`waits` gives for the hand after that discard (so the
    riichi discards are the keys).  ``meld_counts``, ``karaten`` and
    ``n_players`` as for :func:`waits`.

    >>> discard_waits(_mpsz("123m456p789s11223z"))
    {29: (27, 28)}
    >>> discard_waits(_mpsz("2345m456p789s1122z"))
    {1: (27, 28), 4: (27, 28)}
    """
    closed = as_counts(counts)
    _check_size(closed, complete=True)
    melds = [0] * 34 if meld_counts is None else as_counts(meld_counts, "meld_counts")
    _add_counts(closed, melds, "melds")
    caps_for(closed, melds, n_players)
    out = {}
    for k in range(34):
        if not closed[k]:
            continue
        closed[k] -= 1
        got = waits(
            bytes(closed),
            meld_counts=None if meld_counts is None else bytes(melds),
            karaten=karaten,
            n_players=n_players,
        )
        closed[k] += 1
        if got:
            out[k] = got
    return out


def _as_batch(hands, name: str = "hands") -> np.ndarray:
    if not isinstance(hands, np.ndarray):
        raise ArrayError(f"{name} must be a numpy uint8 array of shape (N, 34), got {type(hands).__name__}")
    if hands.dtype != np.uint8 or hands.ndim != 2 or hands.shape[1] != 34:
        raise ArrayError(f"{name} must be a uint8 array of shape (N, 34), got {hands.dtype} {hands.shape}")
    if not hands.flags.c_contiguous:
        raise ArrayError(f"{name} must be C-contiguous")
    return hands


def _as_out(out, n: int) -> np.ndarray:
    if out is None:
        return np.zeros(n, dtype=np.uint64)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint64 or out.shape != (n,):
        raise ArrayError(f"out must be a uint64 array of shape ({n},)")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ArrayError("out must be C-contiguous and writeable")
    return out


def waits_batch(hands, *, karaten=False, n_threads=1, out=None, n_players=4):
    """Wait bitmasks (bit k set = kind k is a wait) of ``(N, 34)`` uint8 tenpai-sized hands.

    Returns ``(masks, status)``: ``uint64 (N,)`` and ``uint8 (N,)``
    (:class:`~riichi_fast.enums.RowStatus`); a bad row gets mask 0 and its
    status, the other rows are computed.  Without melds, a kind held four
    times in the closed tiles is not a wait unless ``karaten``.  With
    ``n_players=3`` a row holding 2m-8m is ``COUNT_ABOVE_FOUR`` (more copies
    than exist).

    >>> masks, status = waits_batch(np.frombuffer(_mpsz("123m456p789s1122z"), np.uint8).reshape(1, 34))
    >>> [k for k in range(34) if int(masks[0]) >> k & 1], status.tolist()
    ([27, 28], [0])
    """
    hands = _as_batch(hands)
    check_n_threads(n_threads)
    check_n_players(n_players)
    n = hands.shape[0]
    masks = _as_out(out, n)
    status = np.zeros(n, dtype=np.uint8)
    for i in range(n):
        row = [int(v) for v in hands[i]]
        if max(row) > 4 or n_players == 3 and any(row[1:8]):
            status[i] = RowStatus.COUNT_ABOVE_FOUR
            masks[i] = 0
            continue
        t = sum(row)
        if t > 13 or t % 3 != 1:
            status[i] = RowStatus.BAD_TILE_COUNT
            masks[i] = 0
            continue
        mask = 0
        for k in waits(bytes(row), karaten=karaten, n_players=n_players):
            mask |= 1 << k
        masks[i] = mask
    return masks, status


def ukeire_batch(hands, visible=None, *, n_threads=1, n_players=4):
    """Ukeire of ``(N, 34)`` uint8 tenpai-sized hands: ``(n_tiles, kinds, status)``.

    ``n_tiles`` ``uint8 (N,)``: the unseen tiles whose draw lowers the shanten;
    ``kinds`` ``uint64 (N,)``: their kinds as bitmasks (bit k = kind k);
    ``status`` ``uint8 (N,)`` (:class:`~riichi_fast.enums.RowStatus`).  ``visible``:
    ``None`` or ``(N, 34)`` uint8 counts seen outside each closed hand, as for
    :func:`ukeire`.  A bad row (hand + visible above four copies, or a hand not
    tenpai-sized) gets 0, 0 and its status; the other rows are computed.
    ``n_players=3``: three-player ukeire; a row holding 2m-8m is
    ``COUNT_ABOVE_FOUR``.

    >>> hands = np.frombuffer(_mpsz("123m456p789s1122z") + _mpsz("11z"), np.uint8).reshape(2, 34)
    >>> n_tiles, kinds, status = ukeire_batch(hands)
    >>> n_tiles.tolist(), [k for k in range(34) if int(kinds[0]) >> k & 1], status.tolist()
    ([4, 0], [27, 28], [0, 1])
    """
    hands = _as_batch(hands)
    check_n_threads(n_threads)
    check_n_players(n_players)
    n = hands.shape[0]
    if visible is not None:
        visible = _as_batch(visible, "visible")
        if visible.shape[0] != n:
            raise ArrayError(f"visible must have the {n} rows of hands, got {visible.shape[0]}")
    tiles = np.zeros(n, dtype=np.uint8)
    masks = np.zeros(n, dtype=np.uint64)
    status = np.zeros(n, dtype=np.uint8)
    for i in range(n):
        row = [int(v) for v in hands[i]]
        vis = [0] * 34 if visible is None else [int(v) for v in visible[i]]
        if any(a + b > 4 for a, b in zip(row, vis)) or n_players == 3 and any(row[1:8]):
            status[i] = RowStatus.COUNT_ABOVE_FOUR
            continue
        t = sum(row)
        if t > 13 or t % 3 != 1:
            status[i] = RowStatus.BAD_TILE_COUNT
            continue
        n_tiles, kinds = ukeire(bytes(row), bytes(vis), n_players=n_players)
        tiles[i] = n_tiles
        masks[i] = sum(1 << k for k in kinds)
    return tiles, masks, status
