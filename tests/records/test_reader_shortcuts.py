"""The tenhou6 and mjai readers' fast paths read exactly what their general paths read.

The readers take shortcuts on the hot path (issue 10, fast ingest): tenhou6
call strings parsed once and the caller search skipped once a round has no
call string left; mjai lines decoded by the C JSON scanner alone or taken from
the lines already met, step events dispatched by a table; draw and discard
events shared.  Each test reads every bundled record and the bundled mjlog
games converted to both formats through the shortcut and through the general
path, and asserts the whole :class:`~riichi_fast.records.Game` (every round,
event, win and draw) is equal, and that damaged records fail with the same error.
"""

from __future__ import annotations

import gzip
import json
import os
import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.records.mjai import reader as M
from riichi_fast.records import parse_mjai, parse_tenhou6, read_record, writers
from riichi_fast.records.tenhou6 import codes as T6_CODES
from riichi_fast.records.tenhou6 import reader as T6
from riichi_fast.records.errors import RecordError
from riichi_fast.reference.records import round as ROUND_TWIN
from riichi_fast.reference.records.mjai import reader as M_TWIN
from riichi_fast.reference.records.tenhou6 import reader as T6_TWIN

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
TENHOU6 = sorted(DATA.glob("tenhou6-json-mjx/*.json"))
MJAI = sorted(DATA.glob("mjai/*")) + sorted(DATA.glob("mjai-riichienv/*"))
QUICK = MJLOG[::9]  # the quick suite converts every ninth game; the slow one all of them


def _text(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")


# ---------------------------------------------------------------------------
# tenhou6
# ---------------------------------------------------------------------------

def _tenhou6_obj(text: str) -> dict:
    objs = [json.loads(x) for x in text.splitlines() if x.strip()]
    return objs[0] if len(objs) == 1 else dict(objs[0], log=[o["log"][0] for o in objs])


def _searching(obj: dict) -> dict:
    """The record with its draw lists as tuples: the reader then searches a caller after
    every discard (its shortcut counts the call strings of lists only)."""
    logs = []
    for log in obj["log"]:
        log = list(log)
        for p in range(4):
            if 5 + 3 * p < len(log) - 1 and isinstance(log[5 + 3 * p], list):
                log[5 + 3 * p] = tuple(log[5 + 3 * p])
        logs.append(log)
    return dict(obj, log=logs)


@contextmanager
def _impl(module, impl):
    """``module._impl`` (the compiled half of a reader) replaced by ``impl`` meanwhile."""
    inner = module._impl
    module._impl = impl
    try:
        yield
    finally:
        module._impl = inner


def _twin():
    """Every tenhou6 round through the Python turn loop (``_Round.replay_py``)."""
    return _impl(T6, T6_TWIN)


def _same_tenhou6(obj: dict, source: str) -> None:
    T6_CODES._CALLS.clear()
    T6_CODES._YAKU_ITEMS.clear()
    T6_CODES._VALUES.clear()
    cold = parse_tenhou6(json.dumps(obj, ensure_ascii=False), source)
    warm = parse_tenhou6(obj, source)
    general = parse_tenhou6(_searching(obj), source)
    with _twin():
        twin = parse_tenhou6(obj, source)
        twin_general = parse_tenhou6(_searching(obj), source)
    assert cold == warm == general == twin == twin_general, source
    assert cold.rounds and all(r.events for r in cold.rounds)


def _outcome(obj, source):
    try:
        return parse_tenhou6(obj, source)
    except RecordError as exc:
        return f"RecordError: {exc}"


def _damaged(obj: dict, rng: random.Random):
    """``obj`` with one entry of one round's hands, draws or discards changed."""
    obj = json.loads(json.dumps(obj))
    log = rng.choice(obj["log"])
    slot = rng.choice([4 + 3 * p + j for p in range(4) for j in range(3)
                       if log[4 + 3 * p + j]])
    k = rng.randrange(len(log[slot]))
    log[slot][k] = rng.choice([0, 60, 11, 19, 35, 47, 51, 52, 53, 10, 99, -1, True, 11.0, None,
                               "r60", "r11", "a1111", "k11", "f44", "p111111", "c111213",
                               "1111m11", "x", [], 2 ** 70, str(log[slot][k])])
    return obj


def test_tenhou6_compiled_equals_twin_on_damaged_records():
    """Seeded edits of the converted records: the compiled turn loop and its twin give
    the same Game or the same error."""
    rng = random.Random(20261201)
    games = list(_converted(QUICK))
    kinds = set()
    for i in range(400):
        name, game = games[i % len(games)]
        obj = _damaged(json.loads(writers.tenhou6_text(game)), rng)
        got = _outcome(obj, name)
        with _twin():
            want = _outcome(obj, name)
        assert got == want, (name, i)
        kinds.add(type(got).__name__)
    assert kinds == {"Game", "str"}  # some edits still read, others are errors


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.name)
def test_tenhou6_bundled_same_through_every_path(path):
    _same_tenhou6(_tenhou6_obj(_text(path)), path.name)


