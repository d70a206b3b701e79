"""The export tables ``games``, ``hands``, ``wins``, ``draws``, ``players`` of read games.

Every table is a dict of equal-length column lists (plain Python values; the
list columns ``yaku``, ``tenpai``, ``nagashi`` hold lists of ints).  Seats are
absolute (0-3); per-seat columns are ``delta_0`` .. ``delta_3`` (None for the
fourth seat of a three-player game).  Tiles are mpsz strings (``0m`` is a red five).

``wins``, one row per winner: ``game_id``, ``hand``, ``round_wind``,
``kyoku``, ``honba``, ``winner``, ``from_seat`` (== ``winner`` on tsumo),
``tsumo``, ``multi_ron_index``, ``closed`` (closed tiles with the winning
tile), ``melds`` (``"234m(chi) 777z(pon)"``), ``win_tile``, ``han``, ``fu``,
``points`` (the hand's value as the record gives it, before counters and
sticks), ``limit``, ``yakuman`` (bool), ``yaku`` (ids, yakuman ids included,
dora ids excluded), ``dora``, ``ura``, ``aka``, ``pao``, ``delta_0..3``.
"""

from __future__ import annotations

from riichi_fast.errors import RiichiError
from riichi_fast.records.model import Game, tiles_mpsz
from riichi_fast.stats._collect import _members, _parse_game, read_game
from riichi_fast.stats._counts import DRAW_KEYS, final_scores, placements, riichi_and_calls
from riichi_fast.stats._extras import check_game

__all__ = ["SEATS", "TABLES", "empty_tables", "extend_tables", "game_tables", "tables_of_files"]

SEATS = 4
_DELTAS = [f"delta_{i}" for i in range(SEATS)]
TABLES = {
    "games": ["game_id", "source", "format", "n_players", "hanchan", "red_fives", "hands",
              *[f"player_{i}" for i in range(SEATS)], *[f"final_{i}" for i in range(SEATS)],
              *[f"place_{i}" for i in range(SEATS)]],
    "hands": ["game_id", "hand", "round_wind", "kyoku", "honba", "riichi_sticks", "dealer", "result",
              "wins", "draw_kind", *[f"start_{i}" for i in range(SEATS)]],
    "wins": ["game_id", "hand", "round_wind", "kyoku", "honba", "winner", "from_seat", "tsumo",
             "multi_ron_index", "closed", "melds", "win_tile", "han", "fu", "points", "limit", "yakuman",
             "yaku", "dora", "ura", "aka", "pao", *_DELTAS],
    "draws": ["game_id", "hand", "round_wind", "kyoku", "honba", "kind", "tenpai", "nagashi", *_DELTAS],
    "players": ["game_id", "seat", "name", "final_score", "place", "hands", "wins", "tsumo", "deal_ins",
                "riichi", "calls"],
}
"""Table name -> its columns, in order."""


def _seats(values, n=SEATS):
    values = list(values) if values is not None else []
    return values + [None] * (n - len(values))


