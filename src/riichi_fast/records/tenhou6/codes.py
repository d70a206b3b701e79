"""tenhou.net/6 encodings: tile codes, call strings, yaku names, result lines.

Read by :mod:`.reader` and by its compiled half ``_reader``.
"""

from __future__ import annotations

import re

from riichi_fast.records.errors import RecordError
from riichi_fast.records.model import DrawKind, RecordedScore, built

__all__ = ["YAKU_NAMES", "rel_from_pos"]

# Tenhou's Japanese yaku names -> Tenhou yaku id.
YAKU_NAMES = {
    "門前清自摸和": 0, "立直": 1, "一発": 2, "槍槓": 3, "嶺上開花": 4,
    "海底摸月": 5, "河底撈魚": 6, "平和": 7, "断幺九": 8, "一盃口": 9,
    "自風 東": 10, "自風 南": 11, "自風 西": 12, "自風 北": 13,
    "場風 東": 14, "場風 南": 15, "場風 西": 16, "場風 北": 17,
    "役牌 白": 18, "役牌 發": 19, "役牌 中": 20, "両立直": 21, "七対子": 22,
    "混全帯幺九": 23, "一気通貫": 24, "三色同順": 25, "三色同刻": 26,
    "三槓子": 27, "対々和": 28, "三暗刻": 29, "小三元": 30, "混老頭": 31,
    "二盃口": 32, "純全帯幺九": 33, "混一色": 34, "清一色": 35, "人和": 36,
    "天和": 37, "地和": 38, "大三元": 39, "四暗刻": 40, "四暗刻単騎": 41,
    "字一色": 42, "緑一色": 43, "清老頭": 44, "九蓮宝燈": 45, "純正九蓮宝燈": 46,
    "国士無双": 47, "国士無双１３面": 48, "大四喜": 49, "小四喜": 50, "四槓子": 51,
    "ドラ": 52, "裏ドラ": 53, "赤ドラ": 54,
}
_ALIASES = {"役牌 發": ("役牌 発",), "国士無双１３面": ("国士無双13面",),
            "両立直": ("ダブル立直",), "一気通貫": ("一気通貫",)}
for _name, _aliases in _ALIASES.items():
    for _a in _aliases:
        YAKU_NAMES.setdefault(_a, YAKU_NAMES[_name])

_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5}
_DRAW_NAMES = {
    "流局": DrawKind.EXHAUSTIVE, "全員聴牌": DrawKind.EXHAUSTIVE,
    "全員不聴": DrawKind.EXHAUSTIVE, "流し満貫": DrawKind.NAGASHI_MANGAN,
    "九種九牌": DrawKind.KYUUSHU, "四風連打": DrawKind.SUUFON,
    "四家立直": DrawKind.SUUCHA_RIICHI, "三家和了": DrawKind.SANCHAHOU,
    "四槓散了": DrawKind.SUUKAIKAN,
}
_YAKU_RE = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\(役満\)$")


def _kind_of(code: int) -> tuple[int, bool] | None:
    if 51 <= code <= 53:
        return (4, 13, 22)[code - 51], True
    suit, num = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1, False
    if suit == 4 and 1 <= num <= 7:
        return 27 + num - 1, False
    return None


_KINDS = {c: k for c in range(60) if (k := _kind_of(c)) is not None}


def _kind(code: int) -> tuple[int, bool]:
    """Kind and redness of a tenhou6 tile code (a table look-up: ~45,000 a game's replay)."""
    try:
        return _KINDS[code]
    except (KeyError, TypeError):
        raise RecordError(f"bad tenhou6 tile code {code}") from None


def _codes(s: str) -> list[int]:
    digits = re.sub(r"[a-z]", "", s)
    return [int(digits[i:i + 2]) for i in range(0, len(digits), 2)]


def rel_from_pos(letter: str, pos: int, n_codes: int) -> int:
    """Discarder relative to the caller (3 = previous seat, 2 opposite, 1 next) of a call
    string whose letter stands at ``pos``.

    >>> rel_from_pos("p", 0, 3), rel_from_pos("p", 2, 3), rel_from_pos("m", 6, 4)
    (3, 2, 1)
    """
    if letter == "c" or pos == 0:
        return 3
    if pos == 2:
        return 2
    return 1  # last position: the next seat


_NO_CALL = ()
_CALLS: dict = {}  # call string -> (letter, kind, red, discarder relative to the caller)
_CALL_LETTER = re.compile(r"[cpm]")


