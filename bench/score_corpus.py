"""Seeded corpus of winning hands for the scoring benchmarks and tests.

``winning_shapes(n, seed)`` draws ``n`` complete hands with numpy only: closed
34-counts (win tile included), up to four melds (chi, pon, the three kans),
chiitoitsu and kokushi now and then, and a win tile taken from the closed
tiles.  Rows are plain arrays so the same corpus feeds the batch kernel, the
single-call API and the other libraries.
"""

from __future__ import annotations

import numpy as np

MELD_CHI, MELD_PON, MELD_DAIMINKAN, MELD_ANKAN, MELD_SHOUMINKAN = 1, 2, 3, 4, 5
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _regular(rng, used, closed, melds, one_suit):
    kinds = np.arange(34) if one_suit < 0 else np.r_[np.arange(9 * one_suit, 9 * one_suit + 9), np.arange(27, 34)]
    n_melds = int(rng.choice([0, 0, 0, 1, 1, 2, 3, 4]))
    sets = []
    tries = 0
    while len(sets) < 4 and tries < 200:
        tries += 1
        k = int(rng.choice(kinds))
        if rng.random() < 0.6 and k < 27 and k % 9 <= 6:
            if all(used[k + i] < 4 for i in range(3)):
                used[k : k + 3] += 1
                sets.append((0, k))
        elif used[k] <= 1:
            used[k] += 3
            sets.append((1, k))
    if len(sets) < 4:
        return False
    free = [k for k in kinds if used[k] <= 2]
    pair = int(rng.choice(free))
    used[pair] += 2
    closed[pair] += 2
    for i, (shape, k) in enumerate(sets):
        if i < n_melds:
            if shape == 0:
                melds.append((MELD_CHI, k))
            else:
                mtype = MELD_PON
                if used[k] == 3 and rng.random() < 0.4:
                    mtype = int(rng.choice([MELD_DAIMINKAN, MELD_ANKAN, MELD_SHOUMINKAN]))
                    used[k] += 1
                melds.append((mtype, k))
        elif shape == 0:
            closed[k : k + 3] += 1
        else:
            closed[k] += 3
    return True


def winning_shapes(n: int, seed: int = 0):
    """``(hands (n,34) uint8, melds (n,4) uint16, win_tile (n,) uint8)``; hands hold the win tile."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((n, 34), np.uint8)
    melds = np.zeros((n, 4), np.uint16)
    win = np.zeros(n, np.uint8)
    i = 0
    while i < n:
        closed = np.zeros(34, np.int64)
        used = np.zeros(34, np.int64)
        mlist: list[tuple[int, int]] = []
        r = rng.random()
        if r < 0.05:
            for k in rng.choice(34, 7, replace=False):
                closed[k] = 2
        elif r < 0.06:
            closed[list(YAOCHUU)] = 1
            closed[int(rng.choice(YAOCHUU))] += 1
        else:
            one_suit = int(rng.integers(0, 3)) if rng.random() < 0.3 else -1
            if not _regular(rng, used, closed, mlist, one_suit):
                continue
        held = np.flatnonzero(closed)
        hands[i] = closed
        for j, (t, k) in enumerate(mlist):
            melds[i, j] = (t << 8) | k
        win[i] = int(rng.choice(held))
        i += 1
    return hands, melds, win
