"""The pure-Python twin of ``riichi_fast.engine._encode``: a seat's observation, its planes and the
legal-action mask, written the readable way (the plane layout: :mod:`riichi_fast.engine.encode`).

>>> import numpy as np
>>> from riichi_fast.engine.actions import N_ACTIONS
>>> m = np.zeros(N_ACTIONS, dtype=np.uint8)
>>> mask_map([137, 138, 137], [0] * 34, m), int(m.sum())
({137: 137, 138: 138}, 2)
"""

from __future__ import annotations

import numpy as np

from riichi_fast.engine.actions import N_ACTIONS, index_of
from riichi_fast.engine.types import Action, EngineError, Observation

__all__ = ["TableCache", "fill_observation", "fill_table", "index_of", "mask_map", "observe"]

_HAND, _DRAWN, _RED, _CLAIMED, _SEATS, _DORA = 0, 4, 5, 6, 7, 39
_RIICHI, _SCORES, _ROUND, _WIND, _HONBA, _STICKS, _LEFT, _DEALER, _CLAIM, _SIZES = (
    40, 44, 48, 49, 50, 51, 52, 53, 54, 55)


class TableCache:
    """The compiled reader keeps per-hand state of a table here; the readable one reads the table afresh."""

    def invalidate(self) -> None:
        """Forget what is kept (nothing here)."""

    def riichi_declared(self) -> None:
        """A riichi was declared (nothing kept here to refresh)."""


def observe(table, me, cache) -> Observation:
    """Seat ``me``'s :class:`~riichi_fast.engine.Observation` of a table in play (``cache``: unused here,
    the compiled reader's :class:`TableCache`)."""
    seat = me
    st = table.table
    seats = table.seats
    melds = tuple(tuple((m.type.name.lower(), tuple(m.tiles), m.called, m.from_seat) for m in s.melds) for s in seats)
    rivers = tuple(tuple((tile, tsumogiri, i in s.called_from_river, i == s.riichi_at)
                         for i, (tile, tsumogiri) in enumerate(s.river)) for s in seats)
    riichi = tuple(2 if s.riichi_accepted else 1 if s.riichi_at is not None else 0 for s in seats)
    own = seats[seat]
    drawn = table.drawn if (table.phase == "turn" and table.current == seat) else None
    last = (table.claim["from"], table.claim["tile"]) if table.phase in ("claim", "chankan") else None
    return Observation(
        seat=seat, hand=tuple(sorted(own.closed)), drawn=drawn, melds=melds, rivers=rivers,
        hand_sizes=tuple(len(s.closed) for s in seats), kita=tuple(s.kita for s in seats),
        dora_indicators=tuple(table.dora), scores=tuple(table.scores), riichi=riichi,
        round_wind=st.round_wind, kyoku=st.kyoku, honba=st.honba, riichi_sticks=table.sticks,
        tiles_left=table.tiles_left, dealer=st.dealer, seat_wind=st.seat_wind(seat), last_discard=last,
        phase=table.phase,
    )


def mask_map(actions, red, mask) -> dict:
    """Zero ``mask`` (uint8, ``N_ACTIONS``), set the index of every action; returns ``{index: first action}``."""
    mask[:] = 0
    out = {}
    for a in actions:
        if isinstance(a, Action):
            i = index_of(a, red)
        elif isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_)):
            if not 0 <= a < N_ACTIONS:
                raise EngineError(f"action index {a} is out of range 0-{N_ACTIONS - 1}")
            i = int(a)
        else:
            raise EngineError(f"an action is an Action or an index 0-{N_ACTIONS - 1}, got {a!r}")
        mask[i] = 1
        out.setdefault(i, a)
    return out


def fill_observation(obs, red, x) -> None:
    """Write ``obs``'s planes into the zeroed (N_PLANES, 34) float32 array ``x``."""
    n = len(obs.scores)
    me = obs.seat
    counts = [0] * 34
    for t in obs.hand:
        k = t >> 2
        counts[k] += 1
        if (t & 3) < red[k]:
            x[_RED, k] += 1
    for k, c in enumerate(counts):
        for j in range(min(4, c)):
            x[_HAND + j, k] = 1
    if obs.drawn is not None:
        x[_DRAWN, obs.drawn >> 2] = 1
    if obs.last_discard is not None:
        x[_CLAIMED, obs.last_discard[1] >> 2] = 1
    for s in range(n):
        r = (s - me) % n
        base = _SEATS + 8 * r
        for i, (tile, tsumogiri, called, riichi) in enumerate(obs.rivers[s]):
            k = tile >> 2
            x[base + (i // 6 if i < 18 else 3), k] += 1
            if tsumogiri:
                x[base + 4, k] += 1
            if riichi:
                x[base + 5, k] = 1
            if called:
                x[base + 6, k] += 1
        for _type, tiles, _called, _from in obs.melds[s]:
            for t in tiles:
                x[base + 7, t >> 2] += 1
        x[_RIICHI + r] = obs.riichi[s] * 0.5
        x[_SCORES + r] = obs.scores[s] / 100000.0
        x[_SIZES + r] = obs.hand_sizes[s] / 14.0
    for t in obs.dora_indicators:
        x[_DORA, t >> 2] += 1
    x[_ROUND, 27 + obs.round_wind] = 1
    x[_WIND, 27 + obs.seat_wind] = 1
    x[_HONBA] = obs.honba / 10.0
    x[_STICKS] = obs.riichi_sticks / 10.0
    x[_LEFT] = obs.tiles_left / 70.0
    x[_DEALER] = 1.0 if obs.dealer == me else 0.0
    x[_CLAIM] = 1.0 if obs.phase in ("claim", "chankan") else 0.0


def fill_table(table, me, actions, red, x, mask, cache=None) -> dict:
    """Seat ``me``'s planes of ``table`` into ``x`` (zeroed first) and the mask of its legal ``actions``;
    returns ``{index: first action}`` (``actions`` None: the mask is left alone, returns None); the same
    values as :func:`fill_observation` of its observation (``cache``: unused here, see :class:`TableCache`)."""
    out = None if actions is None else mask_map(actions, red, mask)
    x[:] = 0
    fill_observation(observe(table, me, cache), red, x)
    return out
