"""How a hand was won: :class:`WinContext` and its flat kernel encoding.

Winds are ints 0..3 (East, South, West, North) or the letters ``"ESWN"``.
Dora and ura-dora *indicators* are tile kinds (ints 0..33), an mpsz string
(``"1m5z"``) or a list of kinds and tile names (``["1m", "1m"]``); each
indicator counts, kan-dora included (at most 5 of each).
Ura-dora count only for a player in riichi (docs/SCORING.md section 3).

>>> ctx = WinContext(tsumo=True, riichi=True, seat_wind="S", dora="3p")
>>> ctx.seat_wind, ctx.dora, ctx.is_dealer
(1, (11,), False)
>>> arr = ctx.encode()
>>> int(arr[L.CTX_FLAGS]) == L.F_TSUMO | L.F_RIICHI, int(arr[L.CTX_N_DORA]), int(arr[L.CTX_DORA])
(True, 1, 11)
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, fields, replace

import numpy as np

from riichi_fast.errors import ContextError, TileCountError, TileParseError
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import is_flag
from riichi_fast.tiles import _mpsz_kinds

__all__ = ["WinContext", "as_indicators", "as_wind"]

_WIND_LETTERS = {"E": 0, "S": 1, "W": 2, "N": 3}

#: flag fields of WinContext and their bits
FLAG_FIELDS = {
    "tsumo": L.F_TSUMO,
    "riichi": L.F_RIICHI,
    "double_riichi": L.F_DOUBLE_RIICHI,
    "ippatsu": L.F_IPPATSU,
    "open_riichi": L.F_OPEN_RIICHI,
    "haitei": L.F_HAITEI,
    "houtei": L.F_HOUTEI,
    "rinshan": L.F_RINSHAN,
    "chankan": L.F_CHANKAN,
    "tenhou": L.F_TENHOU,
    "chiihou": L.F_CHIIHOU,
    "renhou": L.F_RENHOU,
    "paarenchan": L.F_PAARENCHAN,
}


def as_wind(value, name: str = "wind") -> int:
    """A wind as an int 0..3 (``0``/``"E"`` = East ... ``3``/``"N"`` = North).

    >>> as_wind("w"), as_wind(3)
    (2, 3)
    """
    if isinstance(value, str) and value.upper() in _WIND_LETTERS:
        return _WIND_LETTERS[value.upper()]
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and 0 <= int(value) <= 3:
        return int(value)
    raise ContextError(f"{name} must be 0..3 or one of E S W N, got {value!r}")


def _names_to_kinds(text: str, what: str) -> list:
    try:
        _mpsz_kinds(text)  # validates the notation (no red rule)
    except (TileParseError, TileCountError) as exc:
        raise ContextError(f"{what} {text!r}: {exc}") from None
    return list(_kinds_in_order(text))


def as_indicators(value, name: str = "dora") -> tuple[int, ...]:
    """Indicator kinds from an mpsz string, or a sequence of kinds (ints 0..33) and tile names.

    The same tile may be given twice (two indicators showing 1m: ``["1m", "1m"]``).

    >>> as_indicators("15z"), as_indicators([0, 33]), as_indicators(["1m", "1m"]), as_indicators(["0p", 27])
    ((27, 31), (0, 33), (0, 0), (13, 27))
    """
    if value is None:
        return ()
    if isinstance(value, str):
        result = tuple(_names_to_kinds(value, f"{name} indicators"))
    else:
        try:
            items = list(value)
        except TypeError:
            raise ContextError(f"{name} indicators must be an mpsz string or a sequence of kinds or tile names, "
                               f"got {value!r}") from None
        kinds = []
        for k in items:
            if isinstance(k, str):
                kinds += _names_to_kinds(k, f"{name} indicator")
            elif isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= int(k) <= 33:
                raise ContextError(f"{name} indicator {k!r} is not a tile kind 0..33 or a tile name")
            else:
                kinds.append(int(k))
        result = tuple(kinds)
    if len(result) > L.MAX_INDICATORS:
        raise ContextError(f"{len(result)} {name} indicators: at most {L.MAX_INDICATORS}")
    return result


def _kinds_in_order(text):
    digits = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            base = "mpsz".index(ch) * 9
            for d in digits:
                yield base + (4 if d == 0 else d - 1)
            digits = []


@dataclass(frozen=True)
class WinContext:
    """How the hand was won (flags, winds, indicators, counters), frozen and hashable.

    >>> WinContext(riichi=True, ura=[4]).ura
    (4,)
    >>> WinContext(seat_wind=0).is_dealer
    True
    """

    #: won by self-draw (else ron)
    tsumo: bool = False
    #: riichi declared
    riichi: bool = False
    #: double riichi declared (implies riichi)
    double_riichi: bool = False
    #: won within one go-around of riichi, no call in between
    ippatsu: bool = False
    #: open riichi declared (with riichi or double riichi)
    open_riichi: bool = False
    #: won on the last wall tile (tsumo)
    haitei: bool = False
    #: won on the last discard (ron)
    houtei: bool = False
    #: won on a kan replacement tile (tsumo)
    rinshan: bool = False
    #: robbed a kan (ron)
    chankan: bool = False
    #: dealer won on the initial hand
    tenhou: bool = False
    #: non-dealer won on the first draw, uninterrupted
    chiihou: bool = False
    #: non-dealer won by ron before the first draw, uninterrupted
    renhou: bool = False
    #: this is the dealer's eighth consecutive win
    paarenchan: bool = False
    #: seat wind, 0..3 (E S W N); East is the dealer
    seat_wind: int = 0
    #: round wind, 0..3
    round_wind: int = 0
    #: dora indicator kinds (kan-dora included)
    dora: tuple = ()
    #: ura-dora indicator kinds (counted only with riichi)
    ura: tuple = ()
    #: counters (honba) on the table
    honba: int = 0
    #: riichi sticks on the table, this hand's included
    riichi_sticks: int = 0

    def __post_init__(self):
        d = self.__dict__  # frozen: fields are normalised in place, once
        for name in FLAG_FIELDS:
            value = d[name]
            if value is not True and value is not False:
                if not is_flag(value):
                    raise ContextError(f"WinContext.{name} must be a bool, got {value!r}")
                d[name] = bool(value)
        for name in ("seat_wind", "round_wind"):
            value = d[name]
            if type(value) is not int or not 0 <= value <= 3:
                d[name] = as_wind(value, name)
        for name in ("dora", "ura"):
            value = d[name]
            if not (type(value) is tuple and len(value) <= L.MAX_INDICATORS
                    and all(type(k) is int and 0 <= k <= 33 for k in value)):
                d[name] = as_indicators(value, name)
        for name in ("honba", "riichi_sticks"):
            value = d[name]
            if type(value) is not int or not 0 <= value <= 1000:
                if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value <= 1000:
                    raise ContextError(f"WinContext.{name} must be an int 0..1000, got {value!r}")
                d[name] = int(value)

    @property
    def is_dealer(self) -> bool:
        """The winner is the dealer (seat wind East)."""
        return self.seat_wind == 0

    @property
    def flags(self) -> int:
        """The ``F_*`` bitmask of the flag fields."""
        d = self.__dict__
        return sum([bit for name, bit in FLAG_FIELDS.items() if d[name]])

    def replace(self, **changes) -> WinContext:
        """A copy with some fields changed."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ContextError(f"WinContext has no field {', '.join(sorted(unknown))}")
        return replace(self, **changes)

    def encode(self, n_red: int = 0, n_kita: int = 0, *, out=None) -> np.ndarray:
        """The flat int32 context array (docs/SCORING.md section 3).

        >>> WinContext(honba=2, dora=[4, 5]).encode(n_red=1)[[L.CTX_N_DORA, L.CTX_DORA, L.CTX_DORA + 1, L.CTX_N_RED, L.CTX_HONBA]].tolist()
        [2, 4, 5, 1, 2]
        """
        values = [0] * L.CTX_SIZE
        values[L.CTX_FLAGS] = self.flags
        values[L.CTX_SEAT_WIND] = self.seat_wind
        values[L.CTX_ROUND_WIND] = self.round_wind
        values[L.CTX_N_DORA] = len(self.dora)
        values[L.CTX_DORA:L.CTX_DORA + len(self.dora)] = self.dora
        values[L.CTX_N_URA] = len(self.ura)
        values[L.CTX_URA:L.CTX_URA + len(self.ura)] = self.ura
        values[L.CTX_N_RED] = n_red
        values[L.CTX_N_KITA] = n_kita
        values[L.CTX_HONBA] = self.honba
        values[L.CTX_RIICHI_STICKS] = self.riichi_sticks
        if out is None:
            return np.array(values, dtype=np.int32)
        out[:] = values
        ctx = out
        return ctx
