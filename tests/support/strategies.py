"""Hypothesis strategies for riichi_fast tests.

The basic strategies work on 34-count arrays and ``(meld_type, meld_kind)``
pairs only (docs/INTERNALS.md), so they need nothing beyond numpy and
``riichi_fast.enums``:

- :func:`counts34` -- closed 34-count arrays (uint8, C-contiguous, every count
  <= 4), biased towards one-suit hands where decompositions multiply.
- :func:`complete_hands` -- winning shapes: 4 sets + a pair (0-4 melds among
  chi/pon/daiminkan/ankan/shouminkan), chiitoitsu, kokushi.
- :func:`tenpai_hands` -- a complete hand minus one closed tile.
- :func:`counts_batches`, :func:`bad_counts34` -- ``(N, 34)`` batches, with
  rows the batch kernels must flag when asked.

Both hand strategies return ``HandShape(counts, melds)`` (a NamedTuple, so
``counts, melds = data.draw(complete_hands())`` works).  ``counts`` is the
closed part only; ``melds`` is a list of ``(MeldType, kind)`` with the lowest
kind for a chi.  No kind is used more than 4 times across closed tiles and
melds (a kan uses 4).

Strategies that build ``riichi_fast.hand.Hand`` objects, 136-id tuples and
mpsz / one-line hand strings are at the end of the file; they import
``riichi_fast.tiles`` / ``riichi_fast.hand`` lazily so the count strategies
keep working on their own.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from hypothesis import strategies as st

from riichi_fast.enums import MeldType

N_KINDS = 34
SUITED = tuple(range(27))
HONORS = tuple(range(27, 34))
TERMINALS_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: kinds that can start a sequence (1-7 of each suit)
SEQ_STARTS = tuple(k for k in SUITED if k % 9 <= 6)
#: tiles a set of each meld type takes from the wall
MELD_SIZE = {
    MeldType.CHI: 3,
    MeldType.PON: 3,
    MeldType.DAIMINKAN: 4,
    MeldType.ANKAN: 4,
    MeldType.SHOUMINKAN: 4,
}
KAN_TYPES = (MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN)


class HandShape(NamedTuple):
    """A closed 34-count array plus the melds, as the kernels take them."""

    counts: np.ndarray
    melds: list  # list[tuple[MeldType, int]]

    def all_counts(self) -> np.ndarray:
        """Closed counts plus the tiles of the melds (a kan adds 4)."""
        total = self.counts.astype(np.int64)
        for mtype, kind in self.melds:
            if mtype == MeldType.CHI:
                total[kind : kind + 3] += 1
            else:
                total[kind] += MELD_SIZE[mtype]
        return total


def _as_array(counts) -> np.ndarray:
    arr = np.zeros(N_KINDS, dtype=np.uint8)
    arr[:] = counts
    return arr


# ---------------------------------------------------------------------------
# counts34


def _n_tiles_strategy(n_tiles):
    if n_tiles is None:
        return st.sampled_from((13, 14))
    if isinstance(n_tiles, int):
        return st.just(n_tiles)
    return st.sampled_from(tuple(n_tiles))


@st.composite
def _random_counts(draw, n, pool):
    """``n`` tiles drawn one by one from ``pool`` (kinds), at most 4 of each."""
    counts = [0] * N_KINDS
    pool = list(pool)
    for _ in range(n):
        available = [k for k in pool if counts[k] < 4]
        kind = draw(st.sampled_from(available))
        counts[kind] += 1
    return counts


@st.composite
def _structured_counts(draw, n, suits):
    """Sets and pairs of ``suits`` (0-2 = m/p/s, 3 = honors) then trimmed/padded to n.

    Overlapping sequences and triplets of one suit are where hands get many
    readings (1112345678999m, 22334455m...).
    """
    counts = [0] * N_KINDS
    kinds = [k for s in suits for k in (range(9 * s, 9 * s + 9) if s < 3 else HONORS)]
    starts = [k for k in kinds if k in SEQ_STARTS]
    total = 0
    while total < n:
        choice = draw(st.integers(0, 3))
        if choice == 0 and starts:  # sequence
            k = draw(st.sampled_from(starts))
            if all(counts[k + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[k + i] += 1
                total += 3
                continue
        if choice <= 1:  # triplet
            k = draw(st.sampled_from(kinds))
            if counts[k] <= 1:
                counts[k] += 3
                total += 3
                continue
        if choice <= 2:  # pair
            k = draw(st.sampled_from(kinds))
            if counts[k] <= 2:
                counts[k] += 2
                total += 2
                continue
        k = draw(st.sampled_from(kinds))  # single tile (always possible: n <= 36)
        if counts[k] < 4:
            counts[k] += 1
            total += 1
        else:
            free = [j for j in kinds if counts[j] < 4]
            counts[free[0]] += 1
            total += 1
    while total > n:  # remove tiles until the size is right
        held = [k for k in kinds if counts[k] > 0]
        k = draw(st.sampled_from(held))
        counts[k] -= 1
        total -= 1
    return counts


@st.composite
def counts34(draw, n_tiles=14, one_suit_bias=True):
    """A closed 34-count array of ``n_tiles`` tiles (uint8, shape (34,), counts <= 4).

    ``n_tiles``: an int, a sequence of ints to choose from, or None for 13 or
    14.  With ``one_suit_bias`` about half of the hands are one-suit (chinitsu
    shaped, possibly with honors) or built from overlapping sets, where the
    number of decompositions is largest.
    """
    n = draw(_n_tiles_strategy(n_tiles))
    if not 0 <= n <= 36:
        raise ValueError(f"counts34: n_tiles={n} cannot fit in one suit + honors")
    mode = draw(st.sampled_from(("one_suit", "structured", "two_suits", "random"))) if one_suit_bias else "random"
    if n > 28 and mode != "random":
        mode = "random"
    if mode == "one_suit":
        suit = draw(st.integers(0, 2))
        pool = list(range(9 * suit, 9 * suit + 9))
        if draw(st.booleans()):
            pool += list(HONORS)
        counts = draw(_random_counts(n, pool))
    elif mode == "structured":
        suit = draw(st.integers(0, 2))
        suits = [suit] + ([3] if draw(st.booleans()) and n <= 24 else [])
        if n > 24:
            suits = [suit, 3]
        counts = draw(_structured_counts(n, suits))
    elif mode == "two_suits":
        suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
        counts = draw(_structured_counts(n, suits))
    else:
        counts = draw(_random_counts(n, range(N_KINDS)))
    return _as_array(counts)


@st.composite
def bad_counts34(draw):
    """A 34-count row that batch kernels must flag: a count above 4, or a bad size (t % 3 == 0 or t > 14)."""
    if draw(st.booleans()):
        counts = draw(counts34(n_tiles=None))
        counts[draw(st.integers(0, N_KINDS - 1))] = draw(st.integers(5, 255))
        return counts
    n = draw(st.sampled_from((0, 3, 6, 9, 12, 15, 16, 17, 18)))
    return draw(counts34(n_tiles=n))


@st.composite
def counts_batches(draw, min_rows=0, max_rows=20, n_tiles=None, bad_rows=False):
    """A C-contiguous ``(N, 34)`` uint8 batch of :func:`counts34` rows.

    With ``bad_rows`` some rows come from :func:`bad_counts34`; the batch is
    returned with the indices of those rows: ``(batch, bad_indices)``.
    """
    n = draw(st.integers(min_rows, max_rows))
    rows, bad = [], []
    for i in range(n):
        if bad_rows and draw(st.integers(0, 3)) == 0:
            rows.append(draw(bad_counts34()))
            bad.append(i)
        else:
            rows.append(draw(counts34(n_tiles=n_tiles)))
    batch = np.zeros((n, N_KINDS), dtype=np.uint8)
    for i, row in enumerate(rows):
        batch[i] = row
    return (batch, bad) if bad_rows else batch


# ---------------------------------------------------------------------------
# complete and tenpai hands


@st.composite
def _regular_shape(draw, n_melds, one_suit_bias):
    """4 sets + a pair; the first ``n_melds`` sets become melds."""
    used = [0] * N_KINDS
    if one_suit_bias and draw(st.booleans()):
        suit = draw(st.integers(0, 2))
        kinds = list(range(9 * suit, 9 * suit + 9))
        if draw(st.booleans()):
            kinds += list(HONORS)
    else:
        kinds = list(range(N_KINDS))
    starts = [k for k in kinds if k in SEQ_STARTS]
    # kind 'type' of each set: ('seq', k) or ('tri', k)
    sets = []
    while len(sets) < 4:
        want_seq = draw(st.booleans())
        if want_seq and starts:
            k = draw(st.sampled_from(starts))
            if all(used[k + i] < 4 for i in range(3)):
                for i in range(3):
                    used[k + i] += 1
                sets.append(("seq", k))
                continue
        free3 = [j for j in kinds if used[j] <= 1]
        if not free3:
            # one suit ran out of room for triplets: fall back to any kind
            free3 = [j for j in range(N_KINDS) if used[j] <= 1]
        k = draw(st.sampled_from(free3))
        used[k] += 3
        sets.append(("tri", k))
    free2 = [j for j in kinds if used[j] <= 2] or [j for j in range(N_KINDS) if used[j] <= 2]
    pair = draw(st.sampled_from(free2))
    used[pair] += 2

    # choose which sets are melded and how
    order = draw(st.permutations(range(4)))
    melded = set(order[:n_melds])
    closed = [0] * N_KINDS
    closed[pair] += 2
    for i, (shape, k) in enumerate(sets):
        if i in melded:
            continue
        if shape == "seq":
            for j in range(3):
                closed[k + j] += 1
        else:
            closed[k] += 3
    melds = []
    for i in order[:n_melds]:
        shape, k = sets[i]
        if shape == "seq":
            melds.append((MeldType.CHI, k))
            continue
        options = [MeldType.PON]
        if used[k] == 3:  # the fourth copy is still in the wall: a kan is possible
            options += list(KAN_TYPES)
        mtype = draw(st.sampled_from(options))
        if mtype in KAN_TYPES:
            used[k] += 1
        melds.append((mtype, k))
    return HandShape(_as_array(closed), melds)


@st.composite
def _chiitoitsu_shape(draw, one_suit_bias):
    if one_suit_bias and draw(st.booleans()):
        suit = draw(st.integers(0, 2))
        pool = list(range(9 * suit, 9 * suit + 9)) + list(HONORS)
    else:
        pool = list(range(N_KINDS))
    kinds = draw(st.lists(st.sampled_from(pool), min_size=7, max_size=7, unique=True))
    counts = [0] * N_KINDS
    for k in kinds:
        counts[k] = 2
    return HandShape(_as_array(counts), [])


@st.composite
def _kokushi_shape(draw):
    counts = [0] * N_KINDS
    for k in TERMINALS_HONORS:
        counts[k] = 1
    counts[draw(st.sampled_from(TERMINALS_HONORS))] += 1
    return HandShape(_as_array(counts), [])


@st.composite
def complete_hands(draw, min_melds=0, max_melds=4, forms=("regular", "chiitoitsu", "kokushi"), one_suit_bias=True):
    """A winning shape: ``HandShape(counts, melds)``.

    ``counts`` holds ``14 - 3 * len(melds)`` closed tiles; ``melds`` lists
    ``(MeldType, kind)`` pairs (chi, pon, daiminkan, ankan, shouminkan).
    Chiitoitsu and kokushi only appear when ``min_melds == 0``.
    """
    allowed = [f for f in forms if f == "regular" or min_melds == 0]
    weights = {"regular": 8, "chiitoitsu": 1, "kokushi": 1}
    form = draw(st.sampled_from([f for f in allowed for _ in range(weights[f])]))
    if form == "chiitoitsu":
        return draw(_chiitoitsu_shape(one_suit_bias))
    if form == "kokushi":
        return draw(_kokushi_shape())
    n_melds = draw(st.integers(min_melds, max_melds))
    return draw(_regular_shape(n_melds, one_suit_bias))


@st.composite
def tenpai_hands(draw, **kwargs):
    """A complete hand minus one closed tile: ``HandShape(counts, melds)``.

    The closed part has ``13 - 3 * len(melds)`` tiles; it is tenpai (it waits
    at least on the removed tile).  Keyword arguments go to
    :func:`complete_hands`.
    """
    counts, melds = draw(complete_hands(**kwargs))
    held = [k for k in range(N_KINDS) if counts[k]]
    k = draw(st.sampled_from(held))
    counts = counts.copy()
    counts[k] -= 1
    return HandShape(counts, melds)


@st.composite
def tenpai_hands_with_wait(draw, **kwargs):
    """``(counts, melds, removed_kind)``: a tenpai shape and one tile it waits on."""
    counts, melds = draw(complete_hands(**kwargs))
    held = [k for k in range(N_KINDS) if counts[k]]
    k = draw(st.sampled_from(held))
    counts = counts.copy()
    counts[k] -= 1
    return counts, melds, k


# ---------------------------------------------------------------------------
# 136-ids, mpsz strings and Hand objects (these import riichi_fast.tiles / hand)

#: red configurations worth testing: default, none, two red 5p, red 3s/7s house rules
RED_CONFIGS = (
    None,
    0,
    {"5m": 1, "5p": 2, "5s": 1},
    {"5p": 2},
    {"5m": 1, "5p": 1, "5s": 1, "3s": 1, "7s": 1},
    {"3s": 1},
    {"5m": 4, "5p": 3, "5s": 2},
)


def red_configs():
    """One of :data:`RED_CONFIGS` (raw specs, as a user would pass them)."""
    return st.sampled_from(RED_CONFIGS)


def kinds():
    """A tile kind 0..33."""
    return st.integers(0, N_KINDS - 1)


def tile_id_lists(min_size=0, max_size=14):
    """Lists of distinct 136-ids (in random order)."""
    return st.lists(st.integers(0, 135), min_size=min_size, max_size=max_size, unique=True)


@st.composite
def mpsz_strings(draw, red=None, min_size=0, max_size=14):
    """An mpsz string of distinct physical tiles under the red configuration ``red``."""
    from riichi_fast.tiles import format_tiles

    return format_tiles(draw(tile_id_lists(min_size, max_size)), red=red)


def _meld_kinds(mtype, kind):
    if mtype == MeldType.CHI:
        return (kind, kind + 1, kind + 2)
    if mtype == MeldType.KITA:
        return (kind,)
    return (kind,) * MELD_SIZE[mtype]


@st.composite
def hands(draw, shapes=None, red=None, kita=True):
    """A ``riichi_fast.hand.Hand`` with random physical ids, called tiles and seats.

    ``shapes``: a strategy of ``HandShape`` (default: complete or tenpai
    hands); ``red``: a red spec, or ``"any"`` to draw one of
    :data:`RED_CONFIGS`; ``kita``: sometimes add kita (north) tiles when
    copies of 4z are left.
    """
    from riichi_fast.hand import Hand, Meld

    if red == "any":
        red = draw(red_configs())
    if shapes is None:
        shapes = st.one_of(complete_hands(), tenpai_hands())
    counts, melds = draw(shapes)
    pools = {}

    def take(kind):
        if kind not in pools:
            pools[kind] = list(draw(st.permutations(range(4 * kind, 4 * kind + 4))))
        return pools[kind].pop()

    closed = [take(k) for k in range(N_KINDS) for _ in range(int(counts[k]))]
    objs = []
    for mtype, kind in melds:
        tiles = [take(k) for k in _meld_kinds(mtype, kind)]
        if mtype == MeldType.ANKAN:
            objs.append(Meld(mtype, tuple(tiles)))
        else:
            called = draw(st.sampled_from(tiles))
            seat = 3 if mtype == MeldType.CHI else draw(st.integers(1, 3))
            objs.append(Meld(mtype, tuple(tiles), called, seat))
    if kita:
        used_north = int(counts[30]) + sum(len(_meld_kinds(t, k)) for t, k in melds if k == 30 and t != MeldType.CHI)
        n_kita = draw(st.integers(0, 4 - used_north)) if draw(st.integers(0, 4)) == 0 else 0
        for _ in range(n_kita):
            pos = draw(st.integers(0, len(objs)))
            objs.insert(pos, Meld(MeldType.KITA, (take(30),)))
    return Hand(tuple(closed), tuple(objs), red)


@st.composite
def hand_strings(draw, red=None, **kwargs):
    """The one-line form of :func:`hands` (``str(hand)``) under ``red``."""
    return str(draw(hands(red=red, **kwargs)))


@st.composite
def winning_hands(draw, red=None, kita=False, **kwargs):
    """``(hand, win_tile)``: a complete 14-tile ``Hand`` and the 136-id of its winning tile.

    The winning tile is one of the closed tiles (the last tile drawn or
    called, as the scorer expects).  Keyword arguments go to
    :func:`complete_hands`.
    """
    hand = draw(hands(shapes=complete_hands(**kwargs), red=red, kita=kita))
    return hand, draw(st.sampled_from(hand.closed))
