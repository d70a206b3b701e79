# Furiten (compiled twin of riichi_fast/reference/analysis/furiten.py), RULES.md section 8.
#
# A FuritenState is the waits as a 34-bit mask and a Furiten (_furiten.pxd: the
# river as a 34-bit mask, so discard furiten is one AND; temporary furiten, a
# winning tile let pass, until the player's next turn; riichi furiten, a winning
# tile let pass after riichi, permanent).  PlayerState keeps the same Furiten and
# calls the same inline functions.  Events and queries are a few instructions;
# from Python the call overhead dominates.

cimport cython
from libc.stdint cimport uint64_t

from riichi_fast._types cimport count_t
from riichi_fast.analysis._decompose cimport load_counts, load_kind

from riichi_fast.errors import ArrayError
from riichi_fast.analysis._waits import waits as _waits
from riichi_fast.analysis._rules import analysis_settings
from riichi_fast.tiles import parse_kind, parse_tiles

import numpy as np

__all__ = ["is_furiten", "FuritenState"]

cdef tuple _KINDS = tuple(range(34))


cdef tuple _mask_kinds(uint64_t mask):
    """The kinds of a mask, ascending."""
    cdef int k
    return tuple([_KINDS[k] for k in range(34) if (mask >> k) & 1])


cdef inline int _kind_arg(object obj, str name) except -1:
    """A kind from an int 0..33 or a tile name (``"5p"``, ``"0p"``)."""
    if isinstance(obj, str):
        return parse_kind(obj)
    return load_kind(obj, name)


