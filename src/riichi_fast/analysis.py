"""Single-call hand analysis: shanten, agari, decomposition, waits, ukeire, furiten.

Every function accepts a hand as an mpsz string (melds allowed, see
:mod:`riichi_fast.hand`), a :class:`~riichi_fast.hand.Hand`, a sequence of
136-ids, or 34 counts (``bytes`` or a uint8 numpy array).  The work is done by
the compiled kernels, or by their pure-Python twins under
``RIICHI_FAST_PUREPYTHON=1``.  ``bytes`` of length 34 is the fastest input: it
goes to the kernel with no conversion.
"""

from __future__ import annotations

from riichi_fast import _backend
from riichi_fast.hand import Hand, as_hand
from riichi_fast.tiles import _check_kind, as_counts, parse_kind

_sh = _backend.load("shanten")
_dec = _backend.load("decompose")
_wt = _backend.load("waits")
_fu = _backend.load("furiten")

__all__ = [
    "FuritenState",
    "decompose",
    "discard_analysis",
    "discard_waits",
    "is_agari",
    "is_agari_batch",
    "is_furiten",
    "shanten",
    "shanten_batch",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_regular",
    "ukeire",
    "ukeire_batch",
    "waits",
    "waits_batch",
]

FuritenState = _fu.FuritenState

# Batch kernels on (N, 34) uint8 arrays: values plus a RowStatus array, GIL released, n_threads.
shanten_batch = _sh.shanten_batch
is_agari_batch = _sh.is_agari_batch
waits_batch = _wt.waits_batch
ukeire_batch = _wt.ukeire_batch


def _closed_counts(hand):
    """34 closed counts of any accepted hand form (melds never change the closed shape)."""
    if type(hand) is bytes:
        return hand
    if isinstance(hand, str):
        if " " in hand.strip():
            return as_hand(hand).counts34()
        return as_counts(hand)
    if isinstance(hand, Hand):
        return hand.counts34()
    return as_counts(hand)


def _kind(tile) -> int:
    """A tile kind from a kind index or an mpsz tile name (``'5p'``, ``'0p'``)."""
    if isinstance(tile, str):
        return parse_kind(tile)
    return _check_kind(tile, "tile kind")


def shanten(hand) -> int:
    """Shanten number: minimum of the regular, chiitoitsu and kokushi forms.

    -1 means complete, 0 tenpai.  Open melds are implied by the tile count.

    >>> shanten("123m456p789s1122z")
    0
    >>> shanten("123m456p789s11222z")
    -1
    """
    return _sh.shanten(_closed_counts(hand))


def shanten_regular(hand) -> int:
    """Shanten of the four-sets-and-a-pair form only.

    >>> shanten_regular("1133557799m1133p")
    3
    """
    return _sh.shanten_regular(_closed_counts(hand))


def shanten_chiitoitsu(hand) -> int:
    """Shanten of the seven-pairs form (closed 13/14-tile hands).

    >>> shanten_chiitoitsu("1133557799m1133p")
    -1
    """
    return _sh.shanten_chiitoitsu(_closed_counts(hand))


def shanten_kokushi(hand) -> int:
    """Shanten of the thirteen-orphans form (closed 13/14-tile hands).

    >>> shanten_kokushi("19m19p19s1234567z")
    0
    """
    return _sh.shanten_kokushi(_closed_counts(hand))


def is_agari(hand) -> bool:
    """True if the hand is complete (any form).

    >>> is_agari("123m456p789s11222z")
    True
    >>> is_agari("123m456p789s11223z")
    False
    """
    return bool(_sh.is_agari(_closed_counts(hand)))


def decompose(hand, win_tile=None, *, tsumo: bool = False):
    """Every reading of a complete hand; with ``win_tile``, every (reading, completed set, wait).

    >>> [str(r) for r in decompose("111222333m78999p")]
    ['123m 123m 123m 789p 99p', '111m 222m 333m 789p 99p']
    >>> [str(w) for w in decompose("123m456p789s11z 777z@2", win_tile="3m")]
    ['123m 456p 789s 777z 11z (won on 123m, penchan)']
    """
    h = as_hand(hand)
    melds = tuple(zip(*h.meld_arrays()))
    win = None if win_tile is None else _kind(win_tile)
    return _dec.decompose(h.counts34(), melds, win, tsumo)


def waits(hand, *, karaten: bool = False) -> tuple[int, ...]:
    """Kinds (0..33) that complete a tenpai hand.

    A kind whose four copies are all in the hand (closed or melded) is not a
    wait unless ``karaten`` is true (RULES.md section 2, ``karaten_counts``).

    >>> waits("123m456p789s1122z")
    (27, 28)
    >>> waits("1112345678999m")
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> waits("1111m234p567s789s")   # the fifth 1m does not exist: karaten
    ()
    """
    h = as_hand(hand)
    meld_counts = h.all_counts34() - h.counts34() if h.melds else None
    return _wt.waits(h.counts34(), meld_counts=meld_counts, karaten=karaten)


def ukeire(hand, visible=None):
    """``(n_tiles, kinds)``: unseen tiles that lower the shanten, given visible tiles.

    >>> ukeire("123m456p789s1122z")
    (4, (27, 28))
    """
    vis = None if visible is None else as_counts(visible)
    return _wt.ukeire(_closed_counts(hand), vis)


def discard_analysis(hand, visible=None):
    """For a 14-tile hand, every distinct discard with its shanten and ukeire after it.

    >>> best = min(discard_analysis("123m456p789s11223z"), key=lambda d: (d[1], -d[2]))
    >>> best[:3]   # discard 3z: tenpai (shanten 0) on 4 tiles
    (29, 0, 4)
    """
    vis = None if visible is None else as_counts(visible)
    return _wt.discard_analysis(_closed_counts(hand), vis)


def discard_waits(hand, *, karaten: bool = False) -> dict:
    """For a 14-tile hand: ``{discard kind: waits}`` for every discard that leaves it tenpai.

    What "may I declare riichi, and with which discards" needs, in one pass.

    >>> discard_waits("123m456p789s11223z")
    {29: (27, 28)}
    """
    h = as_hand(hand)
    meld_counts = h.all_counts34() - h.counts34() if h.melds else None
    return _wt.discard_waits(h.counts34(), meld_counts=meld_counts, karaten=karaten)


def is_furiten(hand, discards) -> bool:
    """Discard furiten: is any wait of ``hand`` among the player's own ``discards``?

    >>> is_furiten("123m456p789s1122z", "1z")
    True
    >>> is_furiten("123m456p789s1122z", "3z")
    False
    """
    return bool(_fu.is_furiten(_closed_counts(hand), as_counts(discards)))
