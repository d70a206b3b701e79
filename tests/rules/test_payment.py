"""Payments: two encodings check each other (STYLE.md section 6).

The published payment table (non-dealer and dealer, ron and tsumo) is written
out by hand below and checked against the base-points formula of RULES.md
section 6 for every (fu, han) it covers; the formula is then checked on every
(fu, han) pair, limits included, through the reference scorer's arithmetic.
"""

import pytest

from riichi_fast.rules import layout as L
from riichi_fast.rules.payment import LIMIT_BASE, Payment, base_points, ceil100, payments

FUS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)

# The standard table: (fu, han) -> (non-dealer ron, dealer ron, non-dealer tsumo "other/dealer", dealer tsumo each)
# None where the combination does not exist (20 fu ron, 25 fu 1 han, 25 fu tsumo at 1 han).
TABLE = {
    (20, 1): (None, None, None, None),
    (20, 2): (None, None, (400, 700), 700),
    (20, 3): (None, None, (700, 1300), 1300),
    (20, 4): (None, None, (1300, 2600), 2600),
    (25, 2): (1600, 2400, None, None),
    (25, 3): (3200, 4800, (800, 1600), 1600),
    (25, 4): (6400, 9600, (1600, 3200), 3200),
    (30, 1): (1000, 1500, (300, 500), 500),
    (30, 2): (2000, 2900, (500, 1000), 1000),
    (30, 3): (3900, 5800, (1000, 2000), 2000),
    (30, 4): (7700, 11600, (2000, 3900), 3900),
    (40, 1): (1300, 2000, (400, 700), 700),
    (40, 2): (2600, 3900, (700, 1300), 1300),
    (40, 3): (5200, 7700, (1300, 2600), 2600),
    (40, 4): (8000, 12000, (2000, 4000), 4000),
    (50, 1): (1600, 2400, (400, 800), 800),
    (50, 2): (3200, 4800, (800, 1600), 1600),
    (50, 3): (6400, 9600, (1600, 3200), 3200),
    (60, 1): (2000, 2900, (500, 1000), 1000),
    (60, 2): (3900, 5800, (1000, 2000), 2000),
    (60, 3): (7700, 11600, (2000, 3900), 3900),
    (70, 1): (2300, 3400, (600, 1200), 1200),
    (70, 2): (4500, 6800, (1200, 2300), 2300),
    (80, 1): (2600, 3900, (700, 1300), 1300),
    (80, 2): (5200, 7700, (1300, 2600), 2600),
    (90, 1): (2900, 4400, (800, 1500), 1500),
    (90, 2): (5800, 8700, (1500, 2900), 2900),
    (100, 1): (3200, 4800, (800, 1600), 1600),
    (100, 2): (6400, 9600, (1600, 3200), 3200),
    (110, 1): (3600, 5300, (900, 1800), 1800),
    (110, 2): (7100, 10600, (1800, 3600), 3600),
}

LIMITS = {  # han -> (non-dealer ron, dealer ron, limit code)
    5: (8000, 12000, L.LIMIT_MANGAN),
    6: (12000, 18000, L.LIMIT_HANEMAN),
    7: (12000, 18000, L.LIMIT_HANEMAN),
    8: (16000, 24000, L.LIMIT_BAIMAN),
    10: (16000, 24000, L.LIMIT_BAIMAN),
    11: (24000, 36000, L.LIMIT_SANBAIMAN),
    12: (24000, 36000, L.LIMIT_SANBAIMAN),
    13: (32000, 48000, L.LIMIT_KAZOE_YAKUMAN),
}


def _tsumo_pair(p):
    return p.tsumo_other, p.tsumo_dealer


def _pay(fu, han, **kw):
    base, limit = base_points(han, fu, **kw)
    return (
        payments(base, dealer=False, tsumo=False).ron,
        payments(base, dealer=True, tsumo=False).ron,
        _tsumo_pair(payments(base, dealer=False, tsumo=True)),
        payments(base, dealer=True, tsumo=True).tsumo_other,
        limit,
    )


