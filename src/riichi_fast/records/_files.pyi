"""Record files read and inflated in C, without the GIL (twin: riichi_fast.reference.records.files)."""

import os

MAX_INFLATED: int

def load(path: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> bytes | None:
    """The bytes a record file holds (inflated when it is one gzip member), or None."""
