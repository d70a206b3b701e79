"""The verifier's quick path (records.verify, records._convert.quick_hand) against a slow reference.

``verify_game`` reads each round's riichi stakes once, settles each win's
``HandValue`` once, builds the win's Hand without its checks when the
record's tiles are plainly valid and caches the normalised yaku.  The
reference here is the composition of the public per-item functions
(``check_win``, ``check_round``, ``check_draw``, ``start_mismatches``,
``final_mismatches``) as ``verify_game`` composed them before, run with the
quick Hand, the yaku cache and the one-pass stake reading switched off: every
report must be equal, field by field and in ``repr``, for every bundled record
under the default rules, under another preset (many mismatches) and through
the kernel arrays.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.records import scorers as S
from riichi_fast.records import verify as V
from riichi_fast.records.hands import quick_hand, to_hand
from riichi_fast.records.verify_files import parse_record
from riichi_fast.records.model import RecordMeld
from riichi_fast.records.sources import iter_records
from riichi_fast.rules import config
from riichi_fast.scoring.front import coerce_rules

DATA = Path(__file__).parents[1] / "data" / "records"
RECORDS = sorted(p for p in DATA.rglob("*") if p.is_file() and p.suffix != ".md")


class _NoCache(dict):
    """A cache that never keeps anything (the reference normalises every result)."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value):
        pass


def _declared_reference(rnd):
    return tuple(sorted({ev.seat for ev in rnd.events if ev.type == "riichi_accepted"}))


def _verify_reference(game, rules=None, *, kernel=False):
    """verify_game as the public per-item functions compose it (the pre-quick-path body)."""
    rules = V.rules_for_game(game) if rules is None else coerce_rules(rules)
    report = V.GameReport(game.source, rounds=len(game.rounds))
    n = 3 if game.rules.three_player else 4
    rounds = game.rounds
    if not rounds:
        report.errors.append(f"{game.source}: no round in the record (empty, or not a game record)")
    for i, rnd in enumerate(rounds):
        nxt = rounds[i + 1] if i + 1 < len(rounds) else None
        if not rnd.wins and rnd.draw is None:
            where = "the record ends inside round" if nxt is None else "no result for round"
            report.errors.append(f"{game.source} {rnd.label} (round {rnd.index + 1}): {where} "
                                 f"(no win and no draw recorded)")
        checks, shown = [], V._scores_at_end(rnd, n)
        for win in rnd.wins:
            checks.append(V._with_scores_before(V.check_win(win, rules, kernel=kernel), shown))
            ch = win.recorded.score_changes
            if shown is not None and ch is not None and len(ch) == n:
                shown = tuple(a + b for a, b in zip(shown, ch))
        report.wins += V.check_round(rnd, checks, rules, nxt, n)
        if rnd.draw is not None:
            report.draws.append(V._with_scores_before(V.check_draw(rnd.draw, rules, rnd=rnd, nxt=nxt),
                                                      V._scores_at_end(rnd, n)))
    report.errors += V.cut_short(game)
    report.mismatches += V.start_mismatches(game, rules) + V.final_mismatches(game)
    return report


@pytest.fixture
def slow(monkeypatch):
    """Switch the quick paths off while a reference report is computed."""

    def run(fn, *args, **kwargs):
        with monkeypatch.context() as m:
            m.setattr(S, "quick_hand", lambda win: None)
            m.setattr(S, "_YAKU_CACHE", _NoCache())
            m.setattr(V, "_declared", _declared_reference)
            return fn(*args, **kwargs)

    return run


def _games(path):
    out = []
    for name, data in iter_records([path]):
        if isinstance(data, BaseException):
            continue
        try:
            out.append(parse_record(data, name))
        except (RiichiError, ValueError):
            continue
    return out


def _assert_same(got, want):
    assert repr(got) == repr(want)
    assert got == want
    # the fields repr and == leave out: the scorer's result was read the same way
    for a, b in zip(got.wins, want.wins):
        ca, cb = a.computed, b.computed
        assert (ca is None) == (cb is None)
        if ca is not None and ca.result is not None:
            assert ca.result.raw == cb.result.raw
    assert (got.ok, got.n_wins_ok, got.n_draws_ok, got.n_unsupported) == \
        (want.ok, want.n_wins_ok, want.n_draws_ok, want.n_unsupported)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reports_equal_the_reference(path, slow):
    games = _games(path)
    assert games
    for game in games:
        for kwargs in ({}, {"rules": "mleague"}, {"kernel": True}, {}):
            _assert_same(V.verify_game(game, **kwargs), slow(_verify_reference, game, **kwargs))


