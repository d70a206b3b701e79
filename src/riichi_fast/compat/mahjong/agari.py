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
from riichi_fast.errors import RiichiError

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
        if open_sets_34:
            tiles = list(tiles_34)
            for meld in open_sets_34:
                for k in meld[:4]:
                    tiles[k] -= 1
        else:
            tiles = tiles_34
        try:
            packed = bytes(tiles)
        except (ValueError, TypeError):  # a negative count (meld tiles not in the hand)
            return False
        n = sum(packed)
        if n % 3 != 2 or n > 14:
            return False
        try:
            return bool(_kernel_is_agari(packed))
        except RiichiError:  # more than four copies of a kind
            return False


#: the Python method (the reference twin of the compiled entry bound below)
_is_agari_python = Agari.is_agari
if not _backend.PUREPYTHON:  # the compiled entry takes the common calls; an import failure is an error
    from riichi_fast.compat.mahjong import _compat_counts

    _compat_counts.init(py_is_agari=_is_agari_python)
    Agari.is_agari = staticmethod(_compat_counts.is_agari)
