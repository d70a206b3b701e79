"""Type stub of the compiled waits kernels (twin: riichi_fast.reference.analysis.waits)."""

from typing import Any, NamedTuple

import numpy as np

class DiscardOption(NamedTuple):
    kind: int
    shanten: int
    ukeire: int
    kinds: tuple[int, ...]

def waits(
    counts: Any, *, meld_counts: Any = None, karaten: bool = False, n_players: int = 4
) -> tuple[int, ...]: ...
def ukeire(
    counts: Any, visible: Any = None, *, meld_counts: Any = None, melds_held: bool = True, n_players: int = 4
) -> tuple[int, tuple[int, ...]]: ...
def discard_analysis(
    counts: Any, visible: Any = None, *, meld_counts: Any = None, melds_held: bool = True, n_players: int = 4
) -> tuple[DiscardOption, ...]: ...
def discard_waits(
    counts: Any, *, meld_counts: Any = None, karaten: bool = False, n_players: int = 4
) -> dict[int, tuple[int, ...]]: ...
def waits_batch(
    hands: np.ndarray,
    *,
    karaten: bool = False,
    n_threads: int = 1,
    out: np.ndarray | None = None,
    n_players: int = 4,
) -> tuple[np.ndarray, np.ndarray]: ...
def ukeire_batch(
    hands: np.ndarray, visible: np.ndarray | None = None, *, n_threads: int = 1, n_players: int = 4
) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...
