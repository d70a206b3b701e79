"""Flat array layouts shared by the scoring kernels (compiled and reference).

This module is the executable form of ``docs/SCORING.md``: every integer code
and array offset the scorer reads or writes, and their one source.  The
compiled modules read them as C enums from ``riichi_fast/rules/_layout.pxd``,
which ``python tools/gen_layout.py`` writes from this file (section titles and
comments included); tests/scoring/test_layout.py fails when it is not current.

Three int arrays cross the kernel boundary:

- the *context* ``ctx`` (int32, :data:`CTX_SIZE` entries, ``CTX_*`` offsets):
  how the hand was won;
- the *rules parameters* ``params`` (int32, :data:`R_SIZE` entries, ``R_*``
  offsets): the rule variants plus per-yaku han tables, built by
  :meth:`riichi_fast.rules.config.Rules.params`;
- the *output* ``out`` (int64, :data:`OUT_SIZE` entries, ``O_*`` offsets).

>>> CTX_SIZE, R_SIZE, OUT_SIZE
(24, 224, 96)
"""

from __future__ import annotations

# ---------------------------------------------------------------------------
# Yaku ids: bit positions in the uint64 yaku mask.  0..51 are Tenhou's ids.
# ---------------------------------------------------------------------------
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
Y_SEAT_WIND_EAST = 10  # seat wind = 10 + seat (0 E, 1 S, 2 W, 3 N)
Y_SEAT_WIND_SOUTH = 11
Y_SEAT_WIND_WEST = 12
Y_SEAT_WIND_NORTH = 13
Y_ROUND_WIND_EAST = 14  # round wind = 14 + round wind
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
# 52-54 are Tenhou's dora / ura-dora / red-five ids: counted separately, never set in the mask.
DORA_ID = 52
URA_ID = 53
AKA_ID = 54
# Yaku Tenhou lacks.
Y_OPEN_RIICHI = 55
Y_DAISHARIN = 56
Y_DAICHISEI = 57
Y_SANRENKOU = 58
Y_SUURENKOU = 59
Y_PAARENCHAN = 60
Y_NAGASHI_MANGAN = 61  # a draw outcome (settlement); the hand scorer never sets it
N_YAKU_IDS = 64

# ---------------------------------------------------------------------------
# Context flags (ctx[CTX_FLAGS])
# ---------------------------------------------------------------------------
F_TSUMO = 1 << 0
F_RIICHI = 1 << 1
F_DOUBLE_RIICHI = 1 << 2  # implies riichi; F_RIICHI may be set too
F_IPPATSU = 1 << 3
F_OPEN_RIICHI = 1 << 4  # with F_RIICHI or F_DOUBLE_RIICHI
F_HAITEI = 1 << 5
F_HOUTEI = 1 << 6
F_RINSHAN = 1 << 7
F_CHANKAN = 1 << 8
F_TENHOU = 1 << 9
F_CHIIHOU = 1 << 10
F_RENHOU = 1 << 11
F_PAARENCHAN = 1 << 12  # this win is the dealer's eighth in a row
F_ALL = (1 << 13) - 1

# ---------------------------------------------------------------------------
# Context layout (int32[CTX_SIZE])
# ---------------------------------------------------------------------------
MAX_INDICATORS = 5
CTX_FLAGS = 0
CTX_SEAT_WIND = 1  # 0 E, 1 S, 2 W, 3 N; dealer <=> seat wind 0
CTX_ROUND_WIND = 2  # 0 E, 1 S, 2 W, 3 N
CTX_N_DORA = 3  # number of dora indicators used (0..5)
CTX_DORA = 4  # CTX_DORA + i, i < 5: indicator kinds (0..33); unused slots 0
CTX_N_URA = 9
CTX_URA = 10  # CTX_URA + i, i < 5
CTX_N_RED = 15  # red tiles in the hand (closed + melds), counted by the Python layer
CTX_N_KITA = 16  # extracted north tiles (3-player nuki-dora)
CTX_HONBA = 17  # counters on the table
CTX_RIICHI_STICKS = 18  # riichi sticks on the table (including this hand's)
CTX_SIZE = 24  # 19..23 reserved, 0