def test_some_reference_reports_mismatch(slow):
    """The comparison above covers mismatching wins, draws and games, not only matching ones."""
    bad = 0
    for path in RECORDS[::7]:
        for game in _games(path):
            rep = V.verify_game(game, rules="mleague")
            bad += not rep.ok
            _assert_same(rep, slow(_verify_reference, game, rules="mleague"))
    assert bad > 0


def test_quick_hand_is_to_hand_for_every_bundled_win():
    n = 0
    for path in RECORDS:
        for game in _games(path):
            for win in game.wins:
                hand = quick_hand(win)
                assert hand is not None, win.source
                ref = to_hand(win)
                assert hand == ref and repr(hand) == repr(ref)
                assert [vars(m) for m in hand.melds] == [vars(m) for m in ref.melds]
                assert hand.__dict__["_sd"] == ref._score_data()
                assert vars(hand).keys() == vars(ref).keys()
                n += 1
    assert n > 100


def _a_win(melds=True):
    for path in RECORDS:
        for game in _games(path):
            for win in game.wins:
                if bool(win.melds) == melds and not win.three_player:
                    return win
    raise AssertionError("no such win in the bundled records")


def _damaged():
    """Wins that to_hand rejects, each in another way."""
    open_win, closed_win = _a_win(True), _a_win(False)
    m = open_win.melds[0]
    other = next(t for t in range(136) if t not in open_win.closed
                 and all(t not in x.tiles for x in open_win.melds) and t // 4 != m.tiles[0] // 4)
    return {
        "duplicate id": dataclasses.replace(closed_win, closed=closed_win.closed[:-1] + closed_win.closed[:1]),
        "id out of range": dataclasses.replace(closed_win, closed=closed_win.closed[:-1] + (136,)),
        "negative id": dataclasses.replace(closed_win, closed=(-1,) + closed_win.closed[1:]),
        "too few tiles": dataclasses.replace(closed_win, closed=closed_win.closed[:-2]),
        "not an int": dataclasses.replace(closed_win, closed=closed_win.closed[:-1] + ("x",)),
        "meld of two kinds": dataclasses.replace(open_win, melds=(dataclasses.replace(
            m, type=MeldType.PON,
            tiles=(m.tiles[0], m.tiles[1], other), called=m.tiles[0]),) + open_win.melds[1:]),
        "called tile outside the meld": dataclasses.replace(open_win, melds=(dataclasses.replace(
            m, called=other),) + open_win.melds[1:]),
        "called from the winner": dataclasses.replace(open_win, melds=(dataclasses.replace(
            m, from_seat=open_win.winner),) + open_win.melds[1:]),
        "meld of the wrong size": dataclasses.replace(open_win, melds=(RecordMeld(
            MeldType.PON, m.tiles[:2], m.tiles[0], m.from_seat),) + open_win.melds[1:]),
        "unknown meld type": dataclasses.replace(open_win, melds=(dataclasses.replace(
            m, type=9),) + open_win.melds[1:]),
    }


@pytest.mark.parametrize("case", sorted(_damaged()))
def test_damaged_wins_take_to_hands_path(case, slow):
    win = _damaged()[case]
    assert quick_hand(win) is None
    with pytest.raises(Exception) as exc:  # whatever to_hand raises, the check reports it
        to_hand(win)
    rules = config.TENHOU
    check = V.check_win(win, rules)
    assert check == slow(V.check_win, win, rules)
    assert check.error == f"{type(exc.value).__name__}: {exc.value}"
    assert check.mismatches == (V.Mismatch("error", None, repr(exc.value)),)


def test_public_functions_keep_their_answers(slow):
    """check_round, check_draw, win_changes and final_mismatches called alone (no stakes or
    hand values given) answer as the reference does."""
    game = _games(next(p for p in RECORDS if "mjlog-mjx" in str(p)))[0]
    rules = V.rules_for_game(game)
    for i, rnd in enumerate(game.rounds):
        nxt = game.rounds[i + 1] if i + 1 < len(game.rounds) else None
        checks = [V.check_win(w, rules) for w in rnd.wins]
        assert checks == [slow(V.check_win, w, rules) for w in rnd.wins]
        assert V.check_round(rnd, checks, rules, nxt) == slow(V.check_round, rnd, checks, rules, nxt)
        for w, c in zip(rnd.wins, checks):
            assert V.win_changes(w, c.computed) == slow(V.win_changes, w, c.computed) == c.changes
        if rnd.draw is not None:
            assert V.check_draw(rnd.draw, rules, rnd=rnd, nxt=nxt) == \
                slow(V.check_draw, rnd.draw, rules, rnd=rnd, nxt=nxt)
        assert V._declared(rnd) == _declared_reference(rnd)
    assert V.final_mismatches(game) == slow(V.final_mismatches, game)
