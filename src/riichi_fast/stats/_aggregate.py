"""Mergeable statistics of game records (the map and reduce steps of :func:`collect`).

A :class:`Stats` holds only integer counters and sums, so two of them merge
by adding (:meth:`Stats.merge`) and the merged result does not depend on
how the files were split into batches or in what order batches finished:
the single-process run and a Dask run over any batching give identical
output.  Rates and averages are computed only when the result is shown
(:meth:`Stats.to_dict`).

What is counted, per game read with :func:`riichi_fast.records.read_record`:

- ``hands``: rounds started (a round the record cuts off counts too);
- ``wins`` = ``tsumo`` + ``ron``: one per winner (each winner of a double
  ron counts); ``draws`` by kind;
- per win, as the record gives them: yaku ids (dora 52, ura 53, red 54
  counted once per win having at least one), han (dora included; a yakuman
  under ``"yakuman"``), fu (non-yakuman wins whose record states it: a
  tenhou.net/6 result line gives none for a mangan or more), limit, the hand's points
  (before counters and sticks); a record that carries no score for a win
  (mjai without yaku lists) is re-scored with the game's rules and counted
  in ``wins_rescored``;
- the wait shape of the reading the scorer chose (``ryanmen``, ``kanchan``,
  ``penchan``, ``shanpon``, ``tanki``, ``kokushi``, ``unknown`` when the
  hand does not score);
- per player (by the name in the record): games, hands, wins, tsumo, ron,
  deal-ins (the discarder of each ron, once per winner), pao (times liable),
  riichi (hands with a riichi declaration), calls (hands with at least one
  chi, pon or open kan), win and deal-in points (hand values), placements and
  final scores.

Final scores are the last hand's starting scores, less the riichi stakes of
that hand, plus its settlement; riichi sticks left on the table go to the
first place (Tenhou's rule).  Placement ties go to the earlier seat.
"""

from __future__ import annotations

from riichi_fast import _backend
from riichi_fast.enums import WaitShape
from riichi_fast.errors import RiichiError
from riichi_fast.records.model import Game, RecordedWin
from riichi_fast.records.verify import rules_for_game, score_win
from riichi_fast.scoring.front import coerce_rules
from riichi_fast.stats._counts import (
    DRAW_KEYS,
    LIMIT_NAMES,
    Counts,
    PlayerStats,
    final_scores,
    limit_code,
    placements,
    riichi_and_calls,
)
from riichi_fast.stats._extras import check_game
from riichi_fast.stats._mjlog_counts import fold_game

_fold = _backend.load("stats._fold")

__all__ = ["DRAW_KEYS", "LIMIT_NAMES", "PlayerStats", "Stats", "final_scores", "game_stats", "limit_code",
           "placements", "wait_name"]


