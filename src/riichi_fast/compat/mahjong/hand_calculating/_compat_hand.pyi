"""Compiled fast path of ``HandCalculator.estimate_hand_value`` (twin: ``hand._estimate_python``)."""

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

class HandResponse:
    """mahjong's ``HandResponse`` (compiled; twin: ``hand_response._HandResponse``)."""

    cost: dict[str, Any] | None
    han: int | None
    fu: int | None
    fu_details: list[dict[str, Any]] | None
    yaku: list[Any] | None
    error: str | None
    is_open_hand: bool

    def __init__(self, cost: dict[str, Any] | None = None, han: int | None = None, fu: int | None = None,
                 yaku: Collection[Any] | None = None, error: str | None = None,
                 fu_details: list[dict[str, Any]] | None = None, is_open_hand: bool = False) -> None: ...

def init(bit_attr: Sequence[str | None], status_names: Sequence[str],
         fu_names: Mapping[int, str], py_estimate: Callable[..., Any], hand_config_cls: type,
         scores_cls: type, params_bytes: Callable[[Any, int], bytes], bit_order: Sequence[tuple[int, int]],
         optional_rules_cls: type | None = None, meld_cls: type | None = None,
         yaku_config_cls: type | None = None, yaku_classes: Mapping[str, type] | None = None) -> None: ...
def estimate_hand_value(tiles: Collection[int], win_tile: int, melds: Collection[Any] | None = None,
                        dora_indicators: Collection[int] | None = None, config: Any = None,
                        scores_calculator_factory: type | None = None,
                        ura_dora_indicators: Collection[int] | None = None) -> HandResponse: ...
def estimate(tiles: Collection[int], win_tile: int, melds: Collection[Any] | None,
             dora_indicators: Collection[int] | None, config: Any,
             ura_dora_indicators: Collection[int] | None) -> HandResponse | None: ...
