"""Shanten kernels: compiled vs reference, exhaustive one-suit hands, the mahjong oracle."""

import itertools
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_fast.analysis import _shanten as compiled
from riichi_fast.enums import RowStatus
from riichi_fast.errors import ArrayError, RiichiError, TileCountError
from riichi_fast.reference.analysis import shanten as reference
from riichi_fast.tiles import counts_to_mpsz, mpsz_to_counts
from tests.support.strategies import complete_hands, counts34, tenpai_hands

VALID_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
PUBLIC = (
    "shanten",
    "shanten_regular",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "is_agari",
    "shanten_batch",
    "is_agari_batch",
    "SHANTEN_INVALID",
)


def hand(mpsz: str) -> np.ndarray:
    return mpsz_to_counts(mpsz)


def one_suit_vectors(total):
    """Every 9-count vector (entries 0..4) summing to ``total``, as man tiles."""
    rows = [v for v in itertools.product(range(5), repeat=9) if sum(v) == total]
    out = np.zeros((len(rows), 34), dtype=np.uint8)
    out[:, :9] = rows
    return out


# ---------------------------------------------------------------------------
# named hands: (mpsz, shanten, regular, chiitoitsu, kokushi); None = form not applicable

NAMED = [
    pytest.param("19m19p19s1234567z", 0, 8, 6, 0, id="kokushi_13_sided_tenpai"),
    pytest.param("19m19p19s12345677z", -1, 7, 5, -1, id="kokushi_complete"),
    pytest.param("1112345678999m", 0, 0, 4, 10, id="junsei_chuuren_9_sided"),
    pytest.param("11223344556677z", -1, 3, -1, 5, id="chiitoitsu_complete"),
    pytest.param("1122334455667m", 0, 0, 0, 11, id="chiitoitsu_tenpai_and_regular"),
    # a quad is one pair, not two: 5555z + four pairs + 6z is not chiitoitsu tenpai
    pytest.param("1122334455556z", 2, 2, 2, 6, id="chiitoitsu_quad_not_tenpai"),
    pytest.param("11223344556666z", 1, 2, 1, 6, id="chiitoitsu_quad_14"),
    # a tanki on a tile held four times is no wait
    pytest.param("1111m234p567p789s", 1, 1, 5, 10, id="1111m_isolated_quad"),
    pytest.param("1111m1111p1111s5z", 2, 2, 6, 8, id="three_quads"),
    pytest.param("1111m2222p3333s4z", 2, 2, 6, 10, id="three_quads_honor"),
    pytest.param("1111222233334m", 0, 0, 6, 11, id="quads_in_one_suit"),
    pytest.param("111222333m456p7z", 0, 0, 3, 10, id="111222333_tanki"),
    pytest.param("111222333m4455p", 0, 0, 3, 11, id="111222333_shanpon"),
    pytest.param("111222333m44p", -1, -1, None, None, id="111222333_open_complete"),
    pytest.param("11112m", 0, 0, None, None, id="11112m_three_melds"),
    pytest.param("1111m", 1, 1, None, None, id="1111m_alone"),
    pytest.param("2222m", 1, 1, None, None, id="2222m_alone"),
    pytest.param("22223333m", 0, 0, None, None, id="22223333m"),
    pytest.param("1m", 0, 0, None, None, id="single_tile"),
    pytest.param("11m", -1, -1, None, None, id="single_pair"),
    pytest.param("12m", 0, 0, None, None, id="two_tiles"),
    pytest.param("123m456p789s1122z", 0, 0, 4, 8, id="shanpon"),
    pytest.param("1357m2468p1357s9p", 4, 4, 6, 10, id="scattered"),
]


@pytest.mark.parametrize("mpsz, expected, regular, chiitoitsu, kokushi", NAMED)
def test_named_hands(shanten_impl, mpsz, expected, regular, chiitoitsu, kokushi):
    counts = hand(mpsz)
    for form in (counts, bytes(counts), bytearray(counts)):
        assert shanten_impl.shanten(form) == expected
        assert shanten_impl.shanten_regular(form) == regular
    if chiitoitsu is None:
        with pytest.raises(TileCountError, match="chiitoitsu needs 13 or 14"):
            shanten_impl.shanten_chiitoitsu(counts)
        with pytest.raises(TileCountError, match="kokushi needs 13 or 14"):
            shanten_impl.shanten_kokushi(counts)
    else:
        assert shanten_impl.shanten_chiitoitsu(counts) == chiitoitsu
        assert shanten_impl.shanten_kokushi(counts) == kokushi
    assert shanten_impl.is_agari(counts) is (expected == -1)


