"""Shanten and agari, plain Python (twin of ``riichi_fast.analysis._shanten``).

Shanten is the number of tiles a hand is away from tenpai: ``-1`` for a complete
hand, ``0`` for tenpai.  Precisely, it is the fewest tiles the hand must draw
(discarding as many) to hold a complete hand, minus one.  A complete hand never
holds a kind more than four times, so a wait on a tile the hand already holds
four of does not count: ``1111m`` plus three sets is not tenpai.

The number of melds is implied by the closed tile count ``t``
(docs/INTERNALS.md): the closed tiles must make ``t // 3`` sets and a pair.
``t % 3 == 0`` or ``t > 14`` is an impossible size.  Chiitoitsu (seven distinct
pairs; four of a kind is not two pairs) and kokushi apply only to 13 or 14
closed tiles.

Counts are 34 per-kind numbers (0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 =
1-7z) given as ``bytes``/``bytearray`` of length 34 or a C-contiguous uint8
numpy array of shape (34,).

The regular form is a direct branch-and-bound search: take the lowest tile
still in the hand and try every way the target hand could use it (in a
triplet, a sequence, the pair) or drop it; sets and a pair that use no tile of
the hand cost 3 and 2 drawn tiles.

Caps.  A complete hand holds at most ``caps[k]`` tiles of kind ``k`` in its
closed part: 4 by default; ``4 - meld_counts[k]`` when the tiles of the
player's own melds (and kita) count as held (``Rules.own_melds_held``, the
caller decides and passes ``meld_counts`` only then); 0 for 2m-8m in
three-player mahjong (``n_players=3``), which leaves manzu without sequences.
A three-player hand holding 2m-8m raises :class:`TileCountError` naming the
tile.  Chiitoitsu needs pairs of kinds with a cap of 2 or more; kokushi is
impossible when a terminal or honor has a cap of 0 (all four kita declared).
"""

from __future__ import annotations

import itertools

import numpy as np

from riichi_fast._parallel import check_n_threads
from riichi_fast.analysis._checks import caps_for, check_n_players
from riichi_fast.enums import RowStatus
from riichi_fast.errors import ArrayError, ContextError, TileCountError
from riichi_fast.tiles import KIND_NAMES

__all__ = [
    "SHANTEN_INVALID",
    "is_agari",
    "is_agari_batch",
    "shanten",
    "shanten_batch",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_regular",
]

#: shanten written for a batch row whose input is bad (its status says why)
SHANTEN_INVALID = 127

N_KINDS = 34
KOKUSHI_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _as_counts(counts) -> list[int]:
    """The 34 counts as a list, after checking type, dtype, shape and layout."""
    try:
        view = memoryview(counts)
    except TypeError:
        raise ArrayError(
            f"counts: expected bytes, bytearray or a uint8 numpy array of shape (34,), got {type(counts).__name__}"
        ) from None
    if isinstance(counts, bytes) and len(counts) != N_KINDS:
        raise ArrayError(f"counts: expected 34 bytes, got {len(counts)}")
    if view.format != "B" or view.itemsize != 1:
        raise ArrayError(f"counts: expected dtype uint8, got buffer format {view.format!r}")
    if view.ndim != 1 or view.shape[0] != N_KINDS:
        raise ArrayError(f"counts: expected shape (34,), got {view.shape}")
    if not view.c_contiguous:
        raise ArrayError("counts: array is not C-contiguous")
    return view.tolist()


def _check(counts: list[int]) -> int:
    """Raise TileCountError for a count above 4 or an impossible size; return the size."""
    for kind, n in enumerate(counts):
        if n > 4:
            raise TileCountError(f"counts: tile {KIND_NAMES[kind]} (kind {kind}) held {n} times (at most 4)")
    total = sum(counts)
    if total > 14 or total % 3 == 0:
        raise TileCountError(
            f"counts: a hand of {total} closed tiles is impossible (need 3n+1 or 3n+2 tiles, at most 14)"
        )
    return total


#: the caps of the plain four-player case (no meld counted)
FULL_CAPS = (4,) * N_KINDS


