"""Observation planes (exact values), batches, VecEnv against separate Envs, and no hidden tile in the encoding."""

import numpy as np
import pytest

from riichi_fast import _backend
from riichi_fast.engine import Action, CTable, EngineError, Env, Observation, Table, Wall, _encode, seeded_wall
from riichi_fast.engine import encode as encode_mod
from riichi_fast.engine.agents import GreedyAgent, TsumogiriAgent
from riichi_fast.engine.encode import N_PLANES, VecEnv, encode, encode_batch, legal_mask
from riichi_fast.engine.env import ACTION_NAMES, _observe, index_of
from riichi_fast.engine.selfplay import game_seed
from riichi_fast.errors import ContextError
from riichi_fast.tiles import parse_tiles

# the readable writers: the twins of the compiled riichi_fast.engine._encode
readable = _backend.twin("engine._encode")


def _kind(name):
    return parse_tiles(name)[0] >> 2


def _hand_built():
    # seat 1 of four; own hand 1123m + red 5p (id 52) + 5p + 777s + E + drawn C
    hand = (0, 1, 4, 8, 52, 53, 96, 97, 98, 108, 132)
    rivers = (
        tuple((t, i % 2 == 0, False, False) for i, t in enumerate([120, 121, 122, 124, 125, 126, 128])),  # 7 discards
        ((36, True, False, False),),
        ((40, False, True, False), (44, False, False, True)),
        (),
    )
    melds = ((), (), (("pon", (40, 41, 42), 40, 1),), ())
    return Observation(
        seat=1, hand=hand, drawn=132, melds=melds, rivers=rivers, hand_sizes=(13, 11, 10, 13), kita=(0,) * 4,
        dora_indicators=(20, 21), scores=(25000, 31000, 12000, 32000), riichi=(0, 0, 2, 1), round_wind=1,
        kyoku=2, honba=3, riichi_sticks=2, tiles_left=35, dealer=2, seat_wind=3, last_discard=None, phase="turn")


def test_encode_exact_values_of_a_hand_built_observation():
    obs = _hand_built()
    x, mask = encode(obs, [Action("discard", 1, 132), Action("riichi", 1, 52), Action("tsumo", 1, 132)])
    assert x.shape == (N_PLANES, 34) == (59, 34) and x.dtype == np.float32
    assert mask.dtype == bool and mask.nonzero()[0].tolist() == [33, 102 + 13, 136]
    counts = np.zeros(34)
    for t in obs.hand:
        counts[t >> 2] += 1
    for j in range(4):
        assert x[j].tolist() == (counts >= j + 1).astype(np.float32).tolist()
    assert x[0].nonzero()[0].tolist() == [0, 1, 2, 13, 24, 27, 33] and x[2].nonzero()[0].tolist() == [24]
    assert x[4].nonzero()[0].tolist() == [33] and x[5].nonzero()[0].tolist() == [13] and x[5, 13] == 1
    assert not x[6].any()
    # relative seats: self = 1 -> r0, seat 2 -> r1, seat 3 -> r2, seat 0 -> r3
    r3 = 7 + 8 * 3  # seat 0: 7 discards N N N P P P F; bins of 6; every other one tsumogiri
    assert x[r3, 30] == 3 and x[r3, 31] == 3 and x[r3 + 1, 32] == 1 and x[r3 + 2 : r3 + 4].sum() == 0
    assert x[r3 + 4, 30] == 2 and x[r3 + 4, 31] == 1 and x[r3 + 4, 32] == 1 and x[r3 + 4].sum() == 4
    r1 = 7 + 8 * 1  # seat 2: 2p called by seat 1 then 3p riichi; a pon of 2p
    assert x[r1, 10] == 1 and x[r1, 11] == 1 and x[r1 + 6, 10] == 1 and x[r1 + 5].nonzero()[0].tolist() == [11]
    assert x[r1 + 7, 10] == 3 and x[r1 + 7].sum() == 3
    assert x[7, 9] == 1 and x[7 + 4, 9] == 1 and x[7:15].sum() == 2  # the observer: one tsumogiri 1p
    assert not x[7 + 8 * 2 : 7 + 8 * 3].any()  # seat 3 discarded and called nothing
    assert x[39, 5] == 2 and x[39].sum() == 2
    assert [x[40 + r, 0] for r in range(4)] == [0.0, 1.0, 0.5, 0.0]  # riichi: seat 2 accepted, seat 3 declared
    assert [x[44 + r, 7] for r in range(4)] == pytest.approx([0.31, 0.12, 0.32, 0.25])
    assert x[48].nonzero()[0].tolist() == [28] and x[49].nonzero()[0].tolist() == [30]
    assert x[50, 0] == pytest.approx(0.3) and x[51, 0] == pytest.approx(0.2) and x[52, 0] == pytest.approx(0.5)
    assert x[53].sum() == 0 and x[54].sum() == 0
    assert [x[55 + r, 0] for r in range(4)] == pytest.approx([11 / 14, 10 / 14, 13 / 14, 13 / 14])
    for p in list(range(40, 48)) + [50, 51, 52, 53, 54] + list(range(55, 59)):
        assert (x[p] == x[p, 0]).all()
    # a claim being asked
    claim = Observation(**{**obs.__dict__, "drawn": None, "last_discard": (0, 125), "phase": "claim"})
    y, m = encode(claim)
    assert y[6].nonzero()[0].tolist() == [31] and y[54, 3] == 1 and not y[4].any() and not m.any()
    # no red fives under rules without them
    z, _ = encode(obs, rules="wrc")
    assert not z[5].any() and (z[:5] == x[:5]).all()


