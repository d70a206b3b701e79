"""Twin of ``riichi_fast.records._round``: the record readers' helpers on a round, in Python.

The compiled module also holds ``RoundState``, the C replay of a round's steps that the
compiled readers drive; its Python counterpart, which every reader runs whenever the C
path declines (and always under ``RIICHI_FAST_PUREPYTHON=1``), is
:class:`riichi_fast.records.round_state.RoundReplay`.  The functions here give the compiled
ones' answers: :func:`declared`, :func:`score_data` and :func:`quick_hand` exactly, and
:func:`mini_json` by reading no JSON itself (its callers then use ``json.loads``, whose
values the compiled reader gives wherever it answers).
"""

from __future__ import annotations

from riichi_fast.enums import MeldType

__all__ = ["Decline", "declared", "mini_json", "quick_hand", "score_data"]


class Decline(Exception):
    """The compiled replay leaves this round to the Python reader."""


def declared(events) -> tuple[int, ...]:
    """The seats of the ``riichi_accepted`` events of a round's ``events``, sorted.

    >>> from riichi_fast.records.model import Event
    >>> declared([Event("riichi_accepted", 2), Event("draw", 0, 4), Event("riichi_accepted", 0)])
    (0, 2)
    """
    events = list(events)
    types = [ev.type for ev in events]  # one quick pass (faster than map/attrgetter on 3.11)
    if "riichi_accepted" not in types:
        return ()
    seats = set()
    i = types.index("riichi_accepted")
    try:
        while True:  # list.index scans in C: a few declarations among a hundred events
            seats.add(events[i].seat)
            i = types.index("riichi_accepted", i + 1)
    except ValueError:
        pass
    return tuple(sorted(seats))


def mini_json(text: str, loose: bool = False):
    """None: the caller decodes ``text`` with ``json.loads`` (the compiled reader answers
    only for plainly simple JSON, with ``json.loads``'s value).

    >>> mini_json('{"log": []}') is None
    True
    """
    return None


# ---------------------------------------------------------------------------
# The verifier's quick path: the same Hand as records.model.to_hand, built without its
# checks when plain checks here show that to_hand would accept the win as it is.

_CHI, _PON, _DAIMINKAN, _ANKAN, _SHOUMINKAN, _KITA = (
    MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN, MeldType.KITA)
#: a record meld's type (a MeldType or its int) -> (the MeldType, the meld's size)
_MELD_SIZE = {t: (t, size) for t, size in (
    (_CHI, 3), (_PON, 3), (_DAIMINKAN, 4), (_ANKAN, 4), (_SHOUMINKAN, 4), (_KITA, 1))}


def quick_hand(win, hand_cls, meld_cls, red_of):
    """``records.hands.quick_hand`` (``hand_cls``/``meld_cls``: the core Hand and Meld):
    the Hand of ``win`` built without its checks, or None for anything unusual."""
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
    red = red_of(win)
    hand = hand_cls.__new__(hand_cls)
    d = hand.__dict__
    d["closed"] = closed = tuple(sorted(closed))
    d["melds"] = melds = tuple(melds)
    d["red"] = red
    d["_counts"] = None
    d["_sd"] = score_data(closed, melds, red)
    return hand


def score_data(closed, melds, red) -> bytes:
    """``Hand._score_data()`` of a hand of these fields: the 80 bytes the scoring kernel reads.

    >>> score_data((0, 4), (), (0,) * 34)[:2], len(score_data((0, 4), (), (0,) * 34))
    (b'\\x01\\x01', 80)
    """
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
