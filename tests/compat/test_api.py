"""``riichi_fast.compat.mahjong``: module paths, names, examples and the documented differences."""

from __future__ import annotations

import importlib

import pytest

from riichi_fast.compat.mahjong.constants import AKA_DORAS, EAST, NORTH, SOUTH, WEST
from riichi_fast.compat.mahjong.hand_calculating.divider import HandDivider
from riichi_fast.compat.mahjong.hand_calculating.fu import FuCalculator
from riichi_fast.compat.mahjong.hand_calculating.hand import HandCalculator
from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from riichi_fast.compat.mahjong.hand_calculating.hand_response import HandResponse
from riichi_fast.compat.mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator
from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID, YakuConfig
from riichi_fast.compat.mahjong.meld import Meld
from riichi_fast.compat.mahjong.shanten import Shanten
from riichi_fast.compat.mahjong.tile import TilesConverter
from riichi_fast.errors import MeldError, RiichiError, TileParseError

T = TilesConverter


def _hand(one_line: str) -> list[int]:
    """136-ids with ``0`` = red five and plain fives off the red id (mahjong's ``has_aka_dora=True``)."""
    return T.one_line_string_to_136_array(one_line, has_aka_dora=True)


def _tile(one_line: str, hand: list[int]) -> int:
    """The id of ``hand`` of the kind written in ``one_line`` (first copy)."""
    kind = T.one_line_string_to_34_array(one_line).index(1)
    return next(t for t in hand if t // 4 == kind)


# ---------------------------------------------------------------------------
# module layout mirrors mahjong 2.1.0


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("constants", ["EAST", "CHUN", "AKA_DORAS", "TERMINAL_INDICES", "HONOR_INDICES", "DISPLAY_WINDS"]),
        ("tile", ["TilesConverter", "Tile"]),
        ("meld", ["Meld"]),
        ("shanten", ["Shanten"]),
        ("agari", ["Agari"]),
        ("utils", ["is_chi", "plus_dora", "build_dora_count_map", "count_tiles_by_suits", "simplify"]),
        ("hand_calculating.hand", ["HandCalculator"]),
        ("hand_calculating.hand_config", ["HandConfig", "OptionalRules", "HandConstants"]),
        ("hand_calculating.hand_response", ["HandResponse"]),
        ("hand_calculating.divider", ["HandDivider"]),
        ("hand_calculating.fu", ["FuCalculator", "FuDetail"]),
        ("hand_calculating.scores", ["ScoresCalculator", "Aotenjou", "ScoresResult"]),
        ("hand_calculating.yaku_config", ["YakuConfig", "YAKU_ID_TO_TENHOU_ID"]),
        ("hand_calculating.yaku", ["Yaku", "Tanyao", "KokushiMusou", "Paarenchan", "Dora"]),
    ],
)
def test_module_paths(module, names):
    mod = importlib.import_module(f"riichi_fast.compat.mahjong.{module}")
    for name in names:
        assert hasattr(mod, name), f"{module}.{name}"


def test_yaku_table_matches_mahjong_ids_names_and_han():
    y = YakuConfig()
    assert (y.riichi.yaku_id, y.riichi.name, y.riichi.han_closed, y.riichi.han_open) == (1, "Riichi", 1, 0)
    assert (y.chinitsu.han_closed, y.chinitsu.han_open) == (6, 5)
    assert (y.daburu_kokushi.name, y.daburu_kokushi.han_closed, y.daburu_kokushi.is_yakuman) == (
        "Kokushi Musou Juusanmen Matchi", 26, True)
    assert str(y.seat_wind_east) == "Yakuhai (seat wind east)"
    assert YAKU_ID_TO_TENHOU_ID[y.tsumo.yaku_id] == 0
    assert YAKU_ID_TO_TENHOU_ID[y.aka_dora.yaku_id] == 54
    assert len(YAKU_ID_TO_TENHOU_ID) == 55
    assert y.riichi is y.riichi
    with pytest.raises(AttributeError):
        y.not_a_yaku  # noqa: B018


# ---------------------------------------------------------------------------
# tiles: mahjong 2.1.0's parser, traps included (the strict one is riichi_fast.parse_tiles)


def test_zero_without_aka_is_rank_minus_one():
    # mahjong reads 0 as rank -1 when has_aka_dora is False: 0p is id 32 (a 9m), 0m is id -4
    assert T.one_line_string_to_136_array("0p") == [32]
    assert T.one_line_string_to_136_array("0m") == [-4]
    assert T.one_line_string_to_136_array("0p", has_aka_dora=True) == [52]
    assert T.string_to_136_array(man="0", sou="r", has_aka_dora=True) == [16, 88]


def test_plain_five_takes_the_lowest_free_id():
    # without has_aka_dora the first plain 5 gets the red id, as in mahjong
    assert T.one_line_string_to_136_array("5m5p5s") == [16, 52, 88]
    assert T.one_line_string_to_136_array("555m") == [16, 17, 18]
    # with it, plain fives skip the red id: a fourth one is id 20 (a 6m), as in mahjong
    assert T.one_line_string_to_136_array("5555m", has_aka_dora=True) == [17, 18, 19, 20]
    assert T.one_line_string_to_136_array("0555m", has_aka_dora=True) == [16, 17, 18, 19]
    assert T.one_line_string_to_136_array("00p", has_aka_dora=True) == [52, 52]  # the red id twice


