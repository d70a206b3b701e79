"""Logs and converters: engine games and every bundled record written as mjai and tenhou.net/6,
read back by our readers and verified with zero mismatches (issue 11 item 4)."""

import collections
import json
import os
import random
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.analysis._player import PlayerState
from riichi_fast.cli import main
from riichi_fast.engine import Wall, play_game
from riichi_fast.engine.game import GameResult
from riichi_fast.engine.logs import game_record, mjai_text, tenhou6_text, write_mjai, write_tenhou6
from riichi_fast.engine.replay import replay_record
from riichi_fast.errors import ContextError, RiichiError
from riichi_fast.records import parse_mjai, parse_tenhou6, read_record, writers
from riichi_fast.records.verify_files import parse_record, verify_one
from riichi_fast.records.sources import iter_records
from riichi_fast.records.verify import format_game_report, verify_game
from riichi_fast.records.writers import (
    ConvertReport,
    convert_paths,
    mjai_events,
    tenhou6_record,
    tenhou_result_text,
)

RECORDS = Path(__file__).parents[1] / "data" / "records"
KEYS = ("games", "games_matched", "rounds", "wins", "wins_matched", "draws", "draws_matched", "unsupported",
        "mismatches", "errors", "unreadable")


# --------------------------------------------------------------------------- engine games

def _greedy(seed):
    """Wins when it can, riichi mostly, calls and kans sometimes, else the discard of best shanten."""
    rng = random.Random(seed)

    def agent(table, seat, actions):
        by = collections.defaultdict(list)
        for a in actions:
            by[a.type].append(a)
        for kind in ("tsumo", "ron", "kita"):
            if by[kind]:
                return by[kind][0]
        if by["kyuushu"] and rng.random() < 0.5:
            return by["kyuushu"][0]
        for kind, p in (("ankan", 0.5), ("kakan", 0.5), ("daiminkan", 0.5), ("pon", 0.3), ("chi", 0.3),
                        ("riichi", 0.8)):
            if by[kind] and rng.random() < p:
                return rng.choice(by[kind])
        if not by["discard"]:
            return by["pass"][0]
        s = table.seats[seat]
        melds = [(m.type, m.kind) for m in s.melds if m.type.name != "KITA"]
        best = None
        options = list(by["discard"])
        rng.shuffle(options)
        for a in options[:6]:
            counts = bytearray(34)
            for t in s.closed:
                counts[t >> 2] += 1
            counts[a.tile >> 2] -= 1
            sh = PlayerState(bytes(counts), melds, rules=table.rules).shanten
            if best is None or sh < best[0]:
                best = (sh, a)
        return best[1]

    return agent


def _play(seed, rules, length):
    n = 3 if rules.endswith("3p") else 4
    return play_game([_greedy(10 * seed + i) for i in range(n)], rules, seed=seed, length=length)


def _check_logs(g, seed):
    """Both logs read back, verify with nothing wrong and replay through the engine exactly (walls rebuilt
    from the logs); the mjai log holds the engine's every event."""
    for fmt, text_of, parse in (("mjai", mjai_text, parse_mjai), ("tenhou6", tenhou6_text, parse_tenhou6)):
        text = text_of(g)
        game = parse(text, source=f"seed{seed}.{fmt}")
        rep = verify_game(game)
        assert rep.ok, "\n".join(format_game_report(rep))[:2000]
        assert len(game.rounds) == len(g.hands) and rep.n_wins == sum(len(h.wins) for h in g.hands)
        played = replay_record(text.encode(), f"seed{seed}.{fmt}")
        assert played.ok and played.wall == "record", (played.error, played.mismatches[:3])
        assert played.hands == played.hands_matched == len(g.hands)
    kinds = [e["type"] for e in g.events]
    lines = [json.loads(x)["type"] for x in mjai_text(g).splitlines()]
    assert lines[0] == "start_game" and lines[-1] == "end_game"
    assert lines[1:-1] == kinds


GAMES = [(seed, "tenhou", "tonpuusen") for seed in range(100)] + \
    [(seed, "tenhou", "single") for seed in range(100, 160)] + \
    [(seed, "tenhou_3p", "tonpuusen") for seed in range(160, 200)]


