# The compiled public analysis functions (riichi_fast.analysis exports them): every hand form users hold
# (136-id lists/tuples, mpsz and one-line hand strings, Hand, numpy arrays of
# counts or ids in any integer dtype, bytes) read on the stack into 34 closed
# counts (and meld counts where the function needs them), then the kernel.
#
# Twin: the Python conversion of riichi_fast.analysis (_closed_counts,
# _waits_hand) and riichi_fast.tiles / riichi_fast.hand (Hand.parse, parse_tiles,
# format_tiles, Hand.from_ids, Hand.from_counts).
#
# Exactness rule (as in _score_api): the fast path accepts only inputs whose
# meaning is plain and valid; anything else (an unusual type, a bad tile, a bad
# size, rules= or n_players= given) goes to the Python implementation with the
# same arguments, which answers or raises exactly as it always did.  So both
# paths give the same answers and the same errors (tests/core/test_inputs.py
# compares them under hypothesis for every input form, bad input included).

cimport cython
from libc.stdint cimport uint8_t
from cpython.bytes cimport PyBytes_FromStringAndSize

from riichi_fast._types cimport count_t
from riichi_fast._tiles cimport c_closed_counts, c_hand_sets, c_tile_counts
from riichi_fast.analysis import _decompose, _furiten, _waits
from riichi_fast.analysis._shanten cimport (c_shanten, c_shanten_regular, c_shanten_chiitoitsu, c_shanten_kokushi,
                                   c_is_agari)


cdef enum:
    NEED_ANY = 0          # 3n+1 or 3n+2 closed tiles, at most 14
    NEED_13_14 = 1        # chiitoitsu, kokushi
    NEED_TENPAI = 2       # 13, 10, 7, 4, 1
    NEED_COMPLETE = 3     # 14, 11, 8, 5, 2

cdef tuple _SMALL = tuple(range(-1, 137))        # cached small ints

cdef dict _PY = None              # the Python implementations of the public analysis functions
cdef object _wt = _waits          # kernel modules (for the functions not cimported)
cdef object _fu = _furiten
cdef object _dec = _decompose


def _bind_analysis(dict python_functions):
    """Called once by riichi_fast.analysis.front, which exports this module's functions: their
    Python twins, which answer what the fast path does not take."""
    global _PY
    _PY = python_functions


cdef inline bint _size_ok(int t, int need) noexcept:
    if t < 0 or t > 14 or t % 3 == 0:
        return False
    if need == NEED_13_14:
        return t >= 13
    if need == NEED_TENPAI:
        return t % 3 == 1
    if need == NEED_COMPLETE:
        return t % 3 == 2
    return True


cdef object _python(str name, tuple args, object rules, object n_players, dict kwargs=None):
    """The Python implementation (rules/n_players given, or an input the fast path does not take)."""
    if _PY is None:
        raise RuntimeError("riichi_fast._inputs is bound by riichi_fast.analysis.front: import that first")
    kw = {} if kwargs is None else kwargs
    if rules is not None or n_players is not None:
        kw["rules"] = rules
        kw["n_players"] = n_players
    return _PY[name](*args, **kw)


# ---------------------------------------------------------------------------
# the public analysis functions (riichi_fast.analysis exports these)

cdef enum:
    FORM_ALL = 0
    FORM_REGULAR = 1
    FORM_CHIITOITSU = 2
    FORM_KOKUSHI = 3


cdef inline object _shanten_form(object hand, int form, int need, str name, object rules, object n_players):
    """The shanten of one form (or the minimum) of a plain hand; else the Python function ``name``."""
    cdef count_t c[34]
    cdef count_t m[34]
    cdef int t, sh
    if rules is None and n_players is None:
        t = c_closed_counts(hand, c, m)
        if _size_ok(t, need) and not _any(m):  # own meld tiles count as held: the Python path
            if form == FORM_ALL:
                sh = c_shanten(c)
            elif form == FORM_REGULAR:
                sh = c_shanten_regular(c)
            elif form == FORM_CHIITOITSU:
                sh = c_shanten_chiitoitsu(c)
            else:
                sh = c_shanten_kokushi(c)
            return _SMALL[sh + 1]
    return _python(name, (hand,), rules, n_players)


