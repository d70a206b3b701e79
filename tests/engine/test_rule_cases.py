"""Rule cases of the hand engine, each a deal from an explicit wall with its exact event sequence.

Every case deals chosen hands and draws through :func:`test_game.make_wall`
(the same code path as a game) and checks the events in mjai form, compact:
``"dahai 0 3m"`` (type, actor, tile), ``"pon 2 3m<0"`` (called from seat 0),
``"hora 3 3m<0"``, ``"ryukyoku suufon_renda"``.
"""

import pytest

from riichi_fast import TableState
from riichi_fast.engine import Action, EngineError, Table
from riichi_fast.engine.env import mjai_events
from riichi_fast.rules import config
from riichi_fast.tiles import parse_tiles
from tests.engine.test_game import make_wall


def _start(hands, draws=(), rules="tenhou", state=None, **kw):
    t = Table(rules)
    wall = make_wall(hands, draws, n_players=t.n, **kw)
    t.start_hand(wall, state or TableState.start(t.rules))
    return t


def _kind(name):
    return parse_tiles(name)[0] >> 2


def do(t, seat, kind, tile=None):
    """Seat takes the legal action of type ``kind`` (on a tile of ``tile``'s kind); other claimants ahead pass."""
    while t.phase in ("claim", "chankan") and t.acting and t.acting[0] != seat:
        t.step(Action("pass", t.acting[0]))
    legal = t.legal_actions(seat)
    for a in legal:
        if a.type == kind and (tile is None or (a.tile is not None and a.tile >> 2 == _kind(tile))):
            t.step(a)
            return a
    raise AssertionError(f"seat {seat} cannot {kind} {tile}: legal {[str(a) for a in legal]}")


def pass_all(t):
    while t.phase in ("claim", "chankan"):
        t.step(Action("pass", t.acting[0]))


def trace(t, start=0):
    out = []
    for e in mjai_events(t.events[start:], t.rules.red_fives):
        typ = e["type"]
        if typ in ("start_kyoku", "end_kyoku"):
            out.append(typ)
        elif typ == "ryukyoku":
            out.append(f"ryukyoku {e['reason']}")
        elif typ in ("dora",):
            out.append(f"dora {e['dora_marker']}")
        elif typ in ("reach", "reach_accepted"):
            out.append(f"{typ} {e['actor']}")
        elif typ in ("chi", "pon", "daiminkan", "hora"):
            out.append(f"{typ} {e['actor']} {e['pai']}<{e['target']}")
        elif typ == "ankan":
            out.append(f"ankan {e['actor']} {e['consumed'][0]}")
        else:
            out.append(f"{typ} {e['actor']} {e['pai']}")
    return out


def _rules(preset, **kw):
    return config.Rules.preset(preset).replace(**kw)


# --------------------------------------------------------------------------- call priorities

# The dealer (seat 0) discards 3m on the first turn: seat 1 may chi it (45m), seat 2 pon or
# daiminkan it (333m), seat 3 ron it (12m penchan, haku triplet).
PRIORITY = ["3m19m19p19s1234z67z", "456m258p258s11z2z3z", "333m8m369p369s4z67z", "12m555z345p678s99s"]
OPENING = ["start_kyoku", "tsumo 0 7p", "dahai 0 3m"]


def _priority_table():
    t = _start(PRIORITY, draws=["7p"], dora="4z", rinshan=["8p"])
    do(t, 0, "discard", "3m")
    assert t.acting == (1, 2, 3)
    assert [sorted({a.type for a in t.legal_actions(s)}) for s in t.acting] == [
        ["chi", "pass"], ["daiminkan", "pass", "pon"], ["pass", "ron"]]
    return t


def test_ron_beats_daiminkan_and_chi():
    t = _priority_table()
    do(t, 1, "chi")
    do(t, 2, "daiminkan")
    do(t, 3, "ron")
    assert trace(t) == OPENING + ["hora 3 3m<0", "end_kyoku"]
    assert t.end.settlement.deltas == (-1300, 0, 0, 1300)


def test_daiminkan_beats_chi_then_rinshan_draw_and_the_dora_at_the_discard():
    t = _priority_table()
    do(t, 1, "chi")
    do(t, 2, "daiminkan")
    do(t, 3, "pass")
    assert trace(t) == OPENING + ["daiminkan 2 3m<0", "tsumo 2 8p"]
    assert t.seats[3].temp_furiten  # the ron it let pass
    do(t, 2, "discard", "8p")
    assert trace(t)[5:7] == [_kan_dora(t)[0], "dahai 2 8p"]  # Tenhou: a called kan's indicator turns at its discard


def test_pon_beats_chi_and_the_caller_discards_without_drawing():
    t = _priority_table()
    do(t, 1, "chi")
    do(t, 2, "pon")
    do(t, 3, "pass")
    assert trace(t) == OPENING + ["pon 2 3m<0"]
    assert t.acting == (2,) and {a.type for a in t.legal_actions(2)} == {"discard"}


