"""Type stub of the compiled scoring kernel (twin: riichi_fast.reference.scoring.score)."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

def score_kernel(
    closed34: bytes | bytearray | Sequence[int] | npt.NDArray[np.uint8],
    meld_types: bytes | bytearray | Sequence[int] | npt.NDArray[np.uint8],
    meld_kinds: bytes | bytearray | Sequence[int] | npt.NDArray[np.uint8],
    win_kind: int,
    ctx: npt.NDArray[np.int32],
    params: npt.NDArray[np.int32],
    out: npt.NDArray[np.int64],
) -> int: ...
def score_batch(
    closed: npt.NDArray[np.uint8],
    melds: npt.NDArray[np.uint16],
    win_kind: npt.NDArray[np.uint8],
    ctx: npt.NDArray[np.int32],
    params: npt.NDArray[np.int32],
    *,
    n_threads: int = 1,
    out: npt.NDArray[np.int64] | None = None,
) -> npt.NDArray[np.int64]: ...
