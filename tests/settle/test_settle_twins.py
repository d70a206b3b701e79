"""The compiled settlement (riichi_fast.settle._settle) and its twin (riichi_fast.reference.settle.settle) agree.

Random tables, presets and variants, wins (HandValue and real HandResult,
plain tuples and Win, pao, multiple ron, bad seats and values), draws and
chombo: both return equal Settlements (every field, the explanation lines
included) or raise the same error class with the same message.  The compiled
Settlement writes its lines only when they are read.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_fast.settle import _settle as compiled
from riichi_fast import score
from riichi_fast import settle as public
from riichi_fast.errors import RiichiError
from riichi_fast.reference.settle import settle as reference
from riichi_fast.rules.config import PRESETS
from riichi_fast.settle import HandValue, Settlement, TableState, Win

PRESET_NAMES = sorted(PRESETS)

# real scored hands: (hand, win tile, yakuman names) scored per seat wind and tsumo below
_HANDS = [("234m567p23455s678s", "5s"), ("234567m234p23455s", "5s"), ("11p22p 555z@2 666z@1 777z@3", "2p"),
          ("111z22z 555z@2 666z@1 777z@3", "2z"), ("123m456p789s1z2z3z4z", "4z")]


@st.composite
def rules_st(draw):
    name = draw(st.sampled_from(PRESET_NAMES))
    base = PRESETS[name]
    if draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from([base, name]))
    changes = draw(st.fixed_dictionaries({}, optional={
        "multiple_ron": st.sampled_from(["allowed", "head_bump"]),
        "multiple_ron_counters": st.sampled_from(["all", "nearest"]),
        "multiple_ron_sticks": st.sampled_from(["nearest", "own_back"]),
        "pao_honba": st.sampled_from(["liable", "discarder"]),
        "pao_scope": st.sampled_from(["whole", "pao_yakuman"]),
        "triple_ron_aborts": st.booleans(),
        "wareme": st.booleans(),
        "nagashi_mangan": st.booleans(),
        "abortive_draw_adds_counter": st.booleans(),
        "chombo": st.sampled_from(["reversed_mangan", "penalty"]),
        "chombo_returns_sticks": st.booleans(),
    }))
    return base.replace(**changes)


def _n(rules):
    return PRESETS[rules].n_players if isinstance(rules, str) else rules.n_players


seat_like = st.one_of(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(-1, 5), st.none(),
                      st.just(True), st.integers(0, 3).map(np.int32), st.just("1"), st.just(2 ** 70))


@st.composite
def table_st(draw, n):
    scores = draw(st.one_of(st.none(), st.tuples(*[st.integers(-50000, 100000)] * n)))
    kw = {"dealer": draw(st.integers(0, n - 1)), "round_wind": draw(st.integers(0, 3)),
          "honba": draw(st.one_of(*[st.integers(0, 12)] * 7, st.just(2 ** 45))),
          "riichi_sticks": draw(st.integers(0, 6)), "scores": scores, "n_players": n}
    return TableState(**kw)


@st.composite
def value_st(draw, table, winner, discarder):
    tsumo = discarder is None if draw(st.integers(0, 19)) else draw(st.booleans())
    dealer = winner == table.dealer if draw(st.integers(0, 19)) else draw(st.booleans())
    kind = draw(st.integers(0, 19)) // 2
    if kind < 6:
        amount = st.integers(0, 96000).map(lambda x: x // 100 * 100)
        yakuman = draw(st.one_of(st.just(()), st.none(), st.lists(
            st.tuples(st.sampled_from(["daisangen", "daisuushii", "suukantsu", "tsuuiisou"]), st.integers(1, 2)),
            max_size=2).map(tuple)))
        return HandValue(tsumo, dealer, draw(amount), draw(amount), draw(amount), yakuman, draw(st.integers(0, 3)))
    if kind < 9 and isinstance(winner, int) and 0 <= winner < table.n_players:
        hand, tile = draw(st.sampled_from(_HANDS if table.n_players == 4 else _HANDS[2:4]))
        wind = (winner - table.dealer) % table.n_players if dealer == (winner == table.dealer) else 1
        presets = ["default", "tenhou", "majsoul"] if table.n_players == 4 else ["tenhou_3p", "majsoul_3p"]
        return score(hand, tile, tsumo=tsumo, seat_wind=wind, rules=draw(st.sampled_from(presets)))
    return draw(st.sampled_from([None, "x", HandValue(1, 0, 1000), HandValue(True, False, 1.5)]))


class _Iterable:
    """An iterable that is not a list or tuple (iterated afresh by each implementation)."""

    def __init__(self, items):
        self.items = list(items)

    def __iter__(self):
        return iter(self.items)


@st.composite
def win_case(draw):
    rules = draw(rules_st())
    n = _n(rules)
    table = draw(table_st(n))
    noisy = draw(st.integers(0, 3)) == 0  # a quarter of the cases: any seat, value or form
    seats = seat_like if noisy else st.integers(0, n - 1)
    k = draw(st.integers(1, 3 if n == 4 else 2))
    winners = draw(st.lists(seats, min_size=k, max_size=k, unique=not noisy))
    discarder = draw(seats) if noisy or draw(st.integers(0, 2)) else None
    if not noisy and discarder is not None and discarder in winners:
        discarder = next(s for s in range(n) if s not in winners)
    if not noisy and discarder is None:
        winners = winners[:1]
    wins = []
    for winner in winners:
        d = discarder if not noisy or draw(st.integers(0, 4)) else draw(seat_like)
        value = draw(value_st(table, winner, d))
        pao = draw(seats.filter(lambda s, w=winner: s != w)) if draw(st.integers(0, 7)) == 0 else None
        form = draw(st.integers(0, 3))
        if form == 0:
            wins.append(Win(winner, value, d, pao))
        elif form == 1:
            wins.append((winner, value, d, pao))
        elif form == 2 and pao is None:
            wins.append((winner, value, d))
        else:
            wins.append((winner, value) if d is None and pao is None else (winner, value, d, pao))
    if noisy and draw(st.integers(0, 4)) == 0:
        wins = draw(st.sampled_from([tuple(wins), "bad", [], _Iterable(wins)]))
    declared = draw(st.one_of(st.lists(seats.filter(lambda s: s is not None), max_size=3),
                              st.sets(st.integers(0, n - 1)), st.just(3) if noisy else st.just(())))
    wareme = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    return table, wins, declared, rules, wareme


def _outcome(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except RiichiError as exc:  # compared below: same class and message
        return exc


def _same(a, b):
    if isinstance(b, Exception):
        assert type(a) is type(b) and str(a) == str(b), (a, b)
        return
    assert isinstance(a, Settlement), a
    lazy = a._lines is None
    assert a == b and repr(a) == repr(b) and hash(a) == hash(b)
    assert a.payments == b.payments and a.lines == b.lines and a.explanation == b.explanation
    assert type(a.next) is TableState and a.next == b.next and hash(a.next) == hash(b.next)
    assert all(type(x) is int for x in a.deltas + a.stakes + a.next.scores + a.sticks_taken)
    assert pickle.loads(pickle.dumps(a)) == b
    return lazy


@given(win_case())
def test_settle_win_twins(case):
    table, wins, declared, rules, wareme = case
    b = _outcome(reference.settle_win, table, wins, declared, rules, wareme_seat=wareme)
    a = _outcome(compiled.settle_win, table, wins, declared, rules, wareme_seat=wareme)
    _same(a, b)


@st.composite
def draw_case(draw):
    rules = draw(rules_st())
    n = _n(rules)
    table = draw(table_st(n))
    seats = st.one_of(st.lists(seat_like.filter(lambda s: s is not None), max_size=n), st.sets(st.integers(0, n - 1)),
                      st.just(2))
    tenpai = draw(seats)
    declared = draw(st.one_of(st.just(()), seats, st.sets(st.integers(0, n - 1)).map(
        lambda s: sorted(s & set(tenpai)) if isinstance(tenpai, (list, set)) else ())))
    nagashi = draw(st.one_of(st.just(()), st.just(()), seats))
    return table, tenpai, declared, nagashi, rules, draw(st.one_of(st.none(), st.integers(0, n - 1)))


@given(draw_case())
def test_exhaustive_draw_twins(case):
    table, tenpai, declared, nagashi, rules, wareme = case
    b = _outcome(reference.settle_exhaustive_draw, table, tenpai, declared, nagashi, rules, wareme_seat=wareme)
    a = _outcome(compiled.settle_exhaustive_draw, table, tenpai, declared, nagashi, rules, wareme_seat=wareme)
    _same(a, b)


@given(draw_case(), st.sampled_from(sorted(public.ABORTIVE_KINDS) + ["nope", None]), seat_like)
def test_abortive_draw_and_chombo_twins(case, kind, offender):
    table, _, declared, _, rules, _ = case
    b = _outcome(reference.settle_abortive_draw, table, kind, rules, riichi_declared=declared)
    a = _outcome(compiled.settle_abortive_draw, table, kind, rules, riichi_declared=declared)
    _same(a, b)
    b = _outcome(reference.settle_chombo, table, offender, rules, riichi_declared=declared)
    a = _outcome(compiled.settle_chombo, table, offender, rules, riichi_declared=declared)
    _same(a, b)


def test_the_compiled_path_writes_lines_only_when_read():
    hand = score("234567m234p23455s", "5s", seat_wind=1, riichi=True)
    table = TableState(dealer=0, honba=1, riichi_sticks=1, scores=(25000,) * 4)
    s = compiled.settle_win(table, [(1, hand, 2)], riichi_declared=[1])
    assert s._lines is None and s.deltas == (0, 9300, -8300, 0)
    assert s.lines == ("seat 1 ron from seat 2 (1 counters)", "seat 2 pays seat 1 8000 (hand)",
                       "seat 2 pays seat 1 300 (counters)", "seat 1 takes 2 riichi stick(s)",
                       "the deal passes to seat 1; next hand E2-0, 0 riichi stick(s) on the table")
    assert s._lines is not None and s._explain is None
    for fn, args in ((compiled.settle_exhaustive_draw, (table, [1], [1])),
                     (compiled.settle_abortive_draw, (table, "kyuushu_kyuuhai", "tenhou")),
                     (compiled.settle_chombo, (table, 2))):
        s = fn(*args)
        assert s._lines is None and s.lines and s._lines == s.lines


@pytest.mark.parametrize("kwargs, match", [
    ({"dealer": 4}, "TableState.dealer=4: expected a seat 0-3"),
    ({"honba": -1}, "TableState.honba=-1: expected an int >= 0"),
    ({"scores": (1, 2, 3)}, "TableState.scores has 3 entries for 4 players"),
    ({"scores": (1, 2, 3, "4")}, "TableState.scores=(1, 2, 3, '4'): expected 4 integers"),
    ({"n_players": 3, "dealer": 3}, "TableState.dealer=3: expected a seat 0-2"),
    ({"round_wind": True}, "TableState.round_wind=True: expected 0-3"),
])
def test_table_state_quick_and_general_paths_check_the_same(kwargs, match):
    from riichi_fast.errors import ContextError

    with pytest.raises(ContextError, match=match.replace("(", r"\(").replace(")", r"\)")):
        TableState(**kwargs)


def test_table_state_numpy_fields_become_ints():
    t = TableState(np.int64(1), np.int8(2), np.uint16(3), np.int32(0), [np.int64(5)] * 3, np.int64(3))
    assert t == TableState(1, 2, 3, 0, (5, 5, 5), 3)
    assert [type(v) for v in (t.dealer, t.round_wind, t.honba, t.riichi_sticks, t.n_players)] == [int] * 5
    assert repr(t) == "TableState(dealer=1, round_wind=2, honba=3, riichi_sticks=0, scores=(5, 5, 5), n_players=3)"


def test_settlement_is_a_dataclass_to_the_dataclasses_module():
    import dataclasses

    hand = score("234567m234p23455s", "5s", seat_wind=1, riichi=True)
    s = compiled.settle_win(TableState(scores=(25000,) * 4), [(1, hand, 2)])
    assert dataclasses.is_dataclass(s) and [f.name for f in dataclasses.fields(s)] == [
        "outcome", "table", "next", "deltas", "stakes", "dealer_repeats", "detail", "winners", "per_win",
        "sticks_taken", "penalties", "lines"]
    d = dataclasses.asdict(s)
    assert d["deltas"] == (0, 8000, -8000, 0) and d["next"]["dealer"] == 1 and d["lines"] == s.lines
    r = dataclasses.replace(s, detail="x")
    assert r.detail == "x" and r.lines == s.lines and r.deltas == s.deltas and r != s
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.detail = "y"


# --- the shared and recorded values of a compiled single win (issue 9: fewer allocations per settle) ---

_MANGAN = ("234567m234p23455s", "5s")


def test_single_win_payments_are_its_per_win_changes_and_survive_copies():
    import copy

    hand = score(*_MANGAN, seat_wind=1, riichi=True)
    table = TableState(dealer=0, honba=1, riichi_sticks=1, scores=(25000,) * 4)
    s = compiled.settle_win(table, [(1, hand, 2)], riichi_declared=[1])
    b = reference.settle_win(table, [(1, hand, 2)], riichi_declared=[1])
    assert s._payments is s.per_win[0] and s.payments == (0, 10300, -8300, 0)
    assert s.payments == tuple(d - k for d, k in zip(s.deltas, s.stakes)) == b.payments
    for c in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
        assert type(c) is Settlement and c == s == b and hash(c) == hash(s) == hash(b)
        assert repr(c) == repr(s) == repr(b) and c.payments == s.payments and c.lines == b.lines
    # a multiple ron: payments computed from the deltas, as the twin's
    cheap = score("234m567p23455s678s", "5s", seat_wind=3)
    s = compiled.settle_win(table, [(1, hand, 2), (3, cheap, 2)], riichi_declared=[1, 3])
    assert s._payments is None and s.payments == reference.settle_win(
        table, [(1, hand, 2), (3, cheap, 2)], riichi_declared=[1, 3]).payments


@pytest.mark.parametrize("sticks", [0, 1, 13, 14, 15, 16, 40, 2 ** 35])
@pytest.mark.parametrize("rules", ["default", "tenhou_3p", PRESETS["default"].replace(multiple_ron_sticks="own_back")])
def test_sticks_taken_for_every_pot(sticks, rules):
    n = _n(rules) if isinstance(rules, str) else rules.n_players
    table = TableState(dealer=1, honba=2, riichi_sticks=sticks, scores=(30000,) * n, n_players=n)
    ron = score(*_MANGAN, seat_wind=(2 - 1) % n, riichi=True)
    tsumo = score(*_MANGAN, seat_wind=(2 - 1) % n, riichi=True, tsumo=True)
    cheap = score("234m567p23455s678s", "5s", seat_wind=(0 - 1) % n)
    cases = [([(2, ron, 0)], [2]), ([(2, ron, 0)], []), ([(2, tsumo)], [0, 2]), ([(2, ron, 1), (0, cheap, 1)], [0, 2])]
    for wins, declared in cases:
        a = compiled.settle_win(table, wins, declared, rules)
        b = reference.settle_win(table, wins, declared, rules)
        assert _same(a, b)  # the compiled path (lines not yet written)
        assert sum(a.sticks_taken) == sticks + len(declared)


def test_the_recorded_win_is_not_the_callers_list():
    hand = score(*_MANGAN, seat_wind=1, riichi=True)
    cheap = score("234m567p23455s678s", "5s", seat_wind=3)
    table = TableState(dealer=0, honba=1, scores=(25000,) * 4)
    wins = [(1, hand, 2)]
    declared = [1]
    s = compiled.settle_win(table, wins, declared)
    wins[0] = (3, cheap, 2)
    wins.append((1, hand, 2))
    declared.append(3)
    assert s.lines == reference.settle_win(table, [(1, hand, 2)], [1]).lines
    assert s.lines[0] == "seat 1 ron from seat 2 (1 counters)"


def test_settling_under_alternating_rules_reads_each_rules_object():
    hand = score(*_MANGAN, seat_wind=1, riichi=True)
    table = TableState(dealer=0, honba=3, riichi_sticks=2, scores=(25000,) * 4)
    own_back = PRESETS["default"].replace(multiple_ron_sticks="own_back", multiple_ron="head_bump")
    for rules in ("default", own_back, PRESETS["tenhou"], own_back, "default", PRESETS["mahjong_lib"]):
        for wins in ([(1, hand, 2)], [(1, hand, 2), (3, hand, 2)]):
            assert _same(compiled.settle_win(table, wins, [1], rules), reference.settle_win(table, wins, [1], rules))
