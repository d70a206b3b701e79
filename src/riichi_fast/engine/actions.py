"""The action space of the engine: every decision as one of ``N_ACTIONS`` indices.

``N_ACTIONS`` = 222 indices; ``k`` is a kind 0-33, 1m..9m 1p..9p 1s..9s E S W N P
F C; "red" is a red copy under the rules' red tiles:

=========  ===========================================================
index      action
=========  ===========================================================
0-33       discard a plain copy of kind ``k``
34-67      discard a red copy of kind ``k`` (only suited kinds occur)
68-101     riichi, discarding a plain copy of kind ``k``
102-135    riichi, discarding a red copy of kind ``k``
136        tsumo
137        ron (on a discard, a kan being added, or a kita)
138        pass (decline every claim on the tile)
139-147    chi: ``139 + 3 * position + reds``; ``position`` of the called
           tile in the sequence (0 lowest, 1 middle, 2 highest), ``reds``
           the red copies among the two tiles taken from the hand (0-2)
148-150    pon: ``148 + reds`` (red copies among the two taken from the hand)
151        daiminkan (open kan on a discard)
152-185    ankan of kind ``k``
186-219    kakan (add the fourth tile to the pon) of kind ``k``
220        kita (three-player: set a north aside)
221        kyuushu kyuuhai (abort with nine terminal and honor kinds)
=========  ===========================================================

Which copy of a kind an index takes does not matter to the game except for red
copies, which have their own indices; where two legal actions share an index
(two plain copies, or an exotic red setting with red copies on two kinds of one
chi), :meth:`~riichi_fast.engine.Env.legal_actions` lists the first.

:func:`index_of` is the rule; the compiled engine has it once as ``c_index_of`` in
``riichi_fast/engine/_actions.pxd``, with the same constants.

>>> N_ACTIONS, action_name(KYUUSHU)
(222, 'kyuushu')
"""

from __future__ import annotations

from riichi_fast.engine.types import Action, EngineError

__all__ = ["ACTION_NAMES", "ACTION_TYPES", "N_ACTIONS", "action_name", "index_of"]

#: the action types, in the order of the compiled engine's codes (``A_*`` in _actions.pxd)
ACTION_TYPES = ("discard", "riichi", "tsumo", "ron", "chi", "pon", "daiminkan", "ankan", "kakan", "kita",
                "kyuushu", "pass")

# the first index of each kind of action
DISCARD, DISCARD_RED, RIICHI, RIICHI_RED = 0, 34, 68, 102
TSUMO, RON, PASS, CHI, PON, DAIMINKAN, ANKAN, KAKAN, KITA, KYUUSHU = 136, 137, 138, 139, 148, 151, 152, 186, 220, 221
N_ACTIONS = KYUUSHU + 1


def _is_red(tile: int, red) -> bool:
    return (tile & 3) < red[tile >> 2]


def index_of(action: Action, red) -> int:
    """The index of ``action`` in the action space (``red``: the rules' ``red_fives`` counts, 34 per kind).

    >>> from riichi_fast import Rules
    >>> red = Rules.preset("tenhou").red_fives
    >>> index_of(Action("discard", 0, 17), red), index_of(Action("discard", 0, 16), red)
    (4, 38)
    >>> index_of(Action("chi", 1, 17, (12, 20)), red), index_of(Action("pass", 2), red)
    (142, 138)
    """
    t = action.type
    if t in ("discard", "riichi"):
        base = DISCARD if t == "discard" else RIICHI
        return base + (34 if _is_red(action.tile, red) else 0) + (action.tile >> 2)
    if t == "tsumo":
        return TSUMO
    if t == "ron":
        return RON
    if t == "pass":
        return PASS
    reds = sum(_is_red(x, red) for x in action.consumed)
    if t == "chi":
        position = sorted([action.tile >> 2] + [x >> 2 for x in action.consumed]).index(action.tile >> 2)
        return CHI + 3 * position + reds
    if t == "pon":
        return PON + reds
    if t == "daiminkan":
        return DAIMINKAN
    if t == "ankan":
        return ANKAN + (action.tile >> 2)
    if t == "kakan":
        return KAKAN + (action.tile >> 2)
    if t == "kita":
        return KITA
    if t == "kyuushu":
        return KYUUSHU
    raise EngineError(f"{action}: unknown action type {t!r}")


_KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


def action_name(i: int) -> str:
    """A readable name of action index ``i``.

    >>> action_name(0), action_name(38), action_name(72), action_name(141), action_name(153)
    ('discard 1m', 'discard red 5m', 'riichi 5m', 'chi low (2 red)', 'ankan 2m')
    """
    if not 0 <= i < N_ACTIONS:
        raise EngineError(f"action index {i} is out of range 0-{N_ACTIONS - 1}")
    if i < TSUMO:
        verb = "discard" if i < RIICHI else "riichi"
        j = i % 68
        return f"{verb} {'red ' if j >= 34 else ''}{_KINDS[j % 34]}"
    if i < CHI:
        return ("tsumo", "ron", "pass")[i - TSUMO]
    if i < PON:
        pos, reds = divmod(i - CHI, 3)
        return f"chi {('low', 'mid', 'high')[pos]}" + (f" ({reds} red)" if reds else "")
    if i < DAIMINKAN:
        return "pon" + (f" ({i - PON} red)" if i > PON else "")
    if i == DAIMINKAN:
        return "daiminkan"
    if i < KITA:
        return f"{'ankan' if i < KAKAN else 'kakan'} {_KINDS[(i - ANKAN) % 34]}"
    return "kita" if i == KITA else "kyuushu"


#: the name of every index of the action space
ACTION_NAMES = tuple(action_name(i) for i in range(N_ACTIONS))
