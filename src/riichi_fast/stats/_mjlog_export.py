"""The compiled export path: Tenhou mjlog records read once in C, written as columns.

``riichi_fast.records.mjlog._scan.export_mjlog`` reads and replays a mjlog as the compiled
``verify`` does, with every structural check (tiles, melds, tags, a win's hand
against the replay) but without re-scoring or settling anything (the rows are
the record's own values, which the model path writes as they are), and writes
int32 rows of the five export tables (one per round, win, draw and
game, ``EX_WIDTH`` columns: its docstring gives the layout; the closed tiles
and melds as mpsz text bytes inside the win row) into an array.
:class:`ExportRows` fills that array over many files and cuts it into
columns with numpy (:class:`Columns`): Arrow arrays straight from the numpy
buffers for Parquet and for CSV through ``pyarrow.csv``, plain lists for the
``csv`` module when pyarrow is not installed.  Any file the compiled path
declines (another format, a damaged record, what the compiled replay does not
cover, an archive) goes through the record model
(:func:`riichi_fast.stats._tables.game_tables`); the parts are written in
input order, so the files are the same either way.
"""

from __future__ import annotations

import os
from itertools import pairwise

import numpy as np

from riichi_fast import _backend
from riichi_fast.errors import RiichiError
from riichi_fast.records.errors import RecordError
from riichi_fast.records.model import tiles_mpsz
from riichi_fast.records.sources import starts_xml
from riichi_fast.records.verify_files import _fast, parse_record
from riichi_fast.stats._counts import DRAW_KEYS
from riichi_fast.stats._mjlog_counts import read_bytes
from riichi_fast.stats._tables import SEATS, empty_tables, extend_tables, game_tables, tables_of_files

_csvtext = _backend.load("stats._csvtext")

__all__ = ["EX_WIDTH", "Columns", "Cut", "ExportRows", "columns", "export_segments", "read_files"]

EX_WIDTH = 104
"""int32 columns of a row of ``records.mjlog._scan.export_mjlog``."""
_ROWS = 1 << 13  # 3.4 MB: about 450 games; a step (ROWS_PER_STEP hands) is about half
_DRAWS = tuple(DRAW_KEYS.values())
_RESULTS = ("win", "draw", "none")
_SEAT = np.arange(4)
_YAKU, _MAX_YAKU = 28, 40
_CLOSED, _CLOSED_BYTES = 68 * 4, 24
_MELDS, _MELDS_BYTES = 74 * 4, 112
_NAMES, _NAME_BYTES, _NAME_LEN = 42 * 4, 48, 90


_TILES = [tiles_mpsz([t], True) for t in range(136)] + [tiles_mpsz([t], False) for t in range(136)]
"""mpsz of each 136-id, red fives shown (0-135) then not (136-271)."""


