"""Score a winning hand: the pure-Python twin of ``riichi_fast.scoring._score``.

This module is the executable specification of ``docs/SCORING.md``: it reads
the same flat arrays as the compiled kernel (closed counts, meld arrays, the
context and the rules parameters, offsets in :mod:`riichi_fast.rules.layout`)
and writes the same flat output.  It is written to be read: one small
predicate per yaku, grouped by family, each taking the :class:`Option` being
scored; fu as a list of (reason, fu) items; the limits and payments from
:mod:`riichi_fast.rules.payment`.

>>> from riichi_fast.rules.config import DEFAULT
>>> from riichi_fast.rules.context import WinContext
>>> out = [0] * L.OUT_SIZE
>>> closed = _mpsz("111222333m78999p")
>>> score_kernel(closed, b"", b"", 17, WinContext(riichi=True).encode(), DEFAULT.params(), out)
0
>>> out[L.O_HAN], out[L.O_FU], out[L.O_PAY_RON]
(6, 30, 18000)
"""

from __future__ import annotations

from riichi_fast.enums import Form, MeldType, SetType, WaitShape
from riichi_fast.errors import ArrayError
from riichi_fast.reference.analysis.decompose import _mpsz, decompose  # noqa: F401  (_mpsz: doctests)
from riichi_fast.rules import layout as L
from riichi_fast.rules.payment import base_points, payments

__all__ = ["score_batch", "score_kernel"]

N_KINDS = 34
YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s 6z
NORTH = 30
_OPEN_MELDS = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.SHOUMINKAN)
_MELD_TILES = {MeldType.CHI: 3, MeldType.PON: 3, MeldType.DAIMINKAN: 4, MeldType.ANKAN: 4, MeldType.SHOUMINKAN: 4}


# ---------------------------------------------------------------------------
# the option being scored: one reading plus the set the winning tile completed


class Option:
    """One (reading, completed set) option with everything the predicates read."""

    def __init__(self, win_reading, reading_index, hand):
        reading = win_reading.reading
        self.hand = hand
        self.reading = reading
        self.reading_index = reading_index
        self.form = reading.form
        self.pair = reading.pair
        self.sets = reading.sets
        self.pairs = reading.pairs
        self.win_set = win_reading.win_set
        self.wait = win_reading.wait
        self.flags = hand.flags
        self.is_open = hand.is_open
        self.seat = hand.seat
        self.round = hand.round
        self.all34 = hand.all34
        self.sequences = [s.kind for s in reading.sets if s.type == SetType.SEQUENCE]
        self.triplets = [s.kind for s in reading.sets if s.type != SetType.SEQUENCE]  # quads included
        self.quads = [s.kind for s in reading.sets if s.type == SetType.QUAD]
        self.concealed_triplets = [s.kind for s in reading.sets if s.type != SetType.SEQUENCE and s.concealed]

    def flag(self, bit):
        return bool(self.flags & bit)

    def groups(self):
        """Tile kinds of each set and of the pair (regular form)."""
        return [s.kinds() for s in self.sets] + [(self.pair, self.pair)]

    def tiles(self):
        """Kinds present in the hand (closed + melds)."""
        return [k for k in range(N_KINDS) if self.all34[k]]


# ---------------------------------------------------------------------------
# yaku predicates, by family.  Each takes an Option and returns a bool.

# -- riichi and situational --------------------------------------------------


def menzen_tsumo(o):
    return o.flag(L.F_TSUMO) and not o.is_open


def riichi(o):
    return o.flag(L.F_RIICHI) and not o.flag(L.F_DOUBLE_RIICHI)


def double_riichi(o):
    return o.flag(L.F_DOUBLE_RIICHI)


def open_riichi(o):
    return o.flag(L.F_OPEN_RIICHI)


def ippatsu(o):
    return o.flag(L.F_IPPATSU)


def chankan(o):
    return o.flag(L.F_CHANKAN)


def rinshan(o):
    return o.flag(L.F_RINSHAN)


def haitei(o):
    return o.flag(L.F_HAITEI)


def houtei(o):
    return o.flag(L.F_HOUTEI)


def renhou(o):
    return o.flag(L.F_RENHOU)


def tenhou(o):
    return o.flag(L.F_TENHOU)


def chiihou(o):
    return o.flag(L.F_CHIIHOU)


# -- yakuhai -----------------------------------------------------------------


def _has_triplet(o, kind):
    return kind in o.triplets


def haku(o):
    return _has_triplet(o, 31)


def hatsu(o):
    return _has_triplet(o, 32)


def chun(o):
    return _has_triplet(o, 33)


def _seat_wind(wind):
    def seat_wind(o):
        return o.seat == wind and _has_triplet(o, 27 + wind)

    return seat_wind


def _round_wind(wind):
    def round_wind(o):
        return o.round == wind and _has_triplet(o, 27 + wind)

    return round_wind


# -- sequences -----------------------------------------------------------------


def _is_value_pair(o, kind):
    return kind in DRAGONS or kind == 27 + o.seat or kind == 27 + o.round


