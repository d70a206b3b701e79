"""Real Tenhou games kept for their rare cases (tests/data/records/mjlog-cases-mjx), and more
real games of the kinds the main sets have fewest of: three-player hanchan and four-player
east-only games (tests/data/records/mjlog-more-waxmango).

mjx keeps these Phoenix-room games to test its own scoring and state updates:
a nagashi mangan, four kans, four winds, four riichi, nine terminals (twice in
one game), a dealer's tenhou, chankan with ippatsu, rinshan with its fu, a
daisangen whose record names nobody liable, a double riichi that is not a
tenhou, and hands whose reading is easy to get wrong (pinfu-iipeikou against
sanankou, sanankou and suuankou missed, sanshoku doukou missed).  Every win and
draw must verify, by the compiled pass, by the full verifier and through the
kernel arrays; the values expected are read from the raw XML with regular
expressions, never through the package's reader.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from riichi_fast.records import read_record
from riichi_fast.records.verify_files import verify_summary
from riichi_fast.records.verify import verify_game
from riichi_fast.stats import collect, stats_of_files

CASES_DIR = Path(__file__).parents[1] / "data" / "records" / "mjlog-cases-mjx"
MORE_DIR = CASES_DIR.parent / "mjlog-more-waxmango"
CASES = sorted(CASES_DIR.glob("*.mjlog"))
MORE = sorted(MORE_DIR.glob("*.mjlog"))
EVERY = CASES + MORE
DRAW_KIND = {None: "exhaustive", "yao9": "kyuushu", "kaze4": "suufon", "reach4": "suucha_riichi",
             "kan4": "suukaikan", "nm": "nagashi_mangan"}


def _attrs(tag: str) -> dict:
    return dict(re.findall(r'(\w+)="([^"]*)"', tag))


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _agaris(path: Path) -> list[dict]:
    return [_attrs(t) for t in re.findall(r"<AGARI [^>]*>", path.read_text())]


def _draw_types(path: Path) -> list[str | None]:
    return [_attrs(t).get("type") for t in re.findall(r"<RYUUKYOKU[ /][^>]*>", path.read_text())]


def _go_type(path: Path) -> int:
    return int(re.search(r'<GO type="(\d+)"', path.read_text()).group(1))


def test_the_sets_and_their_source():
    assert len(CASES) == 19
    # 18 three-player hanchan (GO type 0xB9), 6 four-player east-only games (0xE1)
    assert sorted(Counter(_go_type(p) for p in MORE).items()) == [(0xB9, 18), (0xE1, 6)]
    readme = (CASES_DIR.parent / "README.md").read_text()
    assert "mjlog-cases-mjx/" in readme and "test/resources/mjlog/" in readme
    assert "mjlog-more-waxmango/" in readme and "log-libraries/logs/" in readme
    # every game is whole: it ends with its final scores
    assert all("owari=" in p.read_text() for p in EVERY)


@pytest.mark.parametrize("path", EVERY, ids=[p.name for p in EVERY])
def test_every_win_and_draw_verifies_three_ways(path):
    wins, draws = len(_agaris(path)), len(_draw_types(path))
    for how in ({}, {"fast": False}, {"kernel": True}):
        s = verify_summary([path], **how)
        assert (s.games, s.games_matched, s.errors, s.unreadable) == (1, 1, [], []), how
        assert (s.wins, s.wins_matched, s.draws, s.draws_matched) == (wins, wins, draws, draws), how
        assert s.fast_games == (0 if how else 1), how


@pytest.mark.parametrize("path", EVERY, ids=[p.name for p in EVERY])
def test_each_win_scores_as_the_record_says(path):
    """han, fu, points, limit, yaku ids and yakuman of every win, and the four score changes,
    against the raw <AGARI> (in file order; a double ron's two wins in turn)."""
    report = verify_game(read_record(path))
    raw = _agaris(path)
    assert len(report.wins) == len(raw)
    for check, a in zip(report.wins, raw):
        assert check.ok, check
        c = check.computed
        fu, points, limit = _ints(a["ten"])
        pairs = _ints(a.get("yaku", ""))
        yakuman = _ints(a.get("yakuman", ""))
        if yakuman:
            assert sorted(c.yakuman) == sorted(yakuman)
        else:
            assert (c.han, c.fu) == (sum(pairs[1::2]), fu)
            assert sorted(y for y, _ in c.yaku) == sorted(y for y in pairs[::2] if y < 52)
        assert (c.points, c.limit) == (points, limit)
        sc = _ints(a["sc"])
        assert list(check.changes) == [100 * x for x in sc[1::2][: len(check.changes)]]


def test_the_rare_results_each_file_is_kept_for():
    by_name = {p.name: p for p in CASES}
    # the abortive draws and the nagashi mangan, by the type Tenhou wrote
    for name, kind in (("nm.mjlog", "nm"), ("kan4.mjlog", "kan4"), ("kaze4.mjlog", "kaze4"),
                       ("reach4.mjlog", "reach4"), ("yao9.mjlog", "yao9")):
        game = read_record(by_name[name])
        assert kind in _draw_types(by_name[name])
        report = verify_game(game)
        kinds = [d.draw.kind for d in report.draws]
        assert DRAW_KIND[kind] in kinds and all(d.ok for d in report.draws), name
    assert _draw_types(by_name["encdec-nowinner-multi-top.mjlog"]).count("yao9") == 2

    def wins_with(name, yaku=(), yakuman=()):
        return [a for a in _agaris(by_name[name])
                if set(yaku) <= set(_ints(a.get("yaku", ""))[::2])
                and set(yakuman) <= set(_ints(a.get("yakuman", "")))]

    assert wins_with("encdec-tenhou.mjlog", yakuman=[37])  # tenhou
    assert wins_with("encdec-chankan-ippatsu.mjlog", yaku=[2, 3])  # ippatsu and chankan together
    assert [_ints(a["ten"])[0] for a in wins_with("encdec-rinshan-fu.mjlog", yaku=[4])] == [50]
    # a daisangen with nobody liable: paid as any yakuman, with no pao
    daisangen = wins_with("encdec-pao-false-pos.mjlog", yakuman=[39])
    assert daisangen and all("paoWho" not in a for a in daisangen)
    # double riichi and ippatsu on the first turn: not a tenhou
    assert wins_with("encdec-tenhou-false-pos.mjlog", yaku=[21, 2])
    assert not wins_with("encdec-tenhou-false-pos.mjlog", yakuman=[37])


def test_three_player_changes_are_three_seats():
    """Three-player games settle among three seats (the mjlog's fourth is empty), and some
    of their wins count kita as dora."""
    three = [p for p in MORE if _go_type(p) & 0x10]
    kita = 0
    for path in three:
        report = verify_game(read_record(path))
        assert report.ok
        for check in report.wins:
            assert len(check.changes) == 3
        kita += sum(c.computed.kita > 0 for c in report.wins)
    assert kita > 0  # some wins count kita dora


def test_statistics_compiled_and_python_paths_agree():
    paths = [str(p) for p in CASES]
    fast, slow = stats_of_files(paths), stats_of_files(paths, fast=False)
    assert fast.to_dict() == slow.to_dict()
    d = collect(paths).to_dict()
    assert d == fast.to_dict()
    assert d["games"] == 19 and d["wins"] == sum(len(_agaris(p)) for p in CASES)
    types = Counter(t for p in CASES for t in _draw_types(p))
    assert d["draws"] == {"exhaustive": types[None], "kyuushu_kyuuhai": types["yao9"],
                          "suufon_renda": types["kaze4"], "suucha_riichi": types["reach4"],
                          "sanchahou": types["ron3"], "suukaikan": types["kan4"], "nagashi_mangan": types["nm"]}
    assert (types["yao9"], types["kaze4"], types["reach4"], types["kan4"], types["nm"]) == (3, 1, 1, 1, 1)
