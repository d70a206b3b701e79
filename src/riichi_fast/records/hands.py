"""Conversion of record hands to :class:`riichi_fast.hand.Hand` (imported lazily)."""

from __future__ import annotations

from riichi_fast.enums import MeldType


def to_meld(meld, winner: int, n_players: int = 4):
    """A :class:`riichi_fast.hand.Meld` from a record meld of seat ``winner``.

    The hand module counts the discarder relative to the owner (1 = right,
    2 = across, 3 = left); records store absolute seats.
    """
    from riichi_fast.hand import Meld

    if meld.type in (MeldType.ANKAN, MeldType.KITA):
        return Meld(meld.type, meld.tiles)
    rel = (meld.from_seat - winner) % n_players if meld.from_seat is not None else 3
    if n_players == 3 and rel == 2:
        rel = 3  # three players: the seat before the owner is on the left
    return Meld(meld.type, meld.tiles, meld.called, rel)


def to_hand(win):
    """The :class:`riichi_fast.hand.Hand` of a :class:`RecordedWin`."""
    from riichi_fast.hand import Hand

    n = 3 if win.three_player else 4
    melds = tuple(to_meld(m, win.winner, n) for m in win.melds)
    red = (1 if not win.three_player else {"5p": 1, "5s": 1}) if win.red_fives else 0
    return Hand(win.closed, melds, red)


# ---------------------------------------------------------------------------
# The verifier's quick path: the same Hand as to_hand, built without its checks
# when plain checks here show that to_hand would accept the win as it is.

_CHI, _PON, _DAIMINKAN, _ANKAN, _SHOUMINKAN, _KITA = (
    MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN, MeldType.KITA)
#: a record meld's type (a MeldType or its int) -> (the MeldType, the meld's size)
_MELD_SIZE = {t: (t, size) for t, size in (
    (_CHI, 3), (_PON, 3), (_DAIMINKAN, 4), (_ANKAN, 4), (_SHOUMINKAN, 4), (_KITA, 1))}
_REDS: dict = {}
_CLASSES: list = []


def _red_of(win):
    key = (bool(win.red_fives), bool(win.three_player))
    red = _REDS.get(key)
    if red is None:
        from riichi_fast.tiles import red_counts

        red = red_counts((1 if not win.three_player else {"5p": 1, "5s": 1}) if win.red_fives else 0)
        _REDS[key] = red
    return red


def quick_hand(win):
    """:func:`to_hand` of ``win`` when its tiles and melds are plainly valid, else ``None``.

    The Hand is equal in every field to ``to_hand(win)`` (closed ids sorted,
    the same Meld objects' fields, the same red configuration); every unusual
    input (a duplicate id, a meld of the wrong shape or size, a called tile
    outside its meld, a wrong tile count, a non-int id) returns ``None`` so
    that :func:`to_hand` raises its own error.

    >>> from riichi_fast.records.model import RecordedWin, RecordedScore, Situation
    >>> win = RecordedWin("x", 0, 0, None, tuple(range(0, 56, 4)), (), 52, Situation(True),
    ...                   RecordedScore(), 0)
    >>> import dataclasses
    >>> quick_hand(win) == to_hand(win), quick_hand(dataclasses.replace(win, closed=(0,) * 14))
    (True, None)
    """
    if not _CLASSES:
        from riichi_fast.hand import Hand, Meld

        _CLASSES[:] = [Hand, Meld]
        _CLASSES.append(_compiled_quick_hand())
    hand_cls, meld_cls, compiled = _CLASSES
    try:
        if compiled is not None:  # records._round.quick_hand; its twin: _quick_hand
            return compiled(win, hand_cls, meld_cls, _red_of)
        return _quick_hand(win, hand_cls, meld_cls)
    except Exception:  # noqa: BLE001 - anything odd: to_hand decides (and raises its own error)
        return None


def _compiled_quick_hand():
    """``records._round.quick_hand`` (None under RIICHI_FAST_PUREPYTHON=1)."""
    from riichi_fast import _backend

    mod = _backend.compiled("records._round")
    return None if mod is None else mod.quick_hand