def test_chi_stands_when_nobody_claims_more():
    t = _priority_table()
    do(t, 1, "chi")
    do(t, 2, "pass")
    do(t, 3, "pass")
    assert trace(t) == OPENING + ["chi 1 3m<0"]


# Seats 1, 2 and 3 all wait on 3m (penchan 12m with a dragon triplet each; seat 2 has a dora 7p).
MULTI = ["3m19m19p19s1234z67z", "12m666z234p567s88s", "12m777z345s678p99p", "12m555z345p678s99s"]
MULTI_STATE = TableState(honba=1, riichi_sticks=1, scores=(25000, 25000, 25000, 24000))


def _multi_ron(rules, ronners):
    t = _start(MULTI, draws=["7p"], dora="6p", rules=rules, state=MULTI_STATE)
    do(t, 0, "discard", "3m")
    assert t.acting == (1, 2, 3) and all("ron" in {a.type for a in t.legal_actions(s)} for s in (1, 2, 3))
    for s in (1, 2, 3):
        do(t, s, "ron" if s in ronners else "pass")
    return t


@pytest.mark.parametrize("rules, ronners, events, deltas", [
    # Tenhou: double ron, counters (300) and the stick to the winner nearest the discarder
    ("tenhou", (1, 3), ["hora 1 3m<0", "hora 3 3m<0"], (-2900, 2600, 0, 1300)),
    ("tenhou", (2, 3), ["hora 2 3m<0", "hora 3 3m<0"], (-4200, 0, 2900 + 1000, 1300)),
    # counters to every winner
    (_rules("tenhou", multiple_ron_counters="all"), (1, 3), ["hora 1 3m<0", "hora 3 3m<0"],
     (-3200, 2600, 0, 1600)),
    # head bump: only the nearest winner
    (_rules("tenhou", multiple_ron="head_bump"), (1, 3), ["hora 1 3m<0"], (-1600, 2600, 0, 0)),
    (_rules("tenhou", multiple_ron="head_bump"), (2, 3), ["hora 2 3m<0"], (-2900, 0, 3900, 0)),
    # triple ron: Tenhou aborts (sanchahou), Mahjong Soul pays all three, head bump takes one
    ("tenhou", (1, 2, 3), ["ryukyoku sanchahou"], (0, 0, 0, 0)),
    ("majsoul", (1, 2, 3), ["hora 1 3m<0", "hora 2 3m<0", "hora 3 3m<0"], (-5500, 2600, 2600, 1300)),
    (_rules("majsoul", multiple_ron="head_bump"), (1, 2, 3), ["hora 1 3m<0"], (-1600, 2600, 0, 0)),
])
def test_multiple_ron(rules, ronners, events, deltas):
    t = _multi_ron(rules, ronners)
    assert trace(t) == OPENING + events + ["end_kyoku"]
    assert t.end.settlement.deltas == deltas
    # the stick on the table goes to a winner
    assert sum(deltas) == (1000 if t.end.kind == "win" else 0)
    # each hora event carries that win's changes; together they are the hand's
    per_win = [e["deltas"] for e in t.events if e["type"] == "hora"]
    if per_win:
        assert tuple(map(sum, zip(*per_win))) == deltas
    else:
        assert t.events[-2] == {"type": "ryukyoku", "reason": "sanchahou", "deltas": [0, 0, 0, 0]}


# --------------------------------------------------------------------------- kuikae

KUIKAE = ["36m19p19s1234z567z", "3456m258p258s123z", "789m147p369s444z5z", "112m369p147s66z77z"]


def _discard_kinds(t, seat):
    return sorted({a.tile >> 2 for a in t.legal_actions(seat) if a.type == "discard"})


@pytest.mark.parametrize("called, forbidden", [("3m", {2, 5}), ("6m", {5, 2})])
def test_kuikae_forbids_the_called_kind_and_the_other_end_of_the_chi(called, forbidden):
    t = _start(KUIKAE, draws=["9m"], dora="9m")
    do(t, 0, "discard", called)
    do(t, 1, "chi", called)
    assert trace(t)[-1] == f"chi 1 {called}<0"
    held = {x >> 2 for x in t.seats[1].closed}
    assert _discard_kinds(t, 1) == sorted(held - forbidden) and forbidden & held
    with pytest.raises(EngineError, match=r"seat 1 discard \d+ is illegal: not among the legal actions"):
        t.step(Action("discard", 1, next(x for x in t.seats[1].closed if x >> 2 in forbidden)))


