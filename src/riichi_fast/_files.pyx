# riichi_fast: libdeflate
"""Record files read and inflated in C, without the GIL (twin: ``riichi_fast.reference.files``).

:func:`load` is what the record pipelines (``verify``, ``stats``, ``export``) do first
with a file: its bytes, inflated when it is one gzip member (Tenhou's ``.mjlog``), in
one call that holds the GIL only to decode the path and to make the result.  The file
is opened, sized, read and closed, and the gzip member inflated (libdeflate, vendored
under ``vendor/libdeflate``, MIT licence: about 15% faster than ISA-L on Tenhou's
small gzipped mjlogs and a C call, where ISA-L is a Python one), in one section
without the GIL.  Anything else is declined (``None``) and read by
``riichi_fast.records.sources`` as before, which says what is wrong with it: a path
that cannot be opened or read, not a regular file, a file whose size changed while
it was read, a gzip member that is damaged, has data after it (a second member), has
a header CRC (FHCRC: libdeflate does not check it, zlib does) or says it inflates to
more than :data:`MAX_INFLATED` bytes.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize

cdef extern from "Python.h":
    bytes PyUnicode_EncodeFSDefault(object s)
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp

cdef extern from "<fcntl.h>" nogil:
    int open(const char* path, int flags)
    int O_RDONLY
    int O_CLOEXEC

cdef extern from "<unistd.h>" nogil:
    ssize_t read(int fd, void* buf, size_t n)
    int close(int fd)

cdef extern from "<sys/stat.h>" nogil:
    cdef struct stat:
        long st_size
        unsigned int st_mode
    int fstat(int fd, stat* st)
    bint S_ISREG(unsigned int mode)

cdef extern from "<errno.h>" nogil:
    int errno
    int EINTR

cdef extern from "libdeflate.h" nogil:
    cdef struct libdeflate_decompressor:
        pass
    ctypedef enum libdeflate_result:
        LIBDEFLATE_SUCCESS
    libdeflate_decompressor* libdeflate_alloc_decompressor()
    void libdeflate_free_decompressor(libdeflate_decompressor* d)
    libdeflate_result libdeflate_gzip_decompress_ex(
        libdeflate_decompressor* d, const void* in_, size_t in_nbytes, void* out,
        size_t out_nbytes_avail, size_t* actual_in_nbytes_ret, size_t* actual_out_nbytes_ret)

MAX_INFLATED = 1 << 28
"""A gzip member that says it inflates to more than this (256 MiB) is left to the
Python reader (which reads it by parts)."""

cdef size_t _MAX_INFLATED = MAX_INFLATED
cdef size_t _MAX_FILE = 1 << 30


cdef char* _read_all(const char* path, size_t* n) noexcept nogil:
    """The bytes of a regular file in a malloc'd buffer (its size in ``n``), or NULL."""
    cdef int fd = open(path, O_RDONLY | O_CLOEXEC)
    cdef stat st
    cdef char* buf = NULL
    cdef size_t size, got = 0
    cdef ssize_t r = 0
    if fd < 0:
        return NULL
    if fstat(fd, &st) != 0 or not S_ISREG(st.st_mode) or st.st_size < 0 or <size_t>st.st_size > _MAX_FILE:
        close(fd)
        return NULL
    size = <size_t>st.st_size
    buf = <char*>malloc(size + 1)  # one byte more: a file that grew is seen
    if buf == NULL:
        close(fd)
        return NULL
    while got <= size:
        r = read(fd, buf + got, size + 1 - got)
        if r < 0:
            if errno == EINTR:
                continue
            break
        if r == 0:
            break
        got += <size_t>r
    close(fd)
    if r < 0 or got != size:  # a read error, or the file changed size while read
        free(buf)
        return NULL
    n[0] = size
    return buf


cdef char* _inflate(const char* data, size_t size, size_t* n) noexcept nogil:
    """The one gzip member ``data`` holds, inflated into a malloc'd buffer, or NULL."""
    cdef size_t isize, used = 0, out_n = 0
    cdef const unsigned char* tail
    cdef char* out
    cdef libdeflate_decompressor* d
    # FHCRC: libdeflate skips the header's CRC16 where zlib checks it; such a rare file is
    # left to the Python reader, so that both read the same files
    if size < 18 or (<const unsigned char*>data)[3] & 0x02:
        return NULL
    tail = <const unsigned char*>data + size - 4  # ISIZE: the length inflated, mod 2**32
    isize = tail[0] | (<size_t>tail[1] << 8) | (<size_t>tail[2] << 16) | (<size_t>tail[3] << 24)
    if isize > _MAX_INFLATED:
        return NULL
    out = <char*>malloc(isize + 1)
    if out == NULL:
        return NULL
    d = libdeflate_alloc_decompressor()
    if d == NULL:
        free(out)
        return NULL
    # room for exactly ISIZE bytes: a member that inflates to more (ISIZE wrapped) fails
    if (libdeflate_gzip_decompress_ex(d, data, size, out, isize, &used, &out_n) != LIBDEFLATE_SUCCESS
            or used != size or out_n != isize):
        libdeflate_free_decompressor(d)
        free(out)
        return NULL
    libdeflate_free_decompressor(d)
    n[0] = out_n
    return out


cdef char* _load(const char* path, size_t* n) noexcept nogil:
    cdef size_t size = 0
    cdef char* raw = _read_all(path, &size)
    cdef char* out
    if raw == NULL:
        return NULL
    if size >= 2 and memcmp(raw, b"\x1f\x8b", 2) == 0:
        out = _inflate(raw, size, n)
        free(raw)
        return out
    n[0] = size
    return raw


def load(path):
    """The bytes a record file holds (inflated when it is one gzip member), or ``None``:
    the caller reads the file as ``riichi_fast.records.sources`` does, which explains
    what is wrong with it (module docstring).

    >>> import gzip, os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "a.mjlog")
    ...     with open(p, "wb") as f:
    ...         _ = f.write(gzip.compress(b"<mjloggm/>"))
    ...     load(p), load(os.path.join(d, "missing"))
    (b'<mjloggm/>', None)
    """
    cdef bytes p
    if type(path) is not str and type(path) is not bytes:
        path = _fspath(path)
    p = path if type(path) is bytes else PyUnicode_EncodeFSDefault(path)
    cdef const char* c = p
    cdef size_t n = 0
    cdef char* buf
    if b"\0" in p:
        return None
    with nogil:
        buf = _load(c, &n)
    if buf == NULL:
        return None
    try:
        return PyBytes_FromStringAndSize(buf, <Py_ssize_t>n)
    finally:
        free(buf)


cdef object _fspath = __import__("os").fspath
