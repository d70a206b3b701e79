"""Furiten (pure-Python twin of ``riichi_fast.analysis._furiten``), RULES.md section 8.

- Discard furiten: a wait of the hand is among the player's own discards.
- Temporary furiten: a winning tile was let pass (another player's discard or
  a chankan chance); no ron until the player's next turn (his draw, or his
  discard after a call).
- Riichi furiten: a winning tile let pass after riichi; permanent for the
  rest of the hand.

A furiten player may still win by tsumo; only ron is barred.
"""

from __future__ import annotations

from riichi_fast.analysis._checks import as_counts, as_kind
from riichi_fast.analysis._rules import analysis_settings
from riichi_fast.errors import ArrayError
from riichi_fast.reference.analysis.decompose import _mpsz  # noqa: F401  (used by the doctests)
from riichi_fast.reference.analysis.waits import waits as _waits
from riichi_fast.tiles import parse_kind, parse_tiles


def _kind_arg(obj, name: str) -> int:
    """A kind from an int 0..33 or a tile name (``"5p"``, ``"0p"``)."""
    if isinstance(obj, str):
        return parse_kind(obj)
    return as_kind(obj, name)


__all__ = ["FuritenState", "is_furiten"]


def _is_counts(obj) -> bool:
    """bytes, bytearray and numpy arrays are 34-counts; lists, tuples and sets are kinds."""
    return isinstance(obj, (bytes, bytearray)) or type(obj).__name__ == "ndarray"


