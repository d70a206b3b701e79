"""Three-player Tenhou records (tests/data/records/tenhou-mjlog-3p) and robust record readers.

The 24 games are real three-player Phoenix hanchan (README.md there gives the
source).  Facts checked by hand below were read from the raw files (the tag
is quoted).  The acceptance test re-scores every win and settles every draw
under the ``tenhou_3p`` preset: all must match the record exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from riichi_fast.enums import MeldType
from riichi_fast.records import (
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
from riichi_fast.rules.config import TENHOU, TENHOU_3P, Rules

DATA = Path(__file__).parents[1] / "data" / "records"
MJLOG3 = sorted((DATA / "tenhou-mjlog-3p").glob("*.mjlog"))

_CACHE: dict = {}


def game(path):
    if path not in _CACHE:
        _CACHE[path] = read_record(path)
    return _CACHE[path]


def mjlog3(name):
    return game(DATA / "tenhou-mjlog-3p" / name)


def win_at(g, label, index=0):
    return [w for w in g.wins if w.source.endswith(" " + label)][index]


# ---------------------------------------------------------------------------
# The data set
# ---------------------------------------------------------------------------

def test_three_player_data_set():
    assert len(MJLOG3) == 24
    assert all(game(p).rules.three_player and game(p).rules.type_flags == 0xB9 for p in MJLOG3)
    assert all(len(game(p).players) == 3 for p in MJLOG3)
    readme = (DATA / "README.md").read_text()
    assert "tenhou-mjlog-3p/" in readme and "thewaxmango/mahjong-hands" in readme


def _raw_counts(path):
    text = path.read_text()
    return text.count("<AGARI "), text.count("<RYUUKYOKU"), text.count("<INIT ")


@pytest.mark.parametrize("path", MJLOG3, ids=lambda p: p.name)
def test_counts_match_raw_tags(path):
    g = game(path)
    assert (len(g.wins), len(g.draws), len(g.rounds)) == _raw_counts(path)


def test_totals():
    assert tuple(map(sum, zip(*(_raw_counts(p) for p in MJLOG3)))) == (161, 26, 187)


# ---------------------------------------------------------------------------
# Acceptance: every win and every draw under the tenhou_3p preset
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("kernel", [False, True], ids=["score", "kernel"])
def test_every_three_player_win_and_draw_matches(kernel):
    """han, fu, yaku, yakuman, dora (kita included), ura, red, limit, points, the per-seat
    changes of each win, of each round and of each draw, and the next round's table."""
    report = V.verify_paths(MJLOG3, kernel=kernel)
    assert report.unreadable == []
    bad = [c for c in report.wins if not c.ok]
    assert not bad, f"{len(bad)} of {report.n_wins} wins differ:\n\n" + "\n\n".join(
        V.format_win_check(c) for c in bad[:10])
    assert [(d.draw.source, d.mismatches) for d in report.draws if not d.ok] == []
    wins, draws, _ = map(sum, zip(*(_raw_counts(p) for p in MJLOG3)))
    assert (report.n_wins, len(report.draws)) == (wins, draws) == (161, 26)
    # every draw's settlement was computed (the mjlog names the tenpai seats)
    assert sum(d.changes is not None for d in report.draws) == 26


def test_three_player_games_are_verified_under_tenhou_3p():
    g = mjlog3("2022010102gm-00b9-0000-814b0f6a.mjlog")
    assert V.rules_for_game(g) is TENHOU_3P