def shanten(hand, *, rules=None, n_players=None):
    """Shanten number: minimum of the regular, chiitoitsu and kokushi forms.

    -1 means complete, 0 tenpai.  Open melds are implied by the tile count.
    ``hand``: an mpsz or one-line hand string, a Hand, 136-ids (list, tuple
    or 1-d integer array) or 34 counts (bytes, or a (34,) integer array).

    >>> shanten("123m456p789s1122z")
    0
    >>> shanten([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 49])   # 123456789m12344p
    -1
    """
    return _shanten_form(hand, FORM_ALL, NEED_ANY, "shanten", rules, n_players)


def shanten_regular(hand, *, rules=None, n_players=None):
    """Shanten of the four-sets-and-a-pair form only.

    >>> shanten_regular("1133557799m1133p")
    3
    """
    return _shanten_form(hand, FORM_REGULAR, NEED_ANY, "shanten_regular", rules, n_players)


def shanten_chiitoitsu(hand, *, rules=None, n_players=None):
    """Shanten of the seven-pairs form (closed 13/14-tile hands).

    >>> shanten_chiitoitsu("1133557799m1133p")
    -1
    """
    return _shanten_form(hand, FORM_CHIITOITSU, NEED_13_14, "shanten_chiitoitsu", rules, n_players)


def shanten_kokushi(hand, *, rules=None, n_players=None):
    """Shanten of the thirteen-orphans form (closed 13/14-tile hands).

    >>> shanten_kokushi("19m19p19s1234567z")
    0
    """
    return _shanten_form(hand, FORM_KOKUSHI, NEED_13_14, "shanten_kokushi", rules, n_players)


def is_agari(hand, *, rules=None, n_players=None):
    """True if the hand is complete (any form).

    >>> is_agari("123m456p789s11222z"), is_agari("123m456p789s11223z")
    (True, False)
    """
    cdef count_t c[34]
    cdef int t
    if rules is None and n_players is None:
        t = c_closed_counts(hand, c, NULL)
        if _size_ok(t, NEED_ANY):
            return True if c_is_agari(c) else False
    return _python("is_agari", (hand,), rules, n_players)


cdef inline bytes _b(const count_t* c):
    return PyBytes_FromStringAndSize(<const char*>c, 34)


cdef inline bint _any(const count_t* c) noexcept:
    cdef int k
    for k in range(34):
        if c[k]:
            return True
    return False


cdef inline bint _own_ok(const count_t* a, const count_t* b) noexcept:
    """Closed + meld tiles hold no kind more than 4 times."""
    cdef int k
    for k in range(34):
        if a[k] + b[k] > 4:
            return False
    return True


def waits(hand, *, karaten=None, rules=None, n_players=None):
    """Kinds (0..33) that complete a tenpai hand.

    A kind whose four copies are all in the hand (closed or melded) is not a
    wait unless ``karaten`` is true (RULES.md section 2, ``karaten_counts``).

    >>> waits("123m456p789s1122z")
    (27, 28)
    >>> waits("1111m234p567s789s")   # the fifth 1m does not exist: karaten
    ()
    """
    cdef count_t c[34]
    cdef count_t m[34]
    cdef int t
    if rules is None and n_players is None and (karaten is None or karaten is False or karaten is True):
        t = c_closed_counts(hand, c, m)
        # as_hand: a hand without melds has 13 or 14 tiles, with melds its size was checked
        if _size_ok(t, NEED_TENPAI) and (t == 13 or _any(m)) and _own_ok(c, m):
            return _wt.waits(_b(c), meld_counts=_b(m) if _any(m) else None, karaten=karaten is True)
    return _python("waits", (hand,), rules, n_players, {"karaten": karaten})


def discard_waits(hand, *, karaten=None, rules=None, n_players=None):
    """For a 14-tile hand: ``{discard kind: waits}`` for every discard that leaves it tenpai.

    >>> discard_waits("123m456p789s11223z")
    {29: (27, 28)}
    """
    cdef count_t c[34]
    cdef count_t m[34]
    cdef int t
    if rules is None and n_players is None and (karaten is None or karaten is False or karaten is True):
        t = c_closed_counts(hand, c, m)
        if _size_ok(t, NEED_COMPLETE) and (t == 14 or _any(m)) and _own_ok(c, m):
            return _wt.discard_waits(_b(c), meld_counts=_b(m) if _any(m) else None, karaten=karaten is True)
    return _python("discard_waits", (hand,), rules, n_players, {"karaten": karaten})


