"""One winning hand per yaku and yakuman (RULES.md section 4), with exact han, fu and points.

Every case runs on the reference scorer and, when it is built, on the compiled
one (``riichi_fast.scoring._score``); the public ``score`` is pointed at each in turn.
Unless a case says otherwise: rules DEFAULT, ron, seat South (non-dealer),
round East.
"""


import pytest

from riichi_fast.rules.config import DEFAULT, MAHJONG_LIB, TENHOU, WRC


def case(hand, win, yaku, han, fu, cost, id=None, **kw):
    return pytest.param(hand, win, kw, yaku, han, fu, cost, id=id)


NON_DEALER = {"seat_wind": 1}

CASES = [
    # -- riichi and situational ------------------------------------------------
    case("12399m456p123789s", "2s", ["menzen tsumo"], 1, 30, 1100, tsumo=True, id="menzen_tsumo"),
    case("12399m456p123789s", "2s", ["riichi"], 1, 40, 1300, riichi=True, id="riichi"),
    case("12399m456p123789s", "2s", ["riichi", "ippatsu"], 2, 40, 2600, riichi=True, ippatsu=True, id="ippatsu"),
    case("12399m456p123789s", "2s", ["double riichi"], 2, 40, 2600, double_riichi=True, id="double_riichi"),
    case("12399m456p123789s", "2s", ["riichi", "open riichi"], 2, 40, 2600, riichi=True, open_riichi=True,
         rules=DEFAULT.replace(open_riichi=True), id="open_riichi"),
    case("12399m456p123789s", "2s", ["chankan"], 1, 40, 1300, chankan=True, id="chankan"),
    # no kan in the hand: scored only with reject_impossible off (else rinshan_without_kan_not_allowed)
    case("12399m456p123789s", "2s", ["menzen tsumo", "rinshan kaihou"], 2, 30, 2000, tsumo=True, rinshan=True,
         rules=DEFAULT.replace(reject_impossible=False), id="rinshan"),
    case("12399m456p13s ankan:7777s", "2s", ["menzen tsumo", "rinshan kaihou"], 2, 40, 2700, tsumo=True,
         rinshan=True, id="rinshan_after_ankan"),
    case("12399m456p123789s", "2s", ["menzen tsumo", "haitei raoyue"], 2, 30, 2000, tsumo=True, haitei=True,
         id="haitei"),
    case("12399m456p123789s", "2s", ["houtei raoyui"], 1, 40, 1300, houtei=True, id="houtei"),
    # -- sequences -----------------------------------------------------------------
    case("123456m234p55678s", "8s", ["pinfu"], 1, 30, 1000, id="pinfu"),
    case("112233m456p678s99p", "1m", ["pinfu", "iipeikou"], 2, 30, 2000, id="iipeikou"),
    case("123456789m456p11s", "4p", ["pinfu", "ittsu"], 3, 30, 3900, id="ittsu"),
    case("123m123p123s456m99p", "6m", ["pinfu", "sanshoku doujun"], 3, 30, 3900, id="sanshoku"),
    case("112233m445566p99s", "1m", ["pinfu", "ryanpeikou"], 4, 30, 7700, id="ryanpeikou"),
    case("123m789p123789s11z", "3m", ["chanta"], 2, 40, 2600, id="chanta"),
    case("12399m789p123789s", "3m", ["junchan"], 3, 40, 5200, id="junchan"),
    case("234m456p678s5p pon:222s", "5p", ["tanyao"], 1, 30, 1000, id="open_tanyao"),
    case("234m456p678s22s345s", "2s", ["tanyao"], 1, 40, 1300, id="closed_tanyao"),
    # -- yakuhai -------------------------------------------------------------------
    case("123m456p789s5m pon:555z", "5m", ["haku"], 1, 30, 1000, id="haku"),
    case("123m456p789s5m pon:666z", "5m", ["hatsu"], 1, 30, 1000, id="hatsu"),
    case("123m456p789s5m pon:777z", "5m", ["chun"], 1, 30, 1000, id="chun"),
    case("123m456p789s5m pon:222z", "5m", ["seat wind south"], 1, 30, 1000, id="seat_wind"),
    case("123m456p789s5m pon:444z", "5m", ["seat wind north"], 1, 30, 1000, seat_wind=3, id="seat_wind_north"),
    case("123m456p789s5m pon:111z", "5m", ["round wind east"], 1, 30, 1000, id="round_wind"),
    case("123m456p789s5m pon:222z", "5m", ["seat wind west", "round wind south"][1:], 1, 30, 1000,
         seat_wind=2, round_wind=1, id="round_wind_south"),
    case("123m456p789s5m pon:111z", "5m", ["seat wind east", "round wind east"], 2, 30, 2900, seat_wind=0,
         id="double_wind_dealer"),
    # -- triplets ------------------------------------------------------------------
    case("456m99p222s pon:222m pon:222p", "6m", ["sanshoku doukou"], 2, 30, 2000, id="sanshoku_doukou"),
    case("567m9p daiminkan:2222m daiminkan:3333p daiminkan:4444s", "9p", ["sankantsu"], 2, 50, 3200,
         id="sankantsu"),
    case("777p2s pon:111m pon:999p pon:555s", "2s", ["toitoi"], 2, 40, 2600, id="toitoi"),
    case("111m333p555s789s9m", "9m", ["sanankou"], 2, 50, 3200, id="sanankou"),
    case("555z666z77z123m456p", "4p", ["haku", "hatsu", "shousangen"], 4, 50, 8000, id="shousangen"),
    case("1199m1199p11s1177z", "7z", ["chiitoitsu", "honroutou"], 4, 25, 6400, id="honroutou_chiitoitsu"),
    case("1133m5577p99s2255z", "2z", ["chiitoitsu"], 2, 25, 1600, id="chiitoitsu"),
    case("12345667899m222z", "3m", ["honitsu"], 3, 40, 5200, seat_wind=2, id="honitsu"),
    case("12345667899m222z", "3m", ["seat wind south", "honitsu"], 4, 40, 8000, id="honitsu_seat_wind"),
    case("11123456789s 234s", "2s", ["pinfu", "ittsu", "chinitsu"], 9, 30, 16000, id="chinitsu"),
    # -- yakuman -------------------------------------------------------------------
    case("119m19p19s1234567z", "9m", ["kokushi musou"], 0, 0, 32000, id="kokushi"),
    case("119m19p19s1234567z", "1m", ["kokushi musou 13-sided"], 0, 0, 64000, id="kokushi_13"),
    case("111m333p555s777s9m", "9m", ["suuankou tanki"], 0, 60, 64000, id="suuankou_tanki"),
    case("111m333p555s77s99m", "7s", ["suuankou"], 0, 50, 32000, tsumo=True, id="suuankou_tsumo"),
    case("111m333p555s77s99m", "7s", ["toitoi", "sanankou"], 4, 50, 8000, id="shanpon_ron_is_not_suuankou"),
    case("555z666z777z123m99p", "3m", ["daisangen"], 0, 60, 32000, id="daisangen"),
    case("111z222z333z44z123m", "3m", ["shousuushii"], 0, 60, 32000, id="shousuushii"),
    case("111z222z333z444z9m", "9m", ["suuankou tanki", "daisuushii"], 0, 70, 128000, id="daisuushii_suuankou"),
    case("9m pon:111z pon:222z pon:333z pon:444z", "9m", ["daisuushii"], 0, 40, 64000, id="daisuushii"),
    case("333z555z6z pon:111z pon:222z", "6z", ["tsuuiisou"], 0, 50, 32000, id="tsuuiisou"),
    case("223344666888s66z", "6z", ["ryuuiisou"], 0, 50, 32000, id="ryuuiisou"),
    case("999p1s pon:111m pon:999m pon:111p", "1s", ["chinroutou"], 0, 50, 32000, id="chinroutou"),
    case("11123456789999m", "5m", ["chuuren poutou"], 0, 40, 32000, id="chuuren"),
    case("11123456789999m", "9m", ["junsei chuuren poutou"], 0, 40, 64000, id="junsei_chuuren"),
    case("9p daiminkan:2222m ankan:3333p daiminkan:4444s daiminkan:7777z", "9p", ["suukantsu"], 0, 70, 32000,
         id="suukantsu"),
    case("12399m456p123789s", "2s", ["tenhou"], 0, 30, 48000, tsumo=True, tenhou=True, seat_wind=0, id="tenhou"),
    case("12399m456p123789s", "2s", ["chiihou"], 0, 30, 32000, tsumo=True, chiihou=True, id="chiihou"),
]


