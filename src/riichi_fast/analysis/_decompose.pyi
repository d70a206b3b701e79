"""Type stub of the compiled decomposition kernel (twin: riichi_fast.reference.analysis.decompose)."""

from collections.abc import Sequence

from riichi_fast.analysis.readings import Reading, WinReading

def decompose(
    counts: bytes | bytearray | Sequence[int] | object,
    melds: Sequence[tuple[int, int]] = (),
    win_tile: int | None = None,
    tsumo: bool = False,
) -> tuple[Reading, ...] | tuple[WinReading, ...]: ...
