"""Score one recorded win and normalise the answer to Tenhou's terms (:class:`Computed`).

Two scorers: the public :func:`riichi_fast.score` (looked up on the package at each call,
so that a stand-in bound there is used; else :func:`riichi_fast.scoring.front.score`), and
with ``kernel=True`` the scoring kernel itself through the array layout of
docs/SCORING.md.

>>> scorer_name().startswith("riichi_fast.")
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

import riichi_fast as _riichi_fast  # the package (looked up per call: its score may be rebound)
from riichi_fast import _backend
from riichi_fast.enums import MeldType
from riichi_fast.records.hands import quick_hand
from riichi_fast.records.model import RecordedWin
from riichi_fast.records.verify_rules import _red_counted
from riichi_fast.rules import layout as L
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.front import score as front_score
from riichi_fast.scoring.result import HandResult

__all__ = ["Computed", "score_win", "scorer_name"]

_SCORE = _backend.load("scoring._score")
_OPEN = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.SHOUMINKAN)
_DORA_IDS = (52, 53, 54)


@dataclass(frozen=True)
class Computed:
    """What the scorer said about one win (normalised from its result)."""

    status: str
    han: int = 0
    fu: int = 0
    yaku: tuple[tuple[int, int], ...] = ()
    """(Tenhou id, han) of the ordinary yaku, ascending by id."""
    yakuman: tuple[int, ...] = ()
    """Tenhou ids of the yakuman, ascending."""
    yakuman_multiple: int = 0
    dora: int = 0
    ura: int = 0
    aka: int = 0
    kita: int = 0
    """Kita (extracted north) tiles, each worth a dora; Tenhou counts them in its dora (id 52)."""
    limit: int = 0
    """Tenhou's limit code: 0 none .. 5 yakuman (kazoe yakuman is 5 too)."""
    points: int = 0
    """The hand's value without counters or sticks."""
    pay_ron: int = 0
    pay_tsumo_dealer: int = 0
    pay_tsumo_other: int = 0
    honba_ron: int = 0
    honba_tsumo: int = 0
    sticks: int = 0
    result: object = field(default=None, compare=False, repr=False)
    """The scorer's ``HandResult`` (what :mod:`riichi_fast.settle` reads)."""


_COMPUTED_FIELDS = tuple(f.name for f in dataclasses.fields(Computed))


def _public_score():
    """``riichi_fast.score`` if exported, else ``riichi_fast.scoring.front.score``."""
    fn = getattr(_riichi_fast, "score", None)
    return fn if callable(fn) else front_score


def scorer_name() -> str:
    """Which scorer :func:`score_win` uses."""
    fn = _public_score()
    return f"{fn.__module__}.{fn.__name__} ({_backend.BACKEND})"


def _kernel_module():
    """The scoring kernel (``scoring._score``, or its twin under RIICHI_FAST_PUREPYTHON=1)."""
    return _SCORE


def score_win(win: RecordedWin, rules, *, kernel: bool = False) -> Computed:
    """Score a recorded win under ``rules`` and normalise the result.

    The public scorer is used; ``kernel=True`` calls the scoring kernel
    directly through the array layout of docs/SCORING.md instead.
    """
    fn = None if kernel else _public_score()
    if fn is not None:
        return _score_public(fn, win, rules)
    return _score_kernel(win, rules)