def ukeire(hand, visible=None, *, rules=None, n_players=None):
    """``(n_tiles, kinds)``: unseen tiles that lower the shanten, given visible tiles.

    >>> ukeire("123m456p789s1122z")
    (4, (27, 28))
    """
    cdef count_t c[34]
    cdef count_t m[34]
    cdef count_t v[34]
    cdef int t
    if rules is None and n_players is None:
        t = c_closed_counts(hand, c, m)
        if (_size_ok(t, NEED_TENPAI) and not _any(m) and c_tile_counts(visible, v) == 0
                and (visible is None or _own_ok(c, v))):
            return _wt.ukeire(_b(c), None if visible is None else _b(v))
    return _python("ukeire", (hand, visible), rules, n_players)


def discard_analysis(hand, visible=None, *, rules=None, n_players=None):
    """For a 14-tile hand, every distinct discard with its shanten and ukeire after it.

    >>> best = min(discard_analysis("123m456p789s11223z"), key=lambda d: (d[1], -d[2]))
    >>> best[:3]   # discard 3z: tenpai (shanten 0) on 4 tiles
    (29, 0, 4)
    """
    cdef count_t c[34]
    cdef count_t m[34]
    cdef count_t v[34]
    cdef int t
    if rules is None and n_players is None:
        t = c_closed_counts(hand, c, m)
        if (_size_ok(t, NEED_COMPLETE) and not _any(m) and c_tile_counts(visible, v) == 0
                and (visible is None or _own_ok(c, v))):
            return _wt.discard_analysis(_b(c), None if visible is None else _b(v))
    return _python("discard_analysis", (hand, visible), rules, n_players)


def is_furiten(hand, discards, *, rules=None, n_players=None):
    """Discard furiten: is any wait of ``hand`` among the player's own ``discards``?

    >>> is_furiten("123m456p789s1122z", "1z"), is_furiten("123m456p789s1122z", "3z")
    (True, False)
    """
    cdef count_t c[34]
    cdef count_t m[34]
    cdef count_t d[34]
    cdef int t
    if rules is None and n_players is None:
        t = c_closed_counts(hand, c, m)
        if _size_ok(t, NEED_TENPAI) and not _any(m) and discards is not None and c_tile_counts(discards, d) == 0:
            return True if _fu.is_furiten(_b(c), _b(d)) else False
    return _python("is_furiten", (hand, discards), rules, n_players)


cdef int _win_kind(object w) noexcept:
    """A winning tile as analysis._kind reads it (an exact int 0..33, or an mpsz tile name); -1 otherwise."""
    cdef Py_UCS4 d, u
    cdef int base
    if type(w) is int:
        if 0 <= w < 34:
            return <int>w
        return -1
    if type(w) is str and len(<str>w) == 2:
        d = (<str>w)[0]
        u = (<str>w)[1]
        if not 48 <= d <= 57:
            return -1
        if u == 122:
            return 26 + <int>d - 48 if 49 <= d <= 55 else -1
        if u == 109:
            base = 0
        elif u == 112:
            base = 9
        elif u == 115:
            base = 18
        else:
            return -1
        return base + 4 if d == 48 else base + <int>d - 49
    return -1


def decompose(hand, win_tile=None, *, tsumo=False, rules=None, n_players=None):
    """Every reading of a complete hand; with ``win_tile``, every (reading, completed set, wait).

    >>> [str(r) for r in decompose("111222333m78999p")]
    ['123m 123m 123m 789p 99p', '111m 222m 333m 789p 99p']
    >>> [str(w) for w in decompose("123m456p789s11z 777z@2", win_tile="3m")]
    ['123m 456p 789s 777z 11z (won on 123m, penchan)']
    """
    cdef count_t c[34]
    cdef uint8_t mt[4]
    cdef uint8_t mk[4]
    cdef int t, nm, win = -1, i
    cdef tuple melds
    if rules is None and n_players is None and (tsumo is False or tsumo is True):
        t = c_hand_sets(hand, c, mt, mk, &nm)
        if win_tile is not None:
            win = _win_kind(win_tile)
        if t >= 0 and (win_tile is None or win >= 0):
            melds = tuple([(_SMALL[mt[i] + 1], _SMALL[mk[i] + 1]) for i in range(nm)])
            return _dec.decompose(_b(c), melds, None if win_tile is None else _SMALL[win + 1], tsumo)
    return _python("decompose", (hand, win_tile), rules, n_players, {"tsumo": tsumo})
