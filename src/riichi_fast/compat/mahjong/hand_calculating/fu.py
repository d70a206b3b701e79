"""Fu of one decomposition, as in ``mahjong.hand_calculating.fu`` (``FuCalculator``).

``HandCalculator`` gets its fu from riichi_fast's scorer; this class serves
callers that compute fu for a decomposition they chose themselves.

>>> from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
>>> hand = [[2, 2, 2], [3, 4, 5], [9, 10, 11], [18, 19, 20], [27, 27]]
>>> details, fu = FuCalculator.calculate_fu(hand, 18 * 4, [18, 19, 20], HandConfig())
>>> fu, details[0]
(40, {'fu': 4, 'reason': 'closed_pon'})
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypedDict

from riichi_fast.compat.mahjong.constants import TERMINAL_AND_HONOR_INDICES
from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig  # noqa: F401 (mahjong's name)
from riichi_fast.compat.mahjong.meld import Meld  # noqa: F401 (mahjong's name)

__all__ = ["FuCalculator", "FuDetail"]


class FuDetail(TypedDict):
    """One fu component: ``{"fu": 2, "reason": "kanchan"}``."""

    fu: int
    reason: str


#: terminal-or-honor flag of each 34-index (mahjong's module-level lookup)
_IS_TERMINAL_OR_HONOR = [k in TERMINAL_AND_HONOR_INDICES for k in range(34)]
#: mahjong's meld state bits (open, kan)
_OPENED = 1
_IS_KAN = 2


class FuCalculator:
    """Fu breakdown and total (rounded up to 10; chiitoitsu 25) of a decomposition."""

    BASE = "base"
    PENCHAN = "penchan"
    KANCHAN = "kanchan"
    VALUED_PAIR = "valued_pair"
    DOUBLE_VALUED_PAIR = "double_valued_pair"
    PAIR_WAIT = "pair_wait"
    TSUMO = "tsumo"
    HAND_WITHOUT_FU = "hand_without_fu"
    CLOSED_PON = "closed_pon"
    OPEN_PON = "open_pon"
    CLOSED_TERMINAL_PON = "closed_terminal_pon"
    OPEN_TERMINAL_PON = "open_terminal_pon"
    CLOSED_KAN = "closed_kan"
    OPEN_KAN = "open_kan"
    CLOSED_TERMINAL_KAN = "closed_terminal_kan"
    OPEN_TERMINAL_KAN = "open_terminal_kan"

    # [terminal or honor][kan][open] -> (fu, reason)
    _SET_FU = (
        (((4, CLOSED_PON), (2, OPEN_PON)), ((16, CLOSED_KAN), (8, OPEN_KAN))),
        (((8, CLOSED_TERMINAL_PON), (4, OPEN_TERMINAL_PON)), ((32, CLOSED_TERMINAL_KAN), (16, OPEN_TERMINAL_KAN))),
    )
    _PON_KAN_FU_TABLE = _SET_FU  # mahjong's name for the same table

    @staticmethod
    def calculate_fu(
        hand: Collection[Sequence[int]],
        win_tile: int,
        win_group: Sequence[int],
        config,
        valued_tiles: Sequence[int | None] | None = None,
        melds: Collection | None = None,
    ) -> tuple[list[FuDetail], int]:
        """``(details, total)`` for ``hand`` (34-index sets) won on ``win_tile`` (136-id) in ``win_group``.

        ``valued_tiles`` lists the kinds whose pair gives fu (a kind listed twice
        gives 4); ``melds`` are the declared melds (their sets count as open
        unless a closed kan).

        >>> from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
        >>> FuCalculator.calculate_fu([[0, 0]] * 7, 0, [0, 0], HandConfig())[1]
        25
        """
        # each FuDetail (a TypedDict: a plain dict) is written as a literal: calling the class is slower
        if len(hand) == 7:
            return [{"fu": 25, "reason": FuCalculator.BASE}], 25
        win_kind = win_tile // 4
        melds = melds or ()
        details: list[FuDetail] = []

        wg = list(win_group)
        wg_is_chi = len(wg) == 3 and wg[0] != wg[1]
        pair = -1
        sets = []
        closed_copies = 0  # copies of the winning chi among the hand's sets
        for grp in hand:
            if len(grp) == 2:
                pair = grp[0]
            elif grp[0] == grp[1]:
                sets.append(grp)
            elif wg_is_chi and len(grp) == 3 and list(grp) == wg:
                closed_copies += 1

        is_open = False
        open_copies = 0  # copies of the winning chi among the declared chi
        state: dict[int, tuple[bool, bool]] = {}
        for m in melds:
            is_open = is_open or m.opened
            if m.type == "chi":
                if wg_is_chi and [t // 4 for t in m.tiles[:3]] == wg:
                    open_copies += 1
            else:
                state[m.tiles[0] // 4] = (bool(m.opened), m.type in ("kan", "shouminkan"))

        if wg_is_chi and closed_copies > open_copies:
            rank = wg[0] % 9
            if (rank == 0 and win_kind == wg[2]) or (rank == 6 and win_kind == wg[0]):
                details.append({"fu": 2, "reason": FuCalculator.PENCHAN})
            if win_kind == wg[1]:
                details.append({"fu": 2, "reason": FuCalculator.KANCHAN})

        if pair >= 0 and valued_tiles:
            n = list(valued_tiles).count(pair)
            if n == 1:
                details.append({"fu": 2, "reason": FuCalculator.VALUED_PAIR})
            elif n >= 2:
                details.append({"fu": 4, "reason": FuCalculator.DOUBLE_VALUED_PAIR})

        if len(wg) == 2:
            details.append({"fu": 2, "reason": FuCalculator.PAIR_WAIT})

        for s in sets:
            kind = s[0]
            opened, kan = state.get(kind, (False, False))
            kan = kan or len(s) == 4
            if not config.is_tsumo and len(wg) == len(s) and wg[0] == kind and wg[1] == kind:
                opened = True  # a triplet completed by ron counts as open
            fu, reason = FuCalculator._SET_FU[kind in TERMINAL_AND_HONOR_INDICES][kan][opened]
            details.append({"fu": fu, "reason": reason})

        total = sum(d["fu"] for d in details)
        if config.is_tsumo and (total > 0 or config.options.fu_for_pinfu_tsumo):
            details.append({"fu": 2, "reason": FuCalculator.TSUMO})
            total += 2
        if is_open and total == 0 and config.options.fu_for_open_pinfu:
            details.append({"fu": 2, "reason": FuCalculator.HAND_WITHOUT_FU})
            total += 2
        base = 20 if is_open or config.is_tsumo else 30
        details.append({"fu": base, "reason": FuCalculator.BASE})
        total += base
        return details, -(-total // 10) * 10
