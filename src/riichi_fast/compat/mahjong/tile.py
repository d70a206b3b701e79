"""Tile conversions, as in ``mahjong.tile`` (``TilesConverter``), with the red-five fixes.

Differences from ``mahjong`` 2.1.0 (RULES.md section 1):

- ``0`` (or ``r``) is always a red five, whether or not ``has_aka_dora`` is
  passed: ``mahjong`` reads ``0p`` as 9m (id 32) when aka is off.
- A plain ``5`` is never a red five: it takes ids 17, 18, 19 (53-55, 89-91),
  and the red id only as a fourth plain five of a hand with no red five.
  ``mahjong`` gives the first plain 5 the red id 16 when aka is off, and a
  fourth plain 5 the id 20 (a 6m) when aka is on.
- More than four copies of a kind, an honor outside 1z-7z, ``0z`` or a
  character that is neither an ASCII digit nor a suit letter raise
  :class:`~riichi_fast.errors.TileCountError` / ``TileParseError``
  (``ValueError`` subclasses) instead of returning ids of other tiles.

>>> TilesConverter.one_line_string_to_136_array("0p55p")
[52, 53, 54]
>>> TilesConverter.to_one_line_string([52, 53, 54], print_aka_dora=True)
'055p'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from riichi_fast.errors import TileCountError, TileParseError

__all__ = ["Tile", "TilesConverter"]

_SUIT_OFFSET = {"m": 0, "p": 36, "s": 72, "z": 108, "h": 108}
_SUFFIXES = "mpsz"
_RED_IDS = (16, 52, 88)


class Tile:
    """A discarded tile record (``value`` and ``is_tsumogiri``); not used by the library itself.

    >>> Tile(16, True).value
    16
    """

    def __init__(self, value: Any, is_tsumogiri: Any) -> None:
        self.value = value
        self.is_tsumogiri = is_tsumogiri


_PLAIN_ORDER = (0, 1, 2, 3)
_FIVE_ORDER = (1, 2, 3, 0)  # a plain five leaves the lowest id (the red one) for last


def _parse_suit(digits: str | None, suit: str, out: list[int], used: list[int]) -> None:
    """Append the ids of ``digits`` in ``suit``; ``used[kind]`` is a bit mask of the ids taken."""
    if not digits:
        return
    base = _SUIT_OFFSET[suit] // 4
    honors = suit == "z"
    last = "7" if honors else "9"
    for ch in digits:
        if not honors and (ch == "0" or ch == "r"):
            kind = base + 4
            order = _PLAIN_ORDER  # red copies are the lowest ids of the kind (docs/INTERNALS.md)
            name = "5"
        elif "1" <= ch <= last and len(ch) == 1:
            kind = base + ord(ch) - 49
            order = _FIVE_ORDER if ch == "5" and not honors else _PLAIN_ORDER
            name = ch
        else:
            raise TileParseError(f"bad tile {ch!r}{suit}")
        taken = used[kind]
        for i in order:
            if not taken >> i & 1:
                break
        else:
            raise TileCountError(f"more than four copies of {name}{suit}")
        used[kind] = taken | 1 << i
        out.append(kind * 4 + i)


class TilesConverter:
    """Static conversions between mpsz strings, 34-counts and 136-ids (``mahjong.tile.TilesConverter``)."""

    @staticmethod
    def to_one_line_string(tiles: Collection[int], print_aka_dora: bool = False) -> str:
        """136-ids to an mpsz string; red fives print as ``0`` when ``print_aka_dora``.

        >>> TilesConverter.to_one_line_string([0, 4, 8, 12, 16, 24, 32])
        '1234579m'
        >>> TilesConverter.to_one_line_string([0, 4, 8, 12, 16, 24, 32], print_aka_dora=True)
        '1234079m'
        """
        groups = ["", "", "", ""]
        for t in sorted(tiles):
            suit = min(t // 36, 3)
            groups[suit] += "0" if print_aka_dora and t in _RED_IDS else str((t - 36 * suit) // 4 + 1)
        return "".join(g + _SUFFIXES[i] for i, g in enumerate(groups) if g)

    @staticmethod
    def to_34_array(tiles: Collection[int]) -> list[int]:
        """136-ids to a list of 34 counts.

        >>> TilesConverter.to_34_array([0, 1, 2, 3])[:2]
        [4, 0]
        """
        out = [0] * 34
        for t in tiles:
            out[t // 4] += 1
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
    def string_to_136_array(
        sou: str | None = None,
        pin: str | None = None,
        man: str | None = None,
        honors: str | None = None,
        has_aka_dora: bool = False,
    ) -> list[int]:
        """Per-suit digit strings to 136-ids (man, then pin, sou, honors); ``0``/``r`` = red five.

        >>> TilesConverter.string_to_136_array(man="123")
        [0, 4, 8]
        >>> TilesConverter.string_to_136_array(man="0"), TilesConverter.string_to_136_array(man="5")
        ([16], [17])
        """
        out: list[int] = []
        used = [0] * 34
        _parse_suit(man, "m", out, used)
        _parse_suit(pin, "p", out, used)
        _parse_suit(sou, "s", out, used)
        _parse_suit(honors, "z", out, used)
        return out

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
        [0, 4, 8, 84, 89, 92]
        >>> TilesConverter.one_line_string_to_136_array("0m")
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
