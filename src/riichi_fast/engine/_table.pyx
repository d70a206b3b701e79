# The compiled twin of riichi_fast.engine.table.Table (see docs/INTERNALS.md, "Compiled engine").
#
# The hand state lives in C arrays: per seat the closed 136-ids (presence), the melds, the river
# with its tsumogiri / called flags and the riichi, ippatsu and furiten flags; the wall as arrays
# of live, rinshan and indicator ids with their pointers; the claim state as arrays of candidate
# actions.  Each seat keeps a riichi_fast.analysis._player.PlayerState updated by its nogil ``c_*`` events
# for waits, riichi discards, tenpai and ankan-in-riichi.  Events are recorded as C structs and
# turned into the mjai dicts of Table only when :attr:`CTable.events` is read.  A hand runs without
# the GIL: the wall, the deal, every action, the yaku check of a possible win (the scoring kernel),
# the draws and their settlement are C.  A win's settlement through the Python API takes the GIL
# (riichi_fast.settle makes Table's HandEnd); play_games settles wins in C.  A draw's HandEnd is
# settled in Python only when read.
# play_games plays whole games of built-in agents (random, tsumogiri, greedy) on native threads.
#
# Table is the specification: same phases, same legal actions in the same order, same events,
# same hand ends (tests/test_engine_compiled.py feeds both the same choices).

from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t
from libc.string cimport memset

from riichi_fast.analysis._player cimport PlayerState
from riichi_fast._types cimport MELD_ANKAN, MELD_CHI, MELD_DAIMINKAN, MELD_PON, MELD_SHOUMINKAN
from riichi_fast.engine._wall cimport c_seeded_yama
from riichi_fast.analysis._shanten cimport c_make_caps, c_shanten, c_shanten_after_change, c_shanten_after_change_caps, \
    c_shanten_caps
from riichi_fast._types cimport count_t
from riichi_fast.analysis._waits cimport c_ukeire, c_ukeire_caps
from riichi_fast.scoring._score cimport (CTX_DORA, CTX_FLAGS, CTX_HONBA, CTX_N_DORA, CTX_N_KITA, CTX_N_RED, CTX_N_URA,
                                 CTX_RIICHI_STICKS, CTX_ROUND_WIND, CTX_SEAT_WIND, CTX_SIZE, CTX_URA, F_CHANKAN,
                                 F_CHIIHOU, F_DOUBLE_RIICHI, F_HAITEI, F_HOUTEI, F_IPPATSU, F_RENHOU, F_RIICHI,
                                 F_RINSHAN, F_TENHOU, F_TSUMO, O_PAY_RON, O_PAY_TSUMO_DEALER, O_PAY_TSUMO_OTHER,
                                 O_STATUS, OUT_SIZE, R_SIZE, ST_BAD_INPUT, ST_OK,
                                 RulesC, c_digest_rules, c_score_hand_digested)
from libc.stdint cimport int32_t, int64_t
from riichi_fast.settle._settle cimport (
    Edge, SETTLE_EDGES, SettleRules, TableC, WinPay, WinsOut,
    c_apply, c_mangan_edges, c_next_table, c_noten_pay, c_settle_wins,
)

from riichi_fast import settle as _settle
from riichi_fast.engine.table import Action, EngineError, HandEnd
from riichi_fast.enums import Form, MeldType
from riichi_fast.errors import ContextError, RiichiError, WallError
from riichi_fast.hand import Hand, Meld
from riichi_fast.rules import config as _config
from riichi_fast.scoring.front import score as _score
from riichi_fast.tiles import format_tiles

__all__ = ["CTable", "write_batch"]

# action types (ACTION_NAMES order)
cdef enum:
    A_DISCARD = 0
    A_RIICHI = 1
    A_TSUMO = 2
    A_RON = 3
    A_CHI = 4
    A_PON = 5
    A_DAIMINKAN = 6
    A_ANKAN = 7
    A_KAKAN = 8
    A_KITA = 9
    A_KYUUSHU = 10
    A_PASS = 11

ACTION_NAMES = ("discard", "riichi", "tsumo", "ron", "chi", "pon", "daiminkan", "ankan", "kakan", "kita",
                "kyuushu", "pass")
cdef dict _ACTION_CODES = {name: i for i, name in enumerate(ACTION_NAMES)}

# phases
cdef enum:
    P_IDLE = 0
    P_TURN = 1
    P_CLAIM = 2
    P_CHANKAN = 3
    P_ENDED = 4

cdef tuple _PHASES = ("idle", "turn", "claim", "chankan", "ended")

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

cdef struct Act:
    int8_t type
    int8_t seat
    int16_t tile           # -1: none
    int8_t n_cons
    uint8_t cons[4]

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

cdef tuple _ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")

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

cdef int _RINSHAN4[4]
cdef int _RINSHAN3[8]
for _k, _v in enumerate((1, 0, 3, 2)):
    _RINSHAN4[_k] = _v
for _k, _v in enumerate((1, 0, 3, 2, 5, 4, 7, 6)):
    _RINSHAN3[_k] = _v

cdef uint64_t _YAOCHUU_MASK = 0
for _k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
    _YAOCHUU_MASK |= (<uint64_t>1) << _k

cdef inline uint64_t _bit(int k) noexcept nogil:
    return (<uint64_t>1) << k

cdef inline bint _is_red(int t) noexcept nogil:
    return t % 4 == 0 and (t >> 2 == 4 or t >> 2 == 13 or t >> 2 == 22)

cdef dict _MELD_TYPES = {MELD_CHI: MeldType.CHI, MELD_PON: MeldType.PON, MELD_DAIMINKAN: MeldType.DAIMINKAN,
                         MELD_ANKAN: MeldType.ANKAN, MELD_SHOUMINKAN: MeldType.SHOUMINKAN, M_KITA: MeldType.KITA}


