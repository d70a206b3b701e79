"""Type stub of the compiled shanten/agari kernels (twin: riichi_fast.reference.shanten)."""

import numpy as np
import numpy.typing as npt

__all__ = [
    "SHANTEN_INVALID",
    "shanten",
    "shanten_regular",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "is_agari",
    "shanten_batch",
    "is_agari_batch",
]

SHANTEN_INVALID: int

def shanten(counts) -> int: ...
def shanten_regular(counts) -> int: ...
def shanten_chiitoitsu(counts) -> int: ...
def shanten_kokushi(counts) -> int: ...
def is_agari(counts) -> bool: ...
def shanten_batch(
    hands, *, n_threads=1, out=None
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]: ...
def is_agari_batch(hands, *, n_threads=1) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint8]]: ...
def _table_bytes() -> int: ...
