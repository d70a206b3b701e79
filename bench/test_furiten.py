"""Furiten: a seeded stream of 10,000 events (draw, discard, pass, riichi, new
waits) through FuritenState, and is_furiten on 1,000 (waits, river) pairs."""

import random

import pytest

N_EVENTS = 10_000


@pytest.fixture(scope="module")
def events():
    rng = random.Random(9)
    out = []
    for _ in range(N_EVENTS):
        r = rng.random()
        if r < 0.3:
            out.append(("draw", None))
        elif r < 0.6:
            out.append(("discard", rng.randrange(34)))
        elif r < 0.9:
            out.append(("pass_tile", rng.randrange(34)))
        elif r < 0.92:
            out.append(("riichi", None))
        else:
            out.append(("set_waits", tuple(sorted(rng.sample(range(34), rng.randrange(1, 4))))))
    return out


def _replay(cls, events):
    state = cls((2, 5))
    trace = 0
    for i, (name, arg) in enumerate(events):
        if name == "draw":
            state.draw()
        elif name == "discard":
            state.discard(arg)
        elif name == "pass_tile":
            state.pass_tile(arg)
        elif name == "riichi":
            state.riichi()
        else:
            state.set_waits(arg)
        if state.furiten:
            trace += i
        if state.can_ron(5):
            trace -= 1
    return trace


@pytest.fixture(scope="module")
def expected(events):
    from riichi_fast.reference.analysis.furiten import FuritenState

    return _replay(FuritenState, events)


@pytest.mark.benchmark(group="furiten")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_furiten_events(benchmark, impl, events, expected):
    if impl == "reference":
        from riichi_fast.reference.analysis.furiten import FuritenState
    else:
        from riichi_fast.analysis._furiten import FuritenState
    assert benchmark(_replay, FuritenState, events) == expected


@pytest.mark.benchmark(group="furiten")
@pytest.mark.parametrize("impl", ["reference", "cython"])
def test_is_furiten(benchmark, impl):
    if impl == "reference":
        from riichi_fast.reference.analysis.furiten import is_furiten
    else:
        from riichi_fast.analysis._furiten import is_furiten
    rng = random.Random(10)
    pairs = [(tuple(rng.sample(range(34), 2)), tuple(rng.sample(range(34), 8))) for _ in range(1000)]
    expected = [bool(set(w) & set(d)) for w, d in pairs]
    assert benchmark(lambda: [is_furiten(w, d) for w, d in pairs]) == expected