@pytest.mark.parametrize("fu_han", sorted(TABLE), ids=lambda x: f"{x[1]}han{x[0]}fu")
def test_table_against_formula(fu_han):
    fu, han = fu_han
    ron, dealer_ron, tsumo, dealer_tsumo = TABLE[fu_han]
    got = _pay(fu, han)
    if ron is not None:
        assert got[0] == ron and got[1] == dealer_ron
    if tsumo is not None:
        assert got[2] == tsumo and got[3] == dealer_tsumo


@pytest.mark.parametrize("han", sorted(LIMITS))
def test_limit_rows(han):
    ron, dealer_ron, limit = LIMITS[han]
    for fu in FUS:
        got = _pay(fu, han)
        assert (got[0], got[1], got[4]) == (ron, dealer_ron, limit)


@pytest.mark.parametrize("han", range(1, 14))
@pytest.mark.parametrize("fu", FUS)
def test_every_fu_han_follows_the_formula(fu, han):
    base, limit = base_points(han, fu)
    raw = fu * 2 ** (2 + han)
    if han >= 13:
        assert (base, limit) == (8000, L.LIMIT_KAZOE_YAKUMAN)
    elif han >= 5:
        assert base == {5: 2000, 6: 3000, 7: 3000, 8: 4000, 9: 4000, 10: 4000, 11: 6000, 12: 6000}[han]
        assert LIMIT_BASE[limit] == base
    elif raw > 2000:
        assert (base, limit) == (2000, L.LIMIT_MANGAN)
    else:
        assert (base, limit) == (raw, L.LIMIT_NONE)
    for dealer in (False, True):
        for tsumo in (False, True):
            p = payments(base, dealer=dealer, tsumo=tsumo, honba=3, sticks=2)
            if not tsumo:
                assert p.ron == ceil100((6 if dealer else 4) * base) and p.ron % 100 == 0
                assert (p.honba_ron, p.total) == (900, p.ron + 900 + 2000)
            elif dealer:
                assert p.tsumo_other == ceil100(2 * base) and p.hand_points == 3 * p.tsumo_other
                assert p.total == p.hand_points + 3 * 300 + 2000
            else:
                assert (p.tsumo_dealer, p.tsumo_other) == (ceil100(2 * base), ceil100(base))
                assert p.hand_points == p.tsumo_dealer + 2 * p.tsumo_other
                assert p.total == p.hand_points + 900 + 2000


def test_kiriage_only_at_4_30_and_3_60():
    for fu in FUS:
        for han in range(1, 5):
            plain, kiri = base_points(han, fu), base_points(han, fu, kiriage=True)
            if (han, fu) in ((4, 30), (3, 60)):
                assert plain == (1920, L.LIMIT_NONE) and kiri == (2000, L.LIMIT_KIRIAGE_MANGAN)
            else:
                assert plain == kiri


def test_kazoe_modes():
    assert base_points(13, 30, kazoe=L.KAZOE_SANBAIMAN) == (6000, L.LIMIT_SANBAIMAN)
    assert base_points(13, 30, kazoe=L.KAZOE_YONBAIMAN) == (8000, L.LIMIT_YONBAIMAN)
    assert base_points(25, 30, kazoe=L.KAZOE_MULTIPLE) == (8000, L.LIMIT_KAZOE_YAKUMAN)
    assert base_points(39, 30, kazoe=L.KAZOE_MULTIPLE) == (24000, L.LIMIT_KAZOE_YAKUMAN)
    assert base_points(99, 30, kazoe=L.KAZOE_MULTIPLE, yakuman_cap=6) == (48000, L.LIMIT_KAZOE_YAKUMAN)


def test_three_player_payments():
    p = payments(2000, dealer=False, tsumo=True, honba=1, honba_ron=200, honba_tsumo=100, n_players=3)
    assert p == Payment(0, 4000, 2000, 0, 100, 0, 6000, 6200)
    p = payments(2000, dealer=True, tsumo=True, honba=1, honba_ron=200, honba_tsumo=100, n_players=3)
    assert p == Payment(0, 0, 4000, 0, 100, 0, 8000, 8200)
