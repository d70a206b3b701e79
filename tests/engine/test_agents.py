"""Built-in agents (random, tsumogiri, greedy), self-play with play() and the selfplay command."""

import json

import numpy as np
import pytest

from riichi_fast import _backend
from riichi_fast.cli import main
from riichi_fast.engine import Action, EngineError, Env, Observation, play, play_game
from riichi_fast.engine.agents import GreedyAgent, ObservationAgent, RandomAgent, TsumogiriAgent, agent_from_name
from riichi_fast.engine.env import index_of
from riichi_fast.engine.selfplay import agent_seed, game_seed
from riichi_fast.errors import ContextError
from riichi_fast.rules import Rules
from riichi_fast.tiles import parse_tiles

# the pure-Python discard_analysis twin makes one greedy tonpuusen take about a minute: the games with greedy
# agents run on the compiled kernels only (the agents' rule itself is tested on hand-built observations)
compiled_only = pytest.mark.skipif(_backend.PUREPYTHON, reason="greedy games take minutes on the pure-Python twins")

FIELDS = ("scores", "points", "placements", "hands", "wins", "tsumo", "deal_ins", "exhaustive_draws",
          "abortive_draws", "riichi")


def _obs(hand, *, seat=0, drawn=None, rivers=None, last=None, phase="turn", n=4):
    return Observation(
        seat=seat, hand=tuple(sorted(hand)), drawn=drawn, melds=((),) * n,
        rivers=rivers or ((),) * n, hand_sizes=(len(hand),) + (13,) * (n - 1), kita=(0,) * n,
        dora_indicators=(parse_tiles("1s")[0],), scores=(25000,) * n, riichi=(0,) * n, round_wind=0, kyoku=0,
        honba=0, riichi_sticks=0, tiles_left=60, dealer=0, seat_wind=(seat - 0) % n, last_discard=last, phase=phase)


class Checked:
    """Wraps an agent: checks that every choice is among the legal actions and records the choices."""

    def __init__(self, agent):
        self.agent, self.log = agent, []

    def reset(self, seed):
        self.agent.reset(seed)

    def __call__(self, table, seat, actions):
        a = self.agent(table, seat, actions)
        assert a in actions, (a, actions)
        self.log.append((table.drawn if table.phase == "turn" else None, tuple(actions), a))
        return a


@compiled_only
@pytest.mark.parametrize("rules", ["tenhou", "tenhou_3p", "majsoul"])
def test_agents_play_whole_games_legally(rules):
    n = Rules.preset(rules).n_players
    kinds = [GreedyAgent, TsumogiriAgent, RandomAgent, GreedyAgent][:n]
    agents = [Checked(k(s + 1, rules)) for s, k in enumerate(kinds)]
    g = play_game(agents, rules, seed=11, length="tonpuusen")
    assert sum(g.points) == 0 and len(g.hands) >= n and sorted(g.ranks) == list(range(n))
    for ag in agents:
        for _drawn, actions, a in ag.log:
            if any(x.type in ("tsumo", "ron") for x in actions) and not isinstance(ag.agent, RandomAgent):
                assert a.type in ("tsumo", "ron")  # greedy and tsumogiri win whenever allowed
    tsumogiri = agents[1]
    assert tsumogiri.log
    for drawn, actions, a in tsumogiri.log:
        assert a.type in ("tsumo", "ron", "pass") or (a.type == "discard" and a.tile == drawn)
    greedy = agents[0]
    for _drawn, actions, a in greedy.log:
        if any(x.type == "riichi" for x in actions) and not any(x.type in ("tsumo", "kita") for x in actions):
            assert a.type == "riichi"
        assert a.type not in ("daiminkan", "ankan", "kakan", "kyuushu")


def test_greedy_discards_for_ukeire_with_the_visible_tiles():
    hand = parse_tiles("123m456p789s1z2z55z7z")
    actions = [Action("discard", 0, t) for t in hand]
    g = GreedyAgent()
    # every honor discard leaves 1-shanten on 8 tiles: the lowest index wins the tie
    assert g.act(_obs(hand), actions) == Action("discard", 0, parse_tiles("1z")[0])
    seen = tuple((t, False, False, False) for t in parse_tiles("222z")[:3])
    two_seen = _obs(hand, rivers=((), seen, (), ()))
    assert g.act(two_seen, actions) == Action("discard", 0, parse_tiles("2z")[0])
    tenpai = parse_tiles("123m456p789s11223z")
    riichi = [Action("riichi", 0, parse_tiles("3z")[0])]
    assert g.act(_obs(tenpai), [Action("discard", 0, t) for t in tenpai] + riichi) == riichi[0]
    assert g.act(_obs(tenpai), [Action("tsumo", 0, tenpai[-1])] + riichi) == Action("tsumo", 0, tenpai[-1])


