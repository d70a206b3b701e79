"""The compiled engine (riichi_fast.engine._table.CTable) is the twin of the Python Table.

Both are fed the same walls and the same choices: at every step they must offer the same
legal actions (same objects, same order), be in the same phase with the same seats to act and
the same per-seat state, and end each hand with the same events, the same HandEnd and the same
next table.  Real Tenhou games replay through CTable with zero mismatches, and the exact rule
cases of test_rule_cases.py / test_game.py run again on CTable (collected below).
"""

import random
import re

import numpy as np
import pytest

from tests.engine import test_game as test_engine
from tests.engine import test_rule_cases as test_engine_rules
from riichi_fast import _backend, shanten
from riichi_fast.engine import Action, EngineError, Table, game_over, replay_file, seeded_wall
from riichi_fast.errors import ContextError, WallError
from riichi_fast.rules import config

# the rule cases, run again on CTable by the fixture below
from tests.engine.test_game import *
from tests.engine.test_rule_cases import *

_table = pytest.importorskip("riichi_fast.engine._table")
_games = pytest.importorskip("riichi_fast.engine._games")
CTable = _table.CTable

# these do not build a Table through the module's name (replay, whole games): already run in test_game
del test_real_games_replay_exactly, test_the_old_uma_is_what_the_july_2009_games_need  # noqa: F821
del test_replay_covers_both_table_sizes, test_replay_of_a_record_without_seed_says_why  # noqa: F821
del test_whole_games_end_by_the_rules, test_final_points_round_as_tenhou_and_sum_to_zero  # noqa: F821


@pytest.fixture(autouse=True)
def _compiled_engine(monkeypatch):
    """The rule cases imported above build CTable where they build Table."""
    monkeypatch.setattr(test_engine_rules, "Table", CTable)
    monkeypatch.setattr(test_engine, "Table", CTable)


_PRIORITY = {"tsumo": 0, "ron": 0, "riichi": 1, "ankan": 2, "kakan": 2, "kita": 2, "pon": 3, "daiminkan": 3, "chi": 3}


def _choose(table, actions, rng, greedy):
    """Win and riichi when offered, call at times, discard toward the best shanten (greedy), or at random."""
    if not greedy:
        return rng.choice(actions)
    best = min(_PRIORITY.get(a.type, 9) for a in actions)
    if best <= 1:
        return next(a for a in actions if _PRIORITY.get(a.type, 9) == best)
    calls = [a for a in actions if _PRIORITY.get(a.type, 9) <= 3]
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    discards = [a for a in actions if a.type == "discard"]
    if not discards:
        return next(a for a in actions if a.type == "pass") if any(a.type == "pass" for a in actions) \
            else rng.choice(actions)
    closed = table.seats[discards[0].seat].closed

    def after(a):
        counts = bytearray(34)
        for x in closed:
            counts[x >> 2] += 1
        counts[a.tile >> 2] -= 1
        return shanten(bytes(counts))

    scored = [(after(a), a) for a in discards]
    low = min(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == low])


def _seat_state(table):
    """Each seat's state as plain values (closed as a sorted multiset)."""
    return [(sorted(s.closed), [(m.type, tuple(m.tiles), m.called, m.from_seat) for m in s.melds],
             [(t, bool(g)) for t, g in s.river], s.temp_furiten, s.riichi_furiten, s.riichi_at, s.riichi_accepted,
             s.double_riichi, s.ippatsu, s.kita, set(s.called_from_river), frozenset(s.kuikae), s.n_kans,
             s.first_discard_done) for s in table.seats]


def _same_end(a, b):
    def key(e):
        return (e.kind, e.detail, e.tenpai, e.settlement,
                [(seat, disc, res.status, res.han, res.fu, res.yaku) for seat, disc, res in e.wins])

    return key(a) == key(b)


