"""Pure-Python twin of ``riichi_fast.cli._batchline``: the lines of ``riichi-fast batch`` into input columns.

A line is written as the arguments of ``riichi-fast score`` (the hand, then
``--win 4p --tsumo --seat S --dora 3p ...``), split as a POSIX shell would
(:func:`shlex.split`) and read by the same argument parser as ``score``.
Blank lines and lines starting with ``#`` (after blanks) are skipped; lines
end at ``\\n`` (a ``\\r`` before it is dropped).

:class:`LineParser` turns a block of bytes into the input columns of
:func:`riichi_fast.scoring.batch.score_batch` plus a ``line`` column (1-based line
numbers).  A line that cannot be read (bad syntax, an unknown option, a hand
that cannot exist, bytes that are not UTF-8, a per-line ``--rules`` other than
the batch's) gives no row: it is reported as ``(line number, message)`` and
the next lines are read.

:func:`parse_line` is the specification of one line; the compiled parser
reads the common syntax itself and hands any other line to it, so both give
the same rows and the same messages.

>>> from riichi_fast.rules.config import Rules
>>> p = LineParser(Rules.preset("tenhou"), "tenhou", 4)
>>> p.parse(b"22456m456p456s345s --win 3s --seat S\\n# note\\n123m --win 1m\\n", 0, 0)
(1, 58, 3, [(3, "'123m': 3 closed tiles and no melds make 3 tiles (closed + 3 per meld); a hand needs 13 or 14")])
>>> p.columns["line"][:1].tolist(), p.columns["win_tile"][:1].tolist(), p.columns["seat_wind"][:1].tolist()
([1], [20], [1])
"""

from __future__ import annotations

import argparse
import shlex

import numpy as np

from riichi_fast.errors import RiichiError
from riichi_fast.rules import layout as L

__all__ = ["COLUMN_SPECS", "LineParser", "format_columns", "parse_line"]

NO_INDICATOR = 255
_ASCII_WS = b" \t\n\r\x0b\x0c"

#: the columns a parser fills: name -> (dtype, trailing shape, fill for unused slots)
COLUMN_SPECS = {
    "line": (np.uint64, (), 0),
    "hands": (np.uint8, (34,), 0),
    "melds": (np.uint16, (4,), 0),
    "win_tile": (np.uint8, (), 0),
    "flags": (np.uint32, (), 0),
    "seat_wind": (np.uint8, (), 0),
    "round_wind": (np.uint8, (), 0),
    "dora": (np.uint8, (5,), NO_INDICATOR),
    "ura": (np.uint8, (5,), NO_INDICATOR),
    "n_red": (np.uint8, (), 0),
    "n_kita": (np.uint8, (), 0),
    "honba": (np.uint16, (), 0),
    "riichi_sticks": (np.uint16, (), 0),
}


class _LineSyntaxError(Exception):
    """argparse's complaint about a line (raised instead of exiting)."""


class _LineArgs(argparse.ArgumentParser):
    def error(self, message):
        raise _LineSyntaxError(message)


_PARSER = None


def _parser():
    global _PARSER
    if _PARSER is None:
        from riichi_fast.cli.app import _add_win_arguments

        parser = _LineArgs(prog="line", add_help=False, exit_on_error=False)
        _add_win_arguments(parser)
        parser.set_defaults(rules=None)  # None: the line does not name rules
        _PARSER = parser
    return _PARSER


def _default_win(text: str):
    """The name of the last closed tile written in a hand text (``None`` without closed tiles)."""
    from riichi_fast.hand import _describe_tile
    from riichi_fast.tiles import _tokenize

    last = None
    for token in text.split():
        if ":" in token or "@" in token or "*" in token:
            continue
        tiles = _tokenize(token)
        if tiles:
            last = tiles[-1]
    return None if last is None else _describe_tile(last[0], last[1])