class Columns:
    """One cut of compiled rows as columns: ``cols[table][column]`` is one of
    ``("i", int64 values, valid mask or None)``, ``("b", bools)``, ``("s", choices, index)``
    (index -1: null), ``("t", utf-8 bytes, int32 offsets, index)`` (text; ``index`` None:
    each string once, in order, else the strings taken, -1: null) or
    ``("l", int32 values, int32 offsets)`` (lists of ints)."""

    __slots__ = ("_blobs", "_choices", "cols", "hands", "inserts")

    def __init__(self, cols: dict, hands: int) -> None:
        self.cols = cols
        self.hands = hands
        self._choices: dict = {}  # id(choices) -> (choices, Arrow array): made once
        self._blobs: dict = {}  # id(choices) -> (choices, UTF-8 blob, int64 offsets): made once
        self.inserts: list = []
        """``(k, tables)``: the model's tables of a file placed before game ``k`` (see
        :meth:`ExportRows.insert`)."""

    def split(self, name: str) -> list:
        """The table ``name`` in order: ``(start, stop)`` row ranges of these columns and
        the inserted tables' ``{column: values}`` between them."""
        if not self.inserts:
            return [(0, len(self.cols[name]["game_id"][2]))]
        games = self.cols[name]["game_id"][2]  # ascending
        out, at = [], 0
        for k, tables in self.inserts:
            b = int(np.searchsorted(games, k))
            if b > at:
                out.append((at, b))
            out.append(tables[name])
            at = b
        if at < len(games):
            out.append((at, len(games)))
        return out

    def arrow(self, pa, name: str, schema):
        """The table ``name`` as a ``pyarrow.Table`` of ``schema``, every array made from
        the numpy buffers (``Array.from_buffers``: no per-value conversion, unlike
        ``pyarrow.array`` with a mask, and no pandas import)."""
        arrays = []
        int64, string = pa.int64(), pa.string()
        choices = self._choices
        for field in schema:
            col = self.cols[name][field.name]
            kind = col[0]
            if kind == "i":
                arrays.append(_arrow_ints(pa, int64, col[1], col[2]))
            elif kind == "b":
                b = np.ascontiguousarray(col[1], dtype=bool)
                arrays.append(pa.Array.from_buffers(pa.bool_(), len(b), [None, _bits(pa, b)], null_count=0))
            elif kind == "s":  # the choices (the paths: in every table) made into Arrow once
                key = id(col[1])
                if key not in choices:
                    raw = [str(x).encode("utf-8") for x in col[1]]
                    off = np.zeros(len(raw) + 1, dtype=np.int32)
                    np.cumsum([len(x) for x in raw], out=off[1:])
                    choices[key] = (col[1], pa.Array.from_buffers(
                        string, len(raw), [None, pa.py_buffer(off), pa.py_buffer(b"".join(raw))], null_count=0))
                arrays.append(choices[key][1].take(_arrow_index(pa, col[2])))
            elif kind == "t":
                text = pa.Array.from_buffers(string, len(col[2]) - 1,
                                             [None, pa.py_buffer(col[2]), pa.py_buffer(col[1])], null_count=0)
                idx = col[3]
                arrays.append(text if idx is None else text.take(_arrow_index(pa, idx)))
            else:
                values = np.ascontiguousarray(col[1], dtype=np.int32)
                off = np.ascontiguousarray(col[2], dtype=np.int32)
                arrays.append(pa.ListArray.from_arrays(
                    pa.Array.from_buffers(pa.int32(), len(off), [None, pa.py_buffer(off)], null_count=0),
                    pa.Array.from_buffers(pa.int32(), len(values), [None, pa.py_buffer(values)], null_count=0)))
        return pa.Table.from_arrays(arrays, schema=schema)

    def csv_text(self, name: str, columns: list[str], start: int, stop: int) -> bytes | None:
        """Rows ``start``-``stop`` of the table ``name`` as CSV lines (the csv module's bytes),
        written in C (``stats._csvtext``, twin ``reference.stats.csvtext``), or None when a text needs quotes."""
        blobs = self._blobs
        specs = []
        for c in columns:
            col = self.cols[name][c]
            kind = col[0]
            if kind == "i":
                valid = None if col[2] is None else np.ascontiguousarray(col[2]).view(np.uint8)
                specs.append(("i", np.ascontiguousarray(col[1], dtype=np.int64), valid))
            elif kind == "b":
                specs.append(("b", np.ascontiguousarray(col[1]).view(np.uint8)))
            elif kind == "s":
                key = id(col[1])
                if key not in blobs:
                    raw = [str(x).encode("utf-8") for x in col[1]]
                    off = np.zeros(len(raw) + 1, dtype=np.int64)
                    np.cumsum([len(x) for x in raw], out=off[1:])
                    blobs[key] = (col[1], b"".join(raw), off)
                specs.append(("s", blobs[key][1], blobs[key][2], np.ascontiguousarray(col[2], dtype=np.int64)))
            elif kind == "t":
                idx = None if col[3] is None else np.ascontiguousarray(col[3], dtype=np.int64)
                specs.append(("t", col[1], np.ascontiguousarray(col[2], dtype=np.int32), idx))
            else:
                specs.append(("l", np.ascontiguousarray(col[1], dtype=np.int32),
                              np.ascontiguousarray(col[2], dtype=np.int32)))
        return _csvtext.csv_text(specs, start, stop)

    def lists(self, name: str, columns: list[str]) -> dict[str, list]:
        """The table ``name`` as plain column lists (what ``game_tables`` gives)."""
        out = {}
        for c in columns:
            col = self.cols[name][c]
            kind = col[0]
            if kind == "i":
                values = col[1].tolist()
                if col[2] is not None:
                    values = [v if ok else None for v, ok in zip(values, col[2].tolist())]
            elif kind == "b":
                values = col[1].tolist()
            elif kind == "s":
                choices = list(col[1])
                values = [choices[i] if i >= 0 else None for i in col[2].tolist()]
            elif kind == "t":
                raw, off = col[1], col[2].tolist()
                values = [raw[a:b].decode("utf-8") for a, b in pairwise(off)]
                if col[3] is not None:
                    values = [values[i] if i >= 0 else None for i in col[3].tolist()]
            else:
                v, off = col[1].tolist(), col[2].tolist()
                values = [v[a:b] for a, b in pairwise(off)]
            out[c] = values
        return out