def _play_twins(preset, seed, n_hands, greedy):
    """Play ``n_hands`` hands of a game on both engines with the same choices; count the hand ends."""
    rules = config.Rules.preset(preset)
    rng = random.Random(seed)
    py, cy = Table(rules), CTable(rules)
    state = None
    kinds = []
    for hand in range(n_hands):
        wall = seeded_wall(seed, hand, rules.n_players)
        py.start_hand(wall, state)
        cy.start_hand(wall, state)
        step = 0
        while py.phase != "ended":
            where = (preset, seed, hand, step)
            assert (cy.phase, cy.acting, cy.current, cy.drawn, cy.dora, cy.scores, cy.sticks, cy.tiles_left) == \
                (py.phase, py.acting, py.current, py.drawn, py.dora, py.scores, py.sticks, py.tiles_left), where
            assert _seat_state(cy) == _seat_state(py), where
            seat = py.acting[0]
            legal = py.legal_actions(seat)
            assert cy.legal_actions(seat) == legal, where
            for other in py.acting[1:]:
                assert cy.legal_actions(other) == py.legal_actions(other), where
            action = _choose(py, legal, rng, greedy)
            py.step(action)
            cy.step(action)
            step += 1
        assert cy.phase == "ended"
        assert cy.events == py.events, (preset, seed, hand)
        assert _same_end(cy.end, py.end), (preset, seed, hand)
        assert cy.next_table == py.next_table
        # the end of the hand as C computed it (what play_games goes on with) is the settlement's
        st = py.end.settlement
        nxt = st.next
        assert cy._c_end() == (py.end.kind, st.deltas, (nxt.dealer, nxt.round_wind, nxt.honba, nxt.riichi_sticks,
                                                       nxt.scores), st.dealer_repeats), (preset, seed, hand)
        kinds.append(py.end.kind)
        state = py.next_table
        if game_over(py.end.settlement, rules, "hanchan"):
            state = None
    return kinds


@pytest.mark.parametrize("preset", ["tenhou", "tenhou_3p", "majsoul", "majsoul_3p", "wrc", "mleague", "ema"])
def test_compiled_engine_plays_as_the_python_one(preset):
    kinds = []
    # the pure-Python kernels make Table ~10x slower: a smaller sample there (CTable's code is the same)
    for seed in range(1 if _backend.PUREPYTHON else 3):
        kinds += _play_twins(preset, seed, 6, greedy=True)
        kinds += _play_twins(preset, 100 + seed, 2, greedy=False)
    # the sample holds both wins and draws (the twins were compared on real wins)
    assert "win" in kinds and "exhaustive_draw" in kinds


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["tenhou", "tenhou_3p", "majsoul", "wrc"])
def test_compiled_engine_plays_as_the_python_one_long(preset):
    for seed in range(40):
        _play_twins(preset, 1000 + seed, 8, greedy=seed % 4 != 0)


@pytest.mark.parametrize("path", test_engine.SEEDED, ids=[p.name for p in test_engine.SEEDED])
def test_real_games_replay_exactly_through_the_compiled_engine(path):
    report = replay_file(path, test_engine.OLD_UMA if path.name.startswith("200907") else None, table_class=CTable)
    inits = len(re.findall(r"<INIT ", test_engine._text(path)))
    assert report.hands == inits
    if "no-round-end" in path.name:
        assert report.hands_matched == inits - 1
        assert [m.expected for m in report.mismatches] == ["the hand ends"]
        return
    assert report.mismatches == [] and report.hands_matched == inits, report.mismatches[:3]


def test_illegal_actions_give_the_same_error_and_change_nothing():
    py, cy = Table("tenhou"), CTable("tenhou")
    wall = seeded_wall(5)
    py.start_hand(wall)
    cy.start_hand(wall)
    held = cy.closed_ids(0)
    not_held = next(t for t in range(136) if t not in held)
    for bad in (Action("discard", 0, not_held), Action("discard", 1, cy.closed_ids(1)[0]), Action("tsumo", 0, 3),
                Action("pass", 0)):
        with pytest.raises(EngineError) as want:
            py.step(bad)
        with pytest.raises(EngineError) as got:
            cy.step(bad)
        assert str(got.value) == str(want.value)
        assert "is illegal" in str(got.value)
    with pytest.raises(EngineError, match="expected an Action, got str"):
        cy.step("discard")
    assert cy.events == py.events and cy.legal_actions(0) == py.legal_actions(0)
    assert CTable("tenhou").legal_actions() == []
    with pytest.raises(EngineError, match="the hand is not in play"):
        CTable("tenhou").step(Action("pass", 0))


