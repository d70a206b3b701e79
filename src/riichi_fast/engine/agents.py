"""Built-in agents: random, tsumogiri and greedy (efficiency) players for the engine.

Every agent is a callable usable by :func:`~riichi_fast.engine.play_game`
(``agent(table, seat, actions) -> action``) and by an
:class:`~riichi_fast.engine.Env` loop (``agent.act(observation, actions) ->
action``, ``actions`` being :meth:`Env.legal_actions`).  Both paths make the
same choice in the same state: the table path builds the seat's
:class:`~riichi_fast.engine.Observation` (never another seat's closed tiles)
and calls :meth:`Agent.act`.  :meth:`Agent.reset` reseeds an agent;
:func:`~riichi_fast.engine.play` reseeds every agent at the start of every
game, so a game's result does not depend on the games played before it.

- :class:`RandomAgent`: uniform over the legal action *indices* (two plain
  copies of one kind are one choice, as in the Env's action space): the
  distinct indices ascending, number ``word % count`` where ``word`` is the
  next output of splitmix64 seeded by the agent's seed, the stream of the
  compiled random agent of :func:`riichi_fast.engine.play_games` (so both
  play the same games).
- :class:`TsumogiriAgent`: wins when allowed, else discards the tile it drew,
  else passes (and never calls, riichis or kans).
- :class:`GreedyAgent`: wins when allowed; declares kita (three-player);
  when tenpai may declare riichi, does, with the riichi discard of most
  ukeire; else discards the tile that leaves the lowest shanten and then the
  most ukeire (:func:`riichi_fast.discard_analysis`, visible tiles from the
  observation: every river, meld, kita and dora indicator); calls pon or chi
  only when the call lowers the shanten *and* the hand keeps an obvious yaku
  (a pon of a value honor, or every called tile a simple for open tanyao);
  passes on everything else (no kan, no kyuushu).  Ties break on the lowest
  action index, so it is deterministic without a seed.

:func:`agent_from_name` builds one from ``"random"``, ``"tsumogiri"`` or
``"greedy"``; :class:`ObservationAgent` wraps any ``fn(observation, actions)``.

>>> from riichi_fast.engine import play_game
>>> from riichi_fast.engine.agents import GreedyAgent, RandomAgent
>>> g = play_game([GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)], "tenhou", seed=4, length="single")
>>> len(g.hands), sum(g.points)
(1, 0)
"""

from __future__ import annotations

from riichi_fast import discard_analysis as _discard_analysis
from riichi_fast import shanten as _shanten
from riichi_fast.engine.actions import index_of
from riichi_fast.engine.env import _observe
from riichi_fast.engine.types import Action, EngineError
from riichi_fast.errors import ContextError
from riichi_fast.rules import Rules

__all__ = ["AGENTS", "Agent", "GreedyAgent", "ObservationAgent", "RandomAgent", "TsumogiriAgent", "agent_from_name"]

_MASK64 = (1 << 64) - 1
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_DRAGONS = frozenset((31, 32, 33))


def _rules_of(rules):
    return Rules.preset(rules) if isinstance(rules, str) else rules


class Agent:
    """Base class: ``act(observation, actions)`` chooses; calling it with ``(table, seat, actions)`` does the same.

    ``rules`` (a preset name or :class:`~riichi_fast.Rules`) is needed only by agents
    that read tiles (red copies, three-player analysis); the table path takes the table's.
    """

    needs_observation = True

    def __init__(self, seed: int = 0, rules="tenhou"):
        self.rules = _rules_of(rules)
        self.reset(seed)

    def reset(self, seed: int = 0) -> None:
        """Reseed the agent (a game played after ``reset(s)`` depends only on ``s``)."""
        if type(seed) is not int:
            raise ContextError(f"agent seed must be an int, got {type(seed).__name__}")
        self.seed = seed

    def act(self, observation, actions):
        """Choose one of ``actions`` (legal :class:`~riichi_fast.engine.Action` objects) for ``observation``."""
        raise NotImplementedError

    def __call__(self, table, seat, actions):
        if table.rules is not self.rules:
            self.rules = table.rules
        obs = _observe(table, seat) if self.needs_observation else None
        return self.act(obs, actions)

    def __repr__(self):
        return f"{type(self).__name__}(seed={self.seed})"