def _converted(paths):
    for path in paths:
        yield path.name, read_record(path)


def test_tenhou6_converted_same_through_every_path():
    for name, game in _converted(QUICK):
        _same_tenhou6(json.loads(writers.tenhou6_text(game)), name)


@pytest.mark.slow
def test_tenhou6_converted_corpus_same_through_every_path():
    for name, game in _converted(MJLOG):
        _same_tenhou6(json.loads(writers.tenhou6_text(game)), name)


def test_tenhou6_damaged_call_string_same_error_cold_and_warm():
    game = read_record(QUICK[0])
    obj = json.loads(writers.tenhou6_text(game))
    log = next(g for g in obj["log"] if any(isinstance(d, str) for p in range(4) for d in g[5 + 3 * p]))
    p, k = next((p, k) for p in range(4) for k, d in enumerate(log[5 + 3 * p]) if isinstance(d, str))
    call = log[5 + 3 * p][k]
    pos = next(i for i, ch in enumerate(call) if ch in "cpm")
    log[5 + 3 * p][k] = call[:pos + 1] + "99" + call[pos + 3:]  # the called tile: no such code
    errors = []
    for _ in range(2):  # the second time the bad string is not cached either
        with pytest.raises(RecordError) as exc:
            parse_tenhou6(dict(obj, log=[log]), "bad.json")
        errors.append(str(exc.value))
    where = f"bad.json {'ESWN'[log[0][0] // 4]}{log[0][0] % 4 + 1}-{log[0][1]}"  # the round named
    assert errors[0] == errors[1] == f"{where}: bad tenhou6 tile code 99"
    assert call[:pos + 1] + "99" + call[pos + 3:] not in T6_CODES._CALLS


@pytest.mark.parametrize("edit, message", [
    (lambda info: info.__setitem__(4, "立直(x飜)"), "unreadable yaku '立直(x飜)'"),
    (lambda info: info.__setitem__(4, "立直もどき(1飜)"), "unknown yaku name '立直もどき'"),
    (lambda info: info.__setitem__(4, "天和もどき(役満)"), "unknown yakuman name '天和もどき'"),
    (lambda info: info.__setitem__(4, 7), "malformed record (TypeError: expected string or bytes"),
    (lambda info: info.__setitem__(3, 7700), "malformed record (TypeError: expected string or bytes"),
])
def test_tenhou6_damaged_result_same_error_cold_and_warm(edit, message):
    """The yaku strings and result lines read once and remembered: a damaged one is an
    error every time, as before."""
    obj = json.loads(writers.tenhou6_text(read_record(QUICK[0])))
    log = next(g for g in obj["log"] if g[16][0] == "和了" and len(g[16][2]) > 4)
    edit(log[16][2])
    errors = []
    for _ in range(2):
        with pytest.raises(RecordError) as exc:
            parse_tenhou6(dict(obj, log=[log]), "bad.json")
        errors.append(str(exc.value))
    assert errors[0] == errors[1] and message in errors[0]


