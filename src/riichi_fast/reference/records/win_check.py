"""Pure-Python twin of ``riichi_fast.records._win_check`` (the compiled win checks of a round).

:func:`check_wins` answers exactly as the compiled one: the per-seat changes of each win of a
round settled alone when every check of :mod:`riichi_fast.records.verify` passes for the
round's wins, else ``None`` (then the verifier checks the round in Python and says why).  The
scoring kernel is called through its array entry (docs/SCORING.md), the settlement is the
arithmetic of :mod:`riichi_fast.reference.settle.settle` under Tenhou's rules, both under the
conditions ``records.verify._fast_wins`` checks before using it.
"""

from __future__ import annotations

import numpy as np

from riichi_fast.enums import MeldType
from riichi_fast.reference.scoring.score import score_kernel
from riichi_fast.reference.settle.settle import turn_order, win_edges
from riichi_fast.rules import layout as L
from riichi_fast.settle.types import pass_deal

__all__ = ["Digest", "check_wins", "win_score"]

_TYPES = {MeldType.CHI: (1, 3), MeldType.PON: (2, 3), MeldType.DAIMINKAN: (3, 4),
          MeldType.ANKAN: (4, 4), MeldType.SHOUMINKAN: (5, 4), MeldType.KITA: (6, 1)}
_FLAGS = (("tsumo", L.F_TSUMO), ("riichi", L.F_RIICHI), ("double_riichi", L.F_DOUBLE_RIICHI),
          ("ippatsu", L.F_IPPATSU), ("haitei", L.F_HAITEI), ("houtei", L.F_HOUTEI),
          ("rinshan", L.F_RINSHAN), ("chankan", L.F_CHANKAN), ("tenhou", L.F_TENHOU),
          ("chiihou", L.F_CHIIHOU))
_MAX_WINS = 2
_MAX_IND = 5
_BAD = -1000000


class Digest:
    """The rules of a verification for :func:`check_wins` (the compiled one's fields)."""

    def __init__(self, params, red: tuple, honba_value: int, counters_all: bool,
                 n_players: int, win_red: bool, three: bool) -> None:
        params = np.ascontiguousarray(params, dtype=np.int32)
        if params.shape[0] < L.R_SIZE:
            raise ValueError(f"a rules params array of {L.R_SIZE} values expected")
        if len(red) != 34:
            raise ValueError("red counts of 34 kinds expected")
        if n_players not in (3, 4) or honba_value < 0:
            raise ValueError("3 or 4 players and a non-negative honba value expected")
        self.params = params
        self.p = [int(v) for v in params]
        self.red = tuple(int(v) for v in red)
        self.honba_value = int(honba_value)
        self.counters_all = bool(counters_all)
        self.n_players = int(n_players)
        self.win_red = bool(win_red)
        self.three = bool(three)


def _small(x, lo: int, hi: int) -> int:
    if type(x) is not int or not lo <= x <= hi:
        return _BAD
    return x


def _win_pay(n, winner, discarder, dealer, ron, td, to, counters, honba_value, ch) -> None:
    """Add one win's payments (riichi_fast.settle's arithmetic; ``discarder`` -1: tsumo) to ``ch``."""
    for payer, receiver, amount, _ in win_edges(n, dealer, winner, None if discarder < 0 else discarder,
                                                ron, td, to, counters, honba_value):
        ch[payer] -= amount
        ch[receiver] += amount


def _tenhou_limit(limit: int) -> int:
    if limit == L.LIMIT_KAZOE_YAKUMAN:
        return L.LIMIT_YAKUMAN
    if limit == L.LIMIT_KIRIAGE_MANGAN:
        return L.LIMIT_MANGAN
    return limit


def _ints_equal(rec, got, n: int) -> bool:
    if type(rec) is not tuple or len(rec) != n:
        return False
    return all(type(x) is int and x == got[i] for i, x in enumerate(rec))


def _ints_read(seq, n: int):
    if type(seq) is not tuple or len(seq) != n:
        return None
    for x in seq:
        if type(x) is not int or not -10 ** 9 <= x <= 10 ** 9:
            return None
    return list(seq)