def test_greedy_calls_only_to_lower_the_shanten_with_a_yaku():
    g = GreedyAgent()
    hand = parse_tiles("123m456p11s159p55z")
    five = parse_tiles("555z")[2]
    pon = Action("pon", 0, five, tuple(t for t in hand if t >> 2 == 31))
    pas = Action("pass", 0)
    assert g.act(_obs(hand, last=(3, five), phase="claim"), [pon, pas]) == pon  # 2-shanten -> 1, yakuhai
    nine = parse_tiles("9999p")[2]
    hand9 = parse_tiles("123m456p11s199p5z6z")
    pon9 = Action("pon", 0, nine, tuple(t for t in hand9 if t >> 2 == 17))
    assert g.act(_obs(hand9, last=(3, nine), phase="claim"), [pon9, pas]) == pas  # no yaku from a 9p pon
    ready = parse_tiles("123m456p789s11z55z")
    pon_r = Action("pon", 0, five, tuple(t for t in ready if t >> 2 == 31))
    assert g.act(_obs(ready, last=(3, five), phase="claim"), [pon_r, pas]) == pas  # already tenpai: no lower


def test_tsumogiri_and_random_choices():
    drawn = parse_tiles("7z")[0]
    actions = [Action("discard", 0, t) for t in parse_tiles("1m7z")]
    assert TsumogiriAgent().act(_obs(parse_tiles("1m7z"), drawn=drawn), actions) == actions[1]
    assert TsumogiriAgent().act(None, [Action("ron", 1, 4), Action("pass", 1)]) == Action("ron", 1, 4)
    # plain copies of one kind are one choice; the generator is seeded
    many = [Action("discard", 0, t) for t in (0, 1, 2, 36)]
    picks = [RandomAgent(3).act(None, many) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in (many[0], many[3])
    r = RandomAgent(5)
    seq = [r.act(None, many).tile for _ in range(40)]
    assert set(seq) == {0, 36}
    r.reset(5)
    assert [r.act(None, many).tile for _ in range(40)] == seq


@compiled_only
def test_agents_choose_the_same_through_env_and_through_play_game():
    rules = Rules.preset("tenhou")
    game = play_game([GreedyAgent(0), RandomAgent(1), TsumogiriAgent(2), RandomAgent(3)], rules, seed=8,
                     length="tonpuusen")
    agents = [GreedyAgent(0), RandomAgent(1), TsumogiriAgent(2), RandomAgent(3)]
    env = Env(rules, length="tonpuusen")
    obs = env.reset(seed=8)
    while not env.done:
        obs = env.step(agents[env.seat].act(obs, env.legal_actions()))
    assert (env.result.scores, env.result.points, env.result.ranks) == (game.scores, game.points, game.ranks)
    assert len(env.hands) == len(game.hands)


def test_observation_agent_and_bad_agents():
    first = ObservationAgent(lambda obs, actions: 138)
    assert first.act(None, [Action("pon", 1, 9, (10, 11)), Action("pass", 1)]) == Action("pass", 1)
    bad = ObservationAgent(lambda obs, actions: 5)
    with pytest.raises(EngineError, match=r"returned 5: not one of the legal actions \['seat 1 pass'\]"):
        bad.act(None, [Action("pass", 1)])
    with pytest.raises(ContextError, match="an agent must be callable, got int"):
        ObservationAgent(3)
    with pytest.raises(ContextError, match="unknown agent 'smart': expected one of random, tsumogiri, greedy"):
        agent_from_name("smart")
    with pytest.raises(ContextError, match="agent seed must be an int, got str"):
        RandomAgent("1")
    with pytest.raises(ContextError, match="4 players need 4 agents, got 2"):
        play(1, "greedy,random", "tenhou")
    with pytest.raises(ContextError, match="n_threads must be an int >= 1, got 0"):
        play(1, ["random"] * 4, "tenhou", n_threads=0)
    with pytest.raises(ContextError, match="n_games must be an int >= 0, got -1"):
        play(-1, ["random"] * 4)
    with pytest.raises(ContextError, match=r"an agent is a name \(random, tsumogiri, greedy\) or a callable, got 3"):
        play(1, [3, "random", "random", "random"])
    with pytest.raises(ContextError, match="unknown game length 'long'"):
        play(1, ["random"] * 4, length="long")
    ag = ObservationAgent(lambda obs, actions: index_of(actions[-1], Rules.preset("tenhou").red_fives))
    r = play(1, [ag, "random", "random", "random"], "tenhou", seed=2, length="single")
    assert r.hands.tolist() == [1] and int(r.points.sum()) == 0


EXPECTED_GREEDY_PLACES = [1] * 20  # play(20, greedy + 3 random, tenhou, seed 0, tonpuusen)
EXPECTED_HANDS = 115  # RandomAgent draws from splitmix64 (the compiled agent's stream) since h14


@compiled_only
def test_greedy_beats_random_and_the_seeded_result_is_exact():
    r = play(20, "greedy,random,random,random", "tenhou", seed=0, length="tonpuusen")
    assert r.placements.shape == (20, 4) and r.placements.dtype == np.int8
    assert (np.sort(r.placements, axis=1) == [1, 2, 3, 4]).all()
    assert (r.points.sum(axis=1) == 0).all() and (r.scores.sum(axis=1) == 100000).all()
    greedy, others = r.placements[:, 0].mean(), r.placements[:, 1:].mean()
    assert greedy < 1.5 and others > 2.5
    assert r.wins[:, 1:].sum() == 0  # random agents never won a hand here
    assert (r.wins.sum(axis=1) + r.exhaustive_draws + r.abortive_draws <= r.hands).all()
    assert (r.tsumo <= r.wins).all() and r.deal_ins[:, 0].sum() == 0
    # the seeded sample, pinned
    assert r.placements[:, 0].tolist() == EXPECTED_GREEDY_PLACES
    assert int(r.hands.sum()) == EXPECTED_HANDS
    # game g is play_game with the derived seeds
    agents = [GreedyAgent(agent_seed(0, 3, 0))] + [RandomAgent(agent_seed(0, 3, s)) for s in (1, 2, 3)]
    g = play_game(agents, "tenhou", seed=game_seed(0, 3), length="tonpuusen")
    assert tuple(r.scores[3]) == g.scores and tuple(r.points[3]) == g.points and r.hands[3] == len(g.hands)


def test_play_is_the_same_on_one_and_two_workers():
    first, length = ("random", "single") if _backend.PUREPYTHON else ("greedy", "tonpuusen")
    args = (4, [first, "tsumogiri", "random", "random"], "tenhou", 9)
    one = play(*args, n_threads=1, length=length)
    two = play(*args, n_threads=2, length=length)
    for f in FIELDS:
        assert np.array_equal(getattr(one, f), getattr(two, f)), f
    three_p = [play(3, f"{first},random,random", "tenhou_3p", 1, n_threads=t, length=length) for t in (1, 2)]
    assert all(np.array_equal(getattr(three_p[0], f), getattr(three_p[1], f)) for f in FIELDS)


@compiled_only
def test_selfplay_command(capsys):
    assert main(["selfplay", "--games", "2", "--length", "tonpuusen", "--seed", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out.splitlines()
    r = play(2, "greedy,random,random,random", "tenhou", 4, length="tonpuusen")
    assert out[0].startswith(f"2 tonpuusen games (tenhou, seed 4): {int(r.hands.sum())} hands, ")
    assert out[1:] == r.table().splitlines()
    assert out[1].split() == ["seat", "agent", "avg", "place", "#1", "#2", "#3", "#4", "win", "deal-in", "points"]
    assert main(["selfplay", "--games", "1", "--agents", "random,random,random", "--rules", "tenhou_3p",
                 "--length", "single", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and [s["agent"] for s in data["seats"]] == ["random"] * 3
    assert main(["selfplay", "--games", "1", "--agents", "greedy,nobody,random,random", "--no-progress"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err


@compiled_only
@pytest.mark.parametrize("fmt,rules,agents", [("mjai", "tenhou", "greedy,random,greedy,tsumogiri"),
                                              ("tenhou6", "tenhou", "greedy,greedy,random,random"),
                                              ("mjai", "tenhou_3p", "greedy,random,greedy")])
def test_selfplay_out_logs_verify_and_replay(tmp_path, capsys, fmt, rules, agents):
    # issue 12: every self-played game written as a log is read back, verified and replayed exactly
    from riichi_fast.engine.replay import replay_paths
    from riichi_fast.engine.selfplay import log_path
    from riichi_fast.records import read_record, verify_paths

    out = tmp_path / "logs"
    argv = ["selfplay", "--games", "3", "--agents", agents, "--rules", rules, "--length", "tonpuusen",
            "--seed", "5", "--out", str(out), "--format", fmt, "--json", "--no-progress"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    r = play(3, agents, rules, 5, length="tonpuusen")
    assert data["hands"] == int(r.hands.sum())
    paths = [log_path(out, g, fmt) for g in range(3)]
    assert sorted(p.name for p in out.iterdir()) == sorted(p.rsplit("/", 1)[1] for p in paths)
    for g, p in enumerate(paths):
        game = read_record(p)
        assert len(game.rounds) == int(r.hands[g])
        assert list(game.players) == [f"{a}-{s}" for s, a in enumerate(agents.split(","))]
    report = verify_paths(paths, rules)
    assert not report.unreadable and len(report.games) == 3
    assert all(rep.ok for rep in report.games), [rep for rep in report.games if not rep.ok]
    assert report.n_wins == report.n_wins_ok == int(r.wins.sum())
    replays = replay_paths(paths, rules)
    assert len(replays) == 3 and all(rep.ok for rep in replays), [rep for rep in replays if not rep.ok]
    assert sum(rep.hands_matched for rep in replays) == int(r.hands.sum())


def test_selfplay_out_errors(tmp_path):
    with pytest.raises(ContextError, match="unknown log format 'xml'"):
        play(1, "random,random,random,random", "tenhou", 0, length="single", out=tmp_path, log_format="xml")
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ContextError, match="cannot create the log directory"):
        play(1, "random,random,random,random", "tenhou", 0, length="single", out=blocker / "sub")