def test_bad_setup_is_refused_as_table_does():
    with pytest.raises(ContextError, match="unknown rules preset 'nope'"):
        CTable("nope")
    with pytest.raises(ContextError, match="rules must be a Rules or a preset name, got int"):
        CTable(3)
    t = CTable("tenhou")
    with pytest.raises(WallError, match="a hand is dealt from a Wall, got list"):
        t.start_hand([1, 2, 3])
    with pytest.raises(ContextError, match="a 4-player table was given a 3-player wall or table"):
        t.start_hand(seeded_wall(1, n_players=3))
    assert t.phase == "idle" and t.events == []


# --------------------------------------------------------------------------- batched random play

_MASK = (1 << 64) - 1


def _splitmix_words(seed):
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def _random_hands_on_table(n, seed, preset):
    """play_random_hands's games played by the Python Table with the same choices."""
    rules = config.Rules.preset(preset)
    words = _splitmix_words(seed)
    out = []
    for i in range(n):
        t = Table(rules)
        t.start_hand(seeded_wall(seed, i, rules.n_players))
        while t.phase != "ended":
            legal = t.legal_actions(t.acting[0])
            t.step(legal[next(words) % len(legal)])
        kind = {"win": 0, "exhaustive_draw": 1, "abortive_draw": 2}[t.end.kind]
        out.append((kind, t.end.wins[0][0] if t.end.wins else -1, tuple(t.end.settlement.deltas)))
    return out


def test_the_random_agent_stream_is_splitmix64():
    a, b = _games.random_choice_stream(12345), _splitmix_words(12345)
    assert [next(a) for _ in range(50)] == [next(b) for _ in range(50)]


@pytest.mark.parametrize("preset, seed, n", [("tenhou", 3, 60), ("tenhou_3p", 4, 40), ("majsoul", 5, 40)])
def test_play_random_hands_equals_the_python_table(preset, seed, n):
    n = n // 4 if _backend.PUREPYTHON else n
    kind, winner, deltas = _games.play_random_hands(n, seed, preset)
    assert kind.dtype.name == "int8" and winner.dtype.name == "int8" and deltas.dtype.name == "int32"
    got = [(int(k), int(w), tuple(int(x) for x in d)) for k, w, d in zip(kind, winner, deltas)]
    assert got == _random_hands_on_table(n, seed, preset)


def test_play_random_hands_bad_input():
    with pytest.raises(ContextError, match="n must be >= 0, got -1"):
        _games.play_random_hands(-1)
    with pytest.raises(ContextError, match="unknown rules preset 'nope'"):
        _games.play_random_hands(1, 0, "nope")
    kind, winner, deltas = _games.play_random_hands(0)
    assert kind.shape == (0,) and winner.shape == (0,) and deltas.shape == (0, 4)


@pytest.mark.parametrize("preset, length, n", [("tenhou", "hanchan", 3), ("tenhou_3p", "tonpuusen", 3),
                                               ("majsoul", "single", 4)])
def test_play_random_games_equals_play_game_on_the_python_table(preset, length, n):
    from riichi_fast.engine import play_game

    n = 1 if _backend.PUREPYTHON else n
    scores, points, ranks, hands = _games.play_random_games(n, 40, preset, length)
    assert scores.dtype.name == "int32" and ranks.dtype.name == "int8" and hands.dtype.name == "int32"
    n_players = config.Rules.preset(preset).n_players
    for g in range(n):
        words = _splitmix_words(40 + g)

        def agent(table, seat, actions, words=words):
            return actions[next(words) % len(actions)]

        want = play_game([agent] * n_players, preset, seed=40 + g, length=length)
        assert tuple(int(x) for x in scores[g]) == want.scores
        assert tuple(int(x) for x in points[g]) == want.points
        assert tuple(int(x) for x in ranks[g]) == want.ranks
        assert int(hands[g]) == len(want.hands)