@pytest.mark.parametrize(
    ("text", "aka", "ids"),
    [("11111m", False, [0, 1, 2, 3, 4]), ("8z", False, [136]), ("0z", True, [104]),
     ("55550m", True, [17, 18, 19, 20, 16]), ("r0rr5p", True, [52, 52, 52, 52, 53]),
     ("123", False, []), ("", True, [])],
)
def test_counts_are_not_checked(text, aka, ids):
    assert T.one_line_string_to_136_array(text, aka) == ids


@pytest.mark.parametrize(
    ("text", "message"),
    [("1x2m", "invalid literal for int() with base 10: 'x'"), ("r5p", "invalid literal for int() with base 10: 'r'"),
     ("1 2s", "invalid literal for int() with base 10: ' '")],
)
def test_non_digit_raises_value_error_with_mahjongs_message(text, message):
    with pytest.raises(TileParseError) as info:
        T.one_line_string_to_136_array(text)
    assert str(info.value) == message
    assert isinstance(info.value, RiichiError) and isinstance(info.value, ValueError)


def test_conversions_round_trip():
    ids = _hand("123m406p789s11z")
    assert T.to_one_line_string(ids, print_aka_dora=True) == "123m406p789s11z"
    assert T.to_one_line_string(ids) == "123m456p789s11z"
    counts = T.to_34_array(ids)
    assert counts == T.one_line_string_to_34_array("123m456p789s11z")
    assert T.to_136_array(T.string_to_34_array(pin="11")) == [36, 37]
    assert T.find_34_tile_in_136_array(13, ids) == 52
    assert T.find_34_tile_in_136_array(40, ids) is None


def test_meld_tiles_34_follows_tiles():
    m = Meld(Meld.CHI, T.string_to_136_array(man="123"))
    assert m.tiles_34 == [0, 1, 2]
    m.tiles = T.string_to_136_array(man="234")
    assert m.tiles_34 == [1, 2, 3]
    assert str(Meld(Meld.CHI, m.tiles)) == "Type: chi, Tiles: 234m (4, 8, 12)"


# ---------------------------------------------------------------------------
# shanten, divider


def test_shanten_examples():
    assert Shanten.calculate_shanten(T.one_line_string_to_34_array("123m456p789s1122z")) == 0
    assert Shanten.calculate_shanten(T.one_line_string_to_34_array("123m456p789s11222z")) == -1
    counts = T.one_line_string_to_34_array("1111m111122233z")
    assert Shanten.calculate_shanten_for_regular_hand(counts) == 1
    assert Shanten.calculate_shanten_for_regular_hand(counts, is_three_player=True) == 2
    assert Shanten.calculate_shanten(T.one_line_string_to_34_array("19m19p19s1234567z"), use_kokushi=False) > 0
    with pytest.raises(ValueError, match="Invalid tile for three player"):
        Shanten.calculate_shanten(T.one_line_string_to_34_array("2m"), is_three_player=True)


def test_divider_with_melds_and_chiitoitsu():
    counts = T.string_to_34_array(pin="234777888999", honors="22")
    melds = [Meld(Meld.CHI, T.string_to_136_array(pin="789")), Meld(Meld.CHI, T.string_to_136_array(pin="234"))]
    assert HandDivider.divide_hand(counts, melds) == [[[10, 11, 12], [15, 16, 17], [15, 16, 17], [15, 16, 17], [28, 28]]]
    result = HandDivider.divide_hand(T.one_line_string_to_34_array("11223344556677m"))
    assert len(result) == 4 and [[k, k] for k in range(7)] in result
    with pytest.raises(MeldError, match="invalid meld type: nuki"):
        HandDivider.divide_hand(counts, [Meld(Meld.NUKI, [120])])


# ---------------------------------------------------------------------------
# HandCalculator


def test_documented_examples():
    tiles = T.string_to_136_array(man="22444", pin="333567", sou="444")
    r = HandCalculator.estimate_hand_value(tiles, T.string_to_136_array(sou="4")[0])
    assert (r.han, r.fu, r.cost["main"], r.yaku, str(r)) == (1, 40, 1300, r.yaku, "1 han, 40 fu")
    assert [y.name for y in r.yaku] == ["Tanyao"]
    assert r.fu_details == [{"fu": 30, "reason": "base"}, {"fu": 4, "reason": "closed_pon"},
                            {"fu": 4, "reason": "closed_pon"}, {"fu": 2, "reason": "open_pon"}]

    tiles = T.string_to_136_array(man="234789", pin="12345666")
    win = T.string_to_136_array(pin="6")[0]
    r = HandCalculator.estimate_hand_value(tiles, win, config=HandConfig(is_tsumo=True, is_riichi=True))
    assert (r.han, r.fu, r.cost["main"], r.cost["additional"]) == (3, 20, 1300, 700)
    assert [y.name for y in r.yaku] == ["Menzen Tsumo", "Riichi", "Pinfu"]

    tiles = T.string_to_136_array(man="234567", pin="22", sou="234", honors="555")
    melds = [Meld(Meld.PON, T.string_to_136_array(honors="555"))]
    r = HandCalculator.estimate_hand_value(tiles, T.string_to_136_array(man="7")[0], melds=melds,
                                           dora_indicators=[T.string_to_136_array(man="6")[0]])
    assert r.han == 2 and r.is_open_hand
    assert [str(y) for y in r.yaku] == ["Yakuhai (haku)", "Dora 1"]


