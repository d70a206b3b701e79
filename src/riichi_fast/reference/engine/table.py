"""A table that plays riichi hands: the executable specification of the game engine.

This is the readable, pure-Python engine (RULES.md sections 6-8): the wall and
dead wall, the deal, draws and rinshan draws, kan dora, discards, calls with
their priorities, kuikae, riichi and ippatsu, kita in three-player, furiten,
wins with their yaku checked by :func:`riichi_fast.score`, exhaustive draws
(tenpai, nagashi mangan), abortive draws, and the settlement of each hand by
:mod:`riichi_fast.settle`.  Real Tenhou games are replayed through it with
their recorded actions (:func:`riichi_fast.engine.replay`).  The compiled
:class:`~riichi_fast.engine.CTable` is its twin: the same phases, legal actions,
events and hand ends.

Decisions are taken one seat at a time.  :attr:`Table.acting` lists the seats
that must decide now; :meth:`Table.legal_actions` gives each one's choices;
:meth:`Table.step` applies one.  After a discard every other seat with a
claim (ron, pon, kan, chi) decides (``pass`` included) before anything
happens; ron beats pon and kan, which beat chi.

>>> from riichi_fast.engine import Table, seeded_wall
>>> t = Table("tenhou")
>>> t.start_hand(seeded_wall(3))
>>> t.acting, t.phase
((0,), 'turn')
>>> a = t.legal_actions(0)[-1]
>>> a.type
'discard'
>>> t.step(a)
>>> t.acting
(1,)
"""

from __future__ import annotations

from riichi_fast import _backend
from riichi_fast import settle as _settle
from riichi_fast.engine.actions import N_ACTIONS, index_of
from riichi_fast.engine.types import Action, EngineError, HandEnd
from riichi_fast.engine.wall import Wall
from riichi_fast.enums import Form, MeldType
from riichi_fast.errors import ContextError, RiichiError, WallError
from riichi_fast.hand import Hand, Meld
from riichi_fast.rules import config as _config
from riichi_fast.scoring.front import score as _score
from riichi_fast.tiles import format_tiles

__all__ = ["Action", "CTable", "EngineError", "HandEnd", "SeatView", "Table"]

PlayerState = _backend.load("analysis._player").PlayerState

_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_WINDS = frozenset((27, 28, 29, 30))
_NORTH = 30


class _Seat:
    """Everything the table knows about one seat during a hand."""

    __slots__ = (
        "called_from_river",
        "closed",
        "double_riichi",
        "first_discard_done",
        "ippatsu",
        "kita",
        "kuikae",
        "melds",
        "n_kans",
        "riichi_accepted",
        "riichi_at",
        "riichi_furiten",
        "river",
        "temp_furiten",
    )

    def __init__(self, closed):
        self.closed = list(closed)
        self.melds = []
        self.river = []  # (tile, tsumogiri)
        self.temp_furiten = False
        self.riichi_furiten = False
        self.riichi_at = None  # index in river of the riichi discard
        self.riichi_accepted = False
        self.double_riichi = False
        self.ippatsu = False
        self.kita = 0
        self.called_from_river = set()  # river indices taken by others
        self.kuikae = frozenset()
        self.n_kans = 0
        self.first_discard_done = False


