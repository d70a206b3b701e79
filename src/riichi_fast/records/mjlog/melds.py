"""Tenhou's meld codes (the ``m`` of an mjlog ``<N>``): :func:`decode_meld`, used by the
mjlog reader (:mod:`.reader`) and its compiled half ``_reader``."""

from __future__ import annotations

from riichi_fast.enums import MeldType
from riichi_fast.records.errors import RecordError
from riichi_fast.records.model import RecordMeld

__all__ = ["decode_meld"]


def decode_meld(code: int, who: int, n_players: int = 4) -> RecordMeld:
    """Decode a Tenhou meld code called by seat ``who``.

    The low two bits give the discarder relative to ``who`` (1 = next seat,
    2 = opposite, 3 = previous; 0 = none: ankan).  Bit 2 marks a chi, bit 3 a
    pon, bit 4 a shouminkan, bit 5 a kita; otherwise it is a kan.  Tenhou
    seats a three-player game on its four-seat table (seat 3 empty), so the
    discarder is counted on four seats there too: for seat 0 the previous
    player, seat 2, is "opposite" (low bits 2).

    >>> m = decode_meld(5367, 0)       # chi 2-3-4m by seat 0, the 4m called from seat 3
    >>> m.type.name, m.tiles, m.called, m.from_seat, m.mpsz()
    ('CHI', (6, 11, 13), 13, 3, '234m')
    >>> m = decode_meld(29802, 1)      # pon of 2s by seat 1 from the seat opposite
    >>> m.type.name, m.tiles, m.called, m.from_seat
    ('PON', (76, 77, 78), 77, 3)
    >>> decode_meld(29802, 1, n_players=3).from_seat   # three players: seat 3 is empty
    Traceback (most recent call last):
    ...
    riichi_fast.records.errors.RecordError: meld code 29802 by seat 1: called from seat 3, an empty seat with three players

    A code that no call has (a kind beyond 7z, bits of two meld types, a kita
    in a four-player game...) raises :class:`RecordError`.
    """
    if type(code) is not int or not 0 <= code <= 0xFFFF:
        if isinstance(code, bool) or not isinstance(code, int):
            raise RecordError(f"meld code {code!r}: expected an int 0-65535")
        raise RecordError(f"meld code {code}: expected 0-65535")
    if n_players not in (3, 4) or isinstance(n_players, bool):
        raise RecordError(f"decode_meld n_players={n_players!r}: expected 3 or 4")
    if type(who) is not int or not 0 <= who < n_players:
        raise RecordError(f"meld code {code}: seat {who!r} is not one of 0-{n_players - 1}")

    def bad(why: str) -> RecordError:
        return RecordError(f"meld code {code} by seat {who}: {why}")

    rel = code & 3
    from_seat = (who + rel) % 4 if rel else None
    if from_seat is not None and from_seat >= n_players:
        raise bad(f"called from seat {from_seat}, an empty seat with three players")
    if code & 0x4:  # chi
        if n_players == 3:
            raise bad("a chi, which three players do not play")
        if rel != 3:
            raise bad("a chi not called from the previous seat")
        if code & 0x200:
            raise bad("unused bit 9 is set")
        t = code >> 10
        if t >= 63:
            raise bad(f"chi base {t} is beyond 789s")
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        offs = ((code >> 3) & 3, (code >> 5) & 3, (code >> 7) & 3)
        tiles = tuple((base + i) * 4 + offs[i] for i in range(3))
        meld = RecordMeld(MeldType.CHI, tiles, tiles[r], from_seat, None, code)
    elif code & 0x18:  # pon (0x8) or shouminkan (0x10)
        if code & 0x18 == 0x18:
            raise bad("both the pon and the shouminkan bits are set")
        if code & 0x180:
            raise bad("unused bits 7-8 are set")
        if rel == 0:
            raise bad("a pon or shouminkan with no discarder")
        t = code >> 9
        if t >= 102:
            raise bad(f"pon base {t} is beyond 7z")
        r = t % 3
        kind = t // 3
        unused = (code >> 5) & 3
        three = tuple(kind * 4 + i for i in range(4) if i != unused)
        called = three[r]
        if code & 0x8:
            meld = RecordMeld(MeldType.PON, three, called, from_seat, None, code)
        else:
            meld = RecordMeld(MeldType.SHOUMINKAN, tuple(kind * 4 + i for i in range(4)),
                              called, from_seat, kind * 4 + unused, code)
    elif code & 0x20:  # kita
        tile = code >> 8
        if n_players == 4:
            raise bad("a kita, which four players do not play")
        if code & 0xDF:
            raise bad("a kita with other low bits set")
        if tile // 4 != 30:
            raise bad(f"a kita of tile {tile}, not a north (120-123)")
        return RecordMeld(MeldType.KITA, (tile,), None, None, None, code)
    else:  # kan
        if code & 0xC0:
            raise bad("unused bits 6-7 are set")
        t = code >> 8
        if t >= 136:
            raise bad(f"kan tile {t} is beyond 7z")
        kind = t // 4
        tiles = tuple(kind * 4 + i for i in range(4))
        if rel == 0:
            meld = RecordMeld(MeldType.ANKAN, tiles, None, None, None, code)
        else:
            meld = RecordMeld(MeldType.DAIMINKAN, tiles, t, from_seat, None, code)
    if n_players == 3 and 1 <= meld.tiles[0] // 4 <= 7:
        raise bad(f"a meld of {meld.mpsz(False)}, a tile three players do not use")
    return meld
