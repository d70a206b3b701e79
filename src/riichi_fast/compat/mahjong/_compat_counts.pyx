# cython: language_level=3
# Compiled entries of riichi_fast.compat.mahjong's Shanten.calculate_shanten,
# Agari.is_agari and HandDivider.divide_hand (bound over the Python methods by
# shanten.py / agari.py / divider.py).
#
# They read the common call (a list of 34 plain ints, each 0..4, four players)
# straight into a count array and call the shanten / agari kernels; every
# other call (another container, a count out of range, a size mahjong
# rejects, three players, an open set that is not a short list of kinds) goes
# to the Python method, which stays the reference twin and gives mahjong's
# errors (tests/compat/test_diff.py compares both with mahjong; the twin tests
# in tests/compat/test_api.py compare them with each other).

from cpython.list cimport PyList_GET_SIZE, PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint8_t
from libc.string cimport memcmp, memcpy
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_SIZE

from riichi_fast.analysis._shanten cimport (
    c_is_agari, c_shanten, c_shanten_chiitoitsu, c_shanten_kokushi, c_shanten_regular,
)
from riichi_fast.analysis._decompose cimport c_decompose
from riichi_fast._types cimport (
    count_t, Reading, MAX_READINGS, FORM_CHIITOITSU, FORM_KOKUSHI, MELD_CHI, MELD_PON, MELD_SHOUMINKAN,
    SET_QUAD, SET_TRIPLET,
)

cdef extern from "Python.h":
    bint PyLong_CheckExact(PyObject* o)
    long PyLong_AsLongAndOverflow(PyObject* o, int* overflow)
    PyObject* PyList_GET_ITEM_BORROWED "PyList_GET_ITEM" (object lst, Py_ssize_t i)
    PyObject* PyTuple_GET_ITEM_BORROWED "PyTuple_GET_ITEM" (object t, Py_ssize_t i)

# the Python methods (the twins) and divider.meld_code, set by init()
cdef object _py_shanten = None
cdef object _py_is_agari = None
cdef object _py_divide_hand = None
cdef object _meld_code = None


def init(py_shanten=None, py_is_agari=None, py_divide_hand=None, meld_code=None):
    """Hand over the Python methods that answer the uncommon calls (called by shanten.py, agari.py
    and divider.py, each with its own)."""
    global _py_shanten, _py_is_agari, _py_divide_hand, _meld_code
    if py_shanten is not None:
        _py_shanten = py_shanten
    if py_is_agari is not None:
        _py_is_agari = py_is_agari
    if py_divide_hand is not None:
        _py_divide_hand = py_divide_hand
    if meld_code is not None:
        _meld_code = meld_code


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
        if v[i] < 0 or v[i] > 4:  # odd counts: mahjong's own test answers (the Python method)
            return _py_is_agari(tiles_34, open_sets_34)
        n += v[i]
        c[i] = <count_t>v[i]
    if n > 14:
        return _py_is_agari(tiles_34, open_sets_34)
    if n % 3 != 2:
        return False
    return c_is_agari(c)


cdef enum:
    # mahjong's block order within a kind: quad < triplet < pair < sequence
    ORDER_QUAD = 0
    ORDER_TRIPLET = 1
    ORDER_PAIR = 2
    ORDER_SEQUENCE = 3

cdef list _BLOCKS = []  # kind * 4 + order -> the block as a list of kinds (copied on use)
for _k in range(34):
    _BLOCKS.extend([[_k] * 4, [_k] * 3, [_k] * 2, [_k, _k + 1, _k + 2]])


