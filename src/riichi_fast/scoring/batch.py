"""Score many hands at once from numpy arrays.

:func:`score_batch` takes one row per hand (closed tiles, melds, winning tile,
situation flags, winds, indicators, counters) and returns a :class:`BatchResult`
of numpy columns.  The compiled engine releases the GIL, builds each row's
context on the stack and writes only the result columns: no Python object is
made per hand.  A malformed row never raises: it gets a
:class:`~riichi_fast.enums.RowStatus` in ``status`` (and ``ST_BAD_INPUT`` in
``score_status``) and the other rows are scored.

Input columns (``N`` rows):

- ``hands`` (N, 34) uint8: closed tiles **including the winning tile**;
- ``melds`` (N, 4) uint16: ``(MeldType << 8) | kind`` (lowest kind of a chi), 0 = none,
  filled from slot 0;
- ``win_tile`` (N,) uint8: the winning kind;
- ``flags`` (N,) uint32: OR of the ``F_*`` bits of :mod:`riichi_fast.rules.layout`
  (``F_TSUMO``, ``F_RIICHI``, ...);
- ``seat_wind``, ``round_wind`` (N,) uint8: 0..3 = E S W N (seat 0 is the dealer);
- ``dora``, ``ura`` (N, 5) uint8: indicator kinds, 255 = none (from slot 0); as
  in :func:`riichi_fast.scoring.front.score`, ura-dora count only under rules
  with ``ura_dora`` and only the first indicator of each under rules without
  ``kan_dora``;
- ``n_red``, ``n_kita`` (N,) uint8: red tiles in the hand, extracted norths;
- ``honba``, ``riichi_sticks`` (N,) uint16.

Context columns may be scalars (broadcast) or None (0; indicators: none).

A row gets the limits :func:`riichi_fast.score` applies to one hand: ``honba``
and ``riichi_sticks`` at most :data:`MAX_COUNTERS` (1000), and ``n_red`` at
most the red fives the row's tiles (closed and melded) can hold under the
rules (a hand with no five holds none).  A row beyond them is flagged
``RowStatus.BAD_CONTEXT`` (``score_status`` ``ST_BAD_INPUT``, results zero),
never scored.

Output columns (:data:`COLUMNS`): ``status`` (RowStatus), ``score_status``
(``ST_*``, names in ``layout.STATUS_NAMES``), ``han``, ``fu``, ``yaku`` (uint64
mask of yaku ids), ``yakuman``, ``limit``, ``dora``/``ura``/``aka``/``kita``,
``form``/``wait`` (-1 unless scored), ``base`` and the payments of
``docs/SCORING.md`` 5.7 (``pay_ron``, ``pay_tsumo_dealer``,
``pay_tsumo_other``, ``honba_ron``, ``honba_tsumo``, ``sticks``,
``hand_points``, ``total``).

Ten million hands: :func:`score_batch_chunks` streams fixed-size chunks
through one reused result buffer, so memory stays flat whatever the input
size (inputs may be ``np.memmap`` arrays).

>>> import numpy as np
>>> from riichi_fast.tiles import as_counts
>>> hands = np.array([as_counts("22456m456p456s345s"), as_counts("123m456p789s11122z")], np.uint8)
>>> res = score_batch(hands, None, [20, 28], flags=[0, 1], seat_wind=1, round_wind=1)
>>> res.han.tolist(), res.fu.tolist(), res.total.tolist(), res.status.tolist()
([4, 1], [30, 40], [7700, 1500], [0, 0])
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator

import numpy as np

from riichi_fast import _backend
from riichi_fast._parallel import check_n_threads
from riichi_fast.enums import MeldType, RowStatus
from riichi_fast.errors import ArrayError, ContextError
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import DEFAULT, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.pipeline import coerce_rules, encode

_ENGINE = _backend.load("scoring._columns")  # the column engine, or its twin

__all__ = ["COLUMNS", "MAX_COUNTERS", "BatchResult", "arrays_from_hands", "score_batch", "score_batch_chunks"]

NO_INDICATOR = 255
#: the largest ``honba`` / ``riichi_sticks`` of a row (as ``WinContext`` and :func:`riichi_fast.score`)
MAX_COUNTERS = 1000

#: output columns and their dtypes
COLUMNS = {
    "status": np.uint8,
    "score_status": np.uint8,
    "han": np.int16,
    "fu": np.int16,
    "yaku": np.uint64,
    "yakuman": np.uint8,
    "limit": np.uint8,
    "dora": np.uint8,
    "ura": np.uint8,
    "aka": np.uint8,
    "kita": np.uint8,
    "form": np.int8,
    "wait": np.int8,
    "base": np.int32,
    "pay_ron": np.int32,
    "pay_tsumo_dealer": np.int32,
    "pay_tsumo_other": np.int32,
    "honba_ron": np.int32,
    "honba_tsumo": np.int32,
    "sticks": np.int32,
    "hand_points": np.int32,
    "total": np.int32,
}

#: input columns: (dtype, trailing shape, default fill)
_INPUTS = {
    "hands": (np.uint8, (34,), None),
    "melds": (np.uint16, (4,), 0),
    "win_tile": (np.uint8, (), None),
    "flags": (np.uint32, (), 0),
    "seat_wind": (np.uint8, (), 0),
    "round_wind": (np.uint8, (), 0),
    "dora": (np.uint8, (5,), NO_INDICATOR),
    "ura": (np.uint8, (5,), NO_INDICATOR),
    "n_red": (np.uint8, (), 0),
    "n_kita": (np.uint8, (), 0),
    "honba": (np.uint16, (), 0),
    "riichi_sticks": (np.uint16, (), 0),
}

class BatchResult:
    """Result columns of :func:`score_batch` (numpy arrays, one entry per row).

    Attributes are the names of :data:`COLUMNS`; ``len(result)`` is the row
    count; ``result[name]`` and ``result.as_dict()`` give the arrays too.

    >>> import numpy as np
    >>> from riichi_fast.tiles import as_counts
    >>> res = score_batch(np.array([as_counts("123m456p789s11122z")], np.uint8), win_tile=28)
    >>> res, res["score_status"].tolist(), res.rows(0, 1).han.tolist()
    (BatchResult(1 rows, 1 scored), [0], [2])
    """

    __slots__ = tuple(COLUMNS)

    def __init__(self, n: int = 0, arrays: dict | None = None):
        for name, dtype in COLUMNS.items():
            setattr(self, name, arrays[name] if arrays is not None else np.zeros(n, dtype))

    def __len__(self) -> int:
        return len(self.status)

    def __getitem__(self, name: str) -> np.ndarray:
        return getattr(self, name)

    def as_dict(self) -> dict:
        """The columns as a dict of arrays."""
        return {name: getattr(self, name) for name in COLUMNS}

    def rows(self, start: int, stop: int) -> BatchResult:
        """A view of rows [start, stop)."""
        return BatchResult(arrays={name: getattr(self, name)[start:stop] for name in COLUMNS})

    def ok(self) -> np.ndarray:
        """Boolean mask of the rows that score (``score_status == ST_OK``)."""
        return self.score_status == L.ST_OK

    def __repr__(self) -> str:
        n = len(self)
        return f"BatchResult({n} rows, {int(np.count_nonzero(self.ok()))} scored)"


def _column(name, value, n):
    """A C-contiguous array of column ``name`` for n rows (scalars broadcast, None = default)."""
    dtype, tail, default = _INPUTS[name]
    shape = (n, *tail)
    if value is None:
        if default is None:
            raise ArrayError(f"{name} is required")
        return np.full(shape, default, dtype)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and tail == ():
        if not 0 <= int(value) <= np.iinfo(dtype).max:
            raise ArrayError(f"{name}: {value!r} does not fit {np.dtype(dtype).name}")
        return np.full(shape, value, dtype)
    if isinstance(value, np.ndarray):
        arr = value
        if arr.dtype != dtype:
            if arr.dtype.kind not in "iub":
                raise ArrayError(f"{name}: expected an integer array ({np.dtype(dtype).name}), got {arr.dtype}")
            if arr.size and (arr.min() < 0 or arr.max() > np.iinfo(dtype).max):
                raise ArrayError(f"{name}: values out of range for {np.dtype(dtype).name}")
            arr = arr.astype(dtype)
    else:
        try:
            arr = np.asarray(value)
        except (TypeError, ValueError) as exc:
            raise ArrayError(f"{name}: not an array ({exc})") from None
        if arr.dtype.kind not in "iub":
            raise ArrayError(f"{name}: expected integers, got {arr.dtype}")
        if arr.size and (arr.min() < 0 or arr.max() > np.iinfo(dtype).max):
            raise ArrayError(f"{name}: values out of range for {np.dtype(dtype).name}")
        arr = arr.astype(dtype)
    if arr.shape != shape:
        raise ArrayError(f"{name}: expected shape {shape}, got {arr.shape}")
    if not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr)  # one copy, once per call
    return arr


#: the per-row input columns besides ``hands``, in the order they are checked
_ROW_INPUTS = ("melds", "win_tile", "flags", "seat_wind", "round_wind", "dora", "ura", "n_red", "n_kita", "honba",
               "riichi_sticks")


def _given(args: dict) -> dict:
    """The per-row inputs among a call's arguments (``locals()`` of :func:`score_batch`), by name."""
    return {name: args[name] for name in _ROW_INPUTS}


