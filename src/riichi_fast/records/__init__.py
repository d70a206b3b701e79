"""Readers for real game records and a verifier that re-scores every recorded win.

- :func:`read_mjlog` / :func:`parse_mjlog`: Tenhou mjlog XML (plain or gzip).
- :func:`read_tenhou6` / :func:`parse_tenhou6`: tenhou.net/6 JSON.
- :func:`read_mjai` / :func:`parse_mjai`: mjai JSON lines.
- :func:`read_record`: any of the three, chosen from the content.
- :mod:`riichi_fast.records.verify`: re-score every win and draw of a game.

All readers return a :class:`Game` of :class:`Round`\\ s holding
:class:`RecordedWin` and :class:`RecordedDraw` values (plain dataclasses).
"""

from riichi_fast.records.errors import RecordError
from riichi_fast.records.mjai.reader import parse_mjai, read_mjai
from riichi_fast.records.model import (
    DrawKind,
    Event,
    Game,
    GameRules,
    RecordedDraw,
    RecordedScore,
    RecordedWin,
    RecordMeld,
    Round,
    Situation,
    tile_name,
)
from riichi_fast.records.mjlog.reader import decode_meld, parse_mjlog, read_mjlog
from riichi_fast.records.reading import read_record
from riichi_fast.records.tenhou6.reader import parse_tenhou6, read_tenhou6

__all__ = [
    "DrawKind",
    "Event",
    "Game",
    "GameRules",
    "RecordError",
    "RecordMeld",
    "RecordedDraw",
    "RecordedScore",
    "RecordedWin",
    "Round",
    "Situation",
    "VerifyReport",
    "decode_meld",
    "parse_mjai",
    "parse_mjlog",
    "parse_tenhou6",
    "read_mjai",
    "read_mjlog",
    "read_record",
    "read_tenhou6",
    "tile_name",
    "verify_game",
    "verify_paths",
]


def __getattr__(name):
    # The verifier is imported on first use, so that ``python -m riichi_fast.records.verify``
    # runs it cleanly (runpy warns when the module it runs was imported by its package).
    if name in ("verify_game", "verify_paths", "VerifyReport"):
        from riichi_fast.records import verify

        return getattr(verify, name)
    raise AttributeError(f"module 'riichi_fast.records' has no attribute {name!r}")
