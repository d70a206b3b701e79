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

from collections import Counter

from riichi_fast.enums import MeldType, WaitShape
from riichi_fast.errors import RiichiError
from riichi_fast.records.model import DrawKind, Game, RecordedWin

__all__ = ["DRAW_KEYS", "LIMIT_NAMES", "PlayerStats", "Stats", "final_scores", "game_stats", "placements"]

DRAW_KEYS = {
    DrawKind.EXHAUSTIVE: "exhaustive",
    DrawKind.KYUUSHU: "kyuushu_kyuuhai",
    DrawKind.SUUFON: "suufon_renda",
    DrawKind.SUUCHA_RIICHI: "suucha_riichi",
    DrawKind.SANCHAHOU: "sanchahou",
    DrawKind.SUUKAIKAN: "suukaikan",
    DrawKind.NAGASHI_MANGAN: "nagashi_mangan",
}
"""Model draw kind -> the key of ``draws`` in the statistics."""

LIMIT_NAMES = ("none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Tenhou limit codes 0-5 by name."""

_OPEN_CALLS = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN)
_PLAYER_COUNTS = ("games", "hands", "wins", "tsumo", "ron", "deal_ins", "pao", "riichi", "calls",
                  "win_points", "win_points_n", "deal_in_points", "deal_in_points_n",
                  "placement_sum", "final_score_sum")


class PlayerStats:
    """Integer counters of one player (see the module docstring)."""

    __slots__ = (*_PLAYER_COUNTS, "places")

    def __init__(self) -> None:
        for name in _PLAYER_COUNTS:
            setattr(self, name, 0)
        self.places: Counter = Counter()

    def merge(self, other: PlayerStats) -> PlayerStats:
        for name in _PLAYER_COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.places.update(other.places)
        return self

    def __eq__(self, other) -> bool:
        return isinstance(other, PlayerStats) and self.state() == other.state()

    def state(self) -> dict:
        d = {name: getattr(self, name) for name in _PLAYER_COUNTS}
        d["places"] = dict(sorted(self.places.items()))
        return d

    def to_dict(self) -> dict:
        """Counts, rates (per hand played) and averages of the player."""
        hands = self.hands
        d = {
            "games": self.games,
            "hands": hands,
            "wins": self.wins,
            "tsumo": self.tsumo,
            "ron": self.ron,
            "deal_ins": self.deal_ins,
            "pao": self.pao,
            "riichi": self.riichi,
            "calls": self.calls,
            "win_rate": _ratio(self.wins, hands),
            "deal_in_rate": _ratio(self.deal_ins, hands),
            "riichi_rate": _ratio(self.riichi, hands),
            "call_rate": _ratio(self.calls, hands),
            "avg_win_points": _ratio(self.win_points, self.win_points_n, 1),
            "avg_deal_in_points": _ratio(self.deal_in_points, self.deal_in_points_n, 1),
            "avg_placement": _ratio(self.placement_sum, self.games, 4),
            "avg_final_score": _ratio(self.final_score_sum, self.games, 1),
            "placements": {str(k): v for k, v in sorted(self.places.items())},
        }
        return d


def _ratio(a: int, b: int, digits: int = 6):
    return round(a / b, digits) if b else None


_COUNTERS = ("draws", "yaku", "han", "fu", "han_fu", "limit", "points", "waits")
_INTS = ("games", "hands", "wins", "tsumo", "ron", "multi_ron", "pao", "wins_rescored")


