"""Writers: any :class:`~riichi_fast.records.Game` as mjai JSON lines or as tenhou.net/6 JSON.

A :class:`Game` read from any record (mjlog, tenhou.net/6, mjai) or built from
an engine game (:mod:`riichi_fast.engine.logs`) is written back in either
format; our readers read the output and ``riichi-fast verify`` finds what it
found in the original.

mjai (:func:`mjai_events`, :func:`mjai_text`): the events Mortal and mjai.app
use: ``start_game`` (``names`` when known, ``aka_flag``; riichi_fast adds
``kuitan``: open tanyao), ``start_kyoku``, ``tsumo``, ``dahai`` (with
``tsumogiri``), ``reach``, ``reach_accepted``, ``chi``/``pon``/``daiminkan``/
``ankan``/``kakan``/``nukidora`` (with ``consumed``), ``dora``, ``hora``
(``actor``, ``target``, ``pai``, ``deltas``, ``ura_markers``; riichi_fast adds ``pao``: the liable
seat), ``ryukyoku``
(``reason`` in mjai's names, ``deltas``, ``tenpais`` when known),
``end_kyoku``, ``end_game``.  Tiles are mjai names (``5mr`` red).

tenhou.net/6 (:func:`tenhou6_record`, :func:`tenhou6_text`): one object
``{"title", "name", "rule", "log"}`` in the encoding of
:mod:`riichi_fast.records.tenhou6.reader`; each win's result carries Tenhou's text
(``"30符4飜7700点"``, ``"満貫2000-4000点"``, ``"跳満6000点∀"``) and yaku strings
(``"立直(1飜)"``, ``"ドラ(2飜)"``, ``"大三元(役満)"``).

What a target cannot carry (tested in ``tests/engine/test_logs.py``):

- mjai has no yaku, han, fu or points: only the score changes (which the
  verifier checks); a game's final scores (mjlog ``owari``) are carried by
  neither format our readers read, so the final-score check is lost;
- a record without yaku (mjai) written as tenhou.net/6 gets the yaku our
  scorer finds for each win; an exhaustive draw with no score change and no
  recorded tenpai seats gets the tenpai seats of the replayed hands;
- tenhou.net/6 cannot hold a round without a result (a record cut short): it
  is left out (:class:`ConvertReport` lists it);
- in three-player games the kita dora are counted in ``ドラ`` (as Tenhou's
  mjlog does), and the seat before the caller is written at the "opposite"
  position of a call string (the position our reader reads).

>>> from riichi_fast.records import parse_tenhou6
>>> g = parse_tenhou6({"name": ["a", "b", "c", "d"], "rule": {"aka": 1}, "log": []})
>>> mjai_events(g)
[{'type': 'start_game', 'names': ['a', 'b', 'c', 'd'], 'aka_flag': True, 'kuitan': True}, {'type': 'end_game'}]
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field

from riichi_fast import _backend
from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.records.errors import RecordError
from riichi_fast.records.model import DrawKind, Game, RecordedScore, RecordedWin, RecordMeld, Round
from riichi_fast.records.reading import parse_record
from riichi_fast.records.scorers import score_win
from riichi_fast.records.sources import iter_records
from riichi_fast.records.tenhou6.codes import YAKU_NAMES, _points
from riichi_fast.records.verify_rules import rules_for_game
from riichi_fast.tiles import id_to_mjai, id_to_tenhou6

__all__ = [
    "FORMATS",
    "TENHOU_YAKU_ORDER",
    "ConvertReport",
    "convert_paths",
    "mjai_events",
    "mjai_text",
    "tenhou6_record",
    "tenhou6_text",
    "tenhou_result_text",
]

FORMATS = ("mjai", "tenhou6")
_EXT = {"mjai": ".jsonl", "tenhou6": ".json"}

#: mjai's ryukyoku reasons (the names of the original mjai protocol)
_MJAI_REASONS = {
    DrawKind.EXHAUSTIVE: "fanpai", DrawKind.NAGASHI_MANGAN: "nagashimangan", DrawKind.KYUUSHU: "yao9",
    DrawKind.SUUFON: "kaze4", DrawKind.SUUCHA_RIICHI: "reach4", DrawKind.SANCHAHOU: "ron3",
    DrawKind.SUUKAIKAN: "kan4",
}
_TENHOU_DRAWS = {
    DrawKind.NAGASHI_MANGAN: "流し満貫", DrawKind.KYUUSHU: "九種九牌", DrawKind.SUUFON: "四風連打",
    DrawKind.SUUCHA_RIICHI: "四家立直", DrawKind.SANCHAHOU: "三家和了", DrawKind.SUUKAIKAN: "四槓散了",
}
_LIMIT_TEXT = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}

#: The order Tenhou lists yaku in (from every bundled mjlog; the seat and round
#: winds and dragons follow the order of the sets in Tenhou's records: here the
#: round wind first, as Tenhou lists a double wind, then the seat wind, then dragons).
TENHOU_YAKU_ORDER = (1, 21, 2, 4, 5, 6, 0, 3, 7, 9, 32, 22, 24, 25, 29, 28, 8, 26, 27, 30, 31, 33, 35,
                     14, 15, 16, 17, 10, 11, 12, 13, 18, 19, 20, 23, 34, 36)
_ORDER = {y: i for i, y in enumerate(TENHOU_YAKU_ORDER)}


def _tenhou_names() -> dict:
    names = {}
    for name, yid in YAKU_NAMES.items():  # the first name of each id is Tenhou's own
        names.setdefault(yid, name)
    return names


def _n_players(game: Game) -> int:
    return 3 if game.rules.three_player else 4


# ---------------------------------------------------------------------------
# mjai
# ---------------------------------------------------------------------------

def mjai_events(game: Game) -> list[dict]:
    """The game as mjai events (dicts), ``start_game`` to ``end_game`` (see the module doc)."""
    red = 1 if game.rules.red_fives else 0
    n = _n_players(game)

    def name(t):
        return id_to_mjai(t, red=red)

    start = {"type": "start_game"}
    if game.players:
        start["names"] = list(game.players)
    start["aka_flag"] = bool(game.rules.red_fives)
    start["kuitan"] = bool(game.rules.open_tanyao)
    out = [start]
    for rnd in game.rounds:
        out.append({"type": "start_kyoku", "bakaze": "ESWN"[rnd.round_wind], "kyoku": rnd.kyoku + 1,
                    "honba": rnd.honba, "kyotaku": rnd.riichi_sticks, "oya": rnd.dealer,
                    "dora_marker": name(rnd.dora_indicators[0]), "scores": list(rnd.scores)[:n],
                    "tehais": [[name(t) for t in sorted(h)] for h in rnd.initial_hands]})
        wins = iter(rnd.wins)
        for ev in rnd.events:
            t = ev.type
            if t == "draw":
                out.append({"type": "tsumo", "actor": ev.seat, "pai": name(ev.tile)})
            elif t == "discard":
                out.append({"type": "dahai", "actor": ev.seat, "pai": name(ev.tile),
                            "tsumogiri": bool(ev.tsumogiri)})
            elif t == "riichi":
                out.append({"type": "reach", "actor": ev.seat})
            elif t == "riichi_accepted":
                out.append({"type": "reach_accepted", "actor": ev.seat})
            elif t == "dora":
                out.append({"type": "dora", "dora_marker": name(ev.tile)})
            elif t == "call":
                out.append(_mjai_call(ev.seat, ev.meld, name))
            elif t == "win":
                out.append(_mjai_hora(next(wins), name))
            elif t == "end" and rnd.draw is not None:
                out.append(_mjai_ryukyoku(rnd.draw))
        if rnd.wins or rnd.draw is not None:
            out.append({"type": "end_kyoku"})
    out.append({"type": "end_game"})
    return out


def _mjai_call(seat, m, name) -> dict:
    if m.type == MeldType.ANKAN:
        return {"type": "ankan", "actor": seat, "consumed": [name(t) for t in m.tiles]}
    if m.type == MeldType.KITA:
        return {"type": "nukidora", "actor": seat, "pai": name(m.tiles[0])}
    if m.type == MeldType.SHOUMINKAN:
        return {"type": "kakan", "actor": seat, "pai": name(m.added),
                "consumed": [name(t) for t in m.tiles if t != m.added]}
    kind = {MeldType.CHI: "chi", MeldType.PON: "pon", MeldType.DAIMINKAN: "daiminkan"}[m.type]
    return {"type": kind, "actor": seat, "target": m.from_seat, "pai": name(m.called),
            "consumed": [name(t) for t in m.tiles if t != m.called]}


def _mjai_hora(win: RecordedWin, name) -> dict:
    ev = {"type": "hora", "actor": win.winner,
          "target": win.winner if win.discarder is None else win.discarder, "pai": name(win.win_tile)}
    if win.recorded.score_changes is not None:
        ev["deltas"] = list(win.recorded.score_changes)
    ev["ura_markers"] = [name(t) for t in win.situation.ura_indicators] if win.situation.riichi else []
    if win.recorded.pao is not None:
        ev["pao"] = win.recorded.pao
    return ev


def _mjai_ryukyoku(draw) -> dict:
    ev = {"type": "ryukyoku", "reason": _MJAI_REASONS[draw.kind]}
    if draw.score_changes is not None:
        ev["deltas"] = list(draw.score_changes)
    if draw.tenpai is not None and draw.kind not in DrawKind.ABORTIVE:
        ev["tenpais"] = [s in draw.tenpai for s in range(draw.n_players)]
    return ev


def mjai_text(game: Game) -> str:
    """The game as mjai JSON lines (one compact object a line, a final newline).

    >>> from riichi_fast.records import parse_mjai
    >>> mjai_text(parse_mjai('{"type":"start_game","names":["a","b","c","d"],"aka_flag":false}'))
    '{"type":"start_game","names":["a","b","c","d"],"aka_flag":false,"kuitan":true}\\n{"type":"end_game"}\\n'
    """
    return "".join(json.dumps(ev, ensure_ascii=False, separators=(",", ":")) + "\n" for ev in mjai_events(game))


# ---------------------------------------------------------------------------
# tenhou.net/6
# ---------------------------------------------------------------------------

def tenhou_result_text(score: RecordedScore, *, tsumo: bool, dealer: bool, n_players: int = 4) -> str:
    """Tenhou's summary of a win: fu and han (or the limit) and what is paid.

    >>> s = RecordedScore(han=4, fu=30, points=7900, limit=0)
    >>> tenhou_result_text(s, tsumo=True, dealer=False)
    '30符4飜2000-3900点'
    >>> tenhou_result_text(RecordedScore(han=5, fu=30, points=12000, limit=1), tsumo=True, dealer=True)
    '満貫4000点∀'
    """
    pts = score.points or 0
    if score.limit:
        head = _LIMIT_TEXT[min(score.limit, 5)]
    else:
        head = (f"{score.fu}符" if score.fu else "") + f"{score.han or 0}飜"
    pay = f"{pts}点"
    if tsumo and dealer:
        each = pts // (n_players - 1)
        pay = f"{each}点∀"
    elif tsumo:
        # non-dealers pay a, the dealer b = 2a or 2a - 100: a + b (three players) or 2a + b is the value
        payers = n_players - 2
        for b_off in (0, 100):
            a, r = divmod(pts + b_off, payers + 2)
            if not r and a > 0 and a % 100 == 0:
                pay = f"{a}-{2 * a - b_off}点"
                break
    text = head + pay
    if _points(text, n_players) != pts:
        text = head + f"{pts}点"  # not Tenhou's split: the plain value keeps what the record says
    return text


def _yaku_strings(score: RecordedScore, order_known: bool) -> list[str]:
    names = _tenhou_names()
    if score.yakuman:
        return [f"{names[y]}(役満)" for y in sorted(score.yakuman)]
    yaku = list(score.yaku)
    if not order_known:
        yaku.sort(key=lambda yh: (_ORDER.get(yh[0], 99), yh[0]))
    out = [f"{names[y]}({h}飜)" for y, h in yaku]
    for yid, value in ((52, score.dora), (54, score.aka), (53, score.ura)):
        if value:
            out.append(f"{names[yid]}({value}飜)")
    return out


def _call_string(seat: int, m, code, n: int) -> str:
    """A chi/pon/daiminkan string of the caller's draw list (the called tile's position names the discarder)."""
    called = f"{code(m.called)}"
    own = sorted((t for t in m.tiles if t != m.called), key=lambda t: (t // 4, code(t) > 50, t))  # red last
    own_codes = [f"{code(t)}" for t in own]
    if m.type == MeldType.CHI:
        return "c" + called + "".join(own_codes)
    letter = "p" if m.type == MeldType.PON else "m"
    rel = (m.from_seat - seat) % n  # 3 left, 2 opposite, 1 right (three players: 2 left, 1 right)
    pos = {3: 0, 2: 1, 1: len(own_codes)}[rel]
    return "".join(own_codes[:pos]) + letter + called + "".join(own_codes[pos:])


def _kan_string(seat: int, m, code, n: int, pon_strings: dict) -> str:
    if m.type == MeldType.ANKAN:
        tiles = sorted(m.tiles, key=lambda t: (code(t) > 50, t))  # a red five last, as Tenhou
        codes = [f"{code(t)}" for t in tiles]
        return "".join(codes[:3]) + "a" + codes[3]
    if m.type == MeldType.KITA:
        return f"f{code(m.tiles[0])}"
    pon = pon_strings.get((seat, m.kind))
    if pon is None:  # a pon the writer did not see: rebuild it
        pon = _call_string(seat, RecordMeld(MeldType.PON, tuple(t for t in m.tiles if t != m.added), m.called,
                                            m.from_seat), code, n)
    i = pon.index("p")
    return pon[:i] + f"k{code(m.added)}" + pon[i + 1:]


def tenhou6_record(game: Game, *, rules=None) -> dict:
    """The game as one tenhou.net/6 JSON object (see the module doc).

    ``rules``: the rules a win without recorded yaku (mjai) is scored under
    (default: :func:`riichi_fast.records.verify.rules_for_game`).

    >>> from riichi_fast.records import read_record
    >>> rec = tenhou6_record(read_record("tests/data/records/tenhou-mjlog-mjx/double-ron.mjlog"))
    >>> rec["rule"], len(rec["log"]), [r[16][0] for r in rec["log"]][:3]
    ({'disp': '般南喰赤', 'aka': 1}, 4, ['和了', '流局', '和了'])
    """
    n = _n_players(game)
    red = 1 if game.rules.red_fives else 0

    def code(t):
        return id_to_tenhou6(t, red=red)

    disp = ("三" if n == 3 else "") + ("般南" if game.rules.hanchan else "般東") \
        + ("喰" if game.rules.open_tanyao else "") + ("赤" if game.rules.red_fives else "")
    names = list(game.players) if game.players else [""] * n
    log = []
    for rnd in game.rounds:
        if not rnd.wins and rnd.draw is None:
            continue  # a round without a result: tenhou.net/6 cannot hold it
        log.append(_tenhou6_round(game, rnd, n, code, rules))
    return {"title": ["", ""], "name": names, "rule": {"disp": disp, "aka": red}, "log": log}


def _pad(values, n):
    values = list(values)[:n]
    return values + [0] * (4 - n) if n == 3 else values


def _tenhou6_round(game: Game, rnd: Round, n: int, code, rules) -> list:
    draws = [[] for _ in range(4)]
    discards = [[] for _ in range(4)]
    dora = [code(t) for t in rnd.dora_indicators]
    pon_strings = {}
    riichi_pending = set()
    for ev in rnd.events:
        t = ev.type
        if t == "draw":
            draws[ev.seat].append(code(ev.tile))
        elif t == "discard":
            entry = 60 if ev.tsumogiri else code(ev.tile)
            if ev.seat in riichi_pending:
                riichi_pending.discard(ev.seat)
                entry = f"r{entry}"
            discards[ev.seat].append(entry)
        elif t == "riichi":
            riichi_pending.add(ev.seat)
        elif t == "dora":
            dora.append(code(ev.tile))
        elif t == "call":
            m = ev.meld
            if m.type in (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN):
                s = _call_string(ev.seat, m, code, n)
                draws[ev.seat].append(s)
                if m.type == MeldType.PON:
                    pon_strings[(ev.seat, m.kind)] = s
                if m.type == MeldType.DAIMINKAN:
                    discards[ev.seat].append(0)
            else:
                discards[ev.seat].append(_kan_string(ev.seat, m, code, n, pon_strings))
    ura = []
    for w in rnd.wins:
        if w.situation.riichi and w.situation.ura_indicators:
            ura = [code(t) for t in w.situation.ura_indicators]
    entry = [[4 * rnd.round_wind + rnd.kyoku, rnd.honba, rnd.riichi_sticks], _pad(rnd.scores, n), dora, ura]
    for p in range(4):
        hand = sorted(rnd.initial_hands[p], key=lambda t: (t // 4, code(t) > 50, t)) if p < n else []
        entry += [[code(t) for t in hand], draws[p], discards[p]]
    entry.append(_tenhou6_result(game, rnd, n, rules))
    return entry


def _tenhou6_result(game: Game, rnd: Round, n: int, rules) -> list:
    if rnd.wins:
        out = ["和了"]
        for w in rnd.wins:
            score = _complete_score(game, w, rules)
            pao = w.winner if score.pao is None else score.pao
            frm = w.winner if w.discarder is None else w.discarder
            changes = score.score_changes if score.score_changes is not None else (0,) * n
            info = [w.winner, frm, pao, tenhou_result_text(score, tsumo=w.tsumo, dealer=w.winner == w.dealer,
                                                           n_players=n)]
            out += [_pad(changes, n), info + _yaku_strings(score, order_known=bool(w.recorded.yaku))]
        return out
    d = rnd.draw
    deltas = tuple(d.score_changes) if d.score_changes is not None else (0,) * n
    if d.kind == DrawKind.EXHAUSTIVE:
        tenpai = d.tenpai
        if tenpai is None and not any(deltas):
            tenpai = _tenpai_at_end(game, rnd, n)
        if tenpai is not None and not any(deltas) and len(tenpai) in (0, n):
            return ["全員聴牌" if tenpai else "全員不聴"]
        return ["流局", _pad(deltas, n)]
    name = _TENHOU_DRAWS[d.kind]
    return [name, _pad(deltas, n)] if any(deltas) else [name]


def _complete_score(game: Game, win: RecordedWin, rules) -> RecordedScore:
    """The recorded score, or (no yaku recorded: mjai) the one our scorer finds, with the recorded changes."""
    rec = win.recorded
    if rec.yaku or rec.yakuman:
        return rec
    c = score_win(win, rules if rules is not None else rules_for_game(game))
    if c.status != "ok":
        return rec
    return dataclasses.replace(rec, han=None if c.yakuman else c.han, fu=c.fu, points=c.points, limit=c.limit,
                               yaku=c.yaku, yakuman=c.yakuman, dora=c.dora + c.kita, ura=c.ura, aka=c.aka)


def _tenpai_at_end(game: Game, rnd: Round, n: int):
    """Tenpai seats of the hands replayed to the end of ``rnd`` (None if they cannot be told)."""
    # the player kernel on first use: it loads the analysis tables (~100 ms), which
    # writing mjai, or tenhou6 with every draw's tenpai seats known, never needs
    PlayerState = _backend.load("analysis._player").PlayerState
    hands = [list(h) for h in rnd.initial_hands]
    melds = [[] for _ in range(n)]
    try:
        for ev in rnd.events:
            if ev.type == "draw":
                hands[ev.seat].append(ev.tile)
            elif ev.type == "discard":
                hands[ev.seat].remove(ev.tile)
            elif ev.type == "call":
                m = ev.meld
                own = [m.added] if m.type == MeldType.SHOUMINKAN else [t for t in m.tiles if t != m.called]
                for t in own:
                    hands[ev.seat].remove(t)
                if m.type == MeldType.SHOUMINKAN:
                    melds[ev.seat] = [x for x in melds[ev.seat] if x != (MeldType.PON, m.kind)]
                if m.type != MeldType.KITA:
                    melds[ev.seat].append((m.type, m.kind))
        out = []
        for s in range(n):
            counts = bytearray(34)
            for t in hands[s]:
                counts[t // 4] += 1
            if PlayerState(bytes(counts), melds[s]).is_tenpai:
                out.append(s)
        return tuple(out)
    except (ValueError, RiichiError):
        return None


def tenhou6_text(game: Game, *, rules=None) -> str:
    """The game as tenhou.net/6 JSON text (one object, Japanese kept as is).

    >>> from riichi_fast.records import parse_mjai
    >>> tenhou6_text(parse_mjai('{"type":"start_game","names":["a","b","c","d"]}'))
    '{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"般南喰赤","aka":1},"log":[]}\\n'
    """
    return json.dumps(tenhou6_record(game, rules=rules), ensure_ascii=False, separators=(",", ":")) + "\n"


# ---------------------------------------------------------------------------
# Converting files
# ---------------------------------------------------------------------------

@dataclass
class ConvertReport:
    """What :func:`convert_paths` did: files written, inputs it could not read, notes on what was left out."""

    written: list = field(default_factory=list)
    unreadable: list = field(default_factory=list)
    notes: list = field(default_factory=list)


def convert_paths(paths, to: str, out_dir, *, rules=None) -> ConvertReport:
    """Read every record ``paths`` name (files, directories, archives...) and write it as ``to``
    (``"mjai"``: ``NAME.jsonl``, ``"tenhou6"``: ``NAME.json``) into ``out_dir``.

    A record that cannot be read is listed in ``unreadable`` and the others are converted.

    >>> import tempfile
    >>> convert_paths([], "mjai", tempfile.mkdtemp()).written
    []
    """
    if to not in FORMATS:
        raise RiichiError(f"unknown target format {to!r}: expected one of {', '.join(FORMATS)}")
    out_dir = os.fspath(out_dir)
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise RiichiError(f"--out {out_dir}: exists and is not a directory")
    os.makedirs(out_dir, exist_ok=True)
    report = ConvertReport()
    taken = set()
    for name, data in iter_records(paths):
        if isinstance(data, BaseException):
            report.unreadable.append((name, f"{type(data).__name__}: {data}"))
            continue
        base = os.path.basename(name.split("!")[-1])
        try:
            game = parse_record(data, base)
            text = mjai_text(game) if to == "mjai" else tenhou6_text(game, rules=rules)
        except (RecordError, RiichiError, ValueError, RecursionError) as exc:
            report.unreadable.append((name, f"{type(exc).__name__}: {exc}"))
            continue
        if to == "tenhou6":
            for rnd in game.rounds:
                if not rnd.wins and rnd.draw is None:
                    report.notes.append(f"{name}: {rnd.label} has no result: left out (tenhou.net/6 cannot hold it)")
        stem = base
        for ext in (".gz", ".bz2", ".mjlog", ".xml", ".jsonl", ".json", ".mjson", ".log", ".txt"):
            stem = stem.removesuffix(ext)
        target = stem + _EXT[to]
        k = 2
        while target in taken:
            target = f"{stem}-{k}{_EXT[to]}"
            k += 1
        taken.add(target)
        path = os.path.join(out_dir, target)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        report.written.append(path)
    return report
