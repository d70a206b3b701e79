# Waits, ukeire and discard analysis (compiled twin of riichi_fast/reference/waits.py).
#
# c_wait_mask: a hand is complete when one group (man, pin, sou, honors) holds
# sets + the pair and every other group holds sets only.  Both properties of a
# group are decided in O(9) without search: scanning a suit from 1 to 9, the
# c[i] mod 3 tiles of kind i that are not in triplets must start sequences
# (three equal sequences are three triplets), and the pair of a 3n+2 suit sits
# on a kind p with 2p = sum(i * c[i]) mod 3 (every set sums to 0 mod 3), so at
# most three pair positions are tried.  The groups are classified once per
# hand; each candidate kind then re-classifies its own group only.  Candidates
# are the kinds within two of a held suited tile, the held honors, and the 13
# terminals and honors when 12 of them are held (kokushi).  Chiitoitsu and
# kokushi are checked directly.  The scan also handles a fifth copy (karaten).
#
# c_ukeire asks c_shanten (riichi_fast.analysis._shanten) once per candidate kind with
# unseen copies.  Shanten + 1 is the fewest tiles to draw to reach a complete
# hand T (no kind above 4), so drawing x lowers it iff x is a missing tile of
# some optimal T.  If x is "isolated" (no held tile within two of it in its
# suit) its block B in T holds no held tile; when no kind is held more than
# twice, swapping B for a pair (or triplet) of a held tile that T leaves
# unused gives a T' needing fewer tiles, so no optimal T contains x.  Hence,
# for such hands, the candidates are the neighbours of held tiles, plus the
# terminals and honors when kokushi is a closest form (a 13-tile hand of
# counts <= 2 holds 7+ kinds, so chiitoitsu never needs a new kind).  With a kind held 3+ times
# every kind is tried: 1111m + a lone tile really is closer to a tanki wait.
#
# Cost: c_shanten is ~65 ns on a 13-tile hand; c_shanten_after_change (the
# shanten after every draw, or every discard, in one call) ~670 ns for +1 and
# ~380 ns for -1.  So c_ukeire loops c_shanten over the pruned candidates only
# for small hands (under 10 tiles) with few candidates (UKEIRE_LOOP_MAX), else
# makes one after-change call (the pruning is exact, so both paths give the
# full-scan answer; the kokushi candidates matter for 13 tiles only, which
# always take the one-call path).
# discard_analysis: one after-change(-1) call gives every discard's shanten,
# then one c_ukeire per distinct discard.  c_discard_waits (riichi questions):
# the after-change(-1) call filters the discards that leave shanten > 0 (no
# wait, unless karaten and a kind is still held 4 times), and c_wait_mask runs
# on the others only.

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE

import numpy as np

from riichi_fast._types cimport (
    count_t, ROW_OK, ROW_BAD_TILE_COUNT, ROW_COUNT_ABOVE_FOUR,
)
from riichi_fast.analysis._shanten cimport (
    c_shanten, c_shanten_after_change, c_shanten_caps, c_shanten_after_change_caps, c_make_caps,
)
from riichi_fast.analysis._decompose cimport load_counts
from riichi_fast.analysis._suits cimport suit_sets

from riichi_fast._parallel import check_n_threads, run_chunks
from riichi_fast.errors import ArrayError, TileCountError
from riichi_fast.analysis._checks import caps_for, check_n_players as _n_players
from riichi_fast.analysis.readings import DiscardOption

__all__ = ["DiscardOption", "waits", "ukeire", "discard_analysis", "discard_waits",
           "waits_batch", "ukeire_batch"]

cdef tuple KIND_NAMES = tuple([f"{n}{s}" for s in "mps" for n in range(1, 10)]
                              + [f"{n}z" for n in range(1, 8)])
cdef int[13] YAOCHUU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef uint64_t YAOCHUU_MASK = 0
for _k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
    YAOCHUU_MASK |= (<uint64_t>1) << _k
# n mod 3 for n < 48 (integer division is the slow part of the suit scan)
cdef uint8_t MOD3[48]
for _k in range(48):
    MOD3[_k] = _k % 3
cdef uint64_t HONOR_MASK = ((<uint64_t>1) << 34) - ((<uint64_t>1) << 27)
cdef uint64_t ALL_MASK = ((<uint64_t>1) << 34) - 1
# the kinds that exist in three-player mahjong (no 2m-8m)
cdef uint64_t SANMA_MASK = ALL_MASK & ~((<uint64_t>0xFE))
cdef tuple _KINDS = tuple(range(34))

