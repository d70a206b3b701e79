"""The column engine of :func:`riichi_fast.scoring.batch.score_batch`: the pure-Python twin of
``riichi_fast.scoring._columns``.

Each row is checked for input defects (:func:`row_status`: the
:class:`~riichi_fast.enums.RowStatus` of its first defect), its context array is built,
and the reference kernel :func:`riichi_fast.reference.scoring.score.score_kernel` scores
it; the result columns are written from the kernel's output slots.
"""

from __future__ import annotations

import numpy as np

from riichi_fast.enums import MeldType, RowStatus
from riichi_fast.reference.scoring.score import score_kernel
from riichi_fast.rules import layout as L

__all__ = ["row_status", "score_columns"]

#: a batch row's unused indicator slot
NO_INDICATOR = 255

#: output slot of the flat kernel layout behind each payment / count column
_FLAT = {
    "han": L.O_HAN,
    "fu": L.O_FU,
    "yaku": L.O_YAKU_MASK,
    "yakuman": L.O_YAKUMAN,
    "limit": L.O_LIMIT,
    "dora": L.O_DORA,
    "ura": L.O_URA,
    "aka": L.O_AKA,
    "kita": L.O_KITA,
    "form": L.O_FORM,
    "wait": L.O_WAIT,
    "base": L.O_BASE,
    "pay_ron": L.O_PAY_RON,
    "pay_tsumo_dealer": L.O_PAY_TSUMO_DEALER,
    "pay_tsumo_other": L.O_PAY_TSUMO_OTHER,
    "honba_ron": L.O_HONBA_RON,
    "honba_tsumo": L.O_HONBA_TSUMO,
    "sticks": L.O_STICKS,
    "hand_points": L.O_HAND_POINTS,
    "total": L.O_TOTAL,
}


def row_status(hand, codes, win, flags, seat, rnd, dora, ura) -> tuple[int, int, int]:
    """``(RowStatus, n_dora, n_ura)`` of one row: the first defect in the order
    meld, tile count, count above four, indicator, context, win tile.

    >>> from riichi_fast.tiles import as_counts
    >>> row_status(as_counts("123m456p789s11122z"), [0, 0, 0, 0], 28, 0, 0, 0, [3, 255, 255, 255, 255], [255] * 5)
    (<RowStatus.OK: 0>, 1, 0)
    >>> row_status(as_counts("123m456p789s11122z"), [0, 0, 0, 0], 31, 0, 0, 0, [255] * 5, [255] * 5)[0].name
    'BAD_WIN_TILE'
    """
    ended, n_melds = False, 0
    for code in codes:
        code = int(code)
        t, k = code >> 8, code & 0xFF
        if code == 0:
            ended = True
            continue
        if ended or t == 0 or t > MeldType.SHOUMINKAN or k >= 34 or (t == MeldType.CHI and (k >= 27 or k % 9 > 6)):
            return RowStatus.BAD_MELD, 0, 0
        n_melds += 1
    full = [int(c) for c in hand]
    if sum(full) != 14 - 3 * n_melds:
        return RowStatus.BAD_TILE_COUNT, 0, 0
    for code in codes[:n_melds]:
        t, k = int(code) >> 8, int(code) & 0xFF
        if t == MeldType.CHI:
            for j in range(3):
                full[k + j] += 1
        else:
            full[k] += 3 if t == MeldType.PON else 4
    if max(full) > 4:
        return RowStatus.COUNT_ABOVE_FOUR, 0, 0
    counts = []
    for ind in (dora, ura):
        ind = [int(x) for x in ind]
        m = 0
        while m < 5 and ind[m] != NO_INDICATOR:
            if ind[m] >= 34:
                return RowStatus.BAD_INDICATOR, 0, 0
            m += 1
        if any(x != NO_INDICATOR for x in ind[m:]):
            return RowStatus.BAD_INDICATOR, 0, 0
        counts.append(m)
    if int(flags) & ~L.F_ALL or seat > 3 or rnd > 3:
        return RowStatus.BAD_CONTEXT, 0, 0
    if win >= 34 or hand[win] == 0:
        return RowStatus.BAD_WIN_TILE, counts[0], counts[1]
    return RowStatus.OK, counts[0], counts[1]


