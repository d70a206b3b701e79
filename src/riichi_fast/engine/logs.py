"""Engine games written as game records: mjai JSON lines and tenhou.net/6 JSON.

:func:`game_record` turns a :class:`~riichi_fast.engine.GameResult` into the
:class:`~riichi_fast.records.Game` our record readers produce: every event of
every hand replayed in order, each win with what the engine scored (yaku and
their han, fu, dora, limit, points, the hand's score changes, the liable seat),
each draw with its kind, tenpai seats and score changes.  The writers of
:mod:`riichi_fast.records.writers` then write it (:func:`mjai_text`,
:func:`tenhou6_text`); our readers read the output back and
``riichi-fast verify`` re-scores every win and settles every hand: a log
verifies when the engine scored and settled as the verifier does.

>>> from riichi_fast.engine import play_game
>>> from riichi_fast.engine.logs import mjai_text
>>> g = play_game([lambda table, seat, actions: actions[-1]] * 4, "tenhou", seed=1, length="single")
>>> lines = mjai_text(g, names=["a", "b", "c", "d"]).splitlines()
>>> lines[0]
'{"type":"start_game","names":["a","b","c","d"],"aka_flag":true,"kuitan":true}'
>>> lines[-2:]
['{"type":"end_kyoku"}', '{"type":"end_game"}']
"""

from __future__ import annotations

import os

from riichi_fast.enums import MeldType
from riichi_fast.errors import ContextError
from riichi_fast.records import writers as _writers
from riichi_fast.records.round_state import RoundReplay
from riichi_fast.records.model import DrawKind, Event, Game, GameRules, RecordedDraw, RecordedScore, RecordMeld, Round
from riichi_fast.rules import layout as L

__all__ = ["game_record", "mjai_text", "tenhou6_text", "write_mjai", "write_tenhou6"]

_DRAWS = {"kyuushu_kyuuhai": DrawKind.KYUUSHU, "suufon_renda": DrawKind.SUUFON,
          "suucha_riichi": DrawKind.SUUCHA_RIICHI, "sanchahou": DrawKind.SANCHAHOU,
          "suukaikan": DrawKind.SUUKAIKAN}
_CALLS = {"chi": MeldType.CHI, "pon": MeldType.PON, "daiminkan": MeldType.DAIMINKAN}


def _recorded(res, changes, before, pao, strict=True) -> RecordedScore:
    """What a record would say about a win the engine scored (``res``: its HandResult).

    A yaku Tenhou has no id for (a local yaku of some presets) raises when ``strict``, else is left out."""
    # deferred: importing the verifier (records.verify) is a measured import-time cost that only logs pay
    from riichi_fast.records.verify import _tenhou_limit

    yaku, yakuman = [], []
    for y in res.yaku:
        if y.yakuman:
            yakuman.append(y.tenhou_id)
        elif y.tenhou_id not in (52, 53, 54):
            yaku.append((y.tenhou_id, y.han))
    if None in yakuman or any(y is None for y, _ in yaku):
        if strict:
            names = [y.name for y in res.yaku if y.tenhou_id is None]
            raise ContextError(f"yaku {names} have no Tenhou id: a game with them cannot be written as tenhou.net/6")
        yakuman = [y for y in yakuman if y is not None]
        yaku = [(y, h) for y, h in yaku if y is not None]
    yaku.sort(key=lambda yh: (_writers._ORDER.get(yh[0], 99), yh[0]))
    codes = {v: k for k, v in L.LIMIT_NAMES.items()}
    return RecordedScore(
        han=None if yakuman else res.han, fu=res.fu, points=res.payment.hand_points,
        limit=_tenhou_limit(codes[res.limit], L), yaku=tuple(yaku), yakuman=tuple(sorted(yakuman)),
        dora=res.dora + res.kita, ura=res.ura_dora, aka=res.aka_dora, score_changes=tuple(changes),
        scores_before=tuple(before), pao=pao)


