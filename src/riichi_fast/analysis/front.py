"""Single-call hand analysis: shanten, agari, decomposition, waits, ukeire, furiten.

Every function accepts a hand as an mpsz string (melds allowed, see
:mod:`riichi_fast.hand`), a :class:`~riichi_fast.hand.Hand`, 136-ids (a list,
a tuple or a 1-d integer numpy array), or 34 counts (``bytes``/``bytearray`` or
a (34,) numpy array of any integer dtype).  In compiled mode the public
functions are those of ``riichi_fast._inputs``: they read every such form in
compiled code (about 20-110 ns on top of the kernel) and call the kernel; the
Python functions below are their twins and their fallback (unusual or bad
input, a hand with melds where they matter, ``rules=``/``n_players=``).  Under
``RIICHI_FAST_PUREPYTHON=1`` the Python functions run on the pure-Python
kernels.

Every function takes keyword-only ``rules`` (a Rules or a preset name) and
``n_players`` (3 or 4): see :mod:`riichi_fast.analysis._rules`.  In
three-player, 2m-8m do not exist (no manzu sequences; a hand holding one is a
TileCountError naming it).  The tiles of the player's own melds (and kita)
always leave the unseen copies of :func:`ukeire`; they also count as held
(a wait needing them is dead, the shanten reaches no hand needing them) when
the rules' ``own_melds_held`` is true, the default (Tenhou and Mahjong Soul:
false).

>>> shanten("1111m111122233z"), shanten("1111m111122233z", n_players=3)
(1, 2)
>>> waits("13m456p789s11z ankan:2222m"), waits("13m456p789s11z ankan:2222m", rules="tenhou")
((), (1,))
>>> shanten("13m456p789s11z ankan:2222m"), shanten("13m456p789s11z ankan:2222m", rules="tenhou")
(1, 0)
"""

from __future__ import annotations

import numpy as np

from riichi_fast import _backend
from riichi_fast.analysis._checks import caps_for
from riichi_fast.analysis._rules import analysis_settings
from riichi_fast.errors import TileCountError
from riichi_fast.hand import Hand, as_hand
from riichi_fast.tiles import _check_kind, _quote, _short, as_counts, mpsz_to_counts, parse_kind

_sh = _backend.load("analysis._shanten")
_dec = _backend.load("analysis._decompose")
_wt = _backend.load("analysis._waits")
_fu = _backend.load("analysis._furiten")

# The public names are listed once, in the package's __all__ (riichi_fast.analysis), which
# loads them from here on first use.

FuritenState = _fu.FuritenState

_PLAIN = analysis_settings()


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


def _hand_parts(hand, need=ANY_SIZE, form=""):
    """``(closed counts, meld tile counts or None)`` of any accepted hand form (kita included), size checked."""
    if isinstance(hand, str) and (":" in hand or "@" in hand or "*" in hand) or isinstance(hand, Hand):
        h = as_hand(hand)
        _check_closed_size(hand, len(h.closed), need, form)
        return h.counts34(), (h.all_counts34() - h.counts34() if h.melds else None)
    return _closed_counts(hand, need, form), None


def _settings(rules, n_players):
    if rules is None and n_players is None:
        return _PLAIN
    return analysis_settings(rules, n_players)


def _kind(tile) -> int:
    """A tile kind from a kind index or an mpsz tile name (``'5p'``, ``'0p'``)."""
    if isinstance(tile, str):
        return parse_kind(tile)
    return _check_kind(tile, "tile kind")


def shanten(hand, *, rules=None, n_players=None) -> int:
    """Shanten number: minimum of the regular, chiitoitsu and kokushi forms.

    -1 means complete, 0 tenpai.  Open melds are implied by the tile count.

    >>> shanten("123m456p789s1122z")
    0
    >>> shanten("123m456p789s11222z")
    -1
    """
    n, held, _ = _settings(rules, n_players)
    closed, melds = _hand_parts(hand)
    return _sh.shanten(closed, meld_counts=melds if held else None, n_players=n)


def shanten_regular(hand, *, rules=None, n_players=None) -> int:
    """Shanten of the four-sets-and-a-pair form only.

    >>> shanten_regular("1133557799m1133p")
    3
    """
    n, held, _ = _settings(rules, n_players)
    closed, melds = _hand_parts(hand)
    return _sh.shanten_regular(closed, meld_counts=melds if held else None, n_players=n)


