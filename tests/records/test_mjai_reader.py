"""mjai read from its bytes in one pass (``records.mjai._reader.read_bytes``) reads what the twin reads.

``parse_record`` hands an mjai record's bytes to :func:`~riichi_fast.records.mjai.reader.parse_mjai_bytes`:
compiled, the lines are found in the bytes in C, the plain draw and discard lines (the
spellings of mjai.app / Mortal and riichienv, then any flat object of their keys) replayed
straight from their bytes, any other line read as ``read_lines`` reads it; anything
irregular gives up to the general way (decode, ``parse_mjai``).  Every test here compares
the Game (or the error) with the twin's: the text decoded and read by the Python event loop
(the twin module ``reference.records.mjai.reader`` in place of the compiled one), and with
the twin's ``read_bytes``.
"""

from __future__ import annotations

import gzip
import json
import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.records.mjai import reader as M
from riichi_fast.reference.records.mjai import reader as TWIN
from riichi_fast.records import read_record, writers
from riichi_fast.records.errors import RecordError
from riichi_fast.records.verify_files import parse_record

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
MJAI = sorted(DATA.glob("mjai/*")) + sorted(DATA.glob("mjai-riichienv/*"))
QUICK = MJLOG[::27] + sorted(DATA.glob("tenhou-mjlog-3p/*.mjlog"))[:1]

_compiled = pytest.mark.skipif(_backend.PUREPYTHON,
                               reason="compiled readers not loaded (RIICHI_FAST_PUREPYTHON=1)")


