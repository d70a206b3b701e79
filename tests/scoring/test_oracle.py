"""Differential test against the ``mahjong`` package (2.1.0) under the ``mahjong_lib`` preset.

Random complete hands (with melds, kans, red fives, riichi, ippatsu, haitei,
houtei, rinshan, chankan, double riichi, winds, dora, ura, counters and
sticks) are scored by both; status, han, fu, total points and the yaku (by
Tenhou id) must agree.  Known differences, each excluded below with its reason:

- none so far for the situations generated here.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
from mahjong.meld import Meld as MMeld

from riichi_fast.enums import MeldType
from riichi_fast.reference.scoring.score import score_kernel
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import MAHJONG_LIB
from riichi_fast.rules.context import WinContext
from tests.support.strategies import complete_hands

pytestmark = pytest.mark.oracle

CALC = HandCalculator()
RED_IDS = (16, 52, 88)

VARIANTS = {
    "mahjong_lib": (MAHJONG_LIB, {}),
    "kuitan_aka_kiriage": (
        MAHJONG_LIB.replace(open_tanyao=True, red_fives=1, kiriage=True),
        {"has_open_tanyao": True, "has_aka_dora": True, "kiriage": True},
    ),
    "single_yakuman_sanbaiman": (
        MAHJONG_LIB.replace(double_yakuman=False, kazoe="sanbaiman"),
        {"has_double_yakuman": False, "kazoe_limit": HandConfig.KAZOE_SANBAIMAN},
    ),
}


def _ids(counts, melds, rnd):
    """Physical ids for the closed tiles and melds (random copies, so red fives appear)."""
    pools = {k: rnd.sample(range(4 * k, 4 * k + 4), 4) for k in range(34)}
    mahjong_melds, all_ids = [], []
    for t, k in melds:
        if t == MeldType.CHI:
            ts = [pools[k + j].pop() for j in range(3)]
            mahjong_melds.append(MMeld(MMeld.CHI, ts, True))
        elif t == MeldType.PON:
            ts = [pools[k].pop() for _ in range(3)]
            mahjong_melds.append(MMeld(MMeld.PON, ts, True))
        else:
            ts = [pools[k].pop() for _ in range(4)]
            kind = {MeldType.ANKAN: MMeld.KAN, MeldType.DAIMINKAN: MMeld.KAN, MeldType.SHOUMINKAN: MMeld.SHOUMINKAN}[t]
            mahjong_melds.append(MMeld(kind, ts, t != MeldType.ANKAN))
        all_ids += ts
    closed = [pools[k].pop() for k in range(34) for _ in range(int(counts[k]))]
    return closed, all_ids + closed, mahjong_melds


def _situation(rnd, is_open, has_kan):
    tsumo = rnd.random() < 0.5
    riichi = not is_open and rnd.random() < 0.5
    s = {
        "tsumo": tsumo,
        "riichi": riichi,
        "double_riichi": riichi and rnd.random() < 0.1,
        "ippatsu": riichi and rnd.random() < 0.3,
        "haitei": tsumo and rnd.random() < 0.1,
        "houtei": not tsumo and rnd.random() < 0.1,
        "seat": rnd.randrange(4),
        "round": rnd.randrange(4),
        "honba": rnd.randrange(4),
        "sticks": rnd.randrange(3),
    }
    s["rinshan"] = tsumo and has_kan and not s["haitei"] and rnd.random() < 0.3
    s["chankan"] = not tsumo and not s["houtei"] and rnd.random() < 0.05
    return s


def _theirs(all_ids, win_id, melds, s, dora, ura, options):
    cfg = HandConfig(
        is_tsumo=s["tsumo"], is_riichi=s["riichi"], is_daburu_riichi=s["double_riichi"], is_ippatsu=s["ippatsu"],
        is_haitei=s["haitei"], is_houtei=s["houtei"], is_rinshan=s["rinshan"], is_chankan=s["chankan"],
        player_wind=27 + s["seat"], round_wind=27 + s["round"], kyoutaku_number=s["sticks"],
        tsumi_number=s["honba"], options=OptionalRules(**options),
    )
    res = CALC.estimate_hand_value(all_ids, win_id, melds=melds, dora_indicators=dora, ura_dora_indicators=ura,
                                   config=cfg)
    if res.error:
        return (res.error,)
    yakuman = [y for y in res.yaku if y.is_yakuman]
    ids = sorted(YAKU_ID_TO_TENHOU_ID[y.yaku_id] for y in (yakuman or res.yaku) if YAKU_ID_TO_TENHOU_ID.get(y.yaku_id, 99) < 52)
    return ("ok", res.han, res.fu, res.cost["total"], ids)


def _mine(counts, melds, win, all_ids, s, dora, ura, rules):
    ctx = WinContext(
        tsumo=s["tsumo"], riichi=s["riichi"], double_riichi=s["double_riichi"], ippatsu=s["ippatsu"],
        haitei=s["haitei"], houtei=s["houtei"], rinshan=s["rinshan"], chankan=s["chankan"], seat_wind=s["seat"],
        round_wind=s["round"], dora=[d // 4 for d in dora], ura=[u // 4 for u in ura], honba=s["honba"],
        riichi_sticks=s["sticks"],
    )
    n_red = sum(1 for t in all_ids if t in RED_IDS) if sum(rules.red_counts) else 0
    types = [int(t) for t, _ in melds] + [0] * (4 - len(melds))
    kinds = [k for _, k in melds] + [0] * (4 - len(melds))
    out = [0] * L.OUT_SIZE
    status = score_kernel(bytes(int(c) for c in counts), types, kinds, win, ctx.encode(n_red=n_red), rules.params(), out)
    if status != L.ST_OK:
        return (L.STATUS_NAMES[status],)
    mask = out[L.O_YAKU_MASK]
    ids = sorted(i for i in range(52) if mask >> i & 1)
    han = 13 * out[L.O_YAKUMAN] if out[L.O_LIMIT] == L.LIMIT_YAKUMAN else out[L.O_HAN]
    return ("ok", han, out[L.O_FU], out[L.O_TOTAL], ids)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@settings(max_examples=300, deadline=None)
@given(shape=complete_hands(), seed=st.integers(0, 2**32 - 1))
def test_agrees_with_mahjong(variant, shape, seed):
    rules, options = VARIANTS[variant]
    rnd = random.Random(seed)
    counts, melds = shape
    closed, all_ids, mahjong_melds = _ids(counts, melds, rnd)
    win_id = rnd.choice(closed)
    is_open = any(t != MeldType.ANKAN for t, _ in melds)
    has_kan = any(t in (MeldType.ANKAN, MeldType.DAIMINKAN, MeldType.SHOUMINKAN) for t, _ in melds)
    s = _situation(rnd, is_open, has_kan)
    dora = rnd.sample(range(136), rnd.randrange(1, 4))
    ura = rnd.sample(range(136), len(dora)) if s["riichi"] else []
    theirs = _theirs(all_ids, win_id, mahjong_melds, s, dora, ura, options)
    mine = _mine(counts, melds, win_id // 4, all_ids, s, dora, ura, rules)
    assert mine == theirs, (counts.tolist(), melds, win_id // 4, s)
