"""The fold of the statistics rows: compiled (``stats._fold``) == twin (``reference.stats_fold``)
== the record model's :meth:`Stats.add_game`, and bad rows give our error, never a crash."""

import ast
import gzip
import importlib
import inspect
import random
from pathlib import Path

import numpy as np
import pytest

from riichi_fast.records.mjlog import _scan as _mjlog
from riichi_fast.errors import RiichiError
from riichi_fast.records.verify_files import _players, fast_settings, params_rows
from riichi_fast.rules import config
from riichi_fast.stats import Stats, _counts, _mjlog_counts as _fast, stats_of_files

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
MODULES = {"reference": "riichi_fast.reference.stats.fold", "cython": "riichi_fast.stats._fold"}
SCANS = {"reference": "riichi_fast.reference.records.mjlog.scan", "cython": "riichi_fast.records.mjlog._scan"}


@pytest.fixture(params=sorted(MODULES))
def fold_mod(request):
    return importlib.import_module(MODULES[request.param])


@pytest.fixture(params=sorted(SCANS))
def scan_mod(request):
    return importlib.import_module(SCANS[request.param])


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def rows_of(data: bytes, capacity: int = 400):
    """(rows, end) of one game by the compiled reader, or None when it declines the game."""
    base = config.TENHOU_3P if _players(data) == 3 else config.TENHOU
    rows = np.zeros((capacity, _fast.ROW_WIDTH), dtype=np.int32)
    status, end = _mjlog.stats_mjlog(data, params_rows(base), rows, 0, 0, **fast_settings(base))
    return (rows, end) if status == 0 else None


@pytest.fixture(scope="module")
def games():
    """(path, data, rows, end) of every bundled mjlog the compiled path takes."""
    out = []
    for p in MJLOG:
        data = xml(p)
        got = rows_of(data)
        if got is not None:
            out.append((p, data, *got))
    assert len(out) >= len(MJLOG) - 2 and any("3p" in str(g[0]) for g in out)
    return out


def _same(a, b):
    """Two ``take()`` results equal, value for value (the player table as an int64 array)."""
    assert a[:7] == b[:7]
    assert a[7].dtype == b[7].dtype == np.int64 and a[7].shape == b[7].shape
    assert (a[7] == b[7]).all()


def test_compiled_fold_equals_twin_on_every_bundled_record(games):
    from riichi_fast.reference.stats import fold as stats_fold
    from riichi_fast.stats import _fold

    c, t = _fold.Fold(), stats_fold.Fold()
    for _, data, rows, end in games:
        c.add(data, rows, end)
        t.add(data, rows, end)
    got, want = c.take(), t.take()
    _same(got, want)
    corpus = dict(zip(_fold.CORPUS_KEYS, got[0]))
    assert corpus["games"] == len(games) and corpus["wins"] > 900 and corpus["yakuman"] > 0
    assert sum(got[1]) > 100 and len(got[6]) > 300
    assert len(got[4]) > 32 and len(got[5]) > 32  # both hash maps grew past their first 64 slots
    _same(c.take(), stats_fold.Fold().take())  # take() started it again from zero
    assert _fold.PLAYER_KEYS == stats_fold.PLAYER_KEYS == _counts.PLAYER_KEYS
    assert _fold.CORPUS_KEYS == stats_fold.CORPUS_KEYS and _fold.ROW_WIDTH == stats_fold.ROW_WIDTH


@pytest.mark.parametrize("three", [False, True], ids=["4p", "3p"])
def test_fold_equals_the_model_path(fold_mod, games, three):
    """Both folds, through take_into, give what Stats.add_game gives from the full reader."""
    picked = [g for g in games if ("3p" in str(g[0])) == three]
    f = fold_mod.Fold()
    for _, data, rows, end in picked:
        f.add(data, rows, end)
    s = Stats()
    f.take_into(s)
    assert s._pending and not s._players and s.games == len(picked)
    want = stats_of_files([str(g[0]) for g in picked], fast=False)
    assert s.state() == want.state() and s.to_dict() == want.to_dict()
    before = s.state()
    f.take_into(s)  # nothing more: nothing added
    assert s.state() == before