def _context_kwargs(win: RecordedWin) -> dict:
    s = win.situation
    return {
        "tsumo": s.tsumo, "riichi": s.riichi, "double_riichi": s.double_riichi, "ippatsu": s.ippatsu,
        "haitei": s.haitei, "houtei": s.houtei, "rinshan": s.rinshan, "chankan": s.chankan,
        "tenhou": s.tenhou, "chiihou": s.chiihou, "seat_wind": s.seat_wind, "round_wind": s.round_wind,
        "dora": tuple([t // 4 for t in s.dora_indicators]),
        "ura": tuple([t // 4 for t in s.ura_indicators]) if s.riichi else (),
        "honba": s.honba_paid, "riichi_sticks": s.riichi_sticks,
    }


def _score_kernel(win: RecordedWin, rules) -> Computed:
    kernel = _kernel_module().score_kernel
    closed = np.zeros(34, dtype=np.uint8)
    for t in win.closed:
        closed[t // 4] += 1
    mt = np.zeros(4, dtype=np.uint8)
    mk = np.zeros(4, dtype=np.uint8)
    n_kita = 0
    i = 0
    for m in win.melds:
        if m.type == MeldType.KITA:
            n_kita += 1
            continue
        mt[i], mk[i] = int(m.type), m.kind
        i += 1
    hand = quick_hand(win)
    if hand is None:
        hand = win.hand
    ctx = WinContext(**_context_kwargs(win)).encode(n_red=hand.n_red if
                                                      _red_counted(rules) else 0,
                                                      n_kita=n_kita)
    params = rules.params()
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    kernel(closed, mt, mk, win.win_tile // 4, ctx, params, out)
    status = int(out[L.O_STATUS])
    if status != L.ST_OK:
        return Computed(status=L.STATUS_NAMES.get(status, str(status)))
    is_open = any(m.type in _OPEN for m in win.melds)
    mask = int(out[L.O_YAKU_MASK])
    table = L.R_HAN_OPEN if is_open else L.R_HAN_CLOSED
    yaku, yakuman = [], []
    for y in range(L.N_YAKU_IDS):
        if mask >> y & 1:
            if params[L.R_YAKUMAN + y] > 0:
                yakuman.append(y)
            else:
                yaku.append((y, int(params[table + y])))
    limit = int(out[L.O_LIMIT])
    result = HandResult.from_output(out, params, tsumo=win.tsumo,
                                    dealer=win.winner == win.dealer, is_open=is_open)
    return Computed(
        status="ok", han=int(out[L.O_HAN]), fu=int(out[L.O_FU]), yaku=tuple(yaku),
        yakuman=tuple(yakuman), yakuman_multiple=int(out[L.O_YAKUMAN]),
        dora=int(out[L.O_DORA]), ura=int(out[L.O_URA]), aka=int(out[L.O_AKA]),
        kita=int(out[L.O_KITA]), limit=_tenhou_limit(limit, L), points=int(out[L.O_HAND_POINTS]),
        pay_ron=int(out[L.O_PAY_RON]), pay_tsumo_dealer=int(out[L.O_PAY_TSUMO_DEALER]),
        pay_tsumo_other=int(out[L.O_PAY_TSUMO_OTHER]), honba_ron=int(out[L.O_HONBA_RON]),
        honba_tsumo=int(out[L.O_HONBA_TSUMO]), sticks=int(out[L.O_STICKS]), result=result)


def _tenhou_limit(limit, L) -> int:
    if limit == L.LIMIT_KAZOE_YAKUMAN:
        return L.LIMIT_YAKUMAN
    if limit == L.LIMIT_KIRIAGE_MANGAN:
        return L.LIMIT_MANGAN
    return int(limit)


_LIMIT_CODES: dict = {}


def _limit_code(name) -> int:
    """Tenhou's limit code of a ``HandResult.limit`` name."""
    code = _LIMIT_CODES.get(name)
    if code is None:
        code = _tenhou_limit({v: k for k, v in L.LIMIT_NAMES.items()}[name], L)
        _LIMIT_CODES[name] = code
    return code


def _score_public(fn, win: RecordedWin, rules) -> Computed:
    # the Hand of to_hand, built without its checks when the record's tiles are plainly valid
    hand = quick_hand(win)
    if hand is None:
        hand = win.hand
    s = win.situation  # the keywords of _context_kwargs, passed without a dict
    res = fn(hand, win.win_tile // 4, rules=rules,
             tsumo=s.tsumo, riichi=s.riichi, double_riichi=s.double_riichi, ippatsu=s.ippatsu,
             haitei=s.haitei, houtei=s.houtei, rinshan=s.rinshan, chankan=s.chankan,
             tenhou=s.tenhou, chiihou=s.chiihou, seat_wind=s.seat_wind, round_wind=s.round_wind,
             dora=tuple([t // 4 for t in s.dora_indicators]),
             ura=tuple([t // 4 for t in s.ura_indicators]) if s.riichi else (),
             honba=s.honba_paid, riichi_sticks=s.riichi_sticks)
    if res.status != "ok":
        return Computed(status=res.status)
    limit = res.limit
    # the (id, han) and yakuman ids of a result depend only on its yaku bits, its limit, the
    # hand being open and the rules: normalised once per such key
    is_open = False
    for m in win.melds:
        if m.type in _OPEN:
            is_open = True
            break
    key = (res.yaku_mask, limit, is_open, id(rules))
    hit = _YAKU_CACHE.get(key)
    if hit is not None and hit[0] is rules:
        yaku, yakuman = hit[1], hit[2]
    else:
        yaku, yakuman = [], []
        for y in res.yaku:
            if y.yakuman:
                yakuman.append(y.tenhou_id)
            elif y.tenhou_id not in _DORA_IDS:
                yaku.append((y.tenhou_id, y.han))
        yaku, yakuman = tuple(sorted(yaku)), tuple(sorted(yakuman))
        if len(_YAKU_CACHE) >= 4096:
            _YAKU_CACHE.clear()
        _YAKU_CACHE[key] = (rules, yaku, yakuman)
    p = res.payment
    c = _new_computed(Computed)  # Computed(...) of these values, without 19 frozen setattr calls
    c.__dict__.update(zip(_COMPUTED_FIELDS, (
        "ok", res.han, res.fu, yaku, yakuman, res.yakuman, res.dora, res.ura_dora, res.aka_dora,
        res.kita, _limit_code(limit), p.hand_points, p.ron, p.tsumo_dealer, p.tsumo_other,
        p.honba_ron, p.honba_tsumo, p.sticks, res)))
    return c


_YAKU_CACHE: dict = {}
_new_computed = object.__new__
