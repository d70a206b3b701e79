"""tenhou.net/6 JSON records: the reader (:mod:`.reader`) and its compiled half (``_reader``)."""

from riichi_fast.records.tenhou6.reader import YAKU_NAMES, parse_tenhou6, read_tenhou6

__all__ = ["YAKU_NAMES", "parse_tenhou6", "read_tenhou6"]
