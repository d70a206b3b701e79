# Incremental per-player state for simulators (compiled twin of
# riichi_fast/reference/analysis/player.py; the turn model and every answer are defined there).
#
# The state is the 34 closed counts, the 34 counts of the whole hand (closed +
# melds, for the fifth-copy and karaten checks), up to four melds, a Furiten
# (riichi_fast.analysis._furiten: the river as a 34-bit mask, riichi and the
# furiten flags, updated by the inline functions FuritenState uses) and a few
# flags.  Events are O(1) updates that only mark caches stale; queries recompute
# a stale cache once:
#
# * waits: c_wait_mask (riichi_fast.analysis._waits) on the 13-tile hand, after a
#   c_shanten (riichi_fast.analysis._shanten) filter (a hand with shanten > 0 has no wait,
#   and most hands of a self-play game are not tenpai; skipped under karaten, where
#   a wait on a fifth copy does not show in the shanten).  During a turn begun by a
#   draw the 13-tile hand is the closed tiles minus the drawn one, so drawing and
#   then discarding the drawn tile (tsumogiri) keeps the cache valid.  A discard
#   from 14 tiles of known shanten > 0 leaves no wait (shanten of 13 of the tiles
#   >= shanten of the 14), so the common turn costs one c_shanten.
# * shanten: c_shanten on the current closed tiles.
# * riichi discards: c_shanten on the 14 tiles first (> 0: none), else
#   c_discard_waits (riichi_fast.analysis._waits: one shanten-after-every-discard call,
#   then c_wait_mask on the discards that leave shanten 0); those masks are kept,
#   so the discard that follows knows its waits.
# * ankan after riichi: two wait masks, and for the "waits_and_reading" rule one
#   c_decompose (riichi_fast.analysis._decompose) per wait.
#
# Events return a PS_* status and change nothing on a defect, so a Cython caller
# can run them nogil and check the code; the def wrappers raise the RiichiError of
# riichi_fast.analysis._player_args._error (the reference raises the same).

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from riichi_fast._types cimport (
    count_t, Reading, MAX_READINGS, MELD_CHI, MELD_PON, MELD_DAIMINKAN, MELD_ANKAN,
    MELD_SHOUMINKAN, FORM_REGULAR, SET_TRIPLET,
)
from riichi_fast.analysis._shanten cimport c_shanten_caps, c_make_caps
from riichi_fast.analysis._waits cimport c_discard_waits_ex, c_wait_mask_ex
from riichi_fast.analysis._decompose cimport c_decompose
from riichi_fast.analysis._furiten cimport (
    c_is_furiten, furiten_discard, furiten_pass, furiten_passed, furiten_reset, furiten_turn,
)

from riichi_fast.scoring import _score
from riichi_fast.enums import MeldType
from riichi_fast.analysis._player_args import (
    ANKAN_RULES, _error, _wins, as_ankan_rule, as_call_type, as_tile_kind, check_players, load_hand, load_kita,
    load_settings,
)
from riichi_fast.analysis._player_args import _as_int as _py_as_int
from riichi_fast.analysis._rules import analysis_settings
from riichi_fast.tiles import KIND_NAMES, counts_to_mpsz

__all__ = ["ANKAN_RULES", "PlayerState"]

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object obj, int* overflow) except? -1

cdef tuple _KINDS = tuple(range(34))
cdef tuple _MELD_TYPES = (None,) + tuple(MeldType(t) for t in range(1, 6))


cdef inline int _kind(object kind, str name) except -1:
    """A kind 0..33: ints on the fast path; tile names and errors by as_tile_kind."""
    cdef int overflow = 0
    cdef long v
    if type(kind) is int:
        v = PyLong_AsLongAndOverflow(kind, &overflow)
        if not overflow and 0 <= v < 34:
            return <int>v
    return as_tile_kind(kind, name)


cdef tuple _mask_tuple(uint64_t mask):
    """The kinds of a mask, ascending."""
    cdef int k
    return tuple([_KINDS[k] for k in range(34) if (mask >> k) & 1])


cdef inline uint64_t _bit(int k) noexcept nogil:
    return (<uint64_t>1) << k


cdef inline int _meld_tiles(int mtype) noexcept nogil:
    return 3 if mtype == MELD_CHI or mtype == MELD_PON else 4


cdef inline void _stale(PlayerState s) noexcept nogil:
    s.waits_ok = False
    s.shanten_ok = False
    s.riichi_ok = False