def _bits(pa, mask):
    """A bool array as an Arrow bitmap buffer."""
    return pa.py_buffer(np.packbits(mask, bitorder="little"))


def _arrow_ints(pa, typ, values, valid):
    """int64 ``values`` (null where ``valid`` is False; None: none) as an Arrow array."""
    values = np.ascontiguousarray(values, dtype=np.int64)
    nulls = 0 if valid is None else len(values) - int(np.count_nonzero(valid))
    bitmap = _bits(pa, np.ascontiguousarray(valid, dtype=bool)) if nulls else None
    return pa.Array.from_buffers(typ, len(values), [bitmap, pa.py_buffer(values)], null_count=nulls)


def _arrow_index(pa, idx):
    """Take indices (-1: null) as an Arrow int64 array."""
    return _arrow_ints(pa, pa.int64(), idx, idx >= 0)


def _gather(flat, starts, lengths):
    """``flat[starts[i]:starts[i] + lengths[i]]`` for every ``i``, one after another, and the
    offsets of the pieces (work in the values taken, not in the slots' width)."""
    off = _offsets(lengths)
    idx = np.repeat(starts - off[:-1], lengths)
    idx += np.arange(len(idx))
    return flat[idx], off


def _text(rows, which, at: int, lengths, idx=None):
    """The text slots from byte ``at`` of the rows ``which`` of ``rows``, cut to ``lengths``:
    ``("t", data, offsets, idx)``."""
    data, off = _gather(rows.view(np.uint8).ravel(), which * (4 * EX_WIDTH) + at, lengths)
    return ("t", data.tobytes(), off, idx)


def _basenames(paths: list[str]) -> list[str]:
    if os.sep == "/" and os.altsep is None:  # os.path.basename of a str, without its calls
        return [p[p.rfind("/") + 1:] for p in paths]
    return [os.path.basename(p) for p in paths]  # pragma: no cover - Windows


def _offsets(counts):
    off = np.zeros(len(counts) + 1, dtype=np.int32)
    np.cumsum(counts, out=off[1:])
    return off


def _seat_list(masks, n):
    """Per row the seats (ascending) whose bit is set in ``masks``: ``("l", values, offsets)``."""
    bits = (masks[:, None] >> _SEAT[None, :]) & 1 & (_SEAT[None, :] < n[:, None])
    bits = bits.astype(bool)
    values = np.broadcast_to(_SEAT, bits.shape)[bits].astype(np.int32)
    return ("l", values, _offsets(bits.sum(axis=1)))


def _ints(values, valid=None):
    return ("i", values.astype(np.int64), valid)