def test_best_reading_rules_example():
    """RULES.md 2: 111222333m78999p won on 9p is pinfu + iipeikou + junchan, 5 han 30 fu."""
    tiles = _hand("111222333m78999p")
    r = HandCalculator.estimate_hand_value(tiles, _tile("9p", tiles))
    assert (r.han, r.fu) == (5, 30)
    assert [y.name for y in r.yaku] == ["Pinfu", "Iipeiko", "Junchan"]
    assert r.cost == {"main": 8000, "additional": 0, "main_bonus": 0, "additional_bonus": 0,
                      "kyoutaku_bonus": 0, "total": 8000, "yaku_level": "mangan"}


def test_red_fives_counted_only_for_zero():
    opts = OptionalRules(has_aka_dora=True)
    red = _hand("234m406p789s22777z")
    r = HandCalculator.estimate_hand_value(red, _tile("2z", red), config=HandConfig(is_riichi=True, options=opts))
    assert [str(y) for y in r.yaku] == ["Riichi", "Yakuhai (chun)", "Aka Dora 1"]
    # a plain 5 parsed with has_aka_dora stays plain
    plain = _hand("234m456p789s22777z")
    r = HandCalculator.estimate_hand_value(plain, _tile("2z", plain), config=HandConfig(is_riichi=True, options=opts))
    assert [str(y) for y in r.yaku] == ["Riichi", "Yakuhai (chun)"]
    # parsed without it, the first plain 5 is the red id 52 and counts as red, as in mahjong
    trap = T.one_line_string_to_136_array("234m456p789s22777z")
    assert 52 in trap
    r = HandCalculator.estimate_hand_value(trap, _tile("2z", trap), config=HandConfig(is_riichi=True, options=opts))
    assert [str(y) for y in r.yaku] == ["Riichi", "Yakuhai (chun)", "Aka Dora 1"]
    # aka off: the red five is an ordinary five
    r = HandCalculator.estimate_hand_value(red, _tile("2z", red), config=HandConfig(is_riichi=True))
    assert [str(y) for y in r.yaku] == ["Riichi", "Yakuhai (chun)"]


@pytest.mark.parametrize(
    ("config", "melds", "error"),
    [
        ({"is_riichi": True}, "pon", HandCalculator.ERR_OPEN_HAND_RIICHI),
        ({"is_daburu_riichi": True}, "pon", HandCalculator.ERR_OPEN_HAND_DABURI),
        ({"is_ippatsu": True}, "", HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI),
        ({"is_chankan": True, "is_tsumo": True}, "", HandCalculator.ERR_CHANKAN_WITH_TSUMO),
        ({"is_rinshan": True}, "", HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO),
        ({"is_haitei": True}, "", HandCalculator.ERR_HAITEI_WITHOUT_TSUMO),
        ({"is_houtei": True, "is_tsumo": True}, "", HandCalculator.ERR_HOUTEI_WITH_TSUMO),
        ({"is_haitei": True, "is_rinshan": True, "is_tsumo": True}, "", HandCalculator.ERR_HAITEI_WITH_RINSHAN),
        ({"is_houtei": True, "is_chankan": True}, "", HandCalculator.ERR_HOUTEI_WITH_CHANKAN),
        ({"is_tenhou": True, "is_tsumo": True, "player_wind": SOUTH}, "", HandCalculator.ERR_TENHOU_NOT_AS_DEALER),
        ({"is_tenhou": True, "player_wind": EAST}, "", HandCalculator.ERR_TENHOU_WITHOUT_TSUMO),
        ({"is_tenhou": True, "is_tsumo": True, "player_wind": EAST}, "pon", HandCalculator.ERR_TENHOU_WITH_MELD),
        ({"is_chiihou": True, "is_tsumo": True, "player_wind": EAST}, "", HandCalculator.ERR_CHIIHOU_AS_DEALER),
        ({"is_chiihou": True, "player_wind": WEST}, "", HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO),
        ({"is_chiihou": True, "is_tsumo": True}, "pon", HandCalculator.ERR_CHIIHOU_WITH_MELD),
        ({"is_renhou": True, "player_wind": EAST}, "", HandCalculator.ERR_RENHOU_AS_DEALER),
        ({"is_renhou": True, "is_tsumo": True}, "", HandCalculator.ERR_RENHOU_WITH_TSUMO),
        ({"is_renhou": True}, "pon", HandCalculator.ERR_RENHOU_WITH_MELD),
    ],
)
def test_error_strings(config, melds, error):
    tiles = _hand("123m456p789s22555z")
    meld_list = [Meld(Meld.PON, _hand("555z"))] if melds else []
    r = HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), melds=meld_list, config=HandConfig(**config))
    assert r.error == error and str(r) == error
    assert (r.han, r.fu, r.cost, r.yaku, r.fu_details) == (None, None, None, None, None)


