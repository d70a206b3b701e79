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
from riichi_fast.compat.mahjong._errors import ours_on_type_error
from riichi_fast.compat.mahjong.constants import TERMINAL_AND_HONOR_INDICES  # noqa: F401 (mahjong's name)
from riichi_fast.errors import TileCountError

__all__ = ["Shanten"]

_K = _backend.load("analysis._shanten")
_kernel_regular = _K.shanten_regular


def _check(tiles_34: Sequence[int], n: int, is_three_player: bool) -> None:
    """Reject what mahjong rejects, with its messages (counts are not range-checked, as in mahjong)."""
    if is_three_player and any(tiles_34[1:8]):
        raise TileCountError("Invalid tile for three player")
    if n > 14:
        raise TileCountError(f"Too many tiles = {n}")
    if n % 3 == 0:
        raise TileCountError(f"Invalid tile count = {n}. Valid counts: 1, 2, 4, 5, 7, 8, 10, 11, 13, 14.")


def _packed(tiles_34: Sequence[int]) -> bytes | None:
    """The counts as bytes for the kernel, or None when one is not an int in 0..4."""
    try:
        packed = bytes(tiles_34)
    except (ValueError, TypeError):
        return None
    return packed if max(packed, default=0) <= 4 else None


def _regular(tiles_34: Sequence[int], n: int, is_three_player: bool) -> int:
    """Regular-form shanten of validated counts: the kernel, or mahjong's search on odd counts."""
    packed = _packed(tiles_34)
    if packed is None or len(packed) != 34 or sum(packed) != n:
        return _search_regular(list(tiles_34), n, is_three_player)
    return _kernel_regular(_three_player_counts(packed) if is_three_player else packed)


