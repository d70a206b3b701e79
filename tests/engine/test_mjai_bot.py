"""An mjai bot process as an agent: a small bot written here plays; misbehaving bots get clear errors."""

import json
import sys

import pytest

from riichi_fast.engine import EngineError, Table, play_game, seeded_wall
from riichi_fast.engine.agents import ObservationAgent, TsumogiriAgent
from riichi_fast.engine.mjai_bot import MjaiBot
from riichi_fast.tiles import MJAI_NAMES

BOT = r'''
import json, sys, time
mode = sys.argv[1]
me = None
log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
for line in sys.stdin:
    e = json.loads(line)
    if log:
        log.write(line)
        log.flush()
    if e["type"] == "start_game":
        me = e["id"]
    out = {"type": "none"}
    if e["type"] == "tsumo" and e["actor"] == me:
        if mode == "garbage":
            print("this is not json", flush=True)
            continue
        if mode == "sleep":
            time.sleep(30)
        if mode == "illegal":
            out = {"type": "pon", "actor": me, "pai": "1z", "consumed": ["1z", "1z"]}
        else:
            out = {"type": "dahai", "actor": me, "pai": e["pai"], "tsumogiri": True}
    if mode == "exit" and e["type"] == "tsumo":
        sys.exit(0)
    print(json.dumps(out), flush=True)
'''


@pytest.fixture
def bot_script(tmp_path):
    path = tmp_path / "bot.py"
    path.write_text(BOT)
    return path


def _never_wins(obs, actions):
    """Pass, else discard the drawn tile: what the test bot does."""
    for a in actions:
        if a.type == "pass":
            return a
    return next(a for a in actions if a.type == "discard" and a.tile == obs.drawn)


def test_a_bot_process_plays_a_whole_game_like_the_same_python_agent(bot_script, tmp_path):
    log = tmp_path / "seen.jsonl"
    others = [TsumogiriAgent(s) for s in (1, 2, 3)]
    with MjaiBot([sys.executable, str(bot_script), "tsumogiri", str(log)], "tsumogiri-bot") as bot:
        game = play_game([bot, *others], "tenhou", seed=3, length="tonpuusen")
    same = play_game([ObservationAgent(_never_wins), *[TsumogiriAgent(s) for s in (1, 2, 3)]], "tenhou", seed=3,
                     length="tonpuusen")
    assert (game.scores, game.points, len(game.hands)) == (same.scores, same.points, len(same.hands))
    assert game.events == same.events

    seen = [json.loads(x) for x in log.read_text().splitlines()]
    assert seen[0] == {"type": "start_game", "id": 0, "names": ["player0", "player1", "player2", "player3"]}
    assert seen[1]["type"] == "start_kyoku" and seen[1]["tehais"][1] == ["?"] * 13
    names = set(MJAI_NAMES) | {n + "r" for n in MJAI_NAMES[:27]}
    assert len(seen[1]["tehais"][0]) == 13 and set(seen[1]["tehais"][0]) <= names  # own tiles by name
    others_draws = [e for e in seen if e["type"] == "tsumo" and e["actor"] != 0]
    assert others_draws and all(e["pai"] == "?" for e in others_draws)
    own = [e for e in seen if e["type"] == "tsumo" and e["actor"] == 0]
    assert own and all(e["pai"] != "?" for e in own)


@pytest.mark.parametrize(("mode", "message"), [
    ("garbage", (r"mjai bot 'bad': event \{\"type\": \"tsumo\", \"actor\": 0, \"pai\": \"\w+\"\} -> response "
                r"'this is not json': not JSON")),
    ("illegal", r"mjai bot 'bad': event \{\"type\": \"tsumo\".*-> response .*\"pon\".*: illegal now \(legal: "),
    ("sleep", r"mjai bot 'bad': event \{\"type\": \"tsumo\".* -> response None: no answer within 0.5 s"),
    ("exit", r"mjai bot 'bad': event .* -> response None: the bot exited"),
])
def test_a_misbehaving_bot_gets_a_clear_error_and_the_table_is_intact(bot_script, mode, message):
    t = Table("tenhou")
    t.start_hand(seeded_wall(5))
    before = (list(t.events), t.phase, t.acting, [list(s.closed) for s in t.seats])
    with MjaiBot([sys.executable, str(bot_script), mode], "bad", timeout=0.5) as bot, \
            pytest.raises(EngineError, match=message):
        bot(t, 0, t.legal_actions(0))
    assert (list(t.events), t.phase, t.acting, [list(s.closed) for s in t.seats]) == before
    t.step(TsumogiriAgent()(t, 0, t.legal_actions(0)))  # the game goes on with another agent
    assert t.events[len(before[0])]["type"] == "dahai"
