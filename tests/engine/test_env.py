"""The agent environment: the fixed action space, masks, observations without leaks, illegal actions,
whole games, mjai events, and random legal play (hypothesis) keeping every invariant."""

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_fast import _backend
from riichi_fast.engine import N_ACTIONS, Action, CTable, EngineError, Env, Table, Wall, play_game, seeded_wall
from riichi_fast.engine.env import ACTION_NAMES, action_name, default_table_class, index_of, mjai_events
from riichi_fast.errors import ContextError
from riichi_fast.rules import config
from riichi_fast.tiles import MJAI_NAMES

PRESETS = ["tenhou", "tenhou_3p", "majsoul", "wrc"]


def test_the_action_space_is_fixed_and_named():
    assert N_ACTIONS == 222 and len(set(ACTION_NAMES)) == N_ACTIONS
    assert [ACTION_NAMES[i] for i in (0, 33, 38, 68, 106, 136, 137, 138, 139, 147, 148, 151, 152, 219, 220, 221)] == [
        "discard 1m", "discard C", "discard red 5m", "riichi 1m", "riichi red 5m", "tsumo", "ron", "pass",
        "chi low", "chi high (2 red)", "pon", "daiminkan", "ankan 1m", "kakan C", "kita", "kyuushu"]
    with pytest.raises(EngineError, match="action index 222 is out of range 0-221"):
        action_name(222)
    red = config.TENHOU.red_fives
    cases = [(Action("discard", 0, 17), 4), (Action("discard", 0, 16), 38), (Action("riichi", 0, 52), 115),
             (Action("chi", 1, 8, (12, 16)), 140), (Action("chi", 1, 20, (12, 16)), 146),
             (Action("chi", 1, 16, (12, 20)), 142), (Action("pon", 2, 53, (52, 54)), 149),
             (Action("pon", 2, 52, (53, 54)), 148), (Action("daiminkan", 2, 53, (52, 54, 55)), 151),
             (Action("ankan", 0, 108, (108, 109, 110, 111)), 179), (Action("kakan", 0, 133), 219),
             (Action("kita", 0, 121), 220), (Action("kyuushu", 0), 221), (Action("tsumo", 0, 5), 136),
             (Action("ron", 3, 5), 137), (Action("pass", 3), 138)]
    assert [index_of(a, red) for a, _ in cases] == [i for _, i in cases]
    # without red tiles a 0-mod-4 five is plain
    assert index_of(Action("discard", 0, 16), config.WRC.red_fives) == 4
    with pytest.raises(EngineError, match="unknown action type 'chombo'"):
        index_of(Action("chombo", 0), red)


def _first(env):
    return env.legal_actions()[0]


def test_reset_and_the_first_observation():
    env = Env("tenhou")
    obs = env.reset(seed=5, length="single")
    t = env.table
    assert env.seat == 0 and not env.done and env.result is None
    assert obs.seat == 0 and obs.hand == tuple(sorted(t.seats[0].closed)) and obs.drawn == t.drawn
    assert obs.hand_sizes == (14, 13, 13, 13) and obs.melds == ((), (), (), ()) and obs.rivers == ((), (), (), ())
    assert obs.dora_indicators == (seeded_wall(5, 0).dora_indicators[0],) and obs.scores == (25000,) * 4
    assert (obs.round_wind, obs.kyoku, obs.honba, obs.riichi_sticks, obs.tiles_left, obs.dealer, obs.seat_wind) == (
        0, 0, 0, 0, 69, 0, 0)
    assert obs.riichi == (0, 0, 0, 0) and obs.kita == (0, 0, 0, 0) and obs.last_discard is None
    assert obs.phase == "turn"
    # another seat sees its own 13 tiles and no drawn tile
    o2 = env.observation(2)
    assert o2.hand == tuple(sorted(t.seats[2].closed)) and o2.drawn is None and o2.seat_wind == 2
    with pytest.raises(ContextError, match="seat must be 0-3, got 4"):
        env.observation(4)


def test_mask_and_legal_actions_agree_and_round_trip():
    env = Env("tenhou")
    env.reset(seed=9, length="single")
    while not env.done:
        acts = env.legal_actions()
        mask = env.action_mask()
        idx = [env.index_of(a) for a in acts]
        assert mask.dtype == np.bool_ and mask.shape == (N_ACTIONS,)
        assert idx == sorted(set(idx)) and list(np.flatnonzero(mask)) == idx
        assert all(env.action_from_index(i) == a for i, a in zip(idx, acts))
        # every action the table lists has the index of one listed here
        assert {env.index_of(a) for a in env.table.legal_actions(env.seat)} == set(idx)
        env.step(idx[-1])


