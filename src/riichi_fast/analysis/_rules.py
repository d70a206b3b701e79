"""The ``rules=`` / ``n_players=`` keywords of the analysis functions (contract C1).

Every analysis entry point (``riichi_fast.analysis``, ``FuritenState``,
``PlayerState``) reads the pair through :func:`analysis_settings`:

- both None: four players, the default rules' own-meld convention
  (``Rules.own_melds_held``) and ``karaten_counts``;
- ``rules`` (a :class:`~riichi_fast.rules.Rules` or a preset name): its
  ``n_players``, ``own_melds_held`` and ``karaten_counts``;
- ``n_players`` (3 or 4) alone: that player count with the default convention;
- both, disagreeing: :class:`~riichi_fast.errors.ContextError` naming both.
"""

from __future__ import annotations

from riichi_fast.analysis._checks import check_n_players
from riichi_fast.errors import ContextError
from riichi_fast.rules.config import DEFAULT, Rules

__all__ = ["AnalysisSettings", "analysis_settings", "as_rules"]


class AnalysisSettings(tuple):
    """``(n_players, own_melds_held, karaten_counts)``."""

    __slots__ = ()

    @property
    def n_players(self) -> int:
        return self[0]

    @property
    def own_melds_held(self) -> bool:
        return self[1]

    @property
    def karaten_counts(self) -> bool:
        return self[2]


_CACHE: dict = {}


def as_rules(rules) -> Rules:
    """The :class:`~riichi_fast.rules.Rules` of a ``rules=`` argument: a Rules, a preset name or None (the defaults).

    >>> as_rules(None) is DEFAULT, as_rules("tenhou_3p").n_players
    (True, 3)
    """
    if rules is None:
        return DEFAULT
    if isinstance(rules, str):
        return Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise ContextError(f"rules must be a Rules object, a preset name or None, got {rules!r}")
    return rules


def analysis_settings(rules=None, n_players=None) -> AnalysisSettings:
    """The settings of a ``rules=`` / ``n_players=`` pair (module docstring).

    >>> analysis_settings()
    (4, True, False)
    >>> analysis_settings("tenhou_3p"), analysis_settings(n_players=3)
    ((3, False, False), (3, True, False))
    """
    if rules is None:
        n = 4 if n_players is None else check_n_players(n_players)
        rules = DEFAULT
    else:
        rules = as_rules(rules)
        n = rules.n_players
        if n_players is not None and check_n_players(n_players) != n:
            raise ContextError(f"n_players={n_players} disagrees with the rules (n_players={n})")
    key = (n, rules.own_melds_held, rules.karaten_counts)
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = AnalysisSettings(key)
    return cached
