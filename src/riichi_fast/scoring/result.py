"""The result of scoring one hand: :class:`HandResult`, decoded from the kernel output.

>>> from riichi_fast.scoring.front import score
>>> r = score("111222333m78999p", "9p", riichi=True, seat_wind=1)
>>> r
HandResult(ok: 6 han 30 fu haneman, ron 12000; riichi 1, pinfu 1, iipeikou 1, junchan 3)
>>> r.fu_details[:2]
(FuItem(reason='base', fu=20), FuItem(reason='menzen_ron', fu=10))
"""

from __future__ import annotations

import json
from typing import NamedTuple

from riichi_fast import _backend
from riichi_fast.enums import Form, SetType, WaitShape
from riichi_fast.analysis.readings import HandSet, Reading, WinReading
from riichi_fast.rules import layout as L
from riichi_fast.rules.payment import Payment
from riichi_fast.rules.yaku import YAKU

__all__ = ["FuItem", "HandResult", "YakuItem"]

ResultCore = _backend.load("scoring._result").ResultCore


class FuItem(NamedTuple):
    """One fu component: a stable reason name and its fu."""

    reason: str
    fu: int


class YakuItem(NamedTuple):
    """One yaku of the result: name, han (0 for a yakuman), Tenhou id (None if Tenhou lacks it), yakuman multiple, key.

    ``key`` is the yaku's stable snake_case identifier (``"menzen_tsumo"``,
    ``"kokushi_musou_13_sided"``: ``rules.yaku.YAKU_BY_KEY``); the name is
    for people and may be reworded, the key and the ids never change.

    >>> from riichi_fast import score
    >>> score("123m456p789s11222z", "2z", tsumo=True).yaku[0]
    YakuItem(name='menzen tsumo', han=1, tenhou_id=0, yakuman=0, key='menzen_tsumo')
    """

    name: str
    han: int
    tenhou_id: int | None
    yakuman: int = 0
    key: str = ""