@pytest.mark.parametrize("table_class", [CTable, Table])
def test_illegal_actions_raise_and_change_nothing(table_class):
    env = Env("tenhou", table_class=table_class)
    env.reset(seed=11, length="single")
    before = (env.observation(), env.events, env.table.phase)
    illegal = next(i for i in range(N_ACTIONS) if not env.action_mask()[i])
    with pytest.raises(EngineError, match=rf"action {illegal} \({ACTION_NAMES[illegal]}\) is illegal for seat 0 now"):
        env.step(illegal)
    with pytest.raises(EngineError, match="action index 999 is out of range"):
        env.step(999)
    with pytest.raises(EngineError, match="an action is an Action or an index 0-221, got 'discard'"):
        env.step("discard")
    with pytest.raises(EngineError, match=r"seat 2 discard 5 is illegal: seat 0 acts now"):
        env.step(Action("discard", 2, 5))
    stranger = next(x for x in range(136) if x not in env.table.seats[0].closed)
    with pytest.raises(EngineError, match=rf"seat 0 discard {stranger} is illegal: not among the legal actions"):
        env.step(Action("discard", 0, stranger))
    assert (env.observation(), env.events, env.table.phase) == before
    with pytest.raises(EngineError, match="no game: call reset"):
        Env().step(0)


def test_a_finished_game_refuses_more_steps():
    env = Env("tenhou")
    env.reset(seed=2, length="single")
    while env.step(_first(env)) is not None:
        pass
    assert env.done and env.seat is None and env.legal_actions() == [] and not env.action_mask().any()
    with pytest.raises(EngineError, match="the game is over"):
        env.step(0)
    with pytest.raises(ContextError, match="unknown game length 'long'"):
        env.reset(length="long")
    with pytest.raises(ContextError, match="seed must be an int, got str"):
        env.reset(seed="1")


def test_other_hands_never_leak():
    """Swapping hidden tiles of seats 1-3 with tiles deep in the wall changes nothing seat 0 sees."""
    w = seeded_wall(21)
    deal = w.haipai(0)
    tiles = list(w.tiles)
    pos = {t: i for i, t in enumerate(tiles)}
    deep = w.live_tiles[-3:]  # never drawn in the first turns
    for seat, far in zip((1, 2, 3), deep):
        a, b = pos[deal[seat][0]], pos[far]
        tiles[a], tiles[b] = tiles[b], tiles[a]
    other = Wall(tiles)
    views = []
    for wall in (w, other):
        env = Env("tenhou")
        env.reset(walls=iter([wall]), length="single")
        seen = [env.observation(0)]
        for _ in range(6):  # a few discards go around: seat 0 still sees no difference
            if env.seat != 0 and env.table.phase == "turn":
                seen.append(env.observation(0))
            env.step(env.legal_actions()[-1] if env.table.phase == "turn" else env.index_of(Action("pass", env.seat)))
        views.append(seen)
    assert views[0] == views[1]
    obs = views[0][0]
    hidden = {t for s in (1, 2, 3) for t in deal[s]}
    shown = set(obs.hand) | set(obs.dora_indicators)
    assert not shown & hidden and "closed" not in {f.name for f in dataclasses.fields(obs)}


@pytest.mark.skipif(_backend.PUREPYTHON, reason="whole games: the same engine code, run on the compiled kernels")
def test_a_game_through_env_is_play_game():
    """The same choices (the lowest action index) give the same game through Env and play_game."""
    rules = config.TENHOU

    def lowest(table, seat, actions):
        return min(actions, key=lambda a: index_of(a, rules.red_fives))

    game = play_game([lowest] * 4, rules, seed=4, length="tonpuusen")
    env = Env(rules, length="tonpuusen")
    env.reset(seed=4)
    while not env.done:
        env.step(_first(env))
    r = env.result
    assert (r.scores, r.points, r.ranks) == (game.scores, game.points, game.ranks)
    assert len(env.hands) == len(game.hands) >= 4
    assert env.events[1:-1] == mjai_events(game.events, rules.red_fives)
    assert env.events[0] == {"type": "start_game", "names": ["player0", "player1", "player2", "player3"]}
    assert env.events[-1] == {"type": "end_game", "scores": list(r.scores)}
    names = set(MJAI_NAMES) | {n + "r" for n in MJAI_NAMES[:27]}
    for e in env.events:
        for key in ("pai", "dora_marker"):
            if key in e:
                assert e[key] in names
        for x in e.get("consumed", []):
            assert x in names