def _score(win, n: int, d: Digest):
    """(kernel output, (winner, discarder, dealer, counters, sticks, open)) of one win the
    kernel scores as the public scorer would, else None (the compiled ``_score``)."""
    winner = _small(win.winner, 0, n - 1)
    dealer = _small(win.dealer, 0, n - 1)
    if winner < 0 or dealer < 0:
        return None
    if win.discarder is None:
        discarder = -1
    else:
        discarder = _small(win.discarder, 0, n - 1)
        if discarder < 0 or discarder == winner:
            return None
    if bool(win.red_fives) != d.win_red or bool(win.three_player) != d.three:
        return None
    seen = set()
    counts = np.zeros(34, dtype=np.uint8)
    mt = np.zeros(4, dtype=np.uint8)
    mk = np.zeros(4, dtype=np.uint8)
    n_red = n_ids = n_sets = n_kita = 0
    is_open = False
    if type(win.closed) is not tuple:
        return None
    for x in win.closed:
        t = _small(x, 0, 135)
        if t < 0 or t in seen:
            return None
        seen.add(t)
        counts[t >> 2] += 1
        n_red += (t & 3) < d.red[t >> 2]
        n_ids += 1
    if type(win.melds) is not tuple:
        return None
    for m in win.melds:
        entry = next((e for t, e in _TYPES.items() if t is m.type), None)  # identity, as in C
        if entry is None:
            return None
        code, size = entry
        tiles = m.tiles
        if type(tiles) is not tuple or len(tiles) != size:
            return None
        ids = []
        for x in tiles:
            t = _small(x, 0, 135)
            if t < 0 or t in seen:
                return None
            seen.add(t)
            ids.append(t)
            n_red += (t & 3) < d.red[t >> 2]
        ids.sort()
        k = ids[0] >> 2
        if code == 1:
            if k >= 27 or k % 9 > 6 or ids[1] >> 2 != k + 1 or ids[2] >> 2 != k + 2:
                return None
        elif code == 6:
            if k != 30:
                return None
        elif ids[-1] >> 2 != k:
            return None
        if code not in (4, 6):
            called = m.called
            if type(called) is not int or called not in tiles:
                return None
            fs = m.from_seat
            if fs is None:
                rel = 3
            elif type(fs) is not int:
                return None
            else:
                if not -1000 <= fs <= 1000:
                    fs = _BAD
                rel = (fs - winner) % n
                if n == 3 and rel == 2:
                    rel = 3
            if rel not in (1, 2, 3) or (code == 1 and rel != 3):
                return None
            is_open = True
        if code == 6:
            n_kita += 1
        else:
            if n_sets >= 4:
                return None
            mt[n_sets], mk[n_sets] = code, k
            n_sets += 1
    if n_ids + 3 * n_sets != 14:
        return None
    kind = _small(win.win_tile, 0, 135)
    if kind < 0:
        return None
    kind >>= 2
    if counts[kind] == 0:
        return None
    sit = win.situation
    flags = 0
    for name, bit in _FLAGS:
        x = getattr(sit, name)
        if x is True:
            flags |= bit
        elif x is not False:
            return None
    if bool(flags & L.F_TSUMO) != (discarder < 0):
        return None
    riichi = bool(flags & L.F_RIICHI)
    seat = _small(sit.seat_wind, 0, 3)
    rnd = _small(sit.round_wind, 0, 3)
    honba = _small(sit.honba_paid, 0, 100000)
    sticks = _small(sit.riichi_sticks, 0, 100000)
    if seat < 0 or rnd < 0 or honba < 0 or sticks < 0 or (seat == 0) != (winner == dealer):
        return None
    ctx = np.zeros(L.CTX_SIZE, dtype=np.int32)
    dora = sit.dora_indicators
    if type(dora) is not tuple or len(dora) > _MAX_IND:
        return None
    for j, x in enumerate(dora):
        t = _small(x, 0, 135)
        if t < 0:
            return None
        ctx[L.CTX_DORA + j] = t >> 2
    n_ura = 0
    if riichi:
        ura = sit.ura_indicators
        if type(ura) is not tuple or len(ura) > _MAX_IND:
            return None
        n_ura = len(ura)
        for j, x in enumerate(ura):
            t = _small(x, 0, 135)
            if t < 0:
                return None
            ctx[L.CTX_URA + j] = t >> 2
    ctx[L.CTX_FLAGS] = flags
    ctx[L.CTX_SEAT_WIND] = seat
    ctx[L.CTX_ROUND_WIND] = rnd
    ctx[L.CTX_N_DORA] = len(dora)
    ctx[L.CTX_N_URA] = n_ura
    ctx[L.CTX_N_RED] = n_red
    ctx[L.CTX_N_KITA] = n_kita
    ctx[L.CTX_HONBA] = honba
    ctx[L.CTX_RIICHI_STICKS] = sticks
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    score_kernel(counts, mt, mk, kind, ctx, d.params, out)
    out = [int(v) for v in out]
    if out[L.O_STATUS] != L.ST_OK:
        return None
    return out, (winner, discarder, dealer, honba, sticks, is_open)


