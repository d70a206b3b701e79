"""The ordinary yaku classes, at mahjong's import path (``mahjong.hand_calculating.yaku_list``).

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list import Riichi, Tanyao
>>> Riichi.yaku_id, Tanyao().name
(1, 'Tanyao')

Each class also has its own module, as in mahjong (``yaku_list.tanyao``,
``yaku_list.yakuman.kokushi``, ...); they load on first access.
"""

import importlib as _importlib
import pkgutil as _pkgutil

from riichi_fast.compat.mahjong.hand_calculating import yaku as _yaku

__all__ = [row[1] for row in _yaku.YAKU_TABLE if not row[6]]
globals().update({name: getattr(_yaku, name) for name in __all__})

_SUBMODULES = frozenset(info.name for info in _pkgutil.iter_modules(__path__))


def __getattr__(name: str):
    """Submodules as attributes (``yaku_list.tanyao``), imported on first access like mahjong's eager ones."""
    if name in _SUBMODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES)
