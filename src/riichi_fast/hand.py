"""Hands and melds: small frozen objects over 136-ids, with a one-line text form.

One-line hand syntax
--------------------
The closed tiles in mpsz first (see :mod:`riichi_fast.tiles`), then one
space-separated token per meld::

    123m406p11z chi:3*45p pon:777z@2

==================  ==============================================================
token               meld
==================  ==============================================================
``chi:3*45p``       chi (always called from the left, seat 3)
``pon:777z@2``      pon
``kan:9999s@3``     open kan (daiminkan); ``daiminkan:`` is a synonym
``ankan:1111m``     concealed kan; no called tile, no seat
``kakan:0*555p@1``  added kan (shouminkan); ``shouminkan:`` is a synonym
``kita:4z``         north extraction (three-player); one tile per token
==================  ==============================================================

- ``*`` follows the called tile (the tile taken from a discard; for a kakan,
  the tile called for the original pon).  Without ``*`` the called tile is the
  first one written.  Copies that look alike (same kind and redness) are one
  tile to the notation: ``pon:11*1z`` calls the first ``1z`` written, as
  ``pon:111z`` does, so a hand's text parses back to an equal hand.
- ``@N`` is the seat the called tile came from, relative to the hand's owner:
  1 = shimocha (right), 2 = toimen (across), 3 = kamicha (left).  Default 3;
  a chi is always 3.
- Shorthand: an open meld may drop its keyword when it has ``@N`` or ``*``;
  its type follows from the tiles (3 of a kind = pon, 4 = open kan, else
  chi): ``777z@2`` is ``pon:777z@2``, ``3*45p`` is ``chi:3*45p``.  A kakan,
  an ankan and a kita always need their keyword.
- Red tiles are written as in mpsz (``0`` for a red five, ``3r`` for a red
  non-five under house rules), inside melds too.
- Formatting writes the tiles of a meld sorted, puts ``*`` after the first
  tile that looks like the called one (same kind, same redness), omits it
  when that is the first tile written, and omits ``@3``.  So ``str(hand)``
  parses back to an equal :class:`Hand` when the hand came from text (given
  the same red configuration); for a hand built from arbitrary ids the text
  is the same but the parser picks the lowest ids.

Physical ids are assigned by the parser, lowest first: the closed tiles, then
the melds in order.  A hand is valid when no physical tile appears twice, no
kind more than 4 times, and closed tiles + 3 per meld (kita excluded) is 13 or
14.

>>> h = Hand.parse("123m406p11z chi:3*45p pon:777z@2")
>>> str(h), h.tile_count, h.is_closed, h.n_red
('123m406p11z chi:345p pon:777z@2', 14, False, 1)
"""

from __future__ import annotations

import numbers
import re
from dataclasses import dataclass, field

import numpy as np

from riichi_fast import _backend
from riichi_fast import tiles as _tiles_module
from riichi_fast.enums import MeldType
from riichi_fast.errors import ArrayError, MeldError, TileCountError, TileParseError
from riichi_fast.tiles import (
    DEFAULT_RED,
    KIND_NAMES,
    N_KINDS,
    SUITS,
    _Allocator,
    _check_id,
    _checked_ids,
    _counts_list,
    _format_groups,
    _quote,
    _red_digit,
    _short,
    _tokenize,
    red_counts,
)

__all__ = ["MELD_KEYWORDS", "Hand", "Meld", "as_hand"]

_SIZE = {
    MeldType.CHI: 3,
    MeldType.PON: 3,
    MeldType.DAIMINKAN: 4,
    MeldType.ANKAN: 4,
    MeldType.SHOUMINKAN: 4,
    MeldType.KITA: 1,
}
_OPEN = frozenset((MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.SHOUMINKAN))
#: token keyword of each meld type (the form ``str`` writes)
MELD_KEYWORDS = {
    MeldType.CHI: "chi",
    MeldType.PON: "pon",
    MeldType.DAIMINKAN: "kan",
    MeldType.ANKAN: "ankan",
    MeldType.SHOUMINKAN: "kakan",
    MeldType.KITA: "kita",
}
_KEYWORD_TYPES = {v: k for k, v in MELD_KEYWORDS.items()}
_KEYWORD_TYPES.update(
    {"daiminkan": MeldType.DAIMINKAN, "minkan": MeldType.DAIMINKAN, "shouminkan": MeldType.SHOUMINKAN}
)
_NORTH = 30
_TOKEN_RE = re.compile(r"\S+")