def test_kuikae_after_a_middle_chi_forbids_only_the_called_kind():
    hands = ["4m9m19p19s1234z567z", "3456m258p258s123z", "789m147p369s444z5z", "112m369p147s66z77z"]
    t = _start(hands, draws=["9m"], dora="9m")
    do(t, 0, "discard", "4m")
    chis = [a for a in t.legal_actions(1) if a.type == "chi"]
    assert sorted(tuple(sorted(x >> 2 for x in a.consumed)) for a in chis) == [(2, 4), (4, 5)]
    mid = next(a for a in chis if sorted(x >> 2 for x in a.consumed) == [2, 4])
    t.step(mid)
    assert _discard_kinds(t, 1) == sorted({x >> 2 for x in t.seats[1].closed} - {3})


def test_kuikae_after_a_pon_forbids_the_called_kind():
    t = _start(KUIKAE, draws=["9m"], dora="1z")
    do(t, 0, "discard", "4z")
    do(t, 2, "pon")
    assert trace(t)[-1] == "pon 2 N<0"
    assert 30 in {x >> 2 for x in t.seats[2].closed} and 30 not in _discard_kinds(t, 2)


# --------------------------------------------------------------------------- riichi and ippatsu

# The dealer declares riichi on its first discard (5z drawn, waits 1z/2z); seat 1 draws and
# discards 9m, which seat 2 pons: the call ends the dealer's ippatsu.
RIICHI = ["123m456p789s1122z", "147m258p369s3344z", "99m258m147s5p367z", "258m369p124578s6z"]


def test_riichi_stake_is_paid_when_the_discard_passes_and_a_call_ends_ippatsu():
    t = _start(RIICHI, draws=["5z", "9m"], dora="4z")
    do(t, 0, "riichi", "5z")  # nobody can claim 5z: the stake is paid at once
    assert t.seats[0].double_riichi and t.phase == "turn"
    assert t.scores[0] == 24000 and t.sticks == 1 and t.seats[0].ippatsu
    do(t, 1, "discard", "9m")
    assert t.seats[0].ippatsu  # a discard passing does not end it
    do(t, 2, "pon", "9m")
    assert trace(t)[1:] == ["tsumo 0 P", "reach 0", "dahai 0 P", "reach_accepted 0", "tsumo 1 9m", "dahai 1 9m",
                            "pon 2 9m<1"]
    assert not t.seats[0].ippatsu


def test_a_riichi_discard_that_is_ronned_pays_no_stake():
    hands = ["123m456p789s1122z", "147m258p369s3467z", "258m369p147s3467z", "12m555z345p678s99s"]
    t = _start(hands, draws=["3m"], dora="9p")
    do(t, 0, "riichi", "3m")
    assert t.acting == (3,) and t.scores[0] == 25000
    do(t, 3, "ron")
    assert trace(t) == ["start_kyoku", "tsumo 0 3m", "reach 0", "dahai 0 3m", "hora 3 3m<0", "end_kyoku"]
    assert t.end.settlement.deltas == (-1300, 0, 0, 1300) and t.end.settlement.next.riichi_sticks == 0


# Seat 3 pons 3p from seat 1; the dealer then declares riichi waiting on 3p (kanchan 24p);
# seat 3 draws the last 3p and adds it to its pon: the dealer robs the kan.  A kan that is
# robbed never stood, so the ippatsu is still there (riichi, ippatsu, chankan).
CHANKAN = ["123m789m24p567s5z1z", "147258m147s2367z", "369m369s258p2367z", "33p444m678m99s47z1s"]
CHANKAN_DRAWS = ["9p", "3p", "5z", "5p", "1p", "3p"]


def _chankan_table(rules="tenhou"):
    t = _start(CHANKAN, draws=CHANKAN_DRAWS, dora="4z", rules=rules)
    do(t, 0, "discard", "9p")
    do(t, 1, "discard", "3p")
    do(t, 3, "pon", "3p")
    do(t, 3, "discard", "1s")
    do(t, 0, "riichi", "1z")
    pass_all(t)
    do(t, 1, "discard", "5p")
    do(t, 2, "discard", "1p")
    return t


def test_chankan_on_an_added_kan_keeps_ippatsu():
    t = _chankan_table()
    assert t.seats[0].ippatsu
    start = len(t.events)
    do(t, 3, "kakan", "3p")
    assert t.phase == "chankan" and t.acting == (0,) and _types_of(t, 0) == ["pass", "ron"]
    do(t, 0, "ron")
    assert trace(t, start - 1) == ["tsumo 3 3p", "kakan 3 3p", "hora 0 3p<3", "end_kyoku"]
    (seat, fromseat, res), = t.end.wins
    names = [y.name for y in res.yaku]
    assert (seat, fromseat) == (0, 3) and names == ["riichi", "ippatsu", "chankan"]
    # the ura indicator under the first dora indicator (7m for the 789m): 4 han 40 fu, a mangan
    assert t.events[-2] == {"type": "hora", "actor": 0, "target": 3, "pai": t.events[-2]["pai"],
                            "ura_markers": [t.wall.ura_indicators[0]], "deltas": [13000, 0, 0, -12000]}
    assert (res.han, res.fu, res.dora, t.end.settlement.deltas) == (4, 40, 0, (13000, 0, 0, -12000))


