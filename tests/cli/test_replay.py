"""``riichi-fast replay``: real games played through the engine, a JSON summary, documented exit codes."""

import gzip
import json
import re
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.cli import main
from riichi_fast.engine.replay import replay_file, replay_game, replay_record

RECORDS = Path(__file__).parents[1] / "data" / "records"
MJX = RECORDS / "tenhou-mjlog-mjx"


@pytest.fixture
def games(tmp_path):
    """A directory of three real games and the copy of one with its last result removed."""
    import shutil

    files = sorted(MJX.glob("*.mjlog"))
    n_good = 1 if _backend.PUREPYTHON else 3  # the pure-Python kernels replay ~100x slower
    picked = [p for p in files if "no-round-end" not in p.name][:n_good] + [
        next(p for p in files if "no-round-end" in p.name)]
    for p in picked:
        shutil.copy(p, tmp_path / p.name)
    return tmp_path


def _run(capsys, *args):
    code = main(["replay", "--no-progress", *map(str, args)])
    out = capsys.readouterr().out
    return code, out


def test_replay_json_summary_of_a_directory(capsys, games):
    code, out = _run(capsys, games, "--json")
    summary = json.loads(out.strip().splitlines()[-1])
    files = sorted(games.glob("*.mjlog"))
    inits = sum(len(re.findall(r"<INIT ", p.read_text())) for p in files)
    assert summary["games"] == len(files) and summary["hands"] == inits
    # one bundled copy of a real game has its last result removed on purpose: it is the only mismatch
    assert summary["games_matched"] == len(files) - 1 and summary["hands_matched"] == inits - 1
    (m,) = summary["mismatches"]
    assert m["file"].endswith("-no-round-end.mjlog") and m["expected"] == "the hand ends"
    assert summary["errors"] == [] and code == 1


def test_replay_exact_games_exit_zero(capsys, games):
    good = [p for p in sorted(games.glob("*.mjlog")) if "no-round-end" not in p.name]
    code, out = _run(capsys, *good)
    hands = sum(len(re.findall(r"<INIT ", p.read_text())) for p in good)
    n = len(good)
    assert code == 0 and out.strip() == f"{n} games: {n} replayed exactly, {hands}/{hands} hands match"


def _seedless_mjlog():
    return next(p for p in sorted(RECORDS.glob("tenhou-mjlog-*/*.mjlog")) if b"mt19937ar-sha512" not in _raw(p))


def _raw(path):
    raw = path.read_bytes()
    return gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw


def test_replay_without_a_seed_deals_the_walls_the_record_implies(capsys):
    old = _seedless_mjlog()
    code, out = _run(capsys, old, "--json")
    summary = json.loads(out.strip().splitlines()[-1])
    (f,) = summary["files"]
    assert (f["file"], f["format"], f["wall"], f["hands"]) == (str(old), "mjlog", "record", len(re.findall(
        rb"<INIT ", _raw(old))))
    assert summary["walls"] == {"seed": 0, "record": 1} and summary["errors"] == []
    # every hand matches; the game of July 2009 was played under the uma of its time (10-5, tests/engine/test_game.py OLD_UMA):
    # its final points are the only difference under today's preset (replay_file with that uma: no mismatch)
    assert f["hands_matched"] == f["hands"] and old.name.startswith("200907")
    (m,) = summary["mismatches"]
    assert m["hand"] == "end" and m["expected"] == "final (41100, 37300, 14000, 7600) (41, 12, -21, -32)"
    assert m["got"] == "(41100, 37300, 14000, 7600) (51, 17, -26, -42)" and code == 1
    assert replay_file(old, _rules_of(old)).ok
    # --walls seed insists on a seed
    code, out = _run(capsys, old, "--json", "--walls", "seed")
    summary = json.loads(out.strip().splitlines()[-1])
    assert code == 2 and summary["games_matched"] == 0 and summary["files"][0]["wall"] is None
    assert summary["errors"] == [{"file": str(old), "error": "the record has no SHUFFLE seed: its walls cannot be rebuilt"}]


def test_replay_reads_every_format_verify_reads(capsys, tmp_path):
    import shutil

    picked = {
        "seeded.mjlog": min(MJX.glob("2010*.mjlog")),
        "three.mjlog": min((RECORDS / "tenhou-mjlog-3p").glob("*.mjlog")),
        "game.json": min((RECORDS / "tenhou6-json-mjx").glob("*.json")),
        "game.jsonl": RECORDS / "mjai" / "126_204_0_mjai.jsonl",
        "riichienv.jsonl.gz": RECORDS / "mjai-riichienv" / "riichienv-4p-seed2.jsonl.gz",
    }
    for name, src in picked.items():
        shutil.copy(src, tmp_path / name)
    (tmp_path / "broken.json").write_text("{not json")
    code, out = _run(capsys, tmp_path, "--json")
    summary = json.loads(out.strip().splitlines()[-1])
    files = {Path(f["file"]).name: (f["format"], f["wall"], f["ok"]) for f in summary["files"]}
    assert files == {"seeded.mjlog": ("mjlog", "seed", True), "three.mjlog": ("mjlog", "seed", True),
                     "game.json": ("tenhou6", "record", True), "game.jsonl": ("mjai", "record", True),
                     "riichienv.jsonl.gz": ("mjai", "record", True), "broken.json": (None, None, False)}
    assert summary["walls"] == {"seed": 2, "record": 3} and summary["games_matched"] == 5
    (err,) = summary["errors"]
    assert err["file"].endswith("broken.json") and "broken.json" in err["error"] and code == 2
    assert summary["hands"] == summary["hands_matched"] > 30


