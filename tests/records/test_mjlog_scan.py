"""``_mjlog.Pass``: the three compiled entry points with their rules bound (what verify, stats
and export call once per game) answer as the functions do, in C and in the twin; bad
arguments raise the functions' errors; and the fold's player-name cache keeps every name apart."""

import gzip
import importlib
import re
from pathlib import Path

import numpy as np
import pytest

from riichi_fast.records.mjlog import _scan as _mjlog
from riichi_fast.errors import RiichiError
from riichi_fast.records.verify_files import _players, fast_settings, params_rows
from riichi_fast.reference.records.mjlog import scan as twin
from riichi_fast.rules import config

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
IMPLS = {"cython": _mjlog, "reference": twin}
TABLES = {4: (params_rows(config.TENHOU), fast_settings(config.TENHOU)),
          3: (params_rows(config.TENHOU_3P), fast_settings(config.TENHOU_3P))}
SW, EW = 16, 104  # stats and export row widths


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


@pytest.fixture(scope="module")
def records():
    out = [xml(p) for p in MJLOG]
    assert len(out) > 100 and sum(_players(d) == 3 for d in out) >= 20
    return out


def _calls(mod, p, data, n):
    """(verify, stats, export) of ``data`` by the Pass ``p`` and by the functions of ``mod``
    with the table of its player count ``n``, rows written from row 2 of arrays of 7s."""
    params, settings = TABLES[n]
    got, want = [p.verify(data)], [mod.verify_mjlog(data, params, **settings)]
    for width, name in ((SW, "stats"), (EW, "export")):
        a = np.full((400, width), 7, dtype=np.int32)
        b = a.copy()
        got.append((getattr(p, name)(data, a, 2, 9), a))
        want.append((getattr(mod, f"{name}_mjlog")(data, params, b, 2, 9, **settings), b))
    return got, want


def test_compiled_pass_answers_as_the_functions_on_every_bundled_record(records):
    p = _mjlog.Pass(TABLES)
    taken = 0
    for data in records:
        got, want = _calls(_mjlog, p, data, _players(data))
        assert got[0] == want[0]
        for (g, a), (w, b) in zip(got[1:], want[1:]):
            assert g == w and (a == b).all()
        taken += got[0][0] == 0
    assert taken >= len(records) - 2


def test_twin_pass_answers_as_the_compiled_one_on_a_sample(records):
    """Four- and three-player games, a damaged one, a declined one: same statuses, same rows."""
    sample = records[::12] + [records[0][:-50], records[-1].replace(b"<AGARI", b"<AGARI x=\"1\"", 1)]
    c, t = _mjlog.Pass(TABLES), twin.Pass(TABLES)
    statuses = set()
    for data in sample:
        got, want = _calls(_mjlog, c, data, _players(data))[0], _calls(twin, t, data, _players(data))[0]
        assert got[0] == want[0]
        for (g, a), (w, b) in zip(got[1:], want[1:]):
            # the rows up to the end said (past it: void when the game is declined)
            assert g == w and (a[:g[1]] == b[:g[1]]).all()
        statuses.add(got[0][0])
    assert statuses == {0, 1}


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_a_player_count_without_a_table_is_declined(impl, records):
    mod = IMPLS[impl]
    four = next(d for d in records if _players(d) == 4 and _mjlog.Pass(TABLES).verify(d)[0] == 0)
    three = next(d for d in records if _players(d) == 3 and _mjlog.Pass(TABLES).verify(d)[0] == 0)
    only4, only3 = mod.Pass({4: TABLES[4]}), mod.Pass({3: TABLES[3]})
    rows = np.zeros((400, SW), dtype=np.int32)
    assert only4.verify(four)[0] == 0 and only3.verify(three)[0] == 0
    assert only4.verify(three) == only3.verify(four) == (1, 0, 0, 0)
    assert only4.stats(three, rows, 5, 0) == (1, 5)
    assert only3.export(four, np.zeros((400, EW), dtype=np.int32), 0, 0) == (1, 0)
    assert mod.Pass({}).verify(four) == (1, 0, 0, 0)


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_the_row_array_changes_between_calls(impl, records):
    """The compiled Pass keeps the last array's view: another array, then the first again,
    each gets its own rows (a stale view would write into the wrong one)."""
    mod = IMPLS[impl]
    p = mod.Pass(TABLES)
    games = [d for d in records[:30] if p.verify(d)[0] == 0][:3]
    arrays = [np.zeros((300, SW), dtype=np.int32) for _ in range(2)]
    for i, data in enumerate(games + games):
        a = arrays[i % 2]
        a[:] = 0
        status, end = p.stats(data, a, 0, i)
        params, settings = TABLES[_players(data)]
        b = np.zeros_like(a)
        assert (status, end) == _mjlog.stats_mjlog(data, params, b, 0, i, **settings)
        assert status == 0 and (a == b).all()
    full = np.zeros((3, SW), dtype=np.int32)
    assert p.stats(games[0], full, 0, 0) == (3, 0)
    assert p.stats(games[0], full, 3, 0) == (3, 3)