# ---------------------------------------------------------------------------
# Rules parameters (int32[R_SIZE]): scalars then three 64-entry yaku tables
# ---------------------------------------------------------------------------
R_KIRIAGE = 0  # 1: 4-30 and 3-60 are mangan
R_KAZOE = 1  # KAZOE_* below
R_YAKUMAN_STACK = 2  # 1: several yakuman add up; 0: the largest single one counts
R_YAKUMAN_CAP = 3  # maximum total yakuman multiple (>= 1)
R_DOUBLE_WIND_PAIR_FU = 4  # 4 or 2
R_RINSHAN_TSUMO_FU = 5  # 1: a rinshan win gets the 2 tsumo fu
R_RENHOU = 6  # RENHOU_* below
R_FU_OPEN_PINFU = 7  # 1: an open ron with no fu gets +2 (1-30, never 1-20)
R_FU_PINFU_TSUMO = 8  # 1: pinfu tsumo also gets the 2 tsumo fu (not the standard rule)
R_HONBA_RON = 9  # points per counter paid by the discarder (300)
R_HONBA_TSUMO = 10  # points per counter paid by each payer on tsumo (100)
R_N_PLAYERS = 11  # 4 or 3: number of payers on tsumo = n - 1; 3 wraps 1m dora to 9m
R_TWO_HAN_MIN = 12  # 0 off, else counters from which a win needs 2 han without dora
R_DAISHARIN_ALL_SUITS = 13  # 1: daisharin in every suit, 0: pinzu only
R_PAARENCHAN_NEEDS_YAKU = 14  # 1: paarenchan needs another yaku
R_REJECT_IMPOSSIBLE = 15  # 1: what no real table gives is refused (SCORING.md 5.1: copies, chankan, rinshan)
R_TENHOU_ANY_LAST_TILE = 16  # 1: on tenhou any tile may be the last (kokushi 13-sided, junsei, tanki)
R_SCALARS = 32
R_HAN_CLOSED = 32  # R_HAN_CLOSED + id: han of yaku id in a closed hand (0 = not available)
R_HAN_OPEN = 96  # R_HAN_OPEN + id: han in an open hand (0 = not available)
R_YAKUMAN = 160  # R_YAKUMAN + id: yakuman multiple (0 = not a yakuman / not available)
R_SIZE = 224

KAZOE_YAKUMAN = 0  # 13+ han = one yakuman (limit LIMIT_KAZOE_YAKUMAN)
KAZOE_SANBAIMAN = 1  # capped at sanbaiman
KAZOE_MULTIPLE = 2  # no cap: 13 han per yakuman multiple (mahjong's KAZOE_NO_LIMIT)
KAZOE_YONBAIMAN = 3  # WRC 2025: 13+ han = yonbaiman, base 8000, not a yakuman

RENHOU_OFF = 0  # the flag is ignored
RENHOU_MANGAN = 1  # max(mangan, the hand without renhou); renhou does not combine
RENHOU_HAN = 2  # a yaku of R_HAN_CLOSED[36] han (5) that adds to the others (mahjong)
RENHOU_YAKUMAN = 3  # a yakuman (R_YAKUMAN[36] = 1)

# ---------------------------------------------------------------------------
# Status codes (out[O_STATUS]); names in STATUS_NAMES
# ---------------------------------------------------------------------------
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
ST_BAD_INPUT = 24  # defensive: malformed arrays reached the kernel (wrappers raise first)
ST_CHANKAN_WITH_COPY = 25  # chankan, but another copy of the robbed kind is in the hand or an indicator
ST_RINSHAN_WITHOUT_KAN = 26  # rinshan, but the hand has no kan (nor, three players, a kita)

