"""Stub of the compiled line parser of ``riichi-fast batch`` (twin: riichi_fast.reference.cli.batchline)."""

import numpy as np

COLUMN_SPECS: dict[str, tuple[type, tuple[int, ...], int]]

class LineParser:
    rules: object
    rules_name: str
    columns: dict[str, np.ndarray]
    capacity: int
    n_slow: int

    def __init__(self, rules: object, rules_name: str, capacity: int) -> None: ...
    def parse(self, data: bytes, pos: int, lineno: int) -> tuple[int, int, int, list[tuple[int, str]]]: ...

def format_columns(
    prefixes: list[bytes], suffix: bytes, columns: list[np.ndarray], tables: list, missing: object
) -> bytes: ...