def pinfu(o):
    return (
        o.form == Form.REGULAR
        and not o.hand.n_melds
        and len(o.sequences) == 4
        and not _is_value_pair(o, o.pair)
        and o.wait == WaitShape.RYANMEN
    )


def _peikou_count(o):
    """Number of disjoint pairs of identical sequences."""
    if o.form != Form.REGULAR or o.is_open:
        return 0
    counts = {}
    for k in o.sequences:
        counts[k] = counts.get(k, 0) + 1
    return sum(c // 2 for c in counts.values())


def iipeikou(o):
    return _peikou_count(o) == 1


def ryanpeikou(o):
    return _peikou_count(o) == 2


def ittsu(o):
    seqs = set(o.sequences)
    return any({s, s + 3, s + 6} <= seqs for s in (0, 9, 18))


def sanshoku_doujun(o):
    seqs = set(o.sequences)
    return any({n, n + 9, n + 18} <= seqs for n in range(7))


# -- triplets ----------------------------------------------------------------


def toitoi(o):
    return o.form == Form.REGULAR and len(o.triplets) == 4


def sanankou(o):
    return o.form == Form.REGULAR and len(o.concealed_triplets) == 3


def sankantsu(o):
    return len(o.quads) == 3


def sanshoku_doukou(o):
    trips = set(o.triplets)
    return any({n, n + 9, n + 18} <= trips for n in range(9))


def shousangen(o):
    return o.form == Form.REGULAR and o.pair in DRAGONS and sum(d in o.triplets for d in DRAGONS) == 2


def _consecutive_triplets(o):
    """Longest run of triplets of consecutive numbers in one suit."""
    trips = {k for k in o.triplets if k < 27}
    best = 0
    for k in trips:
        n = 1
        while k + n in trips and (k + n) // 9 == k // 9:
            n += 1
        best = max(best, n)
    return best


def sanrenkou(o):
    return _consecutive_triplets(o) == 3


def suurenkou(o):
    return _consecutive_triplets(o) == 4


# -- terminals, honors and colours ------------------------------------------


def chiitoitsu(o):
    return o.form == Form.CHIITOITSU


def tanyao(o):
    return not any(k in YAOCHUU for k in o.tiles())


def _outside(o, allow_honors):
    if o.form != Form.REGULAR or not o.sequences:
        return False
    for g in o.groups():
        if not any(k in YAOCHUU for k in g):
            return False
    has_honor = any(k >= 27 for k in o.tiles())
    return has_honor == allow_honors


def chanta(o):
    return _outside(o, True)


def junchan(o):
    return _outside(o, False)


def honroutou(o):
    tiles = o.tiles()
    return (
        o.form != Form.KOKUSHI
        and all(k in YAOCHUU for k in tiles)
        and any(k >= 27 for k in tiles)
        and any(k < 27 for k in tiles)
    )


def _suits(o):
    return {k // 9 for k in o.tiles() if k < 27}


def honitsu(o):
    return len(_suits(o)) == 1 and any(k >= 27 for k in o.tiles())


def chinitsu(o):
    return len(_suits(o)) == 1 and not any(k >= 27 for k in o.tiles())


# -- yakuman -------------------------------------------------------------------


def _tenhou_any(o):
    """Tenhou under R_TENHOU_ANY_LAST_TILE: any tile may be the last one (the best is taken)."""
    return o.flag(L.F_TENHOU) and o.hand.params[L.R_TENHOU_ANY_LAST_TILE] != 0


def kokushi(o):
    return o.form == Form.KOKUSHI and not kokushi_13(o)


def kokushi_13(o):
    return o.form == Form.KOKUSHI and (o.hand.closed34[o.hand.win_kind] == 2 or _tenhou_any(o))


def suuankou(o):
    return len(o.concealed_triplets) == 4 and not suuankou_tanki(o)


def suuankou_tanki(o):
    return len(o.concealed_triplets) == 4 and (o.wait == WaitShape.TANKI or _tenhou_any(o))


def daisangen(o):
    return all(d in o.triplets for d in DRAGONS)


def shousuushii(o):
    return o.form == Form.REGULAR and o.pair in WINDS and sum(w in o.triplets for w in WINDS) == 3


def daisuushii(o):
    return all(w in o.triplets for w in WINDS)


def tsuuiisou(o):
    return all(k >= 27 for k in o.tiles())


def ryuuiisou(o):
    return all(k in GREEN for k in o.tiles())


def chinroutou(o):
    return all(k in TERMINALS for k in o.tiles())


_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _chuuren_suit(o):
    """The suit of a chuuren shape (closed, no meld), else None."""
    if o.hand.n_melds or o.form == Form.KOKUSHI:
        return None
    suits = _suits(o)
    if len(suits) != 1 or any(k >= 27 for k in o.tiles()):
        return None
    suit = suits.pop()
    counts = o.hand.closed34[9 * suit: 9 * suit + 9]
    if all(c >= need for c, need in zip(counts, _CHUUREN)):
        return suit
    return None


def _junsei(o, suit):
    counts = list(o.hand.closed34[9 * suit: 9 * suit + 9])
    counts[o.hand.win_kind - 9 * suit] -= 1
    return tuple(counts) == _CHUUREN


def chuuren(o):
    suit = _chuuren_suit(o)
    return suit is not None and not (_junsei(o, suit) or _tenhou_any(o))


def junsei_chuuren(o):
    suit = _chuuren_suit(o)
    return suit is not None and (_junsei(o, suit) or _tenhou_any(o))


def suukantsu(o):
    return len(o.quads) == 4


def daisharin(o):
    if o.hand.n_melds or o.form == Form.KOKUSHI:
        return False
    suits = (0, 1, 2) if o.hand.params[L.R_DAISHARIN_ALL_SUITS] else (1,)
    for suit in suits:
        want = [0] * N_KINDS
        for n in range(1, 8):
            want[9 * suit + n] = 2
        if list(o.hand.closed34) == want:
            return True
    return False


def daichisei(o):
    return o.form == Form.CHIITOITSU and all(k >= 27 for k in o.pairs)


def paarenchan(o):
    return o.flag(L.F_PAARENCHAN)


#: (yaku id, predicate), in id order; paarenchan is decided last (it may need another yaku)
PREDICATES = [
    (L.Y_MENZEN_TSUMO, menzen_tsumo),
    (L.Y_RIICHI, riichi),
    (L.Y_IPPATSU, ippatsu),
    (L.Y_CHANKAN, chankan),
    (L.Y_RINSHAN, rinshan),
    (L.Y_HAITEI, haitei),
    (L.Y_HOUTEI, houtei),
    (L.Y_PINFU, pinfu),
    (L.Y_TANYAO, tanyao),
    (L.Y_IIPEIKOU, iipeikou),
    *[(L.Y_SEAT_WIND_EAST + w, _seat_wind(w)) for w in range(4)],
    *[(L.Y_ROUND_WIND_EAST + w, _round_wind(w)) for w in range(4)],
    (L.Y_HAKU, haku),
    (L.Y_HATSU, hatsu),
    (L.Y_CHUN, chun),
    (L.Y_DOUBLE_RIICHI, double_riichi),
    (L.Y_CHIITOITSU, chiitoitsu),
    (L.Y_CHANTA, chanta),
    (L.Y_ITTSU, ittsu),
    (L.Y_SANSHOKU_DOUJUN, sanshoku_doujun),
    (L.Y_SANSHOKU_DOUKOU, sanshoku_doukou),
    (L.Y_SANKANTSU, sankantsu),
    (L.Y_TOITOI, toitoi),
    (L.Y_SANANKOU, sanankou),
    (L.Y_SHOUSANGEN, shousangen),
    (L.Y_HONROUTOU, honroutou),
    (L.Y_RYANPEIKOU, ryanpeikou),
    (L.Y_JUNCHAN, junchan),
    (L.Y_HONITSU, honitsu),
    (L.Y_CHINITSU, chinitsu),
    (L.Y_RENHOU, renhou),
    (L.Y_TENHOU, tenhou),
    (L.Y_CHIIHOU, chiihou),
    (L.Y_DAISANGEN, daisangen),
    (L.Y_SUUANKOU, suuankou),
    (L.Y_SUUANKOU_TANKI, suuankou_tanki),
    (L.Y_TSUUIISOU, tsuuiisou),
    (L.Y_RYUUIISOU, ryuuiisou),
    (L.Y_CHINROUTOU, chinroutou),
    (L.Y_CHUUREN, chuuren),
    (L.Y_JUNSEI_CHUUREN, junsei_chuuren),
    (L.Y_KOKUSHI, kokushi),
    (L.Y_KOKUSHI_13, kokushi_13),
    (L.Y_DAISUUSHII, daisuushii),
    (L.Y_SHOUSUUSHII, shousuushii),
    (L.Y_SUUKANTSU, suukantsu),
    (L.Y_OPEN_RIICHI, open_riichi),
    (L.Y_DAISHARIN, daisharin),
    (L.Y_DAICHISEI, daichisei),
    (L.Y_SANRENKOU, sanrenkou),
    (L.Y_SUURENKOU, suurenkou),
]


def _available(hand, yid):
    p = hand.params
    if p[L.R_YAKUMAN + yid] > 0:
        return True
    return (p[L.R_HAN_OPEN + yid] if hand.is_open else p[L.R_HAN_CLOSED + yid]) > 0


def detect_yaku(o) -> int:
    """The yaku mask of an option: detection, availability, exclusions (SCORING.md 5.3)."""
    hand = o.hand
    mask = 0
    for yid, predicate in PREDICATES:
        if predicate(o) and _available(hand, yid):
            mask |= 1 << yid
    if mask >> L.Y_SUURENKOU & 1:
        mask &= ~(1 << L.Y_SANRENKOU)
    if paarenchan(o) and _available(hand, L.Y_PAARENCHAN) and (mask or not hand.params[L.R_PAARENCHAN_NEEDS_YAKU]):
        mask |= 1 << L.Y_PAARENCHAN
    yakuman_bits = 0
    for yid in range(L.N_YAKU_IDS):
        if mask >> yid & 1 and hand.params[L.R_YAKUMAN + yid] > 0:
            yakuman_bits |= 1 << yid
    return yakuman_bits or mask


# ---------------------------------------------------------------------------
# fu (SCORING.md 5.5)


def _set_fu(s):
    yaochuu = s.kind in YAOCHUU
    if s.type == SetType.TRIPLET:
        if s.concealed:
            return (L.FU_CLOSED_TERMINAL_PON, 8) if yaochuu else (L.FU_CLOSED_PON, 4)
        return (L.FU_OPEN_TERMINAL_PON, 4) if yaochuu else (L.FU_OPEN_PON, 2)
    if s.concealed:
        return (L.FU_CLOSED_TERMINAL_KAN, 32) if yaochuu else (L.FU_CLOSED_KAN, 16)
    return (L.FU_OPEN_TERMINAL_KAN, 16) if yaochuu else (L.FU_OPEN_KAN, 8)


def _pair_fu(o):
    p = o.pair
    if p in DRAGONS:
        return (L.FU_PAIR_DRAGON, 2)
    seat, rnd = p == 27 + o.seat, p == 27 + o.round
    if seat and rnd:
        return (L.FU_PAIR_DOUBLE_WIND, int(o.hand.params[L.R_DOUBLE_WIND_PAIR_FU]))
    if seat:
        return (L.FU_PAIR_SEAT_WIND, 2)
    if rnd:
        return (L.FU_PAIR_ROUND_WIND, 2)
    return None


_WAIT_FU = {WaitShape.KANCHAN: L.FU_WAIT_KANCHAN, WaitShape.PENCHAN: L.FU_WAIT_PENCHAN, WaitShape.TANKI: L.FU_WAIT_TANKI}


def fu_items(o, is_pinfu: bool) -> list[tuple[int, int]]:
    """The fu items of an option, in the order of SCORING.md 5.5."""
    if o.form == Form.KOKUSHI:
        return []
    if o.form == Form.CHIITOITSU:
        return [(L.FU_CHIITOITSU, 25)]
    hand = o.hand
    tsumo = o.flag(L.F_TSUMO)
    items = [(L.FU_BASE, 20)]
    if not o.is_open and not tsumo:
        items.append((L.FU_MENZEN_RON, 10))
    items.extend(_set_fu(s) for s in o.sets if s.type != SetType.SEQUENCE)
    pair = _pair_fu(o)
    if pair:
        items.append(pair)
    if o.wait in _WAIT_FU:
        items.append((_WAIT_FU[o.wait], 2))
    if tsumo:
        pinfu_rule = is_pinfu and not hand.params[L.R_FU_PINFU_TSUMO]
        rinshan_rule = o.flag(L.F_RINSHAN) and not hand.params[L.R_RINSHAN_TSUMO_FU]
        if not pinfu_rule and not rinshan_rule:
            items.append((L.FU_TSUMO, 2))
    elif o.is_open and hand.params[L.R_FU_OPEN_PINFU] and sum(f for _, f in items) == 20:
        items.append((L.FU_OPEN_PINFU, 2))
    return items


def round_fu(raw: int, form) -> int:
    """Fu rounded up to 10 (chiitoitsu stays 25)."""
    return raw if form == Form.CHIITOITSU else (raw + 9) // 10 * 10


# ---------------------------------------------------------------------------
# dora


def dora_of(indicator: int, n_players: int = 4) -> int:
    """The dora kind an indicator kind points at.

    >>> dora_of(8), dora_of(30), dora_of(33), dora_of(0, 3)
    (0, 27, 31, 8)
    """
    if indicator < 27:
        if n_players == 3 and indicator in (0, 8):
            return 8 - indicator
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def count_dora(hand, indicators) -> int:
    """Tiles of the hand (kita as North) that the indicators point at."""
    n = 0
    for ind in indicators:
        k = dora_of(ind, hand.params[L.R_N_PLAYERS])
        n += hand.all34[k] + (hand.n_kita if k == NORTH else 0)
    return n


# ---------------------------------------------------------------------------
# one option, fully scored


class Scored:
    """The scoring of one option (fields become the output slots)."""

    def __init__(self, option):
        self.option = option
        self.mask = 0
        self.has_yaku = False
        self.fails_minimum = False
        self.han = 0
        self.fu = 0
        self.fu_raw = 0
        self.fu_items = []
        self.yakuman = 0
        self.dora = self.ura = self.aka = self.kita = 0
        self.limit = L.LIMIT_NONE
        self.base = 0
        self.pay = None

    @property
    def valid(self):
        return self.has_yaku and not self.fails_minimum

    def key(self):
        return (self.pay.hand_points, self.limit == L.LIMIT_YAKUMAN, self.han, self.fu, self.fu_raw)


def _han_of(hand, mask):
    table = L.R_HAN_OPEN if hand.is_open else L.R_HAN_CLOSED
    return sum(int(hand.params[table + y]) for y in range(L.N_YAKU_IDS) if mask >> y & 1)


def _yakuman_multiple(hand, mask):
    mults = [int(hand.params[L.R_YAKUMAN + y]) for y in range(L.N_YAKU_IDS) if mask >> y & 1]
    total = sum(mults) if hand.params[L.R_YAKUMAN_STACK] else max(mults)
    return min(total, int(hand.params[L.R_YAKUMAN_CAP]))


def _value(hand, s, mask):
    """Fill han, dora, limit and base of ``s`` for the yaku mask ``mask``."""
    p = hand.params
    s.mask = mask
    s.has_yaku = mask != 0
    if not s.has_yaku:
        return
    if any(mask >> y & 1 and p[L.R_YAKUMAN + y] > 0 for y in range(L.N_YAKU_IDS)):
        s.yakuman = _yakuman_multiple(hand, mask)
        s.limit, s.base = L.LIMIT_YAKUMAN, 8000 * s.yakuman
        return
    yaku_han = _han_of(hand, mask)
    two_han = p[L.R_TWO_HAN_MIN]
    s.fails_minimum = bool(two_han and hand.honba >= two_han and yaku_han < 2)
    s.dora = count_dora(hand, hand.dora)
    s.ura = count_dora(hand, hand.ura) if hand.flags & (L.F_RIICHI | L.F_DOUBLE_RIICHI) else 0
    s.aka = hand.n_red
    s.kita = hand.n_kita
    s.han = yaku_han + s.dora + s.ura + s.aka + s.kita
    s.base, s.limit = base_points(s.han, s.fu, kiriage=bool(p[L.R_KIRIAGE]), kazoe=int(p[L.R_KAZOE]),
                                  yakuman_cap=int(p[L.R_YAKUMAN_CAP]))
    if s.limit == L.LIMIT_KAZOE_YAKUMAN:
        s.yakuman = s.base // 8000


def _renhou_mangan(hand, s):
    """Renhou as a mangan that does not combine (RENHOU_MANGAN, SCORING.md 5.6)."""
    if s.has_yaku and (s.limit == L.LIMIT_YAKUMAN or s.base >= 2000) and not s.fails_minimum:
        return
    s.mask, s.has_yaku, s.fails_minimum = 1 << L.Y_RENHOU, True, False
    s.han, s.yakuman = 5, 0
    s.dora = s.ura = s.aka = s.kita = 0
    s.limit, s.base = L.LIMIT_MANGAN, 2000


def score_option(option) -> Scored:
    """Yaku, fu, limit and payments of one option."""
    hand = option.hand
    s = Scored(option)
    mask = detect_yaku(option)
    is_pinfu = bool(mask >> L.Y_PINFU & 1) or (pinfu(option) and _available(hand, L.Y_PINFU))
    s.fu_items = fu_items(option, is_pinfu)
    s.fu_raw = sum(f for _, f in s.fu_items)
    s.fu = round_fu(s.fu_raw, option.form)
    _value(hand, s, mask)
    if hand.flags & L.F_RENHOU and hand.params[L.R_RENHOU] == L.RENHOU_MANGAN:
        _renhou_mangan(hand, s)
    p = hand.params
    s.pay = payments(s.base, dealer=hand.seat == 0, tsumo=bool(hand.flags & L.F_TSUMO), honba=hand.honba,
                     sticks=hand.sticks, honba_ron=int(p[L.R_HONBA_RON]), honba_tsumo=int(p[L.R_HONBA_TSUMO]),
                     n_players=int(p[L.R_N_PLAYERS]))
    return s


# ---------------------------------------------------------------------------
# input checks and situation checks (SCORING.md 5.1)


class HandInput:
    """The validated kernel input: counts, melds, context fields, rules."""

    def __init__(self, closed34, meld_types, meld_kinds, win_kind, ctx, params):
        self.closed34 = closed34
        self.meld_types = meld_types
        self.meld_kinds = meld_kinds
        self.n_melds = len(meld_types)
        self.win_kind = win_kind
        self.params = params
        self.flags = int(ctx[L.CTX_FLAGS])
        self.seat = int(ctx[L.CTX_SEAT_WIND])
        self.round = int(ctx[L.CTX_ROUND_WIND])
        self.dora = [int(ctx[L.CTX_DORA + i]) for i in range(int(ctx[L.CTX_N_DORA]))]
        self.ura = [int(ctx[L.CTX_URA + i]) for i in range(int(ctx[L.CTX_N_URA]))]
        self.n_red = int(ctx[L.CTX_N_RED])
        self.n_kita = int(ctx[L.CTX_N_KITA])
        self.honba = int(ctx[L.CTX_HONBA])
        self.sticks = int(ctx[L.CTX_RIICHI_STICKS])
        self.is_open = any(t in _OPEN_MELDS for t in meld_types)
        all34 = list(closed34)
        for t, k in zip(meld_types, meld_kinds):
            if t == MeldType.CHI:
                for j in range(3):
                    all34[k + j] += 1
            else:
                all34[k] += _MELD_TILES[t]
        self.all34 = all34


def _read_input(closed34, meld_types, meld_kinds, win_kind, ctx, params):
    """A HandInput, or None when the arrays are malformed (ST_BAD_INPUT)."""
    closed = [int(c) for c in closed34]
    if len(closed) != N_KINDS or any(not 0 <= c <= 4 for c in closed):
        return None
    types, kinds = [int(t) for t in meld_types], [int(k) for k in meld_kinds]
    n = 0
    while n < len(types) and n < 4 and types[n] != 0:
        n += 1
    if any(t != 0 for t in types[n:]) or len(kinds) < n:
        return None
    types, kinds = types[:n], kinds[:n]
    for t, k in zip(types, kinds):
        if t not in _MELD_TILES or not 0 <= k < N_KINDS:
            return None
        if t == MeldType.CHI and (k >= 27 or k % 9 > 6):
            return None
    if sum(closed) != 14 - 3 * n:
        return None
    if not isinstance(win_kind, int) and not hasattr(win_kind, "__index__"):
        return None
    win_kind = int(win_kind)
    if not 0 <= win_kind < N_KINDS:
        return None
    ctx = [int(x) for x in ctx]
    if len(ctx) < L.CTX_SIZE:
        return None
    if ctx[L.CTX_FLAGS] & ~L.F_ALL or ctx[L.CTX_FLAGS] < 0:
        return None
    if not (0 <= ctx[L.CTX_SEAT_WIND] <= 3 and 0 <= ctx[L.CTX_ROUND_WIND] <= 3):
        return None
    for n_off, base in ((L.CTX_N_DORA, L.CTX_DORA), (L.CTX_N_URA, L.CTX_URA)):
        if not 0 <= ctx[n_off] <= L.MAX_INDICATORS:
            return None
        if any(not 0 <= ctx[base + i] < N_KINDS for i in range(ctx[n_off])):
            return None
    if min(ctx[L.CTX_N_RED], ctx[L.CTX_N_KITA], ctx[L.CTX_HONBA], ctx[L.CTX_RIICHI_STICKS]) < 0:
        return None
    hand = HandInput(closed, types, kinds, win_kind, ctx, [int(x) for x in params])
    if any(c > 4 for c in hand.all34):
        return None
    if hand.params[L.R_REJECT_IMPOSSIBLE] and too_many_copies(hand):
        return None
    return hand


def situation_status(hand) -> int:
    """The first invalid-situation status (SCORING.md 5.1 step 3), or ST_OK."""
    f = hand.flags
    tsumo = bool(f & L.F_TSUMO)
    any_riichi = bool(f & (L.F_RIICHI | L.F_DOUBLE_RIICHI))
    dealer = hand.seat == 0
    checks = (
        (f & L.F_RIICHI and not f & L.F_DOUBLE_RIICHI and hand.is_open, L.ST_OPEN_HAND_RIICHI),
        (f & L.F_DOUBLE_RIICHI and hand.is_open, L.ST_OPEN_HAND_DOUBLE_RIICHI),
        (f & L.F_IPPATSU and not any_riichi, L.ST_IPPATSU_WITHOUT_RIICHI),
        (f & L.F_OPEN_RIICHI and not any_riichi, L.ST_OPEN_RIICHI_WITHOUT_RIICHI),
        (f & L.F_CHANKAN and tsumo, L.ST_CHANKAN_WITH_TSUMO),
        (f & L.F_RINSHAN and not tsumo, L.ST_RINSHAN_WITHOUT_TSUMO),
        (f & L.F_HAITEI and not tsumo, L.ST_HAITEI_WITHOUT_TSUMO),
        (f & L.F_HOUTEI and tsumo, L.ST_HOUTEI_WITH_TSUMO),
        (f & L.F_HAITEI and f & L.F_RINSHAN, L.ST_HAITEI_WITH_RINSHAN),
        (f & L.F_HOUTEI and f & L.F_CHANKAN, L.ST_HOUTEI_WITH_CHANKAN),
        (f & L.F_TENHOU and not dealer, L.ST_TENHOU_NOT_AS_DEALER),
        (f & L.F_TENHOU and not tsumo, L.ST_TENHOU_WITHOUT_TSUMO),
        (f & L.F_TENHOU and hand.n_melds, L.ST_TENHOU_WITH_MELD),
        (f & L.F_CHIIHOU and dealer, L.ST_CHIIHOU_AS_DEALER),
        (f & L.F_CHIIHOU and not tsumo, L.ST_CHIIHOU_WITHOUT_TSUMO),
        (f & L.F_CHIIHOU and hand.n_melds, L.ST_CHIIHOU_WITH_MELD),
        (f & L.F_RENHOU and dealer, L.ST_RENHOU_AS_DEALER),
        (f & L.F_RENHOU and tsumo, L.ST_RENHOU_WITH_TSUMO),
        (f & L.F_RENHOU and hand.n_melds, L.ST_RENHOU_WITH_MELD),
    )
    for failed, status in checks:
        if failed:
            return status
    if hand.params[L.R_REJECT_IMPOSSIBLE]:
        return impossible_status(hand)
    return L.ST_OK


def copies(hand, kind) -> int:
    """Physical copies of ``kind``: the hand (closed + melds), its kita (North) and the indicators."""
    return hand.all34[kind] + (hand.n_kita if kind == NORTH else 0) + hand.dora.count(kind) + hand.ura.count(kind)


def too_many_copies(hand) -> bool:
    """More than four copies of a kind, counting the kita and the dora / ura indicators (5.1 step 1)."""
    return hand.all34[NORTH] + hand.n_kita > 4 or any(copies(hand, k) > 4 for k in hand.dora + hand.ura)


def impossible_status(hand) -> int:
    """Situations no real table gives (SCORING.md 5.1, end of step 3, with R_REJECT_IMPOSSIBLE)."""
    f = hand.flags
    if f & L.F_CHANKAN and copies(hand, hand.win_kind) > 1:
        return L.ST_CHANKAN_WITH_COPY
    kans = (MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN)
    if f & L.F_RINSHAN and hand.n_kita == 0 and not any(t in kans for t in hand.meld_types):
        return L.ST_RINSHAN_WITHOUT_KAN
    return L.ST_OK


# ---------------------------------------------------------------------------
# options and the best choice (SCORING.md 5.2)


def _shape_key(reading):
    return (reading.form, reading.pair, tuple((s.type, s.kind) for s in reading.sets), reading.pairs)


def options_of(hand) -> list[Option]:
    """Every (reading, completed set) option, in decompose order."""
    melds = list(zip(hand.meld_types, hand.meld_kinds))
    counts = bytes(hand.closed34)
    readings = decompose(counts, melds)
    index = {_shape_key(r): i for i, r in enumerate(readings)}
    wins = decompose(counts, melds, win_tile=hand.win_kind, tsumo=bool(hand.flags & L.F_TSUMO))
    return [Option(w, index[_shape_key(w.reading)], hand) for w in wins]


def best_option(scored: list[Scored]) -> Scored | None:
    """The valid option with the highest (points, real yakuman, han, fu, raw fu); the earliest on a tie."""
    best = None
    for s in scored:
        if s.valid and (best is None or s.key() > best.key()):
            best = s
    return best


# ---------------------------------------------------------------------------
# output


def _write(out, s: Scored):
    o = s.option
    out[L.O_STATUS] = L.ST_OK
    out[L.O_HAN] = s.han
    out[L.O_FU] = s.fu
    out[L.O_FU_RAW] = s.fu_raw
    out[L.O_YAKU_MASK] = s.mask
    out[L.O_YAKUMAN] = s.yakuman
    out[L.O_DORA], out[L.O_URA], out[L.O_AKA], out[L.O_KITA] = s.dora, s.ura, s.aka, s.kita
    out[L.O_LIMIT] = s.limit
    out[L.O_BASE] = s.base
    out[L.O_FORM] = int(o.form)
    out[L.O_PAIR] = -1 if o.pair is None else o.pair
    out[L.O_N_SETS] = len(o.sets)
    for i in range(4):
        if i < len(o.sets):
            st = o.sets[i]
            out[L.O_SET_TYPE + i] = int(st.type)
            out[L.O_SET_KIND + i] = st.kind
            out[L.O_SET_MELD + i] = -1 if st.meld is None else st.meld
            out[L.O_SET_CONCEALED + i] = int(st.concealed)
        else:
            out[L.O_SET_TYPE + i] = out[L.O_SET_KIND + i] = out[L.O_SET_MELD + i] = -1
            out[L.O_SET_CONCEALED + i] = 0
    out[L.O_WIN_SET] = o.win_set
    out[L.O_WAIT] = int(o.wait)
    out[L.O_READING] = o.reading_index
    pay = s.pay
    out[L.O_PAY_RON] = pay.ron
    out[L.O_PAY_TSUMO_DEALER] = pay.tsumo_dealer
    out[L.O_PAY_TSUMO_OTHER] = pay.tsumo_other
    out[L.O_HONBA_RON] = pay.honba_ron
    out[L.O_HONBA_TSUMO] = pay.honba_tsumo
    out[L.O_STICKS] = pay.sticks
    out[L.O_HAND_POINTS] = pay.hand_points
    out[L.O_TOTAL] = pay.total
    out[L.O_FU_N] = len(s.fu_items)
    for i, (reason, fu) in enumerate(s.fu_items):
        out[L.O_FU_LIST + 2 * i] = reason
        out[L.O_FU_LIST + 2 * i + 1] = fu


def _check_array(obj, n, formats, writable, name, at_most=False):
    """Raise ArrayError unless ``obj`` is a 1-d C-contiguous buffer (or a list) of ``n`` items of ``formats``.

    Mirrors the checks of the compiled wrapper: numpy arrays, bytes and other
    buffers are checked for item type, layout and writability; lists and
    tuples only for their length.
    """
    if isinstance(obj, (list, tuple)):
        size = len(obj)
    else:
        try:
            view = memoryview(obj)
        except TypeError:
            raise ArrayError(f"{name}: expected a C-contiguous array, got {type(obj).__name__}") from None
        fmt = view.format[-1:] if view.format else "B"
        if fmt not in formats or view.ndim > 1 or not view.c_contiguous:
            raise ArrayError(f"{name}: expected a 1-d C-contiguous array of {formats!r}, got format "
                             f"{view.format!r}, {view.ndim} dimension(s)")
        if writable and view.readonly:
            raise ArrayError(f"{name}: the output array is read-only")
        size = view.shape[0] if view.ndim else 1
    if size > n or (size < n and not at_most):
        raise ArrayError(f"{name}: expected {'at most ' if at_most else ''}{n} items, got {size}")


def score_kernel(closed34, meld_types, meld_kinds, win_kind, ctx, params, out) -> int:
    """Score one hand into ``out`` (int64[OUT_SIZE]) and return the status (docs/SCORING.md).

    ``closed34``: closed counts with the winning tile; ``meld_types`` /
    ``meld_kinds``: up to 4 melds (0 = none); ``win_kind``: the winning kind;
    ``ctx``: the int32 context (:meth:`WinContext.encode`); ``params``: the
    int32 rules array (:meth:`Rules.params`).

    >>> from riichi_fast.rules.config import DEFAULT
    >>> from riichi_fast.rules.context import WinContext
    >>> out = [0] * L.OUT_SIZE
    >>> score_kernel(_mpsz("234567m234p55678s"), b"", b"", 25, WinContext(tsumo=True, seat_wind=1).encode(), DEFAULT.params(), out)
    0
    >>> out[L.O_HAN], out[L.O_FU], out[L.O_PAY_TSUMO_DEALER], out[L.O_PAY_TSUMO_OTHER]
    (3, 20, 1300, 700)
    """
    _check_array(closed34, N_KINDS, "B", False, "closed34")
    # up to 16 meld slots are accepted; slots past the 4th must be 0 (else ST_BAD_INPUT)
    _check_array(meld_types, 16, "B", False, "meld_types", at_most=True)
    _check_array(meld_kinds, 16, "B", False, "meld_kinds", at_most=True)
    _check_array(ctx, L.CTX_SIZE, "i", False, "ctx")
    _check_array(params, L.R_SIZE, "i", False, "params")
    _check_array(out, L.OUT_SIZE, "lq", True, "out")
    for i in range(L.OUT_SIZE):
        out[i] = 0
    hand = _read_input(closed34, meld_types, meld_kinds, win_kind, ctx, params)
    status = _score_into(hand, out)
    out[L.O_STATUS] = status
    return status


def _score_into(hand, out) -> int:
    if hand is None:
        return L.ST_BAD_INPUT
    if hand.closed34[hand.win_kind] == 0:
        return L.ST_WIN_TILE_NOT_IN_HAND
    status = situation_status(hand)
    if status != L.ST_OK:
        return status
    options = options_of(hand)
    if not options:
        return L.ST_NOT_COMPLETE
    scored = [score_option(o) for o in options]
    best = best_option(scored)
    if best is None:
        return L.ST_TWO_HAN_MINIMUM if any(s.has_yaku for s in scored) else L.ST_NO_YAKU
    _write(out, best)
    return L.ST_OK


def score_batch(closed, melds, win_kind, ctx, params, *, n_threads=1, out=None):
    """Score N hands (docs/SCORING.md section 1): returns ``out``, int64 (N, OUT_SIZE).

    ``closed`` (N, 34) uint8, ``melds`` (N, 4) uint16 codes ``(type << 8) | kind``,
    ``win_kind`` (N,), ``ctx`` (N, CTX_SIZE) int32, ``params`` the rules array.
    A malformed row gets ``ST_BAD_INPUT``; ``n_threads`` is accepted for parity.

    >>> import numpy as np
    >>> from riichi_fast.rules.config import DEFAULT
    >>> from riichi_fast.rules.context import WinContext
    >>> closed = np.frombuffer(_mpsz("234567m234p55678s"), dtype=np.uint8).reshape(1, 34)
    >>> res = score_batch(closed, np.zeros((1, 4), np.uint16), np.array([25]), WinContext(seat_wind=1).encode().reshape(1, -1), DEFAULT.params())
    >>> int(res[0, L.O_STATUS]), int(res[0, L.O_PAY_RON])
    (0, 2000)
    """
    import numpy as np

    closed = np.asarray(closed)
    n = closed.shape[0]
    if out is None:
        out = np.zeros((n, L.OUT_SIZE), dtype=np.int64)
    row = [0] * L.OUT_SIZE
    for i in range(n):
        codes = [int(c) for c in melds[i]]
        types = [c >> 8 for c in codes]
        kinds = [c & 0xFF for c in codes]
        score_kernel(closed[i], types, kinds, int(win_kind[i]), ctx[i], params, row)
        out[i, :] = row
    return out
