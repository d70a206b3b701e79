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

_wl = _backend.load("wall")

__all__ = ["LAYOUTS", "Wall", "seeded_wall", "tenhou_walls"]

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
    unbiased bounds (see ``riichi_fast._wall``).

    >>> seeded_wall(1) == seeded_wall(1), seeded_wall(1) == seeded_wall(1, hand=1)
    (True, False)
    """
    tiles, dice = _wl.seeded_wall(seed, hand, n_players)
    return Wall._trusted(tiles, dice, n_players)
