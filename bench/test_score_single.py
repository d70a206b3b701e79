"""One hand in, one result out: the public ``riichi_fast.score`` (DESIGN.md target <= 3 us a call).

Run: ``.venv/bin/python -m pytest bench/test_score_single.py -p no:randomly
--benchmark-columns=min,median,mean,rounds``.  Group ``score-single``; one
benchmark call scores the same 200 seeded winning hands (score_corpus: melds,
kans, chiitoitsu, kokushi), each as ``score(hand, win, riichi=<closed>,
dora="<mpsz>", ...)`` (``extra_info["per_hand_us"]`` = min time / 200):

- ``compiled-hand``: the public ``riichi_fast.score`` on pre-parsed ``Hand``
  objects (the compiled front end ``riichi_fast.scoring._score_api``);
- ``compiled-string``: the same on one-line hand strings (``Hand.parse``
  included in the time);
- ``pipeline-hand``: the Python pipeline ``rules.scoring.pipeline_score`` with
  the compiled kernel (the public path before the front end);
- ``reference-hand``: the pipeline with the pure-Python kernel (what
  ``RIICHI_FAST_PUREPYTHON=1`` runs);
- ``mahjong``: ``mahjong`` 2.1.0 ``HandCalculator.estimate_hand_value`` on the
  same hands (136-ids, no red fives).

Where the time went (cProfile + timeit, ``score(hand, "4p", dora="3p")`` on
``234m406p789s11z pon:777z@2``, 2 shared cores under load): the Python pipeline
took ~40-50 us a call, the kernel ~0.4-0.8 us of it.  WinContext construction
and validation with an mpsz dora string ~21 us (as_indicators re-parses the
string every call), ``HandResult.from_output`` ~6.6 us (``out.tolist()`` 1.4 us),
``closed_counts`` (red ids, copies) ~5 us, ``meld_arrays`` + numpy
allocations ~3 us, ``ctx.encode`` ~4 us, argument handling ~3 us; a string hand
added ~150 us of ``Hand.parse``.  The compiled front end (``_score_api``) does
all of it on the stack: ~0.7-0.8 us a call on that hand (kernel ~0.35 us),
~1.1 us a hand on this corpus (perf: kernel 30 %, of which its per-call
rules digest 5 %; front end 15 %; the rest is the caller's ``**kwargs`` and
the result object's allocation and GC).

Issue 9 (perf on ``bench/test_inputs.py``'s closed wins, ``score(ids, win,
riichi=.., tsumo=.., seat_wind=.., dora=.., rules=..)``, ~0.5 us a call): the
kernel (decompose + score) ~48 %, the caller's loop ~9 %, the rest the front
end.  What was cut: Cython's parsing of 23 parameters (~80 ns; now a
vectorcall entry with per-call-site keyword indexes), references taken on the
arguments, the HandResult's three objects (now one compiled ResultCore under
512 bytes, slots packed as int32, kernel output stored directly), the dora
name's dict lookup, PyLong conversions of ids.  A ``**dict`` of keywords
costs the caller ~0.3 us of dict building by itself (``bench/test_inputs.py``
shows both).

Answers are checked outside the timed call: every riichi_fast variant gives
results equal to the reference path (``HandResult`` equality: raw output,
flags, yaku); mahjong agrees with riichi_fast's ``mahjong_lib`` preset (han,
fu, points) on the hands both call winning, and on which hands win.
"""

from __future__ import annotations

import numpy as np
import pytest
from score_corpus import winning_shapes

from riichi_fast.hand import Hand
from riichi_fast.rules import layout as L
from riichi_fast.scoring import pipeline as scoring
from riichi_fast.rules.config import PRESETS, Rules

N = 200
SEED = 20261130
KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
MELD_WORD = {1: "chi", 2: "pon", 3: "kan", 4: "ankan", 5: "kakan"}
RULES = Rules(red_fives=0)  # the corpus has no red tiles (a fourth five is a plain one)


def _text(closed, codes):
    parts = ["".join(KIND_NAMES[k] * int(closed[k]) for k in range(34))]
    for code in codes:
        t, k = int(code) >> 8, int(code) & 0xFF
        if t == 1:
            parts.append(f"chi:{KIND_NAMES[k][0]}{KIND_NAMES[k + 1][0]}{KIND_NAMES[k + 2]}")
        elif t:
            parts.append(f"{MELD_WORD[t]}:{KIND_NAMES[k][0] * (3 if t == 2 else 4)}{KIND_NAMES[k][1]}")
    return " ".join(parts)


