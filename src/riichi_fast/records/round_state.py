"""Replay of one round: hands, melds and everything a win's situation needs.

Every reader feeds the steps of a round (draws, discards, calls, riichi,
dora) to a :class:`RoundReplay` in 136-ids; at a win it derives the
:class:`~riichi_fast.records.model.Situation` (riichi, double riichi,
ippatsu, haitei/houtei, rinshan, chankan, tenhou/chiihou, winds) from what
happened.  Rules of derivation (Tenhou's):

- double riichi: riichi declared on the player's first discard with no call
  (any kan or kita included) earlier in the round;
- ippatsu: from the riichi stick being paid until the player's next discard,
  broken by any call (an ankan or a kita too, the winner's own included); a
  kakan robbed by chankan, or a kita robbed by a ron, never happened;
- haitei/houtei: the round has made all its draws (live wall = tiles - 14 dead
  - dealt; each kan moves one live tile to the dead wall, so live draws plus
  replacement draws always add up to that number);
- rinshan: a tsumo on the draw that follows the winner's own kan (or kita);
- tenhou/chiihou: a tsumo before the winner's first discard with no call (kita
  included) earlier.

A kita (three players) counts as a call for all of these, as in the engines
replay-validated on three-player records (riichienv ``state_3p``, jansou
``io/paifu.py``), consistent with every three-player Tenhou record of the test data.
"""

from __future__ import annotations

from riichi_fast.enums import MeldType
from riichi_fast.records.errors import RecordError
from riichi_fast.records.model import (
    Event,
    RecordedScore,
    RecordedWin,
    RecordMeld,
    Round,
    Situation,
    built,
)

class TileIds:
    """Hands out distinct 136-ids for tiles known only by kind (and redness).

    With red fives on, the red five of a suit is id ``4k`` and plain fives
    take ``4k+1..4k+3``; other kinds take ``4k..4k+3`` in order.

    >>> ids = TileIds(red_fives=True)
    >>> ids.new(4, red=True), ids.new(4), ids.new(4), ids.new(0)
    (16, 17, 18, 0)
    """

    def __init__(self, red_fives: bool = True) -> None:
        self.red_fives = red_fives
        self.used = [0] * 34  # bit i set = id 4k+i taken
        self._fives = (4, 13, 22) if red_fives else ()

    def new(self, kind: int, red: bool = False) -> int:
        if red:
            if not self.red_fives or kind not in (4, 13, 22):
                raise RecordError(f"red tile of kind {kind} in a game without it")
            if self.used[kind] & 1:
                raise RecordError(f"second red five of kind {kind}")
            self.used[kind] |= 1
            return 4 * kind
        used = self.used[kind]
        # the lowest free id of the kind (plain fives skip the red one): a table look-up
        i = (_FREE1 if kind in self._fives else _FREE0)[used]
        if i < 0:
            raise RecordError(f"a fifth tile of kind {kind}")
        self.used[kind] = used | 1 << i
        return 4 * kind + i


# lowest clear bit of a 4-bit mask (from bit 0 / from bit 1), -1 when none
_FREE0 = tuple(next((i for i in range(4) if not m >> i & 1), -1) for m in range(16))
_FREE1 = tuple(next((i for i in range(1, 4) if not m >> i & 1), -1) for m in range(16))

# Events are immutable: the draws and discards of every record share one Event per
# (seat, tile[, tsumogiri]) instead of building ~800 a game (int seats only: a bool
# seat would hit its int twin's entry).
_DRAWS: dict = {}
_DISCARDS: dict = {}


def is_red(tile_id: int, red_fives: bool) -> bool:
    return red_fives and tile_id in (16, 52, 88)