def columns(rows, paths: list[str]) -> Columns:
    """The columns of ``rows`` (complete games, tagged 0..len(paths)-1) of the files ``paths``
    (what :meth:`ExportRows.take_rows` gives)."""
    kind = rows[:, 0]
    H, D = rows[kind == 1, :16], rows[kind == 3, :13]  # only what they use is copied
    wi = np.flatnonzero(kind == 2)
    W, G = rows[wi, :_YAKU], rows[kind == 4]  # the wins' yaku and text: taken from rows itself
    n_games = len(paths)
    n = G[:, 2]  # players per game
    game_id = ("s", paths, np.arange(n_games))
    cols: dict = {}

    def per_game(x):
        return ("s", paths, x[:, 1])

    def seats(x, first, valid):
        return {i: _ints(x[:, first + i], valid[:, i]) for i in range(SEATS)}

    # games: the names of every seat of every game, one text (taken per seat, -1: null)
    in_game = _SEAT[None, :] < n[:, None]
    lengths = G[:, _NAME_LEN:_NAME_LEN + SEATS]
    name_idx = np.where(in_game & (lengths >= 0), np.arange(n_games * SEATS).reshape(n_games, SEATS), -1)
    name_len = np.maximum(lengths.ravel(), 0)
    starts = (np.arange(n_games)[:, None] * (4 * EX_WIDTH) + _NAMES + _SEAT[None, :SEATS] * _NAME_BYTES).ravel()
    name_data, name_off = _gather(G.view(np.uint8).ravel(), starts, name_len)
    name_data = name_data.tobytes()

    def name_col(idx):
        return ("t", name_data, name_off, idx)
    cols["games"] = {
        "game_id": game_id, "source": ("s", _basenames(paths), np.arange(n_games)),
        "format": ("s", ["mjlog"], np.zeros(n_games, dtype=np.int64)), "n_players": _ints(n),
        "hanchan": ("b", G[:, 3] != 0), "red_fives": ("b", G[:, 4] != 0), "hands": _ints(G[:, 5]),
        **{f"player_{i}": name_col(name_idx[:, i]) for i in range(SEATS)},
        **{f"final_{i}": c for i, c in seats(G, 6, in_game).items()},
        **{f"place_{i}": c for i, c in seats(G, 18, in_game).items()},
    }
    # hands
    nh = n[H[:, 1]][:, None] > _SEAT[None, :]
    cols["hands"] = {
        "game_id": per_game(H), "hand": _ints(H[:, 2]), "round_wind": _ints(H[:, 3]),
        "kyoku": _ints(H[:, 4]), "honba": _ints(H[:, 5]), "riichi_sticks": _ints(H[:, 6]),
        "dealer": _ints(H[:, 7]),
        "result": ("s", _RESULTS, np.where(H[:, 8] > 0, 0, np.where(H[:, 9] >= 0, 1, 2))),
        "wins": _ints(H[:, 8]), "draw_kind": ("s", _DRAWS, H[:, 9]),
        **{f"start_{i}": c for i, c in seats(H, 10, nh).items()},
    }
    # wins
    nw = n[W[:, 1]][:, None] > _SEAT[None, :]
    red = G[W[:, 1], 4] != 0
    yakuman = W[:, 15] != 0
    n_yaku = W[:, 24]
    yaku, yaku_off = _gather(rows.ravel(), wi * EX_WIDTH + _YAKU, n_yaku)
    cols["wins"] = {
        "game_id": per_game(W), "hand": _ints(W[:, 2]), "round_wind": _ints(W[:, 3]),
        "kyoku": _ints(W[:, 4]), "honba": _ints(W[:, 5]), "winner": _ints(W[:, 6]),
        "from_seat": _ints(W[:, 7]), "tsumo": ("b", W[:, 8] != 0), "multi_ron_index": _ints(W[:, 9]),
        "closed": _text(rows, wi, _CLOSED, W[:, 25]),
        "melds": _text(rows, wi, _MELDS, W[:, 26]),
        "win_tile": ("s", _TILES, W[:, 10] + np.where(red, 0, 136)),
        "han": _ints(W[:, 11], ~yakuman), "fu": _ints(W[:, 12]), "points": _ints(W[:, 13]),
        "limit": _ints(W[:, 14]), "yakuman": ("b", yakuman), "yaku": ("l", yaku, yaku_off),
        "dora": _ints(W[:, 16]), "ura": _ints(W[:, 17]), "aka": _ints(W[:, 18]),
        "pao": _ints(W[:, 19], W[:, 19] >= 0),
        **{f"delta_{i}": c for i, c in seats(W, 20, nw).items()},
    }
    # draws
    nd_n = n[D[:, 1]]
    nd = nd_n[:, None] > _SEAT[None, :]
    cols["draws"] = {
        "game_id": per_game(D), "hand": _ints(D[:, 2]), "round_wind": _ints(D[:, 3]),
        "kyoku": _ints(D[:, 4]), "honba": _ints(D[:, 5]), "kind": ("s", _DRAWS, D[:, 6]),
        "tenpai": _seat_list(D[:, 7], nd_n), "nagashi": _seat_list(D[:, 8], nd_n),
        **{f"delta_{i}": c for i, c in seats(D, 9, nd).items()},
    }
    # players: the seats of each game in order
    g_of, s_of = np.nonzero(in_game)
    Gp = G[g_of]
    cols["players"] = {
        "game_id": ("s", paths, g_of), "seat": _ints(s_of), "name": name_col(name_idx[g_of, s_of]),
        "final_score": _ints(Gp[np.arange(len(s_of)), 6 + s_of]),
        "place": _ints(Gp[np.arange(len(s_of)), 18 + s_of]), "hands": _ints(Gp[:, 5]),
        **{c: _ints(Gp[np.arange(len(s_of)), first + s_of])
           for c, first in (("wins", 22), ("tsumo", 26), ("deal_ins", 30), ("riichi", 34), ("calls", 38))},
    }
    return Columns(cols, len(H))


