"""The compat fast path hands out copies of cached cost dicts and fu items: each result owns its
dicts (mutating one never shows in another), and they are plain dicts equal to mahjong's."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("mahjong")

from mahjong.hand_calculating.hand import HandCalculator as MCalc
from mahjong.hand_calculating.hand_config import HandConfig as MConfig

from riichi_fast.compat.mahjong.hand_calculating.hand import HandCalculator
from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
from riichi_fast.compat.mahjong.tile import TilesConverter as T

TILES = T.string_to_136_array(man="234", pin="567", sou="23499", honors="")[:11] + T.string_to_136_array(
    sou="678"
)
WIN = T.string_to_136_array(sou="8")[0]


def _calls(n):
    return [HandCalculator.estimate_hand_value(TILES, WIN, config=HandConfig(is_riichi=True)) for _ in range(n)]


def test_results_own_their_dicts():
    rs = _calls(4)  # the first fills the caches, the others are copies of the cached templates
    want = MCalc.estimate_hand_value(TILES, WIN, config=MConfig(is_riichi=True))
    assert rs[3].cost == want.cost
    assert rs[3].fu_details == want.fu_details
    assert list(rs[3].cost) == list(want.cost)
    rs[1].cost["main"] = -1
    rs[1].cost["extra"] = 1
    del rs[1].cost["total"]
    rs[2].fu_details[0]["fu"] = -5
    rs[2].fu_details.append({"fu": 0, "reason": "x"})
    again = _calls(1)[0]
    for r in (rs[0], rs[3], again):
        assert r.cost == want.cost
        assert r.fu_details == want.fu_details
    assert rs[1].cost == {**{k: v for k, v in want.cost.items() if k != "total"}, "main": -1, "extra": 1}
    assert type(again.cost) is dict and type(again.fu_details[0]) is dict
    assert pickle.loads(pickle.dumps(again.cost)) == want.cost
