"""Compiled fast path of ``HandCalculator.estimate_hand_value`` (twin: ``hand._estimate_python``)."""

from collections.abc import Collection, Mapping, Sequence
from typing import Any

def init(response_cls: type, bit_attr: Sequence[str | None], status_names: Sequence[str],
         fu_names: Mapping[int, str]) -> None: ...
def estimate(tiles: Collection[int], win_tile: int, melds: Collection[Any] | None,
             dora_indicators: Collection[int] | None, config: Any,
             ura_dora_indicators: Collection[int] | None, params: bytes) -> Any | None: ...