def test_not_winning_no_yaku_and_missing_win_tile():
    tiles = _hand("123m456p789s2256z")
    assert HandCalculator.estimate_hand_value(tiles, tiles[0]).error == HandCalculator.ERR_HAND_NOT_WINNING
    tiles = _hand("123456m234p67899s")
    assert HandCalculator.estimate_hand_value(tiles, _tile("9s", tiles)).error == HandCalculator.ERR_NO_YAKU
    assert HandCalculator.estimate_hand_value(tiles, 135).error == HandCalculator.ERR_NO_WINNING_TILE
    short = _hand("123m456p789s22z")  # 11 tiles, no meld: mahjong finds no reading
    assert HandCalculator.estimate_hand_value(short, short[0]).error == HandCalculator.ERR_HAND_NOT_WINNING


def test_default_config_has_no_wind():
    """player_wind=None / round_wind=None: no wind yakuhai at all (a triplet of any wind)."""
    for winds in ("111z", "222z", "333z", "444z"):
        tiles = _hand("123m456p789s55z" + winds)
        r = HandCalculator.estimate_hand_value(tiles, _tile("5z", tiles))
        assert r.error == HandCalculator.ERR_NO_YAKU, winds
    tiles = _hand("123m456p789s55z111z")
    r = HandCalculator.estimate_hand_value(tiles, _tile("5z", tiles), config=HandConfig(player_wind=EAST, round_wind=EAST))
    assert [y.name for y in r.yaku] == ["Yakuhai (seat wind east)", "Yakuhai (round wind east)"]
    assert (r.fu, r.cost["main"]) == (50, 4800)  # dealer ron, 2 han 50 fu (dragon pair, tanki)


def test_yakuman_and_options():
    tiles = _hand("19m19p19s1234567z1z")
    r = HandCalculator.estimate_hand_value(tiles, _tile("1z", tiles))
    assert [y.name for y in r.yaku] == ["Kokushi Musou Juusanmen Matchi"] and r.han == 26 and r.fu == 0
    assert r.fu_details is None and r.cost["yaku_level"] == "2x yakuman"
    r = HandCalculator.estimate_hand_value(tiles, _tile("1z", tiles),
                                           config=HandConfig(options=OptionalRules(has_double_yakuman=False)))
    assert r.han == 13 and r.cost["main"] == 32000

    daisharin = _hand("22334455667788p")
    r = HandCalculator.estimate_hand_value(daisharin, _tile("8p", daisharin),
                                           config=HandConfig(options=OptionalRules(has_daisharin=True)))
    assert [y.name for y in r.yaku] == ["Daisharin"]
    sou = _hand("22334455667788s")
    r = HandCalculator.estimate_hand_value(sou, _tile("8s", sou),
                                           config=HandConfig(options=OptionalRules(has_daisharin_other_suits=True)))
    assert [y.name for y in r.yaku] == ["Daichikurin"]

    kazoe = _hand("11122233344455m")  # chinitsu + suuankou? ron on 5m: no, a tanki wait
    r = HandCalculator.estimate_hand_value(kazoe, _tile("5m", kazoe), config=HandConfig(is_tsumo=True))
    assert r.cost["yaku_level"] == "2x yakuman"  # suuankou tanki


def test_nagashi_mangan():
    r = HandCalculator.estimate_hand_value([], 0, config=HandConfig(is_nagashi_mangan=True, player_wind=EAST))
    assert (r.han, r.fu, [y.name for y in r.yaku], r.cost["main"], r.cost["yaku_level"]) == (
        5, 30, ["Nagashi Mangan"], 12000, "nagashi mangan")


def test_aotenjou_and_counters():
    tiles = _hand("123m456p789s22555z")
    cfg = HandConfig(is_riichi=True, tsumi_number=2, kyoutaku_number=1, player_wind=NORTH)
    r = HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), config=cfg)
    assert (r.han, r.fu) == (2, 40)
    assert r.cost == {"main": 2600, "additional": 0, "main_bonus": 600, "additional_bonus": 0,
                      "kyoutaku_bonus": 1000, "total": 4200, "yaku_level": ""}
    r = HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), config=cfg,
                                           scores_calculator_factory=Aotenjou)
    assert r.cost["total"] == 2600 and r.cost["main_bonus"] == 0


