"""Input no real table gives, the Mahjong Soul tenhou variant, and indicators given as names.

- Dora / ura indicators are physical tiles: with the hand (melds and kita
  included) at most four copies of a kind exist (``TileCountError`` naming the
  fifth copy; the kernels give ``bad_input``).
- ``chankan`` robs the fourth copy of a tile: another copy in the winner's hand
  (or an indicator) is ``chankan_with_another_copy_not_allowed``; ``rinshan``
  without a kan (or, three players, a kita) is ``rinshan_without_kan_not_allowed``.
- ``Rules.reject_impossible=False`` (the ``mahjong_lib`` preset) scores them as
  the ``mahjong`` package does.
- ``Rules.tenhou_any_last_tile`` (the ``majsoul`` presets): a dealer's tenhou takes
  the best last tile, so kokushi / chuuren / suuankou count as their double forms.

Every status is checked on both kernel twins and through the public function.
"""

from __future__ import annotations

import numpy as np
import pytest

from riichi_fast import score
from riichi_fast.errors import ContextError, TileCountError
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import DEFAULT, MAHJONG_LIB, MAJSOUL, MAJSOUL_3P, PRESETS, TENHOU, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.front import encode, pipeline_score

FRONTS = [pytest.param(score, id="score"), pytest.param(pipeline_score, id="pipeline")]
LENIENT = DEFAULT.replace(reject_impossible=False)


def kernel_status(kernel, hand, win, context, rules=DEFAULT):
    closed, types, kinds, win_kind, ctx, _params = encode(hand, win, context, LENIENT)
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    return L.STATUS_NAMES[kernel.score_kernel(closed, types, kinds, win_kind, ctx, rules.params(), out)]


# ---------------------------------------------------------------------------
# Indicators count toward the four copies
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize("hand,win,kw,message", [
    # four 4s in the hand and a 4s indicator: the indicator is a fifth 4s
    ("4444s123m567p789p1z", "1z", {"dora": "4s"},
     "dora indicator 4s would be a fifth 4s (4 in the hand 123m567789p4444s1z, 0 among the indicators before it)"),
    ("4444s123m567p789p1z", "1z", {"ura": ["1m", "4s"], "riichi": True},
     "ura indicator 4s would be a fifth 4s (4 in the hand 123m567789p4444s1z, 0 among the indicators before it)"),
    # three 1m in the hand, two 1m indicators: the second is the fifth
    ("111m456p789s1122z", "2z", {"dora": ["1m", "1m"]},
     "dora indicator 1m would be a fifth 1m (3 in the hand 111m456p789s1122z, 1 among the indicators before it)"),
    # a dora 1m and an ura 1m together
    ("111m456p789s1122z", "2z", {"dora": "1m", "ura": "1m", "riichi": True},
     "ura indicator 1m would be a fifth 1m (3 in the hand 111m456p789s1122z, 1 among the indicators before it)"),
    # the winning tile of a 13-tile hand counts
    ("444s56s123m789p11z", "4s", {"dora": "4s"},
     "dora indicator 4s would be a fifth 4s (4 in the hand 123m789p44456s11z, 0 among the indicators before it)"),
    # a kan counts four
    ("123m789p567s1z ankan:4444s", "1z", {"dora": "4s"},
     ("dora indicator 4s would be a fifth 4s (4 in the hand 123m789p567s1z ankan:4444s, 0 among the indicators "
     "before it)")),
])
def test_indicator_as_a_fifth_copy_is_an_error(front, hand, win, kw, message):
    with pytest.raises(TileCountError) as err:
        front(hand, win, **kw)
    assert str(err.value) == message


@pytest.mark.parametrize("front", FRONTS)
def test_kita_and_a_north_indicator_make_a_fifth_north(front):
    # two kita, a pair of north, and a north indicator: five norths
    with pytest.raises(TileCountError) as err:
        front("111m456999p789s44z kita:4z kita:4z", "4z", tsumo=True, dora="4z", rules="tenhou_3p")
    assert str(err.value) == ("dora indicator 4z would be a fifth 4z (4 in the hand 111m456999p789s44z kita:4z "
                              "kita:4z, 0 among the indicators before it)")


