"""Waits and ukeire on seeded corpora.

- ``waits``: 1,000 tenpai 13-tile hands; reference, compiled single calls, the
  compiled batch (1 and 2 threads), and mahjong (Agari.is_agari on each kind).
- ``ukeire``: 100 random 13-tile hands dealt from a wall; reference (a slow
  search-based shanten), compiled, mahjong's Shanten on each kind, and
  riichienv's calculate_shanten on each kind when installed; ``ukeire_batch``
  on the corpus repeated 100 times (1 and 2 threads).
- ``discard-waits``: 500 tenpai hands plus one drawn tile: ``discard_waits``
  (one call) against ``waits`` once per distinct discard.
"""

import numpy as np
import pytest
from kernel_corpus import as_array, random_hands, tenpai_hands

N_WAITS = 1000
N_UKEIRE = 100


@pytest.fixture(scope="module")
def tenpai():
    return tenpai_hands(N_WAITS, seed=5)


@pytest.fixture(scope="module")
def tenpai_waits(tenpai):
    from riichi_fast.analysis._waits import waits

    return [waits(h) for h in tenpai]


@pytest.fixture(scope="module")
def dealt():
    return random_hands(N_UKEIRE, seed=6)


@pytest.fixture(scope="module")
def dealt_ukeire(dealt):
    from riichi_fast.analysis._waits import ukeire

    return [ukeire(h) for h in dealt]


@pytest.mark.benchmark(group="waits")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_waits(benchmark, impl, tenpai, tenpai_waits):
    if impl == "reference":
        from riichi_fast.reference.analysis.waits import waits

        # the reference agrees with the compiled module (checked on the whole corpus)
        assert [waits(h) for h in tenpai] == tenpai_waits
    else:
        from riichi_fast.analysis._waits import waits
    got = benchmark(lambda: [waits(h) for h in tenpai])
    assert got == tenpai_waits


@pytest.mark.benchmark(group="waits")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_waits_batch(benchmark, n_threads, tenpai, tenpai_waits):
    """The corpus repeated 20 times (20,000 rows), so thread start-up is amortised."""
    from riichi_fast.analysis._waits import waits_batch

    hands = np.ascontiguousarray(np.tile(as_array(tenpai), (20, 1)))
    out = np.zeros(len(hands), dtype=np.uint64)
    masks, status = benchmark(lambda: waits_batch(hands, n_threads=n_threads, out=out))
    assert not status.any()
    got = [tuple(k for k in range(34) if int(m) >> k & 1) for m in masks]
    assert got == tenpai_waits * 20


@pytest.mark.benchmark(group="waits")
def test_waits_mahjong(benchmark, tenpai, tenpai_waits):
    """mahjong has no waits function: Agari.is_agari on every kind held < 4 times."""
    from mahjong.agari import Agari

    rows = [list(h) for h in tenpai]

    def run():
        out = []
        for counts in rows:
            w = []
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if Agari.is_agari(counts):
                        w.append(k)
                    counts[k] -= 1
            out.append(tuple(w))
        return out

    assert benchmark(run) == tenpai_waits


@pytest.mark.benchmark(group="ukeire")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_ukeire(benchmark, impl, dealt, dealt_ukeire):
    if impl == "reference":
        from riichi_fast.reference.analysis.waits import ukeire

        got = benchmark.pedantic(lambda: [ukeire(h) for h in dealt], rounds=1, iterations=1)
    else:
        from riichi_fast.analysis._waits import ukeire

        got = benchmark(lambda: [ukeire(h) for h in dealt])
    assert got == dealt_ukeire


@pytest.mark.benchmark(group="ukeire")
def test_discard_analysis(benchmark, dealt):
    """14-tile hands (each dealt hand plus its lowest unseen kind): every discard's ukeire."""
    from riichi_fast.analysis._waits import discard_analysis, ukeire

    hands = []
    for h in dealt:
        counts = bytearray(h)
        counts[next(k for k in range(34) if counts[k] < 4)] += 1
        hands.append(bytes(counts))
    got = benchmark(lambda: [discard_analysis(h) for h in hands])
    for h, options in zip(hands[:20], got):
        for o in options:
            after = bytearray(h)
            after[o.kind] -= 1
            visible = bytes(a - b for a, b in zip(h, after))
            assert ukeire(bytes(after), visible) == (o.ukeire, o.kinds)