def test_two_hundred_engine_games_write_read_back_and_verify(tmp_path, capsys):
    counts = collections.Counter()
    # on the pure-Python kernels (~100x slower) a fortieth of them, each table size and length
    # (36 s of the CI's pure-Python step with a twentieth, 52 s with a tenth): the writers and
    # readers are the same code
    games = GAMES if not _backend.PUREPYTHON else GAMES[::40]
    written = 0
    for k, (seed, rules, length) in enumerate(games):
        g = _play(seed, rules, length)
        _check_logs(g, seed)
        if k % 10 == 0:  # one game in ten also through the command line, as files
            write_mjai(g, tmp_path / f"seed{seed}.jsonl")
            write_tenhou6(g, tmp_path / f"seed{seed}.json")
            written += 2
        for h in g.hands:
            counts[h.kind] += 1
            counts["wins"] += len(h.wins)
        counts.update(e["type"] for e in g.events if e["type"] in ("reach", "pon", "chi", "ankan", "kakan",
                                                                   "daiminkan", "nukidora", "dora"))
    assert main(["verify", "--no-progress", "--json", str(tmp_path)]) == 0
    verified = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (verified["games"], verified["games_matched"], verified["errors"]) == (written, written, 0)
    assert main(["replay", "--no-progress", "--json", str(tmp_path)]) == 0
    replayed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (replayed["games"], replayed["games_matched"], replayed["walls"]) == (written, written,
                                                                                {"seed": 0, "record": written})
    assert replayed["hands"] == replayed["hands_matched"] > written
    if _backend.PUREPYTHON:
        return
    # the games do what the logs must carry: wins, draws, riichi, every call, kan dora, kita
    assert counts["win"] > 100 and counts["exhaustive_draw"] > 50 and counts["wins"] >= counts["win"]
    assert all(counts[k] > 0 for k in ("reach", "pon", "chi", "ankan", "kakan", "daiminkan", "nukidora", "dora"))


# 10,000 seeded hanchan (5,000 per table size), each written both ways, read back, verified and replayed
# (~0.4-0.8 s a game here); CI runs an evenly spaced sample of RIICHI_FAST_LONG_GAMES of them (default 120,
# about 100 s on a loaded 2-core machine); RIICHI_FAST_LONG_GAMES=10000 runs them all (2,000 of them were run
# before landing: zero mismatches, 1,256 s on the loaded machine).
LONG_GAMES = int(os.environ.get("RIICHI_FAST_LONG_GAMES", "120"))
ALL_LONG_GAMES = 10_000