cdef enum:
    # c_ukeire loops c_shanten (~65 ns) over at most this many candidates, else it
    # makes one c_shanten_after_change call (~670 ns)
    UKEIRE_LOOP_MAX = 10
    UKEIRE_ALL_FROM = 10   # hands of this many tiles or more always take the one-call path


# ---------------------------------------------------------------------------
# kernels


cdef inline uint64_t _same_suit(uint64_t held) noexcept nogil:
    """Keep the candidates that are within two of a held tile of their own suit."""
    cdef uint64_t out = 0, suit_mask, h
    cdef int s
    for s in range(3):
        suit_mask = (<uint64_t>0x1FF) << (9 * s)
        h = held & suit_mask
        if h:
            out |= (h | (h << 1) | (h << 2) | (h >> 1) | (h >> 2)) & suit_mask
    return out


cdef inline bint _suit_pair(const count_t* c) noexcept nogil:
    """The 9 kinds of one suit (3n+2 tiles) split into sets and one pair."""
    cdef count_t d[9]
    cdef int i, p, w = 0
    for i in range(9):
        d[i] = c[i]
    # sum(i * c[i]) mod 3 only needs the kinds 2, 5, 8 (weight 2) and 1, 4, 7 (weight 1)
    w = c[1] + c[4] + c[7] + 2 * (c[2] + c[5] + c[8])
    # 2p = w (mod 3)  <=>  p = 2w (mod 3)
    p = MOD3[MOD3[w] * 2]
    while p < 9:
        if d[p] >= 2:
            d[p] -= 2
            if suit_sets(d):
                return True
            d[p] += 2
        p += 3
    return False


cdef inline int _honor_shape(const count_t* c) noexcept nogil:
    """Honors: 1 = sets only, 2 = sets + one pair, 0 = neither (counts up to 5)."""
    cdef int i, r, pairs = 0
    for i in range(7):
        r = MOD3[c[i]]
        if r == 2:
            pairs += 1
        elif r == 1:
            return 0
    return 1 if pairs == 0 else (2 if pairs == 1 else 0)


cdef inline int _group_shape(const count_t* c, int g) noexcept nogil:
    """Group g (0-2 suits, 3 honors): 1 = sets only, 2 = sets + pair, 0 = neither."""
    cdef int i, t = 0
    if g == 3:
        return _honor_shape(c + 27)
    for i in range(9 * g, 9 * g + 9):
        t += c[i]
    t = MOD3[t]
    if t == 0:
        return 1 if suit_sets(c + 9 * g) else 0
    if t == 2:
        return 2 if _suit_pair(c + 9 * g) else 0
    return 0


cdef inline bint _special_complete(const count_t* c, int k) noexcept nogil:
    """14 closed tiles (c[k] just raised): chiitoitsu or kokushi."""
    cdef int i, pairs = 0, kinds = 0
    for i in range(34):
        if c[i] == 2:
            pairs += 1
        elif c[i] != 0:
            break
    else:
        if pairs == 7:
            return True
    for i in range(13):
        if c[YAOCHUU[i]] == 0:
            return False
        kinds += c[YAOCHUU[i]]
    return kinds == 14


cdef uint64_t c_wait_mask(const count_t* closed, const count_t* own,
                          bint karaten) noexcept nogil:
    return c_wait_mask_ex(closed, own, karaten, 4)