class Stats:
    """Mergeable statistics of a set of games (see the module docstring).

    >>> s = Stats()
    >>> s.games, s.to_dict()["wins"]
    (0, 0)
    """

    __slots__ = (*_INTS, *_COUNTERS, "_players", "_pending", "unreadable")

    def __init__(self) -> None:
        for name in _INTS:
            setattr(self, name, 0)
        for name in _COUNTERS:
            setattr(self, name, Counter())
        self.draws.update({k: 0 for k in DRAW_KEYS.values()})
        self._players: dict[str, PlayerStats] = {}
        # player rows the compiled path folded (riichi_fast.stats._mjlog_counts), made into
        # PlayerStats when ``players`` is first read: (keys, int64 table) per batch
        self._pending: list = []
        self.unreadable: list[tuple[str, str]] = []

    @property
    def players(self) -> dict[str, PlayerStats]:
        """Each player's counters by name."""
        if self._pending:
            from riichi_fast.stats._mjlog_counts import materialise

            pending, self._pending = self._pending, []
            for keys, table in pending:
                materialise(self._players, keys, table)
        return self._players

    def player(self, name: str) -> PlayerStats:
        p = self.players.get(name)
        if p is None:
            p = self.players[name] = PlayerStats()
        return p

    def merge(self, other: Stats) -> Stats:
        """Add ``other`` into this one (and return it)."""
        if not isinstance(other, Stats):
            raise RiichiError(f"can only merge Stats, got {type(other).__name__}")
        for name in _INTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in _COUNTERS:
            getattr(self, name).update(getattr(other, name))
        if other is self:
            self.players  # noqa: B018 - made now: the loop below reads the dict it would fill
        for name, p in other._players.items():
            self.player(name).merge(p)
        self._pending.extend(other._pending)  # tables are never written to: shared
        self.unreadable.extend(other.unreadable)
        return self

    def __eq__(self, other) -> bool:
        return isinstance(other, Stats) and self.state() == other.state()

    def state(self) -> dict:
        """Every counter, with the lists sorted: equal states = equal statistics."""
        d = {name: getattr(self, name) for name in _INTS}
        for name in _COUNTERS:
            d[name] = dict(sorted(getattr(self, name).items()))
        d["players"] = {k: p.state() for k, p in sorted(self.players.items())}
        d["unreadable"] = sorted(self.unreadable)
        return d

    # -- the map step -------------------------------------------------------
    def add_game(self, game: Game, rules=None, *, fast: bool = True) -> None:
        """Count one game (``rules``: the preset for re-scoring, default the game's own).

        ``fast``: through the compiled fold (``riichi_fast.stats._mjlog_counts.fold_game``) when it
        takes the game, else (and with ``fast=False``) in Python; the same statistics."""
        from riichi_fast.records.verify import rules_for_game
        from riichi_fast.scoring.front import coerce_rules
        from riichi_fast.stats._extras import check_game

        check_game(game)
        rules = rules_for_game(game, None if rules is None else coerce_rules(rules))
        if fast:
            from riichi_fast.stats._mjlog_counts import fold_game, fold_module

            fold = fold_module().Fold()
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
            riichi, called = set(), set()
            for ev in rnd.events:
                if ev.type == "riichi":
                    riichi.add(ev.seat)
                elif ev.type == "call" and ev.meld is not None and ev.meld.type in _OPEN_CALLS:
                    called.add(ev.seat)
            for seat in range(n):
                p = self.player(names[seat])
                p.hands += 1
                p.riichi += seat in riichi
                p.calls += seat in called
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
        from riichi_fast.records.verify import score_win

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

    # -- output ---------------------------------------------------------------
    def to_dict(self) -> dict:
        """The statistics as plain JSON-ready data (rates and averages included)."""
        totals = PlayerStats()
        for p in self.players.values():
            totals.merge(p)
        corpus = totals.to_dict()
        return {
            "games": self.games,
            "hands": self.hands,
            "wins": self.wins,
            "tsumo": self.tsumo,
            "ron": self.ron,
            "multi_ron": self.multi_ron,
            "pao": self.pao,
            "wins_rescored": self.wins_rescored,
            "draws": {k: self.draws[k] for k in DRAW_KEYS.values()},
            "win_rate": corpus["win_rate"],
            "deal_in_rate": corpus["deal_in_rate"],
            "riichi_rate": corpus["riichi_rate"],
            "call_rate": corpus["call_rate"],
            "avg_win_points": corpus["avg_win_points"],
            "avg_deal_in_points": corpus["avg_deal_in_points"],
            "avg_final_score": corpus["avg_final_score"],
            "yaku": _sorted_keys(self.yaku),
            "han": _sorted_keys(self.han),
            "fu": _sorted_keys(self.fu),
            "han_fu": dict(sorted(self.han_fu.items(), key=lambda kv: tuple(map(int, kv[0].split(","))))),
            "limit": {k: self.limit[k] for k in LIMIT_NAMES if self.limit[k]},
            "points": _sorted_keys(self.points),
            "waits": dict(sorted(self.waits.items())),
            "players": {name: p.to_dict() for name, p in sorted(self.players.items())},
            "unreadable": [{"path": path, "error": err} for path, err in sorted(self.unreadable)],
        }


def _sorted_keys(c: Counter) -> dict:
    return {k: c[k] for k in sorted(c, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))}


def wait_name(result) -> str:
    """The wait shape of the scorer's chosen reading (``kokushi`` when it has none)."""
    reading = result.reading
    if reading is None or reading.wait is None:
        return "kokushi"
    return WaitShape(reading.wait).name.lower()


def limit_code(han: int, fu: int | None) -> int:
    """Tenhou's limit code from han and fu (no kiriage mangan).

    >>> limit_code(4, 30), limit_code(4, 40), limit_code(3, 70), limit_code(6, 30), limit_code(13, 30)
    (0, 1, 1, 2, 5)
    """
    if han >= 13:
        return 5
    if han >= 11:
        return 4
    if han >= 8:
        return 3
    if han >= 6:
        return 2
    if han >= 5 or (fu is not None and fu * 2 ** (han + 2) >= 2000):
        return 1
    return 0


def final_scores(game: Game) -> tuple[int, ...] | None:
    """Scores at the end of a game (sticks left on the table go to the first place).

    ``None`` for a game without rounds.
    """
    from riichi_fast.stats._extras import check_game

    check_game(game)
    if not game.rounds:
        return None
    last = game.rounds[-1]
    n = len(last.scores)
    scores = list(last.scores)
    staked = 0
    for ev in last.events:
        if ev.type == "riichi_accepted":
            scores[ev.seat] -= 1000
            staked += 1
    changes = [w.recorded.score_changes for w in last.wins]
    if last.draw is not None:
        changes.append(last.draw.score_changes)
    for ch in changes:
        if ch is not None:
            for i in range(n):
                scores[i] += ch[i]
    if not last.wins:
        left = last.riichi_sticks + staked
        if left:
            scores[placements(scores).index(1)] += 1000 * left
    return tuple(scores)


def placements(scores) -> tuple[int, ...]:
    """Place of each seat (1 = first) by score, ties to the earlier seat.

    >>> placements((25000, 30000, 25000, 20000))
    (2, 1, 3, 4)
    """
    try:
        scores = [int(s) for s in scores]  # a str or a float with a fraction is not a score
        if any(isinstance(s, bool) for s in scores):
            raise TypeError
    except (TypeError, ValueError, OverflowError):
        raise RiichiError(f"scores must be a sequence of ints, got {scores!r}") from None
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    places = [0] * len(scores)
    for place, seat in enumerate(order, 1):
        places[seat] = place
    return tuple(places)


def game_stats(game: Game, rules=None) -> Stats:
    """The statistics of one game.

    >>> from riichi_fast.records import Game, GameRules
    >>> game_stats(Game("x", "mjlog", GameRules(), ("A", "B", "C", "D"))).to_dict()["players"]["A"]["games"]
    1
    """
    s = Stats()
    s.add_game(game, rules)
    return s
