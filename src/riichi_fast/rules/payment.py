"""Limits and payments arithmetic (RULES.md section 6, docs/SCORING.md 5.6-5.7).

Plain integer functions, shared by the reference scorer and the result
objects: base points from han and fu with the limits, and who pays what.

>>> base_points(3, 30)
(960, 0)
>>> payments(960, dealer=False, tsumo=False).ron
3900
>>> p = payments(2000, dealer=False, tsumo=True, honba=2, sticks=1)
>>> p.tsumo_dealer, p.tsumo_other, p.honba_tsumo, p.total
(4000, 2000, 200, 9600)
"""

from __future__ import annotations

from typing import NamedTuple

from riichi_fast.rules import layout as L

__all__ = ["LIMIT_BASE", "Payment", "base_points", "ceil100", "payments", "yakuman_base"]

#: base points of each limit
LIMIT_BASE = {
    L.LIMIT_MANGAN: 2000,
    L.LIMIT_KIRIAGE_MANGAN: 2000,
    L.LIMIT_HANEMAN: 3000,
    L.LIMIT_BAIMAN: 4000,
    L.LIMIT_SANBAIMAN: 6000,
    L.LIMIT_YAKUMAN: 8000,
    L.LIMIT_KAZOE_YAKUMAN: 8000,
    L.LIMIT_YONBAIMAN: 8000,
}


def ceil100(x: int) -> int:
    """Round up to the next 100.

    >>> ceil100(3840), ceil100(3900)
    (3900, 3900)
    """
    return (x + 99) // 100 * 100


def base_points(han: int, fu: int, *, kiriage: bool = False, kazoe: int = L.KAZOE_YAKUMAN,
                yakuman_cap: int = 6) -> tuple[int, int]:
    """Base points and limit code of an ordinary (non-yakuman) hand.

    Returns ``(base, limit)``; under ``KAZOE_MULTIPLE`` the multiple is
    ``base // 8000``.

    >>> base_points(4, 30), base_points(4, 30, kiriage=True), base_points(4, 40)
    ((1920, 0), (2000, 7), (2000, 1))
    >>> base_points(13, 30), base_points(13, 30, kazoe=1), base_points(26, 30, kazoe=2)
    ((8000, 6), (6000, 4), (16000, 6))
    """
    if han >= 13:
        if kazoe == L.KAZOE_YAKUMAN:
            return 8000, L.LIMIT_KAZOE_YAKUMAN
        if kazoe == L.KAZOE_MULTIPLE:
            return 8000 * min(han // 13, yakuman_cap), L.LIMIT_KAZOE_YAKUMAN
        if kazoe == L.KAZOE_YONBAIMAN:
            return 8000, L.LIMIT_YONBAIMAN
        return 6000, L.LIMIT_SANBAIMAN
    if han >= 11:
        return 6000, L.LIMIT_SANBAIMAN
    if han >= 8:
        return 4000, L.LIMIT_BAIMAN
    if han >= 6:
        return 3000, L.LIMIT_HANEMAN
    if han >= 5:
        return 2000, L.LIMIT_MANGAN
    base = fu * 2 ** (2 + han)
    if base > 2000:
        return 2000, L.LIMIT_MANGAN
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2000, L.LIMIT_KIRIAGE_MANGAN
    return base, L.LIMIT_NONE


def yakuman_base(multiple: int) -> int:
    """Base points of a yakuman hand of the given multiple.

    >>> yakuman_base(2)
    16000
    """
    return 8000 * multiple


class Payment(NamedTuple):
    """Who pays what for one win (docs/SCORING.md 5.7); 0 where it does not apply."""

    ron: int  # the discarder, hand points only
    tsumo_dealer: int  # non-dealer tsumo: the dealer's share
    tsumo_other: int  # tsumo: each non-dealer's share (every payer on a dealer tsumo)
    honba_ron: int  # counters paid by the discarder
    honba_tsumo: int  # counters paid by each payer on tsumo
    sticks: int  # riichi sticks taken
    hand_points: int  # the winner's gain from the hand alone
    total: int  # everything the winner gains


def payments(base: int, *, dealer: bool, tsumo: bool, honba: int = 0, sticks: int = 0,
             honba_ron: int = 300, honba_tsumo: int = 100, n_players: int = 4) -> Payment:
    """Payments of a win worth ``base`` base points.

    >>> payments(2000, dealer=True, tsumo=True, honba=1)
    Payment(ron=0, tsumo_dealer=0, tsumo_other=4000, honba_ron=0, honba_tsumo=100, sticks=0, hand_points=12000, total=12300)
    >>> payments(320, dealer=False, tsumo=False, honba=1, sticks=2).total
    3600
    """
    ron = tsumo_dealer = tsumo_other = h_ron = h_tsumo = 0
    payers = n_players - 1
    if tsumo:
        h_tsumo = honba * honba_tsumo
        if dealer:
            tsumo_other = ceil100(2 * base)
            hand = tsumo_other * payers
        else:
            tsumo_dealer = ceil100(2 * base)
            tsumo_other = ceil100(base)
            hand = tsumo_dealer + tsumo_other * (payers - 1)
        bonus = h_tsumo * payers
    else:
        ron = ceil100((6 if dealer else 4) * base)
        h_ron = honba * honba_ron
        hand = ron
        bonus = h_ron
    st = 1000 * sticks
    return Payment(ron, tsumo_dealer, tsumo_other, h_ron, h_tsumo, st, hand, hand + bonus + st)