STATUS_NAMES = {
    ST_OK: "ok",
    ST_NOT_COMPLETE: "hand_not_winning",
    ST_NO_YAKU: "no_yaku",
    ST_WIN_TILE_NOT_IN_HAND: "winning_tile_not_in_hand",
    ST_OPEN_HAND_RIICHI: "open_hand_riichi_not_allowed",
    ST_OPEN_HAND_DOUBLE_RIICHI: "open_hand_daburi_not_allowed",
    ST_IPPATSU_WITHOUT_RIICHI: "ippatsu_without_riichi_not_allowed",
    ST_CHANKAN_WITH_TSUMO: "chankan_with_tsumo_not_allowed",
    ST_RINSHAN_WITHOUT_TSUMO: "rinshan_without_tsumo_not_allowed",
    ST_HAITEI_WITHOUT_TSUMO: "haitei_without_tsumo_not_allowed",
    ST_HOUTEI_WITH_TSUMO: "houtei_with_tsumo_not_allowed",
    ST_HAITEI_WITH_RINSHAN: "haitei_with_rinshan_not_allowed",
    ST_HOUTEI_WITH_CHANKAN: "houtei_with_chankan_not_allowed",
    ST_TENHOU_NOT_AS_DEALER: "tenhou_not_as_dealer_not_allowed",
    ST_TENHOU_WITHOUT_TSUMO: "tenhou_without_tsumo_not_allowed",
    ST_TENHOU_WITH_MELD: "tenhou_with_meld_not_allowed",
    ST_CHIIHOU_AS_DEALER: "chiihou_as_dealer_not_allowed",
    ST_CHIIHOU_WITHOUT_TSUMO: "chiihou_without_tsumo_not_allowed",
    ST_CHIIHOU_WITH_MELD: "chiihou_with_meld_not_allowed",
    ST_RENHOU_AS_DEALER: "renhou_as_dealer_not_allowed",
    ST_RENHOU_WITH_TSUMO: "renhou_with_tsumo_not_allowed",
    ST_RENHOU_WITH_MELD: "renhou_with_meld_not_allowed",
    ST_OPEN_RIICHI_WITHOUT_RIICHI: "open_riichi_without_riichi_not_allowed",
    ST_TWO_HAN_MINIMUM: "two_han_minimum",
    ST_BAD_INPUT: "bad_input",
    ST_CHANKAN_WITH_COPY: "chankan_with_another_copy_not_allowed",
    ST_RINSHAN_WITHOUT_KAN: "rinshan_without_kan_not_allowed",
}

# ---------------------------------------------------------------------------
# Limit codes (out[O_LIMIT]); 0-5 equal Tenhou's mjlog ``ten`` third field
# ---------------------------------------------------------------------------
LIMIT_NONE = 0
LIMIT_MANGAN = 1
LIMIT_HANEMAN = 2
LIMIT_BAIMAN = 3
LIMIT_SANBAIMAN = 4
LIMIT_YAKUMAN = 5  # real yakuman; multiple in out[O_YAKUMAN]
LIMIT_KAZOE_YAKUMAN = 6  # 13+ han of ordinary yaku (multiple in out[O_YAKUMAN] under KAZOE_MULTIPLE)
LIMIT_KIRIAGE_MANGAN = 7
LIMIT_YONBAIMAN = 8  # WRC counted 13+ han
LIMIT_NAMES = {
    LIMIT_NONE: "",
    LIMIT_MANGAN: "mangan",
    LIMIT_HANEMAN: "haneman",
    LIMIT_BAIMAN: "baiman",
    LIMIT_SANBAIMAN: "sanbaiman",
    LIMIT_YAKUMAN: "yakuman",
    LIMIT_KAZOE_YAKUMAN: "kazoe yakuman",
    LIMIT_KIRIAGE_MANGAN: "kiriage mangan",
    LIMIT_YONBAIMAN: "yonbaiman",
}

