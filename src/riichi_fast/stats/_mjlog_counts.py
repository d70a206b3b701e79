"""The compiled statistics path: Tenhou mjlog records read and counted in C.

``riichi_fast.records.mjlog._scan.stats_mjlog`` (through ``Pass.stats``) reads, replays, re-scores and settles a
mjlog exactly as the compiled ``verify`` does and, when everything matched,
writes compact int32 rows (one per win, one per round, one per game: see its
docstring) into a small reused array; :class:`RowStats` hands each game's rows
at once to the compiled fold (``riichi_fast.stats._fold.Fold``, twin
``riichi_fast.reference.stats.fold``), which counts them into C accumulators
(player names: sliced from the record where the compiled path found them, kept
as raw bytes and undone as :func:`riichi_fast.records.mjlog.reader.parse_mjlog`
undoes them when the players are first read).  :meth:`RowStats.flush` adds the
totals into a :class:`~riichi_fast.stats._aggregate.Stats`, counting what
:meth:`Stats.add_game` counts from the record model.  Any file the compiled
path declines (another format, explicit rules, a damaged record or one with a
mismatch, what the verifier leaves to the full reader) goes through the
Python path; the two merge by adding.
"""

from __future__ import annotations

import os

import numpy as np

from riichi_fast import _backend
from riichi_fast.records.sources import is_plain_xml, read_file, read_inflated, starts_xml, unpack
from riichi_fast.records.verify import _fast_wins, rules_for_game
from riichi_fast.records.verify_files import _fast
from riichi_fast.stats._counts import ROW_WIDTH, Counts

_fold = _backend.load("stats._fold")
_win_check = _backend.load("records._win_check")

__all__ = ["ROW_WIDTH", "RowStats", "fold_game", "read_bytes"]

_ROWS = 256  # rows of one game (a long hanchan needs fewer than 100); grown for a longer one
_MAX_ROWS = 1 << 16


class RowStats:
    """Games read by the compiled path, folded as they come, added to a Stats by :meth:`flush`.

    >>> from riichi_fast.stats import Stats
    >>> r = RowStats()
    >>> r.add(b"<mjloggm></mjloggm>"), r.flush(Stats()).games
    (False, 0)
    """

    def __init__(self, capacity: int = _ROWS) -> None:
        self.fn = _fast().stats
        self.fold = _fold.Fold()
        self.rows = np.zeros((capacity, ROW_WIDTH), dtype=np.int32)
        self.rescored = 0  # wins re-scored by add_game (Stats.wins_rescored)

    def add(self, data: bytes) -> bool:
        """Count one mjlog's bytes; False when the compiled path declines it (nothing counted)."""
        if type(data) is not bytes or data[:1] != b"<" and not starts_xml(data):
            return False
        rows = self.rows
        while True:
            try:
                status, end = self.fn(data, rows, 0, 0)
            except (ValueError, TypeError):  # pragma: no cover - a bug in the compiled path
                return False
            if status != 3 or len(rows) >= _MAX_ROWS:
                break
            # a game with more rows than the array (it verified): a larger one, read again
            rows = self.rows = np.zeros((2 * len(rows) or _ROWS, ROW_WIDTH), dtype=np.int32)
        if status != 0:
            return False
        self.fold.add(data, rows, end)
        return True

    def add_game(self, game, rules=None) -> bool:
        """Count one game read by the full reader (``rules``: as for :meth:`Stats.add_game`)
        through the compiled fold (:func:`fold_game`); False when it declines (nothing
        counted: :meth:`Stats.add_game` counts it in Python)."""
        k = fold_game(self.fold, game, rules)
        if k < 0:
            return False
        self.rescored += k
        return True

    def flush(self, stats: Counts) -> Counts:
        """Add every game counted so far into ``stats`` (and return it); start empty again.

        The players' objects are made when first asked for (:attr:`Stats.players`): a batch,
        or a Dask part merged into the total, carries them as a table (``Stats._pending``)."""
        self.fold.take_into(stats)
        stats.wins_rescored += self.rescored
        self.rescored = 0
        return stats


def fold_game(fold, game, rules=None) -> int:
    """Fold one read game (a :class:`~riichi_fast.records.Game`) into ``fold`` (a ``Fold``) as
    :meth:`Stats.add_game` counts it: the wait of each win (and its score when the record has
    none) from the compiled kernel (``records._win_check.win_score``), under the conditions in
    which ``verify`` trusts its compiled win checks (``records.verify._fast_wins``: the public
    scorer is the compiled one, Tenhou-like rules).  The number of wins re-scored, or -1 when
    this path declines the game (nothing counted).

    >>> from riichi_fast.records import Game, GameRules
    >>> fold_game(_fold.Fold(), Game("x", "mjlog", GameRules(), ("A", "B", "C", "D")))
    -1
    """
    if not game.rounds:
        return -1
    # (_fast_wins keeps the Digest of each rules and checks the public scorer is still the
    # compiled one; it answers only with the compiled records._win_check, which _win_check is then)
    hit = _fast_wins(game, rules_for_game(game, rules))
    if hit is None:
        return -1
    return fold.add_game(game, _win_check.win_score, hit[1])


def read_bytes(path: str):
    """The one record a file holds, as bytes, or ``None`` (an archive, unreadable: the
    Python path reads and reports it)."""
    if not isinstance(path, str):  # a share of a database's rows (records.sources.DbRows)
        return None
    data = read_inflated(path)  # read and inflated in C, without the GIL
    if data is not None and is_plain_xml(data):
        return data
    try:
        if data is None:
            data = read_file(path)
            if is_plain_xml(data):  # plain XML: nothing to unpack
                return data
        name = os.path.basename(path)
        items = list(unpack(name, data))
    except Exception:  # noqa: BLE001 - the Python path reads it again and says why
        return None
    # a member of an archive (even its only one) is read with its archive!member name
    if len(items) != 1 or not isinstance(items[0][1], bytes) or items[0][0] != name:
        return None
    return items[0][1]


