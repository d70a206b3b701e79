"""The compiled statistics path: Tenhou mjlog records read once in C, counted with numpy.

``riichi_fast._mjlog.stats_mjlog`` reads, replays, re-scores and settles a
mjlog exactly as the compiled ``verify`` does and, when everything matched,
writes compact int32 rows (one per win, one per round, one per game: see its
docstring) into a shared array.  :class:`RowStats` fills that array over many
files (player names: sliced from the record where the compiled path found
them, undone as :func:`riichi_fast.records.tenhou.parse_mjlog` undoes them) and
folds it into a :class:`~riichi_fast.stats._aggregate.Stats` with
numpy, counting what :meth:`Stats.add_game` counts from the record model.
Any file the compiled path declines (another format, explicit rules, a
damaged record or one with a mismatch, what the verifier leaves to the full
reader) goes through the Python path; the two merge by adding.
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter
from urllib.parse import unquote

import numpy as np

from riichi_fast.enums import WaitShape
from riichi_fast.stats._aggregate import DRAW_KEYS, LIMIT_NAMES, PlayerStats, Stats

__all__ = ["ROW_WIDTH", "RowStats"]

ROW_WIDTH = 16
_ROWS = 1 << 13  # 512 KiB: a few hundred games between folds, and it stays in cache
_LOCAL = threading.local()  # one reused rows array per thread (Dask workers may run threads)
_DRAWS = tuple(DRAW_KEYS.values())
_WAITS = {-1: "kokushi", **{int(w): w.name.lower() for w in WaitShape}}
_BITS = np.arange(32, dtype=np.uint32)
_SEATS = {n: tuple(f"seat {i}" for i in range(n)) for n in (3, 4)}
_HEX = re.compile(rb"(?:%[0-9A-Fa-f]{2})*")


def _unquote(value: bytes) -> str:
    """``urllib.parse.unquote`` of an ASCII attribute value (Tenhou writes every character
    of a name as ``%XX``: those are undone at once)."""
    if _HEX.fullmatch(value):
        return bytes.fromhex(value.replace(b"%", b" ").decode("ascii")).decode("utf-8", "replace")
    return unquote(value.decode("utf-8"))


class RowStats:
    """Rows of the compiled path over many games, folded into a Stats by :meth:`flush`.

    >>> r = RowStats()
    >>> r.add(b"<mjloggm></mjloggm>"), r.flush(Stats()).games
    (False, 0)
    """

    def __init__(self, capacity: int = _ROWS) -> None:
        from riichi_fast import _backend
        from riichi_fast.records.fast import _fast, _players

        self._n_players = _players

        self.tables = _fast()[1]
        self.fn = _backend.load("mjlog").stats_mjlog
        self._side: Stats | None = None
        rows = getattr(_LOCAL, "rows", None) if capacity == _ROWS else None
        _LOCAL.rows = None  # this one's until flush() gives it back
        self.rows = rows if rows is not None else np.zeros((capacity, ROW_WIDTH), dtype=np.int32)
        self.n = 0
        self.names: list[tuple[str, ...]] = []

    def add(self, data: bytes) -> bool:
        """Count one mjlog's bytes; False when the compiled path declines it (nothing counted)."""
        if type(data) is not bytes or data[:1] != b"<":
            return False
        params, settings = self.tables[self._n_players(data)]
        for _ in range(2):
            try:
                status, end = self.fn(data, params, self.rows, self.n, len(self.names), **settings)
            except (ValueError, TypeError):  # pragma: no cover - a bug in the compiled path
                return False
            if status != 3:
                break
            self._fold_aside()
        if status != 0:
            return False
        n, *at = self.rows[end - 1, 2:16].tolist()
        try:
            names = tuple(_unquote(data[at[i]:at[i] + at[i + 1]]) for i in range(5, 13, 2)) \
                if at[6] >= 0 else ()
        except UnicodeDecodeError:  # pragma: no cover - the compiled tokenizer takes ASCII only
            return False
        names = names[:n]
        self.names.append(names + _SEATS[n][len(names):])
        self.n = end
        return True

    def _fold_aside(self) -> None:
        """The rows array is full: fold what it holds into a side Stats (merged by flush)."""
        if self._side is None:
            self._side = Stats()
        self._fold(self._side)

    def flush(self, stats: Stats) -> Stats:
        """Add every game counted so far into ``stats`` (and return it); start empty again."""
        if self._side is not None:
            stats.merge(self._side)
            self._side = None
        self._fold(stats)
        if self.rows.shape[0] == _ROWS:
            _LOCAL.rows = self.rows
        return stats

    def _fold(self, s: Stats) -> None:
        rows = self.rows[:self.n]
        names = self.names
        self.n = 0
        self.names = []
        if not names:
            return
        # players: one id per name, the seats of each game (-1: no fourth seat)
        ids: dict[str, int] = {}
        pid = np.full((len(names), 4), -1, dtype=np.int64)
        for g, game in enumerate(names):
            for seat, name in enumerate(game):
                pid[g, seat] = ids.setdefault(name, len(ids))
        n_p = len(ids)

        def count(who, weights=None):
            who = np.asarray(who, dtype=np.int64).ravel()
            if weights is not None:
                weights = np.asarray(weights, dtype=np.int64).ravel()[who >= 0]
            who = who[who >= 0]
            return np.bincount(who, weights=weights, minlength=n_p).astype(np.int64)

        kind = rows[:, 0]
        hands = rows[kind == 1]
        wins = rows[kind == 2]
        games = rows[kind == 3]
        per = {}
        per["games"] = count(pid)
        hp = pid[hands[:, 1]]
        seat_bits = 1 << np.arange(4)
        per["hands"] = count(hp)
        per["riichi"] = count(np.where(hands[:, 2:3] & seat_bits, hp, -1))
        per["calls"] = count(np.where(hands[:, 3:4] & seat_bits, hp, -1))
        wg = wins[:, 1]
        winner = pid[wg, wins[:, 2]]
        tsumo = wins[:, 3] < 0
        disc = np.where(tsumo, -1, pid[wg, np.maximum(wins[:, 3], 0)])
        disc = np.where(tsumo, -1, disc)
        points = wins[:, 6].astype(np.int64)
        per["wins"] = count(winner)
        per["tsumo"] = count(np.where(tsumo, winner, -1))
        per["ron"] = count(np.where(tsumo, -1, winner))
        per["deal_ins"] = count(disc)
        per["win_points"] = count(winner, points)
        per["win_points_n"] = per["wins"]
        per["deal_in_points"] = count(disc, points)
        per["deal_in_points_n"] = per["deal_ins"]
        pao = wins[:, 8]
        per["pao"] = count(np.where(pao >= 0, pid[wg, np.maximum(pao, 0)], -1))
        # placements: ties to the earlier seat
        gp = pid[games[:, 1]]
        finals = games[:, 3:7].astype(np.int64)
        valid = gp >= 0
        sc = np.where(valid, finals, np.iinfo(np.int64).min)
        seat = np.arange(4)
        above = (sc[:, None, :] > sc[:, :, None]) | ((sc[:, None, :] == sc[:, :, None])
                                                    & (seat[None, None, :] < seat[None, :, None]))
        place = 1 + (above & valid[:, None, :]).sum(axis=2)
        per["placement_sum"] = count(gp, place)
        per["final_score_sum"] = count(gp, finals)
        places = {k: count(np.where(place == k, gp, -1)) for k in range(1, 5)}
        keys = _KEYS
        nk = len(keys)
        table = np.stack([per[k] for k in keys] + [places[k] for k in range(1, 5)], axis=1).tolist()
        players = s.players
        for name, row in zip(ids, table):  # ids in insertion order: row i is player i
            p = players.get(name)
            if p is None:  # a new player: its counters are this batch's
                p = players[name] = PlayerStats.__new__(PlayerStats)
                (p.games, p.hands, p.riichi, p.calls, p.wins, p.tsumo, p.ron, p.deal_ins,
                 p.win_points, p.win_points_n, p.deal_in_points, p.deal_in_points_n, p.pao,
                 p.placement_sum, p.final_score_sum, *pl) = row
                p.places = c = Counter()
                for k, v in enumerate(pl, 1):
                    if v:
                        c[k] = v
                continue
            for key, v in zip(keys, row):
                setattr(p, key, getattr(p, key) + v)
            for k, v in enumerate(row[nk:], 1):
                if v:
                    p.places[k] += v
        # the corpus
        s.games += len(games)
        s.hands += len(hands)
        s.wins += len(wins)
        s.tsumo += int(tsumo.sum())
        s.ron += int((~tsumo).sum())
        s.multi_ron += int((hands[:, 4] > 1).sum())
        s.pao += int((pao >= 0).sum())
        dk = np.bincount(hands[:, 5][hands[:, 5] >= 0], minlength=7)
        for k, key in enumerate(_DRAWS):
            if dk[k]:
                s.draws[key] += int(dk[k])
        lo = (wins[:, 9].astype(np.uint32)[:, None] >> _BITS) & 1
        hi = (wins[:, 10].astype(np.uint32)[:, None] >> _BITS) & 1
        for y, c in enumerate(np.concatenate([lo.sum(axis=0), hi.sum(axis=0)])):
            if c:
                s.yaku[str(y)] += int(c)
        for y, col in ((52, 12), (53, 13), (54, 14)):
            c = int((wins[:, col] != 0).sum())
            if c:
                s.yaku[str(y)] += c
        yakuman = wins[:, 11] != 0
        if yakuman.any():
            s.han["yakuman"] += int(yakuman.sum())
        plain = wins[~yakuman]
        _add_unique(s.han, plain[:, 4])
        _add_unique(s.fu, plain[:, 5])
        if len(plain):
            pairs, c = np.unique(plain[:, 4:6], axis=0, return_counts=True)
            for (h, f), k in zip(pairs.tolist(), c.tolist()):
                s.han_fu[f"{h},{f}"] += k
        limit = np.where(yakuman, 5, wins[:, 7])
        for v, k in zip(*np.unique(limit, return_counts=True)):
            s.limit[LIMIT_NAMES[int(v)]] += int(k)
        _add_unique(s.points, wins[:, 6])
        for v, k in zip(*np.unique(wins[:, 15], return_counts=True)):
            s.waits[_WAITS[int(v)]] += int(k)


_KEYS = ("games", "hands", "riichi", "calls", "wins", "tsumo", "ron", "deal_ins", "win_points",
         "win_points_n", "deal_in_points", "deal_in_points_n", "pao", "placement_sum",
         "final_score_sum")
"""The player counters :meth:`RowStats._fold` computes, in the order it sets new players'."""


def _add_unique(counter, values) -> None:
    if len(values):
        for v, k in zip(*np.unique(values, return_counts=True)):
            counter[str(int(v))] += int(k)


def read_bytes(path: str):
    """The one record a file holds, as bytes, or ``None`` (an archive, unreadable: the
    Python path reads and reports it)."""
    from riichi_fast.records.sources import unpack

    try:
        with open(path, "rb") as f:
            data = f.read()
        items = list(unpack(os.path.basename(path), data))
    except Exception:  # noqa: BLE001 - the Python path reads it again and says why
        return None
    if len(items) != 1 or not isinstance(items[0][1], bytes):
        return None
    return items[0][1]
