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


def read_record(path) -> Game:
    """Read a game record of any supported format, chosen from its content.

    gzip/bz2 are undone first; then ``<`` first: mjlog XML; JSON lines with
    ``"type"``: mjai; a JSON object or array: tenhou.net/6.  For archives,
    databases and directories see :func:`riichi_fast.records.sources.iter_records`.
    """
    import os

    from riichi_fast.records.verify_files import parse_record
    from riichi_fast.records.sources import unpack

    with open(record_path(path, "read_record"), "rb") as f:
        data = f.read()
    name = os.path.basename(os.fspath(path))
    items = list(unpack(name, data))
    if len(items) != 1:
        raise RecordError(f"{name}: holds {len(items)} records (an archive, a database or a "
                          f"file of several JSON games: read it with "
                          f"riichi_fast.records.sources.iter_records)")
    got = items[0][1]
    if isinstance(got, BaseException):
        raise RecordError(str(got))
    return parse_record(got, name)


def __getattr__(name):
    # The verifier is imported on first use, so that
    # ``python -m riichi_fast.records.verify`` runs it cleanly.
    if name in ("verify_game", "verify_paths", "VerifyReport"):
        from riichi_fast.records import verify

        return getattr(verify, name)
    raise AttributeError(f"module 'riichi_fast.records' has no attribute {name!r}")
