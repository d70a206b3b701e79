"""riichi_fast.records._files.load (a record file read and inflated in C, libdeflate) and its twin.

The loader only ever declines: a file it reads gives exactly what the Python reader
(``records.sources.read_file`` then ``unpack``) gives, and a file it declines is read by
that reader, which says what is wrong.  So every case here checks three things: the
compiled loader and its twin give the same answer; an accepted file gives the right bytes;
``iter_records`` gives the same records (or the same error) with the loader on and off.
"""

import gzip
import os
import struct
import types
import zlib
from pathlib import Path

import pytest

from riichi_fast import _backend
from riichi_fast.records import sources
from riichi_fast.reference.records import files as twin
from riichi_fast.stats import collect, expand_paths, stats_of_files

RECORDS = Path(__file__).parents[1] / "data" / "records"
ALL_FILES = sorted(p for p in RECORDS.rglob("*") if p.is_file())

BACKEND_FILES = sources._files
compiled = None if _backend.PUREPYTHON else BACKEND_FILES
LOADERS = [twin.load] + ([compiled.load] if compiled is not None else [])

XML = b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>' * 40


def _member(body: bytes, flags: int = 0, extra: bytes = b"") -> bytes:
    """One gzip member written by hand: header with ``flags`` and ``extra`` after it."""
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = c.compress(body) + c.flush()
    head = b"\x1f\x8b\x08" + bytes([flags]) + b"\0\0\0\0\0\xff" + extra
    return head + deflated + struct.pack("<II", zlib.crc32(body), len(body) & 0xFFFFFFFF)


def _hcrc(flags: int, extra: bytes = b"") -> bytes:
    head = b"\x1f\x8b\x08" + bytes([flags | 0x02]) + b"\0\0\0\0\0\xff" + extra
    return extra + struct.pack("<H", zlib.crc32(head) & 0xFFFF)


