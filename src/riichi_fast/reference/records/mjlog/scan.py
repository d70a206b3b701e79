"""Pure-Python twin of ``riichi_fast.records.mjlog._scan``: the full reader and verifier, summarised.

``verify_mjlog`` answers what the compiled fast path answers: ``(0, rounds,
wins, draws)`` when the mjlog of ``n_players`` (4, or 3 when its ``<GO>``
says so) verifies with everything matched (every win re-scored, every win
and draw settled, every next table, the final scores and placements), else
``(1, 0, 0, 0)``.  The compiled path leaves to the full verifier what it
does not cover (a nagashi mangan draw nobody qualifies for, three ron, tags
it does not know, a three-player record with a 2m-8m tile or without
``<GO>`` before its first round); so does the twin.

``params`` are the rules rows the compiled path scores with (built by
:func:`riichi_fast.records.verify_files.params_rows` from the same rules as the
settings below); the twin scores through the public API with the ``tenhou``
preset adjusted to those settings and to the game's flags, which gives the
same rows.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

import numpy as np

from riichi_fast.enums import MeldType
from riichi_fast.errors import RiichiError
from riichi_fast.records.mjlog.reader import decode_meld, parse_mjlog
from riichi_fast.records.model import DrawKind, tiles_mpsz
from riichi_fast.records.verify import rules_for_game, score_win, verify_game
from riichi_fast.records.verify_files import _players
from riichi_fast.rules import config
from riichi_fast.rules.layout import R_SIZE
from riichi_fast.rules.yaku import YAKU
from riichi_fast.stats._counts import DRAW_KEYS, final_scores, placements, riichi_and_calls

_KNOWN = re.compile(rb"<(?!/|\?|!)(?!(?:mjloggm|SHUFFLE|GO|UN|TAIKYOKU|INIT|N|REACH|DORA|AGARI|"
                    rb"RYUUKYOKU|BYE|[TUVWDEFG]\d+)[\s/>])")

_ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "sanchahou", "suukaikan")

# The plain XML Tenhou writes, which the compiled tokenizer reads (anything else is left to
# the XML parser of the full reader): self-closing tags inside one root, quoted ASCII
# attribute values without entities, no text.
_NAME = rb"[A-Za-z_][A-Za-z0-9_]*"
_ATTRS = (rb"(?:\s+" + _NAME + rb"\s*=\s*(?:\"[^\"<&\x00-\x1f\x7f-\xff]*\""
          rb"|'[^'<&\x00-\x1f\x7f-\xff]*'))*")
_PLAIN = re.compile(
    rb"\A(?:[ \t\r\n]*<\?[^<]*?\?>)?[ \t\r\n]*(?:<mjloggm" + _ATTRS + rb"[ \t\r\n]*/>|<mjloggm"
    + _ATTRS + rb"[ \t\r\n]*>(?:[ \t\r\n]*<(?!mjloggm(?![A-Za-z0-9_]))" + _NAME + _ATTRS
    + rb"[ \t\r\n]*/>)*[ \t\r\n]*</mjloggm[ \t\r\n]*>)[ \t\r\n]*\Z")
_TAG = re.compile(rb"<(" + _NAME + rb")(" + _ATTRS + rb")[ \t\r\n]*/?>")
_ATTR = re.compile(rb"(" + _NAME + rb")\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_INT = re.compile(rb"-?[0-9]{1,9}\Z")
_DEC = re.compile(rb"-?[0-9]{1,8}(?:\.[0-9]?)?\Z")

# (tag, attribute) -> (fewest, most) comma-separated numbers the compiled path reads
_SHAPES = {
    (b"GO", b"type"): (1, 1), (b"INIT", b"seed"): (6, 8), (b"INIT", b"oya"): (1, 1),
    (b"INIT", b"ten"): (4, 4), (b"N", b"who"): (1, 1), (b"N", b"m"): (1, 1),
    (b"REACH", b"who"): (1, 1), (b"REACH", b"step"): (1, 1), (b"DORA", b"hai"): (1, 1),
    (b"AGARI", b"who"): (1, 1), (b"AGARI", b"fromWho"): (1, 1), (b"AGARI", b"machi"): (1, 1),
    (b"AGARI", b"paoWho"): (1, 1), (b"AGARI", b"ba"): (2, 2), (b"AGARI", b"ten"): (3, 3),
    (b"AGARI", b"sc"): (8, 8), (b"AGARI", b"hai"): (1, 20), (b"AGARI", b"m"): (0, 8),
    (b"AGARI", b"yaku"): (0, 64), (b"AGARI", b"yakuman"): (0, 8), (b"AGARI", b"doraHai"): (0, 5),
    (b"AGARI", b"doraHaiUra"): (0, 5), (b"RYUUKYOKU", b"sc"): (8, 8),
}
_REQUIRED = {b"GO": (b"type",), b"INIT": (b"seed", b"oya", b"ten", b"hai0", b"hai1", b"hai2", b"hai3"),
             b"N": (b"who", b"m"), b"REACH": (b"who", b"step"), b"DORA": (b"hai",),
             b"AGARI": (b"who", b"fromWho", b"machi", b"ba", b"ten", b"sc", b"hai"),
             b"RYUUKYOKU": (b"sc", b"ba")}
_EVENTS = re.compile(rb"[TUVWDEFG][0-9]+\Z")


def _numbers(value: bytes, lo: int, hi: int) -> bool:
    """What the compiled path's int-list reader accepts (a single trailing comma allowed)."""
    if value == b"":
        return lo == 0
    parts = value.split(b",")
    if len(parts) > 1 and parts[-1] == b"":
        parts = parts[:-1]
    return lo <= len(parts) <= hi and all(_INT.match(x) for x in parts)