class RoundReplay:
    """State of one round while its steps are replayed (see module docstring)."""

    def __init__(self, rnd: Round, n_players: int, label: str, red_fives: bool,
                 three_player: bool = False) -> None:
        self.round = rnd
        self.n = n_players
        self.label = label
        self.red_fives = red_fives
        self.three_player = three_player
        self.hands = [list(h) for h in rnd.initial_hands]
        self.melds: list[list[RecordMeld]] = [[] for _ in range(self.n)]
        self.dora = list(rnd.dora_indicators)
        self.n_draws = 0
        self.max_draws = (108 if three_player else 136) - 14 - 13 * self.n
        self.discards = [0] * self.n
        self.any_call = False
        self.riichi = [False] * self.n
        self.double_riichi = [False] * self.n
        self.ippatsu = [False] * self.n
        self.ippatsu_before_call = [False] * self.n
        self.call_since_declare = [False] * self.n
        self.after_kan = [False] * self.n
        self.last_draw_rinshan = [False] * self.n
        self.last_draw: list[int | None] = [None] * self.n
        self.last: tuple | None = None
        self.last_discard: tuple[int, int] | None = None  # (seat, tile)
        self.n_wins = 0
        self.sticks_paid = 0  # riichi sticks staked during this round
        self.stick_by = [0] * self.n

    def scores_now(self) -> tuple[int, ...]:
        """Scores at this point: the round's scores less the sticks staked."""
        return tuple(s - 1000 * k for s, k in zip(self.round.scores, self.stick_by))

    def error(self, msg: str) -> RecordError:
        return RecordError(f"{self.label}: {msg}")

    # -- steps ------------------------------------------------------------
    def draw(self, seat: int, tile: int) -> None:
        self.n_draws += 1
        self.hands[seat].append(tile)
        self.last_draw[seat] = tile
        after_kan = self.after_kan
        self.last_draw_rinshan[seat] = after_kan[seat]
        after_kan[seat] = False
        self.last = ("draw", seat, tile)
        ev = _DRAWS.get((seat, tile)) if seat.__class__ is int else None
        if ev is None:
            ev = Event("draw", seat, tile)
            if seat.__class__ is int:
                _DRAWS[seat, tile] = ev
        self.round.events.append(ev)

    def find(self, seat: int, kind: int, red: bool | None = None) -> int:
        """A tile of ``kind`` (and redness, when given) in ``seat``'s hand."""
        if red is None:
            for t in self.hands[seat]:
                if t // 4 == kind:
                    return t
        elif not self.red_fives:  # no tile is red
            if not red:
                for t in self.hands[seat]:
                    if t // 4 == kind:
                        return t
        else:
            red_id = 16 if kind == 4 else 52 if kind == 13 else 88 if kind == 22 else -1
            for t in self.hands[seat]:
                if t // 4 == kind and (t == red_id) == red:
                    return t
        raise self.error(f"seat {seat} has no tile of kind {kind} (red={red}) in hand")

    def discard(self, seat: int, tile: int) -> None:
        try:
            self.hands[seat].remove(tile)
        except ValueError:
            raise self.error(f"seat {seat} discards {tile} not in hand") from None
        last_draw = self.last_draw
        tsumogiri = tile == last_draw[seat]
        last_draw[seat] = None
        if self.riichi[seat]:
            self.ippatsu[seat] = False  # the go-around after riichi is over
        self.discards[seat] += 1
        self.last = ("discard", seat, tile)
        self.last_discard = (seat, tile)
        key = (seat, tile, tsumogiri)
        ev = _DISCARDS.get(key) if seat.__class__ is int else None
        if ev is None:
            ev = Event("discard", seat, tile, tsumogiri=tsumogiri)
            if seat.__class__ is int:
                _DISCARDS[key] = ev
        self.round.events.append(ev)

    def call(self, who: int, meld: RecordMeld) -> None:
        hand = self.hands[who]
        if meld.type == MeldType.SHOUMINKAN:
            own = [meld.added]
            for i, m in enumerate(self.melds[who]):
                if m.type == MeldType.PON and m.kind == meld.kind:
                    self.melds[who][i] = meld
                    break
            else:
                raise self.error(f"seat {who} kakan without a pon")
        else:
            own = [t for t in meld.tiles if t != meld.called]
            self.melds[who].append(meld)
        for t in own:
            try:
                hand.remove(t)
            except ValueError:
                raise self.error(f"seat {who} melds {t} not in hand") from None
        if meld.type in (MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.SHOUMINKAN,
                         MeldType.KITA):
            self.after_kan[who] = True
        self.ippatsu_before_call = list(self.ippatsu)
        # Every call breaks ippatsu and the first go-around, a kita too (module docstring).
        self.any_call = True
        self.ippatsu = [False] * self.n
        self.call_since_declare = [True] * self.n
        self.last_draw[who] = None
        if meld.type == MeldType.SHOUMINKAN:
            self.last = ("kakan", who, meld.added)
        elif meld.type == MeldType.KITA:
            self.last = ("kita", who, meld.tiles[0])
        elif meld.type == MeldType.ANKAN:
            self.last = ("ankan", who, None)
        else:
            self.last = ("call", who, None)
        self.round.events.append(Event("call", who, meld.called, meld))

    def riichi_declared(self, who: int) -> None:
        self.call_since_declare[who] = False
        self.double_riichi[who] = self.discards[who] == 0 and not self.any_call
        self.round.events.append(Event("riichi", who))

    def riichi_accepted(self, who: int) -> None:
        self.riichi[who] = True
        self.sticks_paid += 1
        self.stick_by[who] += 1
        self.ippatsu[who] = not self.call_since_declare[who]
        self.round.events.append(Event("riichi_accepted", who))

    def remember_declared(self) -> None:
        """Keep on the round the seats whose stake was paid (what records.verify._declared
        reads from the events), valid while the round's event list is that list at that length."""
        rnd = self.round
        stick_by = self.stick_by
        rnd._declared_seats = (rnd.events, len(rnd.events),
                               tuple([s for s in range(self.n) if stick_by[s]]))

    def reveal_dora(self, tile: int) -> None:
        self.dora.append(tile)
        self.round.events.append(Event("dora", None, tile))

    # -- the win ----------------------------------------------------------
    def win_tile_for_ron(self) -> int:
        """The tile a ron takes: the last discard, or the tile of a robbed kakan or kita."""
        if self.last is not None and self.last[0] in ("kakan", "kita"):
            return self.last[2]
        if self.last_discard is None:
            raise self.error("ron before any discard")
        return self.last_discard[1]

    def win(self, who: int, from_who: int | None, recorded: RecordedScore, *,
            honba: int, sticks: int, ura: tuple[int, ...] = (),
            dora: tuple[int, ...] | None = None, closed: tuple[int, ...] | None = None,
            melds: tuple[RecordMeld, ...] | None = None, win_tile: int | None = None,
            honba_first_only: bool = True) -> RecordedWin:
        """Record a win by ``who`` (``from_who`` None or == who: tsumo).

        ``closed``/``melds``/``win_tile`` default to the replayed hand; when the
        record states them they are checked against the replay.
        """
        rnd = self.round
        tsumo = from_who is None or from_who == who
        last = self.last
        chankan = (not tsumo and last is not None and last[0] == "kakan")
        robbed_kita = (not tsumo and last is not None and last[0] == "kita")
        if win_tile is None:
            if tsumo:
                win_tile = self.last_draw[who]
                if win_tile is None:
                    raise self.error(f"tsumo by seat {who} without a draw")
            else:
                win_tile = self.win_tile_for_ron()
        replay = list(self.hands[who])
        if not tsumo:
            replay.append(win_tile)
        replay_closed = tuple(sorted(replay))
        if closed is None:
            closed = replay_closed
        elif tuple(sorted(closed)) != replay_closed:
            raise self.error(f"recorded hand {tuple(sorted(closed))} disagrees with the "
                             f"replayed hand {replay_closed}")
        replay_melds = tuple(self.melds[who])
        if melds is None:
            melds = replay_melds
        elif sorted((m.type, m.tiles) for m in melds) != \
                sorted((m.type, m.tiles) for m in replay_melds):
            raise self.error("recorded melds disagree with the replayed melds")
        if win_tile not in closed:
            raise self.error(f"winning tile {win_tile} not in the hand")
        if dora is None:
            dora = tuple(self.dora)
        elif self.dora and tuple(dora) != tuple(self.dora):
            raise self.error(f"recorded dora indicators {tuple(dora)} disagree with the "
                             f"revealed ones {tuple(self.dora)}")
        rinshan = tsumo and self.last_draw_rinshan[who]
        first_turn = self.discards[who] == 0 and not self.any_call
        dealer = rnd.dealer
        multi = self.n_wins
        riichi = self.riichi[who]
        first = multi == 0 or not honba_first_only
        situation = built(Situation, {
            "tsumo": tsumo,
            "riichi": riichi,
            "double_riichi": riichi and self.double_riichi[who],
            # A robbed kakan (or kita) never happened: it does not break ippatsu.
            "ippatsu": riichi and (self.ippatsu_before_call[who] if chankan or robbed_kita
                                   else self.ippatsu[who]),
            "haitei": tsumo and not rinshan and self.n_draws == self.max_draws,
            "houtei": (not tsumo and not chankan and not robbed_kita
                       and self.n_draws == self.max_draws),
            "rinshan": rinshan,
            "chankan": chankan,
            "tenhou": tsumo and first_turn and who == dealer,
            "chiihou": tsumo and first_turn and who != dealer,
            "seat_wind": (who - dealer) % self.n,
            "round_wind": rnd.round_wind,
            "dora_indicators": tuple(dora),
            "ura_indicators": tuple(ura),
            "honba": honba,
            "riichi_sticks": sticks if first else 0,
            "honba_paid": honba if first else 0,
        })
        win = built(RecordedWin, {
            "source": self.label, "round_index": rnd.index, "winner": who,
            "discarder": None if tsumo else from_who, "closed": tuple(sorted(closed)),
            "melds": tuple(melds), "win_tile": win_tile, "situation": situation,
            "recorded": recorded, "dealer": dealer, "red_fives": self.red_fives,
            "three_player": self.three_player, "multi_ron_index": multi, "ura_known": riichi})
        rnd.wins.append(win)
        rnd.events.append(built(Event, {"type": "win", "seat": who, "tile": win_tile,
                                        "meld": None, "tsumogiri": None}))
        self.n_wins += 1
        self.remember_declared()
        return win
