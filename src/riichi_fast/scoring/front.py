"""Score one hand: ``score(hand, win_tile, ...) -> HandResult``.

:data:`score` is the compiled front end ``riichi_fast.scoring._score_api.score``, or
under ``RIICHI_FAST_PUREPYTHON=1`` its twin, the Python pipeline
(:func:`~riichi_fast.scoring.pipeline.pipeline_score`).  Both give the same results
and raise the same errors.  The pipeline's steps are re-exported here.

>>> score("123m456p789s11122z", "2z", tsumo=True, seat_wind=1, round_wind=1)
HandResult(ok: 1 han 40 fu, tsumo 400/700; menzen tsumo 1)
"""

from __future__ import annotations

from riichi_fast import _backend
from riichi_fast.scoring.pipeline import (  # noqa: F401  (the pipeline's steps, re-exported)
    apply_dora_rules,
    check_indicator_copies,
    closed_counts,
    coerce_hand,
    coerce_rules,
    encode,
    n_red_under,
    pipeline_score,
    red_ids,
    win_context,
    win_tile_of,
)

__all__ = ["check_indicator_copies", "encode", "pipeline_score", "score"]

#: the public scorer: the compiled front end ``riichi_fast.scoring._score_api.score``, or
#: :func:`pipeline_score` under ``RIICHI_FAST_PUREPYTHON=1`` (its twin
#: ``riichi_fast.reference.scoring.score_api.score``)
score = _backend.load("scoring._score_api").score