def _kinds_mask(kinds, name: str) -> int:
    if isinstance(kinds, str):
        items = [t // 4 for t in parse_tiles(kinds)]
    elif isinstance(kinds, int):
        raise ArrayError(f"{name} must be an iterable of kinds 0..33 or tile names, got {kinds!r}")
    else:
        try:
            items = list(kinds)
        except TypeError:
            raise ArrayError(f"{name} must be an iterable of kinds 0..33 or tile names, got {kinds!r}") from None
    mask = 0
    for k in items:
        mask |= 1 << _kind_arg(k, f"{name} item")
    return mask


def _wait_mask(wait_kinds_or_counts, n_players: int = 4) -> int:
    if _is_counts(wait_kinds_or_counts):
        return _kinds_mask(_waits(wait_kinds_or_counts, n_players=n_players), "waits")
    return _kinds_mask(wait_kinds_or_counts, "waits")


def _discard_mask(discards) -> int:
    if _is_counts(discards):
        counts = as_counts(discards, "discards")
        return sum(1 << k for k in range(34) if counts[k])
    return _kinds_mask(discards, "discards")


def is_furiten(wait_kinds_or_counts, discards) -> bool:
    """Discard furiten: is any wait among the player's own discards?

    ``wait_kinds_or_counts``: the wait kinds (an iterable of ints or tile
    names, or an mpsz string), or the tenpai-sized closed hand as 34-counts
    (``bytes`` or a uint8 array), whose waits are then computed.
    ``discards``: the player's discarded kinds (as the waits) or their
    34-counts (``bytes`` or a uint8 array).

    >>> is_furiten(_mpsz("123m456p789s1122z"), [0, 27])
    True
    >>> is_furiten((27, 28), _mpsz("3z"))
    False
    >>> is_furiten(["1z", "2z"], "2z3z"), is_furiten("47p", ["5p"])
    (True, False)
    """
    return bool(_wait_mask(wait_kinds_or_counts) & _discard_mask(discards))


class FuritenState:
    """Furiten of one player through a hand, updated event by event.

    >>> state = FuritenState(waits=(2, 5))      # waiting on 3m-6m
    >>> state.pass_tile(5); state.can_ron(5), state.temporary_furiten
    (False, True)
    >>> state.draw(); state.can_ron(5)
    True
    >>> state.riichi(); state.pass_tile(2); state.draw(); state.riichi_furiten, state.can_ron(5)
    (True, False)
    >>> state = FuritenState(waits=["3m", "6m"]); state.discard("6m"); state.furiten, state.can_ron("3m")
    (True, False)

    ``waits``: wait kinds or tile names (or an mpsz string), or a closed
    tenpai-sized hand as 34-counts (its waits are computed).  ``rules`` /
    ``n_players`` (keyword-only, as for :func:`riichi_fast.analysis.waits`)
    decide the three-player waits and whether :meth:`set_hand`'s
    ``meld_counts`` count as held.  Every kind argument accepts a tile name.
    """

    __slots__ = ("_discards", "_in_riichi", "_melds_held", "_n_players", "_riichi_furiten", "_temporary", "_waits")

    def __init__(self, waits=(), *, rules=None, n_players=None):
        self._n_players, self._melds_held, _ = analysis_settings(rules, n_players)
        self._waits = _wait_mask(waits, self._n_players)
        self._discards = 0
        self._temporary = False
        self._in_riichi = False
        self._riichi_furiten = False

    # events ---------------------------------------------------------------

    def draw(self) -> None:
        """The player draws: temporary furiten ends."""
        self._temporary = False

    def discard(self, kind) -> None:
        """The player discards ``kind``: it joins his river; his turn ends a temporary furiten."""
        self._discards |= 1 << _kind_arg(kind, "kind")
        self._temporary = False

    def pass_tile(self, kind) -> None:
        """A winning tile ``kind`` was let pass: temporary furiten, or permanent in riichi."""
        if self._waits >> _kind_arg(kind, "kind") & 1:
            if self._in_riichi:
                self._riichi_furiten = True
            else:
                self._temporary = True

    def riichi(self) -> None:
        """The player declares riichi: from now on a passed winning tile is permanent furiten."""
        self._in_riichi = True

    def set_waits(self, kinds) -> None:
        """Replace the waits (an iterable of kinds or tile names) after the hand changed."""
        self._waits = _kinds_mask(kinds, "waits")

    def set_hand(self, counts, meld_counts=None) -> None:
        """Recompute the waits from a tenpai-sized closed hand (and meld tile counts,
        used when the rules count them as held)."""
        self._waits = _kinds_mask(
            _waits(counts, meld_counts=meld_counts if self._melds_held else None, n_players=self._n_players),
            "waits",
        )

    # queries --------------------------------------------------------------

    @property
    def waits(self) -> tuple[int, ...]:
        """The current wait kinds, ascending."""
        return tuple(k for k in range(34) if self._waits >> k & 1)

    @property
    def wait_mask(self) -> int:
        """The waits as a bitmask (bit k = kind k); settable.

        >>> state = FuritenState(); state.wait_mask = 0b100100; state.waits
        (2, 5)
        """
        return self._waits

    @wait_mask.setter
    def wait_mask(self, mask: int) -> None:
        if not isinstance(mask, int) or not 0 <= mask < (1 << 34):
            raise ArrayError(f"wait_mask must be a 34-bit mask, got {mask!r}")
        self._waits = mask

    @property
    def discard_kinds(self) -> tuple[int, ...]:
        """The kinds in the player's river, ascending."""
        return tuple(k for k in range(34) if self._discards >> k & 1)

    @property
    def in_riichi(self) -> bool:
        return self._in_riichi

    @property
    def discard_furiten(self) -> bool:
        """A wait is among the player's own discards."""
        return bool(self._waits & self._discards)

    @property
    def temporary_furiten(self) -> bool:
        """A winning tile was let pass since the player's last turn."""
        return self._temporary

    @property
    def riichi_furiten(self) -> bool:
        """A winning tile was let pass after riichi (permanent)."""
        return self._riichi_furiten

    @property
    def furiten(self) -> bool:
        """Any kind of furiten: the player cannot ron."""
        return bool(self._waits & self._discards) or self._temporary or self._riichi_furiten

    def can_ron(self, kind) -> bool:
        """``kind`` is a wait and the player is not furiten."""
        k = _kind_arg(kind, "kind")
        return bool(self._waits >> k & 1) and not self.furiten

    def __repr__(self) -> str:
        return (
            f"FuritenState(waits={self.waits}, discard_furiten={self.discard_furiten}, "
            f"temporary_furiten={self._temporary}, riichi_furiten={self._riichi_furiten})"
        )