def test_public_names_match():
    for name in PUBLIC:
        assert hasattr(compiled, name), name
        assert hasattr(reference, name), name
    assert compiled.SHANTEN_INVALID == reference.SHANTEN_INVALID == 127


# ---------------------------------------------------------------------------
# compiled == reference


@given(counts34(n_tiles=VALID_SIZES))
def test_compiled_matches_reference(counts):
    b = bytes(counts)
    assert compiled.shanten(b) == reference.shanten(b), counts_to_mpsz(counts)
    assert compiled.shanten_regular(counts) == reference.shanten_regular(counts)
    assert compiled.is_agari(counts) == reference.is_agari(counts)
    if counts.sum() in (13, 14):
        assert compiled.shanten_chiitoitsu(b) == reference.shanten_chiitoitsu(b)
        assert compiled.shanten_kokushi(b) == reference.shanten_kokushi(b)


@given(complete_hands())
def test_complete_hands(shape):
    for impl in (compiled, reference):
        assert impl.shanten(shape.counts) == -1
        assert impl.is_agari(shape.counts) is True


@given(tenpai_hands())
def test_tenpai_hands(shape):
    for impl in (compiled, reference):
        assert impl.shanten(shape.counts) == 0
        assert impl.is_agari(shape.counts) is False


@given(st.data())
def test_batch_matches_single(data):
    rows = data.draw(st.lists(counts34(n_tiles=VALID_SIZES), min_size=0, max_size=12))
    hands = np.array(rows, dtype=np.uint8).reshape(len(rows), 34)
    sh, status = compiled.shanten_batch(hands)
    assert sh.dtype == np.int8 and status.dtype == np.uint8
    assert sh.tolist() == [reference.shanten(r) for r in hands]
    assert status.tolist() == [0] * len(rows)


def _exhaustive(total):
    hands = one_suit_vectors(total)
    got, status = compiled.shanten_batch(hands)
    assert not status.any()
    agari, _ = compiled.is_agari_batch(hands)
    for row, s, a in zip(hands, got.tolist(), agari.tolist()):
        b = bytes(row)
        assert s == reference.shanten(b), counts_to_mpsz(row)
        assert a == reference.is_agari(b), counts_to_mpsz(row)
    return len(hands)


def test_every_one_suit_14_tile_hand():
    assert _exhaustive(14) == 118800


@pytest.mark.slow
def test_every_one_suit_13_tile_hand():
    assert _exhaustive(13) == 93600


@pytest.mark.parametrize(
    "total", [1, 2, 4, 5, 7, 8, pytest.param(10, marks=pytest.mark.slow), pytest.param(11, marks=pytest.mark.slow)]
)
def test_every_one_suit_small_hand(total):
    _exhaustive(total)


# ---------------------------------------------------------------------------
# the mahjong package