def _plain_tenhou(data: bytes, n: int = 4) -> bool:
    """The record is in the plain form the compiled path reads (see _PLAIN, _SHAPES), for
    ``n`` players (three: ``<GO>`` with bit 0x10 before the first round, seats 0-2, no 2m-8m)."""
    if not _PLAIN.match(data):
        return False
    in_round = False
    go_seen = False
    ended = b""  # how the current round ended: b"AGARI", b"RYUUKYOKU" or not yet
    for m in _TAG.finditer(data):
        name = m.group(1)
        attrs = {}
        for a in _ATTR.finditer(m.group(2)):
            key = a.group(1)
            if key in attrs:
                return False
            attrs[key] = a.group(2) if a.group(2) is not None else a.group(3)
        for key in _REQUIRED.get(name, ()):
            if key not in attrs:
                return False
        for key, value in attrs.items():
            shape = _SHAPES.get((name, key))
            if shape is not None and not _numbers(value, *shape):
                return False
        if name == b"GO":
            if bool(int(attrs[b"type"]) & 0x10) != (n == 3):
                return False
            go_seen = True
        elif name == b"INIT":
            if n == 3 and not go_seen:
                return False
            if not all(_numbers(attrs[b"hai%d" % i], 13, 13) for i in range(n)) \
                    or (n == 3 and attrs[b"hai3"] != b""):
                return False
            hands = [{int(x) for x in attrs[b"hai%d" % i].split(b",") if x} for i in range(4)]
            if any(len(h) != (13 if i < n else 0) for i, h in enumerate(hands)):
                return False
            if n == 3 and any(4 <= t < 32 for h in hands for t in h):
                return False
            in_round, ended = True, b""
        elif name in (b"N", b"REACH", b"DORA") or _EVENTS.match(name):
            if not in_round or ended:
                return False
            if _EVENTS.match(name):
                tile, seat = int(name[1:]), b"TUVWDEFG".index(name[:1])
                if tile >= 136 or seat % 4 >= n or (n == 3 and 4 <= tile < 32):
                    return False
                if seat < 4:  # a draw: the compiled replay keeps one flag per 136-id and seat
                    if tile in hands[seat]:
                        return False
                    hands[seat].add(tile)
                else:
                    hands[seat - 4].discard(tile)
            elif name == b"N" and not _own_tiles_out(hands, attrs, n):
                return False
        elif name == b"AGARI":
            if not in_round or ended == b"RYUUKYOKU":
                return False
            ended = name
            if b"owari" in attrs and not _owari(attrs[b"owari"]):
                return False
        elif name == b"RYUUKYOKU":
            if not in_round or ended:
                return False
            ended = name
            if b"owari" in attrs and not _owari(attrs[b"owari"]):
                return False
    return True