def test_a_kan_that_stands_ends_ippatsu():
    t = _chankan_table()
    do(t, 3, "kakan", "3p")
    do(t, 0, "pass")
    rinshan = mjai_events([{"type": "x", "pai": t.wall.rinshan_tiles[0]}], t.rules.red_fives)[0]["pai"]
    assert trace(t)[-2:] == ["kakan 3 3p", f"tsumo 3 {rinshan}"]  # its indicator waits for the discard
    assert not t.seats[0].ippatsu and t.seats[0].riichi_furiten  # it let its winning tile pass in riichi


def _kan_dora(t):
    """The trace entries of the kan dora indicators of this wall, in order."""
    marks = [{"type": "dora", "dora_marker": x} for x in t.wall.dora_indicators[1:]]
    return [f"dora {e['dora_marker']}" for e in mjai_events(marks, t.rules.red_fives)]


def _types_of(t, seat):
    return sorted({a.type for a in t.legal_actions(seat)})


# --------------------------------------------------------------------------- kokushi robbing an ankan, rinshan

# The dealer draws its fourth East and makes a closed kan; seat 1 waits on East for kokushi.
KOKUSHI = ["111z234m567p345s8m", "19m19p199s234567z", "234567m234567p5s", "234567m234567s8p"]


@pytest.mark.parametrize("allowed", [True, False])
def test_kokushi_robs_a_closed_kan_only_where_the_rules_allow(allowed):
    rules = _rules("tenhou", kokushi_chankan_ankan=allowed)
    t = _start(KOKUSHI, draws=["1z"], dora="9p", rules=rules, rinshan=["8m"])
    do(t, 0, "ankan", "1z")
    dora = _kan_dora(t)[0]  # a closed kan's indicator turns at once
    if allowed:
        assert t.acting == (1,) and _types_of(t, 1) == ["pass", "ron"]
        do(t, 1, "ron")
        assert trace(t) == ["start_kyoku", "tsumo 0 E", "ankan 0 E", dora, "hora 1 E<0", "end_kyoku"]
        assert [y.name for y in t.end.wins[0][2].yaku] == ["kokushi musou"] and t.end.settlement.deltas == (-32000, 32000, 0, 0)
    else:
        assert trace(t) == ["start_kyoku", "tsumo 0 E", "ankan 0 E", dora, "tsumo 0 8m"]


def test_rinshan_kaihou():
    t = _start(["111z23m456p789s55s", "147m258p369s2345z", "258m369p147s2346z", "369m147p258s2347z"],
               draws=["1z"], dora="9p", rinshan=["4m"])
    do(t, 0, "ankan", "1z")
    assert _types_of(t, 0) == ["discard", "riichi", "tsumo"]
    do(t, 0, "tsumo")
    res = t.end.wins[0][2]
    assert trace(t) == ["start_kyoku", "tsumo 0 E", "ankan 0 E", _kan_dora(t)[0], "tsumo 0 4m", "hora 0 4m<0",
                        "end_kyoku"]
    assert [y.name for y in res.yaku] == ["menzen tsumo", "rinshan kaihou", "seat wind east", "round wind east"]
    assert (res.fu, res.han, t.end.settlement.deltas) == (60, 4, (12000, -4000, -4000, -4000))  # 20+2+32 ankan E


# --------------------------------------------------------------------------- abortive draws


def test_kyuushu_kyuuhai():
    t = _start(KUIKAE, draws=["9m"], dora="9m")
    assert "kyuushu" in _types_of(t, 0)
    do(t, 0, "kyuushu")
    assert trace(t) == ["start_kyoku", "tsumo 0 9m", "ryukyoku kyuushu_kyuuhai", "end_kyoku"]
    s = t.end.settlement
    assert (t.end.kind, s.deltas, s.next.dealer, s.next.honba) == ("abortive_draw", (0, 0, 0, 0), 0, 1)
    # only on the first turn, before any call: not once the first go-around is over
    t = _start(KUIKAE, draws=["9m"], dora="9m", rules=_rules("tenhou", abortive_draws=frozenset()))
    assert "kyuushu" not in _types_of(t, 0)


SUUFON = ["1z147m258p369s235z", "1z258m369p147s236z", "1z369m147p258s237z", "1z123m456p789s567z"]


def test_suufon_renda():
    t = _start(SUUFON, draws=["9m", "9p", "9s", "1p"], dora="9m")
    for seat in range(4):
        do(t, seat, "discard", "1z")
    assert trace(t) == ["start_kyoku", "tsumo 0 9m", "dahai 0 E", "tsumo 1 9p", "dahai 1 E", "tsumo 2 9s", "dahai 2 E",
                        "tsumo 3 1p", "dahai 3 E", "ryukyoku suufon_renda", "end_kyoku"]
    assert t.end.detail == "suufon_renda" and t.end.settlement.deltas == (0, 0, 0, 0)


