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

__all__ = ["Agari"]

_kernel_is_agari = _backend.load("shanten").is_agari


class Agari:
    """Is a 34-count hand (melds implied by its size, or subtracted) complete?"""

    @staticmethod
    def is_agari(tiles_34: Sequence[int], open_sets_34: Collection[Sequence[int]] | None = None) -> bool:
        """True if ``tiles_34`` (minus the tiles of ``open_sets_34``) is sets + a pair,
        seven pairs or thirteen orphans; a size that cannot be complete gives False.

        >>> Agari.is_agari([2] + [0] * 33), Agari.is_agari([3] + [0] * 33)
        (True, False)
        """
        tiles = list(tiles_34)
        if open_sets_34:
            for meld in open_sets_34:
                for k in meld[:4]:
                    tiles[k] -= 1
        if sum(tiles) % 3 != 2 or sum(tiles) > 14 or min(tiles) < 0 or max(tiles) > 4:
            return False
        return bool(_kernel_is_agari(bytes(tiles)))