def random_hands(n, seed):
    """Seeded random hands: 1-14 closed tiles (0-4 melds' worth) drawn from the wall,
    half of them built from sets near completion so tenpai and quads come up."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        size = rng.choice(VALID_SIZES)
        if i % 2:
            for k in rng.sample(wall, size):
                out[i, k] += 1
            continue
        row = out[i]
        while row.sum() < size:
            k = rng.randrange(34)
            shape = rng.random()
            tiles = [k, k + 1, k + 2] if shape < 0.5 and k < 27 and k % 9 <= 6 else [k] * 3
            tiles = tiles[: size - int(row.sum())]
            if all(row[j] + tiles.count(j) <= 4 for j in tiles):
                for j in tiles:
                    row[j] += 1
        if rng.random() < 0.7:  # swap one tile
            held = np.flatnonzero(row)
            row[rng.choice(held.tolist())] -= 1
            free = np.flatnonzero(row < 4)
            row[rng.choice(free.tolist())] += 1
    return out


@pytest.mark.oracle
def test_agrees_with_mahjong_package():
    from mahjong.shanten import Shanten

    hands = random_hands(100_000, seed=20261129)
    ours, status = compiled.shanten_batch(hands)
    assert not status.any()
    calc = Shanten()
    rows = hands.tolist()
    for row, mine in zip(rows, ours.tolist()):
        assert calc.calculate_shanten(row) == mine, counts_to_mpsz(np.array(row, np.uint8))


@pytest.mark.oracle
def test_forms_agree_with_mahjong_package():
    from mahjong.shanten import Shanten

    hands = random_hands(20_000, seed=7)
    hands = hands[np.isin(hands.sum(axis=1), (13, 14))]
    for row in hands:
        lst = row.tolist()
        assert compiled.shanten_chiitoitsu(row) == Shanten.calculate_shanten_for_chiitoitsu_hand(lst)
        assert compiled.shanten_kokushi(row) == Shanten.calculate_shanten_for_kokushi_hand(lst)
        assert compiled.shanten_regular(row) == Shanten.calculate_shanten_for_regular_hand(lst)


# ---------------------------------------------------------------------------
# bad input

FIVE = bytes([5] + [0] * 33)


def _noncontiguous():
    return np.zeros(68, dtype=np.uint8)[::2]


BAD_INPUT = [
    pytest.param(b"\x00" * 33, ArrayError, "expected 34 bytes, got 33", id="short_bytes"),
    pytest.param(b"\x00" * 35, ArrayError, "expected 34 bytes, got 35", id="long_bytes"),
    pytest.param([0] * 34, ArrayError, "got list", id="list"),
    pytest.param("123m", ArrayError, "got str", id="str"),
    pytest.param(np.zeros(34, dtype=np.int64), ArrayError, "uint8", id="int64"),
    pytest.param(np.zeros(34, dtype=np.int8), ArrayError, "uint8", id="int8"),
    pytest.param(np.zeros(34, dtype=bool), ArrayError, "uint8", id="bool"),
    pytest.param(np.zeros((1, 34), dtype=np.uint8), ArrayError, r"shape \(34,\)", id="2d"),
    pytest.param(np.zeros(33, dtype=np.uint8), ArrayError, r"shape \(34,\)", id="33"),
    pytest.param(_noncontiguous(), ArrayError, "C-contiguous", id="strided"),
    pytest.param(bytearray(33), ArrayError, r"shape \(34,\)", id="short_bytearray"),
    pytest.param(FIVE, TileCountError, "1m .*held 5 times", id="five_copies"),
    pytest.param(bytes([0] * 33 + [7]), TileCountError, "7z .*held 7 times", id="seven_chun"),
    pytest.param(bytes([3, 3, 3, 3] + [0] * 30), TileCountError, "12 closed tiles", id="12_tiles"),
    pytest.param(bytes([4, 4, 4, 3] + [0] * 30), TileCountError, "15 closed tiles", id="15_tiles"),
    pytest.param(bytes(34), TileCountError, "0 closed tiles", id="empty"),
]

SINGLE = ("shanten", "shanten_regular", "shanten_chiitoitsu", "shanten_kokushi", "is_agari")


@pytest.mark.parametrize("value, error, message", BAD_INPUT)
@pytest.mark.parametrize("name", SINGLE)
def test_bad_input(shanten_impl, name, value, error, message):
    with pytest.raises(error, match=message):
        getattr(shanten_impl, name)(value)


def test_errors_are_riichi_errors():
    assert issubclass(ArrayError, RiichiError) and issubclass(TileCountError, ValueError)


def test_read_only_and_memoryview_inputs(shanten_impl):
    counts = hand("123m456p789s1122z")
    counts.flags.writeable = False
    assert shanten_impl.shanten(counts) == 0
    assert shanten_impl.shanten(memoryview(bytes(hand("11m")))) == -1


# ---------------------------------------------------------------------------
# batch


def test_batch_bad_rows(shanten_impl):
    good = hand("123m456p789s1122z")
    five = good.copy()
    five[0] = 5
    twelve = hand("123m456p789s111z")
    hands = np.stack([good, five, twelve, hand("11m"), np.zeros(34, np.uint8)])
    sh, status = shanten_impl.shanten_batch(hands)
    assert sh.tolist() == [0, 127, 127, -1, 127]
    assert status.tolist() == [
        RowStatus.OK,
        RowStatus.COUNT_ABOVE_FOUR,
        RowStatus.BAD_TILE_COUNT,
        RowStatus.OK,
        RowStatus.BAD_TILE_COUNT,
    ]
    agari, status2 = shanten_impl.is_agari_batch(hands)
    assert agari.dtype == np.bool_
    assert agari.tolist() == [False, False, False, True, False]
    assert status2.tolist() == status.tolist()


def test_batch_out_read_only_and_threads(shanten_impl):
    # the compiled batch starts a second thread from 2 x 8192 rows on
    hands = random_hands(20_000 if shanten_impl is compiled else 200, seed=3)
    expected = [compiled.shanten(r) for r in hands]
    assert expected[:200] == [reference.shanten(r) for r in hands[:200]]
    hands.flags.writeable = False
    out = np.full(len(hands), 99, dtype=np.int8)
    sh, status = shanten_impl.shanten_batch(hands, n_threads=2, out=out)
    assert sh is out
    assert out.tolist() == expected
    assert not status.any()
    agari, _ = shanten_impl.is_agari_batch(hands, n_threads=2)
    assert agari.tolist() == [e == -1 for e in expected]


def test_batch_empty(shanten_impl):
    sh, status = shanten_impl.shanten_batch(np.zeros((0, 34), np.uint8))
    assert sh.shape == (0,) and status.shape == (0,)


@pytest.mark.parametrize(
    "hands, message",
    [
        pytest.param([[0] * 34], "got list", id="list"),
        pytest.param(np.zeros((2, 34), np.int32), "uint8", id="int32"),
        pytest.param(np.zeros((2, 33), np.uint8), r"shape \(N, 34\)", id="33_columns"),
        pytest.param(np.zeros(34, np.uint8), r"shape \(N, 34\)", id="1d"),
        pytest.param(np.zeros((34, 2), np.uint8).T, "C-contiguous", id="fortran"),
    ],
)
def test_batch_bad_arrays(shanten_impl, hands, message):
    with pytest.raises(ArrayError, match=message):
        shanten_impl.shanten_batch(hands)
    with pytest.raises(ArrayError, match=message):
        shanten_impl.is_agari_batch(hands)


def test_batch_bad_out_and_threads(shanten_impl):
    hands = np.zeros((3, 34), np.uint8)
    with pytest.raises(ArrayError, match="out"):
        shanten_impl.shanten_batch(hands, out=np.zeros(3, np.int16))
    with pytest.raises(ArrayError, match="out"):
        shanten_impl.shanten_batch(hands, out=np.zeros(2, np.int8))
    with pytest.raises(RiichiError, match="n_threads"):
        shanten_impl.shanten_batch(hands, n_threads=0)
    with pytest.raises(RiichiError, match="n_threads"):
        shanten_impl.is_agari_batch(hands, n_threads=1.5)


def test_table_memory():
    assert compiled._table_bytes() <= 1 << 20


# ---------------------------------------------------------------------------
# c_shanten_after_change (for ukeire and discard analysis, via its test hook)


@given(counts34(n_tiles=VALID_SIZES + (0, 3, 6, 9, 12)), st.sampled_from([1, -1]))
def test_shanten_after_change_matches_single_calls(counts, delta):
    expected = []
    for k in range(34):
        changed = counts.astype(int)
        changed[k] += delta
        total = int(changed.sum())
        if changed[k] < 0 or changed[k] > 4 or total < 1 or total > 14 or total % 3 == 0:
            expected.append(compiled.SHANTEN_INVALID)
        else:
            expected.append(compiled.shanten(changed.astype(np.uint8)))
    assert compiled._shanten_after_change(counts, delta) == expected
    assert compiled._shanten_after_change(bytearray(counts), delta) == expected


def test_shanten_after_change_bad_input():
    with pytest.raises(TileCountError, match="held 5 times"):
        compiled._shanten_after_change(FIVE, 1)
    with pytest.raises(TileCountError, match="15 closed tiles"):
        compiled._shanten_after_change(bytes([4, 4, 4, 3] + [0] * 30), -1)
    with pytest.raises(ValueError, match="delta"):
        compiled._shanten_after_change(bytes(34), 2)


@pytest.mark.oracle
@pytest.mark.slow
@pytest.mark.parametrize("total", [13, 14])
def test_every_one_suit_hand_agrees_with_mahjong_package(total):
    from mahjong.shanten import Shanten

    hands = one_suit_vectors(total)
    ours, _ = compiled.shanten_batch(hands)
    calc = Shanten()
    for row, mine in zip(hands.tolist(), ours.tolist()):
        assert calc.calculate_shanten(row) == mine, counts_to_mpsz(np.array(row, np.uint8))
