"""The compiled mjlog reader (records.mjlog._reader) reads every record as its twin does.

``tenhou.parse_mjlog`` replays each round's draws, discards, calls, riichi steps and kan
dora in C on a ``RoundState`` and hands anything irregular back to the Python reader
(``tenhou._Reader.read``), which reads the record again and gives the answer or the error.
So the game read, or the error raised, must be the same with the compiled ``_impl`` and with
its twin (``reference.records.mjlog.reader``):
on every bundled mjlog (four- and three-player), on the seeded damaged records of
``tests/stats/test_export_mutants.py``, and on hand-made damage aimed at the compiled loop (seats and
numbers out of range, steps before the first round, rules changed inside a round...).
"""

import gzip
import re
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.records.mjlog import reader as tenhou
from riichi_fast.reference.records.mjlog import reader as TWIN

IMPL = tenhou._impl
COMPILED = None if _backend.PUREPYTHON else IMPL

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOGS = sorted(p for p in DATA.glob("tenhou-mjlog-*/*.mjlog"))


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def outcome(data, compiled: bool, monkeypatch):
    monkeypatch.setattr(tenhou, "_impl", IMPL if compiled else TWIN)
    try:
        return tenhou.parse_mjlog(data, "x.mjlog")
    except Exception as exc:  # noqa: BLE001 - compared by type and message
        return type(exc), str(exc)


def taken_by_c(data: bytes) -> bool:
    """Whether the compiled loop read the record itself (False: it handed it back)."""
    import xml.etree.ElementTree as ET

    return COMPILED.read(tenhou._Reader("x.mjlog"), ET.fromstring(data))


def test_bundled_records_exist():
    assert len(MJLOGS) >= 130 and any("3p" in p.parent.name for p in MJLOGS)


@pytest.mark.parametrize("path", MJLOGS[::3], ids=lambda p: p.name)
def test_every_bundled_record_reads_the_same(path, monkeypatch):
    data = xml(path)
    got = outcome(data, True, monkeypatch)
    assert got == outcome(data, False, monkeypatch)
    assert isinstance(got, tenhou.Game) and got.rounds
    assert all(r.events for r in got.rounds[:-1])
    if COMPILED is not None:
        assert taken_by_c(data)  # a clean record never goes back to the twin


def test_the_record_without_a_last_result_is_read_in_c(monkeypatch):
    """The bundled record that ends inside a round (verify reports it): read in C, the last
    round without a result, as the twin reads it."""
    [path] = [p for p in MJLOGS if "no-round-end" in p.name]
    data = xml(path)
    game = outcome(data, True, monkeypatch)
    assert game == outcome(data, False, monkeypatch)
    last = game.rounds[-1]
    assert not last.wins and last.draw is None and last.events
    if COMPILED is not None:
        assert taken_by_c(data)


BASE = xml(DATA / "tenhou-mjlog-fastmaj" / "2009082815gm-00e1-0000-b7e41fe8_tw3.mjlog")
BASE3 = xml(DATA / "tenhou-mjlog-3p" / "2022010618gm-00b9-0000-89fb4bf1.mjlog")


def _sub(data: bytes, pattern: bytes, repl: bytes, count: int = 1) -> bytes:
    new = re.sub(pattern, repl, data, count=count)
    assert new != data, pattern
    return new