BAD = [
    (lambda m: m.Pass("tables"), TypeError, "tables must be a dict"),
    (lambda m: m.Pass({5: TABLES[4]}), ValueError, "player count must be 3 or 4, got 5"),
    (lambda m: m.Pass({True: TABLES[4]}), ValueError, "player count must be 3 or 4, got True"),
    (lambda m: m.Pass({4: (TABLES[4][0], {**TABLES[4][1], "honba": 1})}), ValueError,
     "unknown settings: honba"),
    (lambda m: m.Pass({3: TABLES[4]}), ValueError, "settings for 4 players under the key 3"),
    (lambda m: m.Pass({4: (TABLES[4][0][:3], TABLES[4][1])}), ValueError, "params must be 4 x 224"),
    (lambda m: m.Pass(TABLES).verify("<mjloggm/>"), RiichiError, "data must be bytes, got str"),
    (lambda m: m.Pass(TABLES).stats(bytearray(b"<"), np.zeros((4, SW), np.int32), 0, 0),
     RiichiError, "data must be bytes, got bytearray"),
    (lambda m: m.Pass(TABLES).stats(b"<mjloggm/>", np.zeros((4, EW), np.int32), 0, 0), ValueError,
     "rows must have 16 columns"),
    (lambda m: m.Pass(TABLES).export(b"<mjloggm/>", np.zeros((4, SW), np.int32), 0, 0), ValueError,
     "rows must have 104 columns"),
    (lambda m: m.Pass(TABLES).stats(b"<mjloggm/>", np.zeros((4, SW), np.int32), 5, 0), ValueError,
     re.escape("start must be in 0-4, got 5")),
]


@pytest.mark.parametrize("impl", sorted(IMPLS))
@pytest.mark.parametrize("call,exc,msg", BAD, ids=[b[2][:30] for b in BAD])
def test_bad_arguments_raise_the_functions_errors(impl, call, exc, msg):
    with pytest.raises(exc, match=msg):
        call(IMPLS[impl])


def test_the_callers_use_the_bound_pass():
    """verify, stats and export go through the one Pass of the automatic rules (built once),
    and explicit rules get their own (cached per Rules object)."""
    from riichi_fast import _backend
    from riichi_fast.records.verify_files import _fast, _fast_for, resolve_rules
    from riichi_fast.stats._mjlog_export import ExportRows
    from riichi_fast.stats._mjlog_counts import RowStats

    cls = _backend.load("records.mjlog._scan").Pass  # the twin's under RIICHI_FAST_PUREPYTHON=1
    p = _fast()
    assert isinstance(p, cls) and _fast() is p
    assert RowStats().fn.__self__ is p and ExportRows().fn.__self__ is p
    rules = resolve_rules("tenhou")
    q = _fast_for(rules)
    assert isinstance(q, cls) and q is not p and _fast_for(rules) is q


# ---------------------------------------------------------------------------
# The fold's player-name cache (stats._fold.Fold._name)
# ---------------------------------------------------------------------------

def _with_names(data: bytes, names: list[bytes]) -> bytes:
    """``data`` with the names of its first ``<UN>`` replaced (already %-quoted bytes)."""
    def repl(m):
        tag = m.group(0)
        for k, name in enumerate(names):
            tag = re.sub(rb'\bn%d="[^"]*"' % k, b'n%d="' % k + name + b'"', tag)
        return tag
    return re.sub(rb"<UN\s[^>]*>", repl, data, count=1)


def test_names_that_share_a_prefix_or_swap_seats_stay_apart(records):
    """Names of different lengths sharing a prefix, one name empty, the same names on
    other seats: compiled fold == twin fold, and each name its own player row."""
    from riichi_fast.reference.stats import fold as stats_fold
    from riichi_fast.stats import _fold

    base = next(d for d in records if _players(d) == 4 and _mjlog.Pass(TABLES).verify(d)[0] == 0)
    sets = [[b"%41", b"%41%42", b"%41%42%43", b"%42"],
            [b"%41%42", b"%41", b"%42", b"%41%42%43"],
            [b"", b"%41", b"%43", b"%42"],
            [b"%41%42%43", b"%43", b"%41", b"%41%42"]]
    c, t = _fold.Fold(), stats_fold.Fold()
    p = _mjlog.Pass(TABLES)
    rows = np.zeros((400, SW), dtype=np.int32)
    for names in sets:
        data = _with_names(base, names)
        status, end = p.stats(data, rows, 0, 0)
        assert status == 0
        c.add(data, rows, end)
        t.add(data, rows, end)
    got, want = c.take(), t.take()
    assert got[:7] == want[:7] and (got[7] == want[7]).all()
    keys = got[6]
    assert sorted(keys) == sorted({b"%41", b"%41%42", b"%41%42%43", b"%42", b"", b"%43"})
    games = dict(zip(keys, got[7][:, 0].tolist()))
    assert games == {b"%41": 4, b"%41%42": 3, b"%41%42%43": 3, b"%42": 3, b"": 1, b"%43": 2}