@pytest.mark.parametrize("front", FRONTS)
def test_the_indicator_is_the_copy_not_the_dora_it_names(front):
    # four 4s and a 3s indicator: the 4s are dora (4), the 3s is a free copy
    r = front("444s456s123m789p11z", "1z", riichi=True, dora="3s", seat_wind=1)
    assert (r.status, r.han, r.fu, r.dora, r.cost) == ("ok", 5, 40, 4, 8000)
    # under rules that ignore ura indicators, a fifth copy among them is not looked at
    r = front("4444s123m567p789p1z", "1z", ura="4s", riichi=True, rules=DEFAULT.replace(ura_dora=False))
    assert r.status == "hand_not_winning"
    # without kan dora only the first indicator counts (and is checked)
    r = front("111m456p789s1122z", "2z", riichi=True, dora=["5z", "1m", "1m"], rules=DEFAULT.replace(kan_dora=False))
    assert (r.status, r.dora, r.han) == ("ok", 0, 1)


@pytest.mark.parametrize("front", FRONTS)
def test_reject_impossible_off_scores_extra_copies(front):
    r = front("444s456s123m789p11z", "1z", riichi=True, dora="4s", seat_wind=1, rules=LENIENT)
    assert (r.status, r.dora, r.han) == ("ok", 1, 2)
    assert MAHJONG_LIB.reject_impossible is False
    assert all(p.reject_impossible for name, p in PRESETS.items() if name != "mahjong_lib")


def test_kernels_flag_a_fifth_copy_as_bad_input(score_impl):
    ctx = WinContext(dora="4s")
    assert kernel_status(score_impl, "4444s123m567p789p1z", "1z", ctx) == "bad_input"
    assert kernel_status(score_impl, "4444s123m567p789p1z", "1z", ctx, LENIENT) == "hand_not_winning"
    # kita beyond the four norths
    k3 = Rules(n_players=3)
    closed, types, kinds, win, c, _ = encode("111m456999p789s44z kita:4z kita:4z", "4z", WinContext(tsumo=True), k3)
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    for n_kita, status in ((2, L.ST_OK), (3, L.ST_BAD_INPUT), (2**31 - 1, L.ST_BAD_INPUT)):
        c = c.copy()
        c[L.CTX_N_KITA] = n_kita
        assert score_impl.score_kernel(closed, types, kinds, win, c, k3.params(), out) == status


def test_batch_flags_the_row_and_scores_the_others():
    from riichi_fast.scoring import batch as B

    hands = ["444s456s123m789p11z", "444s456s123m789p11z"]
    contexts = [WinContext(riichi=True, dora="3s", seat_wind=1), WinContext(riichi=True, dora="4s", seat_wind=1)]
    arrays = B.arrays_from_hands(hands, ["1z", "1z"], contexts, rules=LENIENT)
    res = B.score_batch(**arrays, rules=DEFAULT)
    assert res.score_status.tolist() == [L.ST_OK, L.ST_BAD_INPUT] and res.total.tolist() == [8000, 0]
    assert B.score_batch(**arrays, rules=LENIENT).score_status.tolist() == [L.ST_OK, L.ST_OK]
    with pytest.raises(TileCountError, match="dora indicator 4s would be a fifth 4s"):
        B.arrays_from_hands(hands, ["1z", "1z"], contexts)


# ---------------------------------------------------------------------------
# chankan with another copy, rinshan without a kan
# ---------------------------------------------------------------------------

CHANKAN_COPY = "chankan_with_another_copy_not_allowed"
RINSHAN_NO_KAN = "rinshan_without_kan_not_allowed"


@pytest.mark.parametrize("hand,win,kw,status", [
    # the robbed 4m is the fourth: the other three are in the robbed player's pon
    ("23m456p789s555s11z", "4m", {}, "ok"),
    ("44m456p789s555s11z", "4m", {}, CHANKAN_COPY),                  # two more 4m in the hand
    ("23m789s555s11z chi:4*56m", "4m", {}, CHANKAN_COPY),            # a 4m in the winner's chi
    ("23m456p789s555s11z", "4m", {"dora": "4m"}, CHANKAN_COPY),       # a 4m indicator
    ("23m456p789s555s11z", "4m", {"ura": "4m", "riichi": True}, CHANKAN_COPY),
    ("23m456p789s555s11z", "4m", {"dora": "3m"}, "ok"),              # the 3m indicator names 4m: fine
    # kokushi robbing a kan: never on its pair tile (13-sided), fine on its single
    ("19m19p19s1234567z", "1m", {}, CHANKAN_COPY),
    ("119m19p19s123456z", "7z", {}, "ok"),
    # the earlier checks keep their order: chankan with tsumo first
    ("44m456p789s555s11z", "4m", {"tsumo": True}, "chankan_with_tsumo_not_allowed"),
])
def test_chankan_with_another_copy(score_impl, hand, win, kw, status):
    ctx = WinContext(chankan=True, seat_wind=1, **kw)
    assert kernel_status(score_impl, hand, win, ctx) == status
    assert kernel_status(score_impl, hand, win, ctx, LENIENT) in ("ok", "chankan_with_tsumo_not_allowed")
    for front in (score, pipeline_score):
        assert front(hand, win, context=ctx).status == status