# --------------------------------------------------------------------------- random legal play


def _rule_invariants(env):
    """What the mask may never offer: riichi with too few tiles or without a closed hand, calls on the
    last tile, anything but the drawn tile (or a kan, a win) in riichi."""
    t = env.table
    legal = np.flatnonzero(env.action_mask())
    seat = t.seats[env.seat]
    riichi_idx = [i for i in legal if 68 <= i < 136]
    if riichi_idx:
        assert t.tiles_left >= env.rules.riichi_min_tiles and t.scores[env.seat] >= env.rules.riichi_min_points
        assert all(m.type.name in ("ANKAN", "KITA") for m in seat.melds) and seat.riichi_at is None
    if t.phase == "claim" and t.tiles_left == 0:
        assert set(legal) <= {137, 138}
    if t.phase == "turn" and seat.riichi_at is not None:
        discards = [a for a in env.legal_actions() if a.type == "discard"]
        assert [a.tile for a in discards] == [t.drawn] and not riichi_idx
        assert all(a.type in ("discard", "tsumo", "ankan", "kita", "kyuushu") for a in env.legal_actions())


def _accounted(t):
    """Every id of the wall is in exactly one place: hands, melds (kita included), rivers, live or dead wall."""
    places = []
    for s in t.seats:
        places += s.closed
        for m in s.melds:
            places += list(m.tiles)
        places += [tile for i, (tile, _) in enumerate(s.river) if i not in s.called_from_river]
    places += list(t.live[t.n_live_drawn: len(t.live) - t.n_rinshan_drawn])
    places += list(t.rinshan[t.n_rinshan_drawn:])
    rinshan = set(t.rinshan)
    places += [x for x in t.wall.tiles[: t.wall.dead_wall_size] if x not in rinshan]
    places += list(t.live[len(t.live) - t.n_rinshan_drawn:])  # the live tiles the dead wall took over
    return sorted(places) == sorted(t.wall.tiles) and len(places) == (136 if t.n == 4 else 108)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=3 if _backend.PUREPYTHON else 12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_every_invariant(preset, data, seed):
    rules = config.Rules.preset(preset)
    total = rules.start_points * rules.n_players
    env = Env(rules, length="single")
    env.reset(seed=seed)
    steps = 0
    while not env.done:
        mask = env.action_mask()
        legal = np.flatnonzero(mask)
        assert len(legal) and len(legal) == len(env.legal_actions())
        _rule_invariants(env)
        i = int(legal[data.draw(st.integers(0, len(legal) - 1), label="choice")])
        env.step(i)
        steps += 1
        assert steps < 1000
        if not env.done:
            t = env.table
            assert _accounted(t)
            assert sum(t.scores) + 1000 * t.sticks == total + 1000 * t.table.riichi_sticks
    last = env.hands[-1].settlement
    assert sum(last.next.scores) + 1000 * last.next.riichi_sticks == total
    assert sum(env.result.scores) == total and sum(env.result.points) == 0


def test_bad_walls_and_rules_raise_before_anything_changes():
    from riichi_fast.errors import WallError

    env = Env("tenhou")
    env.reset(seed=3, length="single")
    before = (env.observation(), env.events, env.rules, env.length)
    with pytest.raises(WallError, match="a hand is dealt from a Wall, got list"):
        env.reset(walls=[[1, 2, 3]])
    with pytest.raises(ContextError, match="a 4-player table was given a 3-player wall or table"):
        env.reset(walls=[seeded_wall(1, n_players=3)])
    with pytest.raises(EngineError, match="walls: no wall given for the first hand"):
        env.reset(walls=[])
    with pytest.raises(ContextError, match="unknown rules preset 'nope'"):
        env.reset(rules="nope", length="hanchan")
    with pytest.raises(WallError, match="seed must be an int in 0 .. 2\\*\\*64-1, got -1"):
        env.reset(seed=-1)
    assert (env.observation(), env.events, env.rules, env.length) == before


def test_walls_that_run_out_stop_the_game_and_keep_what_was_played():
    env = Env("tenhou", length="hanchan")
    env.reset(walls=[seeded_wall(8)])
    with pytest.raises(EngineError, match="the walls given ran out: no wall for hand 2"):
        while True:
            env.step(env.legal_actions()[-1])
    assert len(env.hands) == 1 and env.events[-1]["type"] == "end_kyoku" and not env.done
    assert env.seat is None and env.legal_actions() == []
    with pytest.raises(EngineError, match="the walls given ran out: no wall for hand 2"):
        env.step(0)


