"""Plain data read from game records: games, rounds, events, wins and draws.

Every reader (:mod:`.mjlog`, :mod:`.tenhou6`, :mod:`.mjai`) produces these
dataclasses.  Tiles are Tenhou 136-ids everywhere (``kind = id // 4``; with red
fives on, ids 16, 52 and 88 are the red ones, as in ``docs/INTERNALS.md``).
Seats are absolute (0-3, the seat order of the record); winds are 0-3 for
East, South, West, North.

What a record says about a win is kept apart from what the reader derived
from the game's events: :class:`Situation` is the derived context a scorer
needs, :class:`RecordedScore` is what the platform wrote down.

The module imports only the core (``enums``, ``tiles``, ``hand``): it is the data layer
of ``records/`` that the compiled readers and their twins in ``reference/records`` build
as well (with :func:`built`), and it turns a win into a core :class:`~riichi_fast.hand.Hand`
(:func:`to_hand`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from riichi_fast.enums import MeldType
from riichi_fast.hand import Hand, Meld
from riichi_fast.tiles import format_tiles

__all__ = [
    "DrawKind",
    "Event",
    "Game",
    "GameRules",
    "RecordMeld",
    "RecordedDraw",
    "RecordedScore",
    "RecordedWin",
    "Round",
    "Situation",
    "tile_name",
]

_SUITS = "mps"


def tile_name(tile_id: int, red_fives: bool = True) -> str:
    """The mpsz name of a 136-id (``0m/0p/0s`` for a red five).

    >>> tile_name(16), tile_name(17), tile_name(108), tile_name(16, red_fives=False)
    ('0m', '5m', '1z', '5m')
    """
    kind = tile_id // 4
    if kind >= 27:
        return f"{kind - 26}z"
    number = kind % 9 + 1
    if red_fives and number == 5 and tile_id % 4 == 0:
        number = 0
    return f"{number}{_SUITS[kind // 9]}"


def tiles_mpsz(tile_ids, red_fives: bool = True) -> str:
    """Compact mpsz string of 136-ids, sorted by kind (red fives first within 5s).

    >>> tiles_mpsz([0, 4, 8, 16, 17, 108, 109])
    '12305m11z'
    """
    return format_tiles(list(tile_ids), red=None if red_fives else 0)


@dataclass(frozen=True)
class GameRules:
    """Rule flags a record states (mjlog ``<GO type>``, tenhou6 ``rule``)."""

    red_fives: bool = True
    """One red five per suit (ids 16, 52, 88)."""
    open_tanyao: bool = True
    """Tanyao counts on an open hand."""
    three_player: bool = False
    """Three-player game (sanma)."""
    hanchan: bool = True
    """East-South game (else East only)."""
    type_flags: int | None = None
    """The raw mjlog ``GO type`` bit field, when the record has one."""


@dataclass(frozen=True)
class RecordMeld:
    """One meld of a record, decoded to 136-ids.

    ``tiles`` are every tile of the meld (4 for kans, 1 for kita), sorted.
    ``called`` is the 136-id taken from another player (``None`` for an ankan
    or kita); ``from_seat`` is that player's absolute seat.  For a shouminkan
    (kakan), ``called``/``from_seat`` are those of the pon it extends and
    ``added`` is the tile added from the hand.
    """

    type: MeldType
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    added: int | None = None
    code: int | None = None
    """The Tenhou meld code, when the record used that encoding."""

    @property
    def kind(self) -> int:
        """The kind of the meld (lowest kind for a chi)."""
        return min(self.tiles) // 4

    @property
    def opened(self) -> bool:
        """False for an ankan (and kita), True for every called meld."""
        return self.type in (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN,
                             MeldType.SHOUMINKAN)

    def mpsz(self, red_fives: bool = True) -> str:
        """The meld's tiles as an mpsz string."""
        return tiles_mpsz(self.tiles, red_fives)


@dataclass(frozen=True)
class Event:
    """One step of a round, in record order.

    ``type`` is one of ``draw``, ``discard``, ``call`` (chi, pon, any kan,
    kita; ``meld`` set), ``riichi`` (declaration), ``riichi_accepted`` (stick
    paid), ``dora`` (a new indicator, ``tile``), ``win``, ``end`` (a draw).
    """

    type: str
    seat: int | None = None
    tile: int | None = None
    meld: RecordMeld | None = None
    tsumogiri: bool | None = None