def test_three_player_leaves_the_fourth_seat_empty():
    env = Env("tenhou_3p")
    obs = env.reset(seed=2, length="single")
    for _ in range(5):
        obs = env.step(env.legal_actions()[-1])
    x, mask = encode(obs, env.legal_actions(), rules="tenhou_3p")
    assert not x[7 + 8 * 3 : 7 + 8 * 4].any() and x[43].sum() == x[47].sum() == x[58].sum() == 0
    assert mask.sum() == len(env.legal_actions())


def test_encode_batch_stacks_encode():
    envs = [Env("tenhou") for _ in range(3)]
    obs = [e.reset(seed=i, length="single") for i, e in enumerate(envs)]
    for e in envs[1:]:
        e.step(e.legal_actions()[0])
    obs = [e.observation() for e in envs]
    acts = [e.legal_actions() for e in envs]
    x, m = encode_batch(obs, acts)
    assert x.shape == (3, 59, 34) and m.shape == (3, 222)
    for i in range(3):
        xi, mi = encode(obs[i], acts[i])
        assert np.array_equal(x[i], xi) and np.array_equal(m[i], mi)
    assert not encode_batch(obs)[1].any()
    with pytest.raises(ContextError, match="3 observations but 2 lists of actions"):
        encode_batch(obs, acts[:2])
    with pytest.raises(EngineError, match="action index 300 is out of range 0-221"):
        legal_mask([300])


def test_vecenv_steps_like_separate_envs():
    n, seed = 3, 7
    vec = VecEnv(n, "tenhou", seed=seed, length="single")
    envs = [Env("tenhou", length="single") for _ in range(n)]
    for i, e in enumerate(envs):
        e.reset(seed=game_seed(seed, i))
    games = [1] * n
    obs, masks = vec.reset()
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(400):
        for i, e in enumerate(envs):
            xi, mi = encode(e.observation(), e.legal_actions())
            assert np.array_equal(obs[i], xi) and np.array_equal(masks[i], mi) and vec.seats[i] == e.seat
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, masks, rewards, dones = vec.step(acts)
        for i, e in enumerate(envs):
            e.step(int(acts[i]))
            if e.done:
                assert dones[i] and rewards[i].tolist() == list(e.result.points) and rewards[i].sum() == 0
                assert vec.results[i].scores == e.result.scores
                e.reset(seed=game_seed(seed, games[i] * n + i))
                games[i] += 1
                ends += 1
            else:
                assert not dones[i] and not rewards[i].any()
    assert ends >= 3 and rewards.dtype == np.float32


