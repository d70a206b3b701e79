"""Twin of ``riichi_fast._inputs``: the public analysis functions as the Python code of analysis runs them.

The compiled functions read every plain input form on the stack; their
specification is the Python functions of :mod:`riichi_fast.analysis` (its
``_PYTHON`` table): the same answers, the same errors (tests/core/test_inputs.py).
``rules=`` and ``n_players=`` are passed on when given (contract C1).

>>> shanten("123m456p789s1122z"), waits("123m456p789s1122z")
(0, (27, 28))
"""

from __future__ import annotations

from riichi_fast.analysis.front import _PYTHON

__all__ = [
    "decompose",
    "discard_analysis",
    "discard_waits",
    "is_agari",
    "is_furiten",
    "shanten",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_regular",
    "ukeire",
    "waits",
]


def _call(name, *args, rules=None, n_players=None, **kwargs):
    if rules is not None or n_players is not None:
        kwargs.update(rules=rules, n_players=n_players)
    return _PYTHON[name](*args, **kwargs)


def shanten(hand, *, rules=None, n_players=None):
    return _call("shanten", hand, rules=rules, n_players=n_players)


def shanten_regular(hand, *, rules=None, n_players=None):
    return _call("shanten_regular", hand, rules=rules, n_players=n_players)


def shanten_chiitoitsu(hand, *, rules=None, n_players=None):
    return _call("shanten_chiitoitsu", hand, rules=rules, n_players=n_players)


def shanten_kokushi(hand, *, rules=None, n_players=None):
    return _call("shanten_kokushi", hand, rules=rules, n_players=n_players)


def is_agari(hand, *, rules=None, n_players=None):
    return _call("is_agari", hand, rules=rules, n_players=n_players)


def waits(hand, *, karaten=None, rules=None, n_players=None):
    return _call("waits", hand, karaten=karaten, rules=rules, n_players=n_players)


def discard_waits(hand, *, karaten=None, rules=None, n_players=None):
    return _call("discard_waits", hand, karaten=karaten, rules=rules, n_players=n_players)


def ukeire(hand, visible=None, *, rules=None, n_players=None):
    return _call("ukeire", hand, visible, rules=rules, n_players=n_players)


def discard_analysis(hand, visible=None, *, rules=None, n_players=None):
    return _call("discard_analysis", hand, visible, rules=rules, n_players=n_players)


def is_furiten(hand, discards, *, rules=None, n_players=None):
    return _call("is_furiten", hand, discards, rules=rules, n_players=n_players)


def decompose(hand, win_tile=None, *, tsumo=False, rules=None, n_players=None):
    return _call("decompose", hand, win_tile, tsumo=tsumo, rules=rules, n_players=n_players)
