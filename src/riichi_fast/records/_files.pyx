# riichi_fast: libdeflate
"""Record files read and inflated in C, without the GIL (twin: ``riichi_fast.reference.records.files``).

:func:`load` is what the record pipelines (``verify``, ``stats``, ``export``) do first
with a file: its bytes, inflated when it is one gzip member (Tenhou's ``.mjlog``), in
one call that holds the GIL only to decode the path and to make the result.  The file
is opened, sized, read and closed without the GIL; a gzip member is then inflated
(libdeflate, vendored under ``vendor/libdeflate``, MIT licence: about 15% faster than
ISA-L on Tenhou's small gzipped mjlogs and a C call, where ISA-L is a Python one),
without the GIL again, straight into the bytes object made for it from the length the
member's trailer gives (no copy), by a decompressor kept per thread (making one zeroes
about 10 kB).  Anything else is declined (``None``) and read by
``riichi_fast.records.sources`` as before, which says what is wrong with it: a path
that cannot be opened or read, not a regular file, a file whose size changed while
it was read, a gzip member that is damaged, has data after it (a second member), has
a header CRC (FHCRC: libdeflate does not check it, zlib does) or says it inflates to
more than :data:`MAX_INFLATED` bytes.  Reading is POSIX's (``open``, ``fstat``, ``read``): on
Windows every file is declined, and read by the Python reader.
"""

from os import fspath as _fspath

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdlib cimport free
from libc.string cimport memcmp

cdef extern from "Python.h":
    bytes PyUnicode_EncodeFSDefault(object s)

cdef extern from "libdeflate.h" nogil:
    cdef struct libdeflate_decompressor:
        pass
    ctypedef enum libdeflate_result:
        LIBDEFLATE_SUCCESS
    libdeflate_result libdeflate_gzip_decompress_ex(
        libdeflate_decompressor* d, const void* in_, size_t in_nbytes, void* out,
        size_t out_nbytes_avail, size_t* actual_in_nbytes_ret, size_t* actual_out_nbytes_ret)

MAX_INFLATED = 1 << 28
"""A gzip member that says it inflates to more than this (256 MiB) is left to the
Python reader (which reads it by parts)."""

cdef size_t _MAX_INFLATED = MAX_INFLATED
cdef size_t _MAX_FILE = 1 << 30


cdef extern from *:
    """
    /* The system's side of the loader.  POSIX: a regular file read with open, fstat, read and
       close, and one libdeflate decompressor per thread (made on its first gzip member, freed
       when the thread ends: making one zeroes ~10 kB, more than a small record takes to
       inflate).  Elsewhere (Windows) every file is declined: the Python reader reads it. */
    #ifndef _WIN32
    #include <errno.h>
    #include <fcntl.h>
    #include <pthread.h>
    #include <sys/stat.h>
    #include <unistd.h>

    /* The bytes of a regular file of at most max_size bytes in a malloc'd buffer (its size in
       *n), or NULL.  Reads of what is left and one byte more until the size fstat gave is
       reached (a short read there is the end of the file, as for os.read in
       records.sources.read_file) or passed (the file grew), or the end comes before it (it
       shrank). */
    static char* rf_read_all(const char* path, size_t max_size, size_t* n) {
        struct stat st;
        char* buf;
        size_t size, got = 0;
        ssize_t r = 0;
        int fd;
        /* a path that is not a regular file is not opened: a FIFO (or a device) is left as it
           is for the Python reader, which reads it (opening one may block, or take its data) */
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            return NULL;
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);  /* replaced since: no waiting */
        if (fd < 0)
            return NULL;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0 || (size_t)st.st_size > max_size) {
            close(fd);
            return NULL;
        }
        size = (size_t)st.st_size;
        buf = (char*)malloc(size + 1);  /* one byte more: a file that grew is seen */
        if (buf == NULL) {
            close(fd);
            return NULL;
        }
        while (got < size || size == 0) {
            r = read(fd, buf + got, size + 1 - got);
            if (r < 0) {
                if (errno == EINTR)
                    continue;
                break;
            }
            if (r == 0)
                break;
            got += (size_t)r;
            if (size == 0)
                break;
        }
        close(fd);
        if (r < 0 || got != size) {  /* a read error, or the file changed size while read */
            free(buf);
            return NULL;
        }
        *n = size;
        return buf;
    }

    static pthread_key_t rf_dec_key;
    static pthread_once_t rf_dec_once = PTHREAD_ONCE_INIT;
    static void rf_dec_free(void* d) { libdeflate_free_decompressor((struct libdeflate_decompressor*)d); }
    static void rf_dec_init(void) { (void)pthread_key_create(&rf_dec_key, rf_dec_free); }
    static struct libdeflate_decompressor* rf_decompressor(void) {
        struct libdeflate_decompressor* d;
        (void)pthread_once(&rf_dec_once, rf_dec_init);
        d = (struct libdeflate_decompressor*)pthread_getspecific(rf_dec_key);
        if (d == NULL) {
            d = libdeflate_alloc_decompressor();
            if (d != NULL && pthread_setspecific(rf_dec_key, d) != 0) {
                libdeflate_free_decompressor(d);
                d = NULL;
            }
        }
        return d;
    }
    #else
    static char* rf_read_all(const char* path, size_t max_size, size_t* n) {
        (void)path; (void)max_size; (void)n;
        return NULL;
    }
    static struct libdeflate_decompressor* rf_decompressor(void) { return NULL; }
    #endif
    """
    char* rf_read_all(const char* path, size_t max_size, size_t* n) nogil
    libdeflate_decompressor* rf_decompressor() nogil