@pytest.mark.parametrize("capacity", [4, 256])
def test_row_stats_on_the_twin_fold_equals_the_model_path(monkeypatch, capacity):
    """RowStats with the twin fold (what RIICHI_FAST_PUREPYTHON=1 uses); capacity 4: every game
    fills the rows array (status 3), which is grown and the game read again."""
    from riichi_fast.reference.stats import fold as stats_fold

    monkeypatch.setattr(_fast, "_fold", stats_fold)
    rows = _fast.RowStats(capacity=capacity)
    assert isinstance(rows.fold, stats_fold.Fold)
    taken = [str(p) for p in MJLOG if rows.add(xml(p))]
    assert len(taken) >= len(MJLOG) - 2 and (len(rows.rows) > capacity) == (capacity == 4)
    assert rows.flush(Stats()) == stats_of_files(taken, fast=False)


def test_placements_ties_go_to_the_earlier_seat(fold_mod, games):
    _, data, rows, end = next(g for g in games if "3p" not in str(g[0]))
    rows = rows.copy()
    for finals, places in (([300, 300, 200, 200], [1, 2, 3, 4]), ([100, 200, 200, 100], [3, 1, 2, 4]),
                           ([-5, -5, -5, -5], [1, 2, 3, 4]), ([0, 10, 0, 20], [3, 2, 4, 1])):
        rows[end - 1, 3:7] = finals
        rows[end - 1, 9] = -1  # no names: the players are "seat 0" .. "seat 3"
        f = fold_mod.Fold()
        f.add(data, rows, end)
        keys, table = f.take()[6:]
        assert keys == ["seat 0", "seat 1", "seat 2", "seat 3"]
        assert table[:, 13].tolist() == places and table[:, 14].tolist() == finals
        assert [table[i, 14 + places[i]] for i in range(4)] == [1] * 4


# ---------------------------------------------------------------------------
# bad rows, bad arguments
# ---------------------------------------------------------------------------

def _last(rows, end):
    return end - 1


def _first_kind(kind):
    def at(rows, end):
        return int(np.flatnonzero(rows[:end, 0] == kind)[0])
    return at


BAD_ROWS = [  # (row picker, column, value, message fragment)
    (_last, 0, 2, "the last row of a game must be its game row (kind 3), got kind 2"),
    (_last, 2, 5, "players must be 3 or 4, got 5"),
    (_last, 8, -3, "name 0 at -3+"),
    (_last, 9, 1 << 30, "is outside the"),
    (_first_kind(1), 0, 7, "kind 7 is not 1 (round) or 2 (win)"),
    (_first_kind(1), 0, -1, "kind -1 is not 1 (round) or 2 (win)"),
    (_first_kind(1), 1, 9, "game index 9, not the game row's 0"),
    (_first_kind(1), 5, 7, "draw kind 7 is not in -1-6"),
    (_first_kind(2), 1, -1, "game index -1, not the game row's 0"),
    (_first_kind(2), 2, 4, "winner 4 is not a seat of 4"),
    (_first_kind(2), 2, -1, "winner -1 is not a seat of 4"),
    (_first_kind(2), 3, 4, "discarder 4 is not -1 or a seat of 4"),
    (_first_kind(2), 8, -2, "pao seat -2 is not -1 or a seat of 4"),
    (_first_kind(2), 15, 5, "wait shape 5 is not in -1-4"),
    (_first_kind(2), 7, 6, "limit 6 is not in 0-5"),
    (_first_kind(2), 4, -7, "han -7 or fu"),
    (_first_kind(2), 5, 1 << 20, "out of range"),
]