def _n_rows(hands) -> int:
    """The row count of ``hands``; ArrayError unless it is a 2-d array."""
    if not isinstance(hands, np.ndarray) or hands.ndim != 2:
        raise ArrayError(f"hands: expected an (N, 34) uint8 array, got {getattr(hands, 'shape', type(hands).__name__)}")
    return hands.shape[0]


def _columns(hands, values: dict) -> tuple[int, dict]:
    """``(n, columns)``: every input column for the rows of ``hands`` (``values``: the others, by name)."""
    n = _n_rows(hands)
    cols = {"hands": _column("hands", hands, n)}
    for name in _ROW_INPUTS:
        cols[name] = _column(name, values.get(name), n)
    return n, cols


def _alloc_out(out, n) -> BatchResult:
    if out is None:
        return BatchResult(n)
    if not isinstance(out, BatchResult):
        raise ArrayError(f"out must be a BatchResult, got {type(out).__name__}")
    for name, dtype in COLUMNS.items():
        arr = getattr(out, name)
        if (
            not isinstance(arr, np.ndarray)
            or arr.dtype != dtype
            or arr.shape != (n,)
            or not arr.flags.c_contiguous
            or not arr.flags.writeable
        ):
            raise ArrayError(f"out.{name}: expected a writable C-contiguous ({n},) {np.dtype(dtype).name} array")
    return out


