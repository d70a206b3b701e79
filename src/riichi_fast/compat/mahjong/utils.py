"""Tile classification, dora counting and set helpers, as in ``mahjong.utils``.

All functions take 34-format indices unless the name says 136.

>>> is_honor(27), is_terminal(8), simplify(20)
(True, True, 2)
>>> build_dora_count_map([0])          # indicator 1m -> dora 2m
{1: 1}
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TypedDict

from riichi_fast.compat.mahjong.constants import AKA_DORAS, EAST, HAKU, NORTH, TERMINAL_INDICES

__all__ = [
    "SuitCount",
    "build_dora_count_map",
    "classify_hand_suits",
    "contains_terminals",
    "count_dora_for_hand",
    "count_tiles_by_suits",
    "find_isolated_tile_indices",
    "has_pon_or_kan_of",
    "is_aka_dora",
    "is_chi",
    "is_dora_indicator_for_terminal",
    "is_honor",
    "is_kan",
    "is_man",
    "is_pair",
    "is_pin",
    "is_pon",
    "is_pon_or_kan",
    "is_sangenpai",
    "is_sou",
    "is_terminal",
    "is_tile_strictly_isolated",
    "plus_dora",
    "simplify",
]


def is_aka_dora(tile_136: int, aka_enabled: bool) -> bool:
    """True if ``tile_136`` is one of the red fives (16, 52, 88) and aka is enabled.

    >>> is_aka_dora(52, True), is_aka_dora(52, False)
    (True, False)
    """
    return bool(aka_enabled) and tile_136 in AKA_DORAS


def _indicator_to_dora_34(indicator_34: int, is_three_player: bool = False) -> int:
    """The dora kind (34-index) an indicator kind points at (three-player: 1m points at 9m).

    >>> _indicator_to_dora_34(8), _indicator_to_dora_34(30), _indicator_to_dora_34(0, True)
    (0, 27, 8)
    """
    if is_three_player and indicator_34 == 0:
        return 8  # 2m-8m are not used in three-player games: 1m points to 9m
    if indicator_34 < EAST:
        return indicator_34 - indicator_34 % 9 + (indicator_34 % 9 + 1) % 9
    if indicator_34 <= NORTH:
        return EAST + (indicator_34 - EAST + 1) % 4
    return HAKU + (indicator_34 - HAKU + 1) % 3


#: mahjong's wrap of a suited indicator: 9m -> 1m, 9p -> 1p, 9s -> 1s
_SUITED_SUCCESSOR = {8: 0, 17: 9, 26: 18}


def plus_dora(
    tile_136: int,
    dora_indicators_136: Collection[int],
    add_aka_dora: bool = False,
    is_three_player: bool = False,
) -> int:
    """Dora count of one tile for the given indicators (plus one if it is red and ``add_aka_dora``).

    >>> plus_dora(4, [0, 1])      # 2m with two 1m indicators
    2
    >>> plus_dora(16, [], add_aka_dora=True)
    1
    """
    kind = tile_136 // 4
    n = 1 if add_aka_dora and tile_136 in AKA_DORAS else 0
    for indicator in dora_indicators_136:
        ind = indicator // 4
        if kind < EAST:
            # a suited tile: the indicator's successor in its suit, 9 wrapping to 1 (mahjong's test,
            # which compares ranks across suits for an indicator of another suit or an honor)
            target = 8 if is_three_player and ind == 0 else _SUITED_SUCCESSOR.get(ind, ind + 1)
            if kind == target:
                n += 1
        elif ind >= EAST:
            # an honor: winds cycle E S W N, dragons haku hatsu chun
            rel = ind - EAST
            target = 0 if rel == 3 else 4 if rel == 6 else rel + 1
            if kind - EAST == target:
                n += 1
    return n


def build_dora_count_map(dora_indicators_136: Collection[int], is_three_player: bool = False) -> dict[int, int]:
    """Map each dora kind (34-format) to how many indicators point at it.

    >>> build_dora_count_map([0, 1])
    {1: 2}
    >>> build_dora_count_map([0], is_three_player=True)
    {8: 1}
    """
    out: dict[int, int] = {}
    for indicator in dora_indicators_136:
        dora = _indicator_to_dora_34(indicator // 4, is_three_player)
        out[dora] = out.get(dora, 0) + 1
    return out


def count_dora_for_hand(tiles_34: Sequence[int], dora_count_map: dict[int, int]) -> int:
    """Total dora of a 34-count hand for a map built by :func:`build_dora_count_map`.

    >>> count_dora_for_hand([0, 3] + [0] * 32, {1: 1})
    3
    """
    return sum(tiles_34[kind] * n for kind, n in dora_count_map.items())


def is_chi(item: Sequence[int]) -> bool:
    """True for three ascending consecutive indices.

    >>> is_chi([0, 1, 2]), is_chi([2, 1, 0])
    (True, False)
    """
    return len(item) == 3 and item[0] + 1 == item[1] and item[1] + 1 == item[2]


def is_pon(item: Sequence[int]) -> bool:
    """True for three identical indices.

    >>> is_pon([5, 5, 5])
    True
    """
    return len(item) == 3 and item[0] == item[1] == item[2]


def is_kan(item: Sequence[int]) -> bool:
    """True for a set of four tiles.

    >>> is_kan([0, 0, 0, 0])
    True
    """
    return len(item) == 4


def is_pon_or_kan(item: Sequence[int]) -> bool:
    """True for a triplet or a set of four.

    >>> is_pon_or_kan([0, 0, 0, 0]), is_pon_or_kan([0, 1, 2])
    (True, False)
    """
    if len(item) == 4:
        return True
    return len(item) == 3 and item[0] == item[1] == item[2]


def is_pair(item: Sequence[int]) -> bool:
    """True for a set of two tiles.

    >>> is_pair([3, 3])
    True
    """
    return len(item) == 2


def has_pon_or_kan_of(hand: Collection[Sequence[int]], tile: int) -> bool:
    """True if a set of ``hand`` is a triplet or quad of ``tile``.

    >>> has_pon_or_kan_of([[0, 0, 0], [1, 2, 3]], 0)
    True
    """
    for item in hand:
        if item[0] == tile and (len(item) == 4 or (len(item) == 3 and item[1] == tile)):
            return True
    return False


def classify_hand_suits(hand: Collection[Sequence[int]]) -> tuple[int, int]:
    """``(suit bitmask, number of honor sets)``; bits: 1 = sou, 2 = pin, 4 = man.

    >>> classify_hand_suits([[0, 1, 2], [27, 27, 27]])
    (4, 1)
    """
    mask = 0
    honors = 0
    for item in hand:
        first = item[0]
        if first >= 27:
            honors += 1
        else:
            mask |= (4, 2, 1)[first // 9]
    return mask, honors


def is_man(tile: int) -> bool:
    """1m-9m (0-8).

    >>> is_man(8), is_man(9)
    (True, False)
    """
    return tile <= 8


def is_pin(tile: int) -> bool:
    """1p-9p (9-17).

    >>> is_pin(9)
    True
    """
    return 8 < tile <= 17


def is_sou(tile: int) -> bool:
    """1s-9s (18-26).

    >>> is_sou(18)
    True
    """
    return 17 < tile <= 26


def is_honor(tile: int) -> bool:
    """Winds and dragons (27-33).

    >>> is_honor(26)
    False
    """
    return tile >= 27


def is_sangenpai(tile_34: int) -> bool:
    """Dragons (31-33).

    >>> is_sangenpai(31)
    True
    """
    return tile_34 >= 31


def is_terminal(tile: int) -> bool:
    """1 or 9 of a suit.

    >>> is_terminal(0), is_terminal(1)
    (True, False)
    """
    return tile in TERMINAL_INDICES


def is_dora_indicator_for_terminal(tile: int) -> bool:
    """8 or 9 of a suit (their dora is a terminal).

    >>> is_dora_indicator_for_terminal(7)
    True
    """
    return tile in (7, 8, 16, 17, 25, 26)


def contains_terminals(hand_set: Collection[int]) -> bool:
    """True if any index of the set is a terminal.

    >>> contains_terminals([0, 1, 2]), contains_terminals([1, 2, 3])
    (True, False)
    """
    return any(x in TERMINAL_INDICES for x in hand_set)


def simplify(tile: int) -> int:
    """Rank inside the suit, 0-8.

    >>> simplify(20)
    2
    """
    return tile % 9


def find_isolated_tile_indices(hand_34: Sequence[int]) -> list[int]:
    """Absent kinds with no held neighbour (honors: just absent), ascending.

    >>> 2 in find_isolated_tile_indices([4] + [0] * 33), 1 in find_isolated_tile_indices([4] + [0] * 33)
    (True, False)
    """
    out = []
    for base in (0, 9, 18):
        for rank in range(9):
            k = base + rank
            if hand_34[k]:
                continue
            left = rank > 0 and hand_34[k - 1]
            right = rank < 8 and hand_34[k + 1]
            if not left and not right:
                out.append(k)
    out.extend(k for k in range(27, 34) if not hand_34[k])
    return out


def is_tile_strictly_isolated(hand_34: Sequence[int], tile_34: int) -> bool:
    """True if the hand holds at most this one copy and no suit neighbour within 2.

    >>> is_tile_strictly_isolated([1] + [0] * 33, 0)
    True
    >>> is_tile_strictly_isolated([1, 0, 1] + [0] * 31, 0)
    False
    """
    if hand_34[tile_34] > 1:
        return False
    if tile_34 >= 27:
        return True
    rank = tile_34 % 9
    for d in (-2, -1, 1, 2):
        if 0 <= rank + d <= 8 and hand_34[tile_34 + d]:
            return False
    return True


class SuitCount(TypedDict):
    """One entry of :func:`count_tiles_by_suits`."""

    count: int
    name: str
    function: Callable[[int], bool]


def count_tiles_by_suits(tiles_34: Sequence[int]) -> list[SuitCount]:
    """Tile counts per suit, in the order sou, man, pin, honor.

    >>> [(s["name"], s["count"]) for s in count_tiles_by_suits([3] + [0] * 26 + [2] + [0] * 6)]
    [('sou', 0), ('man', 3), ('pin', 0), ('honor', 2)]
    """
    return [
        SuitCount(count=sum(tiles_34[18:27]), name="sou", function=is_sou),
        SuitCount(count=sum(tiles_34[0:9]), name="man", function=is_man),
        SuitCount(count=sum(tiles_34[9:18]), name="pin", function=is_pin),
        SuitCount(count=sum(tiles_34[27:34]), name="honor", function=is_honor),
    ]
