"""Complete-hand check, as in ``mahjong.agari`` (``Agari``), by riichi_fast's agari kernel.

>>> from riichi_fast.compat.mahjong.tile import TilesConverter
>>> Agari.is_agari(TilesConverter.one_line_string_to_34_array("123456789m11122z"))
True
>>> Agari.is_agari(TilesConverter.one_line_string_to_34_array("123456789m1112z"))
False
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from riichi_fast import _backend
from riichi_fast.compat.mahjong._errors import ours_on_type_error
from riichi_fast.errors import TileCountError

__all__ = ["Agari"]

_kernel_is_agari = _backend.load("analysis._shanten").is_agari


#: the pair ranks ``_is_atama_mentsu`` tries for each ``(count of ranks 1,4,7 + 2 * ranks 2,5,8) % 3``
_PAIR_RANKS = {0: (2, 5, 8), 1: (1, 4, 7), 2: (0, 3, 6)}
_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class Agari:
    """Is a 34-count hand (melds implied by its size, or subtracted) complete?"""

    @staticmethod
    @ours_on_type_error
    def is_agari(tiles_34: Sequence[int], open_sets_34: Collection[Sequence[int]] | None = None) -> bool:
        """True if ``tiles_34`` (minus the tiles of ``open_sets_34``) is sets + a pair, seven pairs or
        thirteen orphans; a size that cannot be complete gives False.

        Counts of 0-4 and at most 14 tiles go to riichi_fast's agari kernel; other counts (five
        copies, a meld not in the hand, more than 14 tiles) get mahjong's answer from
        :meth:`_is_agari_counts`, its test written out (``11111m`` is complete there, a 3+2).

        >>> Agari.is_agari([2] + [0] * 33), Agari.is_agari([3] + [0] * 33), Agari.is_agari([5] + [0] * 33)
        (True, False, True)
        """
        if open_sets_34:
            tiles = list(tiles_34)
            for meld in open_sets_34:
                for k in meld[:4]:
                    tiles[k] -= 1
        else:
            tiles = tiles_34
        try:
            packed = bytes(tiles)
        except (ValueError, TypeError):
            packed = None
        if packed is None or len(packed) != 34 or max(packed) > 4 or sum(packed) > 14:
            return Agari._is_agari_counts(tiles)
        if sum(packed) % 3 != 2:
            return False
        return bool(_kernel_is_agari(packed))

    @staticmethod
    def _is_agari_counts(tiles: Sequence[int]) -> bool:
        """mahjong 2.1.0's complete-hand test on any counts (its traps included: a count of 5 or 6
        reads as sets and a pair; a negative honor count raises ``ValueError``, here a
        ``TileCountError``, with Python's "negative shift count").

        >>> Agari._is_agari_counts([0] * 9 + [5] + [0] * 24)
        True
        """
        honors = tiles[27:34]
        held = 0  # bit c set: some honor is held c times
        try:
            for h in honors:
                held |= 1 << h
        except ValueError as e:  # a negative count: "negative shift count"
            raise TileCountError(str(e)) from None
        if held >= 0x10:
            return False
        if held & 3 == 2:  # no honor missing, some single: thirteen orphans when one pair and the rest singles
            product = 1
            for k in _YAOCHUU:
                product *= tiles[k]
            if product == 2:
                return True
        if not held & 10 and sum(1 for c in tiles[:34] if c == 2) == 7:
            return True
        if held & 2:
            return False
        by_rank = [[tiles[base + r] + tiles[base + r + 3] + tiles[base + r + 6] for r in range(3)] for base in (0, 9, 18)]
        rests = []
        for ranks in by_rank:  # every suit's size is checked before any is packed, as in mahjong
            rest = sum(ranks) % 3
            if rest == 1:
                return False
            rests.append(rest)
        if sum(rest == 2 for rest in rests) + sum(h == 2 for h in honors) != 1:
            return False
        suits = [
            (rest, (ranks[0] + 2 * ranks[1]) % 3, Agari._to_meld(tiles, base))
            for rest, ranks, base in zip(rests, by_rank, (0, 9, 18), strict=True)
        ]
        if held & 4:  # the pair is an honor: every suit is sets only
            return all(not rest and not nn and Agari._is_mentsu(m) for rest, nn, m in suits)
        pair_suit = next((i for i, (rest, _, _) in enumerate(suits) if rest == 2), 2)
        for i, (rest, nn, m) in enumerate(suits):
            if i == pair_suit:
                continue
            if rest or nn or not Agari._is_mentsu(m):
                return False
        _, nn, m = suits[pair_suit]
        return Agari._is_atama_mentsu(nn, m)

    @staticmethod
    def _is_mentsu(m: int) -> bool:
        """True if the nine 3-bit counts packed in ``m`` (``_to_meld``) read as sets (mahjong's test).

        >>> Agari._is_mentsu(Agari._to_meld([1, 1, 1, 3, 0, 0, 0, 0, 0], 0))
        True
        """
        field = [(m >> 3 * r) & 7 for r in range(9)]
        starts = [0] * 9  # sequences started at each rank
        for r in range(8):
            left = field[r] - (starts[r - 1] if r >= 1 else 0) - (starts[r - 2] if r >= 2 else 0)
            if left < 0:
                return False
            if r < 7:
                starts[r] = 1 if left in (1, 4) else 2 if left == 2 else 0
        return field[8] - starts[6] in (0, 3)

    @staticmethod
    def _is_atama_mentsu(nn: int, m: int) -> bool:
        """True if a pair at one of the ranks ``nn`` allows leaves sets (mahjong's test).

        >>> Agari._is_atama_mentsu(0, Agari._to_meld([0, 0, 2, 1, 1, 1, 0, 0, 0], 0))
        True
        """
        return any(
            (m >> 3 * r) & 7 >= 2 and Agari._is_mentsu(m - (2 << 3 * r)) for r in _PAIR_RANKS.get(nn, ())
        )

    @staticmethod
    def _to_meld(tiles: Sequence[int], d: int) -> int:
        """The nine counts from ``tiles[d]`` packed 3 bits each, OR-ed as mahjong does.

        >>> Agari._to_meld([1, 2, 3, 0, 0, 0, 0, 0, 0], 0)
        209
        """
        packed = 0
        for r in range(9):
            packed |= tiles[d + r] << 3 * r
        return packed


#: the Python method (the reference twin of the compiled entry bound below)
_is_agari_python = Agari.is_agari
if not _backend.PUREPYTHON:  # the compiled entry takes the common calls; an import failure is an error
    from riichi_fast.compat.mahjong import _compat_counts

    _compat_counts.init(py_is_agari=_is_agari_python)
    Agari.is_agari = staticmethod(_compat_counts.is_agari)
