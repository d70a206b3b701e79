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

from riichi_fast.enums import Form, MeldType, SetType
from riichi_fast.errors import ContextError, MeldError, TileCountError, TileParseError
from riichi_fast.reference.analysis.decompose import KIND_NAMES, decompose
from riichi_fast.reference.analysis.shanten import caps_for
from riichi_fast.reference.analysis.shanten import shanten as _shanten
from riichi_fast.reference.analysis.waits import waits as _waits

__all__ = ["ANKAN_RULES", "PlayerState"]

# ---------------------------------------------------------------------------
# event status codes (the compiled ``c_*`` event methods return them; 0 = OK)

PS_OK = 0
PS_BAD_KIND = 1  # kind outside 0..33 / a chi that cannot start there
PS_HOLDS_13 = 2  # the event needs a 14-tile hand (discard, riichi, ankan, kakan)
PS_HOLDS_14 = 3  # the event needs a 13-tile hand (draw, call, tile_passed)
PS_FIFTH_COPY = 4  # the player would hold a fifth copy
PS_NOT_HELD = 5  # discard of a kind not in the closed hand
PS_RIICHI_DRAWN = 6  # in riichi, a tile other than the drawn one was discarded
PS_RIICHI_NOTEN_DISCARD = 7  # the discard declaring riichi leaves the hand noten
PS_CALL_IN_RIICHI = 8  # chi/pon/kan/kakan after riichi
PS_CALL_TILES = 9  # the closed hand lacks the tiles of the call
PS_CALLED_KIND = 10  # the called tile is not part of the meld
PS_ANKAN_TILES = 11  # ankan without four copies in the closed hand
PS_ANKAN_RIICHI = 12  # ankan after riichi that the rules forbid
PS_KAKAN_NO_PON = 13  # kakan without a pon of that kind
PS_KAKAN_TILE = 14  # kakan without the fourth tile in the closed hand
PS_RIICHI_OPEN = 15  # riichi with an open hand
PS_RIICHI_AGAIN = 16  # riichi while already in riichi (or declared)
PS_RIICHI_NOTEN = 17  # riichi with no discard leaving the hand tenpai
PS_RIICHI_PENDING = 18  # riichi declared: the next event must be the discard
PS_TOO_MANY_MELDS = 19  # a fifth meld
PS_NO_SUCH_TILE = 20  # a 2m-8m tile in three-player mahjong
PS_KITA_FOUR_PLAYER = 21  # kita at a four-player table
PS_KITA_NO_NORTH = 22  # kita without a 4z in the closed hand
PS_KITA_RIICHI = 23  # kita in riichi of a North other than the one just drawn

#: ``ankan_after_riichi`` rules, as in :class:`riichi_fast.rules.Rules` (index = ANKAN_* code)
ANKAN_RULES = ("waits", "waits_and_reading", "never")
ANKAN_WAITS = 0  # waits unchanged (Tenhou, Mahjong Soul)
ANKAN_WAITS_AND_READING = 1  # waits unchanged, the three tiles a triplet in every reading (WRC, M-League)
ANKAN_NEVER = 2
_CALL_NAMES = {"chi": MeldType.CHI, "pon": MeldType.PON, "kan": MeldType.DAIMINKAN, "daiminkan": MeldType.DAIMINKAN}
_OPEN_TYPES = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.SHOUMINKAN)


