"""The public API on every input form users hold, beside the peers on the same hands.

Run (ratios within one run are what matter):

    PYTHONPATH=src python -m pytest bench/test_inputs.py --benchmark-only \
        --benchmark-columns=min,median,rounds --benchmark-sort=name

One benchmark call runs the whole workload, one Python call per hand;
``extra_info["ns_per_hand"]`` is the minimum time divided by the hands.  Forms:
``bytes`` (34 counts), ``numpy`` (a (34,) uint8 count array), ``numpy-ids``
(an int64 array of 136-ids), ``ids`` (a list of 136-ids), ``mpsz`` (a string),
``hand`` (a pre-built :class:`~riichi_fast.hand.Hand`).  Groups:

- ``shanten-input``: ``riichi_fast.shanten`` per form on 1,000 closed 13/14-tile
  hands; riichienv ``calculate_shanten`` on the same 136-id lists; ``mahjong``
  ``Shanten.calculate_shanten`` on the same hands as its 34-count lists.
- ``shanten-forms``: ``shanten``, ``shanten_regular``, ``shanten_chiitoitsu`` and
  ``shanten_kokushi`` on the same hands as 136-id lists.
- ``waits-input`` / ``ukeire-input``: ``riichi_fast.waits`` / ``ukeire`` per form on
  500 tenpai 13-tile hands; for ukeire the peers count the useful draws with
  their shanten on every kind (riichienv on 136-ids, ``mahjong`` on 34-counts).
- ``score-input``: ``riichi_fast.score(hand, win, riichi=, tsumo=, seat_wind=,
  dora=, rules=)`` per form on 200 closed winning hands of
  ``bench/score_corpus.py`` (a situation per hand), and the ``ids`` form with
  the situation passed as ``**dict``; riichienv ``HandEvaluator(ids, [])``
  built and ``calc`` called on the same 136-ids (the construction is what a
  user pays; its ``Conditions`` are built outside the timed call); ``mahjong``
  ``HandCalculator.estimate_hand_value`` on the same ids.
- ``score-real``: ``score(14 ids, win kind, <situation keywords>, rules=<tenhou
  preset>)`` on the 405 closed wins of ``examples/tenhou_wins.txt`` (real Tenhou
  games: riichi, ippatsu, tsumo, winds, dora and ura indicators, counters as the
  game had them); riichienv ``HandEvaluator(13 ids, [])`` + ``calc`` with the
  same ``Conditions`` (built outside its timed call), checked for the same wins
  and han/fu.
- ``hand-input``: ``Hand.parse`` on the same one-line strings as ``mahjong``'s
  ``TilesConverter.one_line_string_to_136_array``; ``Hand.from_ids``,
  ``Hand.from_counts``, ``parse_tiles``, ``format_tiles``, ``hash`` and ``==``.

Answers are checked outside the timed calls: every form against the pure-Python
reference on bytes; the peers against our answers (riichienv and ``mahjong``
han/fu against the ``tenhou`` / ``mahjong_lib`` presets on the hands both call
winning).
"""

from __future__ import annotations

import shlex
from pathlib import Path

import numpy as np
import pytest
from score_corpus import winning_shapes

import riichi_fast as rf
from riichi_fast.hand import Hand
from riichi_fast.reference.analysis import shanten as ref_shanten
from riichi_fast.reference.analysis import waits as ref_waits
from riichi_fast.tiles import counts_to_mpsz, format_tiles, parse_tiles

