"""Re-score every recorded win (and settle every draw) and compare with the record.

:func:`verify_game` scores each :class:`~riichi_fast.records.model.RecordedWin`
of a game under a rules preset (``tenhou`` by default, adjusted to the
game's own red-five and open-tanyao flags) and compares, item by item, what
the platform recorded: han, fu, every yaku id with its han, the yakuman ids,
dora / ura / red counts, the limit, the hand's points and the per-seat score
changes (counters, riichi sticks and pao included).  Exhaustive and abortive
draws are settled (noten payments, nagashi mangan) and compared the same way.

Every settlement goes through :mod:`riichi_fast.settle`: each win alone (its
own counters and sticks), then each round as a whole (a double ron settled
together from the table state, the riichi stakes read from the events), and
the next table state (dealer, round wind, counters, sticks, scores) is
compared with the start of the next round.

The scorer is :func:`riichi_fast.score` when the package exports it, else
:func:`riichi_fast.scoring.front.score`; ``score_win(..., kernel=True)`` calls
the scoring kernel directly through the array layout of docs/SCORING.md.

>>> from riichi_fast.records.verify import noten_changes
>>> noten_changes((1,), 4)
(-1000, 3000, -1000, -1000)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import riichi_fast as _riichi_fast  # the package (looked up per call: its score may be rebound)
from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.records.hands import quick_hand
from riichi_fast.records.model import (
    DrawKind,
    Game,
    RecordedDraw,
    RecordedWin,
    Round,
    tiles_mpsz,
)

__all__ = [
    "Computed",
    "DrawCheck",
    "GameReport",
    "Mismatch",
    "VerifyReport",
    "WinCheck",
    "check_draw",
    "check_round",
    "check_win",
    "cut_short",
    "draw_changes",
    "final_mismatches",
    "format_game_report",
    "format_report",
    "format_summary",
    "format_win_check",
    "main",
    "noten_changes",
    "rules_for_game",
    "score_win",
    "start_mismatches",
    "verify_game",
    "verify_paths",
    "win_changes",
]

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


@dataclass(frozen=True)
class Mismatch:
    """One item where the record and the computation disagree."""

    item: str
    recorded: object
    computed: object


@dataclass(frozen=True)
class WinCheck:
    """The verification of one win."""

    win: RecordedWin
    computed: Computed | None
    changes: tuple[int, ...] | None
    """Per-seat changes computed from the scorer's payments."""
    mismatches: tuple[Mismatch, ...] = ()
    error: str | None = None
    """The exception text when scoring raised (input rejected)."""

    @property
    def ok(self) -> bool:
        return self.error is None and not self.mismatches

    def __getattr__(self, name):
        # A check of the compiled path (records._verify.check_wins) is built without its
        # ``computed``: the public scorer's answer, computed here on first read (the summary
        # path never reads it).  The value is the one _check_win would have stored.
        if name == "computed":
            d = self.__dict__
            rules = d.get("_rules")
            if rules is not None:
                c = score_win(d["win"], rules)
                d["computed"] = c
                del d["_rules"]
                return c
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self):
        if "_rules" in self.__dict__:
            self.computed  # noqa: B018 - computed now: a pickled check carries it
        return self.__dict__


