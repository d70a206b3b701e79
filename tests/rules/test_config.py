"""Rules: the frozen variants object, its presets, and the flat parameter array."""

import dataclasses
import pickle

import numpy as np
import pytest
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from riichi_fast.errors import ContextError
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import (
    DEFAULT,
    EMA,
    MAHJONG_LIB,
    MAJSOUL,
    MLEAGUE,
    PRESETS,
    TENHOU,
    TENHOU_3P,
    WRC,
    Rules,
)
from riichi_fast.rules.yaku import YAKU, YAKU_BY_NAME
from riichi_fast.tiles import red_counts


def test_frozen_hashable_picklable():
    for name, rules in PRESETS.items():
        assert pickle.loads(pickle.dumps(rules)) == rules, name
        assert hash(pickle.loads(pickle.dumps(rules))) == hash(rules), name
        with pytest.raises(dataclasses.FrozenInstanceError):
            rules.kiriage = True
    assert len({hash(r) for r in PRESETS.values()}) == len(PRESETS)


def test_every_field_documented():
    import inspect

    source = inspect.getsource(Rules)
    for f in dataclasses.fields(Rules):
        assert "#: " in source.split(f"    {f.name}:")[0].rsplit("\n", 2)[-2], f.name


def test_preset_lookup_and_replace():
    assert Rules.preset("tenhou") is TENHOU
    assert Rules.preset("MAHJONG-LIB") is MAHJONG_LIB
    assert set(PRESETS) == {"default", "tenhou", "tenhou_3p", "majsoul", "majsoul_3p", "wrc", "ema", "mleague",
                            "mahjong_lib"}
    with pytest.raises(ContextError, match="no rules preset"):
        Rules.preset("jpml")
    assert TENHOU.replace(kiriage=True) == dataclasses.replace(TENHOU, kiriage=True)
    with pytest.raises(ContextError, match="no field"):
        TENHOU.replace(kiriyage=True)


@pytest.mark.parametrize(
    "kw",
    [
        {"kazoe": "none"},
        {"renhou": True},
        {"double_wind_pair_fu": 3},
        {"multiple_ron": "triple"},
        {"yakuman_cap": 0},
        {"n_players": 2},
        {"pao": {"kokushi"}},
        {"abortive_draws": {"chombo"}},
        {"red_fives": {"1z": 1}},
        {"honba_value": 250},
    ],
)
def test_bad_values_raise(kw):
    with pytest.raises(ContextError):
        Rules(**kw)


def test_red_configuration():
    assert DEFAULT.red_counts == red_counts(None)
    assert Rules(red_fives={"5p": 2}).red_counts[13] == 2
    assert sum(WRC.red_counts) == sum(EMA.red_counts) == sum(MAHJONG_LIB.red_counts) == 0
    assert TENHOU_3P.red_counts[4] == 0 and TENHOU_3P.red_counts[13] == TENHOU_3P.red_counts[22] == 1
    assert "red_fives={'5p': 2}" in repr(Rules(red_fives={"5m": 0, "5p": 2, "5s": 0}))


def test_tenhou_preset_values():
    """RULES.md section 9 and PRESETS.md [TH]."""
    t = TENHOU
    assert t.red_counts[4] == t.red_counts[13] == t.red_counts[22] == 1
    assert t.open_tanyao and not t.kiriage and t.kazoe == "yakuman"
    assert not t.double_yakuman and t.yakuman_stack and t.renhou == "off" and t.nagashi_mangan
    assert t.abortive_draws == {"kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi"}
    assert t.abortive_draw_adds_counter and t.triple_ron_aborts
    assert (t.multiple_ron, t.multiple_ron_counters, t.multiple_ron_sticks) == ("allowed", "nearest", "nearest")
    assert t.pao == {"daisangen", "daisuushii"} and t.pao_honba == "liable"
    assert (t.riichi_min_tiles, t.double_wind_pair_fu, t.rinshan_tsumo_fu) == (4, 4, True)
    assert t.ankan_after_riichi == "waits" and t.two_han_minimum_from_counters == 0
    assert (TENHOU_3P.n_players, TENHOU_3P.honba_value) == (3, 200)