# Every bundled record, replayed with the walls its record implies (the mjlogs too, seed or not), and every
# mjlog converted to mjai and to tenhou.net/6 by the writers: the same replay, hand for hand.
ALL = sorted(p for d in RECORDS.iterdir() if d.is_dir() for p in d.iterdir())
MJLOGS = [p for p in ALL if p.suffix == ".mjlog"]
# the pure-Python kernels replay ~100x slower: a sample there (four- and three-player, 2009, the damaged copy)
SAMPLED = ALL if not _backend.PUREPYTHON else [p for i, p in enumerate(ALL) if i % 15 == 0 or "no-round" in p.name]
CONVERTED = [p for p in SAMPLED if p.suffix == ".mjlog"]


def _rules_of(path):
    from riichi_fast.rules import config

    return config.TENHOU.replace(uma=(10, 5, -5, -10)) if path.name.startswith("200907") else None


def _key(rep):
    return rep.hands, rep.hands_matched, [(m.hand, m.event, m.expected, m.got) for m in rep.mismatches], rep.error


@pytest.mark.parametrize("path", SAMPLED, ids=[p.name for p in SAMPLED])
def test_every_record_replays_with_the_walls_it_implies(path):
    rep = replay_file(path, _rules_of(path), walls="record")
    assert rep.wall == "record" and rep.error is None and rep.hands > 0
    if "no-round-end" in path.name:
        assert [m.expected for m in rep.mismatches] == ["the hand ends"] and rep.hands_matched == rep.hands - 1
        return
    assert rep.ok, rep.mismatches[:3]


@pytest.mark.parametrize("path", CONVERTED, ids=[p.name for p in CONVERTED])
def test_mjlogs_converted_to_mjai_and_tenhou6_replay_as_their_original(path):
    from riichi_fast.records import read_record, writers

    orig = replay_file(path, _rules_of(path), walls="record")
    game = read_record(path)
    for fmt, text in (("mjai", writers.mjai_text(game)), ("tenhou6", writers.tenhou6_text(game))):
        rep = replay_record(text.encode(), f"{path.name}.{fmt}", _rules_of(path))
        assert (rep.format, rep.wall) == (fmt, "record")
        if fmt == "tenhou6" and "no-round-end" in path.name:
            # tenhou.net/6 has no place for a round without its result: the writer leaves it out
            assert rep.ok and rep.hands == orig.hands - 1
            continue
        assert _key(rep) == _key(orig), fmt


def test_every_record_is_replayed_above():
    formats = {p.parent.name for p in ALL}
    assert formats == {"mjai", "mjai-riichienv", "mjlog-cases-mjx", "mjlog-more-waxmango", "tenhou-mjlog-3p",
                       "tenhou-mjlog-fastmaj", "tenhou-mjlog-mjx", "tenhou6-json-mjx"}
    assert len(MJLOGS) >= 130 and any(b"mt19937ar-sha512" not in _raw(p) for p in MJLOGS)


# --------------------------------------------------------------------------- damaged records

def _damaged_mjlog(tmp_path):
    """A seedless copy of a real game where seat 0 draws (and lets go) a tile dealt to seat 2."""
    src = min(MJX.glob("2010*.mjlog"))
    text = _raw(src).decode()
    text = re.sub(r"<SHUFFLE [^>]*/>", "", text)
    init = re.search(r"<INIT [^>]*hai2=\"(\d+)", text)
    stolen = init.group(1)
    m = re.compile(r"<T(\d+)/><D\1/>").search(text, init.end())
    text = text[:m.start()] + f"<T{stolen}/><D{stolen}/>" + text[m.end():]
    path = tmp_path / "damaged.mjlog"
    path.write_text(text)
    return path, int(stolen)


def test_a_damaged_record_names_file_hand_and_event_and_the_run_goes_on(capsys, tmp_path):
    import shutil

    path, stolen = _damaged_mjlog(tmp_path)
    good = sorted(MJX.glob("2010*.mjlog"))[1]
    shutil.copy(good, tmp_path / "good.mjlog")
    code, out = _run(capsys, tmp_path, "--json")
    summary = json.loads(out.strip().splitlines()[-1])
    (m,) = summary["mismatches"]
    assert m["file"] == str(path) and m["hand"] == "E1-0" and m["event"] >= 0
    assert m["expected"] == "a record one wall can give"
    assert m["got"] == (f"damaged record: event {m['event']}: seat 0's draw is tile {stolen}, which is already "
                        "dealt to seat 2")
    files = {Path(f["file"]).name: (f["hands_matched"], f["hands"], f["ok"]) for f in summary["files"]}
    hands = files["damaged.mjlog"][1]
    assert files["damaged.mjlog"] == (hands - 1, hands, False)  # the next hands go on
    assert files["good.mjlog"][2] and summary["games_matched"] == 1 and code == 1
    code, out = _run(capsys, path)
    assert out.splitlines()[0] == f"{path} E1-0 event {m['event']}: expected a record one wall can give, got {m['got']}"