def shanten_chiitoitsu(hand, *, rules=None, n_players=None) -> int:
    """Shanten of the seven-pairs form (closed 13/14-tile hands).

    >>> shanten_chiitoitsu("1133557799m1133p")
    -1
    """
    n, held, _ = _settings(rules, n_players)
    closed, melds = _hand_parts(hand, CLOSED_13_14, "chiitoitsu")
    return _sh.shanten_chiitoitsu(closed, meld_counts=melds if held else None, n_players=n)


def shanten_kokushi(hand, *, rules=None, n_players=None) -> int:
    """Shanten of the thirteen-orphans form (closed 13/14-tile hands).

    >>> shanten_kokushi("19m19p19s1234567z")
    0
    """
    n, held, _ = _settings(rules, n_players)
    closed, melds = _hand_parts(hand, CLOSED_13_14, "kokushi")
    return _sh.shanten_kokushi(closed, meld_counts=melds if held else None, n_players=n)


def is_agari(hand, *, rules=None, n_players=None) -> bool:
    """True if the hand is complete (any form).

    >>> is_agari("123m456p789s11222z")
    True
    >>> is_agari("123m456p789s11223z")
    False
    """
    n = _settings(rules, n_players)[0]
    if n == 3:
        _, melds = _hand_parts(hand)
        if melds is not None:
            _check_sanma_melds(melds)
    return bool(_sh.is_agari(_closed_counts(hand), n_players=n))


def _check_sanma_melds(melds) -> None:
    caps_for([0] * 34, bytes(melds), 3)


def decompose(hand, win_tile=None, *, tsumo: bool = False, rules=None, n_players=None):
    """Every reading of a complete hand; with ``win_tile``, every (reading, completed set, wait).

    >>> [str(r) for r in decompose("111222333m78999p")]
    ['123m 123m 123m 789p 99p', '111m 222m 333m 789p 99p']
    >>> [str(w) for w in decompose("123m456p789s11z 777z@2", win_tile="3m")]
    ['123m 456p 789s 777z 11z (won on 123m, penchan)']
    """
    h = as_hand(hand)
    if _settings(rules, n_players)[0] == 3:
        caps_for(list(h.counts34()), bytes(h.all_counts34() - h.counts34()), 3)
    melds = tuple(zip(*h.meld_arrays()))
    win = None if win_tile is None else _kind(win_tile)
    return _dec.decompose(h.counts34(), melds, win, tsumo)


def waits(hand, *, karaten: bool | None = None, rules=None, n_players=None) -> tuple[int, ...]:
    """Kinds (0..33) that complete a tenpai hand.

    A kind whose four copies are all in the hand (closed, or melded when the
    rules' ``own_melds_held``) is not a wait unless ``karaten`` is true
    (default: the rules' ``karaten_counts``; RULES.md section 2).

    >>> waits("123m456p789s1122z")
    (27, 28)
    >>> waits("1112345678999m")
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> waits("1111m234p567s789s")   # the fifth 1m does not exist: karaten
    ()
    """
    n, held, kara = _settings(rules, n_players)
    closed, melds = _hand_parts(hand, WAITS_SIZE)
    return _wt.waits(
        closed, meld_counts=melds if held else None, karaten=kara if karaten is None else karaten, n_players=n
    )


def ukeire(hand, visible=None, *, rules=None, n_players=None):
    """``(n_tiles, kinds)``: unseen tiles that lower the shanten, given visible tiles.

    ``visible``: the tiles seen outside the player's own hand (discards, other
    players' melds, dora indicators); the player's own melds and kita are
    taken from the hand.  A kind never counts more than 4 - closed - own
    melds - visible copies.

    >>> ukeire("123m456p789s1122z")
    (4, (27, 28))
    >>> ukeire("13m456p789s11z ankan:2222m"), ukeire("13m456p789s11z ankan:2222m", rules="tenhou")
    ((16, (0, 2, 3, 4, 27)), (0, ()))
    """
    n, held, _ = _settings(rules, n_players)
    vis = None if visible is None else as_counts(visible)
    closed, melds = _hand_parts(hand, TENPAI_SIZED)
    return _wt.ukeire(closed, vis, meld_counts=melds, melds_held=held, n_players=n)


def discard_analysis(hand, visible=None, *, rules=None, n_players=None):
    """For a 14-tile hand, every distinct discard with its shanten and ukeire after it.

    >>> best = min(discard_analysis("123m456p789s11223z"), key=lambda d: (d[1], -d[2]))
    >>> best[:3]   # discard 3z: tenpai (shanten 0) on 4 tiles
    (29, 0, 4)
    """
    n, held, _ = _settings(rules, n_players)
    vis = None if visible is None else as_counts(visible)
    closed, melds = _hand_parts(hand, COMPLETE_SIZED)
    return _wt.discard_analysis(closed, vis, meld_counts=melds, melds_held=held, n_players=n)