cdef uint64_t c_wait_mask_ex(const count_t* closed, const count_t* own,
                             bint karaten, int n_players) noexcept nogil:
    cdef count_t c[34]
    cdef uint64_t held = 0, cand, out = 0
    cdef int k, g, t = 0, n_yao = 0, n_pair_groups = 0, n_bad = 0, bad_group = -1
    cdef int n_pairs = 0, n_other = 0, need, shape
    cdef bint special
    cdef int shapes[4]
    cdef int mods[4]
    for k in range(34):
        c[k] = closed[k]
        t += c[k]
        if c[k]:
            held |= (<uint64_t>1) << k
            if c[k] == 2:
                n_pairs += 1
            elif c[k] != 1:
                n_other += 1
    if t > 13 or t % 3 != 1:
        return 0
    # kinds within two of a held suited tile, in the same suit, and held honors
    cand = _same_suit(held & ~HONOR_MASK) | (held & HONOR_MASK)
    special = False
    if t == 13:
        for k in range(13):
            n_yao += c[YAOCHUU[k]] > 0
        if n_yao >= 12:
            cand |= YAOCHUU_MASK
            special = True           # maybe kokushi
        if n_pairs == 6 and n_other == 0:
            special = True           # maybe chiitoitsu
    for g in range(4):
        mods[g] = 0
        for k in range(9 * g, 9 * g + 9 if g < 3 else 34):
            mods[g] += c[k]
        mods[g] = MOD3[mods[g]]
        shapes[g] = _group_shape(c, g)
        if shapes[g] == 0:
            n_bad += 1
            bad_group = g
        elif shapes[g] == 2:
            n_pair_groups += 1
    if n_players == 3:
        cand &= SANMA_MASK
    # a drawn tile changes one group: with two broken groups only a special form can win
    if n_bad >= 2:
        if not special:
            return 0
        cand &= YAOCHUU_MASK | held
    for k in range(34):
        if not (cand >> k) & 1:
            continue
        if own[k] >= 4 and not karaten:
            continue
        g = k // 9 if k < 27 else 3
        c[k] += 1
        if n_bad == 0 or (n_bad == 1 and bad_group == g):
            # group g must end as sets + pair if no other group has the pair, else as sets
            need = 2 if n_pair_groups - (shapes[g] == 2) == 0 else 1
            if (need == 2 and mods[g] == 1) or (need == 1 and mods[g] == 2):
                shape = _group_shape(c, g)
                if shape == need and n_pair_groups - (shapes[g] == 2) <= 1:
                    out |= (<uint64_t>1) << k
        if special and not (out >> k) & 1 and _special_complete(c, k):
            out |= (<uint64_t>1) << k
        c[k] -= 1
    return out


cdef inline int _ukeire_all(const count_t* closed, const count_t* seen, int base,
                            uint64_t* kinds) noexcept nogil:
    """c_ukeire by one c_shanten_after_change call (every draw at once, no pruning)."""
    cdef signed char after[34]
    cdef int k, n = 0
    cdef uint64_t mask = 0
    c_shanten_after_change(closed, 1, after)
    for k in range(34):
        if seen[k] < 4 and after[k] < base:
            n += 4 - seen[k]
            mask |= (<uint64_t>1) << k
    kinds[0] = mask
    return n


cdef int c_ukeire_caps(const count_t* closed, const count_t* seen, const count_t* caps,
                       int base, uint64_t* kinds) noexcept nogil:
    """c_ukeire under shanten caps (NULL: c_ukeire): one after-change call, no pruning."""
    cdef signed char after[34]
    cdef int k, n = 0
    cdef uint64_t mask = 0
    if caps is NULL:
        return c_ukeire(closed, seen, base, kinds)
    c_shanten_after_change_caps(closed, caps, 1, after)
    for k in range(34):
        if seen[k] < 4 and after[k] < base:
            n += 4 - seen[k]
            mask |= (<uint64_t>1) << k
    kinds[0] = mask
    return n


cdef int c_ukeire(const count_t* closed, const count_t* seen, int base,
                  uint64_t* kinds) noexcept nogil:
    cdef count_t c[34]
    cdef int k, n = 0, t = 0, mx = 0, n_cand
    cdef uint64_t mask = 0, held = 0, cand
    for k in range(34):
        t += closed[k]
    if t >= UKEIRE_ALL_FROM:
        # 10+ tiles: the pruned candidates (when pruning applies) nearly always
        # outnumber UKEIRE_LOOP_MAX, so go straight to the one-call path
        return _ukeire_all(closed, seen, base, kinds)
    for k in range(34):
        c[k] = closed[k]
        if c[k]:
            held |= (<uint64_t>1) << k
            if c[k] > mx:
                mx = c[k]
    cand = ALL_MASK
    if mx <= 2:
        # No kind held 3+ times: a drawn kind with no held tile within two in its
        # suit is in no optimal target hand of the regular form (see the header),
        # so only the chiitoitsu / kokushi forms could use it (13+ tiles only).
        cand = _same_suit(held & ~HONOR_MASK) | (held & HONOR_MASK)
    n_cand = 0
    for k in range(34):
        n_cand += (seen[k] < 4) & <int>((cand >> k) & 1)
    if n_cand > UKEIRE_LOOP_MAX:
        return _ukeire_all(closed, seen, base, kinds)
    for k in range(34):
        if seen[k] >= 4 or not (cand >> k) & 1:
            continue
        c[k] += 1
        if c_shanten(c) < base:
            n += 4 - seen[k]
            mask |= (<uint64_t>1) << k
        c[k] -= 1
    kinds[0] = mask
    return n


