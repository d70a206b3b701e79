"""HandResult builds what is read, once: same values, repr, to_dict, pickle on both scoring paths."""

from __future__ import annotations

import pickle

import pytest

from riichi_fast import _backend
from riichi_fast.scoring import _score_api
from riichi_fast.reference.scoring import score_api as ref_api
from riichi_fast.rules.payment import Payment
from riichi_fast.scoring.result import FuItem, HandResult

CASES = [
    ("234567m234p23455s", "5s", {"riichi": True, "seat_wind": 1, "dora": "4m"}),
    ("123m456p789s11222z", "2z", {"tsumo": True}),
    ("19m19p19s1234567z", "1m", {"tsumo": True}),
    ("1133557799m1144p", "4p", {"rules": "tenhou", "honba": 2, "riichi_sticks": 1}),
    ("234m567p23455s chi:678s", "5s", {"seat_wind": 2}),
    ("123m456p789s1z2z3z4z", "4z", {}),  # does not win
]


@pytest.mark.parametrize("hand, win, kwargs", CASES)
def test_compiled_and_pipeline_results_read_the_same(hand, win, kwargs):
    fast = _score_api.score(hand, win, **kwargs)
    slow = ref_api.score(hand, win, **kwargs)
    assert fast == slow and hash(fast) == hash(slow)
    assert (repr(fast), fast.to_dict(), fast.to_json()) == (repr(slow), slow.to_dict(), slow.to_json())
    for r in (fast, slow):
        back = pickle.loads(pickle.dumps(r))
        assert back == r and back.to_dict() == r.to_dict() and repr(back) == repr(r)


def test_attributes_are_built_on_first_read_and_kept():
    r = _score_api.score("234567m234p23455s", "5s", riichi=True, seat_wind=1, honba=1)
    assert (r._fu, r._payment, r._yaku, r._reading) == (None, None, None, None)
    if not _backend.PUREPYTHON:  # the compiled storage builds the raw tuple on first read too
        assert r._raw is None
        raw = r.raw
        assert r._raw is raw and r.raw is raw and len(raw) == 96
    p = r.payment
    assert p == Payment(8000, 0, 0, 300, 0, 0, 8000, 8300) and type(p) is Payment and r.payment is p
    fu = r.fu_details
    assert fu == (FuItem("base", 20), FuItem("menzen_ron", 10), FuItem("tanki", 2))  # 23455s won on 5s: 40 fu
    assert r.fu_details is fu and r._fu is fu
    assert r.payers() == {"discarder": 8300}
    miss = _score_api.score("123m456p789s1z2z3z4z", "4z")
    assert (miss.payment, miss.fu_details, miss._payment) == (None, (), None)


def test_a_result_rebuilt_from_its_output_reads_the_same():
    r = _score_api.score("1133557799m1144p", "4p", rules="tenhou", tsumo=True)
    again = HandResult.from_output(r.raw, r._params, tsumo=r.tsumo, dealer=r.dealer, is_open=False,
                                   closed34=r._closed34)
    assert again == r and again.to_dict() == r.to_dict() and again.fu_details == r.fu_details


def test_the_storage_is_the_backend_choice():
    from riichi_fast.reference.scoring.result import ResultCore as Twin

    if _backend.PUREPYTHON:
        assert HandResult.__mro__[1] is Twin
    else:
        from riichi_fast.scoring._result import ResultCore

        assert HandResult.__mro__[1] is ResultCore
        r = _score_api.score("123m456p789s11222z", "2z", tsumo=True)
        assert type(r) is HandResult and isinstance(r, ResultCore)