@pytest.mark.parametrize("hand, win, kw, yaku, han, fu, cost", CASES)
def test_yaku(sc, hand, win, kw, yaku, han, fu, cost):
    kw = dict(kw)
    kw.setdefault("seat_wind", 1)
    r = sc(hand, win, **kw)
    assert r.status == "ok", r
    assert [y.name for y in r.yaku] == yaku
    assert (r.han, r.fu, r.cost) == (han, fu, cost)


def test_yaku_han_listed(sc):
    r = sc("123m789p123789s11z", "3m", seat_wind=1)
    assert [(y.name, y.han, y.tenhou_id) for y in r.yaku] == [("chanta", 2, 23)]
    r = sc("123m789s11z chi:7*89p chi:1*23s", "3m", seat_wind=1)
    assert [(y.name, y.han, y.tenhou_id) for y in r.yaku] == [("chanta", 1, 23)]


# -- variants that change a yaku ------------------------------------------------


def test_open_tanyao_off(sc):
    assert sc("234m456p678s5p pon:222s", "5p", seat_wind=1, rules=MAHJONG_LIB).status == "no_yaku"
    assert sc("234m456p678s5p pon:222s", "5p", seat_wind=1, rules=TENHOU).status == "ok"


def test_double_yakuman_off(sc):
    for hand, win, name in [
        ("119m19p19s1234567z", "1m", "kokushi musou 13-sided"),
        ("11123456789999m", "9m", "junsei chuuren poutou"),
        ("111m333p555s777s9m", "9m", "suuankou tanki"),
        ("9m pon:111z pon:222z pon:333z pon:444z", "9m", "daisuushii"),
    ]:
        r = sc(hand, win, seat_wind=1, rules=TENHOU)
        assert ([y.name for y in r.yaku], r.yakuman, r.cost) == ([name], 1, 32000)
        r = sc(hand, win, seat_wind=1, rules=DEFAULT)
        assert (r.yakuman, r.cost) == (2, 64000)