@pytest.mark.parametrize("front", FRONTS)
def test_chankan_results(front):
    r = front("23m456p789s555s11z", "4m", chankan=True, seat_wind=1)
    assert (r.status, r.han, r.fu, [y.name for y in r.yaku], r.cost) == ("ok", 1, 40, ["chankan"], 1300)
    r = front("44m456p789s555s11z", "4m", chankan=True, seat_wind=1)
    assert (r.status, r.ok, r.han, r.cost, r.yaku) == (CHANKAN_COPY, False, 0, 0, ())
    r = front("44m456p789s555s11z", "4m", chankan=True, seat_wind=1, rules="mahjong_lib")
    assert (r.status, r.han, [y.name for y in r.yaku]) == ("ok", 1, ["chankan"])


@pytest.mark.parametrize("hand,win,kw,status", [
    ("123m456p789s11z pon:777z", "1z", {}, RINSHAN_NO_KAN),
    ("123m456p789s11z chi:7*89m", "1z", {}, RINSHAN_NO_KAN),
    ("12399m456p123789s", "2s", {}, RINSHAN_NO_KAN),
    ("123m456p789s11z ankan:7777z", "1z", {}, "ok"),
    ("123m456p789s11z daiminkan:7*777z", "1z", {}, "ok"),
    ("123m456p789s11z kakan:7*777z", "1z", {}, "ok"),
    # three players: a kita's replacement tile is a rinshan draw too
    ("111m456999p789s11z kita:4z", "1z", {"rules": "tenhou_3p"}, "ok"),
    ("111m456999p789s11z", "1z", {"rules": "tenhou_3p"}, RINSHAN_NO_KAN),
    # rinshan by ron is refused first, as before
    ("123m456p789s11z pon:777z", "1z", {"tsumo": False}, "rinshan_without_tsumo_not_allowed"),
])
def test_rinshan_without_a_kan(score_impl, hand, win, kw, status):
    kw = {"tsumo": True, **kw}
    rules = PRESETS[kw.pop("rules", "default")]
    ctx = WinContext(rinshan=True, seat_wind=1, **kw)
    assert kernel_status(score_impl, hand, win, ctx, rules) == status
    for front in (score, pipeline_score):
        assert front(hand, win, context=ctx, rules=rules).status == status


@pytest.mark.parametrize("front", FRONTS)
def test_rinshan_results(front):
    r = front("123m456p789s11z ankan:7777z", "1z", tsumo=True, rinshan=True, seat_wind=1)
    assert (r.status, r.han, r.fu, [y.name for y in r.yaku], r.cost) == (
        "ok", 3, 60, ["menzen tsumo", "rinshan kaihou", "chun"], 7900)
    r = front("111m456999p789s11z kita:4z", "1z", tsumo=True, rinshan=True, seat_wind=1, rules="tenhou_3p")
    assert (r.status, r.kita, [y.name for y in r.yaku]) == ("ok", 1, ["menzen tsumo", "rinshan kaihou"])
    r = front("123m456p789s11z pon:777z", "1z", tsumo=True, rinshan=True, seat_wind=1)
    assert (r.status, r.cost) == (RINSHAN_NO_KAN, 0)


def test_status_codes_are_stable():
    assert (L.ST_CHANKAN_WITH_COPY, L.ST_RINSHAN_WITHOUT_KAN) == (25, 26)
    assert L.STATUS_NAMES[25] == CHANKAN_COPY and L.STATUS_NAMES[26] == RINSHAN_NO_KAN
    assert (L.R_REJECT_IMPOSSIBLE, L.R_TENHOU_ANY_LAST_TILE) == (15, 16)
    assert int(DEFAULT.params()[L.R_REJECT_IMPOSSIBLE]) == 1 and int(MAHJONG_LIB.params()[L.R_REJECT_IMPOSSIBLE]) == 0