#: for each kind, the first tiles of the sequences holding it (as 3rd, 2nd, 1st tile)
SEQUENCE_FIRSTS = tuple(
    tuple(f for f in (k - 2, k - 1, k) if k < 27 and f // 9 == k // 9 and f % 9 <= 6) for k in range(N_KINDS)
)


def _group_distance(counts: list[int], n_sets: int, n_pairs: int, caps=FULL_CAPS) -> int:
    """Fewest tiles to draw so that ``counts`` holds ``n_sets`` sets and ``n_pairs`` pairs.

    Tries budgets 0, 1, 2, ... drawn tiles until a target hand fits.  For a
    budget, the search takes the lowest tile still in the hand and tries each
    way the target hand could hold it: in a triplet (option 0), in a sequence as
    its third, second or first tile (options 1-3), in the pair (option 4), or not
    at all (option 5).  Choices made on one kind are taken in non-decreasing
    option order so that each combination is visited once.  Tiles of a set below
    the current kind are drawn (the hand's copies there are already placed).
    No kind is used beyond its cap.  Sets and a pair made of drawn tiles only
    are assumed placeable (there are always enough kinds with room for them).
    """
    rest = list(counts)  # hand tiles not yet placed
    used = [0] * N_KINDS  # tiles of each kind in the target hand (at most 4)

    def fits(budget, kind, first_option, sets_left, pair_left, cost, remaining):
        need = 3 * sets_left + 2 * pair_left
        if cost + max(0, need - remaining) > budget:
            return False  # even using every remaining tile goes over the budget
        if rest[kind] == 0:
            first_option = 0
            while kind < N_KINDS and rest[kind] == 0:
                kind += 1
        if kind == N_KINDS or need == 0:
            return True  # missing sets/pair are made of drawn tiles only
        held = rest[kind]
        found = False
        if sets_left and first_option == 0 and used[kind] + 3 <= caps[kind]:  # triplet
            take = min(held, 3)
            rest[kind] -= take
            used[kind] += 3
            found = fits(budget, kind, 0, sets_left - 1, pair_left, cost + 3 - take, remaining - take)
            rest[kind] += take
            used[kind] -= 3
        if sets_left and not found:  # sequences
            for first in SEQUENCE_FIRSTS[kind]:
                option = 3 - (kind - first)
                tiles = (first, first + 1, first + 2)
                if option < first_option or any(used[j] >= caps[j] for j in tiles):
                    continue
                taken = [j for j in tiles if j >= kind and rest[j] > 0]
                for j in tiles:
                    used[j] += 1
                for j in taken:
                    rest[j] -= 1
                found = fits(
                    budget, kind, option, sets_left - 1, pair_left, cost + 3 - len(taken), remaining - len(taken)
                )
                for j in tiles:
                    used[j] -= 1
                for j in taken:
                    rest[j] += 1
                if found:
                    break
        if pair_left and first_option <= 4 and used[kind] + 2 <= caps[kind] and not found:  # the pair
            take = min(held, 2)
            rest[kind] -= take
            used[kind] += 2
            found = fits(budget, kind, 4, sets_left, 0, cost + 2 - take, remaining - take)
            rest[kind] += take
            used[kind] -= 2
        if not found:  # or this tile is not kept
            rest[kind] -= 1
            found = fits(budget, kind, 5, sets_left, pair_left, cost, remaining - 1)
            rest[kind] += 1
        return found

    budget = 0
    while not fits(budget, 0, 0, n_sets, n_pairs, 0, sum(counts)):
        budget += 1
    return budget


#: the four groups of kinds: a set or a pair never mixes two groups
GROUPS = (range(9), range(9, 18), range(18, 27), range(27, 34))


def _regular_distance(counts: list[int], n_sets: int, caps=FULL_CAPS) -> int:
    """Fewest tiles to draw so that the hand holds ``n_sets`` sets and a pair.

    Each group (man, pin, sou, honors) is searched alone for every number of
    sets and pairs it could hold; the best split of the sets and the pair
    between the groups wins.  A group without tiles needs 3 tiles a set and 2
    for the pair, so a hand of one group is searched whole.
    """
    held = [kinds for kinds in GROUPS if any(counts[k] for k in kinds)]
    if len(held) <= 1:
        return _group_distance(counts, n_sets, 1, caps)
    distance = {}
    for g, kinds in enumerate(GROUPS):
        group_counts = [counts[k] if k in kinds else 0 for k in range(N_KINDS)]
        for m in range(n_sets + 1):
            for p in (0, 1):
                if kinds in held:
                    distance[g, m, p] = _group_distance(group_counts, m, p, caps)
                else:
                    distance[g, m, p] = 3 * m + 2 * p
    best = 3 * n_sets + 2
    for split in itertools.product(range(n_sets + 1), repeat=4):
        if sum(split) != n_sets:
            continue
        for pair_group in range(4):
            total = sum(distance[g, split[g], int(g == pair_group)] for g in range(4))
            best = min(best, total)
    return best


def _regular(counts: list[int], total: int, caps=FULL_CAPS) -> int:
    return _regular_distance(counts, total // 3, caps) - 1


def _chiitoitsu(counts: list[int], caps=FULL_CAPS) -> int:
    pairs = sum(1 for n in counts if n >= 2)
    # a single can become a pair only if its kind has room for two copies
    kinds = pairs + sum(1 for n, cap in zip(counts, caps) if n == 1 and cap >= 2)
    return 6 - pairs + max(0, 7 - kinds)


def _kokushi(counts: list[int], caps=FULL_CAPS) -> int | None:
    """Kokushi shanten; None when impossible (a terminal or honor with a cap of 0)."""
    if any(caps[k] == 0 for k in KOKUSHI_KINDS):
        return None
    kinds = sum(1 for k in KOKUSHI_KINDS if counts[k] >= 1)
    has_pair = any(counts[k] >= 2 for k in KOKUSHI_KINDS)
    return 13 - kinds - has_pair


def _shanten(counts: list[int], total: int, caps=FULL_CAPS) -> int:
    result = _regular(counts, total, caps)
    if total >= 13:
        result = min(result, _chiitoitsu(counts, caps))
        kokushi = _kokushi(counts, caps)
        if kokushi is not None:
            result = min(result, kokushi)
    return result


def _all_sets(counts: list[int]) -> bool:
    """True when the tiles split into triplets and sequences.

    The lowest kind's tiles go into a triplet when there are three or more (three
    identical sequences hold the same tiles as three triplets), the rest start
    sequences.
    """
    rest = list(counts)
    for kind in range(N_KINDS):
        n = rest[kind]
        if n >= 3:
            n -= 3
        if n:
            if kind >= 27 or kind % 9 > 6 or rest[kind + 1] < n or rest[kind + 2] < n:
                return False
            rest[kind + 1] -= n
            rest[kind + 2] -= n
    return True


def _is_agari(counts: list[int], total: int) -> bool:
    if total % 3 != 2:
        return False
    if total == 14:
        if sum(1 for n in counts if n == 2) == 7:
            return True  # chiitoitsu: seven distinct pairs
        if all(counts[k] for k in KOKUSHI_KINDS) and sum(counts[k] for k in KOKUSHI_KINDS) == 14:
            return True  # kokushi
    for pair in range(N_KINDS):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if _all_sets(rest):
                return True
    return False


def shanten(counts, *, meld_counts=None, n_players=4) -> int:
    """Shanten of a closed hand: the minimum over regular, chiitoitsu and kokushi.

    ``-1`` is a complete hand, ``0`` tenpai.  Melds are implied by the tile count.
    ``meld_counts`` (tiles of the player's melds held against the four copies)
    and ``n_players`` set the caps (module docstring).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten(mpsz_to_counts("123m456p789s1122z"))
    0
    >>> shanten(mpsz_to_counts("11223344556677z"))
    -1
    """
    counts = _as_counts(counts)
    total = _check(counts)
    return _shanten(counts, total, caps_for(counts, meld_counts, n_players))


def shanten_regular(counts, *, meld_counts=None, n_players=4) -> int:
    """Shanten of the regular form (t // 3 sets and a pair from t closed tiles).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten_regular(mpsz_to_counts("1111m234p567p789s"))
    1
    >>> shanten_regular(mpsz_to_counts("234m55p"))
    -1
    """
    counts = _as_counts(counts)
    total = _check(counts)
    return _regular(counts, total, caps_for(counts, meld_counts, n_players))


def shanten_chiitoitsu(counts, *, meld_counts=None, n_players=4) -> int:
    """Shanten of the seven-pairs form (13 or 14 closed tiles; a quad is one pair).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten_chiitoitsu(mpsz_to_counts("1122334455667m"))
    0
    >>> shanten_chiitoitsu(mpsz_to_counts("1111223344556m"))
    2
    """
    counts = _as_counts(counts)
    total = _check(counts)
    caps = caps_for(counts, meld_counts, n_players)
    if total not in (13, 14):
        raise TileCountError(f"counts: chiitoitsu needs 13 or 14 closed tiles, got {total}")
    return _chiitoitsu(counts, caps)


def shanten_kokushi(counts, *, meld_counts=None, n_players=4) -> int:
    """Shanten of the thirteen-orphans form (13 or 14 closed tiles).

    Raises :class:`ContextError` when kokushi is impossible (all four copies of
    a terminal or honor out of the closed hand, such as four kita).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> shanten_kokushi(mpsz_to_counts("19m19p19s1234567z"))
    0
    """
    counts = _as_counts(counts)
    total = _check(counts)
    caps = caps_for(counts, meld_counts, n_players)
    if total not in (13, 14):
        raise TileCountError(f"counts: kokushi needs 13 or 14 closed tiles, got {total}")
    result = _kokushi(counts, caps)
    if result is None:
        raise ContextError("counts: kokushi is impossible: all four copies of a terminal or honor are in the melds")
    return result


def is_agari(counts, *, n_players=4) -> bool:
    """True when the closed tiles form a complete hand (sets and a pair, chiitoitsu, kokushi).

    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> is_agari(mpsz_to_counts("123m456p789s11222z"))
    True
    >>> is_agari(mpsz_to_counts("11223344556666z"))
    False
    """
    counts = _as_counts(counts)
    total = _check(counts)
    caps_for(counts, None, n_players)
    return _is_agari(counts, total)


def _as_batch(hands) -> np.ndarray:
    if not isinstance(hands, np.ndarray):
        raise ArrayError(f"hands: expected a numpy uint8 array of shape (N, 34), got {type(hands).__name__}")
    if hands.dtype != np.uint8:
        raise ArrayError(f"hands: expected dtype uint8, got {hands.dtype}")
    if hands.ndim != 2 or hands.shape[1] != N_KINDS:
        raise ArrayError(f"hands: expected shape (N, 34), got {hands.shape}")
    if not hands.flags.c_contiguous:
        raise ArrayError("hands: array is not C-contiguous")
    return hands


def _row_status(row: list[int], n_players: int = 4) -> RowStatus:
    if max(row) > 4 or n_players == 3 and any(row[1:8]):
        return RowStatus.COUNT_ABOVE_FOUR
    total = sum(row)
    if total > 14 or total % 3 == 0:
        return RowStatus.BAD_TILE_COUNT
    return RowStatus.OK


def shanten_batch(hands, *, n_threads=1, out=None, n_players=4) -> tuple[np.ndarray, np.ndarray]:
    """Shanten of every row of a C-contiguous (N, 34) uint8 array.

    Returns ``(shanten, status)``: int8 and uint8 arrays of length N.  A bad row
    gets its :class:`~riichi_fast.enums.RowStatus` and ``SHANTEN_INVALID``;
    ``out`` (an int8 array of length N) receives the shanten when given.
    ``n_players=3``: three-player shanten; a row holding 2m-8m is
    ``COUNT_ABOVE_FOUR`` (more copies than exist).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> hands = np.stack([mpsz_to_counts("123m456p789s1122z"), mpsz_to_counts("111m")])
    >>> sh, status = shanten_batch(hands)
    >>> sh.tolist(), status.tolist()
    ([0, 127], [0, 1])
    """
    hands = _as_batch(hands)
    check_n_threads(n_threads)
    check_n_players(n_players)
    caps = caps_for([0] * N_KINDS, None, n_players)
    n = hands.shape[0]
    if out is None:
        out = np.empty(n, dtype=np.int8)
    elif (
        not isinstance(out, np.ndarray)
        or out.dtype != np.int8
        or out.shape != (n,)
        or not out.flags.c_contiguous
        or not out.flags.writeable
    ):
        raise ArrayError(f"out: expected a writeable C-contiguous int8 array of shape ({n},)")
    status = np.empty(n, dtype=np.uint8)
    for i in range(n):
        row = hands[i].tolist()
        status[i] = _row_status(row, n_players)
        out[i] = _shanten(row, sum(row), caps) if status[i] == RowStatus.OK else SHANTEN_INVALID
    return out, status


def is_agari_batch(hands, *, n_threads=1, n_players=4) -> tuple[np.ndarray, np.ndarray]:
    """Agari flag of every row of a C-contiguous (N, 34) uint8 array.

    Returns ``(agari, status)``: a bool array and a uint8 status array; a bad row
    is ``False`` with its :class:`~riichi_fast.enums.RowStatus` (in three-player,
    a row holding 2m-8m is ``COUNT_ABOVE_FOUR``).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> bad = np.zeros(34, dtype=np.uint8)
    >>> bad[4] = 5
    >>> hands = np.stack([mpsz_to_counts("123m456p789s11222z"), bad])
    >>> agari, status = is_agari_batch(hands)
    >>> agari.tolist(), status.tolist()
    ([True, False], [0, 2])
    """
    hands = _as_batch(hands)
    check_n_threads(n_threads)
    check_n_players(n_players)
    n = hands.shape[0]
    result = np.zeros(n, dtype=np.bool_)
    status = np.empty(n, dtype=np.uint8)
    for i in range(n):
        row = hands[i].tolist()
        status[i] = _row_status(row, n_players)
        result[i] = status[i] == RowStatus.OK and _is_agari(row, sum(row))
    return result, status