# ---------------------------------------------------------------------------
# Fu reason codes (out[O_FU_LIST + 2*i] = reason, out[O_FU_LIST + 2*i + 1] = fu)
# ---------------------------------------------------------------------------
FU_BASE = 0  # 20
FU_MENZEN_RON = 1  # 10
FU_CHIITOITSU = 2  # 25 (the only entry of a chiitoitsu hand)
FU_OPEN_PON = 3  # 2
FU_OPEN_TERMINAL_PON = 4  # 4
FU_CLOSED_PON = 5  # 4
FU_CLOSED_TERMINAL_PON = 6  # 8
FU_OPEN_KAN = 7  # 8
FU_OPEN_TERMINAL_KAN = 8  # 16
FU_CLOSED_KAN = 9  # 16
FU_CLOSED_TERMINAL_KAN = 10  # 32
FU_PAIR_DRAGON = 11  # 2
FU_PAIR_SEAT_WIND = 12  # 2
FU_PAIR_ROUND_WIND = 13  # 2
FU_PAIR_DOUBLE_WIND = 14  # R_DOUBLE_WIND_PAIR_FU
FU_WAIT_KANCHAN = 15  # 2
FU_WAIT_PENCHAN = 16  # 2
FU_WAIT_TANKI = 17  # 2
FU_TSUMO = 18  # 2
FU_OPEN_PINFU = 19  # 2
FU_NAMES = {
    FU_BASE: "base",
    FU_MENZEN_RON: "menzen_ron",
    FU_CHIITOITSU: "chiitoitsu",
    FU_OPEN_PON: "open_pon",
    FU_OPEN_TERMINAL_PON: "open_terminal_pon",
    FU_CLOSED_PON: "closed_pon",
    FU_CLOSED_TERMINAL_PON: "closed_terminal_pon",
    FU_OPEN_KAN: "open_kan",
    FU_OPEN_TERMINAL_KAN: "open_terminal_kan",
    FU_CLOSED_KAN: "closed_kan",
    FU_CLOSED_TERMINAL_KAN: "closed_terminal_kan",
    FU_PAIR_DRAGON: "dragon_pair",
    FU_PAIR_SEAT_WIND: "seat_wind_pair",
    FU_PAIR_ROUND_WIND: "round_wind_pair",
    FU_PAIR_DOUBLE_WIND: "double_wind_pair",
    FU_WAIT_KANCHAN: "kanchan",
    FU_WAIT_PENCHAN: "penchan",
    FU_WAIT_TANKI: "tanki",
    FU_TSUMO: "tsumo",
    FU_OPEN_PINFU: "open_pinfu",
}
MAX_FU_ITEMS = 12

# ---------------------------------------------------------------------------
# Output layout (int64[OUT_SIZE]).  On any status but ST_OK every slot but
# O_STATUS is 0.
# ---------------------------------------------------------------------------
O_STATUS = 0
O_HAN = 1  # han counted for the limit: yaku han + dora/ura/aka/kita (0 for a yakuman)
O_FU = 2  # rounded fu (25 for chiitoitsu; 0 for kokushi)
O_FU_RAW = 3  # fu before rounding
O_YAKU_MASK = 4  # uint64 mask stored in int64 (bit 63 is never used)
O_YAKUMAN = 5  # total yakuman multiple after stacking and cap (0 if none)
O_DORA = 6  # dora from indicators (kan dora included), kita tiles count as North
O_URA = 7  # ura-dora (0 unless riichi)
O_AKA = 8  # red tiles = ctx[CTX_N_RED]
O_KITA = 9  # ctx[CTX_N_KITA]: one han per extracted north
O_LIMIT = 10  # LIMIT_*
O_BASE = 11  # base points (fu * 2^(2+han), or the limit's)
O_FORM = 12  # Form of the chosen reading
O_PAIR = 13  # pair kind, -1 for chiitoitsu
O_N_SETS = 14  # 4 or 0
O_SET_TYPE = 15  # O_SET_TYPE + i, i < 4: SetType (-1 unused)
O_SET_KIND = 19  # O_SET_KIND + i: kind (lowest for a sequence), -1 unused
O_SET_MELD = 23  # O_SET_MELD + i: meld index or -1
O_SET_CONCEALED = 27  # O_SET_CONCEALED + i: 1 concealed (ron-completed triplet: 0)
O_WIN_SET = 31  # 0-3 set index, 4 pair / chiitoitsu / kokushi
O_WAIT = 32  # WaitShape
O_READING = 33  # index of the chosen reading in decompose() order
O_PAY_RON = 34  # paid by the discarder (hand points only)
O_PAY_TSUMO_DEALER = 35  # non-dealer tsumo: the dealer's share; else 0
O_PAY_TSUMO_OTHER = 36  # tsumo: each non-dealer's share (dealer tsumo: every payer)
O_HONBA_RON = 37  # honba * R_HONBA_RON on ron, else 0
O_HONBA_TSUMO = 38  # honba * R_HONBA_TSUMO per payer on tsumo, else 0
O_STICKS = 39  # 1000 * riichi sticks
O_HAND_POINTS = 40  # winner's gain from the hand alone
O_TOTAL = 41  # O_HAND_POINTS + all honba + O_STICKS
O_FU_N = 42  # number of fu items
O_FU_LIST = 43  # 12 (reason, fu) pairs: O_FU_LIST .. O_FU_LIST + 23
OUT_SIZE = 96  # 67..95 reserved, 0
