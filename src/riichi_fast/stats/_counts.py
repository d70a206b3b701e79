"""The counters of game statistics and the small rules they are counted by.

:class:`Counts` holds the integer counters and sums of :class:`riichi_fast.stats.Stats`
(which adds the counting of a game); the compiled fold (``stats._fold``) and its twin
add their totals into one.  The draw keys, limit names, placements and final scores
here are the ones every path counts by: the Python counting, the fold, the export
tables and the pure-Python twin of the mjlog scan.
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import unquote

from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.records.model import DrawKind, Game
from riichi_fast.stats._extras import check_game

__all__ = ["DRAW_KEYS", "LIMIT_NAMES", "OPEN_CALLS", "PLAYER_KEYS", "ROW_WIDTH", "Counts", "PlayerStats",
           "final_scores", "limit_code", "materialise", "placements", "riichi_and_calls"]

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

OPEN_CALLS = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN)
"""The calls that open a hand (a player's ``calls`` counts hands with one)."""

ROW_WIDTH = 16
"""int32 columns of a statistics row (``records.mjlog._scan.stats_mjlog`` writes them, the fold reads them)."""

PLAYER_KEYS = ("games", "hands", "riichi", "calls", "wins", "tsumo", "ron", "deal_ins",
               "win_points", "win_points_n", "deal_in_points", "deal_in_points_n", "pao",
               "placement_sum", "final_score_sum")
"""A player's counters, in the column order of the fold's player table (``Fold.take``)."""


class PlayerStats:
    """Integer counters of one player (what they count: :mod:`riichi_fast.stats._aggregate`)."""

    __slots__ = (*PLAYER_KEYS, "places")

    def __init__(self) -> None:
        for name in PLAYER_KEYS:
            setattr(self, name, 0)
        self.places: Counter = Counter()

    def merge(self, other: PlayerStats) -> PlayerStats:
        for name in PLAYER_KEYS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.places.update(other.places)
        return self

    def __eq__(self, other) -> bool:
        return isinstance(other, PlayerStats) and self.state() == other.state()

    def state(self) -> dict:
        d = {name: getattr(self, name) for name in PLAYER_KEYS}
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


def _sorted_keys(c: Counter) -> dict:
    return {k: c[k] for k in sorted(c, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))}


_COUNTERS = ("draws", "yaku", "han", "fu", "han_fu", "limit", "points", "waits")
_INTS = ("games", "hands", "wins", "tsumo", "ron", "multi_ron", "pao", "wins_rescored")


class Counts:
    """The counters of a set of games, which merge by adding: the base of
    :class:`riichi_fast.stats.Stats`, and what the fold (``stats._fold``) adds its totals into.

    >>> c = Counts()
    >>> c.games, c.to_dict()["wins"]
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
        # player rows the fold added (``Fold.take_into``), made into PlayerStats when
        # ``players`` is first read: (keys, int64 table) per batch
        self._pending: list = []
        self.unreadable: list[tuple[str, str]] = []

    @property
    def players(self) -> dict[str, PlayerStats]:
        """Each player's counters by name."""
        if self._pending:
            pending, self._pending = self._pending, []
            for keys, table in pending:
                materialise(self._players, keys, table)
        return self._players

    def player(self, name: str) -> PlayerStats:
        p = self.players.get(name)
        if p is None:
            p = self.players[name] = PlayerStats()
        return p

    def merge(self, other: Counts) -> Counts:
        """Add ``other`` into this one (and return it)."""
        if not isinstance(other, Counts):
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
        return isinstance(other, Counts) and self.state() == other.state()

    def state(self) -> dict:
        """Every counter, with the lists sorted: equal states = equal statistics."""
        d = {name: getattr(self, name) for name in _INTS}
        for name in _COUNTERS:
            d[name] = dict(sorted(getattr(self, name).items()))
        d["players"] = {k: p.state() for k, p in sorted(self.players.items())}
        d["unreadable"] = sorted(self.unreadable)
        return d

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


def _unquote(value: bytes) -> str:
    """``urllib.parse.unquote`` of an ASCII attribute value (Tenhou writes every character
    of a name as ``%XX``: those are undone at once)."""
    digits = value.replace(b"%", b"")
    # "%XY" groups only: a "%" every third byte, two ASCII letters or digits after each
    if 3 * len(digits) == 2 * len(value) and digits.isalnum() and not value[::3].strip(b"%"):
        try:  # hex digits (fromhex refuses anything else)
            return bytes.fromhex(digits.decode("ascii")).decode("utf-8", "replace")
        except ValueError:
            pass
    return unquote(value.decode("utf-8"))


def materialise(players: dict, keys: list, table) -> None:
    """Add a folded batch's player rows (``table[i]`` the counters of ``keys[i]``, a raw
    name or a ``seat i`` str: :data:`PLAYER_KEYS` then the four placements) into ``players``."""
    nk = len(PLAYER_KEYS)
    new = PlayerStats.__new__
    new_counter = Counter.__new__  # an empty Counter (its __init__ only adds what it is given)
    unquote_ = _unquote
    for key, row in zip(keys, table.tolist()):
        name = key if type(key) is str else unquote_(key)
        p = players.get(name)
        if p is None:  # a new player: its counters are this batch's
            p = players[name] = new(PlayerStats)
            (p.games, p.hands, p.riichi, p.calls, p.wins, p.tsumo, p.ron, p.deal_ins,
             p.win_points, p.win_points_n, p.deal_in_points, p.deal_in_points_n, p.pao,
             p.placement_sum, p.final_score_sum, a, b, c, d) = row
            places = p.places = new_counter(Counter)
            if a:
                places[1] = a
            if b:
                places[2] = b
            if c:
                places[3] = c
            if d:
                places[4] = d
            continue
        for attr, v in zip(PLAYER_KEYS, row):
            setattr(p, attr, getattr(p, attr) + v)
        for k, v in enumerate(row[nk:], 1):
            if v:
                p.places[k] += v


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


def riichi_and_calls(rnd) -> tuple[int, int]:
    """Bit masks of the seats that declared riichi in the round ``rnd`` and of those that
    made a chi, pon or open kan (:data:`OPEN_CALLS`); a seat past the players' is a bit
    nobody reads.

    >>> from riichi_fast.records import Round
    >>> riichi_and_calls(Round(0, 0, 0, 0, 0, 0, (25000,) * 4, (0,), ((),) * 4))
    (0, 0)
    """
    riichi = called = 0
    for ev in rnd.events:
        seat = ev.seat
        if not isinstance(seat, int) or seat < 0:  # an event of no seat counts for none
            continue
        if ev.type == "riichi":
            riichi |= 1 << seat
        elif ev.type == "call" and ev.meld is not None and ev.meld.type in OPEN_CALLS:
            called |= 1 << seat
    return riichi, called


def final_scores(game: Game) -> tuple[int, ...] | None:
    """Scores at the end of a game (sticks left on the table go to the first place).

    ``None`` for a game without rounds.
    """
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
