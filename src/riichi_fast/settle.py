"""Settle a hand: per-seat score changes and the next table state (RULES.md sections 6-7).

Four outcomes, one function each: :func:`settle_win` (one winner, or a
multiple ron; pao; wareme), :func:`settle_exhaustive_draw` (noten payments or
nagashi mangan), :func:`settle_abortive_draw` and :func:`settle_chombo`.
Each returns a :class:`Settlement`: the change of every seat's score, the
next :class:`TableState` (dealer, round wind, counters, riichi sticks,
scores) and plain-English explanation lines.  Every variant is a field of
:class:`~riichi_fast.rules.config.Rules`.

Conventions:

- ``TableState.scores`` are the scores when the hand starts, *before* the
  riichi stakes of this hand; ``riichi_sticks`` are the sticks carried on
  the table from earlier hands.
- ``riichi_declared`` lists the seats whose riichi stake (1000) was paid in
  this hand (on Tenhou a riichi whose declaration tile is ronned pays none:
  leave that seat out).  ``Settlement.deltas`` include these stakes;
  ``Settlement.payments`` leave them out (the changes a Tenhou record shows).
- Deltas sum to zero except for the sticks: ``sum(deltas) ==
  1000 * (table.riichi_sticks - next.riichi_sticks)``.  A tournament chombo
  penalty is not a score change: it is in ``Settlement.penalties``.
- Seat 0 is the first dealer: when the deal passes from the last seat to
  seat 0, the round wind advances.

A non-dealer mangan ron (riichi, tanyao, sanshoku) of seat 1 on seat 2's
5s, with one counter, one stick carried and the winner's own riichi stick:

>>> from riichi_fast import score
>>> hand = score("234567m234p23455s", "5s", seat_wind=1, riichi=True)
>>> table = TableState(dealer=0, honba=1, riichi_sticks=1, scores=(25000,) * 4)
>>> s = settle_win(table, [(1, hand, 2)], riichi_declared=[1])
>>> hand.cost, s.deltas, s.payments
(8000, (0, 9300, -8300, 0), (0, 10300, -8300, 0))
>>> s.next
TableState(dealer=1, round_wind=0, honba=0, riichi_sticks=0, scores=(25000, 34300, 16700, 25000), n_players=4)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from riichi_fast.errors import ContextError
from riichi_fast.rules import config as _config
from riichi_fast.rules.scoring import coerce_rules

__all__ = [
    "ABORTIVE_KINDS",
    "HandValue",
    "Settlement",
    "TableState",
    "Win",
    "hand_value",
    "settle_abortive_draw",
    "settle_chombo",
    "settle_exhaustive_draw",
    "settle_win",
]

#: points of one riichi stick
STICK = 1000
#: abortive draws by name: those of ``Rules.abortive_draws`` plus ``sanchahou``
#: (three players ron one discard; enabled by ``Rules.triple_ron_aborts``)
ABORTIVE_KINDS = frozenset(_config.ABORTIVE_DRAWS | {"sanchahou"})

_WINDS = "ESWN"


# ---------------------------------------------------------------------------
# Table state
# ---------------------------------------------------------------------------

def _as_int(x) -> int | None:
    """``x`` as an int if it is an integer (numpy ones included, bool excluded), else None."""
    if isinstance(x, bool):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


@dataclass(frozen=True)
class TableState:
    """Where the game stands when a hand starts.

    ``dealer`` (seat, 0 = the first dealer), ``round_wind`` (0-3 = E S W N),
    ``honba`` (counters), ``riichi_sticks`` (sticks carried on the table),
    ``scores`` (per seat, before this hand's riichi stakes; ``None`` = all 0),
    ``n_players`` (3 or 4).

    >>> t = TableState(dealer=2, round_wind=1, honba=3, scores=(25000,) * 4)
    >>> t.label, t.seat_wind(2), t.seat_wind(0)
    ('S3-3', 0, 2)
    >>> TableState.start(_config.TENHOU_3P).scores
    (35000, 35000, 35000)
    """

    dealer: int = 0
    round_wind: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    scores: tuple = None  # type: ignore[assignment]
    n_players: int = 4

    def __post_init__(self):
        for name in ("dealer", "round_wind", "honba", "riichi_sticks", "n_players"):
            i = _as_int(getattr(self, name))
            if i is not None:  # numpy integers become ints (hash and repr stay plain)
                object.__setattr__(self, name, i)
        n = self.n_players
        if type(n) is not int or n not in (3, 4):
            raise ContextError(f"TableState.n_players={n!r}: expected 3 or 4")
        try:
            scores = (0,) * n if self.scores is None else tuple(operator.index(x) for x in self.scores)
        except TypeError:
            raise ContextError(f"TableState.scores={self.scores!r}: expected {n} integers") from None
        if len(scores) != n:
            raise ContextError(f"TableState.scores has {len(scores)} entries for {n} players")
        object.__setattr__(self, "scores", scores)
        if _as_int(self.dealer) is None or not 0 <= self.dealer < n:
            raise ContextError(f"TableState.dealer={self.dealer!r}: expected a seat 0-{n - 1}")
        if _as_int(self.round_wind) is None or not 0 <= self.round_wind < 4:
            raise ContextError(f"TableState.round_wind={self.round_wind!r}: expected 0-3")
        for name in ("honba", "riichi_sticks"):
            v = getattr(self, name)
            if _as_int(v) is None or v < 0:
                raise ContextError(f"TableState.{name}={v!r}: expected an int >= 0")

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
        dealer, wind = self.dealer, self.round_wind
        if not repeat:
            dealer = (dealer + 1) % self.n_players
            if dealer == 0:
                wind = (wind + 1) % 4
        scores = tuple(s + d for s, d in zip(self.scores, deltas))
        return TableState(dealer, wind, honba, sticks, scores, self.n_players)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
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
    changes.  ``next``: the next hand's :class:`TableState`.
    """

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

    @property
    def payments(self) -> tuple:
        """Changes without this hand's riichi stakes (what a Tenhou record shows)."""
        return tuple(d - s for d, s in zip(self.deltas, self.stakes))

    @property
    def explanation(self) -> str:
        """The explanation lines joined by newlines."""
        return "\n".join(self.lines)


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
    yakuman = tuple((y.name, y.yakuman) for y in result.yaku if y.yakuman)
    return HandValue(bool(result.tsumo), bool(result.dealer), payment.ron, payment.tsumo_dealer,
                     payment.tsumo_other, yakuman, int(result.yakuman) if yakuman else 0)


# ---------------------------------------------------------------------------
# Payments as edges: (payer, receiver, amount, what), what = "hand" or "counters"
# ---------------------------------------------------------------------------

def _check_rules(table: TableState, rules) -> _config.Rules:
    """``rules`` as a Rules object (a preset name is looked up), checked against ``table``."""
    if not isinstance(table, TableState):
        raise ContextError(f"table must be a TableState, got {table!r}")
    rules = coerce_rules(rules)
    if rules.n_players != table.n_players:
        raise ContextError(f"rules are for {rules.n_players} players, the table has {table.n_players}")
    return rules


def _as_win(w) -> Win:
    """A Win from a ``(winner, hand value[, discarder, pao])`` tuple."""
    if isinstance(w, (str, bytes)) or not isinstance(w, Iterable):
        raise ContextError(f"a win must be a Win or a (winner, hand value[, discarder, pao]) tuple, got {w!r}")
    try:
        return Win(*w)
    except TypeError as e:
        raise ContextError(f"a win must be a Win or a (winner, hand value[, discarder, pao]) tuple, got {w!r}: {e}") from None


def _seats(table: TableState, seats, what: str) -> tuple:
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ContextError(f"{what} must be a collection of seats, got {seats!r}")
    return tuple(sorted({table._seat(s, what) for s in seats}))


def _pao_fraction(value: HandValue, rules) -> tuple[int, int]:
    """(pao multiple, paid multiple) of a hand; (0, 1) when no pao yakuman.

    Under ``pao_scope="pao_yakuman"`` the liable seat covers the pao
    yakuman's share of what is paid: all of it when the hand is paid as
    that one yakuman (no stacking), part of it when other yakuman add up.
    """
    if value.yakuman is None:
        return 1, 1
    paid = value.multiple or sum(m for _, m in value.yakuman)
    part = sum(m for name, m in value.yakuman if name in rules.pao)
    if not part:
        return 0, 1
    if rules.pao_scope == "whole" or part >= paid:
        return paid, paid
    return part, paid


def _win_edges(table: TableState, win: Win, value: HandValue, counters: int, rules, lines) -> list:
    n = table.n_players
    w, d = win.winner, win.discarder
    edges = []
    part, whole = (0, 1)
    if win.pao is not None:
        part, whole = _pao_fraction(value, rules)
        if not part:
            lines.append(f"seat {win.pao} named liable, but the hand holds no yakuman with pao "
                         f"under these rules ({', '.join(sorted(rules.pao)) or 'none'}): ignored")
    liable = win.pao if part else None
    if value.tsumo:
        payers = [s for s in range(n) if s != w]
        each = counters * (rules.honba_value // (n - 1))
        paid_by_liable = 0
        for s in payers:
            share = value.tsumo_dealer if (s == table.dealer and not value.dealer) else value.tsumo_other
            if liable is not None:
                covered = share * part // whole
                paid_by_liable += covered
                share -= covered
            if share:
                edges.append((s, w, share, "hand"))
            if each and liable is None:
                edges.append((s, w, each, "counters"))
        if liable is not None:
            edges.append((liable, w, paid_by_liable, "hand"))
            if each:
                edges.append((liable, w, each * len(payers), "counters"))
            lines.append(f"pao: seat {liable} pays {'the whole tsumo' if part == whole else 'the pao yakuman part'}"
                         f"{' and every counter' if each else ''}")
    else:
        amount = value.ron
        bonus = counters * rules.honba_value
        if liable is not None and liable != d:
            half = amount * part // whole // 2
            edges.append((d, w, amount - half, "hand"))
            edges.append((liable, w, half, "hand"))
            honba_payer = liable if rules.pao_honba == "liable" else d
            if bonus:
                edges.append((honba_payer, w, bonus, "counters"))
            lines.append(f"pao: seat {liable} pays half of {'the ron' if part == whole else 'the pao yakuman part'}"
                         f" ({half}){f', counters by seat {honba_payer}' if bonus else ''}")
        else:
            edges.append((d, w, amount, "hand"))
            if bonus:
                edges.append((d, w, bonus, "counters"))
    return edges


def _apply_wareme(edges: list, seat: int | None, rules, lines) -> list:
    if not rules.wareme:
        return edges
    if seat is None:
        raise ContextError("Rules.wareme is on: give wareme_seat (the seat where the wall was broken)")
    out = []
    for payer, receiver, amount, what in edges:
        if what == "hand" and seat in (payer, receiver):
            lines.append(f"wareme: the {amount} from seat {payer} to seat {receiver} is doubled")
            amount *= 2
        out.append((payer, receiver, amount, what))
    return out


def _changes(n: int, edges) -> list:
    ch = [0] * n
    for payer, receiver, amount, _ in edges:
        ch[payer] -= amount
        ch[receiver] += amount
    return ch


def _edge_lines(edges, lines) -> None:
    for payer, receiver, amount, what in edges:
        lines.append(f"seat {payer} pays seat {receiver} {amount} ({what})")


def _stakes(n: int, declared) -> tuple:
    return tuple(-STICK if s in declared else 0 for s in range(n))


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------

def settle_win(table: TableState, wins, riichi_declared=(), rules=_config.DEFAULT, *,
               wareme_seat: int | None = None) -> Settlement:
    """Settle one win, or several ron on one discard (RULES.md sections 6-7).

    ``wins``: :class:`Win` tuples ``(winner, result, discarder or None,
    pao seat or None)``; ``result`` is a ``HandResult`` of
    :func:`riichi_fast.score` (its counters and sticks are ignored: they come
    from ``table`` and the rules) or a :class:`HandValue`.  Several wins must
    be ron on the same discard.  Variants: ``multiple_ron`` (``head_bump``:
    only the winner nearest the discarder in turn order wins),
    ``triple_ron_aborts`` (three ron: an abortive draw, see
    :func:`settle_abortive_draw`), ``multiple_ron_counters`` (``all`` /
    ``nearest``), ``multiple_ron_sticks`` (``nearest`` takes every stick, or
    ``own_back``: each riichi winner takes back his own stick of this hand,
    the rest go to the nearest), ``pao`` / ``pao_honba`` / ``pao_scope``
    (tsumo: the liable seat pays it all, counters included; ron: he pays
    half, the counters per ``pao_honba``), ``wareme`` (the hand's payments to
    or from ``wareme_seat`` are doubled; counters and sticks are not).
    A dealer among the winners keeps the deal and adds a counter; otherwise
    the deal passes and the counters go back to 0.

    Dealer tsumo of ``123m456p789s11222z`` on 2z (menzen tsumo, 1 han 40 fu,
    700 all) with two counters (100 more from each payer per counter):

    >>> from riichi_fast import score
    >>> r = score("123m456p789s11222z", "2z", tsumo=True, seat_wind=0)
    >>> r.payers()["each"]
    700
    >>> s = settle_win(TableState(honba=2), [(0, r)])
    >>> s.deltas, s.next.dealer, s.next.honba
    ((2700, -900, -900, -900), 0, 3)
    """
    rules = _check_rules(table, rules)
    n = table.n_players
    if isinstance(wins, (str, bytes)) or not isinstance(wins, Iterable):
        raise ContextError(f"wins must be a list of Win or (winner, hand value[, discarder, pao]) tuples, got {wins!r}")
    wins = [w if isinstance(w, Win) else _as_win(w) for w in wins]
    if not wins:
        raise ContextError("settle_win needs at least one win")
    declared = _seats(table, riichi_declared, "riichi_declared")
    values = []
    for win in wins:
        table._seat(win.winner, "winner")
        if win.discarder is not None:
            table._seat(win.discarder, "discarder")
            if win.discarder == win.winner:
                raise ContextError(f"seat {win.winner} cannot ron his own discard (give discarder=None for tsumo)")
        if win.pao is not None:
            table._seat(win.pao, "pao")
            if win.pao == win.winner:
                raise ContextError(f"pao seat {win.pao} is the winner")
        value = hand_value(win.result)
        if value.tsumo != (win.discarder is None):
            raise ContextError(f"seat {win.winner}: the hand was scored as {'tsumo' if value.tsumo else 'ron'} "
                               f"but discarder is {win.discarder!r}")
        if value.dealer != (win.winner == table.dealer):
            raise ContextError(f"seat {win.winner}: the hand was scored as {'dealer' if value.dealer else 'non-dealer'} "
                               f"but the dealer is seat {table.dealer}")
        values.append(value)
    if len({w.winner for w in wins}) != len(wins):
        raise ContextError("the same seat wins twice")
    if len(wins) > 1:
        discarders = {w.discarder for w in wins}
        if None in discarders or len(discarders) != 1:
            raise ContextError("several winners must all ron the same discard")
    lines: list[str] = []
    if len(wins) >= 3 and rules.triple_ron_aborts:
        s = settle_abortive_draw(table, "sanchahou", rules, riichi_declared=declared)
        return _replace_lines(s, [f"{len(wins)} players ron one discard: the hand is aborted (sanchahou)"]
                              + list(s.lines))
    # turn order from the discarder (the nearest first)
    order = sorted(range(len(wins)), key=lambda i: (wins[i].winner - (wins[i].discarder or 0)) % n)
    wins = [wins[i] for i in order]
    values = [values[i] for i in order]
    detail = "tsumo" if wins[0].discarder is None else "ron"
    if len(wins) > 1:
        if rules.multiple_ron == "head_bump":
            lines.append(f"head bump: seat {wins[0].winner} is nearest the discarder; "
                         f"{', '.join(f'seat {w.winner}' for w in wins[1:])} not paid")
            wins, values = wins[:1], values[:1]
            detail = "head_bump"
        else:
            detail = "multiple_ron"
    first = wins[0].winner
    pot = table.riichi_sticks + len(declared)
    taken = [0] * n
    if len(wins) > 1 and rules.multiple_ron_sticks == "own_back":
        for w in wins[1:]:
            if w.winner in declared:
                taken[w.winner] += 1
                lines.append(f"seat {w.winner} takes back his riichi stick")
    taken[first] += pot - sum(taken)
    per_win, all_edges = [], []
    for i, (win, value) in enumerate(zip(wins, values)):
        counters = table.honba if (i == 0 or rules.multiple_ron_counters == "all") else 0
        wlines: list[str] = []
        edges = _win_edges(table, win, value, counters, rules, wlines)
        edges = _apply_wareme(edges, wareme_seat, rules, wlines)
        how = "tsumo" if win.discarder is None else f"ron from seat {win.discarder}"
        lines.append(f"seat {win.winner} {how}" + (f" ({counters} counters)" if counters else ""))
        lines.extend(wlines)
        _edge_lines(edges, lines)
        ch = _changes(n, edges)
        ch[win.winner] += STICK * taken[win.winner]
        per_win.append(tuple(ch))
        all_edges += edges
    for seat in range(n):
        if taken[seat]:
            lines.append(f"seat {seat} takes {taken[seat]} riichi stick(s)")
    stakes = _stakes(n, declared)
    deltas = tuple(st + sum(w[s] for w in per_win) for s, st in enumerate(stakes))
    winners = tuple(w.winner for w in wins)
    repeat = table.dealer in winners
    nxt = table._advance(repeat, table.honba + 1 if repeat else 0, 0, deltas)
    lines.append(_next_line(repeat, nxt))
    return Settlement("win", table, nxt, deltas, stakes, repeat, detail, winners, tuple(per_win),
                      tuple(taken), (0,) * n, tuple(lines))


def settle_exhaustive_draw(table: TableState, tenpai=(), riichi_declared=(), nagashi=(),
                           rules=_config.DEFAULT, *, wareme_seat: int | None = None) -> Settlement:
    """Settle the end of the live wall with no winner (RULES.md section 7).

    Noten players pay ``rules.noten_payment`` in all to the tenpai players
    (nothing if none or all are tenpai).  With ``nagashi`` seats (needs
    ``rules.nagashi_mangan``) each is paid a mangan tsumo instead (no
    counters; ``wareme`` doubles it as a win) and there are no noten
    payments.  The dealer keeps the deal only if tenpai; a counter is always
    added; riichi sticks (carried and staked now) stay on the table.  A
    riichi seat must be tenpai (else it is a chombo: :func:`settle_chombo`).

    Only seat 1 tenpai (say ``23456m`` waiting ``1m/4m/7m``), one riichi stick staked by him:

    >>> s = settle_exhaustive_draw(TableState(dealer=0), tenpai=[1], riichi_declared=[1])
    >>> s.deltas, s.payments, s.next.dealer, s.next.honba, s.next.riichi_sticks
    ((-1000, 2000, -1000, -1000), (-1000, 3000, -1000, -1000), 1, 1, 1)
    """
    rules = _check_rules(table, rules)
    n = table.n_players
    tenpai = _seats(table, tenpai, "tenpai")
    declared = _seats(table, riichi_declared, "riichi_declared")
    nagashi = _seats(table, nagashi, "nagashi")
    noten_riichi = [s for s in declared if s not in tenpai]
    if noten_riichi:
        raise ContextError(f"seat {noten_riichi[0]} declared riichi but is not tenpai: that is a chombo "
                           f"(settle_chombo)")
    lines: list[str] = []
    if nagashi:
        if not rules.nagashi_mangan:
            raise ContextError("nagashi seats given but Rules.nagashi_mangan is off")
        edges = []
        for w in nagashi:
            for s in range(n):
                if s != w:
                    edges.append((s, w, 4000 if table.dealer in (s, w) else 2000, "hand"))
        lines.append(f"nagashi mangan for seat(s) {', '.join(map(str, nagashi))}, paid as a mangan tsumo "
                     f"in place of the noten payments")
        edges = _apply_wareme(edges, wareme_seat, rules, lines)
        _edge_lines(edges, lines)
        ch = _changes(n, edges)
        detail = "nagashi_mangan"
    else:
        k, pool = len(tenpai), rules.noten_payment
        if k in (0, n):
            ch = [0] * n
            lines.append("no noten payments (nobody or everybody tenpai)")
        else:
            ch = [pool // k if s in tenpai else -(pool // (n - k)) for s in range(n)]
            lines.append(f"noten payments: {pool} from seat(s) {', '.join(str(s) for s in range(n) if s not in tenpai)}"
                         f" to seat(s) {', '.join(map(str, tenpai))}")
        detail = "noten"
    stakes = _stakes(n, declared)
    deltas = tuple(c + st for c, st in zip(ch, stakes))
    repeat = table.dealer in tenpai
    nxt = table._advance(repeat, table.honba + 1, table.riichi_sticks + len(declared), deltas)
    lines.append(_next_line(repeat, nxt))
    return Settlement("exhaustive_draw", table, nxt, deltas, stakes, repeat, detail,
                      sticks_taken=(0,) * n, penalties=(0,) * n, lines=tuple(lines))


def settle_abortive_draw(table: TableState, kind: str, rules=_config.DEFAULT, *,
                         riichi_declared=()) -> Settlement:
    """Settle an abortive draw (RULES.md section 7): no payments, the dealer keeps the deal.

    ``kind``: one of :data:`ABORTIVE_KINDS`; it must be played under
    ``rules`` (``abortive_draws``, or ``triple_ron_aborts`` for
    ``sanchahou``).  A counter is added only if
    ``rules.abortive_draw_adds_counter``; riichi sticks stay on the table.

    Four riichi (``suucha_riichi``) under the Tenhou rules:

    >>> s = settle_abortive_draw(TableState(honba=1), "suucha_riichi", _config.TENHOU,
    ...                          riichi_declared=[0, 1, 2, 3])
    >>> s.deltas, s.next.dealer, s.next.honba, s.next.riichi_sticks
    ((-1000, -1000, -1000, -1000), 0, 2, 4)
    """
    rules = _check_rules(table, rules)
    n = table.n_players
    if not isinstance(kind, str) or kind not in ABORTIVE_KINDS:
        raise ContextError(f"unknown abortive draw {kind!r}; known: {', '.join(sorted(ABORTIVE_KINDS))}")
    allowed = rules.triple_ron_aborts if kind == "sanchahou" else kind in rules.abortive_draws
    if not allowed:
        raise ContextError(f"abortive draw {kind!r} is not played under these rules")
    declared = _seats(table, riichi_declared, "riichi_declared")
    stakes = _stakes(n, declared)
    honba = table.honba + 1 if rules.abortive_draw_adds_counter else table.honba
    nxt = table._advance(True, honba, table.riichi_sticks + len(declared), stakes)
    lines = [f"abortive draw ({kind}): no payments, riichi sticks stay on the table",
             _next_line(True, nxt)]
    return Settlement("abortive_draw", table, nxt, stakes, stakes, True, kind,
                      sticks_taken=(0,) * n, penalties=(0,) * n, lines=tuple(lines))


def settle_chombo(table: TableState, offender: int, rules=_config.DEFAULT, *,
                  riichi_declared=()) -> Settlement:
    """Settle a chombo (RULES.md section 7): the hand is replayed, same dealer, same counters.

    ``rules.chombo == "reversed_mangan"``: the offender pays 2000 to each
    non-dealer and 4000 to the dealer, or 4000 to each if he is the dealer.
    ``"penalty"`` (tournaments): no payment, ``rules.chombo_penalty`` goes to
    ``Settlement.penalties``.  The riichi sticks staked in the hand stay on
    the table, or go back to their owners with ``rules.chombo_returns_sticks``.

    A false ron by seat 2 (``123m456p789s1z2z3z`` is no hand), seat 0 dealing:

    >>> settle_chombo(TableState(dealer=0), 2).deltas
    (4000, 2000, -8000, 2000)
    >>> settle_chombo(TableState(dealer=0), 2, _config.EMA).penalties
    (0, 0, -20000, 0)
    """
    rules = _check_rules(table, rules)
    n = table.n_players
    table._seat(offender, "offender")
    declared = _seats(table, riichi_declared, "riichi_declared")
    lines: list[str] = []
    penalties = [0] * n
    if rules.chombo == "reversed_mangan":
        edges = [(offender, s, 4000 if table.dealer in (s, offender) else 2000, "chombo")
                 for s in range(n) if s != offender]
        lines.append(f"chombo by seat {offender}: a reversed mangan tsumo")
        _edge_lines(edges, lines)
        ch = _changes(n, edges)
    else:
        ch = [0] * n
        penalties[offender] = -rules.chombo_penalty
        lines.append(f"chombo by seat {offender}: placement penalty of {rules.chombo_penalty}, no payment")
    if rules.chombo_returns_sticks:
        stakes = (0,) * n
        if declared:
            lines.append("the riichi sticks of this hand go back to their owners")
        sticks = table.riichi_sticks
    else:
        stakes = _stakes(n, declared)
        sticks = table.riichi_sticks + len(declared)
    deltas = tuple(c + st for c, st in zip(ch, stakes))
    nxt = table._advance(True, table.honba, sticks, deltas)
    lines.append(_next_line(True, nxt))
    return Settlement("chombo", table, nxt, deltas, stakes, True, "chombo", sticks_taken=(0,) * n,
                      penalties=tuple(penalties), lines=tuple(lines))


def _next_line(repeat: bool, nxt: TableState) -> str:
    who = "the dealer keeps the deal" if repeat else f"the deal passes to seat {nxt.dealer}"
    return f"{who}; next hand {nxt.label}, {nxt.riichi_sticks} riichi stick(s) on the table"


def _replace_lines(s: Settlement, lines) -> Settlement:
    import dataclasses

    return dataclasses.replace(s, lines=tuple(lines))