def test_vecenv_bad_actions():
    vec = VecEnv(2, "tenhou", seed=1)
    with pytest.raises(EngineError, match="no game: call reset"):
        vec.step(np.array([0, 0]))
    _, masks = vec.reset()
    with pytest.raises(ContextError, match=r"actions must be 2 integer indices, got shape \(3,\)"):
        vec.step(np.array([0, 0, 0]))
    bad = int(np.flatnonzero(~masks[1])[0])
    good = int(np.flatnonzero(masks[0])[0])
    before = (vec.envs[0].observation(), vec.envs[1].observation(), vec.envs[0].events)
    with pytest.raises(EngineError, match=rf"table 1: action {bad} \({ACTION_NAMES[bad]}\) is illegal for seat 0 now "
                                          r"\(phase turn; legal: \[\d+"):
        vec.step(np.array([good, bad]))
    with pytest.raises(EngineError, match=r"table 0: action 222 \(out of range\) is illegal for seat 0"):
        vec.step(np.array([222, good]))
    with pytest.raises(EngineError, match=r"table 1: action -1 \(out of range\) is illegal"):
        vec.step(np.array([good, -1]))
    # every index is checked before any table steps: table 0 did not take its good action
    assert (vec.envs[0].observation(), vec.envs[1].observation(), vec.envs[0].events) == before
    assert np.array_equal(vec.step(masks.argmax(axis=1), copy=False)[0], vec._obs)
    with pytest.raises(ContextError, match="n must be an int >= 1, got 0"):
        VecEnv(0)
    with pytest.raises(ContextError, match="table_class must be Table or CTable, got 'fast'"):
        VecEnv(1, table_class="fast")
    with pytest.raises(ContextError, match="table must be 0-1, got 2"):
        vec.observation(2)


def test_no_hidden_tile_reaches_the_encoding():
    """Swapping seats 1-3's closed tiles with deep wall tiles leaves seat 0's encodings unchanged."""
    w = seeded_wall(21)
    deal = w.haipai(0)
    tiles = list(w.tiles)
    pos = {t: i for i, t in enumerate(tiles)}
    deep = w.live_tiles[-3:]
    for seat, far in zip((1, 2, 3), deep):
        a, b = pos[deal[seat][0]], pos[far]
        tiles[a], tiles[b] = tiles[b], tiles[a]
    encodings = []
    for wall in (w, Wall(tiles)):
        env = Env("tenhou")
        env.reset(walls=iter([wall]), length="single")
        seen = [encode(env.observation(0))[0]]
        for _ in range(12):  # every seat discards what it draws: the same river whatever the hidden tiles
            env.step(TsumogiriAgent().act(env.observation(), env.legal_actions()))
            seen.append(encode(env.observation(0))[0])
        encodings.append(np.stack(seen))
    assert np.array_equal(encodings[0], encodings[1])
    hands = [Env("tenhou") for _ in range(2)]
    for env, wall in zip(hands, (w, Wall(tiles))):
        env.reset(walls=iter([wall]), length="single")
    assert not np.array_equal(encode(hands[0].observation(1))[0], encode(hands[1].observation(1))[0])


# ---------------------------------------------------------------- the compiled writers and their twins


def _py_planes(env):
    x = np.zeros((N_PLANES, 34), dtype=np.float32)
    readable.fill_observation(_observe(env.table, env.seat), env.rules.red_fives, x)
    return x


def _py_mask(env):
    m = np.zeros(222, dtype=np.uint8)
    by_index = readable.mask_map(env.table.legal_actions(env.seat), env.rules.red_fives, m)
    return m.astype(bool), by_index


