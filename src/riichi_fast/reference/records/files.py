"""Twin of ``riichi_fast.records._files``: a record file's bytes, inflated when it is one gzip member.

Same answers as the compiled :func:`load` (``None`` for every file it declines, see its
module docstring), with ``os`` and ``zlib``; on Windows, where the compiled loader declines
every file, this one reads them.
"""

from __future__ import annotations

import os
import stat
import zlib

MAX_INFLATED = 1 << 28
_MAX_FILE = 1 << 30


def _read_all(path: bytes) -> bytes | None:
    try:  # a path that is not a regular file is not opened (a FIFO is left to the Python reader)
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > _MAX_FILE:
            return None
        size = st.st_size
        parts, got = [], 0
        while got < size or size == 0:  # one byte more than fstat said: a file that grew is seen
            chunk = os.read(fd, size + 1 - got)
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
            if size == 0:
                break
    except OSError:
        return None
    finally:
        os.close(fd)
    return b"".join(parts) if got == size else None


def _inflate(data: bytes) -> bytes | None:
    if len(data) < 18 or data[3] & 0x02:  # FHCRC: left to the Python reader, as compiled
        return None
    isize = int.from_bytes(data[-4:], "little")
    if isize > MAX_INFLATED:
        return None
    d = zlib.decompressobj(31)
    try:
        out = d.decompress(data, isize + 1)
    except zlib.error:
        return None
    if not d.eof or d.unused_data or d.unconsumed_tail or len(out) != isize:
        return None
    return out


def load(path) -> bytes | None:
    """The bytes a record file holds (inflated when it is one gzip member), or ``None``.

    >>> load("/no/such/file") is None
    True
    """
    p = os.fsencode(path)
    if b"\0" in p:
        return None
    raw = _read_all(p)
    if raw is None or raw[:2] != b"\x1f\x8b":
        return raw
    return _inflate(raw)
