"""Pure-Python twin of ``riichi_fast.settle._settle``: settlement arithmetic and its explanation lines.

The executable specification of :mod:`riichi_fast.settle` (RULES.md sections
6-7): every payment is an edge ``(payer, receiver, amount, what)``, the
explanation lines are written as the edges are made.  The compiled module
computes the same numbers without the lines and, when ``Settlement.lines``
is read, calls the function of the same name here to write them.
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

__all__ = ["settle_abortive_draw", "settle_chombo", "settle_exhaustive_draw", "settle_win"]


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
    return Settlement(s.outcome, s.table, s.next, s.deltas, s.stakes, s.dealer_repeats, s.detail, s.winners,
                      s.per_win, s.sticks_taken, s.penalties, tuple(lines))