def test_renhou_modes(sc):
    hand, win = "123456m234p55678s", "8s"  # pinfu only
    r = sc(hand, win, renhou=True, seat_wind=1)  # DEFAULT: mangan, does not combine
    assert ([y.name for y in r.yaku], r.han, r.limit, r.cost) == (["renhou"], 5, "mangan", 8000)
    r = sc(hand, win, renhou=True, seat_wind=1, rules=MAHJONG_LIB)  # a 5-han yaku that adds up
    assert ([y.name for y in r.yaku], r.han, r.limit, r.cost) == (["pinfu", "renhou"], 6, "haneman", 12000)
    r = sc(hand, win, renhou=True, seat_wind=1, rules=DEFAULT.replace(renhou="yakuman"))
    assert ([y.name for y in r.yaku], r.yakuman, r.cost) == (["renhou"], 1, 32000)
    r = sc(hand, win, renhou=True, seat_wind=1, rules=TENHOU)  # no renhou: the hand as it is
    assert ([y.name for y in r.yaku], r.cost) == (["pinfu"], 1000)
    assert sc("12399m456p123789s", "2s", renhou=True, seat_wind=1, rules=TENHOU).status == "no_yaku"
    assert sc("12399m456p123789s", "2s", renhou=True, seat_wind=1).cost == 8000


def test_renhou_mangan_keeps_a_bigger_hand(sc):
    # WRC: max(mangan, the hand without renhou): chinitsu pinfu ittsu is a baiman
    r = sc("11123456789s 234s", "2s", renhou=True, seat_wind=1, rules=WRC)
    assert ([y.name for y in r.yaku], r.limit, r.cost) == (["pinfu", "ittsu", "chinitsu"], "baiman", 16000)


def test_daisharin(sc):
    on = DEFAULT.replace(daisharin=True)
    r = sc("22334455667788p", "2p", seat_wind=1, rules=on)
    assert ([y.name for y in r.yaku], r.cost) == (["daisharin"], 32000)
    # only pinzu unless daisharin_all_suits: chinitsu ryanpeikou pinfu tanyao is a sanbaiman
    r = sc("22334455667788m", "2m", seat_wind=1, rules=on)
    assert ([y.name for y in r.yaku], r.han, r.cost) == (["pinfu", "tanyao", "ryanpeikou", "chinitsu"], 11, 24000)
    r = sc("22334455667788m", "2m", seat_wind=1, rules=DEFAULT.replace(daisharin_all_suits=True))
    assert ([y.name for y in r.yaku], r.cost) == (["daisharin"], 32000)
    r = sc("22334455667788p", "2p", seat_wind=1)  # off by default
    assert r.limit == "sanbaiman"


def test_daichisei(sc):
    r = sc("11223344556677z", "1z", seat_wind=1)
    assert ([y.name for y in r.yaku], r.cost) == (["tsuuiisou"], 32000)
    r = sc("11223344556677z", "1z", seat_wind=1, rules=DEFAULT.replace(daichisei=True))
    assert ([y.name for y in r.yaku], r.yakuman, r.cost) == (["tsuuiisou", "daichisei"], 2, 64000)