def _error(code: int, event: str, kind: int = -1, other: int = -1, meld_type: int = 0) -> Exception:
    """The exception of a non-zero status code (shared by both twins, so messages agree)."""
    name = KIND_NAMES[kind] if 0 <= kind < 34 else repr(kind)
    other_name = KIND_NAMES[other] if 0 <= other < 34 else repr(other)
    label = {1: "chi", 2: "pon", 3: "daiminkan"}.get(meld_type, event)
    if code == PS_BAD_KIND:
        return MeldError(f"{label} on {name}: a chi starts on 1-7 of a suit")
    if code == PS_HOLDS_13:
        return TileCountError(f"{event}: the hand holds 13 tiles; it is not the player's turn to discard (draw first)")
    if code == PS_HOLDS_14:
        return TileCountError(f"{event}: the hand holds 14 tiles; the player must discard first")
    if code == PS_FIFTH_COPY:
        return TileCountError(f"{event} of {name}: the player already holds all four copies")
    if code == PS_NOT_HELD:
        return TileCountError(f"discard of {name}: no {name} in the closed hand")
    if code == PS_RIICHI_DRAWN:
        return ContextError(f"discard of {name} in riichi: the drawn tile {other_name} must be discarded")
    if code == PS_RIICHI_NOTEN_DISCARD:
        return ContextError(f"discard of {name} declaring riichi leaves the hand noten")
    if code == PS_CALL_IN_RIICHI:
        return MeldError(f"{label} on {name}: no call after riichi")
    if code == PS_CALL_TILES:
        return MeldError(f"{label} on {name}: the closed hand lacks the tiles of the meld")
    if code == PS_CALLED_KIND:
        return MeldError(f"{label} on {name}: the called tile {other_name} is not part of it")
    if code == PS_ANKAN_TILES:
        return MeldError(f"ankan of {name}: the closed hand does not hold four {name}")
    if code == PS_ANKAN_RIICHI:
        return MeldError(f"ankan of {name} after riichi: forbidden by the rules (waits or reading change)")
    if code == PS_KAKAN_NO_PON:
        return MeldError(f"kakan of {name}: no pon of {name}")
    if code == PS_KAKAN_TILE:
        return MeldError(f"kakan of {name}: no {name} in the closed hand")
    if code == PS_RIICHI_OPEN:
        return ContextError("riichi: the hand is open")
    if code == PS_RIICHI_AGAIN:
        return ContextError("riichi: already declared")
    if code == PS_RIICHI_NOTEN:
        return ContextError("riichi: no discard leaves the hand tenpai")
    if code == PS_RIICHI_PENDING:
        return ContextError(f"{event}: riichi was declared, the next event must be its discard")
    if code == PS_TOO_MANY_MELDS:
        return MeldError(f"{label} on {name}: the hand already has four melds")
    if code == PS_NO_SUCH_TILE:
        return TileCountError(f"{event} of {name}: there is no {name} in three-player mahjong")
    if code == PS_KITA_FOUR_PLAYER:
        return MeldError("kita of 4z: kita is declared only in three-player mahjong")
    if code == PS_KITA_NO_NORTH:
        return MeldError("kita of 4z: the closed hand holds no 4z")
    if code == PS_KITA_RIICHI:
        return MeldError("kita of 4z: in riichi only the 4z just drawn may be set aside")
    return RuntimeError(f"{event}: unknown status {code}")  # pragma: no cover


def as_tile_kind(kind, name: str = "kind") -> int:
    """A kind 0..33 from an int or a tile name (``"5p"``, ``"0p"``, ``"7z"``)."""
    if type(kind) is int:
        if 0 <= kind < 34:
            return kind
    elif isinstance(kind, str):
        from riichi_fast.tiles import parse_kind

        return parse_kind(kind)
    elif not isinstance(kind, bool) and hasattr(kind, "__index__"):
        try:
            value = kind.__index__()
        except TypeError:  # a numpy array of several values
            value = -1
        if 0 <= value < 34:
            return value
    raise TileParseError(f"{name} must be a tile kind 0..33 or a tile name like '5p', got {kind!r}")


def as_call_type(meld_type) -> int:
    """CHI, PON or DAIMINKAN from a MeldType / int / ``"chi"``, ``"pon"``, ``"kan"``, ``"daiminkan"``."""
    if isinstance(meld_type, str):
        value = _CALL_NAMES.get(meld_type.lower())
        if value is not None:
            return int(value)
    elif not isinstance(meld_type, bool) and isinstance(meld_type, int) and meld_type in (1, 2, 3):
        return int(meld_type)
    raise MeldError(f"call: meld_type must be chi, pon or daiminkan (MeldType 1-3), got {meld_type!r}")


