"""Rule variants (RULES.md) as one frozen, hashable, picklable object, and the presets.

A :class:`Rules` holds every variant RULES.md names.  Its :meth:`Rules.params`
turns the fields that matter for scoring into the flat int32 array the scoring
kernels read (``docs/SCORING.md`` section 4).  The presets are module-level
instances; each cites its source (tags of ``PRESETS.md``) next to it.

>>> TENHOU.double_yakuman, WRC.kiriage, Rules.preset("ema").kazoe
(False, True, 'sanbaiman')
>>> DEFAULT.replace(kiriage=True).kiriage
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from riichi_fast.errors import ContextError
from riichi_fast.rules import layout as L
from riichi_fast.rules.yaku import YAKU
from riichi_fast.tiles import KIND_NAMES, red_counts

__all__ = [
    "ABORTIVE_DRAWS",
    "DEFAULT",
    "EMA",
    "MAHJONG_LIB",
    "MAJSOUL",
    "MAJSOUL_3P",
    "MLEAGUE",
    "PRESETS",
    "TENHOU",
    "TENHOU_3P",
    "WRC",
    "Rules",
]

#: names of the abortive draws (RULES.md section 7); ``triple_ron_aborts`` is separate
ABORTIVE_DRAWS = frozenset({"kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi"})

_KAZOE = {"yakuman": L.KAZOE_YAKUMAN, "sanbaiman": L.KAZOE_SANBAIMAN, "multiple": L.KAZOE_MULTIPLE,
          "yonbaiman": L.KAZOE_YONBAIMAN}
_RENHOU = {"off": L.RENHOU_OFF, "mangan": L.RENHOU_MANGAN, "han": L.RENHOU_HAN, "yakuman": L.RENHOU_YAKUMAN}
_CHOICES = {
    "kazoe": tuple(_KAZOE),
    "renhou": tuple(_RENHOU),
    "multiple_ron": ("allowed", "head_bump"),
    "multiple_ron_counters": ("all", "nearest"),
    "multiple_ron_sticks": ("nearest", "own_back"),
    "pao_honba": ("liable", "discarder"),
    "pao_scope": ("whole", "pao_yakuman"),
    "ankan_after_riichi": ("waits", "waits_and_reading", "never"),
    "chombo": ("reversed_mangan", "penalty"),
}
_PAO_YAKUMAN = frozenset({"daisangen", "daisuushii", "suukantsu"})


def is_flag(value) -> bool:
    """A yes/no setting: a bool (numpy's too) or 0/1; not an array, whose truth is ambiguous."""
    return isinstance(value, (bool, np.bool_)) or (not isinstance(value, np.ndarray) and value in (0, 1))


@dataclass(frozen=True)
class Rules:
    """Every rule variant of RULES.md; frozen, hashable, picklable.

    >>> r = Rules(red_fives={"5p": 2}, open_tanyao=False)
    >>> r.red_counts[13], r.open_tanyao
    (2, False)
    >>> r == Rules(red_fives={"5p": 2}, open_tanyao=False) and hash(r) == hash(Rules(red_fives={"5p": 2}, open_tanyao=False))
    True
    """

    #: red copies per kind, a 34-tuple (accepts an int per suit, a mapping like {"5p": 2}, 34 counts)
    red_fives: tuple = None  # type: ignore[assignment]
    #: tanyao counts in an open hand (kuitan)
    open_tanyao: bool = True
    #: 4 han 30 fu and 3 han 60 fu are paid as mangan
    kiriage: bool = False
    #: 13+ han of ordinary yaku and dora: "yakuman", "sanbaiman" (cap), "multiple" (13 han per yakuman), "yonbaiman" (WRC)
    kazoe: str = "yakuman"
    #: kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count double
    double_yakuman: bool = True
    #: several yakuman in one hand add up (else the largest single one counts)
    yakuman_stack: bool = True
    #: largest total yakuman multiple paid
    yakuman_cap: int = 6
    #: fu of a pair of a wind that is both seat and round wind (4 or 2)
    double_wind_pair_fu: int = 4
    #: a rinshan win gets the 2 tsumo fu
    rinshan_tsumo_fu: bool = True
    #: renhou: "off", "mangan" (max(mangan, the hand without it)), "han" (a yaku of renhou_han han), "yakuman"
    renhou: str = "mangan"
    #: han of renhou when renhou == "han"
    renhou_han: int = 5
    #: a wait on a kind whose four copies the player holds still counts as tenpai
    karaten_counts: bool = False
    #: the tiles of the player's own melds (and kita) count among the copies he holds: a wait whose
    #: other copies are all in his melds is dead, and shanten counts no hand needing them (ukeire
    #: never counts them as unseen either way); False: only the closed tiles count, so a wait on the
    #: tile of his own kan or pon stays tenpai (Tenhou [KT-RW†][KT-MJN†], Mahjong Soul [KT-RW†])
    own_melds_held: bool = True
    #: nagashi mangan is played (an exhaustive-draw outcome paid as a mangan tsumo)
    nagashi_mangan: bool = True
    #: which abortive draws are played (subset of ABORTIVE_DRAWS)
    abortive_draws: frozenset = ABORTIVE_DRAWS
    #: an abortive draw adds a counter
    abortive_draw_adds_counter: bool = False
    #: multiple ron: "allowed" (each winner is paid) or "head_bump" (only the nearest winner wins)
    multiple_ron: str = "allowed"
    #: counters on a multiple ron go to "all" winners or the "nearest" only
    multiple_ron_counters: str = "all"
    #: riichi sticks on a multiple ron: "nearest" winner takes all, or "own_back" (EMA: each riichi winner takes back his own)
    multiple_ron_sticks: str = "nearest"
    #: three players winning on one discard abort the hand (sanchahou)
    triple_ron_aborts: bool = False
    #: payments to or from the player at the wall break are doubled
    wareme: bool = False
    #: yakuman with responsibility payment (subset of daisangen, daisuushii, suukantsu)
    pao: frozenset = frozenset({"daisangen", "daisuushii"})
    #: who pays the counters of a pao hand: the "liable" player or the "discarder"
    pao_honba: str = "liable"
    #: what the liable player covers: the "whole" hand (composite yakuman included) or only the "pao_yakuman" part
    pao_scope: str = "whole"
    #: from this many counters a win needs 2 han without dora (0 = never)
    two_han_minimum_from_counters: int = 0
    #: points per counter paid to the winner (100 per payer on tsumo); unset: 300 with four
    #: players, 200 with three (see _THREE_PLAYER_DEFAULTS)
    honba_value: int = None  # type: ignore[assignment]
    #: tiles that must be left in the live wall to declare riichi
    riichi_min_tiles: int = 4
    #: points a player needs to declare riichi
    riichi_min_points: int = 1000
    #: ankan after riichi allowed if it changes neither the "waits", nor "waits_and_reading", or "never"
    ankan_after_riichi: str = "waits_and_reading"
    #: kokushi may rob an ankan (chankan)
    kokushi_chankan_ankan: bool = True
    #: ippatsu is a yaku
    ippatsu: bool = True
    #: ura-dora are counted (for riichi winners)
    ura_dora: bool = True
    #: kan-dora indicators are turned
    kan_dora: bool = True
    #: open riichi is played (+1 han over riichi)
    open_riichi: bool = False
    #: daisharin (22334455667788 of pinzu) is a yakuman
    daisharin: bool = False
    #: daisharin in the other suits too (implies daisharin)
    daisharin_all_suits: bool = False
    #: daichisei (seven pairs of honors) is a yakuman (stacks with tsuuiisou)
    daichisei: bool = False
    #: sanrenkou (three consecutive triplets of one suit, 2 han, 3 closed)
    sanrenkou: bool = False
    #: suurenkou (four consecutive triplets of one suit) is a yakuman
    suurenkou: bool = False
    #: paarenchan (the dealer's eighth win in a row) is a yakuman
    paarenchan: bool = False
    #: paarenchan needs another yaku
    paarenchan_needs_yaku: bool = True
    #: an open hand with no fu won by ron gets 2 fu (1-30, never 1-20); the mahjong package flag
    fu_for_open_pinfu: bool = True
    #: pinfu tsumo also gets the 2 tsumo fu (not the standard rule); the mahjong package flag
    fu_for_pinfu_tsumo: bool = False
    #: players at the table (3 = sanma: tsumo paid by two, 1m indicator gives 9m)
    n_players: int = 4
    #: noten payments in all at an exhaustive draw; unset: 3000 with four players, 2000 with three
    noten_payment: int = None  # type: ignore[assignment]
    #: chombo: "reversed_mangan" payments or a placement "penalty" of chombo_penalty points
    chombo: str = "reversed_mangan"
    #: placement penalty of a chombo when chombo == "penalty"
    chombo_penalty: int = 20000
    #: after a chombo the riichi sticks staked in that hand go back to their owners (else they stay on the table)
    chombo_returns_sticks: bool = False
    #: starting points
    start_points: int = 25000
    #: return points (target for the oka)
    return_points: int = 30000
    #: uma by rank, in thousands of points
    uma: tuple = (20, 10, -10, -20)
    #: a player below 0 points ends the game (tobi)
    tobi: bool = True
    #: refuse what no real table gives (docs/SCORING.md 5.1): more than four copies of a tile
    #: counting the dora / ura indicators and kita, chankan with another copy of the robbed tile,
    #: rinshan without a kan (or kita); the ``mahjong`` package scores them (``mahjong_lib``: off)
    reject_impossible: bool = True
    #: on a dealer's tenhou any of the 14 tiles may be the last one, so kokushi, chuuren and
    #: suuankou count as their 13-sided / nine-sided / tanki double forms (Mahjong Soul [MSW])
    tenhou_any_last_tile: bool = False

    def __post_init__(self):
        # Fields whose default depends on the player count: None = "the default for this table",
        # remembered (not a field) so that replace(n_players=...) picks the other table's value.
        unset = []
        three_players = isinstance(self.n_players, (int, np.integer)) and self.n_players == 3
        for name, (four, three) in _PLAYER_COUNT_DEFAULTS.items():
            if getattr(self, name) is None:
                unset.append(name)
                object.__setattr__(self, name, three if three_players else four)
        self.__dict__["_unset"] = tuple(unset)
        for name, kind in _FIELD_KINDS:  # every bool and int field has a value of its type
            value = getattr(self, name)
            if kind == "bool" and value is not True and value is not False:
                if not is_flag(value):
                    raise ContextError(f"Rules.{name}={value!r}: expected True or False")
                object.__setattr__(self, name, bool(value))
            elif kind == "int":
                if type(value) is not int:
                    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                        raise ContextError(f"Rules.{name}={value!r}: expected an int")
                    value = int(value)
                    object.__setattr__(self, name, value)
                if not -(2**31) <= value < 2**31:  # the kernel reads the rules as int32
                    raise ContextError(f"Rules.{name}={value!r}: out of range")
        object.__setattr__(self, "red_fives", red_counts(self.red_fives))
        for name, choices in _CHOICES.items():
            if not isinstance(getattr(self, name), str) or getattr(self, name) not in choices:
                raise ContextError(f"Rules.{name}={getattr(self, name)!r}: expected one of {', '.join(choices)}")
        for name in ("abortive_draws", "pao"):
            value = getattr(self, name)
            if isinstance(value, str):
                value = (value,)
            try:
                names = frozenset(value)
            except TypeError:
                raise ContextError(f"Rules.{name}={value!r}: expected a collection of names") from None
            if not all(isinstance(x, str) for x in names):
                raise ContextError(f"Rules.{name}={value!r}: expected a collection of names")
            object.__setattr__(self, name, names)
        if not self.abortive_draws <= ABORTIVE_DRAWS:
            raise ContextError(f"Rules.abortive_draws: unknown {sorted(self.abortive_draws - ABORTIVE_DRAWS)}")
        if not self.pao <= _PAO_YAKUMAN:
            raise ContextError(f"Rules.pao: unknown {sorted(self.pao - _PAO_YAKUMAN)}")
        try:
            uma = tuple(self.uma)
        except TypeError:
            uma = None
        if uma is None or not all(type(x) is int or isinstance(x, np.integer) for x in uma):
            raise ContextError(f"Rules.uma={self.uma!r}: expected points (thousands) by rank")
        object.__setattr__(self, "uma", tuple(int(x) for x in uma))
        if self.double_wind_pair_fu not in (2, 4):
            raise ContextError(f"Rules.double_wind_pair_fu={self.double_wind_pair_fu!r}: expected 2 or 4")
        if self.n_players not in (3, 4):
            raise ContextError(f"Rules.n_players={self.n_players!r}: expected 3 or 4")
        if self.n_players == 3 and self.honba_value % 2 or self.n_players == 4 and self.honba_value % 3:
            raise ContextError(f"Rules.honba_value={self.honba_value!r} does not split between the tsumo payers")
        for name in ("yakuman_cap",):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 1:
                raise ContextError(f"Rules.{name}={getattr(self, name)!r}: expected an int >= 1")
        for name in ("two_han_minimum_from_counters", "riichi_min_tiles", "honba_value", "renhou_han"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 0:
                raise ContextError(f"Rules.{name}={getattr(self, name)!r}: expected an int >= 0")

    # ------------------------------------------------------------------
    @property
    def red_counts(self) -> tuple[int, ...]:
        """Red copies per kind, a 34-tuple (what :func:`riichi_fast.tiles.red_counts` reads)."""
        return self.red_fives

    def replace(self, **changes) -> Rules:
        """A copy with some fields changed.

        >>> TENHOU.replace(kiriage=True).kiriage, TENHOU.kiriage
        (True, False)
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ContextError(f"Rules has no field {', '.join(sorted(unknown))}")
        for name in self.__dict__.get("_unset", ()):  # still follows the player count
            changes.setdefault(name, None)
        return dataclasses.replace(self, **changes)

    @staticmethod
    def preset(name: str) -> Rules:
        """The preset called ``name`` (case and ``-`` insensitive).

        >>> Rules.preset("Tenhou") is TENHOU
        True
        """
        key = str(name).lower().replace("-", "_")
        try:
            return PRESETS[key]
        except KeyError:
            raise ContextError(f"no rules preset {name!r}; known: {', '.join(PRESETS)}") from None

    def __repr__(self) -> str:
        diffs = []
        unset = self.__dict__.get("_unset", ())
        for f in dataclasses.fields(self):
            if f.name in unset:
                continue
            value = getattr(self, f.name)
            if value != getattr(_BASE, f.name):
                if f.name == "red_fives":
                    value = {KIND_NAMES[k]: n for k, n in enumerate(value) if n}
                elif isinstance(value, frozenset):
                    value = sorted(value)
                diffs.append(f"{f.name}={value!r}")
        return f"Rules({', '.join(diffs)})"

    # ------------------------------------------------------------------
    def params(self) -> np.ndarray:
        """The flat int32 rules array of the scoring kernels (read-only, cached).

        >>> from riichi_fast.rules import layout as L
        >>> p = DEFAULT.params()
        >>> int(p[L.R_HAN_OPEN + L.Y_TANYAO]), int(TENHOU.params()[L.R_YAKUMAN + L.Y_KOKUSHI_13])
        (1, 1)
        """
        cached = self.__dict__.get("_params")
        if cached is None:
            cached = self._build_params()
            cached.setflags(write=False)
            self.__dict__["_params"] = cached  # not a field: eq, hash and repr ignore it
        return cached

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_params", None)
        return state

    def _build_params(self) -> np.ndarray:
        p = np.zeros(L.R_SIZE, dtype=np.int32)
        p[L.R_KIRIAGE] = self.kiriage
        p[L.R_KAZOE] = _KAZOE[self.kazoe]
        p[L.R_YAKUMAN_STACK] = self.yakuman_stack
        p[L.R_YAKUMAN_CAP] = self.yakuman_cap
        p[L.R_DOUBLE_WIND_PAIR_FU] = self.double_wind_pair_fu
        p[L.R_RINSHAN_TSUMO_FU] = self.rinshan_tsumo_fu
        p[L.R_RENHOU] = _RENHOU[self.renhou]
        p[L.R_FU_OPEN_PINFU] = self.fu_for_open_pinfu
        p[L.R_FU_PINFU_TSUMO] = self.fu_for_pinfu_tsumo
        p[L.R_HONBA_RON] = self.honba_value
        p[L.R_HONBA_TSUMO] = self.honba_value // (self.n_players - 1)
        p[L.R_N_PLAYERS] = self.n_players
        p[L.R_TWO_HAN_MIN] = self.two_han_minimum_from_counters
        p[L.R_DAISHARIN_ALL_SUITS] = self.daisharin_all_suits
        p[L.R_PAARENCHAN_NEEDS_YAKU] = self.paarenchan_needs_yaku
        p[L.R_REJECT_IMPOSSIBLE] = self.reject_impossible
        p[L.R_TENHOU_ANY_LAST_TILE] = self.tenhou_any_last_tile
        for row in YAKU.values():
            if self._yaku_enabled(row):
                p[L.R_HAN_CLOSED + row.id] = row.han_closed
                p[L.R_HAN_OPEN + row.id] = row.han_open
                p[L.R_YAKUMAN + row.id] = row.yakuman
        if not self.open_tanyao:
            p[L.R_HAN_OPEN + L.Y_TANYAO] = 0
        if not self.double_yakuman:
            for yid in (L.Y_SUUANKOU_TANKI, L.Y_JUNSEI_CHUUREN, L.Y_KOKUSHI_13, L.Y_DAISUUSHII):
                p[L.R_YAKUMAN + yid] = 1
        # renhou: one id, its value set by the mode (docs/SCORING.md 5.6)
        p[L.R_HAN_CLOSED + L.Y_RENHOU] = self.renhou_han if self.renhou == "han" else 0
        p[L.R_YAKUMAN + L.Y_RENHOU] = 1 if self.renhou == "yakuman" else 0
        p[L.R_HAN_CLOSED + L.Y_NAGASHI_MANGAN] = 0
        return p

    def _yaku_enabled(self, row) -> bool:
        variant = row.variant
        if variant in ("open_tanyao", "double_yakuman", "renhou", None):
            return True
        if variant == "daisharin":
            return self.daisharin or self.daisharin_all_suits
        return bool(getattr(self, variant))


#: (name, "bool" | "int") of the Rules fields of those types, checked by Rules.__post_init__
_FIELD_KINDS = tuple((f.name, str(f.type)) for f in dataclasses.fields(Rules) if str(f.type) in ("bool", "int"))

#: fields left unset (None) take the value for the table: (four players, three players).
#: Three-player values: counters 200 (100 from each of the two tsumo payers) and noten payments
#: 2000 in all, as on Tenhou (every three-player Phoenix record of tests/data/records/
#: tenhou-mjlog-3p settles that way [TH3-R]) and Mahjong Soul [MSW3].
_PLAYER_COUNT_DEFAULTS = {"honba_value": (300, 200), "noten_payment": (3000, 2000)}

_BASE = Rules()

# ---------------------------------------------------------------------------
# Presets.  Tags are those of PRESETS.md (shared folder); † = secondary source.
# ---------------------------------------------------------------------------

#: RULES.md defaults (the French source text where it gives a value). Choices where both are
#: silent: renhou and nagashi mangan are mangan hands (the French yaku table marks them "M");
#: pao counters paid by the liable player (as Tenhou); riichi needs 4 live tiles and 1000 points.
DEFAULT = _BASE

#: Tenhou.net ranked 4-player [TH] (tenhou.net/man, quoted in PRESETS.md):
#: red 1/1/1 [TH], open tanyao [TH], no kiriage [PR†][JS†], kazoe yakuman [PR†][JS†],
#: no double-yakuman forms [RE†][PR†], yakuman stack [TH], no renhou [TH],
#: nagashi mangan [TH], all abortive draws with a counter [TH], triple ron aborts [TH],
#: double ron with counters and sticks to the nearest winner (上家取り) [TH],
#: pao daisangen/daisuushii, honba paid by the liable player [TH], double wind pair 4 fu [TH],
#: rinshan 2 fu [TH], riichi needs 1000 points and >= 4 live tiles [TH][RE†],
#: ankan after riichi if the waits do not change [TH], no 2-han minimum [TH],
#: own meld tiles not held (a wait on them stays tenpai) [KT-RW†][KT-MJN†].
TENHOU = Rules(
    red_fives=1,
    kazoe="yakuman",
    double_yakuman=False,
    renhou="off",
    nagashi_mangan=True,
    abortive_draw_adds_counter=True,
    triple_ron_aborts=True,
    multiple_ron="allowed",
    multiple_ron_counters="nearest",
    multiple_ron_sticks="nearest",
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_honba="liable",
    ankan_after_riichi="waits",
    double_wind_pair_fu=4,
    rinshan_tsumo_fu=True,
    own_melds_held=False,
    start_points=25000,
    return_points=30000,
    uma=(20, 10, -10, -20),
)

#: Tenhou.net ranked 3-player [TH3]: red 0/1/1 (2m-8m removed) [TH3], kyuushu and
#: suukaikan only [JS†], counters 200 (100 from each tsumo payer) [RE†][JS†][TH3-R],
#: noten payments 2000 in all [TH3-R][RE†], 35000/40000, uma +20/0/-20 [TH3].
TENHOU_3P = TENHOU.replace(
    red_fives={"5p": 1, "5s": 1},
    n_players=3,
    honba_value=200,
    noten_payment=2000,
    abortive_draws=frozenset({"kyuushu_kyuuhai", "suukaikan"}),
    triple_ron_aborts=False,
    start_points=35000,
    return_points=40000,
    uma=(20, 0, -20),
)

#: Mahjong Soul ranked 4-player [MSW]: red 1/1/1, double-yakuman forms [MSW][RE†],
#: stack [RE†], no renhou [MSW-Y], nagashi [MSW], abortive draws without sanchahou [MSW],
#: +1 counter after an abortive draw [RE†], triple ron allowed [MSW], sticks [MSW-24] and
#: counters [RE†] to the nearest winner, pao daisangen/daisuushii [MSW] honba by the liable
#: player [RE†], liability only for the pao yakuman's part of a composite hand [RE†][MSW],
#: double wind 4 fu [MSW], riichi >= 4 tiles [RE†], ankan if waits unchanged [MSW], a
#: dealer's tenhou takes the best last tile (kokushi 13-sided, junsei chuuren, suuankou tanki) [MSW],
#: own meld tiles not held (a wait on an own kan stays tenpai) [KT-RW†].
#: Rinshan fu is unknown (PRESETS.md); the standard 2 fu is kept.
MAJSOUL = Rules(
    red_fives=1,
    kazoe="yakuman",
    double_yakuman=True,
    renhou="off",
    nagashi_mangan=True,
    abortive_draw_adds_counter=True,
    triple_ron_aborts=False,
    multiple_ron="allowed",
    multiple_ron_counters="nearest",
    multiple_ron_sticks="nearest",
    pao_honba="liable",
    pao_scope="pao_yakuman",
    ankan_after_riichi="waits",
    double_wind_pair_fu=4,
    tenhou_any_last_tile=True,
    own_melds_held=False,
    start_points=25000,
    return_points=30000,
    uma=(15, 5, -5, -15),
)

#: Mahjong Soul ranked 3-player [MSW3]: red 0p and 0s only, counters 200 [MSW3][RE†], noten
#: payments 2000 [MSW3][RE†], kyuushu and suukaikan only (no suufon, no suucha) [MSW3],
#: 35000/40000, uma +15/0/-15 [MSW3], tsumo loss [MSW3]. Live-tile minimum for riichi unknown.
MAJSOUL_3P = MAJSOUL.replace(
    red_fives={"5p": 1, "5s": 1},
    n_players=3,
    honba_value=200,
    noten_payment=2000,
    abortive_draws=frozenset({"kyuushu_kyuuhai", "suukaikan"}),
    start_points=35000,
    return_points=40000,
    uma=(15, 0, -15),
)

#: WRC Rules 2025 [W25] (+ 29 June 2025 clarification [PR†]): no red [W25], kiriage [W25],
#: kazoe = yonbaiman [W25 §11.2], no double forms [W25][RD], stack [W25 §9.1], renhou mangan
#: not cumulative [W25 §11.5.4], no nagashi [W25], no abortive draws [W15 §5.7], head bump [RD],
#: pao incl. suukantsu [W25 §9.1.1] with honba by the discarder [TORI†, pre-2025],
#: double wind 2 fu [W25 §11.3], riichi with 0 tiles left [RD][PR†], ankan if waits and
#: reading unchanged [PR†], 30000/30000, uma 15/5 [QCR]. Rinshan 2 fu from the pre-2025
#: text [TORI†]. Chombo -20000 under the 2022 optional rules [QCR]; 2025 default unknown.
WRC = Rules(
    red_fives=0,
    kiriage=True,
    kazoe="yonbaiman",
    double_yakuman=False,
    renhou="mangan",
    nagashi_mangan=False,
    abortive_draws=frozenset(),
    multiple_ron="head_bump",
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
    pao_honba="discarder",
    double_wind_pair_fu=2,
    riichi_min_tiles=0,
    riichi_min_points=0,
    ankan_after_riichi="waits_and_reading",
    kokushi_chankan_ankan=False,
    chombo="penalty",
    chombo_penalty=20000,
    start_points=30000,
    return_points=30000,
    uma=(15, 5, -5, -15),
    tobi=False,
)

#: EMA Riichi rules 2025 [E25] (via its section-cited digest): no red [E25 §1.3], kiriage
#: [E25 §4.1.3], kazoe capped at sanbaiman [E25 §4.1.2], no double forms [E25-Y][E16], no
#: yakuman stacking [E25 §4.2], renhou a 5-han yaku not combining (= mangan) [E25-Y §4.2],
#: no nagashi [E16], no abortive draws [E16][E25-M], double and triple ron [E25 §3.3.1], each
#: winner gets the counters and riichi winners take back their own stick [E25 §3.3.10, §4.1],
#: pao daisangen/daisuushii, counters by the discarder [E25 §3.3.7], double wind 2 fu
#: [E25 §4.1.1], rinshan 2 fu [E25-Y], riichi needs 4 tiles (2012/2016 text [MT†]),
#: chombo -20000 in tournaments, the hand's riichi sticks returned [E25 §3.4.6], 30000/30000,
#: uma 15/5 [E25 §3.7.1].
EMA = Rules(
    red_fives=0,
    kiriage=True,
    kazoe="sanbaiman",
    double_yakuman=False,
    yakuman_stack=False,
    renhou="mangan",
    nagashi_mangan=False,
    abortive_draws=frozenset(),
    multiple_ron="allowed",
    multiple_ron_counters="all",
    multiple_ron_sticks="own_back",
    pao_honba="discarder",
    double_wind_pair_fu=2,
    riichi_min_tiles=4,
    ankan_after_riichi="waits_and_reading",
    chombo="penalty",
    chombo_penalty=20000,
    chombo_returns_sticks=True,
    start_points=30000,
    return_points=30000,
    uma=(15, 5, -5, -15),
    tobi=False,
)

#: M.League [ML-a][ML-s]: red 1/1/1, kiriage [ML-i], kazoe capped at sanbaiman [PR†][JS†],
#: no double forms [PR†], stack [PR†], no renhou [PR†], no nagashi [JS†], no abortive draws
#: [ML-a], head bump [ML-a], pao incl. suukantsu [JS†] (honba payer unknown: liable per
#: [JS†]), double wind 2 fu [PR†], riichi with >= 1 live tile [PR†] and under 1000 points
#: [ML-a], ankan if waits and reading unchanged [PR†], chombo -20 points [ML-c], 25000/30000,
#: uma 30/10 [ML-a]. Rinshan fu is unknown; the standard 2 fu is kept.
MLEAGUE = Rules(
    red_fives=1,
    kiriage=True,
    kazoe="sanbaiman",
    double_yakuman=False,
    renhou="off",
    nagashi_mangan=False,
    abortive_draws=frozenset(),
    multiple_ron="head_bump",
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
    pao_honba="liable",
    double_wind_pair_fu=2,
    riichi_min_tiles=1,
    riichi_min_points=0,
    ankan_after_riichi="waits_and_reading",
    kokushi_chankan_ankan=False,
    chombo="penalty",
    chombo_penalty=20000,
    start_points=25000,
    return_points=30000,
    uma=(30, 10, -10, -30),
    tobi=False,
)

#: The defaults of the `mahjong` package 2.1.0 (OptionalRules() / HandConfig(), read from
#: mahjong/hand_calculating/hand_config.py and scores.py): no open tanyao, no red fives
#: (has_aka_dora=False), double yakuman, kazoe limited to yakuman, no kiriage,
#: fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, renhou a 5-han yaku
#: (renhou_as_yakuman=False), no daisharin/daichisei, 6x cap, paarenchan needs a yaku;
#: double wind pair 4 fu, rinshan tsumo fu and 300/100 counters are hard-coded there.
#: Open riichi and paarenchan are HandConfig flags there, so they are on here. It checks no
#: physical possibility (a rinshan without a kan scores), so reject_impossible is off.
MAHJONG_LIB = Rules(
    red_fives=0,
    open_tanyao=False,
    kiriage=False,
    kazoe="yakuman",
    double_yakuman=True,
    yakuman_stack=True,
    yakuman_cap=6,
    renhou="han",
    renhou_han=5,
    open_riichi=True,
    paarenchan=True,
    paarenchan_needs_yaku=True,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
    double_wind_pair_fu=4,
    rinshan_tsumo_fu=True,
    reject_impossible=False,
)

#: every preset by name
PRESETS: dict[str, Rules] = {
    "default": DEFAULT,
    "tenhou": TENHOU,
    "tenhou_3p": TENHOU_3P,
    "majsoul": MAJSOUL,
    "majsoul_3p": MAJSOUL_3P,
    "wrc": WRC,
    "ema": EMA,
    "mleague": MLEAGUE,
    "mahjong_lib": MAHJONG_LIB,
}