# hand-made damage aimed at the compiled loop; each with what the twin says (an error
# fragment, or None: it reads the record)
HAND_MADE = {
    "step before init": (lambda d: _sub(d, rb"<INIT ", b"<T5/><INIT "), "event before the first <INIT>"),
    "seat 3 draws in 3p": (lambda d: _sub(BASE3, rb"<U(\d+)/>", rb"<W\1/>"), "malformed record (IndexError"),
    "huge tile number": (lambda d: _sub(d, rb"<T(\d+)/>", b"<T123456789012/>"), "E1-0: seat 0 discards"),
    # int() reads Arabic-Indic digits: the twin draws tile 12 and trips later
    "unicode digit": (lambda d: _sub(d, rb"<T(\d+)/>", "<T\u0661\u0662/>".encode()), "E1-0: seat 0 discards"),
    "bare letter": (lambda d: _sub(d, rb"<T(\d+)/>", rb"<T/><T\1/>"), None),
    "call by seat -1": (lambda d: _sub(d, rb'<N who="(\d)"', b'<N who="-1"'), "E1-0: meld code 28235: seat -1 is not"),
    "call by seat 7": (lambda d: _sub(d, rb'<N who="(\d)"', b'<N who="7"'), "E1-0: meld code 28235: seat 7 is not"),
    "call code text": (lambda d: _sub(d, rb'<N who="(\d)" m="\d+"', rb'<N who="\1" m="x"'), "malformed record"),
    "reach by seat 9": (lambda d: _sub(d, rb'<REACH who="(\d)"', b'<REACH who="9"'), "malformed record (IndexError"),
    "reach step 3": (lambda d: _sub(d, rb'step="2"', b'step="3"'), None),
    "dora text": (lambda d: _sub(d, rb'<DORA hai="\d+"', b'<DORA hai="x"'), "malformed record"),
    "go inside a round": (lambda d: _sub(d, rb"<T(\d+)/>", rb'<GO type="169"/><T\1/>'), None),
    "go 3p inside a round": (lambda d: _sub(d, rb"<T(\d+)/>", rb'<GO type="185"/><T\1/>'),
                             "E1-0: meld code 41481 by seat 2: called from seat 3, an empty seat"),
    "un and bye inside a round": (lambda d: _sub(d, rb"<D(\d+)/>", rb'<BYE who="1"/><UN n1="x"/><D\1/>'), None),
    "step after a result": (lambda d: _sub(d, rb"(<AGARI [^>]*/>)", rb"\1<T0/>"), None),
    "discard not held": (lambda d: _sub(d, rb"<D(\d+)/>", b"<D135/>"), "E1-0: seat 0 discards 135 not in hand"),
    "fourteen dealt": (lambda d: _sub(d, rb'hai0="', b'hai0="135,'), None),
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_damage_reads_the_same(name, monkeypatch):
    make, says = HAND_MADE[name]
    data = make(BASE)
    got = outcome(data, True, monkeypatch)
    assert got == outcome(data, False, monkeypatch)
    if says is None:
        assert isinstance(got, tenhou.Game)
    else:
        assert isinstance(got, tuple) and got[0] is tenhou.RecordError and says in got[1], got


def test_seeded_damaged_records_read_the_same(monkeypatch):
    """The ~100 seeded mutations of tests/stats/test_export_mutants.py (wrong numbers, truncated records,
    tags doubled, dropped or swapped...): the same game or the same error."""
    mutants = pytest.importorskip("tests.stats.test_export_mutants").mutants()
    assert len(mutants) >= 80
    errors = 0
    for name, data in mutants:
        got = outcome(data, True, monkeypatch)
        assert got == outcome(data, False, monkeypatch), name
        errors += isinstance(got, tuple)
    assert 10 <= errors < len(mutants)  # some damage is read, some is refused


INT_LISTS = ["", None, "0", "1,2,3", "1,,2,", ",5", "-3,250,-1,0", "123456789012345678",
             "1234567890123456789", " 7", "7 ", "+7", "1_000", "-", "--1", "1-2", "a", "1,x",
             "\u0661\u0662", "0,0,0,0,1,120", "250,-10,250,10", "9" * 40]


@pytest.mark.parametrize("text", INT_LISTS)
def test_compiled_ints_equal_the_twins(text):
    """``records.mjlog._reader.ints`` (the attribute lists of every tag) against its twin:
    the same list, or the same error."""
    mod = COMPILED
    if mod is None:
        pytest.skip("compiled modules only")

    def run(fn):
        try:
            return fn(text)
        except Exception as exc:  # noqa: BLE001 - compared by type and message
            return type(exc), str(exc)

    got = run(mod.ints)
    assert got == run(TWIN.ints)
    assert all(type(x) is int for x in got) if isinstance(got, list) else got[0] is ValueError