# ---------------------------------------------------------------------------
# mjai
# ---------------------------------------------------------------------------

def _general_mjai(text: str, source: str):
    """Every line by json.loads and every event through ``_Reader._event``."""
    events, lines = [], []
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.strip():
            events.append(json.loads(line))
            lines.append(lineno)
    reader = M._Reader(source, True)
    reader._steps = {}
    return reader.read_py(events, lines)


def _spaced(text: str) -> str:
    """The same events, each line spelt otherwise (leading blank, spaces): never the
    scanner's shortcut, nor a line already met."""
    return "\n".join(" " + json.dumps(json.loads(x), separators=(", ", ": "))
                     if x.strip() else x for x in text.splitlines())


def _same_mjai(text: str, source: str) -> None:
    M._impl._SEEN.clear()
    cold = parse_mjai(text, source)
    warm = parse_mjai(text, source)
    as_bytes = parse_mjai(text.encode(), source)
    spaced = parse_mjai(_spaced(text), source)
    general = _general_mjai(text, source)
    with _mjai_twin():
        twin = parse_mjai(text, source)
    assert cold == warm == as_bytes == spaced == general == twin, source
    assert cold.rounds and all(r.events for r in cold.rounds)


def _mjai_twin():
    """Every mjai event through the Python loop (``_Reader.read_py``)."""
    return _impl(M, M_TWIN)


def _mjai_outcome(text, source):
    try:
        return parse_mjai(text, source)
    except RecordError as exc:
        return f"RecordError: {exc}"


def _damaged_mjai(text: str, rng: random.Random) -> str:
    """``text`` with one draw or discard line changed (or dropped, or doubled)."""
    lines = text.splitlines()
    k = rng.choice([i for i, x in enumerate(lines) if '"tsumo"' in x or '"dahai"' in x])
    ev = json.loads(lines[k])
    how = rng.randrange(6)
    if how == 0:
        ev["actor"] = rng.choice([-1, 1, 2, 3, 4, True, "0", None, 2 ** 70])
    elif how == 1:
        ev["pai"] = rng.choice(["5mr", "5pr", "5sr", "1m", "9s", "E", "C", "5m", "0m", "x", 5, None])
    elif how == 2:
        ev["tsumogiri"] = not ev.get("tsumogiri")
    elif how == 3:
        ev.pop(rng.choice(["actor", "pai", "type"]), None)
    elif how == 4:
        lines[k:k + 1] = []
        return "\n".join(lines)
    else:
        lines[k:k] = [lines[k]]
        return "\n".join(lines)
    lines[k] = json.dumps(ev)
    return "\n".join(lines)


def test_mjai_compiled_equals_twin_on_damaged_records():
    """Seeded edits of the converted records: the compiled event loop and its twin give
    the same Game or the same error."""
    rng = random.Random(20261201)
    texts = [(name, writers.mjai_text(game)) for name, game in _converted(QUICK)]
    kinds = set()
    for i in range(400):
        name, text = texts[i % len(texts)]
        bad = _damaged_mjai(text, rng)
        got = _mjai_outcome(bad, name)
        with _mjai_twin():
            want = _mjai_outcome(bad, name)
        assert got == want, (name, i)
        kinds.add(type(got).__name__)
    assert kinds == {"Game", "str"}


@pytest.mark.parametrize("path", MJAI, ids=lambda p: p.name)
def test_mjai_bundled_same_through_every_path(path):
    _same_mjai(_text(path), path.name)


def test_mjai_converted_same_through_every_path():
    for name, game in _converted(QUICK):
        _same_mjai(writers.mjai_text(game), name)


@pytest.mark.slow
def test_mjai_converted_corpus_same_through_every_path():
    for name, game in _converted(MJLOG):
        _same_mjai(writers.mjai_text(game), name)


