# Scoring kernel: the best (reading, win set) of a winning hand, its yaku mask,
# fu, limit and payments.  Contract: docs/SCORING.md; every constant below
# mirrors riichi_fast.rules.layout (tests/test_score_parity.py checks them).

from libc.stdint cimport uint8_t, int32_t, int64_t, uint64_t

from riichi_fast._types cimport count_t

cdef enum:
    N_YAKU_IDS = 64
    # yaku ids (bit positions of the uint64 mask), 0..51 = Tenhou ids
    Y_MENZEN_TSUMO = 0
    Y_RIICHI = 1
    Y_IPPATSU = 2
    Y_CHANKAN = 3
    Y_RINSHAN = 4
    Y_HAITEI = 5
    Y_HOUTEI = 6
    Y_PINFU = 7
    Y_TANYAO = 8
    Y_IIPEIKOU = 9
    Y_SEAT_WIND_EAST = 10         # 10 + seat wind
    Y_SEAT_WIND_SOUTH = 11
    Y_SEAT_WIND_WEST = 12
    Y_SEAT_WIND_NORTH = 13
    Y_ROUND_WIND_EAST = 14        # 14 + round wind
    Y_ROUND_WIND_SOUTH = 15
    Y_ROUND_WIND_WEST = 16
    Y_ROUND_WIND_NORTH = 17
    Y_HAKU = 18
    Y_HATSU = 19
    Y_CHUN = 20
    Y_DOUBLE_RIICHI = 21
    Y_CHIITOITSU = 22
    Y_CHANTA = 23
    Y_ITTSU = 24
    Y_SANSHOKU_DOUJUN = 25
    Y_SANSHOKU_DOUKOU = 26
    Y_SANKANTSU = 27
    Y_TOITOI = 28
    Y_SANANKOU = 29
    Y_SHOUSANGEN = 30
    Y_HONROUTOU = 31
    Y_RYANPEIKOU = 32
    Y_JUNCHAN = 33
    Y_HONITSU = 34
    Y_CHINITSU = 35
    Y_RENHOU = 36
    Y_TENHOU = 37
    Y_CHIIHOU = 38
    Y_DAISANGEN = 39
    Y_SUUANKOU = 40
    Y_SUUANKOU_TANKI = 41
    Y_TSUUIISOU = 42
    Y_RYUUIISOU = 43
    Y_CHINROUTOU = 44
    Y_CHUUREN = 45
    Y_JUNSEI_CHUUREN = 46
    Y_KOKUSHI = 47
    Y_KOKUSHI_13 = 48
    Y_DAISUUSHII = 49
    Y_SHOUSUUSHII = 50
    Y_SUUKANTSU = 51
    Y_OPEN_RIICHI = 55
    Y_DAISHARIN = 56
    Y_DAICHISEI = 57
    Y_SANRENKOU = 58
    Y_SUURENKOU = 59
    Y_PAARENCHAN = 60
    Y_NAGASHI_MANGAN = 61

cdef enum:
    # context flags
    F_TSUMO = 1
    F_RIICHI = 2
    F_DOUBLE_RIICHI = 4
    F_IPPATSU = 8
    F_OPEN_RIICHI = 16
    F_HAITEI = 32
    F_HOUTEI = 64
    F_RINSHAN = 128
    F_CHANKAN = 256
    F_TENHOU = 512
    F_CHIIHOU = 1024
    F_RENHOU = 2048
    F_PAARENCHAN = 4096
    F_ALL = 8191

cdef enum:
    # context layout (int32[CTX_SIZE])
    MAX_INDICATORS = 5
    CTX_FLAGS = 0
    CTX_SEAT_WIND = 1
    CTX_ROUND_WIND = 2
    CTX_N_DORA = 3
    CTX_DORA = 4
    CTX_N_URA = 9
    CTX_URA = 10
    CTX_N_RED = 15
    CTX_N_KITA = 16
    CTX_HONBA = 17
    CTX_RIICHI_STICKS = 18
    CTX_SIZE = 24

cdef enum:
    # rules parameters (int32[R_SIZE])
    R_KIRIAGE = 0
    R_KAZOE = 1
    R_YAKUMAN_STACK = 2
    R_YAKUMAN_CAP = 3
    R_DOUBLE_WIND_PAIR_FU = 4
    R_RINSHAN_TSUMO_FU = 5
    R_RENHOU = 6
    R_FU_OPEN_PINFU = 7
    R_FU_PINFU_TSUMO = 8
    R_HONBA_RON = 9
    R_HONBA_TSUMO = 10
    R_N_PLAYERS = 11
    R_TWO_HAN_MIN = 12
    R_DAISHARIN_ALL_SUITS = 13
    R_PAARENCHAN_NEEDS_YAKU = 14
    R_REJECT_IMPOSSIBLE = 15
    R_TENHOU_ANY_LAST_TILE = 16
    R_SCALARS = 32
    R_HAN_CLOSED = 32
    R_HAN_OPEN = 96
    R_YAKUMAN = 160
    R_SIZE = 224
    KAZOE_YAKUMAN = 0
    KAZOE_SANBAIMAN = 1
    KAZOE_MULTIPLE = 2
    KAZOE_YONBAIMAN = 3
    RENHOU_OFF = 0
    RENHOU_MANGAN = 1
    RENHOU_HAN = 2
    RENHOU_YAKUMAN = 3

