"""Pure-Python twin of :mod:`riichi_fast.stats._fold`: the statistics rows of games folded
into counters (same answers and errors; see the compiled module's comments)."""

from __future__ import annotations

import numpy as np

from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.stats._counts import (
    DRAW_KEYS,
    LIMIT_NAMES,
    OPEN_CALLS,
    PLAYER_KEYS,
    ROW_WIDTH,
    Counts,
    limit_code,
)

__all__ = ["CORPUS_KEYS", "PLAYER_KEYS", "ROW_WIDTH", "Fold"]

CORPUS_KEYS = ("games", "hands", "wins", "tsumo", "ron", "multi_ron", "pao", "yakuman")
_NCOL = len(PLAYER_KEYS) + 4
_YAKU = (*(str(y) for y in range(64)), "52", "53", "54")  # ids, then wins with dora, ura, red
_WAITS = ("kokushi", "ryanmen", "kanchan", "penchan", "shanpon", "tanki")  # shapes -1-4
_MAX_HAN = _MAX_FU = 0xFFFF


def _check(rows: list, end: int, size: int) -> None:
    """Every row of one game valid (the game row last), else RiichiError naming the first bad one."""
    g = rows[end - 1]
    if g[0] != 3:
        raise RiichiError(f"row {end - 1}: the last row of a game must be its game row (kind 3), "
                          f"got kind {g[0]}")
    n = g[2]
    if n not in (3, 4):
        raise RiichiError(f"row {end - 1}: players must be 3 or 4, got {n}")
    if g[9] >= 0:
        for s in range(n):
            off, ln = g[8 + 2 * s], g[9 + 2 * s]
            if off < 0 or ln < 0 or off + ln > size:
                raise RiichiError(f"row {end - 1}: name {s} at {off}+{ln} is outside the "
                                  f"{size} bytes of the record")
    for i, r in enumerate(rows[:end - 1]):
        if r[1] != g[1]:
            raise RiichiError(f"row {i}: game index {r[1]}, not the game row's {g[1]}")
        if r[0] == 1:
            if not -1 <= r[5] <= 6:
                raise RiichiError(f"row {i}: draw kind {r[5]} is not in -1-6")
        elif r[0] == 2:
            if not 0 <= r[2] < n:
                raise RiichiError(f"row {i}: winner {r[2]} is not a seat of {n}")
            if not -1 <= r[3] < n:
                raise RiichiError(f"row {i}: discarder {r[3]} is not -1 or a seat of {n}")
            if not -1 <= r[8] < n:
                raise RiichiError(f"row {i}: pao seat {r[8]} is not -1 or a seat of {n}")
            if not -1 <= r[15] <= 4:
                raise RiichiError(f"row {i}: wait shape {r[15]} is not in -1-4")
            if r[11] == 0:
                if not 0 <= r[7] <= 5:
                    raise RiichiError(f"row {i}: limit {r[7]} is not in 0-5")
                if not 0 <= r[4] <= _MAX_HAN or not -1 <= r[5] <= _MAX_FU:
                    raise RiichiError(f"row {i}: han {r[4]} or fu {r[5]} out of range")
        else:
            raise RiichiError(f"row {i}: kind {r[0]} is not 1 (round) or 2 (win)")