def _check_game(env, rng, choose):
    rules = env.rules
    total = rules.start_points * rules.n_players
    steps = 0
    while not env.done:
        _rule_invariants(env)
        env.step(choose(env, rng))
        steps += 1
        assert steps < 20000
        if not env.done:
            t = env.table
            assert _accounted(t) and sum(t.scores) + 1000 * t.sticks == total
    r = env.result
    assert sum(r.scores) == total and sum(r.points) == 0 and sorted(r.ranks) == list(range(rules.n_players))
    for h in env.hands:
        s = h.settlement
        assert sum(s.next.scores) + 1000 * s.next.riichi_sticks == total
    return r


@pytest.mark.skipif(_backend.PUREPYTHON, reason="whole games: the same engine code, run on the compiled kernels")
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_whole_games_keep_every_invariant(preset, seed):
    import random

    env = Env(preset, length="tonpuusen")
    env.reset(seed=seed)
    _check_game(env, random.Random(seed), lambda env, rng: int(rng.choice(np.flatnonzero(env.action_mask()))))


@pytest.mark.skipif(_backend.PUREPYTHON, reason="whole games: the same engine code, run on the compiled kernels")
@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_whole_games_through_env(preset):
    """Agents that win, declare riichi and call: real wins, every invariant at every step."""
    import random

    from tests.engine.test_game import _prefer

    env = Env(preset, length="hanchan")
    env.reset(seed=77)

    def greedy(env, rng):
        a = _prefer(env.legal_actions(), rng, env.table)
        return env.index_of(a) if rng.random() < 0.5 else a

    _check_game(env, random.Random(1), greedy)
    kinds = {h.settlement.detail or h.kind for h in env.hands}
    assert {"ron", "tsumo"} & kinds
    types = {e["type"] for e in env.events}
    assert {"hora", "reach", "reach_accepted"} <= types


@pytest.mark.skipif(_backend.PUREPYTHON, reason="whole games: the same engine code, run on the compiled kernels")
@pytest.mark.parametrize("seed", [0, 1])
def test_env_events_read_back_by_the_mjai_reader_verify(seed):
    """A four-player game's mjai events are a record: our reader reads them, every win and draw verifies."""
    import json
    import random

    from riichi_fast.records.mjai.reader import parse_mjai
    from riichi_fast.records.verify import verify_game
    from tests.engine.test_game import _prefer

    env = Env("tenhou", length="hanchan")
    env.reset(seed=seed)
    rng = random.Random(seed)
    while not env.done:
        env.step(_prefer(env.legal_actions(), rng, env.table))
    game = parse_mjai("\n".join(json.dumps(e) for e in env.events))
    report = verify_game(game)
    assert len(game.rounds) == len(env.hands) and report.n_wins >= 3
    assert report.ok and report.n_wins_ok == report.n_wins and report.mismatches == []


@pytest.mark.parametrize(("rules", "seed"), [("tenhou", 3), ("tenhou", 8), ("tenhou_3p", 3), ("majsoul", 5)])
def test_env_on_ctable_plays_the_games_of_env_on_table(rules, seed):
    """The same seed and indices: the same observations, legal actions, masks, events and results."""
    envs = [Env(rules, length="tonpuusen" if not _backend.PUREPYTHON else "single", table_class=c)
            for c in (CTable, Table)]
    obs = [e.reset(seed=seed) for e in envs]
    rng = np.random.default_rng(seed)
    steps = 0
    while obs[0] is not None:
        assert obs[0] == obs[1] and envs[0].seat == envs[1].seat
        legal = envs[0].legal_actions()
        assert legal == envs[1].legal_actions() and np.array_equal(envs[0].action_mask(), envs[1].action_mask())
        i = envs[0].index_of(legal[rng.integers(len(legal))])
        obs = [e.step(i) for e in envs]
        steps += 1
    assert obs[1] is None and steps > 50
    a, b = envs[0].result, envs[1].result
    assert (a.scores, a.points, a.ranks, len(a.hands)) == (b.scores, b.points, b.ranks, len(b.hands))
    assert envs[0].events == envs[1].events == a.events


def test_the_default_table_follows_the_backend():
    expected = Table if _backend.PUREPYTHON else CTable
    assert default_table_class() is expected and Env().table_class is expected
    env = Env("tenhou_3p", table_class=Table)
    env.reset(seed=1)
    assert type(env.table) is Table and env.reset(seed=1, rules="tenhou") is not None and type(env.table) is Table
    with pytest.raises(ContextError, match="table_class must be Table or CTable, got <class 'int'>"):
        Env(table_class=int)