def _own_tiles_out(hands, attrs, n: int = 4) -> bool:
    """Take a call's own tiles out of the caller's hand; False when the compiled path
    would not decode the call (a code records.tenhou.decode_meld refuses for ``n`` players)."""
    who, code = int(attrs[b"who"]), int(attrs[b"m"])
    if not 0 <= who < n or not 0 <= code < 65536:
        return False
    try:
        meld = decode_meld(code, who, n)
    except (ValueError, IndexError):
        return False
    own = [meld.added] if meld.type == MeldType.SHOUMINKAN else \
        [t for t in meld.tiles if t != meld.called]
    for t in own:
        hands[who].discard(t)
    return True


def _owari(value: bytes) -> bool:
    parts = value.split(b",")
    return len(parts) == 8 and all(_DEC.match(x) for x in parts)


def verify_mjlog(data, params, honba_value=300, noten_payment=3000, abortive_mask=62,
                 adds_counter=True, counters_all=False, nagashi=True, pao_mask=0,
                 pao_honba_liable=True, start_points=25000, n_players=4):
    """Verify one mjlog (XML bytes) of ``n_players``; see the module docstring.

    >>> verify_mjlog(b"<mjloggm></mjloggm>", None)
    (1, 0, 0, 0)
    """
    if n_players not in (3, 4) or isinstance(n_players, bool):
        raise ValueError(f"n_players must be 3 or 4, got {n_players}")
    data = bytes(data)
    if _KNOWN.search(data) or not _plain_tenhou(data, n_players):
        return (1, 0, 0, 0)
    try:
        game = parse_mjlog(data)
    except RiichiError:
        return (1, 0, 0, 0)
    if game.rules.three_player != (n_players == 3) \
            or any(d.kind == DrawKind.NAGASHI_MANGAN and not d.nagashi for d in game.draws) \
            or any(len(r.wins) >= 3 for r in game.rounds):
        return (1, 0, 0, 0)
    base = _base_rules(honba_value, noten_payment, abortive_mask, adds_counter, counters_all,
                       nagashi, pao_mask, pao_honba_liable, start_points, n_players)
    report = verify_game(game, rules_for_game(game, base))
    if not report.ok:
        return (1, 0, 0, 0)
    return (0, report.rounds, report.n_wins, len(report.draws))


def _base_rules(honba_value, noten_payment, abortive_mask, adds_counter, counters_all, nagashi,
                pao_mask, pao_honba_liable, start_points, n_players):
    """The preset the keyword settings stand for (``tenhou`` or ``tenhou_3p`` adjusted)."""
    pao = frozenset(y.name.replace(" ", "_") for y in YAKU.values() if pao_mask >> y.id & 1)
    allowed = frozenset(k for i, k in enumerate(_ABORTIVE, 1) if abortive_mask >> i & 1)
    return (config.TENHOU_3P if n_players == 3 else config.TENHOU).replace(
        honba_value=honba_value, noten_payment=noten_payment,
        abortive_draws=allowed - {"sanchahou"}, triple_ron_aborts="sanchahou" in allowed,
        abortive_draw_adds_counter=bool(adds_counter),
        multiple_ron_counters="all" if counters_all else "nearest", nagashi_mangan=bool(nagashi),
        pao=pao, pao_honba="liable" if pao_honba_liable else "discarder", start_points=start_points)


ROW_WIDTH = 16


def _i32(v: int) -> int:
    return v - (1 << 32) if v >= 1 << 31 else v


def _names_at(data: bytes) -> list[int]:
    """Offset and length of each name n0-n3 of the first ``<UN n0>`` (length -1: none)."""
    for m in _TAG.finditer(data):
        if m.group(1) != b"UN":
            continue
        at = {}
        for a in _ATTR.finditer(m.group(2)):
            g = 2 if a.group(2) is not None else 3
            at[a.group(1)] = (m.start(2) + a.start(g), a.end(g) - a.start(g))
        if b"n0" in at:
            return [x for k in range(4) for x in at.get(b"n%d" % k, (0, 0))]
    return [0, -1] * 4


def _verified_into(data, params, rows, start, width, settings) -> bool:
    """The checks ``stats_mjlog`` and ``export_mjlog`` share (``n_players``, the row array and
    its start), then whether :func:`verify_mjlog` passes the game (its rows may be written)."""
    n_players = settings[-1]
    if n_players not in (3, 4) or isinstance(n_players, bool):
        raise ValueError(f"n_players must be 3 or 4, got {n_players}")
    _check_rows(rows, start, width)
    return verify_mjlog(data, params, *settings)[0] == 0


