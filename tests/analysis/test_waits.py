"""Waits, ukeire, discard analysis and the waits batch.

Named hands assert exact wait tuples; hypothesis checks the compiled module
against the reference and against the decomposition (every wait gives a win
reading, every other kind none).  ``oracle`` tests compare with ``mahjong``.
"""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_fast.enums import MeldType, RowStatus
from riichi_fast.errors import ArrayError, RiichiError, TileCountError
from riichi_fast.reference.analysis.decompose import _mpsz as hand
from tests.support.strategies import complete_hands, counts34, counts_batches, tenpai_hands

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def kinds(*names):
    return tuple(NAMES.index(n) for n in names)


def meld_counts(melds):
    counts = [0] * 34
    for mtype, k in melds:
        if mtype == MeldType.CHI:
            for j in range(3):
                counts[k + j] += 1
        else:
            counts[k] += 3 if mtype == MeldType.PON else 4
    return bytes(counts)


# ---------------------------------------------------------------------------
# named hands


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("19m19p19s1234567z", YAOCHUU, id="kokushi_13_sided"),
        pytest.param("19m19p19s1234566z", kinds("7z"), id="kokushi_single"),
        pytest.param("11m19p19s1234567z", kinds("9m"), id="kokushi_missing_9m"),
        pytest.param("1112345678999m", kinds(*[f"{n}m" for n in range(1, 10)]), id="junsei_chuuren"),
        pytest.param("1112345678899m", kinds("7m", "8m", "9m"), id="chuuren_not_9"),
        pytest.param("2223334445556m", kinds("1m", "3m", "4m", "5m", "6m", "7m"), id="one_suit_six_waits"),
        pytest.param("123m456p789s1122z", kinds("1z", "2z"), id="shanpon"),
        pytest.param("123m456p789s1112z", kinds("2z"), id="tanki"),
        pytest.param("456p789s111z1122m", kinds("1m", "2m"), id="shanpon_suited"),
        pytest.param("12m456p789s11122z", kinds("3m"), id="penchan_12"),
        pytest.param("89m456p789s11122z", kinds("7m"), id="penchan_89"),
        pytest.param("13m456p789s11122z", kinds("2m"), id="kanchan"),
        pytest.param("23m456p789s11122z", kinds("1m", "4m"), id="ryanmen"),
        pytest.param("1133m5577p22s334z", kinds("4z"), id="chiitoitsu_tanki"),
        pytest.param("1111m22m33p44p55s6s", (), id="chiitoitsu_with_quad_is_noten"),
        pytest.param("123m456p789s1234z", (), id="noten"),
        pytest.param("1m", kinds("1m"), id="four_melds_tanki"),
        pytest.param("2345m", kinds("2m", "5m"), id="nobetan"),
    ],
)
def test_named_waits(waits_impl, text, expected):
    assert waits_impl.waits(hand(text)) == expected


def test_karaten(waits_impl):
    # 1111m + three sets: the only completing kind is a fifth 1m
    assert waits_impl.waits(hand("1111m234p567p789s")) == ()
    assert waits_impl.waits(hand("1111m234p567p789s"), karaten=True) == kinds("1m")
    # the 1m pon plus a 1m tanki: all four copies in the hand
    pon = meld_counts([(MeldType.PON, 0)])
    assert waits_impl.waits(hand("1m234p567p789s"), meld_counts=pon) == ()
    assert waits_impl.waits(hand("1m234p567p789s"), meld_counts=pon, karaten=True) == kinds("1m")
    assert waits_impl.waits(hand("1m234p567p789s")) == kinds("1m")
    # 1111m23m...: 1m is no wait but 4m still is
    # honors: a fifth 1z reads 111z + 11z
    assert waits_impl.waits(hand("1111z")) == ()
    assert waits_impl.waits(hand("1111z"), karaten=True) == kinds("1z")
    # 1111222m: a fifth 1m would read 111m 11m 222m; 3m reads 111m 123m 22m
    assert waits_impl.waits(hand("1111222m456p789s")) == kinds("3m")
    assert waits_impl.waits(hand("1111222m456p789s"), karaten=True) == kinds("1m", "3m")


