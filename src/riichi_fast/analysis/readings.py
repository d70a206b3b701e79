"""Readings of a complete hand: the result objects of :func:`riichi_fast.decompose`.

A *reading* is one way to split a complete hand into four sets and a pair (or
seven pairs, or thirteen orphans).  A *win reading* adds which set the winning
tile completed and the wait shape.  Both the compiled kernel and the reference
twin build these same objects, so their results compare with ``==``.
"""

from __future__ import annotations

from typing import NamedTuple

from riichi_fast.enums import Form, SetType, WaitShape

_KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


class HandSet(NamedTuple):
    """One set of a reading.

    ``kind`` is the tile kind (0..33), the lowest kind for a sequence; ``meld``
    is the index of the meld it comes from, or ``None`` for a set of closed tiles.

    >>> HandSet(SetType.SEQUENCE, 0, True, None).mpsz()
    '123m'
    """

    type: SetType
    kind: int
    concealed: bool
    meld: int | None

    def kinds(self) -> tuple[int, ...]:
        """The kinds of the tiles of this set (a quad lists four)."""
        if self.type == SetType.SEQUENCE:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,) * (4 if self.type == SetType.QUAD else 3)

    def mpsz(self) -> str:
        """The set in mpsz notation, e.g. ``'123m'`` or ``'5555z'``."""
        return "".join(_KIND_NAMES[k][0] for k in self.kinds()) + _KIND_NAMES[self.kind][1]


class Reading(NamedTuple):
    """One decomposition of a complete hand (see ``docs/INTERNALS.md``).

    >>> r = Reading(Form.REGULAR, 27, (HandSet(SetType.SEQUENCE, 0, True, None),) * 4, ())
    >>> str(r)
    '123m 123m 123m 123m 11z'
    """

    form: Form
    pair: int | None
    sets: tuple[HandSet, ...]
    pairs: tuple[int, ...]

    def __str__(self) -> str:
        if self.form == Form.CHIITOITSU:
            return " ".join(_KIND_NAMES[k][0] * 2 + _KIND_NAMES[k][1] for k in self.pairs)
        if self.form == Form.KOKUSHI:
            return f"kokushi pair {_KIND_NAMES[self.pair]}"
        pair = _KIND_NAMES[self.pair]
        return " ".join([s.mpsz() for s in self.sets] + [pair[0] * 2 + pair[1]])


class WinReading(NamedTuple):
    """A reading plus the set the winning tile completed (4 = the pair) and the wait."""

    reading: Reading
    win_set: int
    wait: WaitShape

    def __str__(self) -> str:
        r = self.reading
        if self.win_set < len(r.sets):
            done = r.sets[self.win_set].mpsz()
        elif r.pair is not None:
            done = _KIND_NAMES[r.pair][0] * 2 + _KIND_NAMES[r.pair][1]
        else:
            done = "pair"
        return f"{r} (won on {done}, {self.wait.name.lower()})"


class DiscardOption(NamedTuple):
    """One discard of :func:`discard_analysis`: the kind, the shanten after it,
    the number of unseen tiles that lower that shanten and their kinds."""

    kind: int
    shanten: int
    ukeire: int
    kinds: tuple[int, ...]
