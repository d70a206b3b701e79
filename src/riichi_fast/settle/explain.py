"""The settlement in Python: every payment an edge ``(payer, receiver, amount, what)``, explained.

The executable specification of :mod:`riichi_fast.settle` (RULES.md sections 6-7): the
input checks and their messages, the arithmetic on plain ints (:func:`win_edges`,
:func:`mangan_edges`, :func:`noten_pay`, :func:`turn_order`) and the explanation lines,
written as the edges are made.  Two users:

- the pure-Python twin of the compiled settlement, ``riichi_fast.reference.settle.settle``,
  is this module's ``settle_*`` functions;
- the compiled ``riichi_fast.settle._settle`` computes the common cases itself, in C
  (``_settle.pxd``), and calls the function of the same name here for the rest (pao, wareme,
  sanchahou, inputs that are not plain ints, every input error) and, when
  ``Settlement.lines`` is first read, to write the lines of a settlement it made.
"""

from __future__ import annotations

from collections.abc import Iterable

from riichi_fast.settle.types import (
    ABORTIVE_KINDS,
    STICK,
    HandValue,
    Settlement,
    TableState,
    Win,
    hand_value,
)
from riichi_fast.errors import ContextError
from riichi_fast.rules import config as _config
from riichi_fast.scoring.front import coerce_rules

__all__ = ["mangan_edges", "noten_pay", "settle_abortive_draw", "settle_chombo", "settle_exhaustive_draw",
           "settle_win", "turn_order", "win_edges"]


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