def test_waits_bad_input(waits_impl):
    with pytest.raises(TileCountError, match="14 closed tiles"):
        waits_impl.waits(hand("123m456p789s11222z"))
    with pytest.raises(TileCountError, match="12 closed tiles"):
        waits_impl.waits(hand("123m456p789s122z"))
    with pytest.raises(TileCountError, match="5 copies of 1m"):
        waits_impl.waits(hand("11m234p567p78s"), meld_counts=meld_counts([(MeldType.PON, 0)]))
    with pytest.raises(ArrayError):
        waits_impl.waits(hand("123m456p789s1122z"), meld_counts=b"\x00" * 33)
    with pytest.raises(ArrayError):
        waits_impl.waits(np.zeros(34, dtype=np.int32))
    with pytest.raises(TileCountError, match="5 copies"):
        waits_impl.waits(bytes([5] + [0] * 33))


def test_ukeire_named(waits_impl):
    assert waits_impl.ukeire(hand("123m456p789s1122z")) == (4, kinds("1z", "2z"))
    assert waits_impl.ukeire(hand("123m456p789s1122z"), visible=hand("1z2z")) == (2, kinds("1z", "2z"))
    assert waits_impl.ukeire(hand("123m456p789s1122z"), visible=hand("11z")) == (2, kinds("2z"))
    assert waits_impl.ukeire(hand("19m19p19s1234567z")) == (39, YAOCHUU)
    assert waits_impl.ukeire(hand("1112345678999m")) == (23, kinds(*[f"{n}m" for n in range(1, 10)]))
    # 1-shanten: 23m56m lower it on 1m/4m/7m; pairing the lone 4z does not
    assert waits_impl.ukeire(hand("23m56m456p789s11z4z")) == (12, kinds("1m", "4m", "7m"))
    # 1111m waits only on a fifth 1m (1-shanten): any other tile makes a tanki
    assert waits_impl.ukeire(hand("1111m")) == (132, tuple(range(1, 34)))
    with pytest.raises(TileCountError, match="5 copies of 1z"):
        waits_impl.ukeire(hand("123m456p789s1122z"), visible=hand("111z"))
    with pytest.raises(TileCountError, match="14 closed tiles"):
        waits_impl.ukeire(hand("123m456p789s11222z"))


def test_discard_analysis_named(waits_impl):
    got = waits_impl.discard_analysis(hand("123m456p789s11223z"))
    assert [tuple(o) for o in got] == [
        (0, 1, 11, kinds("1m", "4m", "1z", "2z")),
        (1, 1, 7, kinds("2m", "1z", "2z")),
        (2, 1, 7, kinds("3m", "1z", "2z")),
        (12, 1, 11, kinds("4p", "7p", "1z", "2z")),
        (13, 1, 7, kinds("5p", "1z", "2z")),
        (14, 1, 11, kinds("3p", "6p", "1z", "2z")),
        (24, 1, 7, kinds("7s", "1z", "2z")),
        (25, 1, 7, kinds("8s", "1z", "2z")),
        (26, 1, 11, kinds("6s", "9s", "1z", "2z")),
        (27, 1, 7, kinds("1z", "2z", "3z")),
        (28, 1, 7, kinds("1z", "2z", "3z")),
        (29, 0, 4, kinds("1z", "2z")),
    ]
    assert got[-1].kind == 29 and got[-1].shanten == 0 and got[-1].ukeire == 4
    with pytest.raises(TileCountError, match="13 closed tiles"):
        waits_impl.discard_analysis(hand("123m456p789s1122z"))


def test_discard_waits_named(waits_impl):
    assert waits_impl.discard_waits(hand("123m456p789s11223z")) == {29: kinds("1z", "2z")}
    assert waits_impl.discard_waits(hand("2345m456p789s1122z")) == {
        1: kinds("1z", "2z"),
        4: kinds("1z", "2z"),
    }
    # a complete hand: every discard leaves a wait
    got = waits_impl.discard_waits(hand("11123455678999m"))
    assert list(got) == [k for k in range(9)]
    assert got[4] == waits_impl.waits(hand("1112345678999m"))
    assert waits_impl.discard_waits(hand("123m456p789s12345z")) == {}
    # kokushi 13-sided after discarding the extra tile
    assert waits_impl.discard_waits(hand("19m19p19s1234567z5m")) == {4: YAOCHUU}
    # karaten: 1111m + sets + 1z; keeping 1111m, only a fifth 1m would complete
    assert waits_impl.discard_waits(hand("1111m234p567p789s1z")) == {0: kinds("1z")}
    assert waits_impl.discard_waits(hand("1111m234p567p789s1z"), karaten=True) == {
        0: kinds("1z"),
        27: kinds("1m"),
    }
    # melds: the pon of 1m makes a 1m tanki no wait
    pon = meld_counts([(MeldType.PON, 0)])
    assert waits_impl.discard_waits(hand("1m234p567p789s1z")) == {0: kinds("1z"), 27: kinds("1m")}
    assert waits_impl.discard_waits(hand("1m234p567p789s1z"), meld_counts=pon) == {0: kinds("1z")}
    with pytest.raises(TileCountError, match="13 closed tiles"):
        waits_impl.discard_waits(hand("123m456p789s1122z"))
    with pytest.raises(TileCountError, match="5 copies of 1m"):
        waits_impl.discard_waits(hand("11m234p567p789s"), meld_counts=meld_counts([(MeldType.PON, 0)]))