def as_ankan_rule(rule) -> int:
    """Index in ANKAN_RULES of ``"waits"``, ``"waits_and_reading"`` or ``"never"``."""
    if isinstance(rule, str) and rule in ANKAN_RULES:
        return ANKAN_RULES.index(rule)
    raise ContextError(f"ankan_after_riichi must be one of {', '.join(ANKAN_RULES)}, got {rule!r}")


def _as_int(value, name: str) -> int:
    if not isinstance(value, bool) and hasattr(value, "__index__"):
        try:
            return value.__index__()
        except TypeError:  # a numpy array of several values
            pass
    raise ContextError(f"{name} must be an int, got {value!r}")


_DEFAULT_SETTINGS = []


def meld_tile_counts(melds) -> list[int]:
    """34 counts of the tiles of ``(meld_type, kind)`` melds (a kan counts 4)."""
    out = [0] * 34
    for mtype, kind in melds:
        if mtype == MeldType.CHI:
            for j in range(3):
                out[kind + j] += 1
        else:
            out[kind] += 3 if mtype == MeldType.PON else 4
    return out


def check_players(closed, melds, n_players: int) -> None:
    """A three-player hand holds no 2m-8m, closed or melded (TileCountError naming the tile)."""
    if n_players == 3:
        caps_for(closed, meld_tile_counts(melds), 3)


def is_missing(kind: int, n_players: int) -> bool:
    """``kind`` does not exist at this table (2m-8m in three-player)."""
    return n_players == 3 and 1 <= kind <= 7


def load_settings(rules):
    """``(karaten, ankan_rule, min_tiles, min_points)`` from a Rules, a preset name or None (defaults)."""
    if rules is None and _DEFAULT_SETTINGS:
        return _DEFAULT_SETTINGS[0]
    from riichi_fast.rules.config import DEFAULT, Rules

    if rules is None:
        _DEFAULT_SETTINGS.append(load_settings(DEFAULT))
        return _DEFAULT_SETTINGS[0]
    elif isinstance(rules, str):
        rules = Rules.preset(rules)
    elif not isinstance(rules, Rules):
        raise ContextError(f"rules must be a Rules object, a preset name or None, got {rules!r}")
    return (
        bool(rules.karaten_counts),
        as_ankan_rule(rules.ankan_after_riichi),
        int(rules.riichi_min_tiles),
        int(rules.riichi_min_points),
    )


_MPSZ_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def _plain_mpsz(text: str):
    """34 counts of a plain mpsz string of 13 valid tiles (no melds), else None (the slow path decides)."""
    counts = [0] * 34
    digits = ""
    for ch in text:
        if "0" <= ch <= "9":
            digits += ch
            continue
        base = _MPSZ_BASE.get(ch)
        if base is None or not digits:
            return None
        if digits.count("0") > (0 if base == 27 else 1):  # more red fives than the default one per suit
            return None
        for d in digits:
            n = 5 if d == "0" else ord(d) - 48
            if base == 27 and n > 7:
                return None
            counts[base + n - 1] += 1
        digits = ""
    if digits or sum(counts) != 13 or max(counts) > 4:
        return None
    return counts