def score_columns(cols, params, use_ura, use_kan_dora, out, start, stop, out_offset, n_threads=1):
    """Score rows [start, stop) of the input columns ``cols`` (a dict of arrays, validated by
    :mod:`riichi_fast.scoring.batch`) into rows [out_offset, out_offset + stop - start) of the
    output columns ``out`` (a dict of arrays).  ``use_ura`` / ``use_kan_dora``: the rules count
    ura-dora / indicators past the first.  ``n_threads`` is accepted and ignored (one row at a time).

    >>> import numpy as np
    >>> from riichi_fast.rules.config import DEFAULT
    >>> from riichi_fast.scoring.batch import BatchResult, _columns
    >>> from riichi_fast.tiles import as_counts
    >>> hands = np.array([as_counts("123m456p789s11122z")], np.uint8)
    >>> n, cols = _columns(hands, {"win_tile": 28, "flags": 1, "seat_wind": 1, "round_wind": 1})
    >>> res = BatchResult(n)
    >>> score_columns(cols, DEFAULT.params(), True, True, res.as_dict(), 0, n, 0)
    >>> res.status.tolist(), res.han.tolist(), res.total.tolist()
    ([0], [1], [1500])
    """
    flat = np.zeros(L.OUT_SIZE, np.int64)
    max_ind = 5 if use_kan_dora else 1
    for i in range(start, stop):
        j = out_offset + i - start
        hand = cols["hands"][i]
        codes = cols["melds"][i]
        win = int(cols["win_tile"][i])
        rs, n_dora, n_ura = row_status(
            hand,
            codes,
            win,
            cols["flags"][i],
            int(cols["seat_wind"][i]),
            int(cols["round_wind"][i]),
            cols["dora"][i],
            cols["ura"][i],
        )
        out["status"][j] = rs
        n_dora, n_ura = min(n_dora, max_ind), min(n_ura, max_ind)
        flat[:] = 0
        if rs in (RowStatus.OK, RowStatus.BAD_WIN_TILE):
            ctx = np.zeros(L.CTX_SIZE, np.int32)
            ctx[L.CTX_FLAGS] = int(cols["flags"][i])
            ctx[L.CTX_SEAT_WIND] = cols["seat_wind"][i]
            ctx[L.CTX_ROUND_WIND] = cols["round_wind"][i]
            ctx[L.CTX_N_DORA] = n_dora
            ctx[L.CTX_DORA : L.CTX_DORA + n_dora] = cols["dora"][i][:n_dora]
            if use_ura:
                ctx[L.CTX_N_URA] = n_ura
                ctx[L.CTX_URA : L.CTX_URA + n_ura] = cols["ura"][i][:n_ura]
            ctx[L.CTX_N_RED] = cols["n_red"][i]
            ctx[L.CTX_N_KITA] = cols["n_kita"][i]
            ctx[L.CTX_HONBA] = cols["honba"][i]
            ctx[L.CTX_RIICHI_STICKS] = cols["riichi_sticks"][i]
            types = bytes(int(c) >> 8 for c in codes)
            kinds = bytes(int(c) & 0xFF if int(c) >> 8 else 0 for c in codes)
            score_kernel(bytes(hand), types, kinds, win, ctx, params, flat)
        else:
            flat[L.O_STATUS] = L.ST_BAD_INPUT
        out["score_status"][j] = flat[L.O_STATUS]
        ok = flat[L.O_STATUS] == L.ST_OK
        for name, slot in _FLAT.items():
            col = out[name]
            if name in ("form", "wait") and not ok:
                col[j] = -1
            elif name == "yaku":
                col[j] = np.uint64(int(flat[slot]) & (2**64 - 1))
            else:
                col[j] = flat[slot]
