"""Stub of the compiled win checks of a read round (internal; twin:
riichi_fast.reference.records.win_check)."""

from typing import Any

class Digest:
    def __init__(self, params: Any, red: tuple[int, ...], honba_value: int, counters_all: bool,
                 n_players: int, win_red: bool, three: bool) -> None: ...

def check_wins(wins: list[Any], rnd: Any, nxt: Any, n: int, declared: tuple[int, ...],
               d: Digest) -> list[tuple[int, ...]] | None: ...

def win_score(
    win: Any, n: int, d: Digest
) -> tuple[int, int, int, int, int, int, bool, int, int, int] | None: ...