class Cut:
    """Rows of :class:`ExportRows` handed over, not yet cut into columns: ``rows`` (a view
    of the array itself, no longer written), the ``paths`` of their games and ``hands``
    (their rounds).  :meth:`columns` cuts them (on the writer thread) and gives the array
    back to the :class:`ExportRows` to be filled again."""

    __slots__ = ("_owner", "hands", "inserts", "paths", "rows")

    def __init__(self, rows, paths: list[str], hands: int, owner: ExportRows | None = None,
                 inserts: list | None = None) -> None:
        self.rows = rows
        self.paths = paths
        self.hands = hands
        self._owner = owner
        self.inserts = inserts or []

    def columns(self) -> Columns:
        cols = columns(self.rows, self.paths)
        cols.inserts = self.inserts
        if self._owner is not None:
            self._owner.give_back(self.rows)
            self._owner = None
        return cols


class ExportRows:
    """Rows of the compiled path over many games, cut into :class:`Columns` by :meth:`take`.

    The rows go into one array at a time; :meth:`take_rows` hands the arrays over as
    they are (no copy, :class:`Cut`) and takes a fresh one, from the arrays given back
    once cut when there are some (so their pages are mapped already).

    >>> r = ExportRows()
    >>> r.add(b"<mjloggm></mjloggm>", "x.mjlog"), r.take()
    (False, [])
    """

    def __init__(self, capacity: int | None = None) -> None:
        self.fn = _fast().export
        self.capacity = capacity or _ROWS
        self._free: list = []  # arrays given back, filled again (their pages already mapped)
        self.rows = self._array()
        self.n = 0
        self.paths: list[str] = []
        self._done: list[Cut] = []
        self.hands = 0
        """Rounds held (not yet taken), for the caller's step size."""
        self._hands = 0  # rounds in the array being filled
        self._inserts: list = []  # (games before, tables) of the array being filled

    def _array(self):
        try:
            return self._free.pop()
        except IndexError:
            return np.empty((self.capacity, EX_WIDTH), dtype=np.int32)

    def give_back(self, rows) -> None:
        """An array of :meth:`take_rows` that is no longer read (cut into columns): filled
        again later.  At most two are kept."""
        if rows.base is not None:
            rows = rows.base
        if len(self._free) < 2 and rows.shape == (self.capacity, EX_WIDTH):
            self._free.append(rows)

    def add(self, data: bytes, path: str) -> bool:
        """Take one mjlog's bytes; False when the compiled path declines it (nothing kept)."""
        if type(data) is not bytes:
            return False
        if data[:1] != b"<" and not starts_xml(data):  # blanks first, or not an mjlog
            return False
        try:
            status, end = self.fn(data, self.rows, self.n, len(self.paths))
            if status == 3:  # full: cut what it holds, then again
                self._cut()
                status, end = self.fn(data, self.rows, 0, 0)
        except (ValueError, TypeError):  # pragma: no cover - a bug in the compiled path
            return False
        if status != 0:
            return False
        self.paths.append(path)
        self.n = end
        hands = int(self.rows[end - 1, 5])  # the game row: its rounds
        self.hands += hands
        self._hands += hands
        return True

    def insert(self, tables: dict) -> None:
        """The model's tables of a file the compiled path declined (:func:`_model_tables`),
        placed after the games added so far: taken with them (one :class:`Cut`, fewer
        and larger cuts)."""
        if tables["games"]["game_id"]:
            hands = len(tables["hands"]["game_id"])
            self._inserts.append((len(self.paths), tables))
            self.hands += hands
            self._hands += hands

    def _cut(self) -> None:
        if self.paths:
            self._done.append(Cut(self.rows[:self.n], self.paths, self._hands, self, self._inserts))
            self.rows = self._array()
        else:
            self._done.extend(tables for _, tables in self._inserts)
        self.n = self._hands = 0
        self.paths = []
        self._inserts = []

    def take(self) -> list[Columns]:
        """Every game added so far, as columns (oldest first); start empty again."""
        return [c.columns() for c in self.take_rows()]

    def take_rows(self) -> list[Cut]:
        """:meth:`take` without cutting into columns: :class:`Cut` s that are cut later,
        on another thread if need be."""
        self._cut()
        done, self._done = self._done, []
        self.hands = 0
        return done