def _play_both(rules, seed, steps, n=3, greedy=0.0):
    """VecEnv on CTable (compiled writers) and on Table (the twins under PUREPYTHON) fed the same indices;
    every decision checked against the pure-Python encoding of the table's Observation."""
    fast = VecEnv(n, rules, seed=seed, length="tonpuusen", table_class=CTable)
    slow = VecEnv(n, rules, seed=seed, length="tonpuusen", table_class=Table)
    agents = [GreedyAgent(seed + i, rules) for i in range(n)]
    rng = np.random.default_rng(seed)
    obs, masks = fast.reset()
    obs2, masks2 = slow.reset()
    seen = {}
    for _ in range(steps):
        assert np.array_equal(obs, obs2) and np.array_equal(masks, masks2)
        assert np.array_equal(fast.seats, slow.seats)
        acts = []
        for i, env in enumerate(fast.envs):
            assert np.array_equal(obs[i], _py_planes(env))
            py_mask, by_index = _py_mask(env)
            assert np.array_equal(masks[i], py_mask) and np.array_equal(masks[i], env.action_mask())
            assert sorted(by_index) == np.flatnonzero(masks[i]).tolist()
            assert env.observation() == _observe(env.table, env.seat)  # compiled (a CTable) == the twin
            x = np.zeros((N_PLANES, 34), dtype=np.float32)
            _encode.fill_observation(env.observation(), env.rules.red_fives, x)  # compiled, from the Observation
            assert np.array_equal(x, obs[i])
            legal = env.legal_actions()
            a = agents[i].act(env.observation(), legal) if rng.random() < greedy else legal[rng.integers(len(legal))]
            seen[a.type] = seen.get(a.type, 0) + 1
            acts.append(env.index_of(a))
        obs, masks, rewards, dones = fast.step(np.array(acts))
        obs2, masks2, rewards2, dones2 = slow.step(np.array(acts))
        assert np.array_equal(rewards, rewards2) and np.array_equal(dones, dones2)
    for f, s in zip(fast.results, slow.results):
        assert (f is None) == (s is None) and (f is None or (f.scores, f.events) == (s.scores, s.events))
    return seen, fast.games


@pytest.mark.parametrize(("rules", "seed"), [("tenhou", 1), ("tenhou", 2), ("tenhou_3p", 1), ("tenhou_3p", 2)])
def test_compiled_planes_equal_the_python_twin_on_random_games(rules, seed):
    seen, games = _play_both(rules, seed, 400 if _backend.PUREPYTHON else 900)
    assert seen["discard"] > 100 and (seen.get("chi", 0) + seen.get("pon", 0)) > 0
    if not _backend.PUREPYTHON:
        assert sum(games) > 3  # auto-reset crossed games


@pytest.mark.parametrize("rules", ["tenhou", "tenhou_3p"])
def test_compiled_planes_equal_the_python_twin_with_riichi_kans_and_kita(rules):
    """Greedy agents declare riichi (the cache reads the declared, then accepted, state) and make kans."""
    if _backend.PUREPYTHON:  # the greedy agent on the pure-Python kernels: ~3 s per decision batch
        seen, _ = _play_both(rules, 3, 40, greedy=0.9)
        assert seen["discard"] > 50
        return
    seen, _ = _play_both(rules, 3, 600, greedy=0.9)
    assert seen.get("riichi", 0) > 3 and seen.get("ron", 0) + seen.get("tsumo", 0) > 3
    if rules == "tenhou_3p":
        assert seen.get("kita", 0) > 10