def test_other_presets():
    assert MAJSOUL.double_yakuman and MAJSOUL.renhou == "off" and not MAJSOUL.triple_ron_aborts
    m3 = Rules.preset("majsoul_3p")
    assert (m3.n_players, m3.honba_value, m3.noten_payment, m3.red_counts[4], m3.double_yakuman) == (3, 200, 2000, 0, True)
    assert (WRC.kiriage, WRC.kazoe, WRC.renhou, WRC.multiple_ron, WRC.double_wind_pair_fu) == (
        True, "yonbaiman", "mangan", "head_bump", 2)
    assert "suukantsu" in WRC.pao and WRC.riichi_min_tiles == 0 and not WRC.abortive_draws
    assert (EMA.kazoe, EMA.yakuman_stack, EMA.multiple_ron_sticks, EMA.pao_honba) == (
        "sanbaiman", False, "own_back", "discarder")
    assert (MLEAGUE.kiriage, MLEAGUE.kazoe, MLEAGUE.multiple_ron, MLEAGUE.riichi_min_tiles) == (
        True, "sanbaiman", "head_bump", 1)


def test_mahjong_lib_matches_the_mahjong_package_defaults():
    opts = OptionalRules()
    m = MAHJONG_LIB
    assert m.open_tanyao == opts.has_open_tanyao
    assert (sum(m.red_counts) > 0) == opts.has_aka_dora
    assert m.double_yakuman == opts.has_double_yakuman
    assert m.kazoe == {HandConfig.KAZOE_LIMITED: "yakuman", HandConfig.KAZOE_SANBAIMAN: "sanbaiman",
                       HandConfig.KAZOE_NO_LIMIT: "multiple"}[opts.kazoe_limit]
    assert m.kiriage == opts.kiriage
    assert m.fu_for_open_pinfu == opts.fu_for_open_pinfu
    assert m.fu_for_pinfu_tsumo == opts.fu_for_pinfu_tsumo
    assert m.renhou == ("yakuman" if opts.renhou_as_yakuman else "han") and m.renhou_han == 5
    assert m.daisharin == opts.has_daisharin and m.daisharin_all_suits == opts.has_daisharin_other_suits
    assert m.daichisei == opts.has_daichisei
    assert (m.yakuman_cap == 6) == opts.limit_to_sextuple_yakuman
    assert m.paarenchan_needs_yaku == opts.paarenchan_needs_yaku
    assert (m.n_players == 3) == opts.is_three_player


# -- the flat parameter array ------------------------------------------------------


def test_params_layout():
    p = DEFAULT.params()
    assert p.dtype == np.int32 and p.shape == (L.R_SIZE,) and not p.flags.writeable
    assert p is DEFAULT.params()  # cached
    assert p[L.R_KIRIAGE] == 0 and p[L.R_KAZOE] == L.KAZOE_YAKUMAN and p[L.R_YAKUMAN_STACK] == 1
    assert p[L.R_YAKUMAN_CAP] == 6 and p[L.R_DOUBLE_WIND_PAIR_FU] == 4 and p[L.R_RINSHAN_TSUMO_FU] == 1
    assert p[L.R_RENHOU] == L.RENHOU_MANGAN and p[L.R_FU_OPEN_PINFU] == 1 and p[L.R_FU_PINFU_TSUMO] == 0
    assert (p[L.R_HONBA_RON], p[L.R_HONBA_TSUMO], p[L.R_N_PLAYERS]) == (300, 100, 4)
    assert (TENHOU_3P.params()[L.R_HONBA_RON], TENHOU_3P.params()[L.R_HONBA_TSUMO]) == (200, 100)
    assert WRC.params()[L.R_KAZOE] == L.KAZOE_YONBAIMAN and EMA.params()[L.R_KAZOE] == L.KAZOE_SANBAIMAN
    assert p[L.R_SCALARS - 1] == 0 and L.R_HAN_CLOSED == L.R_SCALARS
    assert L.R_HAN_OPEN == L.R_HAN_CLOSED + L.N_YAKU_IDS and L.R_YAKUMAN == L.R_HAN_OPEN + L.N_YAKU_IDS
    assert L.R_SIZE == L.R_YAKUMAN + L.N_YAKU_IDS