def hand_and_win(hand_text: str, win):
    """The :class:`~riichi_fast.hand.Hand` of a command-line hand and its winning tile.

    Without ``win``, a 14-tile hand won on its last closed tile written; a
    13-tile hand needs ``win`` (an error otherwise, as in ``score()``).

    >>> hand, win = hand_and_win("123m456p789s11122z", None)
    >>> str(hand), win
    ('123m456p789s11122z', '2z')
    >>> hand_and_win("19m19p19s1234567z", None)
    Traceback (most recent call last):
    ...
    riichi_fast.errors.ContextError: a 13-tile hand needs --win (the winning tile): 19m19p19s1234567z
    """
    from riichi_fast.errors import ContextError
    from riichi_fast.hand import as_hand

    hand = as_hand(hand_text)
    if win:
        return hand, win
    if hand.tile_count != 14:
        raise ContextError(f"a {hand.tile_count}-tile hand needs --win (the winning tile): {hand}")
    return hand, _default_win(hand_text)


def parse_line(raw: bytes, rules, rules_name: str):
    """One line (without its ``\\n``) -> a row tuple, ``None`` for a blank or comment line.

    The row is ``(hands, melds, win_tile, flags, seat_wind, round_wind, dora,
    ura, n_red, n_kita, honba, riichi_sticks)`` as :func:`score_batch` reads
    them.  A line that cannot be read raises :class:`RiichiError` with the
    reason.

    >>> from riichi_fast.rules.config import DEFAULT
    >>> row = parse_line(b'"123m406p11z chi:3*45p pon:777z@2" --win 4p --tsumo', DEFAULT, "default")
    >>> row[1], row[2], row[3], row[8]
    ((267, 545, 0, 0), 12, 1, 1)
    >>> parse_line(b"123m456p789s11122z --kiss", DEFAULT, "default")
    Traceback (most recent call last):
    ...
    riichi_fast.errors.RiichiError: unrecognized arguments: --kiss
    """
    from riichi_fast.cli.app import _score_kwargs
    from riichi_fast.rules.config import Rules
    from riichi_fast.rules.context import WinContext
    from riichi_fast.scoring.front import encode

    stripped = raw.strip(_ASCII_WS)
    if not stripped or stripped[:1] == b"#":
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RiichiError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})") from None
    text = text.strip()
    if not text or text.startswith("#"):
        return None
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise RiichiError(f"cannot split the line into arguments: {exc}") from None
    try:
        ns = _parser().parse_args(words)
    except (_LineSyntaxError, argparse.ArgumentError) as exc:
        raise RiichiError(str(exc)) from None
    if ns.rules is not None:
        line_rules = Rules.preset(ns.rules)
        if line_rules != rules:
            raise RiichiError(
                f"--rules {ns.rules} differs from the batch's rules ({rules_name}); a batch scores with one "
                f"preset: give this line to a batch run with --rules {ns.rules}"
            )
    hand, win = hand_and_win(ns.hand, ns.win)
    kw = _score_kwargs(ns)
    kw.pop("rules")
    ctx = WinContext(**kw)
    closed, types, kinds, win_kind, c, _ = encode(hand, win, ctx, rules)
    nd, nu = int(c[L.CTX_N_DORA]), int(c[L.CTX_N_URA])
    dora = tuple(int(k) for k in c[L.CTX_DORA : L.CTX_DORA + nd]) + (NO_INDICATOR,) * (5 - nd)
    ura = tuple(int(k) for k in c[L.CTX_URA : L.CTX_URA + nu]) + (NO_INDICATOR,) * (5 - nu)
    return (
        bytes(closed),
        tuple((int(t) << 8) | int(k) if t else 0 for t, k in zip(types, kinds)),
        int(win_kind),
        int(c[L.CTX_FLAGS]),
        int(c[L.CTX_SEAT_WIND]),
        int(c[L.CTX_ROUND_WIND]),
        dora,
        ura,
        int(c[L.CTX_N_RED]),
        int(c[L.CTX_N_KITA]),
        int(c[L.CTX_HONBA]),
        int(c[L.CTX_RIICHI_STICKS]),
    )


def _line_message(raw: bytes, rules, rules_name: str):
    """``(row, None)`` or ``(None, message)`` for one line (a row of ``None`` = skipped)."""
    try:
        return parse_line(raw, rules, rules_name), None
    except RiichiError as exc:
        return None, str(exc)


