"""Every reading of a complete hand (pure-Python twin of ``riichi_fast.analysis._decompose``).

A complete hand is 4 sets + a pair (the melds count as sets), seven distinct
pairs (chiitoitsu, no melds; four of a kind is not two pairs) or the thirteen
orphans (kokushi, no melds).  :func:`decompose` lists every distinct reading in
the canonical order of ``docs/INTERNALS.md``; given the winning tile it lists
every (reading, completed set, wait shape) option instead.

This module is the executable specification: it enumerates naively and
deduplicates with a set, where the compiled kernel walks the kinds once.
"""

from __future__ import annotations

from riichi_fast.analysis._checks import _int, as_counts, as_kind
from riichi_fast.analysis.readings import HandSet, Reading, WinReading
from riichi_fast.enums import Form, MeldType, SetType, WaitShape
from riichi_fast.errors import MeldError, TileCountError, TileParseError
from riichi_fast.tiles import KIND_NAMES

N_KINDS = 34
MAX_READINGS = 32
MAX_WIN_OPTIONS = 160
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

_MELD_SET_TYPE = {
    MeldType.CHI: SetType.SEQUENCE,
    MeldType.PON: SetType.TRIPLET,
    MeldType.DAIMINKAN: SetType.QUAD,
    MeldType.ANKAN: SetType.QUAD,
    MeldType.SHOUMINKAN: SetType.QUAD,
}


# ---------------------------------------------------------------------------
# input checks (shared by the reference twins of decompose, waits and furiten)


def _mpsz(text: str) -> bytes:
    """34-counts of a plain mpsz string (doctest helper; no red fives, no melds).

    Deliberately unvalidated, unlike :func:`riichi_fast.tiles.mpsz_to_counts`:
    tests build counts above 4 with it to reach the kernels' own checks.

    >>> list(_mpsz("1123m")[:4])
    [2, 1, 1, 0]
    """
    counts = [0] * N_KINDS
    digits = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            base = "mpsz".index(ch) * 9
            for d in digits:
                counts[base + (5 if d == 0 else d) - 1] += 1
            digits = []
        else:
            raise TileParseError(f"unexpected character {ch!r} in {text!r}")
    return bytes(counts)


def kind_name(kind: int) -> str:
    """The mpsz name of a kind (``0 -> '1m'``, ``33 -> '7z'``)."""
    return KIND_NAMES[kind]


def check_melds(melds, closed: list[int]) -> tuple[list[int], list[int]]:
    """Validate ``(meld_type, meld_kind)`` pairs against the closed counts.

    Returns the meld types and kinds as two lists.  Raises :class:`MeldError`
    for a malformed meld, :class:`TileCountError` when a kind is used more than
    four times or the closed tile count does not fit the number of melds.
    """
    try:
        melds = list(melds)
    except TypeError:
        raise MeldError(f"melds must be a sequence of (meld_type, meld_kind) pairs, got {melds!r}") from None
    if len(melds) > 4:
        raise MeldError(f"at most 4 melds, got {len(melds)}")
    types, kinds = [], []
    for i, meld in enumerate(melds):
        try:
            mtype, mkind = meld
        except (TypeError, ValueError):
            raise MeldError(f"meld {i} must be a (meld_type, meld_kind) pair, got {meld!r}") from None
        t, k = _int(mtype), _int(mkind)
        if t is None or t not in _MELD_SET_TYPE:
            raise MeldError(f"meld {i}: unknown meld type {mtype!r} (kita is not a set)")
        if k is None or not 0 <= k < N_KINDS:
            raise MeldError(f"meld {i}: kind must be 0..33, got {mkind!r}")
        mtype, mkind = t, k
        if mtype == MeldType.CHI and (mkind >= 27 or mkind % 9 > 6):
            raise MeldError(f"meld {i}: a chi cannot start at {KIND_NAMES[mkind]}")
        types.append(int(mtype))
        kinds.append(mkind)
    total = list(closed)
    for mtype, mkind in zip(types, kinds):
        if mtype == MeldType.CHI:
            for j in range(3):
                total[mkind + j] += 1
        else:
            total[mkind] += 3 if mtype == MeldType.PON else 4
    for k in range(N_KINDS):
        if total[k] > 4:
            raise TileCountError(f"{total[k]} copies of {KIND_NAMES[k]} in the closed tiles and melds (at most 4)")
    n_closed = sum(closed)
    if n_closed != 14 - 3 * len(types):
        raise TileCountError(
            f"{n_closed} closed tiles with {len(types)} meld(s): a complete hand has {14 - 3 * len(types)}"
        )
    return types, kinds


# ---------------------------------------------------------------------------
# readings


def _set_decompositions(counts: list[int]):
    """Every multiset of sets (triplets and sequences) using all of ``counts``.

    Yields sorted tuples of ``(kind, SetType)``; duplicates may repeat.
    """
    first = next((k for k in range(N_KINDS) if counts[k]), None)
    if first is None:
        yield ()
        return
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _set_decompositions(counts):
            yield tuple(sorted(((first, SetType.TRIPLET),) + rest))
        counts[first] += 3
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for j in range(3):
            counts[first + j] -= 1
        for rest in _set_decompositions(counts):
            yield tuple(sorted(((first, SetType.SEQUENCE),) + rest))
        for j in range(3):
            counts[first + j] += 1


