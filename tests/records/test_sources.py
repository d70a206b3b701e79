"""records.sources._gunzip: the same bytes, or the same error, whichever inflater is installed.

With the ``fast`` extra (``isal``) gzipped records are inflated by ISA-L; anything it does
not finish cleanly (damaged data, several members, trailing bytes) goes through the standard
library, so the answer and the message of a damaged file do not depend on the extra.
"""

import gzip
import zlib
from pathlib import Path

import pytest

from riichi_fast.records import sources

RECORDS = Path(__file__).parents[1] / "data" / "records"
GZIPPED = [p for p in sorted(RECORDS.rglob("*")) if p.is_file() and p.read_bytes()[:2] == b"\x1f\x8b"]

isal_zlib = pytest.importorskip("isal.isal_zlib")


def _outcome(data, inflater, monkeypatch):
    monkeypatch.setattr(sources, "_INFLATER", inflater)
    try:
        return sources._gunzip(data)
    except Exception as exc:  # noqa: BLE001 - compared by type and message
        return type(exc), str(exc)


def _variants(data: bytes):
    """Damaged and unusual forms of one gzip member (a bundled record)."""
    mid = len(data) // 2
    yield "as is", data
    yield "truncated", data[:mid]
    yield "no trailer", data[:-8]
    yield "flipped byte", data[:mid] + bytes([data[mid] ^ 0x55]) + data[mid + 1:]
    yield "bad crc", data[:-8] + bytes([data[-8] ^ 1]) + data[-7:]
    yield "bad size", data[:-4] + bytes([data[-4] ^ 1]) + data[-3:]
    yield "two members", data + gzip.compress(b"<mjloggm/>")
    yield "trailing garbage", data + b"garbage"
    yield "trailing zeros", data + b"\0" * 16
    yield "header only", data[:10]


def test_bundled_gzipped_records_exist():
    assert len(GZIPPED) >= 50  # the bundled Tenhou mjlogs are gzipped as Tenhou serves them


@pytest.mark.parametrize("path", GZIPPED[::8], ids=lambda p: p.name)
def test_isal_and_zlib_agree_on_every_variant(path, monkeypatch):
    data = path.read_bytes()
    for what, variant in _variants(data):
        with_isal = _outcome(variant, isal_zlib, monkeypatch)
        with_zlib = _outcome(variant, zlib, monkeypatch)
        assert with_isal == with_zlib, what
        if what in ("as is", "two members"):
            assert with_zlib[:1] in (b"<", b"{")  # an mjlog, or mjai JSON lines
        if what == "two members":
            assert with_zlib.endswith(b"<mjloggm/>")
        if what in ("truncated", "flipped byte", "bad crc", "bad size", "header only"):
            assert type(with_zlib) is tuple, what  # an error, the same under both


def test_every_bundled_record_inflates_the_same(monkeypatch):
    for path in GZIPPED:
        data = path.read_bytes()
        assert _outcome(data, isal_zlib, monkeypatch) == gzip.decompress(data), path.name


def test_damaged_gzip_is_reported_with_zlibs_message(monkeypatch):
    data = GZIPPED[0].read_bytes()
    bad = data[:40] + bytes([data[40] ^ 0xFF]) + data[41:]
    got = {}
    for inflater in (isal_zlib, zlib):
        monkeypatch.setattr(sources, "_INFLATER", inflater)
        [(name, err)] = list(sources.unpack("x.mjlog", bad))
        got[inflater.__name__] = (name, type(err), str(err))
    assert got["isal.isal_zlib"] == got["zlib"]
    name, kind, message = got["zlib"]
    assert name == "x.mjlog" and kind is sources.SourceError
    assert message.startswith("x.mjlog: damaged compressed data (")
