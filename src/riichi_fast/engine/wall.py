"""One hand's wall: tiles in Tenhou's order, the deal, live draws, dead wall, indicators.

Layout (Tenhou's, checked against every draw and indicator of the bundled real
games): the wall is a sequence ``tiles`` of ``n`` ids (136, or 108 in
three-player without 2m-8m).  Index 0 is the far end of the dead wall and the
last index the first tile dealt.

- Dead wall: indices ``0 .. 13``.  Rinshan draws in order ``1, 0, 3, 2``
  (three-player, where kita also draws a rinshan tile: ``1, 0, 3, 2, 5, 4,
  7, 6``); dora indicators ``5, 7, 9, 11, 13`` (three-player ``9, 11, 13, 15,
  17``: the last two enter the dead wall as rinshan draws move it) and ura
  indicators one below each (``4, 6, ..``).
- The deal takes tiles from the top index down: four to each seat in turn
  from the dealer, three times, then one to each.
- Live draws continue downward from there; every rinshan draw (kan, kita)
  moves the last live tile up by one (the dead wall keeps its size), so the
  wall is exhausted after ``n - 13 * players - 14 - rinshan draws`` draws.

Games of 2009 (whose seeds are written ``mt19937ar-sha512-n288,`` and
hexadecimal words) used the same shuffle and deal but another dead-wall order,
the ``"tenhou2009"`` layout: rinshan draws ``0, 1, 2, 3``, dora indicators
``4, 6, 8, 10, 12``, ura indicators ``5, 7, ..`` (seen in every such record
bundled; its three-player form is the same pattern extended and unverified).

Dice are kept as dealt (Tenhou derives them from the same random words);
they do not change the order above.
"""

from __future__ import annotations

from collections.abc import Iterator

from riichi_fast import _backend
from riichi_fast.errors import WallError

_wl = _backend.load("engine._wall")

__all__ = ["LAYOUTS", "RecordWallError", "Wall", "record_wall", "seeded_wall", "tenhou_walls"]

_LAYOUTS = {
    # (layout, n_players): (rinshan order, dora indicator positions, ura positions)
    ("tenhou", 4): ((1, 0, 3, 2), (5, 7, 9, 11, 13), (4, 6, 8, 10, 12)),
    ("tenhou", 3): ((1, 0, 3, 2, 5, 4, 7, 6), (9, 11, 13, 15, 17), (8, 10, 12, 14, 16)),
    ("tenhou2009", 4): ((0, 1, 2, 3), (4, 6, 8, 10, 12), (5, 7, 9, 11, 13)),
    ("tenhou2009", 3): ((0, 1, 2, 3, 4, 5, 6, 7), (8, 10, 12, 14, 16), (9, 11, 13, 15, 17)),
}
LAYOUTS = ("tenhou", "tenhou2009")
DEAD_WALL = 14
_IDS = {4: tuple(range(136)), 3: tuple(t for t in range(136) if not 4 <= t < 32)}