cdef uint64_t c_discard_waits(const count_t* closed, const count_t* own, bint karaten,
                              uint64_t* out) noexcept nogil:
    return c_discard_waits_ex(closed, own, NULL, karaten, 4, out)


cdef uint64_t c_discard_waits_ex(const count_t* closed, const count_t* own, const count_t* caps,
                                 bint karaten, int n_players, uint64_t* out) noexcept nogil:
    cdef count_t c[34]
    cdef count_t o[34]
    cdef signed char after[34]
    cdef uint64_t tenpai = 0
    cdef int k
    cdef int n_quads = 0
    memcpy(c, closed, 34)
    memcpy(o, own, 34)
    # A wait j of the hand after the discard needs shanten 0 there (under the caps),
    # unless it is a copy beyond the four held (o[j] == 4, karaten only): otherwise
    # hand + j is a complete hand the shanten counts.
    c_shanten_after_change_caps(closed, caps, -1, after)
    if karaten:
        for k in range(34):
            n_quads += o[k] == 4
    for k in range(34):
        out[k] = 0
        if not c[k]:
            continue
        if after[k] != 0 and not (karaten and n_quads - (o[k] == 4) > 0):
            continue
        c[k] -= 1
        o[k] -= 1
        out[k] = c_wait_mask_ex(c, o, karaten, n_players)
        if out[k]:
            tenpai |= (<uint64_t>1) << k
        c[k] += 1
        o[k] += 1
    return tenpai


# ---------------------------------------------------------------------------
# Python boundary


cdef inline int _load(object obj, count_t* out, str name) except -1:
    """load_counts with a fast path for 34 valid bytes (a memoryview costs ~250 ns)."""
    cdef const char* p
    cdef int k, bad = 0
    if type(obj) is bytes and PyBytes_GET_SIZE(obj) == 34:
        p = PyBytes_AS_STRING(obj)
    elif type(obj) is bytearray and PyByteArray_GET_SIZE(obj) == 34:
        p = PyByteArray_AS_STRING(obj)
    else:
        return load_counts(obj, out, name)
    memcpy(out, p, 34)
    for k in range(34):
        bad |= out[k] > 4
    if bad:
        return load_counts(obj, out, name)   # raises the error naming the kind
    return 0


cdef int _check_size(const count_t* c, bint complete) except -1:
    cdef int k, t = 0
    for k in range(34):
        t += c[k]
    if t > 14 or t % 3 != (2 if complete else 1):
        shape = ("complete-sized (14, 11, 8, 5 or 2)" if complete
                 else "tenpai-sized (13, 10, 7, 4 or 1)")
        raise TileCountError(f"{t} closed tiles: the hand must be {shape}")
    return t


cdef int _add_counts(const count_t* a, const count_t* b, count_t* out, str name) except -1:
    cdef int k, v
    for k in range(34):
        v = a[k] + b[k]
        if v > 4:
            raise TileCountError(f"{v} copies of {KIND_NAMES[k]} in the hand and {name} "
                                 "(at most 4)")
        out[k] = <count_t>v
    return 0


cdef int _sanma_caps(const count_t* closed, const count_t* melds, object n_players,
                     bint held, count_t* caps) except -1:
    """Validate n_players (and, in three-player, no 2m-8m in the hand or melds: the
    reference's caps_for errors); fill the shanten caps (melds counted if ``held``).
    Returns the player count."""
    cdef int n
    if type(n_players) is int and (n_players == 3 or n_players == 4):
        n = n_players
    else:
        n = _n_players(n_players)   # raises
    if n == 3 and (_has_2to8m(closed) or (melds is not NULL and _has_2to8m(melds))):
        caps_for(list((<const char*>closed)[:34]),
                 None if melds is NULL else (<const char*>melds)[:34], 3)   # raises, naming the tile
    c_make_caps(melds if held else NULL, n, caps)
    return n


