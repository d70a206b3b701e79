"""Input forms of the public API: the compiled conversion (riichi_fast._inputs) against its Python twin.

Every public analysis function, ``Hand.parse``/``from_ids``/``from_counts``,
``parse_tiles`` and ``format_tiles`` read plain inputs in compiled code and hand
everything else to the Python code (riichi_fast.analysis, tiles, hand), which is
the executable specification.  Here both paths get the same inputs, every form
(strings, Hand, 136-id lists/tuples, numpy counts and ids of every integer dtype,
bytes), bad ones included, and must give the same answer or the same error
(class and message).  Also the issue-13 rules that hold for every form.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import riichi_fast as rf
from riichi_fast import _backend
from riichi_fast.analysis import front as analysis
from riichi_fast import tiles as T
from riichi_fast.errors import ArrayError, TileCountError
from riichi_fast.hand import Hand, as_hand
from tests.support.strategies import complete_hands, hands, tenpai_hands

pytestmark = pytest.mark.skipif(_backend.PUREPYTHON, reason="compares the compiled conversion with its twin")

PY = analysis._PYTHON
NAMES = ("shanten", "shanten_regular", "shanten_chiitoitsu", "shanten_kokushi", "is_agari", "waits",
         "discard_waits", "ukeire", "discard_analysis", "is_furiten", "decompose")
DTYPES = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)


def outcome(fn, *args, **kwargs):
    try:
        value = fn(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the class and message are what is compared
        return ("error", type(exc), str(exc))
    if isinstance(value, np.ndarray):
        return ("ok", value.dtype.str, value.tolist())
    return ("ok", value)


def compiled(name):
    from riichi_fast import _inputs

    return getattr(_inputs, name)


# ---------------------------------------------------------------------------
# input forms


def forms_of(hand: Hand):
    """Every form a user may hold for ``hand`` (the id and count forms only for a hand without melds)."""
    out = [hand, str(hand)]
    if not hand.melds:
        ids = list(hand.closed)
        counts = hand.counts34()
        out += [ids, tuple(reversed(ids)), bytes(counts), bytearray(counts), counts, np.array(counts)]
        out += [np.array(ids).astype(dt) for dt in DTYPES]  # int8 wraps ids above 127: bad input too
        out += [counts.astype(dt) for dt in DTYPES]
        out.append(np.repeat(counts, 2)[::2])  # a strided view
    return out


junk_tokens = st.sampled_from(
    ["1", "2", "5", "0", "9", "m", "p", "s", "z", "r", " ", "  ", ":", "@", "@1", "@2", "@3", "@4", "*", "chi:",
     "pon:", "kan:", "ankan:", "kakan:", "kita:", "minkan:", "daiminkan:", "shouminkan:", "x", "123m", "456p",
     "789s", "11z", "777z", "0*55m", "3*45p", "1111m", "5555s", "406p", "23r4s", "\t", "\u3000", "é", "123456789m",
     "11122z"]
)
junk_strings = st.lists(junk_tokens, max_size=14).map("".join)

id_items = st.one_of(st.integers(-2, 140), st.integers(0, 135), st.sampled_from([True, 1.0, "1", None, 2**70]))
id_lists = st.lists(id_items, max_size=16)
bad_arrays = st.builds(
    lambda values, dt: np.array(values).astype(dt),
    st.one_of(st.lists(st.integers(0, 6), min_size=34, max_size=34), st.lists(st.integers(-1, 140), max_size=16)),
    st.sampled_from(DTYPES + (np.float64, np.bool_)),
)
byte_counts = st.lists(st.integers(0, 6), min_size=33, max_size=35).map(bytes)

any_input = st.one_of(
    hands().flatmap(lambda h: st.sampled_from(forms_of(h))),
    hands(shapes=st.one_of(complete_hands(max_melds=0), tenpai_hands(max_melds=0)), kita=False).flatmap(
        lambda h: st.sampled_from(forms_of(h))
    ),
    junk_strings,
    id_lists,
    id_lists.map(tuple),
    bad_arrays,
    byte_counts,
    st.sampled_from([None, 3, 1.5, object(), b"", {1: 2}, memoryview(bytes(34)), np.zeros((2, 34), np.uint8)]),
)


def _same(name, *args, **kwargs):
    fast = outcome(compiled(name), *args, **kwargs)
    slow = outcome(PY[name], *args, **kwargs)
    assert fast == slow, (name, args, kwargs)
    return fast


@given(hand=any_input)
@example(hand="123m456p789s22z pon:11*1z@1")
@example(hand="5555s123m456p789s")
@example(hand=np.array([0] * 33 + [5], dtype=np.int64))
@example(hand="123m")
@example(hand="1m" * 400)
def test_every_function_every_form_same_answer_or_error(hand):
    for name in NAMES:
        if name in ("ukeire", "discard_analysis"):
            _same(name, hand)
        elif name == "is_furiten":
            _same(name, hand, "1z")
        else:
            _same(name, hand)


@given(hand=any_input, other=st.one_of(st.none(), any_input), karaten=st.sampled_from([False, True, 0, "yes"]),
       win=st.sampled_from([None, 0, 4, 27, 33, 34, -1, "5m", "0p", "1z", "7z", "8z", "0z", "x", True, np.int64(3), 3.0]))
def test_second_arguments_same_answer_or_error(hand, other, karaten, win):
    _same("ukeire", hand, other)
    _same("discard_analysis", hand, other)
    _same("is_furiten", hand, other)
    _same("waits", hand, karaten=karaten)
    _same("discard_waits", hand, karaten=karaten)
    _same("decompose", hand, win, tsumo=karaten)


@pytest.mark.parametrize("name", NAMES)
def test_rules_and_n_players_go_to_the_python_function(name, monkeypatch):
    """With rules= or n_players= the compiled function calls the Python one with the same arguments (C1)."""
    seen = []
    monkeypatch.setitem(PY, name, lambda *args, **kwargs: seen.append((args, kwargs)) or "python")
    fn = compiled(name)
    args = ("123m456p789s1122z",) + ((None,) if name in ("ukeire", "discard_analysis") else ())
    args = ("123m456p789s1122z", "1z") if name == "is_furiten" else args
    assert fn(*args, rules="tenhou") == "python"
    assert fn(*args, n_players=3) == "python"
    kw = {"karaten": None} if name in ("waits", "discard_waits") else {"tsumo": False} if name == "decompose" else {}
    passed = args + (None,) if name == "decompose" else args  # decompose passes win_tile on
    assert seen == [(passed, {**kw, "rules": "tenhou", "n_players": None}),
                    (passed, {**kw, "rules": None, "n_players": 3})]


# ---------------------------------------------------------------------------
# Hand and tiles constructors


def _twin_parse(text):
    return outcome(Hand.parse, text, red=T.DEFAULT_RED)  # a red= given: the Python reader


@given(text=st.one_of(junk_strings, hands().map(str), hands(red=0).map(str)))
@example(text="123m406p11z chi:3*45p pon:777z@2")
@example(text="123m456p789s22z pon:11*1z@1")
@example(text="1z1z1z 123m456p789s1z pon:2z2z2z@1")
@example(text="123m456p789s11z pon:777zz")  # a second suit letter without digits: an error
@example(text="123m456p789s11z pon:77z7z")
def test_hand_parse_same_as_the_python_reader(text):
    fast = outcome(Hand.parse, text)
    assert fast == _twin_parse(text)
    if fast[0] == "ok":
        hand = fast[1]
        assert str(hand) == str(_twin_parse(text)[1])
        assert Hand.parse(str(hand)) == hand  # str() round-trips
        assert hash(hand) == hash(_twin_parse(text)[1])
        assert pickle.loads(pickle.dumps(hand)) == hand
        assert hand.counts34().tolist() == T.ids_to_counts(hand.closed).tolist()


@given(ids=st.one_of(id_lists, id_lists.map(tuple), hands(kita=False).map(lambda h: list(h.closed))))
def test_from_ids_parse_tiles_format_tiles_same_as_python(ids):
    assert outcome(Hand.from_ids, ids) == outcome(Hand.from_ids, ids, red=T.DEFAULT_RED)
    assert outcome(T.format_tiles, ids) == outcome(T.format_tiles, ids, red=T.DEFAULT_RED)


@given(text=st.one_of(junk_strings, st.lists(st.integers(0, 135), max_size=20, unique=True).map(T.format_tiles)))
def test_parse_tiles_same_as_python(text):
    fast = outcome(T.parse_tiles, text)
    assert fast == outcome(T.parse_tiles, text, red=T.DEFAULT_RED)
    counts = outcome(T.mpsz_to_counts, text)
    if fast[0] == "ok":  # one rule: mpsz_to_counts accepts exactly what parse_tiles accepts
        assert counts == ("ok", "|u1", T.ids_to_counts(fast[1]).tolist())
    else:
        assert counts == fast


@given(counts=st.one_of(byte_counts, bad_arrays, hands(kita=False).map(lambda h: h.counts34())))
def test_from_counts_same_as_python(counts):
    assert outcome(Hand.from_counts, counts) == outcome(Hand.from_counts, counts, red=T.DEFAULT_RED)


def test_fast_constructors_build_plain_hands():
    text = "123m406p11z chi:3*45p pon:777z@2"
    h = Hand.parse(text)
    assert type(h) is Hand and h.__dict__.keys() == Hand.parse(text, red=T.DEFAULT_RED).__dict__.keys()
    assert [m.__dict__.keys() for m in h.melds] == [m.__dict__.keys() for m in Hand.parse(text, red=T.DEFAULT_RED).melds]
    assert h.red is T.DEFAULT_RED
    assert (h.closed, [m.called for m in h.melds], [m.from_seat for m in h.melds]) == (
        (0, 4, 8, 48, 52, 56, 108, 109), [44, 132], [3, 2])


# ---------------------------------------------------------------------------
# one rule for every input form (issue 13 items 6 and 7)


def test_called_tile_round_trips_through_str():
    h = as_hand("123m456p789s22z pon:11*1z@1")
    assert str(h) == "123m456p789s22z pon:111z@1"
    assert as_hand(str(h)) == h
    assert h.melds[0].called == 108


@pytest.mark.parametrize("dtype", DTYPES)
def test_integer_counts_of_any_dtype_are_read_by_every_function(dtype):
    counts = T.mpsz_to_counts("123m456p789s1122z").astype(dtype)
    assert rf.shanten(counts) == 0
    assert rf.waits(counts) == (27, 28)
    assert rf.ukeire(counts) == (4, (27, 28))
    fourteen = T.mpsz_to_counts("123m456p789s11223z").astype(dtype)
    assert rf.discard_analysis(fourteen)[-1][:3] == (29, 0, 4)
    assert rf.discard_waits(fourteen) == {29: (27, 28)}


def test_five_fives_rule_is_the_same_for_every_reader():
    for fn in (T.parse_tiles, T.mpsz_to_counts, rf.shanten, Hand.parse):
        with pytest.raises(TileCountError, match="too many plain 5s: '5s' at position 3 in '5555s"):
            fn("5555s123m456p789s")


def test_a_huge_input_is_quoted_as_a_short_window():
    for text in ("1m" * 5000, "123m" + "x" * 100000, "123m456p789s11z " + "pon:" + "1" * 50000 + "z"):
        with pytest.raises((TileCountError, rf.RiichiError)) as info:
            rf.shanten(text)
        assert len(str(info.value)) < 300
    with pytest.raises(ArrayError) as info:
        rf.shanten(list(range(200)) + ["x"])
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    "hand, label",
    [("123m", "'123m'"), ([0, 4, 8], "[0, 4, 8]"), (bytes([3] + [0] * 33), "counts"), (np.array([0, 4, 8]), "[0, 4, 8]")],
)
def test_size_errors_quote_the_input_as_written(hand, label):
    with pytest.raises(TileCountError) as info:
        rf.shanten(hand)
    assert str(info.value).startswith(f"{label}: a hand of 3 closed tiles is impossible")


def test_waits_of_a_complete_sized_hand_points_to_discard_waits():
    with pytest.raises(TileCountError, match=r"'123m456p789s11223z': 14 closed tiles: the hand must be "
                                             r"tenpai-sized .*use discard_waits\(\)"):
        rf.waits("123m456p789s11223z")
    with pytest.raises(TileCountError, match=r"'123m456p789s1122z': 13 closed tiles: the hand must be complete-sized"):
        rf.discard_waits("123m456p789s1122z")


def test_tiles_module_does_not_import_hand():
    import ast
    from pathlib import Path

    tree = ast.parse(Path(T.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "riichi_fast.hand" not in imported


@given(
    text=st.one_of(junk_strings, hands().map(str)),
    ids=st.one_of(id_lists, id_lists.map(tuple)),
    counts=st.one_of(byte_counts, bad_arrays),
)
def test_compiled_readers_return_their_twins_answer_or_none(text, ids, counts):
    from riichi_fast import _tiles
    from riichi_fast.reference import tiles as ref

    for name, arg in (("parse_hand", text), ("parse_tiles", text), ("hand_from_ids", ids),
                      ("format_ids", ids), ("hand_from_counts", counts)):
        got = getattr(_tiles, name)(arg)
        if got is not None:
            assert got == getattr(ref, name)(arg), (name, arg)


@given(data=st.data(), hand=hands(shapes=complete_hands(max_melds=0), kita=False))
def test_score_every_form_same_as_the_pipeline(data, hand):
    """score(): the compiled front end reads every form as the Python pipeline does (same result or error)."""
    from riichi_fast.scoring.front import pipeline_score

    form = data.draw(st.sampled_from(forms_of(hand) + [np.array([1.0]), np.array([0, 4, 8], np.int8)]))
    win = data.draw(st.sampled_from([T.KIND_NAMES[t >> 2] for t in hand.closed] + ["5z", 3]))
    fast = outcome(rf.score, form, win, riichi=True)
    slow = outcome(pipeline_score, form, win, riichi=True)
    if fast[0] == "ok" and slow[0] == "ok":
        assert fast[1].raw == slow[1].raw
    else:
        assert fast == slow