class Wall:
    """One hand's wall: ``tiles`` (ids in Tenhou's order), ``dice`` and ``n_players``.

    An explicit wall is checked: it must hold every id in play exactly once.

    >>> w = Wall(range(136), dice=(3, 4))
    >>> w.dora_indicators[0], w.rinshan_tiles, w.live_tiles[0]
    (5, (1, 0, 3, 2), 83)
    >>> Wall([0, 1, 2])
    Traceback (most recent call last):
    ...
    riichi_fast.errors.WallError: a four-player wall holds 136 tiles, got 3
    """

    __slots__ = ("_dice", "_layout", "_n", "_tiles")

    def __init__(self, tiles, dice=(1, 1), n_players=4, layout="tenhou"):
        if type(n_players) is not int or n_players not in (3, 4):
            raise WallError(f"n_players must be 3 or 4, got {n_players!r}")
        if layout not in LAYOUTS:
            raise WallError(f"unknown wall layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
        try:
            ids = bytes(tiles)
        except (TypeError, ValueError):
            raise WallError("a wall is a sequence of tile ids 0..135") from None
        expected = _IDS[n_players]
        if len(ids) != len(expected):
            words = "four" if n_players == 4 else "three"
            raise WallError(f"a {words}-player wall holds {len(expected)} tiles, got {len(ids)}")
        if sorted(ids) != list(expected):
            seen = set()
            for pos, t in enumerate(ids):
                if t not in expected:
                    raise WallError(f"tile id {t} at position {pos} is not in a {n_players}-player wall")
                if t in seen:
                    raise WallError(f"tile id {t} appears twice (again at position {pos})")
                seen.add(t)
        if (
            not isinstance(dice, tuple | list)
            or len(dice) != 2
            or any(type(d) is not int or not 1 <= d <= 6 for d in dice)
        ):
            raise WallError(f"dice must be two ints 1..6, got {dice!r}")
        self._tiles = ids
        self._dice = (dice[0], dice[1])
        self._n = n_players
        self._layout = layout

    @classmethod
    def _trusted(cls, tiles: bytes, dice, n_players: int, layout: str = "tenhou") -> Wall:
        w = cls.__new__(cls)
        w._tiles, w._dice, w._n, w._layout = tiles, dice, n_players, layout
        return w

    @property
    def tiles(self) -> bytes:
        """The ids in Tenhou's order (index 0: far end of the dead wall)."""
        return self._tiles

    @property
    def dice(self) -> tuple[int, int]:
        return self._dice

    @property
    def n_players(self) -> int:
        return self._n

    @property
    def layout(self) -> str:
        """The dead wall's order: ``"tenhou"`` or ``"tenhou2009"``."""
        return self._layout

    @property
    def dead_wall_size(self) -> int:
        """14: every rinshan draw moves the end of the live wall up by one."""
        return DEAD_WALL

    def haipai(self, dealer: int = 0) -> tuple[tuple[int, ...], ...]:
        """Each seat's 13 starting tiles (indexed by seat), in the order dealt.

        >>> Wall(range(136)).haipai(dealer=1)[1][:5]
        (135, 134, 133, 132, 119)
        """
        n = self._n
        if type(dealer) is not int or not 0 <= dealer < n:
            raise WallError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        t = self._tiles
        top = len(t) - 1
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = top
        for _ in range(3):
            for k in range(n):
                seat = (dealer + k) % n
                hands[seat].extend(t[pos - i] for i in range(4))
                pos -= 4
        for k in range(n):
            hands[(dealer + k) % n].append(t[pos])
            pos -= 1
        return tuple(tuple(h) for h in hands)

    @property
    def live_tiles(self) -> tuple[int, ...]:
        """Every live draw in order, before any rinshan draw shortens the wall.

        After ``k`` rinshan draws only the first ``len(live_tiles) - k`` are drawn.
        """
        t = self._tiles
        first = len(t) - 1 - 13 * self._n
        return tuple(t[i] for i in range(first, self.dead_wall_size - 1, -1))

    @property
    def rinshan_tiles(self) -> tuple[int, ...]:
        """The rinshan (replacement) tiles in the order they are drawn."""
        return tuple(self._tiles[i] for i in _LAYOUTS[self._layout, self._n][0])

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """The five dora indicators in the order they are revealed."""
        return tuple(self._tiles[i] for i in _LAYOUTS[self._layout, self._n][1])

    @property
    def ura_indicators(self) -> tuple[int, ...]:
        """The five ura-dora indicators (under each dora indicator)."""
        return tuple(self._tiles[i] for i in _LAYOUTS[self._layout, self._n][2])

    def __eq__(self, other):
        if not isinstance(other, Wall):
            return NotImplemented
        return (self._tiles, self._dice, self._n, self._layout) == (other._tiles, other._dice, other._n, other._layout)

    def __hash__(self):
        return hash((self._tiles, self._dice, self._n, self._layout))

    def __reduce__(self):
        return (Wall, (self._tiles, self._dice, self._n, self._layout))

    def __repr__(self):
        return f"Wall(n_players={self._n}, dice={self._dice}, dora_indicator={self.dora_indicators[0]})"


def tenhou_walls(seed: str, n_players: int = 4) -> Iterator[Wall]:
    """Every hand's wall of a Tenhou game, in order, from its ``SHUFFLE`` seed.

    ``seed`` is the seed attribute of the mjlog's ``SHUFFLE`` tag
    (``"mt19937ar-sha512-n288-base64,..."``; the prefix may be left out).  The
    generator is endless: a game uses one wall per hand, renchan included.  A 2009
    seed (hexadecimal words) gives walls of the ``"tenhou2009"`` layout.

    >>> seed = "mt19937ar-sha512-n288-base64," + "A" * 3328
    >>> w = next(tenhou_walls(seed))
    >>> w.dice, w.dora_indicators[0]
    ((6, 2), 9)
    """
    shuffle = _wl.TenhouShuffle(seed)
    if type(n_players) is not int or n_players not in (3, 4):
        raise WallError(f"n_players must be 3 or 4, got {n_players!r}")

    layout = "tenhou2009" if shuffle.legacy else "tenhou"

    def walls():
        while True:
            tiles, dice = shuffle.next_wall(n_players)
            yield Wall._trusted(tiles, dice, n_players, layout)

    return walls()


def seeded_wall(seed: int, hand: int = 0, n_players: int = 4) -> Wall:
    """Our own wall for an integer ``seed`` and hand number: stable across versions.

    xoshiro256** seeded by splitmix64 from ``(seed, hand)``, Fisher-Yates with
    unbiased bounds (see ``riichi_fast.engine._wall``).

    >>> seeded_wall(1) == seeded_wall(1), seeded_wall(1) == seeded_wall(1, hand=1)
    (True, False)
    """
    tiles, dice = _wl.seeded_wall(seed, hand, n_players)
    return Wall._trusted(tiles, dice, n_players)


class RecordWallError(WallError):
    """A record whose tiles cannot come from one wall; ``event`` is the index of the offending
    event in the round's events (-1: the deal or the first dora indicator)."""

    def __init__(self, message: str, event: int = -1):
        super().__init__(message)
        self.event = event


_REPLACING = frozenset(("DAIMINKAN", "ANKAN", "SHOUMINKAN", "KITA"))
_CLAIMS = frozenset(("CHI", "PON", "DAIMINKAN"))


def record_wall(rnd, n_players: int = 4) -> Wall:
    """The wall a recorded hand implies, for records without a seed (tenhou.net/6, mjai, old mjlogs).

    ``rnd``: a :class:`~riichi_fast.records.Round` of our readers.  In Tenhou's
    layout (module doc): the deal from the initial hands, every draw in record
    order at its place (a draw after the seat's own kan or kita is a rinshan
    draw), the first dora indicator and every kan dora, the ura indicators a
    win shows; the tiles never seen fill the positions left in id order, so the
    wall holds every tile of the game once.  A record no wall can give (a tile
    twice, a discard without a draw or a call, a draw by a seat already holding
    its drawn tile, more draws than the wall holds) raises
    :class:`RecordWallError` naming the event.

    >>> from riichi_fast.records import Round
    >>> w = Wall(range(136))
    >>> rnd = Round(0, 0, 0, 0, 0, 0, (25000,) * 4, (w.dora_indicators[0],), w.haipai(0))
    >>> record_wall(rnd) == w
    True
    """
    if type(n_players) is not int or n_players not in (3, 4):
        raise WallError(f"n_players must be 3 or 4, got {n_players!r}")
    ids = _IDS[n_players]
    size = len(ids)
    known = frozenset(ids)
    rinshan_pos, dora_pos, ura_pos = _LAYOUTS["tenhou", n_players]
    tiles: list = [None] * size
    where: dict = {}

    def put(pos, tile, what, index):
        at = "" if index < 0 else f" at event {index}"
        if type(tile) is not int or tile not in known:
            raise RecordWallError(f"event {index}: {what} is {tile!r}, not a tile of a {n_players}-player game", index)
        if tile in where:
            raise RecordWallError(f"event {index}: {what} is tile {tile}, which is already {where[tile]}", index)
        if tiles[pos] is not None:
            raise RecordWallError(f"event {index}: {what} is tile {tile} at wall position {pos}, which holds "
                                  f"tile {tiles[pos]} ({where[tiles[pos]]})", index)
        tiles[pos] = tile
        where[tile] = what + at

    dealer = rnd.dealer
    if type(dealer) is not int or not 0 <= dealer < n_players:
        raise RecordWallError(f"dealer {dealer!r} is not a seat of a {n_players}-player game")
    hands = rnd.initial_hands
    if len(hands) != n_players or any(len(h) != 13 for h in hands):
        raise RecordWallError(f"the deal is not 13 tiles to each of {n_players} seats: {[len(h) for h in hands]}")
    pos = size - 1
    slots: list = [[] for _ in range(n_players)]
    for count in (4, 4, 4, 1):
        for k in range(n_players):
            slots[(dealer + k) % n_players].extend(range(pos, pos - count, -1))
            pos -= count
    for seat in range(n_players):
        for p, t in zip(slots[seat], hands[seat]):
            put(p, t, f"dealt to seat {seat}", -1)
    if not rnd.dora_indicators:
        raise RecordWallError("the record shows no dora indicator")
    put(dora_pos[0], rnd.dora_indicators[0], "the first dora indicator", -1)
    first = pos  # the first live draw
    n_live_max = first - DEAD_WALL + 1
    n_live = n_rinshan = 0
    n_dora = 1
    holding = [False] * n_players  # drew (or called) and not yet discarded
    rinshan_due = [False] * n_players
    win_events = []
    for i, ev in enumerate(rnd.events):
        t, seat = ev.type, ev.seat
        if t == "draw":
            if rinshan_due[seat]:
                if n_rinshan >= len(rinshan_pos):
                    raise RecordWallError(f"event {i}: seat {seat} draws a rinshan tile past the dead wall's "
                                          f"{len(rinshan_pos)}", i)
                put(rinshan_pos[n_rinshan], ev.tile, f"seat {seat}'s rinshan draw", i)
                n_rinshan += 1
                rinshan_due[seat] = False
            else:
                if holding[seat]:
                    raise RecordWallError(f"event {i}: seat {seat} draws again without a discard "
                                          "(a discard is missing)", i)
                if n_live + n_rinshan >= n_live_max:
                    raise RecordWallError(f"event {i}: seat {seat} draws past the end of the wall "
                                          f"({n_live} live and {n_rinshan} rinshan draws made)", i)
                put(first - n_live, ev.tile, f"seat {seat}'s draw", i)
                n_live += 1
            holding[seat] = True
        elif t == "discard":
            if not holding[seat]:
                raise RecordWallError(f"event {i}: seat {seat} discards {ev.tile} without a draw or a call "
                                      "(a draw is missing)", i)
            holding[seat] = False
        elif t == "call" and ev.meld is not None:
            name = ev.meld.type.name
            if name in _CLAIMS:
                holding[seat] = True
            elif not holding[seat]:
                raise RecordWallError(f"event {i}: seat {seat} makes a {name.lower()} without a draw "
                                      "(a draw is missing)", i)
            if name in _REPLACING:
                rinshan_due[seat] = True
        elif t == "dora":
            if n_dora >= len(dora_pos):
                raise RecordWallError(f"event {i}: a dora indicator past the fifth", i)
            put(dora_pos[n_dora], ev.tile, f"dora indicator {n_dora + 1}", i)
            n_dora += 1
        elif t == "win":
            win_events.append(i)
    for k, win in enumerate(getattr(rnd, "wins", ())):
        index = win_events[k] if k < len(win_events) else len(rnd.events)
        for j, t in enumerate(win.situation.ura_indicators):
            if j >= len(ura_pos):
                raise RecordWallError(f"event {index}: more than five ura indicators", index)
            if tiles[ura_pos[j]] == t and where.get(t, "").startswith("ura"):
                continue  # the winners of a multiple ron see the same ura indicators
            put(ura_pos[j], t, f"ura indicator {j + 1}", index)
    rest = iter(t for t in ids if t not in where)
    for p in range(size):
        if tiles[p] is None:
            tiles[p] = next(rest)
    return Wall._trusted(bytes(tiles), (1, 1), n_players)