cdef int _reading_key(const Reading* r, uint8_t* key) noexcept:
    """mahjong's sorted block list of a reading as bytes (kind * 4 + order each: bytes compare like
    the lists of blocks do); returns its length, 0 for kokushi (mahjong lists no such reading)."""
    cdef int i, j, n
    cdef uint8_t t
    if r.form == FORM_KOKUSHI:
        return 0
    if r.form == FORM_CHIITOITSU:
        for i in range(7):
            key[i] = r.pairs[i] * 4 + ORDER_PAIR  # ascending already
        return 7
    for i in range(4):
        t = r.set_type[i]
        key[i] = r.set_kind[i] * 4 + (ORDER_QUAD if t == SET_QUAD else ORDER_TRIPLET if t == SET_TRIPLET
                                      else ORDER_SEQUENCE)
    key[4] = r.pair * 4 + ORDER_PAIR
    n = 5
    for i in range(1, n):  # insertion sort
        t = key[i]
        j = i - 1
        while j >= 0 and key[j] > t:
            key[j + 1] = key[j]
            j -= 1
        key[j + 1] = t
    return n


cdef inline int _cmp_keys(const uint8_t* a, int na, const uint8_t* b, int nb) noexcept:
    cdef int c = memcmp(a, b, na if na < nb else nb)
    return c if c else na - nb


def divide_hand(tiles_34, melds=None):
    """All ways to read ``tiles_34`` (meld tiles included) as 4 sets + a pair, or 7 pairs (only
    without melds), each a sorted list of blocks (mahjong's ``HandDivider.divide_hand``).

    >>> from riichi_fast.compat.mahjong.tile import TilesConverter
    >>> divide_hand(TilesConverter.one_line_string_to_34_array("11122233388899m"))
    [[[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]
    """
    cdef int v[34]
    cdef count_t closed[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef Reading readings[MAX_READINGS]
    cdef uint8_t keys[MAX_READINGS][8]
    cdef int lens[MAX_READINGS]
    cdef int order[MAX_READINGS]
    cdef int i, j, k, n_melds = 0, n, n_out = 0, total = 0, mtype, kind
    cdef bint bad = False
    if _read_counts(tiles_34, v) != 0:
        return _py_divide_hand(tiles_34, melds)
    for i in range(34):
        if v[i] < 0 or v[i] > 4:
            return []
    if melds:
        for m in melds:  # every meld is read first: mahjong's error for nuki / an unknown type
            mtype, kind, _ = _meld_code(m)
            if mtype == MELD_CHI and m.tiles_34[0] != kind:  # mahjong reads a chi from its first tile
                bad = True
            if not (MELD_CHI <= mtype <= MELD_SHOUMINKAN and 0 <= kind < 34) or (
                    mtype == MELD_CHI and (kind >= 27 or kind % 9 > 6)):
                bad = True  # a meld the kernel rejects: the Python method (mahjong's search) answers
            elif n_melds < 4:
                mt[n_melds] = <uint8_t>mtype
                mk[n_melds] = <uint8_t>kind
            n_melds += 1
            if mtype == MELD_CHI:
                for k in range(kind, kind + 3):
                    if 0 <= k < 34:
                        v[k] -= 1
            elif 0 <= kind < 34:
                v[kind] -= 3 if mtype == MELD_PON else 4
    if bad or n_melds > 4:
        return _py_divide_hand(tiles_34, melds)
    for i in range(34):
        if v[i] < 0:  # a meld not in the hand: mahjong's search answers
            return _py_divide_hand(tiles_34, melds)
        total += v[i]
        closed[i] = <count_t>v[i]
    if total != 14 - 3 * n_melds:  # a hand of the wrong size: mahjong's search answers
        return _py_divide_hand(tiles_34, melds)
    n = c_decompose(closed, mt, mk, n_melds, readings)
    for i in range(n):
        lens[n_out] = _reading_key(&readings[i], keys[n_out])
        if lens[n_out]:
            n_out += 1
    for i in range(n_out):  # order the readings by their keys (insertion sort)
        order[i] = i
        j = i - 1
        while j >= 0 and _cmp_keys(keys[order[j]], lens[order[j]], keys[i], lens[i]) > 0:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = i
    out = PyList_New(n_out)
    for i in range(n_out):
        blocks = PyList_New(lens[order[i]])
        for j in range(lens[order[i]]):
            b = list(<list>_BLOCKS[keys[order[i]][j]])
            Py_INCREF(b)
            PyList_SET_ITEM(blocks, j, b)
        Py_INCREF(blocks)
        PyList_SET_ITEM(out, i, blocks)
    return out