def stats_mjlog(data, params, rows, start, game_idx, honba_value=300, noten_payment=3000,
                abortive_mask=62, adds_counter=True, counters_all=False, nagashi=True, pao_mask=0,
                pao_honba_liable=True, start_points=25000, n_players=4):
    """Verify one mjlog as :func:`verify_mjlog` does and write its statistics rows into
    ``rows`` from row ``start`` (the compiled docstring gives the rows); returns
    ``(status, end)``: 0 and the row after the last written, 3 when ``rows`` is full,
    else 1 (the full reader counts it).

    >>> import numpy as np
    >>> stats_mjlog(b"<mjloggm></mjloggm>", None, np.zeros((4, 16), np.int32), 0, 0)
    (1, 0)
    """
    settings = (honba_value, noten_payment, abortive_mask, adds_counter, counters_all, nagashi,
                pao_mask, pao_honba_liable, start_points, n_players)
    if not _verified_into(data, params, rows, start, ROW_WIDTH, settings):
        return (1, start)
    game = parse_mjlog(bytes(data))
    rules = rules_for_game(game, _base_rules(*settings))
    kinds = list(DRAW_KEYS)
    out = []
    for rnd in game.rounds:
        riichi, called = riichi_and_calls(rnd)
        for win in rnd.wins:
            rec = win.recorded
            if rec.yakuman and rec.yaku:
                return (1, start)  # yaku listed beside yakuman: the full reader counts both
            mask = 0
            for y in [y for y, _ in rec.yaku] + list(rec.yakuman):
                mask |= 1 << y
            wait = score_win(win, rules).result.reading.wait
            out.append([2, game_idx, win.winner, -1 if win.discarder is None else win.discarder,
                        -1 if rec.yakuman else rec.han, rec.fu, rec.points, rec.limit,
                        -1 if rec.pao is None else rec.pao, _i32(mask & 0xFFFFFFFF),
                        _i32(mask >> 32), int(bool(rec.yakuman)), rec.dora, rec.ura, rec.aka,
                        int(wait)])
        out.append([1, game_idx, riichi, called, len(rnd.wins),
                    -1 if rnd.draw is None else kinds.index(rnd.draw.kind)] + [0] * 10)
    finals = list(final_scores(game)) + [0] * (4 - n_players)
    out.append([3, game_idx, n_players, *finals, len(game.rounds), *_names_at(bytes(data))])
    if start + len(out) > rows.shape[0]:
        return (3, start)
    for i, r in enumerate(out):
        rows[start + i, :] = r
    return (0, start + len(out))


EX_WIDTH = 104
_EX_YAKU, _EX_CLOSED, _EX_MELDS = 28, 68 * 4, 74 * 4


def _ex_text(row, at: int, text: str) -> int:
    """``text`` (ASCII) into the byte slots of ``row`` from byte ``at``; its length."""
    raw = text.encode("ascii")
    row.view(np.uint8)[at:at + len(raw)] = np.frombuffer(raw, dtype=np.uint8)
    return len(raw)


def _exported(data: bytes, n: int):
    """The game the compiled export path takes (its structure checked as the compiled
    replay checks it, nothing re-scored or settled), or None."""
    if _KNOWN.search(data) or not _plain_tenhou(data, n):
        return None
    try:
        game = parse_mjlog(data)
    except RiichiError:
        return None
    if game.rules.three_player != (n == 3) or not game.rounds:
        return None
    owari = 0
    seen_init = False
    for m in _TAG.finditer(data):
        name = m.group(1)
        if name == b"INIT":
            seen_init = True
        elif name == b"GO" and seen_init:
            return None  # the rules change after a round: the model reads every hand with the last
        elif name in (b"AGARI", b"RYUUKYOKU"):
            owari += any(a.group(1) == b"owari" for a in _ATTR.finditer(m.group(2)))
    if owari > 1:
        return None
    for rnd in game.rounds:
        d = rnd.draw
        if len(rnd.wins) >= 3 \
                or (d is not None and d.kind == DrawKind.NAGASHI_MANGAN and not d.nagashi):
            return None
        dora = [rnd.dora_indicators[0]] + [ev.tile for ev in rnd.events if ev.type == "dora"]
        if len(dora) > 5 or not all(0 <= t < 136 for t in dora):
            return None
        accepted = [ev.seat for ev in rnd.events if ev.type == "riichi_accepted"]
        if len(set(accepted)) != len(accepted) or not all(
                0 <= ev.seat < n for ev in rnd.events if ev.type in ("riichi", "riichi_accepted")):
            return None
        for w in rnd.wins:
            pao = w.recorded.pao
            if not 0 <= w.winner < n or (w.discarder is not None and not 0 <= w.discarder < n) \
                    or (pao is not None and (not 0 <= pao < n or pao == w.winner)) \
                    or len(set(w.closed)) != len(w.closed) \
                    or (w.ura_known and not all(0 <= t < 136 for t in w.situation.ura_indicators)):
                return None
        if len(rnd.wins) > 1 and (len({w.winner for w in rnd.wins}) < len(rnd.wins)
                                  or len({w.discarder for w in rnd.wins}) > 1
                                  or rnd.wins[0].discarder is None):
            return None
    return game


