"""One hand written as the arguments of ``riichi-fast score``: its options, and reading a line of them.

The ``score`` command (:mod:`riichi_fast.cli.app`) declares its options with
:func:`_add_win_arguments`; ``riichi-fast batch`` reads each line of a text
file as the same arguments.  :func:`parse_line` is the specification of one
line: both batch line readers (``riichi_fast.cli._batchline`` and its twin
``riichi_fast.reference.cli.batchline``) fill their columns
(:data:`COLUMN_SPECS`) with its rows (:func:`store_row`) for every line they do
not read themselves, so both give the same rows and the same messages.

>>> from riichi_fast.rules.config import DEFAULT
>>> parse_line(b"22456m456p456s345s --win 3s --seat S", DEFAULT, "default")[2:5]
(20, 0, 1)
"""

from __future__ import annotations

import argparse
import shlex

import numpy as np

from riichi_fast.errors import ContextError, RiichiError
from riichi_fast.hand import _describe_tile, as_hand
from riichi_fast.rules import layout as L
from riichi_fast.rules.config import PRESETS, Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.batch import _INPUTS, NO_INDICATOR
from riichi_fast.scoring.front import encode
from riichi_fast.tiles import _tokenize

__all__ = ["COLUMN_SPECS", "hand_and_win", "parse_line", "store_row"]

WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "1z": 0, "2z": 1, "3z": 2, "4z": 3}

_FLAG_OPTIONS = (
    ("tsumo", "win by self-draw (default: ron)"),
    ("riichi", "the winner declared riichi"),
    ("double-riichi", "riichi on the first uninterrupted go-around"),
    ("ippatsu", "win within one go-around of riichi"),
    ("open-riichi", "open riichi was declared"),
    ("haitei", "tsumo on the last wall tile"),
    ("houtei", "ron on the last discard"),
    ("rinshan", "tsumo on the replacement tile after a kan"),
    ("chankan", "ron on a tile added to a pon"),
    ("tenhou", "dealer's win on the first draw"),
    ("chiihou", "non-dealer's win on the first draw"),
    ("renhou", "non-dealer ron before the first draw"),
)


def _wind(text: str) -> int:
    try:
        return WINDS[text.upper() if len(text) == 1 else text]
    except KeyError:
        raise argparse.ArgumentTypeError(f"unknown wind {text!r} (use E, S, W or N)") from None


def _preset_name(text: str) -> str:
    """An argparse type: ``text`` if it names a rules preset, else an error listing them."""
    try:
        Rules.preset(text)
    except ContextError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _rules_help() -> str:
    return "rules preset: " + ", ".join(PRESETS)


def _add_win_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("hand", help='closed tiles in mpsz, then melds: "123m406p11z chi:3*45p pon:777z@2"')
    p.add_argument("--win", help="the winning tile (default: the last closed tile written, for a 14-tile hand)")
    for name, text in _FLAG_OPTIONS:
        p.add_argument(f"--{name}", action="store_true", help=text)
    p.add_argument("--seat", type=_wind, default=0, help="seat wind E/S/W/N (default E: dealer)")
    p.add_argument("--round", type=_wind, default=0, help="round wind E/S/W/N (default E)")
    p.add_argument("--dora", default="", help="dora indicators in mpsz, e.g. 3p7z")
    p.add_argument("--ura", default="", help="ura-dora indicators in mpsz (counted only with riichi)")
    p.add_argument("--honba", type=int, default=0, help="counters on the table")
    p.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    p.add_argument("--rules", default="default", type=_preset_name, help=_rules_help() + " (default: default)")


def _score_kwargs(ns) -> dict:
    kwargs = {flag.replace("-", "_"): getattr(ns, flag.replace("-", "_")) for flag, _ in _FLAG_OPTIONS}
    kwargs.update(
        seat_wind=ns.seat,
        round_wind=ns.round,
        dora=ns.dora,
        ura=ns.ura,
        honba=ns.honba,
        riichi_sticks=ns.sticks,
        rules=ns.rules,
    )
    return kwargs


_ASCII_WS = b" \t\n\r\x0b\x0c"

#: the columns a parser fills: name -> (dtype, trailing shape, fill for unused slots): the line
#: number, then score_batch's input columns
COLUMN_SPECS = {
    "line": (np.uint64, (), 0),
    **{name: (dtype, tail, 0 if fill is None else fill) for name, (dtype, tail, fill) in _INPUTS.items()},
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
        parser = _LineArgs(prog="line", add_help=False, exit_on_error=False)
        _add_win_arguments(parser)
        parser.set_defaults(rules=None)  # None: the line does not name rules
        _PARSER = parser
    return _PARSER


def _default_win(text: str):
    """The name of the last closed tile written in a hand text (``None`` without closed tiles)."""
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
