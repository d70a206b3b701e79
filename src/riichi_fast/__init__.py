"""riichi_fast: fast riichi mahjong hand analysis and scoring.

A compiled Cython core with a pure-Python twin (``riichi_fast.reference``);
``RIICHI_FAST_PUREPYTHON=1`` routes everything here to the twin.

>>> import riichi_fast as rf
>>> rf.shanten("123m456p789s1122z")
0
>>> rf.score("234m406p789s11z pon:777z@2", "4p", dora="3p").cost
5800
"""

from riichi_fast import _backend
from riichi_fast._backend import BACKEND
from riichi_fast.enums import Form, MeldType, RowStatus, SetType, WaitShape
from riichi_fast.errors import (
    ArrayError,
    ContextError,
    MeldError,
    RiichiError,
    TileCountError,
    TileParseError,
    WallError,
)
from riichi_fast.hand import Hand, Meld, as_hand
from riichi_fast.analysis.readings import DiscardOption, HandSet, Reading, WinReading
from riichi_fast.rules.config import PRESETS, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.result import HandResult
from riichi_fast.scoring.front import score
from riichi_fast.tiles import (
    as_counts,
    counts_to_ids,
    counts_to_mpsz,
    dora_from_indicator,
    format_tiles,
    ids_to_counts,
    kind_name,
    mpsz_to_counts,
    parse_kind,
    parse_mjai,
    parse_tiles,
    red_counts,
)

# Loaded on first use, so that `import riichi_fast` stays fast (PEP 562): the
# analysis kernels build their shanten tables (~20 ms) only when first needed.
_LAZY = {
    "FuritenState": "riichi_fast.analysis.front",
    "decompose": "riichi_fast.analysis.front",
    "discard_analysis": "riichi_fast.analysis.front",
    "discard_waits": "riichi_fast.analysis.front",
    "is_agari": "riichi_fast.analysis.front",
    "is_agari_batch": "riichi_fast.analysis.front",
    "is_furiten": "riichi_fast.analysis.front",
    "shanten": "riichi_fast.analysis.front",
    "shanten_batch": "riichi_fast.analysis.front",
    "shanten_chiitoitsu": "riichi_fast.analysis.front",
    "shanten_kokushi": "riichi_fast.analysis.front",
    "shanten_regular": "riichi_fast.analysis.front",
    "ukeire": "riichi_fast.analysis.front",
    "ukeire_batch": "riichi_fast.analysis.front",
    "waits": "riichi_fast.analysis.front",
    "waits_batch": "riichi_fast.analysis.front",
    "PlayerState": "riichi_fast.analysis",
    "BatchResult": "riichi_fast.scoring.batch",
    "arrays_from_hands": "riichi_fast.scoring.batch",
    "score_batch": "riichi_fast.scoring.batch",
    "score_batch_chunks": "riichi_fast.scoring.batch",
    "Settlement": "riichi_fast.settle.front",
    "TableState": "riichi_fast.settle.front",
    "settle_abortive_draw": "riichi_fast.settle.front",
    "settle_chombo": "riichi_fast.settle.front",
    "settle_exhaustive_draw": "riichi_fast.settle.front",
    "settle_win": "riichi_fast.settle.front",
}


def __getattr__(name):
    import importlib

    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'riichi_fast' has no attribute {name!r}")
    module = importlib.import_module(where) if where.startswith("riichi_fast.") else _backend.load(where)
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))

__version__ = "0.1.0"

__all__ = [
    "BACKEND",
    "PRESETS",
    "ArrayError",
    "BatchResult",
    "ContextError",
    "DiscardOption",
    "Form",
    "FuritenState",
    "Hand",
    "HandResult",
    "HandSet",
    "Meld",
    "MeldError",
    "MeldType",
    "PlayerState",
    "Reading",
    "RiichiError",
    "RowStatus",
    "Rules",
    "SetType",
    "Settlement",
    "TableState",
    "TileCountError",
    "TileParseError",
    "WaitShape",
    "WallError",
    "WinContext",
    "WinReading",
    "arrays_from_hands",
    "as_counts",
    "as_hand",
    "counts_to_ids",
    "counts_to_mpsz",
    "decompose",
    "discard_analysis",
    "discard_waits",
    "dora_from_indicator",
    "format_tiles",
    "ids_to_counts",
    "is_agari",
    "is_agari_batch",
    "is_furiten",
    "kind_name",
    "mpsz_to_counts",
    "parse_kind",
    "parse_mjai",
    "parse_tiles",
    "red_counts",
    "score",
    "score_batch",
    "score_batch_chunks",
    "settle_abortive_draw",
    "settle_chombo",
    "settle_exhaustive_draw",
    "settle_win",
    "shanten",
    "shanten_batch",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_regular",
    "ukeire",
    "ukeire_batch",
    "waits",
    "waits_batch",
]