@pytest.fixture(scope="module")
def corpus():
    """Per hand: (text, Hand, win tile name, kwargs, mahjong ids)."""
    hands, melds, win = winning_shapes(N, SEED)
    rng = np.random.default_rng(SEED + 1)
    rows = []
    for i in range(N):
        codes = [int(c) for c in melds[i]]
        text = _text(hands[i], codes)
        closed_hand = all(c >> 8 in (0, 4) for c in codes)
        held = [int(x) for x in hands[i]]  # the indicator is a physical tile: one the hand leaves free
        for c in codes:
            t, k = c >> 8, c & 0xFF
            for kk in ((k, k + 1, k + 2) if t == 1 else (k,) * (3 if t == 2 else 4) if t else ()):
                held[kk] += 1
        kwargs = {
            "riichi": bool(closed_hand and rng.random() < 0.7),
            "tsumo": bool(rng.random() < 0.4),
            "seat_wind": int(rng.integers(0, 4)),
        }
        dora = int(rng.integers(0, 34))
        while held[dora] >= 4:
            dora = int(rng.integers(0, 34))
        kwargs["dora"] = KIND_NAMES[dora]
        rows.append((text, Hand.parse(text, red=RULES.red_counts), KIND_NAMES[int(win[i])], kwargs,
                     _mahjong_ids(hands[i], codes, int(win[i]))))
    return rows


def _mahjong_ids(closed, codes, win_kind):
    """(closed ids incl. the win tile, [(type, ids)], win id): ids 4k+3 first, so 4k (red in mahjong) last."""
    nxt = [3] * 34

    def take(k):
        t = 4 * k + nxt[k]
        nxt[k] -= 1
        return t

    melds = []
    for code in codes:
        t, k = code >> 8, code & 0xFF
        if t == 1:
            melds.append((t, [take(k), take(k + 1), take(k + 2)]))
        elif t:
            melds.append((t, [take(k) for _ in range(3 if t == 2 else 4)]))
    w = take(win_kind)
    ids = [w] + [take(k) for k in range(34) for _ in range(int(closed[k]) - (k == win_kind))]
    return ids, melds, w


@pytest.fixture(scope="module")
def expected(corpus):
    """The reference path's results (pipeline + pure-Python kernel)."""
    with _reference_kernel():
        return [scoring.pipeline_score(h, w, rules=RULES, **kw) for _, h, w, kw, _ in corpus]


class _reference_kernel:
    """Route the Python pipeline to the pure-Python kernel (as RIICHI_FAST_PUREPYTHON=1 does)."""

    def __enter__(self):
        from riichi_fast.reference.scoring import score as ref

        self.saved = scoring._KERNEL.get("score")
        scoring._KERNEL["score"] = ref

    def __exit__(self, *exc):
        if self.saved is None:
            scoring._KERNEL.pop("score", None)
        else:
            scoring._KERNEL["score"] = self.saved


def _per_hand(benchmark):
    if benchmark.stats is not None:
        benchmark.extra_info["per_hand_us"] = round(benchmark.stats.stats.min / N * 1e6, 3)


@pytest.mark.benchmark(group="score-single")
@pytest.mark.parametrize("variant", ["compiled-hand", "compiled-string", "pipeline-hand", "reference-hand"])
def test_score_single(benchmark, variant, corpus, expected):
    import riichi_fast

    fn = scoring.pipeline_score if variant.startswith(("pipeline", "reference")) else riichi_fast.score
    calls = [(text if variant.endswith("string") else hand, w, kw) for text, hand, w, kw, _ in corpus]

    def run():
        return [fn(h, w, rules=RULES, **kw) for h, w, kw in calls]

    if variant.startswith("reference"):
        with _reference_kernel():
            results = benchmark(run)
    else:
        results = benchmark(run)
    _per_hand(benchmark)
    assert results == expected
    assert [r.raw for r in results] == [r.raw for r in expected]
    assert sum(r.ok for r in results) > N // 2


@pytest.mark.benchmark(group="score-single")
def test_score_single_mahjong(benchmark, corpus):
    """mahjong 2.1.0 on the same hands, checked against riichi_fast's ``mahjong_lib`` preset."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    kinds = {1: Meld.CHI, 2: Meld.PON, 3: Meld.KAN, 4: Meld.KAN, 5: Meld.SHOUMINKAN}
    options = OptionalRules(has_open_tanyao=False, has_aka_dora=False)
    calls = []
    for _, _, _, kw, (closed, melds, win) in corpus:
        ms = [Meld(kinds[t], ids, opened=t != 4) for t, ids in melds]
        tiles = closed + [t for _, ids in melds for t in ids]
        config = HandConfig(is_tsumo=kw["tsumo"], is_riichi=kw["riichi"], player_wind=27 + kw["seat_wind"],
                            round_wind=27, options=options)
        dora_kind = KIND_NAMES.index(kw["dora"])
        calls.append((tiles, win, ms, [4 * dora_kind + 3], config))
    results = benchmark(lambda: [HandCalculator.estimate_hand_value(t, w, m, d, c) for t, w, m, d, c in calls])
    _per_hand(benchmark)
    rules = PRESETS["mahjong_lib"].replace(red_fives=0)
    ours = [scoring.pipeline_score(h, w, rules=rules, **kw) for _, h, w, kw, _ in corpus]
    assert [r.error is None for r in results] == [o.ok for o in ours]
    both = [(r, o) for r, o in zip(results, ours) if r.error is None]
    assert len(both) > N // 2
    for r, o in both:
        han = o.han or 13 * o.yakuman
        assert (r.han, r.fu, r.cost["total"]) == (han, o.fu, o.total)
    assert all(o.raw[L.O_STATUS] == L.ST_OK for o in ours if o.ok)
