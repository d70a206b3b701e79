"""Pure-Python twin of ``riichi_fast.scoring._result``: the stored part of a HandResult.

:class:`ResultCore` keeps the 96 output slots as a tuple and reads the plain
attributes from it; :class:`riichi_fast.scoring.result.HandResult` derives from
it (from the compiled one unless ``RIICHI_FAST_PUREPYTHON=1``) and decodes the
rest (yaku, fu items, payment, reading) on first read.

>>> from riichi_fast.rules import layout as L
>>> core = ResultCore((0, 2, 30) + (0,) * 93, tsumo=True)
>>> core.han, core.fu, core.ok, core.status, core.tsumo, len(core.raw)
(2, 30, True, 'ok', True, 96)
"""

from __future__ import annotations

from riichi_fast.rules import layout as L

__all__ = ["ResultCore"]


class ResultCore:
    """The stored part of a :class:`~riichi_fast.scoring.result.HandResult` (its base class)."""

    # ``_out``: the output slots; ``_raw``: their tuple; ``_yaku``, ``_reading``, ``_fu``, ``_payment``:
    # None until first read
    __slots__ = ("_closed34", "_fu", "_is_open", "_out", "_params", "_payment", "_raw", "_reading", "_yaku",
                 "dealer", "tsumo")

    def __init__(self, raw, params=None, *, tsumo=False, dealer=False, is_open=False, closed34=None):
        set_ = object.__setattr__
        raw = tuple(raw)
        set_(self, "_out", raw)
        set_(self, "_raw", raw)
        set_(self, "tsumo", bool(tsumo))
        set_(self, "dealer", bool(dealer))
        set_(self, "_params", params)
        set_(self, "_is_open", bool(is_open))
        set_(self, "_closed34", closed34)
        set_(self, "_yaku", None)
        set_(self, "_reading", None)
        set_(self, "_fu", None)
        set_(self, "_payment", None)

    @property
    def raw(self) -> tuple:
        """The 96 output slots of docs/SCORING.md 5.8, a tuple of ints."""
        raw = self._raw
        if raw is None:
            raw = tuple(self._out)
            object.__setattr__(self, "_raw", raw)
        return raw

    status_code = property(lambda self: self._out[L.O_STATUS], doc="The status code (``ST_*``).")
    status = property(lambda self: L.STATUS_NAMES.get(self._out[L.O_STATUS], f"status_{self._out[L.O_STATUS]}"),
                      doc="The stable status name.")
    han = property(lambda self: self._out[L.O_HAN], doc="Han, dora included (0 for a yakuman).")
    fu = property(lambda self: self._out[L.O_FU], doc="Fu, rounded (25 for chiitoitsu).")
    yaku_mask = property(lambda self: self._out[L.O_YAKU_MASK], doc="Bits = yaku ids.")
    yakuman = property(lambda self: self._out[L.O_YAKUMAN], doc="Total yakuman multiple.")
    dora = property(lambda self: self._out[L.O_DORA], doc="Dora from indicators.")
    ura_dora = property(lambda self: self._out[L.O_URA], doc="Ura-dora.")
    aka_dora = property(lambda self: self._out[L.O_AKA], doc="Red tiles.")
    kita = property(lambda self: self._out[L.O_KITA], doc="Extracted north tiles.")
    limit = property(lambda self: L.LIMIT_NAMES.get(self._out[L.O_LIMIT], ""), doc="Limit name or ''.")
    base_points = property(lambda self: self._out[L.O_BASE], doc="Base points.")

    @property
    def ok(self) -> bool:
        """The hand wins (status ``"ok"``)."""
        return self._out[L.O_STATUS] == L.ST_OK

    @property
    def cost(self) -> int:
        """The hand's points without counters and sticks (0 if it does not win)."""
        return self._out[L.O_HAND_POINTS]  # every slot is 0 unless the hand wins

    @property
    def total(self) -> int:
        """Everything the winner gains: hand, counters and riichi sticks."""
        return self._out[L.O_TOTAL]
