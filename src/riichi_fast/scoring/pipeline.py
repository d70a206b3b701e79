"""The Python pipeline of :func:`riichi_fast.scoring.front.score`: its steps and :func:`pipeline_score`.

Short steps: coerce the hand and the winning tile, build the win context,
encode the three kernel arrays, call the scoring kernel chosen by
:func:`riichi_fast._backend.load` (compiled ``scoring._score`` or its twin
``reference.scoring.score``), decode the output.  Bad *input* raises a
:class:`~riichi_fast.errors.RiichiError`; a hand that does not win is a
status of the result.  The compiled front end ``scoring._score_api`` reads
the plain input forms itself and calls this pipeline for every other form
and every input error.

>>> pipeline_score("123m456p789s11122z", "2z", tsumo=True, seat_wind=1, round_wind=1)
HandResult(ok: 1 han 40 fu, tsumo 400/700; menzen tsumo 1)
"""
from __future__ import annotations

import numbers

import numpy as np

from riichi_fast import _backend
from riichi_fast.errors import ContextError, TileCountError, TileParseError
from riichi_fast.hand import Hand, as_hand
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import DEFAULT, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.result import HandResult
from riichi_fast.tiles import KIND_NAMES, parse_tiles

__all__ = [
    "apply_dora_rules", "check_indicator_copies", "closed_counts", "coerce_hand", "coerce_rules", "encode",
    "n_red_under", "pipeline_score", "red_ids", "win_context", "win_tile_of",
]

_SITUATION = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "open_riichi", "haitei", "houtei", "rinshan", "chankan",
    "tenhou", "chiihou", "renhou", "paarenchan", "seat_wind", "round_wind", "dora", "ura", "honba", "riichi_sticks",
)


def _kernel():
    """The scoring kernel module chosen by the backend (loaded once)."""
    module = _KERNEL.get("score")
    if module is None:
        module = _KERNEL["score"] = _backend.load("scoring._score")
    return module


_KERNEL: dict = {}


# ---------------------------------------------------------------------------
# steps