# ---------------------------------------------------------------------------
# Mahjong Soul: a dealer's tenhou takes the best last tile
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand,win,plain,double", [
    # kokushi with its pair on 1m, the last tile a 9m: 13-sided on Mahjong Soul
    ("119m19p19s1234567z", "9m", "kokushi musou", "kokushi musou 13-sided"),
    # chuuren, the last tile the 2m (1111-2-345678-999): nine-sided on Mahjong Soul
    ("11112345678999m", "2m", "chuuren poutou", "junsei chuuren poutou"),
    # suuankou, the last tile completing a triplet: tanki on Mahjong Soul
    ("111m222p333s444z55z", "1m", "suuankou", "suuankou tanki"),
])
def test_majsoul_tenhou_counts_the_double_forms(sc, hand, win, plain, double):
    r = sc(hand, win, tsumo=True, tenhou=True, rules=MAJSOUL)
    assert ([(y.name, y.yakuman) for y in r.yaku], r.yakuman, r.cost) == (
        [("tenhou", 1), (double, 2)], 3, 144000)
    r = sc(hand, win, tsumo=True, tenhou=True, rules=DEFAULT)
    assert ([(y.name, y.yakuman) for y in r.yaku], r.yakuman, r.cost) == ([("tenhou", 1), (plain, 1)], 2, 96000)
    # Tenhou has no double forms at all: the plain name stays
    r = sc(hand, win, tsumo=True, tenhou=True, rules=TENHOU)
    assert ([y.name for y in r.yaku], r.yakuman) == (["tenhou", plain], 2)
    # not a tenhou (the dealer's ron, a non-dealer's chiihou): the last tile decides, as everywhere
    r = sc(hand, win, tsumo=True, chiihou=True, seat_wind=1, rules=MAJSOUL)
    assert [y.name for y in r.yaku] == ["chiihou", plain]
    r = sc(hand, win, tsumo=True, rules=MAJSOUL)
    assert [y.name for y in r.yaku] == [plain]


def test_majsoul_presets_set_the_variant():
    assert MAJSOUL.tenhou_any_last_tile and MAJSOUL_3P.tenhou_any_last_tile
    assert not any(p.tenhou_any_last_tile for n, p in PRESETS.items() if not n.startswith("majsoul"))
    assert int(MAJSOUL.params()[L.R_TENHOU_ANY_LAST_TILE]) == 1
    r = score("119m19p19s1234567z", "9m", tsumo=True, tenhou=True, rules=MAJSOUL_3P)
    assert ([y.name for y in r.yaku], r.yakuman, r.cost) == (["tenhou", "kokushi musou 13-sided"], 3, 96000)


# ---------------------------------------------------------------------------
# Indicators given as tile names and lists of names
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("front", FRONTS)
def test_dora_as_names_and_lists(front):
    base = front("123m456p789s1122z", "2z", riichi=True, dora="1m1m")
    assert (base.dora, base.han, base.cost) == (2, 3, 7700)
    for dora in (["1m", "1m"], ("1m", "1m"), ["1m1m"], [0, "1m"], [0, 0]):
        r = front("123m456p789s1122z", "2z", riichi=True, dora=dora)
        assert (r.dora, r.han, r.cost) == (2, 3, 7700), dora
    r = front("123m456p789s1122z", "2z", riichi=True, dora=["0p", 27], ura=np.array([33]))
    assert (r.dora, r.ura_dora, r.han, r.cost) == (4, 0, 5, 12000)
    assert front("123m456p789s1122z", "2z", riichi=True, ura=["1z"]).ura_dora == 3


def test_win_context_reads_names():
    assert WinContext(dora=["1m", "1m"]).dora == (0, 0)
    assert WinContext(dora=["0p", 27, "7z"], ura=("9s",)).dora == (13, 27, 33)
    assert WinContext(ura=("9s",)).ura == (26,)


@pytest.mark.parametrize("dora,message", [
    (["1x"], "dora indicator '1x': "),
    ([None], "dora indicator None is not a tile kind 0..33 or a tile name"),
    ([34], "dora indicator 34 is not a tile kind 0..33 or a tile name"),
    (["1m", "2m", "3m", "4m", "5m", "6m"], "6 dora indicators: at most 5"),
    (["11111m"], "dora indicator '11111m': "),
])
def test_bad_indicator_names(dora, message):
    with pytest.raises(ContextError) as err:
        WinContext(dora=dora)
    assert str(err.value).startswith(message)
    with pytest.raises(ContextError) as err:
        score("123m456p789s1122z", "2z", dora=dora)
    assert str(err.value).startswith(message)
