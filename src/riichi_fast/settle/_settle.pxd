# Settlement arithmetic on C values (RULES.md sections 6-7), for every compiled module that
# settles: riichi_fast.settle._settle itself (the public settle_* functions), the records' win
# check (records._win_check), the mjlog pass (records.mjlog._scan) and the engine's table
# (engine._table).  In Python: riichi_fast.settle.explain (win_edges, mangan_edges, noten_pay,
# turn_order; the twin riichi_fast.reference.settle.settle) and settle.types.pass_deal.
#
# Seats are 0..n-1 (n = 3 or 4); every per-seat array has SETTLE_SEATS entries and the
# functions touch only the first n.  Amounts are points; a caller keeps them within +-2**40
# (the public functions check it), so no sum overflows.

from libc.stdint cimport int64_t

cdef enum:
    SETTLE_SEATS = 4       # per-seat arrays
    SETTLE_EDGES = 8       # most payments of one win (tsumo: 3 payers x hand and counters, pao: 2 more)
    EDGE_HAND = 0          # Edge.what: the hand's value
    EDGE_COUNTERS = 1      # the counters (honba)
    EDGE_CHOMBO = 2        # a reversed mangan of a chombo

cdef struct SettleRules:
    int n                  # players (3 or 4)
    int64_t honba_value    # Rules.honba_value: a counter's points on a ron (a tsumo: / (n - 1) from each)
    bint counters_all      # Rules.multiple_ron_counters == "all" (else the nearest winner only)
    bint own_back          # Rules.multiple_ron_sticks == "own_back"
    bint head_bump         # Rules.multiple_ron == "head_bump": only the nearest winner is paid
    bint pao_honba_liable  # Rules.pao_honba == "liable": a pao ron's counters are paid by the liable seat

cdef struct TableC:
    int n, dealer, wind    # players, the dealer's seat, the round wind (0-3)
    int64_t honba, sticks  # counters, riichi sticks on the table

cdef struct WinPay:
    int winner
    int discarder          # -1: tsumo
    int pao                # the liable seat, -1 none
    int64_t pao_part       # pao: the liable seat covers pao_part / pao_whole of the hand
    int64_t pao_whole
    int64_t ron            # the hand's payments without counters or sticks
    int64_t tsumo_dealer
    int64_t tsumo_other

cdef struct Edge:          # one payment
    int payer, receiver
    int64_t amount
    int what               # EDGE_*

cdef struct WinsOut:       # c_settle_wins: several wins on one discard, or one win
    int n_paid             # wins paid (1 after a head bump)
    int order[SETTLE_SEATS]              # indices of the wins in turn order from the discarder
    int64_t per_win[SETTLE_SEATS][SETTLE_SEATS]   # the k-th paid win's changes (hand, counters, sticks)
    int64_t taken[SETTLE_SEATS]          # riichi sticks taken per seat
    int64_t deltas[SETTLE_SEATS]         # per_win summed (this hand's stakes left out)
    bint repeat            # a dealer among the paid winners: the deal stays

cdef int c_win_edges(const SettleRules* r, int dealer, const WinPay* w, int64_t counters,
                     Edge* out) noexcept nogil
cdef int c_mangan_edges(int n, int dealer, int seat, bint chombo, Edge* out) noexcept nogil
cdef void c_wareme(Edge* edges, int k, int seat) noexcept nogil
cdef void c_apply(const Edge* edges, int k, int64_t* ch) noexcept nogil
cdef void c_win_pay(const SettleRules* r, int dealer, const WinPay* w, int64_t counters,
                    int64_t* ch) noexcept nogil
cdef void c_turn_order(int n, const WinPay* wins, int nw, int* order) noexcept nogil
cdef void c_settle_wins(const SettleRules* r, const TableC* t, int declared, const WinPay* wins, int nw,
                        WinsOut* out) noexcept nogil
cdef void c_noten_pay(int n, int64_t pool, int tenpai, int64_t* ch) noexcept nogil
cdef void c_next_table(const TableC* t, bint repeat, int64_t honba, int64_t sticks,
                       TableC* nxt) noexcept nogil
cdef void c_next_after_win(const TableC* t, bint repeat, TableC* nxt) noexcept nogil
cdef void c_next_after_draw(const TableC* t, bint repeat, bint add_counter, int64_t staked,
                            TableC* nxt) noexcept nogil
cdef int c_popcount(int mask) noexcept nogil