cdef inline int _size(PlayerState s) noexcept nogil:
    return s.n_closed + 3 * s.n_melds


cdef inline bint _missing(PlayerState s, int k) noexcept nogil:
    """``k`` does not exist at this table (2m-8m in three-player)."""
    return s.n_players == 3 and 1 <= k <= 7


cdef inline int k_shanten(PlayerState s, const count_t* closed) noexcept nogil:
    return c_shanten_caps(closed, &s.caps[0] if s.capped else NULL)


cdef class PlayerState:
    """One player's hand through a deal: events in, shanten/waits/furiten/riichi answers out.

    ``hand``: the 13-tile starting hand (an mpsz string or one-line hand
    string, a ``Hand``, 136-ids or 34 counts) and optional ``melds``;
    ``rules``: a :class:`~riichi_fast.rules.Rules`, a preset name or None,
    read once for ``karaten_counts``, ``ankan_after_riichi``,
    ``riichi_min_tiles``, ``riichi_min_points``, ``n_players`` and
    ``own_melds_held``; ``n_players``: 3 or 4 (contract C1).  The turn model
    and the three-player behaviour are described in
    :mod:`riichi_fast.reference.analysis.player`.

    >>> p = PlayerState("123m456p789s1122z")
    >>> p.shanten, p.waits, p.is_tenpai
    (0, (27, 28), True)
    >>> p.tile_passed("1z"); p.can_ron("1z"), p.temporary_furiten
    (False, True)
    >>> p.draw("5m"); p.can_tsumo("5m"), p.shanten, p.riichi_discards()
    (False, 0, (4,))
    >>> p.riichi(); p.discard("5m"); p.in_riichi, p.can_ron("2z")
    (True, True)
    """

    def __init__(self, hand, melds=(), *, rules=None, n_players=None):
        karaten, ankan_rule, min_tiles, min_points = load_settings(rules)
        settings = analysis_settings(rules, n_players)
        self.n_players = settings[0]
        self.melds_held = settings[1]
        self.karaten = karaten
        self.ankan_rule = ankan_rule
        self.min_tiles = min_tiles
        self.min_points = min_points
        self.reset(hand, melds)

    def reset(self, hand, melds=()):
        """Start a new deal from a 13-tile hand (the rules settings are kept)."""
        cdef const uint8_t* view
        cdef int k, t = 0
        cdef bint fast = False
        if type(hand) is bytes and PyBytes_GET_SIZE(hand) == 34 and type(melds) is tuple and len(<tuple>melds) == 0:
            view = <const uint8_t*>PyBytes_AS_STRING(hand)
            fast = True
            for k in range(34):
                if view[k] > 4:
                    fast = False
                t += view[k]
            fast = fast and t == 13
        if fast and self.n_players == 3:
            fast = not (view[1] | view[2] | view[3] | view[4] | view[5] | view[6] | view[7])
        self.n_kita = 0
        if fast:
            memcpy(self.closed, view, 34)
            self.n_melds = 0
        else:
            closed, meld_list = load_hand(hand, melds)
            check_players(closed, meld_list, self.n_players)
            kita = load_kita(hand)
            if kita and self.n_players != 3:
                raise _error(PS_KITA_FOUR_PLAYER, "reset", 30)
            self.n_kita = kita
            for k in range(34):
                self.closed[k] = closed[k]
            self.n_melds = len(meld_list)
            for k, (mtype, mkind) in enumerate(meld_list):
                self.meld_type[k] = mtype
                self.meld_kind[k] = mkind
        self._reset_flags()

    cdef void _reset_flags(self) noexcept nogil:
        cdef int i, k, t = 0
        memcpy(self.own, self.closed, 34)
        self.n_open = 0
        for i in range(self.n_melds):
            k = self.meld_kind[i]
            if self.meld_type[i] == MELD_CHI:
                self.own[k] += 1
                self.own[k + 1] += 1
                self.own[k + 2] += 1
            else:
                self.own[k] += _meld_tiles(self.meld_type[i])
            if self.meld_type[i] != MELD_ANKAN:
                self.n_open += 1
        self.own[30] += self.n_kita
        for k in range(34):
            t += self.closed[k]
        self.n_closed = t
        self.drawn_ = -1
        self.riichi_pending = False
        furiten_reset(&self.furiten_)
        self._update_caps()
        _stale(self)

    cdef void _update_caps(self) noexcept nogil:
        cdef count_t melded[34]
        cdef int k
        for k in range(34):
            melded[k] = self.own[k] - self.closed[k]
        c_make_caps(melded if self.melds_held else NULL, self.n_players, self.caps)
        self.capped = False
        for k in range(34):
            self.capped |= self.caps[k] != 4

    def copy(self):
        """An independent copy (for look-ahead search)."""
        cdef PlayerState other = PlayerState.__new__(PlayerState)
        memcpy(other.closed, self.closed, 34)
        memcpy(other.own, self.own, 34)
        memcpy(other.meld_type, self.meld_type, 4)
        memcpy(other.meld_kind, self.meld_kind, 4)
        other.n_melds = self.n_melds
        other.n_kita = self.n_kita
        other.n_closed = self.n_closed
        other.n_open = self.n_open
        other.drawn_ = self.drawn_
        other.furiten_ = self.furiten_
        other.riichi_pending = self.riichi_pending
        other.karaten = self.karaten
        other.ankan_rule = self.ankan_rule
        other.min_tiles = self.min_tiles
        other.min_points = self.min_points
        other.n_players = self.n_players
        other.melds_held = self.melds_held
        other.capped = self.capped
        memcpy(other.caps, self.caps, 34)
        other.waits_ok = self.waits_ok
        other.wait_mask_ = self.wait_mask_
        other.shanten_ok = self.shanten_ok
        other.shanten_ = self.shanten_
        other.riichi_ok = self.riichi_ok
        other.riichi_mask_ = self.riichi_mask_
        other.discard_waits_ok = self.discard_waits_ok
        memcpy(other.discard_waits, self.discard_waits, sizeof(uint64_t) * 34)
        return other

    def __reduce__(self):
        state = (
            (<char*>self.closed)[:34], tuple([self.meld_type[i] for i in range(self.n_melds)]),
            tuple([self.meld_kind[i] for i in range(self.n_melds)]), self.drawn_, self.furiten_.discard_mask,
            self.riichi_pending, self.furiten_.in_riichi, self.furiten_.temporary, self.furiten_.riichi_furiten,
            self.karaten, self.ankan_rule, self.min_tiles, self.min_points, self.n_players, self.melds_held,
            self.n_kita,
        )
        return _unpickle, state

    # -- cdef events -------------------------------------------------------

    cdef int c_draw(self, int kind) noexcept nogil:
        if kind < 0 or kind >= 34:
            return PS_BAD_KIND
        if _size(self) != 13:
            return PS_HOLDS_14
        if _missing(self, kind):
            return PS_NO_SUCH_TILE
        if self.own[kind] >= 4:
            return PS_FIFTH_COPY
        self.closed[kind] += 1
        self.own[kind] += 1
        self.n_closed += 1
        self.drawn_ = kind
        furiten_turn(&self.furiten_)
        # the waits describe the hand before the draw: still valid; a drawn wait completes it
        if self.waits_ok and (self.wait_mask_ >> kind) & 1:
            self.shanten_ = -1
            self.shanten_ok = True
        else:
            self.shanten_ok = False
        self.riichi_ok = False
        return PS_OK

    cdef int c_discard(self, int kind) noexcept nogil:
        if kind < 0 or kind >= 34:
            return PS_BAD_KIND
        if _size(self) != 14:
            return PS_HOLDS_13
        if self.closed[kind] == 0:
            return PS_NOT_HELD
        if self.furiten_.in_riichi and self.drawn_ >= 0 and kind != self.drawn_:
            return PS_RIICHI_DRAWN
        if self.riichi_pending and not (self.c_riichi_discards() >> kind) & 1:
            return PS_RIICHI_NOTEN_DISCARD
        self.closed[kind] -= 1
        self.own[kind] -= 1
        self.n_closed -= 1
        furiten_discard(&self.furiten_, kind)
        if kind != self.drawn_:         # (tsumogiri leaves the 13-tile hand and its waits as they were)
            if not self.karaten and self.shanten_ok and self.shanten_ > 0:
                # a 13-tile subset is never closer than the 14 tiles: still no wait
                self.wait_mask_ = 0
                self.waits_ok = True
            elif self.riichi_ok and self.discard_waits_ok:
                self.wait_mask_ = self.discard_waits[kind]     # computed by c_riichi_discards
                self.waits_ok = True
            else:
                self.waits_ok = False
        self.drawn_ = -1
        self.shanten_ok = False
        self.riichi_ok = False
        if self.riichi_pending:
            self.riichi_pending = False
            self.furiten_.in_riichi = True
        return PS_OK

    cdef int c_call(self, int meld_type, int kind, int called_kind) noexcept nogil:
        cdef count_t need[3]
        cdef int j
        if (meld_type < MELD_CHI or meld_type > MELD_DAIMINKAN or kind < 0 or kind >= 34
                or called_kind < 0 or called_kind >= 34):
            return PS_BAD_KIND
        if meld_type == MELD_CHI and (kind >= 27 or kind % 9 > 6):
            return PS_BAD_KIND
        if _size(self) != 13:
            return PS_HOLDS_14
        if self.furiten_.in_riichi:
            return PS_CALL_IN_RIICHI
        if self.n_melds >= 4:
            return PS_TOO_MANY_MELDS
        if meld_type == MELD_CHI:
            if not kind <= called_kind <= kind + 2:
                return PS_CALLED_KIND
        elif called_kind != kind:
            return PS_CALLED_KIND
        for j in range(kind, kind + (3 if meld_type == MELD_CHI else 1)):
            if _missing(self, j):
                return PS_NO_SUCH_TILE
        if self.own[called_kind] >= 4:
            return PS_FIFTH_COPY
        if meld_type == MELD_CHI:
            for j in range(3):
                need[j] = 0 if kind + j == called_kind else 1
                if self.closed[kind + j] < need[j]:
                    return PS_CALL_TILES
            for j in range(3):
                self.closed[kind + j] -= need[j]
            self.n_closed -= 2
        else:
            j = 2 if meld_type == MELD_PON else 3
            if self.closed[kind] < j:
                return PS_CALL_TILES
            self.closed[kind] -= j
            self.n_closed -= j
        self.own[called_kind] += 1
        self.meld_type[self.n_melds] = meld_type
        self.meld_kind[self.n_melds] = kind
        self.n_melds += 1
        self.n_open += 1
        self.drawn_ = -1
        furiten_turn(&self.furiten_)
        self._update_caps()
        _stale(self)
        return PS_OK

    cdef int c_kita(self) noexcept nogil:
        if self.n_players != 3:
            return PS_KITA_FOUR_PLAYER
        if _size(self) != 14:
            return PS_HOLDS_13
        if self.riichi_pending:
            return PS_RIICHI_PENDING
        if self.closed[30] == 0:
            return PS_KITA_NO_NORTH
        if self.furiten_.in_riichi and self.drawn_ != 30:
            return PS_KITA_RIICHI
        self.closed[30] -= 1       # own[30] keeps the tile: it stays the player's (a meld tile)
        self.n_closed -= 1
        self.n_kita += 1
        self.drawn_ = -1
        self._update_caps()
        _stale(self)
        return PS_OK

    cdef int c_ankan(self, int kind) noexcept nogil:
        if kind < 0 or kind >= 34:
            return PS_BAD_KIND
        if _size(self) != 14:
            return PS_HOLDS_13
        if self.riichi_pending:
            return PS_RIICHI_PENDING
        if self.closed[kind] != 4:
            return PS_ANKAN_TILES
        if self.furiten_.in_riichi and not self.c_legal_ankan_after_riichi(kind, self.ankan_rule):
            return PS_ANKAN_RIICHI
        self.closed[kind] = 0
        self.n_closed -= 4
        self.meld_type[self.n_melds] = MELD_ANKAN
        self.meld_kind[self.n_melds] = kind
        self.n_melds += 1
        self.drawn_ = -1
        self._update_caps()
        _stale(self)
        return PS_OK

    cdef int c_kakan(self, int kind) noexcept nogil:
        cdef int i, found = -1
        if kind < 0 or kind >= 34:
            return PS_BAD_KIND
        if _size(self) != 14:
            return PS_HOLDS_13
        if self.riichi_pending:
            return PS_RIICHI_PENDING
        for i in range(self.n_melds):
            if self.meld_type[i] == MELD_PON and self.meld_kind[i] == kind:
                found = i
                break
        if found < 0:
            return PS_KAKAN_NO_PON
        if self.closed[kind] == 0:
            return PS_KAKAN_TILE
        self.closed[kind] -= 1
        self.n_closed -= 1
        self.meld_type[found] = MELD_SHOUMINKAN
        self.drawn_ = -1
        self._update_caps()
        _stale(self)
        return PS_OK

    cdef int c_riichi(self) noexcept nogil:
        if _size(self) != 14:
            return PS_HOLDS_13
        if self.n_open:
            return PS_RIICHI_OPEN
        if self.furiten_.in_riichi or self.riichi_pending:
            return PS_RIICHI_AGAIN
        if self.c_riichi_discards() == 0:
            return PS_RIICHI_NOTEN
        self.riichi_pending = True
        return PS_OK

    cdef int c_tile_passed(self, int kind) noexcept nogil:
        if kind < 0 or kind >= 34:
            return PS_BAD_KIND
        if _size(self) != 13:
            return PS_HOLDS_14
        if _missing(self, kind):
            return PS_NO_SUCH_TILE
        if self.own[kind] >= 4:
            return PS_FIFTH_COPY
        furiten_pass(&self.furiten_, self.c_waits(), kind)
        return PS_OK

    # -- cdef queries ------------------------------------------------------

    cdef int c_shanten(self) noexcept nogil:
        if not self.shanten_ok:
            self.shanten_ = k_shanten(self, self.closed)
            self.shanten_ok = True
        return self.shanten_

    cdef uint64_t c_waits(self) noexcept nogil:
        cdef count_t base[34]
        cdef count_t own[34]
        if not self.waits_ok:
            if _size(self) == 13:
                if not self.karaten and self.c_shanten() > 0:
                    self.wait_mask_ = 0
                else:
                    self.wait_mask_ = c_wait_mask_ex(self.closed, &self.own[0] if self.melds_held else &self.closed[0],
                                                     self.karaten, self.n_players)
            elif self.drawn_ >= 0:
                memcpy(base, self.closed, 34)
                memcpy(own, self.own, 34)
                base[self.drawn_] -= 1
                own[self.drawn_] -= 1
                if not self.karaten and k_shanten(self, base) > 0:
                    self.wait_mask_ = 0
                else:
                    self.wait_mask_ = c_wait_mask_ex(base, &own[0] if self.melds_held else &base[0], self.karaten,
                                                     self.n_players)
            else:
                self.wait_mask_ = 0
            self.waits_ok = True
        return self.wait_mask_

    cdef bint c_is_tenpai(self) noexcept nogil:
        return self.c_waits() != 0

    cdef bint c_discard_furiten(self) noexcept nogil:
        return c_is_furiten(self.c_waits(), self.furiten_.discard_mask)

    cdef bint c_furiten(self) noexcept nogil:
        # the flags first: they answer without the waits
        return furiten_passed(&self.furiten_) or self.c_discard_furiten()

    cdef bint c_can_ron(self, int kind) noexcept nogil:
        if kind < 0 or kind >= 34 or _size(self) != 13:
            return False
        return (self.c_waits() >> kind) & 1 and self.own[kind] < 4 and not self.c_furiten()

    cdef bint c_can_tsumo(self, int kind) noexcept nogil:
        if kind < 0 or kind >= 34:
            return False
        if _size(self) == 13:
            return (self.c_waits() >> kind) & 1 and self.own[kind] < 4
        return kind == self.drawn_ and (self.c_waits() >> kind) & 1

    cdef uint64_t c_riichi_discards(self) noexcept nogil:
        cdef uint64_t mask = 0
        if _size(self) != 14 or self.n_open or self.furiten_.in_riichi:
            return 0
        if not self.riichi_ok:
            self.discard_waits_ok = False
            if self.karaten or self.c_shanten() <= 0:
                # one pass: discards leaving shanten > 0 skip c_wait_mask (see _waits.pyx)
                mask = c_discard_waits_ex(self.closed, &self.own[0] if self.melds_held else &self.closed[0],
                                          &self.caps[0] if self.capped else NULL, self.karaten, self.n_players,
                                          self.discard_waits)
                self.discard_waits_ok = True
            self.riichi_mask_ = mask
            self.riichi_ok = True
        return self.riichi_mask_

    cdef bint c_can_riichi(self, int tiles_left, int points, int min_tiles, int min_points) noexcept nogil:
        if self.riichi_pending or tiles_left < min_tiles or points < min_points:
            return False
        return self.c_riichi_discards() != 0

    cdef bint c_legal_ankan_after_riichi(self, int kind, int rule) noexcept nogil:
        cdef count_t after[34]
        cdef count_t base[34]
        cdef count_t own_base[34]
        cdef Reading readings[MAX_READINGS]
        cdef uint64_t before
        cdef int w, n, r, i
        cdef bint found
        if kind < 0 or kind >= 34 or _size(self) != 14 or self.drawn_ != kind:
            return False
        if self.closed[kind] != 4 or rule < ANKAN_WAITS or rule > ANKAN_WAITS_AND_READING:
            return False
        before = self.c_waits()
        if before == 0:
            return False
        memcpy(after, self.closed, 34)
        after[kind] = 0
        if c_wait_mask_ex(after, &self.own[0] if self.melds_held else &after[0], self.karaten,
                          self.n_players) != before:
            return False
        if rule == ANKAN_WAITS:
            return True
        memcpy(base, self.closed, 34)
        memcpy(own_base, self.own, 34)
        base[kind] -= 1
        own_base[kind] -= 1
        for w in range(34):
            if not (before >> w) & 1 or own_base[w] >= 4:
                continue
            base[w] += 1
            n = c_decompose(base, self.meld_type, self.meld_kind, self.n_melds, readings)
            base[w] -= 1
            for r in range(n):
                if readings[r].form != FORM_REGULAR:
                    return False
                found = False
                for i in range(readings[r].n_sets):
                    if (readings[r].set_type[i] == SET_TRIPLET and readings[r].set_kind[i] == kind
                            and readings[r].set_meld[i] == 255):
                        found = True
                        break
                if not found:
                    return False
        return True

    # -- events ------------------------------------------------------------

    def draw(self, kind):
        """The player draws ``kind`` (from the wall or the dead wall after a kan)."""
        cdef int k = _kind(kind, "kind")
        cdef int st = self.c_draw(k)
        if st:
            raise _error(st, "draw", k)

    def discard(self, kind):
        """The player discards ``kind``; the discard declaring riichi (after :meth:`riichi`) starts it."""
        cdef int k = _kind(kind, "kind")
        cdef int st = self.c_discard(k)
        if st:
            raise _error(st, "discard", k, self.drawn_)

    def call(self, meld_type, kind, called_kind):
        """Chi, pon or daiminkan of another player's discard ``called_kind``.

        ``kind``: the meld's kind (the lowest one for a chi).  The hand's two
        (three for a kan) other tiles leave the closed counts; the called tile
        leaves the discarder.  A chi or pon leaves 14 tiles (discard next), a
        daiminkan 13 (the replacement :meth:`draw` next).
        """
        cdef int mtype = as_call_type(meld_type)
        cdef int k = _kind(kind, "kind")
        cdef int called = _kind(called_kind, "called_kind")
        cdef int st = self.c_call(mtype, k, called)
        if st == PS_FIFTH_COPY:
            raise _error(st, "call", called)
        if st == PS_NO_SUCH_TILE:
            while not _missing(self, k):
                k += 1
            raise _error(st, "call", k)
        if st:
            raise _error(st, "call", k, called, mtype)

    def ankan(self, kind):
        """Closed kan of the four ``kind`` in the closed hand (14 tiles -> 13; :meth:`draw` the replacement)."""
        cdef int k = _kind(kind, "kind")
        cdef int st = self.c_ankan(k)
        if st:
            raise _error(st, "ankan", k)

    def kita(self):
        """Kita (three-player): set a 4z of the closed hand aside (14 tiles -> 13; :meth:`draw` the replacement).

        In riichi only the 4z just drawn may be set aside.
        """
        cdef int st = self.c_kita()
        if st:
            raise _error(st, "kita", 30)

    @property
    def kita_count(self):
        """North tiles set aside (kita) this deal."""
        return self.n_kita

    def kakan(self, kind):
        """Added kan: the fourth ``kind`` joins the player's pon (14 tiles -> 13; :meth:`draw` next)."""
        cdef int k = _kind(kind, "kind")
        cdef int st = self.c_kakan(k)
        if st:
            raise _error(st, "kakan", k)

    def riichi(self):
        """Declare riichi; it takes effect with the next :meth:`discard`, which must leave the hand tenpai.

        Checks the hand (14 tiles, closed, not in riichi, some discard leaves
        it tenpai); the points and wall minimums are :meth:`can_riichi`'s.
        """
        cdef int st = self.c_riichi()
        if st:
            raise _error(st, "riichi")

    def tile_passed(self, kind):
        """Another player's discard (or kakan tile) ``kind`` that this player did not ron.

        A winning tile let pass gives temporary furiten until the player's next
        turn, or permanent furiten in riichi (RULES.md section 8).
        """
        cdef int k = _kind(kind, "kind")
        cdef int st = self.c_tile_passed(k)
        if st:
            raise _error(st, "tile_passed", k)

    # -- queries -----------------------------------------------------------

    @property
    def closed_counts(self):
        """The 34 closed counts as bytes."""
        return (<char*>self.closed)[:34]

    @property
    def melds(self):
        """The melds as ``(MeldType, kind)`` pairs, in the order they were made."""
        cdef int i
        return tuple([(_MELD_TYPES[self.meld_type[i]], _KINDS[self.meld_kind[i]])
                      for i in range(self.n_melds)])

    @property
    def discard_kinds(self):
        """The kinds in the player's river, ascending."""
        cdef int k
        return tuple([_KINDS[k] for k in range(34) if (self.furiten_.discard_mask >> k) & 1])

    @property
    def drawn(self):
        """The kind drawn this turn, or None (waiting, or a turn begun by a call)."""
        if self.drawn_ >= 0 and _size(self) == 14:
            return _KINDS[self.drawn_]
        return None

    @property
    def to_discard(self):
        """The hand holds 14 tiles: the player must discard (or kan, or tsumo)."""
        return _size(self) == 14

    @property
    def is_closed(self):
        """No chi, pon, daiminkan or kakan (an ankan keeps the hand closed)."""
        return self.n_open == 0

    @property
    def in_riichi(self):
        """Riichi is in effect (its declaring discard was made)."""
        return self.furiten_.in_riichi

    @property
    def riichi_declared(self):
        """:meth:`riichi` was called and its discard is still to come."""
        return self.riichi_pending

    @property
    def shanten(self):
        """Shanten of the current closed tiles: -1 complete, 0 tenpai (13 tiles) or one discard from it (14)."""
        return self.c_shanten()

    @property
    def wait_mask(self):
        """The waits as a bitmask (bit k = kind k)."""
        return self.c_waits()

    @property
    def waits(self):
        """Kinds completing the 13-tile hand (see the reference module), ascending; karaten per the rules."""
        cdef uint64_t mask = self.c_waits()
        if mask == 0:
            return ()
        if self.waits_tuple_ is None or self.waits_tuple_mask != mask:
            self.waits_tuple_ = _mask_tuple(mask)
            self.waits_tuple_mask = mask
        return self.waits_tuple_

    @property
    def is_tenpai(self):
        """The 13-tile hand has a wait."""
        return self.c_waits() != 0

    @property
    def discard_furiten(self):
        """A wait is among the player's own discards."""
        return self.c_discard_furiten()

    @property
    def temporary_furiten(self):
        """A winning tile passed since the player's last turn."""
        return self.furiten_.temporary

    @property
    def riichi_furiten(self):
        """A winning tile passed after riichi: permanent for the deal."""
        return self.furiten_.riichi_furiten

    @property
    def furiten(self):
        """Any furiten: the player may not ron."""
        return self.c_furiten()

    def can_ron(self, kind):
        """The hand (13 tiles) is completed by another player's ``kind`` and is not furiten.

        The yaku are NOT checked (a complete hand without yaku answers True):
        use :meth:`can_ron_with_yaku` for that.
        """
        return self.c_can_ron(_kind(kind, "kind"))

    def can_tsumo(self, kind):
        """``kind`` completes the hand by self-draw (furiten does not matter; yaku NOT checked).

        Waiting (13 tiles): drawing ``kind`` would complete the hand.  During a
        turn begun by a draw: ``kind`` is the drawn tile and completes the hand.
        """
        return self.c_can_tsumo(_kind(kind, "kind"))

    def riichi_discards(self):
        """Kinds whose discard leaves a tenpai hand, if riichi may be declared now.

        Empty unless the hand holds 14 tiles, is closed and is not in riichi
        (a :meth:`riichi` already declared but not yet discarded still lists them).
        """
        cdef uint64_t mask = self.c_riichi_discards()
        if mask == 0:
            return ()
        return _mask_tuple(mask)

    def can_riichi(self, tiles_left, points, *, min_tiles=None, min_points=None):
        """Riichi may be declared now: a tenpai discard exists (:meth:`riichi_discards`),
        ``tiles_left`` (live wall) >= ``min_tiles`` and ``points`` >= ``min_points``.

        The minimums default to the rules' ``riichi_min_tiles`` / ``riichi_min_points``
        (4 and 1000 by default and on Tenhou; 0 and 0 under WRC).
        """
        tiles = tiles_left if type(tiles_left) is int else _py_as_int(tiles_left, "tiles_left")
        pts = points if type(points) is int else _py_as_int(points, "points")
        need_tiles = self.min_tiles if min_tiles is None else _py_as_int(min_tiles, "min_tiles")
        need_points = self.min_points if min_points is None else _py_as_int(min_points, "min_points")
        if self.riichi_pending or tiles < need_tiles or pts < need_points:
            return False
        return self.c_riichi_discards() != 0

    def legal_ankan_after_riichi(self, kind, rule=None):
        """Would an ankan of ``kind`` be legal for this hand in riichi?

        It must be made with the tile just drawn (its three others held before
        the draw: no okurikan) and, by ``rule`` (default: the rules'
        ``ankan_after_riichi``): ``"waits"``: the waits do not change (Tenhou,
        Mahjong Soul); ``"waits_and_reading"``: the waits do not change and in
        every reading of every winning hand the three tiles are a triplet (WRC,
        M-League); ``"never"``.  False unless the 13-tile hand was tenpai.
        """
        cdef int k = _kind(kind, "kind")
        cdef int r = self.ankan_rule if rule is None else as_ankan_rule(rule)
        return self.c_legal_ankan_after_riichi(k, r)

    def can_ron_with_yaku(self, kind, context=None, *, rules=None):
        """:meth:`can_ron` and the hand scores a win on ``kind`` (yaku, two-han minimum).

        Runs the scoring kernel of :func:`riichi_fast.scoring.front.score` on
        the hand (only when :meth:`can_ron` is True; about ten microseconds).  ``context``: a
        :class:`~riichi_fast.rules.WinContext` (winds, dora, flags); ``tsumo``
        is forced off and ``riichi`` on when the player is in riichi.
        Red fives are not tracked, so none is counted (they never make a yaku).

        >>> p = PlayerState("123m456p789s1122z")
        >>> p.can_ron("1z"), p.can_ron_with_yaku("1z"), p.can_ron_with_yaku("1z", rules="tenhou")
        (True, True, True)
        >>> p.can_ron("2z"), p.can_ron_with_yaku("2z")
        (True, False)
        """
        cdef int k = _kind(kind, "kind")
        if not self.c_can_ron(k):
            return False
        return _wins(self, k, False, context, rules, _score)

    def can_tsumo_with_yaku(self, kind, context=None, *, rules=None):
        """:meth:`can_tsumo` and the hand scores a win by self-draw (``tsumo`` forced on)."""
        cdef int k = _kind(kind, "kind")
        if not self.c_can_tsumo(k):
            return False
        return _wins(self, k, True, context, rules, _score)

    def __repr__(self):
        melds = " ".join([f"{MeldType(t).name.lower()}:{KIND_NAMES[k]}" for t, k in self.melds])
        return (
            f"PlayerState({counts_to_mpsz(bytes(self.closed_counts))!r}"
            + (f", melds={melds!r}" if melds else "")
            + f", shanten={self.shanten}, waits={self.waits}, riichi={self.in_riichi}, furiten={self.furiten})"
        )


def _unpickle(closed, meld_types, meld_kinds, drawn, discard_mask, riichi_pending, in_riichi, temporary,
              riichi_furiten, karaten, ankan_rule, min_tiles, min_points, n_players=4, melds_held=True, n_kita=0):
    """Rebuild a pickled PlayerState (caches start stale)."""
    cdef PlayerState p = PlayerState.__new__(PlayerState)
    cdef int i
    p.n_players = n_players
    p.melds_held = melds_held
    p.n_kita = n_kita
    for i in range(34):
        p.closed[i] = closed[i]
    p.n_melds = len(meld_types)
    for i in range(p.n_melds):
        p.meld_type[i] = meld_types[i]
        p.meld_kind[i] = meld_kinds[i]
    p._reset_flags()
    p.drawn_ = drawn
    p.furiten_.discard_mask = discard_mask
    p.riichi_pending = riichi_pending
    p.furiten_.in_riichi = in_riichi
    p.furiten_.temporary = temporary
    p.furiten_.riichi_furiten = riichi_furiten
    p.karaten = karaten
    p.ankan_rule = ankan_rule
    p.min_tiles = min_tiles
    p.min_points = min_points
    return p