def _bytes(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


@pytest.fixture(scope="module")
def texts():
    """The bundled mjai games and a few mjlog games written as mjai (red fives, a
    three-player game with kita, calls, kans, double ron...)."""
    out = [(p.name, _bytes(p).decode("utf-8")) for p in MJAI]
    out += [(p.name, writers.mjai_text(read_record(p))) for p in QUICK]
    return out


@contextmanager
def _twin():
    impl = M._impl
    M._impl = TWIN
    try:
        yield
    finally:
        M._impl = impl


class _Counted:
    """``M._impl`` with the answers of its ``read_bytes`` kept in ``got``."""

    def __init__(self, impl, got: list) -> None:
        self._inner, self._got = impl, got

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def read_bytes(self, reader, data):
        self._got.append(self._inner.read_bytes(reader, data))
        return self._got[-1]


@contextmanager
def _answers():
    """The answers of ``read_bytes`` (True: read in one pass; False: left to the general way)."""
    impl = M._impl
    got: list = []
    M._impl = _Counted(impl, got)
    try:
        yield got
    finally:
        M._impl = impl


def _outcome(data: bytes, source: str = "x.mjson"):
    try:
        return parse_record(data, source)
    except RecordError as exc:
        return f"RecordError: {exc}"


def _twin_outcome(data: bytes, source: str = "x.mjson"):
    """The twin's answer: the bytes decoded (utf-8-sig) and read by the Python loop."""
    with _twin():
        return _outcome(data, source)


def _same(data: bytes, source: str = "x.mjson"):
    """parse_record's Game or error equals the twin's; ``_read_bytes`` agrees; the answer
    of ``read_bytes`` returned."""
    M._impl._SEEN.clear()
    with _answers() as answers:
        got = _outcome(data, source)
    want = _twin_outcome(data, source)
    assert got == want, source
    reader = M._Reader(source, True)
    if TWIN.read_bytes(reader, data):
        assert reader.game == got
    else:
        assert isinstance(got, str)
    return got, answers


# ---------------------------------------------------------------------------
# Spellings of the same game
# ---------------------------------------------------------------------------

def _events(text: str) -> list:
    return [json.loads(x) for x in text.splitlines() if x.strip()]


def _riichienv(ev: dict) -> str:
    return json.dumps(ev, sort_keys=True)  # {"actor": 0, "pai": "5m", "type": "tsumo"}


def _compact(ev: dict) -> str:
    return json.dumps(ev, separators=(",", ":"))


def _reversed_keys(ev: dict) -> str:
    return json.dumps(dict(reversed(list(ev.items()))), separators=(",", ":"))


def _blanks_inside(ev: dict) -> str:
    parts = [f'\t"{k}" :  {json.dumps(v)} ' for k, v in ev.items()]
    return "{ " + ",".join(parts) + "}  "


def _no_tsumogiri(ev: dict) -> str:
    return _compact({k: v for k, v in ev.items() if k != "tsumogiri"})


def _unknown_key(ev: dict) -> str:
    return _compact(dict(ev, meta={"q": [0.5, -1]}, note="é")) if ev["type"] in ("tsumo", "dahai") \
        else _compact(ev)


def _compact_tsumogiri_on_draws(ev: dict) -> str:
    return _compact(dict(ev, tsumogiri=False) if ev["type"] == "tsumo" else ev)


SPELLINGS = {
    "compact": (_compact, "\n", True),
    "riichienv": (_riichienv, "\n", True),
    "reversed_keys": (_reversed_keys, "\n", True),
    "blanks_inside": (_blanks_inside, "\n", True),
    "no_tsumogiri": (_no_tsumogiri, "\n", True),
    "unknown_key": (_unknown_key, "\n", True),
    "tsumo_with_flag": (_compact_tsumogiri_on_draws, "\n", True),
    "crlf": (_compact, "\r\n", True),
    "cr": (_riichienv, "\r", True),
}


@_compiled
@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_every_spelling_read_in_one_pass_equal_to_twin(texts, spelling):
    """Each game written in each spelling: read in one pass (read_bytes answers True) and
    equal to the twin's Game (the same Game for every spelling)."""
    spell, sep, one_pass = SPELLINGS[spelling]
    for name, text in texts:
        evs = _events(text)
        data = (sep.join(spell(ev) for ev in evs) + sep).encode()
        got, answers = _same(data, name)
        assert answers == [one_pass], (name, spelling)
        assert not isinstance(got, str), got
        if spelling != "no_tsumogiri":  # the discard of the drawn tile may be another copy
            assert got == _same(text.encode(), name)[0]


@_compiled
@pytest.mark.parametrize("edit", ["bom", "blank_lines", "no_last_newline", "blank_last_lines",
                                  "both"])
def test_line_breaks_bom_and_blank_lines(texts, edit):
    name, text = texts[-1]
    lines = text.splitlines()
    if edit == "bom":
        data = b"\xef\xbb\xbf" + text.encode()
    elif edit == "blank_lines":
        lines[3:3] = ["", "   ", "\t"]
        lines[10:10] = [""]
        data = "\n".join(lines).encode() + b"\n"
    elif edit == "no_last_newline":
        data = "\n".join(lines).encode()
    elif edit == "blank_last_lines":
        data = "\n".join(lines).encode() + b"\n\n \r\n"
    else:
        data = b"\xef\xbb\xbf" + "\r\n".join(lines[:5] + [""] + lines[5:]).encode()
    got, answers = _same(data, name)
    assert answers == [True] and not isinstance(got, str)
    assert got == _same(text.encode(), name)[0]


def test_bundled_and_converted_games_same_as_twin(texts):
    """Every game as its file's bytes: the same Game as the twin's, read in one pass."""
    for name, text in texts:
        got, answers = _same(text.encode(), name)
        assert not isinstance(got, str)
        assert answers == [True]


# ---------------------------------------------------------------------------
# Irregular bytes and lines: the same Game or the same error as the twin
# ---------------------------------------------------------------------------

def _first(lines: list, kind: str) -> int:
    return next(i for i, x in enumerate(lines) if f'"type":"{kind}"' in x)


LINE_EDITS = {
    # (what replaces the first draw / discard line, the error's fragment or None: read)
    "hidden_draw": ('{"type":"tsumo","actor":{a},"pai":"?"}', "bad mjai tile '?'"),
    "actor_01": ('{"type":"tsumo","actor":0{a},"pai":"{p}"}', "not JSON"),
    "actor_float": ('{"type":"tsumo","actor":{a}.0,"pai":"{p}"}', "not float"),
    "actor_exp": ('{"type":"tsumo","actor":{a}e0,"pai":"{p}"}', "not float"),
    "actor_big": ('{"type":"tsumo","actor":1{a}000,"pai":"{p}"}', "list index out of range"),
    "actor_true": ('{"type":"tsumo","actor":true,"pai":"{p}"}', ""),  # seat 1's draw
    "pai_twice": ('{"type":"tsumo","actor":{a},"pai":"9z","pai":"{p}"}', None),
    "type_twice": ('{"type":"dahai","actor":{a},"pai":"{p}","type":"tsumo"}', None),
    "escaped_pai": ('{"type":"tsumo","actor":{a},"pai":"\\u00{x}{q}"}', None),
    "bad_pai": ('{"type":"tsumo","actor":{a},"pai":"0m"}', "bad mjai tile '0m'"),
    "red_six": ('{"type":"tsumo","actor":{a},"pai":"6mr"}', "bad mjai tile '6mr'"),
    "truncated": ('{"type":"tsumo","actor":{a},"pai":"{p}"', "not JSON"),
    "trailing_comma": ('{"type":"tsumo","actor":{a},"pai":"{p}",}', "not JSON"),
    "extra_data": ('{"type":"tsumo","actor":{a},"pai":"{p}"} {}', "not JSON (Extra data"),
    "no_actor": ('{"type":"tsumo","pai":"{p}"}', "malformed record (KeyError"),
    "nul_in_pai": ('{"type":"tsumo","actor":{a},"pai":"{p}\\u0000"}', "bad mjai tile"),
    "vt_in_line": ('{"type":"tsumo","actor":{a},\x0b"pai":"{p}"}', "not JSON"),
    "nel_in_line": ('{"type":"tsumo","actor":{a},\x85"pai":"{p}"}', "not JSON"),
    "ls_in_string": ('{"type":"tsumo","actor":{a},"pai":"{p}","x":"a\u2028b"}', "not JSON"),
    "fs_at_end": ('{"type":"tsumo","actor":{a},"pai":"{p}"}\x1c', None),
    "bom_inside": ('\ufeff{"type":"tsumo","actor":{a},"pai":"{p}"}', "not JSON"),
    "tsumogiri_1": ('{"type":"tsumo","actor":{a},"pai":"{p}","tsumogiri":1}', None),
}


@pytest.mark.parametrize("edit", list(LINE_EDITS))
def test_irregular_line_same_answer_as_twin(texts, edit):
    name, text = texts[-2]
    lines = text.splitlines()
    k = _first(lines, "tsumo")
    ev = json.loads(lines[k])
    bad, fragment = LINE_EDITS[edit]
    lines[k] = bad.replace("{a}", str(ev["actor"])).replace("{p}", ev["pai"]) \
        .replace("{x}", f"{ord(ev['pai'][0]):02x}").replace("{q}", ev["pai"][1:])
    got, _ = _same("\n".join(lines).encode(), name)
    if fragment is None:
        assert not isinstance(got, str), got
    else:
        assert isinstance(got, str) and fragment in got, got


@pytest.mark.parametrize("data, message", [
    (b'{"type":"start_game"}\n\xff\n', "x.mjson: not UTF-8 text ('utf-8' codec can't decode byte 0xff"),
    (b'{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"5m"}\n',
     "x.mjson:2: 'tsumo' before start_kyoku"),
    (b'{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"5m"} x\n',
     "x.mjson:2: not JSON (Extra data: line 1 column 39"),
    (b'\xef\xbb\xbf\xef\xbb\xbf{"type":"start_game"}', "x.mjson:1: not JSON (Unexpected UTF-8 BOM"),
])
def test_damaged_bytes_same_error_as_twin(data, message):
    got, _ = _same(data)
    assert got.startswith("RecordError: " + message), got


def _damaged(text: str, rng: random.Random) -> bytes:
    """``text`` with one draw or discard line changed, dropped or doubled, in bytes."""
    lines = text.splitlines()
    k = rng.choice([i for i, x in enumerate(lines) if '"tsumo"' in x or '"dahai"' in x])
    ev = json.loads(lines[k])
    how = rng.randrange(7)
    if how == 0:
        ev["actor"] = rng.choice([-1, 1, 2, 3, 4, True, "0", None, 2 ** 70, 10])
    elif how == 1:
        ev["pai"] = rng.choice(["5mr", "5pr", "5sr", "1m", "9s", "E", "C", "5m", "0m", "?", 5, None])
    elif how == 2:
        ev["tsumogiri"] = rng.choice([not ev.get("tsumogiri"), None, 0, 1])
    elif how == 3:
        ev.pop(rng.choice(["actor", "pai", "type"]), None)
    elif how == 4:
        del lines[k]
        return "\n".join(lines).encode()
    elif how == 5:
        lines[k:k] = [lines[k]]
        return "\n".join(lines).encode()
    else:
        ev["type"] = rng.choice(["tsumo", "dahai", "Tsumo", "reach"])
    lines[k] = rng.choice([_compact, _riichienv, _reversed_keys])(ev)
    return "\n".join(lines).encode()


def test_damaged_games_same_answer_as_twin(texts):
    """Seeded edits of the games' draw and discard lines, in the spellings read from bytes:
    the same Game or the same error as the twin's."""
    rng = random.Random(20261202)
    kinds = set()
    for i in range(120):
        name, text = texts[i % len(texts)]
        got, _ = _same(_damaged(text, rng), name)
        kinds.add(type(got).__name__)
    assert kinds == {"Game", "str"}


@_compiled
def test_read_bytes_equal_to_its_twin_directly(texts):
    """``records.mjai._reader.read_bytes`` and its twin on the same bytes: both True and equal
    Games; bytes that are not UTF-8: both False."""
    from riichi_fast.records.mjai import _reader as _mjai

    for name, text in texts[:3]:
        a, b = M._Reader(name, True), M._Reader(name, True)
        assert _mjai.read_bytes(a, text.encode()) is True
        assert TWIN.read_bytes(b, text.encode()) is True
        assert a.game == b.game
    bad = texts[0][1].encode() + b"\n\xc3("
    assert _mjai.read_bytes(M._Reader("x", True), bad) is False
    assert TWIN.read_bytes(M._Reader("x", True), bad) is False


def _kyoku_edit(ev: dict, edit: str) -> str:
    """A start_kyoku event changed by ``edit``, spelt compactly (some edits spell it by hand)."""
    ev = dict(ev)
    if edit == "bakaze_SW":
        ev["bakaze"] = "SW"  # "ESWN".index("SW") == 1: the twin reads it as South
    elif edit == "bakaze_empty":
        ev["bakaze"] = ""
    elif edit == "no_honba_kyotaku":
        ev.pop("honba")
        ev.pop("kyotaku")
    elif edit == "kyoku_float":
        ev["kyoku"] = float(ev["kyoku"])
    elif edit == "score_float":
        ev["scores"] = [float(ev["scores"][0])] + ev["scores"][1:]
    elif edit == "scores_negative":
        ev["scores"] = [-500] + ev["scores"][1:]
    elif edit == "minus_zero":
        return _compact(dict(ev, honba=123456)).replace('"honba":123456', '"honba":-0')
    elif edit == "kyoku_01":
        return _compact(dict(ev, kyoku=123456)).replace('"kyoku":123456', '"kyoku":01')
    elif edit == "big_int":
        ev["kyotaku"] = 10 ** 12
    elif edit == "five_hands":
        ev["tehais"] = ev["tehais"] + [ev["tehais"][0]]
    elif edit == "long_hand":
        ev["tehais"] = [ev["tehais"][0] * 2] + ev["tehais"][1:]
    elif edit == "hidden_hand":
        ev["tehais"] = [ev["tehais"][0]] + [["?"] * 13 for _ in ev["tehais"][1:]]
    elif edit == "empty_tehais":
        ev["tehais"] = []
    elif edit == "unknown_key":
        ev["seed"] = [1, 2]
    elif edit == "dora_twice":
        return _compact(ev)[:-1] + ',"dora_marker":"' + ev["dora_marker"] + '"}'
    elif edit == "keys_shuffled_blanks":
        items = list(ev.items())
        random.Random(7).shuffle(items)
        return " { " + " , ".join(f'"{k}" :\t{json.dumps(v)}' for k, v in items) + " } "
    return _compact(ev)


KYOKU_EDITS = ["bakaze_SW", "bakaze_empty", "no_honba_kyotaku", "kyoku_float", "score_float",
               "scores_negative", "minus_zero", "kyoku_01", "big_int", "five_hands",
               "long_hand", "hidden_hand", "empty_tehais", "unknown_key", "dora_twice",
               "keys_shuffled_blanks"]


@pytest.mark.parametrize("edit", KYOKU_EDITS)
def test_start_kyoku_edits_same_answer_as_twin(texts, edit):
    """Every round's start_kyoku line edited: the same Game or error as the twin's (read
    from its bytes when it is a plain one, else the general way)."""
    name, text = texts[-2]
    lines = [_kyoku_edit(json.loads(x), edit) if '"start_kyoku"' in x else x
             for x in text.splitlines()]
    got, _ = _same("\n".join(lines).encode(), name)
    if edit in ("no_honba_kyotaku", "scores_negative", "minus_zero", "keys_shuffled_blanks",
                "unknown_key", "kyoku_float", "score_float", "big_int", "bakaze_SW",
                "bakaze_empty", "dora_twice"):
        assert not isinstance(got, str), got
    else:
        assert isinstance(got, str), edit
