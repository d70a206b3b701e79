"""mjai's names: tile names (``1m``..``9s``, ``E S W N P F C``, ``5mr`` for a red five) and
the reasons a ``ryukyoku`` gives, read by :mod:`.reader` and its compiled half ``_reader``."""

from __future__ import annotations

from riichi_fast.records.errors import RecordError
from riichi_fast.records.model import DrawKind

__all__ = ["KINDS", "REASONS", "mjai_kind"]

HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
WINDS = "ESWN"
REASONS = {
    None: DrawKind.EXHAUSTIVE, "fanpai": DrawKind.EXHAUSTIVE,
    "exhaustive": DrawKind.EXHAUSTIVE,
    "nagashimangan": DrawKind.NAGASHI_MANGAN, "nagashi_mangan": DrawKind.NAGASHI_MANGAN,
    "yao9": DrawKind.KYUUSHU, "kyushukyuhai": DrawKind.KYUUSHU,
    "kaze4": DrawKind.SUUFON, "reach4": DrawKind.SUUCHA_RIICHI,
    "ron3": DrawKind.SANCHAHOU, "kan4": DrawKind.SUUKAIKAN,
    # riichienv (and other engines) spell the reasons out
    "exhaustive_draw": DrawKind.EXHAUSTIVE, "ryukyoku": DrawKind.EXHAUSTIVE,
    "nagashi_mangan_draw": DrawKind.NAGASHI_MANGAN,
    "kyushu_kyuhai": DrawKind.KYUUSHU, "kyuushu_kyuuhai": DrawKind.KYUUSHU,
    "sufuurenta": DrawKind.SUUFON, "suufon_renda": DrawKind.SUUFON, "sufonrenda": DrawKind.SUUFON,
    "suucha_riichi": DrawKind.SUUCHA_RIICHI, "suucha_reach": DrawKind.SUUCHA_RIICHI,
    "sanchaho": DrawKind.SANCHAHOU, "sanchahou": DrawKind.SANCHAHOU,
    "suukansansen": DrawKind.SUUKAIKAN, "suukaikan": DrawKind.SUUKAIKAN, "sukansansen": DrawKind.SUUKAIKAN,
}
"""A ``ryukyoku`` event's ``reason`` -> the :class:`~riichi_fast.records.model.DrawKind`."""

KINDS = {**{f"{num}{suit}": ("mps".index(suit) * 9 + num - 1, False)
            for suit in "mps" for num in range(1, 10)},
         **{f"5{suit}r": ("mps".index(suit) * 9 + 4, True) for suit in "mps"},
         **{name: (kind, False) for name, kind in HONORS.items()}}
"""Every valid mjai tile name -> (kind, red): ``mjai_kind`` looks them up (~1,300 a game)."""


def mjai_kind(name: str) -> tuple[int, bool]:
    """Kind and redness of an mjai tile name.

    >>> mjai_kind("5mr"), mjai_kind("9s"), mjai_kind("C")
    ((4, True), (26, False), (33, False))
    """
    try:
        return KINDS[name]
    except (KeyError, TypeError):
        pass
    if name in HONORS:
        return HONORS[name], False
    red = name.endswith("r")
    core = name[:-1] if red else name
    if len(core) == 2 and core[0] in "123456789" and core[1] in "mps":
        kind = "mps".index(core[1]) * 9 + int(core[0]) - 1
        if red and core[0] != "5":
            raise RecordError(f"bad mjai tile {name!r}")
        return kind, red
    raise RecordError(f"bad mjai tile {name!r}")