class Table:
    """A table under one set of rules; plays hands from walls (see the module doc).

    ``rules``: a :class:`~riichi_fast.Rules` or a preset name.  A game is a
    sequence of :meth:`start_hand` calls, each from the previous hand's
    :attr:`next_table` (see :func:`riichi_fast.engine.play_game`).
    """

    def __init__(self, rules="tenhou"):
        if isinstance(rules, str):
            try:
                rules = _config.Rules.preset(rules)
            except (KeyError, ValueError, RiichiError):
                raise ContextError(f"unknown rules preset {rules!r}; known: {', '.join(sorted(_config.PRESETS))}") from None
        if not isinstance(rules, _config.Rules):
            raise ContextError(f"rules must be a Rules or a preset name, got {type(rules).__name__}")
        self.rules = rules
        self.n = rules.n_players
        self.phase = "idle"
        self.events: list[dict] = []
        self.end: HandEnd | None = None

    # ------------------------------------------------------------------ setup

    def start_hand(self, wall, table=None):
        """Deal ``wall`` (a :class:`~riichi_fast.engine.Wall`) at ``table`` (default: East 1 at the start).

        The dealer draws and is to act.
        """
        if not isinstance(wall, Wall):
            raise WallError(f"a hand is dealt from a Wall, got {type(wall).__name__}")
        if table is None:
            table = _settle.TableState.start(self.rules)
        if not isinstance(table, _settle.TableState):
            raise ContextError(f"table must be a TableState, got {type(table).__name__}")
        if table.n_players != self.n or wall.n_players != self.n:
            raise ContextError(f"a {self.n}-player table was given a {wall.n_players}-player wall or table")
        self.table = table
        self.wall = wall
        self.live = wall.live_tiles
        self.rinshan = wall.rinshan_tiles
        self.n_live_drawn = 0
        self.n_rinshan_drawn = 0
        self.dora = [wall.dora_indicators[0]]
        self.pending_dora = 0
        self.seats = [_Seat(h) for h in wall.haipai(table.dealer)]
        self.scores = list(table.scores)
        self.sticks = table.riichi_sticks
        self.current = table.dealer
        self.drawn = None
        self.drawn_rinshan = False
        self.interrupted = False  # a call (kan and kita included) happened: first go-around over
        self.n_kans = 0
        self.claim = None
        self.end = None
        self.next_table = None
        self.pao = {}
        self.events = [{"type": "start_kyoku", "bakaze": "ESWN"[table.round_wind], "kyoku": table.kyoku + 1,
                        "honba": table.honba, "kyotaku": table.riichi_sticks, "oya": table.dealer,
                        "dora_marker": self.dora[0], "scores": list(self.scores),
                        "tehais": [sorted(s.closed) for s in self.seats]}]
        self._draw(self.current)

    # ---------------------------------------------------------------- queries

    @property
    def acting(self) -> tuple:
        """The seats that must decide now (one on a turn; the claimants after a discard)."""
        if self.phase == "turn":
            return (self.current,)
        if self.phase in ("claim", "chankan"):
            return tuple(s for s in self.claim["order"] if s not in self.claim["answers"])
        return ()

    @property
    def tiles_left(self) -> int:
        """Live tiles still to be drawn."""
        return len(self.live) - self.n_rinshan_drawn - self.n_live_drawn

    def hand_of(self, seat: int) -> Hand:
        """The seat's hand as a :class:`~riichi_fast.Hand` (closed tiles and melds)."""
        s = self.seats[seat]
        return Hand.from_ids(s.closed, s.melds, red=self.rules.red_fives)

    def legal_actions(self, seat: int | None = None) -> list:
        """The actions ``seat`` (default: the first acting seat) may take now."""
        if seat is None:
            if not self.acting:
                return []
            seat = self.acting[0]
        if seat not in self.acting:
            return []
        if self.phase == "turn":
            return self._turn_actions(seat)
        return list(self.claim["options"][seat]) + [Action("pass", seat)]

    def legal_mask(self, mask) -> int:
        """Zero ``mask`` (``N_ACTIONS`` entries) and set the action-space index of every legal action of the first
        acting seat; returns that seat (-1 when no seat acts).  CTable's twin, built on :meth:`legal_actions`."""
        if len(mask) != N_ACTIONS:
            raise EngineError(f"mask: expected {N_ACTIONS} entries, got {len(mask)}")
        mask[:] = 0
        if not self.acting:
            return -1
        for a in self.legal_actions():
            mask[index_of(a, self.rules.red_fives)] = 1
        return self.acting[0]

    def step_index(self, i) -> str:
        """Apply the first acting seat's first legal action whose action-space index is ``i``; returns its
        type.  An index not legal now raises :class:`EngineError` naming it.  CTable's twin."""
        if isinstance(i, bool) or not hasattr(i, "__index__"):
            raise EngineError(f"an action index is an int 0-{N_ACTIONS - 1}, got {i!r}")
        i = i.__index__()
        if not 0 <= i < N_ACTIONS:
            raise EngineError(f"action {i} is out of range 0-{N_ACTIONS - 1}")
        if not self.acting:
            raise EngineError(f"action {i}: no seat acts now (phase {self.phase})")
        seat = self.acting[0]
        for a in self.legal_actions(seat):
            if index_of(a, self.rules.red_fives) == i:
                self.step(a)
                return a.type
        raise EngineError(f"action {i} is illegal for seat {seat} now (phase {self.phase})")

    # ------------------------------------------------------------- the turn

    def _draw(self, seat, rinshan=False):
        s = self.seats[seat]
        if rinshan:
            tile = self.rinshan[self.n_rinshan_drawn]
            self.n_rinshan_drawn += 1
        else:
            tile = self.live[self.n_live_drawn]
            self.n_live_drawn += 1
        s.closed.append(tile)
        s.temp_furiten = False
        self.current = seat
        self.drawn = tile
        self.drawn_rinshan = rinshan
        self.phase = "turn"
        s.kuikae = frozenset()
        self.events.append({"type": "tsumo", "actor": seat, "pai": tile})

    def _ps(self, seat):
        """A PlayerState of the seat's hand now (13 tiles, or 13 plus the tile just drawn)."""
        s = self.seats[seat]
        closed = list(s.closed)
        drawn = self.drawn if (seat == self.current and self.drawn is not None and len(closed) % 3 == 2) else None
        if drawn is not None:
            closed.remove(drawn)
        counts = bytearray(34)
        for t in closed:
            counts[t >> 2] += 1
        ps = PlayerState(bytes(counts), [(m.type, m.kind) for m in s.melds if m.type != MeldType.KITA],
                         rules=self.rules)
        if drawn is not None:
            ps.draw(drawn >> 2)
        return ps

    def _furiten(self, seat, waits):
        s = self.seats[seat]
        return s.temp_furiten or s.riichi_furiten or any(t >> 2 in waits for t, _ in s.river)

    def _win_context(self, seat, tsumo, chankan=False):
        s = self.seats[seat]
        t = self.table
        first = not self.interrupted and not s.first_discard_done
        riichi = s.riichi_accepted or (s.riichi_at is not None)
        last = self.tiles_left == 0
        ctx = {
            "tsumo": tsumo, "riichi": riichi and not s.double_riichi, "double_riichi": s.double_riichi,
            "ippatsu": s.ippatsu and self.rules.ippatsu,
            "haitei": tsumo and last and not self.drawn_rinshan,
            "houtei": (not tsumo) and last and not chankan,
            "rinshan": tsumo and self.drawn_rinshan, "chankan": chankan,
            "tenhou": tsumo and first and seat == t.dealer,
            "chiihou": tsumo and first and seat != t.dealer,
            "renhou": (not tsumo) and first and seat != t.dealer and self.rules.renhou != "off",
            "seat_wind": t.seat_wind(seat), "round_wind": t.round_wind,
            "dora": tuple(d >> 2 for d in self.dora),
            "ura": tuple(d >> 2 for d in self.wall.ura_indicators[: len(self.dora)]) if riichi else (),
            "honba": t.honba, "riichi_sticks": self.sticks,
        }
        return ctx

    def _score(self, seat, tile, tsumo, chankan=False):
        s = self.seats[seat]
        closed = list(s.closed) if tsumo else s.closed + [tile]
        hand = Hand.from_ids(closed, s.melds, red=self.rules.red_fives)
        win = format_tiles([tile], red=self.rules.red_fives)
        return _score(hand, win, rules=self.rules, **self._win_context(seat, tsumo, chankan))

    def _turn_actions(self, seat):
        s = self.seats[seat]
        out = []
        after_call = self.drawn is None
        riichi = s.riichi_at is not None
        if not after_call:
            ps = self._ps(seat)
            if self._score(seat, self.drawn, True).status == "ok":
                out.append(Action("tsumo", seat, self.drawn))
            if (not self.interrupted and not s.first_discard_done and "kyuushu_kyuuhai" in self.rules.abortive_draws
                    and len({t >> 2 for t in s.closed} & _YAOCHUU) >= 9):
                out.append(Action("kyuushu", seat))
            can_kan = self.n_kans < 4 and self.tiles_left > 0 and self.n_rinshan_drawn < len(self.rinshan)
            if can_kan:
                kinds = {}
                for t in s.closed:
                    kinds.setdefault(t >> 2, []).append(t)
                for k, ids in sorted(kinds.items()):
                    if len(ids) == 4 and (not riichi or (k == self.drawn >> 2 and ps.legal_ankan_after_riichi(k))):
                        out.append(Action("ankan", seat, min(ids), tuple(sorted(ids))))
                if not riichi:
                    for m in s.melds:
                        if m.type == MeldType.PON:
                            for t in s.closed:
                                if t >> 2 == m.kind:
                                    out.append(Action("kakan", seat, t))
            if (self.n == 3 and self.tiles_left > 0 and self.n_rinshan_drawn < len(self.rinshan)):
                for t in sorted(t for t in s.closed if t >> 2 == _NORTH):
                    if not riichi or t == self.drawn:
                        out.append(Action("kita", seat, t))
        if riichi:
            out.append(Action("discard", seat, self.drawn))
            return out
        closed_only = all(m.type in (MeldType.ANKAN, MeldType.KITA) for m in s.melds)
        if (not after_call and closed_only and self.scores[seat] >= self.rules.riichi_min_points
                and self.tiles_left >= self.rules.riichi_min_tiles):
            kinds = set(self._ps(seat).riichi_discards())
            for t in sorted(set(s.closed)):
                if t >> 2 in kinds:
                    out.append(Action("riichi", seat, t))
        for t in sorted(set(s.closed)):
            if t >> 2 not in s.kuikae:
                out.append(Action("discard", seat, t))
        return out

    # ------------------------------------------------------------------ step

    def step(self, action: Action) -> None:
        """Apply one legal action; an illegal one raises :class:`EngineError` and changes nothing."""
        if not isinstance(action, Action):
            raise EngineError(f"expected an Action, got {type(action).__name__}")
        if self.phase == "ended" or self.phase == "idle":
            raise EngineError(f"{action}: the hand is not in play")
        legal = self.legal_actions(action.seat) if action.seat in self.acting else []
        if action not in legal and self._equivalent(action, legal):
            pass  # other physical copies of the same tiles (red fives apart) are the same choice
        elif action not in legal:
            why = "it is not this seat's turn to act" if action.seat not in self.acting else "not among the legal actions"
            raise EngineError(f"{action} is illegal: {why} (acting: {list(self.acting)}, phase {self.phase})")
        if self.phase == "turn":
            self._apply_turn(action)
        else:
            self.claim["answers"][action.seat] = action
            if not self.acting:
                if self.phase == "claim":
                    self._resolve_claims()
                else:
                    self._resolve_chankan()

    def _equivalent(self, action, legal):
        """A legal action differing only in which plain copies of a kind it names, all of them held."""
        def sig(a):
            return (a.type, a.seat, None if a.tile is None else _copy_key(a.tile), tuple(sorted(map(_copy_key, a.consumed))))

        key = sig(action)
        if not any(sig(a) == key for a in legal):
            return False
        held = list(self.seats[action.seat].closed)
        need = list(action.consumed)
        if self.phase == "turn" and action.tile is not None and action.type not in ("ankan",):
            need.append(action.tile)
        for t in need:
            if t not in held:
                return False
            held.remove(t)
        return True

    def _apply_turn(self, a):
        s = self.seats[a.seat]
        if a.type == "tsumo":
            self._end_with_wins([(a.seat, None, self._score(a.seat, a.tile, True))])
        elif a.type == "kyuushu":
            self.events.append({"type": "ryukyoku", "reason": "kyuushu_kyuuhai"})
            self._end_abortive("kyuushu_kyuuhai")
        elif a.type in ("discard", "riichi"):
            self._discard(a.seat, a.tile, a.type == "riichi")
        elif a.type == "ankan":
            self._reveal_pending()
            for t in a.consumed:
                s.closed.remove(t)
            s.melds.append(Meld(MeldType.ANKAN, a.consumed))
            self.events.append({"type": "ankan", "actor": a.seat, "consumed": list(a.consumed)})
            self._reveal(1)  # the dora of a closed kan is turned at once
            self._open_chankan(a.seat, a.tile, ankan=True)
        elif a.type == "kakan":
            self._reveal_pending()
            s.closed.remove(a.tile)
            i = next(i for i, m in enumerate(s.melds) if m.type == MeldType.PON and m.kind == a.tile >> 2)
            pon = s.melds[i]
            s.melds[i] = Meld(MeldType.SHOUMINKAN, tuple(pon.tiles) + (a.tile,), pon.called, pon.from_seat)
            self.pending_dora += 1
            self.events.append({"type": "kakan", "actor": a.seat, "pai": a.tile, "consumed": list(pon.tiles)})
            self._open_chankan(a.seat, a.tile, ankan=False)
        elif a.type == "kita":
            s.closed.remove(a.tile)
            s.melds.append(Meld(MeldType.KITA, (a.tile,)))
            s.kita += 1
            self.interrupted = True
            for o in self.seats:
                o.ippatsu = False
            self.events.append({"type": "nukidora", "actor": a.seat, "pai": a.tile})
            self._open_chankan(a.seat, a.tile, ankan=False, kita=True)

    def _check_pao(self, seat, discarder, kind):
        """The discarder who fed the third dragon set (fourth wind set) becomes liable (RULES.md section 6)."""
        s = self.seats[seat]
        sets = {m.kind for m in s.melds if m.type in (MeldType.PON, MeldType.DAIMINKAN, MeldType.SHOUMINKAN,
                                                       MeldType.ANKAN)}
        dragons = kind >= 31 and "daisangen" in self.rules.pao and {31, 32, 33} <= sets
        winds = 27 <= kind <= 30 and "daisuushii" in self.rules.pao and {27, 28, 29, 30} <= sets
        if dragons or winds:
            self.pao[seat] = discarder

    def _kan_made(self, seat):
        self.n_kans += 1
        self.seats[seat].n_kans += 1
        self.interrupted = True
        for o in self.seats:
            o.ippatsu = False

    def _reveal(self, k):
        for _ in range(k):
            if self.rules.kan_dora and len(self.dora) < 5:
                ind = self.wall.dora_indicators[len(self.dora)]
                self.dora.append(ind)
                self.events.append({"type": "dora", "dora_marker": ind})

    def _reveal_pending(self):
        if self.pending_dora:
            k, self.pending_dora = self.pending_dora, 0
            self._reveal(k)

    def _discard(self, seat, tile, riichi):
        s = self.seats[seat]
        tsumogiri = tile == self.drawn
        if riichi:
            s.riichi_at = len(s.river)
            s.double_riichi = not self.interrupted and not s.first_discard_done
            self.events.append({"type": "reach", "actor": seat})
        elif s.riichi_at is not None:
            s.ippatsu = False
        self._reveal_pending()  # a called kan's dora is turned as its maker discards (Tenhou)
        s.closed.remove(tile)
        s.river.append((tile, tsumogiri))
        s.first_discard_done = True
        self.drawn = None
        self.events.append({"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": tsumogiri})
        self.last_discard = (seat, tile, riichi)
        self._open_claims(seat, tile)

    # ---------------------------------------------------------------- claims

    def _ron_ok(self, seat, tile, chankan=False):
        waits = self._ps(seat).waits
        if tile >> 2 not in waits or self._furiten(seat, waits):
            return False
        return self._score(seat, tile, False, chankan).status == "ok"

    def _passed(self, seat):
        s = self.seats[seat]
        s.temp_furiten = True
        if s.riichi_at is not None:
            s.riichi_furiten = True

    def _open_claims(self, discarder, tile):
        n = self.n
        order = [(discarder + i) % n for i in range(1, n)]
        options = {}
        last = self.tiles_left == 0
        k = tile >> 2
        for seat in order:
            s = self.seats[seat]
            opts = []
            if self._ron_ok(seat, tile):
                opts.append(Action("ron", seat, tile))
            riichi = s.riichi_at is not None
            if not riichi and not last:
                same = [t for t in s.closed if t >> 2 == k]
                if len(same) >= 2:
                    for pair in _distinct_pairs(same):
                        opts.append(Action("pon", seat, tile, pair))
                if len(same) == 3 and self.n_kans < 4 and self.n_rinshan_drawn < len(self.rinshan):
                    opts.append(Action("daiminkan", seat, tile, tuple(sorted(same))))
                if n == 4 and seat == (discarder + 1) % n and k < 27:
                    for pair in self._chi_pairs(s, tile):
                        opts.append(Action("chi", seat, tile, pair))
            if opts:
                options[seat] = opts
        self.claim = {"from": discarder, "tile": tile, "order": [s for s in order if s in options],
                      "options": options, "answers": {}}
        self.phase = "claim"
        if not self.claim["order"]:
            self._resolve_claims()

    def _chi_pairs(self, s, tile):
        k = tile >> 2
        num = k % 9
        out = []
        by_kind = {}
        for t in s.closed:
            by_kind.setdefault(t >> 2, []).append(t)
        for lo in (k - 2, k - 1, k):
            if lo // 9 != k // 9 or lo < 0 or lo % 9 > 6 or lo + 2 > (k // 9) * 9 + 8:
                continue
            if not (lo <= k <= lo + 2) or lo % 9 > num:
                continue
            others = [x for x in (lo, lo + 1, lo + 2) if x != k]
            if all(x in by_kind for x in others):
                for a in _distinct(by_kind[others[0]]):
                    for b in _distinct(by_kind[others[1]]):
                        pair = (a, b)
                        forbidden = self._kuikae(k, (lo, lo + 1, lo + 2))
                        rest = list(s.closed)
                        rest.remove(a)
                        rest.remove(b)
                        if any(t >> 2 not in forbidden for t in rest):
                            out.append(pair)
        return out

    def _kuikae(self, called_kind, seq_kinds):
        """Kinds that may not be discarded after a call (the called kind, and the other end of a sequence)."""
        forbidden = {called_kind}
        if seq_kinds is not None:
            lo = seq_kinds[0]
            if called_kind == lo and lo % 9 <= 5:
                forbidden.add(lo + 3)
            elif called_kind == lo + 2 and lo % 9 >= 1:
                forbidden.add(lo - 1)
        return frozenset(forbidden)

    def _resolve_claims(self):
        c = self.claim
        discarder, tile = c["from"], c["tile"]
        answers = c["answers"]
        n = self.n
        order = [(discarder + i) % n for i in range(1, n)]
        rons = [s for s in order if answers.get(s) is not None and answers[s].type == "ron"]
        # winning tiles let pass: temporary (or riichi) furiten
        for seat, opts in c["options"].items():
            if any(o.type == "ron" for o in opts) and seat not in rons:
                self._passed(seat)
        if rons:
            if len(rons) == 3 and self.rules.triple_ron_aborts:
                self.events.append({"type": "ryukyoku", "reason": "sanchahou"})
                self._end_abortive("sanchahou")
                return
            if self.rules.multiple_ron == "head_bump":
                rons = rons[:1]
            self._end_with_wins([(s, discarder, self._score(s, tile, False)) for s in rons])
            return
        ds = self.seats[discarder]
        riichi_now = self.last_discard[2] if self.last_discard[0] == discarder else False
        if riichi_now:
            self._accept_riichi(discarder)
            if all(s.riichi_at is not None for s in self.seats) and "suucha_riichi" in self.rules.abortive_draws:
                self.events.append({"type": "ryukyoku", "reason": "suucha_riichi"})
                self._end_abortive("suucha_riichi")
                return
        call = None
        for kind in ("pon", "daiminkan", "chi"):
            for s in order:
                a = answers.get(s)
                if a is not None and a.type == kind:
                    call = call or a
        if call is not None:
            self._apply_call(call, discarder, tile)
            return
        if self._suufon_renda():
            self.events.append({"type": "ryukyoku", "reason": "suufon_renda"})
            self._end_abortive("suufon_renda")
            return
        if self.n_kans == 4 and len({i for i, s in enumerate(self.seats) if s.n_kans}) > 1 \
                and "suukaikan" in self.rules.abortive_draws:
            self.events.append({"type": "ryukyoku", "reason": "suukaikan"})
            self._end_abortive("suukaikan")
            return
        del ds
        if self.tiles_left == 0:
            self._exhaustive_draw()
            return
        self._draw((discarder + 1) % n)

    def _accept_riichi(self, seat):
        s = self.seats[seat]
        s.riichi_accepted = True
        s.ippatsu = True
        self.scores[seat] -= 1000
        self.sticks += 1
        self.events.append({"type": "reach_accepted", "actor": seat, "scores": list(self.scores)})

    def _suufon_renda(self):
        if self.n != 4 or self.interrupted or "suufon_renda" not in self.rules.abortive_draws:
            return False
        rivers = [s.river for s in self.seats]
        if any(len(r) != 1 for r in rivers):
            return False
        kinds = {r[0][0] >> 2 for r in rivers}
        return len(kinds) == 1 and kinds <= _WINDS

    def _apply_call(self, a, discarder, tile):
        s = self.seats[a.seat]
        k = tile >> 2
        rel = (discarder - a.seat) % self.n
        for t in a.consumed:
            s.closed.remove(t)
        ds = self.seats[discarder]
        ds.called_from_river.add(len(ds.river) - 1)
        self.interrupted = True
        for o in self.seats:
            o.ippatsu = False
        mtype = {"chi": MeldType.CHI, "pon": MeldType.PON, "daiminkan": MeldType.DAIMINKAN}[a.type]
        tiles = tuple(sorted(a.consumed + (tile,)))
        s.melds.append(Meld(mtype, tiles, tile, rel))
        seq = tuple(sorted(t >> 2 for t in tiles)) if mtype == MeldType.CHI else None
        self.events.append({"type": a.type, "actor": a.seat, "target": discarder, "pai": tile,
                            "consumed": list(a.consumed)})
        self.current = a.seat
        self.phase = "turn"
        self.drawn = None
        if mtype in (MeldType.PON, MeldType.DAIMINKAN):
            self._check_pao(a.seat, discarder, k)
        if mtype == MeldType.DAIMINKAN:
            self._kan_made(a.seat)
            self.pending_dora += 1
            self._draw(a.seat, rinshan=True)
        else:
            s.kuikae = self._kuikae(k, seq)

    # --------------------------------------------------------------- chankan

    def _open_chankan(self, seat, tile, ankan, kita=False):
        """Others may rob a kan's tile (chankan), or ron on a kita tile (Tenhou: not a chankan)."""
        order = [(seat + i) % self.n for i in range(1, self.n)]
        options = {}
        for o in order:
            if kita:
                if self._ron_ok(o, tile):
                    options[o] = [Action("ron", o, tile)]
            elif ankan:
                if not self.rules.kokushi_chankan_ankan:
                    continue
                if self._ron_ok(o, tile, chankan=True) and \
                        self._score(o, tile, False, True).reading.reading.form == Form.KOKUSHI:
                    options[o] = [Action("ron", o, tile)]
            elif self._ron_ok(o, tile, chankan=True):
                options[o] = [Action("ron", o, tile)]
        self.claim = {"from": seat, "tile": tile, "order": [s for s in order if s in options],
                      "options": options, "answers": {}, "ankan": ankan, "kita": kita}
        self.phase = "chankan"
        if not self.claim["order"]:
            self._resolve_chankan()

    def _resolve_chankan(self):
        c = self.claim
        rons = [s for s in c["order"] if c["answers"][s].type == "ron"]
        for seat in c["order"]:
            if seat not in rons:
                self._passed(seat)
        if rons:
            if self.rules.multiple_ron == "head_bump":
                rons = rons[:1]
            chankan = not c["kita"]
            self._end_with_wins([(s, c["from"], self._score(s, c["tile"], False, chankan)) for s in rons])
            return
        if not c["kita"]:
            self._kan_made(c["from"])  # the kan stands only once nobody robbed it: ippatsu ends now
        self._draw(c["from"], rinshan=True)

    # ------------------------------------------------------------ hand ends

    def _riichi_seats(self):
        return tuple(i for i, s in enumerate(self.seats) if s.riichi_accepted)

    def _end_with_wins(self, wins):
        pao = [self.pao.get(seat) for seat, _, _ in wins]
        sw = [_settle.Win(seat, res, disc, p) for (seat, disc, res), p in zip(wins, pao)]
        settlement = _settle.settle_win(self.table_with_stakes(), sw, (), self.rules)
        per_win = settlement.per_win if len(settlement.per_win) == len(wins) else [None] * len(wins)
        for (seat, disc, res), deltas in zip(wins, per_win):
            event = {"type": "hora", "actor": seat, "target": seat if disc is None else disc,
                     "pai": self.drawn if disc is None else self.claim["tile"]}
            s = self.seats[seat]
            if s.riichi_accepted or s.riichi_at is not None:
                event["ura_markers"] = list(self.wall.ura_indicators[: len(self.dora)])
            if deltas is not None:
                event["deltas"] = list(deltas)
            self.events.append(event)
        self._finish(HandEnd("win", settlement.detail, tuple(wins), (), settlement))

    def table_with_stakes(self):
        """The table as the hand started, but with this hand's riichi stakes already paid."""
        t = self.table
        return _settle.TableState(t.dealer, t.round_wind, t.honba, self.sticks, tuple(self.scores), t.n_players)

    def _end_abortive(self, kind):
        settlement = _settle.settle_abortive_draw(self.table_with_stakes(), kind, self.rules)
        self._finish(HandEnd("abortive_draw", kind, (), (), settlement))

    def _exhaustive_draw(self):
        tenpai = tuple(i for i in range(self.n) if self._ps(i).is_tenpai)
        nagashi = ()
        if self.rules.nagashi_mangan:
            nagashi = tuple(i for i, s in enumerate(self.seats)
                            if s.river and not s.called_from_river and all(t >> 2 in _YAOCHUU for t, _ in s.river))
        self.events.append({"type": "ryukyoku", "reason": "exhaustive_draw", "tenpai": list(tenpai)})
        settlement = _settle.settle_exhaustive_draw(self.table_with_stakes(), tenpai, (), nagashi, self.rules)
        self._finish(HandEnd("exhaustive_draw", settlement.detail, (), tenpai, settlement))

    def _finish(self, end):
        if self.events[-1]["type"] == "ryukyoku":
            self.events[-1]["deltas"] = list(end.settlement.deltas)
        self.end = end
        self.phase = "ended"
        self.next_table = end.settlement.next
        self.events.append({"type": "end_kyoku", "deltas": list(end.settlement.deltas),
                            "scores": list(end.settlement.next.scores)})


def _copy_key(t):
    """What tells copies of a kind apart for a player: the kind and whether the copy is red."""
    return (t >> 2, t % 4 == 0 and (t >> 2) in (4, 13, 22))


def _distinct(ids):
    """One id per distinguishable tile (red and plain fives differ)."""
    seen = {}
    for t in sorted(ids):
        red = t % 4 == 0 and (t >> 2) in (4, 13, 22)
        seen.setdefault(((t >> 2), red), t)
    return list(seen.values())


def _distinct_pairs(ids):
    ids = sorted(ids)
    out = []
    seen = set()
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            key = tuple(sorted((ids[i] % 4 == 0, ids[j] % 4 == 0)))
            if key not in seen:
                seen.add(key)
                out.append((ids[i], ids[j]))
    return out


# The names of the compiled module (riichi_fast/engine/_table.pyi): under RIICHI_FAST_PUREPYTHON=1
# _backend.load("engine._table").CTable is this Table, and a table's seats are its _Seat states.
CTable = Table
SeatView = _Seat
