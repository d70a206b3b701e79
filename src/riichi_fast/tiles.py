"""Tiles: kinds, 136-ids, red tiles, and the notations people paste.

Kinds (docs/INTERNALS.md): ``0-8`` = 1-9m, ``9-17`` = 1-9p, ``18-26`` = 1-9s,
``27-33`` = 1z-7z (East South West North, haku hatsu chun).  A physical tile
is a *136-id* (Tenhou's numbering): ``kind = id // 4``.

Red tiles are a rule setting, not a property of the notation.  A red
configuration is normalised by :func:`red_counts` to a 34-tuple of red copies
per kind (default: one red 5m, 5p and 5s).  The red copies of a kind are its
*lowest* ids: with the default, ids 16, 52 and 88.

mpsz notation (``123m406p789s1122z``)
    Digits followed by their suit letter ``m p s z``.  ``0`` is always a red
    five and ``5`` never is, whatever the rules.  A red tile that is not a
    five (house rules with a red 3s, say) is written as its digit followed by
    ``r``: ``3r`` in ``23r4s``.  ``5r`` is accepted as a synonym of ``0``.
    Whitespace may separate groups.  Formatting writes tiles sorted by kind,
    a red copy before the plain copies of its kind (``4056p``).

Other notations
    mjai names ``1m``..``9s``, ``5mr`` (red; ``3sr`` for a red 3s), ``E S W N
    P F C``; tenhou.net/6 JSON codes ``11-19`` m, ``21-29`` p, ``31-39`` s,
    ``41-47`` honors, ``51 52 53`` = red 5m 5p 5s.

Parsers pick *distinct* physical ids: plain tiles take the lowest plain ids of
their kind, red tiles the lowest red ids.  Bad input raises a
:class:`~riichi_fast.errors.RiichiError` that names the culprit.

>>> parse_tiles("406p")
(48, 52, 56)
>>> format_tiles((48, 52, 56))
'406p'
>>> counts_to_mpsz(mpsz_to_counts("123m406p789s1122z"))
'123m456p789s1122z'
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping

import numpy as np

from riichi_fast import _backend
from riichi_fast.errors import ArrayError, ContextError, TileCountError, TileParseError

# compiled readers of the plain forms (they return None and the code here decides otherwise)
_fast = None if _backend.PUREPYTHON else __import__("riichi_fast._tiles", fromlist=["_tiles"])

__all__ = [
    "DEFAULT_RED",
    "KIND_NAMES",
    "MJAI_NAMES",
    "N_KINDS",
    "N_TILES",
    "as_counts",
    "counts_to_ids",
    "counts_to_mpsz",
    "dora_from_indicator",
    "format_tiles",
    "id_to_mjai",
    "id_to_tenhou6",
    "ids_to_counts",
    "is_red",
    "kind_name",
    "kind_to_mjai",
    "mjai_to_id",
    "mjai_to_kind",
    "mpsz_to_counts",
    "parse_kind",
    "parse_mjai",
    "parse_tenhou6",
    "parse_tiles",
    "red_counts",
    "tenhou6_to_id",
]

N_KINDS = 34
N_TILES = 136
SUITS = "mpsz"

#: mpsz name of each kind: ``KIND_NAMES[13] == '5p'``
KIND_NAMES: tuple[str, ...] = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(
    f"{n}z" for n in range(1, 8)
)
#: mjai name of each kind (plain tiles)
MJAI_NAMES: tuple[str, ...] = KIND_NAMES[:27] + ("E", "S", "W", "N", "P", "F", "C")
_MJAI_TO_KIND = {name: k for k, name in enumerate(MJAI_NAMES)}
_KIND_BY_NAME = {name: k for k, name in enumerate(KIND_NAMES)}
_KIND_BY_NAME.update({"0m": 4, "0p": 13, "0s": 22})

#: the default red configuration: one red 5m, 5p and 5s
DEFAULT_RED: tuple[int, ...] = tuple(1 if k in (4, 13, 22) else 0 for k in range(N_KINDS))
_RED_CACHE: dict = {None: DEFAULT_RED}

_U8 = np.dtype(np.uint8)
_COUNT_OK = bytes(range(5))  # bytes.translate(None, _COUNT_OK) is empty iff every count <= 4
_QUOTE_MAX = 80  # an error message quotes at most this many characters of the user's input
_QUOTE_SIDE = 30


def _quote(text, pos=None) -> str:
    """``repr(text)``, or for a long text a window of it around ``pos`` (an error message stays short).

    >>> _quote("123m")
    "'123m'"
    >>> _quote("1m" * 100, 150)
    "'...1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m1m...' (200 characters)"
    """
    if len(text) <= _QUOTE_MAX:
        return repr(text)
    if pos is None:
        pos = 0
    lo = max(0, pos - _QUOTE_SIDE)
    hi = min(len(text), pos + _QUOTE_SIDE)
    window = repr(text[lo:hi])
    window = window[0] + ("..." if lo else "") + window[1:-1] + ("..." if hi < len(text) else "") + window[-1]
    return f"{window} ({len(text)} characters)"


def _short(obj) -> str:
    """``repr(obj)`` cut to a short prefix for an error message.

    >>> _short([1, 2])
    '[1, 2]'
    >>> _short(list(range(100)))[-20:]
    '16, 1... (390 chars)'
    """
    if isinstance(obj, str):
        return _quote(obj)
    try:
        r = repr(obj)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        r = f"<{type(obj).__name__} object>"
    if len(r) <= _QUOTE_MAX:
        return r
    return f"{r[:60]}... ({len(r)} chars)"


# ---------------------------------------------------------------------------
# kinds


def _check_kind(kind, what="kind"):
    if type(kind) is int and 0 <= kind < N_KINDS:
        return kind
    if isinstance(kind, bool) or not isinstance(kind, numbers.Integral):
        raise ArrayError(f"{what} must be an int 0..33, got {_short(kind)}")
    kind = int(kind)
    if not 0 <= kind < N_KINDS:
        raise ArrayError(f"{what} {kind} is out of range 0..33")
    return kind


def _check_id(tile, position=None):
    if type(tile) is int and 0 <= tile < N_TILES:  # the common case, without the ABC check
        return tile
    if isinstance(tile, bool) or not isinstance(tile, numbers.Integral):
        where = f" at position {position}" if position is not None else ""
        raise ArrayError(f"tile id{where} must be an int 0..135, got {_short(tile)}")
    tile = int(tile)
    if not 0 <= tile < N_TILES:
        where = f" at position {position}" if position is not None else ""
        raise ArrayError(f"tile id {tile}{where} is out of range 0..135")
    return tile


def parse_kind(name: str) -> int:
    """The kind (0..33) of one mpsz tile name; ``0m/0p/0s`` are the fives.

    >>> parse_kind("5p"), parse_kind("0p"), parse_kind("7z")
    (13, 13, 33)
    """
    if isinstance(name, str):
        kind = _KIND_BY_NAME.get(name)
        if kind is not None:
            return kind
    raise TileParseError(f"{name!r} is not a tile name (expected one digit and a suit letter, like '5p' or '7z')")


def kind_name(kind: int) -> str:
    """The mpsz name of a kind.

    >>> kind_name(13), kind_name(27)
    ('5p', '1z')
    """
    return KIND_NAMES[_check_kind(kind)]


# ---------------------------------------------------------------------------
# red configuration


def red_counts(spec=None) -> tuple[int, ...]:
    """Normalise a red-tile rule setting to a 34-tuple of red copies per kind.

    ``spec`` is ``None`` (the default: one red 5m, 5p, 5s), an int ``n``
    (``n`` red fives in each suit; ``0`` = no red tiles), a mapping from tile
    names or kinds to counts (kinds not listed have no red copy), a
    34-sequence of counts, or an object with a ``red_counts`` attribute (a
    rules object).  Only suited kinds can have red copies.

    >>> red_counts()[4], red_counts()[13], red_counts()[22]
    (1, 1, 1)
    >>> r = red_counts({"5p": 2, "3s": 1})
    >>> r[4], r[13], r[20]
    (0, 2, 1)
    >>> sum(red_counts(0))
    0
    """
    if type(spec) in (bool, float):  # never cached: True == 1 and 1.0 == 1 as dict keys
        return _normalise_red(spec)
    try:
        cached = _RED_CACHE.get(spec)
    except TypeError:  # unhashable (a list, a dict)
        cached = None
    if cached is not None:
        return cached
    result = _normalise_red(spec)
    try:
        if len(_RED_CACHE) < 256:
            _RED_CACHE[spec] = result
    except TypeError:
        pass
    return result


def _normalise_red(spec):
    if hasattr(spec, "red_counts") and not isinstance(spec, (Mapping, str)):
        spec = spec.red_counts
        if callable(spec):
            spec = spec()
    if isinstance(spec, bool):
        raise ContextError(f"red configuration {spec!r} is ambiguous: pass None (default), 0, or per-kind counts")
    if isinstance(spec, numbers.Integral):
        n = int(spec)
        if not 0 <= n <= 4:
            raise ContextError(f"red configuration {n}: red fives per suit must be 0..4")
        return tuple(n if k in (4, 13, 22) else 0 for k in range(N_KINDS))
    counts = [0] * N_KINDS
    if isinstance(spec, Mapping):
        for key, value in spec.items():
            if isinstance(key, str):
                try:
                    kind = parse_kind(key)
                except TileParseError:
                    raise ContextError(f"red configuration: {key!r} is not a tile name") from None
            else:
                try:
                    kind = _check_kind(key, "red configuration kind")
                except ArrayError as exc:
                    raise ContextError(str(exc)) from None
            counts[kind] = _red_value(value, KIND_NAMES[kind])
    elif isinstance(spec, str):
        raise ContextError(f"red configuration {spec!r}: pass a mapping like {{'5p': 2}}, not a string")
    else:
        try:
            values = list(spec)
        except TypeError:
            raise ContextError(f"red configuration {spec!r} is not None, an int, a mapping or 34 counts") from None
        if len(values) != N_KINDS:
            raise ContextError(f"red configuration has {len(values)} entries, need 34 (one per kind)")
        for k, value in enumerate(values):
            counts[k] = _red_value(value, KIND_NAMES[k])
    for k in range(27, N_KINDS):
        if counts[k]:
            raise ContextError(f"red configuration: honor tile {KIND_NAMES[k]} cannot be red")
    return tuple(counts)


def _red_value(value, name):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= int(value) <= 4:
        raise ContextError(f"red configuration: {value!r} red copies of {name} (must be 0..4)")
    return int(value)


def is_red(tile: int, red=None) -> bool:
    """Whether a 136-id is a red tile under the red configuration ``red``.

    >>> is_red(52), is_red(53), is_red(53, red={"5p": 2})
    (True, False, True)
    """
    tile = _check_id(tile)
    return tile % 4 < red_counts(red)[tile // 4]


# ---------------------------------------------------------------------------
# physical id allocation


class _Allocator:
    """Hands out distinct physical ids, lowest first.

    Plain tiles take the plain ids of their kind, red tiles its red ids;
    ``take_any`` (for sources without red information: counts, kinds) takes a
    plain id while one is free, then a red one.  ``reserve`` marks a given id.
    ``culprit`` describes the tile being placed, for the error message.
    """

    __slots__ = ("red", "used")

    def __init__(self, red):
        self.red = red
        self.used = [0] * N_KINDS  # bit i set: id 4 * kind + i is taken

    def reserve(self, tile, culprit):
        kind = tile >> 2
        bit = 1 << (tile & 3)
        if self.used[kind] & bit:
            raise TileCountError(f"tile id {tile} ({KIND_NAMES[kind]}) is used twice: {_culprit(culprit)}")
        self.used[kind] |= bit

    def take(self, kind, red, culprit):
        used = self.used[kind]
        if used == 15:
            raise TileCountError(f"a fifth copy of {KIND_NAMES[kind]}: {_culprit(culprit)}")
        r = self.red[kind]
        for i in range(r) if red else range(r, 4):
            if not used >> i & 1:
                self.used[kind] = used | 1 << i
                return 4 * kind + i
        name = KIND_NAMES[kind]
        culprit = _culprit(culprit)
        if red:
            if r == 0:
                raise TileCountError(f"red {name} {culprit}, but the rules have no red {name}")
            raise TileCountError(f"more red {name} than the rules allow ({r}): {culprit}")
        raise TileCountError(
            f"too many plain {name}: {culprit}; the rules make {r} of the 4 red, "
            f"so only {4 - r} plain copies exist (write a red one as {_red_digit(kind)}{SUITS[kind // 9]})"
        )

    def take_any(self, kind, culprit):
        used = self.used[kind]
        if used == 15:
            raise TileCountError(f"a fifth copy of {KIND_NAMES[kind]}: {_culprit(culprit)}")
        r = self.red[kind]
        plain_free = any(not used >> i & 1 for i in range(r, 4))
        return self.take(kind, not plain_free, culprit)


def _culprit(culprit):
    """Culprits are strings or zero-argument callables (built only when an error is raised)."""
    return culprit() if callable(culprit) else culprit


def _red_digit(kind):
    n = kind % 9 + 1
    return "0" if n == 5 else f"{n}r"


# ---------------------------------------------------------------------------
# mpsz


def _tokenize(text, offset=0, source=None):
    """The list of ``(kind, red, position)`` of each tile of an mpsz string.

    ``position`` is the index of the digit in ``source`` (the whole text the
    caller parses; ``text`` starts at ``offset`` in it).
    """
    if not isinstance(text, str):
        raise TileParseError(f"an mpsz tile string must be a str, got {type(text).__name__} {_short(text)}")
    source = text if source is None else source
    pending = []  # (digit, red, position)
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        pos = offset + i
        if "0" <= c <= "9":
            pending.append([int(c), c == "0", pos])
        elif c == "r":
            if not pending or not ("0" <= text[i - 1] <= "9"):
                raise TileParseError(f"'r' at position {pos} in {_quote(source, pos)} does not follow a digit")
            if pending[-1][0] == 0:
                raise TileParseError(f"'0r' at position {pos - 1} in {_quote(source, pos)}: 0 is already red, write 0 or 5r")
            pending[-1][1] = True
        elif c in "mpsz":
            if not pending:
                raise TileParseError(f"suit letter {c!r} at position {pos} in {_quote(source, pos)} has no digits before it")
            suit = "mpsz".index(c)
            for digit, red, dpos in pending:
                if suit == 3:
                    if digit == 0 or red:
                        raise TileParseError(
                            f"'{digit}{'r' if red and digit else ''}z' at position {dpos} in {_quote(source, dpos)}: honors have no red tiles"
                        )
                    if digit > 7:
                        raise TileParseError(f"'{digit}z' at position {dpos} in {_quote(source, dpos)}: honors are 1z..7z")
                    kind = 27 + digit - 1
                else:
                    kind = 9 * suit + (4 if digit == 0 else digit - 1)
                out.append((kind, red, dpos))
            pending = []
        elif c.isspace():
            if pending:
                raise TileParseError(_no_suit_message(pending, source))
        else:
            if c.isalpha():
                raise TileParseError(f"unknown suit letter {c!r} at position {pos} in {_quote(source, pos)} (suits are m p s z)")
            raise TileParseError(f"unexpected character {c!r} at position {pos} in {_quote(source, pos)}")
        i += 1
    if pending:
        raise TileParseError(_no_suit_message(pending, source))
    return out


def _no_suit_message(pending, source):
    digits = "".join(str(d) + ("r" if r and d else "") for d, r, _ in pending)
    if len(digits) > 20:
        digits = digits[:20] + "..."
    return f"digits {digits!r} at position {pending[0][2]} in {_quote(source, pending[0][2])} have no suit letter after them"


def _describe(kind, red, pos, source):
    if red:
        name = f"{_red_digit(kind)}{'mpsz'[kind // 9]}"
    else:
        name = KIND_NAMES[kind]
    return f"{name!r} at position {pos} in {_quote(source, pos)}"


def parse_tiles(text: str, *, red=None) -> tuple[int, ...]:
    """Parse an mpsz string into sorted, distinct 136-ids.

    >>> parse_tiles("123m406p")
    (0, 4, 8, 48, 52, 56)
    >>> parse_tiles("55p0p", red={"5p": 2})
    (52, 54, 55)
    >>> parse_tiles("3r4s", red={"3s": 1})
    (80, 84)
    """
    if red is None and _fast is not None:
        ids = _fast.parse_tiles(text)
        if ids is not None:
            return ids
    red = red_counts(red)
    alloc = _Allocator(red)
    ids = [alloc.take(kind, r, lambda k=kind, r=r, p=pos: _describe(k, r, p, text)) for kind, r, pos in _tokenize(text)]
    ids.sort()
    return tuple(ids)


def mpsz_to_counts(text: str, *, red=None) -> np.ndarray:
    """Count the kinds of an mpsz string (uint8, shape (34,)); red tiles count as their kind.

    The string is checked exactly as :func:`parse_tiles` checks it (one rule
    for every reader): a fifth copy, a red tile the rules do not have, or more
    plain copies of a five than the rules leave plain (``5555m`` under the
    default one red 5m: write ``0555m``) is an error.  Counts carry no red
    information.

    >>> mpsz_to_counts("11m0555p")[[0, 13]]
    array([2, 4], dtype=uint8)
    """
    counts = bytearray(N_KINDS)
    for t in parse_tiles(text, red=red):
        counts[t >> 2] += 1
    return np.frombuffer(counts, dtype=np.uint8)


def _mpsz_kinds(text: str) -> list[int]:
    """The kinds of an mpsz string in the order written, checked for the notation and a fifth copy only
    (no red rule: what dora indicator strings need; ``0`` and ``5`` are both the five).

    >>> _mpsz_kinds("5m0m1z")
    [4, 4, 27]
    """
    counts = [0] * N_KINDS
    out = []
    for kind, r, pos in _tokenize(text):
        if counts[kind] >= 4:
            raise TileCountError(f"a fifth copy of {KIND_NAMES[kind]}: {_describe(kind, r, pos, text)}")
        counts[kind] += 1
        out.append(kind)
    return out


def _format_groups(items):
    """``items``: sorted iterable of (kind, red) -> mpsz string."""
    parts = []
    cur_suit = -1
    buf = []
    for kind, red in items:
        suit = kind // 9 if kind < 27 else 3
        if suit != cur_suit:
            if buf:
                parts.append("".join(buf) + SUITS[cur_suit])
            buf = []
            cur_suit = suit
        if suit == 3:
            buf.append(str(kind - 26))
        elif red:
            buf.append(_red_digit(kind))
        else:
            buf.append(str(kind % 9 + 1))
    if buf:
        parts.append("".join(buf) + SUITS[cur_suit])
    return "".join(parts)


def _is_counts_input(x):
    return isinstance(x, (np.ndarray, bytes, bytearray, memoryview))


def format_tiles(tiles, *, red=None) -> str:
    """Write tiles in mpsz: from 136-ids (red tiles shown as ``0``) or from 34 counts.

    A numpy array, ``bytes`` or ``bytearray`` is read as 34 counts; any other
    sequence as 136-ids.

    >>> format_tiles([0, 4, 8, 52, 53, 135])
    '123m05p7z'
    >>> format_tiles(mpsz_to_counts("406p"))
    '456p'
    >>> format_tiles(parse_tiles("23r4s", red={"3s": 1}), red={"3s": 1})
    '23r4s'
    """
    if red is None and _fast is not None:
        text = _fast.format_ids(tiles)
        if text is not None:
            return text
    if _is_counts_input(tiles):
        return counts_to_mpsz(tiles)
    red = red_counts(red)
    ids = _checked_ids(tiles)
    return _format_groups((t // 4, t % 4 < red[t // 4]) for t in sorted(ids))


# ---------------------------------------------------------------------------
# ids and counts


def _checked_ids(tiles):
    """Validate a sequence of 136-ids: ints in range, no physical tile twice."""
    if isinstance(tiles, (str, bytes, bytearray)):
        raise ArrayError(f"expected a sequence of 136-ids, got {type(tiles).__name__} {_short(tiles)}")
    try:
        ids = list(tiles)
    except TypeError:
        raise ArrayError(f"expected a sequence of 136-ids, got {type(tiles).__name__} {_short(tiles)}") from None
    seen = {}
    for pos, tile in enumerate(ids):
        t = _check_id(tile, pos)
        if t in seen:
            hint = ""
            if len(ids) == N_KINDS and all(isinstance(v, numbers.Integral) and 0 <= v <= 4 for v in ids):
                hint = " (a list is read as 136-ids; pass 34 counts as a uint8 numpy array or bytes)"
            raise TileCountError(
                f"tile id {t} ({KIND_NAMES[t // 4]}) appears twice, at positions {seen[t]} and {pos}{hint}"
            )
        seen[t] = pos
        ids[pos] = t
    return ids


def ids_to_counts(tiles) -> np.ndarray:
    """34 counts (uint8) of a sequence of distinct 136-ids.

    >>> ids_to_counts([0, 1, 135])[[0, 33]]
    array([2, 1], dtype=uint8)
    """
    counts = bytearray(N_KINDS)
    for t in _checked_ids(tiles):
        counts[t >> 2] += 1
    return np.frombuffer(counts, dtype=np.uint8)


def _counts_list(counts):
    """Any 34-count form (array of any int dtype, bytes, sequence) -> list of ints, checked."""
    if isinstance(counts, np.ndarray):
        if counts.shape != (N_KINDS,):
            raise ArrayError(f"counts must have shape (34,), got {counts.shape}")
        if counts.dtype.kind not in "iu":
            raise ArrayError(f"counts must be an integer array, got dtype {counts.dtype}")
        values = counts.tolist()
    elif isinstance(counts, (bytes, bytearray, memoryview)):
        values = list(bytes(counts))
        if len(values) != N_KINDS:
            raise ArrayError(f"counts as bytes must have length 34, got {len(values)}")
    elif isinstance(counts, str):
        raise ArrayError(f"expected 34 counts, got the string {_short(counts)} (use mpsz_to_counts)")
    else:
        try:
            values = list(counts)
        except TypeError:
            raise ArrayError(f"expected 34 counts, got {type(counts).__name__}") from None
        if len(values) != N_KINDS:
            raise ArrayError(f"counts must have 34 entries, got {len(values)}")
        for k, v in enumerate(values):
            if isinstance(v, bool) or not isinstance(v, numbers.Integral):
                raise ArrayError(f"count of {KIND_NAMES[k]} must be an int, got {v!r}")
        values = [int(v) for v in values]
    for k, v in enumerate(values):
        if v < 0:
            raise ArrayError(f"count of {KIND_NAMES[k]} is negative ({v})")
        if v > 4:
            raise TileCountError(f"{v} copies of {KIND_NAMES[k]} (kind {k}): at most 4 exist")
    return values


def counts_to_ids(counts, *, red=None) -> tuple[int, ...]:
    """Sorted 136-ids for 34 counts: plain ids of each kind first, red ids only when needed.

    >>> counts_to_ids(mpsz_to_counts("55m"))
    (17, 18)
    >>> counts_to_ids(bytes([0, 0, 0, 0, 4] + [0] * 29))
    (16, 17, 18, 19)
    """
    red = red_counts(red)
    ids = []
    for k, c in enumerate(_counts_list(counts)):
        if c:
            r = red[k]
            plain = list(range(4 * k + r, 4 * k + 4))
            ids.extend(sorted(plain[:c] + list(range(4 * k, 4 * k + max(0, c - len(plain))))))
    ids.sort()
    return tuple(ids)


def counts_to_mpsz(counts, *, red=None) -> str:
    """Write 34 counts in mpsz; it parses back to the same counts under ``red``.

    Counts carry no red information: the copies of a kind are plain ones
    first, and only copies beyond the plain ones the rules leave are written
    red (so four 5m under the default rules are ``0555m``, as
    :meth:`Hand.from_counts <riichi_fast.hand.Hand.from_counts>` places them).

    >>> counts_to_mpsz(bytes([1, 1, 1] + [0] * 30 + [2]))
    '123m77z'
    >>> counts_to_mpsz(bytes([0, 0, 0, 0, 4] + [0] * 29)), counts_to_mpsz(bytes([0, 0, 0, 0, 4] + [0] * 29), red=0)
    ('0555m', '5555m')
    """
    values = _counts_list(counts)
    red = red_counts(red)
    items = []
    for k in range(N_KINDS):
        n_red = max(0, values[k] - (4 - red[k]))
        items.extend((k, i < n_red) for i in range(values[k]))
    return _format_groups(items)


#: set by riichi_fast.hand (which sits above this module): one-line hand text -> its closed counts
_HAND_TEXT_COUNTS = None


def _array_counts(x, check=True) -> np.ndarray:
    """A numpy array of counts (shape (34,)) or 136-ids (1-d, at most 14), any integer dtype -> uint8 counts."""
    x = np.asarray(x)
    if x.dtype.kind not in "iu":
        raise ArrayError(f"a tiles array must have an integer dtype (34 counts or 136-ids), got {x.dtype}")
    if x.ndim != 1 or x.shape[0] > 14 and x.shape[0] != N_KINDS:
        raise ArrayError(f"a tiles array must have shape (34,) for counts or hold at most 14 136-ids, got {x.shape}")
    if x.shape[0] != N_KINDS:
        return ids_to_counts(x.tolist())
    if x.dtype == _U8 and x.flags.c_contiguous:
        if check and x.tobytes().translate(None, _COUNT_OK):
            _counts_list(x)  # raises naming the kind
        return x
    if check:
        return np.array(_counts_list(x), dtype=np.uint8)
    return np.ascontiguousarray(x, dtype=np.uint8)


def as_counts(x, *, check: bool = True) -> np.ndarray:
    """Coerce tiles to the kernel input: a C-contiguous uint8 array of shape (34,).

    Accepts an mpsz string (or a one-line hand string with melds: its closed
    part), a ``Hand``, a sequence of 136-ids, ``bytes``/``bytearray`` of length
    34, or a 1-d numpy array of any integer dtype: 34 counts when its shape is
    (34,), else at most 14 136-ids.  A uint8 C-contiguous count array is
    returned as is (no copy).  Another dtype or shape raises
    :class:`ArrayError` naming the problem; a count above 4 raises
    :class:`TileCountError` (skip that check with ``check=False``).

    >>> int(as_counts("19m19p19s1234567z").sum())
    13
    >>> as_counts([0, 1, 2]).tolist()[:2]
    [3, 0]
    >>> as_counts(np.array([0, 1, 2], dtype=np.int64)).tolist()[:2]
    [3, 0]
    """
    if type(x) is np.ndarray and x.dtype is _U8 and x.shape == (N_KINDS,) and x.flags.c_contiguous:
        if check and x.tobytes().translate(None, _COUNT_OK):
            _counts_list(x)  # raises naming the kind
        return x
    if isinstance(x, np.ndarray):
        return _array_counts(x, check)
    if isinstance(x, str):
        if ":" in x or "@" in x or "*" in x:
            return _HAND_TEXT_COUNTS(x)  # Hand.parse(x).counts34()
        return mpsz_to_counts(x)
    if isinstance(x, (bytes, bytearray)):
        if len(x) != N_KINDS:
            raise ArrayError(f"counts as {type(x).__name__} must have length 34, got {len(x)}")
        arr = np.frombuffer(bytes(x), dtype=np.uint8)
        if check and bytes(x).translate(None, _COUNT_OK):
            _counts_list(arr)
        return arr
    counts34 = getattr(x, "counts34", None)
    if callable(counts34):
        return counts34()
    return ids_to_counts(x)


# ---------------------------------------------------------------------------
# mjai


def kind_to_mjai(kind: int) -> str:
    """The mjai name of a kind (plain tile).

    >>> kind_to_mjai(4), kind_to_mjai(27), kind_to_mjai(33)
    ('5m', 'E', 'C')
    """
    return MJAI_NAMES[_check_kind(kind)]


def _mjai_split(name):
    """mjai name -> (kind, red)."""
    if isinstance(name, str):
        kind = _MJAI_TO_KIND.get(name)
        if kind is not None:
            return kind, False
        if len(name) == 3 and name[2] == "r":
            kind = _MJAI_TO_KIND.get(name[:2])
            if kind is not None and kind < 27:
                return kind, True
    raise TileParseError(f"{name!r} is not an mjai tile name (1m..9s, 5mr/5pr/5sr, E S W N P F C)")


def mjai_to_kind(name: str) -> int:
    """The kind of an mjai tile name; ``5mr`` is the 5m kind.

    >>> mjai_to_kind("5pr"), mjai_to_kind("N"), mjai_to_kind("9s")
    (13, 30, 26)
    """
    return _mjai_split(name)[0]


def id_to_mjai(tile: int, *, red=None) -> str:
    """The mjai name of a 136-id; red tiles get the ``r`` suffix (``5mr``, ``3sr``).

    >>> id_to_mjai(16), id_to_mjai(17), id_to_mjai(132)
    ('5mr', '5m', 'C')
    """
    tile = _check_id(tile)
    kind = tile >> 2
    if tile & 3 < red_counts(red)[kind]:
        return MJAI_NAMES[kind] + "r"
    return MJAI_NAMES[kind]


def parse_mjai(names, *, red=None) -> tuple[int, ...]:
    """Distinct 136-ids for a list of mjai names, in input order.

    >>> parse_mjai(["5m", "5mr", "5m", "E"])
    (17, 16, 18, 108)
    """
    if isinstance(names, str):
        names = names.split()
    elif not isinstance(names, Iterable):
        raise TileParseError(f"mjai tiles must be a string or a sequence of names, got {names!r}")
    alloc = _Allocator(red_counts(red))
    out = []
    for pos, name in enumerate(names):
        kind, r = _mjai_split(name)
        out.append(alloc.take(kind, r, lambda n=name, p=pos: f"{n!r} at position {p}"))
    return tuple(out)


def mjai_to_id(name: str, *, red=None) -> int:
    """The lowest 136-id an mjai name can be (red names take red ids).

    >>> mjai_to_id("5pr"), mjai_to_id("5p"), mjai_to_id("P")
    (52, 53, 124)
    """
    return parse_mjai([name], red=red)[0]


# ---------------------------------------------------------------------------
# tenhou.net/6


def _tenhou6_split(code):
    if not isinstance(code, bool) and isinstance(code, numbers.Integral):
        code = int(code)
        suit, n = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= n <= 9:
            return 9 * (suit - 1) + n - 1, False
        if suit == 4 and 1 <= n <= 7:
            return 27 + n - 1, False
        if suit == 5 and 1 <= n <= 3:
            return 9 * (n - 1) + 4, True
    raise TileParseError(f"{code!r} is not a tenhou.net/6 tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


def parse_tenhou6(codes, *, red=None) -> tuple[int, ...]:
    """Distinct 136-ids for a list of tenhou.net/6 tile codes, in input order.

    >>> parse_tenhou6([15, 51, 15, 47])
    (17, 16, 18, 132)
    """
    alloc = _Allocator(red_counts(red))
    out = []
    for pos, code in enumerate(codes):
        kind, r = _tenhou6_split(code)
        out.append(alloc.take(kind, r, lambda c=code, p=pos: f"code {c} at position {p}"))
    return tuple(out)


def tenhou6_to_id(code: int, *, red=None) -> int:
    """The lowest 136-id a tenhou.net/6 code can be (51/52/53 take red ids).

    >>> tenhou6_to_id(52), tenhou6_to_id(25), tenhou6_to_id(41)
    (52, 53, 108)
    """
    return parse_tenhou6([code], red=red)[0]


def id_to_tenhou6(tile: int, *, red=None) -> int:
    """The tenhou.net/6 code of a 136-id (red fives: 51, 52, 53).

    tenhou.net/6 has no code for a red tile that is not a five: it comes out
    as the plain code.

    >>> id_to_tenhou6(16), id_to_tenhou6(17), id_to_tenhou6(135)
    (51, 15, 47)
    """
    tile = _check_id(tile)
    kind = tile >> 2
    if kind >= 27:
        return 41 + kind - 27
    suit, n = divmod(kind, 9)
    if n == 4 and tile & 3 < red_counts(red)[kind]:
        return 51 + suit
    return 10 * (suit + 1) + n + 1


# ---------------------------------------------------------------------------
# dora


def dora_from_indicator(kind: int) -> int:
    """The dora kind shown by an indicator kind (RULES.md section 3).

    Next number in the suit (9 -> 1), winds E -> S -> W -> N -> E, dragons
    haku -> hatsu -> chun -> haku.

    >>> kind_name(dora_from_indicator(parse_kind("9m")))
    '1m'
    >>> kind_name(dora_from_indicator(parse_kind("4z"))), kind_name(dora_from_indicator(parse_kind("7z")))
    ('1z', '5z')
    """
    kind = _check_kind(kind, "indicator kind")
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind < 31:
        return 27 if kind == 30 else kind + 1
    return 31 if kind == 33 else kind + 1
