"""Each yaku carries a stable snake_case key next to its name and Tenhou id (issue 13 item 7)."""

from __future__ import annotations

import json
import pickle
import re

import pytest

from riichi_fast import score
from riichi_fast.rules import layout as L
from riichi_fast.rules.yaku import BONUS_KEYS, YAKU, YAKU_BY_KEY, yaku_keys

# The keys are a public contract: this list may only grow.
KEYS = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan_kaihou", 5: "haitei_raoyue",
    6: "houtei_raoyui", 7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind_east", 11: "seat_wind_south",
    12: "seat_wind_west", 13: "seat_wind_north", 14: "round_wind_east", 15: "round_wind_south",
    16: "round_wind_west", 17: "round_wind_north", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku_doujun", 26: "sanshoku_doukou", 27: "sankantsu",
    28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou", 33: "junchan",
    34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou",
    41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren_poutou",
    46: "junsei_chuuren_poutou", 47: "kokushi_musou", 48: "kokushi_musou_13_sided", 49: "daisuushii",
    50: "shousuushii", 51: "suukantsu", 55: "open_riichi", 56: "daisharin", 57: "daichisei", 58: "sanrenkou",
    59: "suurenkou", 60: "paarenchan", 61: "nagashi_mangan",
}


def test_every_yaku_has_its_pinned_snake_case_key():
    assert {yid: row.key for yid, row in YAKU.items()} == KEYS
    assert all(re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", k) for k in KEYS.values())
    assert len(set(KEYS.values())) == len(KEYS)
    assert {k: row.id for k, row in YAKU_BY_KEY.items()} == {k: i for i, k in KEYS.items()}
    assert BONUS_KEYS == {L.DORA_ID: "dora", L.URA_ID: "ura_dora", L.AKA_ID: "aka_dora"}
    assert yaku_keys((1 << 1) | (1 << 48) | (1 << 60)) == ["riichi", "kokushi_musou_13_sided", "paarenchan"]


@pytest.mark.parametrize("hand, win, kwargs, expected", [
    ("234567m234p23455s", "5s", {"riichi": True, "seat_wind": 1},
     [("riichi", "riichi", 1, 1, 0), ("tanyao", "tanyao", 1, 8, 0),
      ("sanshoku doujun", "sanshoku_doujun", 2, 25, 0)]),
    ("19m19p19s1234567z", "1m", {"tsumo": True},
     [("kokushi musou 13-sided", "kokushi_musou_13_sided", 0, 48, 2)]),
    ("123m456p789s11z ankan:2222z", "1z", {"tsumo": True, "rinshan": True, "rules": "tenhou"},
     [("menzen tsumo", "menzen_tsumo", 1, 0, 0), ("rinshan kaihou", "rinshan_kaihou", 1, 4, 0)]),
])
def test_result_yaku_carry_the_key(hand, win, kwargs, expected):
    r = score(hand, win, **kwargs)
    assert [(y.name, y.key, y.han, y.tenhou_id, y.yakuman) for y in r.yaku] == expected
    d = json.loads(r.to_json())
    assert [(y["name"], y["key"], y["han"], y["tenhou_id"], y["yakuman"]) for y in d["yaku"]] == expected
    assert list(d["yaku"][0]) == ["name", "key", "han", "tenhou_id", "yakuman"]
    assert pickle.loads(pickle.dumps(r)).yaku == r.yaku
