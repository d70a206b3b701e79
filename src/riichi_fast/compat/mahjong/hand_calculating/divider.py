"""Every decomposition of a complete hand, as in ``mahjong.hand_calculating.divider``,
computed by riichi_fast's decompose kernel.

>>> from riichi_fast.compat.mahjong.tile import TilesConverter
>>> HandDivider.divide_hand(TilesConverter.one_line_string_to_34_array("11122233388899m"))
[[[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache  # noqa: F401 (mahjong's name)
from typing import Literal  # noqa: F401 (mahjong's name)

from riichi_fast import _backend
from riichi_fast.compat.mahjong._errors import MeldTypeError as _MeldTypeError
from riichi_fast.compat.mahjong._errors import TileIdError
from riichi_fast.compat.mahjong.meld import Meld
from riichi_fast.enums import Form, MeldType, SetType

__all__ = ["HandDivider"]

_decompose = _backend.load("analysis._decompose").decompose

# mahjong's block order: (kind, QUAD 0 < TRIPLET 1 < PAIR 2 < SEQUENCE 3)
_SET_ORDER = {SetType.QUAD: 0, SetType.TRIPLET: 1, SetType.SEQUENCE: 3}
_PAIR_ORDER = 2


class _BlockType(IntEnum):
    """Kinds of block, in mahjong's order (the sort order of a decomposition's blocks)."""

    QUAD = 0
    TRIPLET = 1
    PAIR = 2
    SEQUENCE = 3


@dataclass(frozen=True, order=True)
class _Block:
    """One block of a decomposition: its first 34-index and its kind (mahjong's ``_Block``).

    >>> _Block(4, _BlockType.SEQUENCE).tiles_34, _Block(4, _BlockType.PAIR) < _Block(4, _BlockType.SEQUENCE)
    ([4, 5, 6], True)
    """

    tile_34: int
    ty: _BlockType

    @classmethod
    def from_meld(cls, meld: Meld) -> _Block:
        """The block of a declared meld (chi, pon, kan, shouminkan); nuki or another type raises."""
        kind = meld.tiles_34[0]
        ty = {Meld.CHI: _BlockType.SEQUENCE, Meld.PON: _BlockType.TRIPLET,
              Meld.KAN: _BlockType.QUAD, Meld.SHOUMINKAN: _BlockType.QUAD}.get(meld.type)
        if ty is None:
            raise _MeldTypeError(f"invalid meld type: {meld.type}, tiles: {meld.tiles_34}")
        return cls(kind, ty)

    @property
    def tiles_34(self) -> list[int]:
        """The block's 34-indices."""
        k = self.tile_34
        if self.ty == _BlockType.SEQUENCE:
            return [k, k + 1, k + 2]
        return [k] * (4 - self.ty) if self.ty != _BlockType.PAIR else [k, k]


_Blocks = tuple[_Block, ...]


def meld_code(meld) -> tuple[int, int, int]:
    """``(MeldType, kind, tiles taken)`` of a ``Meld``; ``MeldError`` for nuki or an unknown type."""
    t = meld.type
    tiles = meld.tiles
    if t == "chi":
        kinds = sorted(x // 4 for x in tiles)
        return MeldType.CHI, kinds[0] if kinds else -1, 3
    if t == "pon":
        return MeldType.PON, tiles[0] // 4 if tiles else -1, 3
    if t == "kan":
        return (MeldType.DAIMINKAN if meld.opened else MeldType.ANKAN), tiles[0] // 4 if tiles else -1, 4
    if t == "shouminkan":
        return MeldType.SHOUMINKAN, tiles[0] // 4 if tiles else -1, 4
    raise _MeldTypeError(f"invalid meld type: {t}, tiles: {meld.tiles_34}")


def _block(kind: int, order: int) -> list[int]:
    if order == 0:
        return [kind] * 4
    if order == 1:
        return [kind] * 3
    if order == 2:
        return [kind] * 2
    return [kind, kind + 1, kind + 2]


class HandDivider:
    """Decompositions of a complete hand into blocks of 34-indices (mahjong's format and order).

    The small helpers of mahjong's class are here too (``_validate_tiles``, ``_melds_to_blocks``,
    ``_get_pure_hand``); its search (``_divide_hand_impl``, ``_decompose_*``) is riichi_fast's
    decompose kernel instead.
    """

    @staticmethod
    def _validate_tiles(tiles_34: Sequence[int]) -> bool:
        """True when every count is 0-4.

        >>> HandDivider._validate_tiles([4, 0] + [0] * 32), HandDivider._validate_tiles([5] + [0] * 33)
        (True, False)
        """
        return all(0 <= c <= 4 for c in tiles_34)

    @staticmethod
    def _melds_to_blocks(melds: Collection | None = None) -> tuple[_Block, ...]:
        """The blocks of declared melds (``RuntimeError`` for nuki, as ``_Block.from_meld``)."""
        return tuple(_Block.from_meld(m) for m in melds or ())

    @staticmethod
    def _get_pure_hand(tiles_34: Sequence[int], melds: tuple[_Block, ...]) -> tuple[int, ...]:
        """The counts left once the meld blocks' tiles are taken out.

        >>> HandDivider._get_pure_hand([3, 1] + [0] * 32, (_Block(0, _BlockType.TRIPLET),))[:2]
        (0, 1)
        """
        left = list(tiles_34)
        for block in melds:
            for k in block.tiles_34:
                left[k] -= 1
        return tuple(left)

    @staticmethod
    def divide_hand(tiles_34: Sequence[int], melds: Collection | None = None) -> list[list[list[int]]]:
        """All ways to read ``tiles_34`` (meld tiles included) as 4 sets + a pair, or 7 pairs
        (only without melds); each way is a sorted list of blocks. Kokushi is not listed.

        >>> HandDivider.divide_hand([5] * 34)
        []
        """
        if any(not 0 <= c <= 4 for c in tiles_34):
            return []
        closed = list(tiles_34)
        codes = []
        for m in melds or ():
            mtype, kind, _ = meld_code(m)
            codes.append((mtype, kind))
            if mtype == MeldType.CHI:
                if m.tiles_34[0] != kind:  # mahjong reads a chi from its first tile
                    return HandDivider._divide_counts(tiles_34, melds)
                for k in (kind, kind + 1, kind + 2):
                    if 0 <= k < 34:
                        closed[k] -= 1
            elif 0 <= kind < 34:
                closed[kind] -= 4 if mtype != MeldType.PON else 3
        if len(codes) > 4 or min(closed) < 0 or sum(closed) != 14 - 3 * len(codes):
            # not a hand of the right size: mahjong's search still answers (it drops an honor it
            # cannot use, so 14 tiles and a lone honor can divide)
            return HandDivider._divide_counts(tiles_34, melds)
        try:
            readings = _decompose(bytes(closed), codes)
        except ValueError:  # a meld the kernel rejects (bad chi, kind out of range)
            return HandDivider._divide_counts(tiles_34, melds)
        out = []
        for r in readings:
            if r.form == Form.KOKUSHI:
                continue
            if r.form == Form.CHIITOITSU:
                keys = [(k, _PAIR_ORDER) for k in r.pairs]
            else:
                keys = sorted([(s.kind, _SET_ORDER[s.type]) for s in r.sets] + [(r.pair, _PAIR_ORDER)])
            out.append(keys)
        out.sort()
        return [[_block(k, o) for k, o in keys] for keys in out]

    @staticmethod
    def _divide_counts(tiles_34: Sequence[int], melds: Collection | None) -> list[list[list[int]]]:
        """mahjong 2.1.0's own search, for what the kernel does not take (a hand of the wrong size,
        a chi whose first tile is not its lowest, a meld the kernel rejects); its traps included:
        an honor held once or four times, or a second honor pair, is left out of every reading.

        >>> from riichi_fast.compat.mahjong.tile import TilesConverter
        >>> HandDivider._divide_counts(TilesConverter.one_line_string_to_34_array("123456m111p11133s5z"), None)
        [[[0, 1, 2], [3, 4, 5], [9, 9, 9], [18, 18, 18], [20, 20]]]
        """
        meld_blocks = HandDivider._melds_to_blocks(melds)
        try:
            pure = list(HandDivider._get_pure_hand(tiles_34, meld_blocks))
        except IndexError:  # a meld block past the 34 kinds (a chi of honors)
            raise TileIdError("list index out of range") from None
        suits = [_suit_readings(pure[base:base + 9], base) for base in (0, 9, 18)]
        honors = _honor_blocks(pure[27:34])
        found: list[list[_Block]] = []
        if not meld_blocks and all(c in (0, 2) for c in pure) and pure.count(2) == 7:
            found.append([_Block(k, _BlockType.PAIR) for k, c in enumerate(pure) if c == 2])
        for man in suits[0]:
            for pin in suits[1]:
                for sou in suits[2]:
                    blocks = man + pin + sou + honors
                    if sum(b.ty == _BlockType.PAIR for b in blocks) != 1:
                        continue
                    blocks += meld_blocks
                    if len(blocks) == 5:
                        found.append(sorted(blocks))
        found.sort()
        return [[b.tiles_34 for b in blocks] for blocks in found]


def _suit_readings(counts: list[int], base: int) -> list[list[_Block]]:
    """Every way to read one suit's nine counts as sets, else as sets and one pair (mahjong's order)."""
    readings = _suit_sets(counts, [], 0, base, sum(counts))
    if readings:
        return readings
    for rank in range(9):
        if counts[rank] >= 2:
            counts[rank] -= 2
            readings += _suit_sets(counts, [_Block(base + rank, _BlockType.PAIR)], 0, base, sum(counts))
            counts[rank] += 2
    return readings


def _suit_sets(counts: list[int], blocks: list[_Block], rank: int, base: int, left: int) -> list[list[_Block]]:
    """Readings of ``counts[rank:]`` as sequences and triplets (a sequence first, then a triplet)."""
    while rank < 9 and counts[rank] == 0:
        rank += 1
    if rank == 9:
        return [blocks] if left == 0 else []
    out: list[list[_Block]] = []
    if rank < 7 and counts[rank] >= 1 and counts[rank + 1] >= 1 and counts[rank + 2] >= 1:
        for r in (rank, rank + 1, rank + 2):
            counts[r] -= 1
        out += _suit_sets(counts, [*blocks, _Block(base + rank, _BlockType.SEQUENCE)], rank, base, left - 3)
        for r in (rank, rank + 1, rank + 2):
            counts[r] += 1
    if counts[rank] >= 3:
        counts[rank] -= 3
        out += _suit_sets(counts, [*blocks, _Block(base + rank, _BlockType.TRIPLET)], rank + 1, base, left - 3)
        counts[rank] += 3
    return out


def _honor_blocks(counts: list[int]) -> list[_Block]:
    """The honor pair and triplets; empty (not an error) when an honor is held 1 or 4 times or
    two honors are pairs, as in mahjong (the rest of the hand is then read without them)."""
    blocks: list[_Block] = []
    for i, c in enumerate(counts):
        if c == 0:
            continue
        if c == 3:
            blocks.append(_Block(27 + i, _BlockType.TRIPLET))
        elif c == 2 and not any(b.ty == _BlockType.PAIR for b in blocks):
            blocks.append(_Block(27 + i, _BlockType.PAIR))
        else:
            return []
    return blocks


#: the Python method (the reference twin of the compiled entry bound below)
_divide_hand_python = HandDivider.divide_hand
if not _backend.PUREPYTHON:  # the compiled entry takes the common calls; an import failure is an error
    from riichi_fast.compat.mahjong import _compat_counts

    _compat_counts.init(py_divide_hand=_divide_hand_python, meld_code=meld_code)
    HandDivider.divide_hand = staticmethod(_compat_counts.divide_hand)
