"""The arguments, settings and messages of a PlayerState, shared by the compiled class and its twin.

``riichi_fast.analysis._player`` and ``riichi_fast.reference.analysis.player``
read their arguments, the rules' settings and the starting hand with these, and
turn a non-zero event status (``PS_*``, the codes of ``_player.pxd``) into the
same exception, so both twins raise the same errors with the same messages.

>>> as_tile_kind("5p"), as_call_type("pon"), load_hand("123m456p789s1122z")[0][:3]
(13, 2, [1, 1, 1])
>>> _error(PS_NOT_HELD, "discard", 4)
TileCountError('discard of 5m: no 5m in the closed hand')
"""

from __future__ import annotations

import numpy as np

from riichi_fast.analysis._checks import caps_for
from riichi_fast.analysis._rules import as_rules
from riichi_fast.enums import MeldType
from riichi_fast.errors import ContextError, MeldError, TileCountError, TileParseError
from riichi_fast.hand import Hand
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import DEFAULT
from riichi_fast.rules.context import WinContext
from riichi_fast.tiles import KIND_NAMES, parse_kind, parse_tiles

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
    if rules is None:
        _DEFAULT_SETTINGS.append(load_settings(DEFAULT))
        return _DEFAULT_SETTINGS[0]
    rules = as_rules(rules)
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
    if isinstance(hand, str) and "kita" in hand:
        hand = Hand.parse(hand)
    if isinstance(hand, Hand):
        return sum(1 for m in hand.melds if m.type == MeldType.KITA)
    return 0


_DEFAULT_CONTEXT = []


def _wins(state, kind: int, tsumo: bool, context, rules, kernel) -> bool:
    """Score the 13-tile hand + ``kind`` with the flat scoring kernel.

    ``kernel``: the module holding ``score_kernel`` (the compiled one or its twin).
    """
    rules = as_rules(rules)
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
