# The compiled table (CTable, _table.pyx): its C state, declared here for the modules that drive it
# in C (_agents.pyx, _games.pyx).

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t

from riichi_fast.analysis._player cimport PlayerState
from riichi_fast.engine._actions cimport Act
from riichi_fast.scoring._score cimport R_SIZE, RulesC
from riichi_fast.settle._settle cimport TableC

# phases
cdef enum:
    P_IDLE = 0
    P_TURN = 1
    P_CLAIM = 2
    P_CHANKAN = 3
    P_ENDED = 4


# events kept in C
cdef enum:
    E_TSUMO = 0
    E_DAHAI = 1
    E_REACH = 2
    E_REACH_ACCEPTED = 3
    E_CHI = 4
    E_PON = 5
    E_DAIMINKAN = 6
    E_ANKAN = 7
    E_KAKAN = 8
    E_NUKIDORA = 9
    E_DORA = 10

# meld codes: riichi_fast._types MELD_* and kita
cdef enum:
    M_KITA = 6

cdef enum:
    MAX_EVENTS = 512
    MAX_RIVER = 64
    MAX_MELDS = 8
    MAX_OPTS = 24
    MAX_TURN = 64

cdef struct Ev:
    int8_t type
    int8_t actor
    int8_t target
    int16_t pai
    int8_t n_cons
    int16_t cons[4]        # consumed ids; the scores for reach_accepted are in score
    int8_t flag            # tsumogiri
    int score[4]

cdef struct Seat:
    uint8_t has[136]       # closed ids
    uint8_t kcount[34]     # closed count per kind
    int n_closed
    int8_t mtype[MAX_MELDS]
    uint8_t mtiles[MAX_MELDS][4]
    int8_t mn[MAX_MELDS]
    int16_t mcalled[MAX_MELDS]
    int8_t mfrom[MAX_MELDS]
    int n_melds
    uint8_t river[MAX_RIVER]
    uint8_t tsumogiri[MAX_RIVER]
    uint8_t called[MAX_RIVER]
    int n_river
    uint64_t river_mask
    bint temp_furiten
    bint riichi_furiten
    int riichi_at          # -1: none
    bint riichi_accepted
    bint double_riichi
    bint ippatsu
    int kita
    uint64_t kuikae
    int n_kans
    bint first_discard_done

# ends of a hand kept in C
cdef enum:
    END_NONE = -1
    END_WIN = 0
    END_EXHAUSTIVE = 1
    END_ABORTIVE = 2

# abortive draws (HandEndC.reason)
cdef enum:
    AB_KYUUSHU = 0
    AB_SUUFON = 1
    AB_SUUCHA = 2
    AB_SUUKAIKAN = 3
    AB_SANCHAHOU = 4

cdef struct HandEndC:
    int kind               # END_*
    int reason             # AB_* of an abortive draw
    int tenpai_mask        # exhaustive draw: the tenpai seats
    int nagashi_mask       # exhaustive draw: the nagashi mangan seats
    bint repeats           # the dealer keeps the deal
    int deltas[4]
    int n_dealer, n_wind, n_honba, n_sticks   # the next table
    int n_scores[4]
    int n_wins
    int win_seat[3]
    int win_from[3]        # -1: tsumo


cdef void _sortn(uint8_t* a, int n) noexcept nogil


cdef inline uint64_t _bit(int k) noexcept nogil:
    return (<uint64_t>1) << k


cdef inline uint64_t _yaochuu_mask() noexcept nogil:
    """The terminal and honor kinds (1m 9m 1p 9p 1s 9s E S W N P F C) as bits of a kind mask."""
    return <uint64_t>0x3fc060301


