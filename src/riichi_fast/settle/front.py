"""Settle a hand: per-seat score changes and the next table state (RULES.md sections 6-7).

Four outcomes, one function each: :func:`settle_win` (one winner, or a
multiple ron; pao; wareme), :func:`settle_exhaustive_draw` (noten payments or
nagashi mangan), :func:`settle_abortive_draw` and :func:`settle_chombo`.
Each returns a :class:`Settlement`: the change of every seat's score, the
next :class:`TableState` (dealer, round wind, counters, riichi sticks,
scores) and plain-English explanation lines (written when first read).  Every variant is a field of
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

from riichi_fast import _backend
from riichi_fast.settle.types import (
    ABORTIVE_KINDS,
    STICK,  # noqa: F401  (public: the points of one riichi stick)
    HandValue,
    Settlement,
    TableState,
    Win,
    hand_value,
)
from riichi_fast.rules import config as _config
# The public names are listed once, in the package's __all__ (riichi_fast.settle), which loads
# them from here on first use.

# the arithmetic: riichi_fast.settle._settle (compiled), or riichi_fast.reference.settle.settle (RIICHI_FAST_PUREPYTHON=1)
_impl = _backend.load("settle._settle")
_win = _impl.settle_win
_exhaustive = _impl.settle_exhaustive_draw
_abortive = _impl.settle_abortive_draw
_chombo = _impl.settle_chombo


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
    if wareme_seat is None:  # positional arguments only: the quickest call of the compiled function
        return _win(table, wins, riichi_declared, rules)
    return _win(table, wins, riichi_declared, rules, wareme_seat=wareme_seat)


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
    if wareme_seat is None:
        return _exhaustive(table, tenpai, riichi_declared, nagashi, rules)
    return _exhaustive(table, tenpai, riichi_declared, nagashi, rules, wareme_seat=wareme_seat)


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
    return _abortive(table, kind, rules, riichi_declared=riichi_declared)


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
    return _chombo(table, offender, rules, riichi_declared=riichi_declared)


def _publish(public, compiled):
    """``compiled`` under ``public``'s name, docstring and annotations (one Python call less per settle);
    ``public`` itself if the compiled function cannot take them (same signature, same behaviour)."""
    try:
        compiled.__doc__ = public.__doc__
        compiled.__annotations__ = public.__annotations__
        compiled.__module__ = public.__module__
        compiled.__qualname__ = public.__qualname__
    except (AttributeError, TypeError):
        return public
    return compiled


if not _backend.PUREPYTHON:
    TableState.__init__ = _impl._table_init  # the quick path of TableState(...) in C, same checks and errors
    settle_win = _publish(settle_win, _win)
    settle_exhaustive_draw = _publish(settle_exhaustive_draw, _exhaustive)
    settle_abortive_draw = _publish(settle_abortive_draw, _abortive)
    settle_chombo = _publish(settle_chombo, _chombo)