def load_hand(hand, melds=()):
    """``(closed 34 counts as a list, [(meld_type, kind), ...])`` of a 13-tile starting hand.

    ``hand``: an mpsz string (or a one-line hand string with its melds), a
    :class:`~riichi_fast.hand.Hand`, 136-ids, or 34 counts (``bytes`` / uint8
    array).  ``melds``: ``(MeldType, kind)`` pairs, ``Meld`` objects or meld
    tokens (``"pon:777z"``), for a hand whose melds are not already in ``hand``.
    """
    from riichi_fast.hand import Hand
    from riichi_fast.tiles import parse_tiles

    if type(hand) is str and type(melds) is tuple and not melds:
        counts = _plain_mpsz(hand)
        if counts is not None:
            return counts, []
    if isinstance(melds, str):
        melds = (melds,)
    try:
        melds = tuple(melds)
    except TypeError:
        raise MeldError(f"melds must be a sequence of melds, got {melds!r}") from None
    if isinstance(hand, Hand) or (isinstance(hand, str) and any(c in hand for c in ":@*")):
        h = Hand.parse(hand) if isinstance(hand, str) else hand
        if melds:
            h = Hand(h.closed, tuple(h.melds) + melds, h.red)
    elif isinstance(hand, str):
        h = Hand.from_ids(parse_tiles(hand), melds)
    elif isinstance(hand, (bytes, bytearray)) or type(hand).__name__ == "ndarray":
        h = Hand.from_counts(hand, melds)
    else:
        h = Hand.from_ids(hand, melds)
    if h.tile_count != 13:
        raise TileCountError(
            f"a PlayerState starts from a 13-tile hand (closed + 3 per meld), got {h.tile_count}; "
            "give the 14th tile with draw()"
        )
    closed = [int(v) for v in h.counts34()]
    return closed, [(int(m.type), int(m.kind)) for m in h.set_melds]


def load_kita(hand) -> int:
    """Kita (North tiles set aside) of a starting hand given as a Hand or a one-line hand string."""
    from riichi_fast.hand import Hand

    if isinstance(hand, str) and "kita" in hand:
        hand = Hand.parse(hand)
    if isinstance(hand, Hand):
        return sum(1 for m in hand.melds if m.type == MeldType.KITA)
    return 0


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
        "_discards",
        "_drawn",
        "_in_riichi",
        "_karaten",
        "_kita",
        "_melds",
        "_melds_held",
        "_min_points",
        "_min_tiles",
        "_n_players",
        "_riichi_furiten",
        "_riichi_pending",
        "_temporary",
    )

    def __init__(self, hand, melds=(), *, rules=None, n_players=None):
        from riichi_fast.analysis._rules import analysis_settings

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
        self._discards = set()
        self._drawn = -1
        self._riichi_pending = False
        self._in_riichi = False
        self._temporary = False
        self._riichi_furiten = False

    def copy(self) -> PlayerState:
        """An independent copy (for look-ahead search)."""
        other = PlayerState.__new__(PlayerState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other._closed = list(self._closed)
        other._melds = [list(m) for m in self._melds]
        other._discards = set(self._discards)
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
        self._temporary = False

    def discard(self, kind) -> None:
        """The player discards ``kind``; the discard declaring riichi (after :meth:`riichi`) starts it."""
        k = as_tile_kind(kind)
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "discard", k)
        if self._closed[k] == 0:
            raise _error(PS_NOT_HELD, "discard", k)
        if self._in_riichi and self._drawn >= 0 and k != self._drawn:
            raise _error(PS_RIICHI_DRAWN, "discard", k, self._drawn)
        if self._riichi_pending and k not in self.riichi_discards():
            raise _error(PS_RIICHI_NOTEN_DISCARD, "discard", k)
        self._closed[k] -= 1
        self._discards.add(k)
        self._drawn = -1
        self._temporary = False
        if self._riichi_pending:
            self._riichi_pending = False
            self._in_riichi = True

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
        if self._in_riichi:
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
        self._temporary = False

    def ankan(self, kind) -> None:
        """Closed kan of the four ``kind`` in the closed hand (14 tiles -> 13; :meth:`draw` the replacement)."""
        k = as_tile_kind(kind)
        if self._size() != 14:
            raise _error(PS_HOLDS_13, "ankan", k)
        if self._riichi_pending:
            raise _error(PS_RIICHI_PENDING, "ankan", k)
        if self._closed[k] != 4:
            raise _error(PS_ANKAN_TILES, "ankan", k)
        if self._in_riichi and not self.legal_ankan_after_riichi(k):
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
        if self._in_riichi and self._drawn != 30:
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
        if self._in_riichi or self._riichi_pending:
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
        if k in self._wait_set():
            if self._in_riichi:
                self._riichi_furiten = True
            else:
                self._temporary = True

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
        return tuple(sorted(self._discards))

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
        return self._in_riichi

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
        return any(k in self._discards for k in self._wait_set())

    @property
    def temporary_furiten(self) -> bool:
        """A winning tile passed since the player's last turn."""
        return self._temporary

    @property
    def riichi_furiten(self) -> bool:
        """A winning tile passed after riichi: permanent for the deal."""
        return self._riichi_furiten

    @property
    def furiten(self) -> bool:
        """Any furiten: the player may not ron."""
        return self.discard_furiten or self._temporary or self._riichi_furiten

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
        if self._size() != 14 or not self._is_closed() or self._in_riichi:
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
        return _wins(self, as_tile_kind(kind), False, context, rules)

    def can_tsumo_with_yaku(self, kind, context=None, *, rules=None) -> bool:
        """:meth:`can_tsumo` and the hand scores a win by self-draw (``tsumo`` forced on)."""
        if not self.can_tsumo(kind):
            return False
        return _wins(self, as_tile_kind(kind), True, context, rules)

    def __repr__(self) -> str:
        from riichi_fast.tiles import counts_to_mpsz

        melds = " ".join(f"{MeldType(t).name.lower()}:{KIND_NAMES[k]}" for t, k in self._melds)
        return (
            f"PlayerState({counts_to_mpsz(bytes(self.closed_counts))!r}"
            + (f", melds={melds!r}" if melds else "")
            + f", shanten={self.shanten}, waits={self.waits}, riichi={self.in_riichi}, furiten={self.furiten})"
        )