@dataclass(frozen=True)
class DrawCheck:
    """The verification of one draw's settlement."""

    draw: RecordedDraw
    changes: tuple[int, ...] | None
    """Computed per-seat changes (``None``: the record lacks what they need)."""
    mismatches: tuple[Mismatch, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.mismatches


@dataclass
class GameReport:
    """Checks of every win and draw of one game, and of the game as a whole.

    ``errors``: what makes the record damaged or incomplete (no round, a round
    with no result), each naming the file and the position.  ``mismatches``:
    game-level items that disagree (``final_scores``, ``placements``).
    """

    source: str
    wins: list[WinCheck] = field(default_factory=list)
    draws: list[DrawCheck] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    rounds: int = 0

    @property
    def n_wins(self) -> int:
        return len(self.wins)

    @property
    def n_wins_ok(self) -> int:
        return sum(c.ok for c in self.wins)

    @property
    def n_draws_ok(self) -> int:
        return sum(c.ok for c in self.draws)

    @property
    def n_unsupported(self) -> int:
        """Draws whose settlement the record does not allow to compute (tenpai seats unknown)."""
        return sum(c.changes is None and c.ok for c in self.draws)

    @property
    def failures(self) -> list:
        return [c for c in self.wins if not c.ok] + [c for c in self.draws if not c.ok]

    @property
    def ok(self) -> bool:
        """Every win and draw matched, no game-level mismatch, no error."""
        return not self.errors and not self.mismatches and not self.failures


@dataclass
class VerifyReport:
    """Checks of many games, plus the files that could not be read."""

    games: list[GameReport] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    scorer: str = ""

    @property
    def wins(self) -> list[WinCheck]:
        return [c for g in self.games for c in g.wins]

    @property
    def draws(self) -> list[DrawCheck]:
        return [c for g in self.games for c in g.draws]

    @property
    def n_wins(self) -> int:
        return sum(g.n_wins for g in self.games)

    @property
    def n_wins_ok(self) -> int:
        return sum(g.n_wins_ok for g in self.games)

    def summary(self) -> str:
        """One line: games, wins matched, draws matched, unreadable files."""
        draws = self.draws
        return (f"{len(self.games)} games: {self.n_wins_ok}/{self.n_wins} wins match, "
                f"{sum(c.ok for c in draws)}/{len(draws)} draws match, "
                f"{len(self.unreadable)} unreadable files (scorer: {self.scorer})")


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------

def rules_for_game(game: Game, base=None):
    """``base`` (default: the ``tenhou`` preset) with the game's own flags.

    A Tenhou lobby may play without red fives or without open tanyao; the
    record says so and the verification follows it.  Three-player games get
    the ``tenhou_3p`` preset when ``base`` is not given.

    >>> from riichi_fast.records import GameRules, Game
    >>> sum(rules_for_game(Game("x", "mjlog", GameRules(red_fives=False), ())).red_fives)
    0
    """
    from riichi_fast.rules import config

    if base is None:
        base = config.TENHOU_3P if game.rules.three_player else config.TENHOU
    changes = {}
    if not game.rules.red_fives and sum(base.red_fives):
        changes["red_fives"] = 0
    if game.rules.open_tanyao != base.open_tanyao:
        changes["open_tanyao"] = game.rules.open_tanyao
    return base.replace(**changes) if changes else base


# ---------------------------------------------------------------------------
# Scoring one win
# ---------------------------------------------------------------------------

def _public_score():
    """``riichi_fast.score`` if exported, else ``riichi_fast.scoring.front.score``."""
    fn = getattr(_riichi_fast, "score", None)
    if callable(fn):
        return fn
    try:
        from riichi_fast.scoring.front import score
    except ImportError:
        return None
    return score


def scorer_name() -> str:
    """Which scorer :func:`score_win` uses."""
    fn = _public_score()
    if fn is not None:
        from riichi_fast import _backend

        return f"{fn.__module__}.{fn.__name__} ({_backend.BACKEND})"
    return f"score_kernel ({_kernel_module().__name__})"


def _kernel_module():
    """The compiled scoring kernel, or its reference twin while it is not built."""
    from riichi_fast import _backend

    try:
        return _backend.load("scoring._score")
    except ImportError:
        import importlib

        return importlib.import_module("riichi_fast.reference.scoring.score")


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
    import numpy as np

    from riichi_fast.rules import layout as L
    from riichi_fast.rules.context import WinContext

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
    from riichi_fast.scoring.result import HandResult

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


def _red_counted(rules) -> bool:
    red = getattr(rules, "red_fives", None)
    try:
        return sum(red) > 0
    except TypeError:
        return bool(red)


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
        from riichi_fast.rules import layout as L

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
_new_computed = _new_check = object.__new__


# ---------------------------------------------------------------------------
# Settlement
# ---------------------------------------------------------------------------

def _base_rules(three_player: bool, rules=None):
    if rules is not None:
        return rules
    from riichi_fast.rules import config

    return config.TENHOU_3P if three_player else config.TENHOU


def _settle():
    """:mod:`riichi_fast.settle` (imported on first use, then kept)."""
    global _SETTLE
    if _SETTLE is None:
        from riichi_fast import settle

        _SETTLE = settle
    return _SETTLE


_SETTLE = None


def _hand_value(win: RecordedWin, c: Computed):
    """What :mod:`riichi_fast.settle` reads: the HandResult, or the payments of ``c``."""
    settle = _SETTLE if _SETTLE is not None else _settle()
    if c.result is not None:
        return settle.hand_value(c.result)
    from riichi_fast.rules.yaku import YAKU

    # Without the scorer's result the yakuman names come from the Tenhou ids;
    # with none known a recorded liable seat is trusted (HandValue.yakuman=None).
    yakuman = tuple((YAKU[y].name, YAKU[y].yakuman) for y in c.yakuman) or None
    return settle.HandValue(win.tsumo, win.winner == win.dealer, c.pay_ron, c.pay_tsumo_dealer,
                            c.pay_tsumo_other, yakuman)


def win_changes(win: RecordedWin, c: Computed, pao_honba: str = "liable",
                rules=None) -> tuple[int, ...]:
    """Per-seat score changes of one win, settled by :func:`riichi_fast.settle.settle_win`.

    The win is settled alone, with the counters and sticks the record gives
    this winner (none for the second winner of a Tenhou double ron).  With a
    liable player (pao, recorded): on tsumo he pays everything; on ron he and
    the discarder pay half each, the counters going to ``pao_honba``
    (``liable`` on Tenhou, else the discarder).  ``rules`` defaults to the
    ``tenhou`` (or ``tenhou_3p``) preset.
    """
    return _win_changes(win, c, pao_honba, rules)[0]


def _win_changes(win: RecordedWin, c: Computed, pao_honba: str, rules):
    """:func:`win_changes` and the ``HandValue`` it settled."""
    settle = _SETTLE if _SETTLE is not None else _settle()
    if rules is None:
        rules = _base_rules(win.three_player, rules)
    if rules.pao_honba != pao_honba:
        rules = rules.replace(pao_honba=pao_honba)
    s = win.situation
    table = settle.TableState(win.dealer, s.round_wind, s.honba_paid, s.riichi_sticks, None,
                              3 if win.three_player else 4)
    value = _hand_value(win, c)
    won = settle.settle_win(table, [settle.Win(win.winner, value, win.discarder,
                                               win.recorded.pao)], (), rules)
    return won.payments, value


def noten_changes(tenpai: Iterable[int], n: int = 4, pool: int | None = None) -> tuple[int, ...]:
    """Noten payments of an exhaustive draw: ``pool`` from the noten to the tenpai seats.

    ``pool`` defaults to the ``tenhou`` (3000) or ``tenhou_3p`` (2000) preset's.

    >>> noten_changes((0, 2)), noten_changes((0, 1, 3)), noten_changes(())
    ((1500, -1500, 1500, -1500), (1000, 1000, -3000, 1000), (0, 0, 0, 0))
    >>> noten_changes((1,), 3), noten_changes((1,), 3, pool=3000)
    ((-1000, 2000, -1000), (-1500, 3000, -1500))
    """
    from riichi_fast import settle
    from riichi_fast.rules import config

    rules = config.TENHOU_3P if n == 3 else config.TENHOU
    if pool is not None:
        rules = rules.replace(noten_payment=pool)
    return settle.settle_exhaustive_draw(settle.TableState(n_players=n), tuple(tenpai),
                                         rules=rules).payments


def nagashi_changes(seats: Iterable[int], dealer: int, n: int = 4) -> tuple[int, ...]:
    """Nagashi mangan paid as a mangan tsumo by each seat in ``seats`` (no counters).

    >>> nagashi_changes((2,), dealer=3)
    (-2000, -2000, 8000, -4000)
    """
    from riichi_fast import settle
    from riichi_fast.rules import config

    rules = config.TENHOU_3P if n == 3 else config.TENHOU
    return settle.settle_exhaustive_draw(settle.TableState(dealer=dealer, n_players=n),
                                         nagashi=tuple(seats), rules=rules).payments


#: record draw kinds -> abortive draw names of riichi_fast.settle
_ABORTIVE_NAMES = {
    DrawKind.KYUUSHU: "kyuushu_kyuuhai",
    DrawKind.SUUFON: "suufon_renda",
    DrawKind.SUUCHA_RIICHI: "suucha_riichi",
    DrawKind.SANCHAHOU: "sanchahou",
    DrawKind.SUUKAIKAN: "suukaikan",
}


def _settle_draw(draw: RecordedDraw, rules, table=None, declared=()):
    """The :class:`riichi_fast.settle.Settlement` of a draw, or ``None`` (tenpai seats unknown)."""
    from riichi_fast import settle

    rules = _base_rules(draw.n_players == 3, rules)
    if table is None:
        table = settle.TableState(dealer=draw.dealer, honba=draw.honba, n_players=draw.n_players)
    if draw.kind in DrawKind.ABORTIVE:
        return settle.settle_abortive_draw(table, _ABORTIVE_NAMES[draw.kind], rules,
                                           riichi_declared=declared)
    if draw.kind == DrawKind.NAGASHI_MANGAN:
        if not draw.nagashi:
            return None
        # tenhou.net/6 does not list the tenpai seats of a nagashi: the riichi seats are
        # tenpai by force (the dealer's repeat is then unknown; check_draw skips it)
        tenpai = declared if draw.tenpai is None else draw.tenpai
        return settle.settle_exhaustive_draw(table, tenpai, declared, draw.nagashi, rules)
    if draw.tenpai is None:
        return None
    return settle.settle_exhaustive_draw(table, draw.tenpai, declared, (), rules)


def draw_changes(draw: RecordedDraw, rules=None) -> tuple[int, ...] | None:
    """Per-seat changes of a draw, or ``None`` when the record lacks the tenpai seats."""
    s = _settle_draw(draw, rules)
    return None if s is None else s.payments


# ---------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------

def check_win(win: RecordedWin, rules, *, kernel: bool = False) -> WinCheck:
    """Score one win and list every item that disagrees with the record."""
    return _check_win(win, rules, kernel)[0]


def _check_win(win: RecordedWin, rules, kernel: bool):
    """:func:`check_win` and the ``HandValue`` its settlement read (``None`` if none was)."""
    try:
        c = score_win(win, rules, kernel=kernel)
    except Exception as exc:  # noqa: BLE001 - a rejected input is a finding, not a crash
        return WinCheck(win, None, None, (Mismatch("error", None, repr(exc)),),
                        error=f"{type(exc).__name__}: {exc}"), None
    rec = win.recorded
    mm: list[Mismatch] = []
    if c.status != "ok":
        mm.append(Mismatch("status", "ok", c.status))
        return WinCheck(win, c, None, tuple(mm)), None
    is_yakuman = bool(rec.yakuman)
    # a record that states no yaku at all (mjai: score changes only) says nothing about yakuman either
    states_yaku = is_yakuman or rec.han is not None or bool(rec.yaku)
    if (is_yakuman or c.yakuman) and states_yaku and tuple(sorted(rec.yakuman)) != c.yakuman:
        mm.append(Mismatch("yakuman", tuple(sorted(rec.yakuman)), c.yakuman))
    if not is_yakuman:
        if rec.han is not None and rec.han != c.han:
            mm.append(Mismatch("han", rec.han, c.han))
        if rec.fu is not None and rec.fu != c.fu:
            mm.append(Mismatch("fu", rec.fu, c.fu))
        if rec.han is not None or rec.yaku:
            ry = tuple(sorted(rec.yaku))
            if ry != c.yaku:
                mm.append(Mismatch("yaku", ry, c.yaku))
        # Tenhou's dora (yaku id 52) includes the kita tiles of a three-player hand
        if rec.dora is not None and rec.dora != c.dora + c.kita:
            mm.append(Mismatch("dora", rec.dora, c.dora + c.kita))
        if rec.aka is not None and rec.aka != c.aka:
            mm.append(Mismatch("aka", rec.aka, c.aka))
        if rec.ura is not None and win.ura_known and rec.ura != c.ura:
            mm.append(Mismatch("ura", rec.ura, c.ura))
    if rec.limit is not None and rec.limit != c.limit:
        mm.append(Mismatch("limit", rec.limit, c.limit))
    if rec.points is not None and rec.points != c.points:
        mm.append(Mismatch("points", rec.points, c.points))
    try:
        changes, value = _win_changes(win, c, getattr(rules, "pao_honba", "liable"),
                                      _base_rules(win.three_player, rules))
    except RiichiError as exc:  # the settlement rejected the win (rules for another table...)
        mm.append(Mismatch("settlement", None, f"{type(exc).__name__}: {exc}"))
        return WinCheck(win, c, None, tuple(mm)), None
    if rec.score_changes is not None and tuple(rec.score_changes) != changes:
        mm.append(Mismatch("score_changes", tuple(rec.score_changes), changes))
    check = _new_check(WinCheck)  # WinCheck(win, c, changes, tuple(mm)) without frozen setattr calls
    check.__dict__.update(win=win, computed=c, changes=changes, mismatches=tuple(mm), error=None)
    return check, value


def check_draw(draw: RecordedDraw, rules=None, *, rnd: Round | None = None,
               nxt: Round | None = None) -> DrawCheck:
    """Settle one draw and compare with the recorded score changes.

    With its round ``rnd`` the draw is settled from the round's table state
    (riichi stakes from the events); with the next round ``nxt`` too, the
    next table state is compared with that round's start (item ``next_table``).
    """
    return _check_draw(draw, rules, rnd, nxt, None if rnd is None else _declared(rnd))


def _check_draw(draw: RecordedDraw, rules, rnd: Round | None, nxt: Round | None,
                declared: tuple[int, ...] | None) -> DrawCheck:
    """:func:`check_draw` given ``_declared(rnd)``."""
    table = None
    if rnd is not None:
        table = _round_table(rnd, draw.n_players)
    try:
        settled = _settle_draw(draw, rules, table, declared or ())
    except RiichiError as exc:  # e.g. an abortive draw the given rules do not play
        return DrawCheck(draw, None, (Mismatch("settlement", None, f"{type(exc).__name__}: {exc}"),))
    changes = None if settled is None else settled.payments
    mm = []
    if changes is not None and draw.score_changes is not None \
            and tuple(draw.score_changes) != changes:
        mm.append(Mismatch("score_changes", tuple(draw.score_changes), changes))
    if settled is not None and rnd is not None and nxt is not None and draw.tenpai is not None:
        mm += _next_table_mismatches(settled, nxt)
    return DrawCheck(draw, changes, tuple(mm))


def _declared(rnd: Round) -> tuple[int, ...]:
    """Seats whose riichi stake was paid in the round (``riichi_accepted`` events); compiled:
    ``records._round.declared`` (its twin :func:`_declared_py`)."""
    kept = getattr(rnd, "_declared_seats", None)  # the reader's (RoundReplay.remember_declared)
    if kept is not None:
        events = rnd.events
        if kept[0] is events and len(events) == kept[1]:
            return kept[2]
    fn = _DECLARED[0] if _DECLARED else _compiled_declared()
    if fn is not None:
        seats = fn(rnd.events)
        if seats is not None:
            return seats
    return _declared_py(rnd)


_DECLARED: list = []


def _compiled_declared():
    """``records._round.declared`` (None under RIICHI_FAST_PUREPYTHON=1)."""
    from riichi_fast import _backend

    mod = _backend.compiled("records._round")
    _DECLARED.append(None if mod is None else mod.declared)
    return _DECLARED[0]


def _declared_py(rnd: Round) -> tuple[int, ...]:
    """:func:`_declared` in Python."""
    events = rnd.events
    types = [ev.type for ev in events]  # one quick pass (faster than map/attrgetter on 3.11)
    if "riichi_accepted" not in types:
        return ()
    seats = set()
    i = types.index("riichi_accepted")
    try:
        while True:  # list.index scans in C: a few declarations among a hundred events
            seats.add(events[i].seat)
            i = types.index("riichi_accepted", i + 1)
    except ValueError:
        pass
    return tuple(sorted(seats))


def _round_table(rnd: Round, n: int):
    settle = _SETTLE if _SETTLE is not None else _settle()
    scores = tuple(rnd.scores) if rnd.scores and len(rnd.scores) == n else None
    return settle.TableState(rnd.dealer, rnd.round_wind, rnd.honba, rnd.riichi_sticks, scores, n)


def _next_table_mismatches(settled, nxt: Round) -> list[Mismatch]:
    got = settled.next
    want = (nxt.dealer, nxt.round_wind, nxt.honba, nxt.riichi_sticks, tuple(nxt.scores))
    have = (got.dealer, got.round_wind, got.honba, got.riichi_sticks, got.scores)
    if settled.table.scores == (0,) * got.n_players:  # scores unknown: compare the rest
        want, have = want[:4], have[:4]
    return [] if want == have else [Mismatch("next_table", want, have)]


def check_round(rnd: Round, checks: list[WinCheck], rules, nxt: Round | None = None,
                n: int = 4) -> list[WinCheck]:
    """Settle the wins of one round together (:func:`riichi_fast.settle.settle_win`).

    The table state is the round's start, the riichi stakes come from the
    events; each win's share (``Settlement.per_win``) must equal its recorded
    changes (item ``round_settlement``), and the next table state the start
    of ``nxt`` (item ``next_table``, on the round's last win).  Wins that did
    not score leave the round unsettled.
    """
    return _check_round(rnd, checks, rules, nxt, n, None, None)


def _check_round(rnd: Round, checks: list[WinCheck], rules, nxt: Round | None, n: int,
                 declared: tuple[int, ...] | None, values: list | None) -> list[WinCheck]:
    """:func:`check_round` given ``_declared(rnd)`` and the ``HandValue`` each check settled
    (``None`` items, or ``values=None``: computed here)."""
    if not checks:
        return checks
    for c in checks:
        if c.computed is None or c.computed.status != "ok":
            return checks
    settle = _SETTLE if _SETTLE is not None else _settle()
    if values is None:
        values = [None] * len(checks)
    wins = [settle.Win(c.win.winner, _hand_value(c.win, c.computed) if v is None else v,
                       c.win.discarder, c.win.recorded.pao) for c, v in zip(checks, values)]
    try:
        settled = settle.settle_win(_round_table(rnd, n), wins,
                                    _declared(rnd) if declared is None else declared, rules)
    except RiichiError as exc:
        last = checks[-1]
        return checks[:-1] + [dataclasses.replace(last, mismatches=last.mismatches + (
            Mismatch("round_settlement", None, f"{type(exc).__name__}: {exc}"),))]
    by_winner = dict(zip(settled.winners, settled.per_win))
    out = []
    for i, c in enumerate(checks):
        mm = []
        rec = c.win.recorded.score_changes
        got = by_winner.get(c.win.winner)
        if rec is not None and tuple(rec) != got:
            mm.append(Mismatch("round_settlement", tuple(rec), got))
        if i == len(checks) - 1 and nxt is not None:
            mm += _next_table_mismatches(settled, nxt)
        out.append(dataclasses.replace(c, mismatches=c.mismatches + tuple(mm)) if mm else c)
    return out


def verify_game(game: Game, rules=None, *, kernel: bool = False) -> GameReport:
    """Re-score every win and settle every draw of ``game``.

    ``rules`` defaults to the ``tenhou`` preset adjusted to the game's flags
    (:func:`rules_for_game`); a given ``rules`` object is used as is.
    ``kernel=True`` scores through the kernel arrays instead of the public API.

    A dealer's tenhou (123m456p789s111z + 2z, drawn 2z) recorded as a yakuman:

    >>> from riichi_fast.records import parse_mjlog
    >>> hand = "0,4,8,48,53,56,96,100,104,108,109,110,112"
    >>> xml = ('<mjloggm><GO type="9"/><INIT seed="0,0,0,1,1,120" ten="250,250,250,250" '
    ...        f'oya="0" hai0="{hand}" hai1="" hai2="" hai3=""/><T113/>'
    ...        f'<AGARI ba="0,0" hai="{hand},113" machi="113" ten="40,48000,5" yakuman="37" '
    ...        'doraHai="120" who="0" fromWho="0" sc="250,480,250,-160,250,-160,250,-160"/>'
    ...        '</mjloggm>')
    >>> report = verify_game(parse_mjlog(xml))
    >>> check = report.wins[0]
    >>> check.ok, check.win.mpsz(), check.win.situation.tenhou, check.changes
    (True, '123m456p789s11122z', True, (48000, -16000, -16000, -16000))
    >>> print(*report.errors)  # the record stops there, without the game's final scores
    <mjlog> E1-0 (round 1): the record ends after this round, before the game's end (no owari: final scores and placements missing)
    """
    if rules is None:
        rules = rules_for_game(game)
    else:
        from riichi_fast.scoring.front import coerce_rules

        rules = coerce_rules(rules)
    report = GameReport(game.source, rounds=len(game.rounds))
    n = 3 if game.rules.three_player else 4
    rounds = game.rounds
    fast = None if kernel or not rounds else _fast_wins(game, rules)
    if not rounds:
        report.errors.append(f"{game.source}: no round in the record (empty, or not a game record)")
    for i, rnd in enumerate(rounds):
        nxt = rounds[i + 1] if i + 1 < len(rounds) else None
        if not rnd.wins and rnd.draw is None:
            where = "the record ends inside round" if nxt is None else "no result for round"
            report.errors.append(f"{game.source} {rnd.label} (round {rnd.index + 1}): {where} "
                                 f"(no win and no draw recorded)")
        declared = _declared(rnd)  # read once per round
        if fast is not None and rnd.wins:
            # compiled: every check of the round's wins passes (else None: checked below)
            alone = fast[0](rnd.wins, rnd, nxt, n, declared, fast[1])
            if alone is not None:
                new, add = _new_check, report.wins.append
                for win, changes in zip(rnd.wins, alone):
                    check = new(WinCheck)
                    check.__dict__.update(win=win, changes=changes, mismatches=(), error=None,
                                          _rules=rules)
                    add(check)
                if rnd.draw is not None:
                    report.draws.append(_with_scores_before(
                        _check_draw(rnd.draw, rules, rnd, nxt, declared),
                        _scores_at_end(rnd, n, declared)))
                continue
        at_end = _scores_at_end(rnd, n, declared)
        checks, values, shown = [], [], at_end
        for win in rnd.wins:
            check, value = _check_win(win, rules, kernel)
            checks.append(_with_scores_before(check, shown))
            values.append(value)
            # the next winner of a double ron is shown the scores after this one's
            ch = win.recorded.score_changes
            if shown is not None and ch is not None and len(ch) == n:
                shown = tuple(a + b for a, b in zip(shown, ch))
        if checks:
            report.wins += _check_round(rnd, checks, rules, nxt, n, declared, values)
        if rnd.draw is not None:
            report.draws.append(_with_scores_before(_check_draw(rnd.draw, rules, rnd, nxt, declared),
                                                    at_end))
    report.errors += cut_short(game)
    report.mismatches += start_mismatches(game, rules) + _final_mismatches(
        game, declared if rounds else None)
    return report


_FAST_DIGESTS: dict = {}


def _fast_wins(game: Game, rules):
    """(``records._verify.check_wins``, its Digest of ``rules``) when the compiled win checks
    answer as the Python path would for this game: the public scorer is the compiled
    ``riichi_fast.score``, the rules are a Tenhou-like table (``records.fast.fast_settings``)
    with ura and kan dora, and the records' red fives are the rules' own; else None."""
    key = (rules, bool(game.rules.red_fives), bool(game.rules.three_player))
    try:
        hit = _FAST_DIGESTS.get(key, False)
    except TypeError:  # rules that do not hash: no compiled path
        return None
    if hit is not False:
        # the public scorer may have been rebound since (a test's stand-in): then Python
        return hit if hit is None or _public_score() is hit[2] else None
    hit = None
    from riichi_fast import _backend

    mod = _backend.compiled("records._win_check")
    api = _backend.compiled("scoring._score_api")
    if mod is not None and api is not None and _public_score() is api.score \
            and getattr(rules, "ura_dora", False) and getattr(rules, "kan_dora", False):
        from riichi_fast.records.hands import _red_of
        from riichi_fast.records.verify_files import fast_settings

        st = fast_settings(rules)
        probe = RecordedWin("", 0, 0, None, (), (), 0, None, None, 0,  # type: ignore[arg-type]
                            red_fives=key[1], three_player=key[2])
        n = 3 if key[2] else 4
        if st is not None and st["n_players"] == n and tuple(rules.red_fives) == _red_of(probe):
            import numpy as np

            params = np.ascontiguousarray(rules.params(), dtype=np.int32)
            hit = (mod.check_wins, mod.Digest(params, tuple(rules.red_fives), st["honba_value"],
                                              st["counters_all"], n, key[1], key[2]), api.score)
    if len(_FAST_DIGESTS) >= 64:
        _FAST_DIGESTS.clear()
    _FAST_DIGESTS[key] = hit
    return hit


def start_mismatches(game: Game, rules) -> list[Mismatch]:
    """A game recorded from its first hand (East 1) starts with no counter, no stick and
    every seat at ``rules.start_points`` (item ``start``)."""
    start = getattr(rules, "start_points", None)
    if not game.rounds or start is None:
        return []
    first = game.rounds[0]
    if (first.round_wind, first.kyoku) != (0, 0) or not first.scores:
        return []
    want = (0, 0, (start,) * len(first.scores))
    have = (first.honba, first.riichi_sticks, tuple(first.scores))
    return [] if have == want else [Mismatch("start", have, want)]


def _scores_at_end(rnd: Round, n: int, declared: tuple[int, ...] | None = None
                   ) -> tuple[int, ...] | None:
    """The scores a round's record shows before its settlement: start less stakes."""
    if not rnd.scores or len(rnd.scores) != n:
        return None
    if declared is None:
        declared = _declared(rnd)
    return tuple([s - 1000 * (i in declared) for i, s in enumerate(rnd.scores)])


def _with_scores_before(check, want):
    """Add a ``scores_before`` mismatch when the recorded scores before the
    settlement are not ``want`` (the round's starting scores less the riichi stakes)."""
    item = check.win.recorded.scores_before if isinstance(check, WinCheck) \
        else check.draw.scores_before
    if item is None or want is None or tuple(item) == want:
        return check
    return dataclasses.replace(check, mismatches=check.mismatches + (
        Mismatch("scores_before", tuple(item), want),))


def cut_short(game: Game) -> list[str]:
    """The error of an mjlog that stops after a round, before the game's end: Tenhou closes
    every game with its final scores (``owari`` on the last result), so a record without
    them is incomplete and its final scores cannot be checked.  (A record that stops inside
    a round has its own error; the other formats carry no final scores this package reads.)

    The example of :func:`verify_game` is such a record; a game without rounds has none:

    >>> from riichi_fast.records import Game, GameRules
    >>> cut_short(Game("x.mjlog", "mjlog", GameRules(), ("A", "B", "C", "D")))
    []
    """
    rounds = game.rounds
    if not rounds or game.format != "mjlog" or game.final_scores is not None \
            or not rounds[-1].wins and rounds[-1].draw is None:
        return []
    last = rounds[-1]
    where = f"{game.source} {last.label} (round {last.index + 1})"
    why = "the record ends after this round, before the game's end"
    return [f"{where}: {why} (no owari: final scores and placements missing)"]


def final_mismatches(game: Game) -> list[Mismatch]:
    """Compare the record's final scores and placements with its last round.

    The final scores are the last round's scores less its riichi stakes plus
    the recorded changes; riichi sticks left on the table go to the top seat
    (ties: the lower seat, Tenhou's order).  The final points must rank the
    seats as the scores do (item ``placements``).
    """
    return _final_mismatches(game, None)


def _final_mismatches(game: Game, declared: tuple[int, ...] | None) -> list[Mismatch]:
    """:func:`final_mismatches` given ``_declared`` of the last round (``None``: read here)."""
    if game.final_scores is None or not game.rounds:
        return []
    n = len(game.final_scores)
    last = game.rounds[-1]
    if declared is None:
        declared = _declared(last)
    base = _scores_at_end(last, n, declared)
    if base is None:
        return []
    final = list(base)
    changes = [w.recorded.score_changes for w in last.wins]
    if last.draw is not None:
        changes.append(last.draw.score_changes)
    if any(c is None or len(c) != n for c in changes):
        return []
    for ch in changes:
        for s in range(n):
            final[s] += ch[s]
    if not last.wins:
        top = max(range(n), key=lambda s: (final[s], -s))
        final[top] += 1000 * (last.riichi_sticks + len(declared))
    out = []
    if tuple(final) != tuple(game.final_scores):
        out.append(Mismatch("final_scores", tuple(game.final_scores), tuple(final)))
    if game.final_points is not None:
        by_score = sorted(range(n), key=lambda s: (-final[s], s))
        by_points = sorted(range(n), key=lambda s: (-game.final_points[s], s))
        if by_score != by_points:
            out.append(Mismatch("placements", tuple(by_points), tuple(by_score)))
    return out


def verify_paths(paths: Iterable[str | os.PathLike], rules=None, *,
                 progress: Callable[[int, int, str], None] | None = None,
                 kernel: bool = False) -> VerifyReport:
    """Read and verify many records (any supported format), keeping every report.

    ``paths``: files, directories, globs, archives, databases
    (:mod:`riichi_fast.records.sources`).  ``progress(done, total, path)`` is
    called after each file.  A record that cannot be read (a damaged ``.gz``
    too) is listed in ``unreadable`` with the reason; the others are verified.
    For large runs :func:`riichi_fast.records.verify_files.verify_summary` keeps
    counters only and is much faster.
    """
    from riichi_fast.records.verify_files import parse_record
    from riichi_fast.records.sources import expand_paths, iter_records

    files = list(expand_paths(paths))
    report = VerifyReport(scorer=f"score_kernel ({_kernel_module().__name__})" if kernel
                          else scorer_name())
    for i, (path, err) in enumerate(files, 1):
        for name, data in ([(path, err)] if err is not None else iter_records([path])):
            if isinstance(data, BaseException):
                report.unreadable.append((name, f"{type(data).__name__}: {data}"))
                continue
            source = os.path.basename(name) if "!" not in name else name
            try:
                game = parse_record(data, source)
            except (RiichiError, ValueError, RecursionError) as exc:
                report.unreadable.append((name, f"{type(exc).__name__}: {exc}"))
            else:
                report.games.append(verify_game(game, rules, kernel=kernel))
        if progress is not None:
            progress(i, len(files), path)
    return report


# ---------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------

def format_win_check(check: WinCheck) -> str:
    """A multi-line description of a win check: hand, context, recorded vs computed."""
    w = check.win
    s = w.situation
    flags = [k for k in ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                         "rinshan", "chankan", "tenhou", "chiihou") if getattr(s, k)]
    lines = [
        f"{w.source}: seat {w.winner} "
        + ("tsumo" if w.tsumo else f"ron from seat {w.discarder}")
        + (f" (double ron #{w.multi_ron_index + 1})" if w.multi_ron_index else ""),
        (f"  hand: {w.mpsz()}   win tile: {tiles_mpsz([w.win_tile], w.red_fives)}"
        f" (id {w.win_tile})"),
        f"  context: {' '.join(flags) or 'ron'}; seat wind {'ESWN'[s.seat_wind]}, "
        f"round wind {'ESWN'[s.round_wind]}; dora ind. "
        f"{tiles_mpsz(s.dora_indicators, False) or '-'}; ura ind. "
        f"{tiles_mpsz(s.ura_indicators, False) or '-'}; honba {s.honba_paid}, "
        f"sticks {s.riichi_sticks}" + (f"; pao seat {w.recorded.pao}"
                                       if w.recorded.pao is not None else ""),
        (f"  recorded: han {w.recorded.han} fu {w.recorded.fu} points {w.recorded.points} "
        f"limit {w.recorded.limit} yaku {list(w.recorded.yaku)} yakuman "
        f"{list(w.recorded.yakuman)} dora/ura/aka {w.recorded.dora}/{w.recorded.ura}/"
        f"{w.recorded.aka} changes {w.recorded.score_changes}"),
    ]
    c = check.computed
    if check.error is not None:
        lines.append(f"  computed: raised {check.error}")
    elif c is not None:
        lines.append(
            f"  computed: status {c.status} han {c.han} fu {c.fu} points {c.points} "
            f"limit {c.limit} yaku {list(c.yaku)} yakuman {list(c.yakuman)} dora/ura/aka "
            f"{c.dora}/{c.ura}/{c.aka} changes {check.changes}")
    for m in check.mismatches:
        lines.append(f"  MISMATCH {m.item}: recorded {m.recorded} computed {m.computed}")
    return "\n".join(lines)