def _tile_label(tile):
    return f"{KIND_NAMES[tile >> 2]}#{tile}"


def _meld_label(mtype, tiles):
    name = MELD_KEYWORDS.get(mtype, str(mtype))
    return f"{name} of " + " ".join(_tile_label(t) for t in tiles)


# ---------------------------------------------------------------------------
# Meld


@dataclass(frozen=True)
class Meld:
    """A meld: chi, pon, open kan, concealed kan, added kan, or a kita (north) tile.

    ``tiles`` are 136-ids (stored sorted); ``called`` is the id taken from a
    discard (``None`` for an ankan or kita; defaults to the first tile given);
    ``from_seat`` the relative seat it came from, 1 = right, 2 = across,
    3 = left (``None`` for an ankan or kita; defaults to 3; a chi is always 3).

    >>> m = Meld.parse("chi:3*45p")
    >>> m.type.name, m.kind, m.kinds, m.called, m.from_seat, m.is_open
    ('CHI', 11, (11, 12, 13), 44, 3, True)
    >>> hex(m.code), m.mpsz, str(m)
    ('0x10b', '345p', 'chi:345p')
    """

    type: MeldType
    tiles: tuple
    called: int | None = None
    from_seat: int | None = None

    def __post_init__(self):
        try:
            mtype = MeldType(self.type)
        except (ValueError, TypeError):
            raise MeldError(f"unknown meld type {self.type!r} (expected a MeldType)") from None
        if isinstance(self.tiles, (str, bytes)):
            raise MeldError(f"{MELD_KEYWORDS[mtype]}: tiles must be 136-ids, got {_short(self.tiles)} (use Meld.parse)")
        try:
            given = [_check_id(t, i) for i, t in enumerate(self.tiles)]
        except ArrayError as exc:
            raise MeldError(f"{MELD_KEYWORDS[mtype]} with tiles {_short(self.tiles)}: {exc}") from None
        except TypeError:
            raise MeldError(
                f"{MELD_KEYWORDS[mtype]}: tiles must be a sequence of 136-ids, got {_short(self.tiles)}"
            ) from None
        tiles = tuple(sorted(given))
        label = _meld_label(mtype, tiles)
        if len(tiles) != _SIZE[mtype]:
            raise MeldError(f"{label}: a {MELD_KEYWORDS[mtype]} has {_SIZE[mtype]} tiles, got {len(tiles)}")
        if len(set(tiles)) != len(tiles):
            raise MeldError(f"{label}: the same physical tile appears twice")
        kinds = [t >> 2 for t in tiles]
        if mtype == MeldType.CHI:
            k = kinds[0]
            if k >= 27:
                raise MeldError(f"{label}: a chi cannot be made of honors")
            if not (kinds[1] == k + 1 and kinds[2] == k + 2 and k % 9 <= 6):
                raise MeldError(f"{label}: a chi must be three consecutive tiles of one suit")
        elif mtype == MeldType.KITA:
            if kinds[0] != _NORTH:
                raise MeldError(f"{label}: kita is a north tile (4z)")
        elif any(k != kinds[0] for k in kinds):
            n = _SIZE[mtype]
            raise MeldError(f"{label}: a {MELD_KEYWORDS[mtype]} must be {n} tiles of one kind")
        called = self.called
        seat = self.from_seat
        if mtype in _OPEN:
            if called is None:
                called = given[0]
            try:
                called = _check_id(called)
            except ArrayError as exc:
                raise MeldError(f"{label}: called tile: {exc}") from None
            if called not in tiles:
                raise MeldError(f"{label}: the called tile {_tile_label(called)} is not in the meld")
            if seat is None:
                seat = 3
            if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or seat not in (1, 2, 3):
                raise MeldError(f"{label}: from_seat must be 1 (right), 2 (across) or 3 (left), got {seat!r}")
            seat = int(seat)
            if mtype == MeldType.CHI and seat != 3:
                raise MeldError(f"{label}: a chi is always called from the left (seat 3), got from_seat={seat}")
        else:
            if called is not None:
                raise MeldError(f"{label}: an {MELD_KEYWORDS[mtype]} has no called tile, got {called!r}")
            if seat is not None:
                raise MeldError(f"{label}: an {MELD_KEYWORDS[mtype]} comes from no seat, got from_seat={seat!r}")
        object.__setattr__(self, "type", mtype)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "called", called)
        object.__setattr__(self, "from_seat", seat)

    # -- construction ------------------------------------------------------

    @classmethod
    def parse(cls, token: str, *, red=None) -> Meld:
        """Parse one meld token of the one-line hand syntax.

        >>> Meld.parse("kakan:0*555p@1")
        Meld.parse('kakan:0555p@1')
        >>> Meld.parse("ankan:1111m").is_open
        False
        >>> Meld.parse("777z@2")
        Meld.parse('pon:777z@2')
        """
        return _parse_meld(token, _Allocator(red_counts(red)), token, 0)

    @classmethod
    def from_kind(cls, mtype, kind: int, *, red=None) -> Meld:
        """A meld of type ``mtype`` on ``kind`` (lowest kind for a chi), plain ids first.

        >>> str(Meld.from_kind(MeldType.PON, 33))
        'pon:777z'
        """
        return _meld_from_kind(mtype, kind, _Allocator(red_counts(red)))

    # -- views -------------------------------------------------------------

    @property
    def kind(self) -> int:
        """The kind of the meld (the lowest kind for a chi).

        >>> Meld.parse("pon:777z").kind
        33
        """
        return self.tiles[0] >> 2

    @property
    def kinds(self) -> tuple:
        """The kind of each tile, ascending.

        >>> Meld.parse("chi:789s").kinds
        (24, 25, 26)
        """
        return tuple(t >> 2 for t in self.tiles)

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand (ankan and kita do not).

        >>> Meld.parse("kan:9999s").is_open, Meld.parse("ankan:9999s").is_open
        (True, False)
        """
        return self.type in _OPEN

    @property
    def is_kan(self) -> bool:
        """Whether the meld is a quad (daiminkan, ankan, shouminkan).

        >>> Meld.parse("kakan:0555s").is_kan, Meld.parse("pon:555s").is_kan
        (True, False)
        """
        return self.type in (MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN)

    @property
    def code(self) -> int:
        """The batch meld code ``(type << 8) | kind`` (docs/INTERNALS.md).

        >>> Meld.parse("chi:123m").code == (1 << 8) | 0
        True
        """
        return (int(self.type) << 8) | (self.tiles[0] >> 2)

    @property
    def mpsz(self) -> str:
        """The tiles in mpsz, red fives as ``0`` under the default red rules.

        >>> Meld.parse("pon:055m").mpsz
        '055m'
        """
        return self.format_tiles()

    def format_tiles(self, red=None) -> str:
        """The tiles in mpsz under the red configuration ``red``.

        >>> Meld.parse("chi:3r45s", red={"3s": 1}).format_tiles({"3s": 1})
        '3r45s'
        """
        red = red_counts(red)
        return _format_groups((t >> 2, (t & 3) < red[t >> 2]) for t in self.tiles)

    def format(self, red=None) -> str:
        """The meld token of the one-line hand syntax under the red configuration ``red``.

        >>> Meld.parse("kan:9*999s@2").format()
        'kan:9999s@2'
        """
        red = red_counts(red)
        star = None
        if self.called is not None:
            # the first written tile that looks like the called one (same kind and redness)
            called_look = (self.called >> 2, (self.called & 3) < red[self.called >> 2])
            star = next(t for t in self.tiles if (t >> 2, (t & 3) < red[t >> 2]) == called_look)
        digits = []
        for t in self.tiles:
            k = t >> 2
            if k >= 27:
                digits.append(str(k - 26))
            elif (t & 3) < red[k]:
                digits.append(_red_digit(k))
            else:
                digits.append(str(k % 9 + 1))
            if t == star and t != self.tiles[0]:
                digits[-1] += "*"
        suit = SUITS[min(self.tiles[0] >> 2, 27) // 9]
        text = f"{MELD_KEYWORDS[self.type]}:{''.join(digits)}{suit}"
        if self.from_seat is not None and self.from_seat != 3:
            text += f"@{self.from_seat}"
        return text

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Meld.parse({self.format()!r})"


def _parse_meld(token, alloc, source, offset):
    """Parse ``token`` (at ``offset`` in ``source``) allocating ids from ``alloc``."""
    if not isinstance(token, str):
        raise TileParseError(f"a meld token must be a str, got {_short(token)}")
    keyword, sep, body = token.partition(":")
    if sep:
        mtype = _KEYWORD_TYPES.get(keyword)
        if mtype is None:
            raise TileParseError(
                f"unknown meld type {_short(keyword)} at position {offset} in {_quote(source, offset)} "
                f"(expected chi, pon, kan, ankan, kakan or kita)"
            )
        body_offset = offset + len(keyword) + 1
    elif "@" in token or "*" in token:  # shorthand open meld: the type follows from the tiles
        mtype, keyword, body, body_offset = None, "meld", token, offset
    else:
        raise TileParseError(f"meld token {_short(token)} at position {offset} in {_quote(source, offset)} has no 'type:' prefix")
    seat = None
    if "@" in body:
        body, _, seat_text = body.partition("@")
        if seat_text not in ("1", "2", "3"):
            raise MeldError(f"meld {_quote(token)}: '@{seat_text}' must be @1 (right), @2 (across) or @3 (left)")
        seat = int(seat_text)
        if mtype is not None and mtype not in _OPEN:
            raise MeldError(f"meld {_quote(token)}: an {keyword} comes from no seat, remove '@{seat_text}'")
    star = None
    n_digits = 0
    clean = []
    for i, c in enumerate(body):
        if c == "*":
            if star is not None:
                raise MeldError(f"meld {_quote(token)}: more than one '*'")
            if i == 0 or not (body[i - 1].isdigit() or body[i - 1] == "r"):
                raise MeldError(f"meld {_quote(token)}: '*' must follow the called tile's digit")
            star = n_digits - 1
            clean.append(" ")  # keeps positions; a space inside one group is rejected below
            continue
        if c.isdigit():
            n_digits += 1
        clean.append(c)
    if star is not None and mtype is not None and mtype not in _OPEN:
        raise MeldError(f"meld {_quote(token)}: an {keyword} has no called tile, remove '*'")
    clean_body = "".join(clean).replace(" ", "")
    tiles = _tokenize(clean_body, body_offset, source)
    suits = {(k // 9 if k < 27 else 3) for k, _, _ in tiles}
    if len(suits) > 1:
        raise MeldError(f"meld {_quote(token)}: tiles of several suits")
    if not tiles:
        raise MeldError(f"meld {_quote(token)}: no tiles")
    if mtype is None:
        mtype = _infer_open_meld(token, [k for k, _, _ in tiles])
    if len(tiles) != _SIZE[mtype]:
        raise MeldError(f"meld {_quote(token)}: a {MELD_KEYWORDS[mtype]} has {_SIZE[mtype]} tiles, got {len(tiles)}")
    where = token if source == token else f"{_quote(token)} at position {offset} in {_quote(source, offset)}"
    where = f"meld {_quote(token)}" if source == token else f"meld {where}"
    ids = [alloc.take(kind, r, lambda k=kind, r=r: f"{_describe_tile(k, r)} in {where}") for kind, r, _ in tiles]
    called = None
    if mtype in _OPEN:
        # the called tile: the first written copy that looks like the starred one (same kind and
        # redness), so that str() -- which stars the first such copy -- parses back to an equal meld
        first = ids[star if star is not None else 0]
        look = (first >> 2, (first & 3) < alloc.red[first >> 2])
        called = min(t for t in ids if (t >> 2, (t & 3) < alloc.red[t >> 2]) == look)
    try:
        return Meld(mtype, tuple(ids), called, seat)
    except MeldError as exc:
        raise MeldError(f"meld {_quote(token)}: {_strip_label(exc)}") from None


def _infer_open_meld(token, kinds):
    """The type of a shorthand open meld (``777z@2``, ``3*45p``): pon, open kan or chi."""
    if len(kinds) in (3, 4) and all(k == kinds[0] for k in kinds):
        return MeldType.PON if len(kinds) == 3 else MeldType.DAIMINKAN
    if len(kinds) == 3:
        return MeldType.CHI
    raise MeldError(
        f"meld {_quote(token)}: cannot tell its type from {len(kinds)} tiles; write chi:, pon:, kan: or kakan: before it"
    )


def _describe_tile(kind, red):
    if red:
        return f"{_red_digit(kind)}{SUITS[kind // 9]}"
    return KIND_NAMES[kind]


def _strip_label(exc):
    msg = str(exc)
    return msg.split(": ", 1)[1] if ": " in msg else msg


def _meld_from_kind(mtype, kind, alloc):
    try:
        mtype = MeldType(mtype)
    except (ValueError, TypeError):
        raise MeldError(f"unknown meld type {mtype!r} (expected a MeldType)") from None
    if isinstance(kind, bool) or not isinstance(kind, (int, np.integer)) or not 0 <= int(kind) < N_KINDS:
        raise MeldError(f"{MELD_KEYWORDS[mtype]} on kind {kind!r}: kinds are 0..33")
    kind = int(kind)
    label = f"{MELD_KEYWORDS[mtype]} on {KIND_NAMES[kind]}"
    if mtype == MeldType.CHI:
        if kind >= 27 or kind % 9 > 6:
            raise MeldError(f"{label}: a chi starts on 1-7 of a suit")
        kinds = (kind, kind + 1, kind + 2)
    else:
        kinds = (kind,) * _SIZE[mtype]
    ids = tuple(alloc.take_any(k, f"{KIND_NAMES[k]} of the {label}") for k in kinds)
    return Meld(mtype, ids)


# ---------------------------------------------------------------------------
# Hand


def _red_repr(red):
    if red == DEFAULT_RED:
        return ""
    if not any(red):
        return ", red=0"
    items = ", ".join(f"{KIND_NAMES[k]!r}: {n}" for k, n in enumerate(red) if n)
    return f", red={{{items}}}"


@dataclass(frozen=True)
class Hand:
    """A hand: closed 136-ids (sorted) and melds, under a red configuration.

    Build it with :meth:`parse`, :meth:`from_ids` or :meth:`from_counts` (or
    ``Hand(closed, melds, red)``); it is immutable and hashable.  ``red`` is
    normalised by :func:`riichi_fast.tiles.red_counts` (a 34-tuple).

    >>> Hand.parse("11111m")
    Traceback (most recent call last):
    ...
    riichi_fast.errors.TileCountError: a fifth copy of 1m: '1m' at position 4 in '11111m'
    >>> h = Hand.parse("1112345678999m5p")
    >>> h.tile_count, int(h.counts34()[0]), str(h)
    (14, 3, '1112345678999m5p')
    """

    closed: tuple
    melds: tuple = ()
    red: tuple = DEFAULT_RED
    _counts: np.ndarray = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        red = red_counts(self.red)
        alloc = _Allocator(red)
        if isinstance(self.closed, (str, bytes, bytearray, np.ndarray)):
            raise ArrayError(
                "Hand(closed=...) takes 136-ids; use Hand.parse for a string or Hand.from_counts for counts"
            )
        closed = _checked_ids(self.closed)
        for pos, t in enumerate(closed):
            alloc.reserve(t, lambda p=pos: f"closed tile at position {p}")
        melds = _coerce_melds(self.melds, alloc, red)
        object.__setattr__(self, "closed", tuple(sorted(closed)))
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "red", red)
        _check_size(self)

    # -- constructors ------------------------------------------------------

    @classmethod
    def parse(cls, text: str, red=None) -> Hand:
        """Parse the one-line hand syntax (module docstring).

        >>> Hand.parse("123m406p11z chi:3*45p pon:777z@2").melds[1].from_seat
        2
        >>> Hand.parse("005p123456789s1z", red={"5p": 2}).n_red
        2
        """
        if isinstance(text, Hand):
            return text
        if red is None and cls is Hand and _fast is not None:
            hand = _fast.parse_hand(text)  # the compiled reader of plain strings; else the code below decides
            if hand is not None:
                return hand
        if not isinstance(text, str):
            raise TileParseError(f"Hand.parse takes a str, got {type(text).__name__} {_short(text)}")
        red = red_counts(red)
        alloc = _Allocator(red)
        closed = []
        meld_tokens = []
        for m in _TOKEN_RE.finditer(text):
            token = m.group()
            if ":" in token or "@" in token or "*" in token:
                meld_tokens.append((token, m.start()))
            else:
                for kind, r, pos in _tokenize(token, m.start(), text):
                    closed.append(
                        alloc.take(
                            kind, r, lambda k=kind, r=r, p=pos: f"{_describe_tile(k, r)!r} at position {p} in {_quote(text, p)}"
                        )
                    )
        melds = tuple(_parse_meld(token, alloc, text, start) for token, start in meld_tokens)
        try:
            return cls(tuple(closed), melds, red)
        except TileCountError as exc:
            raise TileCountError(f"{_quote(text)}: {exc}") from None

    @classmethod
    def from_ids(cls, closed, melds=(), red=None) -> Hand:
        """A hand from closed 136-ids and melds (``Meld`` objects, meld tokens or ``(type, kind)`` pairs).

        >>> str(Hand.from_ids(range(0, 40, 4), [(MeldType.PON, 27)]))
        '123406789m1p pon:111z'
        """
        if red is None and cls is Hand and _fast is not None and type(melds) is tuple and not melds:
            hand = _fast.hand_from_ids(closed)
            if hand is not None:
                return hand
        try:
            ids = tuple(closed)
        except TypeError:
            raise ArrayError(f"closed tiles must be 136-ids, got {_short(closed)}") from None
        return cls(ids, melds, red)

    @classmethod
    def from_counts(cls, counts, melds=(), red=None) -> Hand:
        """A hand from 34 closed counts: plain ids first, red ids only when all plain copies are used.

        ``melds`` as in :meth:`from_ids`; meld ids are placed before closed ones.

        >>> from riichi_fast.tiles import mpsz_to_counts
        >>> str(Hand.from_counts(mpsz_to_counts("0555m234p567s1z"), ["chi:789s"]))
        '0555m234p567s1z chi:789s'
        """
        if red is None and cls is Hand and _fast is not None and type(melds) is tuple and not melds:
            hand = _fast.hand_from_counts(counts)
            if hand is not None:
                return hand
        values = _counts_list(counts)
        red = red_counts(red)
        alloc = _Allocator(red)
        melds = _coerce_melds(melds, alloc, red)
        closed = []
        for k, c in enumerate(values):
            for _ in range(c):
                closed.append(alloc.take_any(k, lambda k=k, c=c: f"closed {KIND_NAMES[k]} (count {c})"))
        return cls(tuple(closed), melds, red)

    # -- views -------------------------------------------------------------

    def counts34(self) -> np.ndarray:
        """Closed tile counts: a read-only C-contiguous uint8 array of shape (34,).

        >>> Hand.parse("19m19p19s1234567z7z").counts34().tolist()[27:]
        [1, 1, 1, 1, 1, 1, 2]
        """
        counts = self._counts
        if counts is None:
            buf = bytearray(N_KINDS)
            for t in self.closed:
                buf[t >> 2] += 1
            counts = np.frombuffer(bytes(buf), dtype=np.uint8)  # read-only
            object.__setattr__(self, "_counts", counts)
        return counts

    def all_counts34(self) -> np.ndarray:
        """Counts of every tile of the hand: closed + melds (a kan gives 4, kita tiles included).

        >>> int(Hand.parse("1m234p567s ankan:1111s kita:4z chi:789m").all_counts34().sum())
        15
        """
        counts = self.counts34().copy()
        for meld in self.melds:
            for t in meld.tiles:
                counts[t >> 2] += 1
        return counts

    def meld_arrays(self) -> tuple:
        """``(types, kinds)`` of the melds for the kernels, kita excluded.

        >>> Hand.parse("123m406p11z chi:3*45p pon:777z@2").meld_arrays()
        ((1, 2), (11, 33))
        """
        melds = [m for m in self.melds if m.type != MeldType.KITA]
        return tuple(int(m.type) for m in melds), tuple(m.kind for m in melds)

    def _score_data(self) -> bytes:
        """The hand as the scoring front end reads it, cached (80 bytes; not a field: eq, hash, repr ignore it).

        ``[0:34]`` closed counts, ``[34:38]`` meld types, ``[38:42]`` meld
        kinds (kita excluded, slots from 0), ``[42]`` kita tiles, ``[43]`` 1 if
        open, ``[44]`` tile count (13/14), ``[45]`` red tiles under the hand's
        own red configuration, ``[46:80]`` counts of every tile (melds and kita
        included).

        >>> d = Hand.parse("123m406p11z chi:3*45p pon:777z@2")._score_data()
        >>> list(d[34:46]), sum(d[:34]), sum(d[46:])
        ([1, 2, 0, 0, 11, 33, 0, 0, 0, 1, 14, 1], 8, 14)
        """
        data = self.__dict__.get("_sd")
        if data is None:
            buf = bytearray(80)
            for t in self.closed:
                buf[t >> 2] += 1
            red = self.red
            n_red = sum(1 for t in self.closed if (t & 3) < red[t >> 2])
            slot = 0
            n_kita = 0
            is_open = 0
            for m in self.melds:
                n_red += sum(1 for t in m.tiles if (t & 3) < red[t >> 2])
                if m.type == MeldType.KITA:
                    n_kita += 1
                else:
                    buf[34 + slot] = int(m.type)
                    buf[38 + slot] = m.tiles[0] >> 2
                    slot += 1
                    is_open |= m.type in _OPEN
            buf[42] = n_kita
            buf[43] = is_open
            buf[44] = len(self.closed) + 3 * slot
            buf[45] = n_red
            buf[46:80] = self.all_counts34().tobytes()
            data = bytes(buf)
            object.__setattr__(self, "_sd", data)
        return data

    def meld_codes(self) -> np.ndarray:
        """The batch meld row: uint16 ``(type << 8) | kind``, 4 slots filled from 0, kita excluded.

        >>> Hand.parse("123m406p11z chi:3*45p pon:777z@2").meld_codes().tolist()
        [267, 545, 0, 0]
        """
        row = np.zeros(4, dtype=np.uint16)
        codes = [m.code for m in self.melds if m.type != MeldType.KITA]
        row[: len(codes)] = codes
        return row

    @property
    def set_melds(self) -> tuple:
        """The melds that are sets (every meld but kita).

        >>> len(Hand.parse("1m234p567s ankan:1111s kita:4z chi:789m").set_melds)
        2
        """
        return tuple(m for m in self.melds if m.type != MeldType.KITA)

    @property
    def n_kita(self) -> int:
        """Number of kita (north) tiles set aside.

        >>> Hand.parse("1m234p567s ankan:1111s kita:4z chi:789m").n_kita
        1
        """
        return sum(1 for m in self.melds if m.type == MeldType.KITA)

    @property
    def n_red(self) -> int:
        """Red tiles in the hand, melds included, under the hand's red configuration.

        >>> Hand.parse("123m406p789s11z pon:0*55s").n_red
        2
        """
        red = self.red
        n = sum(1 for t in self.closed if (t & 3) < red[t >> 2])
        for meld in self.melds:
            n += sum(1 for t in meld.tiles if (t & 3) < red[t >> 2])
        return n

    @property
    def is_closed(self) -> bool:
        """No open meld (an ankan or a kita keeps the hand closed).

        >>> Hand.parse("1m234p567s ankan:1111s chi:789m").is_closed
        False
        >>> Hand.parse("1m234p567s789m ankan:1111s").is_closed
        True
        """
        return not any(m.type in _OPEN for m in self.melds)

    @property
    def tile_count(self) -> int:
        """The shape size: closed tiles + 3 per meld, kita excluded (13 or 14).

        >>> Hand.parse("1111m234p567s1z ankan:9999s").tile_count
        14
        """
        return len(self.closed) + 3 * sum(1 for m in self.melds if m.type != MeldType.KITA)

    def __str__(self) -> str:
        red = self.red
        parts = [_format_groups((t >> 2, (t & 3) < red[t >> 2]) for t in self.closed)]
        parts.extend(m.format(red) for m in self.melds)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r}{_red_repr(self.red)})"


def _coerce_melds(melds, alloc, red):
    """Meld objects, tokens and (type, kind) pairs -> tuple of Meld; ids checked against ``alloc``.

    Meld objects reserve their ids first; tokens and pairs then take free ids.
    """
    if isinstance(melds, (str, Meld)):
        melds = (melds,)
    try:
        melds = tuple(melds)
    except TypeError:
        raise MeldError(
            f"melds must be a sequence of Meld objects, tokens or (type, kind) pairs, got {_short(melds)}"
        ) from None
    out = [None] * len(melds)
    for i, m in enumerate(melds):
        if isinstance(m, Meld):
            for t in m.tiles:
                alloc.reserve(t, lambda i=i, m=m: f"in meld {i} ({m.format(red)})")
            out[i] = m
    for i, m in enumerate(melds):
        if out[i] is not None:
            continue
        if isinstance(m, str):
            out[i] = _parse_meld(m, alloc, m, 0)
        elif isinstance(m, tuple) and len(m) == 2:
            out[i] = _meld_from_kind(m[0], m[1], alloc)
        else:
            raise MeldError(f"meld {i} is {_short(m)}: expected a Meld, a meld token like 'pon:777z' or a (type, kind) pair")
    return tuple(out)


def _check_size(hand):
    n_closed = len(hand.closed)
    n_sets = sum(1 for m in hand.melds if m.type != MeldType.KITA)
    total = n_closed + 3 * n_sets
    if total not in (13, 14):
        melds = f"{n_sets} meld{'s' if n_sets != 1 else ''}" if n_sets else "no melds"
        raise TileCountError(
            f"{n_closed} closed tiles and {melds} make {total} tiles (closed + 3 per meld); a hand needs 13 or 14"
        )


def as_hand(x, red=None) -> Hand:
    """Coerce a one-line hand string, a Hand, a sequence of 136-ids or 34 counts to a Hand.

    Counts are a numpy array or ``bytes``/``bytearray``; any other sequence is
    136-ids.  A ``Hand`` is returned as is.

    >>> str(as_hand("19m19p19s1234567z1m"))
    '119m19p19s1234567z'
    >>> as_hand([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]).n_red
    1
    """
    if isinstance(x, Hand):
        return x
    if isinstance(x, str):
        return Hand.parse(x, red)
    if isinstance(x, np.ndarray) and x.ndim == 1 and x.shape[0] != N_KINDS and x.dtype.kind in "iu":
        return Hand.from_ids(x.tolist(), (), red)  # a 1-d integer array not of 34 counts: 136-ids
    if isinstance(x, (np.ndarray, bytes, bytearray, memoryview)):
        return Hand.from_counts(x, (), red)
    try:
        ids = tuple(x)
    except TypeError:
        raise ArrayError(f"a hand is a one-line string, a Hand, 136-ids or 34 counts, got {_short(x)}") from None
    return Hand.from_ids(ids, (), red)


def _hand_text_counts(text):
    """Closed counts of a one-line hand string (``riichi_fast.tiles.as_counts`` reads meld syntax with it)."""
    return Hand.parse(text).counts34()


_tiles_module._HAND_TEXT_COUNTS = _hand_text_counts

# the compiled constructors (riichi_fast._tiles) build these classes; pure-Python mode has none
_fast = None
if not _backend.PUREPYTHON:
    from riichi_fast import _tiles as _fast

    _fast._bind_hand(Hand, Meld, DEFAULT_RED, MeldType)