def _by_index(actions, red):
    """The first action of each action index, in index order (the Env's legal_actions)."""
    out = {}
    for a in actions:
        out.setdefault(index_of(a, red), a)
    return [out[i] for i in sorted(out)]


class RandomAgent(Agent):
    """Uniform over the distinct legal action indices, from its own seeded generator.

    >>> from riichi_fast.engine import Action
    >>> a = RandomAgent(7)
    >>> a.act(None, [Action("pass", 1), Action("ron", 1, 5)]) in (Action("pass", 1), Action("ron", 1, 5))
    True
    """

    needs_observation = False

    def reset(self, seed: int = 0) -> None:
        super().reset(seed)
        self._state = seed & _MASK64

    def act(self, observation, actions):
        choices = _by_index(actions, self.rules.red_fives)
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return choices[(z ^ (z >> 31)) % len(choices)]


class TsumogiriAgent(Agent):
    """Wins when allowed, else discards the drawn tile, else passes (first legal action when none applies).

    >>> from riichi_fast.engine import Action
    >>> TsumogiriAgent().act(None, [Action("pon", 2, 9, (10, 11)), Action("pass", 2)])
    Action(type='pass', seat=2, tile=None, consumed=())
    """

    needs_observation = False
    _drawn = None

    def __call__(self, table, seat, actions):
        self._drawn = table.drawn if (table.phase == "turn" and table.current == seat) else None
        return self.act(None, actions)

    def act(self, observation, actions):
        drawn = observation.drawn if observation is not None else self._drawn
        for a in actions:
            if a.type in ("tsumo", "ron"):
                return a
        if drawn is not None:
            for a in actions:
                if a.type == "discard" and a.tile == drawn:
                    return a
            # an Env lists one copy per index: the drawn copy is as legal as the one listed
            red = self.rules.red_fives
            key = index_of(Action("discard", 0, drawn), red)
            for a in actions:
                if a.type == "discard" and index_of(a, red) == key:
                    return Action("discard", a.seat, drawn)
        for a in actions:
            if a.type == "pass":
                return a
        discards = [a for a in actions if a.type == "discard"]
        return discards[-1] if discards else actions[0]


