"""Compiled fast path of ``HandCalculator.estimate_hand_value`` (twin: ``hand._estimate_python``)."""

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

def init(response_cls: type, bit_attr: Sequence[str | None], status_names: Sequence[str],
         fu_names: Mapping[int, str], py_estimate: Callable[..., Any], hand_config_cls: type,
         scores_cls: type, params_bytes: Callable[[Any, int], bytes], bit_order: Sequence[tuple[int, int]],
         optional_rules_cls: type | None = None, meld_cls: type | None = None) -> None: ...
def estimate_hand_value(tiles: Collection[int], win_tile: int, melds: Collection[Any] | None = None,
                        dora_indicators: Collection[int] | None = None, config: Any = None,
                        scores_calculator_factory: type | None = None,
                        ura_dora_indicators: Collection[int] | None = None) -> Any: ...
def estimate(tiles: Collection[int], win_tile: int, melds: Collection[Any] | None,
             dora_indicators: Collection[int] | None, config: Any,
             ura_dora_indicators: Collection[int] | None) -> Any | None: ...