def test_scores_and_fu_calculators():
    assert ScoresCalculator.calculate_scores(5, 30, HandConfig())["yaku_level"] == "mangan"
    r = ScoresCalculator.calculate_scores(4, 40, HandConfig(options=OptionalRules(kiriage=True)))
    assert (r["main"], r["yaku_level"]) == (8000, "mangan")  # mahjong: "" (listed difference)
    r = ScoresCalculator.calculate_scores(4, 30, HandConfig(options=OptionalRules(kiriage=True)))
    assert (r["main"], r["yaku_level"]) == (8000, "kiriage mangan")
    assert Aotenjou.calculate_scores(13, 40, HandConfig())["main"] == 5242900
    hand = [[2, 3, 4], [9, 10, 11], [18, 19, 20], [33, 33, 33], [27, 27]]
    melds = [Meld(meld_type=Meld.PON, tiles=[132, 133, 134], opened=True)]
    details, fu = FuCalculator.calculate_fu(hand, 8, [2, 3, 4], HandConfig(), [27, 27], melds)
    assert fu == 30
    assert details == [{"fu": 4, "reason": "double_valued_pair"}, {"fu": 4, "reason": "open_terminal_pon"},
                       {"fu": 20, "reason": "base"}]


def test_hand_response_and_config():
    assert str(HandResponse(han=3, fu=30)) == "3 han, 30 fu"
    r = HandResponse(fu_details=[{"fu": 2, "reason": "a"}, {"fu": 30, "reason": "base"}])
    assert r.fu_details[0]["fu"] == 30 and r.yaku is None
    c = HandConfig(player_wind=EAST)
    assert c.is_dealer and HandConfig.KAZOE_NO_LIMIT == HandConstants.KAZOE_NO_LIMIT == 2
    assert OptionalRules(has_daisharin_other_suits=True).has_daisharin
    assert AKA_DORAS == {16, 52, 88}


def _response_types():
    from riichi_fast.compat.mahjong.hand_calculating import hand_response

    types = [hand_response._HandResponse]
    if hand_response.HandResponse is not hand_response._HandResponse:
        types.append(hand_response.HandResponse)  # the compiled type
    return types


@pytest.mark.parametrize("cls", _response_types(), ids=lambda c: c.__module__.rsplit(".", 1)[-1])
def test_hand_response_types(cls):
    """The compiled HandResponse and its Python twin: mahjong's constructor, order, str and attributes."""
    import copy
    import pickle
    import weakref

    from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YakuConfig

    y = YakuConfig()
    r = cls({"main": 1000}, 2, 40, [y.tanyao, y.riichi], None,
            [{"fu": 2, "reason": "a"}, {"fu": 20, "reason": "base"}, {"fu": 8, "reason": "b"}], True)
    assert (r.cost, r.han, r.fu, r.error, r.is_open_hand) == ({"main": 1000}, 2, 40, None, True)
    assert [d["fu"] for d in r.fu_details] == [20, 8, 2]
    assert [x.yaku_id for x in r.yaku] == sorted([y.tanyao.yaku_id, y.riichi.yaku_id])
    assert str(r) == "2 han, 40 fu"
    e = cls(error="hand_not_winning")
    assert (str(e), e.cost, e.han, e.fu, e.fu_details, e.yaku, e.is_open_hand) == (
        "hand_not_winning", None, None, None, None, None, False)
    assert cls(fu_details=[], yaku=[]).fu_details is None and cls(yaku=()).yaku is None
    r.han = 3
    r.hand_id = 17  # any other attribute, as on mahjong's plain class
    assert (r.han, r.hand_id) == (3, 17)
    for back in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert type(back) is cls
        assert (back.cost, back.han, back.fu, back.hand_id, str(back)) == ({"main": 1000}, 3, 40, 17, "3 han, 40 fu")
        assert [x.yaku_id for x in back.yaku] == [x.yaku_id for x in r.yaku]
    assert weakref.ref(r)() is r

    class Sub(cls):
        pass

    assert str(Sub(han=1, fu=30)) == "1 han, 30 fu"


# ---------------------------------------------------------------------------
# the compiled fast path and the pure-Python path (its reference twin) agree


def _view(r):
    return (r.error, r.han, r.fu, r.cost, r.fu_details, r.is_open_hand,
            None if r.yaku is None else [(y.yaku_id, str(y), y.han_open, y.han_closed) for y in r.yaku])


def test_fast_path_matches_python_path():
    import random

    import riichi_fast.compat.mahjong.hand_calculating.hand as hand_module
    from riichi_fast.compat.mahjong import meld as c_meld
    from riichi_fast.compat.mahjong._random_hands import build_args, random_call
    from riichi_fast.compat.mahjong.hand_calculating import hand_config as c_config

    fast = hand_module._fast
    if fast is None:
        pytest.skip("RIICHI_FAST_PUREPYTHON: no compiled fast path")

    class NS:
        Meld, HandConfig, OptionalRules = c_meld.Meld, c_config.HandConfig, c_config.OptionalRules

    rng = random.Random(99)
    answered = 0
    for _ in range(5000):
        call = random_call(rng)
        a = build_args(call, NS)
        b = build_args(call, NS)
        got = fast.estimate(a["tiles"], a["win_tile"], a["melds"], a["dora_indicators"], a["config"],
                            a["ura_dora_indicators"])
        want = hand_module._estimate_python(b["tiles"], b["win_tile"], b["melds"], b["dora_indicators"],
                                            b["config"], ScoresCalculator, b["ura_dora_indicators"])
        if got is not None:
            answered += 1
            assert _view(got) == _view(want), call
    assert answered > 4500  # the fast path answers the common calls


