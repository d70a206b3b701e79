"""Integer codes shared by the compiled kernels and the Python layer.

The values are those of ``_types.pxd``; ``tests/core/test_enums.py`` checks they agree.
"""

from enum import IntEnum

N_KINDS = 34


class MeldType(IntEnum):
    """Kind of an exposed (or concealed-kan) meld."""

    CHI = 1
    PON = 2
    DAIMINKAN = 3
    ANKAN = 4
    SHOUMINKAN = 5
    KITA = 6  # three-player north extraction: not a set, never sent to the shape kernels


class SetType(IntEnum):
    """Kind of a set inside a reading."""

    SEQUENCE = 0
    TRIPLET = 1
    QUAD = 2


class Form(IntEnum):
    """Overall shape of a complete hand."""

    REGULAR = 0
    CHIITOITSU = 1
    KOKUSHI = 2


class WaitShape(IntEnum):
    """How the winning tile completed its set (RULES.md section 2)."""

    RYANMEN = 0
    KANCHAN = 1
    PENCHAN = 2
    SHANPON = 3
    TANKI = 4


class RowStatus(IntEnum):
    """Per-row status of batch calls: 0 is OK, anything else names the defect."""

    OK = 0
    BAD_TILE_COUNT = 1
    COUNT_ABOVE_FOUR = 2
    BAD_MELD = 3
    BAD_WIN_TILE = 4
    BAD_INDICATOR = 5
    BAD_CONTEXT = 6