def test_suufon_renda_needs_the_same_wind_four_times():
    t = _start(SUUFON, draws=["9m", "9p", "9s", "1p"], dora="9m")
    for seat in range(3):
        do(t, seat, "discard", "1z")
    do(t, 3, "discard", "5z")
    assert t.phase == "turn" and t.acting == (0,)


# Every seat is tenpai and declares riichi on the tile it draws: the fourth riichi aborts the hand
# once its discard passes, and the four sticks stay on the table.
SUUCHA = ["123m456m789m11p22z", "123p456p789p11s33z", "123s456s789s99m55z", "234m567p678s66z77z"]


def test_suucha_riichi():
    t = _start(SUUCHA, draws=["4z", "1m", "1z", "1z"], dora="9m")
    for seat, tile in zip(range(4), ["4z", "1m", "1z", "1z"]):
        do(t, seat, "riichi", tile)
    assert trace(t)[-5:] == ["reach 3", "dahai 3 E", "reach_accepted 3", "ryukyoku suucha_riichi", "end_kyoku"]
    s = t.end.settlement  # the stakes were paid as the riichi were accepted: the abort moves no points
    assert s.deltas == (0, 0, 0, 0) and s.next.scores == (24000,) * 4 and s.next.riichi_sticks == 4
    assert (s.next.dealer, s.next.honba) == (0, 1)


def test_suucha_riichi_off():
    t = _start(SUUCHA, draws=["4z", "1m", "1z", "1z"], dora="9m",
               rules=_rules("tenhou", abortive_draws=frozenset({"kyuushu_kyuuhai"})))
    for seat, tile in zip(range(4), ["4z", "1m", "1z", "1z"]):
        do(t, seat, "riichi", tile)
    assert t.phase == "turn" and t.acting == (0,) and t.sticks == 4


# The dealer makes three closed kans (East, South, West) and discards 9p; seat 1 calls the fourth
# kan on it; once seat 1's discard passes, four kans by two players abort the hand.
SUUKAIKAN = ["111z222z333z123m5p", "999p147m258s4567z", "258m258p147s4567z", "369m147p369s4567z"]


def test_suukaikan():
    t = _start(SUUKAIKAN, draws=["1z"], dora="1s", rinshan=["2z", "3z", "9p", "1s"])
    for kind in ("1z", "2z", "3z"):
        do(t, 0, "ankan", kind)
    do(t, 0, "discard", "9p")
    do(t, 1, "daiminkan", "9p")
    assert t.n_kans == 4
    do(t, 1, "discard", "1s")
    d = _kan_dora(t)  # three closed kans' indicators at once, the called kan's at its discard
    assert trace(t) == ["start_kyoku", "tsumo 0 E", "ankan 0 E", d[0], "tsumo 0 S", "ankan 0 S", d[1],
                        "tsumo 0 W", "ankan 0 W", d[2], "tsumo 0 9p", "dahai 0 9p", "daiminkan 1 9p<0",
                        "tsumo 1 1s", d[3], "dahai 1 1s", "ryukyoku suukaikan", "end_kyoku"]
    assert t.end.detail == "suukaikan"


def test_four_kans_by_one_player_do_not_abort():
    hands = ["111z222z333z999p1m", "147m258s4567z158p", "258m258p147s4567z", "369m147p369s4567z"]
    t = _start(hands, draws=["1z"], dora="1s", rinshan=["2z", "3z", "9p", "1s"])
    for kind in ("1z", "2z", "3z", "9p"):
        do(t, 0, "ankan", kind)
    assert t.n_kans == 4 and "ankan" not in _types_of(t, 0)
    do(t, 0, "discard", "1s")
    pass_all(t)
    assert t.phase == "turn" and t.acting == (1,)


# --------------------------------------------------------------------------- nagashi mangan

_YAOCHUU_NAMES = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
NAGASHI = ["119m199p119s11z22z", "234567m34567p99s", "234567s345678m5p", "345678p345678s4m"]


def _nagashi_draws():
    """Terminals and honors for the dealer's 18 draws, middle tiles first for the others; a spare indicator."""
    from collections import Counter

    kinds = Counter(t >> 2 for h in NAGASHI for t in parse_tiles(h))
    yao = [n for n in _YAOCHUU_NAMES for _ in range(4 - kinds[_kind(n)])]
    mid = []
    for s in "mps":
        for v in range(2, 9):
            k = _kind(f"{v}{s}")
            if v == 5:  # the hands hold plain fives: the red copy is left
                mid += [f"0{s}"] + [f"5{s}"] * (3 - kinds[k])
            else:
                mid += [f"{v}{s}"] * (4 - kinds[k])
    draws = [yao.pop(0) if i % 4 == 0 else (mid.pop(0) if mid else yao.pop()) for i in range(70)]
    return draws, yao[0]