def format_report(report: VerifyReport, limit: int | None = None) -> str:
    """The summary line, then every failing win and draw (up to ``limit``)."""
    lines = [report.summary()]
    fails = [c for c in report.wins if not c.ok]
    for c in fails[:limit]:
        lines += ["", format_win_check(c)]
    for d in report.draws:
        if not d.ok:
            lines += ["", (f"{d.draw.source}: {d.draw.kind} tenpai {d.draw.tenpai} nagashi "
                          f"{d.draw.nagashi}: recorded {d.draw.score_changes} computed "
                          f"{d.changes}")]
            lines += [f"  MISMATCH {m.item}: recorded {m.recorded} computed {m.computed}"
                      for m in d.mismatches]
    for g in report.games:
        lines += [f"ERROR {e}" for e in g.errors]
        lines += [f"{g.source}: end of game: MISMATCH {m.item}: recorded {m.recorded} computed "
                  f"{m.computed}" for m in g.mismatches]
    for path, why in report.unreadable:
        lines += ["", f"unreadable {path}: {why}"]
    return "\n".join(lines)


def format_game_report(rep: GameReport, limit: int | None = None) -> list[str]:
    """Lines describing what did not match in one game (errors, wins, draws, final scores)."""
    lines = [f"ERROR {e}" for e in rep.errors]
    for c in [c for c in rep.wins if not c.ok][:limit]:
        lines += ["", format_win_check(c)]
    for d in rep.draws:
        if not d.ok:
            lines += ["", (f"{d.draw.source}: {d.draw.kind} tenpai {d.draw.tenpai} nagashi "
                          f"{d.draw.nagashi}: recorded {d.draw.score_changes} computed "
                          f"{d.changes}")]
            lines += [f"  MISMATCH {m.item}: recorded {m.recorded} computed {m.computed}"
                      for m in d.mismatches]
    for m in rep.mismatches:
        lines.append(f"{rep.source}: end of game: MISMATCH {m.item}: recorded {m.recorded} "
                     f"computed {m.computed}")
    return lines


def format_summary(summary, limit: int | None = None) -> str:
    """The summary line of a :class:`riichi_fast.records.verify_files.VerifySummary`, then the
    games that did not match (up to ``limit``), the damaged records and the unreadable inputs."""
    lines = [summary.summary()]
    for rep in summary.failed[:limit]:
        lines += [""] + format_game_report(rep, limit)
    if summary.dropped or (limit is not None and len(summary.failed) > limit):
        more = summary.dropped + max(len(summary.failed) - (limit or 0), 0)
        lines += ["", f"... and {more} more games that did not match"]
    for path, why in summary.unreadable:
        lines += ["", f"unreadable {path}: {why}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m riichi_fast.records.verify FILE...``: verify and print mismatches."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m riichi_fast.records.verify",
                                 description="Re-score every win of game records.")
    ap.add_argument("paths", nargs="+", help="mjlog (plain/gzip), tenhou.net/6 JSON or mjai files")
    ap.add_argument("--kernel", action="store_true", help="score through the kernel arrays")
    args = ap.parse_args(argv)
    report = verify_paths(args.paths, kernel=args.kernel)
    print(format_report(report))
    if report.unreadable or any(g.errors for g in report.games):
        return 2
    return 0 if all(g.ok for g in report.games) else 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