class LineParser:
    """Reads blocks of lines into reused column buffers of ``capacity`` rows.

    ``rules``: the batch's :class:`~riichi_fast.rules.config.Rules` (red tiles
    are counted under it; a line's own ``--rules`` must name the same
    preset); ``rules_name``: its name, for messages.  ``columns``: the
    buffers (:data:`COLUMN_SPECS`), valid up to the row count :meth:`parse`
    returns, overwritten by the next call.  ``n_slow``: lines read by
    :func:`parse_line` (every line here; the compiled parser counts those it
    could not read itself).
    """

    def __init__(self, rules, rules_name: str, capacity: int):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
            raise RiichiError(f"capacity must be a positive int, got {capacity!r}")
        self.rules = rules
        self.rules_name = rules_name
        self.capacity = capacity
        self.columns = {name: np.full((capacity, *tail), fill, dtype) for name, (dtype, tail, fill) in COLUMN_SPECS.items()}
        self.n_slow = 0

    def parse(self, data: bytes, pos: int, lineno: int):
        """Read lines of ``data`` from offset ``pos`` until ``capacity`` rows are filled or the data ends.

        ``lineno``: the number of the line before ``pos``.  Returns ``(n_rows,
        end, n_lines, errors)``: rows filled, the offset after the last line
        read, lines read (blank, comment and bad lines included) and the bad
        lines as ``(line number, message)``.  A last line without ``\\n``
        counts as a line.
        """
        cols = self.columns
        n = 0
        n_lines = 0
        errors = []
        size = len(data)
        while pos < size and n < self.capacity:
            end = data.find(b"\n", pos)
            stop = size if end < 0 else end
            nxt = size if end < 0 else end + 1
            raw = data[pos:stop]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            pos = nxt
            n_lines += 1
            self.n_slow += 1
            row, message = _line_message(raw, self.rules, self.rules_name)
            if message is not None:
                errors.append((lineno + n_lines, message))
                continue
            if row is None:
                continue
            store_row(cols, n, lineno + n_lines, row)
            n += 1
        return n, pos, n_lines, errors


def store_row(cols, i: int, line: int, row) -> None:
    """Write one row tuple of :func:`parse_line` into the buffers at index ``i``."""
    hands, melds, win, flags, seat, rnd, dora, ura, n_red, n_kita, honba, sticks = row
    cols["line"][i] = line
    cols["hands"][i] = np.frombuffer(hands, np.uint8)
    cols["melds"][i] = melds
    cols["win_tile"][i] = win
    cols["flags"][i] = flags
    cols["seat_wind"][i] = seat
    cols["round_wind"][i] = rnd
    cols["dora"][i] = dora
    cols["ura"][i] = ura
    cols["n_red"][i] = n_red
    cols["n_kita"][i] = n_kita
    cols["honba"][i] = honba
    cols["riichi_sticks"][i] = sticks


def format_columns(prefixes, suffix, columns, tables, missing):
    """Rows of text: for each row, each column's prefix then its value, then ``suffix`` (twin of the compiled one).

    ``columns``: int64 arrays of one length.  ``tables[j]``: None (the value
    written as a decimal integer), a list of bytes (the value indexes it) or a
    dict of bytes (keyed by the value; a missing key is filled with
    ``missing(j, value)``).  Returns the bytes of every row.

    >>> import numpy as np
    >>> format_columns([b"", b","], b"\\n", [np.array([1, -2]), np.array([0, 5])], [None, [b"ok"]],
    ...                lambda j, v: str(v).encode())
    b'1,ok\\n-2,5\\n'
    """
    if not len(columns) == len(prefixes) == len(tables):
        raise RiichiError("format_columns: prefixes, columns and tables differ in length")
    n = len(columns[0]) if columns else 0
    if any(len(c) != n for c in columns):
        raise RiichiError("format_columns: columns differ in length")
    values = [np.asarray(c, dtype=np.int64).tolist() for c in columns]
    out = []
    for i in range(n):
        for j, table in enumerate(tables):
            out.append(prefixes[j])
            v = values[j][i]
            if table is None:
                out.append(str(v).encode())
            elif isinstance(table, list):
                out.append(table[v] if 0 <= v < len(table) else missing(j, v))
            else:
                text = table.get(v)
                if text is None:
                    text = table[v] = missing(j, v)
                out.append(text)
        out.append(suffix)
    return b"".join(out)