def _first_tsumogiri(rnd):
    return next(i for i, e in enumerate(rnd.events) if e.type == "draw" and rnd.events[i + 1].type == "discard"
                and rnd.events[i + 1].tile == e.tile and e.seat != rnd.dealer)


@pytest.mark.parametrize("fmt", ["mjlog", "mjai", "tenhou6"])
def test_a_missing_draw_is_a_mismatch_at_its_event(fmt):
    from riichi_fast.records import read_record, writers
    from riichi_fast.records.verify_files import parse_record

    path = min(MJX.glob("2010*.mjlog"))
    game = read_record(path)
    if fmt != "mjlog":
        text = writers.mjai_text(game) if fmt == "mjai" else writers.tenhou6_text(game)
        game = parse_record(text.encode(), f"x.{fmt}")
    rnd = game.rounds[1]
    i = _first_tsumogiri(rnd)
    seat = rnd.events[i].seat
    del rnd.events[i]
    rep = replay_game(game, _rules_of(path))
    (m,) = rep.mismatches
    assert (m.hand, m.event, m.expected) == (rnd.label, i, "a record one wall can give")
    assert m.got == (f"damaged record: event {i}: seat {seat} discards {rnd.events[i].tile} without a draw or a call "
                     "(a draw is missing)")
    assert rep.hands_matched == rep.hands - 1 and rep.wall == "record"


def test_a_tile_twice_and_a_draw_too_many_in_record_walls():
    from riichi_fast.records import read_record
    from riichi_fast.records.model import Event

    path = min(MJX.glob("2010*.mjlog"))
    game = read_record(path)
    rnd = game.rounds[0]
    dealt = rnd.initial_hands[1][0]
    rnd.events.insert(0, Event("dora", None, dealt))
    (m,) = replay_game(game, _rules_of(path)).mismatches
    assert (m.hand, m.event) == ("E1-0", 0)
    assert m.got == f"damaged record: event 0: dora indicator 2 is tile {dealt}, which is already dealt to seat 1"
    game = read_record(path)
    rnd = game.rounds[0]
    i = _first_tsumogiri(rnd)
    seat, tile = rnd.events[i].seat, rnd.events[i].tile
    rnd.events.insert(i + 2, rnd.events[i])  # the tile its seat just let go drawn again
    (m,) = replay_game(game, _rules_of(path)).mismatches
    assert m.event == i + 2
    assert m.got == (f"damaged record: event {i + 2}: seat {seat}'s draw is tile {tile}, which is already seat "
                     f"{seat}'s draw at event {i}")
    game = read_record(path)
    rnd = game.rounds[0]
    rnd.events.insert(i + 1, Event("draw", seat, tile))  # a second draw before the discard
    (m,) = replay_game(game, _rules_of(path)).mismatches
    assert m.event == i + 1
    assert m.got == f"damaged record: event {i + 1}: seat {seat} draws again without a discard (a discard is missing)"


def test_an_unknown_wall_source_is_an_error():
    rep = replay_file(RECORDS / "mjai" / "126_204_0_mjai.jsonl", walls="dice")
    assert rep.error == "unknown wall source 'dice': expected one of auto, seed, record" and not rep.ok


def test_the_compiled_engine_replays_by_default(monkeypatch):
    from riichi_fast.engine import CTable, Table
    from riichi_fast.engine import game as game_mod

    used = []

    def spy(cls):
        def make(rules):
            used.append(cls)
            return cls(rules)
        return make

    # the backend's table module: compiled, or the twin (whose CTable is Table) under PUREPYTHON
    expected = Table if _backend.PUREPYTHON else CTable
    monkeypatch.setattr(game_mod._tables, "CTable", spy(expected))
    assert replay_file(RECORDS / "mjai" / "126_204_0_mjai.jsonl").ok
    assert used == [expected]


def test_replay_rejects_an_unknown_preset(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["replay", str(MJX), "--rules", "nosuch"])
    assert exc.value.code == 2 and "nosuch" in capsys.readouterr().err


@pytest.mark.skipif(_backend.PUREPYTHON, reason="whole directories replayed: run on the compiled kernels")
def test_readme_replay_commands_print_what_the_readme_shows(capsys, monkeypatch):
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    lines = (root / "README.md").read_text().splitlines()
    shown = [(line[len("$ riichi-fast "):].split(), lines[i + 1]) for i, line in enumerate(lines)
             if line.startswith("$ riichi-fast replay ")]
    assert len(shown) == 2
    for args, want in shown:
        assert main([args[0], "--no-progress", *args[1:]]) == 0
        assert capsys.readouterr().out.strip() == want
