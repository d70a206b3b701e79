"""score_batch and score() share one set of limits; bad batch arguments raise our errors (issue 13 item 6)."""

from __future__ import annotations

import types

import numpy as np
import pytest

from riichi_fast import score
from riichi_fast.scoring.batch import MAX_COUNTERS, arrays_from_hands, score_batch, score_batch_chunks
from riichi_fast.enums import RowStatus
from riichi_fast.errors import ArrayError, ContextError
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import Rules
from riichi_fast.tiles import as_counts

OK, CTX, WIN = RowStatus.OK, RowStatus.BAD_CONTEXT, RowStatus.BAD_WIN_TILE
TANYAO = "22456m456p456s345s"  # on 3s (kind 20): fives 5m, 5p, 5s x2 -> 3 red fives under the default rules
NO_FIVES = "123m234p789s11122z"  # on 2z (kind 28): no five at all


@pytest.fixture(params=["cython", "reference"])
def batch_impl(request, monkeypatch):
    """score_batch on the compiled column engine, then on the per-row reference path."""
    if request.param == "reference":
        from riichi_fast.scoring import batch
        from riichi_fast.reference.scoring import score as ref

        monkeypatch.setattr(batch, "_backend", types.SimpleNamespace(load=lambda name: ref))
    return request.param


def _rows(hand, k):
    return np.array([as_counts(hand)] * k, np.uint8)


def test_limits_are_those_of_score():
    assert MAX_COUNTERS == 1000
    score(TANYAO, "3s", honba=1000, riichi_sticks=1000)
    with pytest.raises(ContextError, match="honba must be an int 0..1000, got 1001"):
        score(TANYAO, "3s", honba=1001)


def test_n_red_beyond_the_fives_of_the_hand_is_flagged(batch_impl):
    res = score_batch(_rows(NO_FIVES, 3), win_tile=28, n_red=[0, 1, 200], flags=L.F_TSUMO)
    assert res.status.tolist() == [OK, CTX, CTX]
    assert res.score_status.tolist() == [L.ST_OK, L.ST_BAD_INPUT, L.ST_BAD_INPUT]
    one = score(NO_FIVES, "2z", tsumo=True)  # double east and menzen tsumo: 3 han 40 fu, 2600 all
    assert (one.han, one.total) == (3, 7800)
    assert (res.han.tolist(), res.aka.tolist(), res.total.tolist()) == ([3, 0, 0], [0, 0, 0], [7800, 0, 0])
    assert (res.form.tolist(), res.wait.tolist()) == ([res.form[0], -1, -1], [res.wait[0], -1, -1])
    res = score_batch(_rows(TANYAO, 4), win_tile=20, n_red=[0, 3, 4, 255])
    assert res.status.tolist() == [OK, OK, CTX, CTX]
    assert (res.han.tolist(), res.aka.tolist()) == ([4, 7, 0, 0], [0, 3, 0, 0])
    # the same hand as score() sees it: three red fives
    assert score("22406m406p406s345s", "3s").han == 7


def test_n_red_counts_melded_fives_and_the_rules_red_tiles(batch_impl):
    pon5s, chi345s = (2 << 8) | 22, (1 << 8) | 20
    hands = np.array([as_counts("22456m456p345s"), as_counts("22456m456p456s")] * 2, np.uint8)
    melds = [[pon5s, 0, 0, 0], [chi345s, 0, 0, 0]] * 2
    # one red five per suit: a pon or chi of fives adds no room
    res = score_batch(hands, melds=melds, win_tile=[20, 21, 20, 21], n_red=[3, 3, 4, 4])
    assert res.status.tolist() == [OK, OK, CTX, CTX]
    assert res.aka.tolist() == [3, 3, 0, 0]
    # two red 5s: four 5s in the pon hand (one closed, three melded), two in the chi hand
    two_red_5s = Rules(red_fives={"5m": 1, "5p": 1, "5s": 2})
    res = score_batch(hands, melds=melds, win_tile=[20, 21, 20, 21], n_red=[4, 4, 5, 5], rules=two_red_5s)
    assert res.status.tolist() == [OK, OK, CTX, CTX]
    res = score_batch(_rows(TANYAO, 3), win_tile=20, n_red=[4, 5, 0], rules=two_red_5s)
    assert res.status.tolist() == [OK, CTX, OK]
    res = score_batch(_rows(TANYAO, 2), win_tile=20, n_red=[0, 1], rules=Rules(red_fives=0))
    assert res.status.tolist() == [OK, CTX]


def test_counters_beyond_score_limits_are_flagged(batch_impl):
    res = score_batch(_rows(TANYAO, 4), win_tile=[20, 20, 20, 40], honba=[1000, 1001, 0, 65535],
                      riichi_sticks=[1000, 0, 65535, 0])
    # row 3 also has a bad win tile: the context defect is reported (row_status order)
    assert res.status.tolist() == [OK, CTX, CTX, CTX]
    assert res.score_status.tolist() == [L.ST_OK, L.ST_BAD_INPUT, L.ST_BAD_INPUT, L.ST_BAD_INPUT]
    assert res.total.tolist() == [score(TANYAO, "3s", honba=1000, riichi_sticks=1000).total, 0, 0, 0]


def test_chunks_flag_the_same_rows(batch_impl):
    hands = _rows(TANYAO, 5)
    kw = {"win_tile": 20, "n_red": [0, 9, 3, 0, 0], "honba": [0, 0, 0, 2000, 5]}
    whole = score_batch(hands, **kw)
    parts = [(s, r.status.copy(), r.total.copy()) for s, r in score_batch_chunks(hands, **kw, chunk_size=2)]
    assert [s for s, _, _ in parts] == [0, 2, 4]
    assert np.concatenate([st for _, st, _ in parts]).tolist() == whole.status.tolist() == [OK, CTX, OK, CTX, OK]
    assert np.concatenate([t for _, _, t in parts]).tolist() == whole.total.tolist()


@pytest.mark.parametrize("win_tile, message", [
    (20.0, "win_tile: expected an integer or an array with one entry per row, got float"),
    (np.float32(20), "win_tile: expected an integer or an array with one entry per row, got float32"),
    ((x for x in [20, 20, 20]), "win_tile: expected an integer or an array with one entry per row, got generator"),
    ("3s", "win_tile: expected an integer or an array with one entry per row, got str"),
    (object(), "win_tile: expected an integer or an array with one entry per row, got object"),
    ([20, 20], "win_tile: expected 3 rows (one per hand), got 2"),
    ([20.0] * 3, "win_tile: expected integers, got float64"),
    (None, "win_tile is required"),
])
def test_chunks_reject_bad_columns_with_our_errors(win_tile, message):
    with pytest.raises(ArrayError) as info:
        list(score_batch_chunks(_rows(TANYAO, 3), win_tile=win_tile, chunk_size=2))
    assert str(info.value) == message


def test_chunks_check_every_column_before_the_first_chunk():
    with pytest.raises(ArrayError, match="^honba: expected an integer or an array with one entry per row, got float$"):
        next(score_batch_chunks(_rows(TANYAO, 3), win_tile=20, honba=1.5))


@pytest.mark.parametrize("ctx, shown", [("x", "'x'"), (5, "5"), ({"tsumo": True}, "{'tsumo': True}"),
                                        (["a" * 100], "['" + "a" * 55 + "...")])
def test_arrays_from_hands_wants_win_contexts(ctx, shown):
    with pytest.raises(ContextError) as info:
        arrays_from_hands([TANYAO, TANYAO], ["3s", "3s"], [None, ctx])
    assert str(info.value) == f"contexts[1] must be a WinContext or None, got {shown}"