cdef inline bint _plain(object n_players) noexcept:
    return type(n_players) is int and n_players == 4


cdef extern from *:
    """
    /* index of the lowest set bit of a nonzero 64-bit mask */
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int rf_ctz64(unsigned long long m) {
        unsigned long i; _BitScanForward64(&i, m); return (int)i;
    }
    #else
    static inline int rf_ctz64(unsigned long long m) { return __builtin_ctzll(m); }
    #endif
    """
    int rf_ctz64(uint64_t m) noexcept nogil


cdef tuple _mask_kinds(uint64_t mask):
    """The kinds of a bitmask as an ascending tuple of ints (built without a list)."""
    cdef int k, i = 0, n = 0
    cdef uint64_t m = mask
    cdef tuple out
    while m:
        m &= m - 1
        n += 1
    if n == 0:
        return ()
    out = PyTuple_New(n)
    m = mask
    while m:
        k = rf_ctz64(m)
        m &= m - 1
        item = _KINDS[k]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, i, item)   # steals the reference taken above
        i += 1
    return out


cdef extern from *:
    """
    /* An instance of the tuple subclass ``cls`` (a NamedTuple) holding the items
       of ``items``: tuple's own constructor, without a Python-level call. */
    static PyObject* rf_tuple_subtype(PyObject* cls, PyObject* args) {
        return PyTuple_Type.tp_new((PyTypeObject*)cls, args, NULL);
    }
    """
    object rf_tuple_subtype(object cls, object args)


def waits(counts, *, meld_counts=None, karaten=False, n_players=4):
    """Kinds (0..33, ascending) that complete a tenpai-sized hand; ``()`` if not tenpai.

    ``meld_counts``: 34-counts of the tiles in the player's melds (a kan
    counts 4), used only to tell that all four copies of a kind are held.
    ``n_players=3``: 2m-8m do not exist (never waits; in the hand, an error).

    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> waits(_mpsz("1112345678999m"))
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> waits(_mpsz("1111m234p567p789s")), waits(_mpsz("1111m234p567p789s"), karaten=True)
    ((), (0,))
    >>> waits(_mpsz("11m99m123p456p789s"), n_players=3)
    (0, 8)
    """
    cdef count_t closed[34]
    cdef count_t melded[34]
    cdef count_t own[34]
    cdef count_t caps[34]
    cdef uint64_t mask
    cdef bint kara = karaten
    cdef int n = 4
    _load(counts, closed, "counts")
    _check_size(closed, False)
    if meld_counts is None:
        if not _plain(n_players):
            n = _sanma_caps(closed, NULL, n_players, False, caps)
        with nogil:
            mask = c_wait_mask_ex(closed, closed, kara, n)
    else:
        _load(meld_counts, melded, "meld_counts")
        _add_counts(closed, melded, own, "melds")
        if not _plain(n_players):
            n = _sanma_caps(closed, melded, n_players, False, caps)
        with nogil:
            mask = c_wait_mask_ex(closed, own, kara, n)
    return _mask_kinds(mask)


cdef int _seen_caps(object counts, object visible, object meld_counts, bint held, object n_players,
                    bint complete, count_t* closed, count_t* seen, count_t* caps) except -1:
    """Load and check an ukeire-style call: closed tiles, seen = closed + melds + visible
    (2m-8m all seen in three-player), the caps; returns 1 when caps apply, else 0."""
    cdef count_t vis[34]
    cdef count_t melded[34]
    cdef count_t held_tiles[34]
    cdef int k, n
    cdef bint capped = False
    _load(counts, closed, "counts")
    _check_size(closed, complete)
    memcpy(held_tiles, closed, 34)
    if meld_counts is not None:
        _load(meld_counts, melded, "meld_counts")
        _add_counts(closed, melded, held_tiles, "melds")
    if visible is None:
        memcpy(seen, held_tiles, 34)
    else:
        _load(visible, vis, "visible")
        _add_counts(held_tiles, vis, seen, "visible")
    if meld_counts is not None or not _plain(n_players):
        n = _sanma_caps(closed, melded if meld_counts is not None else NULL, n_players,
                        held and meld_counts is not None, caps)
        if n == 3:
            for k in range(1, 8):
                seen[k] = 4
        for k in range(34):
            capped |= caps[k] != 4
    return capped