def _win(win, n: int, d: Digest):
    """(payments, winner, discarder, changes alone) of one win whose every item matches."""
    rec = win.recorded
    if rec.pao is not None:
        return None
    scored = _score(win, n, d)
    if scored is None:
        return None
    out, (winner, discarder, dealer, honba, sticks, is_open) = scored
    if not _same_yaku(rec, out[L.O_YAKU_MASK] & (2 ** 64 - 1), d.p, is_open, out, win.ura_known):
        return None
    if rec.limit is not None and rec.limit != _tenhou_limit(out[L.O_LIMIT]):
        return None
    if rec.points is not None and rec.points != out[L.O_HAND_POINTS]:
        return None
    pay = (out[L.O_PAY_RON], out[L.O_PAY_TSUMO_DEALER], out[L.O_PAY_TSUMO_OTHER])
    alone = [0] * 4
    _win_pay(n, winner, discarder, dealer, *pay, honba, d.honba_value, alone)
    alone[winner] += 1000 * sticks
    if rec.score_changes is not None and not _ints_equal(rec.score_changes, alone, n):
        return None
    return pay, winner, discarder, tuple(alone[:n])


def _same_yaku(rec, mask: int, p: list, is_open: bool, out: list, ura_known) -> bool:
    yakuman, yaku, han = rec.yakuman, rec.yaku, rec.han
    if type(yakuman) is not tuple or type(yaku) is not tuple:
        return False
    ym = 0
    for y in range(64):
        if mask >> y & 1 and p[L.R_YAKUMAN + y] > 0:
            ym |= 1 << y
    is_yakuman = len(yakuman) > 0
    states = is_yakuman or han is not None or len(yaku) > 0
    if (is_yakuman or ym) and states:
        rec_mask = 0
        for x in yakuman:
            y = _small(x, 0, 63)
            if y < 0 or rec_mask >> y & 1:
                return False
            rec_mask |= 1 << y
        if rec_mask != ym:
            return False
    if is_yakuman:
        return True
    if han is not None and han != out[L.O_HAN]:
        return False
    if rec.fu is not None and rec.fu != out[L.O_FU]:
        return False
    table = L.R_HAN_OPEN if is_open else L.R_HAN_CLOSED
    if han is not None or len(yaku) > 0:
        rec_mask = 0
        for item in yaku:
            if type(item) is not tuple or len(item) != 2:
                return False
            y = _small(item[0], 0, 63)
            if y < 0 or y in (52, 53, 54) or rec_mask >> y & 1 or p[L.R_YAKUMAN + y] > 0:
                return False
            if type(item[1]) is not int or item[1] != p[table + y]:
                return False
            rec_mask |= 1 << y
        for y in range(64):
            if mask >> y & 1 and p[L.R_YAKUMAN + y] <= 0 and y not in (52, 53, 54) \
                    and not rec_mask >> y & 1:
                return False
    if rec.dora is not None and rec.dora != out[L.O_DORA] + out[L.O_KITA]:
        return False
    if rec.aka is not None and rec.aka != out[L.O_AKA]:
        return False
    return rec.ura is None or not ura_known or rec.ura == out[L.O_URA]