def test_sanrenkou_and_suurenkou(sc):
    hand = "567m99s pon:222p pon:333p pon:444p"
    assert sc(hand, "9s", seat_wind=1).status == "no_yaku"
    r = sc(hand, "9s", seat_wind=1, rules=DEFAULT.replace(sanrenkou=True))
    assert ([y.name for y in r.yaku], r.han, r.fu, r.cost) == (["sanrenkou"], 2, 30, 2000)
    # closed: 3 han (2, +1 closed); the closed triplets also make sanankou
    r = sc("222333444p567m9s", "9s", seat_wind=1, rules=DEFAULT.replace(sanrenkou=True))
    assert "sanrenkou" in [y.name for y in r.yaku] and {y.name: y.han for y in r.yaku}["sanrenkou"] == 3
    four = "9s pon:222p pon:333p pon:444p pon:555p"
    r = sc(four, "9s", seat_wind=1, rules=DEFAULT.replace(sanrenkou=True, suurenkou=True))
    assert ([y.name for y in r.yaku], r.cost) == (["suurenkou"], 32000)
    r = sc(four, "9s", seat_wind=1, rules=DEFAULT.replace(sanrenkou=True))
    assert [y.name for y in r.yaku] == ["toitoi"]  # four in a row is not sanrenkou


def test_paarenchan(sc):
    on = DEFAULT.replace(paarenchan=True)
    r = sc("12399m456p123789s", "2s", riichi=True, paarenchan=True, seat_wind=0, rules=on)
    assert ([y.name for y in r.yaku], r.cost) == (["paarenchan"], 48000)
    assert sc("12399m456p123789s", "2s", paarenchan=True, seat_wind=0, rules=on).status == "no_yaku"
    r = sc("12399m456p123789s", "2s", paarenchan=True, seat_wind=0, rules=on.replace(paarenchan_needs_yaku=False))
    assert r.cost == 48000
    r = sc("12399m456p123789s", "2s", riichi=True, paarenchan=True, seat_wind=0)  # off by default
    assert [y.name for y in r.yaku] == ["riichi"]


def test_ippatsu_variant_off(sc):
    r = sc("12399m456p123789s", "2s", riichi=True, ippatsu=True, seat_wind=1, rules=DEFAULT.replace(ippatsu=False))
    assert [y.name for y in r.yaku] == ["riichi"]


def test_best_reading_is_chosen(sc):
    # RULES.md section 2: three readings; pinfu + iipeikou + junchan (+ riichi) beats sanankou
    r = sc("111222333m78999p", "9p", riichi=True, seat_wind=1)
    assert [y.name for y in r.yaku] == ["riichi", "pinfu", "iipeikou", "junchan"]
    assert (r.han, r.fu, r.cost) == (6, 30, 12000)
    r = sc("111222333m78999p", "9p", seat_wind=1)
    assert [y.name for y in r.yaku] == ["pinfu", "iipeikou", "junchan"]
    assert (r.han, r.fu) == (5, 30)


def test_ron_on_shanpon_breaks_suuankou_but_tanki_reading_wins(sc):
    # 1112223334m...: the ron on 4m reads best as 4 concealed triplets + tanki when possible
    r = sc("111m222p333s444z5z", "5z", seat_wind=1)
    assert [y.name for y in r.yaku] == ["suuankou tanki"]


OPEN_CASES = [
    # kuisagari: the open value of each yaku that loses a han when open
    ("123m789s11z chi:7*89p chi:1*23s", "3m", ["chanta"], 1),
    ("123m789s99m chi:7*89p chi:1*23s", "3m", ["junchan"], 2),
    ("12345678m99p chi:7*89m", "9m", ["ittsu"], 1),
    ("123m99p456s chi:1*23p chi:1*23s", "6s", ["sanshoku doujun"], 1),
    ("12345m678m11z chi:1*23m", "6m", ["honitsu"], 2),
    ("22445566m78m chi:1*23m", "6m", ["chinitsu"], 5),
    ("111m9p pon:999s pon:111p pon:444z", "9p", ["toitoi", "honroutou"], 4),
    ("567m9p daiminkan:2222m daiminkan:3333p pon:777s", "9p", [], 0),
]


@pytest.mark.parametrize("hand, win, yaku, han", OPEN_CASES)
def test_open_hand_han(sc, hand, win, yaku, han):
    r = sc(hand, win, seat_wind=1)
    if not yaku:
        assert r.status == "no_yaku"
        return
    assert [y.name for y in r.yaku] == yaku
    assert r.han == han