def test_positional_arguments_like_mahjong():
    tiles = _hand("123m456p789s22555z")
    win = _tile("2z", tiles)
    cfg = HandConfig(is_riichi=True, player_wind=NORTH)
    by_position = HandCalculator.estimate_hand_value(tiles, win, None, [tiles[0]], cfg, ScoresCalculator, [])
    by_keyword = HandCalculator.estimate_hand_value(tiles=tiles, win_tile=win, dora_indicators=[tiles[0]], config=cfg)
    assert (by_position.han, by_position.cost) == (by_keyword.han, by_keyword.cost) == (by_keyword.han, by_keyword.cost)
    assert [str(y) for y in by_position.yaku] == ["Riichi", "Yakuhai (haku)", "Dora 1"]
    r = HandCalculator.estimate_hand_value(tiles, win, None, None, cfg, Aotenjou)
    assert r.cost["total"] == 2600


def _settable(obj) -> dict:
    return {k: v for k, v in vars(obj).items() if not k.startswith("_") and k != "options"}


def test_reused_and_changed_objects_score_like_fresh_ones():
    """What the compiled path keeps per HandConfig / OptionalRules / Meld follows every change."""
    import random

    from riichi_fast.compat.mahjong import meld as c_meld
    from riichi_fast.compat.mahjong._random_hands import build_args, random_call
    from riichi_fast.compat.mahjong.hand_calculating import hand_config as c_config

    class NS:
        Meld, HandConfig, OptionalRules = c_meld.Meld, c_config.HandConfig, c_config.OptionalRules

    rng = random.Random(5)
    # one config (and options) per has_double_yakuman value: mahjong caps the double yakuman
    # of a config's yaku objects for good once it scores without them
    shared = {flag: HandConfig(options=OptionalRules()) for flag in (False, True)}
    pool = [Meld() for _ in range(4)]
    compared = 0
    for _ in range(1500):
        call = random_call(rng)
        fresh = build_args(call, NS)
        cfg = shared[fresh["config"].options.has_double_yakuman]
        for name, value in _settable(fresh["config"].options).items():
            setattr(cfg.options, name, value)
        for name, value in _settable(fresh["config"]).items():
            setattr(cfg, name, value)
        melds = pool[:len(fresh["melds"])]
        for m, f in zip(melds, fresh["melds"]):
            m.type, m.tiles, m.opened = f.type, f.tiles, f.opened
        args = (fresh["tiles"], fresh["win_tile"], melds, fresh["dora_indicators"], cfg)
        got = _view(HandCalculator.estimate_hand_value(*args, ura_dora_indicators=fresh["ura_dora_indicators"]))
        again = _view(HandCalculator.estimate_hand_value(*args, ura_dora_indicators=fresh["ura_dora_indicators"]))
        want = _view(HandCalculator.estimate_hand_value(**fresh))
        assert got == again == want, call
        compared += want[0] is None
    assert compared > 1000


def test_used_config_copies_and_pickles():
    import copy
    import pickle

    tiles = _hand("123m456p789s22555z")
    cfg = HandConfig(player_wind=NORTH, options=OptionalRules(has_aka_dora=True))
    m = Meld(Meld.PON, _hand("555z"))
    first = _view(HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), [m], config=cfg))
    assert first[:4] == (None, 1, 30, {"main": 1000, "additional": 0, "main_bonus": 0, "additional_bonus": 0,
                                       "kyoutaku_bonus": 0, "total": 1000, "yaku_level": ""})
    for other in (copy.copy(cfg), copy.deepcopy(cfg), pickle.loads(pickle.dumps(cfg))):
        assert _view(HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), [m], config=other)) == first
    cfg2 = copy.deepcopy(cfg)
    cfg2.options.has_open_tanyao = True
    cfg2.tsumi_number = 2
    r = HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), [copy.deepcopy(m)], config=cfg2)
    assert (r.cost["main"], r.cost["main_bonus"]) == (1000, 600)
    assert _view(HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), [m], config=cfg)) == first


def test_scorer_entries_stay_out_of_vars_and_pickles():
    """What the compiled path keeps per object is a private slot: not in ``vars()``, not pickled."""
    import pickle

    import riichi_fast.compat.mahjong.hand_calculating.hand as hand_module

    opts = OptionalRules(has_aka_dora=True, kiriage=True)
    cfg = HandConfig(options=opts)
    m = Meld(Meld.PON, _hand("555z"))
    tiles = _hand("123m456p789s22555z")
    before = dict(vars(opts))
    assert HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), [m], config=cfg).han == 1
    assert vars(opts) == before
    assert not [k for x in (opts, cfg, m) for k in vars(x) if k.startswith("_rf")]
    if hand_module._fast is not None:  # the compiled path filled its slots
        assert type(cfg._rf_prep).__name__ == "_Prep" and type(opts._rf_opt).__name__ == "_Opt"
        assert type(m._rf) is int
        for x, slot in ((pickle.loads(pickle.dumps(cfg)), "_rf_prep"), (pickle.loads(pickle.dumps(m)), "_rf")):
            assert getattr(x, slot, None) is None
        cfg.tsumi_number = 1  # any change drops the entry
        m.opened = True
        opts.kiriage = False
        assert (cfg._rf_prep, m._rf, opts._rf_opt) == (None, None, None)
    assert hand_module._option_values(opts) == tuple(vars(opts).values())


