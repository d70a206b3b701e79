"""Game-record readers (mjlog, tenhou.net/6, mjai) and the verifier.

The records under tests/data/records are real Tenhou games (and one simulated
mjai game); README.md there gives their source and license.  Facts checked by
hand below were read from the raw files (the tag or JSON line is quoted).
The last tests are the acceptance test of the scorer: every recorded win
re-scored under the ``tenhou`` preset must match exactly.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from riichi_fast.enums import MeldType
from riichi_fast.records import (
    DrawKind,
    RecordError,
    decode_meld,
    parse_mjai,
    parse_mjlog,
    parse_tenhou6,
    read_mjai,
    read_mjlog,
    read_record,
    read_tenhou6,
)
from riichi_fast.records import verify as V

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG = sorted(DATA.glob("tenhou-mjlog-*/*.mjlog"))
TENHOU6 = sorted(DATA.glob("tenhou6-json-mjx/*.json"))
MJAI = sorted(DATA.glob("mjai/*.jsonl"))
ALL = MJLOG + TENHOU6 + MJAI

_CACHE: dict = {}


def game(path):
    path = Path(path)
    if path not in _CACHE:
        _CACHE[path] = read_record(path)
    return _CACHE[path]


def mjlog(name):
    return game(next(p for p in MJLOG if p.name == name))


def win_at(g, label, index=0):
    wins = [w for w in g.wins if w.source.endswith(" " + label)]
    return wins[index]


def raw_xml(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


# ---------------------------------------------------------------------------
# The data set
# ---------------------------------------------------------------------------

def test_data_set_is_complete():
    assert (len(MJLOG), len(TENHOU6), len(MJAI)) == (136, 31, 1)  # 24 of the mjlogs: three players
    assert sum(game(p).rules.three_player for p in MJLOG) == 24
    readme = (DATA / "README.md").read_text()
    assert "MIT-licensed" in readme and "terralian/fastmaj" in readme


def test_totals():
    wins = {"mjlog": 0, "tenhou6": 0, "mjai": 0}
    draws = dict.fromkeys(wins, 0)
    for p in ALL:
        g = game(p)
        wins[g.format] += len(g.wins)
        draws[g.format] += len(g.draws)
    # mjlog: 808 four-player wins + 161 three-player ones; 154 + 26 draws
    assert wins == {"mjlog": 969, "tenhou6": 265, "mjai": 9}
    assert draws == {"mjlog": 180, "tenhou6": 62, "mjai": 3}


@pytest.mark.parametrize("path", MJLOG, ids=lambda p: p.name)
def test_mjlog_counts_match_raw_tags(path):
    text = raw_xml(path)
    g = game(path)
    assert len(g.wins) == text.count("<AGARI ")
    assert len(g.draws) == text.count("<RYUUKYOKU")
    assert len(g.rounds) == text.count("<INIT ")
    # every round ends with a win or a draw (one file is cut before its last end)
    ended = [len(r.wins) + (r.draw is not None) >= 1 for r in g.rounds]
    assert all(ended[:-1]) and (ended[-1] or "no-round-end" in path.name)


@pytest.mark.parametrize("name,wins,draws,rounds", [
    ("2009071823gm-0041-0000-ff3a2214_tw0.mjlog", 7, 1, 8),
    ("pao-tsumo.mjlog", 5, 0, 5),
    ("2020052700gm-00a9-0000-75a4695c.mjlog", 7, 3, 9),  # a double ron
])
def test_counts_per_file(name, wins, draws, rounds):
    g = mjlog(name)
    assert (len(g.wins), len(g.draws), len(g.rounds)) == (wins, draws, rounds)


# ---------------------------------------------------------------------------
# Meld decoding (every type; codes taken from the records)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("code,who,mtype,tiles,called,from_seat,added", [
    # chi 678p by seat 0, 8p (id 64) called from seat 3 (2009071823 E1-0)
    (38951, 0, MeldType.CHI, (56, 61, 64), 64, 3, None),
    (5367, 0, MeldType.CHI, (6, 11, 13), 13, 3, None),
    # pon of 2s by seat 0 from the opposite seat 2 (2009071823 E1-1)
    (29802, 0, MeldType.PON, (76, 77, 78), 77, 2, None),
    # kakan of haku by seat 3, tile 126 added to the pon called from seat 1
    (48210, 3, MeldType.SHOUMINKAN, (124, 125, 126, 127), 125, 1, 126),
    # kakan of 8p robbed by chankan (2014121823 E1-1): 67 added to the pon of 66
    # called from seat 3 (low bits 1 = the next seat after seat 2)
    (25713, 2, MeldType.SHOUMINKAN, (64, 65, 66, 67), 66, 3, 67),
    # ankan of East by seat 3 (2009082713 E2-0)
    (27648, 3, MeldType.ANKAN, (108, 109, 110, 111), None, None, None),
    # daiminkan of haku by seat 3, id 125 called from seat 2 (2014052606 E2-4)
    (32003, 3, MeldType.DAIMINKAN, (124, 125, 126, 127), 125, 2, None),
])
def test_decode_meld(code, who, mtype, tiles, called, from_seat, added):
    m = decode_meld(code, who)
    assert (m.type, m.tiles, m.called, m.from_seat, m.added, m.code) == \
        (mtype, tiles, called, from_seat, added, code)


def test_decode_meld_kita():
    # kita (three-player north): 0x7a20 = tile 122 with bit 5 (2022010120 E1-0 <AGARI m="31264,...">)
    m = decode_meld(31264, 1, n_players=3)
    assert (m.type, m.tiles, m.called, m.from_seat, m.added, m.code) == \
        (MeldType.KITA, (122,), None, None, None, 31264)


def test_every_meld_type_appears_in_the_records():
    seen = {m.type for p in MJLOG for w in game(p).wins for m in w.melds}
    assert seen == {MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN,
                    MeldType.SHOUMINKAN, MeldType.KITA}


# ---------------------------------------------------------------------------
# Wins checked by hand
# ---------------------------------------------------------------------------

def test_first_win_of_a_game():
    # <AGARI ba="0,0" hai="8,12,18,41,44,50,76,79" m="38951,5367" machi="41"
    #  ten="30,1500,0" yaku="8,1" doraHai="102" who="0" fromWho="2"
    #  sc="250,15,250,0,250,-15,250,0" />
    g = mjlog("2009071823gm-0041-0000-ff3a2214_tw0.mjlog")
    assert g.rules.red_fives and g.rules.open_tanyao and not g.rules.hanchan
    assert g.rules.type_flags == 65 and not g.rules.three_player
    w = g.wins[0]
    assert (w.winner, w.discarder, w.win_tile, w.dealer) == (0, 2, 41, 0)
    assert w.closed == (8, 12, 18, 41, 44, 50, 76, 79)
    assert [(m.type, m.tiles) for m in w.melds] == [
        (MeldType.CHI, (56, 61, 64)), (MeldType.CHI, (6, 11, 13))]
    assert w.mpsz() == "345m234p22s + 678p(chi) + 234m(chi)"
    s = w.situation
    assert not (s.tsumo or s.riichi or s.ippatsu or s.haitei or s.houtei or s.rinshan)
    assert (s.seat_wind, s.round_wind, s.dora_indicators, s.honba, s.riichi_sticks) == \
        (0, 0, (102,), 0, 0)
    r = w.recorded
    assert (r.han, r.fu, r.points, r.limit, r.yaku, r.yakuman) == (1, 30, 1500, 0, ((8, 1),), ())
    assert (r.dora, r.ura, r.aka, r.pao) == (0, 0, 0, None)
    assert r.score_changes == (1500, 0, -1500, 0)
    assert r.scores_before == (25000, 25000, 25000, 25000)


@pytest.mark.parametrize("name,label,melds", [
    # (type, tiles, called, discarder relative to the winner: 1 right, 2 across, 3 left)
    ("2009071823gm-0041-0000-ff3a2214_tw0.mjlog", "E1-0",
     [(MeldType.CHI, (56, 61, 64), 64, 3), (MeldType.CHI, (6, 11, 13), 13, 3)]),
    # <AGARI ... m="48210,1131" who="3">: kakan of haku (pon from seat 1), pon of 1m
    ("2009072918gm-0061-0000-e6e91672_tw0.mjlog", "E2-1",
     [(MeldType.SHOUMINKAN, (124, 125, 126, 127), 125, 2), (MeldType.PON, (0, 1, 2), 2, 3)]),
    # <AGARI ... m="32003,56655,42367" who="3">: daiminkan of haku from seat 2, chi 567s, chi 789p
    ("2014052606gm-00c1-0000-6c0dfa74_tw1.mjlog", "E2-4",
     [(MeldType.DAIMINKAN, (124, 125, 126, 127), 125, 3), (MeldType.CHI, (89, 94, 98), 94, 3),
      (MeldType.CHI, (63, 67, 70), 70, 3)]),
    ("2009082713gm-00e1-0000-8820f355_tw3.mjlog", "E2-0",
     [(MeldType.ANKAN, (108, 109, 110, 111), None, None)]),
])
def test_win_as_hand(name, label, melds):
    w = win_at(mjlog(name), label)
    h = w.hand
    assert h.closed == w.closed
    assert [(m.type, m.tiles, m.called, m.from_seat) for m in h.melds] == melds
    assert h.tile_count == 14 and h.n_red == sum(t in (16, 52, 88) for t in w.closed) + sum(
        t in (16, 52, 88) for m in w.melds for t in m.tiles)


def test_chankan_keeps_ippatsu():
    # <REACH who="1" step="1"/><E101/><REACH who="1" step="2"/><V67/>
    # <N who="2" m="25713" /><AGARI ba="1,2" hai="50,...,99" machi="67"
    #  ten="30,8000,1" yaku="1,1,2,1,3,1,7,1,54,1,53,0" doraHai="35"
    #  doraHaiUra="133" who="1" fromWho="2" sc="260,0,210,103,260,-83,250,0" />
    w = win_at(mjlog("2014121823gm-00e1-0000-375a275e_tw1.mjlog"), "E1-1")
    s = w.situation
    assert (s.riichi, s.ippatsu, s.chankan, s.tsumo) == (True, True, True, False)
    assert (w.winner, w.discarder, w.win_tile) == (1, 2, 67)
    assert w.mpsz() == "406678p12334577s"
    assert (s.honba, s.riichi_sticks, s.ura_indicators) == (1, 2, (133,))
    r = w.recorded
    assert r.yaku == ((1, 1), (2, 1), (3, 1), (7, 1)) and (r.dora, r.ura, r.aka) == (0, 0, 1)
    assert (r.han, r.fu, r.points, r.limit) == (5, 30, 8000, 1)
    assert r.score_changes == (0, 10300, -8300, 0)


def test_pao_tsumo():
    # <AGARI ba="0,0" hai="16,21,24,36,39" m="49674,51274,48169" machi="39"
    #  ten="40,32000,5" yakuman="39" who="2" fromWho="2" paoWho="0"
    #  sc="319,-320,189,0,153,320,339,0" />
    w = next(w for w in mjlog("pao-tsumo.mjlog").wins if w.recorded.pao is not None)
    assert (w.winner, w.discarder, w.win_tile, w.recorded.pao) == (2, None, 39, 0)
    assert w.mpsz() == "067m11p + 666z(pon) + 777z(pon) + 555z(pon)"
    assert all(m.type == MeldType.PON for m in w.melds)
    r = w.recorded
    assert (r.yakuman, r.han, r.points, r.limit) == ((39,), None, 32000, 5)
    assert r.score_changes == (-32000, 0, 32000, 0)


def test_pao_ron_honba_paid_by_the_liable_player():
    # <AGARI ba="1,0" hai="46,49,53,54,55" m="50762,49226,47657" machi="55"
    #  ten="40,32000,5" yakuman="39" who="0" fromWho="1" paoWho="2"
    #  sc="395,323,231,-160,159,-163,215,0" />
    g = mjlog("2010060416gm-0061-0000-2d91fbe3_tw0.mjlog")
    w = next(w for w in g.wins if w.recorded.pao is not None)
    assert (w.winner, w.discarder, w.recorded.pao, w.situation.honba_paid) == (0, 1, 2, 1)
    assert w.recorded.score_changes == (32300, -16000, -16300, 0)
    c = V.Computed(status="ok", points=32000, pay_ron=32000, honba_ron=300)
    assert V.win_changes(w, c) == (32300, -16000, -16300, 0)
    assert V.win_changes(w, c, pao_honba="discarder") == (32300, -16300, -16000, 0)


def test_double_ron_counters_and_sticks_go_to_the_first_winner():
    # <AGARI ba="2,2" ... ten="30,8000,1" who="2" fromWho="1" sc="...,235,-86,255,106,..."/>
    # <AGARI ba="2,0" ... ten="40,1300,0" who="3" fromWho="1" sc="...,149,-13,...,265,13"/>
    g = mjlog("2020052700gm-00a9-0000-75a4695c.mjlog")
    rnd = next(r for r in g.rounds if len(r.wins) == 2)
    first, second = rnd.wins
    assert (first.winner, second.winner, first.discarder, second.discarder) == (2, 3, 1, 1)
    assert (first.multi_ron_index, second.multi_ron_index) == (0, 1)
    assert (first.situation.honba_paid, first.situation.riichi_sticks) == (2, 2)
    assert (second.situation.honba, second.situation.honba_paid,
            second.situation.riichi_sticks) == (2, 0, 0)
    assert first.recorded.score_changes == (0, -8600, 10600, 0)
    assert second.recorded.score_changes == (0, -1300, 0, 1300)
    assert second.recorded.scores_before == (22500, 14900, 36100, 26500)


def test_tenhou_and_double_riichi_and_houtei():
    w = win_at(mjlog("2017040900gm-00a9-0000-af5434e3.mjlog"), "E1-1")
    assert w.situation.tenhou and w.tsumo and w.winner == w.dealer
    assert w.recorded.yakuman == (37,) and w.recorded.points == 48000
    w = win_at(mjlog("2017082021gm-00a9-0000-b8cc6957.mjlog"), "S4-0")
    assert w.situation.double_riichi and w.situation.ippatsu
    assert w.recorded.yaku == ((21, 2), (2, 1))
    w = win_at(mjlog("2013020314gm-0029-0000-6d6d3c5d_tw0.mjlog"), "S3-0")
    assert w.situation.houtei and w.recorded.yaku == ((6, 1),)
    w = win_at(mjlog("2021041720gm-00a9-0000-f3b19e15_tw3.mjlog"), "S4-0")
    assert w.situation.haitei and [m.type for m in w.melds] == [MeldType.SHOUMINKAN,
                                                                MeldType.CHI]


def test_situation_flags_agree_with_recorded_yaku():
    """Every flag the reader derives is confirmed by Tenhou's own yaku list."""
    flags = {"riichi": 1, "ippatsu": 2, "chankan": 3, "rinshan": 4, "haitei": 5,
             "houtei": 6, "double_riichi": 21}
    n = 0
    for p in MJLOG + TENHOU6:
        for w in game(p).wins:
            if w.recorded.yakuman:
                continue
            ids = {y for y, _ in w.recorded.yaku}
            s = w.situation
            for name, yid in flags.items():
                flag = getattr(s, name) and not (name == "riichi" and s.double_riichi)
                assert flag == (yid in ids), (w.source, name)
            assert (s.tsumo and not w.melds or s.tsumo and all(
                m.type in (MeldType.ANKAN, MeldType.KITA) for m in w.melds)) == (0 in ids), w.source
            n += 1
    assert n == 1220  # 1061 four-player wins + 159 three-player ones (yakuman left out)