def _search_regular(t: list[int], n: int, is_three_player: bool) -> int:
    """mahjong 2.1.0's regular-hand search, for counts the kernel does not take (a count above 4
    or below 0, or a tile total that is not the sum of the counts: ``_RegularShanten.calculate``).

    It gives the same answers as the kernel on ordinary counts, and mahjong's on the odd ones
    (a kind held five times is skipped, neither set nor isolated tile).  ``t`` is modified and
    restored.
    """
    # honors (and 1m/9m with three players) are only counted, never searched
    melds, pairs, forced = (14 - n) // 3, 0, 0
    quads = lone = 0
    for bit, k in enumerate(list(range(27, 34)) + ([0, 8] if is_three_player else [])):
        c = t[k]
        if c == 4:
            melds += 1
            forced += 1
            quads |= 1 << bit
            lone |= 1 << bit
        elif c == 3:
            melds += 1
        elif c == 2:
            pairs += 1
        elif c == 1:
            lone |= 1 << bit
    if forced and n % 3 == 2:
        forced -= 1
    four_flags = sum(1 << k for k in range(27) if t[k] == 4)
    iso_flags = 0
    if lone:
        iso_flags = 1 << 27
        if quads | lone == quads:
            four_flags |= 1 << 27
    st = [melds, 0, pairs, iso_flags, 8]  # melds, partial sets, pairs, isolated-tile flags, best

    def score() -> None:
        m, ta, pr, iso, _ = st
        value = 8 - 2 * m - ta - pr
        blocks = m + ta
        if pr:
            blocks += pr - 1
        elif four_flags and iso and four_flags | iso == four_flags:
            value += 1
        if blocks > 4:
            value += blocks - 4
        if value != -1 and value < forced:
            value = forced
        st[4] = min(st[4], value)

    def take(d: int, shape: tuple[int, ...], kind: int, nxt: int) -> None:
        """Remove ``shape`` (offsets) at ``d`` counted as ``kind`` (0 set, 1 partial, 2 pair), search from ``nxt``."""
        for o in shape:
            t[d + o] -= 1
        st[kind] += 1
        run(nxt)
        st[kind] -= 1
        for o in shape:
            t[d + o] += 1

    def lone_tile(d: int) -> None:
        t[d] -= 1
        st[3] |= 1 << d
        run(d + 1)
        t[d] += 1
        st[3] &= ~(1 << d)

    def partials(d: int, r: int, run_after_seq: int) -> None:
        """The sequence / closed-wait / open-wait options that start at ``d``."""
        if r < 7 and t[d + 2]:
            if t[d + 1]:
                take(d, (0, 1, 2), 0, run_after_seq)
            take(d, (0, 2), 1, d + 1)
        if r < 8 and t[d + 1]:
            take(d, (0, 1), 1, d + 1)

    def run(d: int) -> None:
        if st[4] == -1:
            return
        while not t[d]:
            d += 1
            if d >= 27:
                break
        if d >= 27:
            score()
            return
        r, c = d % 9, t[d]
        if c == 4:
            t[d] -= 3
            st[0] += 1
            partials(d, r, d + 1)
            lone_tile(d)
            t[d] += 3
            st[0] -= 1
            t[d] -= 2
            st[2] += 1
            partials(d, r, d)
            t[d] += 2
            st[2] -= 1
        elif c == 3:
            take(d, (0, 0, 0), 0, d + 1)
            t[d] -= 2
            st[2] += 1
            if r < 7 and t[d + 1] and t[d + 2]:
                take(d, (0, 1, 2), 0, d + 1)
            else:
                if r < 7 and t[d + 2]:
                    take(d, (0, 2), 1, d + 1)
                if r < 8 and t[d + 1]:
                    take(d, (0, 1), 1, d + 1)
            t[d] += 2
            st[2] -= 1
            if r < 7 and t[d + 2] >= 2 and t[d + 1] >= 2:
                for o in (0, 1, 2):
                    t[d + o] -= 2
                st[0] += 2
                run(d)
                st[0] -= 2
                for o in (0, 1, 2):
                    t[d + o] += 2
        elif c == 2:
            take(d, (0, 0), 2, d + 1)
            if r < 7 and t[d + 2] and t[d + 1]:
                take(d, (0, 1, 2), 0, d)
        elif c == 1:
            if r < 6 and t[d + 1] == 1 and t[d + 2] and t[d + 3] != 4:
                take(d, (0, 1, 2), 0, d + 2)
            else:
                lone_tile(d)
                partials(d, r, d + 1)

    run(9 if is_three_player else 0)
    return st[4]


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
    @ours_on_type_error
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
        n = sum(tiles_34)
        _check(tiles_34, n, is_three_player)
        best = _regular(tiles_34, n, is_three_player)
        if n >= 13:
            if use_chiitoitsu:
                best = min(best, Shanten.calculate_shanten_for_chiitoitsu_hand(tiles_34))
            if use_kokushi:
                best = min(best, Shanten.calculate_shanten_for_kokushi_hand(tiles_34))
        return best

    @staticmethod
    @ours_on_type_error
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
    @ours_on_type_error
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
    @ours_on_type_error
    def calculate_shanten_for_regular_hand(tiles_34: Sequence[int], is_three_player: bool = False) -> int:
        """Shanten of 4 sets + a pair; missing sets count as melded (``len // 3`` sets are looked for).

        >>> Shanten.calculate_shanten_for_regular_hand([3] + [0] * 8 + [1] + [0] * 24)
        0
        """
        return _RegularShanten(tiles_34).calculate(sum(tiles_34), is_three_player)


class _RegularShanten:
    """mahjong's regular-hand shanten object: ``_RegularShanten(tiles_34).calculate(n_tiles, is_three_player)``.

    Same checks and messages as mahjong; the count ``n_tiles`` given (not the sum of the counts)
    sets how many sets are implied open, as in mahjong.  Ordinary counts go to riichi_fast's
    kernel (three players: on counts rewritten by ``_three_player_counts``), odd ones to
    ``_search_regular``.  mahjong's private search methods (``_run``, ``_scan``, ...) are not
    mirrored.

    >>> _RegularShanten([3] + [0] * 8 + [1] + [0] * 24).calculate(4, False)
    0
    """

    def __init__(self, tiles_34: Sequence[int]) -> None:
        self._tiles = list(tiles_34)

    @ours_on_type_error
    def calculate(self, count_of_tiles: int, is_three_player: bool) -> int:
        """The regular-form shanten (-1 complete); ``ValueError`` (``TileCountError``) as mahjong."""
        _check(self._tiles, count_of_tiles, is_three_player)
        return _regular(self._tiles, count_of_tiles, is_three_player)


#: the Python method (the reference twin of the compiled entry bound below)
_calculate_shanten_python = Shanten.calculate_shanten
if not _backend.PUREPYTHON:  # the compiled entry takes the common calls; an import failure is an error
    from riichi_fast.compat.mahjong import _compat_counts

    _compat_counts.init(py_shanten=_calculate_shanten_python)
    Shanten.calculate_shanten = staticmethod(_compat_counts.calculate_shanten)
