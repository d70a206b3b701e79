"""Tile conversions, as in ``mahjong.tile`` (``TilesConverter``): mahjong 2.1.0's behaviour, traps included.

Code written against ``mahjong`` relies on what its parser does with any
string, so this one does the same (the strict parser is riichi_fast's own
:func:`riichi_fast.parse_tiles`):

- Without ``has_aka_dora`` every digit takes the lowest free id of its kind,
  the red ids included: the first plain ``5m`` is id 16 (the red five), and a
  ``0`` means rank "-1": ``0p`` is id 32 (a 9m), ``0m`` the id -4.
- With ``has_aka_dora`` a ``0``/``r`` is the red id (16, 52, 88) every time it
  appears, and plain fives skip it: ``5555m`` is 17, 18, 19, 20 (20 is a 6m).
- Counts are not checked: ``11111m`` is 0-4 (4 is a 2m), ``8z`` is id 136.
- A character that is not a digit raises ``ValueError`` with ``int()``'s
  message, as in mahjong (here a :class:`~riichi_fast.errors.TileParseError`,
  which is a ``ValueError``).

>>> TilesConverter.one_line_string_to_136_array("0p55p", has_aka_dora=True)
[52, 53, 54]
>>> TilesConverter.one_line_string_to_136_array("0p55p")
[32, 52, 53]
>>> TilesConverter.to_one_line_string([52, 53, 54], print_aka_dora=True)
'055p'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

from riichi_fast.compat.mahjong._errors import TileIdError as _TileIdError
from riichi_fast.compat.mahjong.constants import FIVE_RED_MAN, FIVE_RED_PIN, FIVE_RED_SOU
from riichi_fast.errors import TileParseError

__all__ = ["Tile", "TilesConverter"]

#: (first id, red id printed as 0, suffix) of each suit, for to_one_line_string
_SUITS = ((0, FIVE_RED_MAN, "m"), (36, FIVE_RED_PIN, "p"), (72, FIVE_RED_SOU, "s"), (108, None, "z"))


class Tile:
    """A discarded tile record (``value`` and ``is_tsumogiri``); not used by the library itself.

    >>> Tile(16, True).value
    16
    """

    def __init__(self, value: Any, is_tsumogiri: Any) -> None:
        self.value = value
        self.is_tsumogiri = is_tsumogiri


class TilesConverter:
    """Static conversions between mpsz strings, 34-counts and 136-ids (``mahjong.tile.TilesConverter``)."""

    @staticmethod
    def to_one_line_string(tiles: Collection[int], print_aka_dora: bool = False) -> str:
        """136-ids to an mpsz string; red fives print as ``0`` when ``print_aka_dora``.

        Ids below 36 are manzu, 36-71 pinzu, 72-107 souzu, the rest honors
        (out-of-range ids print as mahjong prints them).

        >>> TilesConverter.to_one_line_string([0, 4, 8, 12, 16, 24, 32])
        '1234579m'
        >>> TilesConverter.to_one_line_string([0, 4, 8, 12, 16, 24, 32], print_aka_dora=True)
        '1234079m'
        """
        ordered = sorted(tiles)
        text = []
        for i, (first, red, suffix) in enumerate(_SUITS):
            end = _SUITS[i + 1][0] if i < 3 else None
            digits = [
                "0" if print_aka_dora and t == red else str((t - first) // 4 + 1)
                for t in ordered
                if (i == 0 or t >= first) and (end is None or t < end)
            ]
            if digits:
                text.append("".join(digits) + suffix)
        return "".join(text)

    @staticmethod
    def to_34_array(tiles: Collection[int]) -> list[int]:
        """136-ids to a list of 34 counts.

        >>> TilesConverter.to_34_array([0, 1, 2, 3])[:2]
        [4, 0]
        """
        out = [0] * 34
        try:
            for t in tiles:
                out[t // 4] += 1
        except IndexError:
            raise _TileIdError("list index out of range") from None
        return out

    @staticmethod
    def to_136_array(tiles: Sequence[int]) -> list[int]:
        """34 counts to 136-ids, taking the lowest ids of each kind.

        >>> TilesConverter.to_136_array([2] + [0] * 33)
        [0, 1]
        """
        out: list[int] = []
        for kind, n in enumerate(tiles):
            out.extend(range(kind * 4, kind * 4 + n))
        return out

    @staticmethod
    def _split_string(string: str | None, offset: int, red: int | None = None) -> list[int]:
        """The ids of one suit's digits (first id of the suit ``offset``, red id ``red`` or None).

        >>> TilesConverter._split_string("505", 36, 52), TilesConverter._split_string("505", 36)
        ([53, 52, 54], [52, 32, 53])
        """
        if not string:
            return []
        handed: Counter[int] = Counter()  # first id of a kind -> plain copies given out
        out: list[int] = []
        for ch in string:
            if red is not None and ch in ("0", "r"):
                out.append(red)  # the red id, every time (not counted)
                continue
            try:
                rank = int(ch)
            except ValueError as e:
                raise TileParseError(str(e)) from None
            first = offset + 4 * (rank - 1)
            if first == red:
                first += 1  # with aka on, plain fives start after the red id
            out.append(first + handed[first])
            handed[first] += 1
        return out

    @staticmethod
    def string_to_136_array(
        sou: str | None = None,
        pin: str | None = None,
        man: str | None = None,
        honors: str | None = None,
        has_aka_dora: bool = False,
    ) -> list[int]:
        """Per-suit digit strings to 136-ids (man, then pin, sou, honors); with ``has_aka_dora``
        ``0``/``r`` is the red five (see the module docstring for the rest).

        >>> TilesConverter.string_to_136_array(man="123")
        [0, 4, 8]
        >>> TilesConverter.string_to_136_array(man="0", has_aka_dora=True), TilesConverter.string_to_136_array(man="5")
        ([16], [16])
        """
        split = TilesConverter._split_string
        return (
            split(man, 0, FIVE_RED_MAN if has_aka_dora else None)
            + split(pin, 36, FIVE_RED_PIN if has_aka_dora else None)
            + split(sou, 72, FIVE_RED_SOU if has_aka_dora else None)
            + split(honors, 108)
        )

    @staticmethod
    def string_to_34_array(
        sou: str | None = None,
        pin: str | None = None,
        man: str | None = None,
        honors: str | None = None,
    ) -> list[int]:
        """Per-suit digit strings to 34 counts.

        >>> TilesConverter.string_to_34_array(man="111")[:2]
        [3, 0]
        """
        return TilesConverter.to_34_array(TilesConverter.string_to_136_array(sou, pin, man, honors))

    @staticmethod
    def find_34_tile_in_136_array(tile34: int | None, tiles: Collection[int]) -> int | None:
        """The lowest 136-id of kind ``tile34`` present in ``tiles``, or None.

        >>> TilesConverter.find_34_tile_in_136_array(0, [1, 4, 8])
        1
        """
        if tile34 is None or tile34 > 33:
            return None
        for tid in range(tile34 * 4, tile34 * 4 + 4):
            if tid in tiles:
                return tid
        return None

    @staticmethod
    def one_line_string_to_136_array(string: str, has_aka_dora: bool = False) -> list[int]:
        """An mpsz string (``z`` or ``h`` for honors) to 136-ids, grouped man, pin, sou, honors.

        Digits after the last suit letter are ignored, as in ``mahjong``.

        >>> TilesConverter.one_line_string_to_136_array("123m456s")
        [0, 4, 8, 84, 88, 92]
        >>> TilesConverter.one_line_string_to_136_array("0m", has_aka_dora=True)
        [16]
        """
        parts = {"m": "", "p": "", "s": "", "z": ""}
        start = 0
        for i, ch in enumerate(string):
            if ch in "mpszh":
                parts["z" if ch == "h" else ch] += string[start:i]
                start = i + 1
        return TilesConverter.string_to_136_array(parts["s"], parts["p"], parts["m"], parts["z"], has_aka_dora)

    @staticmethod
    def one_line_string_to_34_array(string: str, has_aka_dora: bool = False) -> list[int]:
        """An mpsz string to 34 counts.

        >>> TilesConverter.one_line_string_to_34_array("111m")[:2]
        [3, 0]
        """
        return TilesConverter.to_34_array(TilesConverter.one_line_string_to_136_array(string, has_aka_dora))