def game_tables(game: Game, game_id: str | None = None) -> dict[str, dict[str, list]]:
    """The rows of one game, as ``{table: {column: values}}``.

    >>> from riichi_fast.records import Game, GameRules
    >>> t = game_tables(Game("x.mjlog", "mjlog", GameRules(), ("A", "B", "C", "D")))
    >>> t["games"]["player_2"], t["players"]["name"], t["wins"]["winner"]
    (['C'], ['A', 'B', 'C', 'D'], [])
    """
    check_game(game)
    if game_id is not None and not isinstance(game_id, str):
        raise RiichiError(f"game_id must be a str, got {game_id!r}")
    gid = game.source if game_id is None else game_id
    red = game.rules.red_fives
    n = 3 if game.rules.three_player else 4  # a record may name no player (riichienv mjai)
    t = {name: {c: [] for c in cols} for name, cols in TABLES.items()}

    def row(table, **values):
        for c in TABLES[table]:
            t[table][c].append(values.get(c))

    finals = final_scores(game)
    places = placements(finals) if finals is not None else None
    names = _seats(game.players[:n])
    row("games", game_id=gid, source=game.source, format=game.format, n_players=n,
        hanchan=game.rules.hanchan, red_fives=red, hands=len(game.rounds),
        **{f"player_{i}": names[i] for i in range(SEATS)},
        **{f"final_{i}": v for i, v in enumerate(_seats(finals))},
        **{f"place_{i}": v for i, v in enumerate(_seats(places))})
    per_seat = {k: [0] * n for k in ("hands", "wins", "tsumo", "deal_ins", "riichi", "calls")}
    for rnd in game.rounds:
        common = {"game_id": gid, "hand": rnd.index, "round_wind": rnd.round_wind, "kyoku": rnd.kyoku,
                  "honba": rnd.honba}
        row("hands", **common, riichi_sticks=rnd.riichi_sticks, dealer=rnd.dealer,
            result="win" if rnd.wins else "draw" if rnd.draw is not None else "none",
            wins=len(rnd.wins), draw_kind=DRAW_KEYS[rnd.draw.kind] if rnd.draw is not None else None,
            **{f"start_{i}": v for i, v in enumerate(_seats(rnd.scores))})
        riichi, called = riichi_and_calls(rnd)
        for seat in range(n):
            per_seat["hands"][seat] += 1
            per_seat["riichi"][seat] += riichi >> seat & 1
            per_seat["calls"][seat] += called >> seat & 1
        for w in rnd.wins:
            rec = w.recorded
            per_seat["wins"][w.winner] += 1
            if w.discarder is None:
                per_seat["tsumo"][w.winner] += 1
            else:
                per_seat["deal_ins"][w.discarder] += 1
            melds = " ".join(f"{m.mpsz(red)}({m.type.name.lower()})" for m in w.melds)
            row("wins", **common, winner=w.winner, from_seat=w.winner if w.discarder is None else w.discarder,
                tsumo=w.discarder is None, multi_ron_index=w.multi_ron_index,
                closed=tiles_mpsz(w.closed, red), melds=melds, win_tile=tiles_mpsz([w.win_tile], red),
                han=rec.han, fu=rec.fu, points=rec.points, limit=rec.limit, yakuman=bool(rec.yakuman),
                yaku=[y for y, _ in rec.yaku] + list(rec.yakuman), dora=rec.dora, ura=rec.ura, aka=rec.aka,
                pao=rec.pao, **dict(zip(_DELTAS, _seats(rec.score_changes))))
        if rnd.draw is not None:
            d = rnd.draw
            row("draws", **common, kind=DRAW_KEYS[d.kind], tenpai=None if d.tenpai is None else list(d.tenpai),
                nagashi=list(d.nagashi), **dict(zip(_DELTAS, _seats(d.score_changes))))
    for seat in range(n):
        row("players", game_id=gid, seat=seat, name=names[seat],
            final_score=None if finals is None else finals[seat],
            place=None if places is None else places[seat], **{k: v[seat] for k, v in per_seat.items()})
    return t


def empty_tables() -> dict[str, dict[str, list]]:
    """Every table, with no rows."""
    return {name: {c: [] for c in cols} for name, cols in TABLES.items()}


def extend_tables(into: dict, part: dict) -> dict:
    """Add the rows of ``part`` to ``into`` (and return it)."""
    for name, cols in part.items():
        for c, values in cols.items():
            into[name][c].extend(values)
    return into


def tables_of_files(paths: list[str]) -> tuple[dict, list[tuple[str, str]]]:
    """The map step of an export: ``(tables, unreadable)`` for some files.  A file holding
    several records (a zip or tar archive, a Tenhou log database, a share of one) gives
    each of them, with its ``path!member`` name as game id."""
    tables, bad = empty_tables(), []

    def add(name, game, err):
        if game is None:
            bad.append((name, err))
            return
        try:
            extend_tables(tables, game_tables(game, name))
        except RiichiError as exc:
            bad.append((name, f"{type(exc).__name__}: {exc}"))

    for path in paths:
        members = _members(path)
        if members is None:
            add(path, *read_game(path))
            continue
        for name, item in members:
            if isinstance(item, BaseException):
                bad.append((name, f"{type(item).__name__}: {item}"))
            else:
                add(name, *_parse_game(item, name))
    return tables, bad