# ---------------------------------------------------------------------------
# Meld codes on Tenhou's four-seat table
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,code,who,mtype,tiles,called,from_seat", [
    # <T112/><D131/><N who="1" m="50187" />: seat 1 pons seat 0's 6z; low bits 3 = the seat
    # before seat 1 on four seats (seat 0); counted on three seats it would be seat 1 itself
    ("2022010202gm-00b9-0000-e83ed335.mjlog", 50187, 1, MeldType.PON, (129, 130, 131), 131, 0),
    # <T124/><D128/><N who="2" m="49226" />: seat 2 pons seat 0's 6z; low bits 2 = (2 + 2) % 4
    ("2022010120gm-00b9-0000-32ff1072.mjlog", 49226, 2, MeldType.PON, (128, 129, 131), 128, 0),
    # seat 0 pons 5z from seat 2, low bits 2 (2022010219 E2-0)
    ("2022010219gm-00b9-0000-6c51251e.mjlog", 48234, 0, MeldType.PON, (124, 125, 126), 125, 2),
    # seat 2 pons 1z from seat 1, low bits 3 (2022010503 E3-5)
    ("2022010503gm-00b9-0000-6ebd44bf.mjlog", 41515, 2, MeldType.PON, (108, 110, 111), 108, 1),
])
def test_decode_meld_on_the_four_seat_table(name, code, who, mtype, tiles, called, from_seat):
    m = decode_meld(code, who, n_players=3)
    assert (m.type, m.tiles, m.called, m.from_seat) == (mtype, tiles, called, from_seat)
    text = (DATA / "tenhou-mjlog-3p" / name).read_text()
    discard = re.search(rf'<([DEF])(\d+)/><N who="{who}" m="{code}"', text)
    assert ("DEF".index(discard.group(1)), int(discard.group(2))) == (from_seat, called)


def test_every_recorded_call_names_the_discarder():
    """Each <N> that takes a discard names the seat of the discard just before it."""
    n = kinds = 0
    for path in MJLOG3:
        last = None
        for tag, num, attrs in re.findall(r"<([A-Z]+)(\d*)([^>]*)>", path.read_text()):
            if tag in ("D", "E", "F") and num:
                last = ("DEF".index(tag), int(num))
            elif tag == "N":
                who, code = (int(x) for x in re.search(r'who="(\d)" m="(\d+)"', attrs).groups())
                m = decode_meld(code, who, n_players=3)
                kinds += m.type == MeldType.KITA
                if m.type in (MeldType.PON, MeldType.DAIMINKAN):
                    assert (m.from_seat, m.called) == last, (path.name, code)
                    n += 1
    assert (n, kinds) == (174, 453)


def test_three_player_hand_melds_are_relative_to_the_winner():
    # <AGARI ... m="50187,..." who="1"> (2022010202 E2-4): the pon of 6z came from the left
    w = win_at(mjlog3("2022010202gm-00b9-0000-e83ed335.mjlog"), "E2-4")
    pon = next(m for m in w.hand.melds if m.type == MeldType.PON and m.tiles[0] == 129)
    assert (pon.called, pon.from_seat) == (131, 3)


@pytest.mark.parametrize("code,who,n,fragment", [
    (0xFDFF, 0, 4, "meld code 65023 by seat 0: chi base 63 is beyond 789s"),
    (-5, 0, 4, "meld code -5: expected 0-65535"),
    (70000, 0, 4, "meld code 70000: expected 0-65535"),
    ("5367", 0, 4, "meld code '5367': expected an int 0-65535"),
    (None, 0, 4, "meld code None: expected an int 0-65535"),
    (True, 0, 4, "meld code True: expected an int 0-65535"),
    (30776, 0, 4, "both the pon and the shouminkan bits are set"),
    (29800, 0, 4, "a pon or shouminkan with no discarder"),
    (29802 | 0x80, 0, 4, "unused bits 7-8 are set"),
    ((102 << 9) | 0x9, 0, 4, "pon base 102 is beyond 7z"),
    ((136 << 8) | 1, 0, 4, "kan tile 136 is beyond 7z"),
    ((8 << 8) | 0x41, 0, 4, "unused bits 6-7 are set"),
    (5365, 0, 4, "a chi not called from the previous seat"),
    (5367, 1, 3, "meld code 5367 by seat 1: a chi, which three players do not play"),
    (5367 | 0x200, 0, 4, "unused bit 9 is set"),
    (29802, 1, 3, "called from seat 3, an empty seat with three players"),
    (31264, 1, 4, "a kita, which four players do not play"),
    (0x7020, 0, 3, "a kita of tile 112, not a north (120-123)"),
    (0x7821, 0, 3, "a kita with other low bits set"),
    (4 << 8, 0, 3, "a meld of 2222m, a tile three players do not use"),
    (29802, 4, 4, "meld code 29802: seat 4 is not one of 0-3"),
    (29802, 3, 3, "meld code 29802: seat 3 is not one of 0-2"),
    (29802, 0, 5, "decode_meld n_players=5: expected 3 or 4"),
])
def test_decode_meld_refuses_garbage(code, who, n, fragment):
    with pytest.raises(RecordError) as err:
        decode_meld(code, who, n_players=n)
    assert fragment in str(err.value)


