"""Statistics, columnar export and plots of game-record archives, on one machine or a Dask cluster.

- :func:`collect`: read record files (any format :func:`riichi_fast.records.read_record`
  reads; directories expand) into a mergeable :class:`Stats` (per corpus and
  per player); with ``client=`` (a ``distributed.Client``) the files are
  split into batches read on the cluster and the partial statistics merged.
- :func:`export`: tables ``games``, ``hands``, ``wins``, ``draws``,
  ``players`` as Parquet (needs the ``[data]`` extra: pyarrow) or CSV.
- :func:`plot`: PNG and SVG charts (needs the ``[plot]`` extra: matplotlib).

>>> from riichi_fast.stats import collect
>>> s = collect(["no/such/record.mjlog"])   # unreadable files are listed, never raised
>>> s.games, s.unreadable[0][1][:17]
(0, 'FileNotFoundError')
"""

from __future__ import annotations

from riichi_fast.stats._aggregate import (
    DRAW_KEYS,
    LIMIT_NAMES,
    PlayerStats,
    Stats,
    final_scores,
    game_stats,
    placements,
)
from riichi_fast.stats._collect import batches, collect, expand_paths, stats_of_files
from riichi_fast.stats._export import export
from riichi_fast.stats._extras import MissingExtra
from riichi_fast.stats._plot import plot
from riichi_fast.stats._tables import TABLES, game_tables, tables_of_files

__all__ = [
    "DRAW_KEYS",
    "LIMIT_NAMES",
    "TABLES",
    "MissingExtra",
    "PlayerStats",
    "Stats",
    "batches",
    "collect",
    "expand_paths",
    "export",
    "final_scores",
    "game_stats",
    "game_tables",
    "placements",
    "plot",
    "stats_of_files",
    "tables_of_files",
]