@pytest.mark.parametrize("pick,col,value,msg", BAD_ROWS, ids=[b[3][:28] for b in BAD_ROWS])
def test_bad_rows_raise_our_error_and_count_nothing(fold_mod, games, pick, col, value, msg):
    _, data, rows, end = next(g for g in games if "3p" not in str(g[0])
                              and g[2][_first_kind(2)(g[2], g[3]), 11] == 0)  # a first win not yakuman
    f = fold_mod.Fold()
    f.add(data, rows, end)
    bad = rows.copy()
    bad[pick(bad, end), col] = value
    with pytest.raises(RiichiError, match=msg.replace("(", r"\(").replace(")", r"\)").replace("+", r"\+")):
        f.add(data, bad, end)
    clean = fold_mod.Fold()
    clean.add(data, rows, end)
    _same(f.take(), clean.take())  # the bad game left no trace


def test_a_yakuman_row_takes_any_han_fu_and_limit(fold_mod, games):
    _, data, rows, end = games[0]
    rows = rows.copy()
    w = int(np.flatnonzero(rows[:end, 0] == 2)[0])
    rows[w, 11] = 1
    rows[w, 4] = rows[w, 5] = rows[w, 7] = -1
    f = fold_mod.Fold()
    f.add(data, rows, end)
    assert f.take()[0][7] >= 1


@pytest.mark.parametrize("args,msg", [
    (("x", None, 1), "data must be bytes, got str"),
    ((bytearray(b"<"), None, 1), "data must be bytes, got bytearray"),
    ((b"<", np.zeros((4, 16), dtype=np.int64), 1), "rows must be a C-contiguous int32 array of 16 columns"),
    ((b"<", np.zeros((4, 15), dtype=np.int32), 1), "rows must be a C-contiguous int32 array of 16 columns"),
    ((b"<", np.zeros((16, 4), dtype=np.int32).T, 1), "rows must be a C-contiguous int32 array"),
    ((b"<", np.zeros(16, dtype=np.int32), 1), "rows must be a C-contiguous int32 array"),
    ((b"<", [[0] * 16], 1), "rows must be a C-contiguous int32 array"),
    ((b"<", None, 1), "rows must be a C-contiguous int32 array"),
    ((b"<", np.zeros((4, 16), dtype=np.int32), 0), "end must be an int in 1-4, got 0"),
    ((b"<", np.zeros((4, 16), dtype=np.int32), 5), "end must be an int in 1-4, got 5"),
    ((b"<", np.zeros((4, 16), dtype=np.int32), 1 << 70), "end must be an int in 1-4, got 1180591620717411303424"),
    ((b"<", np.zeros((4, 16), dtype=np.int32), 2.0), "end must be an int in 1-4, got 2.0"),
    ((b"<", np.zeros((4, 16), dtype=np.int32), True), "end must be an int in 1-4, got True"),
    ((b"<", np.zeros((4, 16), dtype=np.int32), 1), "the last row of a game must be its game row"),
])
def test_bad_arguments_raise_our_error(fold_mod, args, msg):
    f = fold_mod.Fold()
    with pytest.raises(RiichiError, match=msg.replace("(", r"\(").replace(")", r"\)")):
        f.add(*args)
    assert f.take()[0] == [0] * 8


def test_take_into_wants_a_stats(fold_mod, games):
    _, data, rows, end = games[0]
    f = fold_mod.Fold()
    with pytest.raises(RiichiError, match="stats must be a riichi_fast.stats.Stats, got dict"):
        f.take_into({})
    f.add(data, rows, end)
    s = Stats()
    s.yaku = []
    with pytest.raises(RiichiError, match="stats.yaku must be a dict, got list"):
        f.take_into(s)
    assert s.games == 0
    t = Stats()
    f.take_into(t)  # the totals were kept
    assert t.games == 1


