"""Settle recorded wins and draws through :mod:`riichi_fast.settle`: the per-seat score
changes a record is compared with.

>>> noten_changes((1,), 4)
(-1000, 3000, -1000, -1000)
"""

from __future__ import annotations

from collections.abc import Iterable

from riichi_fast import settle
from riichi_fast.records.model import DrawKind, RecordedDraw, RecordedWin, Round
from riichi_fast.records.scorers import Computed
from riichi_fast.rules import config
from riichi_fast.rules.yaku import YAKU

__all__ = ["draw_changes", "nagashi_changes", "noten_changes", "win_changes"]


def _base_rules(three_player: bool, rules=None):
    if rules is not None:
        return rules
    return config.TENHOU_3P if three_player else config.TENHOU


def _hand_value(win: RecordedWin, c: Computed):
    """What :mod:`riichi_fast.settle` reads: the HandResult, or the payments of ``c``."""
    if c.result is not None:
        return settle.hand_value(c.result)
    # Without the scorer's result the yakuman names come from the Tenhou ids;
    # with none known a recorded liable seat is trusted (HandValue.yakuman=None).
    yakuman = tuple((YAKU[y].name, YAKU[y].yakuman) for y in c.yakuman) or None
    return settle.HandValue(win.tsumo, win.winner == win.dealer, c.pay_ron, c.pay_tsumo_dealer,
                            c.pay_tsumo_other, yakuman)


def win_changes(win: RecordedWin, c: Computed, pao_honba: str = "liable",
                rules=None) -> tuple[int, ...]:
    """Per-seat score changes of one win, settled by :func:`riichi_fast.settle.settle_win`.

    The win is settled alone, with the counters and sticks the record gives
    this winner (none for the second winner of a Tenhou double ron).  With a
    liable player (pao, recorded): on tsumo he pays everything; on ron he and
    the discarder pay half each, the counters going to ``pao_honba``
    (``liable`` on Tenhou, else the discarder).  ``rules`` defaults to the
    ``tenhou`` (or ``tenhou_3p``) preset.
    """
    return _win_changes(win, c, pao_honba, rules)[0]


def _win_changes(win: RecordedWin, c: Computed, pao_honba: str, rules):
    """:func:`win_changes` and the ``HandValue`` it settled."""
    if rules is None:
        rules = _base_rules(win.three_player, rules)
    if rules.pao_honba != pao_honba:
        rules = rules.replace(pao_honba=pao_honba)
    s = win.situation
    table = settle.TableState(win.dealer, s.round_wind, s.honba_paid, s.riichi_sticks, None,
                              3 if win.three_player else 4)
    value = _hand_value(win, c)
    won = settle.settle_win(table, [settle.Win(win.winner, value, win.discarder,
                                               win.recorded.pao)], (), rules)
    return won.payments, value


def noten_changes(tenpai: Iterable[int], n: int = 4, pool: int | None = None) -> tuple[int, ...]:
    """Noten payments of an exhaustive draw: ``pool`` from the noten to the tenpai seats.

    ``pool`` defaults to the ``tenhou`` (3000) or ``tenhou_3p`` (2000) preset's.

    >>> noten_changes((0, 2)), noten_changes((0, 1, 3)), noten_changes(())
    ((1500, -1500, 1500, -1500), (1000, 1000, -3000, 1000), (0, 0, 0, 0))
    >>> noten_changes((1,), 3), noten_changes((1,), 3, pool=3000)
    ((-1000, 2000, -1000), (-1500, 3000, -1500))
    """
    rules = config.TENHOU_3P if n == 3 else config.TENHOU
    if pool is not None:
        rules = rules.replace(noten_payment=pool)
    return settle.settle_exhaustive_draw(settle.TableState(n_players=n), tuple(tenpai),
                                         rules=rules).payments


def nagashi_changes(seats: Iterable[int], dealer: int, n: int = 4) -> tuple[int, ...]:
    """Nagashi mangan paid as a mangan tsumo by each seat in ``seats`` (no counters).

    >>> nagashi_changes((2,), dealer=3)
    (-2000, -2000, 8000, -4000)
    """
    rules = config.TENHOU_3P if n == 3 else config.TENHOU
    return settle.settle_exhaustive_draw(settle.TableState(dealer=dealer, n_players=n),
                                         nagashi=tuple(seats), rules=rules).payments


#: record draw kinds -> abortive draw names of riichi_fast.settle
_ABORTIVE_NAMES = {
    DrawKind.KYUUSHU: "kyuushu_kyuuhai",
    DrawKind.SUUFON: "suufon_renda",
    DrawKind.SUUCHA_RIICHI: "suucha_riichi",
    DrawKind.SANCHAHOU: "sanchahou",
    DrawKind.SUUKAIKAN: "suukaikan",
}


def _settle_draw(draw: RecordedDraw, rules, table=None, declared=()):
    """The :class:`riichi_fast.settle.Settlement` of a draw, or ``None`` (tenpai seats unknown)."""
    rules = _base_rules(draw.n_players == 3, rules)
    if table is None:
        table = settle.TableState(dealer=draw.dealer, honba=draw.honba, n_players=draw.n_players)
    if draw.kind in DrawKind.ABORTIVE:
        return settle.settle_abortive_draw(table, _ABORTIVE_NAMES[draw.kind], rules,
                                           riichi_declared=declared)
    if draw.kind == DrawKind.NAGASHI_MANGAN:
        if not draw.nagashi:
            return None
        # tenhou.net/6 does not list the tenpai seats of a nagashi: the riichi seats are
        # tenpai by force (the dealer's repeat is then unknown; check_draw skips it)
        tenpai = declared if draw.tenpai is None else draw.tenpai
        return settle.settle_exhaustive_draw(table, tenpai, declared, draw.nagashi, rules)
    if draw.tenpai is None:
        return None
    return settle.settle_exhaustive_draw(table, draw.tenpai, declared, (), rules)


def draw_changes(draw: RecordedDraw, rules=None) -> tuple[int, ...] | None:
    """Per-seat changes of a draw, or ``None`` when the record lacks the tenpai seats."""
    s = _settle_draw(draw, rules)
    return None if s is None else s.payments


def _round_table(rnd: Round, n: int):
    """The :class:`riichi_fast.settle.TableState` at the start of ``rnd``."""
    scores = tuple(rnd.scores) if rnd.scores and len(rnd.scores) == n else None
    return settle.TableState(rnd.dealer, rnd.round_wind, rnd.honba, rnd.riichi_sticks, scores, n)