def test_play_random_games_bad_input():
    with pytest.raises(ContextError, match="n_games must be >= 0, got -2"):
        _games.play_random_games(-2)
    with pytest.raises(ContextError, match="unknown game length 'long'"):
        _games.play_random_games(1, 0, "tenhou", "long")
    scores, points, ranks, hands = _games.play_random_games(0)
    assert scores.shape == points.shape == ranks.shape == (0, 4) and hands.shape == (0,)


# --------------------------------------------------------------------------- play_games (nogil, threads)

_FIELDS = ("scores", "points", "placements", "hands", "wins", "tsumo", "deal_ins", "riichi", "exhaustive_draws",
           "abortive_draws")


def _python_game(preset, agents, seed, g, length):
    """Game ``g`` of play_games played by the Python agents on the Python Table, hand by hand."""
    from riichi_fast.engine import play_game
    from riichi_fast.engine.agents import agent_from_name
    from riichi_fast.engine.selfplay import agent_seed, game_seed

    made = [agent_from_name(a, agent_seed(seed, g, s), preset) for s, a in enumerate(agents)]
    return play_game(made, preset, seed=game_seed(seed, g), length=length)


@pytest.mark.parametrize("preset, agents, length", [
    ("tenhou", ("random", "random", "random", "random"), "hanchan"),
    ("tenhou", ("tsumogiri", "random", "tsumogiri", "random"), "tonpuusen"),
    ("tenhou_3p", ("random", "tsumogiri", "random"), "hanchan"),
    ("majsoul", ("random", "random", "tsumogiri", "tsumogiri"), "tonpuusen"),
    ("tenhou", ("greedy", "random", "random", "random"), "tonpuusen"),
    ("tenhou", ("greedy", "greedy", "greedy", "greedy"), "hanchan"),
    ("tenhou_3p", ("greedy", "greedy", "random"), "tonpuusen"),
    ("majsoul", ("greedy", "tsumogiri", "greedy", "random"), "tonpuusen"),
    ("wrc", ("greedy", "greedy", "greedy", "tsumogiri"), "tonpuusen"),
])
def test_play_games_equals_the_python_agents_on_the_python_table(preset, agents, length):
    n = 5
    if _backend.PUREPYTHON:  # the Python agents on the pure-Python kernels are slow: one single hand
        n, length = 1, "single"
    r = _games.play_games(n, agents, preset, 0, length)  # game 1 of the first case has wins; greedy agents win often
    assert r["scores"].dtype.name == "int32" and r["placements"].dtype.name == "int8"
    for g in range(n):
        want = _python_game(preset, agents, 0, g, length)
        assert tuple(int(x) for x in r["scores"][g]) == want.scores
        assert tuple(int(x) for x in r["points"][g]) == want.points
        assert tuple(int(x) - 1 for x in r["placements"][g]) == want.ranks
        assert int(r["hands"][g]) == len(want.hands)
        # every hand's end and deltas
        assert _games._game_hands(preset, agents, 0, g, length) == \
            [(h.kind, h.settlement.deltas) for h in want.hands]
        riichi = [0] * len(agents)
        for e in want.events:
            if e["type"] == "reach_accepted":
                riichi[e["actor"]] += 1
        assert r["riichi"][g].tolist() == riichi
        assert int(r["exhaustive_draws"][g]) == sum(h.kind == "exhaustive_draw" for h in want.hands)
        assert int(r["abortive_draws"][g]) == sum(h.kind == "abortive_draw" for h in want.hands)


def test_play_games_counts_wins_as_play_does():
    """Random agents win now and then (games 1 and 11 of seed 0): the counters match play()'s Python path."""
    from riichi_fast.engine import selfplay

    rules = config.Rules.preset("tenhou")
    n = 12
    if _backend.PUREPYTHON:  # the Python table on the pure-Python kernels is slow: game 1 only
        pytest.skip("twelve Python hanchan on the pure-Python kernels take minutes; the game-by-game test runs")
    r = _games.play_games(n, ["random"] * 4, "tenhou", 0, "hanchan")
    made = selfplay._make_agents(["random"] * 4, rules)
    rows = [selfplay._play_one(made, rules, 0, g, "hanchan") for g in range(n)]
    for i, f in enumerate(("wins", "tsumo", "deal_ins")):
        assert r[f].tolist() == [list(row[4 + i]) for row in rows], f
    assert r["riichi"].tolist() == [list(row[9]) for row in rows]
    assert r["wins"].sum() > 0 and r["wins"][1].sum() > 0


