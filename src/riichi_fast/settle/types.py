"""The value types of :mod:`riichi_fast.settle` (shared by its compiled and Python settlements).

:class:`TableState`, :class:`Settlement`, :class:`Win`, :class:`HandValue`
and :func:`hand_value` live here so that ``riichi_fast.settle._settle`` and
:mod:`riichi_fast.settle.explain` build the very same objects; users import
them from :mod:`riichi_fast.settle` (their ``__module__``, so pickles name
that module).

``TableState`` is a frozen, slotted dataclass whose ``__init__`` takes a
quick path when every field is a plain int.  ``Settlement`` is a frozen,
slotted class with the dataclass's ``repr``/``==``/``hash``; its ``lines``
may be given, or built on first use by a recorded call of the Python
settlement (the compiled settlement computes only the arithmetic).
"""

from __future__ import annotations

import operator
from dataclasses import FrozenInstanceError, dataclass
from typing import NamedTuple

from riichi_fast.errors import ContextError
from riichi_fast.rules import config as _config
from riichi_fast.rules import layout as L
from riichi_fast.scoring.result import HandResult as _HandResult

__all__ = ["ABORTIVE_KINDS", "STICK", "HandValue", "Settlement", "TableState", "Win", "hand_value"]

#: points of one riichi stick
STICK = 1000
#: abortive draws by name: those of ``Rules.abortive_draws`` plus ``sanchahou``
#: (three players ron one discard; enabled by ``Rules.triple_ron_aborts``)
ABORTIVE_KINDS = frozenset(_config.ABORTIVE_DRAWS | {"sanchahou"})

_WINDS = "ESWN"
_MODULE = "riichi_fast.settle"


def _as_int(x) -> int | None:
    """``x`` as an int if it is an integer (numpy ones included, bool excluded), else None."""
    if isinstance(x, bool):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


# ---------------------------------------------------------------------------
# Table state
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, init=False)
class TableState:
    """Where the game stands when a hand starts.

    ``dealer`` (seat, 0 = the first dealer), ``round_wind`` (0-3 = E S W N),
    ``honba`` (counters), ``riichi_sticks`` (sticks carried on the table),
    ``scores`` (per seat, before this hand's riichi stakes; ``None`` = all 0),
    ``n_players`` (3 or 4).

    >>> t = TableState(dealer=2, round_wind=1, honba=3, scores=(25000,) * 4)
    >>> t.label, t.seat_wind(2), t.seat_wind(0)
    ('S3-3', 0, 2)
    >>> from riichi_fast.rules import TENHOU_3P
    >>> TableState.start(TENHOU_3P).scores
    (35000, 35000, 35000)
    """

    dealer: int
    round_wind: int
    honba: int
    riichi_sticks: int
    scores: tuple
    n_players: int

    def __init__(self, dealer=0, round_wind=0, honba=0, riichi_sticks=0, scores=None, n_players=4):
        set_ = object.__setattr__
        if (type(n_players) is int and type(dealer) is int and type(round_wind) is int and type(honba) is int
                and type(riichi_sticks) is int and (n_players == 4 or n_players == 3)
                and 0 <= dealer < n_players and 0 <= round_wind < 4 and honba >= 0 and riichi_sticks >= 0):
            if scores is None:
                scores = (0,) * n_players
            elif not (type(scores) is tuple and len(scores) == n_players and type(scores[0]) is int
                      and type(scores[1]) is int and type(scores[2]) is int
                      and (n_players == 3 or type(scores[3]) is int)):
                scores = _checked_scores(scores, n_players)
            set_(self, "dealer", dealer)
            set_(self, "round_wind", round_wind)
            set_(self, "honba", honba)
            set_(self, "riichi_sticks", riichi_sticks)
            set_(self, "scores", scores)
            set_(self, "n_players", n_players)
            return
        # the general path: numpy integers become ints (hash and repr stay plain), then each check
        fields = [dealer, round_wind, honba, riichi_sticks, n_players]
        for k, v in enumerate(fields):
            i = _as_int(v)
            if i is not None:
                fields[k] = i
        dealer, round_wind, honba, riichi_sticks, n = fields
        if type(n) is not int or n not in (3, 4):
            raise ContextError(f"TableState.n_players={n!r}: expected 3 or 4")
        scores = (0,) * n if scores is None else _checked_scores(scores, n)
        if _as_int(dealer) is None or not 0 <= dealer < n:
            raise ContextError(f"TableState.dealer={dealer!r}: expected a seat 0-{n - 1}")
        if _as_int(round_wind) is None or not 0 <= round_wind < 4:
            raise ContextError(f"TableState.round_wind={round_wind!r}: expected 0-3")
        for name, v in (("honba", honba), ("riichi_sticks", riichi_sticks)):
            if _as_int(v) is None or v < 0:
                raise ContextError(f"TableState.{name}={v!r}: expected an int >= 0")
        for name, v in zip(("dealer", "round_wind", "honba", "riichi_sticks", "scores", "n_players"),
                           (dealer, round_wind, honba, riichi_sticks, scores, n)):
            set_(self, name, v)

    @classmethod
    def start(cls, rules=_config.DEFAULT) -> TableState:
        """East 1, no counters, every seat at ``rules.start_points``.

        >>> TableState.start().scores
        (25000, 25000, 25000, 25000)
        """
        n = rules.n_players
        return cls(0, 0, 0, 0, (rules.start_points,) * n, n)

    @property
    def kyoku(self) -> int:
        """Hand number within the round wind, 0-based (the dealer's seat)."""
        return self.dealer

    @property
    def label(self) -> str:
        """``E1-0`` style: round wind, hand number, counters."""
        return f"{_WINDS[self.round_wind]}{self.dealer + 1}-{self.honba}"

    def seat_wind(self, seat: int) -> int:
        """The seat wind (0-3) of ``seat`` in this hand."""
        return (seat - self.dealer) % self.n_players

    def _seat(self, seat, what: str) -> int:
        i = _as_int(seat)
        if i is None or not 0 <= i < self.n_players:
            raise ContextError(f"{what}={seat!r}: expected a seat 0-{self.n_players - 1}")
        return i

    def _advance(self, repeat: bool, honba: int, sticks: int, deltas) -> TableState:
        dealer, wind = pass_deal(self.n_players, self.dealer, self.round_wind, repeat)
        scores = tuple(s + d for s, d in zip(self.scores, deltas))
        return TableState(dealer, wind, honba, sticks, scores, self.n_players)