def _reading_key(r: Reading):
    return (r.form, -1 if r.pair is None else r.pair, [(s.type, s.kind) for s in r.sets], r.pairs)


def _readings(closed: list[int], mtypes: list[int], mkinds: list[int]) -> list[Reading]:
    readings = []
    if not mtypes:
        if all(closed[k] for k in YAOCHUU) and sum(closed[k] for k in YAOCHUU) == 14:
            pair = next(k for k in YAOCHUU if closed[k] == 2)
            return [Reading(Form.KOKUSHI, pair, (), ())]
        if all(c in (0, 2) for c in closed) and closed.count(2) == 7:
            pairs = tuple(k for k in range(N_KINDS) if closed[k] == 2)
            readings.append(Reading(Form.CHIITOITSU, None, (), pairs))
    melded = tuple(
        HandSet(_MELD_SET_TYPE[t], k, t == MeldType.ANKAN, i) for i, (t, k) in enumerate(zip(mtypes, mkinds))
    )
    for pair in range(N_KINDS):
        if closed[pair] < 2:
            continue
        rest = list(closed)
        rest[pair] -= 2
        for sets in set(_set_decompositions(rest)):
            closed_sets = tuple(HandSet(t, k, True, None) for k, t in sets)
            readings.append(Reading(Form.REGULAR, pair, closed_sets + melded, ()))
    readings.sort(key=_reading_key)
    return readings


def _wait_of(s: HandSet, win: int) -> WaitShape | None:
    """The wait shape if ``win`` completes set ``s``, else None."""
    if s.type == SetType.TRIPLET:
        return WaitShape.SHANPON if win == s.kind else None
    if s.type != SetType.SEQUENCE or not s.kind <= win <= s.kind + 2:
        return None
    if win == s.kind + 1:
        return WaitShape.KANCHAN
    if (win == s.kind and s.kind % 9 == 6) or (win == s.kind + 2 and s.kind % 9 == 0):
        return WaitShape.PENCHAN  # 89 waiting on 7, 12 waiting on 3
    return WaitShape.RYANMEN


def _win_readings(readings: list[Reading], win: int, tsumo: bool) -> list[WinReading]:
    out = []
    for r in readings:
        if r.form == Form.KOKUSHI:
            out.append(WinReading(r, 4, WaitShape.TANKI))
            continue
        if r.form == Form.CHIITOITSU:
            if win in r.pairs:
                out.append(WinReading(r, 4, WaitShape.TANKI))
            continue
        seen = set()
        for i, s in enumerate(r.sets):
            if s.meld is not None:
                continue
            wait = _wait_of(s, win)
            if wait is None or (s.type, s.kind, wait) in seen:
                continue
            seen.add((s.type, s.kind, wait))
            reading = r
            if s.type == SetType.TRIPLET and not tsumo:  # a triplet completed by ron is open
                sets = r.sets[:i] + (s._replace(concealed=False),) + r.sets[i + 1 :]
                reading = r._replace(sets=sets)
            out.append(WinReading(reading, i, wait))
        if r.pair == win:
            out.append(WinReading(r, 4, WaitShape.TANKI))
    return out


def decompose(counts, melds=(), win_tile=None, tsumo=False):
    """Every reading of a complete hand, or every win option given the winning tile.

    ``counts``: the closed tiles (34-counts, the winning tile included);
    ``melds``: ``(meld_type, meld_kind)`` pairs (lowest kind for a chi).
    Without ``win_tile``: a tuple of :class:`~riichi_fast.analysis.readings.Reading`,
    empty when the hand is not complete.  With ``win_tile`` (a kind 0..33 held
    in the closed tiles): a tuple of :class:`~riichi_fast.analysis.readings.WinReading`;
    with ``tsumo=False`` (ron) the triplet completed by the win is open.

    >>> for r in decompose(_mpsz("111222333m78999p")):
    ...     print(r)
    123m 123m 123m 789p 99p
    111m 222m 333m 789p 99p
    >>> for w in decompose(_mpsz("111222333m78999p"), win_tile=17):
    ...     print(w)
    123m 123m 123m 789p 99p (won on 789p, ryanmen)
    123m 123m 123m 789p 99p (won on 99p, tanki)
    111m 222m 333m 789p 99p (won on 789p, ryanmen)
    111m 222m 333m 789p 99p (won on 99p, tanki)
    """
    closed = as_counts(counts)
    mtypes, mkinds = check_melds(melds, closed)
    readings = _readings(closed, mtypes, mkinds)
    if win_tile is None:
        return tuple(readings)
    win = as_kind(win_tile, "win_tile")
    if closed[win] == 0:
        raise TileCountError(f"win_tile {KIND_NAMES[win]} is not among the closed tiles")
    return tuple(_win_readings(readings, win, bool(tsumo)))
