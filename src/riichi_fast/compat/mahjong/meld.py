"""Declared melds, as in ``mahjong.meld`` (``Meld``).

>>> from riichi_fast.compat.mahjong.tile import TilesConverter
>>> m = Meld(Meld.PON, TilesConverter.string_to_136_array(honors="555"))
>>> m.type, m.tiles_34, m.opened
('pon', [31, 31, 31], True)
>>> m
Type: pon, Tiles: 555z (124, 125, 126)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from riichi_fast.compat.mahjong.tile import TilesConverter

__all__ = ["Meld"]


class Meld:
    """A chi, pon, kan (``opened=False`` for a closed kan), shouminkan or nuki.

    ``tiles`` are 136-ids kept as a tuple; ``tiles_34`` is derived (and refreshed
    when ``tiles`` is reassigned).  The compiled scorer keeps the meld's
    (type, kind, opened) code in a slot (``_rf``, not in ``vars()``, not
    pickled or copied); setting any attribute drops it.
    """

    __slots__ = ("__dict__", "__weakref__", "_rf")

    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    SHOUMINKAN = "shouminkan"
    NUKI = "nuki"

    def __init__(
        self,
        meld_type: str | None = None,
        tiles: Sequence[int] | None = None,
        opened: bool = True,
        called_tile: int | None = None,
        who: int | None = None,
        from_who: int | None = None,
    ) -> None:
        d = self.__dict__  # plain stores: __setattr__ (cache drop) is for later changes
        d["type"] = meld_type
        d["tiles"] = tuple(tiles) if tiles else ()
        d["opened"] = opened
        d["called_tile"] = called_tile
        d["who"] = who
        d["from_who"] = from_who

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name == "_rf":
            return
        if name == "tiles":
            self.__dict__.pop("tiles_34", None)
        object.__setattr__(self, "_rf", None)  # the compiled scorer's (type, kind, opened) code

    def __getstate__(self) -> dict:
        return self.__dict__  # the scorer's slot is rebuilt on use

    def __str__(self) -> str:
        return f"Type: {self.type}, Tiles: {TilesConverter.to_one_line_string(self.tiles)} {self.tiles}"

    __repr__ = __str__

    @cached_property
    def tiles_34(self) -> list[int]:
        """The 34-indices of the meld's tiles."""
        return [t // 4 for t in self.tiles]
