"""Furiten (RULES.md section 8): discard, temporary and riichi furiten.

Event sequences assert every query after every event; hypothesis drives the
compiled and the reference FuritenState through the same random events.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_fast.errors import ArrayError, RiichiError, TileCountError, TileParseError
from riichi_fast.reference.analysis.decompose import _mpsz as hand

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def k(name):
    return NAMES.index(name)


# ---------------------------------------------------------------------------
# is_furiten


def test_is_furiten_forms(furiten_impl):
    f = furiten_impl.is_furiten
    tenpai = hand("123m456p789s1122z")  # waits 1z 2z
    assert f(tenpai, [k("1z")]) is True
    assert f(tenpai, [k("3z"), k("1m")]) is False
    assert f(tenpai, hand("2z")) is True  # discards as 34-counts
    assert f(tenpai, np.frombuffer(hand("9m3z"), dtype=np.uint8)) is False
    assert f((k("1z"), k("2z")), [k("2z")]) is True
    assert f({k("3m"), k("6m")}, (k("3m"),)) is True
    assert f([], [k("1m")]) is False
    assert f(tenpai, []) is False
    # a noten hand has no wait, so it is never furiten
    assert f(hand("123m456p789s1234z"), hand("1234z")) is False
    # a kokushi 13-sided wait and any terminal discarded
    assert f(hand("19m19p19s1234567z"), [k("9s")]) is True


@pytest.mark.parametrize(
    "waits, discards, error",
    [
        pytest.param(hand("123m456p789s11222z"), [], TileCountError, id="hand_14"),
        pytest.param(5, [], ArrayError, id="int_waits"),
        pytest.param("1x", [], TileParseError, id="str_waits"),
        pytest.param([34], [], TileParseError, id="wait_34"),
        pytest.param([0], [-1], TileParseError, id="discard_negative"),
        pytest.param([0], [True], TileParseError, id="discard_bool"),
        pytest.param([0], None, ArrayError, id="discards_none"),
        pytest.param([0], b"\x00" * 30, ArrayError, id="discards_short"),
        pytest.param([0], np.zeros(34, dtype=np.int8), ArrayError, id="discards_dtype"),
    ],
)
def test_is_furiten_bad_input(furiten_impl, waits, discards, error):
    with pytest.raises(error) as info:
        furiten_impl.is_furiten(waits, discards)
    assert isinstance(info.value, RiichiError)


# ---------------------------------------------------------------------------
# FuritenState event sequences


def _queries(state):
    return (state.furiten, state.discard_furiten, state.temporary_furiten, state.riichi_furiten)


# (event, argument, expected (furiten, discard, temporary, riichi) after it)
SEQUENCES = {
    "temporary_until_draw": [
        ("pass_tile", k("3m"), (True, False, True, False)),
        ("pass_tile", k("9p"), (True, False, True, False)),  # not a wait: no change
        ("draw", None, (False, False, False, False)),
    ],
    "temporary_ends_at_own_discard_after_call": [
        ("pass_tile", k("6m"), (True, False, True, False)),
        ("discard", k("1z"), (False, False, False, False)),  # called, then discarded: own turn
    ],
    "non_wait_passed": [
        ("pass_tile", k("4m"), (False, False, False, False)),
    ],
    "discard_furiten_is_permanent_while_waiting": [
        ("discard", k("6m"), (True, True, False, False)),
        ("draw", None, (True, True, False, False)),
        ("set_waits", (k("1z"), k("2z")), (False, False, False, False)),  # the wait changed
        ("set_waits", (k("3m"), k("6m")), (True, True, False, False)),
    ],
    "riichi_furiten_is_permanent": [
        ("riichi", None, (False, False, False, False)),
        ("pass_tile", k("9p"), (False, False, False, False)),
        ("pass_tile", k("3m"), (True, False, False, True)),
        ("draw", None, (True, False, False, True)),
        ("discard", k("1z"), (True, False, False, True)),
        ("draw", None, (True, False, False, True)),
    ],
    "temporary_before_riichi_then_riichi": [
        ("pass_tile", k("3m"), (True, False, True, False)),
        ("draw", None, (False, False, False, False)),
        ("riichi", None, (False, False, False, False)),
        ("discard", k("5z"), (False, False, False, False)),
        ("pass_tile", k("6m"), (True, False, False, True)),
    ],
    "riichi_and_discard_furiten": [
        ("discard", k("3m"), (True, True, False, False)),
        ("riichi", None, (True, True, False, False)),
        ("draw", None, (True, True, False, False)),
    ],
}


@pytest.mark.parametrize("name", sorted(SEQUENCES))
def test_event_sequences(furiten_impl, name):
    state = furiten_impl.FuritenState(waits=(k("3m"), k("6m")))
    assert _queries(state) == (False, False, False, False)
    assert state.can_ron(k("3m")) and not state.can_ron(k("4m"))
    for event, arg, expected in SEQUENCES[name]:
        method = getattr(state, event)
        method() if arg is None else method(arg)
        assert _queries(state) == expected, (event, arg)
        for kind in state.waits:
            assert state.can_ron(kind) is (not expected[0])


def test_state_from_hand(furiten_impl):
    state = furiten_impl.FuritenState(hand("1112345678999m"))
    assert state.waits == tuple(range(9))
    state.discard(k("5m"))
    assert state.discard_furiten and not state.can_ron(k("1m"))
    state.set_hand(hand("123m456p789s1122z"))
    assert state.waits == (k("1z"), k("2z")) and not state.furiten
    assert state.can_ron(k("2z")) and not state.can_ron(k("5m"))
    state.set_hand(hand("1m234p567p789s"), meld_counts=hand("111m"))  # karaten: no wait
    assert state.waits == ()
    assert not state.in_riichi
    state.riichi()
    assert state.in_riichi
    assert "FuritenState(waits=()" in repr(state)


def test_state_bad_input(furiten_impl):
    state = furiten_impl.FuritenState()
    with pytest.raises(TileParseError):
        state.discard(34)
    with pytest.raises(TileParseError):
        state.pass_tile("1x")
    with pytest.raises(TileParseError):
        state.can_ron(-1)
    with pytest.raises(ArrayError):
        state.set_waits(3)
    with pytest.raises(TileCountError):
        state.set_hand(hand("123m456p789s11222z"))
    with pytest.raises(ArrayError):
        furiten_impl.FuritenState(waits=7)
    assert _queries(state) == (False, False, False, False)


# ---------------------------------------------------------------------------
# parity: the same random events drive both implementations

_events = st.one_of(
    st.tuples(st.just("draw"), st.none()),
    st.tuples(st.just("riichi"), st.none()),
    st.tuples(st.just("discard"), st.integers(0, 33)),
    st.tuples(st.just("pass_tile"), st.integers(0, 33)),
    st.tuples(st.just("set_waits"), st.frozensets(st.integers(0, 33), max_size=6)),
)


@given(st.frozensets(st.integers(0, 33), max_size=6), st.lists(_events, max_size=40))
def test_parity_events(waits, events):
    import riichi_fast.analysis._furiten as compiled
    import riichi_fast.reference.analysis.furiten as reference

    a, b = reference.FuritenState(waits), compiled.FuritenState(waits)
    for event, arg in events:
        for state in (a, b):
            method = getattr(state, event)
            method() if arg is None else method(arg)
        assert _queries(a) == _queries(b)
        assert a.waits == b.waits and a.in_riichi == b.in_riichi
        assert (a.wait_mask, a.discard_kinds) == (b.wait_mask, b.discard_kinds)
        assert [a.can_ron(x) for x in range(34)] == [b.can_ron(x) for x in range(34)]
        assert repr(a) == repr(b)


@given(st.frozensets(st.integers(0, 33), max_size=6), st.frozensets(st.integers(0, 33), max_size=10))
def test_parity_is_furiten(waits, discards):
    import riichi_fast.analysis._furiten as compiled
    import riichi_fast.reference.analysis.furiten as reference

    expected = bool(waits & discards)
    assert reference.is_furiten(waits, discards) is expected
    assert compiled.is_furiten(waits, discards) is expected
    counts = bytes(1 if x in discards else 0 for x in range(34))
    assert compiled.is_furiten(sorted(waits), counts) is expected


def test_state_copy_and_pickle(furiten_impl):
    """Simulators copy the state when they search: copies are independent and equal."""
    import copy
    import pickle

    state = furiten_impl.FuritenState(waits=(k("3m"), k("6m")))
    state.discard(k("6m"))
    state.riichi()
    for clone in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(clone) is type(state)
        assert (clone.waits, clone.in_riichi) == (state.waits, True)
        assert _queries(clone) == _queries(state) == (True, True, False, False)
        clone.set_waits((k("1z"),))
        assert state.waits == (k("3m"), k("6m"))


def test_wait_mask_and_river(furiten_impl):
    """The waits as a settable bitmask, and the river, as PlayerState keeps them."""
    state = furiten_impl.FuritenState(waits=["3m", "6m"])
    assert state.wait_mask == (1 << k("3m")) | (1 << k("6m"))
    state.discard("6m")
    state.discard("1z")
    state.discard("6m")
    assert state.discard_kinds == (k("6m"), k("1z"))
    assert state.furiten
    state.wait_mask = 1 << k("9p")
    assert state.waits == (k("9p"),)
    assert (state.discard_furiten, state.furiten, state.can_ron("9p")) == (False, False, True)
    for bad in (-1, 1 << 34, "1m", 1.0):
        with pytest.raises(ArrayError):
            state.wait_mask = bad
    assert state.wait_mask == 1 << k("9p")


_player_events = st.lists(st.tuples(st.integers(0, 33), st.integers(0, 33), st.booleans()), max_size=30)


@given(st.randoms(use_true_random=False), _player_events)
def test_player_furiten_is_the_furiten_state(furiten_impl, player_rng, steps):
    """PlayerState's furiten answers are FuritenState's, driven by the same events with the hand's waits."""
    from riichi_fast import _backend

    player = _backend.load("analysis._player")
    wall = list(range(136))
    player_rng.shuffle(wall)
    counts = bytearray(34)
    for t in wall[:13]:
        counts[t // 4] += 1
    p = player.PlayerState(bytes(counts))
    f = furiten_impl.FuritenState()
    for draw, passed, tsumogiri in steps:
        if p.closed_counts[draw] + (draw in [m[1] for m in p.melds]) >= 4:
            continue
        p.draw(draw)
        f.draw()
        if p.in_riichi:
            discard = draw
        elif tsumogiri and p.riichi_discards():
            p.riichi()
            discard = p.riichi_discards()[-1]
        else:
            discard = draw if tsumogiri else max(range(34), key=lambda x: (p.closed_counts[x] > 0, x))
        p.discard(discard)
        f.discard(discard)
        if p.in_riichi and not f.in_riichi:
            f.riichi()
        f.wait_mask = p.wait_mask
        if p.closed_counts[passed] < 4:
            p.tile_passed(passed)
            f.pass_tile(passed)
        assert p.discard_kinds == f.discard_kinds
        assert (p.discard_furiten, p.temporary_furiten, p.riichi_furiten, p.furiten) == (
            f.discard_furiten,
            f.temporary_furiten,
            f.riichi_furiten,
            f.furiten,
        )