class Stats(Counts):
    """Mergeable statistics of a set of games (see the module docstring).

    >>> s = Stats()
    >>> s.games, s.to_dict()["wins"]
    (0, 0)
    """

    __slots__ = ()

    # -- the map step -------------------------------------------------------
    def add_game(self, game: Game, rules=None, *, fast: bool = True) -> None:
        """Count one game (``rules``: the preset for re-scoring, default the game's own).

        ``fast``: through the compiled fold (:func:`riichi_fast.stats._mjlog_counts.fold_game`) when it
        takes the game, else (and with ``fast=False``) in Python; the same statistics."""
        check_game(game)
        rules = rules_for_game(game, None if rules is None else coerce_rules(rules))
        if fast:
            fold = _fold.Fold()
            k = fold_game(fold, game, rules)
            if k >= 0:
                fold.take_into(self)
                self.wins_rescored += k
                return
        self.games += 1
        n = 3 if game.rules.three_player else 4  # a record may name no player (riichienv mjai)
        names = list(game.players[:n]) + [f"seat {i}" for i in range(len(game.players), n)]
        for name in names:
            self.player(name).games += 1
        for rnd in game.rounds:
            self.hands += 1
            riichi, called = riichi_and_calls(rnd)
            for seat in range(n):
                p = self.player(names[seat])
                p.hands += 1
                p.riichi += riichi >> seat & 1
                p.calls += called >> seat & 1
            if len(rnd.wins) > 1:
                self.multi_ron += 1
            for win in rnd.wins:
                self._add_win(win, names, rules)
            if rnd.draw is not None:
                self.draws[DRAW_KEYS[rnd.draw.kind]] += 1
        finals = final_scores(game)
        if finals is not None:
            for seat, place in enumerate(placements(finals)):
                p = self.player(names[seat])
                p.places[place] += 1
                p.placement_sum += place
                p.final_score_sum += finals[seat]

    def _add_win(self, win: RecordedWin, names, rules) -> None:
        self.wins += 1
        p = self.player(names[win.winner])
        p.wins += 1
        rec = win.recorded
        try:
            computed = score_win(win, rules)
        except RiichiError:  # a hand the scorer rejects: its wait is "unknown"
            computed = None
        ok = computed is not None and computed.status == "ok"
        self.waits[wait_name(computed.result) if ok else "unknown"] += 1
        if rec.han is None and rec.points is None and not rec.yakuman:
            # The record carries no score (mjai without yaku lists): use the scorer's.
            self.wins_rescored += 1
            if ok:
                han = None if computed.yakuman else computed.han
                fu, points, limit = computed.fu, computed.points, computed.limit
                yaku = [y for y, _ in computed.yaku] + list(computed.yakuman)
                dora, ura, aka = computed.dora, computed.ura, computed.aka
                yakuman = bool(computed.yakuman)
            else:
                han = fu = points = limit = dora = ura = aka = None
                yaku, yakuman = [], False
        else:
            yakuman = bool(rec.yakuman)
            han, fu, points, limit = rec.han, rec.fu, rec.points, rec.limit
            yaku = [y for y, _ in rec.yaku] + list(rec.yakuman)
            dora, ura, aka = rec.dora, rec.ura, rec.aka
        for y in set(yaku):
            self.yaku[str(y)] += 1
        for ident, count in ((52, dora), (53, ura), (54, aka)):
            if count:
                self.yaku[str(ident)] += 1
        if yakuman:
            self.han["yakuman"] += 1
        elif han is not None:
            self.han[str(han)] += 1
            if fu is not None:
                self.fu[str(fu)] += 1
                self.han_fu[f"{han},{fu}"] += 1
        if limit is None and han is not None and not yakuman:
            limit = limit_code(han, fu)
        if yakuman:
            limit = 5
        if limit is not None:
            self.limit[LIMIT_NAMES[limit]] += 1
        if points is not None:
            self.points[str(points)] += 1
            p.win_points += points
            p.win_points_n += 1
        if win.discarder is None:
            self.tsumo += 1
            p.tsumo += 1
        else:
            self.ron += 1
            p.ron += 1
            d = self.player(names[win.discarder])
            d.deal_ins += 1
            if points is not None:
                d.deal_in_points += points
                d.deal_in_points_n += 1
        if rec.pao is not None:
            self.pao += 1
            self.player(names[rec.pao]).pao += 1


def wait_name(result) -> str:
    """The wait shape of the scorer's chosen reading (``kokushi`` when it has none)."""
    reading = result.reading
    if reading is None or reading.wait is None:
        return "kokushi"
    return WaitShape(reading.wait).name.lower()


def game_stats(game: Game, rules=None) -> Stats:
    """The statistics of one game.

    >>> from riichi_fast.records import Game, GameRules
    >>> game_stats(Game("x", "mjlog", GameRules(), ("A", "B", "C", "D"))).to_dict()["players"]["A"]["games"]
    1
    """
    s = Stats()
    s.add_game(game, rules)
    return s
