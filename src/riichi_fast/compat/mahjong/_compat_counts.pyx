# cython: language_level=3
# Compiled entries of riichi_fast.compat.mahjong's Shanten.calculate_shanten and
# Agari.is_agari (bound over the Python methods by shanten.py / agari.py).
#
# They read the common call (a list of 34 plain ints, each 0..4, four players)
# straight into a count array and call the shanten / agari kernels; every
# other call (another container, a count out of range, a size mahjong
# rejects, three players, an open set that is not a short list of kinds) goes
# to the Python method, which stays the reference twin and gives mahjong's
# errors (tests/test_compat_diff.py compares both with mahjong; the twin tests
# in tests/test_compat_api.py compare them with each other).

from cpython.list cimport PyList_GET_SIZE
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_SIZE

from riichi_fast._shanten cimport (
    c_is_agari, c_shanten, c_shanten_chiitoitsu, c_shanten_kokushi, c_shanten_regular,
)
from riichi_fast._types cimport count_t

cdef extern from "Python.h":
    bint PyLong_CheckExact(PyObject* o)
    long PyLong_AsLongAndOverflow(PyObject* o, int* overflow)
    PyObject* PyList_GET_ITEM_BORROWED "PyList_GET_ITEM" (object lst, Py_ssize_t i)
    PyObject* PyTuple_GET_ITEM_BORROWED "PyTuple_GET_ITEM" (object t, Py_ssize_t i)

# the Python methods (the twins), set by init()
cdef object _py_shanten = None
cdef object _py_is_agari = None


def init(py_shanten, py_is_agari):
    """Hand over the Python methods that answer the uncommon calls (called by shanten.py / agari.py)."""
    global _py_shanten, _py_is_agari
    if py_shanten is not None:
        _py_shanten = py_shanten
    if py_is_agari is not None:
        _py_is_agari = py_is_agari


cdef inline long _small_int(PyObject* o) noexcept:
    """A plain int's value, or -1000 for anything else (a bool, an int subclass, a huge int)."""
    cdef int overflow = 0
    cdef long v
    if not PyLong_CheckExact(o):
        return -1000
    v = PyLong_AsLongAndOverflow(o, &overflow)
    return -1000 if overflow or v < -999 or v > 999 else v


cdef int _read_counts(object tiles_34, int* out) noexcept:
    """The 34 counts of a list of plain ints into ``out`` (any value in -999..999): 0, else -1."""
    cdef Py_ssize_t i
    cdef long v
    if type(tiles_34) is not list or PyList_GET_SIZE(tiles_34) != 34:
        return -1
    for i in range(34):
        v = _small_int(PyList_GET_ITEM_BORROWED(tiles_34, i))
        if v == -1000:
            return -1
        out[i] = <int>v
    return 0


def calculate_shanten(tiles_34, use_chiitoitsu=True, use_kokushi=True, is_three_player=False):
    """Min of the regular, chiitoitsu (13+ tiles) and kokushi (13+ tiles) shanten; -1 complete,
    0 tenpai (mahjong's ``Shanten.calculate_shanten``).

    >>> from riichi_fast.compat.mahjong.tile import TilesConverter
    >>> calculate_shanten(TilesConverter.one_line_string_to_34_array("123m456p789s1122z"))
    0
    """
    cdef int v[34]
    cdef count_t c[34]
    cdef int i, n = 0, best, x
    if is_three_player is False and _read_counts(tiles_34, v) == 0:
        for i in range(34):
            if v[i] < 0 or v[i] > 4:
                n = -1
                break
            c[i] = <count_t>v[i]
            n += v[i]
        if n > 0 and n <= 14 and n % 3 != 0:
            if n < 13:
                return c_shanten_regular(c)
            if use_chiitoitsu and use_kokushi:
                return c_shanten(c)
            best = c_shanten_regular(c)
            if use_chiitoitsu:
                x = c_shanten_chiitoitsu(c)
                best = x if x < best else best
            if use_kokushi:
                x = c_shanten_kokushi(c)
                best = x if x < best else best
            return best
    return _py_shanten(tiles_34, use_chiitoitsu, use_kokushi, is_three_player)


def is_agari(tiles_34, open_sets_34=None):
    """True if ``tiles_34`` (minus the tiles of ``open_sets_34``) is sets + a pair, seven pairs or
    thirteen orphans (mahjong's ``Agari.is_agari``).

    >>> from riichi_fast.compat.mahjong.tile import TilesConverter
    >>> is_agari(TilesConverter.one_line_string_to_34_array("123456789m11122z"))
    True
    """
    cdef int v[34]
    cdef count_t c[34]
    cdef Py_ssize_t i, j, m
    cdef long k
    cdef int n = 0
    if _read_counts(tiles_34, v) != 0:
        return _py_is_agari(tiles_34, open_sets_34)
    if open_sets_34:
        if type(open_sets_34) is not list:
            return _py_is_agari(tiles_34, open_sets_34)
        for meld in <list>open_sets_34:  # the Python method subtracts meld[:4]
            if type(meld) is list:
                m = PyList_GET_SIZE(meld)
            elif type(meld) is tuple:
                m = PyTuple_GET_SIZE(meld)
            else:
                return _py_is_agari(tiles_34, open_sets_34)
            for j in range(m if m < 4 else 4):
                if type(meld) is list:
                    k = _small_int(PyList_GET_ITEM_BORROWED(meld, j))
                else:
                    k = _small_int(PyTuple_GET_ITEM_BORROWED(meld, j))
                if k < 0 or k >= 34:  # a negative index counts from the end there; out of range raises
                    return _py_is_agari(tiles_34, open_sets_34)
                v[k] -= 1
    for i in range(34):
        if v[i] < 0 or v[i] > 255:  # what bytes() refuses: not complete
            return False
        n += v[i]
    if n % 3 != 2 or n > 14:
        return False
    for i in range(34):
        if v[i] > 4:  # more than four copies: not complete
            return False
        c[i] = <count_t>v[i]
    return c_is_agari(c)