def ukeire(counts, visible=None, *, meld_counts=None, melds_held=True, n_players=4):
    """``(n_tiles, kinds)``: unseen tiles whose draw lowers the shanten.

    ``counts``: a tenpai-sized hand (13, 10, 7, 4 or 1 closed tiles).
    ``visible``: 34-counts of the tiles the player sees outside his own hand
    (discards, other players' melds, dora indicators).  ``meld_counts``: the
    tiles of the player's own melds and kita.  A kind has 4 - closed - melds
    - visible unseen copies (none of 2m-8m when ``n_players=3``).  With
    ``melds_held`` (Rules.own_melds_held), the shanten also counts the meld
    tiles as held (no complete hand needs a copy beyond them).

    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> ukeire(_mpsz("123m456p789s1122z"))
    (4, (27, 28))
    >>> ukeire(_mpsz("123m456p789s1122z"), visible=_mpsz("11z"))
    (2, (28,))
    >>> ukeire(_mpsz("13m456p789s11z"), meld_counts=_mpsz("2222m"))   # 2m is gone: 1-shanten
    (16, (0, 2, 3, 4, 27))
    """
    cdef count_t closed[34]
    cdef count_t seen[34]
    cdef count_t caps[34]
    cdef uint64_t mask
    cdef int n
    cdef bint capped = _seen_caps(counts, visible, meld_counts, melds_held, n_players, False,
                                  closed, seen, caps)
    with nogil:
        if capped:
            n = c_ukeire_caps(closed, seen, caps, c_shanten_caps(closed, caps), &mask)
        else:
            n = c_ukeire(closed, seen, c_shanten(closed), &mask)
    return n, _mask_kinds(mask)


def discard_analysis(counts, visible=None, *, meld_counts=None, melds_held=True, n_players=4):
    """Every distinct discard of a complete-sized hand: (kind, shanten, ukeire, kinds).

    Ascending by kind.  The unseen tiles are counted against the hand before the
    discard (the discarded tile is then in the player's river): entry ``k``
    equals ``ukeire(counts - k, visible + k)``.  ``meld_counts``,
    ``melds_held`` and ``n_players`` as for :func:`ukeire`.

    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> for option in discard_analysis(_mpsz("123m456p789s11223z"))[-2:]:
    ...     print(option)
    DiscardOption(kind=28, shanten=1, ukeire=7, kinds=(27, 28, 29))
    DiscardOption(kind=29, shanten=0, ukeire=4, kinds=(27, 28))
    """
    cdef count_t closed[34]
    cdef count_t seen[34]
    cdef count_t caps[34]
    cdef uint64_t masks[34]
    cdef signed char shantens[34]
    cdef int ns[34]
    cdef int k
    cdef bint capped = _seen_caps(counts, visible, meld_counts, melds_held, n_players, True,
                                  closed, seen, caps)
    with nogil:
        if capped:
            c_shanten_after_change_caps(closed, caps, -1, shantens)
        else:
            c_shanten_after_change(closed, -1, shantens)
        for k in range(34):
            if closed[k]:
                closed[k] -= 1
                if capped:
                    ns[k] = c_ukeire_caps(closed, seen, caps, shantens[k], &masks[k])
                else:
                    ns[k] = c_ukeire(closed, seen, shantens[k], &masks[k])
                closed[k] += 1
    cls = DiscardOption
    return tuple([rf_tuple_subtype(cls, ((_KINDS[k], shantens[k], ns[k], _mask_kinds(masks[k])),))
                  for k in range(34) if closed[k]])


def discard_waits(counts, *, meld_counts=None, karaten=False, n_players=4):
    """Waits after each discard of a complete-sized hand: ``{discard kind: waits}``.

    Only the discards that leave the hand tenpai are keys (ascending); each
    value is what :func:`waits` gives for the hand after that discard (so the
    riichi discards are the keys).  ``meld_counts``, ``karaten`` and
    ``n_players`` as for :func:`waits`.

    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> discard_waits(_mpsz("123m456p789s11223z"))
    {29: (27, 28)}
    >>> discard_waits(_mpsz("2345m456p789s1122z"))
    {1: (27, 28), 4: (27, 28)}
    """
    cdef count_t closed[34]
    cdef count_t melded[34]
    cdef count_t own[34]
    cdef count_t caps[34]
    cdef uint64_t masks[34]
    cdef uint64_t tenpai
    cdef bint kara = karaten
    cdef const count_t* cp = NULL
    cdef int k, n = 4
    _load(counts, closed, "counts")
    _check_size(closed, True)
    if meld_counts is None:
        memcpy(own, closed, 34)
        if not _plain(n_players):
            n = _sanma_caps(closed, NULL, n_players, False, caps)
            cp = caps if n == 3 else NULL
    else:
        _load(meld_counts, melded, "meld_counts")
        _add_counts(closed, melded, own, "melds")
        n = _sanma_caps(closed, melded, n_players, True, caps)
        cp = caps
    with nogil:
        tenpai = c_discard_waits_ex(closed, own, cp, kara, n, masks)
    return {_KINDS[k]: _mask_kinds(masks[k]) for k in range(34) if (tenpai >> k) & 1}


