# The column engine of riichi_fast.scoring.batch.score_batch: plain input columns in,
# compact result columns out.  Twin: riichi_fast.reference.scoring.columns.
#
# Each row's context is assembled on the stack from plain columns, the row is
# checked for input defects (RowStatus) and scored by the kernel of
# riichi_fast.scoring._score (c_score_hand_columns), and a compact set of result
# columns is written: no (N, 24) context or (N, 96) output array is ever
# materialised, so memory is the output columns alone.  The GIL is released;
# rows are split over threads by riichi_fast._parallel.run_chunks.

from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t

from riichi_fast._types cimport MELD_NONE, MELD_CHI, MELD_PON, MELD_SHOUMINKAN
from riichi_fast.scoring._score cimport *

from riichi_fast._parallel import run_chunks

cdef enum:
    ROW_OK_ = 0
    ROW_BAD_TILE_COUNT_ = 1
    ROW_COUNT_ABOVE_FOUR_ = 2
    ROW_BAD_MELD_ = 3
    ROW_BAD_WIN_TILE_ = 4
    ROW_BAD_INDICATOR_ = 5
    ROW_BAD_CONTEXT_ = 6
    NO_INDICATOR = 255


cdef int _row_status(const uint8_t* closed, const uint16_t* codes, int win, uint32_t flags,
                     int seat, int rnd, const uint8_t* dora, const uint8_t* ura,
                     int* n_dora, int* n_ura) noexcept nogil:
    """RowStatus of one batch row (first defect in this order: meld, tile count,
    count above four, indicator, context, win tile); also the indicator counts."""
    cdef int i, t, k, n_melds = 0, total = 0, ended = 0
    cdef int full[34]
    for i in range(4):
        t = codes[i] >> 8
        k = codes[i] & 0xff
        if codes[i] == 0:
            ended = 1
            continue
        if ended or t == MELD_NONE or t > MELD_SHOUMINKAN or k >= 34 \
                or (t == MELD_CHI and (k >= 27 or (k % 9) > 6)):
            return ROW_BAD_MELD_
        n_melds += 1
    for i in range(34):
        full[i] = closed[i]
        total += closed[i]
    if total != 14 - 3 * n_melds:
        return ROW_BAD_TILE_COUNT_
    for i in range(n_melds):
        t = codes[i] >> 8
        k = codes[i] & 0xff
        if t == MELD_CHI:
            full[k] += 1
            full[k + 1] += 1
            full[k + 2] += 1
        else:
            full[k] += 3 if t == MELD_PON else 4
    for i in range(34):
        if full[i] > 4:
            return ROW_COUNT_ABOVE_FOUR_
    n_dora[0] = 0
    n_ura[0] = 0
    for i in range(MAX_INDICATORS):
        if dora[i] == NO_INDICATOR:
            break
        if dora[i] >= 34:
            return ROW_BAD_INDICATOR_
        n_dora[0] += 1
    for i in range(n_dora[0], MAX_INDICATORS):
        if dora[i] != NO_INDICATOR:
            return ROW_BAD_INDICATOR_
    for i in range(MAX_INDICATORS):
        if ura[i] == NO_INDICATOR:
            break
        if ura[i] >= 34:
            return ROW_BAD_INDICATOR_
        n_ura[0] += 1
    for i in range(n_ura[0], MAX_INDICATORS):
        if ura[i] != NO_INDICATOR:
            return ROW_BAD_INDICATOR_
    if flags & ~(<uint32_t>F_ALL) or seat > 3 or rnd > 3:
        return ROW_BAD_CONTEXT_
    if win >= 34 or closed[win] == 0:
        return ROW_BAD_WIN_TILE_
    return ROW_OK_


cdef inline bint _codes_ok(const uint16_t* codes) noexcept nogil:
    """Meld codes fill slots from 0 and a type-0 code has no kind (other checks: kernel)."""
    cdef int j, ended = 0
    for j in range(4):
        if codes[j] == 0:
            ended = 1
        elif ended or (codes[j] >> 8) == 0:
            return False
    return True


cdef inline int _n_indicators(const uint8_t* ind) noexcept nogil:
    """Number of leading indicators (255 ends them); -1 when one follows a 255."""
    cdef int j, n = 0
    while n < MAX_INDICATORS and ind[n] != NO_INDICATOR:
        n += 1
    for j in range(n, MAX_INDICATORS):
        if ind[j] != NO_INDICATOR:
            return -1
    return n


