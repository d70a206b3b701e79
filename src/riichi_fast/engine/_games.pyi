from collections.abc import Callable, Iterator, Sequence

import numpy as np

from riichi_fast.engine._table import CTable
from riichi_fast.rules.config import Rules

def random_choice_stream(seed: int) -> Iterator[int]: ...
def play_random_hands(
    n: int, seed: int = 0, rules: Rules | str = "tenhou"
) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...
def play_random_games(
    n_games: int, seed: int = 0, rules: Rules | str = "tenhou", length: str = "hanchan"
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...

AGENT_NAMES: tuple[str, ...]

def play_games(
    n_games: int,
    agents: Sequence[str] | str | None = None,
    rules: Rules | str = "tenhou",
    seed: int = 0,
    length: str = "hanchan",
    n_threads: int = 1,
    *,
    progress: Callable[[int], object] | None = None,
) -> dict[str, np.ndarray]: ...
def _game_hands(
    rules: Rules | str, agents: Sequence[str], seed: int, game: int, length: str = "hanchan"
) -> list[tuple[str, tuple[int, ...]]]: ...

def write_batch(tables: list[CTable], planes: np.ndarray, masks: np.ndarray, seats: np.ndarray) -> None: ...