def pass_deal(n: int, dealer: int, wind: int, repeat: bool) -> tuple[int, int]:
    """The next hand's (dealer, round wind): the deal passes to the next seat unless ``repeat``;
    from the last seat to seat 0 the round wind advances (compiled: ``_settle.c_next_table``).

    >>> pass_deal(4, 3, 0, False), pass_deal(4, 3, 0, True)
    ((0, 1), (3, 0))
    """
    if not repeat:
        dealer = (dealer + 1) % n
        if dealer == 0:
            wind = (wind + 1) % 4
    return dealer, wind


def _checked_scores(scores, n: int) -> tuple:
    try:
        scores = tuple(operator.index(x) for x in scores)
    except TypeError:
        raise ContextError(f"TableState.scores={scores!r}: expected {n} integers") from None
    if len(scores) != n:
        raise ContextError(f"TableState.scores has {len(scores)} entries for {n} players")
    return scores


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

_FIELDS = ("outcome", "table", "next", "deltas", "stakes", "dealer_repeats", "detail", "winners", "per_win",
           "sticks_taken", "penalties", "lines")


class Settlement:
    """How a hand ends: score changes, the next table state, explanations.

    ``outcome``: ``"win"``, ``"exhaustive_draw"``, ``"abortive_draw"`` or
    ``"chombo"``; ``detail``: the abortive draw's kind, ``"multiple_ron"``,
    ``"head_bump"``, ``"nagashi_mangan"``...  ``deltas``: change of each
    seat's score, riichi stakes of this hand included.  ``stakes``: those
    stakes (-1000 per declaring seat; 0 where returned).  ``per_win``: for
    each winner in turn order from the discarder, that win's changes (hand,
    counters, sticks taken; stakes left out).  ``winners``: the seats paid
    (after a head bump).  ``sticks_taken``: sticks each seat took.
    ``penalties``: placement penalties (tournament chombo), not score
    changes.  ``next``: the next hand's :class:`TableState`.  ``lines``:
    the plain-English explanation (built on first use).

    Immutable, picklable; ``==``, ``hash``, ``repr`` and the
    :mod:`dataclasses` functions as a frozen dataclass of these twelve fields.

    >>> import dataclasses
    >>> s = Settlement("abortive_draw", TableState(), TableState(honba=1), (0,) * 4, (0,) * 4, True, "suufon_renda")
    >>> [f.name for f in dataclasses.fields(s)][-3:], dataclasses.replace(s, detail="x").detail
    (['sticks_taken', 'penalties', 'lines'], 'x')
    """

    __slots__ = (
        "_explain",
        "_lines",
        "_payments",
        "dealer_repeats",
        "deltas",
        "detail",
        "next",
        "outcome",
        "penalties",
        "per_win",
        "stakes",
        "sticks_taken",
        "table",
        "winners",
    )
    __match_args__ = _FIELDS

    def __init__(self, outcome, table, next, deltas, stakes, dealer_repeats, detail="", winners=(), per_win=(),
                 sticks_taken=(), penalties=(), lines=()):
        set_ = object.__setattr__
        for name, v in zip(_FIELDS[:-1], (outcome, table, next, deltas, stakes, dealer_repeats, detail, winners,
                                           per_win, sticks_taken, penalties)):
            set_(self, name, v)
        set_(self, "_lines", lines)
        set_(self, "_explain", None)
        set_(self, "_payments", None)

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @property
    def lines(self) -> tuple:
        """The explanation lines (plain English), a tuple of str."""
        lines = self._lines
        if lines is None:
            e = self._explain  # (fn, *args, kwargs): the recorded call of the Python settlement
            lines = e[0](*e[1:-1], **e[-1]).lines
            object.__setattr__(self, "_lines", lines)
            object.__setattr__(self, "_explain", None)
        return lines

    @property
    def payments(self) -> tuple:
        """Changes without this hand's riichi stakes (what a Tenhou record shows)."""
        p = self._payments
        if p is None:
            p = tuple(d - s for d, s in zip(self.deltas, self.stakes))
            object.__setattr__(self, "_payments", p)
        return p

    @property
    def explanation(self) -> str:
        """The explanation lines joined by newlines."""
        return "\n".join(self.lines)

    def _astuple(self) -> tuple:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._astuple() == other._astuple()
        return NotImplemented

    def __hash__(self):
        return hash(self._astuple())

    def __repr__(self) -> str:
        return "Settlement(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS) + ")"

    def __reduce__(self):
        return (Settlement, self._astuple())