def test_ukeire_batch_rows(waits_impl):
    rows = [
        hand("123m456p789s1122z"),
        bytes([5] + [0] * 33),  # count above four
        hand("123m456p789s11222z"),  # 14 tiles: bad size
        hand("23m56m456p789s11z4z"),
        hand("1111m"),
        hand("1111m"),  # with visible 1z: above four with the hand? no: 1z is not held
    ]
    hands = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), 34)  # read-only
    n_tiles, masks, status = waits_impl.ukeire_batch(hands)
    assert status.tolist() == [0, RowStatus.COUNT_ABOVE_FOUR, RowStatus.BAD_TILE_COUNT, 0, 0, 0]
    assert n_tiles.dtype == np.uint8 and masks.dtype == np.uint64 and status.dtype == np.uint8
    assert n_tiles.tolist() == [4, 0, 0, 12, 132, 132]
    assert [int(m) for m in masks] == [
        (1 << 27) | (1 << 28), 0, 0, sum(1 << k for k in kinds("1m", "4m", "7m")),
        (1 << 34) - 2, (1 << 34) - 2,
    ]
    visible = np.zeros_like(hands)
    visible[0] = np.frombuffer(hand("11z"), np.uint8)
    visible[3, 0] = 4  # four 1m seen
    visible[4, 0] = 1  # a fifth 1m: above four with the hand
    visible[5, 27] = 4
    n_tiles, masks, status = waits_impl.ukeire_batch(hands, visible, n_threads=2)
    assert status.tolist() == [0, RowStatus.COUNT_ABOVE_FOUR, RowStatus.BAD_TILE_COUNT, 0,
                               RowStatus.COUNT_ABOVE_FOUR, 0]
    assert n_tiles.tolist() == [2, 0, 0, 8, 0, 128]
    assert int(masks[0]) == 1 << 28 and int(masks[5]) == (1 << 34) - 2 - (1 << 27)


