"""Incremental per-player state for simulators (pure-Python twin of ``riichi_fast.analysis._player``).

A :class:`PlayerState` follows one player's hand through a deal, event by
event (draw, discard, call, ankan, kakan, riichi, a tile passed), and answers
the questions a self-play engine or a mahjong AI asks at every step: shanten,
waits, furiten (RULES.md section 8), can I ron / tsumo this tile, may I
declare riichi and with which discards, which ankan stay legal after riichi.

Turn model.  The hand always holds 13 or 14 tiles (closed tiles + 3 per
meld):

- 13 ("waiting"): after a discard, after a daiminkan or a kan (before the
  replacement draw).  Allowed events: ``draw``, ``call``, ``tile_passed``.
- 14 ("to discard"): after a draw, a chi or a pon.  Allowed events:
  ``discard``, ``riichi``, ``ankan``, ``kakan``.

``waits``, ``is_tenpai`` and the furiten queries describe the 13-tile hand:
the current one when waiting; during a turn begun by a draw, the hand as it
was before that draw (so ``can_tsumo(kind)`` is "the drawn tile completes
it"); during a turn begun by a chi or a pon they are empty / False.
``shanten`` is always the shanten of the current closed tiles (-1 = complete).

Tiles are kinds (ints 0..33, or tile names such as ``"5p"``); red fives are
not tracked.  This reference recomputes every answer from the counts with the
reference kernels (no cache); the compiled twin caches the waits and
recomputes them only when the closed hand changes.
"""

from __future__ import annotations

import copy

from riichi_fast.analysis._player_args import (  # noqa: F401  (PS_*, ANKAN_*: this module's names, as in _player)
    ANKAN_NEVER,
    ANKAN_RULES,
    ANKAN_WAITS,
    ANKAN_WAITS_AND_READING,
    PS_ANKAN_RIICHI,
    PS_ANKAN_TILES,
    PS_BAD_KIND,
    PS_CALL_IN_RIICHI,
    PS_CALL_TILES,
    PS_CALLED_KIND,
    PS_FIFTH_COPY,
    PS_HOLDS_13,
    PS_HOLDS_14,
    PS_KAKAN_NO_PON,
    PS_KAKAN_TILE,
    PS_KITA_FOUR_PLAYER,
    PS_KITA_NO_NORTH,
    PS_KITA_RIICHI,
    PS_NO_SUCH_TILE,
    PS_NOT_HELD,
    PS_OK,
    PS_RIICHI_AGAIN,
    PS_RIICHI_DRAWN,
    PS_RIICHI_NOTEN,
    PS_RIICHI_NOTEN_DISCARD,
    PS_RIICHI_OPEN,
    PS_RIICHI_PENDING,
    PS_TOO_MANY_MELDS,
    _as_int,
    _error,
    _wins,
    as_ankan_rule,
    as_call_type,
    as_tile_kind,
    check_players,
    is_missing,
    load_hand,
    load_kita,
    load_settings,
    meld_tile_counts,
)
from riichi_fast.analysis._rules import analysis_settings
from riichi_fast.enums import Form, MeldType, SetType
from riichi_fast.reference.analysis.decompose import decompose
from riichi_fast.reference.analysis.furiten import FuritenState
from riichi_fast.reference.analysis.shanten import shanten as _shanten
from riichi_fast.reference.analysis.waits import waits as _waits
from riichi_fast.reference.scoring import score as _score_kernel
from riichi_fast.tiles import KIND_NAMES, counts_to_mpsz

__all__ = ["ANKAN_RULES", "PlayerState"]

_OPEN_TYPES = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.SHOUMINKAN)