cdef uint64_t _kinds_mask(object kinds, str name) except? 0xFFFFFFFFFFFFFFFF:
    cdef uint64_t mask = 0
    cdef int k
    if isinstance(kinds, str):
        items = [t // 4 for t in parse_tiles(kinds)]
    elif isinstance(kinds, int):
        raise ArrayError(f"{name} must be an iterable of kinds 0..33 or tile names, got {kinds!r}")
    else:
        try:
            items = list(kinds)
        except TypeError:
            raise ArrayError(f"{name} must be an iterable of kinds 0..33 or tile names, got {kinds!r}") from None
    for item in items:
        k = _kind_arg(item, f"{name} item")
        mask |= (<uint64_t>1) << k
    return mask


cdef inline bint _is_counts(object obj):
    return isinstance(obj, (bytes, bytearray, np.ndarray))


cdef uint64_t _wait_mask(object obj, int n_players=4) except? 0xFFFFFFFFFFFFFFFF:
    if _is_counts(obj):
        return _kinds_mask(_waits(obj, n_players=n_players), "waits")
    return _kinds_mask(obj, "waits")


cdef uint64_t _discard_mask(object obj) except? 0xFFFFFFFFFFFFFFFF:
    cdef count_t counts[34]
    cdef uint64_t mask = 0
    cdef int k
    if _is_counts(obj):
        load_counts(obj, counts, "discards")
        for k in range(34):
            if counts[k]:
                mask |= (<uint64_t>1) << k
        return mask
    return _kinds_mask(obj, "discards")


def is_furiten(wait_kinds_or_counts, discards):
    """Discard furiten: is any wait among the player's own discards?

    ``wait_kinds_or_counts``: the wait kinds (an iterable of ints or tile
    names, or an mpsz string), or the tenpai-sized closed hand as 34-counts
    (``bytes`` or a uint8 array), whose waits are then computed.
    ``discards``: the player's discarded kinds (as the waits) or their
    34-counts (``bytes`` or a uint8 array).

    >>> from riichi_fast.reference.analysis.decompose import _mpsz
    >>> is_furiten(_mpsz("123m456p789s1122z"), [0, 27])
    True
    >>> is_furiten((27, 28), _mpsz("3z"))
    False
    >>> is_furiten(["1z", "2z"], "2z3z"), is_furiten("47p", ["5p"])
    (True, False)
    """
    return c_is_furiten(_wait_mask(wait_kinds_or_counts), _discard_mask(discards))


@cython.auto_pickle(True)
cdef class FuritenState:
    """Furiten of one player through a hand, updated event by event.

    >>> state = FuritenState(waits=(2, 5))      # waiting on 3m-6m
    >>> state.pass_tile(5); state.can_ron(5), state.temporary_furiten
    (False, True)
    >>> state.draw(); state.can_ron(5)
    True
    >>> state.riichi(); state.pass_tile(2); state.draw(); state.riichi_furiten, state.can_ron(5)
    (True, False)
    >>> state = FuritenState(waits=["3m", "6m"]); state.discard("6m"); state.furiten, state.can_ron("3m")
    (True, False)

    ``waits``: wait kinds or tile names (or an mpsz string), or a closed
    tenpai-sized hand as 34-counts (its waits are computed).  ``rules`` /
    ``n_players`` (keyword-only, as for :func:`riichi_fast.analysis.waits`)
    decide the three-player waits and whether :meth:`set_hand`'s
    ``meld_counts`` count as held.  Every kind argument accepts a tile name.
    """

    def __init__(self, waits=(), *, rules=None, n_players=None):
        settings = analysis_settings(rules, n_players)
        self.n_players_ = settings[0]
        self.melds_held = settings[1]
        self.wait_mask_ = _wait_mask(waits, self.n_players_)
        furiten_reset(&self.state)

    # cdef API (nogil) ---------------------------------------------------------

    cdef void c_draw(self) noexcept nogil:
        furiten_turn(&self.state)

    cdef void c_discard(self, int kind) noexcept nogil:
        furiten_discard(&self.state, kind)

    cdef void c_pass_tile(self, int kind) noexcept nogil:
        furiten_pass(&self.state, self.wait_mask_, kind)

    cdef bint c_furiten(self) noexcept nogil:
        return furiten_any(&self.state, self.wait_mask_)

    cdef bint c_can_ron(self, int kind) noexcept nogil:
        return (self.wait_mask_ >> kind) & 1 and not self.c_furiten()

    # events -------------------------------------------------------------------

    def draw(self):
        """The player draws: temporary furiten ends."""
        furiten_turn(&self.state)

    def discard(self, kind):
        """The player discards ``kind``: it joins his river; his turn ends a temporary furiten."""
        self.c_discard(_kind_arg(kind, "kind"))

    def pass_tile(self, kind):
        """A winning tile ``kind`` was let pass: temporary furiten, or permanent in riichi."""
        self.c_pass_tile(_kind_arg(kind, "kind"))

    def riichi(self):
        """The player declares riichi: from now on a passed winning tile is permanent furiten."""
        self.state.in_riichi = True

    def set_waits(self, kinds):
        """Replace the waits (an iterable of kinds or tile names) after the hand changed."""
        self.wait_mask_ = _kinds_mask(kinds, "waits")

    def set_hand(self, counts, meld_counts=None):
        """Recompute the waits from a tenpai-sized closed hand (and meld tile counts,
        used when the rules count them as held)."""
        self.wait_mask_ = _kinds_mask(
            _waits(counts, meld_counts=meld_counts if self.melds_held else None, n_players=self.n_players_),
            "waits")

    # queries ------------------------------------------------------------------

    @property
    def waits(self):
        """The current wait kinds, ascending."""
        return _mask_kinds(self.wait_mask_)

    @property
    def wait_mask(self):
        """The waits as a bitmask (bit k = kind k); settable.

        >>> state = FuritenState(); state.wait_mask = 0b100100; state.waits
        (2, 5)
        """
        return self.wait_mask_

    @wait_mask.setter
    def wait_mask(self, mask):
        if not isinstance(mask, int) or not 0 <= mask < (1 << 34):
            raise ArrayError(f"wait_mask must be a 34-bit mask, got {mask!r}")
        self.wait_mask_ = mask

    @property
    def discard_kinds(self):
        """The kinds in the player's river, ascending."""
        return _mask_kinds(self.state.discard_mask)

    @property
    def in_riichi(self):
        return self.state.in_riichi

    @property
    def discard_furiten(self):
        """A wait is among the player's own discards."""
        return c_is_furiten(self.wait_mask_, self.state.discard_mask)

    @property
    def temporary_furiten(self):
        """A winning tile was let pass since the player's last turn."""
        return self.state.temporary

    @property
    def riichi_furiten(self):
        """A winning tile was let pass after riichi (permanent)."""
        return self.state.riichi_furiten

    @property
    def furiten(self):
        """Any kind of furiten: the player cannot ron."""
        return self.c_furiten()

    def can_ron(self, kind):
        """``kind`` is a wait and the player is not furiten."""
        return self.c_can_ron(_kind_arg(kind, "kind"))

    def __repr__(self):
        return (f"FuritenState(waits={self.waits}, discard_furiten={self.discard_furiten}, "
                f"temporary_furiten={self.state.temporary}, riichi_furiten={self.state.riichi_furiten})")