@pytest.mark.parametrize("raw", [(0, 2, 30) + (0,) * 93, [24] + [0] * 95, (0, 1) + (2**70,) * 94, (3,)])
def test_compiled_storage_and_twin_read_the_same(raw):
    """A result built from any int sequence (what from_output and unpickling pass) reads as the twin does."""
    from riichi_fast.reference.scoring.result import ResultCore as Twin

    a = HandResult(raw, None, tsumo=1, dealer=0, is_open=True, closed34=b"\x02" * 7 + b"\x00" * 27)
    b = Twin(raw, None, tsumo=1, dealer=0, is_open=True, closed34=b"\x02" * 7 + b"\x00" * 27)
    names = ["raw", "tsumo", "dealer", "_is_open", "_closed34", "_params", "_raw"]
    if len(raw) == 96:
        names += ["status_code", "status", "han", "fu", "yaku_mask", "yakuman", "dora", "ura_dora", "aka_dora",
                  "kita", "limit", "base_points", "ok", "cost", "total"]
    for name in names:
        assert getattr(a, name) == getattr(b, name), name
        assert type(getattr(a, name)) is type(getattr(b, name)), name
    with pytest.raises(AttributeError):
        a.han = 3


@pytest.mark.skipif(_backend.PUREPYTHON, reason="the compiled storage")
@pytest.mark.parametrize("slot, value, inline", [
    (0, 0, True), (2, 2**31 - 1, True), (2, -2**31, True), (2, 2**31, False), (2, -2**31 - 1, False),
    (66, 2**31 - 1, True), (66, 2**31, False), (66, -2**63, False), (3, 2**32, False), (5, -(2**32), False),
    (4, 2**63 - 1, True), (4, -2**63, True), (4, 2**40, True),  # slot 4, the yaku mask: 64 bits inline
    (67, 1, False), (95, -1, False), (80, 2**62, False),       # reserved slots: stored only as given
])
def test_the_kernel_output_is_packed_inline_only_when_every_slot_fits(slot, value, inline):
    from riichi_fast.scoring._result import _stored_for_tests
    from riichi_fast.reference.scoring.result import ResultCore as Twin

    raw = [0, 3, 40, 1000] + [0] * 92
    raw[slot] = value
    r, packed = _stored_for_tests(HandResult, raw)
    assert packed is inline and type(r) is HandResult
    b = Twin(raw, None)
    assert r.raw == b.raw == tuple(raw) and list(r._out) == raw
    for name in ("status_code", "han", "fu", "yaku_mask", "yakuman", "dora", "kita", "base_points"):
        assert getattr(r, name) == getattr(b, name), name


@pytest.mark.skipif(_backend.PUREPYTHON, reason="the compiled storage")
@pytest.mark.parametrize("slot", [11, 34, 35, 36, 37, 38, 39, 40, 41])
@pytest.mark.parametrize("value, inline", [(2**31 - 1, True), (-2**31, True), (2**31, False), (-2**31 - 1, False),
                                           (2**40, False)])
def test_the_kernel_store_checks_the_64_bit_slots(slot, value, inline):
    # c_store_kernel_output: only O_BASE and the payment slots can leave int32 in the kernel's output
    from riichi_fast.scoring._result import _stored_for_tests
    from riichi_fast.reference.scoring.result import ResultCore as Twin

    raw = [0, 3, 40, 1000] + [0] * 92
    raw[slot] = value
    r, packed = _stored_for_tests(HandResult, raw, kernel=True)
    assert packed is inline and type(r) is HandResult
    assert r.raw == Twin(raw, None).raw == tuple(raw) and list(r._out) == raw
    assert (r.base_points, r.cost, r.total) == (raw[11], raw[40], raw[41])


@pytest.mark.skipif(_backend.PUREPYTHON, reason="the compiled storage")
@pytest.mark.parametrize("hand, win, kwargs", CASES + [
    ("11122233344455m", "5m", {"tsumo": True, "rules": "tenhou", "honba": 1000, "riichi_sticks": 1000}),
    ("19m19p19s1234567z", "7z", {"tenhou": True, "tsumo": True}),
])
def test_the_kernel_store_keeps_what_the_generic_store_keeps(hand, win, kwargs):
    from riichi_fast.scoring._result import _stored_for_tests

    raw = list(_score_api.score(hand, win, **kwargs).raw)
    a, inline_a = _stored_for_tests(HandResult, raw)
    b, inline_b = _stored_for_tests(HandResult, raw, kernel=True)
    assert inline_a is inline_b is True
    assert a.raw == b.raw == tuple(raw) and list(b._out) == raw and (a.yaku_mask, a.status) == (b.yaku_mask, b.status)


