"""Type stub of the compiled column engine (twin: riichi_fast.reference.scoring.columns)."""

import numpy as np
import numpy.typing as npt

def score_columns(
    cols: dict[str, npt.NDArray[np.generic]],
    params: npt.NDArray[np.int32],
    use_ura: bool,
    use_kan_dora: bool,
    out: dict[str, npt.NDArray[np.generic]],
    start: int,
    stop: int,
    out_offset: int,
    n_threads: int = 1,
) -> None: ...