GZ = gzip.compress(XML)
CASES = {
    "plain xml": (XML, XML),
    "empty": (b"", b""),
    "gzip": (GZ, XML),
    "gzip of nothing": (gzip.compress(b""), b""),
    "gzip with a name": (_member(XML, 0x08, b"game.mjlog\0"), XML),
    "gzip with a comment and extra field": (_member(XML, 0x04 | 0x10, b"\x03\0abcnote\0"), XML),
    "gzip with a header crc": (_member(XML, 0x02, _hcrc(0)), None),  # zlib checks it, libdeflate not
    "gzip with a wrong header crc": (_member(XML, 0x02, b"\0\0"), None),
    "reserved flag": (_member(XML, 0x20), None),
    "two members": (GZ + gzip.compress(b"<x/>"), None),
    "trailing garbage": (GZ + b"garbage", None),
    "trailing zeros": (GZ + b"\0" * 8, None),
    "truncated": (GZ[: len(GZ) // 2], None),
    "no trailer": (GZ[:-8], None),
    "bad crc": (GZ[:-8] + bytes([GZ[-8] ^ 1]) + GZ[-7:], None),
    "size says less": (GZ[:-4] + struct.pack("<I", len(XML) - 1), None),
    "size says more": (GZ[:-4] + struct.pack("<I", len(XML) + 1), None),
    "size past the limit": (GZ[:-4] + struct.pack("<I", 0xFFFFFFFF), None),
    "flipped byte": (GZ[:30] + bytes([GZ[30] ^ 0x55]) + GZ[31:], None),
    "magic only": (b"\x1f\x8b", None),
    "header only": (GZ[:10], None),
    "seventeen bytes": (GZ[:17], None),
    "not deflate": (b"\x1f\x8b\x07" + GZ[3:], None),
    "gzip inside gzip": (gzip.compress(GZ), GZ),
    "bz2 bytes": (b"BZh91AY&SY", b"BZh91AY&SY"),
    "large": (XML * 2000, XML * 2000),
    "large gzip": (gzip.compress(XML * 2000), XML * 2000),
}


@pytest.fixture(params=LOADERS, ids=lambda f: f.__module__)
def load(request):
    return request.param


def _use(monkeypatch, loader):
    """``sources`` reading files with ``loader`` (None: the backend's own module)."""
    monkeypatch.setattr(sources, "_files", BACKEND_FILES if loader is None
                        else types.SimpleNamespace(load=loader))


def _records(paths, monkeypatch, loader):
    _use(monkeypatch, loader)
    return [(n, d if isinstance(d, bytes) else (type(d).__name__, str(d)))
            for n, d in sources.iter_records(paths)]


@pytest.mark.parametrize("case", list(CASES))
def test_each_case_as_the_twin_and_the_python_reader(case, load, tmp_path, monkeypatch):
    content, expected = CASES[case]
    path = tmp_path / "game.mjlog"
    path.write_bytes(content)
    assert load(str(path)) == expected
    assert load(path) == expected and load(os.fsencode(path)) == expected
    assert twin.load(str(path)) == (compiled.load(str(path)) if compiled else expected)
    with_loader = _records([str(path)], monkeypatch, load)
    without = _records([str(path)], monkeypatch, lambda p: None)
    assert with_loader == without


def test_paths_it_declines(load, tmp_path):
    assert load(str(tmp_path)) is None  # a directory
    assert load(str(tmp_path / "missing.mjlog")) is None
    assert load("a\0b") is None
    assert load("/dev/null") is None  # not a regular file
    with pytest.raises(TypeError):
        load(3)


def test_a_file_name_that_is_not_utf8(load, tmp_path):
    """A name of any bytes (POSIX): given as bytes, or as the str ``os.fsdecode`` makes of
    them (surrogate escapes), it names the same file."""
    raw = os.fsencode(tmp_path) + b"/\xff\xfegame.mjlog"
    with open(raw, "wb") as f:
        f.write(gzip.compress(XML))
    assert load(raw) == XML
    assert load(os.fsdecode(raw)) == XML


def test_a_fifo_is_left_to_the_python_reader(load, tmp_path, monkeypatch):
    """A named pipe is not opened by the loader (opening one waits for a writer, and reading
    it takes its data): declined at once, then read whole by the Python reader."""
    import threading

    fifo = tmp_path / "game.mjlog"
    os.mkfifo(fifo)

    def write():
        with open(fifo, "wb") as f:  # waits for a reader
            f.write(GZ)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    assert load(str(fifo)) is None
    _use(monkeypatch, load)
    assert list(sources.iter_records([str(fifo)])) == [(str(fifo), XML)]
    writer.join(5)
    assert not writer.is_alive()


def test_a_file_it_cannot_read(load, tmp_path):
    path = tmp_path / "locked.mjlog"
    path.write_bytes(XML)
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):  # root reads it anyway
            assert load(str(path)) == XML
        else:
            assert load(str(path)) is None
    finally:
        path.chmod(0o644)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_bundled_file_as_the_python_reader_reads_it(path, load):
    """The loader's bytes are the one record ``unpack`` finds in the file (every bundled
    record is one plain or gzipped file); the twin gives the same."""
    got = load(str(path))
    items = list(sources.unpack(str(path), sources.read_file(str(path))))
    assert got is not None and len(items) == 1
    assert got == items[0][1]


def test_iter_records_the_same_with_and_without_the_loader(tmp_path, monkeypatch):
    """Every bundled record, damaged copies of some, an archive, a file named twice, a
    directory, a glob and a path naming nothing: the same names and records (or errors),
    in the same order."""
    odd = tmp_path / "odd"
    odd.mkdir()
    gz = next(p for p in ALL_FILES if p.read_bytes()[:2] == b"\x1f\x8b")
    data = gz.read_bytes()
    (odd / "truncated.mjlog").write_bytes(data[: len(data) // 2])
    (odd / "two.mjlog").write_bytes(data + data)
    (odd / "empty.mjlog").write_bytes(b"")
    (odd / "hcrc.mjlog").write_bytes(_member(XML, 0x02, _hcrc(0)))
    (odd / "dir.mjlog").mkdir()  # a directory named as a record file
    (odd / "dir.mjlog" / "inner.mjlog").write_bytes(data)
    import tarfile

    with tarfile.open(odd / "pack.tar.gz", "w:gz") as tar:
        tar.add(gz, arcname="a.mjlog")
    args = [str(p) for p in ALL_FILES] + [str(odd), str(gz), str(odd / "*.mjlog"),
                                           str(tmp_path / "missing.mjlog"), str(odd / "dir.mjlog")]
    with_loader = _records(args, monkeypatch, None)  # None: the backend's loader
    without = _records(args, monkeypatch, lambda p: None)
    assert with_loader == without
    assert len(with_loader) > len(ALL_FILES)


def test_stats_of_paths_named_equal_stats_of_the_expanded_list(tmp_path):
    """``collect`` reads a named file before any stat and expands only what the compiled
    path did not read (a directory, a glob, another format, a damaged file): the totals
    and the unreadable list are those of the expanded list, counted file by file."""
    mjlogs = sorted((RECORDS / "tenhou-mjlog-mjx").iterdir())
    d = tmp_path / "games.mjlog"  # a directory named as a record file
    d.mkdir()
    (d / "x.mjlog").write_bytes(mjlogs[0].read_bytes())
    (d / "broken.mjlog").write_bytes(mjlogs[1].read_bytes()[:100])
    args = [str(p) for p in mjlogs[:6]] + [str(RECORDS / "mjai"), str(d), str(RECORDS / "tenhou6-json-mjx" / "*"),
                                           str(tmp_path / "missing.mjlog"), str(mjlogs[0])]
    got = collect(args)
    want = stats_of_files(expand_paths(args))
    assert got.to_dict() == want.to_dict()
    assert got.unreadable == want.unreadable and len(want.unreadable) == 2
    assert got.games == want.games > 8


def test_random_damage_read_as_the_python_reader_reads_it(tmp_path, monkeypatch):
    """Two hundred damaged copies of a bundled gzipped record (bytes flipped, cut, inserted,
    appended; seeded): the loader's bytes and the twin's agree, and iter_records gives the
    same records or the same error with the loader on and off."""
    import random

    rng = random.Random(20261202)
    gz = [p for p in ALL_FILES if p.read_bytes()[:2] == b"\x1f\x8b"]
    paths = []
    for k in range(200):
        data = bytearray(rng.choice(gz).read_bytes())
        for _ in range(rng.randint(1, 3)):
            how, at = rng.randrange(4), rng.randrange(len(data))
            if how == 0:
                data[at] ^= 1 << rng.randrange(8)
            elif how == 1:
                del data[at:]
            elif how == 2:
                data[at:at] = rng.randbytes(rng.randint(1, 8))
            else:
                data += rng.randbytes(rng.randint(1, 8))
        path = tmp_path / f"damaged{k}.mjlog"
        path.write_bytes(bytes(data))
        paths.append(str(path))
        if compiled is not None:
            assert compiled.load(str(path)) == twin.load(str(path))
    with_loader = _records(paths, monkeypatch, None)
    without = _records(paths, monkeypatch, lambda p: None)
    assert with_loader == without
    assert sum(type(d) is tuple for _, d in with_loader) > 100  # most are errors