def game_record(result, *, names=None, source: str = "engine", strict: bool = True) -> Game:
    """The :class:`~riichi_fast.records.Game` of an engine game (``result``: a
    :class:`~riichi_fast.engine.GameResult` of :func:`~riichi_fast.engine.play_game`).

    ``names``: the players' names (default: none).  Raises
    :class:`~riichi_fast.errors.ContextError` for a result without its walls
    and rules (one not made by ``play_game``), and (``strict``) for a win with a
    yaku Tenhou has no id for (the local yaku of some presets; ``strict=False``
    leaves them out of the recorded yaku: mjai does not carry yaku).

    >>> from riichi_fast.engine import play_game
    >>> g = play_game([lambda table, seat, actions: actions[-1]] * 4, "tenhou", seed=1, length="single")
    >>> game = game_record(g, names=["a", "b", "c", "d"])
    >>> len(game.rounds), game.players, game.final_scores == g.scores
    (1, ('a', 'b', 'c', 'd'), True)
    """
    rules = getattr(result, "rules", None)
    walls = getattr(result, "walls", None)
    liable = getattr(result, "liable", None)
    if rules is None or walls is None or len(walls) != len(result.hands) or liable is None \
            or len(liable) != len(result.hands):
        raise ContextError("game_record needs a GameResult of play_game (with its rules and every hand's wall "
                           "and liable seats)")
    n = rules.n_players
    if names is not None and len(names) != n:
        raise ContextError(f"{n} players need {n} names, got {len(names)}")
    red = sum(rules.red_fives) > 0
    game = Game(source, "engine", GameRules(red_fives=red, open_tanyao=rules.open_tanyao, three_player=n == 3,
                                            hanchan=result.length == "hanchan"),
                tuple(str(x) for x in names) if names is not None else ())
    hands = iter(zip(result.hands, walls, liable))
    rp = end = wall = rnd = None
    for ev in result.events:
        t = ev["type"]
        if t == "start_kyoku":
            end, wall, pao = next(hands)  # pao: the liable seats the engine found
            rnd = Round(index=len(game.rounds), round_wind="ESWN".index(ev["bakaze"]), kyoku=ev["kyoku"] - 1,
                        dealer=ev["oya"], honba=ev["honba"], riichi_sticks=ev["kyotaku"], scores=tuple(ev["scores"]),
                        dora_indicators=(ev["dora_marker"],), initial_hands=tuple(tuple(h) for h in ev["tehais"]))
            game.rounds.append(rnd)
            rp = RoundReplay(rnd, n, f"{source} {rnd.label}", red, n == 3)
            wins = iter(zip(end.wins, end.settlement.per_win))
        elif t == "tsumo":
            rp.draw(ev["actor"], ev["pai"])
        elif t == "dahai":
            rp.discard(ev["actor"], ev["pai"])
        elif t == "reach":
            rp.riichi_declared(ev["actor"])
        elif t == "reach_accepted":
            rp.riichi_accepted(ev["actor"])
        elif t == "dora":
            rp.reveal_dora(ev["dora_marker"])
        elif t in _CALLS:
            seat, tile = ev["actor"], ev["pai"]
            rp.call(seat, RecordMeld(_CALLS[t], tuple(sorted(ev["consumed"] + [tile])), tile, ev["target"]))
        elif t == "ankan":
            rp.call(ev["actor"], RecordMeld(MeldType.ANKAN, tuple(sorted(ev["consumed"]))))
        elif t == "kakan":
            seat, added = ev["actor"], ev["pai"]
            pon = next(m for m in rp.melds[seat] if m.type == MeldType.PON and m.kind == added // 4)
            rp.call(seat, RecordMeld(MeldType.SHOUMINKAN, tuple(sorted(pon.tiles + (added,))), pon.called,
                                     pon.from_seat, added))
        elif t == "nukidora":
            rp.call(ev["actor"], RecordMeld(MeldType.KITA, (ev["pai"],)))
        elif t == "hora":
            (seat, discarder, res), changes = next(wins)
            before = list(rp.scores_now())
            for w in rnd.wins:
                before = [a + b for a, b in zip(before, w.recorded.score_changes)]
            ura = tuple(wall.ura_indicators[: len(rp.dora)]) if rp.riichi[seat] else ()
            rp.win(seat, discarder, _recorded(res, changes, before, pao.get(seat), strict), honba=rnd.honba,
                   sticks=rnd.riichi_sticks + rp.sticks_paid, ura=ura, win_tile=ev["pai"])
        elif t == "ryukyoku":
            s = end.settlement
            changes = s.payments
            if ev["reason"] == "exhaustive_draw":
                nagashi = s.detail == "nagashi_mangan"
                kind = DrawKind.NAGASHI_MANGAN if nagashi else DrawKind.EXHAUSTIVE
                tenpai = tuple(end.tenpai)
                paid = tuple(i for i, d in enumerate(changes) if d > 0) if nagashi else ()
            else:
                kind, tenpai, paid = _DRAWS[ev["reason"]], (), ()
            rnd.draw = RecordedDraw(source=rp.label, round_index=rnd.index, kind=kind, dealer=rnd.dealer,
                                    honba=rnd.honba, riichi_sticks=rnd.riichi_sticks + rp.sticks_paid,
                                    tenpai=tenpai, nagashi=paid, score_changes=tuple(changes),
                                    scores_before=rp.scores_now(), n_players=n)
            rnd.events.append(_end_event())
    game.final_scores = tuple(result.scores)
    game.final_points = tuple(float(p) for p in result.points)
    return game


def _end_event():
    return Event("end")


def mjai_text(result, *, names=None) -> str:
    """An engine game as mjai JSON lines (:func:`riichi_fast.records.writers.mjai_events`)."""
    return _writers.mjai_text(game_record(result, names=names, strict=False))


def tenhou6_text(result, *, names=None) -> str:
    """An engine game as tenhou.net/6 JSON (:func:`riichi_fast.records.writers.tenhou6_record`).

    >>> import json
    >>> from riichi_fast.engine import play_game
    >>> g = play_game([lambda table, seat, actions: actions[-1]] * 4, "tenhou", seed=1, length="single")
    >>> json.loads(tenhou6_text(g))["rule"]
    {'disp': '般東喰赤', 'aka': 1}
    """
    return _writers.tenhou6_text(game_record(result, names=names), rules=result.rules)


def write_mjai(result, path, *, names=None) -> None:
    """Write an engine game to ``path`` as mjai JSON lines."""
    with open(os.fspath(path), "w", encoding="utf-8") as f:
        f.write(mjai_text(result, names=names))


def write_tenhou6(result, path, *, names=None) -> None:
    """Write an engine game to ``path`` as tenhou.net/6 JSON."""
    with open(os.fspath(path), "w", encoding="utf-8") as f:
        f.write(tenhou6_text(result, names=names))
