"""Every fu component (RULES.md section 5), asserted as the full breakdown.

Seat South (non-dealer), round East, ron unless a case says otherwise.
"""


import pytest

from riichi_fast.rules.config import DEFAULT, WRC


def case(hand, win, items, fu, id, **kw):
    return pytest.param(hand, win, kw, items, fu, id=id)


B = ("base", 20)
M = ("menzen_ron", 10)

CASES = [
    case("123456m234p55678s", "8s", [B, M], 30, "closed_ron_pinfu"),
    case("123456m234p55678s", "8s", [B], 20, "pinfu_tsumo", tsumo=True),
    case("234m678s55p chi:234p chi:567s", "4m", [B, ("open_pinfu", 2)], 30, "open_ron_no_fu"),
    case("234m678s55p chi:234p chi:567s", "4m", [B, ("tsumo", 2)], 30, "open_tsumo_no_fu", tsumo=True),
    case("234m678s55p pon:333p chi:567s", "4m", [B, ("open_pon", 2)], 30, "open_pon"),
    case("234m678s55p pon:999p chi:567s", "4m", [B, ("open_terminal_pon", 4)], 30, "open_terminal_pon"),
    case("234m333p678s55p chi:567s", "4m", [B, ("closed_pon", 4)], 30, "closed_pon_open_hand"),
    case("234m999p678s55p chi:567s", "4m", [B, ("closed_terminal_pon", 8)], 30, "closed_terminal_pon"),
    case("234m678s55p daiminkan:3333p chi:567s", "4m", [B, ("open_kan", 8)], 30, "open_kan"),
    case("234m678s55p kakan:3333p chi:567s", "4m", [B, ("open_kan", 8)], 30, "added_kan_is_open"),
    case("234m678s55p daiminkan:1111z chi:567s", "4m", [B, ("open_terminal_kan", 16)], 40, "open_terminal_kan"),
    case("234m678s55p ankan:3333p chi:567s", "4m", [B, ("closed_kan", 16)], 40, "closed_kan"),
    case("234m678s55p ankan:9999p chi:567s", "4m", [B, ("closed_terminal_kan", 32)], 60, "closed_terminal_kan"),
    case("234m678s77z chi:234p chi:567s", "4m", [B, ("dragon_pair", 2)], 30, "dragon_pair"),
    case("234m678s22z chi:234p pon:777z", "4m", [B, ("open_terminal_pon", 4), ("seat_wind_pair", 2)], 30,
         "seat_wind_pair"),
    case("234m678s11z chi:234p pon:777z", "4m", [B, ("open_terminal_pon", 4), ("round_wind_pair", 2)], 30,
         "round_wind_pair"),
    case("234m678s11z chi:234p pon:777z", "4m", [B, ("open_terminal_pon", 4), ("double_wind_pair", 4)], 30,
         "double_wind_pair_4", seat_wind=0),
    case("234m678s11z chi:234p pon:777z", "4m", [B, ("open_terminal_pon", 4), ("double_wind_pair", 2)], 30,
         "double_wind_pair_2_wrc", seat_wind=0, rules=WRC),
    case("13m678s55p chi:234p pon:777z", "2m", [B, ("open_terminal_pon", 4), ("kanchan", 2)], 30, "kanchan"),
    case("12m678s55p chi:234p pon:777z", "3m", [B, ("open_terminal_pon", 4), ("penchan", 2)], 30, "penchan"),
    case("89m678s55p chi:234p pon:777z", "7m", [B, ("open_terminal_pon", 4), ("penchan", 2)], 30, "penchan_89"),
    case("234m678s5p chi:234p pon:777z", "5p", [B, ("open_terminal_pon", 4), ("tanki", 2)], 30, "tanki"),
    case("234m345s55p88s pon:777z", "8s", [B, ("open_pon", 2), ("open_terminal_pon", 4)], 30,
         "shanpon_ron_triplet_is_open"),
    case("234m345s55p88s pon:777z", "8s", [B, ("closed_pon", 4), ("open_terminal_pon", 4), ("tsumo", 2)], 30,
         "shanpon_tsumo_triplet_is_closed", tsumo=True),
    case("1133m5577p99s2255z", "2z", [("chiitoitsu", 25)], 25, "chiitoitsu"),
    case("119m19p19s1234567z", "9m", [], 0, "kokushi"),
]