class Fold:
    """Accumulated statistics of the games whose rows :meth:`add` was given.

    >>> f = Fold()
    >>> f.take()[0]
    [0, 0, 0, 0, 0, 0, 0, 0]
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.ints = [0] * len(CORPUS_KEYS)
        self.draws = [0] * 7
        self.yaku = [0] * 67
        self.waits = [0] * 6
        self.hf: dict = {}
        self.pts: dict = {}
        self.ids: dict = {}
        self.keys: list = []
        self.table: list[list[int]] = []

    def _player(self, key) -> int:
        i = self.ids.get(key)
        if i is None:
            i = self.ids[key] = len(self.keys)
            self.keys.append(key)
            self.table.append([0] * _NCOL)
        return i

    def add(self, data, rows, end):
        """Fold ``rows[:end]``, the rows of one game read from ``data`` (its players' names
        are sliced from ``data`` at the offsets of the game row, the last one)."""
        if type(data) is not bytes:
            raise RiichiError(f"data must be bytes, got {type(data).__name__}")
        if not (isinstance(rows, np.ndarray) and rows.dtype == np.int32 and rows.ndim == 2
                and rows.flags.c_contiguous) or rows.shape[1] != ROW_WIDTH:
            raise RiichiError(f"rows must be a C-contiguous int32 array of {ROW_WIDTH} columns, "
                              f"got {rows!r:.60}")
        if type(end) is not int or not 0 < end <= rows.shape[0]:
            raise RiichiError(f"end must be an int in 1-{rows.shape[0]}, got {end!r}")
        rows = rows[:end].tolist()
        _check(rows, end, len(data))
        g = rows[-1]
        n = g[2]
        if g[9] < 0:
            names = [f"seat {s}" for s in range(n)]
        else:
            names = [data[g[8 + 2 * s]:g[8 + 2 * s] + g[9 + 2 * s]] for s in range(n)]
        self._count(rows, names)

    def add_game(self, game, score, digest) -> int:
        """Fold one game read by the full reader (see the compiled ``Fold.add_game``): the
        number of wins re-scored, or -1 when declined (nothing counted)."""
        built = _model_rows(game, score, digest)
        if built is None:
            return -1
        rows, names, rescored = built
        _check(rows, len(rows), 0)
        self._count(rows, names)
        return rescored

    def _count(self, rows: list, names: list) -> None:
        g = rows[-1]
        n = g[2]
        pid = [self._player(name) for name in names]
        players = [self.table[i] for i in pid]
        for r in rows[:-1]:
            if r[0] == 1:  # a round
                self.ints[1] += 1
                self.ints[5] += r[4] > 1
                if r[5] >= 0:
                    self.draws[r[5]] += 1
                for s, p in enumerate(players):
                    p[1] += 1
                    p[2] += (r[2] >> s) & 1
                    p[3] += (r[3] >> s) & 1
                continue
            points = r[6]
            self.ints[2] += 1
            w = players[r[2]]
            w[4] += 1
            w[8] += points
            w[9] += 1
            if r[3] < 0:
                self.ints[3] += 1
                w[5] += 1
            else:
                self.ints[4] += 1
                w[6] += 1
                d = players[r[3]]
                d[7] += 1
                d[10] += points
                d[11] += 1
            if r[8] >= 0:
                self.ints[6] += 1
                players[r[8]][12] += 1
            mask = (r[9] & 0xFFFFFFFF) | (r[10] & 0xFFFFFFFF) << 32
            for y in range(64):
                if mask >> y & 1:
                    self.yaku[y] += 1
            for k in range(3):
                self.yaku[64 + k] += r[12 + k] != 0
            if r[11]:
                self.ints[7] += 1
            else:
                key = (r[7], r[4], r[5])
                self.hf[key] = self.hf.get(key, 0) + 1
            self.pts[points] = self.pts.get(points, 0) + 1
            self.waits[r[15] + 1] += 1
        # the game: final scores and placements (ties to the earlier seat)
        self.ints[0] += 1
        finals = g[3:3 + n]
        order = sorted(range(n), key=lambda s: -finals[s])  # stable: ties keep seat order
        for place, s in enumerate(order, 1):
            p = players[s]
            p[0] += 1
            p[13] += place
            p[14] += finals[s]
            p[14 + place] += 1

    def take(self):
        """The totals so far, and start again from zero (see the compiled ``Fold.take``)."""
        out = (self.ints, self.draws, self.yaku, self.waits,
               sorted((*k, v) for k, v in self.hf.items()), sorted(self.pts.items()),
               self.keys, np.array(self.table, dtype=np.int64).reshape(len(self.keys), _NCOL))
        self._reset()
        return out

    def take_into(self, stats) -> None:
        """Add the totals so far into ``stats`` (a :class:`riichi_fast.stats.Stats`) and start
        again from zero; the players as one ``(keys, table)`` entry of ``stats._pending``."""
        if not isinstance(stats, Counts):
            raise RiichiError(f"stats must be a riichi_fast.stats.Stats, got {type(stats).__name__}")
        if not self.ints[0]:
            self._reset()
            return
        for name in ("draws", "yaku", "waits", "han", "fu", "han_fu", "limit", "points"):
            c = getattr(stats, name)
            if not isinstance(c, dict):
                raise RiichiError(f"stats.{name} must be a dict, got {type(c).__name__}")
        corpus, draws, yaku, waits, han_fu, points, keys, table = self.take()
        games, hands, wins, tsumo, ron, multi_ron, pao, yakuman = corpus
        s = stats
        s.games += games
        s.hands += hands
        s.wins += wins
        s.tsumo += tsumo
        s.ron += ron
        s.multi_ron += multi_ron
        s.pao += pao
        _add(s.draws, zip(DRAW_KEYS.values(), draws))
        _add(s.yaku, zip(_YAKU, yaku))
        _add(s.waits, zip(_WAITS, waits))
        _add(s.han, [("yakuman", yakuman)])
        _add(s.limit, [("yakuman", yakuman)])
        for lim, h, f, n in han_fu:
            _add(s.han, [(str(h), n)])
            if f >= 0:  # fu -1: not recorded
                _add(s.fu, [(str(f), n)])
                _add(s.han_fu, [(f"{h},{f}", n)])
            _add(s.limit, [(LIMIT_NAMES[lim], n)])
        _add(s.points, ((str(v), n) for v, n in points))
        s._pending.append((keys, table))


def _add(counter, items) -> None:
    """``counter[k] += n`` for each nonzero ``(k, n)``."""
    for k, n in items:
        if n:
            counter[k] = counter.get(k, 0) + n


_BAD = None


def _ival(x, lo: int, hi: int):
    """x when it is an int (not a bool) in lo..hi, else None."""
    return x if type(x) is int and lo <= x <= hi else None


def _ints(seq, n: int):
    if type(seq) is not tuple or len(seq) != n:
        return None
    out = [_ival(x, -10 ** 9, 10 ** 9) for x in seq]
    return None if None in out else out


def _model_rows(game, score, digest):
    """(rows, player keys, wins re-scored) of a read game, or None (the compiled
    ``Fold._model_rows``)."""
    three = game.rules.three_player
    if three is not True and three is not False:
        return None
    n = 3 if three else 4
    players = game.players
    if type(players) is not tuple:
        return None
    names = [players[s] if s < len(players) else f"seat {s}" for s in range(n)]
    if any(type(x) is not str for x in names):
        return None
    rounds = game.rounds
    if type(rounds) is not list or not rounds:
        return None
    draw_index = {k: i for i, k in enumerate(DRAW_KEYS)}
    opened = OPEN_CALLS
    closed = (MeldType.ANKAN, MeldType.SHOUMINKAN, MeldType.KITA)
    rows, rescored, scores = [], 0, None
    for ri, rnd in enumerate(rounds):
        last = ri == len(rounds) - 1
        riichi = called = staked = 0
        stakes = [0] * 4
        events = rnd.events
        if type(events) is not list:
            return None
        for ev in events:
            t = ev.type
            if t not in ("riichi", "call", "riichi_accepted"):
                continue
            x = ev.seat
            if x is not None and type(x) is not int:
                return None
            v = -1 if x is None else x
            if t == "riichi":
                if 0 <= v < n:
                    riichi |= 1 << v
            elif t == "call":
                m = ev.meld
                if m is None:
                    continue
                if any(m.type is k for k in opened):
                    if 0 <= v < n:
                        called |= 1 << v
                elif not any(m.type is k for k in closed):
                    return None
            elif last:
                if not 0 <= v < n:
                    return None
                stakes[v] += 1
                staked += 1
        wins = rnd.wins
        if type(wins) is not list or len(wins) > 3:
            return None
        for win in wins:
            row = _win_row(win, n, score, digest, limit_code)
            if row is None:
                return None
            rescored += row[1]
            rows.append(row[0])
        draw = rnd.draw
        kind = -1
        if draw is not None:
            kind = draw_index.get(draw.kind)
            if kind is None:
                return None
        if last:
            scores = _ints(rnd.scores, n)
            if scores is None:
                return None
            for s in range(n):
                scores[s] -= 1000 * stakes[s]
            changes = [w.recorded.score_changes for w in wins]
            if draw is not None:
                changes.append(draw.score_changes)
            for ch in changes:
                if ch is not None:
                    ch = _ints(ch, n)
                    if ch is None:
                        return None
                    for s in range(n):
                        scores[s] += ch[s]
            if not wins:
                v = _ival(rnd.riichi_sticks, 0, 100000)
                if v is None:
                    return None
                v += staked
                if v:
                    top = max(range(n), key=lambda s: (scores[s], -s))
                    scores[top] += 1000 * v
        rows.append([1, 0, riichi, called, len(wins), kind] + [0] * 10)
    if any(not -10 ** 9 <= v <= 10 ** 9 for v in scores):
        return None
    g = [3, 0, n] + scores + [0] * (4 - n) + [len(rounds), 0, -1] + [0] * 6
    rows.append(g)
    return rows, names, rescored


def _win_row(win, n: int, score, digest, limit_code):
    """(row, 1 when re-scored else 0) of one win, or None (the compiled ``Fold._win_row``)."""
    winner = _ival(win.winner, 0, n - 1)
    if winner is None:
        return None
    disc = -1
    if win.discarder is not None:
        disc = _ival(win.discarder, 0, n - 1)
        if disc is None:
            return None
    rec = win.recorded
    pao = -1
    if rec.pao is not None:
        pao = _ival(rec.pao, 0, n - 1)
        if pao is None:
            return None
    sc = score(win, n, digest)
    if type(sc) is not tuple or len(sc) != 10:
        return None
    wait = _ival(sc[0], -1, 4)
    yk, yaku = rec.yakuman, rec.yaku
    if wait is None or type(yk) is not tuple or type(yaku) is not tuple:
        return None
    rescored = rec.han is None and rec.points is None and not yk
    if rescored:
        yakuman = sc[6] is True
        han, fu = _ival(sc[1], 0, _MAX_HAN), _ival(sc[2], 0, _MAX_FU)
        points, limit = _ival(sc[3], -10 ** 9, 10 ** 9), _ival(sc[4], 0, 5)
        mask = sc[5] if type(sc[5]) is int and 0 <= sc[5] < 2 ** 64 else None
        cnt = [_ival(x, 0, 1000) for x in sc[7:]]
        if None in (han, fu, points, limit, mask, *cnt):
            return None
    else:
        yakuman = len(yk) > 0
        ids = [_ival(x, 0, 63) for x in yk]
        for item in yaku:
            if type(item) is not tuple or len(item) != 2:
                return None
            ids.append(_ival(item[0], 0, 63))
        if None in ids:
            return None
        mask = 0
        for y in ids:
            mask |= 1 << y
        cnt = [0 if x is None else _ival(x, -1000, 1000) for x in (rec.dora, rec.ura, rec.aka)]
        points = None if rec.points is None else _ival(rec.points, -10 ** 9, 10 ** 9)
        if None in cnt or points is None:
            return None
        han = fu = limit = 0
        if not yakuman:
            han = _ival(rec.han, 0, _MAX_HAN)
            fu = -1 if rec.fu is None else _ival(rec.fu, 0, _MAX_FU)
            if han is None or fu is None:
                return None
            limit = limit_code(han, None if fu < 0 else fu) if rec.limit is None \
                else _ival(rec.limit, 0, 5)
            if limit is None:
                return None
    if yakuman:
        han, fu, limit = -1, 0, 5
    lo, hi = mask & 0xFFFFFFFF, mask >> 32
    row = [2, 0, winner, disc, han, fu, points, limit, pao,
           lo - (1 << 32) if lo >= 1 << 31 else lo, hi - (1 << 32) if hi >= 1 << 31 else hi,
           int(yakuman), int(cnt[0] != 0), int(cnt[1] != 0), int(cnt[2] != 0), wait]
    return row, int(rescored)