def export_mjlog(data, params, rows, start, game_idx, honba_value=300, noten_payment=3000,
                 abortive_mask=62, adds_counter=True, counters_all=False, nagashi=True, pao_mask=0,
                 pao_honba_liable=True, start_points=25000, n_players=4):
    """Read one mjlog as the compiled path reads it (the tiles replayed, every win's hand,
    melds and dora indicators checked; nothing re-scored or settled: the rows are the
    record's values, as the model path writes them) and write the rows of its export
    tables into ``rows`` from row ``start`` (the compiled docstring gives the rows);
    returns ``(status, end)`` as :func:`stats_mjlog` does.

    >>> export_mjlog(b"<mjloggm></mjloggm>", None, np.zeros((4, EX_WIDTH), np.int32), 0, 0)
    (1, 0)
    """
    if n_players not in (3, 4) or isinstance(n_players, bool):
        raise ValueError(f"n_players must be 3 or 4, got {n_players}")
    if rows.shape[1] != EX_WIDTH:
        raise ValueError(f"rows must have {EX_WIDTH} columns")
    if not 0 <= start <= rows.shape[0]:
        raise ValueError(f"start must be in 0-{rows.shape[0]}, got {start}")
    game = _exported(bytes(data), n_players)
    if game is None:
        return (1, start)
    red, n = game.rules.red_fives, n_players
    kinds = list(DRAW_KEYS)
    out = []
    per_seat = np.zeros((5, 4), dtype=np.int64)  # wins, tsumo, deal-ins, riichi, calls

    def new_row(kind, rnd):
        row = np.zeros(EX_WIDTH, dtype=np.int32)
        row[:6] = [kind, game_idx, rnd.index, rnd.round_wind, rnd.kyoku, rnd.honba]
        out.append(row)
        return row

    for rnd in game.rounds:
        riichi, called = riichi_and_calls(rnd)
        for w in rnd.wins:
            rec = w.recorded
            row = new_row(2, rnd)
            tsumo = w.discarder is None
            row[6:11] = [w.winner, w.winner if tsumo else w.discarder, int(tsumo), w.multi_ron_index,
                         w.win_tile]
            row[11:20] = [0 if rec.yakuman else rec.han, rec.fu, rec.points, rec.limit,
                          int(bool(rec.yakuman)), rec.dora, rec.ura, rec.aka,
                          -1 if rec.pao is None else rec.pao]
            row[20:20 + n] = rec.score_changes
            yaku = [y for y, _ in rec.yaku] + list(rec.yakuman)
            row[24] = len(yaku)
            row[_EX_YAKU:_EX_YAKU + len(yaku)] = yaku
            row[25] = _ex_text(row, _EX_CLOSED, tiles_mpsz(w.closed, red))
            row[26] = _ex_text(row, _EX_MELDS, " ".join(
                f"{m.mpsz(red)}({m.type.name.lower()})" for m in w.melds))
            per_seat[0, w.winner] += 1
            if tsumo:
                per_seat[1, w.winner] += 1
            else:
                per_seat[2, w.discarder] += 1
        d = rnd.draw
        if d is not None:
            row = new_row(3, rnd)
            row[6] = kinds.index(d.kind)
            row[7] = sum(1 << s for s in d.tenpai)
            row[8] = sum(1 << s for s in d.nagashi)
            row[9:9 + n] = d.score_changes
        row = new_row(1, rnd)
        row[6:10] = [rnd.riichi_sticks, rnd.dealer, len(rnd.wins), -1 if d is None else kinds.index(d.kind)]
        row[10:10 + n] = rnd.scores
        row[14:16] = [riichi, called]
        for s in range(n):
            per_seat[3, s] += riichi >> s & 1
            per_seat[4, s] += called >> s & 1
    finals = final_scores(game)
    row = np.zeros(EX_WIDTH, dtype=np.int32)
    row[:6] = [4, game_idx, n, int(game.rules.hanchan), int(red), len(game.rounds)]
    row[6:6 + n] = finals
    at = _names_at(bytes(data))
    row[10:18] = at
    row[18:18 + n] = placements(finals)
    row[22:42] = per_seat.ravel()
    out.append(row)
    if start + len(out) > rows.shape[0]:
        return (3, start)
    for k in range(4):
        if at[2 * k + 1] < 0:
            row[90 + k] = -1
            continue
        name = unquote_to_bytes(bytes(data)[at[2 * k]:at[2 * k] + at[2 * k + 1]])
        try:
            name.decode("utf-8")
        except UnicodeDecodeError:
            return (1, start)  # replacement characters: the full reader's
        if len(name) > 48:
            return (1, start)
        row.view(np.uint8)[168 + 48 * k:168 + 48 * k + len(name)] = np.frombuffer(name, dtype=np.uint8)
        row[90 + k] = len(name)
    for i, r in enumerate(out):
        rows[start + i, :] = r
    return (0, start + len(out))