def coerce_rules(rules) -> Rules:
    """A Rules object from a Rules or a preset name."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    raise ContextError(f"rules must be a Rules object or a preset name, got {rules!r}")


def coerce_hand(hand, rules: Rules) -> Hand:
    """The hand as a :class:`~riichi_fast.hand.Hand` (red tiles read with the rules' red configuration)."""
    return as_hand(hand, red=rules.red_counts)


def win_tile_of(win_tile, rules: Rules) -> tuple[int, bool]:
    """``(kind, is_red)`` of the winning tile: a kind 0..33 or a tile name such as ``'5p'`` or ``'0p'``."""
    if type(win_tile) is int and 0 <= win_tile < 34:
        return win_tile, False
    key = (win_tile, rules.red_counts) if isinstance(win_tile, str) else None
    cached = _WIN_TILE_CACHE.get(key) if key is not None else None
    if cached is not None:
        return cached
    if isinstance(win_tile, str):
        name = win_tile.strip()
        ids = parse_tiles(name, red=rules.red_counts)
        if len(ids) != 1:
            raise TileParseError(f"win_tile {win_tile!r} must be one tile")
        tile = ids[0]
        kind = tile // 4
        result = (kind, tile % 4 < rules.red_counts[kind])
        if len(_WIN_TILE_CACHE) < 4096:
            _WIN_TILE_CACHE[key] = result
        return result
    if isinstance(win_tile, numbers.Integral) and not isinstance(win_tile, bool):
        if 0 <= int(win_tile) < 34:
            return int(win_tile), False
        raise TileParseError(
            f"win_tile {win_tile!r}: an int win tile is a kind 0..33 (pass a name like '0p' for a red five)"
        )
    raise TileParseError(f"win_tile must be a kind 0..33 or a tile name like '5p', got {win_tile!r}")


_WIN_TILE_CACHE: dict = {}
_RED_IDS_CACHE: dict = {}


def red_ids(red: tuple) -> frozenset:
    """The 136-ids that are red under a red configuration (the lowest ids of each kind)."""
    ids = _RED_IDS_CACHE.get(red)
    if ids is None:
        ids = frozenset(4 * k + i for k in range(34) for i in range(red[k]))
        _RED_IDS_CACHE[red] = ids
    return ids


def n_red_under(hand: Hand, red: tuple) -> int:
    """Red tiles of ``hand`` (closed and melds) under the red configuration ``red`` (34 counts).

    >>> n_red_under(as_hand("406m406p406s1122z"), (0,) * 13 + (2,) + (0,) * 20)
    1
    """
    reds = red_ids(red)
    if not reds:
        return 0
    n = len(reds.intersection(hand.closed))
    for m in hand.melds:
        n += len(reds.intersection(m.tiles))
    return n


def closed_counts(hand: Hand, win_tile, rules: Rules) -> tuple[np.ndarray, int, int]:
    """Closed counts with the winning tile, its kind, and the hand's red tiles (under ``rules``)."""
    n_red = n_red_under(hand, rules.red_counts)
    counts = hand.counts34().copy()
    if hand.tile_count == 14:
        if win_tile is None:
            raise ContextError("a 14-tile hand needs win_tile (which tile won the hand)")
        kind, _ = win_tile_of(win_tile, rules)
        if counts[kind] == 0:
            raise TileCountError(f"win_tile {KIND_NAMES[kind]} is not among the closed tiles of {hand}")
        return counts, kind, n_red
    if win_tile is None:
        raise ContextError(f"a 13-tile hand needs win_tile: {hand}")
    kind, is_red = win_tile_of(win_tile, rules)
    if int(hand.all_counts34()[kind]) >= 4:
        raise TileCountError(f"win_tile {KIND_NAMES[kind]} would be a fifth copy in {hand}")
    counts[kind] += 1
    return counts, kind, n_red + int(is_red)


def win_context(context, rules: Rules, situation: dict) -> WinContext:
    """The WinContext from ``context=`` or the keyword arguments (not both), after :func:`apply_dora_rules`."""
    if context is not None:
        if not isinstance(context, WinContext):
            raise ContextError(f"context must be a WinContext, got {context!r}")
        defaults = WinContext()
        changed = [k for k, v in situation.items() if v != getattr(defaults, k) and v != ()]
        if changed:
            raise ContextError(f"pass either context= or {', '.join(changed)}, not both")
        ctx = context
    else:
        ctx = WinContext(**situation)
    return apply_dora_rules(ctx, rules)


def apply_dora_rules(ctx: WinContext, rules: Rules) -> WinContext:
    """Drop the indicators the rules do not use: ura-dora (``ura_dora``), kan dora and kan ura (``kan_dora``)."""
    if ctx.ura and not rules.ura_dora:
        ctx = ctx.replace(ura=())
    if not rules.kan_dora and (len(ctx.dora) > 1 or len(ctx.ura) > 1):
        ctx = ctx.replace(dora=ctx.dora[:1], ura=ctx.ura[:1])
    return ctx


def encode(hand, win_tile=None, context: WinContext | None = None, rules: Rules = DEFAULT):
    """The kernel arguments ``(closed34, meld_types, meld_kinds, win_kind, ctx, params)`` of a hand.

    >>> closed, types, kinds, win, ctx, params = encode("123m456p1122z pon:777z", "2z")
    >>> int(closed.sum()), types.tolist(), kinds.tolist(), win
    (11, [2, 0, 0, 0], [33, 0, 0, 0], 28)
    """
    rules = coerce_rules(rules)
    return _encode(coerce_hand(hand, rules), win_tile, WinContext() if context is None else context, rules)


def check_indicator_copies(hand: Hand, closed, context: WinContext) -> None:
    """TileCountError naming the first dora / ura indicator that would be a fifth copy of its tile.

    Indicators are physical tiles: with the hand's tiles (``closed`` holds the winning
    tile; melds and kita included) at most four of a kind exist.

    >>> pipeline_score("1111m234p567s789s5z", "5z", dora="1m")
    Traceback (most recent call last):
    ...
    riichi_fast.errors.TileCountError: dora indicator 1m would be a fifth 1m (4 in the hand 1111m234p567789s5z, 0 among the indicators before it)
    """
    if not context.dora and not context.ura:
        return
    held = [int(c) for c in closed]
    for m in hand.melds:
        for t in m.tiles:
            held[t >> 2] += 1
    seen = [0] * 34
    for which, kinds in (("dora", context.dora), ("ura", context.ura)):
        for k in kinds:
            if held[k] + seen[k] >= 4:
                raise TileCountError(f"{which} indicator {KIND_NAMES[k]} would be a fifth {KIND_NAMES[k]} "
                                     f"({held[k]} in the hand {hand}, {seen[k]} among the indicators before it)")
            seen[k] += 1


def _encode(hand: Hand, win_tile, context: WinContext, rules: Rules):
    closed, win_kind, n_red = closed_counts(hand, win_tile, rules)
    if rules.reject_impossible and (context.dora or context.ura):
        check_indicator_copies(hand, closed, apply_dora_rules(context, rules))  # the indicators used
    mt, mk = hand.meld_arrays()
    if mt:
        types = np.zeros(4, dtype=np.uint8)
        kinds = np.zeros(4, dtype=np.uint8)
        types[: len(mt)] = mt
        kinds[: len(mk)] = mk
    else:
        types = kinds = _NO_MELDS
    ctx = context.encode(n_red=n_red, n_kita=hand.n_kita if hand.melds else 0)
    return closed, types, kinds, win_kind, ctx, rules.params()


_NO_MELDS = np.zeros(4, dtype=np.uint8)
_NO_MELDS.setflags(write=False)


# ---------------------------------------------------------------------------
# the public function


def pipeline_score(
    hand,
    win_tile=None,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    open_riichi: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    paarenchan: bool = False,
    seat_wind=0,
    round_wind=0,
    dora=(),
    ura=(),
    honba: int = 0,
    riichi_sticks: int = 0,
    context: WinContext | None = None,
    rules=DEFAULT,
) -> HandResult:
    """Score a winning hand under ``rules`` (a :class:`Rules` or a preset name): the Python pipeline.

    :func:`riichi_fast.scoring.front.score` is this function's compiled twin
    (``riichi_fast.scoring._score_api``) unless ``RIICHI_FAST_PUREPYTHON=1``; both give the
    same results and errors.

    ``hand``: a one-line hand string (``"123m406p11z pon:777z"``), a
    :class:`~riichi_fast.hand.Hand`, 136-ids or 34 counts; 14 tiles (winning
    tile included, like the ``mahjong`` package) or 13 plus ``win_tile``.
    ``win_tile``: a tile name (``"5p"``, ``"0p"`` for a red five) or a kind
    0..33.  Winds: 0..3 or ``"ESWN"``; seat wind East is the dealer.
    ``dora``/``ura``: indicator kinds or an mpsz string (``"3p1z"``).
    The situation may instead be given as ``context=WinContext(...)``.

    >>> r = pipeline_score("22456m456p456s345s", "3s", dora="1m", seat_wind="S")
    >>> r.han, r.fu, r.cost, [y.name for y in r.yaku], r.dora
    (6, 30, 12000, ['pinfu', 'tanyao', 'sanshoku doujun'], 2)
    >>> pipeline_score("123m456p789s1122z", "2z", rules="tenhou").status
    'no_yaku'
    """
    rules = coerce_rules(rules)
    if context is None:
        ctx = WinContext(tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu,
                         open_riichi=open_riichi, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
                         tenhou=tenhou, chiihou=chiihou, renhou=renhou, paarenchan=paarenchan, seat_wind=seat_wind,
                         round_wind=round_wind, dora=dora, ura=ura, honba=honba, riichi_sticks=riichi_sticks)
        if (ctx.ura and not rules.ura_dora) or (not rules.kan_dora and (len(ctx.dora) > 1 or len(ctx.ura) > 1)):
            ctx = apply_dora_rules(ctx, rules)
    else:
        situation = {name: value for name, value in locals().items() if name in _SITUATION}
        ctx = win_context(context, rules, situation)
    hand = coerce_hand(hand, rules)
    closed, types, kinds, win_kind, ctx_arr, params = _encode(hand, win_tile, ctx, rules)
    out = np.zeros(L.OUT_SIZE, dtype=np.int64)
    _kernel().score_kernel(closed, types, kinds, win_kind, ctx_arr, params, out)
    return HandResult.from_output(
        out, params, tsumo=ctx.tsumo, dealer=ctx.is_dealer, is_open=not hand.is_closed, closed34=closed
    )

