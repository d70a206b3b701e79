"""Seeded generator of random winning hands for the scoring oracle (``tests/scoring/test_oracle_handgen.py``).

Each :class:`GenHand` is one physical situation (136-ids for every tile, melds,
the winning tile, the flags, winds, indicators, counters and sticks) with both
sides' inputs built from the same ids:

- riichi_fast: a :class:`riichi_fast.Hand` (closed ids + :class:`riichi_fast.hand.Meld`),
  the winning tile as a name (``"0p"`` for a red five), keyword arguments for
  :func:`riichi_fast.score` and the :class:`~riichi_fast.rules.config.Rules`
  (``MAHJONG_LIB``, with one red five per suit when the hand holds one);
- mahjong 2.1.0: every tile of the hand (meld tiles and a kan's 4th tile
  included), ``mahjong.meld.Meld`` objects (ankan = ``KAN`` with
  ``opened=False``), the win tile id, indicator ids and a ``HandConfig`` with
  default ``OptionalRules`` except ``has_aka_dora`` when a red five (ids 16,
  52, 88) is in the hand.

The shapes are biased toward yaku-rich hands (honitsu, chinitsu, toitoi,
chiitoitsu, kokushi, yakuhai, sanshoku, ittsu, chanta/junchan, iipeikou) and
yakuman now and then; a small share of hands get an invalid flag combination
or a swapped tile, so error statuses are compared too.

>>> gen = HandGen(7)
>>> h = gen.hand()
>>> h.hand.tile_count, len(h.m_tiles) == 14 + sum(len(m.tiles) == 4 for m in h.hand.melds)
(14, True)
>>> [str(HandGen(1).hand().hand) for _ in range(2)] == [str(HandGen(1).hand().hand) for _ in range(2)]
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as MMeld

from riichi_fast.enums import MeldType
from riichi_fast.hand import Hand, Meld
from riichi_fast.rules.config import MAHJONG_LIB
from riichi_fast.tiles import KIND_NAMES, parse_tiles

__all__ = ["RED_IDS", "RULES_PLAIN", "RULES_RED", "GenHand", "HandGen", "build", "situation"]

RED_IDS = frozenset((16, 52, 88))
#: the rules riichi_fast scores with: mahjong's defaults, plus one red five per suit when the hand has one
RULES_PLAIN = MAHJONG_LIB
RULES_RED = MAHJONG_LIB.replace(red_fives=1)

_M_TYPE = {
    MeldType.CHI: MMeld.CHI,
    MeldType.PON: MMeld.PON,
    MeldType.DAIMINKAN: MMeld.KAN,
    MeldType.ANKAN: MMeld.KAN,
    MeldType.SHOUMINKAN: MMeld.SHOUMINKAN,
}
_KANS = (MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN)
_TERMINALS = (0, 8, 9, 17, 18, 26)
_HONORS = tuple(range(27, 34))
_YAOCHUU = _TERMINALS + _HONORS
_GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 6z

#: theme -> weight (regular 4 sets + pair unless said)
THEMES = {
    "random": 22,
    "pinfu": 8,
    "honitsu": 9,
    "chinitsu": 6,
    "toitoi": 7,
    "yakuhai": 10,
    "sanshoku": 5,
    "doukou": 2,
    "ittsu": 5,
    "chanta": 5,
    "junchan": 3,
    "iipeikou": 4,
    "chiitoitsu": 7,
    "kokushi": 1.2,
    "daisangen": 0.8,
    "suuankou": 1.0,
    "tsuuiisou": 0.5,
    "ryuuiisou": 0.5,
    "chinroutou": 0.4,
    "suushii": 0.7,
    "chuuren": 0.6,
    "kans": 2.5,
}
_THEME_NAMES = tuple(THEMES)
_FLIPPABLE = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "tsumo",
)
_THEME_CUM = np.cumsum([THEMES[t] for t in _THEME_NAMES]) / sum(THEMES.values())


@dataclass
class GenHand:
    """One generated situation, with both libraries' inputs."""

    theme: str
    hand: Hand
    win_name: str
    kwargs: dict
    rules: object
    m_tiles: list
    m_melds: list
    m_win: int
    m_dora: list
    m_ura: list
    m_config_kwargs: dict
    m_options: dict
    extra: dict = field(default_factory=dict)
    #: riichi_fast is given 13 tiles plus the winning tile (else the 14-tile hand)
    form13: bool = False

    def hand13(self) -> Hand:
        """The hand without the winning tile (the winning tile id removed from the closed tiles)."""
        closed = [t for t in self.hand.closed if t != self.m_win]
        return Hand.from_ids(closed, self.hand.melds, red=self.hand.red)

    def m_config(self) -> HandConfig:
        """A fresh mahjong HandConfig (mahjong mutates its yaku objects)."""
        return HandConfig(**self.m_config_kwargs, options=OptionalRules(**self.m_options))

    def describe(self) -> str:
        """One line: hand, winning tile and context, for failure messages."""
        kw = {k: v for k, v in self.kwargs.items() if v not in (False, 0, ()) or k in ("seat_wind", "round_wind")}
        red = "aka" if self.m_options.get("has_aka_dora") else "no-aka"
        form = " (13 + win tile)" if self.form13 else ""
        return f"[{self.theme}] {self.hand} win={self.win_name} {kw} ({red}){form}"


