"""Decomposition: every reading of 1,000 seeded complete hands (melds, one-suit heavy).

Run: ``.venv/bin/python -m pytest bench/test_decompose.py``.  Each benchmark
decomposes the whole corpus per call; the answer (readings per hand) is checked
against the reference outside the timed call.
"""

import pytest
from kernel_corpus import complete_hands, full_counts, mahjong_melds

N = 1000


@pytest.fixture(scope="module")
def corpus():
    return complete_hands(N, seed=20261129)


@pytest.fixture(scope="module")
def expected(corpus):
    from riichi_fast.reference.analysis.decompose import decompose

    return [len(decompose(c, m)) for c, m in corpus]


@pytest.mark.benchmark(group="decompose")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_decompose(benchmark, impl, corpus, expected):
    if impl == "reference":
        from riichi_fast.reference.analysis.decompose import decompose
    else:
        from riichi_fast.analysis._decompose import decompose

    got = benchmark(lambda: [decompose(c, m) for c, m in corpus])
    assert [len(r) for r in got] == expected


@pytest.mark.benchmark(group="decompose")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_decompose_win_tile(benchmark, impl, corpus):
    """With a winning tile (the lowest closed kind), ron: (reading, set, wait) options."""
    from riichi_fast.reference.analysis.decompose import decompose as ref

    if impl == "reference":
        decompose = ref
    else:
        from riichi_fast.analysis._decompose import decompose
    wins = [next(k for k in range(34) if c[k]) for c, _ in corpus]
    want = [ref(c, m, win_tile=w) for (c, m), w in zip(corpus, wins)]
    got = benchmark(lambda: [decompose(c, m, win_tile=w) for (c, m), w in zip(corpus, wins)])
    assert got == want


@pytest.mark.benchmark(group="decompose")
def test_decompose_mahjong(benchmark, corpus, expected):
    """mahjong 2.1.0 HandDivider.divide_hand (its lru_cache of 128 never hits on 1,000 cycling hands)."""
    from mahjong.hand_calculating.divider import HandDivider

    args = [(full_counts(c, m), mahjong_melds(m)) for c, m in corpus]
    got = benchmark(lambda: [HandDivider.divide_hand(t, m) for t, m in args])
    assert [len(r) for r in got] == expected


@pytest.mark.benchmark(group="decompose-chinitsu")
@pytest.mark.parametrize("impl", ["reference", "cython", "mahjong"])
def test_decompose_chinitsu(benchmark, impl):
    """1,000 closed one-suit complete hands (several readings each)."""
    from kernel_corpus import chinitsu_hands

    from riichi_fast.reference.analysis.decompose import decompose as ref

    hands = chinitsu_hands(1000)
    expected = [len(ref(h)) for h in hands]
    assert sum(expected) > 1100  # many hands have 2+ readings
    if impl == "mahjong":
        from mahjong.hand_calculating.divider import HandDivider

        rows = [list(h) for h in hands]
        got = benchmark(lambda: [len(HandDivider.divide_hand(r)) for r in rows])
    else:
        if impl == "reference":
            decompose = ref
        else:
            from riichi_fast.analysis._decompose import decompose
        got = benchmark(lambda: [len(decompose(h)) for h in hands])
    assert got == expected