def win_edges(n: int, dealer: int, winner: int, discarder: int | None, ron: int, tsumo_dealer: int,
              tsumo_other: int, counters: int, honba_value: int, liable: int | None = None, part: int = 0,
              whole: int = 1, pao_honba_liable: bool = True) -> list:
    """The payments of one win with ``counters`` counters, sticks left out (twin of ``c_win_edges``).

    Tsumo (``discarder`` None): each other seat pays the dealer's or the non-dealer's share and
    ``honba_value // (n - 1)`` per counter; a ``liable`` seat pays ``part / whole`` of every share
    and all the counters.  Ron: the discarder pays the hand and ``honba_value`` per counter; a
    liable seat other than the discarder pays half of the covered part, and the counters when
    ``pao_honba_liable``.

    >>> win_edges(4, 0, 1, 2, 8000, 0, 0, 1, 300)
    [(2, 1, 8000, 'hand'), (2, 1, 300, 'counters')]
    >>> win_edges(4, 0, 0, None, 0, 0, 700, 0, 300)
    [(1, 0, 700, 'hand'), (2, 0, 700, 'hand'), (3, 0, 700, 'hand')]
    """
    w, d = winner, discarder
    edges = []
    if not part:
        liable = None
    if d is None:
        each = counters * (honba_value // (n - 1))
        paid_by_liable = 0
        for s in range(n):
            if s == w:
                continue
            share = tsumo_dealer if (s == dealer and w != dealer) else tsumo_other
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
                edges.append((liable, w, each * (n - 1), "counters"))
    else:
        bonus = counters * honba_value
        if liable is not None and liable != d:
            half = ron * part // whole // 2
            edges.append((d, w, ron - half, "hand"))
            edges.append((liable, w, half, "hand"))
            if bonus:
                edges.append((liable if pao_honba_liable else d, w, bonus, "counters"))
        else:
            edges.append((d, w, ron, "hand"))
            if bonus:
                edges.append((d, w, bonus, "counters"))
    return edges


def mangan_edges(n: int, dealer: int, seat: int, chombo: bool = False) -> list:
    """A mangan tsumo of ``seat`` (nagashi mangan), or with ``chombo`` the same reversed (twin of
    ``c_mangan_edges``).

    >>> mangan_edges(4, 0, 2, chombo=True)
    [(2, 0, 4000, 'chombo'), (2, 1, 2000, 'chombo'), (2, 3, 2000, 'chombo')]
    """
    if chombo:
        return [(seat, s, 4000 if dealer in (s, seat) else 2000, "chombo") for s in range(n) if s != seat]
    return [(s, seat, 4000 if dealer in (s, seat) else 2000, "hand") for s in range(n) if s != seat]


def noten_pay(n: int, pool: int, tenpai) -> list:
    """The noten payments: ``pool`` in all from the noten seats to the ``tenpai`` ones, each side
    sharing it evenly (rounded down); nothing when nobody or everybody is tenpai (twin of
    ``c_noten_pay``).

    >>> noten_pay(4, 3000, (1,)), noten_pay(3, 3000, (0, 2))
    ([-1000, 3000, -1000, -1000], [1500, -3000, 1500])
    """
    k = len(tenpai)
    if k in (0, n):
        return [0] * n
    return [pool // k if s in tenpai else -(pool // (n - k)) for s in range(n)]


def turn_order(n: int, winners, discarder: int | None) -> list:
    """Indices of ``winners`` in turn order from ``discarder``, nearest first (twin of ``c_turn_order``).

    >>> turn_order(4, [1, 3], 2)
    [1, 0]
    """
    return sorted(range(len(winners)), key=lambda i: (winners[i] - (discarder or 0)) % n)


def _win_edges(table: TableState, win: Win, value: HandValue, counters: int, rules, lines) -> list:
    part, whole = (0, 1)
    if win.pao is not None:
        part, whole = _pao_fraction(value, rules)
        if not part:
            lines.append(f"seat {win.pao} named liable, but the hand holds no yakuman with pao "
                         f"under these rules ({', '.join(sorted(rules.pao)) or 'none'}): ignored")
    liable = win.pao if part else None
    edges = win_edges(table.n_players, table.dealer, win.winner, win.discarder, value.ron, value.tsumo_dealer,
                      value.tsumo_other, counters, rules.honba_value, liable, part, whole,
                      rules.pao_honba == "liable")
    if liable is None:
        return edges
    if value.tsumo:
        each = counters * (rules.honba_value // (table.n_players - 1))
        lines.append(f"pao: seat {liable} pays {'the whole tsumo' if part == whole else 'the pao yakuman part'}"
                     f"{' and every counter' if each else ''}")
    elif liable != win.discarder:
        half = edges[1][2]
        counters_by = [payer for payer, _, _, what in edges if what == "counters"]
        lines.append(f"pao: seat {liable} pays half of {'the ron' if part == whole else 'the pao yakuman part'}"
                     f" ({half}){f', counters by seat {counters_by[0]}' if counters_by else ''}")
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
    """Twin of :func:`riichi_fast.settle.settle_win` (explanation lines built eagerly)."""
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
    order = turn_order(n, [w.winner for w in wins], wins[0].discarder)
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
    """Twin of :func:`riichi_fast.settle.settle_exhaustive_draw` (explanation lines built eagerly)."""
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
        edges = [e for w in nagashi for e in mangan_edges(n, table.dealer, w)]
        lines.append(f"nagashi mangan for seat(s) {', '.join(map(str, nagashi))}, paid as a mangan tsumo "
                     f"in place of the noten payments")
        edges = _apply_wareme(edges, wareme_seat, rules, lines)
        _edge_lines(edges, lines)
        ch = _changes(n, edges)
        detail = "nagashi_mangan"
    else:
        k, pool = len(tenpai), rules.noten_payment
        ch = noten_pay(n, pool, tenpai)
        if k in (0, n):
            lines.append("no noten payments (nobody or everybody tenpai)")
        else:
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
    """Twin of :func:`riichi_fast.settle.settle_abortive_draw` (explanation lines built eagerly)."""
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
    """Twin of :func:`riichi_fast.settle.settle_chombo` (explanation lines built eagerly)."""
    rules = _check_rules(table, rules)
    n = table.n_players
    table._seat(offender, "offender")
    declared = _seats(table, riichi_declared, "riichi_declared")
    lines: list[str] = []
    penalties = [0] * n
    if rules.chombo == "reversed_mangan":
        edges = mangan_edges(n, table.dealer, offender, chombo=True)
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
    return Settlement(s.outcome, s.table, s.next, s.deltas, s.stakes, s.dealer_repeats, s.detail, s.winners,
                      s.per_win, s.sticks_taken, s.penalties, tuple(lines))