class PlayerState:
    """One player's hand through a deal: events in, shanten/waits/furiten/riichi answers out.

    ``hand``: the 13-tile starting hand (see :func:`load_hand`); ``rules``: a
    :class:`~riichi_fast.rules.Rules`, a preset name or None, read once for
    ``karaten_counts``, ``ankan_after_riichi``, ``riichi_min_tiles``,
    ``riichi_min_points``, ``n_players`` and ``own_melds_held``;
    ``n_players``: 3 or 4 (contract C1, as for :func:`riichi_fast.analysis.waits`).
    In three-player, 2m-8m do not exist (drawing, calling or passing one is a
    TileCountError); :meth:`kita` sets a North aside (then :meth:`draw` the
    replacement); a kita counts among the player's own meld tiles, and a 4z kept
    in the hand is an honor.

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

    __slots__ = (
        "_ankan_rule",
        "_closed",
        "_drawn",
        "_furiten",
        "_karaten",
        "_kita",
        "_melds",
        "_melds_held",
        "_min_points",
        "_min_tiles",
        "_n_players",
        "_riichi_pending",
    )

    def __init__(self, hand, melds=(), *, rules=None, n_players=None):
        self._karaten, self._ankan_rule, self._min_tiles, self._min_points = load_settings(rules)
        self._n_players, self._melds_held, _ = analysis_settings(rules, n_players)
        self.reset(hand, melds)

    def reset(self, hand, melds=()) -> None:
        """Start a new deal from a 13-tile hand (the rules settings are kept)."""
        closed, meld_list = load_hand(hand, melds)
        check_players(closed, meld_list, self._n_players)
        kita = load_kita(hand)
        if kita and self._n_players != 3:
            raise _error(PS_KITA_FOUR_PLAYER, "reset", 30)
        self._closed = closed
        self._melds = [list(m) for m in meld_list]
        self._kita = kita
        self._furiten = FuritenState()  # river, riichi and furiten flags; its waits set from the hand when asked
        self._drawn = -1
        self._riichi_pending = False

    def copy(self) -> PlayerState:
        """An independent copy (for look-ahead search)."""
        other = PlayerState.__new__(PlayerState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other._closed = list(self._closed)
        other._melds = [list(m) for m in self._melds]
        other._furiten = copy.copy(self._furiten)
        return other

    # -- helpers -----------------------------------------------------------

    def _size(self) -> int:
        return sum(self._closed) + 3 * len(self._melds)

    def _meld_counts(self) -> list[int]:
        counts = meld_tile_counts(self._melds)
        counts[30] += self._kita
        return counts

    def _own(self) -> list[int]:
        return [a + b for a, b in zip(self._closed, self._meld_counts())]

    def _base(self) -> list[int] | None:
        """The 13-tile closed hand the waits describe, or None (turn begun by a call)."""
        if self._size() == 13:
            return list(self._closed)
        if self._drawn < 0:
            return None
        base = list(self._closed)
        base[self._drawn] -= 1
        return base

    def _waits_of(self, closed: list[int], meld_counts: list[int]) -> tuple[int, ...]:
        melds = bytes(meld_counts) if self._melds_held else None
        return _waits(bytes(closed), meld_counts=melds, karaten=self._karaten, n_players=self._n_players)

    def _wait_set(self) -> tuple[int, ...]:
        base = self._base()
        return () if base is None else self._waits_of(base, self._meld_counts())

    def _furiten_now(self) -> FuritenState:
        """The furiten tracker, its waits those of the current 13-tile hand."""
        self._furiten.wait_mask = self.wait_mask
        return self._furiten

    def _is_closed(self) -> bool:
        return not any(mtype in _OPEN_TYPES for mtype, _ in self._melds)

    # -- events ------------------------------------------------------------

    def draw(self, kind) -> None:
        """The player draws ``kind`` (from the wall or the dead wall after a kan)."""
        k = as_tile_kind(kind)
        if self._size() != 13:
            raise _error(PS_HOLDS_14, "draw", k)
        if is_missing(k, self._n_players):
            raise _error(PS_NO_SUCH_TILE, "draw", k)
        if self._own()[k] >= 4:
            raise _error(PS_FIFTH_COPY, "draw", k)
        self._closed[k] += 1
        self._drawn = k
        self._furiten.draw()

    def discard(self, kind) -> None:
        """The player discards ``kind``; the discard declaring riichi (after :meth:`riichi`) starts it."""
        k = as_tile_kind(kind)
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "discard", k)
        if self._closed[k] == 0:
            raise _error(PS_NOT_HELD, "discard", k)
        if self._furiten.in_riichi and self._drawn >= 0 and k != self._drawn:
            raise _error(PS_RIICHI_DRAWN, "discard", k, self._drawn)
        if self._riichi_pending and k not in self.riichi_discards():
            raise _error(PS_RIICHI_NOTEN_DISCARD, "discard", k)
        self._closed[k] -= 1
        self._furiten.discard(k)
        self._drawn = -1
        if self._riichi_pending:
            self._riichi_pending = False
            self._furiten.riichi()

    def call(self, meld_type, kind, called_kind) -> None:
        """Chi, pon or daiminkan of another player's discard ``called_kind``.

        ``kind``: the meld's kind (the lowest one for a chi).  The hand's two
        (three for a kan) other tiles leave the closed counts; the called tile
        leaves the discarder.  A chi or pon leaves 14 tiles (discard next), a
        daiminkan 13 (the replacement :meth:`draw` next).
        """
        mtype = as_call_type(meld_type)
        k = as_tile_kind(kind)
        called = as_tile_kind(called_kind, "called_kind")
        if mtype == MeldType.CHI and (k >= 27 or k % 9 > 6):
            raise _error(PS_BAD_KIND, "call", k, called, mtype)
        if self._size() != 13:
            raise _error(PS_HOLDS_14, "call", k, called, mtype)
        if self._furiten.in_riichi:
            raise _error(PS_CALL_IN_RIICHI, "call", k, called, mtype)
        if len(self._melds) >= 4:
            raise _error(PS_TOO_MANY_MELDS, "call", k, called, mtype)
        if (mtype == MeldType.CHI and not k <= called <= k + 2) or (mtype != MeldType.CHI and called != k):
            raise _error(PS_CALLED_KIND, "call", k, called, mtype)
        for j in range(k, k + (3 if mtype == MeldType.CHI else 1)):
            if is_missing(j, self._n_players):
                raise _error(PS_NO_SUCH_TILE, "call", j)
        if self._own()[called] >= 4:
            raise _error(PS_FIFTH_COPY, "call", called)
        need = [0] * 34
        if mtype == MeldType.CHI:
            for j in range(3):
                need[k + j] += 1
            need[called] -= 1
        else:
            need[k] = 2 if mtype == MeldType.PON else 3
        if any(self._closed[j] < need[j] for j in range(34)):
            raise _error(PS_CALL_TILES, "call", k, called, mtype)
        for j in range(34):
            self._closed[j] -= need[j]
        self._melds.append([mtype, k])
        self._drawn = -1
        self._furiten.draw()  # the call begins the player's turn, as a draw does

    def ankan(self, kind) -> None:
        """Closed kan of the four ``kind`` in the closed hand (14 tiles -> 13; :meth:`draw` the replacement)."""
        k = as_tile_kind(kind)
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "ankan", k)
        if self._riichi_pending:
            raise _error(PS_RIICHI_PENDING, "ankan", k)
        if self._closed[k] != 4:
            raise _error(PS_ANKAN_TILES, "ankan", k)
        if self._furiten.in_riichi and not self.legal_ankan_after_riichi(k):
            raise _error(PS_ANKAN_RIICHI, "ankan", k)
        self._closed[k] = 0
        self._melds.append([int(MeldType.ANKAN), k])
        self._drawn = -1

    def kita(self) -> None:
        """Kita (three-player): set a 4z of the closed hand aside (14 tiles -> 13; :meth:`draw` the replacement).

        In riichi only the 4z just drawn may be set aside.
        """
        if self._n_players != 3:
            raise _error(PS_KITA_FOUR_PLAYER, "kita", 30)
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "kita", 30)
        if self._riichi_pending:
            raise _error(PS_RIICHI_PENDING, "kita", 30)
        if self._closed[30] == 0:
            raise _error(PS_KITA_NO_NORTH, "kita", 30)
        if self._furiten.in_riichi and self._drawn != 30:
            raise _error(PS_KITA_RIICHI, "kita", 30)
        self._closed[30] -= 1
        self._kita += 1
        self._drawn = -1

    @property
    def kita_count(self) -> int:
        """North tiles set aside (kita) this deal."""
        return self._kita

    def kakan(self, kind) -> None:
        """Added kan: the fourth ``kind`` joins the player's pon (14 tiles -> 13; :meth:`draw` next)."""
        k = as_tile_kind(kind)
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "kakan", k)
        if self._riichi_pending:
            raise _error(PS_RIICHI_PENDING, "kakan", k)
        meld = next((m for m in self._melds if m[0] == MeldType.PON and m[1] == k), None)
        if meld is None:
            raise _error(PS_KAKAN_NO_PON, "kakan", k)
        if self._closed[k] == 0:
            raise _error(PS_KAKAN_TILE, "kakan", k)
        self._closed[k] -= 1
        meld[0] = int(MeldType.SHOUMINKAN)
        self._drawn = -1

    def riichi(self) -> None:
        """Declare riichi; it takes effect with the next :meth:`discard`, which must leave the hand tenpai.

        Checks the hand (14 tiles, closed, not in riichi, some discard leaves
        it tenpai); the points and wall minimums are :meth:`can_riichi`'s.
        """
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "riichi")
        if not self._is_closed():
            raise _error(PS_RIICHI_OPEN, "riichi")
        if self._furiten.in_riichi or self._riichi_pending:
            raise _error(PS_RIICHI_AGAIN, "riichi")
        if not self.riichi_discards():
            raise _error(PS_RIICHI_NOTEN, "riichi")
        self._riichi_pending = True

    def tile_passed(self, kind) -> None:
        """Another player's discard (or kakan tile) ``kind`` that this player did not ron.

        A winning tile let pass gives temporary furiten until the player's next
        turn, or permanent furiten in riichi (RULES.md section 8).
        """
        k = as_tile_kind(kind)
        if self._size() != 13:
            raise _error(PS_HOLDS_14, "tile_passed", k)
        if is_missing(k, self._n_players):
            raise _error(PS_NO_SUCH_TILE, "tile_passed", k)
        if self._own()[k] >= 4:
            raise _error(PS_FIFTH_COPY, "tile_passed", k)
        self._furiten_now().pass_tile(k)

    # -- queries -----------------------------------------------------------

    @property
    def closed_counts(self) -> bytes:
        """The 34 closed counts as bytes."""
        return bytes(self._closed)

    @property
    def melds(self) -> tuple:
        """The melds as ``(MeldType, kind)`` pairs, in the order they were made."""
        return tuple((MeldType(t), k) for t, k in self._melds)

    @property
    def discard_kinds(self) -> tuple[int, ...]:
        """The kinds in the player's river, ascending."""
        return self._furiten.discard_kinds

    @property
    def drawn(self) -> int | None:
        """The kind drawn this turn, or None (waiting, or a turn begun by a call)."""
        return self._drawn if self._drawn >= 0 and self._size() == 14 else None

    @property
    def to_discard(self) -> bool:
        """The hand holds 14 tiles: the player must discard (or kan, or tsumo)."""
        return self._size() == 14

    @property
    def is_closed(self) -> bool:
        """No chi, pon, daiminkan or kakan (an ankan keeps the hand closed)."""
        return self._is_closed()

    @property
    def in_riichi(self) -> bool:
        """Riichi is in effect (its declaring discard was made)."""
        return self._furiten.in_riichi

    @property
    def riichi_declared(self) -> bool:
        """:meth:`riichi` was called and its discard is still to come."""
        return self._riichi_pending

    @property
    def shanten(self) -> int:
        """Shanten of the current closed tiles: -1 complete, 0 tenpai (13 tiles) or one discard from it (14)."""
        melds = bytes(self._meld_counts()) if self._melds_held and self._melds else None
        return _shanten(bytes(self._closed), meld_counts=melds, n_players=self._n_players)

    @property
    def wait_mask(self) -> int:
        """The waits as a bitmask (bit k = kind k)."""
        mask = 0
        for k in self._wait_set():
            mask |= 1 << k
        return mask

    @property
    def waits(self) -> tuple[int, ...]:
        """Kinds completing the 13-tile hand (module docstring), ascending; karaten per the rules."""
        return self._wait_set()

    @property
    def is_tenpai(self) -> bool:
        """The 13-tile hand has a wait."""
        return bool(self._wait_set())

    @property
    def discard_furiten(self) -> bool:
        """A wait is among the player's own discards."""
        return self._furiten_now().discard_furiten

    @property
    def temporary_furiten(self) -> bool:
        """A winning tile passed since the player's last turn."""
        return self._furiten.temporary_furiten

    @property
    def riichi_furiten(self) -> bool:
        """A winning tile passed after riichi: permanent for the deal."""
        return self._furiten.riichi_furiten

    @property
    def furiten(self) -> bool:
        """Any furiten: the player may not ron."""
        return self._furiten_now().furiten

    def can_ron(self, kind) -> bool:
        """The hand (13 tiles) is completed by another player's ``kind`` and is not furiten.

        The yaku are NOT checked (a complete hand without yaku answers True):
        use :meth:`can_ron_with_yaku` for that.
        """
        k = as_tile_kind(kind)
        if self._size() != 13:
            return False
        return k in self._wait_set() and self._own()[k] < 4 and not self.furiten

    def can_tsumo(self, kind) -> bool:
        """``kind`` completes the hand by self-draw (furiten does not matter; yaku NOT checked).

        Waiting (13 tiles): drawing ``kind`` would complete the hand.  During a
        turn begun by a draw: ``kind`` is the drawn tile and completes the hand.
        """
        k = as_tile_kind(kind)
        if self._size() == 13:
            return k in self._wait_set() and self._own()[k] < 4
        return k == self._drawn and k in self._wait_set()

    def riichi_discards(self) -> tuple[int, ...]:
        """Kinds whose discard leaves a tenpai hand, if riichi may be declared now.

        Empty unless the hand holds 14 tiles, is closed and is not in riichi
        (a :meth:`riichi` already declared but not yet discarded still lists them).
        """
        if self._size() != 14 or not self._is_closed() or self._furiten.in_riichi:
            return ()
        meld_counts = self._meld_counts()
        out = []
        for k in range(34):
            if self._closed[k]:
                rest = list(self._closed)
                rest[k] -= 1
                if self._waits_of(rest, meld_counts):
                    out.append(k)
        return tuple(out)

    def can_riichi(self, tiles_left, points, *, min_tiles=None, min_points=None) -> bool:
        """Riichi may be declared now: a tenpai discard exists (:meth:`riichi_discards`),
        ``tiles_left`` (live wall) >= ``min_tiles`` and ``points`` >= ``min_points``.

        The minimums default to the rules' ``riichi_min_tiles`` / ``riichi_min_points``
        (4 and 1000 by default and on Tenhou; 0 and 0 under WRC).
        """
        tiles = _as_int(tiles_left, "tiles_left")
        pts = _as_int(points, "points")
        need_tiles = self._min_tiles if min_tiles is None else _as_int(min_tiles, "min_tiles")
        need_points = self._min_points if min_points is None else _as_int(min_points, "min_points")
        if self._riichi_pending or tiles < need_tiles or pts < need_points:
            return False
        return bool(self.riichi_discards())

    def legal_ankan_after_riichi(self, kind, rule=None) -> bool:
        """Would an ankan of ``kind`` be legal for this hand in riichi?

        It must be made with the tile just drawn (its three others held before
        the draw: no okurikan) and, by ``rule`` (default: the rules'
        ``ankan_after_riichi``): ``"waits"``: the waits do not change (Tenhou,
        Mahjong Soul); ``"waits_and_reading"``: the waits do not change and in
        every reading of every winning hand the three tiles are a triplet (WRC,
        M-League); ``"never"``.  False unless the 13-tile hand was tenpai.
        """
        k = as_tile_kind(kind)
        rule_index = self._ankan_rule if rule is None else as_ankan_rule(rule)
        if self._size() != 14 or self._drawn != k or self._closed[k] != 4 or rule_index == 2:
            return False
        meld_counts = self._meld_counts()
        base = list(self._closed)
        base[k] -= 1
        before = self._waits_of(base, meld_counts)
        if not before:
            return False
        after_closed = list(self._closed)
        after_closed[k] = 0
        after_melds = list(meld_counts)
        after_melds[k] = 4
        if self._waits_of(after_closed, after_melds) != before:
            return False
        if rule_index == 0:
            return True
        own = [a + b for a, b in zip(base, meld_counts)]
        melds = [(t, m) for t, m in self._melds]
        for w in before:
            if own[w] >= 4:  # karaten wait: no such winning hand exists
                continue
            hand = list(base)
            hand[w] += 1
            for reading in decompose(bytes(hand), melds):
                if reading.form != Form.REGULAR or not any(
                    s.type == SetType.TRIPLET and s.kind == k and s.meld is None for s in reading.sets
                ):
                    return False
        return True

    def can_ron_with_yaku(self, kind, context=None, *, rules=None) -> bool:
        """:meth:`can_ron` and the hand scores a win on ``kind`` (yaku, two-han minimum).

        Runs the scoring kernel of :func:`riichi_fast.scoring.front.score` on
        the hand (only when :meth:`can_ron` is True; about ten microseconds
        compiled, milliseconds in this reference).  ``context``: a
        :class:`~riichi_fast.rules.WinContext` (winds, dora, flags); ``tsumo``
        is forced off and ``riichi`` on when the player is in riichi.
        Red fives are not tracked, so none is counted (they never make a yaku).

        >>> p = PlayerState("123m456p789s1122z")
        >>> p.can_ron("1z"), p.can_ron_with_yaku("1z"), p.can_ron_with_yaku("1z", rules="tenhou")
        (True, True, True)
        >>> p.can_ron("2z"), p.can_ron_with_yaku("2z")
        (True, False)
        """
        if not self.can_ron(kind):
            return False
        return _wins(self, as_tile_kind(kind), False, context, rules, _score_kernel)

    def can_tsumo_with_yaku(self, kind, context=None, *, rules=None) -> bool:
        """:meth:`can_tsumo` and the hand scores a win by self-draw (``tsumo`` forced on)."""
        if not self.can_tsumo(kind):
            return False
        return _wins(self, as_tile_kind(kind), True, context, rules, _score_kernel)

    def __repr__(self) -> str:
        melds = " ".join(f"{MeldType(t).name.lower()}:{KIND_NAMES[k]}" for t, k in self._melds)
        return (
            f"PlayerState({counts_to_mpsz(bytes(self.closed_counts))!r}"
            + (f", melds={melds!r}" if melds else "")
            + f", shanten={self.shanten}, waits={self.waits}, riichi={self.in_riichi}, furiten={self.furiten})"
        )
