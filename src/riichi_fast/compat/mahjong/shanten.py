"""Shanten, as in ``mahjong.shanten`` (``Shanten``), computed by riichi_fast's shanten kernel.

>>> from riichi_fast.compat.mahjong.tile import TilesConverter
>>> Shanten.calculate_shanten(TilesConverter.one_line_string_to_34_array("123m456p789s1122z"))
0
>>> Shanten.calculate_shanten(TilesConverter.one_line_string_to_34_array("1111m111122233z"), is_three_player=True)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi_fast import _backend
from riichi_fast.errors import TileCountError

__all__ = ["Shanten"]

_K = _backend.load("shanten")
_kernel_shanten = _K.shanten
_kernel_regular = _K.shanten_regular
_kernel_chiitoitsu = _K.shanten_chiitoitsu
_kernel_kokushi = _K.shanten_kokushi


def _check(tiles_34: Sequence[int], is_three_player: bool) -> tuple[bytes, int]:
    """Validate like mahjong (same messages) and pack the counts for the kernel."""
    if is_three_player and any(tiles_34[1:8]):
        raise TileCountError("Invalid tile for three player")
    n = sum(tiles_34)
    if n > 14:
        raise TileCountError(f"Too many tiles = {n}")
    if n % 3 == 0:
        raise TileCountError(f"Invalid tile count = {n}. Valid counts: 1, 2, 4, 5, 7, 8, 10, 11, 13, 14.")
    try:
        packed = bytes(tiles_34)
    except ValueError:
        raise TileCountError(f"tile counts must be 0..4, got {list(tiles_34)}") from None
    return packed, n


def _three_player_counts(counts: bytes) -> bytes:
    """Counts whose 4-player regular shanten is the 3-player one (2m-8m are absent).

    Without 2m-8m, 1m and 9m behave as honors.  Below four copies they already
    cannot form sequences or partial sets, so only a quad (which cannot wait on
    its own kind) differs: it moves to a free honor slot.  When all seven honors
    are held, an honor below four copies moves to the 5m slot first (with 2m-8m
    absent a 5m is as isolated as an honor).  Only for the regular form: the
    chiitoitsu and kokushi shanten read the original counts.
    """
    c = bytearray(counts)
    for k in (0, 8):
        if c[k] != 4:
            continue
        free = next((h for h in range(27, 34) if c[h] == 0), None)
        if free is None:
            free = next(h for h in range(27, 34) if c[h] < 4)
            c[4] = c[free]
        c[free], c[k] = 4, 0
    return bytes(c)


class Shanten:
    """Minimum number of tiles to tenpai: 0 = tenpai, -1 = complete (``AGARI_STATE``)."""

    TENPAI_STATE = 0
    AGARI_STATE = -1

    @staticmethod
    def calculate_shanten(
        tiles_34: Sequence[int],
        use_chiitoitsu: bool = True,
        use_kokushi: bool = True,
        is_three_player: bool = False,
    ) -> int:
        """Min of the regular, chiitoitsu (13+ tiles) and kokushi (13+ tiles) shanten.

        >>> Shanten.calculate_shanten([2] + [0] * 33)
        -1
        """
        counts, n = _check(tiles_34, is_three_player)
        regular = _three_player_counts(counts) if is_three_player else counts
        if n < 13:
            return _kernel_regular(regular)
        if use_chiitoitsu and use_kokushi and not is_three_player:
            return _kernel_shanten(counts)
        best = _kernel_regular(regular)
        if use_chiitoitsu:
            best = min(best, _kernel_chiitoitsu(counts))
        if use_kokushi:
            best = min(best, _kernel_kokushi(counts))
        return best

    @staticmethod
    def calculate_shanten_for_chiitoitsu_hand(tiles_34: Sequence[int]) -> int:
        """Seven-pairs shanten (a quad is one pair).

        >>> Shanten.calculate_shanten_for_chiitoitsu_hand([2, 2, 2, 2, 2, 2, 1, 1] + [0] * 26)
        0
        """
        pairs = sum(1 for x in tiles_34 if x >= 2)
        if pairs == 7:
            return -1
        kinds = sum(1 for x in tiles_34 if x >= 1)
        return 6 - pairs + (7 - kinds if kinds < 7 else 0)

    @staticmethod
    def calculate_shanten_for_kokushi_hand(tiles_34: Sequence[int]) -> int:
        """Thirteen-orphans shanten.

        >>> Shanten.calculate_shanten_for_kokushi_hand([1] + [0] * 33)
        12
        """
        yaochuu = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
        kinds = sum(1 for k in yaochuu if tiles_34[k])
        pair = any(tiles_34[k] >= 2 for k in yaochuu)
        return 13 - kinds - (1 if pair else 0)

    @staticmethod
    def calculate_shanten_for_regular_hand(tiles_34: Sequence[int], is_three_player: bool = False) -> int:
        """Shanten of 4 sets + a pair; missing sets count as melded (``len // 3`` sets are looked for).

        >>> Shanten.calculate_shanten_for_regular_hand([3] + [0] * 8 + [1] + [0] * 24)
        0
        """
        counts, _ = _check(tiles_34, is_three_player)
        if is_three_player:
            counts = _three_player_counts(counts)
        return _kernel_regular(counts)


#: the Python method (the reference twin of the compiled entry bound below)
_calculate_shanten_python = Shanten.calculate_shanten
if not _backend.PUREPYTHON:  # the compiled entry takes the common calls; an import failure is an error
    from riichi_fast.compat.mahjong import _compat_counts

    _compat_counts.init(py_shanten=_calculate_shanten_python)
    Shanten.calculate_shanten = staticmethod(_compat_counts.calculate_shanten)
