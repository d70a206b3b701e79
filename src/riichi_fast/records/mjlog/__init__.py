"""Tenhou mjlog XML records.

- :mod:`.reader`: the full reader (records as :class:`~riichi_fast.records.Game` objects),
  with its compiled half ``_reader``;
- ``_scan``: the compiled one-pass scan that verifies, counts and exports mjlog records
  without building objects (twin ``riichi_fast.reference.records.mjlog.scan``).
"""

from riichi_fast.records.mjlog.reader import RecordError, decode_meld, parse_mjlog, read_mjlog

__all__ = ["RecordError", "decode_meld", "parse_mjlog", "read_mjlog"]