@pytest.mark.parametrize("bad, message", [
    ('{"type":"tsumo","actor":0,"pai":"5m"} x', "not JSON (Extra data: line 1 column 39"),
    ('{"type":"tsumo","actor":0,"pai":"5m"', "not JSON (Expecting ',' delimiter"),
    ('{"type":"tsumo","actor":0,"pai":"5x"}', "bad mjai tile '5x'"),
    ('{"type":"dahai","actor":0,"pai":"9z","tsumogiri":false}', "bad mjai tile '9z'"),
    # a malformed event names the record, not the line (as before the shortcuts)
    ('{"type":7,"actor":0}', "malformed record (TypeError: can only concatenate str"),
    ('[1, 2]', "malformed record (AttributeError: 'list' object has no attribute 'get')"),
])
def test_mjai_damaged_line_same_error_cold_and_warm(bad, message):
    lines = writers.mjai_text(read_record(QUICK[0])).splitlines()
    k = next(i for i, x in enumerate(lines) if '"type":"tsumo"' in x)
    lines[k] = bad
    text = "\n".join(lines)
    errors = []
    for _ in range(2):  # the second run meets every good line in the cache
        with pytest.raises(RecordError) as exc:
            parse_mjai(text, "bad.mjson")
        errors.append(str(exc.value))
    assert errors[0] == errors[1]
    where = "bad.mjson: " if message.startswith("malformed") else f"bad.mjson:{k + 1}: "
    assert errors[0].startswith(where) and message in errors[0]
    with pytest.raises(RecordError) as exc:
        parse_mjai(text.encode(), "bad.mjson")
    assert str(exc.value) == errors[0]


def test_mjai_line_cache_holds_only_draws_and_discards():
    M._impl._SEEN.clear()
    parse_mjai(writers.mjai_text(read_record(QUICK[0])))
    assert M._impl._SEEN and {ev["type"] for ev in M._impl._SEEN.values()} == {"tsumo", "dahai"}
    assert all(json.loads(line) == ev for line, ev in M._impl._SEEN.items())


# ---------------------------------------------------------------------------
# Whole rounds in C (records._round): taken on every plain record, twins on the rest
# ---------------------------------------------------------------------------

THREE = sorted(DATA.glob("tenhou-mjlog-3p/*.mjlog"))
_compiled = pytest.mark.skipif(_backend.PUREPYTHON,
                               reason="compiled readers not loaded (RIICHI_FAST_PUREPYTHON=1)")


class _Counted:
    """A reader's ``_impl`` with the answers of its entry ``name`` kept in ``answers``."""

    def __init__(self, inner, name: str, answers: list) -> None:
        self._inner, self._name, self._answers = inner, name, answers

    def __getattr__(self, attr):
        got = getattr(self._inner, attr)
        if attr != self._name:
            return got

        def counted(*args):
            self._answers.append(got(*args))
            return self._answers[-1]
        return counted


@contextmanager
def _counting(module, name: str):
    """Count the answers (True: done in C, False: left to the twin) of a compiled entry."""
    answers: list = []
    with _impl(module, _Counted(module._impl, name, answers)):
        yield answers


@_compiled
def test_tenhou6_every_round_replayed_in_c_equal_to_twin():
    """Every round of the bundled tenhou6 records and of the converted games (three-player
    ones with kita included) is replayed by ``run_round`` (none left to the twin), and the
    games equal the twin's."""
    objs = [(p.name, _tenhou6_obj(_text(p))) for p in TENHOU6]
    objs += [(name, json.loads(writers.tenhou6_text(g))) for name, g in _converted(QUICK + THREE)]
    kita = 0
    with _counting(T6, "run_round") as answers:
        games = [parse_tenhou6(obj, name) for name, obj in objs]
    assert answers and all(answers), answers.count(False)
    assert len(answers) == sum(len(g.rounds) for g in games)
    with _twin():
        assert games == [parse_tenhou6(obj, name) for name, obj in objs]
    for g in games:
        kita += sum(ev.meld is not None and ev.meld.type == 6 for r in g.rounds for ev in r.events)
    assert kita > 0  # the three-player games' kita went through the C replay too