def _play_out(t, call=None):
    """Everyone discards the tile drawn and passes every claim (``call``: one claim to take instead)."""
    while t.phase != "ended":
        if t.phase in ("claim", "chankan"):
            seat = t.acting[0]
            mine = [a for a in t.legal_actions(seat) if call and call(a)]
            t.step(mine[0] if mine else Action("pass", seat))
        else:
            t.step(Action("discard", t.current, t.drawn if t.drawn is not None else t.seats[t.current].closed[-1]))


def test_nagashi_mangan():
    draws, dora = _nagashi_draws()
    t = _start(NAGASHI, draws=draws, dora=dora)
    _play_out(t)
    assert all(tile >> 2 in {_kind(n) for n in _YAOCHUU_NAMES} for tile, _ in t.seats[0].river)
    assert len(t.seats[0].river) == 18 and trace(t)[-2:] == ["ryukyoku exhaustive_draw", "end_kyoku"]
    s = t.end.settlement
    assert (t.end.kind, t.end.detail, s.deltas) == ("exhaustive_draw", "nagashi_mangan", (12000, -4000, -4000, -4000))
    assert (s.next.dealer, s.next.honba) == ((0, 1) if 0 in t.end.tenpai else (1, 1))


def test_a_called_discard_ends_nagashi_mangan():
    draws, dora = _nagashi_draws()
    t = _start(NAGASHI, draws=draws, dora=dora)
    taken = []

    def first_pon_of_the_dealer(a):
        if a.type == "pon" and not taken and t.claim["from"] == 0:
            taken.append(a)
            return True
        return False

    _play_out(t, first_pon_of_the_dealer)
    assert taken and t.seats[0].called_from_river
    assert [e for e in trace(t) if e.startswith("pon")] == ["pon 1 9s<0"]
    # the dealer's river is still all terminals and honors, but one was called: noten payments instead
    assert (t.end.detail, t.end.tenpai, t.end.settlement.deltas) == ("noten", (1, 2, 3), (-3000, 1000, 1000, 1000))


# --------------------------------------------------------------------------- pao, bust

# Seat 1 pons haku from the dealer, hatsu and chun from seat 2, and draws its winning 4s:
# seat 2 fed the third dragon set and pays the whole daisangen tsumo.
PAO = ["5z258m369p28s1234z", "55z66z77z11m234p56s", "6z7z369m147p369s12z", "147m258p147s34z78m"]
PAO_DRAWS = ["9m", "9m", "9m", "3p", "5p", "8p", "4s"]


def _pao_table(rules="tenhou", state=None, ron=False):
    draws = PAO_DRAWS[:5] + ["4s"] if ron else PAO_DRAWS
    t = _start(PAO, draws=draws, dora="3m", rules=rules, state=state)
    do(t, 0, "discard", "5z")
    do(t, 1, "pon", "5z")
    do(t, 1, "discard", "2p")
    do(t, 2, "discard", "6z")
    do(t, 1, "pon", "6z")
    do(t, 1, "discard", "3p")
    do(t, 2, "discard", "7z")
    do(t, 1, "pon", "7z")
    assert t.pao == {1: 2}
    do(t, 1, "discard", "4p")
    do(t, 2, "discard", "3p")
    do(t, 3, "discard", "5p")
    if ron:
        do(t, 0, "discard", "4s")
        do(t, 1, "ron")
        return t
    do(t, 0, "discard", "8p")
    do(t, 1, "tsumo")
    return t


def test_pao_daisangen_by_pon_pays_the_tsumo():
    t = _pao_table()
    assert trace(t)[1:] == ["tsumo 0 9m", "dahai 0 P", "pon 1 P<0", "dahai 1 2p", "tsumo 2 9m", "dahai 2 F",
                            "pon 1 F<2", "dahai 1 3p", "tsumo 2 9m", "dahai 2 C", "pon 1 C<2", "dahai 1 4p",
                            "tsumo 2 3p", "dahai 2 3p", "tsumo 3 5p", "dahai 3 5p", "tsumo 0 8p", "dahai 0 8p",
                            "tsumo 1 4s", "hora 1 4s<1", "end_kyoku"]
    assert [y.name for y in t.end.wins[0][2].yaku] == ["daisangen"]
    assert t.end.settlement.deltas == (0, 32000, -32000, 0)


@pytest.mark.parametrize("state, deltas", [
    (None, (-16000, 32000, -16000, 0)),
    # counters: Tenhou's liable player pays them (pao_honba "liable"), 300 each
    (TableState(honba=2), (-16000, 32600, -16600, 0)),
])
def test_pao_daisangen_ron_is_split_with_the_discarder(state, deltas):
    t = _pao_table(state=state, ron=True)
    assert trace(t)[-4:] == ["tsumo 0 4s", "dahai 0 4s", "hora 1 4s<0", "end_kyoku"]
    assert t.end.settlement.deltas == deltas