@pytest.mark.benchmark(group="ukeire")
def test_ukeire_mahjong(benchmark, dealt, dealt_ukeire):
    """mahjong's Shanten.calculate_shanten on the hand and on every kind drawn."""
    from mahjong.shanten import Shanten

    rows = [list(h) for h in dealt]

    def run():
        out = []
        for counts in rows:
            base = Shanten.calculate_shanten(counts)
            n, kinds = 0, []
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if Shanten.calculate_shanten(counts) < base:
                        kinds.append(k)
                        n += 5 - counts[k]
                    counts[k] -= 1
            out.append((n, tuple(kinds)))
        return out

    got = benchmark.pedantic(run, rounds=1, iterations=1)
    assert got == dealt_ukeire


@pytest.mark.benchmark(group="ukeire")
def test_ukeire_riichienv(benchmark, dealt, dealt_ukeire):
    """riichienv's calculate_shanten (136-ids) on the hand and on every kind drawn."""
    riichienv = pytest.importorskip("riichienv")

    def ids(counts):
        return [4 * k + j for k in range(34) for j in range(counts[k])]

    rows = [list(h) for h in dealt]

    def run():
        out = []
        for counts in rows:
            base = riichienv.calculate_shanten(ids(counts))
            n, kinds = 0, []
            for k in range(34):
                if counts[k] < 4:
                    counts[k] += 1
                    if riichienv.calculate_shanten(ids(counts)) < base:
                        kinds.append(k)
                        n += 5 - counts[k]
                    counts[k] -= 1
            out.append((n, tuple(kinds)))
        return out

    got = benchmark(run)
    assert got == dealt_ukeire


@pytest.mark.benchmark(group="ukeire")
@pytest.mark.parametrize("n_threads", [1, 2])
def test_ukeire_batch(benchmark, n_threads, dealt, dealt_ukeire):
    """The dealt corpus repeated 100 times (10,000 rows)."""
    from riichi_fast.analysis._waits import ukeire_batch

    hands = np.ascontiguousarray(np.tile(as_array(dealt), (100, 1)))
    n_tiles, masks, status = benchmark(lambda: ukeire_batch(hands, n_threads=n_threads))
    assert not status.any()
    got = [(int(n), tuple(k for k in range(34) if int(m) >> k & 1)) for n, m in zip(n_tiles, masks)]
    assert got == dealt_ukeire * 100


@pytest.fixture(scope="module")
def drawn14():
    """Tenpai hands plus one tile drawn from the rest of the wall (seeded)."""
    import random

    rng = random.Random(8)
    out = []
    for h in tenpai_hands(500, seed=9):
        counts = bytearray(h)
        wall = [k for k in range(34) for _ in range(4 - counts[k])]
        counts[rng.choice(wall)] += 1
        out.append(bytes(counts))
    return out


@pytest.fixture(scope="module")
def drawn14_waits(drawn14):
    from riichi_fast.analysis._waits import waits

    out = []
    for h in drawn14:
        d = {}
        for k in range(34):
            if h[k]:
                after = bytearray(h)
                after[k] -= 1
                w = waits(bytes(after))
                if w:
                    d[k] = w
        out.append(d)
    return out


@pytest.mark.benchmark(group="discard-waits")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_discard_waits(benchmark, impl, drawn14, drawn14_waits):
    if impl == "reference":
        from riichi_fast.reference.analysis.waits import discard_waits

        got = benchmark.pedantic(lambda: [discard_waits(h) for h in drawn14], rounds=1, iterations=1)
    else:
        from riichi_fast.analysis._waits import discard_waits

        got = benchmark(lambda: [discard_waits(h) for h in drawn14])
    assert got == drawn14_waits


@pytest.mark.benchmark(group="discard-waits")
def test_discard_waits_by_waits(benchmark, drawn14, drawn14_waits):
    """The same answer from one compiled ``waits`` call per distinct discard."""
    from riichi_fast.analysis._waits import waits

    def run():
        out = []
        for h in drawn14:
            after = bytearray(h)
            d = {}
            for k in range(34):
                if after[k]:
                    after[k] -= 1
                    w = waits(after)
                    after[k] += 1
                    if w:
                        d[k] = w
            out.append(d)
        return out

    assert benchmark(run) == drawn14_waits