def _index_walk(table_class, rules, seed, hands):
    """Random legal play on two tables of ``table_class``: one stepped by Action (legal_actions/step), one by
    index (legal_mask/step_index); every decision checks the mask, the seat and the resulting state."""
    envs = [Env(rules, "tonpuusen", table_class) for _ in range(2)]
    for e in envs:
        e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    red = envs[0].rules.red_fives
    decisions = 0
    seen = set()
    while not envs[0].done and len(envs[0].hands) < hands:
        a_env, i_env = envs
        t = i_env.table
        m = np.full(222, 9, dtype=np.uint8)
        seat = t.legal_mask(m)
        legal = a_env.table.legal_actions(a_env.seat)
        want = np.zeros(222, dtype=np.uint8)
        for a in legal:
            want[index_of(a, red)] = 1
            want[_encode.index_of(a, red)] = 1  # the compiled twin of index_of must agree too
        assert seat == a_env.seat == t.acting[0] and np.array_equal(m, want)
        if hasattr(t, "fill_planes"):  # CTable's planes from its C state == the compiled writer's, every seat
            for me in range(t.n):
                x = np.full((N_PLANES, 34), 7, dtype=np.float32)
                t.fill_planes(me, x)
                y = np.zeros((N_PLANES, 34), dtype=np.float32)
                _encode.fill_table(t, me, t.legal_actions(me), red, y, np.zeros(222, np.uint8))
                assert np.array_equal(x, y)
        k = int(rng.choice(np.flatnonzero(m)))
        action = a_env.action_from_index(k)
        assert t.step_index(k) == action.type
        seen.add(action.type)
        a_env._advance(action)
        i_env._stepped(action.type)
        assert a_env.table.events == t.events and a_env.table.phase == t.phase
        if t.phase != "ended":
            assert a_env.table.legal_actions() == t.legal_actions()
        decisions += 1
    assert [h.settlement for h in envs[0].hands] == [h.settlement for h in envs[1].hands]
    return decisions, seen


@pytest.mark.parametrize("table_class", [CTable, Table])
@pytest.mark.parametrize(("rules", "seed"), [("tenhou", 5), ("tenhou", 6), ("tenhou_3p", 5), ("tenhou_3p", 6)])
def test_legal_mask_and_step_index_agree_with_legal_actions_and_step(table_class, rules, seed):
    if table_class is CTable and CTable is Table:
        pytest.skip("no compiled engine")
    decisions, seen = _index_walk(table_class, rules, seed, 2 if table_class is Table else 8)
    assert decisions > 100 and {"discard", "pass"} <= seen


@pytest.mark.parametrize("table_class", [CTable, Table])
def test_step_index_refuses_an_illegal_index_and_changes_nothing(table_class):
    env = Env("tenhou", "single", table_class)
    env.reset(seed=2)
    t = env.table
    m = np.zeros(222, dtype=np.uint8)
    t.legal_mask(m)
    before = (t.events, t.legal_actions(), t.phase)
    bad = int(np.flatnonzero(m == 0)[0])
    for i, message in [(bad, f"action {bad} is illegal for seat 0 now \\(phase turn\\)"),
                       (222, "action 222 is out of range 0-221"), (-1, "action -1 is out of range 0-221"),
                       (True, "an action index is an int 0-221, got True"),
                       ("pon", "an action index is an int 0-221, got 'pon'")]:
        with pytest.raises(EngineError, match=message):
            t.step_index(i)
        assert (t.events, t.legal_actions(), t.phase) == before
    with pytest.raises(EngineError, match="mask: expected 222 entries, got 10"):
        t.legal_mask(np.zeros(10, dtype=np.uint8))
    if hasattr(t, "fill_planes"):
        for me, x, message in [(0, np.zeros((34, 59), np.float32), "planes: expected shape \\(59, 34\\), got \\(34, 59\\)"),
                               (4, np.zeros((59, 34), np.float32), "seat must be 0-3, got 4")]:
            with pytest.raises(EngineError, match=message):
                t.fill_planes(me, x)
    assert t.step_index(np.int64(int(np.flatnonzero(m)[0]))) == "discard"


