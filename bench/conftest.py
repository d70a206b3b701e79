"""Shared benchmark corpora: seeded, built once per session.

Every corpus is a :class:`Corpus` of closed hands (34-counts, no meld info: the
melds are implied by the tile count, docs/INTERNALS.md):

- ``random_corpus``: tiles drawn from a shuffled wall, every legal size
  (1, 2, 4, 5, ... 14 closed tiles, i.e. 0-4 melds), 14 and 13 tiles most often.
- ``chinitsu_corpus``: the worst case for decomposition-heavy kernels: 13/14
  tiles of one suit, built from overlapping sets (many readings).
- ``tenpai_corpus``: complete hands (13/14-tile sized, some with melds) minus
  one closed tile: tenpai by construction (waits, ukeire, furiten).
- ``complete_corpus``: complete hands (sets and a pair, chiitoitsu, kokushi),
  half of them with one tile swapped (agari true and false).

Each benchmark computes its expected answers outside the timed call and checks
them after it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import pytest

SEED = 20261129
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
SIZE_WEIGHTS = (1, 1, 1, 1, 1, 1, 2, 2, 6, 6)
KOKUSHI_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass
class Corpus:
    """A batch of closed hands in the formats the benchmarked libraries take."""

    name: str
    counts: np.ndarray  # (N, 34) uint8, C-contiguous
    _cache: dict = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def as_bytes(self) -> list[bytes]:
        """One 34-byte ``bytes`` per hand."""
        if "bytes" not in self._cache:
            self._cache["bytes"] = [bytes(row) for row in self.counts]
        return self._cache["bytes"]

    @property
    def as_lists(self) -> list[list[int]]:
        """One 34-int list per hand (the ``mahjong`` package's ``tiles_34``)."""
        if "lists" not in self._cache:
            self._cache["lists"] = self.counts.tolist()
        return self._cache["lists"]

    @property
    def as_ids(self) -> list[list[int]]:
        """One list of distinct 136-ids per hand (``kind * 4 + copy``)."""
        if "ids" not in self._cache:
            self._cache["ids"] = [[4 * k + j for k, n in enumerate(row) for j in range(n)] for row in self.as_lists]
        return self._cache["ids"]

    def head(self, n: int) -> Corpus:
        """The first ``n`` hands as a corpus of their own."""
        return Corpus(f"{self.name}[:{n}]", np.ascontiguousarray(self.counts[:n]))


def _random_hands(n: int, seed: int) -> np.ndarray:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        size = rng.choices(SIZES, SIZE_WEIGHTS)[0]
        for k in rng.sample(wall, size):
            out[i, k] += 1
    return out


def _add_set(rng: random.Random, row: np.ndarray, kinds: list[int], p_sequence: float) -> bool:
    k = rng.choice(kinds)
    if rng.random() < p_sequence and k < 27 and k % 9 <= 6:
        tiles = [k, k + 1, k + 2]
    else:
        tiles = [k, k, k]
    if all(row[j] + tiles.count(j) <= 4 for j in tiles):
        for j in tiles:
            row[j] += 1
        return True
    return False


def _complete_row(rng: random.Random, n_sets: int, kinds: list[int], p_sequence: float) -> np.ndarray:
    while True:
        row = np.zeros(34, dtype=np.uint8)
        placed = 0
        for _ in range(50):
            if placed == n_sets:
                break
            placed += _add_set(rng, row, kinds, p_sequence)
        pair = rng.choice(kinds)
        if placed == n_sets and row[pair] <= 2:
            row[pair] += 2
            return row


def _chiitoitsu_row(rng: random.Random) -> np.ndarray:
    row = np.zeros(34, dtype=np.uint8)
    row[rng.sample(range(34), 7)] = 2
    return row


def _kokushi_row(rng: random.Random) -> np.ndarray:
    row = np.zeros(34, dtype=np.uint8)
    row[list(KOKUSHI_KINDS)] = 1
    row[rng.choice(KOKUSHI_KINDS)] += 1
    return row


def _complete_hands(n: int, seed: int) -> np.ndarray:
    rng = random.Random(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    all_kinds = list(range(34))
    for i in range(n):
        r = rng.random()
        if r < 0.05:
            row = _chiitoitsu_row(rng)
        elif r < 0.07:
            row = _kokushi_row(rng)
        else:
            row = _complete_row(rng, rng.choices(range(5), (1, 1, 1, 2, 8))[0], all_kinds, 0.6)
        if i % 2:  # swap one tile: mostly not complete any more
            held = np.flatnonzero(row).tolist()
            row[rng.choice(held)] -= 1
            row[rng.choice(np.flatnonzero(row < 4).tolist())] += 1
        out[i] = row
    return out


def _chinitsu_hands(n: int, seed: int) -> np.ndarray:
    rng = random.Random(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        suit = rng.randrange(3)
        kinds = list(range(9 * suit, 9 * suit + 9))
        row = _complete_row(rng, 4, kinds, 0.7)
        if i % 2:  # a tenpai-sized or swapped hand
            held = np.flatnonzero(row).tolist()
            row[rng.choice(held)] -= 1
            if i % 4 == 1:
                free = [k for k in kinds if row[k] < 4]
                row[rng.choice(free)] += 1
        out[i] = row
    return out


def _tenpai_hands(n: int, seed: int) -> np.ndarray:
    rng = random.Random(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    all_kinds = list(range(34))
    for i in range(n):
        r = rng.random()
        if r < 0.05:
            row = _chiitoitsu_row(rng)
        elif r < 0.06:
            row = _kokushi_row(rng)
        else:
            row = _complete_row(rng, rng.choices(range(5), (1, 1, 1, 2, 8))[0], all_kinds, 0.6)
        held = np.flatnonzero(row).tolist()
        row[rng.choice(held)] -= 1
        out[i] = row
    return out


@pytest.fixture(scope="session")
def random_corpus() -> Corpus:
    """20,000 random hands of every legal closed size."""
    return Corpus("random", _random_hands(20_000, SEED))


@pytest.fixture(scope="session")
def chinitsu_corpus() -> Corpus:
    """5,000 one-suit hands of 13/14 tiles built from overlapping sets (worst case)."""
    return Corpus("chinitsu", _chinitsu_hands(5_000, SEED + 1))


@pytest.fixture(scope="session")
def tenpai_corpus() -> Corpus:
    """10,000 tenpai hands: complete hands minus one closed tile."""
    return Corpus("tenpai", _tenpai_hands(10_000, SEED + 2))


@pytest.fixture(scope="session")
def complete_corpus() -> Corpus:
    """20,000 complete hands, every other one with a tile swapped."""
    return Corpus("complete", _complete_hands(20_000, SEED + 3))


@pytest.fixture(scope="session")
def make_corpus():
    """The :class:`Corpus` class, to build workloads from the corpora above."""
    return Corpus
