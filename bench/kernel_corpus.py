"""Seeded corpora for the decomposition, waits, ukeire and furiten benchmarks.

- ``complete_hands(n, seed)``: complete hands as ``(closed_counts_bytes, melds)``,
  60% one-suit (+ honors) where readings multiply, 0-4 melds, some chiitoitsu;
  no kokushi (mahjong's HandDivider has no kokushi reading, so answers compare).
- ``tenpai_hands(n, seed)``: 13-tile closed tenpai hands (a complete closed hand
  minus one tile), as bytes.
- ``random_hands(n, seed, n_tiles=13)``: hands dealt from a shuffled wall
  (typically 2-4 shanten), as bytes.
"""

from __future__ import annotations

import random

import numpy as np

CHI, PON, DAIMINKAN, ANKAN, SHOUMINKAN = 1, 2, 3, 4, 5


def _regular(rng: random.Random, n_melds: int):
    pool = list(range(34))
    if rng.random() < 0.6:
        s = rng.randrange(3)
        pool = list(range(9 * s, 9 * s + 9)) + (list(range(27, 34)) if rng.random() < 0.3 else [])
    while True:
        used = [0] * 34
        sets = []
        for _ in range(4):
            starts = [k for k in pool if k < 27 and k % 9 <= 6 and all(used[k + j] < 4 for j in range(3))]
            if starts and rng.random() < 0.6:
                k = rng.choice(starts)
                for j in range(3):
                    used[k + j] += 1
                sets.append((0, k))
                continue
            free = [k for k in pool if used[k] <= 1]
            if not free:
                break
            k = rng.choice(free)
            used[k] += 3
            sets.append((1, k))
        free = [k for k in pool if used[k] <= 2]
        if len(sets) == 4 and free:
            break
    pair = rng.choice(free)
    closed = [0] * 34
    closed[pair] = 2
    melds = []
    for i, (shape, k) in enumerate(sets):
        if i < n_melds:
            if shape == 0:
                melds.append((CHI, k))
            elif used[k] == 3 and rng.random() < 0.4:
                melds.append((rng.choice((DAIMINKAN, ANKAN, SHOUMINKAN)), k))
                used[k] += 1
            else:
                melds.append((PON, k))
        elif shape == 0:
            for j in range(3):
                closed[k + j] += 1
        else:
            closed[k] += 3
    return closed, melds


def complete_hands(n: int, seed: int = 1, max_melds: int = 4):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.05:
            counts = [0] * 34
            for k in rng.sample(range(34), 7):
                counts[k] = 2
            out.append((bytes(counts), []))
            continue
        closed, melds = _regular(rng, rng.choice([m for m in (0, 0, 0, 1, 1, 2, 3, 4) if m <= max_melds]))
        out.append((bytes(closed), melds))
    return out


def tenpai_hands(n: int, seed: int = 2):
    rng = random.Random(seed)
    out = []
    for closed, _ in complete_hands(n, seed, max_melds=0):
        counts = list(closed)
        k = rng.choice([i for i in range(34) if counts[i]])
        counts[k] -= 1
        out.append(bytes(counts))
    return out


def random_hands(n: int, seed: int = 3, n_tiles: int = 13):
    rng = random.Random(seed)
    out = []
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, n_tiles):
            counts[k] += 1
        out.append(bytes(counts))
    return out


def as_array(rows) -> np.ndarray:
    return np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), 34).copy()


def mahjong_melds(melds):
    """Our (type, kind) melds as mahjong Meld objects."""
    from mahjong.meld import Meld

    out = []
    for mtype, k in melds:
        if mtype == CHI:
            out.append(Meld(Meld.CHI, [4 * k, 4 * (k + 1), 4 * (k + 2)]))
        elif mtype == PON:
            out.append(Meld(Meld.PON, [4 * k, 4 * k + 1, 4 * k + 2]))
        else:
            out.append(
                Meld(
                    Meld.SHOUMINKAN if mtype == SHOUMINKAN else Meld.KAN,
                    [4 * k + j for j in range(4)],
                    opened=mtype != ANKAN,
                )
            )
    return out


def full_counts(closed: bytes, melds):
    """Closed counts plus the meld tiles (mahjong's tiles_34 with melds)."""
    counts = list(closed)
    for mtype, k in melds:
        if mtype == CHI:
            for j in range(3):
                counts[k + j] += 1
        else:
            counts[k] += 3 if mtype == PON else 4
    return counts


def chinitsu_hands(n: int, seed: int = 4):
    """Closed complete hands of one suit only (4 sets + a pair): where readings multiply."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = rng.randrange(3)
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                k = 9 * s + rng.randrange(7)
                for j in range(3):
                    counts[k + j] += 1
            else:
                counts[9 * s + rng.randrange(9)] += 3
        counts[9 * s + rng.randrange(9)] += 2
        if max(counts) <= 4:
            out.append(bytes(counts))
    return out