def test_stub_declares_the_pass():
    stub = Path(_mjlog.__file__).with_name("_scan.pyi").read_text()
    for name in ("class Pass", "def verify(self, data", "def stats(self, data", "def export(self, data"):
        assert name in stub
    for name in ("verify", "stats", "export"):
        assert callable(getattr(_mjlog.Pass, name)) and callable(getattr(twin.Pass, name))
    assert importlib.import_module("riichi_fast.reference.records.mjlog.scan").Pass is twin.Pass


# ---------------------------------------------------------------------------
# Draws and discards: "<T12/>" is read before the tokenizer, any other spelling by it
# ---------------------------------------------------------------------------

_STEP = re.compile(rb"<([TUVWDEFG])([0-9]+)/>")


def _nth_step(data: bytes, k: int, repl: bytes) -> bytes:
    """``data`` with its k-th draw or discard tag written ``repl % (letter, digits)``."""
    m = list(_STEP.finditer(data))[k]
    return data[:m.start()] + repl % (m.group(1), m.group(2)) + data[m.end():]


@pytest.mark.parametrize("repl,same", [
    (rb"<%s0%s/>", True),               # a leading zero: the same tile
    (rb"<%s0000000000%s/>", True),      # ten of them (no overflow on the way)
    (rb"<%s%s />", True),               # a space before "/>": the tokenizer's form
    (b"<%s%s\n/>", True),
    (b"\n <%s%s/>\r\n", True),       # white space between tags (a pretty-printed record)
    (rb"<%s%s9999999999/>", False),     # no such tile (the number past any int)
    (rb"<%s%s0/>", False),              # another tile: not in the hand
    (rb"<%s%sx/>", False),              # not a draw or a discard tag: unknown
    (rb"<%s %s/>", False),              # a name then a bare word: not well-formed
    (rb"<%s%s/ >", False),              # "/ >": not well-formed
    (rb"<%s%s>", False),                # an open tag: not the plain form
    (rb"<%s%s/>x", False),              # text after it
])
@pytest.mark.parametrize("k", [0, 1, 57, -1])
def test_draw_and_discard_spellings_read_as_the_twin_does(records, repl, same, k):
    p = _mjlog.Pass(TABLES)
    base = next(d for d in records if _players(d) == 4 and p.verify(d)[0] == 0)
    data = _nth_step(base, k, repl)
    params, settings = TABLES[4]
    got = _mjlog.verify_mjlog(data, params, **settings)
    assert got == p.verify(data) == twin.verify_mjlog(data, params, **settings)
    assert (got == p.verify(base)) == same
    every = _STEP.sub(lambda m: repl % (m.group(1), m.group(2)), base)  # every one of them
    assert (p.verify(every) == p.verify(base)) == same
    if same:
        assert twin.verify_mjlog(every, params, **settings) == p.verify(base)


# ---------------------------------------------------------------------------
# A win's yaku against the record (the compiled path tests only the ids set in either mask)
# ---------------------------------------------------------------------------

_AGARI = re.compile(rb"<AGARI\s[^>]*/>")


def _yaku_edits(tag: bytes):
    """Edits of one <AGARI> tag's yaku the verifier must refuse, by name."""
    m = re.search(rb'\byaku="([^"]*)"', tag)
    if m is None:  # a yakuman win
        y = re.search(rb'\byakuman="([^"]*)"', tag)
        yield "yakuman dropped", tag.replace(y.group(0), b'yakuman=""')
        yield "yakuman added", tag.replace(y.group(0), y.group(0)[:-1] + b',47"')
        return
    pairs = m.group(1).split(b",")
    yield "yakuman added", tag.replace(b"<AGARI ", b'<AGARI yakuman="39" ', 1)
    plain = [i for i in range(0, len(pairs), 2) if pairs[i] not in (b"52", b"53", b"54")]
    k = plain[0]
    yield "yaku dropped", tag.replace(m.group(0), b'yaku="' + b",".join(pairs[:k] + pairs[k + 2:]) + b'"')
    other = b"8" if pairs[k] != b"8" else b"9"  # another one-han yaku in place of this one
    yield "yaku swapped", tag.replace(m.group(0), b'yaku="' + b",".join(pairs[:k] + [other] + pairs[k + 1:]) + b'"')
    yield "yaku added", tag.replace(m.group(0), m.group(0)[:-1] + b',25,2"')


def test_a_wins_yaku_edited_is_refused_as_the_twin_refuses(records):
    p = _mjlog.Pass(TABLES)
    picked = [d for d in records if _players(d) == 4 and p.verify(d)[0] == 0][:3]
    yakuman = next(d for d in records if _players(d) == 4 and p.verify(d)[0] == 0
                   and b"yakuman=" in d)
    seen = set()
    for data in picked + [yakuman]:
        for tag in _AGARI.findall(data):
            if data is yakuman and b"yakuman=" not in tag:
                continue
            for name, edited in _yaku_edits(tag):
                bad = data.replace(tag, edited, 1)
                params, settings = TABLES[4]
                assert p.verify(bad) == (1, 0, 0, 0), name
                assert twin.verify_mjlog(bad, params, **settings) == (1, 0, 0, 0), name
                seen.add(name)
            break  # the first win of each game
    assert seen == {"yakuman added", "yakuman dropped", "yaku dropped", "yaku swapped", "yaku added"}
