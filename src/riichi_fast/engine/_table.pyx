# The compiled twin of the Python Table (riichi_fast/reference/engine/table.py, public as riichi_fast.engine.Table).
#
# The hand state lives in C arrays: per seat the closed 136-ids (presence), the melds, the river
# with its tsumogiri / called flags and the riichi, ippatsu and furiten flags; the wall as arrays
# of live, rinshan and indicator ids with their pointers; the claim state as arrays of candidate
# actions.  Each seat keeps a riichi_fast.analysis._player.PlayerState updated by its nogil ``c_*`` events
# for waits, riichi discards, tenpai and ankan-in-riichi.  Events are recorded as C structs and
# turned into the mjai dicts of Table only when :attr:`CTable.events` is read.  A hand runs without
# the GIL: the wall, the deal, every action, the yaku check of a possible win (the scoring kernel),
# the draws and their settlement are C.  A win's settlement through the Python API takes the GIL
# (riichi_fast.settle makes Table's HandEnd); whole games in C (_games.pyx) settle wins in C.
# A draw's HandEnd is settled in Python only when read.
# The state is declared in _table.pxd; the built-in agents (_agents.pyx) and whole games
# (_games.pyx) drive it in C.
#
# Table is the specification: same phases, same legal actions in the same order, same events,
# same hand ends (tests/engine/test_table_twins.py feeds both the same choices).

from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t
from libc.string cimport memset

from riichi_fast.analysis._player cimport PlayerState
from riichi_fast._types cimport MELD_ANKAN, MELD_CHI, MELD_DAIMINKAN, MELD_PON, MELD_SHOUMINKAN
from riichi_fast.engine._actions cimport (A_ANKAN, A_CHI, A_DAIMINKAN, A_DISCARD, A_KAKAN, A_KITA, A_KYUUSHU,
                                         A_PASS, A_PON, A_RIICHI, A_RON, A_TSUMO, N_ACTIONS, Act, _put,
                                         c_act_from, c_act_to, c_index_of)
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
from riichi_fast.engine.actions import ACTION_TYPES
from riichi_fast.engine.types import Action, EngineError, HandEnd
from riichi_fast.engine.wall import Wall
from riichi_fast.enums import Form, MeldType
from riichi_fast.errors import ContextError, RiichiError, WallError
from riichi_fast.hand import Hand, Meld
from riichi_fast.rules import config as _config
from riichi_fast.scoring.front import score as _score
from riichi_fast.tiles import format_tiles

__all__ = ["CTable"]

cdef tuple _PHASES = ("idle", "turn", "claim", "chankan", "ended")
cdef tuple _ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")


cdef int _RINSHAN4[4]
cdef int _RINSHAN3[8]
for _k, _v in enumerate((1, 0, 3, 2)):
    _RINSHAN4[_k] = _v
for _k, _v in enumerate((1, 0, 3, 2, 5, 4, 7, 6)):
    _RINSHAN3[_k] = _v

cdef uint64_t _YAOCHUU_MASK = _yaochuu_mask()

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
               "options": {seat: [c_act_to(&self.opts[seat][i]) for i in range(self.n_opts[seat])] for seat in order},
               "answers": {seat: c_act_to(&self.answers[seat]) for seat in order if self.answered[seat]}}
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
            return [c_act_to(&buf[i]) for i in range(n)]
        return [c_act_to(&self.opts[seat][i]) for i in range(self.n_opts[seat])] + [Action("pass", seat)]

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
        return c_index_of(a, self.red_c)

    def legal_mask(self, unsigned char[::1] mask not None):
        """Zero ``mask`` (uint8, ``N_ACTIONS`` entries) and set the action-space index of every legal action of the
        first acting seat; returns that seat (-1 when no seat acts: the mask stays all zero).

        The same indices as :func:`riichi_fast.engine.env.index_of` over :meth:`legal_actions`, without
        making Action objects.
        """
        if mask.shape[0] != N_ACTIONS:
            raise EngineError(f"mask: expected {N_ACTIONS} entries, got {mask.shape[0]}")
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
            raise EngineError(f"an action index is an int 0-{N_ACTIONS - 1}, got {i!r}")
        i = i.__index__()
        if not 0 <= i < N_ACTIONS:
            raise EngineError(f"action {i} is out of range 0-{N_ACTIONS - 1}")
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
        self._take(seat, &buf[j])
        return ACTION_TYPES[buf[j].type]

    cdef int _take(self, int seat, Act* a) except -1 nogil:
        """Apply ``seat``'s legal decision ``a``: its turn's action, or its answer to a claim (the claims
        resolve once every claimant has answered)."""
        if self.phase_ == P_TURN:
            return self._apply_turn(a)
        self.answers[seat] = a[0]
        self.answered[seat] = True
        if self._acting_seat() < 0:
            if self.phase_ == P_CLAIM:
                self._resolve_claims()
            else:
                self._resolve_chankan()
        return 0

    def fill_planes(self, int me, float[:, ::1] x not None):
        """Seat ``me``'s observation planes (riichi_fast.engine.encode's layout, ``(59, 34)`` float32) into
        ``x``, zeroed first, straight from the C state: the same values as ``_encode.fill_table`` (and
        encode.py's ``_fill`` of the seat's Observation); tests/engine/test_encode.py compares them."""
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
        c_act_from(action, &a)
        self._take(a.seat, &a)

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


def _copy_key(t):
    return (t >> 2, t % 4 == 0 and (t >> 2) in (4, 13, 22))
