"""mjai JSON-lines game logs: the reader (:mod:`.reader`) and its compiled half (``_reader``)."""

from riichi_fast.records.mjai.reader import mjai_kind, parse_mjai, parse_mjai_bytes, read_mjai

__all__ = ["mjai_kind", "parse_mjai", "parse_mjai_bytes", "read_mjai"]