@pytest.mark.slow
@pytest.mark.parametrize("rules,length", [("tenhou", "hanchan"), ("tenhou_3p", "hanchan")])
def test_ten_thousand_engine_games(rules, length):
    per_size = ALL_LONG_GAMES // 2
    wanted = max(1, min(per_size, LONG_GAMES // 2))
    seeds = [1000 + per_size * (rules == "tenhou_3p") + i * per_size // wanted for i in range(wanted)]
    for seed in seeds:
        _check_logs(_play(seed, rules, length), seed)


def _wall(hands, draws, dora_indicator):
    """An explicit wall: ``hands`` dealt (four at a time from the dealer, seat 0), then ``draws``,
    the dora indicator at position 5 (Tenhou's layout), the rest in id order."""
    order = []
    for r in range(3):
        for h in hands:
            order += h[4 * r:4 * r + 4]
    order += [h[12] for h in hands] + list(draws)
    rest = [t for t in range(136) if t not in order and t != dora_indicator]
    tiles = rest[:5] + [dora_indicator] + rest[5:]
    tiles += list(reversed(order))
    assert len(tiles) == 136
    return Wall(tiles)


# seat 1 waits on 5p alone with tanyao; the dealer draws 5p (id 53) and lets it go
HANDS = [
    [36, 37, 68, 69, 72, 73, 104, 108, 109, 112, 113, 116, 117],  # 11p 99p 11s 9s EE SS WW
    [4, 8, 12, 17, 20, 24, 76, 80, 84, 92, 96, 100, 54],  # 234m 567m 234s 678s 5p
    [0, 1, 32, 33, 40, 44, 56, 60, 120, 121, 124, 128, 132],
    [2, 28, 64, 41, 45, 57, 61, 122, 125, 129, 133, 105, 74],
]


def _small_game():
    def dealer(table, seat, actions):
        return next(a for a in actions if a.type == "discard" and a.tile == 53)

    def ron(table, seat, actions):
        return next(a for a in actions if a.type == "ron")

    def never(table, seat, actions):
        raise AssertionError("seats 2 and 3 have nothing to decide")

    return play_game([dealer, ron, never, never], "tenhou", length="single",
                     walls=[_wall(HANDS, [53], dora_indicator=35)])


def test_a_small_game_as_exact_mjai_lines():
    g = _small_game()
    lines = mjai_text(g, names=["A", "B", "C", "D"]).splitlines()
    assert lines == [
        '{"type":"start_game","names":["A","B","C","D"],"aka_flag":true,"kuitan":true}',
        ('{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"9m",'
        '"scores":[25000,25000,25000,25000],"tehais":['
        '["1p","1p","9p","9p","1s","1s","9s","E","E","S","S","W","W"],'
        '["2m","3m","4m","5m","6m","7m","5p","2s","3s","4s","6s","7s","8s"],'
        '["1m","1m","9m","9m","2p","3p","6p","7p","N","N","P","F","C"],'
        '["1m","8m","2p","3p","6p","7p","8p","1s","9s","N","P","F","C"]]}'),
        '{"type":"tsumo","actor":0,"pai":"5p"}',
        '{"type":"dahai","actor":0,"pai":"5p","tsumogiri":true}',
        # 40 fu (20 + closed ron 10 + single wait 2, rounded up) 1 han: 1300
        '{"type":"hora","actor":1,"target":0,"pai":"5p","deltas":[-1300,1300,0,0],"ura_markers":[]}',
        '{"type":"end_kyoku"}',
        '{"type":"end_game"}',
    ]
    assert g.scores == (23700, 26300, 25000, 25000)


def test_a_small_game_as_exact_tenhou6():
    g = _small_game()
    assert json.loads(tenhou6_text(g, names=["A", "B", "C", "D"])) == {
        "title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "般東喰赤", "aka": 1},
        "log": [[
            [0, 0, 0], [25000, 25000, 25000, 25000], [19], [],
            [21, 21, 29, 29, 31, 31, 39, 41, 41, 42, 42, 43, 43], [25], [60],
            [12, 13, 14, 15, 16, 17, 25, 32, 33, 34, 36, 37, 38], [], [],
            [11, 11, 19, 19, 22, 23, 26, 27, 44, 44, 45, 46, 47], [], [],
            [11, 18, 22, 23, 26, 27, 28, 31, 39, 44, 45, 46, 47], [], [],
            ["和了", [-1300, 1300, 0, 0], [1, 0, 1, "40符1飜1300点", "断幺九(1飜)"]],
        ]],
    }


def test_game_record_keeps_the_final_scores_and_points():
    g = _small_game()
    game = game_record(g)
    assert game.final_scores == g.scores and game.final_points == tuple(float(p) for p in g.points)
    assert verify_game(game).ok and game.format == "engine" and game.players == ()


def test_write_files(tmp_path):
    g = _small_game()
    write_mjai(g, tmp_path / "g.jsonl")
    write_tenhou6(g, tmp_path / "g.json")
    for p in ("g.jsonl", "g.json"):
        rep = verify_one(p, (tmp_path / p).read_bytes())
        assert (rep.games_matched, rep.wins_matched, rep.mismatches) == (1, 1, 0)


def test_game_record_refuses_what_it_cannot_write():
    g = _small_game()
    with pytest.raises(ContextError, match="4 players need 4 names, got 2"):
        game_record(g, names=["a", "b"])
    with pytest.raises(ContextError, match="needs a GameResult of play_game"):
        game_record(GameResult((), (), (), hands=g.hands, events=g.events))


# --------------------------------------------------------------------------- bundled records

ALL_RECORDS = sorted(str(p) for d in RECORDS.iterdir() if d.is_dir() for p in d.iterdir())


def _summary(name, data):
    d = verify_one(name, data).as_dict()
    return {k: d[k] for k in KEYS}


def _converted(path):
    name, data = next(iter(iter_records([path])))
    game = parse_record(data, Path(name).name)
    return _summary(name, data), {"mjai": writers.mjai_text(game).encode(),
                                  "tenhou6": writers.tenhou6_text(game).encode()}


# What a target cannot carry changes the summary in these, and only these, ways.
EXPECTED_CHANGES = {
    # a round cut short: tenhou.net/6 has no place for a round without its result (left out)
    ("2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog", "tenhou6"):
        {"games_matched": 1, "rounds": 7, "errors": 0},
    # a game cut after a round, before its end: the mjlog lacks its owari (an error); mjai and
    # tenhou.net/6 carry no final scores this reader checks, so the cut game verifies as far as it goes
    ("2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", "mjai"): {"games_matched": 1, "errors": 0},
    ("2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", "tenhou6"): {"games_matched": 1, "errors": 0},
    # riichienv states no tenpai seats: an exhaustive draw without payments gets those of the replayed hands
    ("riichienv-4p-seed2.jsonl.gz", "tenhou6"): {"draws_matched": 7, "unsupported": 0},
}


@pytest.mark.parametrize("path", ALL_RECORDS, ids=[Path(p).name for p in ALL_RECORDS])
def test_every_bundled_record_converted_both_ways_verifies_as_the_original(path):
    orig, out = _converted(path)
    for fmt, data in out.items():
        want = dict(orig, **EXPECTED_CHANGES.get((Path(path).name, fmt), {}))
        assert _summary(f"x.{fmt}", data) == want, fmt


def test_mjlog_converted_to_tenhou6_is_the_published_tenhou6_of_the_same_games(tmp_path):
    """mjx published both an mjlog and a tenhou.net/6 JSON of 31 games: ours is the same, round by round."""
    report = convert_paths([RECORDS / "tenhou-mjlog-mjx"], "tenhou6", tmp_path)
    rounds = 0
    for ref in sorted((RECORDS / "tenhou6-json-mjx").glob("*.json")):
        published = [r for line in ref.read_text(encoding="utf-8").splitlines() if line.strip()
                     for r in json.loads(line)["log"]]
        ours = json.loads((tmp_path / ref.name).read_text(encoding="utf-8"))["log"]
        assert ours == published, ref.name
        rounds += len(ours)
    assert rounds == 326 and len(report.written) == 35


def test_converted_records_keep_players_and_rule_flags():
    no_red = next(p for p in sorted((RECORDS / "tenhou-mjlog-fastmaj").glob("*.mjlog"))
                  if not read_record(p).rules.red_fives)
    three = min((RECORDS / "tenhou-mjlog-3p").glob("*.mjlog"))
    for path in (no_red, three):
        game = read_record(path)
        for back in (parse_mjai(writers.mjai_text(game)), parse_tenhou6(writers.tenhou6_text(game))):
            assert back.players == game.players
            assert (back.rules.red_fives, back.rules.open_tanyao, back.rules.three_player) == \
                (game.rules.red_fives, game.rules.open_tanyao, game.rules.three_player)


def test_pao_survives_mjai():
    game = read_record(RECORDS / "tenhou-mjlog-mjx" / "pao-tsumo.mjlog")
    (liable,) = [w.recorded.pao for w in game.wins if w.recorded.pao is not None]
    horas = [e for e in mjai_events(game) if e["type"] == "hora" and "pao" in e]
    assert [e["pao"] for e in horas] == [liable]
    assert [w.recorded.pao for w in parse_mjai(writers.mjai_text(game)).wins if w.recorded.pao is not None] == \
        [liable]


def test_a_yakuman_in_an_mjai_record_is_no_mismatch():
    # mjai states only the score changes: the verifier has nothing to compare a yakuman with
    game = read_record(RECORDS / "tenhou6-json-mjx" / "2017040900gm-00a9-0000-af5434e3.json")
    assert any(w.recorded.yakuman for w in game.wins)
    rep = verify_game(parse_mjai(writers.mjai_text(game)))
    assert rep.ok and rep.n_wins == 2


def test_tenhou_result_text():
    from riichi_fast.records.model import RecordedScore

    s = RecordedScore(han=2, fu=40, points=2700, limit=0)
    assert tenhou_result_text(s, tsumo=True, dealer=False) == "40符2飜700-1300点"
    assert tenhou_result_text(s, tsumo=False, dealer=False) == "40符2飜2700点"
    assert tenhou_result_text(RecordedScore(han=3, fu=30, points=3000, limit=0), tsumo=True, dealer=False,
                              n_players=3) == "30符3飜1000-2000点"
    assert tenhou_result_text(RecordedScore(han=5, points=8000, limit=1), tsumo=True, dealer=True,
                              n_players=3) == "満貫4000点∀"
    assert tenhou_result_text(RecordedScore(points=32000, limit=5), tsumo=False, dealer=False) == "役満32000点"
    # a value Tenhou's split cannot give is written whole, so that the reader finds it again
    assert tenhou_result_text(RecordedScore(han=1, fu=30, points=1234, limit=0), tsumo=True, dealer=False) == \
        "30符1飜1234点"


def test_tenhou6_record_of_an_empty_game():
    game = parse_mjai('{"type":"start_game","names":["a","b","c"],"aka_flag":false,"kuitan":false}')
    assert tenhou6_record(game) == {"title": ["", ""], "name": ["a", "b", "c"],
                                    "rule": {"disp": "般南", "aka": 0}, "log": []}


# --------------------------------------------------------------------------- the convert command

def test_convert_command_writes_and_verifies(tmp_path, capsys):
    src = [RECORDS / "mjai", RECORDS / "tenhou-mjlog-3p" / "2022010102gm-00b9-0000-814b0f6a.mjlog"]
    code = main(["convert", *map(str, src), "--to", "tenhou6", "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0 and out.strip() == f"2 records written to {tmp_path / 'out'} as tenhou6, 0 unreadable"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["126_204_0_mjai.json",
                                                                    "2022010102gm-00b9-0000-814b0f6a.json"]
    code = main(["verify", "--no-progress", "--json", str(tmp_path / "out")])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and summary["games_matched"] == 2 and summary["mismatches"] == 0


def test_convert_reports_bad_input_and_goes_on(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": [[1, 2]]}')
    garbage = tmp_path / "garbage.mjlog"
    garbage.write_bytes(b"not a record")
    good = RECORDS / "mjai" / "126_204_0_mjai.jsonl"
    code = main(["convert", str(bad), str(garbage), str(tmp_path / "missing.mjlog"), str(good),
                 "--to", "mjai", "--out", str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out.strip().endswith("1 records written to " + str(tmp_path / "out") + " as mjai, 3 unreadable")
    err = captured.err
    assert f"unreadable {bad}: RecordError: bad.json: a round has 2 entries, expected 17" in err
    assert f"unreadable {garbage}: RecordError: garbage.mjlog: unknown record format" in err
    assert f"unreadable {tmp_path / 'missing.mjlog'}: SourceError" in err
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["126_204_0_mjai.jsonl"]


def test_convert_refuses_bad_usage(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert main(["convert", str(RECORDS / "mjai"), "--to", "mjai", "--out", str(afile)]) == 2
    assert "exists and is not a directory" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["convert", str(RECORDS / "mjai"), "--to", "xml", "--out", str(tmp_path)])
    assert exc.value.code == 2 and "invalid choice: 'xml'" in capsys.readouterr().err
    with pytest.raises(RiichiError, match="unknown target format 'xml'"):
        convert_paths([], "xml", tmp_path)
    assert main(["convert", str(RECORDS / "mjai"), "--to", "tenhou6", "--out", str(tmp_path), "--rules", "nosuch"]) == 2
    assert "no rules preset 'nosuch'" in capsys.readouterr().err


def test_convert_scores_records_without_yaku_under_the_rules_given(tmp_path, capsys):
    # an mjai record has no yaku: written as tenhou6, each win gets those our scorer finds under --rules
    src = RECORDS / "mjai" / "126_204_0_mjai.jsonl"
    assert main(["convert", str(src), "--to", "tenhou6", "--out", str(tmp_path), "--rules", "tenhou"]) == 0
    capsys.readouterr()
    log = json.loads((tmp_path / "126_204_0_mjai.json").read_text(encoding="utf-8"))["log"]
    wins = [r[16] for r in log if r[16][0] == "和了"]
    assert len(wins) == 9 and all(len(w[2]) > 4 for w in wins)  # every win has Tenhou yaku strings


def test_convert_notes_a_round_left_out(tmp_path, capsys):
    cut = RECORDS / "tenhou-mjlog-mjx" / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"
    report = convert_paths([cut], "tenhou6", tmp_path)
    assert isinstance(report, ConvertReport) and len(report.written) == 1
    assert report.notes == [f"{cut}: S4-0 has no result: left out (tenhou.net/6 cannot hold it)"]
    assert convert_paths([cut], "mjai", tmp_path / "m").notes == []


def test_a_double_ron_shows_the_same_ura_indicators_to_both_winners():
    """mjai repeats the ura markers in each hora: the reader takes them as the same tiles, not new copies
    (new copies made a fifth tile of a kind in a three-player engine game)."""
    game = read_record(RECORDS / "tenhou-mjlog-mjx" / "double-ron.mjlog")
    horas = [e for e in mjai_events(game) if e["type"] == "hora" and e["pai"] == "1m"]
    assert [(e["actor"], e["target"]) for e in horas] == [(0, 3), (2, 3)]
    assert horas[0]["ura_markers"] == horas[1]["ura_markers"] == ["1p"]
    back = parse_mjai(writers.mjai_text(game))
    (rnd,) = [r for r in back.rounds if len(r.wins) == 2]
    first, second = (w.situation.ura_indicators for w in rnd.wins)
    assert first == second and len(first) == 1 and verify_game(back).ok


def _yaku_as_sets(log):
    """The rounds with each win's yaku strings as a set (Tenhou lists yakuhai in the order of the sets)."""
    out = []
    for rnd in log:
        res = list(rnd[16])
        if res[0] == "和了":
            for i in range(2, len(res), 2):
                res[i] = res[i][:4] + sorted(res[i][4:])
        out.append(rnd[:16] + [res])
    return out


def test_tenhou6_written_back_and_through_mjai_is_the_published_tenhou6():
    """tenhou6 -> tenhou6 is the published file; tenhou6 -> mjai (no yaku) -> tenhou6 finds Tenhou's yaku,
    texts and changes again with our scorer (yakuhai listed in one fixed order)."""
    rounds = 0
    for ref in sorted((RECORDS / "tenhou6-json-mjx").glob("*.json")):
        published = [r for line in ref.read_text(encoding="utf-8").splitlines() if line.strip()
                     for r in json.loads(line)["log"]]
        game = read_record(ref)
        assert tenhou6_record(game)["log"] == published, ref.name
        via_mjai = tenhou6_record(parse_mjai(writers.mjai_text(game)))["log"]
        assert _yaku_as_sets(via_mjai) == _yaku_as_sets(published), ref.name
        rounds += len(published)
    assert rounds == 326


@pytest.mark.parametrize("preset", ["majsoul", "mleague", "wrc", "ema", "default", "mahjong_lib", "majsoul_3p"])
def test_games_under_other_presets_verify_under_their_preset(preset):
    from riichi_fast.rules.config import Rules

    rules = Rules.preset(preset)
    for seed in range(2):
        g = _play(seed, preset, "tonpuusen")
        for text_of, parse in ((mjai_text, parse_mjai), (tenhou6_text, parse_tenhou6)):
            rep = verify_game(parse(text_of(g)), rules)
            assert rep.ok, "\n".join(format_game_report(rep))[:2000]


def test_a_yaku_tenhou_has_no_id_for_cannot_go_to_tenhou6():
    from riichi_fast.engine.logs import _recorded
    from riichi_fast.rules.config import Rules
    from riichi_fast.scoring.front import score

    res = score("2233445566778p8p", "8p", rules=Rules.preset("tenhou").replace(daisharin=True))
    assert [y.name for y in res.yaku] == ["daisharin"]
    with pytest.raises(ContextError, match=r"yaku \['daisharin'\] have no Tenhou id: a game with them cannot "
                                           r"be written as tenhou.net/6"):
        _recorded(res, (0,) * 4, (25000,) * 4, None)
    rec = _recorded(res, (0,) * 4, (25000,) * 4, None, strict=False)  # mjai: the changes are what counts
    assert (rec.yaku, rec.yakuman, rec.score_changes) == ((), (), (0, 0, 0, 0))


def test_an_mjai_record_written_back_is_the_original_plus_what_we_add():
    """riichienv's mjai log (pon, chi, ankan, dora, riichi, wins, draws) comes back line for line: the
    same events and fields, with only the tehais sorted and our additions."""
    path = RECORDS / "mjai" / "126_204_0_mjai.jsonl"
    original = [json.loads(line) for line in path.read_text().splitlines()]
    ours = mjai_events(read_record(path))
    assert len(ours) == len(original) == 1383
    added = {"start_game": {"aka_flag": True, "kuitan": True}, "hora": {"pai": None},
             "ryukyoku": {"reason": "fanpai", "tenpais": None}}
    for mine, theirs in zip(ours, original):
        want = dict(theirs)
        want.pop("seed", None)  # the simulator's seed: not part of a Game
        for key, value in added.get(theirs["type"], {}).items():
            want[key] = mine[key] if value is None else value
        if theirs["type"] == "start_kyoku":
            want["tehais"] = [sorted(h, key=lambda name: name) for h in theirs["tehais"]]
            mine = dict(mine, tehais=[sorted(h) for h in mine["tehais"]])
        if theirs["type"] == "ryukyoku":  # tenpai: the seats paid
            assert mine["tenpais"] == [d > 0 for d in theirs["deltas"]]
        assert mine == want
    # the ron tile named by each hora is the last discard (or the drawn tile on tsumo)
    last = {}
    for ev in ours:
        if ev["type"] in ("tsumo", "dahai"):
            last[ev["type"]] = ev["pai"]
        if ev["type"] == "hora":
            assert ev["pai"] == last["tsumo" if ev["actor"] == ev["target"] else "dahai"]


def test_readme_convert_commands_run(tmp_path, capsys, monkeypatch):
    """The README's "Writing and converting game records" commands run (into a temporary directory)."""
    import re
    import shlex

    root = Path(__file__).resolve().parents[2]
    text = (root / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Writing and converting game records\n.*?```sh\n(.*?)```", text, re.DOTALL).group(1)
    monkeypatch.chdir(root)
    commands = [shlex.split(line.split("#")[0].replace("converted/", str(tmp_path) + "/"))
                for line in block.splitlines() if line.strip()]
    assert [c[:2] for c in commands] == [["riichi-fast", "convert"], ["riichi-fast", "verify"]]
    for argv in commands:
        assert main(argv[1:] + (["--no-progress"] if argv[1] == "verify" else [])) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == summary["games_matched"] == 35 and summary["mismatches"] == 0


def test_engine_double_ron_and_yakuman_logs():
    """Seeds found to hold a double ron (3p seed 315) and a yakuman tsumo (3p seed 241): both logs verify,
    the double ron shows two hora lines with each win's changes, and one tenhou6 result with two wins."""
    g = _play(315, "tenhou_3p", "tonpuusen")
    _check_logs(g, 315)
    (i,) = [k for k, h in enumerate(g.hands) if len(h.wins) == 2]
    hand = g.hands[i]
    horas = [json.loads(x) for x in mjai_text(g).splitlines() if '"hora"' in x]
    before = sum(len(h.wins) for h in g.hands[:i])
    assert [(h["actor"], h["target"], tuple(h["deltas"])) for h in horas[before:before + 2]] == \
        [(seat, disc, pw) for (seat, disc, _), pw in zip(hand.wins, hand.settlement.per_win)]
    result = json.loads(tenhou6_text(g))["log"][i][16]
    assert result[0] == "和了" and len(result) == 5 and [r[0] for r in result[2::2]] == [w[0] for w in hand.wins]
    # seed 241: a kazoe yakuman tsumo with kita, written as Tenhou does: the limit, the three-player
    # payments (non-dealer-dealer), the kita counted in the dora
    g = _play(241, "tenhou_3p", "tonpuusen")
    _check_logs(g, 241)
    ((k, (seat, _, res)),) = [(k, w) for k, h in enumerate(g.hands) for w in h.wins if w[2].yakuman]
    assert res.limit == "kazoe yakuman" and res.kita > 0 and res.tsumo
    info = json.loads(tenhou6_text(g))["log"][k][16][2]
    p = res.payment
    assert info[:4] == [seat, seat, seat, f"役満{p.tsumo_other}-{p.tsumo_dealer}点"]
    assert f"ドラ({res.dora + res.kita}飜)" in info and f"裏ドラ({res.ura_dora}飜)" in info


@pytest.mark.parametrize("seed,rules", [(1366, "tenhou"), (1498, "tenhou_3p")])
def test_a_call_of_the_second_discard_of_a_tile_reads_back_from_tenhou6(seed, rules):
    """Found by the 2,000-game run: a seat lets a discard go, is skipped by another seat's call, then
    calls the same tile from the same seat. tenhou.net/6 cannot say which discard was called: the
    reader, whose replay then does not come out, replays again passing the call it took first."""
    g = _play(seed, rules, "hanchan")
    _check_logs(g, seed)
    tenhou6 = json.loads(tenhou6_text(g))
    assert len(parse_tenhou6(tenhou6).rounds) == len(g.hands)


# --------------------------------------------------------------------------- the engine play_game uses

def test_play_game_runs_on_the_compiled_engine_unless_asked_or_an_agent_follows_the_events():
    from riichi_fast.engine import CTable, Table

    def agent_seeing(kinds):
        def agent(table, seat, actions):
            kinds.add(type(table))
            return actions[-1]
        return agent

    default, asked, follows = set(), set(), set()
    a = play_game([agent_seeing(default)] * 4, "tenhou", seed=2, length="single")
    b = play_game([agent_seeing(asked)] * 4, "tenhou", seed=2, length="single", table_class=Table)
    follower = agent_seeing(follows)
    follower.follows_events = True  # what an mjai bot process declares: it reads table.events as one growing list
    c = play_game([follower] * 4, "tenhou", seed=2, length="single")
    assert default == {Table if _backend.PUREPYTHON else CTable} and asked == follows == {Table}
    assert a.events == b.events == c.events and a.scores == b.scores == c.scores
    assert [h.settlement for h in a.hands] == [h.settlement for h in b.hands]


def test_a_liable_seat_in_the_logs_is_the_engines():
    from riichi_fast.tiles import parse_tiles
    from tests.engine.test_game import make_wall
    from tests.engine.test_rule_cases import PAO, PAO_DRAWS

    # seat 1 pons the three dragons, the last two fed by seat 2, and wins by tsumo (tests/engine/test_rule_cases.py)
    script = iter([(0, "discard", "5z"), (1, "pon", "5z"), (1, "discard", "2p"), (2, "discard", "6z"),
                   (1, "pon", "6z"), (1, "discard", "3p"), (2, "discard", "7z"), (1, "pon", "7z"),
                   (1, "discard", "4p"), (2, "discard", "3p"), (3, "discard", "5p"), (0, "discard", "8p"),
                   (1, "tsumo", None)])
    step = [next(script)]

    def agent(table, seat, actions):
        want_seat, kind, tile = step[0]
        for a in actions:
            if seat == want_seat and a.type == kind and (tile is None or a.tile >> 2 == parse_tiles(tile)[0] >> 2):
                step[0] = next(script, (None, None, None))
                return a
        return next(a for a in actions if a.type == "pass")

    g = play_game([agent] * 4, "tenhou", length="single", walls=[make_wall(PAO, draws=PAO_DRAWS, dora="3m")])
    assert g.liable == [{1: 2}] and g.hands[0].settlement.deltas == (0, 32000, -32000, 0)
    (win,) = game_record(g).wins
    assert win.recorded.pao == 2
    horas = [json.loads(x) for x in mjai_text(g).splitlines() if '"hora"' in x]
    assert [h["pao"] for h in horas] == [2]
    _check_logs(g, 0)
    with pytest.raises(ContextError, match="and liable seats"):
        game_record(GameResult(g.scores, g.points, g.ranks, g.hands, g.events, g.walls, g.rules, g.length))