def discard_waits(hand, *, karaten: bool | None = None, rules=None, n_players=None) -> dict:
    """For a 14-tile hand: ``{discard kind: waits}`` for every discard that leaves it tenpai.

    What "may I declare riichi, and with which discards" needs, in one pass.

    >>> discard_waits("123m456p789s11223z")
    {29: (27, 28)}
    """
    n, held, kara = _settings(rules, n_players)
    closed, melds = _hand_parts(hand, COMPLETE_SIZED)
    return _wt.discard_waits(
        closed, meld_counts=melds if held else None, karaten=kara if karaten is None else karaten, n_players=n
    )


def is_furiten(hand, discards, *, rules=None, n_players=None) -> bool:
    """Discard furiten: is any wait of ``hand`` (as :func:`waits` gives them) among the player's own ``discards``?

    >>> is_furiten("123m456p789s1122z", "1z")
    True
    >>> is_furiten("123m456p789s1122z", "3z")
    False
    """
    if rules is None and n_players is None and type(hand) is bytes:
        return bool(_fu.is_furiten(hand, as_counts(discards)))
    n, held, kara = _settings(rules, n_players)
    closed, melds = _hand_parts(hand, TENPAI_SIZED)
    w = _wt.waits(closed, meld_counts=melds if held else None, karaten=kara, n_players=n)
    return bool(_fu.is_furiten(w, as_counts(discards)))


def shanten_batch(hands, *, n_threads=1, out=None, rules=None, n_players=None):
    """Shanten of every row of a C-contiguous (N, 34) uint8 array: ``(shanten, status)``.

    See :func:`riichi_fast.analysis._shanten.shanten_batch`; ``rules`` / ``n_players``
    choose three-player (a row holding 2m-8m gets ``RowStatus.COUNT_ABOVE_FOUR``).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> hands = np.stack([mpsz_to_counts("1111m111122233z"), mpsz_to_counts("123m456p789s1122z")])
    >>> [x.tolist() for x in shanten_batch(hands, n_players=3)]
    [[2, 127], [0, 2]]
    """
    return _sh.shanten_batch(hands, n_threads=n_threads, out=out, n_players=_settings(rules, n_players)[0])


def is_agari_batch(hands, *, n_threads=1, rules=None, n_players=None):
    """Agari flag of every row of a (N, 34) uint8 array: ``(agari, status)``
    (:func:`riichi_fast.analysis._shanten.is_agari_batch`; ``rules`` / ``n_players`` as for :func:`shanten_batch`).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> [x.tolist() for x in is_agari_batch(np.stack([mpsz_to_counts("111999m11p")]), rules="tenhou_3p")]
    [[True], [0]]
    """
    return _sh.is_agari_batch(hands, n_threads=n_threads, n_players=_settings(rules, n_players)[0])


def waits_batch(hands, *, karaten=None, n_threads=1, out=None, rules=None, n_players=None):
    """Wait bitmasks of (N, 34) uint8 tenpai-sized hands: ``(masks, status)``
    (:func:`riichi_fast.analysis._waits.waits_batch`; ``karaten`` defaults to the rules').

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> masks, status = waits_batch(np.stack([mpsz_to_counts("11m99m123p456p789s")]), n_players=3)
    >>> [k for k in range(34) if int(masks[0]) >> k & 1], status.tolist()
    ([0, 8], [0])
    """
    n, _, kara = _settings(rules, n_players)
    return _wt.waits_batch(
        hands, karaten=kara if karaten is None else karaten, n_threads=n_threads, out=out, n_players=n
    )


def ukeire_batch(hands, visible=None, *, n_threads=1, rules=None, n_players=None):
    """Ukeire of (N, 34) uint8 tenpai-sized hands: ``(n_tiles, kinds, status)``
    (:func:`riichi_fast.analysis._waits.ukeire_batch`; ``rules`` / ``n_players`` as for :func:`shanten_batch`).

    >>> import numpy as np
    >>> from riichi_fast.tiles import mpsz_to_counts
    >>> n_tiles, kinds, status = ukeire_batch(np.stack([mpsz_to_counts("1m")]), n_players=3)
    >>> n_tiles.tolist(), status.tolist()
    ([3], [0])
    """
    return _wt.ukeire_batch(hands, visible, n_threads=n_threads, n_players=_settings(rules, n_players)[0])


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

    _inputs._bind_analysis(_PYTHON)
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
