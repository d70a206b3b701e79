"""The compiled statistics of games read by the full reader (tenhou.net/6, mjai, and the
mjlogs the compiled mjlog path declines): ``records._verify.win_score`` (the kernel's wait and
score of a recorded win) == its twin == the public scorer's, and ``Fold.add_game`` (compiled
and twin) == :meth:`Stats.add_game` in Python, on every win and game of the bundled records
of all three formats; what the path declines is counted in Python, nothing half-counted."""

import dataclasses
import importlib
from pathlib import Path

import numpy as np
import pytest

from riichi_fast import _backend
from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.records import _win_check as _verify
from riichi_fast.records.model import Event, RecordMeld
from riichi_fast.records.verify import rules_for_game, score_win
from riichi_fast.reference.records import win_check as records_verify
from riichi_fast.stats import Stats, _mjlog_counts as _fast, expand_paths, stats_of_files
from riichi_fast.stats._aggregate import wait_name
from riichi_fast.stats._collect import read_game

DATA = Path(__file__).parents[1] / "data" / "records"
FOLDS = {"reference": "riichi_fast.reference.stats.fold", "cython": "riichi_fast.stats._fold"}
SCORERS = {"reference": records_verify, "cython": _verify}
WAITS = ("kokushi", "ryanmen", "kanchan", "penchan", "shanpon", "tanki")


@pytest.fixture(scope="module")
def games():
    """Every bundled record read by the full reader: (path, game, rules)."""
    out = []
    for p in expand_paths([DATA]):
        game, err = read_game(p)
        assert err is None, (p, err)
        out.append((p, game, rules_for_game(game)))
    assert {g.format for _, g, _ in out} == {"mjlog", "tenhou6", "mjai"}
    return out


def digest(mod, game, rules):
    n = 3 if game.rules.three_player else 4
    params = np.ascontiguousarray(rules.params(), dtype=np.int32)
    return mod.Digest(params, tuple(rules.red_fives), 300, False, n, bool(game.rules.red_fives),
                      bool(game.rules.three_player))


@pytest.fixture(params=sorted(FOLDS))
def impl(request):
    """(Fold class, win_score, Digest module) of one implementation."""
    return (importlib.import_module(FOLDS[request.param]).Fold, SCORERS[request.param].win_score,
            SCORERS[request.param])


def test_win_score_is_the_public_scorers_on_every_bundled_win(games):
    seen = set()
    for path, game, rules in games:
        n = 3 if game.rules.three_player else 4
        dc, dr = digest(_verify, game, rules), digest(records_verify, game, rules)
        for win in game.wins:
            got = _verify.win_score(win, n, dc)
            assert got == records_verify.win_score(win, n, dr), (path, win.mpsz())
            c = score_win(win, rules)
            assert got is not None and c.status == "ok", (path, win.mpsz())
            wait, han, fu, points, limit, ids, yakuman, dora, ura, aka = got
            assert (WAITS[wait + 1], han, fu, points, limit, yakuman, dora, ura, aka) == (
                wait_name(c.result), c.han, c.fu, c.points, c.limit, bool(c.yakuman), c.dora,
                c.ura, c.aka), (path, win.mpsz())
            assert {y for y in range(64) if ids >> y & 1} == {y for y, _ in c.yaku} | set(c.yakuman)
            seen.add((game.format, WAITS[wait + 1], yakuman))
    assert {f for f, _, _ in seen} == {"mjlog", "tenhou6", "mjai"}
    assert {w for _, w, _ in seen} == set(WAITS[1:]) and any(y for _, _, y in seen)  # no kokushi


def test_win_score_declines_what_it_does_not_answer(games):
    _, game, rules = next(g for g in games if g[1].format == "tenhou6")
    win = game.wins[0]
    for mod in (_verify, records_verify):
        d = digest(mod, game, rules)
        assert mod.win_score(win, 3, d) is None  # another table size than the digest's
        cut = dataclasses.replace(win, closed=win.closed[1:])  # 13 tiles: not a hand
        assert mod.win_score(cut, 4, d) is None
        odd = dataclasses.replace(win, winner=True)
        assert mod.win_score(odd, 4, d) is None


def test_fold_add_game_equals_the_python_path_on_every_bundled_game(games, impl):
    Fold, win_score, mod = impl
    total, python = Stats(), Stats()
    rescored = 0
    for path, game, rules in games:
        fold = Fold()
        k = fold.add_game(game, win_score, digest(mod, game, rules))
        assert k >= 0, path
        s = Stats()
        fold.take_into(s)
        s.wins_rescored += k
        rescored += k
        want = Stats()
        want.add_game(game, fast=False)
        assert s == want, path
        total.merge(s)
        python.merge(want)
    assert total == python and rescored == python.wins_rescored > 0
    d = python.to_dict()
    assert d["fu"] and sum(d["han"].values()) > sum(d["fu"].values())  # tenhou6 mangan: no fu