def test_bust_ends_the_game_unless_the_rules_play_on():
    from riichi_fast.engine import game_over

    state = TableState(scores=(25000, 25000, 20000, 30000))
    t = _pao_table(state=state)
    s = t.end.settlement
    assert s.next.scores == (25000, 57000, -12000, 30000)
    assert game_over(s, t.rules, "hanchan")
    no_tobi = _rules("tenhou", tobi=False)
    assert not game_over(_pao_table(no_tobi, state).end.settlement, no_tobi, "hanchan")


# --------------------------------------------------------------------------- west-round extension


def _after_draw(dealer, wind, scores, tenpai=(), rules=config.TENHOU):
    from riichi_fast import settle_exhaustive_draw

    return settle_exhaustive_draw(TableState(dealer=dealer, round_wind=wind, scores=scores), tenpai, (), (), rules)


@pytest.mark.parametrize("dealer, wind, scores, tenpai, length, over", [
    # South 4, the deal passes: ends if someone holds 30,000, else the game goes into West
    (3, 1, (31000, 25000, 24000, 20000), (), "hanchan", True),
    (3, 1, (28000, 26000, 24000, 22000), (), "hanchan", False),
    # the same at East 4 of a tonpuusen (into South), and at East 4 of a hanchan (never)
    (3, 0, (28000, 26000, 24000, 22000), (), "tonpuusen", False),
    (3, 0, (31000, 25000, 24000, 20000), (), "hanchan", False),
    # West: sudden death, the first hand that leaves someone at 30,000 ends it
    (0, 2, (28000, 26000, 24000, 22000), (), "hanchan", False),
    (0, 2, (29000, 27000, 24000, 20000), (1,), "hanchan", True),  # seat 1 alone tenpai: 27000 + 3000
    (0, 2, (29000, 26900, 24100, 20000), (1,), "hanchan", False),
    # West 4 with the deal passing ends the game whatever the scores
    (3, 2, (28000, 26000, 24000, 22000), (), "hanchan", True),
    # South 4, the dealer keeps the deal by tenpai and is first with 30,000: may stop (and does)
    (3, 1, (22000, 25000, 20000, 33000), (3,), "hanchan", True),
    # ... or keeps the deal by tenpai but is not first: the game goes on
    (3, 1, (34000, 25000, 20000, 21000), (3,), "hanchan", False),
])
def test_the_end_of_the_game_and_the_west_extension(dealer, wind, scores, tenpai, length, over):
    from riichi_fast.engine import game_over

    s = _after_draw(dealer, wind, scores, tenpai)
    assert game_over(s, config.TENHOU, length) is over


# --------------------------------------------------------------------------- three-player kita

# The dealer sets a north aside (kita) and draws a replacement from the dead wall; seat 1 waits on
# north (tanki, hatsu triplet) and may ron the kita tile (Tenhou: not a chankan).
KITA = ["4z1m123p456p789s55z", "4z666z234p567p789s", "19m19p19s123z77z58p"]


@pytest.mark.parametrize("ron", [False, True])
def test_three_player_kita(ron):
    t = _start(KITA, draws=["9m"], dora="1p", rules="tenhou_3p", rinshan=["2p"])
    assert "kita" in _types_of(t, 0)
    do(t, 0, "kita", "4z")
    assert t.phase == "chankan" and t.acting == (1,) and _types_of(t, 1) == ["pass", "ron"]
    if ron:
        do(t, 1, "ron")
        assert trace(t) == ["start_kyoku", "tsumo 0 9m", "nukidora 0 N", "hora 1 N<0", "end_kyoku"]
        res = t.end.wins[0][2]
        assert [y.name for y in res.yaku] == ["hatsu"] and t.end.settlement.deltas == (-2600, 2600, 0)  # 40 fu, dora 2p
    else:
        do(t, 1, "pass")
        assert trace(t) == ["start_kyoku", "tsumo 0 9m", "nukidora 0 N", "tsumo 0 2p"]
        assert t.seats[0].kita == 1 and t.seats[1].temp_furiten and t.tiles_left == 53  # 55 live, one drawn, one moved to the dead wall


# --------------------------------------------------------------------------- furiten

# Seat 3 waits on 3m (12m penchan, haku triplet).
FURITEN = ["3m369p147s234z67z1z", "258m258p258s3467z", "69m147p369s23467z", "12m555z345p678s99s"]
FURITEN_DRAWS = ["1p", "1p", "1p", "3m", "9m", "3m", "9m", "9m", "5s", "3m"]


def _offered_ron(t, seat):
    return t.phase == "claim" and seat in t.claim["options"] and any(
        a.type == "ron" for a in t.claim["options"][seat])