class _Stream:
    """Uniform floats drawn from a numpy Generator in blocks (one numpy call per 4096 draws)."""

    __slots__ = ("u",)

    def __init__(self, rng: np.random.Generator):
        blocks = iter(lambda: rng.random(4096).tolist(), None)
        #: the next uniform float in [0, 1)
        self.u = itertools.chain.from_iterable(blocks).__next__

    def n(self, k: int) -> int:
        return int(self.u() * k)

    def pick(self, seq):
        return seq[int(self.u() * len(seq))]

    def shuffle(self, lst):
        u = self.u
        for i in range(len(lst) - 1, 0, -1):
            j = int(u() * (i + 1))
            lst[i], lst[j] = lst[j], lst[i]
        return lst


#: the 24 orders of a kind's 4 copies; the first 6 put copy 0 (the red five of a five) first
_PERMS = tuple(sorted(itertools.permutations(range(4))))


class HandGen:
    """Seeded generator: ``HandGen(seed).hand()`` gives one :class:`GenHand`; same seed, same hands."""

    def __init__(self, seed):
        self.s = _Stream(np.random.default_rng(seed))

    @staticmethod
    def themes() -> tuple:
        """The shape themes drawn (THEMES' keys)."""
        return _THEME_NAMES

    # -- shapes ---------------------------------------------------------------
    def _theme(self) -> str:
        u = self.s.u()
        return _THEME_NAMES[int(np.searchsorted(_THEME_CUM, u, side="right"))]

    def _seq_start(self, suit=None, starts=range(7)):
        s = self.s
        suit = s.n(3) if suit is None else suit
        return 9 * suit + s.pick(tuple(starts))

    def _sets(self, theme):
        """(sets, pair) for a regular theme: sets are ("s"|"t", kind); None if the draw is impossible."""
        s = self.s
        u = s.u
        sets = []
        pair = None
        if theme in ("random", "kans"):
            p_seq = 0.6 if theme == "random" else 0.35
            for _ in range(4):
                sets.append(("s", self._seq_start()) if u() < p_seq else ("t", s.n(34)))
            pair = s.n(34)
        elif theme == "pinfu":
            for _ in range(4):
                sets.append(("s", self._seq_start()))
            pair = s.n(27) if u() < 0.85 else s.n(34)
        elif theme in ("honitsu", "chinitsu"):
            suit = s.n(3)
            pool = [9 * suit + i for i in range(9)] + (list(_HONORS) if theme == "honitsu" else [])
            for _ in range(4):
                if u() < 0.55:
                    sets.append(("s", self._seq_start(suit)))
                else:
                    sets.append(("t", s.pick(pool)))
            pair = s.pick(pool)
            if theme == "honitsu" and all(k < 27 for _, k in sets) and pair < 27:
                pair = s.pick(_HONORS)
        elif theme == "toitoi":
            for _ in range(4):
                sets.append(("t", s.n(34)))
            pair = s.n(34)
        elif theme == "yakuhai":
            sets.append(("t", s.pick(_HONORS)))
            if u() < 0.3:
                sets.append(("t", s.pick(_HONORS)))
            while len(sets) < 4:
                sets.append(("s", self._seq_start()) if u() < 0.6 else ("t", s.n(34)))
            pair = s.pick(_HONORS) if u() < 0.4 else s.n(34)
        elif theme in ("sanshoku", "doukou"):
            n = s.n(7) if theme == "sanshoku" else s.n(9)
            typ = "s" if theme == "sanshoku" else "t"
            sets = [(typ, 9 * suit + n) for suit in range(3)]
            sets.append(("s", self._seq_start()) if u() < 0.5 else ("t", s.n(34)))
            pair = s.n(34)
        elif theme == "ittsu":
            suit = s.n(3)
            sets = [("s", 9 * suit), ("s", 9 * suit + 3), ("s", 9 * suit + 6)]
            sets.append(("s", self._seq_start()) if u() < 0.5 else ("t", s.n(34)))
            pair = s.n(34)
        elif theme in ("chanta", "junchan"):
            pool = _TERMINALS if theme == "junchan" else _YAOCHUU
            sets.append(("s", self._seq_start(starts=(0, 6))))
            for _ in range(3):
                sets.append(("s", self._seq_start(starts=(0, 6))) if u() < 0.55 else ("t", s.pick(pool)))
            pair = s.pick(pool)
        elif theme == "iipeikou":
            k = self._seq_start()
            sets = [("s", k), ("s", k)]
            if u() < 0.2:
                k2 = self._seq_start()
                sets += [("s", k2), ("s", k2)]
            while len(sets) < 4:
                sets.append(("s", self._seq_start()) if u() < 0.6 else ("t", s.n(34)))
            pair = s.n(34)
        elif theme == "daisangen":  # or shousangen, half the time
            dragons = s.shuffle([31, 32, 33])
            big = u() < 0.5
            sets = [("t", d) for d in dragons[: 3 if big else 2]]
            while len(sets) < 4:
                sets.append(("s", self._seq_start()) if u() < 0.5 else ("t", s.n(31)))
            pair = s.n(31) if big else dragons[2]
        elif theme == "suuankou":
            sets = [("t", s.n(34)) for _ in range(4)]
            pair = s.n(34)
        elif theme == "tsuuiisou":
            kinds = s.shuffle(list(_HONORS))
            sets = [("t", k) for k in kinds[:4]]
            pair = kinds[4]
        elif theme == "ryuuiisou":
            kinds = s.shuffle(list(_GREEN))
            for i in range(4):
                sets.append(("s", 19) if u() < 0.25 else ("t", kinds[i]))
            pair = kinds[4]
        elif theme == "chinroutou":
            kinds = s.shuffle(list(_TERMINALS))
            sets = [("t", k) for k in kinds[:4]]
            pair = kinds[4]
        elif theme == "suushii":
            winds = s.shuffle([27, 28, 29, 30])
            big = u() < 0.4
            sets = [("t", w) for w in winds[: 4 if big else 3]]
            if big:
                pair = s.n(34)
            else:
                pair = winds[3]
                sets.append(("s", self._seq_start()) if u() < 0.5 else ("t", s.n(34)))
        else:
            raise AssertionError(theme)
        return sets, pair

    # -- one hand -------------------------------------------------------------
    def hand(self) -> GenHand:
        """The next random situation."""
        while True:
            got = self._try()
            if got is not None:
                return got

    def _try(self):
        s = self.s
        u = s.u
        theme = self._theme()
        closed_kinds: list[int] = []
        melds: list[tuple] = []  # (MeldType, kind)
        counts = [0] * 34
        if theme == "kokushi":
            closed_kinds = list(_YAOCHUU) + [s.pick(_YAOCHUU)]
        elif theme == "chiitoitsu":
            if u() < 0.25:
                suit = s.n(3)
                pool = [9 * suit + i for i in range(9)] + list(_HONORS)
            elif u() < 0.1:
                pool = list(_YAOCHUU)
            elif u() < 0.3:
                pool = list(range(27)) if u() < 0.5 else [k for k in range(27) if k % 9 not in (0, 8)]
            else:
                pool = list(range(34))
            kinds = s.shuffle(pool[:])[:7]
            if len(kinds) < 7:
                return None
            closed_kinds = [k for k in kinds for _ in range(2)]
        elif theme == "chuuren":
            suit = s.n(3)
            closed_kinds = [9 * suit + i for i, c in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(c)]
            closed_kinds.append(9 * suit + s.n(9))
        else:
            sets, pair = self._sets(theme)
            for typ, k in sets:
                if typ == "s":
                    for j in range(3):
                        counts[k + j] += 1
                else:
                    counts[k] += 3
            counts[pair] += 2
            if max(counts) > 4:
                return None
            closed_ok = theme in ("suuankou", "pinfu") or u() < 0.4
            p_meld = 0.0 if closed_ok else 0.25 + 0.5 * u()
            p_kan = 0.6 if theme == "kans" else 0.12
            for typ, k in sets:
                free4 = typ == "t" and counts[k] == 3
                kan = free4 and theme not in ("pinfu",) and u() < p_kan
                if kan:
                    if closed_ok:
                        mt = MeldType.ANKAN
                    else:
                        mt = s.pick(_KANS)
                    counts[k] += 1
                    melds.append((mt, k))
                elif typ == "t" and not closed_ok and u() < p_meld:
                    melds.append((MeldType.PON, k))
                elif typ == "s" and not closed_ok and u() < p_meld:
                    melds.append((MeldType.CHI, k))
                else:
                    closed_kinds += [k, k + 1, k + 2] if typ == "s" else [k, k, k]
            closed_kinds += [pair, pair]
        counts = [0] * 34
        for k in closed_kinds:
            counts[k] += 1
        for mt, k in melds:
            if mt == MeldType.CHI:
                for j in range(3):
                    counts[k + j] += 1
            else:
                counts[k] += 4 if mt in _KANS else 3
        if max(counts) > 4:
            return None

        # a swapped tile now and then: most such hands do not win
        swapped = False
        if u() < 0.006:
            i = s.n(len(closed_kinds))
            k = s.n(34)
            if counts[k] < 4:
                counts[closed_kinds[i]] -= 1
                counts[k] += 1
                closed_kinds[i] = k
                swapped = True

        # physical ids: each kind's 4 copies in random order, the red five first now and then
        pools = {}
        for k in range(34):
            if counts[k]:
                # pop() takes from the end: a red five is taken last unless its order puts it there
                perm = _PERMS[int(u() * 24)]
                pools[k] = [4 * k + c for c in perm]
        rf_melds = []
        for mt, k in melds:
            if mt == MeldType.CHI:
                ids = [pools[k + j].pop() for j in range(3)]
            else:
                ids = [pools[k].pop() for _ in range(4 if mt in _KANS else 3)]
            if mt == MeldType.ANKAN:
                rf_melds.append(Meld(mt, tuple(ids)))
            else:
                seat = 3 if mt == MeldType.CHI else 1 + s.n(3)
                rf_melds.append(Meld(mt, tuple(ids), called=s.pick(ids), from_seat=seat))
        closed_ids = [pools[k].pop() for k in closed_kinds]
        win_id = s.pick(closed_ids)
        all_ids = closed_ids + [t for m in rf_melds for t in m.tiles]
        is_open = any(mt != MeldType.ANKAN for mt, _ in melds)
        n_kans = sum(mt in _KANS for mt, _ in melds)
        ctx = self._context(theme, is_open, n_kans, bool(melds))

        # indicators: 1 + one per kan, from tiles not in the hand; half of them point at a kind held
        used = set(all_ids)
        held = sorted({t // 4 for t in all_ids})
        n_ind = min(5, 1 + n_kans)

        def indicators():
            out = []
            for _ in range(n_ind):
                kind = _prev_kind(s.pick(held)) if u() < 0.5 else None
                free = [4 * kind + c for c in range(4) if 4 * kind + c not in used] if kind is not None else []
                if free:
                    t = s.pick(free)
                else:
                    t = int(u() * 136)
                    while t in used:
                        t = int(u() * 136)
                used.add(t)
                out.append(t)
            return out

        dora_ids = indicators()
        ura_ids = indicators() if ctx["riichi"] or ctx["double_riichi"] or u() < 0.05 else []
        gh = build(closed_ids, rf_melds, win_id, ctx, dora_ids, ura_ids, theme=theme)
        gh.extra["swapped"] = swapped
        gh.form13 = u() < 0.3
        return gh

    def _context(self, theme, is_open, n_kans, any_meld):
        s = self.s
        u = s.u
        seat = s.n(4)
        c = {
            "tsumo": u() < 0.5,
            "riichi": False,
            "double_riichi": False,
            "ippatsu": False,
            "haitei": False,
            "houtei": False,
            "rinshan": False,
            "chankan": False,
            "tenhou": False,
            "chiihou": False,
            "renhou": False,
            "seat_wind": seat,
            "round_wind": s.pick((0, 0, 0, 1, 1, 2, 3)),
            "honba": s.pick((0, 0, 0, 0, 1, 1, 2, 3, 5, 8)),
            "riichi_sticks": s.pick((0, 0, 0, 1, 1, 2, 3)),
        }
        if not is_open and u() < 0.55:
            if u() < 0.08:
                c["double_riichi"] = True
                c["riichi"] = u() < 0.5  # mahjong: daburu replaces riichi either way
            else:
                c["riichi"] = True
            c["ippatsu"] = u() < 0.25
        tsumo = c["tsumo"]
        if tsumo:
            if n_kans and u() < 0.3:
                c["rinshan"] = True
            elif u() < 0.06:
                c["haitei"] = True
        else:
            r = u()
            if r < 0.06:
                c["houtei"] = True
            elif r < 0.10:
                c["chankan"] = True
        if not any_meld and u() < 0.03:
            # first go-around wins: no riichi, nothing else
            for k in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"):
                c[k] = False
            if seat == 0:
                c["tsumo"] = True
                c["tenhou"] = True
            elif u() < 0.5:
                c["tsumo"] = True
                c["chiihou"] = True
            else:
                c["tsumo"] = False
                c["renhou"] = True
        if u() < 0.025:
            # an invalid combination (one or two flags flipped): both libraries must give the same error
            for _ in range(1 + (u() < 0.3)):
                k = s.pick(_FLIPPABLE)
                c[k] = not c[k]
        return c


def _prev_kind(k: int) -> int:
    """The indicator kind whose dora is ``k``."""
    if k < 27:
        return k - 1 if k % 9 else k + 8
    if k < 31:
        return 27 + (k - 27 - 1) % 4
    return 31 + (k - 31 - 1) % 3


def build(closed_ids, melds, win_id, ctx, dora_ids=(), ura_ids=(), theme="") -> GenHand:
    """Both libraries' inputs from the same physical ids.

    ``melds`` are :class:`riichi_fast.hand.Meld`; ``ctx`` holds every flag of
    :func:`riichi_fast.score` (tsumo ... renhou), ``seat_wind``/``round_wind``
    0..3, ``honba`` and ``riichi_sticks``; indicators are 136-ids.
    """
    ctx = {**_NO_FLAGS, **ctx}
    all_ids = list(closed_ids) + [t for m in melds for t in m.tiles]
    has_red = any(t in RED_IDS for t in all_ids)
    rules = RULES_RED if has_red else RULES_PLAIN
    hand = Hand.from_ids(closed_ids, melds, red=rules.red_counts)
    kind = KIND_NAMES[win_id // 4]
    win_name = "0" + kind[1] if has_red and win_id in RED_IDS else kind
    m_melds = []
    for m in melds:
        if m.type == MeldType.ANKAN:
            m_melds.append(MMeld(MMeld.KAN, list(m.tiles), opened=False))
        else:
            m_melds.append(
                MMeld(_M_TYPE[m.type], list(m.tiles), opened=True, called_tile=m.called, who=0, from_who=m.from_seat)
            )
    kwargs = dict(ctx)
    kwargs["dora"] = tuple(t // 4 for t in dora_ids)
    kwargs["ura"] = tuple(t // 4 for t in ura_ids)
    m_cfg = {
        "is_tsumo": ctx["tsumo"],
        "is_riichi": ctx["riichi"],
        "is_daburu_riichi": ctx["double_riichi"],
        "is_ippatsu": ctx["ippatsu"],
        "is_haitei": ctx["haitei"],
        "is_houtei": ctx["houtei"],
        "is_rinshan": ctx["rinshan"],
        "is_chankan": ctx["chankan"],
        "is_tenhou": ctx["tenhou"],
        "is_chiihou": ctx["chiihou"],
        "is_renhou": ctx["renhou"],
        "player_wind": 27 + ctx["seat_wind"],
        "round_wind": 27 + ctx["round_wind"],
        "tsumi_number": ctx["honba"],
        "kyoutaku_number": ctx["riichi_sticks"],
    }
    return GenHand(
        theme=theme,
        hand=hand,
        win_name=win_name,
        kwargs=kwargs,
        rules=rules,
        m_tiles=all_ids,
        m_melds=m_melds,
        m_win=win_id,
        m_dora=list(dora_ids),
        m_ura=list(ura_ids),
        m_config_kwargs=m_cfg,
        m_options={"has_aka_dora": True} if has_red else {},
        extra={"is_open": not hand.is_closed, "n_kans": sum(m.is_kan for m in melds)},
    )


_NO_FLAGS = {
    "tsumo": False,
    "riichi": False,
    "double_riichi": False,
    "ippatsu": False,
    "haitei": False,
    "houtei": False,
    "rinshan": False,
    "chankan": False,
    "tenhou": False,
    "chiihou": False,
    "renhou": False,
    "seat_wind": 0,
    "round_wind": 0,
    "honba": 0,
    "riichi_sticks": 0,
}


def situation(text: str, win: str, *, dora: str = "", ura: str = "", **ctx) -> GenHand:
    """A hand in the one-line notation (red fives as ``0``) with both libraries' inputs, for named tests.

    ``win`` names a closed tile (``"0p"`` for the red one); ``dora``/``ura`` are
    indicator kinds in mpsz (plain copies not in the hand are used).

    >>> gh = situation("234m406p789s11z pon:777z@2", "4p", dora="3p", seat_wind=1)
    >>> gh.m_win // 4, gh.m_options, len(gh.m_tiles), gh.kwargs["dora"]
    (12, {'has_aka_dora': True}, 14, (11,))
    """
    hand = Hand.parse(text, red=1)
    want = parse_tiles(win, red=1)[0]
    win_id = next(t for t in hand.closed if t // 4 == want // 4 and (t in RED_IDS) == (want in RED_IDS))
    used = set(hand.closed) | {t for m in hand.melds for t in m.tiles}

    def ids(spec):
        out = []
        for t in parse_tiles(spec, red=1) if spec else ():
            free = next(4 * (t // 4) + c for c in (3, 2, 1, 0) if 4 * (t // 4) + c not in used)
            used.add(free)
            out.append(free)
        return out

    return build(hand.closed, hand.melds, win_id, ctx, ids(dora), ids(ura), theme="named")