def _call_of(d: str):
    """What a draw entry string calls (``_NO_CALL`` for none); raises as the record is read
    (a damaged code), and remembers the answer (a few hundred distinct strings)."""
    letter = _CALL_LETTER.search(d)
    if letter is None:
        call = _NO_CALL
    else:
        pos = letter.start()
        codes = _codes(d)
        kind, red = _kind(int(d[pos + 1:pos + 3]))
        call = (letter.group(), kind, red, rel_from_pos(letter.group(), pos, len(codes)))
    if len(_CALLS) < 65536:
        _CALLS[d] = call
    return call


_YAKU_ITEMS: dict = {}  # yaku string -> (id, han or None for a yakuman), read once
_VALUES: dict = {}  # (result text, players) -> (fu, limit, points), read once
_FU_RE = re.compile(r"(\d+)符")
_LIMITS_LONGEST_FIRST = sorted(_LIMITS.items(), key=lambda kv: -len(kv[0]))


def _yaku_item(y) -> tuple[int, int | None]:
    """(Tenhou yaku id, han; None for a yakuman) of a yaku string (remembered once read)."""
    m = _YAKU_RE.match(y)
    if m is None:
        raise RecordError(f"unreadable yaku {y!r}")
    if m.group(3) is not None:
        yid = YAKU_NAMES.get(m.group(3))
        if yid is None:
            raise RecordError(f"unknown yakuman name {m.group(3)!r}")
        item = (yid, None)
    else:
        yid = YAKU_NAMES.get(m.group(1))
        if yid is None:
            raise RecordError(f"unknown yaku name {m.group(1)!r}")
        item = (yid, int(m.group(2)))
    if y.__class__ is str and len(_YAKU_ITEMS) < 4096:
        _YAKU_ITEMS[y] = item
    return item


def _value(text: str, n: int) -> tuple[int | None, int, int | None]:
    """(fu, limit code, points) of a result line."""
    fu = _FU_RE.search(text)
    limit = next((v for k, v in _LIMITS_LONGEST_FIRST if k in text), 0)
    return int(fu.group(1)) if fu else None, limit, _points(text, n)


def _recorded(info: list, deltas: list, scores: tuple, n: int, pao: int,
              who: int) -> RecordedScore:
    text = info[3]
    yaku, yakuman = [], []
    dora = ura = aka = 0
    han_sum = 0
    for y in info[4:]:
        item = _YAKU_ITEMS.get(y) if y.__class__ is str else None
        if item is None:
            item = _yaku_item(y)
        yid, han = item
        if han is None:
            yakuman.append(yid)
            continue
        han_sum += han
        if yid == 52:
            dora += han
        elif yid == 53:
            ura += han
        elif yid == 54:
            aka += han
        else:
            yaku.append((yid, han))
    key = (text, n)
    value = _VALUES.get(key) if text.__class__ is str else None
    if value is None:
        value = _value(text, n)
        if text.__class__ is str and len(_VALUES) < 65536:
            _VALUES[key] = value
    fu, limit, points = value
    return built(RecordedScore, {
        "han": None if yakuman else han_sum, "fu": fu, "points": points, "limit": limit,
        "yaku": tuple(yaku), "yakuman": tuple(yakuman), "dora": dora, "ura": ura, "aka": aka,
        "score_changes": tuple(deltas[:n]), "scores_before": tuple(scores),
        "pao": pao if pao != who else None, "text": text})


def _points(text: str, n: int = 4) -> int | None:
    """Hand value from a result line: ``7700点``, ``2000-4000点``, ``4000点∀``.

    Three players (``n=3``): one non-dealer and the dealer pay a tsumo, two pay the dealer's
    (the value is what they pay, as in Tenhou's mjlog).

    >>> _points("30符4飜7700点"), _points("満貫2000-4000点"), _points("満貫4000点∀")
    (7700, 8000, 12000)
    >>> _points("満貫2000-4000点", 3), _points("満貫4000点∀", 3)
    (6000, 8000)
    """
    m = re.search(r"(\d+)-(\d+)点", text)
    if m:
        return (n - 2) * int(m.group(1)) + int(m.group(2))
    m = re.search(r"(\d+)点(∀)?$", text)
    if m is None:
        return None
    # Strip the fu/han digits that precede a limit-free value ("30符4飜7700点").
    tail = re.split(r"飜|満|貫|跳|倍|役", text)[-1]
    m = re.search(r"(\d+)点(∀)?", tail)
    value = int(m.group(1))
    return (n - 1) * value if m.group(2) else value