def test_ukeire_batch_bad_arrays(waits_impl):
    ok = np.zeros((3, 34), dtype=np.uint8)
    with pytest.raises(ArrayError, match="hands"):
        waits_impl.ukeire_batch(np.zeros((3, 34), dtype=np.int64))
    with pytest.raises(ArrayError, match="hands"):
        waits_impl.ukeire_batch(np.zeros((34, 3), dtype=np.uint8).T)
    with pytest.raises(ArrayError, match="hands"):
        waits_impl.ukeire_batch([[0] * 34])
    with pytest.raises(ArrayError, match="visible"):
        waits_impl.ukeire_batch(ok, np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(ArrayError, match="visible"):
        waits_impl.ukeire_batch(ok, np.zeros((2, 34), dtype=np.uint8))
    with pytest.raises(RiichiError):
        waits_impl.ukeire_batch(ok, n_threads=0)
    n_tiles, masks, status = waits_impl.ukeire_batch(np.zeros((0, 34), dtype=np.uint8))
    assert n_tiles.shape == masks.shape == status.shape == (0,)
    # an empty hand is not tenpai-sized
    assert waits_impl.ukeire_batch(ok)[2].tolist() == [RowStatus.BAD_TILE_COUNT] * 3


# ---------------------------------------------------------------------------
# properties


def _impls():
    import riichi_fast.analysis._waits as compiled
    import riichi_fast.reference.analysis.waits as reference

    return reference, compiled


@given(tenpai_hands(), st.booleans())
def test_parity_waits(shape, karaten):
    reference, compiled = _impls()
    counts, melds = shape
    mc = meld_counts(melds) if melds else None
    expected = reference.waits(counts, meld_counts=mc, karaten=karaten)
    assert compiled.waits(counts, meld_counts=mc, karaten=karaten) == expected


@given(counts34(n_tiles=(1, 4, 7, 10, 13)), st.booleans())
def test_parity_waits_any(counts, karaten):
    reference, compiled = _impls()
    assert compiled.waits(counts, karaten=karaten) == reference.waits(counts, karaten=karaten)


@given(tenpai_hands())
def test_waits_agree_with_decompose(shape):
    """k is a wait exactly when counts + k has a reading (four copies aside)."""
    import riichi_fast.analysis._decompose as dec

    _, compiled = _impls()
    counts, melds = shape
    mc = meld_counts(melds)
    got = compiled.waits(counts, meld_counts=mc if melds else None)
    assert got  # a complete hand minus a tile is tenpai
    for k in range(34):
        if counts[k] + mc[k] >= 4:
            assert k not in got
            continue
        plus = counts.copy()
        plus[k] += 1
        wins = dec.decompose(plus, melds, win_tile=k)
        assert bool(wins) == (k in got), NAMES[k]


@given(counts34(n_tiles=(4, 7, 10, 13)))
def test_parity_ukeire(counts):
    reference, compiled = _impls()
    assert compiled.ukeire(counts) == reference.ukeire(counts)


def _full_scan_ukeire(counts, visible=None):
    """ukeire by asking the compiled shanten about every kind (no candidate pruning)."""
    import riichi_fast.analysis._shanten as shanten

    counts = bytearray(counts)
    seen = [c + (visible[k] if visible is not None else 0) for k, c in enumerate(counts)]
    base = shanten.shanten(bytes(counts))
    n, kinds = 0, []
    for k in range(34):
        if seen[k] < 4:
            counts[k] += 1
            if shanten.shanten(bytes(counts)) < base:
                n += 4 - seen[k]
                kinds.append(k)
            counts[k] -= 1
    return n, tuple(kinds)


@settings(max_examples=500)
@given(counts34(n_tiles=(1, 4, 7, 10, 13)))
def test_ukeire_pruning_is_exact(counts):
    """The compiled ukeire skips far kinds when no kind is held 3+ times: same answer."""
    _, compiled = _impls()
    assert compiled.ukeire(counts) == _full_scan_ukeire(counts)


@pytest.mark.oracle
def test_ukeire_pruning_random_deals():
    """200,000 dealt hands of counts <= 2 (where candidates are pruned) against the full scan."""
    import riichi_fast.analysis._waits as compiled

    rng = random.Random(13)
    wall = [k for k in range(34) for _ in range(4)]
    checked = 0
    while checked < 200_000:
        n = rng.choice((13, 13, 10, 7, 4, 1))
        counts = [0] * 34
        for k in rng.sample(wall, n):
            counts[k] += 1
        if max(counts) > 2:
            continue
        assert compiled.ukeire(bytes(counts)) == _full_scan_ukeire(counts), counts
        checked += 1


@settings(max_examples=25)  # the reference shanten is a slow search: 35 calls per example
@given(tenpai_hands(max_melds=0), st.data())
def test_parity_ukeire_visible(shape, data):
    reference, compiled = _impls()
    counts, _ = shape
    room = [4 - int(c) for c in counts]
    visible = bytes(data.draw(st.integers(0, r)) for r in room)
    expected = reference.ukeire(counts, visible)
    assert compiled.ukeire(counts, visible) == expected
    # tenpai: the ukeire kinds are the waits that still have an unseen copy
    if compiled.waits(counts):
        assert expected[1] == tuple(k for k in compiled.waits(counts) if counts[k] + visible[k] < 4)


@settings(max_examples=15)  # up to 14 x 35 reference shanten calls per example
@given(counts34(n_tiles=(5, 8, 14)))
def test_parity_discard_analysis(counts):
    reference, compiled = _impls()
    expected = reference.discard_analysis(counts)
    assert compiled.discard_analysis(counts) == expected
    assert [o.kind for o in expected] == [k for k in range(34) if counts[k]]
    seen = bytes(counts)
    for o in expected:
        after = counts.copy()
        after[o.kind] -= 1
        assert compiled.ukeire(after, visible=bytes(s - a for s, a in zip(seen, after))) == (o.ukeire, o.kinds)


@settings(max_examples=40)  # the reference waits run once per distinct discard
@given(complete_hands(), st.booleans(), st.data())
def test_parity_discard_waits(shape, karaten, data):
    reference, compiled = _impls()
    counts, melds = shape
    mc = meld_counts(melds) if melds else None
    if data.draw(st.booleans()):  # swap a tile: often no longer one discard from tenpai
        held = [k for k in range(34) if counts[k]]
        k = data.draw(st.sampled_from(held))
        j = data.draw(st.integers(0, 33))
        if counts[j] + (mc[j] if mc else 0) < 4 and j != k:
            counts = counts.copy()
            counts[k] -= 1
            counts[j] += 1
    expected = reference.discard_waits(counts, meld_counts=mc, karaten=karaten)
    got = compiled.discard_waits(counts, meld_counts=mc, karaten=karaten)
    assert got == expected
    assert list(got) == sorted(got)
    for k in range(34):
        if counts[k]:
            after = counts.copy()
            after[k] -= 1
            assert got.get(k, ()) == compiled.waits(after, meld_counts=mc, karaten=karaten)


@given(counts34(n_tiles=(2, 5, 8, 11, 14)), st.booleans())
def test_discard_waits_match_waits(counts, karaten):
    """Any complete-sized hand: entry k is waits(counts - k), the shanten filter is exact."""
    _, compiled = _impls()
    got = compiled.discard_waits(counts, karaten=karaten)
    for k in range(34):
        if counts[k]:
            after = counts.copy()
            after[k] -= 1
            assert got.get(k, ()) == compiled.waits(after, karaten=karaten)
        else:
            assert k not in got


@given(counts34(n_tiles=(2, 5, 8, 11, 14)), st.data())
def test_discard_analysis_visible(counts, data):
    """Compiled discard_analysis with visible tiles: entry k is ukeire(counts - k, visible + k)."""
    _, compiled = _impls()
    visible = bytes(data.draw(st.integers(0, 4 - int(c))) for c in counts)
    got = compiled.discard_analysis(counts, visible)
    assert [o.kind for o in got] == [k for k in range(34) if counts[k]]
    for o in got:
        after = counts.copy()
        after[o.kind] -= 1
        vis = bytearray(visible)
        vis[o.kind] += 1
        assert (o.ukeire, o.kinds) == compiled.ukeire(after, bytes(vis))
        assert o.shanten == _shanten_of(after)


def _shanten_of(counts):
    import riichi_fast.analysis._shanten as shanten

    return shanten.shanten(bytes(counts))


@settings(max_examples=25)  # the reference ukeire is a slow search
@given(counts_batches(max_rows=6, n_tiles=(1, 4, 7, 10, 13), bad_rows=True), st.data())
def test_parity_ukeire_batch(batch_bad, data):
    reference, compiled = _impls()
    batch, _ = batch_bad
    visible = None
    if data.draw(st.booleans()):
        visible = np.zeros_like(batch)
        for i in range(len(batch)):
            visible[i] = [data.draw(st.integers(0, max(0, 4 - int(c)))) for c in batch[i]]
    expected = reference.ukeire_batch(batch, visible)
    got = compiled.ukeire_batch(batch, visible)
    for a, b in zip(got, expected):
        assert a.dtype == b.dtype and a.tolist() == b.tolist()


@given(counts_batches(min_rows=1, max_rows=30, n_tiles=(1, 4, 7, 10, 13), bad_rows=True))
def test_ukeire_batch_matches_single(batch_bad):
    _, compiled = _impls()
    batch, bad = batch_bad
    big = np.ascontiguousarray(np.tile(batch, (1100 // len(batch) + 1, 1)))  # 2 threads really run
    for hands in (batch, big):
        n_tiles, masks, status = compiled.ukeire_batch(hands, n_threads=2)
        for i in range(len(hands)):
            if i % len(batch) in bad:
                assert status[i] != 0 and n_tiles[i] == 0 and masks[i] == 0
                continue
            assert status[i] == 0
            n, ks = compiled.ukeire(hands[i])
            assert (int(n_tiles[i]), tuple(k for k in range(34) if int(masks[i]) >> k & 1)) == (n, ks)


# ---------------------------------------------------------------------------
# batch


def test_waits_batch_rows(waits_impl):
    rows = [
        hand("1112345678999m"),
        bytes([5] + [0] * 33),  # count above four
        hand("123m456p789s11222z"),  # 14 tiles: bad size for waits
        hand("123m456p789s1234z"),  # noten
        hand("1111m234p567p789s"),  # karaten only
        hand("19m19p19s1234567z"),
    ]
    hands = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), 34)  # read-only
    masks, status = waits_impl.waits_batch(hands)
    assert status.tolist() == [0, RowStatus.COUNT_ABOVE_FOUR, RowStatus.BAD_TILE_COUNT, 0, 0, 0]
    assert masks.dtype == np.uint64 and status.dtype == np.uint8
    assert [int(m) for m in masks] == [0x1FF, 0, 0, 0, 0, sum(1 << k for k in YAOCHUU)]
    masks, status = waits_impl.waits_batch(hands, karaten=True)
    assert int(masks[4]) == 1
    out = np.zeros(len(rows), dtype=np.uint64)
    got, _ = waits_impl.waits_batch(hands, out=out, n_threads=2)
    assert got is out and int(out[0]) == 0x1FF


def test_waits_batch_bad_arrays(waits_impl):
    with pytest.raises(ArrayError):
        waits_impl.waits_batch(np.zeros((3, 34), dtype=np.int64))
    with pytest.raises(ArrayError):
        waits_impl.waits_batch(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(ArrayError):
        waits_impl.waits_batch(np.zeros((34, 3), dtype=np.uint8).T)
    with pytest.raises(ArrayError):
        waits_impl.waits_batch([[0] * 34])
    with pytest.raises(ArrayError):
        waits_impl.waits_batch(np.zeros((3, 34), dtype=np.uint8), out=np.zeros(2, dtype=np.uint64))
    with pytest.raises(RiichiError):
        waits_impl.waits_batch(np.zeros((3, 34), dtype=np.uint8), n_threads=0)
    masks, status = waits_impl.waits_batch(np.zeros((0, 34), dtype=np.uint8))
    assert masks.shape == (0,) and status.shape == (0,)


@given(st.lists(tenpai_hands(max_melds=0), min_size=1, max_size=20), st.booleans())
def test_waits_batch_matches_single(shapes, karaten):
    _, compiled = _impls()
    hands = np.stack([s.counts for s in shapes])
    for n_threads in (1, 2):
        masks, status = compiled.waits_batch(hands, karaten=karaten, n_threads=n_threads)
        assert not status.any()
        for row, mask in zip(hands, masks):
            assert tuple(k for k in range(34) if int(mask) >> k & 1) == compiled.waits(row, karaten=karaten)


# ---------------------------------------------------------------------------
# oracle: mahjong's Agari and Shanten


def _random_tenpai_size(rng):
    n = rng.choice((13, 13, 13, 10, 7, 4))
    pool = list(range(34))
    if rng.random() < 0.6:
        s = rng.randrange(3)
        pool = list(range(9 * s, 9 * s + 9)) + list(range(27, 34)) * (rng.random() < 0.3)
    counts = [0] * 34
    while sum(counts) < n:
        k = rng.choice(pool)
        if counts[k] < 4:
            counts[k] += 1
    return counts


@pytest.mark.oracle
def test_oracle_waits_mahjong_agari():
    """waits == kinds k (held < 4 times) for which mahjong's Agari says counts + k wins."""
    from mahjong.agari import Agari

    import riichi_fast.analysis._waits as compiled

    rng = random.Random(7)
    n_tenpai = 0
    for _ in range(5000):
        counts = _random_tenpai_size(rng)
        ours = compiled.waits(bytes(counts))
        theirs = []
        for k in range(34):
            if counts[k] == 4:
                continue
            counts[k] += 1
            if Agari.is_agari(counts):
                theirs.append(k)
            counts[k] -= 1
        assert ours == tuple(theirs), counts
        n_tenpai += bool(ours)
    assert n_tenpai > 200


@pytest.mark.oracle
def test_oracle_ukeire_mahjong_shanten():
    """ukeire == the unseen kinds whose draw lowers mahjong's shanten (13-tile hands)."""
    from mahjong.shanten import Shanten

    import riichi_fast.analysis._waits as compiled

    rng = random.Random(11)
    for _ in range(1000):
        counts = _random_tenpai_size(rng)
        if sum(counts) != 13:
            continue
        base = Shanten.calculate_shanten(counts)
        n, theirs = 0, []
        for k in range(34):
            if counts[k] == 4:
                continue
            counts[k] += 1
            if Shanten.calculate_shanten(counts) < base:
                theirs.append(k)
                n += 4 - counts[k] + 1
            counts[k] -= 1
        assert compiled.ukeire(bytes(counts)) == (n, tuple(theirs)), counts