_DEFAULT_CONTEXT = []


def _wins(state, kind: int, tsumo: bool, context, rules, kernel=None) -> bool:
    """Score the 13-tile hand + ``kind`` with the flat scoring kernel (shared by both twins).

    ``kernel``: the module holding ``score_kernel`` (default: the reference twin).
    """
    import numpy as np

    from riichi_fast.rules import layout as L
    from riichi_fast.rules.config import DEFAULT, Rules
    from riichi_fast.rules.context import WinContext

    if kernel is None:
        from riichi_fast.reference.scoring import score as kernel
    if rules is None:
        rules = DEFAULT
    elif isinstance(rules, str):
        rules = Rules.preset(rules)
    elif not isinstance(rules, Rules):
        raise ContextError(f"rules must be a Rules object, a preset name or None, got {rules!r}")
    if context is None:
        if not _DEFAULT_CONTEXT:
            _DEFAULT_CONTEXT.append(WinContext())
        context = _DEFAULT_CONTEXT[0]
    elif not isinstance(context, WinContext):
        raise ContextError(f"context must be a WinContext, got {context!r}")
    closed = bytearray(state.closed_counts)
    if not state.to_discard:  # 13 tiles: add the winning tile (during a turn it is the drawn tile)
        closed[kind] += 1
    melds = state.melds
    types = bytes([int(t) for t, _ in melds] + [0] * (4 - len(melds)))
    kinds = bytes([m for _, m in melds] + [0] * (4 - len(melds)))
    ctx = context.encode()
    flags = int(ctx[L.CTX_FLAGS]) & ~L.F_TSUMO
    if tsumo:
        flags |= L.F_TSUMO
    if state.in_riichi and not flags & (L.F_RIICHI | L.F_DOUBLE_RIICHI):
        flags |= L.F_RIICHI
    ctx[L.CTX_FLAGS] = flags
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    return kernel.score_kernel(bytes(closed), types, kinds, kind, ctx, rules.params(), out) == L.ST_OK