cdef class _WaitsJob:
    cdef const uint8_t[:, ::1] hands
    cdef uint64_t[::1] masks
    cdef uint8_t[::1] status
    cdef bint karaten
    cdef int n_players

    def run(self, Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef int k, t, mx
        cdef const count_t* row
        with nogil:
            for i in range(start, stop):
                row = &self.hands[i, 0]
                t = 0
                mx = 0
                for k in range(34):
                    t += row[k]
                    mx |= row[k]
                self.masks[i] = 0
                if (mx > 4 and _above_four(row)) or (self.n_players == 3 and _has_2to8m(row)):
                    self.status[i] = ROW_COUNT_ABOVE_FOUR
                elif t > 13 or t % 3 != 1:
                    self.status[i] = ROW_BAD_TILE_COUNT
                else:
                    self.status[i] = ROW_OK
                    self.masks[i] = c_wait_mask_ex(row, row, self.karaten, self.n_players)


cdef inline bint _has_2to8m(const count_t* c) noexcept nogil:
    return (c[1] | c[2] | c[3] | c[4] | c[5] | c[6] | c[7]) != 0


cdef inline bint _above_four(const count_t* row) noexcept nogil:
    cdef int k
    for k in range(34):
        if row[k] > 4:
            return True
    return False


def _check_batch(hands, str name):
    if not isinstance(hands, np.ndarray):
        raise ArrayError(f"{name} must be a numpy uint8 array of shape (N, 34), "
                         f"got {type(hands).__name__}")
    if hands.dtype != np.uint8 or hands.ndim != 2 or hands.shape[1] != 34:
        raise ArrayError(f"{name} must be a uint8 array of shape (N, 34), "
                         f"got {hands.dtype} {hands.shape}")
    if not hands.flags.c_contiguous:
        raise ArrayError(f"{name} must be C-contiguous")
    return hands


def waits_batch(hands, *, karaten=False, n_threads=1, out=None, n_players=4):
    """Wait bitmasks (bit k set = kind k is a wait) of ``(N, 34)`` uint8 tenpai-sized hands.

    Returns ``(masks, status)``: ``uint64 (N,)`` and ``uint8 (N,)``
    (:class:`~riichi_fast.enums.RowStatus`); a bad row gets mask 0 and its
    status, the other rows are computed.  Without melds, a kind held four
    times in the closed tiles is not a wait unless ``karaten``.  With
    ``n_players=3`` a row holding 2m-8m is ``COUNT_ABOVE_FOUR`` (more copies
    than exist).

    >>> import numpy as np
    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> hands = np.frombuffer(_mpsz("123m456p789s1122z"), np.uint8).reshape(1, 34)
    >>> masks, status = waits_batch(hands)
    >>> [k for k in range(34) if int(masks[0]) >> k & 1], status.tolist()
    ([27, 28], [0])
    """
    hands = _check_batch(hands, "hands")
    check_n_threads(n_threads)
    n_pl = _n_players(n_players)
    n = hands.shape[0]
    if out is None:
        out = np.zeros(n, dtype=np.uint64)
    elif (not isinstance(out, np.ndarray) or out.dtype != np.uint64 or out.shape != (n,)):
        raise ArrayError(f"out must be a uint64 array of shape ({n},)")
    elif not out.flags.c_contiguous or not out.flags.writeable:
        raise ArrayError("out must be C-contiguous and writeable")
    status = np.zeros(n, dtype=np.uint8)
    cdef _WaitsJob job = _WaitsJob()
    job.hands = hands
    job.masks = out
    job.status = status
    job.karaten = karaten
    job.n_players = n_pl
    if n:
        run_chunks(job.run, n, n_threads)
    return out, status


cdef class _UkeireJob:
    cdef const uint8_t[:, ::1] hands
    cdef const uint8_t[:, ::1] visible
    cdef bint has_visible
    cdef uint8_t[::1] tiles
    cdef uint64_t[::1] masks
    cdef uint8_t[::1] status
    cdef int n_players
    cdef count_t caps[34]

    def run(self, Py_ssize_t start, Py_ssize_t stop):
        cdef Py_ssize_t i
        cdef int k, t, v, bad
        cdef const count_t* row
        cdef count_t seen[34]
        cdef uint64_t mask
        with nogil:
            for i in range(start, stop):
                row = &self.hands[i, 0]
                t = 0
                bad = 0
                for k in range(34):
                    t += row[k]
                    v = row[k]
                    if self.has_visible:
                        v = v + self.visible[i, k]
                    bad |= v > 4
                    seen[k] = <count_t>v
                self.tiles[i] = 0
                self.masks[i] = 0
                if bad or (self.n_players == 3 and _has_2to8m(row)):
                    self.status[i] = ROW_COUNT_ABOVE_FOUR
                elif t > 13 or t % 3 != 1:
                    self.status[i] = ROW_BAD_TILE_COUNT
                elif self.n_players == 3:
                    self.status[i] = ROW_OK
                    for k in range(1, 8):
                        seen[k] = 4
                    self.tiles[i] = <uint8_t>c_ukeire_caps(row, seen, self.caps,
                                                           c_shanten_caps(row, self.caps), &mask)
                    self.masks[i] = mask
                else:
                    self.status[i] = ROW_OK
                    self.tiles[i] = <uint8_t>c_ukeire(row, seen, c_shanten(row), &mask)
                    self.masks[i] = mask


cdef enum:
    UKEIRE_MIN_ROWS_PER_THREAD = 512   # ~1 us a row: below this a thread costs more than it saves


def ukeire_batch(hands, visible=None, *, n_threads=1, n_players=4):
    """Ukeire of ``(N, 34)`` uint8 tenpai-sized hands: ``(n_tiles, kinds, status)``.

    ``n_tiles`` ``uint8 (N,)``: the unseen tiles whose draw lowers the shanten;
    ``kinds`` ``uint64 (N,)``: their kinds as bitmasks (bit k = kind k);
    ``status`` ``uint8 (N,)`` (:class:`~riichi_fast.enums.RowStatus`).  ``visible``:
    ``None`` or ``(N, 34)`` uint8 counts seen outside each closed hand, as for
    :func:`ukeire`.  A bad row (hand + visible above four copies, or a hand not
    tenpai-sized) gets 0, 0 and its status; the other rows are computed.
    ``n_players=3``: three-player ukeire; a row holding 2m-8m is
    ``COUNT_ABOVE_FOUR``.

    >>> import numpy as np
    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> hands = np.frombuffer(_mpsz("123m456p789s1122z") + _mpsz("11z"), np.uint8).reshape(2, 34)
    >>> n_tiles, kinds, status = ukeire_batch(hands)
    >>> n_tiles.tolist(), [k for k in range(34) if int(kinds[0]) >> k & 1], status.tolist()
    ([4, 0], [27, 28], [0, 1])
    """
    hands = _check_batch(hands, "hands")
    check_n_threads(n_threads)
    n_pl = _n_players(n_players)
    n = hands.shape[0]
    cdef _UkeireJob job = _UkeireJob()
    job.n_players = n_pl
    c_make_caps(NULL, n_pl, job.caps)
    if visible is not None:
        visible = _check_batch(visible, "visible")
        if visible.shape[0] != n:
            raise ArrayError(f"visible must have the {n} rows of hands, got {visible.shape[0]}")
        job.visible = visible
        job.has_visible = True
    tiles = np.zeros(n, dtype=np.uint8)
    masks = np.zeros(n, dtype=np.uint64)
    status = np.zeros(n, dtype=np.uint8)
    job.hands = hands
    job.tiles = tiles
    job.masks = masks
    job.status = status
    if n:
        run_chunks(job.run, n, max(1, min(n_threads, n // UKEIRE_MIN_ROWS_PER_THREAD)))
    return tiles, masks, status