def export_segments(paths: list[str], rows: ExportRows | None = None, *, fast: bool = True,
                    data: list | None = None):
    """The map step of an export: ``(segments, unreadable)`` for some files, in file order.

    A segment is a :class:`Columns` (games the compiled path took) or a dict of column
    lists (games read through the model).  With ``rows`` (an :class:`ExportRows` kept
    across calls) the games of these files stay in it, the model's tables of a file it
    declines too (:meth:`ExportRows.insert`): no segment, :meth:`ExportRows.take_rows`
    gives them (cut into columns by the export's writer thread, not here).  ``data``:
    what :func:`read_files` gave for ``paths`` (read ahead on another thread), else
    each file is read here.
    """
    own = rows is None and fast
    if own:
        rows = ExportRows()
    segments: list = []
    model = None  # column lists of the files read through the model since the last compiled one
    bad: list = []
    read, data = data, None
    for k, path in enumerate(paths):
        if fast:
            data = read_bytes(path) if read is None else read[k]
            if data is not None and rows.add(data, path):
                if model is not None:
                    segments.append(model)
                    model = None
                continue
            if data is not None:  # read already: the model parses these bytes
                part, part_bad = _model_tables(path, data)
            else:  # unreadable, an archive: the model reads it again and says why
                part, part_bad = tables_of_files([path])
            bad.extend(part_bad)
            if not own:
                rows.insert(part)
                continue
            segments.extend(rows.take())  # the compiled games before this file
        else:
            part, part_bad = tables_of_files([path])
            bad.extend(part_bad)
        model = extend_tables(model if model is not None else empty_tables(), part)
    if model is not None:
        segments.append(model)
    if own:
        segments.extend(rows.take())
    return segments, bad


def read_files(paths: list[str]) -> list:
    """``read_bytes`` of each file (the one record it holds, gunzipped; None: read it in
    full): what the export's read-ahead thread does for the next batch while the
    compiled path reads this one (opening, reading and gunzip release the GIL)."""
    return [read_bytes(p) for p in paths]


def _model_tables(path: str, data: bytes):
    """``tables_of_files([path])`` for a file whose one record is ``data`` (as read_record
    reads it: the same game, the same reasons)."""
    try:
        game = parse_record(data, os.path.basename(path))
    except (OSError, EOFError, RecordError, ValueError) as exc:
        return empty_tables(), [(path, f"{type(exc).__name__}: {exc}")]
    try:
        return game_tables(game, path), []
    except RiichiError as exc:
        return empty_tables(), [(path, f"{type(exc).__name__}: {exc}")]