@pytest.mark.skipif(_backend.PUREPYTHON, reason="the compiled storage")
def test_recycled_results_read_as_new_ones():
    """HandResult blocks are recycled through a freelist (riichi_fast.scoring._result): a result built on a block
    of another one reads exactly as on a fresh block, whichever way it is built, and is tracked by the
    cycle collector as before (scored results are not: nothing can cycle through them)."""
    import gc

    from riichi_fast.scoring import _result
    from riichi_fast.reference.scoring.result import ResultCore as Twin

    def fresh_reads(hand, win, kwargs):
        return [(_score_api.score(hand, win, **kwargs), ref_api.score(hand, win, **kwargs))]

    burst = [_score_api.score(h, w, **kw) for h, w, kw in CASES for _ in range(120)]
    assert _result._install_freelist(HandResult) is False      # installed once, at import
    del burst                                                   # 720 blocks back: the list keeps 512
    assert _result._freelist_size() == 512
    for hand, win, kwargs in reversed(CASES * 3):               # on recycled blocks, other hands
        (fast, slow), = fresh_reads(hand, win, kwargs)
        assert fast == slow and fast.raw == slow.raw and list(fast._closed34) == list(slow._closed34)
        assert (fast.to_dict(), fast.tsumo, fast.dealer, fast._is_open) == (slow.to_dict(), slow.tsumo, slow.dealer,
                                                                             slow._is_open)
        assert not gc.is_tracked(fast)
        raw = [0, 3, 40, 1000] + [0] * 92                       # built from Python: zeroed, tracked
        built = HandResult.from_output(raw, None)
        assert built.raw == Twin(raw, None).raw and built._closed34 is None and gc.is_tracked(built)
        assert pickle.loads(pickle.dumps(fast)) == fast
    for _ in range(600):                                         # more than the list keeps
        _score_api.score("234567m234p23455s", "5s")
    assert _result._freelist_size() <= 512


@pytest.mark.skipif(_backend.PUREPYTHON, reason="the compiled storage")
def test_the_freelist_takes_only_fixed_size_result_types():
    from riichi_fast.scoring import _result

    for bad in (int, object, "HandResult", tuple):
        with pytest.raises(TypeError, match="subclass of ResultCore"):
            _result._install_freelist(bad)

    class Sub(HandResult):
        __slots__ = ()

    class Finalised(HandResult):
        __slots__ = ("note",)

        def __del__(self):
            seen.append((type(self).__name__, self.han, self.note))

    seen = []
    assert _result._install_freelist(Sub) is False          # one type per process: HandResult's
    r = Sub.from_output([0, 3, 40, 1000] + [0] * 92, None)
    assert type(r) is Sub and r.han == 3
    f = Finalised.from_output([0, 5, 40, 1000] + [0] * 92, None)
    object.__setattr__(f, "note", "x")
    del r, f                                                # freed through HandResult's deallocator
    assert seen == [("Finalised", 5, "x")]


@pytest.mark.skipif(_backend.PUREPYTHON, reason="the compiled storage")
def test_results_hold_and_release_their_type():
    """Each result holds a reference to HandResult (a heap type) and gives it back when freed, through
    the freelist's deallocator, whichever way it was built."""
    import gc
    import sys

    gc.collect()                        # results and classes of earlier tests that wait for the collector
    before = sys.getrefcount(HandResult)
    rs = [_score_api.score("234567m234p23455s", "5s", riichi=True) for _ in range(700)]
    rs += [HandResult.from_output([0, 3, 40, 1000] + [0] * 92, None) for _ in range(300)]
    assert sys.getrefcount(HandResult) == before + 1000
    del rs
    assert sys.getrefcount(HandResult) == before