cdef struct Loaded:
    char* raw  # the file's bytes (malloc'd)
    size_t size
    size_t out_n  # the bytes of the result: ``size``, or ISIZE for a gzip member
    bint gz


cdef int _start(const char* path, Loaded* f) noexcept nogil:
    """Read the file; for a gzip member, the length it says it inflates to. 0, or -1 (declined,
    nothing held)."""
    cdef const unsigned char* tail
    f.raw = rf_read_all(path, _MAX_FILE, &f.size)
    if f.raw == NULL:
        return -1
    f.gz = f.size >= 2 and memcmp(f.raw, b"\x1f\x8b", 2) == 0
    f.out_n = f.size
    if not f.gz:
        return 0
    # FHCRC: libdeflate skips the header's CRC16 where zlib checks it; such a rare file is
    # left to the Python reader, so that both read the same files
    if f.size < 18 or (<const unsigned char*>f.raw)[3] & 0x02:
        free(f.raw)
        return -1
    tail = <const unsigned char*>f.raw + f.size - 4  # ISIZE: the length inflated, mod 2**32
    f.out_n = tail[0] | (<size_t>tail[1] << 8) | (<size_t>tail[2] << 16) | (<size_t>tail[3] << 24)
    if f.out_n > _MAX_INFLATED:
        free(f.raw)
        return -1
    return 0


cdef int _inflate_into(Loaded* f, char* out) noexcept nogil:
    """The gzip member of ``f`` inflated into ``out`` (``f.out_n`` bytes): 0, or -1 when it
    is damaged, has bytes after it or does not inflate to exactly ISIZE bytes."""
    cdef size_t used = 0, got = 0
    cdef libdeflate_decompressor* d = rf_decompressor()
    if d == NULL:
        return -1
    # room for exactly ISIZE bytes: a member that inflates to more (ISIZE wrapped) fails
    if (libdeflate_gzip_decompress_ex(d, f.raw, f.size, out, f.out_n, &used, &got) != LIBDEFLATE_SUCCESS
            or used != f.size or got != f.out_n):
        return -1
    return 0


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
    cdef Loaded f
    cdef int rc
    cdef bytes out
    cdef char* dst
    if b"\0" in p:
        return None
    with nogil:
        rc = _start(c, &f)
    if rc < 0:
        return None
    try:
        if not f.gz:
            return PyBytes_FromStringAndSize(f.raw, <Py_ssize_t>f.size)
        # inflated straight into the bytes object (no copy): it is not shared until returned
        out = PyBytes_FromStringAndSize(NULL, <Py_ssize_t>f.out_n)
        dst = PyBytes_AS_STRING(out)
        with nogil:
            rc = _inflate_into(&f, dst)
        return out if rc == 0 else None
    finally:
        free(f.raw)