def check_wins(wins: list, rnd, nxt, n: int, declared: tuple, d: Digest):
    """See ``riichi_fast.records._win_check.check_wins``."""
    nw = len(wins)
    if nw == 0 or nw > _MAX_WINS or n != d.n_players:
        return None
    dealer = _small(rnd.dealer, 0, n - 1)
    honba = _small(rnd.honba, 0, 100000)
    sticks = _small(rnd.riichi_sticks, 0, 100000)
    wind = _small(rnd.round_wind, 0, 3)
    if dealer < 0 or honba < 0 or sticks < 0 or wind < 0:
        return None
    table_scores = _ints_read(rnd.scores, n)
    if table_scores is None:
        return None
    deltas = [0] * 4
    for x in declared:
        s = _small(x, 0, n - 1)
        if s < 0 or deltas[s]:
            return None
        deltas[s] = -1000
    now = [table_scores[s] + deltas[s] for s in range(n)]  # records.verify._scores_at_end
    got, out = [], []
    for win in wins:
        one = _win(win, n, d)
        if one is None or _small(win.dealer, 0, n - 1) != dealer:
            return None
        rec = win.recorded
        if rec.scores_before is not None and now is not None \
                and not _ints_equal(rec.scores_before, now, n):
            return None
        if now is not None and rec.score_changes is not None:
            ch = _ints_read(rec.score_changes, n)
            if ch is None:
                return None
            now = [a + b for a, b in zip(now, ch)]
        got.append(one)
        out.append(one[3])
    if nw == 2:
        disc = got[0][2]
        if disc < 0 or disc != got[1][2] or got[0][1] == got[1][1]:
            return None
    order = turn_order(n, [one[1] for one in got], max(got[0][2], 0))
    repeat = False
    for k, i in enumerate(order):
        pay, who, disc, _ = got[i]
        ch = [0] * 4
        _win_pay(n, who, disc, dealer, *pay, honba if (k == 0 or d.counters_all) else 0,
                 d.honba_value, ch)
        if k == 0:
            ch[who] += 1000 * (sticks + len(declared))
        rec = wins[i].recorded.score_changes
        if rec is not None and not _ints_equal(rec, ch, n):
            return None
        for s in range(n):
            deltas[s] += ch[s]
        if who == dealer:
            repeat = True
    if nxt is not None:
        next_dealer, next_wind = pass_deal(n, dealer, wind, repeat)
        if (_small(nxt.dealer, 0, 3) != next_dealer or _small(nxt.round_wind, 0, 3) != next_wind
                or _small(nxt.honba, 0, 100000) != (honba + 1 if repeat else 0)
                or _small(nxt.riichi_sticks, 0, 100000) != 0):
            return None
        scores = nxt.scores if type(nxt.scores) is tuple else tuple(nxt.scores)
        if not _ints_equal(scores, [table_scores[s] + deltas[s] for s in range(n)], n):
            return None
    return out


def win_score(win, n: int, d: Digest):
    """The kernel's scoring of one recorded win (see the compiled ``win_score``), or None."""
    scored = None if n != d.n_players else _score(win, n, d)
    if scored is None:
        return None
    out = scored[0]
    mask = out[L.O_YAKU_MASK] & (2 ** 64 - 1)
    ids, yakuman = 0, False
    for y in range(64):
        if mask >> y & 1:
            if y > 51:  # dora 52-54 (counted apart); 55 on: no Tenhou id
                if y > 54:
                    return None
                continue
            ids |= 1 << y
            yakuman = yakuman or d.p[L.R_YAKUMAN + y] > 0
    yakuman = yakuman and out[L.O_LIMIT] == L.LIMIT_YAKUMAN  # else listed as ordinary yaku
    return (out[L.O_WAIT], out[L.O_HAN], out[L.O_FU], out[L.O_HAND_POINTS],
            _tenhou_limit(out[L.O_LIMIT]), ids, yakuman, out[L.O_DORA], out[L.O_URA], out[L.O_AKA])
