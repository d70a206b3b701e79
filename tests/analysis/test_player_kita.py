"""PlayerState in three-player: kita sets a North aside, counts among the player's own tiles (issue 13 item 1).

Both twins (compiled and reference) give the same answers and the same errors.
"""

import copy
import importlib
import pickle

import pytest

from riichi_fast.errors import MeldError, TileCountError


@pytest.fixture(params=["reference", "cython"])
def PS(request):
    mod = "riichi_fast.reference.analysis.player" if request.param == "reference" else "riichi_fast.analysis._player"
    return importlib.import_module(mod).PlayerState


def test_kita_then_the_replacement_draw(PS):
    p = PS("111999m123p456s4z", n_players=3)  # tanki on 4z
    assert p.waits == (30,) and p.kita_count == 0
    p.draw("4z")
    assert p.can_tsumo("4z")
    p.kita()  # set the North aside instead (14 -> 13 tiles): the replacement comes next
    assert p.kita_count == 1 and p.closed_counts[30] == 1 and p.drawn is None and not p.to_discard
    assert p.waits == (30,)
    p.draw("5s")
    p.discard("5s")
    assert p.waits == (30,) and p.kita_count == 1


def test_kita_tiles_are_the_players_own_tiles(PS):
    hand = "111999m123p456s4z kita:4z kita:4z kita:4z"
    # three North set aside and the fourth held: the wait needs a fifth 4z
    assert PS(hand, n_players=3).waits == ()
    assert PS(hand, n_players=3).kita_count == 3
    # Tenhou and Mahjong Soul count a wait on one's own meld tiles (own_melds_held=False)
    assert PS(hand, rules="tenhou_3p").waits == (30,)


def test_kita_errors(PS):
    with pytest.raises(MeldError, match="kita is declared only in three-player mahjong"):
        p = PS("123m456p789s1122z")
        p.draw("4z")
        p.kita()
    p = PS("111999m123p456s1z", n_players=3)
    with pytest.raises(TileCountError, match="kita: the hand holds 13 tiles; it is not the player's turn"):
        p.kita()
    p.draw("2z")
    with pytest.raises(MeldError, match="the closed hand holds no 4z"):
        p.kita()
    with pytest.raises(MeldError, match="kita is declared only in three-player mahjong"):
        PS("111999m123p456s4z kita:4z")


def test_kita_in_riichi_only_of_the_drawn_north(PS):
    p = PS("111999m1p456s444z", n_players=3)  # tanki on 1p, a 444z triplet
    assert p.waits == (9,)
    p.draw("9p")
    p.riichi()
    p.discard("9p")
    p.draw("5p")
    with pytest.raises(MeldError, match="in riichi only the 4z just drawn may be set aside"):
        p.kita()
    p.discard("5p")


def test_kita_survives_copy_and_pickle(PS):
    p = PS("111999m123p456s4z", n_players=3)
    p.draw("4z")
    p.kita()
    for q in (p.copy(), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert q.kita_count == 1 and q.closed_counts == p.closed_counts and q.waits == p.waits
