"""Agari kernel: named hands, compiled vs reference, exhaustive one-suit hands, the mahjong oracle."""

import itertools
import random

import numpy as np
import pytest
from hypothesis import given

from riichi_fast.analysis import _shanten as compiled
from riichi_fast.reference.analysis import shanten as reference
from riichi_fast.tiles import counts_to_mpsz, mpsz_to_counts
from tests.support.strategies import complete_hands, counts34, tenpai_hands

COMPLETE_SIZES = (2, 5, 8, 11, 14)


def hand(mpsz: str) -> np.ndarray:
    return mpsz_to_counts(mpsz)


AGARI = [
    pytest.param("123m456p789s11222z", True, id="regular"),
    pytest.param("11223344556677z", True, id="chiitoitsu_honors"),
    pytest.param("11223344556677m", True, id="chiitoitsu_or_ryanpeikou"),
    pytest.param("11223344556666z", False, id="chiitoitsu_with_quad"),
    pytest.param("1122334455666m7z", False, id="chiitoitsu_with_triplet"),
    pytest.param("19m19p19s12345677z", True, id="kokushi"),
    pytest.param("19m19p19s1234566z", False, id="kokushi_13_tiles"),
    pytest.param("11112222333344m", True, id="four_identical_sequences"),
    pytest.param("111222333m44455p", True, id="111222333_as_triplets_or_sequences"),
    pytest.param("111222333m44p", True, id="111222333_one_meld"),
    pytest.param("11122233344m", True, id="111222333_44m"),
    pytest.param("1112345678999m", False, id="chuuren_13_tiles"),
    pytest.param("1111z123m4455m", False, id="honor_quad_closed"),
    pytest.param("1111m234m567m", False, id="quad_plus_sets_13"),
    pytest.param("11112345678999m", True, id="chuuren_1m"),
    pytest.param("55m", True, id="pair_only"),
    pytest.param("12m", False, id="two_tiles"),
    pytest.param("55m123p", True, id="one_set_one_pair"),
    pytest.param("55m124p", False, id="one_set_broken"),
    pytest.param("12345m99m1122z", False, id="three_pairs"),
    pytest.param("123456789m99m11z", False, id="two_pairs_14"),
    pytest.param("1z", False, id="single"),
]


@pytest.mark.parametrize("mpsz, expected", AGARI)
def test_named_agari(shanten_impl, mpsz, expected):
    counts = hand(mpsz)
    assert shanten_impl.is_agari(counts) is expected
    assert shanten_impl.is_agari(bytes(counts)) is expected
    assert (shanten_impl.shanten(counts) == -1) is expected


@pytest.mark.parametrize("extra", range(9))
def test_junsei_chuuren_every_wait_completes(shanten_impl, extra):
    counts = hand("1112345678999m")
    assert shanten_impl.shanten(counts) == 0
    counts[extra] += 1
    assert shanten_impl.is_agari(counts) is True


@pytest.mark.parametrize("extra", [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
def test_kokushi_13_sided_every_wait_completes(shanten_impl, extra):
    counts = hand("19m19p19s1234567z")
    assert shanten_impl.shanten_kokushi(counts) == 0
    counts[extra] += 1
    assert shanten_impl.is_agari(counts) is True


@given(counts34(n_tiles=COMPLETE_SIZES))
def test_compiled_matches_reference(counts):
    assert compiled.is_agari(counts) == reference.is_agari(counts), counts_to_mpsz(counts)


@given(complete_hands())
def test_complete_hands_are_agari(shape):
    assert compiled.is_agari(shape.counts) is True
    assert reference.is_agari(shape.counts) is True


@given(tenpai_hands())
def test_tenpai_hands_are_not_agari(shape):
    assert compiled.is_agari(shape.counts) is False
    assert reference.is_agari(shape.counts) is False


@pytest.mark.parametrize("total", COMPLETE_SIZES)
def test_every_one_suit_hand(total):
    rows = [v for v in itertools.product(range(5), repeat=9) if sum(v) == total]
    hands = np.zeros((len(rows), 34), dtype=np.uint8)
    hands[:, :9] = rows
    got, status = compiled.is_agari_batch(hands)
    assert not status.any()
    expected = [reference.is_agari(bytes(r)) for r in hands]
    assert got.tolist() == expected
    # same answers for the honors-free hand moved to pinzu and souzu
    for offset in (9, 18):
        moved = np.roll(hands, offset, axis=1)
        assert compiled.is_agari_batch(moved)[0].tolist() == expected


def _oracle_hands(n, seed):
    """Complete hands (half of them with one tile swapped) of 2-14 closed tiles."""
    rng = random.Random(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        row = out[i]
        n_sets = rng.randrange(5)
        while True:
            row[:] = 0
            for _ in range(n_sets):
                k = rng.randrange(34)
                if rng.random() < 0.6 and k < 27 and k % 9 <= 6:
                    row[k : k + 3] += 1
                else:
                    row[k] += 3
            row[rng.randrange(34)] += 2
            if row.max() <= 4:
                break
        if i % 2:
            held = np.flatnonzero(row).tolist()
            row[rng.choice(held)] -= 1
            free = np.flatnonzero(row < 4).tolist()
            row[rng.choice(free)] += 1
    return out


@pytest.mark.oracle
def test_agrees_with_mahjong_package():
    from mahjong.agari import Agari

    hands = _oracle_hands(100_000, seed=11)
    ours, status = compiled.is_agari_batch(hands)
    assert not status.any()
    agari = Agari()
    for row, mine in zip(hands.tolist(), ours.tolist()):
        assert agari.is_agari(row) == mine, counts_to_mpsz(np.array(row, np.uint8))
    assert 40_000 < int(ours.sum()) < 60_000  # both answers are well represented