def _quick_hand(win, hand_cls, meld_cls):
    closed = win.closed
    if type(closed) is not tuple:
        return None
    for t in closed:
        if type(t) is not int:
            return None
    seen = set(closed)
    n_ids = len(closed)
    n_sets = 0
    melds = []
    n = 3 if win.three_player else 4
    winner = win.winner
    for m in win.melds:
        entry = _MELD_SIZE.get(m.type)
        tiles = m.tiles
        if entry is None:
            return None
        mtype, size = entry
        if type(tiles) is not tuple or len(tiles) != size:
            return None
        for t in tiles:
            if type(t) is not int:
                return None
        tiles = tuple(sorted(tiles))
        seen.update(tiles)
        n_ids += size
        k = tiles[0] >> 2
        if mtype == _CHI:
            if k >= 27 or k % 9 > 6 or tiles[1] >> 2 != k + 1 or tiles[2] >> 2 != k + 2:
                return None
        elif mtype == _KITA:
            if k != 30:
                return None
        elif tiles[-1] >> 2 != k:  # sorted ids: one kind when the first and last agree
            return None
        meld = meld_cls.__new__(meld_cls)
        d = meld.__dict__
        if mtype == _ANKAN or mtype == _KITA:
            d["type"], d["tiles"], d["called"], d["from_seat"] = mtype, tiles, None, None
        else:
            called = m.called
            seat = m.from_seat
            if type(called) is not int or called not in tiles:
                return None
            if seat is None:
                rel = 3
            elif type(seat) is not int:
                return None
            else:
                rel = (seat - winner) % n
                if n == 3 and rel == 2:
                    rel = 3
            if rel not in (1, 2, 3) or (mtype == _CHI and rel != 3):
                return None
            d["type"], d["tiles"], d["called"], d["from_seat"] = mtype, tiles, called, rel
        if mtype != _KITA:
            n_sets += 1
        melds.append(meld)
    if len(seen) != n_ids or len(closed) + 3 * n_sets not in (13, 14):
        return None
    if min(seen) < 0 or max(seen) > 135:
        return None
    red = _red_of(win)
    hand = hand_cls.__new__(hand_cls)
    d = hand.__dict__
    d["closed"] = closed = tuple(sorted(closed))
    d["melds"] = melds = tuple(melds)
    d["red"] = red
    d["_counts"] = None
    d["_sd"] = _score_data(closed, melds, red)
    return hand


def _score_data(closed, melds, red) -> bytes:
    """``Hand._score_data()`` of a hand of these fields (the same 80 bytes, computed once here);
    compiled: ``records._round.score_data`` (its twin :func:`_score_data_py`)."""
    fn = _SCORE_DATA[0] if _SCORE_DATA else _compiled_score_data()
    if fn is not None and type(red) is tuple:
        return fn(closed, melds, red)
    return _score_data_py(closed, melds, red)


_SCORE_DATA: list = []


def _compiled_score_data():
    """``records._round.score_data`` (None under RIICHI_FAST_PUREPYTHON=1)."""
    from riichi_fast import _backend

    mod = _backend.compiled("records._round")
    _SCORE_DATA.append(None if mod is None else mod.score_data)
    return _SCORE_DATA[0]


def _score_data_py(closed, melds, red) -> bytes:
    """:func:`_score_data` in Python."""
    buf = bytearray(80)
    n_red = 0
    for t in closed:
        k = t >> 2
        buf[k] += 1
        buf[46 + k] += 1
        if (t & 3) < red[k]:
            n_red += 1
    slot = n_kita = is_open = 0
    for m in melds:
        for t in m.tiles:
            k = t >> 2
            buf[46 + k] += 1
            if (t & 3) < red[k]:
                n_red += 1
        mtype = m.type
        if mtype == _KITA:
            n_kita += 1
        else:
            buf[34 + slot] = int(mtype)
            buf[38 + slot] = m.tiles[0] >> 2
            slot += 1
            if mtype != _ANKAN:
                is_open = 1
    buf[42] = n_kita
    buf[43] = is_open
    buf[44] = len(closed) + 3 * slot
    buf[45] = n_red
    return bytes(buf)