class SeatView:
    """What CTable.seats gives for one seat: the attributes of Table's per-seat state (a snapshot)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __eq__(self, other):
        return isinstance(other, SeatView) and self.__dict__ == other.__dict__

    def __repr__(self):
        return f"SeatView({self.__dict__})"


cdef class CTable:
    """The compiled twin of :class:`~riichi_fast.engine.Table` (same interface for playing hands).

    >>> from riichi_fast.engine import seeded_wall
    >>> from riichi_fast.engine._table import CTable
    >>> t = CTable("tenhou")
    >>> t.start_hand(seeded_wall(3))
    >>> t.acting, t.phase
    ((0,), 'turn')
    >>> t.step(t.legal_actions(0)[-1]); t.acting
    (1,)
    """

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

    def __init__(self, rules="tenhou"):
        if isinstance(rules, str):
            try:
                rules = _config.Rules.preset(rules)
            except (KeyError, ValueError, RiichiError):
                raise ContextError(f"unknown rules preset {rules!r}; known: {', '.join(sorted(_config.PRESETS))}") from None
        if not isinstance(rules, _config.Rules):
            raise ContextError(f"rules must be a Rules or a preset name, got {type(rules).__name__}")
        self.rules = rules
        self.n = rules.n_players
        self.phase_ = P_IDLE
        self.n_ev = 0
        self.tail_events = []
        self.red = 1 if rules.red_fives else 0
        self.riichi_min_points = rules.riichi_min_points
        self.riichi_min_tiles = rules.riichi_min_tiles
        ab = rules.abortive_draws
        self.kyuushu_rule = "kyuushu_kyuuhai" in ab
        self.suufon_rule = "suufon_renda" in ab
        self.suucha_rule = "suucha_riichi" in ab
        self.suukaikan_rule = "suukaikan" in ab
        self.kan_dora = bool(rules.kan_dora)
        self.nagashi = bool(rules.nagashi_mangan)
        self.triple_aborts = bool(rules.triple_ron_aborts)
        self.head_bump = rules.multiple_ron == "head_bump"
        self.kokushi_chankan = bool(rules.kokushi_chankan_ankan)
        self.ippatsu_rule = bool(rules.ippatsu)
        self.renhou_rule = rules.renhou != "off"
        self.pao_dragons = "daisangen" in rules.pao
        self.pao_winds = "daisuushii" in rules.pao
        self.noten_payment = rules.noten_payment
        self.return_points = rules.return_points
        self.start_points = rules.start_points
        self.adds_counter = bool(rules.abortive_draw_adds_counter)
        self.tobi = bool(rules.tobi)
        self.wareme = bool(rules.wareme)
        self.open_tanyao = bool(rules.open_tanyao)
        params = rules.params()
        if len(params) != R_SIZE:
            raise TypeError("Rules.params() must hold 224 items")
        for i in range(R_SIZE):
            self.params_c[i] = params[i]
        c_digest_rules(self.params_c, &self.rc)
        for i in range(34):
            self.red_c[i] = rules.red_counts[i]
        self.ura_dora = bool(rules.ura_dora)
        self.counters_all = rules.multiple_ron_counters == "all"
        self.honba_value = rules.honba_value
        self.c_settle = False
        uma = tuple(rules.uma)
        for i in range(4):
            self.uma_[i] = uma[i] if i < len(uma) else 0
        # 13 tiles valid at any table; every deal resets them in C
        dummy = bytes([0] * 9 + [1] * 13 + [0] * 12)
        self.ps0 = PlayerState(dummy, (), rules=rules)
        self.ps1 = PlayerState(dummy, (), rules=rules)
        self.ps2 = PlayerState(dummy, (), rules=rules)
        self.ps3 = PlayerState(dummy, (), rules=rules)
        self.endc.kind = END_NONE
        self.table_ = None
        self.wall_ = None
        self.end_ = None

    # ------------------------------------------------------- player states

    cdef PlayerState _ps(self, int seat):
        if seat == 0:
            return self.ps0
        if seat == 1:
            return self.ps1
        if seat == 2:
            return self.ps2
        return self.ps3

    cdef int ps_draw(self, int seat, int k) noexcept nogil:
        if seat == 0:
            return self.ps0.c_draw(k)
        if seat == 1:
            return self.ps1.c_draw(k)
        if seat == 2:
            return self.ps2.c_draw(k)
        return self.ps3.c_draw(k)

    cdef int ps_discard(self, int seat, int k) noexcept nogil:
        if seat == 0:
            return self.ps0.c_discard(k)
        if seat == 1:
            return self.ps1.c_discard(k)
        if seat == 2:
            return self.ps2.c_discard(k)
        return self.ps3.c_discard(k)

    cdef int ps_call(self, int seat, int mtype, int k, int called) noexcept nogil:
        if seat == 0:
            return self.ps0.c_call(mtype, k, called)
        if seat == 1:
            return self.ps1.c_call(mtype, k, called)
        if seat == 2:
            return self.ps2.c_call(mtype, k, called)
        return self.ps3.c_call(mtype, k, called)

    cdef int ps_ankan(self, int seat, int k) noexcept nogil:
        if seat == 0:
            return self.ps0.c_ankan(k)
        if seat == 1:
            return self.ps1.c_ankan(k)
        if seat == 2:
            return self.ps2.c_ankan(k)
        return self.ps3.c_ankan(k)

    cdef int ps_kakan(self, int seat, int k) noexcept nogil:
        if seat == 0:
            return self.ps0.c_kakan(k)
        if seat == 1:
            return self.ps1.c_kakan(k)
        if seat == 2:
            return self.ps2.c_kakan(k)
        return self.ps3.c_kakan(k)

    cdef bint ps_can_tsumo(self, int seat, int k) noexcept nogil:
        if seat == 0:
            return self.ps0.c_can_tsumo(k)
        if seat == 1:
            return self.ps1.c_can_tsumo(k)
        if seat == 2:
            return self.ps2.c_can_tsumo(k)
        return self.ps3.c_can_tsumo(k)

    cdef bint ps_ankan_after_riichi(self, int seat, int k) noexcept nogil:
        if seat == 0:
            return self.ps0.c_legal_ankan_after_riichi(k, self.ps0.ankan_rule)
        if seat == 1:
            return self.ps1.c_legal_ankan_after_riichi(k, self.ps1.ankan_rule)
        if seat == 2:
            return self.ps2.c_legal_ankan_after_riichi(k, self.ps2.ankan_rule)
        return self.ps3.c_legal_ankan_after_riichi(k, self.ps3.ankan_rule)

    cdef uint64_t ps_riichi_discards(self, int seat) noexcept nogil:
        if seat == 0:
            return self.ps0.c_riichi_discards()
        if seat == 1:
            return self.ps1.c_riichi_discards()
        if seat == 2:
            return self.ps2.c_riichi_discards()
        return self.ps3.c_riichi_discards()

    cdef uint64_t ps_waits(self, int seat) noexcept nogil:
        if seat == 0:
            return self.ps0.c_waits()
        if seat == 1:
            return self.ps1.c_waits()
        if seat == 2:
            return self.ps2.c_waits()
        return self.ps3.c_waits()

    cdef bint ps_is_tenpai(self, int seat) noexcept nogil:
        if seat == 0:
            return self.ps0.c_is_tenpai()
        if seat == 1:
            return self.ps1.c_is_tenpai()
        if seat == 2:
            return self.ps2.c_is_tenpai()
        return self.ps3.c_is_tenpai()

    cdef void ps_load(self, int seat, bint drop_drawn) noexcept nogil:
        """Reset the seat's PlayerState from its C hand (melds but kita; ``drop_drawn``: the drawn tile drawn again)."""
        if seat == 0:
            _ps_load(self.ps0, &self.seats_[0], self.drawn_ if drop_drawn else -1)
        elif seat == 1:
            _ps_load(self.ps1, &self.seats_[1], self.drawn_ if drop_drawn else -1)
        elif seat == 2:
            _ps_load(self.ps2, &self.seats_[2], self.drawn_ if drop_drawn else -1)
        else:
            _ps_load(self.ps3, &self.seats_[3], self.drawn_ if drop_drawn else -1)

    # ------------------------------------------------------------------ setup

    def start_hand(self, wall, table=None):
        """Deal ``wall`` at ``table`` (default: East 1 at the start); the dealer draws and is to act."""
        from riichi_fast.engine.wall import Wall

        cdef int i
        if not isinstance(wall, Wall):
            raise WallError(f"a hand is dealt from a Wall, got {type(wall).__name__}")
        if table is None:
            table = _settle.TableState.start(self.rules)
        if not isinstance(table, _settle.TableState):
            raise ContextError(f"table must be a TableState, got {type(table).__name__}")
        if table.n_players != self.n or wall.n_players != self.n:
            raise ContextError(f"a {self.n}-player table was given a {wall.n_players}-player wall or table")
        tiles = wall.tiles
        self.n_yama = len(tiles)
        for i in range(self.n_yama):
            self.yama_[i] = tiles[i]
        self.dice_[0], self.dice_[1] = wall.dice
        # the dead wall's order depends on the wall's layout: read it from the Wall
        live = wall.live_tiles
        self.n_live = len(live)
        for i in range(self.n_live):
            self.live_[i] = live[i]
        rin = wall.rinshan_tiles
        self.n_rinshan = len(rin)
        for i in range(self.n_rinshan):
            self.rinshan_[i] = rin[i]
        dora, ura = wall.dora_indicators, wall.ura_indicators
        for i in range(5):
            self.dora_ind[i] = dora[i]
            self.ura_ind[i] = ura[i]
        self.t_dealer = table.dealer
        self.t_wind = table.round_wind
        self.t_honba = table.honba
        self.t_sticks = table.riichi_sticks
        for i in range(4):
            self.t_scores[i] = table.scores[i] if i < self.n else 0
        self.table_ = table
        self.wall_ = wall
        self.py_start = True
        self._deal()

    cdef void _seeded_wall(self, uint64_t seed, uint64_t hand) noexcept nogil:
        """The wall of seeded_wall(seed, hand) in C (the "tenhou" layout of riichi_fast.engine.wall)."""
        cdef int i, first
        c_seeded_yama(seed, hand, self.n, self.yama_, self.dice_)
        self.n_yama = 136 if self.n == 4 else 108
        first = self.n_yama - 1 - 13 * self.n
        self.n_live = first - 13
        for i in range(self.n_live):
            self.live_[i] = self.yama_[first - i]
        if self.n == 4:
            self.n_rinshan = 4
            for i in range(4):
                self.rinshan_[i] = self.yama_[_RINSHAN4[i]]
            for i in range(5):
                self.dora_ind[i] = self.yama_[5 + 2 * i]
                self.ura_ind[i] = self.yama_[4 + 2 * i]
        else:
            self.n_rinshan = 8
            for i in range(8):
                self.rinshan_[i] = self.yama_[_RINSHAN3[i]]
            for i in range(5):
                self.dora_ind[i] = self.yama_[9 + 2 * i]
                self.ura_ind[i] = self.yama_[8 + 2 * i]
        self.py_start = False

    cdef int _deal(self) except -1 nogil:
        """Deal the wall in C (the haipai of Wall.haipai), reset every seat and let the dealer draw."""
        cdef int n = self.n, pos = self.n_yama - 1, r, k, i, seat, t
        cdef int cnt[4]
        cdef Seat* s
        cnt[0] = cnt[1] = cnt[2] = cnt[3] = 0
        for r in range(3):
            for k in range(n):
                seat = (self.t_dealer + k) % n
                for i in range(4):
                    self.haipai_[seat][cnt[seat]] = self.yama_[pos - i]
                    cnt[seat] += 1
                pos -= 4
        for k in range(n):
            seat = (self.t_dealer + k) % n
            self.haipai_[seat][12] = self.yama_[pos]
            pos -= 1
        memset(self.seats_, 0, sizeof(self.seats_))
        for seat in range(n):
            s = &self.seats_[seat]
            s.riichi_at = -1
            for i in range(13):
                t = self.haipai_[seat][i]
                s.has[t] = 1
                s.kcount[t >> 2] += 1
            s.n_closed = 13
            self.ps_load(seat, False)
        self.n_live_drawn_ = 0
        self.n_rinshan_drawn_ = 0
        self.n_dora = 1
        self.pending_dora_ = 0
        for i in range(4):
            self.pao_[i] = -1
            self.scores_[i] = self.t_scores[i]
        self.sticks_ = self.t_sticks
        self.current_ = self.t_dealer
        self.drawn_ = -1
        self.drawn_rinshan_ = False
        self.interrupted_ = False
        self.n_kans_ = 0
        self.n_order = 0
        self.n_ev = 0
        self.endc.kind = END_NONE
        self.endc.n_wins = 0
        self.end_ok = False
        self._draw(self.current_, False)
        return 0

    @property
    def table(self):
        """The TableState the hand started at."""
        if self.phase_ == P_IDLE:
            return None
        if self.py_start:
            return self.table_
        return _settle.TableState(self.t_dealer, self.t_wind, self.t_honba, self.t_sticks,
                                  tuple([self.t_scores[i] for i in range(self.n)]), self.n)

    @property
    def wall(self):
        """The hand's Wall."""
        from riichi_fast.engine.wall import Wall

        if self.phase_ == P_IDLE:
            return None
        if self.py_start:
            return self.wall_
        return Wall._trusted(bytes([self.yama_[i] for i in range(self.n_yama)]), (self.dice_[0], self.dice_[1]),
                             self.n)

    @property
    def end(self):
        """The HandEnd once the hand is over (a draw's is built from the C state when first read)."""
        if self.endc.kind == END_NONE or self.phase_ != P_ENDED:
            return None
        if not self.end_ok and self.endc.kind == END_WIN:
            raise EngineError("this win was settled in C only (play_games' tables keep no HandEnd)")
        if not self.end_ok:
            self.end_ = self._draw_end()
            self.end_ok = True
        return self.end_

    @property
    def next_table(self):
        """The TableState of the next hand once the hand is over."""
        end = self.end
        return None if end is None else end.settlement.next

    def _c_end(self):
        """The end of the hand as computed in C: (kind, deltas, (dealer, wind, honba, sticks, scores), repeats)."""
        cdef HandEndC* e = &self.endc
        if e.kind == END_NONE:
            return None
        return (("win", "exhaustive_draw", "abortive_draw")[e.kind], tuple([e.deltas[i] for i in range(self.n)]),
                (e.n_dealer, e.n_wind, e.n_honba, e.n_sticks, tuple([e.n_scores[i] for i in range(self.n)])),
                bool(e.repeats))

    # ---------------------------------------------------------------- queries

    @property
    def phase(self):
        return _PHASES[self.phase_]

    @property
    def current(self):
        return self.current_

    @property
    def drawn(self):
        return None if self.drawn_ < 0 else self.drawn_

    @property
    def scores(self):
        return [self.scores_[i] for i in range(self.n)]

    @property
    def sticks(self):
        return self.sticks_

    @property
    def dora(self):
        return [self.dora_ind[i] for i in range(self.n_dora)]

    @property
    def n_kans(self):
        return self.n_kans_

    @property
    def interrupted(self):
        """A call (kan and kita included) happened: the first go-around is over."""
        return bool(self.interrupted_)

    @property
    def pending_dora(self):
        return self.pending_dora_

    @property
    def n_live_drawn(self):
        return self.n_live_drawn_

    @property
    def n_rinshan_drawn(self):
        return self.n_rinshan_drawn_

    @property
    def live(self):
        return tuple([self.live_[i] for i in range(self.n_live)])

    @property
    def rinshan(self):
        return tuple([self.rinshan_[i] for i in range(self.n_rinshan)])

    @property
    def drawn_rinshan(self):
        return bool(self.drawn_rinshan_)

    @property
    def pao(self):
        """Liable seats: ``{winner: liable discarder}``."""
        return {i: self.pao_[i] for i in range(self.n) if self.pao_[i] >= 0}

    @property
    def claim(self):
        """The open claim as Table's (``from``, ``tile``, ``order``, ``options``, ``answers``), or None."""
        cdef int i, seat
        if self.phase_ not in (P_CLAIM, P_CHANKAN):
            return None
        order = [self.claim_order[i] for i in range(self.n_order)]
        out = {"from": self.claim_from, "tile": self.claim_tile, "order": order,
               "options": {seat: [_to_action(&self.opts[seat][i]) for i in range(self.n_opts[seat])] for seat in order},
               "answers": {seat: _to_action(&self.answers[seat]) for seat in order if self.answered[seat]}}
        if self.phase_ == P_CHANKAN:
            out["ankan"] = bool(self.claim_ankan)
            out["kita"] = bool(self.claim_kita)
        return out

    @property
    def acting(self):
        """The seats that must decide now (one on a turn; the claimants after a discard)."""
        if self.phase_ == P_TURN:
            return (self.current_,)
        if self.phase_ == P_CLAIM or self.phase_ == P_CHANKAN:
            return tuple([self.claim_order[i] for i in range(self.n_order) if not self.answered[self.claim_order[i]]])
        return ()

    @property
    def tiles_left(self):
        return self._tiles_left()

    cdef inline int _tiles_left(self) noexcept nogil:
        return self.n_live - self.n_rinshan_drawn_ - self.n_live_drawn_

    def closed_ids(self, int seat):
        """The seat's closed 136-ids, ascending."""
        cdef Seat* s = &self.seats_[seat]
        return [t for t in range(136) if s.has[t]]

    cdef list _melds(self, int seat):
        cdef Seat* s = &self.seats_[seat]
        cdef int i
        out = []
        for i in range(s.n_melds):
            mt = _MELD_TYPES[s.mtype[i]]
            tiles = tuple([s.mtiles[i][j] for j in range(s.mn[i])])
            if s.mtype[i] == MELD_ANKAN or s.mtype[i] == M_KITA:
                out.append(Meld(mt, tiles))
            else:
                out.append(Meld(mt, tiles, s.mcalled[i], s.mfrom[i]))
        return out

    def melds_of(self, int seat):
        """The seat's melds as :class:`~riichi_fast.Meld` objects (kita included), in the order made."""
        return self._melds(seat)

    def river_of(self, int seat):
        """The seat's river as ``(tile, tsumogiri)`` pairs."""
        cdef Seat* s = &self.seats_[seat]
        return [(s.river[i], bool(s.tsumogiri[i])) for i in range(s.n_river)]

    @property
    def seats(self):
        """A snapshot of each seat, with the attributes of Table's seats (``closed`` ascending)."""
        out = []
        cdef Seat* s
        cdef int i
        for i in range(self.n):
            s = &self.seats_[i]
            out.append(SeatView(
                closed=self.closed_ids(i), melds=self._melds(i), river=self.river_of(i),
                temp_furiten=bool(s.temp_furiten), riichi_furiten=bool(s.riichi_furiten),
                riichi_at=None if s.riichi_at < 0 else s.riichi_at, riichi_accepted=bool(s.riichi_accepted),
                double_riichi=bool(s.double_riichi), ippatsu=bool(s.ippatsu), kita=s.kita,
                called_from_river={j for j in range(s.n_river) if s.called[j]},
                kuikae=frozenset(k for k in range(34) if (s.kuikae >> k) & 1), n_kans=s.n_kans,
                first_discard_done=bool(s.first_discard_done)))
        return out

    def hand_of(self, int seat):
        """The seat's hand as a :class:`~riichi_fast.Hand` (closed tiles and melds)."""
        return Hand.from_ids(self.closed_ids(seat), self._melds(seat), red=self.rules.red_fives)

    @property
    def events(self):
        """The events of the hand in mjai form (built from the C log when read)."""
        cdef int i, j
        cdef Ev* e
        cdef HandEndC* end = &self.endc
        if self.phase_ == P_IDLE:
            return []
        out = [{"type": "start_kyoku", "bakaze": "ESWN"[self.t_wind], "kyoku": self.t_dealer + 1,
                "honba": self.t_honba, "kyotaku": self.t_sticks, "oya": self.t_dealer,
                "dora_marker": self.dora_ind[0], "scores": [self.t_scores[i] for i in range(self.n)],
                "tehais": [sorted([self.haipai_[i][j] for j in range(13)]) for i in range(self.n)]}]
        for i in range(self.n_ev):
            e = &self.ev[i]
            if e.type == E_TSUMO:
                out.append({"type": "tsumo", "actor": e.actor, "pai": e.pai})
            elif e.type == E_DAHAI:
                out.append({"type": "dahai", "actor": e.actor, "pai": e.pai, "tsumogiri": bool(e.flag)})
            elif e.type == E_REACH:
                out.append({"type": "reach", "actor": e.actor})
            elif e.type == E_REACH_ACCEPTED:
                out.append({"type": "reach_accepted", "actor": e.actor, "scores": [e.score[j] for j in range(self.n)]})
            elif e.type == E_CHI or e.type == E_PON or e.type == E_DAIMINKAN:
                out.append({"type": ("chi", "pon", "daiminkan")[e.type - E_CHI], "actor": e.actor, "target": e.target,
                            "pai": e.pai, "consumed": [e.cons[j] for j in range(e.n_cons)]})
            elif e.type == E_ANKAN:
                out.append({"type": "ankan", "actor": e.actor, "consumed": [e.cons[j] for j in range(e.n_cons)]})
            elif e.type == E_KAKAN:
                out.append({"type": "kakan", "actor": e.actor, "pai": e.pai,
                            "consumed": [e.cons[j] for j in range(e.n_cons)]})
            elif e.type == E_NUKIDORA:
                out.append({"type": "nukidora", "actor": e.actor, "pai": e.pai})
            elif e.type == E_DORA:
                out.append({"type": "dora", "dora_marker": e.pai})
        if self.phase_ != P_ENDED or end.kind == END_NONE:
            return out
        deltas = [end.deltas[j] for j in range(self.n)]
        if end.kind == END_WIN:
            for d in self.tail_events:
                out.append(dict(d))
        elif end.kind == END_EXHAUSTIVE:
            out.append({"type": "ryukyoku", "reason": "exhaustive_draw",
                        "tenpai": [j for j in range(self.n) if (end.tenpai_mask >> j) & 1], "deltas": deltas})
        else:
            out.append({"type": "ryukyoku", "reason": _ABORTIVE[end.reason], "deltas": deltas})
        out.append({"type": "end_kyoku", "deltas": list(deltas), "scores": [end.n_scores[j] for j in range(self.n)]})
        return out

    cdef Ev* _event(self, int etype, int actor) except NULL nogil:
        if self.n_ev >= MAX_EVENTS:
            with gil:
                raise EngineError("the hand's event log is full")
        cdef Ev* e = &self.ev[self.n_ev]
        self.n_ev += 1
        e.type = etype
        e.actor = actor
        e.target = -1
        e.pai = -1
        e.n_cons = 0
        e.flag = 0
        return e

    def legal_actions(self, seat=None):
        """The actions ``seat`` (default: the first acting seat) may take now."""
        acting = self.acting
        if seat is None:
            if not acting:
                return []
            seat = acting[0]
        if seat not in acting:
            return []
        cdef Act buf[MAX_TURN]
        cdef int n, i
        if self.phase_ == P_TURN:
            n = self._turn_actions(seat, buf)
            return [_to_action(&buf[i]) for i in range(n)]
        return [_to_action(&self.opts[seat][i]) for i in range(self.n_opts[seat])] + [Action("pass", seat)]

    # ------------------------------------------------ the action space in C (no Action objects)

    cdef int _acting_seat(self) noexcept nogil:
        """The first acting seat (as ``acting[0]``), -1 when none."""
        cdef int i
        if self.phase_ == P_TURN:
            return self.current_
        if self.phase_ == P_CLAIM or self.phase_ == P_CHANKAN:
            for i in range(self.n_order):
                if not self.answered[self.claim_order[i]]:
                    return self.claim_order[i]
        return -1

    cdef int _legal_c(self, int seat, Act* buf) except -1 nogil:
        """``seat``'s legal actions into ``buf`` (MAX_TURN), in ``legal_actions`` order; returns their count."""
        cdef int i, n
        if self.phase_ == P_TURN:
            return self._turn_actions(seat, buf)
        n = self.n_opts[seat]
        for i in range(n):
            buf[i] = self.opts[seat][i]
        return _put(buf, n, A_PASS, seat, -1)

    cdef int _act_index(self, Act* a) noexcept nogil:
        """The action-space index of ``a`` (env.index_of on the Action it stands for)."""
        return _index_of(a, self.red_c)

    def legal_mask(self, unsigned char[::1] mask not None):
        """Zero ``mask`` (uint8, 222 entries) and set the action-space index of every legal action of the
        first acting seat; returns that seat (-1 when no seat acts: the mask stays all zero).

        The same indices as :func:`riichi_fast.engine.env.index_of` over :meth:`legal_actions`, without
        making Action objects.
        """
        if mask.shape[0] != 222:
            raise EngineError(f"mask: expected 222 entries, got {mask.shape[0]}")
        return self._legal_mask(mask)

    cdef int _legal_mask(self, unsigned char[::1] mask) except -2:
        cdef Act buf[MAX_TURN]
        cdef int seat, n, i
        mask[:] = 0
        seat = self._acting_seat()
        if seat < 0:
            return -1
        n = self._legal_c(seat, buf)
        for i in range(n):
            mask[self._act_index(&buf[i])] = 1
        return seat

    def step_index(self, i):
        """Apply the first acting seat's first legal action (in :meth:`legal_actions` order) whose
        action-space index is ``i`` (the action ``Env.action_from_index(i)`` picks); returns its type
        (``"discard"``, ``"riichi"``, ...).  An index that is not legal now raises :class:`EngineError`
        naming it, and nothing changes.
        """
        cdef Act buf[MAX_TURN]
        cdef int seat, n, j, k
        if isinstance(i, bool) or not hasattr(i, "__index__"):
            raise EngineError(f"an action index is an int 0-221, got {i!r}")
        i = i.__index__()
        if not 0 <= i < 222:
            raise EngineError(f"action {i} is out of range 0-221")
        k = i
        seat = self._acting_seat()
        if seat < 0:
            raise EngineError(f"action {k}: no seat acts now (phase {self.phase})")
        n = self._legal_c(seat, buf)
        for j in range(n):
            if self._act_index(&buf[j]) == k:
                break
        else:
            raise EngineError(f"action {k} is illegal for seat {seat} now (phase {self.phase})")
        if self.phase_ == P_TURN:
            self._apply_turn(&buf[j])
        else:
            self.answers[seat] = buf[j]
            self.answered[seat] = True
            if self._acting_seat() < 0:
                if self.phase_ == P_CLAIM:
                    self._resolve_claims()
                else:
                    self._resolve_chankan()
        return ACTION_NAMES[buf[j].type]

    def fill_planes(self, int me, float[:, ::1] x not None):
        """Seat ``me``'s observation planes (riichi_fast.engine.encode's layout, ``(59, 34)`` float32) into
        ``x``, zeroed first, straight from the C state: the same values as ``_encode.fill_table`` (and
        encode.py's ``_fill`` of the seat's Observation); tests/test_engine_encode.py compares them."""
        if x.shape[0] != 59 or x.shape[1] != 34:
            raise EngineError(f"planes: expected shape (59, 34), got ({x.shape[0]}, {x.shape[1]})")
        if not 0 <= me < self.n:
            raise EngineError(f"seat must be 0-{self.n - 1}, got {me}")
        if self.phase_ == P_IDLE or self.phase_ == P_ENDED:
            raise EngineError(f"planes: the hand is not in play (phase {self.phase})")
        self._fill_planes(me, x)

    cdef int _fill_planes(self, int me, float[:, ::1] x) except -1:
        cdef int n = self.n, s, rel, base, i, j, k, t, rat
        cdef Seat* st
        cdef bint claiming = self.phase_ == P_CLAIM or self.phase_ == P_CHANKAN
        x[:, :] = 0
        st = &self.seats_[me]
        for k in range(34):
            for j in range(st.kcount[k] if st.kcount[k] < 4 else 4):
                x[j, k] = 1
        for t in range(136):
            if st.has[t] and (t & 3) < self.red_c[t >> 2]:
                x[5, t >> 2] += 1
        for s in range(n):
            st = &self.seats_[s]
            rel = (s - me + n) % n
            base = 7 + 8 * rel
            rat = st.riichi_at
            for i in range(st.n_river):
                k = st.river[i] >> 2
                x[base + (i // 6 if i < 18 else 3), k] += 1
                if st.tsumogiri[i]:
                    x[base + 4, k] += 1
                if i == rat:
                    x[base + 5, k] = 1
                if st.called[i]:
                    x[base + 6, k] += 1
            for i in range(st.n_melds):
                for j in range(st.mn[i]):
                    x[base + 7, st.mtiles[i][j] >> 2] += 1
            for k in range(34):
                x[40 + rel, k] = <float>((2 if st.riichi_accepted else 1 if rat >= 0 else 0) * 0.5)
                x[44 + rel, k] = <float>(self.scores_[s] / 100000.0)
                x[55 + rel, k] = <float>(st.n_closed / 14.0)
        if self.phase_ == P_TURN and self.current_ == me and self.drawn_ >= 0:
            x[4, self.drawn_ >> 2] = 1
        if claiming:
            x[6, self.claim_tile >> 2] = 1
        for i in range(self.n_dora):
            x[39, self.dora_ind[i] >> 2] += 1
        x[48, 27 + self.t_wind] = 1
        x[49, 27 + (me - self.t_dealer + n) % n] = 1
        for k in range(34):
            x[50, k] = <float>(self.t_honba / 10.0)
            x[51, k] = <float>(self.sticks_ / 10.0)
            x[52, k] = <float>(self._tiles_left() / 70.0)
            x[53, k] = 1.0 if self.t_dealer == me else 0.0
            x[54, k] = 1.0 if claiming else 0.0
        return 0

    @property
    def claimed_tile(self):
        """The tile of the open claim (``claim["tile"]`` without the dict), or None."""
        if self.phase_ not in (P_CLAIM, P_CHANKAN):
            return None
        return self.claim_tile

    # ------------------------------------------------------------- the turn

    cdef int _draw(self, int seat, bint rinshan) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef int tile
        if rinshan:
            tile = self.rinshan_[self.n_rinshan_drawn_]
            self.n_rinshan_drawn_ += 1
        else:
            tile = self.live_[self.n_live_drawn_]
            self.n_live_drawn_ += 1
        s.has[tile] = 1
        s.kcount[tile >> 2] += 1
        s.n_closed += 1
        s.temp_furiten = False
        self.current_ = seat
        self.drawn_ = tile
        self.drawn_rinshan_ = rinshan
        self.phase_ = P_TURN
        s.kuikae = 0
        _check(self.ps_draw(seat, tile >> 2), "draw")
        cdef Ev* e = self._event(E_TSUMO, seat)
        e.pai = tile
        return 0

    cdef int _turn_actions(self, int seat, Act* out) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef int n = 0, k, t, i, first, distinct
        cdef bint after_call = self.drawn_ < 0
        cdef bint riichi = s.riichi_at >= 0
        cdef bint can_kan, closed_only
        cdef uint64_t kinds
        if not after_call:
            if self.ps_can_tsumo(seat, self.drawn_ >> 2) and self._win_ok(seat, self.drawn_, True, False, False):
                n = _put(out, n, A_TSUMO, seat, self.drawn_)
            if not self.interrupted_ and not s.first_discard_done and self.kyuushu_rule:
                distinct = 0
                for k in range(34):
                    if s.kcount[k] and (_YAOCHUU_MASK >> k) & 1:
                        distinct += 1
                if distinct >= 9:
                    n = _put(out, n, A_KYUUSHU, seat, -1)
            can_kan = self.n_kans_ < 4 and self._tiles_left() > 0 and self.n_rinshan_drawn_ < self.n_rinshan
            if can_kan:
                for k in range(34):
                    if s.kcount[k] == 4 and (not riichi or (k == self.drawn_ >> 2
                                                            and self.ps_ankan_after_riichi(seat, k))):
                        n = _put(out, n, A_ANKAN, seat, 4 * k)
                        out[n - 1].n_cons = 4
                        for i in range(4):
                            out[n - 1].cons[i] = 4 * k + i
                if not riichi:
                    for i in range(s.n_melds):
                        if s.mtype[i] == MELD_PON:
                            k = s.mtiles[i][0] >> 2
                            for t in range(4 * k, 4 * k + 4):
                                if s.has[t]:
                                    n = _put(out, n, A_KAKAN, seat, t)
            if self.n == 3 and self._tiles_left() > 0 and self.n_rinshan_drawn_ < self.n_rinshan:
                for t in range(120, 124):
                    if s.has[t] and (not riichi or t == self.drawn_):
                        n = _put(out, n, A_KITA, seat, t)
        if riichi:
            n = _put(out, n, A_DISCARD, seat, self.drawn_)
            return n
        closed_only = True
        for i in range(s.n_melds):
            if s.mtype[i] != MELD_ANKAN and s.mtype[i] != M_KITA:
                closed_only = False
        if (not after_call and closed_only and self.scores_[seat] >= self.riichi_min_points
                and self._tiles_left() >= self.riichi_min_tiles):
            kinds = self.ps_riichi_discards(seat)
            for t in range(136):
                if s.has[t] and (kinds >> (t >> 2)) & 1:
                    n = _put(out, n, A_RIICHI, seat, t)
        for t in range(136):
            if s.has[t] and not (s.kuikae >> (t >> 2)) & 1:
                n = _put(out, n, A_DISCARD, seat, t)
        return n

    cdef int _c_status(self, int seat, int tile, bint tsumo, bint chankan, int64_t* pay=NULL) noexcept nogil:
        """The scoring kernel's status for the win (riichi_fast.score's fast path, in C); ST_BAD_INPUT: ask score().

        ``pay`` (if given): the ron, dealer-tsumo and other-tsumo payments.
        """
        cdef Seat* s = &self.seats_[seat]
        cdef count_t closed[34]
        cdef uint8_t mt[4]
        cdef uint8_t mk[4]
        cdef int32_t ctx[CTX_SIZE]
        cdef int64_t out[OUT_SIZE]
        cdef int i, j, k, t, slot = 0, n_red = 0, flags = 0, n_dora, n_ura
        cdef bint first = not self.interrupted_ and not s.first_discard_done
        cdef bint riichi = s.riichi_accepted or s.riichi_at >= 0
        cdef bint last = self._tiles_left() == 0
        for k in range(34):
            closed[k] = s.kcount[k]
        for t in range(136):
            if s.has[t] and (t & 3) < self.red_c[t >> 2]:
                n_red += 1
        if not tsumo:
            if closed[tile >> 2] >= 4:
                return ST_BAD_INPUT
            closed[tile >> 2] += 1
            if (tile & 3) < self.red_c[tile >> 2]:
                n_red += 1
        for i in range(4):
            mt[i] = 0
            mk[i] = 0
        for i in range(s.n_melds):
            for j in range(s.mn[i]):
                if (s.mtiles[i][j] & 3) < self.red_c[s.mtiles[i][j] >> 2]:
                    n_red += 1
            if s.mtype[i] != M_KITA:
                if slot >= 4:
                    return ST_BAD_INPUT
                mt[slot] = s.mtype[i]
                mk[slot] = s.mtiles[i][0] >> 2
                slot += 1
        if tsumo:
            flags |= F_TSUMO
        if riichi and not s.double_riichi:
            flags |= F_RIICHI
        if s.double_riichi:
            flags |= F_DOUBLE_RIICHI
        if s.ippatsu and self.ippatsu_rule:
            flags |= F_IPPATSU
        if tsumo and last and not self.drawn_rinshan_:
            flags |= F_HAITEI
        if (not tsumo) and last and not chankan:
            flags |= F_HOUTEI
        if tsumo and self.drawn_rinshan_:
            flags |= F_RINSHAN
        if chankan:
            flags |= F_CHANKAN
        if tsumo and first and seat == self.t_dealer:
            flags |= F_TENHOU
        if tsumo and first and seat != self.t_dealer:
            flags |= F_CHIIHOU
        if (not tsumo) and first and seat != self.t_dealer and self.renhou_rule:
            flags |= F_RENHOU
        memset(ctx, 0, sizeof(ctx))
        n_dora = self.n_dora
        n_ura = self.n_dora if riichi and self.ura_dora else 0
        if not self.kan_dora:
            n_dora = 1 if n_dora > 1 else n_dora
            n_ura = 1 if n_ura > 1 else n_ura
        for i in range(n_dora):
            ctx[CTX_DORA + i] = self.dora_ind[i] >> 2
        for i in range(n_ura):
            ctx[CTX_URA + i] = self.ura_ind[i] >> 2
        ctx[CTX_FLAGS] = flags
        ctx[CTX_SEAT_WIND] = (seat - self.t_dealer + self.n) % self.n
        ctx[CTX_ROUND_WIND] = self.t_wind
        ctx[CTX_N_DORA] = n_dora
        ctx[CTX_N_URA] = n_ura
        ctx[CTX_N_RED] = n_red
        ctx[CTX_N_KITA] = s.kita
        ctx[CTX_HONBA] = self.t_honba
        ctx[CTX_RIICHI_STICKS] = self.sticks_
        c_score_hand_digested(closed, mt, mk, tile >> 2, ctx, &self.rc, out)
        if pay != NULL:
            pay[0] = out[O_PAY_RON]
            pay[1] = out[O_PAY_TSUMO_DEALER]
            pay[2] = out[O_PAY_TSUMO_OTHER]
        return <int>out[O_STATUS]

    cdef bint _win_ok(self, int seat, int tile, bint tsumo, bint chankan, bint kokushi) except -1 nogil:
        """Does the win score (yaku, minimum han)?  ``kokushi``: and is it kokushi (chankan of an ankan).

        The kernel answers without the GIL; a kokushi question or an input it refuses goes to score().
        """
        cdef int status
        if not kokushi:
            status = self._c_status(seat, tile, tsumo, chankan)
            if status != ST_BAD_INPUT:
                return status == ST_OK
        with gil:
            res = self._score(seat, tile, tsumo, chankan)
            if res.status != "ok":
                return False
            return not kokushi or res.reading.reading.form == Form.KOKUSHI

    cdef object _win_context(self, int seat, bint tsumo, bint chankan):
        cdef Seat* s = &self.seats_[seat]
        cdef bint first = not self.interrupted_ and not s.first_discard_done
        cdef bint riichi = s.riichi_accepted or s.riichi_at >= 0
        cdef bint last = self._tiles_left() == 0
        return {
            "tsumo": tsumo, "riichi": riichi and not s.double_riichi, "double_riichi": s.double_riichi,
            "ippatsu": s.ippatsu and self.ippatsu_rule,
            "haitei": tsumo and last and not self.drawn_rinshan_,
            "houtei": (not tsumo) and last and not chankan,
            "rinshan": tsumo and self.drawn_rinshan_, "chankan": chankan,
            "tenhou": tsumo and first and seat == self.t_dealer,
            "chiihou": tsumo and first and seat != self.t_dealer,
            "renhou": (not tsumo) and first and seat != self.t_dealer and self.renhou_rule,
            "seat_wind": (seat - self.t_dealer + self.n) % self.n, "round_wind": self.t_wind,
            "dora": tuple([self.dora_ind[i] >> 2 for i in range(self.n_dora)]),
            "ura": tuple([self.ura_ind[i] >> 2 for i in range(self.n_dora)]) if riichi else (),
            "honba": self.t_honba, "riichi_sticks": self.sticks_,
        }

    cdef object _score(self, int seat, int tile, bint tsumo, bint chankan):
        closed = self.closed_ids(seat)
        if not tsumo:
            closed.append(tile)
        hand = Hand.from_ids(closed, self._melds(seat), red=self.rules.red_fives)
        win = format_tiles([tile], red=self.rules.red_fives)
        return _score(hand, win, rules=self.rules, **self._win_context(seat, tsumo, chankan))

    # ------------------------------------------------------------------ step

    def step(self, action):
        """Apply one legal action; an illegal one raises :class:`EngineError` and changes nothing."""
        if not isinstance(action, Action):
            raise EngineError(f"expected an Action, got {type(action).__name__}")
        if self.phase_ == P_ENDED or self.phase_ == P_IDLE:
            raise EngineError(f"{action}: the hand is not in play")
        acting = self.acting
        legal = self.legal_actions(action.seat) if action.seat in acting else []
        if action not in legal and self._equivalent(action, legal):
            pass
        elif action not in legal:
            why = "it is not this seat's turn to act" if action.seat not in acting else "not among the legal actions"
            raise EngineError(f"{action} is illegal: {why} (acting: {list(acting)}, phase {self.phase})")
        cdef Act a
        _from_action(action, &a)
        if self.phase_ == P_TURN:
            self._apply_turn(&a)
        else:
            self.answers[a.seat] = a
            self.answered[a.seat] = True
            if not self.acting:
                if self.phase_ == P_CLAIM:
                    self._resolve_claims()
                else:
                    self._resolve_chankan()

    def _equivalent(self, action, legal):
        def sig(a):
            return (a.type, a.seat, None if a.tile is None else _copy_key(a.tile), tuple(sorted(map(_copy_key, a.consumed))))

        key = sig(action)
        if not any(sig(a) == key for a in legal):
            return False
        held = self.closed_ids(action.seat)
        need = list(action.consumed)
        if self.phase_ == P_TURN and action.tile is not None and action.type not in ("ankan",):
            need.append(action.tile)
        for t in need:
            if t not in held:
                return False
            held.remove(t)
        return True

    cdef int _remove(self, int seat, int tile) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        if not s.has[tile]:
            with gil:
                raise EngineError(f"seat {seat} does not hold tile {tile}")
        s.has[tile] = 0
        s.kcount[tile >> 2] -= 1
        s.n_closed -= 1
        return 0

    cdef int _add_meld(self, int seat, int mtype, const uint8_t* tiles, int nt, int called, int rel) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef int i = s.n_melds, j
        if i >= MAX_MELDS:
            with gil:
                raise EngineError("too many melds")
        s.mtype[i] = mtype
        s.mn[i] = nt
        for j in range(nt):
            s.mtiles[i][j] = tiles[j]
        s.mcalled[i] = called
        s.mfrom[i] = rel
        s.n_melds += 1
        return i

    cdef int _apply_turn(self, Act* a) except -1 nogil:
        cdef int seat = a.seat, i, k, j, t
        cdef Seat* s = &self.seats_[seat]
        cdef Ev* e
        cdef uint8_t tiles[4]
        cdef int winners[1]
        if a.type == A_TSUMO:
            winners[0] = seat
            self._end_with_wins(winners, 1, -1, a.tile, False)
        elif a.type == A_KYUUSHU:
            self._end_abortive(AB_KYUUSHU)
        elif a.type == A_DISCARD or a.type == A_RIICHI:
            self._discard(seat, a.tile, a.type == A_RIICHI)
        elif a.type == A_ANKAN:
            self._reveal_pending()
            for i in range(a.n_cons):
                self._remove(seat, a.cons[i])
            self._add_meld(seat, MELD_ANKAN, a.cons, a.n_cons, -1, -1)
            _check(self.ps_ankan(seat, a.cons[0] >> 2), "ankan")
            e = self._event(E_ANKAN, seat)
            e.n_cons = a.n_cons
            for i in range(a.n_cons):
                e.cons[i] = a.cons[i]
            self._reveal(1)
            self._open_chankan(seat, a.tile, True, False)
        elif a.type == A_KAKAN:
            self._reveal_pending()
            self._remove(seat, a.tile)
            k = a.tile >> 2
            for i in range(s.n_melds):
                if s.mtype[i] == MELD_PON and s.mtiles[i][0] >> 2 == k:
                    break
            s.mtype[i] = MELD_SHOUMINKAN
            s.mtiles[i][3] = a.tile
            s.mn[i] = 4
            # Meld sorts its tiles: keep them sorted here too
            _sort4(s.mtiles[i])
            _check(self.ps_kakan(seat, k), "kakan")
            self.pending_dora_ += 1
            e = self._event(E_KAKAN, seat)
            e.pai = a.tile
            e.n_cons = 3
            j = 0
            for t in range(4):
                if s.mtiles[i][t] != a.tile:
                    e.cons[j] = s.mtiles[i][t]
                    j += 1
            self._open_chankan(seat, a.tile, False, False)
        elif a.type == A_KITA:
            self._remove(seat, a.tile)
            tiles[0] = a.tile
            self._add_meld(seat, M_KITA, tiles, 1, -1, -1)
            s.kita += 1
            self.interrupted_ = True
            for i in range(self.n):
                self.seats_[i].ippatsu = False
            self.ps_load(seat, seat == self.current_ and self.drawn_ >= 0 and s.n_closed % 3 == 2)
            e = self._event(E_NUKIDORA, seat)
            e.pai = a.tile
            self._open_chankan(seat, a.tile, False, True)
        return 0

    cdef void _check_pao(self, int seat, int discarder, int kind) noexcept nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef uint64_t sets = 0
        cdef int i
        for i in range(s.n_melds):
            if s.mtype[i] == MELD_PON or s.mtype[i] == MELD_DAIMINKAN or s.mtype[i] == MELD_SHOUMINKAN \
                    or s.mtype[i] == MELD_ANKAN:
                sets |= _bit(s.mtiles[i][0] >> 2)
        cdef uint64_t dr = _bit(31) | _bit(32) | _bit(33)
        cdef uint64_t wi = _bit(27) | _bit(28) | _bit(29) | _bit(30)
        if (kind >= 31 and self.pao_dragons and (sets & dr) == dr) or \
                (27 <= kind <= 30 and self.pao_winds and (sets & wi) == wi):
            self.pao_[seat] = discarder

    cdef void _kan_made(self, int seat) noexcept nogil:
        cdef int i
        self.n_kans_ += 1
        self.seats_[seat].n_kans += 1
        self.interrupted_ = True
        for i in range(self.n):
            self.seats_[i].ippatsu = False

    cdef int _reveal(self, int k) except -1 nogil:
        cdef Ev* e
        cdef int i
        for i in range(k):
            if self.kan_dora and self.n_dora < 5:
                e = self._event(E_DORA, -1)
                e.pai = self.dora_ind[self.n_dora]
                self.n_dora += 1
        return 0

    cdef int _reveal_pending(self) except -1 nogil:
        cdef int k
        if self.pending_dora_:
            k = self.pending_dora_
            self.pending_dora_ = 0
            self._reveal(k)
        return 0

    cdef int _discard(self, int seat, int tile, bint riichi) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef bint tsumogiri = tile == self.drawn_
        cdef Ev* e
        if riichi:
            s.riichi_at = s.n_river
            s.double_riichi = not self.interrupted_ and not s.first_discard_done
            self._event(E_REACH, seat)
        elif s.riichi_at >= 0:
            s.ippatsu = False
        self._reveal_pending()
        self._remove(seat, tile)
        _check(self.ps_discard(seat, tile >> 2), "discard")
        if s.n_river >= MAX_RIVER:
            with gil:
                raise EngineError("river full")
        s.river[s.n_river] = tile
        s.tsumogiri[s.n_river] = tsumogiri
        s.called[s.n_river] = 0
        s.n_river += 1
        s.river_mask |= _bit(tile >> 2)
        s.first_discard_done = True
        self.drawn_ = -1
        e = self._event(E_DAHAI, seat)
        e.pai = tile
        e.flag = tsumogiri
        self.last_seat = seat
        self.last_tile = tile
        self.last_riichi = riichi
        self._open_claims(seat, tile)
        return 0

    # ---------------------------------------------------------------- claims

    cdef bint _ron_ok(self, int seat, int tile, bint chankan, bint kokushi) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef uint64_t waits = self.ps_waits(seat)
        if not (waits >> (tile >> 2)) & 1:
            return False
        if s.temp_furiten or s.riichi_furiten or (s.river_mask & waits):
            return False
        return self._win_ok(seat, tile, False, chankan, kokushi)

    cdef void _passed(self, int seat) noexcept nogil:
        cdef Seat* s = &self.seats_[seat]
        s.temp_furiten = True
        if s.riichi_at >= 0:
            s.riichi_furiten = True

    cdef int _open_claims(self, int discarder, int tile) except -1 nogil:
        cdef int n = self.n, i, seat, k = tile >> 2, m, a, b, j
        cdef bint last = self._tiles_left() == 0
        cdef Seat* s
        cdef int same[4]
        cdef Act* o
        self.claim_from = discarder
        self.claim_tile = tile
        self.claim_ankan = False
        self.claim_kita = False
        self.n_order = 0
        for i in range(4):
            self.n_opts[i] = 0
            self.answered[i] = False
        for i in range(1, n):
            seat = (discarder + i) % n
            s = &self.seats_[seat]
            o = self.opts[seat]
            m = 0
            if self._ron_ok(seat, tile, False, False):
                m = _put(o, m, A_RON, seat, tile)
            if s.riichi_at < 0 and not last:
                j = 0
                for a in range(4 * k, 4 * k + 4):
                    if s.has[a]:
                        same[j] = a
                        j += 1
                if j >= 2:
                    m = _distinct_pairs(o, m, seat, tile, same, j)
                if j == 3 and self.n_kans_ < 4 and self.n_rinshan_drawn_ < self.n_rinshan:
                    m = _put(o, m, A_DAIMINKAN, seat, tile)
                    o[m - 1].n_cons = 3
                    for a in range(3):
                        o[m - 1].cons[a] = same[a]
                if n == 4 and seat == (discarder + 1) % n and k < 27:
                    m = self._chi_pairs(o, m, seat, tile)
            self.n_opts[seat] = m
            if m:
                self.claim_order[self.n_order] = seat
                self.n_order += 1
        self.phase_ = P_CLAIM
        if self.n_order == 0:
            self._resolve_claims()
        return 0

    cdef int _chi_pairs(self, Act* o, int m, int seat, int tile) noexcept nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef int k = tile >> 2, num = k % 9, lo, x, y, a, b, t, ia, ib
        cdef int others[2]
        cdef int da[4]
        cdef int db[4]
        cdef int nda, ndb
        cdef uint64_t forbidden
        cdef bint ok
        for lo in range(k - 2, k + 1):
            if lo < 0 or lo // 9 != k // 9 or lo % 9 > 6 or lo + 2 > (k // 9) * 9 + 8:
                continue
            if not (lo <= k <= lo + 2) or lo % 9 > num:
                continue
            x = 0
            for y in range(lo, lo + 3):
                if y != k:
                    others[x] = y
                    x += 1
            if not (s.kcount[others[0]] and s.kcount[others[1]]):
                continue
            nda = _distinct_ids(s, others[0], da)
            ndb = _distinct_ids(s, others[1], db)
            forbidden = _bit(k)
            if k == lo and lo % 9 <= 5:
                forbidden |= _bit(lo + 3)
            elif k == lo + 2 and lo % 9 >= 1:
                forbidden |= _bit(lo - 1)
            for ia in range(nda):
                for ib in range(ndb):
                    a = da[ia]
                    b = db[ib]
                    ok = False
                    for t in range(136):
                        if s.has[t] and t != a and t != b and not (forbidden >> (t >> 2)) & 1:
                            ok = True
                            break
                    if ok:
                        m = _put(o, m, A_CHI, seat, tile)
                        o[m - 1].n_cons = 2
                        o[m - 1].cons[0] = a
                        o[m - 1].cons[1] = b
        return m

    cdef int _resolve_claims(self) except -1 nogil:
        cdef int discarder = self.claim_from, tile = self.claim_tile, n = self.n, i, seat, j
        cdef int rons[3]
        cdef int n_rons = 0
        cdef bint has_ron
        cdef Act* call = NULL
        cdef Act* a
        for i in range(1, n):
            seat = (discarder + i) % n
            if self.answered[seat] and self.answers[seat].type == A_RON:
                rons[n_rons] = seat
                n_rons += 1
        for i in range(1, n):
            seat = (discarder + i) % n
            has_ron = False
            for j in range(self.n_opts[seat]):
                if self.opts[seat][j].type == A_RON:
                    has_ron = True
            if has_ron and not (self.answered[seat] and self.answers[seat].type == A_RON):
                self._passed(seat)
        if n_rons:
            if n_rons == 3 and self.triple_aborts:
                self._end_abortive(AB_SANCHAHOU)
                return 0
            if self.head_bump:
                n_rons = 1
            self._end_with_wins(rons, n_rons, discarder, tile, False)
            return 0
        if self.last_seat == discarder and self.last_riichi:
            self._accept_riichi(discarder)
            if self.suucha_rule:
                j = 0
                for i in range(n):
                    if self.seats_[i].riichi_at >= 0:
                        j += 1
                if j == n:
                    self._end_abortive(AB_SUUCHA)
                    return 0
        for j in range(3):
            kind = A_PON if j == 0 else (A_DAIMINKAN if j == 1 else A_CHI)
            for i in range(1, n):
                seat = (discarder + i) % n
                a = &self.answers[seat]
                if call == NULL and self.answered[seat] and a.type == kind:
                    call = a
        if call != NULL:
            self._apply_call(call, discarder, tile)
            return 0
        if self._suufon_renda():
            self._end_abortive(AB_SUUFON)
            return 0
        if self.n_kans_ == 4 and self.suukaikan_rule:
            j = 0
            for i in range(n):
                if self.seats_[i].n_kans:
                    j += 1
            if j > 1:
                self._end_abortive(AB_SUUKAIKAN)
                return 0
        if self._tiles_left() == 0:
            self._exhaustive_draw()
            return 0
        self._draw((discarder + 1) % n, False)
        return 0

    cdef int _accept_riichi(self, int seat) except -1 nogil:
        cdef Seat* s = &self.seats_[seat]
        cdef int i
        s.riichi_accepted = True
        s.ippatsu = True
        self.scores_[seat] -= 1000
        self.sticks_ += 1
        cdef Ev* e = self._event(E_REACH_ACCEPTED, seat)
        for i in range(4):
            e.score[i] = self.scores_[i]
        return 0

    cdef bint _suufon_renda(self) noexcept nogil:
        cdef int i, k = -1
        if self.n != 4 or self.interrupted_ or not self.suufon_rule:
            return False
        for i in range(4):
            if self.seats_[i].n_river != 1:
                return False
        k = self.seats_[0].river[0] >> 2
        if k < 27 or k > 30:
            return False
        for i in range(4):
            if self.seats_[i].river[0] >> 2 != k:
                return False
        return True

    cdef int _apply_call(self, Act* a, int discarder, int tile) except -1 nogil:
        cdef int seat = a.seat, k = tile >> 2, i, lo, mtype
        cdef int rel = (discarder - seat + self.n) % self.n
        cdef Seat* s = &self.seats_[seat]
        cdef Seat* ds = &self.seats_[discarder]
        cdef uint8_t tiles[4]
        cdef Ev* e
        for i in range(a.n_cons):
            self._remove(seat, a.cons[i])
        ds.called[ds.n_river - 1] = 1
        self.interrupted_ = True
        for i in range(self.n):
            self.seats_[i].ippatsu = False
        mtype = MELD_CHI if a.type == A_CHI else (MELD_PON if a.type == A_PON else MELD_DAIMINKAN)
        for i in range(a.n_cons):
            tiles[i] = a.cons[i]
        tiles[a.n_cons] = tile
        _sortn(tiles, a.n_cons + 1)
        self._add_meld(seat, mtype, tiles, a.n_cons + 1, tile, rel)
        lo = tiles[0] >> 2
        if mtype == MELD_CHI:
            _check(self.ps_call(seat, MELD_CHI, lo, k), "chi")
        else:
            _check(self.ps_call(seat, mtype, k, k), "call")
        e = self._event(E_CHI + (a.type - A_CHI), seat)
        e.target = discarder
        e.pai = tile
        e.n_cons = a.n_cons
        for i in range(a.n_cons):
            e.cons[i] = a.cons[i]
        self.current_ = seat
        self.phase_ = P_TURN
        self.drawn_ = -1
        if mtype == MELD_PON or mtype == MELD_DAIMINKAN:
            self._check_pao(seat, discarder, k)
        if mtype == MELD_DAIMINKAN:
            self._kan_made(seat)
            self.pending_dora_ += 1
            self._draw(seat, True)
        else:
            s.kuikae = _bit(k)
            if mtype == MELD_CHI:
                if k == lo and lo % 9 <= 5:
                    s.kuikae |= _bit(lo + 3)
                elif k == lo + 2 and lo % 9 >= 1:
                    s.kuikae |= _bit(lo - 1)
        return 0

    # --------------------------------------------------------------- chankan

    cdef int _open_chankan(self, int seat, int tile, bint ankan, bint kita) except -1 nogil:
        cdef int i, o
        cdef bint ok
        self.claim_from = seat
        self.claim_tile = tile
        self.claim_ankan = ankan
        self.claim_kita = kita
        self.n_order = 0
        for i in range(4):
            self.n_opts[i] = 0
            self.answered[i] = False
        for i in range(1, self.n):
            o = (seat + i) % self.n
            if kita:
                ok = self._ron_ok(o, tile, False, False)
            elif ankan:
                if not self.kokushi_chankan:
                    continue
                ok = self._ron_ok(o, tile, True, True)
            else:
                ok = self._ron_ok(o, tile, True, False)
            if ok:
                self.n_opts[o] = _put(self.opts[o], 0, A_RON, o, tile)
                self.claim_order[self.n_order] = o
                self.n_order += 1
        self.phase_ = P_CHANKAN
        if self.n_order == 0:
            self._resolve_chankan()
        return 0

    cdef int _resolve_chankan(self) except -1 nogil:
        cdef int i, seat, n_rons = 0
        cdef int rons[3]
        for i in range(self.n_order):
            seat = self.claim_order[i]
            if self.answers[seat].type == A_RON:
                rons[n_rons] = seat
                n_rons += 1
            else:
                self._passed(seat)
        if n_rons:
            if self.head_bump:
                n_rons = 1
            self._end_with_wins(rons, n_rons, self.claim_from, self.claim_tile, not self.claim_kita)
            return 0
        if not self.claim_kita:
            self._kan_made(self.claim_from)
        self._draw(self.claim_from, True)
        return 0

    # ------------------------------------------------------------ hand ends

    def table_with_stakes(self):
        """The table as the hand started, but with this hand's riichi stakes already paid."""
        return _settle.TableState(self.t_dealer, self.t_wind, self.t_honba, self.sticks_, tuple(self.scores), self.n)

    cdef bint _c_settle_wins(self, const int* winners, int nw, int disc, int tile, bint chankan) noexcept nogil:
        """The wins settled in C by settle/_settle.pxd's c_settle_wins (settle_win's fast path: no
        pao, no wareme; the stakes already paid, so on the table).  False: let riichi_fast.settle do it.
        """
        cdef HandEndC* e = &self.endc
        cdef int64_t pay[3]
        cdef WinPay wps[3]
        cdef SettleRules sr
        cdef TableC t
        cdef WinsOut wo
        cdef int k, s
        if self.wareme:
            return False
        for k in range(nw):
            if self.pao_[winners[k]] >= 0:
                return False
        for k in range(nw):
            if self._c_status(winners[k], tile, disc < 0, chankan, pay) != ST_OK:
                return False
            wps[k].winner = winners[k]
            wps[k].discarder = disc
            wps[k].pao = -1
            wps[k].pao_part = 0
            wps[k].pao_whole = 1
            wps[k].ron = pay[0]
            wps[k].tsumo_dealer = pay[1]
            wps[k].tsumo_other = pay[2]
        sr.n = self.n
        sr.honba_value = self.honba_value
        sr.counters_all = self.counters_all
        sr.own_back = False      # no stake of this hand is left to give back: sticks_ holds them
        sr.head_bump = False     # the winners given are those paid
        sr.pao_honba_liable = False
        self._table_c(&t)
        c_settle_wins(&sr, &t, 0, wps, nw, &wo)
        e.kind = END_WIN
        e.n_wins = nw
        for k in range(nw):
            e.win_seat[k] = winners[k]
            e.win_from[k] = disc
        for s in range(4):
            e.deltas[s] = <int>wo.deltas[s]
        self._next_table(wo.repeat, self.t_honba + 1 if wo.repeat else 0)
        e.n_sticks = 0
        self.end_ok = False
        return True

    cdef int _end_with_wins(self, const int* winners, int nw, int disc, int tile, bint chankan) except -1 nogil:
        """A win: settled in C in play_games, else with the GIL (scored by riichi_fast.score, settled by
        riichi_fast.settle, the HandEnd and events of Table)."""
        if self.c_settle and self._c_settle_wins(winners, nw, disc, tile, chankan):
            self._finish()
            return 0
        with gil:
            self._settle_wins([winners[i] for i in range(nw)], None if disc < 0 else disc, tile, chankan)
        self._finish()
        return 0

    cdef int _settle_wins(self, list seats, object disc, int tile, bint chankan) except -1:
        cdef Seat* s
        cdef HandEndC* e = &self.endc
        cdef int i, seat
        tsumo = disc is None
        wins = [(seat, disc, self._score(seat, tile, tsumo, chankan)) for seat in seats]
        pao = [None if self.pao_[seat] < 0 else self.pao_[seat] for seat in seats]
        sw = [_settle.Win(seat, res, d, p) for (seat, d, res), p in zip(wins, pao)]
        settlement = _settle.settle_win(self.table_with_stakes(), sw, (), self.rules)
        per_win = settlement.per_win if len(settlement.per_win) == len(wins) else [None] * len(wins)
        self.tail_events = []
        for (seat, d, res), deltas in zip(wins, per_win):
            event = {"type": "hora", "actor": seat, "target": seat if d is None else d, "pai": tile}
            s = &self.seats_[seat]
            if s.riichi_accepted or s.riichi_at >= 0:
                event["ura_markers"] = [self.ura_ind[i] for i in range(self.n_dora)]
            if deltas is not None:
                event["deltas"] = list(deltas)
            self.tail_events.append(event)
        self.end_ = HandEnd("win", settlement.detail, tuple(wins), (), settlement)
        self.end_ok = True
        e.kind = END_WIN
        nxt = settlement.next
        for i in range(self.n):
            e.deltas[i] = settlement.deltas[i]
            e.n_scores[i] = nxt.scores[i]
        e.n_dealer, e.n_wind, e.n_honba, e.n_sticks = nxt.dealer, nxt.round_wind, nxt.honba, nxt.riichi_sticks
        e.repeats = bool(settlement.dealer_repeats)
        e.n_wins = len(seats)
        for i in range(e.n_wins):
            e.win_seat[i] = seats[i]
            e.win_from[i] = -1 if disc is None else disc
        return 0

    cdef void _next_table(self, bint repeat, int honba) noexcept nogil:
        """The next table of a draw (TableState._advance): the scores change by endc.deltas."""
        cdef HandEndC* e = &self.endc
        cdef int i
        cdef TableC t, nt
        self._table_c(&t)
        c_next_table(&t, repeat, honba, self.sticks_, &nt)
        e.repeats = repeat
        e.n_dealer = nt.dealer
        e.n_wind = nt.wind
        e.n_honba = honba
        e.n_sticks = self.sticks_
        for i in range(4):
            e.n_scores[i] = self.scores_[i] + e.deltas[i]

    cdef void _table_c(self, TableC* t) noexcept nogil:
        """The table as the hand started, with this hand's riichi stakes on it (table_with_stakes)."""
        t.n = self.n
        t.dealer = self.t_dealer
        t.wind = self.t_wind
        t.honba = self.t_honba
        t.sticks = self.sticks_

    cdef int _end_abortive(self, int reason) except -1 nogil:
        """An abortive draw (settle_abortive_draw): no payment, the dealer keeps the deal."""
        cdef HandEndC* e = &self.endc
        e.kind = END_ABORTIVE
        e.reason = reason
        e.n_wins = 0
        e.deltas[0] = e.deltas[1] = e.deltas[2] = e.deltas[3] = 0
        self._next_table(True, self.t_honba + 1 if self.adds_counter else self.t_honba)
        self._finish()
        return 0

    cdef int _exhaustive_draw(self) except -1 nogil:
        """The wall is exhausted (settle_exhaustive_draw): noten payments or nagashi mangan."""
        cdef int i, j, w, n = self.n
        cdef Seat* s
        cdef bint ok
        cdef HandEndC* e = &self.endc
        cdef int64_t ch[4]
        cdef Edge edges[SETTLE_EDGES]
        e.kind = END_EXHAUSTIVE
        e.n_wins = 0
        e.tenpai_mask = 0
        e.nagashi_mask = 0
        for i in range(n):
            if self.ps_is_tenpai(i):
                e.tenpai_mask |= 1 << i
        if self.nagashi:
            for i in range(n):
                s = &self.seats_[i]
                ok = s.n_river > 0
                for j in range(s.n_river):
                    if s.called[j] or not (_YAOCHUU_MASK >> (s.river[j] >> 2)) & 1:
                        ok = False
                if ok:
                    e.nagashi_mask |= 1 << i
        ch[0] = ch[1] = ch[2] = ch[3] = 0
        if e.nagashi_mask:
            if self.wareme:
                with gil:  # the Python settlement needs the wareme seat: let it say so
                    self._draw_end()
            for w in range(n):
                if (e.nagashi_mask >> w) & 1:
                    c_apply(edges, c_mangan_edges(n, self.t_dealer, w, False, edges), ch)
        else:
            c_noten_pay(n, self.noten_payment, e.tenpai_mask, ch)
        for i in range(4):
            e.deltas[i] = <int>ch[i]
        self._next_table((e.tenpai_mask >> self.t_dealer) & 1, self.t_honba + 1)
        self._finish()
        return 0

    cdef object _draw_end(self):
        """The HandEnd of a draw, settled by riichi_fast.settle (as Table does)."""
        cdef HandEndC* e = &self.endc
        if e.kind == END_EXHAUSTIVE:
            tenpai = tuple([i for i in range(self.n) if (e.tenpai_mask >> i) & 1])
            nagashi = tuple([i for i in range(self.n) if (e.nagashi_mask >> i) & 1]) if self.nagashi else ()
            settlement = _settle.settle_exhaustive_draw(self.table_with_stakes(), tenpai, (), nagashi, self.rules)
            return HandEnd("exhaustive_draw", settlement.detail, (), tenpai, settlement)
        kind = _ABORTIVE[e.reason]
        settlement = _settle.settle_abortive_draw(self.table_with_stakes(), kind, self.rules)
        return HandEnd("abortive_draw", kind, (), (), settlement)

    cdef void _finish(self) noexcept nogil:
        self.phase_ = P_ENDED


# ------------------------------------------------------------------ helpers

cdef inline int _put(Act* out, int n, int atype, int seat, int tile) noexcept nogil:
    out[n].type = atype
    out[n].seat = seat
    out[n].tile = tile
    out[n].n_cons = 0
    return n + 1


cdef int _distinct_pairs(Act* o, int m, int seat, int tile, int* same, int j) noexcept nogil:
    """Table's _distinct_pairs: pairs of held copies, one per (red, red) pattern, ascending."""
    cdef int a, b, key
    cdef int seen = 0
    for a in range(j):
        for b in range(a + 1, j):
            # same[] ascending; key: sorted pair of "copy index 0" flags
            key = (same[a] % 4 == 0) + (same[b] % 4 == 0)
            if not (seen >> key) & 1:
                seen |= 1 << key
                m = _put(o, m, A_PON, seat, tile)
                o[m - 1].n_cons = 2
                o[m - 1].cons[0] = same[a]
                o[m - 1].cons[1] = same[b]
    return m


cdef int _distinct_ids(Seat* s, int k, int* out) noexcept nogil:
    """Table's _distinct: the lowest held id of each (kind, red) class, ascending."""
    cdef int t, n = 0
    cdef bint plain_seen = False, red_seen = False
    for t in range(4 * k, 4 * k + 4):
        if s.has[t]:
            if _is_red(t):
                if not red_seen:
                    red_seen = True
                    out[n] = t
                    n += 1
            elif not plain_seen:
                plain_seen = True
                out[n] = t
                n += 1
    return n


cdef void _sortn(uint8_t* a, int n) noexcept nogil:
    cdef int i, j
    cdef uint8_t x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef void _sort4(uint8_t* a) noexcept nogil:
    _sortn(a, 4)


cdef int _check(int status, const char* what) except -1 nogil:
    if status != 0:
        with gil:
            raise EngineError(f"internal: the player state refused a {what.decode()} (status {status})")
    return 0


cdef void _ps_load(PlayerState ps, Seat* s, int drawn) noexcept nogil:
    """Reset ``ps`` to the seat's closed tiles and melds, kita left out (Table's _ps); ``drawn`` (an id) drawn again."""
    cdef int i, m = 0
    for i in range(34):
        ps.closed[i] = s.kcount[i]
    for i in range(s.n_melds):
        if s.mtype[i] != M_KITA:
            ps.meld_type[m] = s.mtype[i]
            ps.meld_kind[m] = s.mtiles[i][0] >> 2
            m += 1
    ps.n_melds = m
    ps.n_kita = 0
    if drawn >= 0:
        ps.closed[drawn >> 2] -= 1
    ps._reset_flags()
    if drawn >= 0:
        ps.c_draw(drawn >> 2)


cdef object _to_action(Act* a):
    return Action(ACTION_NAMES[a.type], a.seat, None if a.tile < 0 else a.tile,
                  tuple([a.cons[i] for i in range(a.n_cons)]))


cdef int _from_action(object action, Act* a) except -1:
    a.type = _ACTION_CODES[action.type]
    a.seat = action.seat
    a.tile = -1 if action.tile is None else action.tile
    cons = action.consumed
    a.n_cons = len(cons)
    for i in range(a.n_cons):
        a.cons[i] = cons[i]
    return 0


def _copy_key(t):
    return (t >> 2, t % 4 == 0 and (t >> 2) in (4, 13, 22))


# ------------------------------------------------------------ batched random play

cdef inline uint64_t _splitmix64(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


def random_choice_stream(seed):
    """The random agent's choices as Python sees them: an endless iterator of 64-bit words (splitmix64).

    The agent of :func:`play_random_hands` takes, at each decision, legal action number
    ``word % len(legal_actions)`` (the order of :meth:`CTable.legal_actions`).

    >>> it = random_choice_stream(0); next(it) == next(random_choice_stream(0))
    True
    """
    cdef uint64_t state = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    while True:
        yield _splitmix64(&state)


cdef int _random_step(CTable t, uint64_t* rng) except -1:
    """One decision of the built-in random legal agent, taken in C (no Action objects)."""
    cdef Act buf[MAX_TURN]
    cdef Act pass_
    cdef int n, i, seat = -1
    if t.phase_ == P_TURN:
        n = t._turn_actions(t.current_, buf)
        i = <int>(_splitmix64(rng) % <uint64_t>n)
        t._apply_turn(&buf[i])
        return 0
    for i in range(t.n_order):
        if not t.answered[t.claim_order[i]]:
            seat = t.claim_order[i]
            break
    if seat < 0:
        raise EngineError("internal: a claim without a seat to answer")
    n = t.n_opts[seat] + 1
    i = <int>(_splitmix64(rng) % <uint64_t>n)
    if i < t.n_opts[seat]:
        t.answers[seat] = t.opts[seat][i]
    else:
        _put(&pass_, 0, A_PASS, seat, -1)
        t.answers[seat] = pass_
    t.answered[seat] = True
    for i in range(t.n_order):
        if not t.answered[t.claim_order[i]]:
            return 0
    if t.phase_ == P_CLAIM:
        t._resolve_claims()
    else:
        t._resolve_chankan()
    return 0


def write_batch(list tables, float[:, :, ::1] planes not None, unsigned char[:, ::1] masks not None,
                signed char[::1] seats not None):
    """For each CTable ``tables[i]`` in play: its first acting seat into ``seats[i]``, that seat's
    legal-action mask (:meth:`CTable.legal_mask`) into ``masks[i]`` and its planes
    (:meth:`CTable.fill_planes`) into ``planes[i]``: VecEnv's write in one call."""
    cdef int i, seat, n = len(tables)
    cdef CTable t
    if planes.shape[0] < n or masks.shape[0] < n or seats.shape[0] < n:
        raise EngineError(f"write_batch: arrays for {n} tables expected")
    if planes.shape[1] != 59 or planes.shape[2] != 34 or masks.shape[1] != 222:
        raise EngineError("write_batch: planes must be (n, 59, 34) and masks (n, 222)")
    for i in range(n):
        t = tables[i]
        seat = t._legal_mask(masks[i])
        if seat < 0:
            raise EngineError(f"write_batch: table {i} has no acting seat (phase {t.phase})")
        seats[i] = seat
        t._fill_planes(seat, planes[i])


def play_random_hands(int n, seed=0, rules="tenhou"):
    """Play ``n`` single hands (East 1, the start of a game) with the built-in random legal agent.

    Hand ``i`` is dealt from ``seeded_wall(seed, i)``; every decision takes legal action number
    ``word % len(legal)`` from one splitmix64 stream seeded by ``seed`` (see
    :func:`random_choice_stream`).  Returns ``(kind, winner, deltas)`` as numpy arrays: ``kind``
    0 win, 1 exhaustive draw, 2 abortive draw (int8); ``winner`` the first winner or -1 (int8);
    ``deltas`` the score changes (int32, ``n x n_players``).

    >>> kind, winner, deltas = play_random_hands(3, seed=1)
    >>> kind.shape, deltas.shape, int(deltas.sum(axis=1).max()) <= 0
    ((3,), (3, 4), True)
    """
    import numpy as np

    from riichi_fast.engine.wall import seeded_wall

    if n < 0:
        raise ContextError(f"n must be >= 0, got {n}")
    cdef CTable t = CTable(rules)
    cdef uint64_t rng = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    cdef int i, j, steps
    kind = np.zeros(n, dtype=np.int8)
    winner = np.full(n, -1, dtype=np.int8)
    deltas = np.zeros((n, t.n), dtype=np.int32)
    cdef signed char[::1] kv = kind
    cdef signed char[::1] wv = winner
    cdef int[:, ::1] dv = deltas
    start = _settle.TableState.start(t.rules)
    for i in range(n):
        t.start_hand(seeded_wall(seed, i, t.n), start)
        steps = 0
        while t.phase_ != P_ENDED:
            _random_step(t, &rng)
            steps += 1
            if steps > 10000:
                raise EngineError("internal: a hand did not end")
        end = t.end
        kv[i] = {"win": 0, "exhaustive_draw": 1, "abortive_draw": 2}[end.kind]
        if end.wins:
            wv[i] = end.wins[0][0]
        for j in range(t.n):
            dv[i, j] = end.settlement.deltas[j]
    return kind, winner, deltas


def play_random_games(int n_games, seed=0, rules="tenhou", length="hanchan"):
    """Play ``n_games`` whole games with the built-in random legal agent (the loop and the agent in C).

    Game ``g`` is :func:`~riichi_fast.engine.play_game` with ``seed=seed + g`` (walls
    ``seeded_wall(seed + g, hand)``, the same end of game) and every seat taking legal action
    number ``word % len(legal)`` from one splitmix64 stream seeded by ``seed + g``.  Returns
    numpy arrays ``scores`` and ``points`` (int32, ``n_games x n_players``, as
    :func:`~riichi_fast.engine.game.final_standing`), ``ranks`` (int8) and ``hands`` (int32, hands
    played per game).

    >>> scores, points, ranks, hands = play_random_games(2, seed=1, length="tonpuusen")
    >>> scores.shape, bool((points.sum(axis=1) == 0).all()), bool((hands >= 4).all())
    ((2, 4), True, True)
    """
    import numpy as np

    from riichi_fast.engine.game import LENGTHS, final_standing, game_over
    from riichi_fast.engine.wall import seeded_wall

    if n_games < 0:
        raise ContextError(f"n_games must be >= 0, got {n_games}")
    if length not in LENGTHS:
        raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")
    cdef CTable t = CTable(rules)
    cdef uint64_t rng
    cdef int g, j, hand, steps
    scores = np.zeros((n_games, t.n), dtype=np.int32)
    points = np.zeros((n_games, t.n), dtype=np.int32)
    ranks_ = np.zeros((n_games, t.n), dtype=np.int8)
    hands = np.zeros(n_games, dtype=np.int32)
    for g in range(n_games):
        game_seed = seed + g
        rng = <uint64_t>(game_seed & 0xFFFFFFFFFFFFFFFF)
        state = _settle.TableState.start(t.rules)
        hand = 0
        while True:
            t.start_hand(seeded_wall(game_seed, hand, t.n), state)
            steps = 0
            while t.phase_ != P_ENDED:
                _random_step(t, &rng)
                steps += 1
                if steps > 10000:
                    raise EngineError("internal: a hand did not end")
            hand += 1
            if game_over(t.end.settlement, t.rules, length):
                break
            state = t.next_table
        final_scores, final_points, final_ranks = final_standing(t.next_table, t.rules)
        for j in range(t.n):
            scores[g, j] = final_scores[j]
            points[g, j] = final_points[j]
            ranks_[g, j] = final_ranks[j]
        hands[g] = hand
    return scores, points, ranks_, hands


# ------------------------------------------------------------ whole games in C, without the GIL

# built-in agents (play_games)
cdef enum:
    AG_RANDOM = 0
    AG_TSUMOGIRI = 1
    AG_GREEDY = 2

AGENT_NAMES = ("random", "tsumogiri", "greedy")
LENGTH_NAMES = ("single", "tonpuusen", "hanchan")

# the action space of riichi_fast.engine.env (index_of)
cdef enum:
    X_DISCARD = 0
    X_RIICHI = 68
    X_TSUMO = 136
    X_RON = 137
    X_PASS = 138
    X_CHI = 139
    X_PON = 148
    X_DAIMINKAN = 151
    X_ANKAN = 152
    X_KAKAN = 186
    X_KITA = 220
    X_KYUUSHU = 221

cdef struct GameC:
    int scores[4]
    int points[4]
    int ranks[4]
    int hands
    int wins[4]
    int tsumo[4]
    int deal_ins[4]
    int riichi[4]
    int exhaustive
    int abortive


cdef inline bint _red_of(const uint8_t* redc, int tile) noexcept nogil:
    return (tile & 3) < redc[tile >> 2]


cdef int _index_of(const Act* a, const uint8_t* redc) noexcept nogil:
    """riichi_fast.engine.env.index_of of an action, in C."""
    cdef int t = a.type, i, reds = 0, k, below
    if t == A_DISCARD or t == A_RIICHI:
        return (X_DISCARD if t == A_DISCARD else X_RIICHI) + (34 if _red_of(redc, a.tile) else 0) + (a.tile >> 2)
    if t == A_TSUMO:
        return X_TSUMO
    if t == A_RON:
        return X_RON
    if t == A_PASS:
        return X_PASS
    for i in range(a.n_cons):
        if _red_of(redc, a.cons[i]):
            reds += 1
    if t == A_CHI:
        k = a.tile >> 2
        below = 0
        for i in range(a.n_cons):
            if a.cons[i] >> 2 < k:
                below += 1
        return X_CHI + 3 * below + reds
    if t == A_PON:
        return X_PON + reds
    if t == A_DAIMINKAN:
        return X_DAIMINKAN
    if t == A_ANKAN:
        return X_ANKAN + (a.tile >> 2)
    if t == A_KAKAN:
        return X_KAKAN + (a.tile >> 2)
    if t == A_KITA:
        return X_KITA
    return X_KYUUSHU


cdef int _random_agent(const Act* acts, int n, const uint8_t* redc, uint64_t* rng) noexcept nogil:
    """RandomAgent: the distinct action indices ascending (the first action of each), number word % count."""
    cdef int idx[MAX_TURN + MAX_OPTS + 1]
    cdef int first[222]
    cdef int i, m = 0, x, chosen
    cdef uint64_t w
    for i in range(222):
        first[i] = -1
    for i in range(n):
        x = _index_of(&acts[i], redc)
        if first[x] < 0:
            first[x] = i
            idx[m] = x
            m += 1
    _sort_ints(idx, m)
    w = _splitmix64(rng)
    chosen = idx[<int>(w % <uint64_t>m)]
    return first[chosen]


cdef void _sort_ints(int* a, int n) noexcept nogil:
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef int _tsumogiri_agent(const Act* acts, int n, int drawn) noexcept nogil:
    """TsumogiriAgent: a win, else the drawn tile's discard, else pass, else the last discard, else the first action."""
    cdef int i
    for i in range(n):
        if acts[i].type == A_TSUMO or acts[i].type == A_RON:
            return i
    if drawn >= 0:
        for i in range(n):
            if acts[i].type == A_DISCARD and acts[i].tile == drawn:
                return i
    for i in range(n):
        if acts[i].type == A_PASS:
            return i
    for i in range(n - 1, -1, -1):
        if acts[i].type == A_DISCARD:
            return i
    return 0


cdef inline bint _capped_caps(int n_players, count_t* caps) noexcept nogil:
    """The shanten caps of a hand without melds (three-player: no 2m-8m); whether any applies."""
    cdef int k
    cdef bint capped = False
    if n_players != 3:
        return False
    c_make_caps(NULL, 3, caps)
    for k in range(34):
        if caps[k] != 4:
            capped = True
    return capped


cdef int _greedy_agent(CTable t, int seat, const Act* acts, int n, const uint8_t* redc) noexcept nogil:
    """GreedyAgent (riichi_fast.engine.agents) in C: the same choice from the same legal actions."""
    cdef int i
    for i in range(n):
        if acts[i].type == A_TSUMO or acts[i].type == A_RON:
            return i
    for i in range(n):
        if acts[i].type == A_KITA:
            return i
    if t.phase_ != P_TURN:
        return _greedy_claim(t, seat, acts, n, redc)
    return _greedy_discard(t, seat, acts, n, redc)


cdef int _greedy_discard(CTable t, int seat, const Act* acts, int n, const uint8_t* redc) noexcept nogil:
    """Lowest shanten, then most ukeire (tiles seen: rivers, melds, kita, indicators), then lowest index."""
    cdef count_t closed[34]
    cdef count_t seen[34]
    cdef count_t caps[34]
    cdef int vis[34]
    cdef signed char sh[34]
    cdef int uke[34]
    cdef uint64_t mask
    cdef int i, j, k, s, best = -1, bsh = 0, buke = 0, bidx = 0, x
    cdef bint riichi = False, capped
    cdef Seat* st
    for k in range(34):
        closed[k] = t.seats_[seat].kcount[k]
        vis[k] = 0
    for s in range(t.n):
        st = &t.seats_[s]
        for i in range(st.n_river):
            if not st.called[i]:
                vis[st.river[i] >> 2] += 1
        for i in range(st.n_melds):
            for j in range(st.mn[i]):
                vis[st.mtiles[i][j] >> 2] += 1
    for i in range(t.n_dora):
        vis[t.dora_ind[i] >> 2] += 1
    for k in range(34):
        seen[k] = closed[k] + (vis[k] if vis[k] < 4 else 4)
    capped = _capped_caps(t.n, caps)
    if t.n == 3:
        for k in range(1, 8):
            seen[k] = 4
    if capped:
        c_shanten_after_change_caps(closed, caps, -1, sh)
    else:
        c_shanten_after_change(closed, -1, sh)
    for k in range(34):
        if closed[k]:
            closed[k] -= 1
            if capped:
                uke[k] = c_ukeire_caps(closed, seen, caps, sh[k], &mask)
            else:
                uke[k] = c_ukeire(closed, seen, sh[k], &mask)
            closed[k] += 1
    for i in range(n):
        if acts[i].type == A_RIICHI:
            riichi = True
    for i in range(n):
        if acts[i].type != (A_RIICHI if riichi else A_DISCARD):
            continue
        k = acts[i].tile >> 2
        x = _index_of(&acts[i], redc)
        if best < 0 or sh[k] < bsh or (sh[k] == bsh and (uke[k] > buke or (uke[k] == buke and x < bidx))):
            best, bsh, buke, bidx = i, sh[k], uke[k], x
    return 0 if best < 0 else best


cdef int _greedy_claim(CTable t, int seat, const Act* acts, int n, const uint8_t* redc) noexcept nogil:
    """Pon or chi only when it lowers the shanten and keeps an obvious yaku (value pon, open tanyao); else pass."""
    cdef count_t closed[34]
    cdef count_t after[34]
    cdef count_t caps[34]
    cdef signed char sh[34]
    cdef int i, j, k, now, low, best = -1, bsh = 0, bidx = 0, x, passing = n - 1
    cdef bint capped, yaku, simple = True, closed_yaochuu = False
    cdef uint64_t value
    cdef Seat* st = &t.seats_[seat]
    for i in range(n):
        if acts[i].type == A_PASS:
            passing = i
            break
    for k in range(34):
        closed[k] = st.kcount[k]
        if closed[k] and (_YAOCHUU_MASK >> k) & 1:
            closed_yaochuu = True
    capped = _capped_caps(t.n, caps)
    now = c_shanten_caps(closed, caps) if capped else c_shanten(closed)
    value = _bit(31) | _bit(32) | _bit(33) | _bit(27 + t.t_wind) | _bit(27 + (seat - t.t_dealer + t.n) % t.n)
    for i in range(st.n_melds):
        for j in range(st.mn[i]):
            if (_YAOCHUU_MASK >> (st.mtiles[i][j] >> 2)) & 1:
                simple = False
    for i in range(n):
        if acts[i].type != A_PON and acts[i].type != A_CHI:
            continue
        k = acts[i].tile >> 2
        if acts[i].type == A_PON and (value >> k) & 1:
            yaku = True
        else:
            yaku = t.open_tanyao and simple and not closed_yaochuu and not (_YAOCHUU_MASK >> k) & 1
            for j in range(acts[i].n_cons):
                if (_YAOCHUU_MASK >> (acts[i].cons[j] >> 2)) & 1:
                    yaku = False
        if not yaku:
            continue
        for j in range(34):
            after[j] = closed[j]
        for j in range(acts[i].n_cons):
            after[acts[i].cons[j] >> 2] -= 1
        if capped:
            c_shanten_after_change_caps(after, caps, -1, sh)
        else:
            c_shanten_after_change(after, -1, sh)
        low = 99
        for j in range(34):
            if after[j] and sh[j] < low:
                low = sh[j]
        if low < now:
            x = _index_of(&acts[i], redc)
            if best < 0 or low < bsh or (low == bsh and x < bidx):
                best, bsh, bidx = i, low, x
    return passing if best < 0 else best


cdef int _agent_step(CTable t, const int* agents, uint64_t* rngs, const uint8_t* redc) except -1 nogil:
    """One decision of the acting seat's built-in agent, applied to ``t``."""
    cdef Act buf[MAX_TURN + MAX_OPTS + 1]
    cdef int n, i, seat = -1, choice
    if t.phase_ == P_TURN:
        seat = t.current_
        n = t._turn_actions(seat, buf)
    else:
        for i in range(t.n_order):
            if not t.answered[t.claim_order[i]]:
                seat = t.claim_order[i]
                break
        if seat < 0:
            with gil:
                raise EngineError("internal: a claim without a seat to answer")
        n = t.n_opts[seat]
        for i in range(n):
            buf[i] = t.opts[seat][i]
        _put(buf, n, A_PASS, seat, -1)
        n += 1
    if agents[seat] == AG_TSUMOGIRI:
        choice = _tsumogiri_agent(buf, n, t.drawn_ if t.phase_ == P_TURN else -1)
    elif agents[seat] == AG_GREEDY:
        choice = _greedy_agent(t, seat, buf, n, redc)
    else:
        choice = _random_agent(buf, n, redc, &rngs[seat])
    if t.phase_ == P_TURN:
        t._apply_turn(&buf[choice])
        return 0
    t.answers[seat] = buf[choice]
    t.answered[seat] = True
    for i in range(t.n_order):
        if not t.answered[t.claim_order[i]]:
            return 0
    if t.phase_ == P_CLAIM:
        t._resolve_claims()
    else:
        t._resolve_chankan()
    return 0


cdef inline int _top(const int* scores, int n) noexcept nogil:
    """The first place: the highest score, ties to the lower seat (game.ranks)."""
    cdef int i, top = 0
    for i in range(1, n):
        if scores[i] > scores[top]:
            top = i
    return top


cdef void _ranks(const int* scores, int n, int* out) noexcept nogil:
    cdef int i, j, r
    for i in range(n):
        r = 0
        for j in range(n):
            if scores[j] > scores[i] or (scores[j] == scores[i] and j < i):
                r += 1
        out[i] = r


cdef inline int _thousands(int score) noexcept nogil:
    cdef int a = score if score >= 0 else -score
    cdef int q = (a // 100) // 10, r = (a // 100) % 10
    cdef int m = q + (1 if r >= 5 else 0)
    return m if score >= 0 else -m


cdef bint _game_over(CTable t, int length) noexcept nogil:
    """engine.game.game_over (the dealer stops when allowed) on the C end of the hand."""
    cdef HandEndC* e = &t.endc
    cdef int n = t.n, i, last, final_kyoku = t.n - 1, best = e.n_scores[0], low = e.n_scores[0]
    cdef bint reached
    for i in range(1, n):
        if e.n_scores[i] > best:
            best = e.n_scores[i]
        if e.n_scores[i] < low:
            low = e.n_scores[i]
    if t.tobi and low < 0:
        return True
    if length == 0:
        return True
    last = 0 if length == 1 else 1
    reached = best >= t.return_points
    # dealer_may_stop: agari-yame / tenpai-yame at the last hand
    if t.t_wind >= last and t.t_dealer == final_kyoku and e.repeats and e.kind != END_ABORTIVE \
            and _top(e.n_scores, n) == t.t_dealer and reached:
        return True
    if t.t_wind > last:
        return reached or (t.t_dealer == final_kyoku and not e.repeats)
    if t.t_wind < last or t.t_dealer != final_kyoku:
        return False
    return not e.repeats and reached


cdef int _play_game(CTable t, uint64_t wall_seed, const uint64_t* agent_seeds, const int* agents, int length,
                    const uint8_t* redc, GameC* out, int* log=NULL, int log_size=0) except -1 nogil:
    """One whole game of built-in agents, every hand dealt from seeded_wall(wall_seed, hand).

    ``log`` (if given): per hand, the end kind and the deltas (5 ints), for at most ``log_size`` hands.
    """
    cdef uint64_t rngs[4]
    cdef int n = t.n, i, hand = 0, steps, top
    cdef HandEndC* e = &t.endc
    memset(out, 0, sizeof(GameC))
    t.c_settle = True
    for i in range(4):
        rngs[i] = agent_seeds[i] if i < n else 0
        t.t_scores[i] = t.start_points if i < n else 0
    t.t_dealer = 0
    t.t_wind = 0
    t.t_honba = 0
    t.t_sticks = 0
    while True:
        t._seeded_wall(wall_seed, <uint64_t>hand)
        t._deal()
        steps = 0
        while t.phase_ != P_ENDED:
            _agent_step(t, agents, rngs, redc)
            steps += 1
            if steps > 10000:
                with gil:
                    raise EngineError("internal: a hand did not end")
        if log != NULL and hand < log_size:
            log[5 * hand] = e.kind
            for i in range(4):
                log[5 * hand + 1 + i] = e.deltas[i]
        hand += 1
        for i in range(n):
            if t.seats_[i].riichi_accepted:
                out.riichi[i] += 1
        if e.kind == END_WIN:
            for i in range(e.n_wins):
                out.wins[e.win_seat[i]] += 1
                if e.win_from[i] < 0:
                    out.tsumo[e.win_seat[i]] += 1
                else:
                    out.deal_ins[e.win_from[i]] += 1
        elif e.kind == END_EXHAUSTIVE:
            out.exhaustive += 1
        else:
            out.abortive += 1
        if _game_over(t, length):
            break
        t.t_dealer = e.n_dealer
        t.t_wind = e.n_wind
        t.t_honba = e.n_honba
        t.t_sticks = e.n_sticks
        for i in range(4):
            t.t_scores[i] = e.n_scores[i]
    # final_standing: the sticks left go to the first place; points with uma and oka
    for i in range(n):
        out.scores[i] = e.n_scores[i]
    if e.n_sticks:
        out.scores[_top(out.scores, n)] += 1000 * e.n_sticks
    _ranks(out.scores, n, out.ranks)
    top = _top(out.scores, n)
    steps = 0
    for i in range(n):
        if i != top:
            out.points[i] = _thousands(out.scores[i]) - t.return_points // 1000 + t.uma_[out.ranks[i]]
            steps += out.points[i]
    out.points[top] = -steps
    out.hands = hand
    return 0


def _play_block(CTable t, games, int start, int step, const uint64_t[::1] wall_seeds,
                const uint64_t[:, ::1] agent_seeds, const int[::1] agents, int length, const uint8_t[::1] redc,
                int[:, ::1] scores, int[:, ::1] points, signed char[:, ::1] places, int[::1] hands,
                int[:, ::1] wins, int[:, ::1] tsumo, int[:, ::1] deal_ins, int[:, ::1] riichi,
                int[::1] exhaustive, int[::1] abortive):
    """Play games ``games[start::step]`` on ``t`` without the GIL (one thread's share of a block)."""
    cdef int lo = games.start, hi = games.stop, g, i, n = t.n
    cdef GameC out
    with nogil:
        g = lo + start
        while g < hi:
            _play_game(t, wall_seeds[g], &agent_seeds[g, 0], &agents[0], length, &redc[0], &out)
            for i in range(n):
                scores[g, i] = out.scores[i]
                points[g, i] = out.points[i]
                places[g, i] = out.ranks[i] + 1
                wins[g, i] = out.wins[i]
                tsumo[g, i] = out.tsumo[i]
                deal_ins[g, i] = out.deal_ins[i]
                riichi[g, i] = out.riichi[i]
            hands[g] = out.hands
            exhaustive[g] = out.exhaustive
            abortive[g] = out.abortive
            g += step


def play_games(n_games, agents=None, rules="tenhou", seed=0, length="hanchan", n_threads=1, *, progress=None):
    """Play ``n_games`` whole games of built-in agents in compiled code, on ``n_threads`` threads without the GIL.

    ``agents``: one name per seat, ``"random"``, ``"tsumogiri"`` or ``"greedy"`` (default: every seat
    random): the agents of :mod:`riichi_fast.engine.agents`, compiled, making the same choices.
    Game ``g`` is dealt from ``seeded_wall(game_seed(seed, g), hand)`` and seat ``s``'s agent
    draws from splitmix64 seeded ``agent_seed(seed, g, s)`` (riichi_fast.engine.selfplay), the
    stream of :class:`~riichi_fast.engine.agents.RandomAgent`: the games are those of
    :func:`~riichi_fast.engine.play` with the Python agents, whatever ``n_threads``.  Games run
    without the GIL (walls, agents, yaku checks by the scoring kernel, settlements in C); only a
    win under pao (settled by riichi_fast.settle) or a chankan-on-ankan kokushi question takes it.  Returns a dict of numpy arrays (the fields of
    :class:`~riichi_fast.engine.SelfPlayResult`): ``scores``, ``points``, ``wins``,
    ``tsumo``, ``deal_ins``, ``riichi`` (int32, games x players), ``placements`` (int8, 1 =
    first), ``hands``, ``exhaustive_draws``, ``abortive_draws`` (int32, per game).

    >>> r = play_games(2, ["random"] * 4, "tenhou", seed=1, length="tonpuusen", n_threads=2)
    >>> r["scores"].shape, int(r["points"].sum()), bool((r["hands"] >= 4).all())
    ((2, 4), 0, True)
    """
    import threading

    import numpy as np

    from riichi_fast.engine.selfplay import agent_seed, game_seed

    if type(n_games) is not int or n_games < 0:
        raise ContextError(f"n_games must be an int >= 0, got {n_games!r}")
    if type(seed) is not int:
        raise ContextError(f"seed must be an int, got {type(seed).__name__}")
    if type(n_threads) is not int or n_threads < 1:
        raise ContextError(f"n_threads must be an int >= 1, got {n_threads!r}")
    if length not in LENGTH_NAMES:
        raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTH_NAMES)}")
    tables = [CTable(rules)]
    cdef CTable t0 = tables[0]
    cdef int n = t0.n, i
    if agents is None:
        agents = ("random",) * n
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",")]
    agents = list(agents)
    if len(agents) != n:
        raise ContextError(f"{n} players need {n} agents, got {len(agents)}")
    codes = np.zeros(4, dtype=np.intc)
    for i, a in enumerate(agents):
        if a not in AGENT_NAMES:
            raise ContextError(f"unknown compiled agent {a!r} (seat {i}): expected one of {', '.join(AGENT_NAMES)}")
        codes[i] = AGENT_NAMES.index(a)
    if t0.wareme:
        raise ContextError("play_games does not play Rules.wareme (the wall's break seat changes payments)")
    tables += [CTable(t0.rules) for _ in range(min(n_threads, max(n_games, 1)) - 1)]
    wall_seeds = np.array([game_seed(seed, g) for g in range(n_games)], dtype=np.uint64)
    agent_seeds = np.array([[agent_seed(seed, g, s) if s < n else 0 for s in range(4)] for g in range(n_games)],
                           dtype=np.uint64).reshape(n_games, 4)
    redc = np.array(t0.rules.red_fives, dtype=np.uint8)
    out = {"scores": np.zeros((n_games, n), np.int32), "points": np.zeros((n_games, n), np.int32),
           "placements": np.zeros((n_games, n), np.int8), "hands": np.zeros(n_games, np.int32),
           "wins": np.zeros((n_games, n), np.int32), "tsumo": np.zeros((n_games, n), np.int32),
           "deal_ins": np.zeros((n_games, n), np.int32), "riichi": np.zeros((n_games, n), np.int32),
           "exhaustive_draws": np.zeros(n_games, np.int32), "abortive_draws": np.zeros(n_games, np.int32)}
    code_view = codes
    k = len(tables)
    block = n_games if progress is None else max(k, 8 * k)
    lo = 0
    while lo < n_games:
        games = range(lo, min(lo + block, n_games))
        args = (games, 0, k, wall_seeds, agent_seeds, code_view, LENGTH_NAMES.index(length), redc,
                out["scores"], out["points"], out["placements"], out["hands"], out["wins"], out["tsumo"],
                out["deal_ins"], out["riichi"], out["exhaustive_draws"], out["abortive_draws"])
        if k == 1:
            _play_block(tables[0], *args)
        else:
            errors = []

            def run(j, args=args):
                try:
                    _play_block(tables[j], args[0], j, *args[2:])
                except BaseException as exc:  # re-raised in the calling thread
                    errors.append(exc)

            threads = [threading.Thread(target=run, args=(j,)) for j in range(k)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            if errors:
                raise errors[0]
        if progress is not None:
            progress(len(games))
        lo += len(games)
    return out


def _game_hands(rules, agents, int seed, int game, length="hanchan"):
    """Game ``game`` of play_games(..., seed) hand by hand: ``[(kind, deltas), ...]`` (a test aid)."""
    from riichi_fast.engine.selfplay import agent_seed, game_seed

    cdef CTable t = CTable(rules)
    cdef uint64_t seeds[4]
    cdef int codes[4]
    cdef uint8_t redc[34]
    cdef int log[5 * 256]
    cdef GameC out
    cdef int i
    for i in range(4):
        seeds[i] = agent_seed(seed, game, i) if i < t.n else 0
        codes[i] = AGENT_NAMES.index(agents[i]) if i < t.n else 0
    for i in range(34):
        redc[i] = t.rules.red_fives[i]
    _play_game(t, game_seed(seed, game), seeds, codes, LENGTH_NAMES.index(length), redc, &out, log, 256)
    names = ("win", "exhaustive_draw", "abortive_draw")
    return [(names[log[5 * i]], tuple([log[5 * i + 1 + j] for j in range(t.n)])) for i in range(min(out.hands, 256))]