@pytest.mark.parametrize("preset, length", [("tenhou", "hanchan"), ("tenhou_3p", "tonpuusen"), ("majsoul", "single")])
def test_play_games_is_the_same_on_one_two_and_three_threads(preset, length):
    n_players = config.Rules.preset(preset).n_players
    agents = ["greedy"] + ["random"] * (n_players - 2) + ["tsumogiri"]
    n = 4 if _backend.PUREPYTHON else 24
    one = _games.play_games(n, agents, preset, 2, length, 1)
    seen = []
    for threads in (2, 3):
        other = _games.play_games(n, agents, preset, 2, length, threads, progress=seen.append)
        for f in _FIELDS:
            assert np.array_equal(one[f], other[f]), (threads, f)
    assert sum(seen) == 2 * n and all(k > 0 for k in seen)
    assert (one["points"].sum(axis=1) == 0).all()
    assert (np.sort(one["placements"], axis=1) == np.arange(1, n_players + 1)).all()
    # a game depends only on (seed, game): the first games of a longer run are the same
    more = _games.play_games(n + 3, agents, preset, 2, length, 2)
    assert all(np.array_equal(one[f], more[f][:n]) for f in _FIELDS)


def test_play_uses_the_compiled_games_for_compiled_agents():
    from riichi_fast.engine import play

    n = 2 if _backend.PUREPYTHON else 6
    r = play(n, "random,tsumogiri,random,random", "tenhou", 8, 2, length="tonpuusen")
    c = _games.play_games(n, ["random", "tsumogiri", "random", "random"], "tenhou", 8, "tonpuusen")
    for f in _FIELDS:
        assert np.array_equal(getattr(r, f), c[f]), f
    assert r.agents == ("random", "tsumogiri", "random", "random")


def test_play_games_bad_arguments():
    with pytest.raises(ContextError, match="n_threads must be an int >= 1, got 0"):
        _games.play_games(1, n_threads=0)
    with pytest.raises(ContextError, match=r"unknown compiled agent 'smart' \(seat 1\): expected one of random, tsumogiri, greedy"):
        _games.play_games(1, ["random", "smart", "random", "random"])
    with pytest.raises(ContextError, match="4 players need 4 agents, got 3"):
        _games.play_games(1, ["random"] * 3)
    with pytest.raises(ContextError, match="3 players need 3 agents, got 4"):
        _games.play_games(1, ["random"] * 4, "tenhou_3p")
    with pytest.raises(ContextError, match="n_games must be an int >= 0, got -1"):
        _games.play_games(-1)
    with pytest.raises(ContextError, match="seed must be an int, got str"):
        _games.play_games(1, seed="1")
    with pytest.raises(ContextError, match="unknown game length 'long'"):
        _games.play_games(1, length="long")
    with pytest.raises(ContextError, match="unknown rules preset 'nope'"):
        _games.play_games(1, rules="nope")
    r = _games.play_games(0, n_threads=2)
    assert r["scores"].shape == (0, 4) and r["hands"].shape == (0,)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["tenhou", "tenhou_3p", "majsoul", "majsoul_3p", "wrc", "mleague", "ema"])
def test_play_games_equals_the_python_agents_long(preset):
    """Greedy tables (wins, calls, riichi, double ron) under every preset, hand by hand."""
    n_players = config.Rules.preset(preset).n_players
    agents = ["greedy"] * (n_players - 1) + ["random"]
    r = _games.play_games(10, agents, preset, 77, "tonpuusen", 2)
    for g in range(10):
        want = _python_game(preset, agents, 77, g, "tonpuusen")
        assert tuple(int(x) for x in r["scores"][g]) == want.scores
        assert _games._game_hands(preset, agents, 77, g, "tonpuusen") == \
            [(h.kind, h.settlement.deltas) for h in want.hands]
