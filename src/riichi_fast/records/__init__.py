"""Readers for real game records and a verifier that re-scores every recorded win.

- :func:`read_mjlog` / :func:`parse_mjlog`: Tenhou mjlog XML (plain or gzip).
- :func:`read_tenhou6` / :func:`parse_tenhou6`: tenhou.net/6 JSON.
- :func:`read_mjai` / :func:`parse_mjai`: mjai JSON lines.
- :func:`read_record`: any of the three, chosen from the content.
- :mod:`riichi_fast.records.verify`: re-score every win and draw of a game.

All readers return a :class:`Game` of :class:`Round`\\ s holding
:class:`RecordedWin` and :class:`RecordedDraw` values (plain dataclasses).
"""

from riichi_fast.records._replay import RecordError, record_path
from riichi_fast.records.mjai import parse_mjai, read_mjai
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
from riichi_fast.records.tenhou import decode_meld, parse_mjlog, read_mjlog
from riichi_fast.records.tenhou6 import parse_tenhou6, read_tenhou6

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


def read_record(path) -> Game:
    """Read a game record of any supported format, chosen from its content.

    gzip or ``<`` first: mjlog XML; a JSON object with ``"log"``: tenhou.net/6;
    JSON lines with ``"type"``: mjai.
    """
    with open(record_path(path, "read_record"), "rb") as f:
        head = f.read(4096)
    if head[:2] == b"\x1f\x8b" or head.lstrip()[:1] == b"<":
        return read_mjlog(path)
    text = head.decode("utf-8", errors="replace").lstrip()
    first = text.split("\n", 1)[0]
    if '"type"' in first and '"log"' not in first:
        return read_mjai(path)
    if '"log"' in text or text.startswith("{"):
        return read_tenhou6(path)
    raise RecordError(f"{path}: unknown record format")


def __getattr__(name):
    # The verifier is imported on first use, so that
    # ``python -m riichi_fast.records.verify`` runs it cleanly.
    if name in ("verify_game", "verify_paths", "VerifyReport"):
        from riichi_fast.records import verify

        return getattr(verify, name)
    raise AttributeError(f"module 'riichi_fast.records' has no attribute {name!r}")
