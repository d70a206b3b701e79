"""Type stub of the compiled fold of statistics rows (twin: riichi_fast.reference.stats.fold)."""

import numpy as np

ROW_WIDTH: int
PLAYER_KEYS: tuple[str, ...]
CORPUS_KEYS: tuple[str, ...]

class Fold:
    def __init__(self) -> None: ...
    def add(self, data: bytes, rows: np.ndarray, end: int) -> None: ...
    def add_game(self, game: object, score: object, digest: object) -> int: ...
    def take(
        self,
    ) -> tuple[
        list[int],
        list[int],
        list[int],
        list[int],
        list[tuple[int, int, int, int]],
        list[tuple[int, int]],
        list[bytes | str],
        np.ndarray,
    ]: ...
    def take_into(self, stats: object) -> None: ...