def score_batch(
    hands,
    melds=None,
    win_tile=None,
    flags=None,
    seat_wind=None,
    round_wind=None,
    dora=None,
    ura=None,
    n_red=None,
    honba=None,
    riichi_sticks=None,
    n_kita=None,
    *,
    rules=DEFAULT,
    n_threads: int = 1,
    out: BatchResult | None = None,
) -> BatchResult:
    """Score every row; see the module docstring for the columns.

    ``rules``: a :class:`~riichi_fast.rules.config.Rules` or a preset name
    (``"tenhou"``...).  ``n_threads``: rows are split over that many threads
    (the GIL is released).  ``out``: a :class:`BatchResult` of the right
    length to fill instead of allocating.

    >>> import numpy as np
    >>> from riichi_fast.tiles import as_counts
    >>> hands = np.array([as_counts("111222333m78999p"), as_counts("19m19p19s1234567z1m")], np.uint8)
    >>> res = score_batch(hands, win_tile=[17, 0], flags=[2, 1], rules="tenhou")
    >>> res.han.tolist(), res.yakuman.tolist(), res.total.tolist()
    ([6, 0], [0, 1], [18000, 48000])
    """
    values = _given(locals())
    rules = coerce_rules(rules)
    n_threads = check_n_threads(n_threads)
    n, cols = _columns(hands, values)
    res = _alloc_out(out, n)
    _run(cols, rules, res, 0, n, 0, n_threads)
    return res


