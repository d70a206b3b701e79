"""The public scorer's pure-Python twin: ``score`` is the pipeline of :mod:`riichi_fast.scoring.pipeline`.

The compiled front end ``riichi_fast.scoring._score_api.score`` does the same work on
the stack; both return the same :class:`~riichi_fast.scoring.result.HandResult`
and raise the same errors (tests/scoring/test_score_api.py).

>>> score("123m456p789s11122z", "2z", tsumo=True, seat_wind=1, round_wind=1)
HandResult(ok: 1 han 40 fu, tsumo 400/700; menzen tsumo 1)
"""

from riichi_fast.scoring.pipeline import pipeline_score as score

__all__ = ["score"]
