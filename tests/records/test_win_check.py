"""The compiled win checks of tenhou.net/6 and mjai games answer as the Python verifier.

``records._verify.check_wins`` (twin: ``reference.records_verify.check_wins``) scores,
compares and settles a round's wins in C and answers only when every check of
:func:`~riichi_fast.records.verify.verify_game` passes; the report then carries checks whose
``computed`` is filled on first read.  Over every bundled record (mjlog games converted to
both formats, the bundled tenhou6 and mjai files): the compiled and the twin answers are equal
for every round, and so is every field of every report with and without the compiled path
(each lazily built check equal to the one the Python path builds, pickled too).
"""

from __future__ import annotations

import dataclasses
import gzip
import pickle
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.records import parse_mjai, parse_tenhou6, read_record, writers
from riichi_fast.records import verify as V
from riichi_fast.reference.records import round as ROUND_TWIN
from riichi_fast.reference.records import win_check as twin

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
OTHERS = (sorted(DATA.glob("tenhou6-json-mjx/*.json")) + sorted(DATA.glob("mjai/*"))
          + sorted(DATA.glob("mjai-riichienv/*")))
COMPILED = _backend.compiled("records._win_check")


def _text(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")


def _games():
    """Every bundled mjlog game as tenhou6 and as mjai, and the bundled tenhou6 / mjai files
    (the pure-Python run takes every fourth mjlog game: its kernel is slow)."""
    out = []
    for path in MJLOG[::1 if COMPILED is not None else 4]:
        try:
            game = read_record(path)
        except Exception:  # noqa: BLE001, S112 - a damaged bundled record: not ours to convert
            continue
        out.append(parse_tenhou6(writers.tenhou6_text(game), source=path.name + ".json"))
        out.append(parse_mjai(writers.mjai_text(game), source=path.name + ".mjson"))
    for path in OTHERS:
        try:
            out.append(read_record(path))
        except Exception:  # noqa: BLE001, S112 - the readers' own tests cover unreadable files
            continue
    return out


GAMES = _games()


def _rounds(game, rules):
    n = 3 if game.rules.three_player else 4
    for i, rnd in enumerate(game.rounds):
        if not rnd.wins:
            continue
        nxt = game.rounds[i + 1] if i + 1 < len(game.rounds) else None
        declared = V._declared(rnd)
        yield rnd, nxt, n, declared


def _digest(mod, game, rules):
    from riichi_fast.records.verify_files import fast_settings

    st = fast_settings(rules)
    return mod.Digest(rules.params(), tuple(rules.red_fives), st["honba_value"],
                      st["counters_all"], st["n_players"], bool(game.rules.red_fives),
                      bool(game.rules.three_player))


def test_corpus_is_there():
    assert len(GAMES) >= 60
    assert sum(len(r.wins) for g in GAMES for r in g.rounds) >= 300


@pytest.mark.skipif(COMPILED is None, reason="compiled modules not in use")
def test_compiled_and_twin_answer_alike():
    answered = declined = 0
    for game in GAMES:
        rules = V.rules_for_game(game)
        dc, dt = _digest(COMPILED, game, rules), _digest(twin, game, rules)
        for rnd, nxt, n, declared in _rounds(game, rules):
            got = COMPILED.check_wins(rnd.wins, rnd, nxt, n, declared, dc)
            assert got == twin.check_wins(rnd.wins, rnd, nxt, n, declared, dt), \
                (game.source, rnd.label)
            answered += got is not None
            declined += got is None
    assert answered > 10 * max(declined, 1)


def _python_report(game, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(V, "_fast_wins", lambda game, rules: None)
        return V.verify_game(game)


def test_reports_identical_with_and_without_the_compiled_path(monkeypatch):
    n_lazy = 0
    for game in GAMES:
        fast = V.verify_game(game)
        n_lazy += sum("_rules" in vars(c) for c in fast.wins)
        slow = _python_report(game, monkeypatch)
        assert pickle.loads(pickle.dumps(fast)) == slow  # pickling fills ``computed``
        assert fast == slow, game.source
        for a, b in zip(fast.wins, slow.wins):
            assert vars(a) == vars(b)
            assert a.computed.result.__class__ is b.computed.result.__class__
    assert (n_lazy > 300) == (COMPILED is not None)


def test_twin_answers_like_the_python_verifier():
    """Where the twin answers, the Python path finds every check passing with those changes."""
    for game in GAMES[::3]:
        rules = V.rules_for_game(game)
        d = _digest(twin, game, rules)
        slow = {}
        with pytest.MonkeyPatch.context() as m:
            m.setattr(V, "_fast_wins", lambda game, rules: None)
            for c in V.verify_game(game, rules).wins:
                slow[id(c.win)] = c
        for rnd, nxt, n, declared in _rounds(game, rules):
            got = twin.check_wins(rnd.wins, rnd, nxt, n, declared, d)
            if got is not None:
                checks = [slow[id(w)] for w in rnd.wins]
                assert all(c.ok for c in checks), (game.source, rnd.label)
                assert got == [c.changes for c in checks]


def test_a_recorded_item_off_by_one_goes_to_the_python_path(monkeypatch):
    def chosen(r):
        return len(r.wins) == 1 and r.wins[0].recorded.han and r.wins[0].recorded.fu

    game = next(g for g in GAMES if g.format == "tenhou6" and any(map(chosen, g.rounds[:-1])))
    rnd = next(r for r in game.rounds[:-1] if chosen(r))
    win = rnd.wins[0]
    for item in ("han", "fu", "points", "score_changes", "scores_before"):
        value = getattr(win.recorded, item)
        bad = tuple(v + 100 for v in value) if isinstance(value, tuple) else value + 1
        rnd.wins[0] = dataclasses.replace(win, recorded=dataclasses.replace(win.recorded,
                                                                           **{item: bad}))
        try:
            fast = V.verify_game(game)
            assert fast == _python_report(game, monkeypatch)
            check = next(c for c in fast.wins if c.win is rnd.wins[0])
            assert not check.ok and "_rules" not in vars(check)
            assert item in [m.item for m in check.mismatches]
        finally:
            rnd.wins[0] = win


def test_declared_kept_by_the_readers_is_the_events_own():
    for game in GAMES:
        for rnd in game.rounds:
            assert V._declared(rnd) == ROUND_TWIN.declared(rnd.events)
    rnd = next(r for g in GAMES for r in g.rounds if getattr(r, "_declared_seats", None)
               and r.wins)
    kept = rnd._declared_seats
    rnd.events.append(rnd.events[-1])  # the events changed: read from them again
    try:
        assert V._declared(rnd) == ROUND_TWIN.declared(rnd.events)
    finally:
        rnd.events.pop()
        rnd._declared_seats = kept


def test_bad_digest_input_is_refused():
    import numpy as np

    from riichi_fast.rules import config

    mods = [twin] + ([COMPILED] if COMPILED is not None else [])
    params = config.TENHOU.params()
    for mod in mods:
        with pytest.raises(ValueError, match="params array"):
            mod.Digest(np.zeros(3, dtype=np.int32), tuple(config.TENHOU.red_fives), 300,
                       False, 4, True, False)
        with pytest.raises(ValueError, match="34 kinds"):
            mod.Digest(params, (0,), 300, False, 4, True, False)
        with pytest.raises(ValueError, match="3 or 4 players"):
            mod.Digest(params, tuple(config.TENHOU.red_fives), 300, False, 5, True, False)
        d = mod.Digest(params, tuple(config.TENHOU.red_fives), 300, False, 4, True, False)
        assert mod.check_wins([], None, None, 4, (), d) is None


_JSON_CASES = ['{"a":1}', '{"a":-0}', '{"a":01}', '[1,2,[3,[4]]]', '{"a":"\\u00e9"}', '{"a": 1}',
               ' {"a":1}', '{"a":1} ', '{"a":1.5}', '{"a":1e3}', '[true,false,null]',
               '{"a":"x","a":"y"}', '[]', '{}', '"x"', '123', '-', '{"a"', '[1,]', '{"a":1,}',
               '[[[[[[[[[[1]]]]]]]]]]', '{"a":12345678901234567890}', '{"é":1}', 'nul', 'truex',
               '{"a":-12}', '[-5,0,10]', '{"type":"reach","actor":1}x']


@pytest.mark.skipif(_backend.compiled("records._round") is None, reason="compiled modules not in use")
def test_mini_json_answers_as_json_or_not_at_all():
    """records._round.mini_json (mjai lines and tenhou6 records read in C) gives json.loads's
    value, or None (json decides): every bundled mjai line and tenhou6 record, the converted
    games' lines and records, odd cases; strict (mjai lines) and loose (tenhou6)."""
    import json

    from riichi_fast.records._round import mini_json

    lines = list(_JSON_CASES)
    for path in MJLOG[::4]:
        try:
            lines += writers.mjai_text(read_record(path)).splitlines()
        except Exception:  # noqa: BLE001, S112 - a damaged bundled record: not ours to convert
            continue
    for path in sorted(DATA.glob("mjai*/*")):
        lines += _text(path).splitlines()
    records = [writers.tenhou6_text(g) for g in GAMES[:40:2]]
    records += [_text(p) for p in sorted(DATA.glob("tenhou6-json-mjx/*.json"))]
    records += [' { "a" : [ 1 , "é" ,\n\t{ } ] } ', '{"a":"\x01"}', '{"a":"\x7f"}', '[1 2]']
    for loose, texts in ((False, lines), (True, lines + records)):
        answered = 0
        for text in texts:
            got = mini_json(text, loose)
            if got is None:
                continue
            answered += 1
            want = json.loads(text)
            assert got == want and json.dumps(got) == json.dumps(want), text
        assert answered > 0.9 * len(texts)
    assert [mini_json(c) is None for c in _JSON_CASES[:6]] == [False, False, True, False, True, True]
    assert mini_json(' { "a" : [ 1 , "é" ,\n\t{ } ] } ', True) == {"a": [1, "é", {}]}
    assert mini_json(' { "a" : 1 } ') is None and mini_json('{"a":"é"}') is None


def test_a_rebound_scorer_turns_the_compiled_path_off(monkeypatch):
    """The compiled checks stand for the compiled ``riichi_fast.score`` only: once the public
    scorer is rebound (after a first verification too), every win goes through it."""
    import riichi_fast

    game = GAMES[0]
    V.verify_game(game)  # the rules digested and kept
    calls = []
    real = riichi_fast.score

    def spy(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(riichi_fast, "score", spy)
    report = V.verify_game(game)
    assert not any("_rules" in vars(c) for c in report.wins)
    assert len(calls) == report.n_wins > 0