def test_write_batch_writes_every_table_and_refuses_bad_arrays():
    if CTable is Table:
        pytest.skip("no compiled engine")
    from riichi_fast.engine._games import write_batch

    envs = [Env(rules, "single", CTable) for rules in ("tenhou", "tenhou_3p", "tenhou")]
    for k, e in enumerate(envs):
        e.reset(seed=k)
    tables = [e.table for e in envs]
    planes = np.full((3, N_PLANES, 34), 7, dtype=np.float32)
    masks = np.ones((3, 222), dtype=np.uint8)
    seats = np.full(3, 9, dtype=np.int8)
    write_batch(tables, planes, masks, seats)
    for k, e in enumerate(envs):
        assert seats[k] == e.seat and np.array_equal(masks[k].astype(bool), e.action_mask())
        assert np.array_equal(planes[k], encode(e.observation())[0])
    for args, message in [((tables, planes[:2], masks, seats), "write_batch: arrays for 3 tables expected"),
                          ((tables, planes, np.ones((3, 200), np.uint8), seats),
                           "write_batch: planes must be \\(n, 59, 34\\) and masks \\(n, 222\\)")]:
        with pytest.raises(EngineError, match=message):
            write_batch(*args)


def test_fill_table_without_a_cache_and_on_a_python_table():
    env = Env("tenhou", table_class=Table)
    env.reset(seed=4, length="single")
    for _ in range(60):
        x = np.full((N_PLANES, 34), 7, dtype=np.float32)  # fill_table zeroes it first
        m = np.ones(222, dtype=np.uint8)
        legal = env.table.legal_actions(env.seat)
        out = _encode.fill_table(env.table, env.seat, legal, env.rules.red_fives, x, m)
        y = np.full((N_PLANES, 34), 7, dtype=np.float32)
        m2 = np.ones(222, dtype=np.uint8)
        out2 = readable.fill_table(env.table, env.seat, legal, env.rules.red_fives, y, m2)
        assert np.array_equal(x, y) and np.array_equal(x, _py_planes(env)) and np.array_equal(m, m2) and out == out2
        env.step(legal[-1])


def test_compiled_index_and_mask_twins_agree_and_fail_alike():
    red = Env("tenhou").rules.red_fives
    actions = [Action("discard", 0, 16), Action("riichi", 0, 17), Action("chi", 1, 17, (12, 20)),
               Action("chi", 1, 16, (20, 24)), Action("chi", 1, 24, (16, 20)), Action("pon", 2, 16, (17, 18)),
               Action("ankan", 0, 4, (4, 5, 6, 7)), Action("kakan", 0, 133), Action("kita", 0, 120),
               Action("tsumo", 0, 5), Action("ron", 3, 5), Action("pass", 3), Action("daiminkan", 2, 8, (9, 10, 11)),
               Action("kyuushu", 0), 5, np.int64(7)]
    for a in actions[:-2]:
        assert _encode.index_of(a, red) == index_of(a, red)
    m1, m2 = np.zeros(222, np.uint8), np.zeros(222, np.uint8)
    assert _encode.mask_map(actions, red, m1) == readable.mask_map(actions, red, m2)
    assert np.array_equal(m1, m2) and int(m1.sum()) == 16
    for bad, message in [(300, "action index 300 is out of range 0-221"), (-1, "action index -1 is out of range"),
                         (True, "an action is an Action or an index 0-221, got True"),
                         ("pon", "an action is an Action or an index 0-221, got 'pon'"),
                         (Action("wave", 0), "seat 0 wave: unknown action type 'wave'")]:
        for impl in (_encode.mask_map, readable.mask_map):
            with pytest.raises(EngineError, match=message):
                impl([bad], red, np.zeros(222, np.uint8))
        with pytest.raises(EngineError, match=message):
            legal_mask([bad])
    with pytest.raises(EngineError, match="planes: expected shape \\(59, 34\\), got \\(34, 59\\)"):
        _encode.fill_observation(_hand_built(), red, np.zeros((34, 59), np.float32))


def test_backends_pick_their_table():
    expected = Table if _backend.PUREPYTHON else CTable
    assert Env().table_class is expected and VecEnv(1).table_class is expected
    assert (encode_mod._fill_obs is readable.fill_observation) == _backend.PUREPYTHON