def players(data):
    """3 when the mjlog's ``<GO type>`` (the first ``<GO`` in its first 16384 bytes) has the
    three-player bit, else 4 (``riichi_fast.records.verify_files._players``).

    >>> players(b'<mjloggm><GO type="185"/>'), players(b"<mjloggm>")
    (3, 4)
    """
    if type(data) is not bytes:
        raise RiichiError(f"data must be bytes, got {type(data).__name__}")
    return _players(data)


_SETTINGS = ("honba_value", "noten_payment", "abortive_mask", "adds_counter", "counters_all",
             "nagashi", "pao_mask", "pao_honba_liable", "start_points", "n_players")


class Pass:
    """:func:`verify_mjlog`, :func:`stats_mjlog` and :func:`export_mjlog` with their rules
    bound (the compiled ``Pass``): ``Pass({4: (params, settings), 3: (params, settings)})``;
    each method picks the record's table with :func:`players` (none: status 1).

    >>> Pass({}).verify(b"<mjloggm></mjloggm>")
    (1, 0, 0, 0)
    """

    def __init__(self, tables):
        if not isinstance(tables, dict):
            raise TypeError(f"tables must be a dict {{players: (params, settings)}}, got {type(tables).__name__}")
        self.tables = {}
        for n, (params, settings) in tables.items():
            if n not in (3, 4) or isinstance(n, bool):
                raise ValueError(f"a table's player count must be 3 or 4, got {n!r}")
            given = dict(settings)
            given.setdefault("n_players", n)
            unknown = set(given) - set(_SETTINGS)
            if unknown:
                raise ValueError(f"unknown settings: {', '.join(sorted(unknown))}")
            if given["n_players"] != n:
                raise ValueError(f"settings for {given['n_players']} players under the key {n}")
            if np.shape(params) != (4, R_SIZE):
                raise ValueError(f"params must be 4 x {R_SIZE}")
            self.tables[n] = (params, given)

    def _table(self, data):
        return self.tables.get(players(data))

    def verify(self, data):
        t = self._table(data)
        return (1, 0, 0, 0) if t is None else verify_mjlog(data, t[0], **t[1])

    def stats(self, data, rows, start, game_idx):
        return self._rows_pass(stats_mjlog, ROW_WIDTH, data, rows, start, game_idx)

    def export(self, data, rows, start, game_idx):
        return self._rows_pass(export_mjlog, EX_WIDTH, data, rows, start, game_idx)

    def _rows_pass(self, fn, width, data, rows, start, game_idx):
        t = self._table(data)
        if t is None:
            _check_rows(rows, start, width)
            return (1, start)
        return fn(data, t[0], rows, start, game_idx, **t[1])


def _check_rows(rows, start, width):
    if rows.shape[1] != width:
        raise ValueError(f"rows must have {width} columns")
    if not 0 <= start <= rows.shape[0]:
        raise ValueError(f"start must be in 0-{rows.shape[0]}, got {start}")