def test_rules_caches_key_on_the_options():
    import riichi_fast.compat.mahjong.hand_calculating.hand as hand_module

    opts = OptionalRules(has_aka_dora=True, kiriage=True)
    tiles = _hand("123m456p789s22555z")
    before = len(hand_module._PARAMS_BYTES)
    for _ in range(5):  # a paarenchan count needs its own params: built once, then found
        r = HandCalculator.estimate_hand_value(tiles, _tile("2z", tiles), config=HandConfig(options=opts, paarenchan=1))
        assert r.han == 13 and [y.name for y in r.yaku] == ["Paarenchan"]
    assert len(hand_module._PARAMS_BYTES) <= before + 1


def test_no_config_is_a_fresh_default_config_each_call():
    """``config=None`` scores as ``HandConfig()``; like mahjong's fresh config per call, two results
    never share yaku objects (a later call does not change an earlier result's dora count)."""
    first_tiles = _hand("234m406p789s11z") + _hand("555z")
    first = HandCalculator.estimate_hand_value(first_tiles, _tile("4p", first_tiles),
                                               dora_indicators=_hand("3p"))
    assert _view(first) == _view(HandCalculator.estimate_hand_value(
        first_tiles, _tile("4p", first_tiles), dora_indicators=_hand("3p"), config=HandConfig()))
    assert [(y.name, y.han_closed) for y in first.yaku] == [("Yakuhai (haku)", 1), ("Dora", 1)]
    other_tiles = _hand("234m444p789s11z") + _hand("555z")
    other = HandCalculator.estimate_hand_value(other_tiles, _tile("4p", other_tiles), dora_indicators=_hand("3p"))
    assert [(y.name, y.han_closed) for y in other.yaku] == [("Yakuhai (haku)", 1), ("Dora", 3)]
    assert [(y.name, y.han_closed) for y in first.yaku] == [("Yakuhai (haku)", 1), ("Dora", 1)]
    assert not {id(y) for y in first.yaku} & {id(y) for y in other.yaku}
    # a call the compiled path hands over (six dora indicators) still gets a default config
    six = HandCalculator.estimate_hand_value(first_tiles, _tile("4p", first_tiles), dora_indicators=_hand("3333p77z"))
    assert [(y.name, y.han_closed) for y in six.yaku] == [("Yakuhai (haku)", 1), ("Dora", 10)]  # 4 x 4p, 2 x 3 haku


def _outcome(fn, *args):
    """What a call gives: its value, or the class and message of what it raises."""
    try:
        return ("value", fn(*args))
    except Exception as e:  # noqa: BLE001 - compared as they are
        return ("raises", type(e), str(e))


def test_compiled_shanten_and_agari_match_their_python_twins():
    """The compiled Shanten.calculate_shanten / Agari.is_agari against the Python methods they stand
    in for, on valid hands and on every kind of odd input (which the compiled entry hands back)."""
    import random

    from riichi_fast.compat.mahjong import agari as agari_module
    from riichi_fast.compat.mahjong import shanten as shanten_module
    from riichi_fast.compat.mahjong.agari import Agari

    if Shanten.calculate_shanten is shanten_module._calculate_shanten_python:
        pytest.skip("RIICHI_FAST_PUREPYTHON: no compiled entries")
    fast_s, slow_s = Shanten.calculate_shanten, shanten_module._calculate_shanten_python
    fast_a, slow_a = Agari.is_agari, agari_module._is_agari_python
    rng = random.Random(3)
    odd = [[0] * 34, [1] * 15 + [0] * 19, [1] * 12 + [0] * 22, [5] + [1] * 8 + [0] * 25, [-1, 3] + [1] * 12 + [0] * 20,
           [True] + [1] * 13 + [0] * 20, tuple([2] + [3] * 4 + [0] * 29), [1] * 33, [300] + [0] * 33]
    for _ in range(3000):
        n = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 14, 14))
        counts = [0] * 34
        for k in rng.sample([k for k in range(34) for _ in range(4)], n):
            counts[k] += 1
        odd.append(counts)
    for counts in odd:
        for flags in ((True, True, False), (False, True, False), (True, False, False), (True, True, True)):
            assert _outcome(fast_s, counts, *flags) == _outcome(slow_s, counts, *flags), (counts, flags)
        for open_sets in (None, [], [[0, 1, 2]], [(5, 5, 5, 5)], [[33, 33, 33], [9, 10, 11]], [[-1, -1, -1]],
                          [[40, 40, 40]], [[True, 1, 2]], ([0, 1, 2],), [[1, 2, 3, 4, 5]]):
            assert _outcome(fast_a, counts, open_sets) == _outcome(slow_a, counts, open_sets), (counts, open_sets)