def test_stub_names_both_and_the_twin_signatures_match():
    stub = Path(_fast.__file__).with_name("_fold.pyi")
    tree = ast.parse(stub.read_text())
    from riichi_fast.reference.stats import fold as stats_fold
    from riichi_fast.stats import _fold

    names = [n.targets[0].id if isinstance(n, ast.Assign) else getattr(n, "name", None)
             or n.target.id for n in tree.body if not isinstance(n, (ast.Import, ast.Expr))]
    assert set(names) == {"ROW_WIDTH", "PLAYER_KEYS", "CORPUS_KEYS", "Fold"}
    for name in names:
        assert hasattr(_fold, name) and hasattr(stats_fold, name), name
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    for fn in cls.body:
        params = [a.arg for a in fn.args.args]
        assert hasattr(_fold.Fold, fn.name), fn.name
        assert list(inspect.signature(getattr(stats_fold.Fold, fn.name)).parameters) == params


def test_the_same_rows_array_again_and_another(fold_mod, games):
    """The compiled fold keeps the view of the array it was last given: a new array, even a
    bad one, is looked at again."""
    _, data, rows, end = games[0]
    f = fold_mod.Fold()
    f.add(data, rows, end)
    with pytest.raises(RiichiError, match="rows must be a C-contiguous int32 array"):
        f.add(data, rows.astype(np.int64), end)
    with pytest.raises(RiichiError, match=f"end must be an int in 1-{len(rows)}, got {len(rows) + 1}"):
        f.add(data, rows, len(rows) + 1)
    f.add(data, rows.copy(), end)
    f.add(data, rows, end)
    assert f.take()[0][0] == 3


# ---------------------------------------------------------------------------
# players(): the <GO type> three-player bit, in C
# ---------------------------------------------------------------------------

GO_CASES = [
    (b'<mjloggm><GO type="185" lobby="0"/>', 3),
    (b'<mjloggm><GO type="169"/>', 4),
    (b"<GO type='16'>", 3),
    (b"<GO type='16\">", 3),  # the quotes need not match (as the regular expression)
    (b'<GO  lobby="1" type = "17" >', 3),
    (b'<GO\ntype=\n"16"', 3),
    (b'<GO xtype="16">', 4),  # no word boundary
    (b'<GO a="1>" type="16">', 4),  # a ">" before type
    (b'<GO type="">', 4),
    (b'<GO type="1234567890">', 4),  # ten digits
    (b'<GO type="123456784">', 3),  # nine: 123456784 & 16
    (b'<GO type=16>', 4),
    (b'<GOtype="16">', 4),
    (b'<GO type="16"', 3),
    (b'<GO type="16', 4),
    (b'<G', 4),
    (b"", 4),
    (b'<GO type="0"><GO type="16">', 4),  # only the first <GO
    (b'<G<GO type="16">', 3),
    (b"x" * 16381 + b'<GO type="16">', 3),
    (b"x" * 16382 + b'<GO type="16">', 4),  # not wholly in the first 16384 bytes
    (b"x" * 16381 + b'<GO ' + b"y" * 20000 + b' type="16">', 3),
]


@pytest.mark.parametrize("data,want", GO_CASES, ids=range(len(GO_CASES)))
def test_players_reads_the_go_type_as_the_regular_expression(scan_mod, data, want):
    assert scan_mod.players(data) == _players(data) == want


def test_players_on_every_bundled_record_and_random_bytes(scan_mod):
    got = [scan_mod.players(xml(p)) for p in MJLOG]
    assert got == [_players(xml(p)) for p in MJLOG] and got.count(3) == len(list(DATA.glob("tenhou-mjlog-3p/*")))
    rng = random.Random(10)
    parts = [b"<", b"G", b"O", b" ", b"\t", b">", b"type", b"=", b'"', b"'", b"1", b"6", b"x", b"_",
             b"<GO ", b'type="16"', b"9999999999"]
    for _ in range(3000):
        data = b"".join(rng.choice(parts) for _ in range(rng.randint(0, 12)))
        assert scan_mod.players(data) == _players(data), data
    with pytest.raises(RiichiError, match="data must be bytes, got str"):
        scan_mod.players("<GO")