def score_batch_chunks(
    hands,
    melds=None,
    win_tile=None,
    flags=None,
    seat_wind=None,
    round_wind=None,
    dora=None,
    ura=None,
    n_red=None,
    honba=None,
    riichi_sticks=None,
    n_kita=None,
    *,
    rules=DEFAULT,
    n_threads: int = 1,
    chunk_size: int = 1 << 16,
) -> Iterator[tuple[int, BatchResult]]:
    """Score the rows chunk by chunk: yields ``(start, result)`` for rows ``[start, start + len(result))``.

    The same result buffer is reused for every chunk (copy what you keep), and
    input columns are converted a chunk at a time, so peak memory does not
    grow with N (pass ``np.memmap`` inputs for data larger than memory).

    >>> import numpy as np
    >>> from riichi_fast.tiles import as_counts
    >>> hands = np.repeat(as_counts("22456m456p456s345s")[None, :], 5, axis=0)
    >>> [(start, int(r.total.sum())) for start, r in score_batch_chunks(hands, win_tile=20, chunk_size=2)]
    [(0, 23200), (2, 23200), (4, 11600)]
    """
    values = _given(locals())
    rules = coerce_rules(rules)
    n_threads = check_n_threads(n_threads)
    if not isinstance(chunk_size, int) or chunk_size < 1:
        raise ArrayError(f"chunk_size must be a positive int, got {chunk_size!r}")
    n = _n_rows(hands)
    buf = BatchResult(min(chunk_size, n))
    per_row = {k: _is_rows(k, v, n) for k, v in values.items()}
    for start in range(0, n, chunk_size):
        stop = min(start + chunk_size, n)
        part = {k: (v[start:stop] if per_row[k] else v) for k, v in values.items()}
        m, cols = _columns(hands[start:stop], part)
        res = buf if m == len(buf) else buf.rows(0, m)
        _run(cols, rules, res, 0, m, 0, n_threads)
        yield start, res


def _is_rows(name: str, v, n) -> bool:
    """True for a per-row column (sliced per chunk), False for a scalar or None; ArrayError for anything else."""
    if v is None or isinstance(v, numbers.Integral):
        return False
    if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or not hasattr(v, "__getitem__") \
            or (isinstance(v, np.ndarray) and v.ndim == 0):
        raise ArrayError(f"{name}: expected an integer or an array with one entry per row, got {type(v).__name__}")
    if len(v) != n:
        raise ArrayError(f"{name}: expected {n} rows (one per hand), got {len(v)}")
    return True


def _run(cols, rules: Rules, res: BatchResult, start, stop, offset, n_threads):
    _ENGINE.score_columns(
        cols, rules.params(), rules.ura_dora, rules.kan_dora, res.as_dict(), start, stop, offset, n_threads
    )
    _flag_limits(cols, rules, res, start, stop, offset)


def _red_room(hands, melds, red: tuple) -> np.ndarray:
    """Per row: the red tiles its closed and melded tiles can hold under ``red`` (34 red counts)."""
    room = np.zeros(len(hands), np.int64)
    t, k = melds >> 8, melds & 0xFF
    for kind, copies in enumerate(red):
        if not copies:
            continue
        full = hands[:, kind].astype(np.int64)
        full += ((t == MeldType.CHI) & (k <= kind) & (kind <= k + 2)).sum(axis=1)
        full += 3 * ((t == MeldType.PON) & (k == kind)).sum(axis=1)
        full += 4 * ((t >= MeldType.DAIMINKAN) & (t <= MeldType.SHOUMINKAN) & (k == kind)).sum(axis=1)
        room += np.minimum(full, copies)
    return room


def _flag_limits(cols, rules: Rules, res: BatchResult, start, stop, offset) -> None:
    """Flag ``BAD_CONTEXT`` the rows the kernel took whose counters or ``n_red`` :func:`score` refuses.

    A context defect comes before a win-tile defect (the order of the column engine's row check,
    :func:`riichi_fast.reference.scoring.columns.row_status`).
    """
    out = slice(offset, offset + stop - start)
    status = res.status[out]
    bad = (cols["honba"][start:stop] > MAX_COUNTERS) | (cols["riichi_sticks"][start:stop] > MAX_COUNTERS)
    n_red = cols["n_red"][start:stop]
    rows = np.flatnonzero(n_red)
    if rows.size:
        room = _red_room(cols["hands"][start:stop][rows], cols["melds"][start:stop][rows], rules.red_counts)
        bad[rows] |= n_red[rows] > room
    bad &= (status == RowStatus.OK) | (status == RowStatus.BAD_WIN_TILE)
    rows = np.flatnonzero(bad) + offset
    if not rows.size:
        return
    for name in COLUMNS:
        getattr(res, name)[rows] = -1 if name in ("form", "wait") else 0
    res.status[rows] = RowStatus.BAD_CONTEXT
    res.score_status[rows] = L.ST_BAD_INPUT


