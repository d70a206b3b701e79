"""Limits, kazoe, kiriage, yakuman multiples, dora of every kind, counters and sticks (RULES.md 3, 4, 6)."""


import pytest

from riichi_fast.errors import TileCountError
from riichi_fast.rules.config import DEFAULT, EMA, MAHJONG_LIB, TENHOU, TENHOU_3P, WRC
from riichi_fast.rules.payment import Payment

RIICHI_HAND = ("12399m456p123789s", "2s")  # riichi ron: 1 han 40 fu
PINFU_HAND = ("123456m234p55678s", "8s")  # pinfu ron: 1 han 30 fu
CHINITSU = ("11123456789s234s", "2s")  # pinfu ittsu chinitsu: 9 han, 12 with riichi ippatsu tsumo


# -- limits -----------------------------------------------------------------------


def test_mangan_by_fu_and_by_han(sc):
    r = sc(*RIICHI_HAND, riichi=True, ippatsu=True, dora="8m", seat_wind=1)  # 99m: 2 dora -> 4 han 40 fu
    assert (r.han, r.fu, r.limit, r.base_points, r.cost) == (4, 40, "mangan", 2000, 8000)
    r = sc(*RIICHI_HAND, riichi=True, ippatsu=True, dora="8m1s", seat_wind=1)
    assert (r.han, r.limit, r.cost) == (5, "mangan", 8000)


def test_haneman_baiman_sanbaiman(sc):
    r = sc(*RIICHI_HAND, riichi=True, ippatsu=True, dora="8m1s1s", seat_wind=1)
    assert (r.han, r.limit, r.cost) == (6, "haneman", 12000)
    r = sc(*CHINITSU, seat_wind=1)
    assert (r.han, r.limit, r.cost) == (9, "baiman", 16000)
    r = sc(*CHINITSU, riichi=True, ippatsu=True, tsumo=True, seat_wind=1)
    assert (r.han, r.limit, r.payment.tsumo_dealer, r.payment.tsumo_other, r.cost) == (12, "sanbaiman", 12000, 6000, 24000)


@pytest.mark.parametrize(
    "rules, limit, yakuman, cost",
    [
        (DEFAULT, "kazoe yakuman", 1, 32000),
        (TENHOU, "kazoe yakuman", 1, 32000),
        (EMA, "sanbaiman", 0, 24000),
        (WRC, "yonbaiman", 0, 32000),
        (DEFAULT.replace(kazoe="multiple"), "kazoe yakuman", 1, 32000),
    ],
    ids=["default", "tenhou", "ema", "wrc", "multiple"],
)
def test_kazoe(sc, rules, limit, yakuman, cost):
    # 12 han + 3 dora (1s x3) = 15 han
    r = sc(*CHINITSU, riichi=True, ippatsu=True, tsumo=True, dora="9s", seat_wind=1, rules=rules)
    assert (r.han, r.limit, r.yakuman, r.cost, r.is_yakuman) == (15, limit, yakuman, cost, False)


def test_kazoe_multiple_counts_13_han_per_yakuman(sc):
    # 12 + 9 (three 9s indicators, the fourth 9s is in the hand: 1s x3 each) + 4 (two 2s
    # indicators: 3s x2 each) + 1 (4s ura indicator: 5s) = 26 han; every indicator is a copy the
    # hand leaves free
    rules = DEFAULT.replace(kazoe="multiple")
    kw = {"riichi": True, "ippatsu": True, "tsumo": True, "dora": "99922s", "ura": "4s", "seat_wind": 1}
    r = sc(*CHINITSU, **kw, rules=rules)
    assert (r.han, r.limit, r.yakuman, r.cost) == (26, "kazoe yakuman", 2, 64000)
    r = sc(*CHINITSU, **kw)
    assert (r.han, r.yakuman, r.cost) == (26, 1, 32000)


def test_kiriage(sc):
    # pinfu riichi + 2 dora (2m, 3m) = 4 han 30 fu
    r = sc(*PINFU_HAND, riichi=True, dora="12m", seat_wind=1)
    assert (r.han, r.fu, r.limit, r.cost) == (4, 30, "", 7700)
    r = sc(*PINFU_HAND, riichi=True, dora="12m", seat_wind=1, rules=DEFAULT.replace(kiriage=True))
    assert (r.han, r.fu, r.limit, r.cost) == (4, 30, "kiriage mangan", 8000)
    r = sc(*PINFU_HAND, riichi=True, dora="12m", seat_wind=0, rules=WRC)
    assert (r.limit, r.cost) == ("kiriage mangan", 12000)
    # 3 han 60 fu: riichi + 2 dora (8s pair), 20 + 10 + 999p 8 + ankan 6s 16 + kanchan 2 = 56 -> 60
    hand = "13m999p234s88s ankan:6666s"
    r = sc(hand, "2m", riichi=True, dora="7s", seat_wind=1)
    assert (r.han, r.fu, r.limit, r.cost) == (3, 60, "", 7700)
    r = sc(hand, "2m", riichi=True, dora="7s", seat_wind=1, rules=DEFAULT.replace(kiriage=True))
    assert (r.han, r.fu, r.limit, r.cost) == (3, 60, "kiriage mangan", 8000)