def test_compiled_and_twin_folds_take_the_same_totals(games):
    folds = [importlib.import_module(FOLDS[k]).Fold() for k in ("cython", "reference")]
    for _, game, rules in games:
        for fold, mod in zip(folds, (_verify, records_verify)):
            assert fold.add_game(game, mod.win_score, digest(mod, game, rules)) >= 0
    a, b = (f.take() for f in folds)
    assert a[:7] == b[:7] and (a[7] == b[7]).all()
    assert any(f == -1 for _, _, f, _ in a[4]) and any(f > 0 for _, _, f, _ in a[4])


class _Name(str):
    """A player name of another type than str: the compiled fold leaves it to Python."""


def _broken(game, how):
    rnd = game.rounds[-1]
    if how == "no rounds":
        return dataclasses.replace(game, rounds=[])
    if how == "player":
        return dataclasses.replace(game, players=(_Name("A"), *game.players[1:]))
    if how == "draw kind":
        rnd = dataclasses.replace(rnd, draw=dataclasses.replace(game.draws[0], kind="twelve"))
    elif how == "meld type":
        meld = RecordMeld(type=7, tiles=(0, 1, 2))  # type: ignore[arg-type]
        rnd = dataclasses.replace(rnd, events=[*rnd.events, Event("call", 0, meld=meld)])
    elif how == "stake seat":
        rnd = dataclasses.replace(rnd, events=[*rnd.events, Event("riichi_accepted", 5)])
    elif how == "points":
        win = rnd.wins[0]
        rec = dataclasses.replace(win.recorded, points=None, han=5)
        rnd = dataclasses.replace(rnd, wins=[dataclasses.replace(win, recorded=rec)])
    elif how == "hand":
        win = rnd.wins[0]
        rnd = dataclasses.replace(rnd, wins=[dataclasses.replace(win, closed=win.closed[1:])])
    return dataclasses.replace(game, rounds=[*game.rounds[:-1], rnd])


@pytest.mark.parametrize("how", ["no rounds", "player", "draw kind", "meld type", "stake seat",
                                 "points", "hand"])
def test_what_the_fold_declines_is_counted_in_python_and_nothing_half_counted(games, impl, how):
    Fold, win_score, mod = impl
    _, game, rules = next(g for g in games if g[1].format == "tenhou6" and g[1].draws
                             and g[1].rounds[-1].wins)
    bad = _broken(game, how)
    fold = Fold()
    assert fold.add_game(game, win_score, digest(mod, game, rules)) >= 0
    assert fold.add_game(bad, win_score, digest(mod, game, rules)) == -1
    once = Fold()
    once.add_game(game, win_score, digest(mod, game, rules))
    a, b = fold.take(), once.take()  # the declined game left no trace
    assert a[:7] == b[:7] and (a[7] == b[7]).all()
    # Stats.add_game: the fold declines, Python counts it (or says what is wrong) as before
    try:
        want = Stats()
        want.add_game(bad, fast=False)
    except (RiichiError, KeyError, IndexError) as exc:
        with pytest.raises(type(exc)):
            Stats().add_game(bad)
    else:
        got = Stats()
        got.add_game(bad)
        assert got == want


def test_the_fold_reads_open_calls_riichi_and_stakes_of_the_events(games, impl):
    Fold, win_score, mod = impl
    _, game, rules = next(g for g in games if g[1].format == "tenhou6" and not g[1].rounds[-1].wins)
    rnd = game.rounds[-1]
    pon = RecordMeld(MeldType.PON, (4, 5, 6), called=4, from_seat=2)
    ankan = RecordMeld(MeldType.ANKAN, (8, 9, 10, 11))
    extra = [Event("call", 1, meld=pon), Event("call", 3, meld=ankan), Event("riichi", 2),
             Event("riichi", None), Event("riichi", 9), Event("riichi_accepted", 2)]
    changed = dataclasses.replace(game, rounds=[*game.rounds[:-1],
                                                dataclasses.replace(rnd, events=[*rnd.events, *extra])])
    fold = Fold()
    assert fold.add_game(changed, win_score, digest(mod, game, rules)) == 0
    got = Stats()
    fold.take_into(got)
    want = Stats()
    want.add_game(changed, fast=False)
    assert got == want


def test_stats_of_files_fast_and_python_paths_agree_on_the_model_records():
    files = expand_paths([DATA / "mjai", DATA / "mjai-riichienv", DATA / "tenhou6-json-mjx"])
    fast = stats_of_files(files)
    slow = stats_of_files(files, fast=False)
    assert fast == slow and fast.to_dict() == slow.to_dict() and fast.wins_rescored > 0
    # the reader's games folded by RowStats (pure-Python mode: no compiled kernel, all declined)
    rows = _fast.RowStats()
    taken = [rows.add_game(read_game(f)[0]) for f in files]
    assert taken == [not _backend.PUREPYTHON] * len(files)
    if not _backend.PUREPYTHON:
        assert rows.flush(Stats()) == slow
    # explicit rules: Stats.add_game's own fold, the same counts
    assert stats_of_files(files, "tenhou") == stats_of_files(files, "tenhou", fast=False)