@_compiled
def test_mjai_every_game_read_in_c_equal_to_twin():
    texts = [(p.name, _text(p)) for p in MJAI]
    texts += [(name, writers.mjai_text(g)) for name, g in _converted(QUICK + THREE)]
    with _counting(M, "read_lines") as answers:
        games = [parse_mjai(text, name) for name, text in texts]
    assert answers == [True] * len(texts)
    with _mjai_twin():
        assert games == [parse_mjai(text, name) for name, text in texts]


@_compiled
def test_tenhou6_round_left_to_twin_leaves_nothing_behind():
    """A round the C replay declines (a tile code written 11.0: the twin's look-up takes it)
    is replayed by the twin from a clean state; the rounds around it stay in C."""
    obj = json.loads(writers.tenhou6_text(read_record(QUICK[0])))
    log = obj["log"][1]
    log[4][0] = float(log[4][0])
    with _counting(T6, "run_round") as answers:
        game = parse_tenhou6(obj, "x.json")
    assert answers == [True, False] + [True] * (len(obj["log"]) - 2)
    with _twin():
        assert game == parse_tenhou6(obj, "x.json")
    assert game == parse_tenhou6(json.loads(writers.tenhou6_text(read_record(QUICK[0]))), "x.json")


@_compiled
@pytest.mark.parametrize("edit", ["space", "float_actor", "step_after_end"])
def test_mjai_game_left_to_twin_same_answer(edit):
    """Lines the one-pass C reader leaves (a line that is not exactly one JSON value, a seat
    written 1.0, a step after the round's result): the general way's answer, the same as
    the twin's."""
    lines = writers.mjai_text(read_record(QUICK[0])).splitlines()
    k = next(i for i, x in enumerate(lines) if '"type":"dahai"' in x)
    if edit == "space":  # a leading blank and a float: neither mini_json nor the scanner alone
        lines[k] = " " + json.dumps(dict(json.loads(lines[k]), q=0.5))
    elif edit == "float_actor":
        ev = json.loads(lines[k])
        ev["actor"] = float(ev["actor"])
        lines[k] = json.dumps(ev)
    else:
        end = next(i for i, x in enumerate(lines) if '"type":"end_kyoku"' in x)
        lines.insert(end, '{"type":"reach","actor":0}')
    text = "\n".join(lines)
    with _counting(M, "read_lines") as answers:
        got = _mjai_outcome(text, "x.mjson")
    assert answers == [False]
    with _mjai_twin():
        assert got == _mjai_outcome(text, "x.mjson")


@_compiled
def test_declared_and_score_data_equal_their_twins():
    from riichi_fast.records import hands as C
    from riichi_fast.records import _round
    from riichi_fast.records import verify as V

    n_declared = n_hands = 0
    for path in QUICK + THREE + TENHOU6 + MJAI:
        for rnd in read_record(path).rounds:
            assert _round.declared(rnd.events) == ROUND_TWIN.declared(rnd.events) == V._declared(rnd)
            n_declared += bool(ROUND_TWIN.declared(rnd.events))
            for win in rnd.wins:
                hand = C.quick_hand(win)
                red = C._red_of(win)
                assert hand == C.to_hand(win)
                assert _round.score_data(hand.closed, hand.melds, red) == \
                    ROUND_TWIN.score_data(hand.closed, hand.melds, red) == hand._score_data()
                n_hands += 1
    assert n_declared > 0 and n_hands > 0
    assert _round.declared(tuple(rnd.events)) is None  # not a list: the twin answers
    with pytest.raises(ValueError):
        _round.score_data((136,), (), red)