def test_params_tables_follow_the_yaku_table():
    p = DEFAULT.params()
    for yid, row in YAKU.items():
        if row.variant in (None, "open_tanyao", "double_yakuman", "ippatsu"):
            assert (p[L.R_HAN_CLOSED + yid], p[L.R_HAN_OPEN + yid], p[L.R_YAKUMAN + yid]) == (
                row.han_closed, row.han_open, row.yakuman), row.name
    for yid in (L.DORA_ID, L.URA_ID, L.AKA_ID, 62, 63):
        assert p[L.R_HAN_CLOSED + yid] == p[L.R_HAN_OPEN + yid] == p[L.R_YAKUMAN + yid] == 0


def test_params_apply_the_variants():
    assert MAHJONG_LIB.params()[L.R_HAN_OPEN + L.Y_TANYAO] == 0
    assert MAHJONG_LIB.params()[L.R_HAN_CLOSED + L.Y_TANYAO] == 1
    for yid in (L.Y_SUUANKOU_TANKI, L.Y_JUNSEI_CHUUREN, L.Y_KOKUSHI_13, L.Y_DAISUUSHII):
        assert DEFAULT.params()[L.R_YAKUMAN + yid] == 2
        assert TENHOU.params()[L.R_YAKUMAN + yid] == 1
    for name in ("daisharin", "daichisei", "suurenkou", "paarenchan"):
        yid = YAKU_BY_NAME[name].id
        assert DEFAULT.params()[L.R_YAKUMAN + yid] == 0
        assert DEFAULT.replace(**{name: True}).params()[L.R_YAKUMAN + yid] == 1
    assert DEFAULT.replace(daisharin_all_suits=True).params()[L.R_YAKUMAN + L.Y_DAISHARIN] == 1
    assert DEFAULT.params()[L.R_HAN_CLOSED + L.Y_SANRENKOU] == 0
    on = DEFAULT.replace(sanrenkou=True).params()
    assert (on[L.R_HAN_CLOSED + L.Y_SANRENKOU], on[L.R_HAN_OPEN + L.Y_SANRENKOU]) == (3, 2)
    assert DEFAULT.params()[L.R_HAN_CLOSED + L.Y_OPEN_RIICHI] == 0
    assert MAHJONG_LIB.params()[L.R_HAN_CLOSED + L.Y_OPEN_RIICHI] == 1
    assert DEFAULT.replace(ippatsu=False).params()[L.R_HAN_CLOSED + L.Y_IPPATSU] == 0
    # renhou: one id whose value follows the mode
    for rules, han, yakuman, mode in [
        (DEFAULT, 0, 0, L.RENHOU_MANGAN),
        (TENHOU, 0, 0, L.RENHOU_OFF),
        (MAHJONG_LIB, 5, 0, L.RENHOU_HAN),
        (DEFAULT.replace(renhou="yakuman"), 0, 1, L.RENHOU_YAKUMAN),
    ]:
        q = rules.params()
        assert (q[L.R_HAN_CLOSED + L.Y_RENHOU], q[L.R_YAKUMAN + L.Y_RENHOU], q[L.R_RENHOU]) == (han, yakuman, mode)


def test_yaku_table_covers_rules_section_4():
    names = set(YAKU_BY_NAME)
    for name in ("riichi", "double riichi", "ippatsu", "menzen tsumo", "pinfu", "iipeikou", "tanyao", "haku",
                 "hatsu", "chun", "seat wind east", "round wind north", "haitei raoyue", "houtei raoyui",
                 "rinshan kaihou", "chankan", "chiitoitsu", "chanta", "ittsu", "sanshoku doujun", "sanshoku doukou",
                 "sanankou", "sankantsu", "toitoi", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu",
                 "chinitsu", "renhou", "nagashi mangan", "open riichi", "kokushi musou", "suuankou", "daisangen",
                 "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren poutou", "suukantsu",
                 "tenhou", "chiihou", "kokushi musou 13-sided", "suuankou tanki", "junsei chuuren poutou",
                 "daisharin", "daichisei", "sanrenkou", "suurenkou", "paarenchan"):
        assert name in names, name
    for yid, row in YAKU.items():
        assert row.tenhou_id == (yid if yid < 52 else None)
        assert 0 <= yid < L.N_YAKU_IDS and yid not in (L.DORA_ID, L.URA_ID, L.AKA_ID)
