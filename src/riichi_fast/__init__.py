"""riichi_fast: fast riichi mahjong hand analysis and scoring.

The public API is wired here as the modules land; see README.md for a tour.
"""

from riichi_fast._backend import BACKEND
from riichi_fast.enums import Form, MeldType, RowStatus, SetType, WaitShape
from riichi_fast.errors import (
    ArrayError,
    ContextError,
    MeldError,
    RiichiError,
    TileCountError,
    TileParseError,
)
from riichi_fast.readings import HandSet, Reading, WinReading

__version__ = "0.1.0"