def test_tenhou6_dealer_off_a_three_player_table_same_error():
    """Round number -1 of a three-player record: dealer seat 3 of three (it crashed the
    compiled turn loop, which indexed its lists past the table); compiled == twin, an error."""
    game = read_record(THREE[0])
    obj = json.loads(writers.tenhou6_text(game))
    obj["log"][0][0][0] = -1
    got = _outcome(obj, "x.json")
    with _twin():
        assert got == _outcome(obj, "x.json")
    assert got.startswith("RecordError: x.json: malformed record (IndexError")


@_compiled
def test_quick_hand_compiled_equals_twin_or_is_stricter():
    """``records._round.quick_hand`` against its twin (``reference.records.round``) on every win
    of the bundled records and on seeded edits of them (an id off the table or repeated, a
    relative seat, a called tile, a winner, a meld type, a tile fewer): the same Hand (and
    score data), or None where the twin builds one that ``to_hand`` builds too."""
    import dataclasses

    from riichi_fast.hand import Hand, Meld
    from riichi_fast.records import hands as C
    from riichi_fast.records import _round

    def outcome(fn, win):
        try:
            return fn(win)
        except Exception:  # noqa: BLE001 - quick_hand turns any error into None
            return None

    rng = random.Random(20261201)
    stricter = same = 0
    for path in QUICK + THREE + TENHOU6 + MJAI:
        for win in read_record(path).wins:
            for trial in range(4):
                w = win
                r = rng.randrange(6) if trial else -1
                if r == 0:
                    c = list(w.closed)
                    c[rng.randrange(len(c))] = rng.choice([-1, 136, c[0], True, 5.0])
                    w = dataclasses.replace(w, closed=tuple(c))
                elif r in (1, 2, 4) and w.melds:
                    field, values = {1: ("from_seat", [None, 0, 1, 2, 3, 5, -1, True]),
                                     2: ("called", [None, 0, w.melds[0].tiles[-1], 999]),
                                     4: ("type", [1, 2, 3, 4, 5, 6, 7])}[r]
                    m = dataclasses.replace(w.melds[0], **{field: rng.choice(values)})
                    w = dataclasses.replace(w, melds=(m,) + w.melds[1:])
                elif r == 3:
                    w = dataclasses.replace(w, winner=rng.choice([0, 1, 2, 3, None, 5]))
                elif r == 5:
                    w = dataclasses.replace(w, closed=w.closed[:-1])
                got = outcome(lambda x: _round.quick_hand(x, Hand, Meld, C._red_of), w)
                want = outcome(lambda x: ROUND_TWIN.quick_hand(x, Hand, Meld, C._red_of), w)
                if got is None and want is not None:
                    assert C.to_hand(w) == want
                    stricter += 1
                else:
                    assert got == want and (got is None or got._sd == want._sd)
                    same += got is not None
    assert same > 500 and stricter < same


def test_expand_paths_lists_a_tree_one_directory_at_a_time(tmp_path):
    """A directory's files are given in walk order (top-down, names sorted) as each
    directory is listed, not after the whole tree: the workers of ``verify -j`` start on
    the first files while a large tree is still being walked.  A file added after the
    first one was given, to a directory the walk has not reached yet, is found."""
    from riichi_fast.records.sources import expand_paths

    for d, names in {"a": ["2.mjlog", "1.json", "notes.md"], "a/z": ["x.mjson"], "b": ["y.mjlog.gz"]}.items():
        (tmp_path / d).mkdir(parents=True, exist_ok=True)
        for n in names:
            (tmp_path / d / n).write_text("")
    it = expand_paths([tmp_path])
    assert next(it) == (str(tmp_path / "a" / "1.json"), None)
    (tmp_path / "b" / "late.mjlog").write_text("")
    rest = [os.path.relpath(p, tmp_path) for p, err in it if err is None]
    assert rest == ["a/2.mjlog", "a/z/x.mjson", "b/late.mjlog", "b/y.mjlog.gz"]