cdef enum:
    # status codes (out[O_STATUS])
    ST_OK = 0
    ST_NOT_COMPLETE = 1
    ST_NO_YAKU = 2
    ST_WIN_TILE_NOT_IN_HAND = 3
    ST_OPEN_HAND_RIICHI = 4
    ST_OPEN_HAND_DOUBLE_RIICHI = 5
    ST_IPPATSU_WITHOUT_RIICHI = 6
    ST_CHANKAN_WITH_TSUMO = 7
    ST_RINSHAN_WITHOUT_TSUMO = 8
    ST_HAITEI_WITHOUT_TSUMO = 9
    ST_HOUTEI_WITH_TSUMO = 10
    ST_HAITEI_WITH_RINSHAN = 11
    ST_HOUTEI_WITH_CHANKAN = 12
    ST_TENHOU_NOT_AS_DEALER = 13
    ST_TENHOU_WITHOUT_TSUMO = 14
    ST_TENHOU_WITH_MELD = 15
    ST_CHIIHOU_AS_DEALER = 16
    ST_CHIIHOU_WITHOUT_TSUMO = 17
    ST_CHIIHOU_WITH_MELD = 18
    ST_RENHOU_AS_DEALER = 19
    ST_RENHOU_WITH_TSUMO = 20
    ST_RENHOU_WITH_MELD = 21
    ST_OPEN_RIICHI_WITHOUT_RIICHI = 22
    ST_TWO_HAN_MINIMUM = 23
    ST_BAD_INPUT = 24
    ST_CHANKAN_WITH_COPY = 25
    ST_RINSHAN_WITHOUT_KAN = 26

cdef enum:
    # limits (out[O_LIMIT])
    LIMIT_NONE = 0
    LIMIT_MANGAN = 1
    LIMIT_HANEMAN = 2
    LIMIT_BAIMAN = 3
    LIMIT_SANBAIMAN = 4
    LIMIT_YAKUMAN = 5
    LIMIT_KAZOE_YAKUMAN = 6
    LIMIT_KIRIAGE_MANGAN = 7
    LIMIT_YONBAIMAN = 8

cdef enum:
    # fu reasons
    FU_BASE = 0
    FU_MENZEN_RON = 1
    FU_CHIITOITSU = 2
    FU_OPEN_PON = 3
    FU_OPEN_TERMINAL_PON = 4
    FU_CLOSED_PON = 5
    FU_CLOSED_TERMINAL_PON = 6
    FU_OPEN_KAN = 7
    FU_OPEN_TERMINAL_KAN = 8
    FU_CLOSED_KAN = 9
    FU_CLOSED_TERMINAL_KAN = 10
    FU_PAIR_DRAGON = 11
    FU_PAIR_SEAT_WIND = 12
    FU_PAIR_ROUND_WIND = 13
    FU_PAIR_DOUBLE_WIND = 14
    FU_WAIT_KANCHAN = 15
    FU_WAIT_PENCHAN = 16
    FU_WAIT_TANKI = 17
    FU_TSUMO = 18
    FU_OPEN_PINFU = 19
    MAX_FU_ITEMS = 12

cdef enum:
    # output layout (int64[OUT_SIZE])
    O_STATUS = 0
    O_HAN = 1
    O_FU = 2
    O_FU_RAW = 3
    O_YAKU_MASK = 4
    O_YAKUMAN = 5
    O_DORA = 6
    O_URA = 7
    O_AKA = 8
    O_KITA = 9
    O_LIMIT = 10
    O_BASE = 11
    O_FORM = 12
    O_PAIR = 13
    O_N_SETS = 14
    O_SET_TYPE = 15
    O_SET_KIND = 19
    O_SET_MELD = 23
    O_SET_CONCEALED = 27
    O_WIN_SET = 31
    O_WAIT = 32
    O_READING = 33
    O_PAY_RON = 34
    O_PAY_TSUMO_DEALER = 35
    O_PAY_TSUMO_OTHER = 36
    O_HONBA_RON = 37
    O_HONBA_TSUMO = 38
    O_STICKS = 39
    O_HAND_POINTS = 40
    O_TOTAL = 41
    O_FU_N = 42
    O_FU_LIST = 43
    OUT_SIZE = 96


# The rules parameters digested once (c_digest_rules): what c_score_hand would
# re-derive from ``params`` on every call.  ``p`` points at the params array:
# the digest is valid only while that array lives and does not change.
cdef struct RulesC:
    const int32_t* p
    uint64_t avail_closed      # ids with han (closed) > 0 or a yakuman multiple > 0
    uint64_t avail_open
    uint64_t yakuman           # ids with a yakuman multiple > 0


# Digest ``params`` (R_SIZE rules parameters) into ``rc`` (fully overwritten).
cdef void c_digest_rules(const int32_t* params, RulesC* rc) noexcept nogil


# c_score_hand with the rules already digested (the same answer, without the
# per-call digest): for callers that keep one digest per rules object.
cdef int c_score_hand_digested(const count_t* closed, const uint8_t* meld_types,
                               const uint8_t* meld_kinds, int win_kind, const int32_t* ctx,
                               const RulesC* rules, int64_t* out) noexcept nogil


# Score one winning hand (docs/SCORING.md section 5) into ``out`` (fully
# overwritten) and return out[O_STATUS].  Never fails: malformed input gives
# ST_BAD_INPUT.  No allocation; every buffer lives on the stack.
cdef int c_score_hand(const count_t* closed,        # IN  34 closed counts, win tile included
                      const uint8_t* meld_types,    # IN  4 MELD_* codes, 0 = none (slots from 0)
                      const uint8_t* meld_kinds,    # IN  4 kinds (lowest for a chi)
                      int win_kind,                 # IN  0..33
                      const int32_t* ctx,           # IN  CTX_SIZE context
                      const int32_t* params,        # IN  R_SIZE rules parameters
                      int64_t* out) noexcept nogil  # OUT OUT_SIZE result