@dataclass(frozen=True)
class Situation:
    """The context of a win, derived from the events of its round."""

    tsumo: bool
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0
    """0-3 = East..North."""
    round_wind: int = 0
    """0-3 = East..North."""
    dora_indicators: tuple[int, ...] = ()
    """136-ids, first indicator then kan-dora, in the order they were revealed."""
    ura_indicators: tuple[int, ...] = ()
    """136-ids (only known when the record shows them: a riichi winner)."""
    honba: int = 0
    """Counters of the round."""
    riichi_sticks: int = 0
    """Sticks on the table that this win collects (0 for the second winner of
    a double ron on Tenhou)."""
    honba_paid: int = 0
    """Counters paid to this winner (0 for the second winner of a double ron
    on Tenhou)."""

    @property
    def dealer(self) -> bool:
        """The winner is the dealer."""
        return self.seat_wind == 0


@dataclass(frozen=True)
class RecordedScore:
    """What the platform wrote down for a win (missing items are ``None``)."""

    han: int | None = None
    """Total han including dora (``None`` for a yakuman)."""
    fu: int | None = None
    points: int | None = None
    """The hand's value without counters or sticks (mjlog ``ten``)."""
    limit: int | None = None
    """mjlog limit code: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman."""
    yaku: tuple[tuple[int, int], ...] = ()
    """(Tenhou yaku id, han) pairs of ordinary yaku, dora ids 52-54 excluded."""
    yakuman: tuple[int, ...] = ()
    """Tenhou yaku ids of the yakuman (a yakuman counted twice appears twice)."""
    dora: int | None = None
    ura: int | None = None
    aka: int | None = None
    score_changes: tuple[int, ...] | None = None
    """Per-seat change in points (counters and sticks included)."""
    scores_before: tuple[int, ...] | None = None
    pao: int | None = None
    """Seat of the liable player (pao), if any."""
    text: str | None = None
    """The platform's own summary line, if any (tenhou6 ``"30符4飜7700点"``)."""


@dataclass(frozen=True)
class RecordedWin:
    """One win of a record: the hand, its derived situation, what was recorded."""

    source: str
    """File name and round label, for messages."""
    round_index: int
    winner: int
    discarder: int | None
    """``None`` on tsumo."""
    closed: tuple[int, ...]
    """Closed tiles including the winning tile (136-ids)."""
    melds: tuple[RecordMeld, ...]
    win_tile: int
    situation: Situation
    recorded: RecordedScore
    dealer: int
    red_fives: bool = True
    three_player: bool = False
    multi_ron_index: int = 0
    """0 for a single win or the first winner of a multiple ron, 1, 2 for the next."""
    ura_known: bool = True
    """False when the record does not show the ura indicators."""

    @property
    def tsumo(self) -> bool:
        return self.discarder is None

    def mpsz(self) -> str:
        """The hand as ``closed`` mpsz + melds, e.g. ``'23455m678p + 777z(pon)'``."""
        parts = [tiles_mpsz(self.closed, self.red_fives)]
        for m in self.melds:
            parts.append(f"{m.mpsz(self.red_fives)}({m.type.name.lower()})")
        return " + ".join(parts)

    @property
    def hand(self):
        """The hand as a :class:`riichi_fast.hand.Hand` (:func:`to_hand`)."""
        return to_hand(self)


class DrawKind:
    """Names of the ways a round ends without a win."""

    EXHAUSTIVE = "exhaustive"
    NAGASHI_MANGAN = "nagashi_mangan"
    KYUUSHU = "kyuushu"
    SUUFON = "suufon"
    SUUCHA_RIICHI = "suucha_riichi"
    SANCHAHOU = "sanchahou"
    SUUKAIKAN = "suukaikan"
    ABORTIVE = (KYUUSHU, SUUFON, SUUCHA_RIICHI, SANCHAHOU, SUUKAIKAN)


@dataclass(frozen=True)
class RecordedDraw:
    """A round that ended without a win, with what was recorded."""

    source: str
    round_index: int
    kind: str
    """One of the :class:`DrawKind` names."""
    dealer: int
    honba: int
    riichi_sticks: int
    tenpai: tuple[int, ...] | None = ()
    """Seats tenpai at an exhaustive draw (or a nagashi mangan); ``None`` when
    the record does not say, ``()`` for an abortive draw."""
    shown: tuple[int, ...] = ()
    """Seats whose hands the record shows (mjlog ``hai0..3``)."""
    nagashi: tuple[int, ...] = ()
    """Seats paid a nagashi mangan."""
    score_changes: tuple[int, ...] | None = None
    scores_before: tuple[int, ...] | None = None
    n_players: int = 4


