"""Compiled entries of ``Shanten.calculate_shanten`` and ``Agari.is_agari`` (twins: the Python methods
``shanten._calculate_shanten_python`` and ``agari._is_agari_python``)."""

from collections.abc import Callable, Collection, Sequence

def init(py_shanten: Callable[..., int] | None, py_is_agari: Callable[..., bool] | None) -> None: ...
def calculate_shanten(tiles_34: Sequence[int], use_chiitoitsu: bool = True, use_kokushi: bool = True,
                      is_three_player: bool = False) -> int: ...
def is_agari(tiles_34: Sequence[int], open_sets_34: Collection[Sequence[int]] | None = None) -> bool: ...

