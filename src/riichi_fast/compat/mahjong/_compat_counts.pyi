"""Compiled entries of ``Shanten.calculate_shanten``, ``Agari.is_agari`` and ``HandDivider.divide_hand``
(twins: the Python methods ``shanten._calculate_shanten_python``, ``agari._is_agari_python`` and
``divider._divide_hand_python``)."""

from collections.abc import Callable, Collection, Sequence
from typing import Any

def init(py_shanten: Callable[..., int] | None = None, py_is_agari: Callable[..., bool] | None = None,
         py_divide_hand: Callable[..., list[list[list[int]]]] | None = None,
         meld_code: Callable[[Any], tuple[int, int, int]] | None = None) -> None: ...
def calculate_shanten(tiles_34: Sequence[int], use_chiitoitsu: bool = True, use_kokushi: bool = True,
                      is_three_player: bool = False) -> int: ...
def is_agari(tiles_34: Sequence[int], open_sets_34: Collection[Sequence[int]] | None = None) -> bool: ...
def divide_hand(tiles_34: Sequence[int], melds: Collection[Any] | None = None) -> list[list[list[int]]]: ...