@dataclass
class Round:
    """One hand (kyoku) of a game."""

    index: int
    round_wind: int
    """0-3 = East..North round."""
    kyoku: int
    """0-3: which hand of the round wind (East 1 = 0)."""
    dealer: int
    honba: int
    riichi_sticks: int
    """Sticks on the table when the round starts."""
    scores: tuple[int, ...]
    """Scores when the round starts."""
    dora_indicators: tuple[int, ...]
    """Indicators at the start (one); kan-dora appear as ``dora`` events."""
    initial_hands: tuple[tuple[int, ...], ...]
    events: list[Event] = field(default_factory=list)
    wins: list[RecordedWin] = field(default_factory=list)
    draw: RecordedDraw | None = None

    @property
    def label(self) -> str:
        """``E1-0`` style label: round wind, hand number, counters."""
        return f"{'ESWN'[self.round_wind]}{self.kyoku + 1}-{self.honba}"


@dataclass
class Game:
    """A whole game read from a record."""

    source: str
    format: str
    """``mjlog``, ``tenhou6`` or ``mjai``."""
    rules: GameRules
    players: tuple[str, ...]
    rounds: list[Round] = field(default_factory=list)
    final_scores: tuple[int, ...] | None = None
    """Scores at the end of the game as the record states them (mjlog ``owari``;
    leftover riichi sticks included), ``None`` when it does not."""
    final_points: tuple[float, ...] | None = None
    """The final points (uma and oka included) the record states, or ``None``."""

    @property
    def wins(self) -> list[RecordedWin]:
        """Every win of the game, in order."""
        return [w for r in self.rounds for w in r.wins]

    @property
    def draws(self) -> list[RecordedDraw]:
        """Every round that ended without a win."""
        return [r.draw for r in self.rounds if r.draw is not None]


def to_meld(meld: RecordMeld, winner: int, n_players: int = 4) -> Meld:
    """A :class:`riichi_fast.hand.Meld` from a record meld of seat ``winner``.

    The hand module counts the discarder relative to the owner (1 = right,
    2 = across, 3 = left); records store absolute seats.

    >>> to_meld(RecordMeld(MeldType.PON, (0, 1, 2), 2, 1), winner=0).from_seat
    1
    """
    if meld.type in (MeldType.ANKAN, MeldType.KITA):
        return Meld(meld.type, meld.tiles)
    rel = (meld.from_seat - winner) % n_players if meld.from_seat is not None else 3
    if n_players == 3 and rel == 2:
        rel = 3  # three players: the seat before the owner is on the left
    return Meld(meld.type, meld.tiles, meld.called, rel)


def to_hand(win: RecordedWin) -> Hand:
    """The :class:`riichi_fast.hand.Hand` of a :class:`RecordedWin`.

    >>> win = RecordedWin("x", 0, 0, None, tuple(range(0, 56, 4)), (), 52, Situation(True),
    ...                   RecordedScore(), 0)
    >>> to_hand(win).closed == tuple(range(0, 56, 4))
    True
    """
    n = 3 if win.three_player else 4
    melds = tuple(to_meld(m, win.winner, n) for m in win.melds)
    red = (1 if not win.three_player else {"5p": 1, "5s": 1}) if win.red_fives else 0
    return Hand(win.closed, melds, red)


# ---------------------------------------------------------------------------
# Building the model's objects in bulk (the readers make ~1,000 a game)

_onew = object.__new__

# The fields of the model's dataclasses that ``built`` makes (checked once here: a change to
# this module fails at import rather than building objects short of a field).
_FIELDS = {
    Situation: ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                "chankan", "tenhou", "chiihou", "seat_wind", "round_wind", "dora_indicators",
                "ura_indicators", "honba", "riichi_sticks", "honba_paid"),
    RecordedWin: ("source", "round_index", "winner", "discarder", "closed", "melds", "win_tile",
                  "situation", "recorded", "dealer", "red_fives", "three_player",
                  "multi_ron_index", "ura_known"),
    RecordedScore: ("han", "fu", "points", "limit", "yaku", "yakuman", "dora", "ura", "aka",
                    "score_changes", "scores_before", "pao", "text"),
    Event: ("type", "seat", "tile", "meld", "tsumogiri"),
}
for _cls, _names in _FIELDS.items():
    if tuple(f.name for f in dataclasses.fields(_cls)) != _names or hasattr(_cls, "__post_init__"):
        raise ImportError(f"records.model.{_cls.__name__} changed: update records.model._FIELDS")


def built(cls, fields: dict):
    """``cls(**fields)`` for a model dataclass of ``_FIELDS`` given every field, without its
    generated ``__init__`` (a frozen dataclass sets each field through ``object.__setattr__``:
    one call per field); the object is equal in every respect.

    >>> built(Event, {"type": "end", "seat": None, "tile": None, "meld": None,
    ...               "tsumogiri": None}) == Event("end")
    True
    """
    obj = _onew(cls)
    obj.__dict__.update(fields)
    return obj