FORMS = ["bytes", "numpy", "numpy-ids", "ids", "mpsz", "hand"]
KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _record(benchmark, n: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["hands"] = n
        benchmark.extra_info["ns_per_hand"] = round(stats.stats.min / n * 1e9, 1)


def _ids(row) -> list[int]:
    """136-ids of a count row: plain copies first (4k+3 down), the red id 4k of a five only when needed."""
    out = []
    for k, c in enumerate(row):
        out += [4 * k + 3 - j for j in range(int(c))]
    return out


def _form(form: str, row: np.ndarray):
    row = np.ascontiguousarray(row, dtype=np.uint8)
    if form == "bytes":
        return bytes(row)
    if form == "numpy":
        return row
    if form == "numpy-ids":
        return np.array(_ids(row), dtype=np.int64)
    if form == "ids":
        return _ids(row)
    if form == "mpsz":
        return counts_to_mpsz(row)
    return Hand.from_ids(_ids(row))


# ---------------------------------------------------------------------------
# shanten


@pytest.fixture(scope="module")
def shanten_rows(random_corpus, tenpai_corpus, chinitsu_corpus):
    rows = np.concatenate([random_corpus.counts, tenpai_corpus.counts, chinitsu_corpus.counts])
    rows = rows[np.isin(rows.sum(axis=1), (13, 14))]
    rng = np.random.default_rng(7)
    return rows[rng.permutation(len(rows))[:1000]]


@pytest.fixture(scope="module")
def shanten_expected(shanten_rows):
    return [ref_shanten.shanten(bytes(r)) for r in shanten_rows]


@pytest.mark.benchmark(group="shanten-input")
@pytest.mark.parametrize("form", FORMS)
def test_shanten_input(benchmark, form, shanten_rows, shanten_expected):
    data = [_form(form, r) for r in shanten_rows]
    fn = rf.shanten
    got = benchmark(lambda: [fn(x) for x in data])
    _record(benchmark, len(data))
    assert got == shanten_expected


@pytest.mark.benchmark(group="shanten-forms")
@pytest.mark.parametrize("name", ["shanten", "shanten_regular", "shanten_chiitoitsu", "shanten_kokushi"])
def test_shanten_forms(benchmark, name, shanten_rows):
    """Each public shanten function on the same 136-id lists (13/14 tiles), checked against the reference."""
    data = [_ids(r) for r in shanten_rows]
    fn = getattr(rf, name)
    got = benchmark(lambda: [fn(x) for x in data])
    _record(benchmark, len(data))
    ref = getattr(ref_shanten, name)
    assert got == [ref(bytes(r)) for r in shanten_rows]


@pytest.mark.benchmark(group="shanten-input")
def test_shanten_input_riichienv(benchmark, shanten_rows, shanten_expected):
    """riichienv ``calculate_shanten`` on the same 136-id lists as the ``ids`` row."""
    fn = pytest.importorskip("riichienv").calculate_shanten
    data = [_ids(r) for r in shanten_rows]
    got = benchmark(lambda: [fn(x) for x in data])
    _record(benchmark, len(data))
    assert got == shanten_expected


@pytest.mark.benchmark(group="shanten-input")
def test_shanten_input_mahjong(benchmark, shanten_rows, shanten_expected):
    """``mahjong`` ``Shanten.calculate_shanten`` on the hands as its 34-count lists."""
    from mahjong.shanten import Shanten

    fn = Shanten().calculate_shanten
    data = [r.tolist() for r in shanten_rows]
    got = benchmark(lambda: [fn(x) for x in data])
    _record(benchmark, len(data))
    assert got == shanten_expected


# ---------------------------------------------------------------------------
# waits and ukeire


@pytest.fixture(scope="module")
def tenpai_rows(tenpai_corpus):
    rows = tenpai_corpus.counts[tenpai_corpus.counts.sum(axis=1) == 13]
    return rows[:500]


@pytest.fixture(scope="module")
def waits_expected(tenpai_rows):
    return [ref_waits.waits(bytes(r)) for r in tenpai_rows]


@pytest.fixture(scope="module")
def ukeire_expected(tenpai_rows):
    return [ref_waits.ukeire(bytes(r)) for r in tenpai_rows]


@pytest.mark.benchmark(group="waits-input")
@pytest.mark.parametrize("form", FORMS)
def test_waits_input(benchmark, form, tenpai_rows, waits_expected):
    data = [_form(form, r) for r in tenpai_rows]
    fn = rf.waits
    got = benchmark(lambda: [fn(x) for x in data])
    _record(benchmark, len(data))
    assert got == waits_expected


@pytest.mark.benchmark(group="ukeire-input")
@pytest.mark.parametrize("form", FORMS)
def test_ukeire_input(benchmark, form, tenpai_rows, ukeire_expected):
    data = [_form(form, r) for r in tenpai_rows]
    fn = rf.ukeire
    got = benchmark(lambda: [fn(x) for x in data])
    _record(benchmark, len(data))
    assert got == ukeire_expected


def _ukeire_by_draws(shanten, hands, to_input):
    out = []
    for counts in hands:
        base = shanten(to_input(counts))
        n, kinds = 0, []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if shanten(to_input(counts)) < base:
                    kinds.append(k)
                    n += 5 - counts[k]
                counts[k] -= 1
        out.append((n, tuple(kinds)))
    return out


@pytest.mark.benchmark(group="ukeire-input")
def test_ukeire_input_riichienv(benchmark, tenpai_rows, ukeire_expected):
    """riichienv: ``calculate_shanten`` on the 136-ids of the hand and of the hand plus each kind."""
    fn = pytest.importorskip("riichienv").calculate_shanten
    hands = [r.tolist() for r in tenpai_rows]
    got = benchmark.pedantic(lambda: _ukeire_by_draws(fn, hands, _ids), rounds=3, iterations=1)
    _record(benchmark, len(hands))
    assert got == ukeire_expected


@pytest.mark.benchmark(group="ukeire-input")
def test_ukeire_input_mahjong(benchmark, tenpai_rows, ukeire_expected):
    """``mahjong``: ``Shanten.calculate_shanten`` on the 34-counts of the hand and of the hand plus each kind."""
    from mahjong.shanten import Shanten

    fn = Shanten().calculate_shanten
    hands = [r.tolist() for r in tenpai_rows]
    got = benchmark.pedantic(lambda: _ukeire_by_draws(fn, hands, list), rounds=1, iterations=1)
    _record(benchmark, len(hands))
    assert got == ukeire_expected


# ---------------------------------------------------------------------------
# score


@pytest.fixture(scope="module")
def wins():
    """200 closed winning hands: (34 counts with the win tile, win kind, 136-ids with the win id first,
    win id, situation keywords)."""
    hands, melds, win = winning_shapes(600, 20261201)
    rng = np.random.default_rng(11)
    out = []
    for i in range(len(hands)):
        if melds[i].any() or any(hands[i][k] == 4 for k in (4, 13, 22)):
            continue  # closed hands (ids and counts carry no melds); no fourth five (riichienv reads 4k as red)
        w = int(win[i])
        ids = _ids(hands[i])
        ids.remove(4 * w + 4 - int(hands[i][w]))  # the win tile: the last copy _ids gave
        win_id = 4 * w + 4 - int(hands[i][w])
        free = [k for k in range(34) if hands[i][k] < 4]  # an indicator is a physical tile too: never a fifth
        kwargs = {"riichi": bool(rng.random() < 0.6), "tsumo": bool(rng.random() < 0.4),
                  "seat_wind": int(rng.integers(0, 4)), "dora": KIND_NAMES[free[int(rng.integers(0, len(free)))]]}
        out.append((hands[i].copy(), w, [win_id] + ids, win_id, kwargs))
        if len(out) == 200:
            break
    return out


RULES = rf.Rules(red_fives=0)  # the ids give no red tile (a five's id 4k is never used)


@pytest.fixture(scope="module")
def score_expected(wins):
    from riichi_fast.scoring.front import pipeline_score

    return [pipeline_score(bytes(c), w, rules=RULES, **kw).raw for c, w, _, _, kw in wins]


def _score_form(form, counts, ids):
    if form == "bytes":
        return bytes(counts)
    if form == "numpy":
        return np.ascontiguousarray(counts, dtype=np.uint8)
    if form == "numpy-ids":
        return np.array(ids, dtype=np.int64)
    if form == "ids":
        return ids
    text = counts_to_mpsz(counts, red=0)
    return text if form == "mpsz" else Hand.parse(text, red=0)


@pytest.mark.benchmark(group="score-input")
@pytest.mark.parametrize("form", FORMS)
def test_score_input(benchmark, form, wins, score_expected):
    """``score(hand, win, riichi=.., tsumo=.., seat_wind=.., dora=.., rules=..)``: the situation written as
    keywords, as a user calls it (riichienv's ``Conditions`` are built outside its timed call)."""
    calls = [(_score_form(form, c, ids), w, kw["riichi"], kw["tsumo"], kw["seat_wind"], kw["dora"])
             for c, w, ids, _, kw in wins]
    score, rules = rf.score, RULES
    got = benchmark(lambda: [score(h, w, riichi=r, tsumo=t, seat_wind=s, dora=d, rules=rules)
                             for h, w, r, t, s, d in calls])
    _record(benchmark, len(calls))
    assert [r.raw for r in got] == score_expected
    assert sum(r.ok for r in got) > len(calls) // 2


@pytest.mark.benchmark(group="score-input")
def test_score_input_ids_kwargs_dict(benchmark, wins, score_expected):
    """The ``ids`` row with the situation as ``**dict``: Python builds a keyword dict per call (~0.3 us)."""
    calls = [(ids, w, kw) for _, w, ids, _, kw in wins]
    score, rules = rf.score, RULES
    got = benchmark(lambda: [score(h, w, rules=rules, **kw) for h, w, kw in calls])
    _record(benchmark, len(calls))
    assert [r.raw for r in got] == score_expected


def _riichienv_situation(rv, kw):
    winds = [rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North]
    return rv.Conditions(tsumo=kw["tsumo"], riichi=kw["riichi"], player_wind=winds[kw["seat_wind"]],
                         round_wind=rv.Wind.East)


@pytest.mark.benchmark(group="score-input")
def test_score_input_riichienv(benchmark, wins):
    """riichienv: ``HandEvaluator(ids, [])`` built and ``calc(win id, dora ids, [], conditions)`` per hand."""
    rv = pytest.importorskip("riichienv._riichienv")
    calls = [(ids, win_id, [4 * KIND_NAMES.index(kw["dora"]) + 3], _riichienv_situation(rv, kw))
             for _, _, ids, win_id, kw in wins]
    evaluator = rv.HandEvaluator
    got = benchmark(lambda: [evaluator(ids, []).calc(w, d, [], c) for ids, w, d, c in calls])
    _record(benchmark, len(calls))
    ours = [rf.score(bytes(c), w, rules="tenhou", **kw) for c, w, _, _, kw in wins]
    assert [r.is_win for r in got] == [o.ok for o in ours]
    for r, o in zip(got, ours):
        if o.ok and not o.yakuman:
            assert (r.han, r.fu) == (o.han, o.fu)


@pytest.mark.benchmark(group="score-input")
def test_score_input_mahjong(benchmark, wins):
    """``mahjong`` 2.1.0 ``HandCalculator.estimate_hand_value`` on the same ids (no red)."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    options = OptionalRules(has_open_tanyao=False, has_aka_dora=False)
    calls = []
    for _, _, ids, win_id, kw in wins:
        config = HandConfig(is_tsumo=kw["tsumo"], is_riichi=kw["riichi"], player_wind=27 + kw["seat_wind"],
                            round_wind=27, options=options)
        calls.append((ids, win_id, [4 * KIND_NAMES.index(kw["dora"]) + 3], config))
    estimate = HandCalculator.estimate_hand_value
    got = benchmark.pedantic(lambda: [estimate(t, w, None, d, c) for t, w, d, c in calls], rounds=3, iterations=1)
    _record(benchmark, len(calls))
    rules = rf.rules.PRESETS["mahjong_lib"].replace(red_fives=0)
    ours = [rf.score(bytes(c), w, rules=rules, **kw) for c, w, _, _, kw in wins]
    assert [r.error is None for r in got] == [o.ok for o in ours]
    for r, o in zip(got, ours):
        if o.ok:
            assert (r.han, r.fu) == (o.han or 13 * o.yakuman, o.fu)


# ---------------------------------------------------------------------------
# score on real wins

REAL_WINS = Path(__file__).resolve().parent.parent / "examples" / "tenhou_wins.txt"
_WIN_FLAGS = ("tsumo", "riichi", "double-riichi", "ippatsu", "chankan", "tenhou")
_WIN_VALUES = ("win", "seat", "round", "dora", "ura", "honba", "sticks")


def _real_win_lines():
    """(hand, options) of each closed win of examples/tenhou_wins.txt (a line with a meld is skipped)."""
    for line in REAL_WINS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        hand, *rest = shlex.split(line)
        if ":" in hand:
            continue  # a meld (pon:, chi:, kan:)
        opts, i = {}, 0
        while i < len(rest):
            name = rest[i][2:]
            if rest[i][:2] != "--" or name not in _WIN_FLAGS + _WIN_VALUES:
                raise ValueError(f"{REAL_WINS.name}: unknown option {rest[i]!r} in {line!r}")
            if name in _WIN_FLAGS:
                opts[name], i = True, i + 1
            else:
                opts[name], i = rest[i + 1], i + 2
        yield hand, opts


@pytest.fixture(scope="module")
def real_wins():
    """The closed real wins: (14 ids, win kind, situation keywords of score, 13 ids, win id, dora ids, ura ids)
    under the ``tenhou`` preset's red fives (the win id: a copy of the winning tile in the hand, red when
    the winning tile is)."""
    red = TENHOU.red_counts
    out = []
    for hand, o in _real_win_lines():
        ids = list(parse_tiles(hand, red=red))
        win = parse_tiles(o["win"], red=red)[0]
        k = win // 4
        win_id = [t for t in ids if t // 4 == k and (t % 4 < red[k]) == (win % 4 < red[k])][-1]
        dora = list(parse_tiles(o["dora"], red=red))
        ura = list(parse_tiles(o["ura"], red=red)) if "ura" in o else []
        kw = {"tsumo": "tsumo" in o, "riichi": "riichi" in o or "double-riichi" in o,
              "double_riichi": "double-riichi" in o, "ippatsu": "ippatsu" in o, "chankan": "chankan" in o,
              "tenhou": "tenhou" in o, "seat_wind": "ESWN".index(o["seat"]), "round_wind": "ESWN".index(o["round"]),
              "dora": tuple(t // 4 for t in dora), "ura": tuple(t // 4 for t in ura), "honba": int(o["honba"]),
              "riichi_sticks": int(o["sticks"])}
        out.append((ids, k, kw, [t for t in ids if t != win_id], win_id, dora, ura))
    assert len(out) >= 400 and all(len(ids) == 14 for ids, *_ in out)
    return out


TENHOU = rf.Rules.preset("tenhou")


@pytest.mark.benchmark(group="score-real")
def test_score_real(benchmark, real_wins):
    """``score(14 ids, win kind, <the line's situation as keywords>, rules=<tenhou preset>)`` on the
    closed wins of examples/tenhou_wins.txt (real Tenhou games)."""
    from riichi_fast.scoring.front import pipeline_score

    calls = [(ids, k, kw["tsumo"], kw["riichi"], kw["double_riichi"], kw["ippatsu"], kw["chankan"], kw["tenhou"],
              kw["seat_wind"], kw["round_wind"], kw["dora"], kw["ura"], kw["honba"], kw["riichi_sticks"])
             for ids, k, kw, *_ in real_wins]
    score, rules = rf.score, TENHOU
    got = benchmark(lambda: [score(h, w, tsumo=t, riichi=r, double_riichi=dr, ippatsu=ip, chankan=ch, tenhou=th,
                                   seat_wind=s, round_wind=rw, dora=d, ura=u, honba=hb, riichi_sticks=st,
                                   rules=rules)
                             for h, w, t, r, dr, ip, ch, th, s, rw, d, u, hb, st in calls])
    _record(benchmark, len(calls))
    assert [r.raw for r in got] == [pipeline_score(ids, k, rules=TENHOU, **kw).raw for ids, k, kw, *_ in real_wins]
    assert all(r.ok for r in got)  # every line is a win of a real game


@pytest.mark.benchmark(group="score-real")
def test_score_real_riichienv(benchmark, real_wins):
    """riichienv: ``HandEvaluator(13 ids, [])`` built and ``calc(win id, dora ids, ura ids, conditions)`` per
    win (its ``Conditions`` built outside the timed call); same wins and han/fu as ours."""
    rv = pytest.importorskip("riichienv._riichienv")
    winds = [rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North]
    calls = []
    for _, _, kw, ids13, win_id, dora, ura in real_wins:
        cond = rv.Conditions(tsumo=kw["tsumo"], riichi=kw["riichi"], double_riichi=kw["double_riichi"],
                             ippatsu=kw["ippatsu"], chankan=kw["chankan"], tsumo_first_turn=kw["tenhou"],
                             player_wind=winds[kw["seat_wind"]], round_wind=winds[kw["round_wind"]],
                             honba=kw["honba"], riichi_sticks=kw["riichi_sticks"])
        calls.append((ids13, win_id, dora, ura, cond))
    evaluator = rv.HandEvaluator
    got = benchmark(lambda: [evaluator(c, []).calc(w, d, u, cd) for c, w, d, u, cd in calls])
    _record(benchmark, len(calls))
    ours = [rf.score(ids, k, rules=TENHOU, **kw) for ids, k, kw, *_ in real_wins]
    assert [r.is_win for r in got] == [o.ok for o in ours]
    for r, o in zip(got, ours):
        if o.ok and not o.yakuman:
            assert (r.han, r.fu) == (o.han, o.fu)


# ---------------------------------------------------------------------------
# Hand and tiles


@pytest.fixture(scope="module")
def hand_strings(shanten_rows):
    return [counts_to_mpsz(r) for r in shanten_rows]


@pytest.mark.benchmark(group="hand-input")
def test_hand_parse(benchmark, hand_strings):
    hands = benchmark(lambda: [Hand.parse(s) for s in hand_strings])
    _record(benchmark, len(hand_strings))
    assert [str(h) for h in hands] == hand_strings


@pytest.mark.benchmark(group="hand-input")
def test_hand_parse_mahjong(benchmark, hand_strings):
    """``mahjong`` ``TilesConverter.one_line_string_to_136_array`` on the same strings (``0`` = red five)."""
    from mahjong.tile import TilesConverter

    fn = TilesConverter.one_line_string_to_136_array
    got = benchmark(lambda: [fn(s, has_aka_dora=True) for s in hand_strings])
    _record(benchmark, len(hand_strings))
    assert [sorted(t // 4 for t in ids) for ids in got] == [sorted(t // 4 for t in Hand.parse(s).closed)
                                                            for s in hand_strings]


@pytest.mark.benchmark(group="hand-input")
@pytest.mark.parametrize("op", ["from_ids", "from_counts", "parse_tiles", "format_tiles", "hash", "eq"])
def test_hand_ops(benchmark, op, shanten_rows, hand_strings):
    hands = [Hand.parse(s) for s in hand_strings]
    ids = [list(h.closed) for h in hands]
    if op == "from_ids":
        got = benchmark(lambda: [Hand.from_ids(x) for x in ids])
        assert got == hands
    elif op == "from_counts":
        counts = [bytes(r) for r in shanten_rows]
        got = benchmark(lambda: [Hand.from_counts(c) for c in counts])
        assert [h.counts34().tolist() for h in got] == [list(c) for c in counts]
    elif op == "parse_tiles":
        got = benchmark(lambda: [parse_tiles(s) for s in hand_strings])
        assert got == [h.closed for h in hands]
    elif op == "format_tiles":
        got = benchmark(lambda: [format_tiles(x) for x in ids])
        assert got == hand_strings
    elif op == "hash":
        copies = [Hand.parse(s) for s in hand_strings]  # fresh objects: nothing cached
        got = benchmark(lambda: [hash(h) for h in copies])
        assert got == [hash(h) for h in hands]
    else:
        copies = [Hand.parse(s) for s in hand_strings]
        got = benchmark(lambda: [a == b for a, b in zip(hands, copies)])
        assert all(got)
    _record(benchmark, len(hands))
