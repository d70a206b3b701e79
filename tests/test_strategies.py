"""The shared hypothesis strategies produce what they promise (checked with the mahjong oracle)."""

import numpy as np
from hypothesis import given
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from riichi_fast.enums import MeldType
from tests.support.strategies import (
    complete_hands,
    counts34,
    counts_batches,
    hands,
    tenpai_hands,
    tenpai_hands_with_wait,
    winning_hands,
)

_AGARI = Agari()
_SHANTEN = Shanten()


def _is_array_of_counts(counts, n):
    return (
        counts.dtype == np.uint8
        and counts.shape == (34,)
        and counts.flags.c_contiguous
        and int(counts.max()) <= 4
        and int(counts.sum()) == n
    )


@given(counts34(n_tiles=None))
def test_counts34_are_13_or_14_tiles(counts):
    assert _is_array_of_counts(counts, int(counts.sum())) and counts.sum() in (13, 14)


@given(counts34(n_tiles=14, one_suit_bias=False))
def test_counts34_without_bias(counts):
    assert _is_array_of_counts(counts, 14)


@given(complete_hands())
def test_complete_hands_are_winning_shapes(shape):
    counts, melds = shape
    assert _is_array_of_counts(counts, 14 - 3 * len(melds))
    assert 0 <= len(melds) <= 4
    assert int(shape.all_counts().max()) <= 4
    assert all(
        t in (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN) for t, _ in melds
    )
    closed = [int(c) for c in counts]
    if melds:  # melds never change the closed shape: the closed part is sets + a pair
        assert _SHANTEN.calculate_shanten_for_regular_hand(closed) == -1
    else:
        assert _AGARI.is_agari(closed)


@given(tenpai_hands())
def test_tenpai_hands_are_tenpai(shape):
    counts, melds = shape
    assert _is_array_of_counts(counts, 13 - 3 * len(melds))
    closed = [int(c) for c in counts]
    assert _SHANTEN.calculate_shanten(closed, use_chiitoitsu=not melds, use_kokushi=not melds) == 0


@given(tenpai_hands_with_wait())
def test_tenpai_hands_wait_on_the_removed_tile(data):
    counts, melds, wait = data
    closed = [int(c) for c in counts]
    closed[wait] += 1
    if melds:
        assert _SHANTEN.calculate_shanten_for_regular_hand(closed) == -1
    else:
        assert _AGARI.is_agari(closed)


@given(hands(red="any"))
def test_hands_are_valid_hands(hand):
    assert hand.tile_count in (13, 14)
    assert int(hand.all_counts34().max()) <= 4


@given(counts_batches(bad_rows=True))
def test_counts_batches_flag_their_bad_rows(data):
    batch, bad = data
    assert batch.dtype == np.uint8 and batch.ndim == 2 and batch.shape[1] == 34 and batch.flags.c_contiguous
    for i, row in enumerate(batch):
        t = int(row.sum())
        is_bad = int(row.max()) > 4 or t % 3 == 0 or t > 14
        assert is_bad == (i in bad)


@given(winning_hands(red="any"))
def test_winning_hands_win_on_a_closed_tile(data):
    hand, win = data
    assert hand.tile_count == 14 and win in hand.closed