class GreedyAgent(Agent):
    """Wins, riichi when tenpai, discards for the best shanten then ukeire, calls only to lower the shanten.

    See the module doc for the exact rule.
    """

    def act(self, obs, actions):
        if not actions:
            raise EngineError("GreedyAgent: no legal action to choose from")
        for a in actions:
            if a.type in ("tsumo", "ron"):
                return a
        for a in actions:
            if a.type == "kita":
                return a
        n = len(obs.scores)
        rules = self.rules
        if obs.phase != "turn":
            return self._claim(obs, actions, rules, n)
        return self._discard(obs, actions, rules, n)

    # --------------------------------------------------------------- helpers

    @staticmethod
    def _visible(obs):
        """Tiles seen outside the own closed hand: rivers (taken ones are in melds), melds, kita, indicators."""
        vis = bytearray(34)
        for river in obs.rivers:
            for tile, _tsumogiri, called, _riichi in river:
                if not called:
                    vis[tile >> 2] += 1
        for melds in obs.melds:
            for _type, tiles, _called, _from in melds:
                for t in tiles:
                    vis[t >> 2] += 1
        for t in obs.dora_indicators:
            vis[t >> 2] += 1
        if obs.last_discard is not None:
            vis[obs.last_discard[1] >> 2] += 1
        return bytes(min(v, 4) for v in vis)

    @staticmethod
    def _counts(tiles):
        c = bytearray(34)
        for t in tiles:
            c[t >> 2] += 1
        return c

    def _discard(self, obs, actions, rules, n):
        counts = self._counts(obs.hand)
        options = {o[0]: (o[1], o[2]) for o in _discard_analysis(bytes(counts), self._visible(obs), rules=rules)}
        riichi = [a for a in actions if a.type == "riichi"]
        pool = riichi or [a for a in actions if a.type == "discard"]
        if not pool:
            return actions[0]
        red = rules.red_fives
        # lowest shanten, most ukeire, then the lowest index (plain copies before red ones)

        def key(a):
            sh, uke = options.get(a.tile >> 2, (9, 0))
            return sh, -uke, index_of(a, red)

        return min(pool, key=key)

    def _claim(self, obs, actions, rules, n):
        passing = next((a for a in actions if a.type == "pass"), actions[-1])
        calls = [a for a in actions if a.type in ("pon", "chi")]
        if not calls:
            return passing
        counts = self._counts(obs.hand)
        now = _shanten(bytes(counts), rules=rules)
        value = set(_DRAGONS) | {27 + obs.round_wind, 27 + obs.seat_wind}
        own_melds = obs.melds[obs.seat]
        melds_simple = all((t >> 2) not in _YAOCHUU for _ty, tiles, _c, _f in own_melds for t in tiles)
        best, best_key = None, None
        for a in calls:
            kind = a.tile >> 2
            if a.type == "pon" and kind in value:
                yaku = True
            else:
                kinds = [kind] + [x >> 2 for x in a.consumed]
                yaku = (rules.open_tanyao and melds_simple and all(k not in _YAOCHUU for k in kinds)
                        and not any(counts[k] for k in _YAOCHUU))
            if not yaku:
                continue
            after = bytearray(counts)
            for x in a.consumed:
                after[x >> 2] -= 1
            sh = min(o[1] for o in _discard_analysis(bytes(after), None, rules=rules))
            if sh < now:
                key = (sh, index_of(a, rules.red_fives))
                if best_key is None or key < best_key:
                    best, best_key = a, key
        return best if best is not None else passing


AGENTS = {"random": RandomAgent, "tsumogiri": TsumogiriAgent, "greedy": GreedyAgent}


def agent_from_name(name: str, seed: int = 0, rules="tenhou") -> Agent:
    """A built-in agent by name (``random``, ``tsumogiri``, ``greedy``).

    >>> agent_from_name("greedy")
    GreedyAgent(seed=0)
    """
    try:
        cls = AGENTS[name]
    except (KeyError, TypeError):
        raise ContextError(f"unknown agent {name!r}: expected one of {', '.join(AGENTS)}") from None
    return cls(seed, rules)


class ObservationAgent(Agent):
    """An agent from ``fn(observation, actions) -> action`` (an :class:`Action` among ``actions`` or its index).

    >>> first = ObservationAgent(lambda obs, actions: actions[0])
    >>> from riichi_fast.engine import Action
    >>> first.act(None, [Action("pass", 3)])
    Action(type='pass', seat=3, tile=None, consumed=())
    """

    def __init__(self, fn, rules="tenhou"):
        if not callable(fn):
            raise ContextError(f"an agent must be callable, got {type(fn).__name__}")
        self.fn = fn
        super().__init__(0, rules)

    def act(self, observation, actions):
        choice = self.fn(observation, actions)
        if isinstance(choice, Action):
            return choice
        if isinstance(choice, int) and not isinstance(choice, bool):
            for a in actions:
                if index_of(a, self.rules.red_fives) == choice:
                    return a
        raise EngineError(f"agent {self.fn!r} returned {choice!r}: not one of the legal actions "
                          f"{[str(a) for a in actions]}")

    def __repr__(self):
        return f"ObservationAgent({self.fn!r})"