cdef class _ColumnsJob:
    # inputs
    cdef const uint8_t[:, ::1] hands
    cdef const uint16_t[:, ::1] melds
    cdef const uint8_t[::1] win
    cdef const uint32_t[::1] flags
    cdef const uint8_t[::1] seat
    cdef const uint8_t[::1] rnd
    cdef const uint8_t[:, ::1] dora
    cdef const uint8_t[:, ::1] ura
    cdef const uint8_t[::1] n_red
    cdef const uint8_t[::1] n_kita
    cdef const uint16_t[::1] honba
    cdef const uint16_t[::1] sticks
    cdef bint use_ura
    cdef int max_ind                # indicators counted: 5, or 1 when the rules have no kan dora
    cdef RulesC rc
    cdef object params_ref
    # outputs
    cdef uint8_t[::1] o_status
    cdef uint8_t[::1] o_score_status
    cdef int16_t[::1] o_han
    cdef int16_t[::1] o_fu
    cdef uint64_t[::1] o_yaku
    cdef uint8_t[::1] o_yakuman
    cdef uint8_t[::1] o_limit
    cdef uint8_t[::1] o_dora
    cdef uint8_t[::1] o_ura
    cdef uint8_t[::1] o_aka
    cdef uint8_t[::1] o_kita
    cdef int8_t[::1] o_form
    cdef int8_t[::1] o_wait
    cdef int32_t[::1] o_base
    cdef int32_t[::1] o_pay_ron
    cdef int32_t[::1] o_pay_tsumo_dealer
    cdef int32_t[::1] o_pay_tsumo_other
    cdef int32_t[::1] o_honba_ron
    cdef int32_t[::1] o_honba_tsumo
    cdef int32_t[::1] o_sticks
    cdef int32_t[::1] o_hand_points
    cdef int32_t[::1] o_total

    def __call__(self, Py_ssize_t start, Py_ssize_t stop):
        with nogil:
            self._run(start, stop)

    cdef void _run(self, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
        cdef Py_ssize_t i
        cdef int j, n_dora = 0, n_ura = 0, rs, st
        cdef uint8_t mt[4]
        cdef uint8_t mk[4]
        cdef int32_t ctx[CTX_SIZE]
        cdef int64_t out[OUT_SIZE]
        for j in range(CTX_SIZE):
            ctx[j] = 0
        for i in range(start, stop):
            # fast path: decode the row and let the kernel validate it; the RowStatus
            # classification (_row_status) runs only for rows the kernel rejects
            rs = _codes_ok(&self.melds[i, 0])
            n_dora = _n_indicators(&self.dora[i, 0])
            n_ura = _n_indicators(&self.ura[i, 0])
            if not rs or n_dora < 0 or n_ura < 0 or self.flags[i] > F_ALL:
                self._reject(i)
                continue
            c_decode_melds(&self.melds[i, 0], mt, mk)
            ctx[CTX_FLAGS] = <int32_t>self.flags[i]
            ctx[CTX_SEAT_WIND] = self.seat[i]
            ctx[CTX_ROUND_WIND] = self.rnd[i]
            if n_dora > self.max_ind:
                n_dora = self.max_ind
            if n_ura > self.max_ind:
                n_ura = self.max_ind
            ctx[CTX_N_DORA] = n_dora
            for j in range(MAX_INDICATORS):
                ctx[CTX_DORA + j] = self.dora[i, j] if j < n_dora else 0
            if not self.use_ura:
                n_ura = 0
            ctx[CTX_N_URA] = n_ura
            for j in range(MAX_INDICATORS):
                ctx[CTX_URA + j] = self.ura[i, j] if j < n_ura else 0
            ctx[CTX_N_RED] = self.n_red[i]
            ctx[CTX_N_KITA] = self.n_kita[i]
            ctx[CTX_HONBA] = self.honba[i]
            ctx[CTX_RIICHI_STICKS] = self.sticks[i]
            st = c_score_hand_columns(&self.hands[i, 0], mt, mk, self.win[i], ctx, &self.rc, out)
            if st == ST_BAD_INPUT or st == ST_WIN_TILE_NOT_IN_HAND:
                self._reject(i)
                continue
            self.o_status[i] = ROW_OK_
            if st != ST_OK:
                self._zero(i, st)   # out holds only the status (SCORING.md: all 0 but O_STATUS)
                continue
            self.o_score_status[i] = <uint8_t>out[O_STATUS]
            self.o_han[i] = <int16_t>out[O_HAN]
            self.o_fu[i] = <int16_t>out[O_FU]
            self.o_yaku[i] = <uint64_t>out[O_YAKU_MASK]
            self.o_yakuman[i] = <uint8_t>out[O_YAKUMAN]
            self.o_limit[i] = <uint8_t>out[O_LIMIT]
            self.o_dora[i] = <uint8_t>out[O_DORA]
            self.o_ura[i] = <uint8_t>out[O_URA]
            self.o_aka[i] = <uint8_t>out[O_AKA]
            self.o_kita[i] = <uint8_t>out[O_KITA]
            self.o_form[i] = <int8_t>out[O_FORM]
            self.o_wait[i] = <int8_t>out[O_WAIT]
            self.o_base[i] = <int32_t>out[O_BASE]
            self.o_pay_ron[i] = <int32_t>out[O_PAY_RON]
            self.o_pay_tsumo_dealer[i] = <int32_t>out[O_PAY_TSUMO_DEALER]
            self.o_pay_tsumo_other[i] = <int32_t>out[O_PAY_TSUMO_OTHER]
            self.o_honba_ron[i] = <int32_t>out[O_HONBA_RON]
            self.o_honba_tsumo[i] = <int32_t>out[O_HONBA_TSUMO]
            self.o_sticks[i] = <int32_t>out[O_STICKS]
            self.o_hand_points[i] = <int32_t>out[O_HAND_POINTS]
            self.o_total[i] = <int32_t>out[O_TOTAL]

    cdef void _reject(self, Py_ssize_t i) noexcept nogil:
        """A row with an input defect: its RowStatus, the kernel's status, zero results."""
        cdef int n_dora = 0, n_ura = 0, st
        cdef int rs = _row_status(&self.hands[i, 0], &self.melds[i, 0], self.win[i], self.flags[i],
                                  self.seat[i], self.rnd[i], &self.dora[i, 0], &self.ura[i, 0],
                                  &n_dora, &n_ura)
        self.o_status[i] = rs
        # the only defect the kernel reports on its own is a win tile not in the hand
        st = ST_BAD_INPUT
        if rs == ROW_BAD_WIN_TILE_ and self.win[i] < 34:
            st = ST_WIN_TILE_NOT_IN_HAND
        self._zero(i, st)

    cdef void _zero(self, Py_ssize_t i, int st) noexcept nogil:
        self.o_score_status[i] = st
        self.o_han[i] = 0
        self.o_fu[i] = 0
        self.o_yaku[i] = 0
        self.o_yakuman[i] = 0
        self.o_limit[i] = 0
        self.o_dora[i] = 0
        self.o_ura[i] = 0
        self.o_aka[i] = 0
        self.o_kita[i] = 0
        self.o_form[i] = -1
        self.o_wait[i] = -1
        self.o_base[i] = 0
        self.o_pay_ron[i] = 0
        self.o_pay_tsumo_dealer[i] = 0
        self.o_pay_tsumo_other[i] = 0
        self.o_honba_ron[i] = 0
        self.o_honba_tsumo[i] = 0
        self.o_sticks[i] = 0
        self.o_hand_points[i] = 0
        self.o_total[i] = 0


def score_columns(cols, params, bint use_ura, bint use_kan_dora, out, Py_ssize_t start,
                  Py_ssize_t stop, Py_ssize_t out_offset, n_threads=1):
    """Score rows [start, stop) of the validated input columns ``cols`` (a dict of
    arrays) into rows [out_offset, out_offset + stop - start) of the output
    columns ``out`` (a dict).  ``use_ura`` / ``use_kan_dora``: the rules count
    ura-dora / indicators past the first (as riichi_fast.scoring.front.score).
    Used by riichi_fast.scoring.batch, which validates.

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
    cdef _ColumnsJob job = _ColumnsJob()
    cdef Py_ssize_t n = stop - start
    cdef slice src = slice(start, stop)
    cdef slice dst = slice(out_offset, out_offset + n)
    if n <= 0:
        return
    job.hands = cols["hands"][src]
    job.melds = cols["melds"][src]
    job.win = cols["win_tile"][src]
    job.flags = cols["flags"][src]
    job.seat = cols["seat_wind"][src]
    job.rnd = cols["round_wind"][src]
    job.dora = cols["dora"][src]
    job.ura = cols["ura"][src]
    job.n_red = cols["n_red"][src]
    job.n_kita = cols["n_kita"][src]
    job.honba = cols["honba"][src]
    job.sticks = cols["riichi_sticks"][src]
    job.use_ura = use_ura
    job.max_ind = MAX_INDICATORS if use_kan_dora else 1
    job.params_ref = params
    cdef const int32_t[::1] pv = params
    c_digest_rules(&pv[0], &job.rc)
    job.o_status = out["status"][dst]
    job.o_score_status = out["score_status"][dst]
    job.o_han = out["han"][dst]
    job.o_fu = out["fu"][dst]
    job.o_yaku = out["yaku"][dst]
    job.o_yakuman = out["yakuman"][dst]
    job.o_limit = out["limit"][dst]
    job.o_dora = out["dora"][dst]
    job.o_ura = out["ura"][dst]
    job.o_aka = out["aka"][dst]
    job.o_kita = out["kita"][dst]
    job.o_form = out["form"][dst]
    job.o_wait = out["wait"][dst]
    job.o_base = out["base"][dst]
    job.o_pay_ron = out["pay_ron"][dst]
    job.o_pay_tsumo_dealer = out["pay_tsumo_dealer"][dst]
    job.o_pay_tsumo_other = out["pay_tsumo_other"][dst]
    job.o_honba_ron = out["honba_ron"][dst]
    job.o_honba_tsumo = out["honba_tsumo"][dst]
    job.o_sticks = out["sticks"][dst]
    job.o_hand_points = out["hand_points"][dst]
    job.o_total = out["total"][dst]
    run_chunks(job, n, n_threads)
