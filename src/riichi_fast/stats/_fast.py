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
from itertools import chain
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
        self.names: list[tuple] = []  # per game: raw name bytes, or 'seat i' for none

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
        # the names' raw bytes: decoded once per distinct name when the batch is folded
        names = tuple(data[at[i]:at[i] + at[i + 1]] for i in range(5, 5 + 2 * n, 2)) \
            if at[6] >= 0 else ()
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
        every = list(chain.from_iterable(names))
        ids = dict.fromkeys(every)  # raw name (bytes, or a 'seat i' str) -> id, in order
        for i, key in enumerate(ids):
            ids[key] = i
        flat = list(map(ids.__getitem__, every))
        n_p = len(ids)
        if len(flat) == 4 * len(names):
            pid = np.array(flat, dtype=np.int64).reshape(len(names), 4)
        else:
            sizes = np.fromiter(map(len, names), dtype=np.int64, count=len(names))
            pid = np.full((len(names), 4), -1, dtype=np.int64)
            pid[np.arange(4)[None, :] < sizes[:, None]] = flat

        kind = rows[:, 0]
        hands = rows[kind == 1]
        wins = rows[kind == 2]
        games = rows[kind == 3]
        # every player counter in one bincount: index player * _NCOL + column
        seat_bits = 1 << np.arange(4)
        hp = pid[hands[:, 1]]
        wg = wins[:, 1]
        winner = pid[wg, wins[:, 2]]
        tsumo = wins[:, 3] < 0
        disc = np.where(tsumo, -1, pid[wg, np.maximum(wins[:, 3], 0)])
        points = wins[:, 6].astype(np.int64)
        pao = wins[:, 8]
        gp = pid[games[:, 1]]
        finals = games[:, 3:7].astype(np.int64)
        valid = gp >= 0
        # placements: ties to the earlier seat (a stable sort), no seat's score last
        order = np.argsort(np.where(valid, -finals, 1 << 62), axis=1, kind="stable")
        place = np.argsort(order, axis=1) + 1
        parts = (  # (column, who, weight); who -1: nobody
            (0, pid, None),
            (1, hp, None),
            (2, np.where(hands[:, 2:3] & seat_bits, hp, -1), None),
            (3, np.where(hands[:, 3:4] & seat_bits, hp, -1), None),
            (4, winner, None),
            (5, np.where(tsumo, winner, -1), None),
            (6, np.where(tsumo, -1, winner), None),
            (7, disc, None),
            (8, winner, points),
            (9, winner, None),
            (10, disc, points),
            (11, disc, None),
            (12, np.where(pao >= 0, pid[wg, np.maximum(pao, 0)], -1), None),
            (13, gp, place),
            (14, gp, finals),
            (14 + place, gp, None),  # columns 15-18: the placements (-1 seats stay < 0)
        )
        size = n_p * _NCOL
        idx = np.concatenate([(w * _NCOL + c).ravel() for c, w, x in parts if x is None
                              and w.size])
        table = np.bincount(idx[idx >= 0], minlength=size)
        widx = np.concatenate([(w * _NCOL + c).ravel() for c, w, x in parts if x is not None])
        wt = np.concatenate([x.ravel() for c, w, x in parts if x is not None])
        keep = widx >= 0
        table += np.bincount(widx[keep], weights=wt[keep], minlength=size).astype(np.int64)
        table = table.reshape(n_p, _NCOL)
        # the players' objects are made when first asked for (Stats.players): a batch, or a
        # Dask part merged into the total, carries them as this table
        s._pending.append((list(ids), table))
        # the corpus
        n_tsumo = int(tsumo.sum())
        s.games += len(games)
        s.hands += len(hands)
        s.wins += len(wins)
        s.tsumo += n_tsumo
        s.ron += len(wins) - n_tsumo
        s.multi_ron += int((hands[:, 4] > 1).sum())
        s.pao += int((pao >= 0).sum())
        dk = np.bincount(hands[:, 5][hands[:, 5] >= 0], minlength=7).tolist()
        for k, key in enumerate(_DRAWS):
            if dk[k]:
                s.draws[key] += dk[k]
        if not len(wins):
            return
        bits = np.unpackbits(np.ascontiguousarray(wins[:, 9:11], dtype="<i4").view(np.uint8), axis=1,
                             bitorder="little").sum(axis=0).tolist()
        yaku = s.yaku
        for y, c in enumerate(bits):  # int32 pairs made little-endian: yaku 0-31 then 32-63
            if c:
                yaku[_YAKU[y]] += c
        for y, c in zip(("52", "53", "54"), (wins[:, 12:15] != 0).sum(axis=0).tolist()):
            if c:
                yaku[y] += c
        # the per-win counters: Counter counts lists in C (cheaper than numpy calls on a
        # few hundred values); han, fu, their pair and the limit from one key per win
        yakuman = wins[:, 11] != 0
        n_ym = int(yakuman.sum())
        if n_ym:
            s.han["yakuman"] += n_ym
            s.limit["yakuman"] += n_ym
        plain = wins[~yakuman] if n_ym else wins
        key = (plain[:, 7].astype(np.int64) << 24) | (plain[:, 4].astype(np.int64) << 12) \
            | plain[:, 5]
        han, fu, han_fu, limit = s.han, s.fu, s.han_fu, s.limit
        for v, k in Counter(key.tolist()).items():
            names_ = _HAN_FU.get(v)
            if names_ is None:
                h, f = (v >> 12) & 0xFFF, v & 0xFFF
                names_ = _HAN_FU[v] = (str(h), str(f), f"{h},{f}", LIMIT_NAMES[v >> 24])
            han[names_[0]] += k
            fu[names_[1]] += k
            han_fu[names_[2]] += k
            limit[names_[3]] += k
        for v, k in Counter(wins[:, 6].tolist()).items():
            s.points[str(v)] += k
        for v, k in Counter(wins[:, 15].tolist()).items():
            s.waits[_WAITS[v]] += k


_KEYS = ("games", "hands", "riichi", "calls", "wins", "tsumo", "ron", "deal_ins", "win_points",
         "win_points_n", "deal_in_points", "deal_in_points_n", "pao", "placement_sum",
         "final_score_sum")
"""The player counters :meth:`RowStats._fold` computes, in the order it sets new players'."""
_NCOL = len(_KEYS) + 4  # and the four placements
_HAN_FU: dict = {}  # han/fu/limit key of a win -> its Stats keys
_YAKU = tuple(str(y) for y in range(64))


def materialise(players: dict, keys: list, table) -> None:
    """Add a folded batch's player rows (``table[i]`` the counters of ``keys[i]``, a raw
    name or a ``seat i`` str: :data:`_KEYS` then the four placements) into ``players``."""
    nk = len(_KEYS)
    new = PlayerStats.__new__
    for key, row in zip(keys, table.tolist()):
        name = key if type(key) is str else _unquote(key)
        p = players.get(name)
        if p is None:  # a new player: its counters are this batch's
            p = players[name] = new(PlayerStats)
            (p.games, p.hands, p.riichi, p.calls, p.wins, p.tsumo, p.ron, p.deal_ins,
             p.win_points, p.win_points_n, p.deal_in_points, p.deal_in_points_n, p.pao,
             p.placement_sum, p.final_score_sum, a, b, c, d) = row
            p.places = Counter({k: v for k, v in ((1, a), (2, b), (3, c), (4, d)) if v})
            continue
        for attr, v in zip(_KEYS, row):
            setattr(p, attr, getattr(p, attr) + v)
        for k, v in enumerate(row[nk:], 1):
            if v:
                p.places[k] += v


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