@pytest.mark.parametrize("hand, win, kw, items, fu", CASES)
def test_fu(sc, hand, win, kw, items, fu):
    kw = dict(kw)
    kw.setdefault("seat_wind", 1)
    # houtei / haitei give every hand a yaku without touching its fu
    kw.setdefault("haitei" if kw.get("tsumo") else "houtei", True)
    r = sc(hand, win, **kw)
    assert r.status == "ok", r
    assert [tuple(i) for i in r.fu_details] == items
    assert r.fu == fu
    assert r.raw[3] == sum(f for _, f in items)  # O_FU_RAW


def test_fu_adds_up_with_rounding(sc):
    # closed ron: 20 + 10 + closed terminal pon 8 + dragon pair 2 + kanchan 2 = 42 -> 50
    r = sc("13m456p999s345s77z", "2m", riichi=True, seat_wind=1)
    assert [tuple(i) for i in r.fu_details] == [B, M, ("closed_terminal_pon", 8), ("dragon_pair", 2), ("kanchan", 2)]
    assert (r.fu, r.han, r.cost) == (50, 1, 1600)


def test_rinshan_tsumo_fu_variant(sc):
    hand = "12399m456p13s ankan:7777s"
    r = sc(hand, "2s", tsumo=True, rinshan=True, seat_wind=1)
    assert [tuple(i) for i in r.fu_details] == [B, ("closed_kan", 16), ("kanchan", 2), ("tsumo", 2)]
    r = sc(hand, "2s", tsumo=True, rinshan=True, seat_wind=1, rules=DEFAULT.replace(rinshan_tsumo_fu=False))
    assert [tuple(i) for i in r.fu_details] == [B, ("closed_kan", 16), ("kanchan", 2)]
    assert r.fu == 40


def test_open_pinfu_fu_variant(sc):
    hand = "234m678s55p chi:234p chi:567s"
    r = sc(hand, "4m", seat_wind=1, rules=DEFAULT.replace(fu_for_open_pinfu=False))
    assert ([tuple(i) for i in r.fu_details], r.fu, r.cost) == ([B], 20, 700)


def test_pinfu_tsumo_fu_variant(sc):
    r = sc("123456m234p55678s", "8s", tsumo=True, seat_wind=1, rules=DEFAULT.replace(fu_for_pinfu_tsumo=True))
    assert ([tuple(i) for i in r.fu_details], r.fu) == ([B, ("tsumo", 2)], 30)
    assert [y.name for y in r.yaku] == ["menzen tsumo", "pinfu"]


def test_no_one_han_twenty_fu(sc):
    """RULES.md 5: closed pinfu tsumo is 2-20, closed pinfu ron 1-30, open all-sequence ron 1-30."""
    r = sc("123456m234p55678s", "8s", tsumo=True, seat_wind=1)
    assert (r.han, r.fu) == (2, 20)
    r = sc("123456m234p55678s", "8s", seat_wind=1)
    assert (r.han, r.fu) == (1, 30)
    r = sc("234m678s55p chi:234p chi:567s", "4m", seat_wind=1)
    assert (r.han, r.fu) == (1, 30)


def test_tie_break_on_raw_fu(sc):
    """Equal points, han and rounded fu: the option with more raw fu wins (docs/SCORING.md 5.2, as mahjong)."""
    # 666m 78m+9m 99m (tanki, sanankou, raw 100) vs 66m 678m 999m (doukou, raw 98): both baiman, 100 fu
    r = sc("66678999m ankan:9999p ankan:9999s", "9m", double_riichi=True, seat_wind=0, dora="5m", ura="8m")
    assert [y.name for y in r.yaku] == ["double riichi", "sanankou"]
    assert (r.han, r.fu, r.raw[3], r.limit) == (10, 100, 100, "baiman")
    assert [tuple(i) for i in r.fu_details] == [B, M, ("closed_pon", 4), ("closed_terminal_kan", 32),
                                                 ("closed_terminal_kan", 32), ("tanki", 2)]