class HandResult(ResultCore):
    """Han, fu, yaku, dora, limit and payments of a scored hand, or the status of a hand that does not win.

    ``status`` is ``"ok"`` for a win, else a stable name such as
    ``"hand_not_winning"``, ``"no_yaku"`` or ``"chankan_with_tsumo_not_allowed"``
    (see ``riichi_fast.rules.layout.STATUS_NAMES``); every other field is then
    zero or empty.  Immutable; the yaku, fu and reading objects are decoded
    from the raw kernel output on first use.

    Attributes: ``status``, ``status_code``, ``han``, ``fu``, ``fu_details``
    (:class:`FuItem`), ``yaku`` (:class:`YakuItem`), ``yaku_mask``, ``yakuman``
    (total multiple), ``dora``, ``ura_dora``, ``aka_dora``, ``kita``, ``limit``,
    ``base_points``, ``payment`` (:class:`~riichi_fast.rules.payment.Payment`),
    ``reading`` (:class:`~riichi_fast.analysis.readings.WinReading`), ``tsumo``,
    ``dealer``, ``raw`` (the 96 int slots of docs/SCORING.md).
    """

    # The storage (the output slots, flags, rules params, closed counts, the caches ``_raw``, ``_yaku``,
    # ``_reading``, ``_fu``, ``_payment``) and the plain attributes (raw, status, han, fu, ... ok, cost,
    # total) are ResultCore's: compiled (riichi_fast.scoring._result, which the scoring front end fills in
    # place) or its pure-Python twin (riichi_fast.reference.scoring.result); the decoded objects are built here.
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"HandResult is immutable (cannot set {name})")

    def __eq__(self, other):
        if not isinstance(other, HandResult):
            return NotImplemented
        return (self.raw, self.tsumo, self.dealer, self.yaku) == (other.raw, other.tsumo, other.dealer, other.yaku)

    def __hash__(self):
        return hash((self.raw, self.tsumo, self.dealer, self.yaku))

    def __reduce__(self):
        params = None if self._params is None else [int(x) for x in self._params]
        closed = None if self._closed34 is None else [int(x) for x in self._closed34]
        return (_rebuild, (self.raw, params, self.tsumo, self.dealer, self._is_open, closed))

    @property
    def payment(self) -> Payment | None:
        """Who pays what (``None`` if the hand does not win)."""
        p = self._payment
        if p is None:
            out = self._out
            if out[L.O_STATUS] != L.ST_OK:
                return None
            p = _new_tuple(Payment, tuple(out[L.O_PAY_RON:L.O_TOTAL + 1]))
            object.__setattr__(self, "_payment", p)
        return p

    @property
    def fu_details(self) -> tuple:
        """The fu items, in the order of docs/SCORING.md 5.5."""
        fu = self._fu
        if fu is None:
            raw, fl = self._out, L.O_FU_LIST
            fu = tuple([_fu_item(raw[fl + 2 * i], raw[fl + 2 * i + 1]) for i in range(raw[L.O_FU_N])])
            object.__setattr__(self, "_fu", fu)
        return fu

    @property
    def yaku(self) -> tuple:
        """The yaku, by ascending id."""
        if self._yaku is None:
            object.__setattr__(self, "_yaku", _decode_yaku(self._out, self._params, self._is_open))
        return self._yaku

    @property
    def reading(self) -> WinReading | None:
        """The chosen reading and winning set."""
        if self._reading is None and self._out[L.O_STATUS] == L.ST_OK:
            object.__setattr__(self, "_reading", _reading(self._out, self._closed34))
        return self._reading

    # ------------------------------------------------------------------
    @property
    def is_yakuman(self) -> bool:
        """A real yakuman (not a counted one)."""
        return self.limit == "yakuman"

    @property
    def dora_counts(self) -> dict:
        """Dora han by kind."""
        return {"dora": self.dora, "ura": self.ura_dora, "aka": self.aka_dora, "kita": self.kita}

    def payers(self) -> dict:
        """Who pays what, counters included (riichi sticks come from the table).

        Keys: ``"discarder"`` on ron; on tsumo ``"each"`` (dealer win) or
        ``"dealer"`` and ``"each_non_dealer"``.
        """
        p = self.payment
        if p is None:
            return {}
        if not self.tsumo:
            return {"discarder": p.ron + p.honba_ron}
        if self.dealer:
            return {"each": p.tsumo_other + p.honba_tsumo}
        return {"dealer": p.tsumo_dealer + p.honba_tsumo, "each_non_dealer": p.tsumo_other + p.honba_tsumo}

    def tenhou_yaku(self) -> list[tuple[int, int]]:
        """``(Tenhou id, han)`` pairs in the style of an mjlog ``yaku`` field (dora, ura, aka as 52-54 when > 0)."""
        out = [(y.tenhou_id, y.han) for y in self.yaku if y.tenhou_id is not None and not y.yakuman]
        for tid, n in ((L.DORA_ID, self.dora), (L.URA_ID, self.ura_dora), (L.AKA_ID, self.aka_dora)):
            if n:
                out.append((tid, n))
        return out

    # ------------------------------------------------------------------
    @classmethod
    def from_output(cls, out, params, *, tsumo: bool = False, dealer: bool = False, is_open: bool = False,
                    closed34=None) -> HandResult:
        """Decode the kernel output array (docs/SCORING.md 5.8); ``params`` are the rules used.

        ``closed34`` (optional) fills the pairs of a chiitoitsu reading.
        """
        raw = out.tolist() if hasattr(out, "tolist") else [int(x) for x in out]
        return cls(raw, params, tsumo=tsumo, dealer=dealer, is_open=is_open, closed34=closed34)

    # ------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A JSON-ready dict of the result."""
        d = {
            "status": self.status,
            "han": self.han,
            "fu": self.fu,
            "fu_details": [item._asdict() for item in self.fu_details],
            "yaku": [{"name": y.name, "key": y.key, "han": y.han, "tenhou_id": y.tenhou_id, "yakuman": y.yakuman}
                     for y in self.yaku],
            "yakuman": self.yakuman,
            "dora": self.dora_counts,
            "limit": self.limit,
            "base_points": self.base_points,
            "tsumo": self.tsumo,
            "dealer": self.dealer,
            "payment": self.payment._asdict() if self.payment else None,
            "payers": self.payers(),
            "reading": str(self.reading) if self.reading else None,
        }
        return d

    def to_json(self, **kwargs) -> str:
        """The result as JSON (keyword arguments go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), **kwargs)

    def __repr__(self) -> str:
        if not self.ok:
            return f"HandResult({self.status})"
        if self.yakuman and self.limit in ("yakuman", "kazoe yakuman"):
            value = f"{self.yakuman}x {self.limit}" if self.yakuman > 1 else self.limit
        else:
            value = f"{self.han} han {self.fu} fu" + (f" {self.limit}" if self.limit else "")
        p = self.payment
        if not self.tsumo:
            pay = f"ron {p.ron}"
        elif self.dealer:
            pay = f"tsumo {p.tsumo_other} all"
        else:
            pay = f"tsumo {p.tsumo_other}/{p.tsumo_dealer}"
        extras = []
        if p.honba_ron or p.honba_tsumo or p.sticks:
            extras.append(f"total {p.total}")
        yaku = ", ".join(f"{y.name} {'x' + str(y.yakuman) if y.yakuman else y.han}" for y in self.yaku)
        bonus = ", ".join(f"{k} {v}" for k, v in self.dora_counts.items() if v)
        parts = [yaku] + ([bonus] if bonus else [])
        return f"HandResult(ok: {value}, {pay}{''.join(', ' + e for e in extras)}; {', '.join(parts)})"


def _rebuild(raw, params, tsumo, dealer, is_open, closed34):
    return HandResult(raw, params, tsumo=tsumo, dealer=dealer, is_open=is_open, closed34=closed34)


def _fu_item(code, fu):
    item = _FU_ITEMS.get((code, fu))
    return item if item is not None else FuItem(L.FU_NAMES.get(code, f"fu_{code}"), fu)


def _decode_yaku(raw, params, is_open):
    if raw[L.O_STATUS] != L.ST_OK:
        return ()
    yaku = []
    bits = raw[L.O_YAKU_MASK]
    while bits:
        low = bits & -bits
        bits ^= low
        row = YAKU.get(low.bit_length() - 1)
        if row is not None:
            yaku.append(_yaku_item(row, raw, params, is_open))
    return tuple(yaku)


def _yaku_item(row, out, params, is_open):
    yid = row.id
    if params is None:  # no rules given: the standard values of the table
        return YakuItem(row.name, 0 if row.yakuman else (row.han_open if is_open else row.han_closed), row.tenhou_id,
                        row.yakuman, row.key)
    if out[L.O_LIMIT] == L.LIMIT_YAKUMAN:
        return YakuItem(row.name, 0, row.tenhou_id, int(params[L.R_YAKUMAN + yid]), row.key)
    if yid == L.Y_RENHOU and out[L.O_YAKU_MASK] == 1 << L.Y_RENHOU and int(params[L.R_RENHOU]) == L.RENHOU_MANGAN:
        return YakuItem(row.name, 5, row.tenhou_id, 0, row.key)
    han = int(params[(L.R_HAN_OPEN if is_open else L.R_HAN_CLOSED) + yid])
    return YakuItem(row.name, han, row.tenhou_id, 0, row.key)


def _reading(out, closed34):
    form = _FORMS[out[L.O_FORM]]
    sets = []
    for i in range(out[L.O_N_SETS]):
        meld = out[L.O_SET_MELD + i]
        sets.append(
            HandSet(_SET_TYPES[out[L.O_SET_TYPE + i]], out[L.O_SET_KIND + i], out[L.O_SET_CONCEALED + i] == 1,
                    None if meld < 0 else meld)
        )
    pair = out[L.O_PAIR]
    pairs = ()
    if form == Form.CHIITOITSU:
        pair = None
        if closed34 is not None:
            pairs = tuple(k for k in range(34) if closed34[k] == 2)
    reading = Reading(form, pair, tuple(sets), pairs)
    return WinReading(reading, out[L.O_WIN_SET], _WAITS[out[L.O_WAIT]])


_new_tuple = tuple.__new__  # Payment from its 8 slots without the namedtuple's Python __new__
_FORMS = tuple(Form)
_SET_TYPES = tuple(SetType)
_WAITS = tuple(WaitShape)
_FU_ITEMS = {(code, fu): FuItem(name, fu) for code, name in L.FU_NAMES.items() for fu in (2, 4, 8, 10, 16, 20, 25, 32)}