# -- yakuman multiples --------------------------------------------------------------


def test_stacked_yakuman(sc):
    r = sc("555z666z777z1z pon:222z", "1z", seat_wind=1)
    assert ([y.name for y in r.yaku], r.yakuman, r.cost) == (["daisangen", "tsuuiisou"], 2, 64000)
    assert [(y.name, y.han, y.yakuman) for y in r.yaku] == [("daisangen", 0, 1), ("tsuuiisou", 0, 1)]
    r = sc("555z666z777z1z pon:222z", "1z", seat_wind=1, rules=EMA)  # EMA: one yakuman per hand
    assert (r.yakuman, r.cost) == (1, 32000)


def _ym(r):
    return r.yakuman, r.cost


def test_double_and_stacked_yakuman(sc):
    hand, win = "111z222z333z444z9m", "9m"  # daisuushii (2) + suuankou tanki (2)
    assert _ym(sc(hand, win, seat_wind=1)) == (4, 128000)
    assert _ym(sc(hand, win, seat_wind=1, rules=TENHOU)) == (2, 64000)
    no_stack = DEFAULT.replace(yakuman_stack=False)
    assert _ym(sc(hand, win, seat_wind=1, rules=no_stack)) == (2, 64000)
    capped = DEFAULT.replace(yakuman_cap=3)
    assert _ym(sc(hand, win, seat_wind=1, rules=capped)) == (3, 96000)


def test_tenhou_with_kokushi_13(sc):
    r = sc("119m19p19s1234567z", "1m", tsumo=True, tenhou=True, seat_wind=0)
    assert ([y.name for y in r.yaku], r.yakuman, r.payment.tsumo_other, r.cost) == (
        ["tenhou", "kokushi musou 13-sided"], 3, 48000, 144000)


def test_yakuman_ignores_dora(sc):
    r = sc("119m19p19s1234567z", "9m", dora="8m", riichi=True, ura="8m", seat_wind=1)
    assert ([y.name for y in r.yaku], r.dora, r.ura_dora, r.han, r.cost) == (["kokushi musou"], 0, 0, 0, 32000)


# -- dora ------------------------------------------------------------------------


def test_dora_wraps_and_counts_every_indicator(sc):
    # 99m pair: indicator 8m; 1s..9s: indicator 9s -> 1s; kan dora repeat
    r = sc(*RIICHI_HAND, riichi=True, dora="8m9s", seat_wind=1)
    assert (r.dora, r.han) == (3, 4)
    r = sc("123m456p789s5m pon:111z", "5m", dora="4z", seat_wind=1)  # North -> East
    assert (r.dora, r.han) == (3, 4)
    r = sc("123m456p789s5m pon:555z", "5m", dora="7z7z", seat_wind=1)  # chun -> haku, twice
    assert (r.dora, r.han) == (6, 7)


def test_dora_alone_is_not_a_yaku(sc):
    assert sc("12399m456p123789s", "2s", dora="8m", seat_wind=1).status == "no_yaku"


def test_ura_only_with_riichi(sc):
    r = sc(*RIICHI_HAND, riichi=True, ura="8m", seat_wind=1)
    assert (r.ura_dora, r.han, r.cost) == (2, 3, 5200)
    r = sc(*RIICHI_HAND, riichi=True, ura="8m", seat_wind=1, rules=DEFAULT.replace(ura_dora=False))
    assert (r.ura_dora, r.han) == (0, 1)
    r = sc(*RIICHI_HAND, double_riichi=True, ura="8m", seat_wind=1)
    assert r.ura_dora == 2
    r = sc("123m456p789s5m pon:555z", "5m", ura="4m", seat_wind=1)
    assert (r.ura_dora, r.han) == (0, 1)


def test_one_red_five(sc):
    r = sc("123456m234p05678s", "8s", seat_wind=1)
    assert (r.aka_dora, r.han, r.cost, r.dora_counts) == (1, 2, 2000, {"dora": 0, "ura": 0, "aka": 1, "kita": 0})
    assert [y.name for y in r.yaku] == ["pinfu"]
    r = sc("123456m234p6788s", "0s", seat_wind=1)  # the red five is the winning tile
    assert (r.aka_dora, r.han) == (1, 2)
    assert sc("123456m234p55678s", "8s", seat_wind=1).aka_dora == 0  # a 5 is never red


