"""Settlement through the public API, beside the ``score()`` call that makes its input.

Run: ``/work/venv/bin/python -m pytest bench/test_settle.py -p no:randomly
--benchmark-columns=min,median,rounds --benchmark-group-by=group``.  Group
``settle``; each benchmark is one public call:

- ``score-ron`` / ``score-tsumo``: ``riichi_fast.score`` of the winning hand
  (riichi tanyao sanshoku ``234567m234p23455s`` on 5s; tsumo: the same
  with menzen tsumo);
- ``settle-ron``: ``settle_win`` of that ron with one counter, one stick
  carried and the winner's own riichi stick (issue 9 target: at most 1.5x
  ``score-ron``);
- ``settle-tsumo``: ``settle_win`` of the tsumo (two counters);
- ``settle-double-ron``: two ron on one discard (the mangan and a 1300);
- ``settle-exhaustive-draw``: one riichi seat tenpai, noten payments;
- ``settle-abortive-draw``: ``suucha_riichi`` under the Tenhou rules;
- ``table-state``: ``TableState(dealer, round_wind, honba, sticks, scores)``;
- ``reference-settle-ron``: the pure-Python twin of ``settle-ron``
  (``riichi_fast.reference.settle.settle``: the implementation before the compiled
  one, explanation lines included).

``extra_info["vs_score_ron"]`` gives each median over ``score-ron``'s.
Answers are checked outside the timed calls: the compiled settlement equals
the reference one (every field, the explanation lines included).
"""

from __future__ import annotations

import pytest

from riichi_fast import score
from riichi_fast.reference.settle import settle as reference
from riichi_fast.rules.config import TENHOU
from riichi_fast.settle import (
    TableState,
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_win,
)

MANGAN = "234567m234p23455s"
CHEAP = "234m567p23455s678s"
START = (25000,) * 4
TABLE = TableState(dealer=0, round_wind=0, honba=1, riichi_sticks=1, scores=START)
_MEDIANS: dict[str, float] = {}


def _ron():
    return score(MANGAN, "5s", seat_wind=1, riichi=True)


def _tsumo():
    return score(MANGAN, "5s", seat_wind=1, riichi=True, tsumo=True)


RON = _ron()
TSUMO = _tsumo()
CHEAP_RON = score(CHEAP, "5s", seat_wind=3)

CASES = {
    "score-ron": (_ron, None),
    "score-tsumo": (_tsumo, None),
    "settle-ron": (lambda: settle_win(TABLE, [(1, RON, 2)], riichi_declared=[1]),
                   lambda: reference.settle_win(TABLE, [(1, RON, 2)], riichi_declared=[1])),
    "settle-tsumo": (lambda: settle_win(TABLE, [(1, TSUMO)]),
                     lambda: reference.settle_win(TABLE, [(1, TSUMO)])),
    "settle-double-ron": (lambda: settle_win(TABLE, [(1, RON, 2), (3, CHEAP_RON, 2)], riichi_declared=[1, 3]),
                          lambda: reference.settle_win(TABLE, [(1, RON, 2), (3, CHEAP_RON, 2)],
                                                       riichi_declared=[1, 3])),
    "settle-exhaustive-draw": (lambda: settle_exhaustive_draw(TABLE, tenpai=[1, 2], riichi_declared=[1]),
                               lambda: reference.settle_exhaustive_draw(TABLE, [1, 2], [1])),
    "settle-abortive-draw": (lambda: settle_abortive_draw(TABLE, "suucha_riichi", TENHOU,
                                                          riichi_declared=[0, 1, 2, 3]),
                             lambda: reference.settle_abortive_draw(TABLE, "suucha_riichi", TENHOU,
                                                                    riichi_declared=[0, 1, 2, 3])),
    "table-state": (lambda: TableState(0, 0, 1, 1, START), lambda: TABLE),
    "reference-settle-ron": (lambda: reference.settle_win(TABLE, [(1, RON, 2)], riichi_declared=[1]),
                             lambda: settle_win(TABLE, [(1, RON, 2)], riichi_declared=[1])),
}


@pytest.mark.benchmark(group="settle")
@pytest.mark.parametrize("name", list(CASES))
def test_settle(benchmark, name):
    fn, expected = CASES[name]
    result = benchmark(fn)
    if expected is not None:
        assert result == expected()
        assert result.lines == expected().lines if hasattr(result, "lines") else True
    else:
        assert result == (RON if name == "score-ron" else TSUMO)
    if benchmark.stats is None:  # --benchmark-disable: run once as a test, nothing timed
        return
    _MEDIANS[name] = benchmark.stats.stats.median
    if "score-ron" in _MEDIANS:
        benchmark.extra_info["vs_score_ron"] = round(_MEDIANS[name] / _MEDIANS["score-ron"], 2)
