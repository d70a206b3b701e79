"""Three-player analysis and one treatment of the player's own meld tiles (issue 13, items 1 and 4).

- Named cases with exact answers, on both twins where the kernel is called.
- A brute-force reference written here, independent of both twins: the
  shanten of a hand is the fewest tiles it lacks of some complete hand
  (enumerated), minus one; waits and ukeire follow from it.
- compiled == reference under hypothesis for three-player hands and melds.
- The ``mahjong`` 2.1.0 three-player shanten (oracle).
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi_fast as rf
from riichi_fast.analysis import _shanten, _waits
from riichi_fast.errors import ContextError, TileCountError
from riichi_fast.reference.analysis import shanten as ref_shanten
from riichi_fast.reference.analysis import waits as ref_waits
from riichi_fast.tiles import mpsz_to_counts, parse_kind

SANMA_KINDS = [0, 8] + list(range(9, 34))


def c(text: str) -> bytes:
    return bytes(mpsz_to_counts(text))


def ks(text: str) -> tuple[int, ...]:
    return tuple(sorted({parse_kind(text[i : i + 1] + text[-1]) for i in range(len(text) - 1)}))


NO_2M = "counts: tile 2m (kind 1) does not exist in three-player mahjong"

# ---------------------------------------------------------------------------
# named cases


def test_manzu_has_no_sequences_in_three_player(shanten_impl):
    hand = c("1111m111122233z")
    assert shanten_impl.shanten(hand) == 1
    assert shanten_impl.shanten(hand, n_players=3) == 2
    assert shanten_impl.shanten_regular(hand, n_players=3) == 2
    assert rf.shanten("1111m111122233z", rules="tenhou_3p") == 2
    assert rf.shanten("1111m111122233z", n_players=3) == 2
    assert rf.shanten("1111m111122233z", rules="tenhou") == 1
    # 19m: a pair and a set of manzu are triplets / pairs of 1m and 9m only
    assert shanten_impl.shanten(c("19m123p456p789s11z"), n_players=3) == 1
    assert shanten_impl.shanten(c("19m123p456p789s11z")) == 1
    assert shanten_impl.shanten(c("1m9m")) == 0 and shanten_impl.shanten(c("1m9m"), n_players=3) == 0
    assert shanten_impl.shanten(c("13m"), n_players=4) == 0
    # kokushi and chiitoitsu exist in three-player (1m and 9m are there)
    assert shanten_impl.shanten(c("19m19p19s1234567z"), n_players=3) == 0
    assert shanten_impl.shanten_kokushi(c("19m19p19s1234567z"), n_players=3) == 0
    assert shanten_impl.shanten_chiitoitsu(c("1199m1199p11s1z23z"), n_players=3) == 1
    assert shanten_impl.is_agari(c("111999m11p123s789s"), n_players=3) is True


def test_waits_and_ukeire_only_on_tiles_that_exist(waits_impl):
    # 19m + sets: waits for 4p are none of 2m-8m anyway; ukeire differs: 2m/3m/7m/8m are gone
    hand = c("19m123p456p789s11z")
    n4, kinds4 = waits_impl.ukeire(hand)
    n3, kinds3 = waits_impl.ukeire(hand, n_players=3)
    assert (n4, kinds4) == (24, (0, 1, 2, 6, 7, 8, 27))
    assert (n3, kinds3) == (8, (0, 8, 27))
    assert waits_impl.waits(c("11m99m123p456p789s"), n_players=3) == (0, 8)
    assert waits_impl.waits(c("1m123p456p789s111z"), n_players=3) == (0,)
    assert waits_impl.discard_waits(c("11m99m123p456p7899s"), n_players=3) == {26: (0, 8)}
    # the kokushi 13-sided wait is the same table
    assert waits_impl.waits(c("19m19p19s1234567z"), n_players=3) == (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def test_discard_waits_three_player_exact():
    got = rf.discard_waits("11m99m123p456p7899s", n_players=3)
    assert got == {26: (0, 8)}
    assert rf.discard_waits("11m99m123p456p7899s") == {26: (0, 8)}


@pytest.mark.parametrize(
    "call",
    [
        lambda h: rf.shanten(h, n_players=3),
        lambda h: rf.shanten_regular(h, n_players=3),
        lambda h: rf.waits(h, n_players=3),
        lambda h: rf.ukeire(h, n_players=3),
        lambda h: rf.is_furiten(h, "1z", n_players=3),
        lambda h: rf.FuritenState(c(h), n_players=3),
    ],
    ids=["shanten", "shanten_regular", "waits", "ukeire", "is_furiten", "FuritenState"],
)
def test_three_player_hand_with_2m_is_an_error_naming_it(call):
    with pytest.raises(TileCountError) as info:
        call("2m123p456p789s111z")
    assert str(info.value) == NO_2M


def test_three_player_errors_on_both_twins(shanten_impl, waits_impl):
    for fn in (
        lambda: shanten_impl.shanten(c("2m123p456p789s111z"), n_players=3),
        lambda: shanten_impl.is_agari(c("22m123p456p789s111z"), n_players=3),
        lambda: waits_impl.waits(c("2m123p456p789s111z"), n_players=3),
        lambda: waits_impl.ukeire(c("2m123p456p789s111z"), n_players=3),
        lambda: waits_impl.discard_analysis(c("2m123p456p789s1112z"), n_players=3),
        lambda: waits_impl.discard_waits(c("2m123p456p789s1112z"), n_players=3),
    ):
        with pytest.raises(TileCountError) as info:
            fn()
        assert str(info.value) == NO_2M
    with pytest.raises(TileCountError) as info:
        shanten_impl.shanten(c("1m123p456p789s"), meld_counts=c("3333m"), n_players=3)
    assert str(info.value) == "counts: tile 3m (kind 2) does not exist in three-player mahjong"
    with pytest.raises(TileCountError) as info:
        shanten_impl.shanten(c("1m123p456p789s"), meld_counts=c("1111m"))
    assert str(info.value) == "counts: tile 1m (kind 0) held 1 times and 4 times in melds (at most 4 in all)"
    for bad in (5, 2, "3", 3.0, True):
        with pytest.raises(ContextError) as info:
            shanten_impl.shanten(c("1m"), n_players=bad)
        assert str(info.value) == f"n_players={bad!r}: expected 3 or 4"


def test_kokushi_impossible_with_four_kita(shanten_impl):
    hand = c("19m19p19s123567z1m")
    with pytest.raises(ContextError) as info:
        shanten_impl.shanten_kokushi(hand, meld_counts=c("4444z"), n_players=3)
    assert "kokushi is impossible" in str(info.value)
    # the other forms still answer; kokushi is left out of the minimum
    kw = {"meld_counts": c("4444z"), "n_players": 3}
    assert shanten_impl.shanten_regular(hand, **kw) == 7
    assert shanten_impl.shanten_chiitoitsu(hand, **kw) == 5
    assert shanten_impl.shanten(hand, **kw) == 5
    assert shanten_impl.shanten(hand, n_players=3) == 0
    # three kita leave one North: kokushi still possible, but 4z cannot be its pair
    assert shanten_impl.shanten_kokushi(c("19m19p19s1234567z"), meld_counts=c("444z"), n_players=3) == 0


def test_rules_and_n_players_keywords():
    hand = "1111m111122233z"
    assert rf.shanten(hand, rules="tenhou_3p", n_players=3) == 2
    with pytest.raises(ContextError) as info:
        rf.shanten(hand, rules="tenhou", n_players=3)
    assert str(info.value) == "n_players=3 disagrees with the rules (n_players=4)"
    with pytest.raises(ContextError) as info:
        rf.waits(hand[:-3], rules="majsoul_3p", n_players=4)
    assert str(info.value) == "n_players=4 disagrees with the rules (n_players=3)"
    with pytest.raises(ContextError) as info:
        rf.ukeire("1m", rules=3)
    assert str(info.value) == "rules must be a Rules object, a preset name or None, got 3"
    with pytest.raises(ContextError) as info:
        rf.is_agari("11m", rules="nope")
    assert "no rules preset 'nope'" in str(info.value)
    assert rf.is_agari("111999m11p", rules=rf.Rules(n_players=3, honba_value=200)) is True


def test_batch_forms_three_player():
    rows = np.stack([mpsz_to_counts("1111m111122233z"), mpsz_to_counts("2m"), mpsz_to_counts("11m99m123p456p789s")])
    sh, status = rf.shanten_batch(rows, n_players=3)
    assert sh.tolist() == [2, 127, 0] and status.tolist() == [0, 2, 0]
    sh, status = rf.shanten_batch(rows)
    assert sh.tolist() == [1, 0, 0] and status.tolist() == [0, 0, 0]
    agari, status = rf.is_agari_batch(
        np.stack([mpsz_to_counts("111999m11p"), mpsz_to_counts("22m")]), rules="tenhou_3p"
    )
    assert agari.tolist() == [True, False] and status.tolist() == [0, 2]
    masks, status = rf.waits_batch(rows, n_players=3)
    assert masks.tolist() == [0, 0, 1 | 1 << 8] and status.tolist() == [0, 2, 0]
    n_tiles, kinds, status = rf.ukeire_batch(rows, n_players=3)
    assert status.tolist() == [0, 2, 0] and n_tiles.tolist()[1:] == [0, 4]
    single = [rf.ukeire(bytes(rows[0]), n_players=3), rf.ukeire(bytes(rows[2]), n_players=3)]
    assert [n_tiles[0], n_tiles[2]] == [single[0][0], single[1][0]]
    assert [int(kinds[0]), int(kinds[2])] == [sum(1 << k for k in s[1]) for s in single]


def test_batches_on_both_twins(shanten_impl, waits_impl):
    rows = np.stack([mpsz_to_counts("1111m111122233z"), mpsz_to_counts("2m"), mpsz_to_counts("19m123p456p789s11z")])
    sh, status = shanten_impl.shanten_batch(rows, n_players=3)
    assert sh.tolist() == [2, 127, 1] and status.tolist() == [0, 2, 0]
    n_tiles, _kinds, status = waits_impl.ukeire_batch(rows, n_players=3)
    assert n_tiles.tolist() == [waits_impl.ukeire(bytes(rows[0]), n_players=3)[0], 0, 8]
    assert status.tolist() == [0, 2, 0]
    with pytest.raises(ContextError):
        waits_impl.waits_batch(rows, n_players=2)


# ---------------------------------------------------------------------------
# own meld tiles: one treatment (item 4)


def test_own_meld_tiles_one_treatment():
    hand = "13m456p789s11z ankan:2222m"
    # default rules: the four 2m are the player's: the kanchan is dead, the hand 1-shanten
    assert rf.shanten(hand) == 1 and rf.waits(hand) == () and rf.discard_waits(hand + " 5z") == {}
    assert rf.ukeire(hand) == (16, (0, 2, 3, 4, 27))
    # Tenhou / Mahjong Soul: the meld tiles are not held: tenpai on 2m, with no 2m left
    for rules in ("tenhou", "majsoul"):
        assert rf.shanten(hand, rules=rules) == 0
        assert rf.waits(hand, rules=rules) == (1,)
        assert rf.ukeire(hand, rules=rules) == (0, ())
        assert rf.discard_waits("13m456p789s11z5z ankan:2222m", rules=rules) == {31: (1,)}
        assert rf.is_furiten(hand, "2m", rules=rules) is True
    assert rf.is_furiten(hand, "2m") is False  # no wait, so no furiten
    # ukeire never counts the own meld copies as unseen
    assert rf.ukeire("13m456p789s11z pon:222m@1", rules="tenhou") == (1, (1,))
    assert rf.ukeire("13m456p789s11z pon:222m@1") == (1, (1,))
    # discard_analysis agrees with ukeire after each discard
    options = rf.discard_analysis("13m456p789s115z ankan:2222m")
    assert [o.kind for o in options] == [0, 2, 12, 13, 14, 24, 25, 26, 27, 31]
    five_z = options[-1]
    assert (five_z.shanten, five_z.ukeire, five_z.kinds) == (1, 16, (0, 2, 3, 4, 27))


def test_player_state_follows_the_convention():
    p = rf.PlayerState("13m456p789s11z ankan:2222m")
    assert (p.shanten, p.waits, p.is_tenpai) == (1, (), False)
    t = rf.PlayerState("13m456p789s11z ankan:2222m", rules="tenhou")
    assert (t.shanten, t.waits, t.is_tenpai) == (0, (1,), True)
    assert t.can_ron("2m") is False
    t.draw("5z")
    assert t.riichi_discards() == (31,)
    p.draw("5z")
    assert p.riichi_discards() == ()


def test_player_state_three_player():
    p = rf.PlayerState("11m99m123p456p789s", n_players=3)
    assert (p.shanten, p.waits) == (0, (0, 8))
    with pytest.raises(TileCountError) as info:
        p.draw("2m")
    assert str(info.value) == "draw of 2m: there is no 2m in three-player mahjong"
    with pytest.raises(TileCountError) as info:
        p.tile_passed("5m")
    assert str(info.value) == "tile_passed of 5m: there is no 5m in three-player mahjong"
    with pytest.raises(TileCountError) as info:
        rf.PlayerState("1112345678999m", rules="tenhou_3p")
    assert str(info.value) == NO_2M
    q = rf.PlayerState("1111m111122233z", rules="majsoul_3p")
    assert q.shanten == 2
    with pytest.raises(ContextError):
        rf.PlayerState("1111m111122233z", rules="majsoul_3p", n_players=4)


def test_player_twins_three_player():
    from riichi_fast.analysis._player import PlayerState as CP
    from riichi_fast.reference.analysis.player import PlayerState as RP

    for P in (CP, RP):
        p = P("19m19p19s1234567z", n_players=3)
        assert p.waits == (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
        p.tile_passed("1m")
        assert p.temporary_furiten
        q = P("11m99m123p456p789s", n_players=3)
        q.draw("9m")
        assert q.shanten == -1 and q.can_tsumo("9m")
        with pytest.raises(TileCountError) as info:
            P("11m99m123p456p789s", n_players=3).call("pon", "2m", "2m")
        assert str(info.value) == "call of 2m: there is no 2m in three-player mahjong"


def test_furiten_state_tile_names(furiten_impl):
    state = furiten_impl.FuritenState(waits=["3m", "6m"])
    assert state.waits == (2, 5)
    state.pass_tile("6m")
    assert state.temporary_furiten and not state.can_ron("3m")
    state.draw()
    state.discard("0m")  # red five: kind 4
    assert state.can_ron("3m") and not state.discard_furiten
    state.set_waits("25m")
    assert state.waits == (1, 4) and state.discard_furiten
    three = furiten_impl.FuritenState(c("11m99m123p456p789s"), n_players=3)
    assert three.waits == (0, 8)
    held = furiten_impl.FuritenState(rules="tenhou")
    held.set_hand(c("13m456p789s11z"), meld_counts=c("2222m"))
    assert held.waits == (1,)
    default = furiten_impl.FuritenState()
    default.set_hand(c("13m456p789s11z"), meld_counts=c("2222m"))
    assert default.waits == ()


# ---------------------------------------------------------------------------
# agreement of shanten / waits / ukeire / PlayerState over random hands with melds


def _random_meld_hand(rng: random.Random, n3: bool):
    kinds = SANMA_KINDS if n3 else list(range(34))
    n_melds = rng.randint(1, 3)
    _melds, parts, own = [], [], [0] * 34
    for _ in range(n_melds):
        k = rng.choice([x for x in kinds if own[x] == 0 and (x >= 27 or x % 9 != 4)])  # no red five question
        kind = rng.choice(["pon", "ankan"])
        own[k] += 3 if kind == "pon" else 4
        name = f"{k % 9 + 1}{'mpsz'[k // 9]}"
        parts.append(f"pon:{name * 3}@1" if kind == "pon" else f"ankan:{name * 4}")
    closed = [0] * 34
    pool = [k for k in kinds if own[k] < 4 and (rng.random() < 0.5 or k < 27)]
    while sum(closed) < 13 - 3 * n_melds:
        k = rng.choice(pool)
        if closed[k] + own[k] < 4:
            closed[k] += 1
    text = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in range(34) for _ in range(closed[k]))
    return text + " " + " ".join(parts)


@pytest.mark.parametrize("rules", ["default", "tenhou", "tenhou_3p", "majsoul_3p"])
def test_shanten_waits_ukeire_player_agree(rules):
    rng = random.Random(13)
    n3 = rules.endswith("3p")
    for _ in range(150):
        hand = _random_meld_hand(rng, n3)
        sh = rf.shanten(hand, rules=rules)
        w = rf.waits(hand, rules=rules)
        assert (sh == 0) == bool(w), hand
        n, kinds = rf.ukeire(hand, rules=rules)
        h = rf.as_hand(hand)
        _closed, own = h.counts34(), h.all_counts34()
        assert n == sum(4 - int(own[k]) for k in kinds), hand
        p = rf.PlayerState(hand, rules=rules)
        assert (p.shanten, p.waits) == (sh, w), hand


# ---------------------------------------------------------------------------
# brute force: the fewest tiles a hand lacks of some complete hand (3n+2 tiles)


def _sets(kinds_allowed):
    out = []
    for k in kinds_allowed:
        out.append((k, k, k))
    for k in range(27):
        if k % 9 <= 6 and all(j in kinds_allowed for j in (k, k + 1, k + 2)):
            out.append((k, k + 1, k + 2))
    return out


_TARGETS: dict = {}


def _targets(n_sets: int, n3: bool) -> np.ndarray:
    """Every complete closed hand of n_sets sets and a pair (counts <= 4), as rows of 34."""
    key = (n_sets, n3)
    if key not in _TARGETS:
        kinds = SANMA_KINDS if n3 else list(range(34))
        sets = _sets(kinds)
        rows = []
        for combo in itertools.combinations_with_replacement(range(len(sets)), n_sets):
            base = [0] * 34
            for i in combo:
                for k in sets[i]:
                    base[k] += 1
            for pair in kinds:
                row = list(base)
                row[pair] += 2
                if max(row) <= 4:
                    rows.append(row)
        _TARGETS[key] = np.array(rows, dtype=np.int16)
    return _TARGETS[key]


def _brute_distance(closed, caps, n3) -> int:
    t = sum(closed)
    targets = _targets(t // 3, n3)
    ok = (targets <= np.array(caps, dtype=np.int16)).all(axis=1)
    lack = np.maximum(targets[ok] - np.array(closed, dtype=np.int16), 0).sum(axis=1)
    return int(lack.min())


def _brute_hand(rng, n3, size):
    kinds = SANMA_KINDS if n3 else list(range(34))
    melds = [0] * 34
    if rng.random() < 0.5:
        k = rng.choice(kinds)
        melds[k] = rng.choice([3, 4])
    pool = [k for k in kinds if rng.random() < 0.45] or kinds
    closed = [0] * 34
    while sum(closed) < size:
        k = rng.choice(pool)
        if closed[k] + melds[k] < 4:
            closed[k] += 1
    return closed, melds


@pytest.mark.parametrize("size, n_hands", [(1, 60), (4, 60), (7, 10)])
def test_brute_force_three_player(size, n_hands):
    rng = random.Random(size)
    for _ in range(n_hands):
        closed, melds = _brute_hand(rng, True, size)
        mk = bytes(melds) if any(melds) else None
        caps = ref_shanten.caps_for(closed, mk, 3)
        dist = _brute_distance(closed, caps, True)
        assert _shanten.shanten(bytes(closed), meld_counts=mk, n_players=3) == dist - 1
        # waits: every existing tile whose draw completes the hand (own melds held)
        want = []
        for k in SANMA_KINDS:
            if closed[k] + melds[k] < 4:
                closed[k] += 1
                if _brute_distance(closed, caps, True) == 0:
                    want.append(k)
                closed[k] -= 1
        assert _waits.waits(bytes(closed), meld_counts=mk, n_players=3) == tuple(want)
        # ukeire: every unseen tile (4 - closed - melds) whose draw lowers the distance
        n_want, kinds_want = 0, []
        for k in SANMA_KINDS:
            unseen = 4 - closed[k] - melds[k]
            if unseen > 0:
                closed[k] += 1
                if _brute_distance(closed, caps, True) < dist:
                    n_want += unseen
                    kinds_want.append(k)
                closed[k] -= 1
        assert _waits.ukeire(bytes(closed), meld_counts=mk, n_players=3) == (n_want, tuple(kinds_want))


@pytest.mark.slow
def test_brute_force_three_player_ten_tiles():
    rng = random.Random(10)
    for _ in range(25):
        closed, melds = _brute_hand(rng, True, 10)
        mk = bytes(melds) if any(melds) else None
        caps = ref_shanten.caps_for(closed, mk, 3)
        dist = _brute_distance(closed, caps, True)
        assert _shanten.shanten(bytes(closed), meld_counts=mk, n_players=3) == dist - 1
        n_want, kinds_want = 0, []
        for k in SANMA_KINDS:
            unseen = 4 - closed[k] - melds[k]
            if unseen > 0:
                closed[k] += 1
                if _brute_distance(closed, caps, True) < dist:
                    n_want += unseen
                    kinds_want.append(k)
                closed[k] -= 1
        assert _waits.ukeire(bytes(closed), meld_counts=mk, n_players=3) == (n_want, tuple(kinds_want))


# ---------------------------------------------------------------------------
# compiled == reference (hypothesis)


@st.composite
def sanma_hands(draw, sizes=(1, 2, 4, 5, 7, 8, 10, 11, 13, 14)):
    size = draw(st.sampled_from(sizes))
    pool = draw(st.lists(st.sampled_from(SANMA_KINDS), min_size=1, max_size=10, unique=True))
    melds = [0] * 34
    if draw(st.booleans()):
        k = draw(st.sampled_from(SANMA_KINDS))
        melds[k] = draw(st.sampled_from([1, 3, 4]))
    closed = [0] * 34
    choices = draw(st.lists(st.sampled_from(pool), min_size=60, max_size=60))
    for k in choices:
        if sum(closed) == size:
            break
        if closed[k] + melds[k] < 4:
            closed[k] += 1
    if sum(closed) != size:
        for k in SANMA_KINDS:
            while sum(closed) < size and closed[k] + melds[k] < 4:
                closed[k] += 1
    return bytes(closed), (bytes(melds) if any(melds) else None)


@settings(max_examples=60, deadline=None)
@given(sanma_hands())
def test_compiled_equals_reference_shanten_three_player(hand):
    closed, melds = hand
    for name in ("shanten", "shanten_regular"):
        assert getattr(_shanten, name)(closed, meld_counts=melds, n_players=3) == getattr(ref_shanten, name)(
            closed, meld_counts=melds, n_players=3
        )


@settings(max_examples=25, deadline=None)
@given(sanma_hands(sizes=(1, 4, 7, 10, 2, 5, 8)))
def test_compiled_equals_reference_waits_three_player(hand):
    closed, melds = hand
    if sum(closed) % 3 == 1:
        for held in (True, False):
            kw = {"meld_counts": melds, "melds_held": held, "n_players": 3}
            assert _waits.ukeire(closed, **kw) == ref_waits.ukeire(closed, **kw)
        kw = {"meld_counts": melds, "n_players": 3}
        assert _waits.waits(closed, **kw) == ref_waits.waits(closed, **kw)
    else:
        kw = {"meld_counts": melds, "n_players": 3}
        assert _waits.discard_waits(closed, **kw) == ref_waits.discard_waits(closed, **kw)
        assert _waits.discard_analysis(closed, **kw) == ref_waits.discard_analysis(closed, **kw)


# ---------------------------------------------------------------------------
# oracle: mahjong 2.1.0 three-player shanten


@pytest.mark.oracle
def test_mahjong_three_player_shanten_oracle():
    from mahjong.shanten import Shanten

    rng = random.Random(2100)
    for i in range(3000):
        size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        counts = [0] * 34
        pool = SANMA_KINDS if i % 2 else [0, 8, 9, 10, 11, 12, 13, 27, 28]
        while sum(counts) < size:
            k = rng.choice(pool)
            if counts[k] < 4:
                counts[k] += 1
        assert rf.shanten(bytes(counts), n_players=3) == Shanten.calculate_shanten(counts, is_three_player=True)
    with pytest.raises(ValueError):
        Shanten.calculate_shanten(list(mpsz_to_counts("2m")), is_three_player=True)
    with pytest.raises(TileCountError):
        rf.shanten("2m", n_players=3)


def test_kita_tiles_are_own_meld_tiles():
    # kokushi waiting on North with three kita declared: one 4z is left to win on
    three = "19m19p19s1235677z kita:4z kita:4z kita:4z"
    for rules in ("tenhou_3p", "majsoul_3p", None):
        kw = {"rules": rules} if rules else {"n_players": 3}
        assert rf.waits(three, **kw) == (30,)
        assert rf.shanten(three, **kw) == 0
        assert rf.ukeire(three, **kw) == (1, (30,))
    # the fourth kita: no North is left; held (default) the hand is noten, on Tenhou tenpai on 4z
    four = three + " kita:4z"
    assert (rf.waits(four, n_players=3), rf.shanten(four, n_players=3)) == ((), 5)
    assert (rf.waits(four, rules="tenhou_3p"), rf.shanten(four, rules="tenhou_3p")) == ((30,), 0)
    assert rf.ukeire(four, rules="tenhou_3p") == (0, ())
    # a North kept in the hand is an ordinary honor: pairs and triplets
    assert rf.waits("1m999m123p456p444z", n_players=3) == (0,)
    assert rf.waits("11m99m123p456p444z", n_players=3) == (0, 8)
    assert rf.waits("11m99m123p456p44z5z", n_players=3) == ()


def test_player_state_copy_and_pickle_keep_the_settings():
    import pickle

    from riichi_fast.analysis._player import PlayerState as CP
    from riichi_fast.reference.analysis.player import PlayerState as RP

    for P in (CP, RP):
        p = P("13m456p789s11z ankan:2222m", rules="tenhou")
        for q in (pickle.loads(pickle.dumps(p)), p.copy()):
            assert (q.waits, q.shanten) == ((1,), 0)
        p3 = P("11m99m123p456p789s", n_players=3)
        for q in (pickle.loads(pickle.dumps(p3)), p3.copy()):
            with pytest.raises(TileCountError) as info:
                q.draw("2m")
            assert str(info.value) == "draw of 2m: there is no 2m in three-player mahjong"
