"""Scoring: one hand (:func:`score`, :class:`HandResult`) or many as numpy columns
(:func:`score_batch`).

- ``_score``: the compiled kernel and its flat-array boundary (twin
  ``riichi_fast.reference.scoring.score``); its codes and offsets are
  :mod:`riichi_fast.rules.layout`, generated into ``rules/_layout.pxd``;
- ``_columns``: the column engine of :func:`score_batch` (twin
  ``riichi_fast.reference.scoring.columns``);
- ``_score_api``: the compiled front that reads every input form (twin: the
  pipeline);
- :mod:`.pipeline`: the Python pipeline of :func:`score`;
- :mod:`.front`: :func:`score`, the compiled front or the pipeline;
- :mod:`.result`: :class:`HandResult` over the stored slots of ``_result``;
- :mod:`.batch`: numpy columns in and out.

>>> from riichi_fast.scoring import score
>>> score("234m406p789s11z pon:777z@2", "4p", dora="3p").cost
5800
"""

from riichi_fast.scoring.batch import BatchResult, arrays_from_hands, score_batch, score_batch_chunks
from riichi_fast.scoring.front import score
from riichi_fast.scoring.result import FuItem, HandResult, YakuItem

__all__ = ["BatchResult", "FuItem", "HandResult", "YakuItem", "arrays_from_hands", "score", "score_batch",
           "score_batch_chunks"]