def test_recorded_changes_sum_to_the_sticks_taken():
    for p in ALL:
        for w in game(p).wins:
            assert sum(w.recorded.score_changes) == 1000 * w.situation.riichi_sticks, w.source
        for d in game(p).draws:
            assert sum(d.score_changes) == 0, d.source


def test_scores_before_follow_the_game():
    """Each round's starting scores plus its changes give the next round's scores."""
    for p in MJLOG:
        g = game(p)
        for rnd, nxt in zip(g.rounds, g.rounds[1:]):
            ends = [w.recorded for w in rnd.wins] or [rnd.draw]
            last = ends[-1]
            after = tuple(b + c for b, c in zip(last.scores_before, last.score_changes))
            assert after == nxt.scores, rnd.label


# ---------------------------------------------------------------------------
# tenhou.net/6: the same games as the mjx mjlogs
# ---------------------------------------------------------------------------

def test_tenhou6_hand_checked():
    # ["和了",[0,8700,-7700,0],[1,2,1,"30符4飜7700点","自風 南(1飜)","混一色(2飜)","ドラ(1飜)"]]
    g = game(DATA / "tenhou6-json-mjx/2010081709gm-00a9-0000-fe3371ad.json")
    assert g.format == "tenhou6" and g.rules.red_fives and g.rules.hanchan
    w = g.wins[0]
    assert (w.winner, w.discarder, w.win_tile // 4) == (1, 2, 5)
    assert w.mpsz() == "678m11z + 333z(pon) + 222z(pon) + 345m(chi)"
    r = w.recorded
    assert (r.han, r.fu, r.points, r.limit, r.text) == (4, 30, 7700, 0, "30符4飜7700点")
    assert (r.yaku, r.dora, r.pao) == (((11, 1), (34, 2)), 1, None)
    assert r.score_changes == (0, 8700, -7700, 0)
    assert w.situation.riichi_sticks == 1  # seat 2's riichi of this round


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.name)
def test_tenhou6_agrees_with_mjlog(path):
    g6 = game(path)
    gx = mjlog(path.name[:-5] + ".mjlog")
    assert len(g6.rounds) == len(gx.rounds)
    assert len(g6.wins) == len(gx.wins)
    for a, b in zip(g6.wins, gx.wins):
        sa, sb = a.situation, b.situation
        for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                     "rinshan", "chankan", "tenhou", "chiihou", "seat_wind", "round_wind",
                     "honba", "riichi_sticks", "honba_paid"):
            assert getattr(sa, name) == getattr(sb, name), (a.source, name)
        assert [t // 4 for t in sa.dora_indicators] == [t // 4 for t in sb.dora_indicators]
        assert [t // 4 for t in sa.ura_indicators] == [t // 4 for t in sb.ura_indicators]
        assert sorted(a.mpsz().split(" + ")) == sorted(b.mpsz().split(" + "))
        assert (a.winner, a.discarder, a.win_tile // 4) == (b.winner, b.discarder,
                                                            b.win_tile // 4)
        ra, rb = a.recorded, b.recorded
        assert (ra.han, ra.points, ra.limit, sorted(ra.yaku), ra.yakuman, ra.dora, ra.ura,
                ra.aka, ra.score_changes, ra.scores_before, ra.pao) == \
            (rb.han, rb.points, rb.limit, sorted(rb.yaku), rb.yakuman, rb.dora, rb.ura,
             rb.aka, rb.score_changes, rb.scores_before, rb.pao)
        assert ra.fu in (None, rb.fu)
    for a, b in zip(g6.draws, gx.draws):
        assert (a.kind, a.score_changes, a.scores_before, a.honba, a.riichi_sticks) == \
            (b.kind, b.score_changes, b.scores_before, b.honba, b.riichi_sticks)
        if a.kind == DrawKind.EXHAUSTIVE:
            assert a.tenpai == b.tenpai


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.name)
def test_tenhou6_turn_replay_matches_mjlog_events(path):
    """The replayed turn order (draws, discards, calls, riichi) is the mjlog's own."""
    def steps(rnd):
        return [(e.type, e.seat, None if e.tile is None else e.tile // 4,
                 e.meld.type if e.meld else None, e.tsumogiri)
                for e in rnd.events if e.type != "dora"]  # kan-dora timing is not recorded

    g6 = game(path)
    gx = mjlog(path.name[:-5] + ".mjlog")
    for r6, rx in zip(g6.rounds, gx.rounds):
        assert steps(r6) == steps(rx), r6.label
        assert (r6.round_wind, r6.kyoku, r6.dealer, r6.honba, r6.riichi_sticks, r6.scores) == \
            (rx.round_wind, rx.kyoku, rx.dealer, rx.honba, rx.riichi_sticks, rx.scores)
        assert [sorted(t // 4 for t in h) for h in r6.initial_hands] == \
            [sorted(t // 4 for t in h) for h in rx.initial_hands]


def test_mjlog_events_match_raw_tags():
    for path in MJLOG[:20]:
        text = raw_xml(path)
        events = [e for r in game(path).rounds for e in r.events]
        count = {t: sum(e.type == t for e in events) for t in
                 ("draw", "discard", "call", "riichi", "riichi_accepted", "dora")}
        assert count == {
            "draw": len(re.findall(r"<[TUVW]\d+/>", text)),
            "discard": len(re.findall(r"<[DEFG]\d+/>", text)),
            "call": text.count("<N "),
            "riichi": text.count('step="1"'),
            "riichi_accepted": text.count('step="2"'),
            "dora": text.count("<DORA "),
        }, path.name


def test_tenhou6_single_object_layout():
    lines = (DATA / "tenhou6-json-mjx/2010081709gm-00a9-0000-fe3371ad.json").read_text()
    objs = [json.loads(x) for x in lines.splitlines() if x.strip()]
    merged = dict(objs[0], log=[o["log"][0] for o in objs])
    g = parse_tenhou6(json.dumps(merged, ensure_ascii=False))
    assert len(g.rounds) == len(objs) == 15 and len(g.wins) == 13


# ---------------------------------------------------------------------------
# mjai
# ---------------------------------------------------------------------------

def test_mjai_hand_checked():
    # {"type":"hora","actor":3,"target":3,"deltas":[-4000,-2000,-2000,10000],"ura_markers":["1s"]}
    g = read_mjai(MJAI[0])
    assert g.format == "mjai" and g.players == ("0", "1", "2", "3")
    w = g.wins[0]
    assert (w.winner, w.discarder, w.tsumo) == (3, None, True)
    assert w.mpsz() == "23445699m340789s"
    s = w.situation
    assert (s.riichi, s.riichi_sticks, s.honba) == (True, 2, 0)
    assert [t // 4 for t in s.dora_indicators] == [19] and [t // 4 for t in s.ura_indicators] == [18]
    assert w.recorded.score_changes == (-4000, -2000, -2000, 10000)
    assert [d.tenpai for d in g.draws] == [(0, 1, 2), (1, 3), (0, 1, 3)]


# ---------------------------------------------------------------------------
# Draws
# ---------------------------------------------------------------------------

def test_draw_kinds():
    kinds: dict = {}
    for p in MJLOG:
        for d in game(p).draws:
            kinds[d.kind] = kinds.get(d.kind, 0) + 1
    # three-player games: 21 exhaustive draws and 5 kyuushu of the 26
    assert kinds == {DrawKind.EXHAUSTIVE: 157, DrawKind.KYUUSHU: 15, DrawKind.NAGASHI_MANGAN: 3,
                     DrawKind.SANCHAHOU: 2, DrawKind.SUUCHA_RIICHI: 1, DrawKind.SUUFON: 1,
                     DrawKind.SUUKAIKAN: 1}


def test_noten_and_nagashi_settlement():
    assert V.noten_changes((), 4) == (0, 0, 0, 0)
    assert V.noten_changes((0, 1, 2, 3), 4) == (0, 0, 0, 0)
    assert V.noten_changes((0, 2), 4) == (1500, -1500, 1500, -1500)
    assert V.noten_changes((0, 1, 3), 4) == (1000, 1000, -3000, 1000)
    assert V.nagashi_changes((2,), dealer=3) == (-2000, -2000, 8000, -4000)
    assert V.nagashi_changes((0,), dealer=0) == (12000, -4000, -4000, -4000)
    # ["流し満貫",[-2000,-2000,8000,-4000]] and its mjlog twin (nagashi inferred from discards)
    d = game(DATA / "tenhou-mjlog-mjx/2019082700gm-00a9-0000-63d1f136.mjlog").rounds[3].draw
    assert (d.kind, d.nagashi, d.dealer, d.tenpai) == (DrawKind.NAGASHI_MANGAN, (2,), 3, (0, 3))
    assert V.check_draw(d).changes == (-2000, -2000, 8000, -4000)


def test_every_draw_settles_as_recorded():
    checked = 0
    for p in ALL:
        for d in game(p).draws:
            c = V.check_draw(d)
            assert c.ok, (d.source, d.score_changes, c.changes)
            checked += c.changes is not None
    assert checked == 245


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------

_GOOD_AGARI = next(p for p in MJLOG if p.name == "2009071823gm-0041-0000-ff3a2214_tw0.mjlog")


def test_bad_records_raise_record_error():
    with pytest.raises(RecordError, match="not well-formed"):
        parse_mjlog("<mjloggm><GO type='1'>")
    text = raw_xml(_GOOD_AGARI)
    tampered = text.replace('hai="8,12,18,41,44,50,76,79"', 'hai="8,12,18,41,44,50,76,80"', 1)
    with pytest.raises(RecordError, match="disagrees with the replayed hand"):
        parse_mjlog(tampered, source="x")
    with pytest.raises(RecordError, match="event before the first"):
        parse_mjlog('<mjloggm><GO type="1"/><T5/></mjloggm>')
    with pytest.raises(RecordError, match="^<tenhou6> E1-0: bad tenhou6 tile code 99$"):
        parse_tenhou6({"name": [], "rule": {"aka": 1}, "log": [
            [[0, 0, 0], [25000] * 4, [99], []] + [[11], [], []] * 4 + [["流局"]]]})
    with pytest.raises(RecordError, match="bad mjai tile '0m'"):
        parse_mjai('{"type":"start_kyoku","bakaze":"E","dora_marker":"0m","kyoku":1,'
                   '"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"tehais":[[],[],[],[]]}')
    assert issubclass(RecordError, ValueError)


def test_damaged_records_raise_record_error_naming_them():
    """A field that is not a number, a missing key or a list too short (a damaged file) is a
    RecordError naming the record, never a bare ValueError/KeyError/IndexError (a fuzz of 3,000
    damaged copies of the fixtures found only RecordErrors after this)."""
    text = raw_xml(_GOOD_AGARI)
    damaged = text.replace('hai="8,12,18,41,44,50,76,79"', 'hai="8,12,1/8,41,44,50,76,79"', 1)
    assert damaged != text
    with pytest.raises(RecordError, match=r"^damaged\.mjlog: malformed record \(ValueError: invalid literal"):
        parse_mjlog(damaged, source="damaged.mjlog")
    with pytest.raises(RecordError, match=r"^t6: malformed record \(AttributeError: "):
        parse_tenhou6({"name": [], "rule": 3, "log": []}, source="t6")
    with pytest.raises(RecordError, match=r"^mj: malformed record \(KeyError: "):
        parse_mjai('{"type":"start_kyoku","bakaze":"E"}', source="mj")


def test_verify_paths_lists_unreadable_files(tmp_path):
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm><INIT")
    seen = []
    rep = V.verify_paths([_GOOD_AGARI, bad], progress=lambda i, n, p: seen.append((i, n)))
    assert seen == [(1, 2), (2, 2)]
    assert len(rep.games) == 1 and rep.unreadable[0][0] == str(bad)
    assert "not well-formed" in rep.unreadable[0][1]


def test_verifier_catches_a_wrong_record():
    """A tampered record value shows up as a mismatch naming the item."""
    text = raw_xml(_GOOD_AGARI).replace('ten="30,1500,0" yaku="8,1"', 'ten="40,2000,0" yaku="8,2"')
    g = parse_mjlog(text, source="tampered")
    check = V.verify_game(g).wins[0]
    items = {m.item: (m.recorded, m.computed) for m in check.mismatches}
    assert items == {"han": (2, 1), "fu": (40, 30), "yaku": (((8, 2),), ((8, 1),)),
                     "points": (2000, 1500)}
    assert "MISMATCH points: recorded 2000 computed 1500" in V.format_win_check(check)


def test_rules_follow_the_game_flags():
    g = mjlog("2009071823gm-0041-0000-ff3a2214_tw0.mjlog")
    no_red = [p for p in MJLOG if not game(p).rules.red_fives]
    assert [p.name for p in no_red] == ["2009082817gm-00ab-0000-997dbe26_tw0.mjlog"]
    assert game(no_red[0]).rules.type_flags == 171  # 0x02: no red fives
    assert sum(V.rules_for_game(game(no_red[0])).red_fives) == 0
    assert sum(V.rules_for_game(g).red_fives) == 3


# ---------------------------------------------------------------------------
# Acceptance: every recorded win re-scored under the tenhou preset
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("kernel", [False, True], ids=["score", "kernel"])
@pytest.mark.parametrize("fmt,paths", [("mjlog", MJLOG), ("tenhou6", TENHOU6), ("mjai", MJAI)])
def test_every_recorded_win_matches(fmt, paths, kernel):
    report = V.verify_paths(paths, kernel=kernel)
    assert report.unreadable == []
    bad = [c for c in report.wins if not c.ok]
    assert not bad, f"{len(bad)} of {report.n_wins} wins differ:\n\n" + "\n\n".join(
        V.format_win_check(c) for c in bad[:10])
    assert report.n_wins == {"mjlog": 969, "tenhou6": 265, "mjai": 9}[fmt]
    assert [m for c in report.draws for m in c.mismatches] == []
    assert len(report.draws) == {"mjlog": 180, "tenhou6": 62, "mjai": 3}[fmt]


def test_read_record_detects_formats():
    assert read_record(MJLOG[0]).format == "mjlog"
    assert read_record(TENHOU6[0]).format == "tenhou6"
    assert read_record(MJAI[0]).format == "mjai"
    assert read_mjlog(MJLOG[0]).players == game(MJLOG[0]).players
    assert len(read_tenhou6(TENHOU6[0]).players) == 4