cdef class CTable:

    cdef Seat seats_[4]
    cdef uint8_t live_[136]
    cdef int n_live
    cdef uint8_t rinshan_[8]
    cdef int n_rinshan
    cdef uint8_t dora_ind[5]
    cdef uint8_t ura_ind[5]
    cdef int n_live_drawn_, n_rinshan_drawn_, n_dora, pending_dora_
    cdef int current_, drawn_, n_kans_, phase_
    cdef bint drawn_rinshan_, interrupted_
    cdef int scores_[4]
    cdef int sticks_
    cdef int pao_[4]
    cdef int last_seat, last_tile
    cdef bint last_riichi
    # claims
    cdef int claim_from, claim_tile, n_order
    cdef int claim_order[3]
    cdef bint claim_ankan, claim_kita
    cdef Act opts[4][MAX_OPTS]
    cdef int n_opts[4]
    cdef Act answers[4]
    cdef bint answered[4]
    # events
    cdef Ev ev[MAX_EVENTS]
    cdef int n_ev
    # settings
    cdef readonly int n
    cdef int red
    cdef int riichi_min_points, riichi_min_tiles
    cdef bint kyuushu_rule, suufon_rule, suucha_rule, suukaikan_rule, kan_dora, nagashi, triple_aborts
    cdef bint head_bump, kokushi_chankan, ippatsu_rule, renhou_rule, pao_dragons, pao_winds
    # the hand's start in C: the table (dealer, wind, counters, scores), the wall and the deal
    cdef int t_dealer, t_wind, t_honba, t_sticks
    cdef int t_scores[4]
    cdef uint8_t yama_[136]
    cdef int n_yama, dice_[2]
    cdef uint8_t haipai_[4][13]
    # the end of the hand in C (see HandEndC)
    cdef HandEndC endc
    # rules read by the C hand ends and game loop
    cdef int noten_payment, return_points, start_points
    cdef bint adds_counter, tobi, wareme, open_tanyao
    # the scoring kernel's rules (the yaku check of a possible win runs in C)
    cdef object params_
    cdef int32_t params_c[R_SIZE]
    cdef RulesC rc
    cdef uint8_t red_c[34]
    cdef bint ura_dora, counters_all
    cdef int honba_value
    cdef bint c_settle            # play_games: settle wins in C (no HandEnd; the Python API never sets it)
    cdef int uma_[4]
    # one PlayerState per seat (typed attributes: their nogil c_* methods are called without the GIL)
    cdef PlayerState ps0, ps1, ps2, ps3
    # Python objects of the hand (not per event), made on request or on the win path
    cdef readonly object rules
    cdef object table_
    cdef object wall_
    cdef object end_
    cdef list tail_events          # a win's hora events (the GIL path)
    cdef bint py_start, end_ok

    cdef PlayerState _ps(self, int seat)
    cdef int ps_draw(self, int seat, int k) noexcept nogil
    cdef int ps_discard(self, int seat, int k) noexcept nogil
    cdef int ps_call(self, int seat, int mtype, int k, int called) noexcept nogil
    cdef int ps_ankan(self, int seat, int k) noexcept nogil
    cdef int ps_kakan(self, int seat, int k) noexcept nogil
    cdef bint ps_can_tsumo(self, int seat, int k) noexcept nogil
    cdef bint ps_ankan_after_riichi(self, int seat, int k) noexcept nogil
    cdef uint64_t ps_riichi_discards(self, int seat) noexcept nogil
    cdef uint64_t ps_waits(self, int seat) noexcept nogil
    cdef bint ps_is_tenpai(self, int seat) noexcept nogil
    cdef void ps_load(self, int seat, bint drop_drawn) noexcept nogil
    cdef void _seeded_wall(self, uint64_t seed, uint64_t hand) noexcept nogil
    cdef int _deal(self) except -1 nogil
    cdef list _melds(self, int seat)
    cdef Ev* _event(self, int etype, int actor) except NULL nogil
    cdef int _acting_seat(self) noexcept nogil
    cdef int _legal_c(self, int seat, Act* buf) except -1 nogil
    cdef int _act_index(self, Act* a) noexcept nogil
    cdef int _legal_mask(self, unsigned char[::1] mask) except -2
    cdef int _take(self, int seat, Act* a) except -1 nogil
    cdef int _fill_planes(self, int me, float[:, ::1] x) except -1
    cdef int _draw(self, int seat, bint rinshan) except -1 nogil
    cdef int _turn_actions(self, int seat, Act* out) except -1 nogil
    cdef int _c_status(self, int seat, int tile, bint tsumo, bint chankan, int64_t* pay=*) noexcept nogil
    cdef bint _win_ok(self, int seat, int tile, bint tsumo, bint chankan, bint kokushi) except -1 nogil
    cdef object _win_context(self, int seat, bint tsumo, bint chankan)
    cdef object _score(self, int seat, int tile, bint tsumo, bint chankan)
    cdef int _remove(self, int seat, int tile) except -1 nogil
    cdef int _add_meld(self, int seat, int mtype, const uint8_t* tiles, int nt, int called, int rel) except -1 nogil
    cdef int _apply_turn(self, Act* a) except -1 nogil
    cdef void _check_pao(self, int seat, int discarder, int kind) noexcept nogil
    cdef void _kan_made(self, int seat) noexcept nogil
    cdef int _reveal(self, int k) except -1 nogil
    cdef int _reveal_pending(self) except -1 nogil
    cdef int _discard(self, int seat, int tile, bint riichi) except -1 nogil
    cdef bint _ron_ok(self, int seat, int tile, bint chankan, bint kokushi) except -1 nogil
    cdef void _passed(self, int seat) noexcept nogil
    cdef int _open_claims(self, int discarder, int tile) except -1 nogil
    cdef int _chi_pairs(self, Act* o, int m, int seat, int tile) noexcept nogil
    cdef int _resolve_claims(self) except -1 nogil
    cdef int _accept_riichi(self, int seat) except -1 nogil
    cdef bint _suufon_renda(self) noexcept nogil
    cdef int _apply_call(self, Act* a, int discarder, int tile) except -1 nogil
    cdef int _open_chankan(self, int seat, int tile, bint ankan, bint kita) except -1 nogil
    cdef int _resolve_chankan(self) except -1 nogil
    cdef bint _c_settle_wins(self, const int* winners, int nw, int disc, int tile, bint chankan) noexcept nogil
    cdef int _end_with_wins(self, const int* winners, int nw, int disc, int tile, bint chankan) except -1 nogil
    cdef int _settle_wins(self, list seats, object disc, int tile, bint chankan) except -1
    cdef void _next_table(self, bint repeat, int honba) noexcept nogil
    cdef void _table_c(self, TableC* t) noexcept nogil
    cdef int _end_abortive(self, int reason) except -1 nogil
    cdef int _exhaustive_draw(self) except -1 nogil
    cdef object _draw_end(self)
    cdef void _finish(self) noexcept nogil
    cdef inline int _tiles_left(self) noexcept nogil:
        return self.n_live - self.n_rinshan_drawn_ - self.n_live_drawn_