def test_own_discard_furiten():
    t = _start(FURITEN, draws=FURITEN_DRAWS, dora="2z")
    for seat in range(3):
        do(t, seat, "discard", "1p")
    assert "tsumo" in _types_of(t, 3)
    do(t, 3, "discard", "3m")  # lets its own winning tile go: furiten on 3m
    do(t, 0, "discard", "3m")
    assert t.phase == "turn" and t.acting == (1,)  # no ron offered: nobody could claim


@pytest.mark.parametrize("riichi", [False, True])
def test_temporary_and_riichi_furiten(riichi):
    draws = FURITEN_DRAWS[:3] + ["1z"] + FURITEN_DRAWS[4:]
    t = _start(FURITEN, draws=draws, dora="2z")
    for seat in range(3):
        do(t, seat, "discard", "1p")
    do(t, 3, "riichi" if riichi else "discard", "1z")
    pass_all(t)
    do(t, 0, "discard", "3m")
    assert _offered_ron(t, 3)
    do(t, 3, "pass")
    assert t.seats[3].temp_furiten and t.seats[3].riichi_furiten is riichi
    do(t, 1, "discard", "3m")  # before seat 3 draws again: no ron
    assert not _offered_ron(t, 3) and t.acting == (2,)
    do(t, 2, "discard", "9m")
    do(t, 3, "discard", "9m")
    pass_all(t)
    do(t, 0, "discard", "5s")
    do(t, 1, "discard", "3m")  # after its draw: temporary furiten is over, riichi furiten is not
    assert _offered_ron(t, 3) is not riichi


# --------------------------------------------------------------------------- a kan in riichi

RIICHI_KAN_OTHERS = ["258m258p258s3467z", "369m369p369s2345z", "478m147p147s2567z"]


@pytest.mark.parametrize("hand, riichi_tile, kan_tile, allowed", [
    ("111z234m567p789s5s", "9m", "1z", True),  # tanki 5s either way
    ("111m23m567p789s55s", "9p", "1m", False),  # 1m-4m and 1m-5s shanpon: the kan would drop 1m and 5s
])
def test_ankan_in_riichi_only_if_the_waits_do_not_change(hand, riichi_tile, kan_tile, allowed):
    t = _start([hand] + RIICHI_KAN_OTHERS, draws=[riichi_tile, "9s", "9s", "4z", kan_tile], dora="6z")
    do(t, 0, "riichi", riichi_tile)
    pass_all(t)
    do(t, 1, "discard", "9s")
    do(t, 2, "discard", "9s")
    do(t, 3, "discard", "4z")
    assert t.drawn >> 2 == _kind(kan_tile) and t.seats[0].riichi_accepted
    types = _types_of(t, 0)
    assert ("ankan" in types) is allowed and [a.tile for a in t.legal_actions(0) if a.type == "discard"] == [t.drawn]
    if allowed:
        do(t, 0, "ankan", kan_tile)
        assert t.seats[0].riichi_accepted and not t.seats[0].ippatsu  # its own kan ends its ippatsu
        assert trace(t)[-3:-1] == ["ankan 0 E", _kan_dora(t)[0]]
    else:
        assert "tsumo" in types


# --------------------------------------------------------------------------- what a seat observes


def test_observation_after_calls_and_riichi():
    from riichi_fast.engine import Env

    env = Env("tenhou", length="single")
    env.reset(walls=[make_wall(CHANKAN, CHANKAN_DRAWS, dora="4z")])
    t = env.table
    do(t, 0, "discard", "9p")
    do(t, 1, "discard", "3p")
    do(t, 3, "pon", "3p")
    do(t, 3, "discard", "1s")
    do(t, 0, "riichi", "1z")
    pass_all(t)
    do(t, 1, "discard", "5p")
    obs = env.observation(2)
    assert env.seat == 2 and obs.seat == 2 and obs.drawn == t.drawn and len(obs.hand) == 14
    names = [[(mjai_events([{"type": "x", "pai": x}], t.rules.red_fives)[0]["pai"], tg, called, riichi)
              for x, tg, called, riichi in river] for river in obs.rivers]
    assert names == [[("9p", True, False, False), ("E", False, False, True)],
                     [("3p", True, True, False), ("5p", True, False, False)],
                     [],
                     [("1s", False, False, False)]]
    assert obs.riichi == (2, 0, 0, 0) and obs.scores == (24000, 25000, 25000, 25000) and obs.riichi_sticks == 1
    assert obs.hand_sizes == (13, 13, 14, 10) and obs.tiles_left == 65 and obs.last_discard is None
    (meld,) = obs.melds[3]
    assert meld[0] == "pon" and [x >> 2 for x in meld[1]] == [11, 11, 11] and meld[3] == 2  # from across
    assert obs.melds[:3] == ((), (), ())
    # during a claim the claimant sees the tile claimed and no drawn tile
    do(t, 2, "discard", "1p")
    do(t, 3, "kakan", "3p")
    obs = env.observation(0)
    assert obs.phase == "chankan" and obs.last_discard == (3, t.claim["tile"]) and obs.drawn is None