def test_compiled_divider_matches_its_python_twin():
    """The compiled HandDivider.divide_hand against the Python method it stands in for: complete
    hands with melds and kans, incomplete ones, bad melds (a chi of honors, too many, nuki)."""
    import random

    from riichi_fast.compat.mahjong._random_hands import random_call
    from riichi_fast.compat.mahjong.hand_calculating import divider as divider_module

    fast, slow = HandDivider.divide_hand, divider_module._divide_hand_python
    if fast is slow:
        pytest.skip("RIICHI_FAST_PUREPYTHON: no compiled entry")
    rng = random.Random(8)
    compared = 0
    for _ in range(3000):
        call = random_call(rng)
        counts = [0] * 34
        for t in call["tiles"]:
            counts[t // 4] += 1
        melds = [Meld(t, tiles, opened) for t, tiles, opened in call["melds"]]
        variants = [(counts, melds), (counts, None)]
        if rng.random() < 0.2:  # an incomplete hand: one tile moved
            moved = counts[:]
            k = rng.choice([k for k in range(34) if moved[k]])
            moved[k] -= 1
            moved[(k + 1) % 34] += 1
            variants.append((moved, melds))
        for c, m in variants:
            got = _outcome(fast, c, m)
            assert got == _outcome(slow, c, m), (c, call["melds"])
            compared += got[0] == "value" and bool(got[1])
    assert compared > 2000
    honors_chi = Meld(Meld.CHI, _hand("123z"))
    for c, m in [([5] * 34, None), ([1] * 14 + [0] * 20, None), ([0] * 33 + [-1], None),
                 (T.one_line_string_to_34_array("123m456p789s11z123z"), [honors_chi]),
                 (T.one_line_string_to_34_array("111m222m333m444m555m"), [Meld(Meld.PON, _hand(x)) for x in ("111m", "222m", "333m", "444m", "555m")]),
                 (T.one_line_string_to_34_array("123m456p789s11z444z"), [Meld(Meld.NUKI, _hand("4z"))]),
                 (tuple(T.one_line_string_to_34_array("123m456p789s11222z")), None)]:
        assert _outcome(fast, c, m) == _outcome(slow, c, m), (c, m)


def _odd_value(rng):
    import numpy as np

    return rng.choice([None, True, False, -1, 0, 1, 4, 5, 28, 33, 34, 135, 136, 2**40, -(2**70), 1.5, "x", (),
                       [], [1, 2], np.int64(3), np.uint8(200)])


def test_fast_path_matches_python_path_on_odd_input():
    """Odd calls (tile ids out of range or of other types, huge or negative counters, winds and
    indicators, options of the wrong type, kans of the wrong size) give the same value or raise the
    same error through the compiled entry and through the Python path (the compiled one hands
    what it does not take to the Python one)."""
    import random

    import riichi_fast.compat.mahjong.hand_calculating.hand as hand_module

    if hand_module._fast is None:
        pytest.skip("RIICHI_FAST_PUREPYTHON: no compiled fast path")
    rng = random.Random(17)
    fields = ("is_tsumo", "is_riichi", "player_wind", "round_wind", "tsumi_number", "kyoutaku_number",
              "paarenchan", "num_nuki_dora", "is_nagashi_mangan", "is_ippatsu")
    for _ in range(4000):
        kwargs = {"is_tsumo": rng.random() < 0.5, "player_wind": rng.choice([27, 28, 29, 30, None]),
                  "round_wind": rng.choice([27, 28, None])}
        for name in rng.sample(fields, rng.randrange(0, 3)):
            kwargs[name] = _odd_value(rng)
        option_kwargs = {"has_aka_dora": rng.random() < 0.5}
        if rng.random() < 0.1:
            option_kwargs["kazoe_limit"] = _odd_value(rng)
        tiles = rng.sample(range(136), 14)
        win = rng.choice(tiles)
        if rng.random() < 0.2:
            tiles[rng.randrange(14)] = _odd_value(rng)
        if rng.random() < 0.1:
            win = _odd_value(rng)
        dora = [rng.randrange(136)] if rng.random() < 0.8 else [_odd_value(rng)]
        melds = None
        if rng.random() < 0.2:
            k = rng.randrange(34)
            melds = [Meld(rng.choice(["pon", "kan", "chi", "shouminkan"]), [4 * k + i for i in range(rng.randrange(1, 5))],
                          rng.random() < 0.7)]
        got = _outcome(HandCalculator.estimate_hand_value, tiles, win, melds, dora,
                       HandConfig(**kwargs, options=OptionalRules(**option_kwargs)))
        want = _outcome(hand_module._estimate_python, tiles, win, melds, dora,
                        HandConfig(**kwargs, options=OptionalRules(**option_kwargs)), ScoresCalculator, None)
        if got[0] == want[0] == "value":
            got, want = _view(got[1]), _view(want[1])
        assert got == want, (tiles, win, melds, dora, kwargs, option_kwargs)