@pytest.mark.parametrize("n", [3, 4])
def test_decode_meld_every_code(n):
    """Every 16-bit code decodes to a possible meld (four distinct tiles of one kind, or a run
    of one suit) or raises RecordError; with three players never 2m-8m, never a chi."""
    counts: dict = {}
    for code in range(65536):
        try:
            m = decode_meld(code, 0, n_players=n)
        except RecordError:
            counts["error"] = counts.get("error", 0) + 1
            continue
        counts[m.type] = counts.get(m.type, 0) + 1
        kinds = [t // 4 for t in m.tiles]
        assert len(set(m.tiles)) == len(m.tiles) and all(0 <= t < 136 for t in m.tiles)
        if m.type == MeldType.CHI:
            assert kinds[0] < 27 and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
            assert kinds[0] % 9 <= 6 and m.called in m.tiles and m.from_seat == 3
        elif m.type == MeldType.KITA:
            assert kinds == [30]
        else:
            assert len(set(kinds)) == 1
            assert m.called is None or m.called in m.tiles
        if n == 3:
            assert not any(1 <= k <= 7 for k in kinds) and m.from_seat in (None, 1, 2)
    if n == 4:  # 136 kinds x 1 ankan, x 3 daiminkan; 34 kinds x 4 x 3 x 3 pon (and kakan);
        # 21 runs x 3 called x 64 copies chi; kita only with three players
        assert counts == {"error": 58512, MeldType.CHI: 4032, MeldType.PON: 1224,
                          MeldType.SHOUMINKAN: 1224, MeldType.ANKAN: 136, MeldType.DAIMINKAN: 408}
    else:  # 27 kinds (no 2m-8m), two seats to call from, no chi, four norths
        assert counts == {"error": 63912, MeldType.PON: 648, MeldType.SHOUMINKAN: 648,
                          MeldType.ANKAN: 108, MeldType.DAIMINKAN: 216, MeldType.KITA: 4}


# ---------------------------------------------------------------------------
# Kita: Tenhou's dora includes it; it breaks ippatsu and the first go-around
# ---------------------------------------------------------------------------

def test_tenhou_dora_includes_kita():
    # <AGARI ba="0,0" hai="43,46,48,75,76,83,96,102,107,116,118,132,133,134"
    #  m="31264,31008,30752" machi="48" ten="40,9000,2" yaku="0,1,20,1,52,4" doraHai="104"
    #  who="2" fromWho="2" sc="350,-60,350,-30,350,90,0,0" />: three kita + one 1s dora = 52,4
    w = win_at(mjlog3("2022010120gm-00b9-0000-32ff1072.mjlog"), "E1-0")
    assert w.mpsz() == "234p123789s33777z + 4z(kita) + 4z(kita) + 4z(kita)"
    assert (w.recorded.dora, w.recorded.han, w.recorded.points) == (4, 6, 9000)
    for kernel in (False, True):
        check = V.check_win(w, TENHOU_3P, kernel=kernel)
        assert (check.computed.dora, check.computed.kita, check.computed.han) == (1, 3, 6)
        assert check.ok and check.changes == (-6000, -3000, 9000)
    # a record that counted only the indicator dora would now be caught
    import dataclasses

    wrong = dataclasses.replace(w, recorded=dataclasses.replace(w.recorded, dora=1))
    assert [(m.item, m.recorded, m.computed) for m in V.check_win(wrong, TENHOU_3P).mismatches] \
        == [("dora", 1, 4)]


_DEALT = {  # 13 tiles each (136-ids); no 2m-8m
    # seat 0: 123p 456p 789p 234s 1s -> waits on 1s (tanki)
    0: (36, 40, 44, 48, 52, 56, 60, 64, 68, 76, 80, 84, 72),
    1: (0, 1, 2, 37, 41, 45, 49, 53, 57, 61, 65, 69, 73),
    2: (38, 42, 46, 50, 54, 58, 62, 66, 70, 77, 81, 85, 74),
}


def _mjlog3(steps: str, agari: str) -> str:
    hands = "".join(f' hai{s}="{",".join(map(str, t))}"' for s, t in _DEALT.items())
    return ('<mjloggm ver="2.3"><GO type="185"/><UN n0="a" n1="b" n2="c" n3=""/>'
            f'<INIT seed="0,0,0,1,1,100" ten="350,350,350,0" oya="0"{hands}/>'
            f'{steps}<AGARI ba="0,1" {agari} ten="30,1000,0" yaku="1,1" doraHai="100" '
            'sc="350,10,340,0,350,-10,0,0"/></mjloggm>')


_RON_1S = 'hai="36,40,44,48,52,56,60,64,68,72,74,76,80,84" machi="74" who="0" fromWho="2"'
_TSUMO_1S = 'hai="36,40,44,48,52,56,60,64,68,72,74,76,80,84" machi="74" who="0" fromWho="0"'
_TSUMO_1S_KITA = _TSUMO_1S + ' m="30752"'
_RIICHI_0 = '<T35/><REACH who="0" step="1"/><D35/><REACH who="0" step="2"/>'
_KITA = '<N who="{who}" m="{code}" />'.format


@pytest.mark.parametrize("steps,agari,flags", [
    # seat 0 double riichi, seat 1 draws and discards, seat 2 deals in: double riichi ippatsu
    (_RIICHI_0 + "<U86/><E86/><V87/><F74/>", _RON_1S, (True, True, False, False, False)),
    # seat 1 declares a kita in the go-around: no ippatsu (the double riichi stays)
    (_RIICHI_0 + "<U120/>" + _KITA(who=1, code=30752) + "<U86/><E86/><V87/><F74/>", _RON_1S,
     (True, False, False, False, False)),
    # the winner's own kita, then a win on the replacement tile: rinshan, no ippatsu
    (_RIICHI_0 + "<U86/><E86/><V87/><F87/><T120/>" + _KITA(who=0, code=30752) + "<T74/>",
     _TSUMO_1S_KITA, (True, False, True, False, False)),
    # ... the same go-around without the kita: ippatsu tsumo
    (_RIICHI_0 + "<U86/><E86/><V87/><F87/><T74/>", _TSUMO_1S, (True, True, False, False, False)),
    # seat 0's kita before its first discard: its riichi is not a double riichi
    ("<T120/>" + _KITA(who=0, code=30752) + '<T35/><REACH who="0" step="1"/><D35/>'
     '<REACH who="0" step="2"/><U86/><E86/><V87/><F74/>', _RON_1S + ' m="30752"',
     (False, True, False, False, False)),
    # the dealer's first draw wins: tenhou ...
    ("<T74/>", _TSUMO_1S, (False, False, False, True, False)),
    # ... but not after a kita (a rinshan win instead)
    ("<T120/>" + _KITA(who=0, code=30752) + "<T74/>", _TSUMO_1S_KITA,
     (False, False, True, False, False)),
])
def test_kita_breaks_ippatsu_and_the_first_go_around(steps, agari, flags):
    w = parse_mjlog(_mjlog3(steps, agari)).wins[0]
    s = w.situation
    assert (s.double_riichi, s.ippatsu, s.rinshan, s.tenhou, s.chiihou) == flags
    assert s.riichi == ("REACH" in steps)


def test_ron_on_a_kita_takes_the_north_and_keeps_ippatsu():
    """A kita robbed by a ron never happened (like a robbed kakan): the north is the winning
    tile, no chankan, and a riichi player's ippatsu stands."""
    dealt = dict(_DEALT)
    # seat 0: 123p 456p 789p 234s + 4z: waits on the north
    dealt[0] = (36, 40, 44, 48, 52, 56, 60, 64, 68, 76, 80, 84, 121)
    hands = "".join(f' hai{s}="{",".join(map(str, t))}"' for s, t in dealt.items())
    xml = ('<mjloggm ver="2.3"><GO type="185"/><UN n0="a" n1="b" n2="c" n3=""/>'
           f'<INIT seed="0,0,0,1,1,100" ten="350,350,350,0" oya="0"{hands}/>'
           + _RIICHI_0 + "<U120/>" + _KITA(who=1, code=30752) +
           '<AGARI ba="0,1" hai="36,40,44,48,52,56,60,64,68,76,80,84,120,121" machi="120" '
           'ten="30,1000,0" yaku="1,1" doraHai="100" who="0" fromWho="1" '
           'sc="350,10,340,0,350,-10,0,0"/></mjloggm>')
    w = parse_mjlog(xml).wins[0]
    s = w.situation
    assert (w.win_tile, w.discarder) == (120, 1)
    assert (s.double_riichi, s.ippatsu, s.chankan, s.houtei, s.rinshan) == (True, True, False, False, False)


# ---------------------------------------------------------------------------
# Three-player settlement: noten payments 2000, counters 200
# ---------------------------------------------------------------------------

def test_three_player_noten_payments_total_2000():
    # <RYUUKYOKU ba="3,1" sc="106,-10,846,20,88,-10,0,0" hai1="..." /> (2022010202 E2-3)
    d = next(d for d in mjlog3("2022010202gm-00b9-0000-e83ed335.mjlog").draws
             if d.source.endswith("E2-3"))
    assert (d.kind, d.tenpai, d.score_changes) == ("exhaustive", (1,), (-1000, 2000, -1000))
    assert V.check_draw(d).changes == (-1000, 2000, -1000)
    assert V.noten_changes((1,), 3) == (-1000, 2000, -1000)
    assert V.noten_changes((0, 2), 3) == (1000, -2000, 1000)
    # every exhaustive draw of the three-player records moves 2000 (or nothing)
    moved = sorted({sum(x for x in d.score_changes if x > 0) for p in MJLOG3
                    for d in game(p).draws if d.kind == "exhaustive"})
    assert moved == [0, 2000]


def test_three_player_counters_are_200():
    # <AGARI ba="4,2" ... who="1" fromWho="1" sc="..,-84,..,188,..,-84,..">, 2022010202 E2-4:
    # a 16000 tsumo (8000 each) + 4 counters of 100 from each payer + 2 sticks
    w = win_at(mjlog3("2022010202gm-00b9-0000-e83ed335.mjlog"), "E2-4")
    assert (w.situation.honba_paid, w.recorded.points) == (4, 16000)
    assert w.recorded.score_changes == (-8400, 18800, -8400)
    assert V.check_win(w, TENHOU_3P).ok


def test_rules_three_players_get_three_player_counters_and_noten():
    r3 = Rules(n_players=3)
    assert (r3.honba_value, r3.noten_payment) == (200, 2000)
    assert (Rules().honba_value, Rules().noten_payment) == (300, 3000)
    assert repr(r3) == "Rules(n_players=3)" and repr(Rules()) == "Rules()"
    assert r3 == Rules(n_players=3, honba_value=200, noten_payment=2000)
    from riichi_fast.rules import layout as L

    assert (int(r3.params()[L.R_HONBA_RON]), int(r3.params()[L.R_HONBA_TSUMO])) == (200, 100)
    # explicit values are kept
    assert Rules(n_players=3, honba_value=300).honba_value == 300
    assert Rules(n_players=3, noten_payment=3000).noten_payment == 3000
    assert Rules(honba_value=600, n_players=4).replace(n_players=3).honba_value == 600
    # values left unset follow the player count through replace(), pickling included
    import pickle

    assert (TENHOU.replace(n_players=3).honba_value, TENHOU.replace(n_players=3).noten_payment) == \
        (200, 2000)
    back = pickle.loads(pickle.dumps(r3)).replace(n_players=4)
    assert (back.honba_value, back.noten_payment) == (300, 3000)
    assert (TENHOU_3P.honba_value, TENHOU_3P.noten_payment) == (200, 2000)
    from riichi_fast.errors import ContextError

    with pytest.raises(ContextError, match=r"Rules.honba_value=400 does not split between"):
        Rules(n_players=3, honba_value=400).replace(n_players=4)
    from riichi_fast.settle import TableState, settle_exhaustive_draw

    s = settle_exhaustive_draw(TableState(n_players=3), [0], rules=r3)
    assert s.payments == (2000, -1000, -1000)


# ---------------------------------------------------------------------------
# Record readers given the wrong thing raise RecordError
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("fn,arg,fragment", [
    (read_mjlog, None, "read_mjlog: expected a file path, got None"),
    (read_tenhou6, None, "read_tenhou6: expected a file path, got None"),
    (read_mjai, None, "read_mjai: expected a file path, got None"),
    (read_record, None, "read_record: expected a file path, got None"),
    # an int would be a file descriptor for open(): refused, not read
    (read_record, 0, "read_record: expected a file path, got 0"),
    (read_mjlog, 3.5, "read_mjlog: expected a file path, got 3.5"),
    (parse_mjlog, None, "parse_mjlog: expected the record's text (str or bytes), got None"),
    (parse_tenhou6, None, "parse_tenhou6: expected the record's text (str or bytes), got None"),
    (parse_tenhou6, [1, 2], "parse_tenhou6: expected the record's text (str or bytes), got [1, 2]"),
    (parse_mjai, None, "parse_mjai: expected the record's text (str or bytes), got None"),
    (parse_mjai, 7, "parse_mjai: expected the record's text (str or bytes), got 7"),
])
def test_readers_refuse_what_is_not_a_record(fn, arg, fragment):
    with pytest.raises(RecordError) as err:
        fn(arg)
    assert str(err.value) == fragment


@pytest.mark.parametrize("fn,text,fragment", [
    (parse_tenhou6, "[" * 100_000, "t: JSON nested too deeply"),
    (parse_tenhou6, '{"log": ' + "[" * 100_000 + "]" * 100_000 + "}", "t: JSON nested too deeply"),
    (parse_mjai, '{"type": ' + "[" * 100_000 + "]" * 100_000 + "}", "t:1: JSON nested too deeply"),
])
def test_deeply_nested_json_is_a_record_error(fn, text, fragment):
    with pytest.raises(RecordError) as err:
        fn(text, source="t")
    assert str(err.value) == fragment


# ---------------------------------------------------------------------------
# The compiled path (riichi_fast.records.mjlog._scan, n_players=3) and its twin
# ---------------------------------------------------------------------------

def _xml3(path) -> bytes:
    return Path(path).read_bytes()


def _tags(data: bytes, name: str) -> int:
    return len(re.findall(rb"<" + name.encode() + rb"[\s/>]", data))


@pytest.fixture(scope="module")
def fast3():
    from riichi_fast.records.verify_files import fast_settings, params_rows

    return params_rows(TENHOU_3P), fast_settings(TENHOU_3P)


def _compiled():
    from riichi_fast import _backend

    if _backend.PUREPYTHON:
        pytest.skip("compares the compiled module with its twin")
    from riichi_fast.records.mjlog import _scan as _mjlog

    return _mjlog.verify_mjlog


@pytest.mark.parametrize("path", MJLOG3, ids=lambda p: p.name)
def test_compiled_path_verifies_every_three_player_game_like_twin(path, fast3):
    from riichi_fast.reference.records.mjlog import scan as twin

    rows, st = fast3
    data = _xml3(path)
    got = _compiled()(data, rows, **st)
    assert got == twin.verify_mjlog(data, rows, **st)
    report = V.verify_game(game(path))
    assert report.ok and got[0] == 0
    assert got[1:] == (_tags(data, "INIT"), _tags(data, "AGARI"), _tags(data, "RYUUKYOKU"))
    assert got[1:] == (report.rounds, report.n_wins, len(report.draws))


def test_three_player_fixtures_exercise_kita_and_the_two_payer_tsumo():
    """What the compiled path must get right is in the data: wins holding kita (dora 52
    counts them), tsumo wins (two payers), noten payments, abortive draws."""
    wins = [w for p in MJLOG3 for w in game(p).wins]
    assert sum(any(m.type == MeldType.KITA for m in w.melds) for w in wins) > 20
    assert sum(w.tsumo for w in wins) > 20
    draws = [d for p in MJLOG3 for d in game(p).draws]
    assert {d.kind for d in draws} == {"exhaustive", "kyuushu"}


def test_compiled_path_is_told_the_table(fast3):
    """n_players must agree with <GO>: a three-player record read as four players (and the
    reverse) is left to the full verifier, by the twin too; a bad n_players is an error."""
    from riichi_fast.records.verify_files import fast_settings, params_rows
    from riichi_fast.reference.records.mjlog import scan as twin

    fn = _compiled()
    rows3, st3 = fast3
    rows4, st4 = params_rows(TENHOU), fast_settings(TENHOU)
    three = _xml3(MJLOG3[0])
    four = next((DATA / "tenhou-mjlog-mjx").glob("*.mjlog")).read_bytes()
    assert fn(three, rows3, **st3)[0] == 0
    for data, rows, st in ((three, rows4, st4), (four, rows3, st3),
                           (three.replace(b'<GO type="185"', b'<GO type="169"'), rows3, st3),
                           (re.sub(rb"<GO [^>]*/>", b"", three), rows3, st3)):
        assert fn(data, rows, **st) == twin.verify_mjlog(data, rows, **st) == (1, 0, 0, 0)
    for impl in (fn, twin.verify_mjlog):
        with pytest.raises(ValueError, match="n_players must be 3 or 4, got 5"):
            impl(three, rows3, **{**st3, "n_players": 5})


def _damaged3(data: bytes) -> dict[str, bytes]:
    """Variants of one three-player mjlog, each wrong in one way the compiled path must see."""
    first_change = lambda m: re.sub(rb'sc="(-?\d+),(-?\d+)', rb'sc="\1,7', m.group(0))
    kita_win = re.search(rb'<AGARI [^>]*m="[^"]*"[^>]*>', data)
    out = {
        "fu_changed": re.sub(rb'(<AGARI[^>]*ten=")(\d+)', lambda m: m.group(1) + b"110", data,
                             count=1),
        "truncated": data[: len(data) // 2],
        "no_results": re.sub(rb"<(AGARI|RYUUKYOKU)[^>]*/>", b"", data),
        "start_changed": re.sub(rb'(<INIT[^>]*ten=")(\d+),(\d+)',
                                lambda m: m.group(1) + b"340,360", data, count=1),
        "owari_changed": re.sub(rb'owari="(\d+)', b'owari="1', data),
        "win_change": re.sub(rb"<AGARI[^>]*>", first_change, data, count=1),
        "draw_change": re.sub(rb"<RYUUKYOKU[^>]*>", first_change, data, count=1),
        # a four-seat noten payment (3000) where three players pay 2000
        "noten_3000": re.sub(rb'<RYUUKYOKU ba="\d+,\d+" sc="[^"]*"',
                             lambda m: re.sub(rb",-?10,", b",-15,", m.group(0)), data, count=1),
        "seat_3_draws": data.replace(b"<T", b"<W", 1),
        "melds_dropped": data.replace(kita_win.group(0), re.sub(rb' m="[^"]*"', b"",
                                                                 kita_win.group(0))),
    }
    return out


def test_compiled_path_declines_damaged_three_player_records_like_twin(fast3):
    from riichi_fast.reference.records.mjlog import scan as twin

    fn = _compiled()
    rows, st = fast3
    src = next(p for p in MJLOG3 if b"<RYUUKYOKU" in _xml3(p) and b' m="' in _xml3(p))
    good = _xml3(src)
    assert fn(good, rows, **st)[0] == 0
    for kind, data in _damaged3(good).items():
        assert data != good, kind
        assert fn(data, rows, **st) == (1, 0, 0, 0), kind
        assert twin.verify_mjlog(data, rows, **st) == (1, 0, 0, 0), kind


def test_compiled_path_equals_twin_on_seeded_three_player_mutations(fast3):
    """Random byte edits of the three-player records: the same answer, never a crash."""
    import random

    from riichi_fast.reference.records.mjlog import scan as twin

    fn = _compiled()
    rows, st = fast3
    rng = random.Random(20261202)
    sources = [_xml3(p) for p in MJLOG3]
    passed = 0
    for _ in range(60):
        d = bytearray(rng.choice(sources))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(d))
            op = rng.random()
            if op < 0.4:
                d[i] = rng.choice(b'0123456789<>/"=, ABTUDNW')
            elif op < 0.7:
                del d[i:i + rng.randint(1, 20)]
            else:
                j = rng.randrange(len(d))
                d[i:i] = d[j:j + rng.randint(1, 30)]
        got = fn(bytes(d), rows, **st)
        assert got == twin.verify_mjlog(bytes(d), rows, **st)
        passed += got[0] == 0
    assert 0 < passed < 60


def test_summary_of_three_player_games_goes_through_the_compiled_path():
    """verify_summary: every 3p game on the compiled path, every field equal to the full
    verifier's, per game and in total; the counts are those of the raw files."""
    from riichi_fast.records.verify_files import verify_one, verify_summary

    fast = verify_summary(MJLOG3)
    full = verify_summary(MJLOG3, fast=False)
    a, b = fast.as_dict(), full.as_dict()
    assert a.pop("fast_games") == len(MJLOG3) == 24 and b.pop("fast_games") == 0
    a.pop("scorer"), b.pop("scorer")
    assert a == b
    assert (a["games"], a["games_matched"], a["mismatches"], a["exit_status"]) == (24, 24, 0, 0)
    assert (a["rounds"], a["wins"], a["draws"]) == tuple(map(sum, zip(
        *((_tags(_xml3(p), "INIT"), _tags(_xml3(p), "AGARI"), _tags(_xml3(p), "RYUUKYOKU"))
          for p in MJLOG3))))
    assert a["wins"] == a["wins_matched"] and a["draws"] == a["draws_matched"]
    for p in MJLOG3:
        one, slow = verify_one(str(p), _xml3(p)), verify_one(str(p), _xml3(p), fast=False)
        assert one.fast_games == 1 and slow.fast_games == 0
        one.fast_games = 0
        assert one == slow


def test_damaged_three_player_record_is_reported_and_the_run_goes_on(tmp_path):
    from riichi_fast.records.verify_files import verify_summary

    good = _xml3(MJLOG3[0])
    (tmp_path / "a.mjlog").write_bytes(good)
    # the last round cut off: read, but the record ends inside a round
    cut = good[: good.rindex(b"<INIT")] + good[good.rindex(b"<INIT"):].split(b"<AGARI")[0]
    (tmp_path / "b.mjlog").write_bytes(cut.split(b"<RYUUKYOKU")[0] + b"</mjloggm>")
    (tmp_path / "c.mjlog").write_bytes(good[:500])  # not XML any more
    (tmp_path / "d.mjlog").write_bytes(_xml3(MJLOG3[1]))
    for jobs in (1, 2):
        s = verify_summary([tmp_path], jobs=jobs)
        assert (s.games, s.fast_games, s.games_matched) == (3, 2, 2)
        assert len(s.errors) == 1 and s.errors[0].startswith("b.mjlog ")
        assert "the record ends inside round" in s.errors[0]
        assert [(p.rsplit("/", 1)[-1], why.split(":")[0]) for p, why in s.unreadable] == \
            [("c.mjlog", "RecordError")]
        assert s.exit_status() == 2


def test_two_workers_equal_one_on_three_and_four_player_games():
    from riichi_fast.records.verify_files import verify_summary

    paths = MJLOG3 + sorted((DATA / "tenhou-mjlog-mjx").glob("*.mjlog"))
    one, two = verify_summary(paths).as_dict(), verify_summary(paths, jobs=2).as_dict()
    assert one == two and one["fast_games"] >= 24


@pytest.mark.parametrize("kind,fragment", [
    ("oya", '<INIT oya="3"> is not a seat 0-2'),
    ("tile", "<INIT hai0> holds tile id 303, not 0-135"),
    ("yaku", "<AGARI yaku> is not a list of (id, han) pairs"),
])
def test_damaged_fields_found_by_fuzzing_are_record_errors(kind, fragment, fast3, tmp_path):
    """Byte edits the full reader once let through (a dealer on the empty seat crashed the
    verifier; a tile id past 135 in a dealt hand, or an odd yaku list, verified): now a
    RecordError naming the field, the compiled path and its twin agree, the run goes on."""
    from riichi_fast.records.verify_files import verify_summary
    from riichi_fast.reference.records.mjlog import scan as twin

    good = _xml3(MJLOG3[0])
    if kind == "oya":
        data = re.sub(rb'(<INIT [^>]*oya=")\d', rb"\g<1>3", good, count=1)
    elif kind == "tile":
        data = re.sub(rb'(<INIT [^>]*hai0=")(\d+)', rb"\g<1>303", good, count=1)
    else:
        data = re.sub(rb'(<AGARI [^>]*yaku="[^"]*)"', rb'\1,7"', good, count=1)
    assert data != good
    with pytest.raises(RecordError, match=re.escape(fragment)):
        parse_mjlog(data, "x.mjlog")
    rows, st = fast3
    assert twin.verify_mjlog(data, rows, **st) == (1, 0, 0, 0)
    from riichi_fast import _backend

    if not _backend.PUREPYTHON:
        from riichi_fast.records.mjlog import _scan as _mjlog

        assert _mjlog.verify_mjlog(data, rows, **st) == (1, 0, 0, 0)
    (tmp_path / "bad.mjlog").write_bytes(data)
    (tmp_path / "good.mjlog").write_bytes(good)
    s = verify_summary([tmp_path])
    assert (s.games, s.games_matched) == (1, 1)
    assert len(s.unreadable) == 1 and fragment in s.unreadable[0][1]