@dataclass(frozen=True)
class _SettlementFields:
    outcome: str
    table: TableState
    next: TableState
    deltas: tuple
    stakes: tuple
    dealer_repeats: bool
    detail: str = ""
    winners: tuple = ()
    per_win: tuple = ()
    sticks_taken: tuple = ()
    penalties: tuple = ()
    lines: tuple = ()


# Settlement is a dataclass to the dataclasses module (fields, asdict, replace) as it was before
Settlement.__dataclass_fields__ = _SettlementFields.__dataclass_fields__
Settlement.__dataclass_params__ = _SettlementFields.__dataclass_params__
del _SettlementFields


class HandValue(NamedTuple):
    """What settlement reads from a scored hand (see :func:`hand_value`).

    ``ron`` / ``tsumo_dealer`` / ``tsumo_other``: the hand's payments without
    counters or sticks.  ``yakuman``: ``(name, multiple)`` of each yakuman of
    the hand (names of the yaku table: ``"daisangen"``, ``"daisuushii"``,
    ``"suukantsu"``...); ``None`` when unknown, and a pao seat is then
    trusted to apply to the whole hand.  ``multiple``: the yakuman multiple
    actually paid (less than the listed ones without stacking or over the
    cap; 0 = their sum).
    """

    tsumo: bool
    dealer: bool
    ron: int = 0
    tsumo_dealer: int = 0
    tsumo_other: int = 0
    yakuman: tuple | None = ()
    multiple: int = 0


class Win(NamedTuple):
    """One winner: seat, scored hand (``HandResult`` or :class:`HandValue`), discarder (``None`` = tsumo), liable seat."""

    winner: int
    result: object
    discarder: int | None = None
    pao: int | None = None


def hand_value(result) -> HandValue:
    """The :class:`HandValue` of a ``HandResult`` (a ``HandValue`` is returned as is).

    >>> from riichi_fast import score
    >>> hand_value(score("555666777z11p22p", "2p", tsumo=True, seat_wind=1))
    HandValue(tsumo=True, dealer=False, ron=0, tsumo_dealer=32000, tsumo_other=16000, yakuman=(('daisangen', 1), ('suuankou', 1)), multiple=2)
    """
    if isinstance(result, HandValue):
        return result
    payment = getattr(result, "payment", None)
    if payment is None:
        status = getattr(result, "status", type(result).__name__)
        raise ContextError(f"cannot settle a hand that does not win (status {status!r})")
    if type(result) is _HandResult and result._params is not None and result._out[L.O_LIMIT] != L.LIMIT_YAKUMAN:
        yakuman = ()  # no yakuman limit under given rules: every yaku item has multiple 0 (result._yaku_item)
    else:
        yakuman = tuple((y.name, y.yakuman) for y in result.yaku if y.yakuman)
    return HandValue(bool(result.tsumo), bool(result.dealer), payment.ron, payment.tsumo_dealer,
                     payment.tsumo_other, yakuman, int(result.yakuman) if yakuman else 0)


for _cls in (TableState, Settlement, HandValue, Win):
    _cls.__module__ = _MODULE
for _fn in (hand_value,):
    _fn.__module__ = _MODULE
del _cls, _fn