def test_two_red_5p(sc):
    two = DEFAULT.replace(red_fives={"5m": 1, "5p": 2, "5s": 1})
    r = sc("123456m234s00p678p", "8p", seat_wind=1, rules=two)
    assert (r.aka_dora, r.han, r.cost) == (2, 3, 3900)
    r = sc("123456m234s00p678p", "8p", seat_wind=1, rules=two, dora="4p")  # dora 5p: both red fives count
    assert (r.aka_dora, r.dora, r.han) == (2, 2, 5)
    with pytest.raises(TileCountError):
        sc("123456m234s00p678p", "8p", seat_wind=1)  # one red 5p by default


def test_red_five_under_rules_without_red(sc):
    with pytest.raises(TileCountError):
        sc("123456m234p05678s", "8s", rules=WRC)
    r = sc("123456m234p55678s", "8s", seat_wind=1, rules=MAHJONG_LIB)
    assert r.aka_dora == 0


def test_red_counted_from_ids_under_the_rules(sc):
    ids = [0, 4, 8, 12, 16, 20, 40, 44, 48, 88, 89, 92, 96]  # 123456m 234p 5567s (16 and 88 red)
    assert sc(ids, "8s", seat_wind=1).aka_dora == 2
    assert sc(ids, "8s", seat_wind=1, rules=MAHJONG_LIB).aka_dora == 0


def test_kita(sc):
    r = sc("123m456p789s5p kita:4z pon:555z", "5p", seat_wind=1, rules=TENHOU_3P)
    assert (r.kita, r.han) == (1, 2)
    r = sc("123m456p789s5p kita:4z kita:4z pon:555z", "5p", dora="3z", seat_wind=1, rules=TENHOU_3P)
    assert (r.kita, r.dora, r.han) == (2, 2, 5)


# -- counters and sticks -----------------------------------------------------------


def test_honba_and_sticks_on_ron(sc):
    r = sc(*PINFU_HAND, honba=2, riichi_sticks=1, seat_wind=1)
    assert r.payment == Payment(1000, 0, 0, 600, 0, 1000, 1000, 2600)
    assert (r.cost, r.total, r.payers()) == (1000, 2600, {"discarder": 1600})


def test_honba_and_sticks_on_tsumo(sc):
    r = sc(*PINFU_HAND, tsumo=True, honba=2, riichi_sticks=2, seat_wind=1)
    assert r.payment == Payment(0, 700, 400, 0, 200, 2000, 1500, 4100)
    assert r.payers() == {"dealer": 900, "each_non_dealer": 600}
    r = sc(*PINFU_HAND, tsumo=True, honba=1, seat_wind=0)
    assert r.payment == Payment(0, 0, 700, 0, 100, 0, 2100, 2400)
    assert r.payers() == {"each": 800}


def test_dealer_ron(sc):
    r = sc(*PINFU_HAND, seat_wind=0, honba=1)
    assert (r.payment.ron, r.total) == (1500, 1800)


def test_three_player_payments(sc):
    # Tenhou 3p: tsumo loss (two payers), counters 200 on ron, 100 per payer on tsumo
    hand = ("123m456p789s5p pon:555z", "5p")
    r = sc(*hand, seat_wind=1, rules=TENHOU_3P, honba=1)
    assert (r.payment.ron, r.payment.honba_ron, r.total) == (1000, 200, 1200)
    r = sc(*hand, tsumo=True, seat_wind=1, rules=TENHOU_3P, honba=1)
    assert r.payment == Payment(0, 500, 300, 0, 100, 0, 800, 1000)


def test_three_player_dora_wraps_1m_to_9m(sc):
    r = sc("999m456p789s5p pon:555z", "5p", dora="1m", seat_wind=1, rules=TENHOU_3P)
    assert (r.dora, r.han) == (3, 4)
    r = sc("111m456p789s5p pon:555z", "5p", dora="9m", seat_wind=1, rules=TENHOU_3P)
    assert (r.dora, r.han) == (3, 4)
    r = sc("111m456p789s5p pon:555z", "5p", dora="9m", seat_wind=1)  # 4-player: 9m -> 1m too
    assert r.dora == 3
    r = sc("222m456p789s5p pon:555z", "5p", dora="1m", seat_wind=1)  # 4-player: 1m -> 2m
    assert r.dora == 3


def test_rules_without_kan_dora_use_the_first_indicator_only(sc):
    no_kan = DEFAULT.replace(kan_dora=False)
    r = sc(*RIICHI_HAND, riichi=True, dora="8m9s", ura="8m9s", seat_wind=1, rules=no_kan)
    assert (r.dora, r.ura_dora) == (2, 2)
    r = sc(*RIICHI_HAND, riichi=True, dora="8m9s", ura="8m9s", seat_wind=1)
    assert (r.dora, r.ura_dora) == (3, 3)
