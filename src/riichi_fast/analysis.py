"""Single-call hand analysis: shanten, agari, decomposition, waits, ukeire, furiten.

Every function accepts a hand as an mpsz string (melds allowed, see
:mod:`riichi_fast.hand`), a :class:`~riichi_fast.hand.Hand`, 136-ids (a list,
a tuple or a 1-d integer numpy array), or 34 counts (``bytes``/``bytearray`` or
a (34,) numpy array of any integer dtype).  In compiled mode the public
functions are those of ``riichi_fast._inputs``: they read every such form in
compiled code (about 20-110 ns on top of the kernel) and call the kernel; the
Python functions below are their twins and their fallback (unusual or bad
input, ``rules=``/``n_players=``).  Under ``RIICHI_FAST_PUREPYTHON=1`` the
Python functions run on the pure-Python kernels.
"""

from __future__ import annotations

import numpy as np

from riichi_fast import _backend
from riichi_fast.errors import TileCountError
from riichi_fast.hand import Hand, as_hand
from riichi_fast.tiles import _check_kind, _quote, _short, as_counts, mpsz_to_counts, parse_kind

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


# closed-size requirement of each function (checked here so the message quotes the input as written)
ANY_SIZE, CLOSED_13_14, TENPAI_SIZED, COMPLETE_SIZED, WAITS_SIZE = 0, 1, 2, 3, 4


def _closed_counts(hand, need=ANY_SIZE, form=""):
    """34 closed counts of any accepted hand form (melds never change the closed shape), size checked.

    This is the pure-Python twin of the compiled conversion (``riichi_fast._inputs``): same
    counts, same errors.  ``bytes`` go to the kernel as they are (it checks them).
    """
    if type(hand) is bytes:
        return hand
    if isinstance(hand, str):
        if ":" in hand or "@" in hand or "*" in hand:
            counts = as_hand(hand).counts34()
        else:
            counts = mpsz_to_counts(hand)
    elif isinstance(hand, Hand):
        counts = hand.counts34()
    else:
        counts = as_counts(hand)
    _check_closed_size(hand, sum(counts.tolist()), need, form)
    return counts


def _input_label(hand) -> str:
    """The hand as the user wrote it, for an error message (a long input is cut to a window)."""
    if isinstance(hand, str):
        return _quote(hand)
    if isinstance(hand, Hand):
        return _quote(str(hand))
    if isinstance(hand, (bytes, bytearray, memoryview)) or isinstance(hand, np.ndarray) and hand.shape == (34,):
        return "counts"
    if isinstance(hand, np.ndarray):
        return _short(hand.tolist())
    return _short(hand)


def _check_closed_size(hand, t, need, form=""):
    if t > 14 or t % 3 == 0:
        raise TileCountError(
            f"{_input_label(hand)}: a hand of {t} closed tiles is impossible (need 3n+1 or 3n+2 tiles, at most 14)"
        )
    if need == CLOSED_13_14 and t < 13:
        raise TileCountError(f"{_input_label(hand)}: {form} needs 13 or 14 closed tiles, got {t}")
    if need in (TENPAI_SIZED, WAITS_SIZE) and t % 3 != 1:
        hint = ""
        if need == WAITS_SIZE:
            hint = "; for the waits after each discard of a complete-sized hand use discard_waits()"
        raise TileCountError(
            f"{_input_label(hand)}: {t} closed tiles: the hand must be tenpai-sized (13, 10, 7, 4 or 1){hint}"
        )
    if need == COMPLETE_SIZED and t % 3 != 2:
        raise TileCountError(
            f"{_input_label(hand)}: {t} closed tiles: the hand must be complete-sized (14, 11, 8, 5 or 2)"
        )


def _waits_hand(hand, need):
    """The hand as a Hand (its melds count for the waits), closed size checked with the input quoted."""
    h = as_hand(hand)
    _check_closed_size(hand, len(h.closed), need)
    return h


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
    return _sh.shanten_chiitoitsu(_closed_counts(hand, CLOSED_13_14, "chiitoitsu"))


def shanten_kokushi(hand) -> int:
    """Shanten of the thirteen-orphans form (closed 13/14-tile hands).

    >>> shanten_kokushi("19m19p19s1234567z")
    0
    """
    return _sh.shanten_kokushi(_closed_counts(hand, CLOSED_13_14, "kokushi"))


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
    h = _waits_hand(hand, WAITS_SIZE)
    meld_counts = h.all_counts34() - h.counts34() if h.melds else None
    return _wt.waits(h.counts34(), meld_counts=meld_counts, karaten=karaten)


def ukeire(hand, visible=None):
    """``(n_tiles, kinds)``: unseen tiles that lower the shanten, given visible tiles.

    >>> ukeire("123m456p789s1122z")
    (4, (27, 28))
    """
    vis = None if visible is None else as_counts(visible)
    return _wt.ukeire(_closed_counts(hand, TENPAI_SIZED), vis)


def discard_analysis(hand, visible=None):
    """For a 14-tile hand, every distinct discard with its shanten and ukeire after it.

    >>> best = min(discard_analysis("123m456p789s11223z"), key=lambda d: (d[1], -d[2]))
    >>> best[:3]   # discard 3z: tenpai (shanten 0) on 4 tiles
    (29, 0, 4)
    """
    vis = None if visible is None else as_counts(visible)
    return _wt.discard_analysis(_closed_counts(hand, COMPLETE_SIZED), vis)


def discard_waits(hand, *, karaten: bool = False) -> dict:
    """For a 14-tile hand: ``{discard kind: waits}`` for every discard that leaves it tenpai.

    What "may I declare riichi, and with which discards" needs, in one pass.

    >>> discard_waits("123m456p789s11223z")
    {29: (27, 28)}
    """
    h = _waits_hand(hand, COMPLETE_SIZED)
    meld_counts = h.all_counts34() - h.counts34() if h.melds else None
    return _wt.discard_waits(h.counts34(), meld_counts=meld_counts, karaten=karaten)


def is_furiten(hand, discards) -> bool:
    """Discard furiten: is any wait of ``hand`` among the player's own ``discards``?

    >>> is_furiten("123m456p789s1122z", "1z")
    True
    >>> is_furiten("123m456p789s1122z", "3z")
    False
    """
    return bool(_fu.is_furiten(_closed_counts(hand, TENPAI_SIZED), as_counts(discards)))


# The public functions are the compiled ones (riichi_fast._inputs): they read every plain input form
# on the stack and call the kernel, and hand anything else (rules=/n_players=, an unusual or bad
# input) to the Python functions above, their twins, which answer or raise as always.
_PYTHON = {
    f.__name__: f
    for f in (
        shanten,
        shanten_regular,
        shanten_chiitoitsu,
        shanten_kokushi,
        is_agari,
        waits,
        discard_waits,
        ukeire,
        discard_analysis,
        is_furiten,
        decompose,
    )
}
if not _backend.PUREPYTHON:
    from riichi_fast import _inputs

    _inputs._bind_analysis(_PYTHON, _wt, _fu, _dec)
    shanten = _inputs.shanten
    shanten_regular = _inputs.shanten_regular
    shanten_chiitoitsu = _inputs.shanten_chiitoitsu
    shanten_kokushi = _inputs.shanten_kokushi
    is_agari = _inputs.is_agari
    waits = _inputs.waits
    discard_waits = _inputs.discard_waits
    ukeire = _inputs.ukeire
    discard_analysis = _inputs.discard_analysis
    is_furiten = _inputs.is_furiten
    decompose = _inputs.decompose