# ---------------------------------------------------------------------------
# from Hand objects


def _short(x) -> str:
    """``repr(x)``, cut to 60 characters."""
    r = repr(x)
    return r if len(r) <= 60 else r[:57] + "..."


def _listed(values, name: str) -> list:
    """``values`` as a list (one entry per hand); ArrayError when it is not a sequence."""
    if isinstance(values, (str, bytes)):
        raise ArrayError(f"{name} must be a sequence with one entry per hand, got {values!r}")
    try:
        return list(values)
    except TypeError:
        raise ArrayError(f"{name} must be a sequence with one entry per hand, got {values!r}") from None


def arrays_from_hands(hands, win_tiles=None, contexts=None, *, rules=DEFAULT) -> dict:
    """Batch input columns from hands (strings, ``Hand`` objects...) and their contexts.

    ``win_tiles``: one per hand (tile names such as ``"0p"`` or kinds), as
    for :func:`riichi_fast.scoring.front.score` (13- or 14-tile hands).  ``contexts``: one
    :class:`~riichi_fast.rules.context.WinContext` per hand, or None.  Red
    tiles are counted with ``rules``.  Returns a dict to pass as
    ``score_batch(**arrays, rules=rules)``.  This runs Python per hand: use it
    to build a corpus once, not in a hot loop.

    >>> from riichi_fast.rules.context import WinContext
    >>> arrays = arrays_from_hands(["22456m456p456s345s", "123m456p789s11122z"], ["3s", "2z"],
    ...                            [WinContext(seat_wind=1), WinContext(tsumo=True, seat_wind=1, round_wind=1)])
    >>> score_batch(**arrays).total.tolist()
    [7700, 1500]
    """
    rules = coerce_rules(rules)
    hands = _listed(hands, "hands")
    n = len(hands)
    win_tiles = [None] * n if win_tiles is None else _listed(win_tiles, "win_tiles")
    contexts = [None] * n if contexts is None else _listed(contexts, "contexts")
    if len(win_tiles) != n or len(contexts) != n:
        raise ArrayError(f"{n} hands but {len(win_tiles)} win tiles and {len(contexts)} contexts")
    cols = {
        name: np.full((n, *tail), NO_INDICATOR if name in ("dora", "ura") else 0, dtype)
        for name, (dtype, tail, _) in _INPUTS.items()
    }
    for i, (hand, win, ctx) in enumerate(zip(hands, win_tiles, contexts)):
        if ctx is None:
            ctx = WinContext()
        elif not isinstance(ctx, WinContext):
            raise ContextError(f"contexts[{i}] must be a WinContext or None, got {_short(ctx)}")
        closed, types, kinds, win_kind, c, _ = encode(hand, win, ctx, rules)
        cols["hands"][i] = closed
        cols["melds"][i] = [(int(t) << 8) | int(k) if t else 0 for t, k in zip(types, kinds)]
        cols["win_tile"][i] = win_kind
        cols["flags"][i] = c[L.CTX_FLAGS]
        cols["seat_wind"][i] = c[L.CTX_SEAT_WIND]
        cols["round_wind"][i] = c[L.CTX_ROUND_WIND]
        nd, nu = int(c[L.CTX_N_DORA]), int(c[L.CTX_N_URA])
        cols["dora"][i, :nd] = c[L.CTX_DORA : L.CTX_DORA + nd]
        cols["ura"][i, :nu] = c[L.CTX_URA : L.CTX_URA + nu]
        cols["n_red"][i] = c[L.CTX_N_RED]
        cols["n_kita"][i] = c[L.CTX_N_KITA]
        cols["honba"][i] = c[L.CTX_HONBA]
        cols["riichi_sticks"][i] = c[L.CTX_RIICHI_STICKS]
    return cols
