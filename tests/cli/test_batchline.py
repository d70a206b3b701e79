"""The line parser of ``riichi-fast batch``: compiled (_batchline) and reference twins give the same
columns and the same messages, line for line; the compiled one reads common lines without Python."""

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_fast.cli import _batchline
from riichi_fast.reference.cli import batchline as ref
from riichi_fast.rules.config import PRESETS, Rules
from tests.support.strategies import hand_strings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = (ROOT / "examples/tenhou_wins.txt").read_bytes()


def parse_both(data: bytes, rules_name="default", capacity=64, pos=0, lineno=0):
    rules = Rules.preset(rules_name)
    fast = _batchline.LineParser(rules, rules_name, capacity)
    spec = ref.LineParser(rules, rules_name, capacity)
    got = fast.parse(data, pos, lineno)
    want = spec.parse(data, pos, lineno)
    assert got == want
    n = got[0]
    for name in ref.COLUMN_SPECS:
        assert fast.columns[name][:n].tolist() == spec.columns[name][:n].tolist(), name
    return got, fast, spec


@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_examples_same_rows_and_compiled_reads_them_all(rules_name):
    (n, end, n_lines, errors), fast, _ = parse_both(EXAMPLES, rules_name, capacity=1000)
    assert (end, n_lines) == (len(EXAMPLES), 810)
    assert n + len(errors) == 808
    # the only unreadable lines: a red five won on under rules without that red five
    assert all(re.fullmatch(r"red 5[mps] '0[mps]' at position 0 in '0[mps]', but the rules have no red 5[mps]", m)
               for _, m in errors)
    assert fast.n_slow == len(errors)  # every readable line was read in C


def test_examples_columns_equal_arrays_from_hands():
    """The columns are those the Python path of the command built before (argparse + arrays_from_hands)."""
    import argparse
    import shlex

    from riichi_fast.scoring.batch import arrays_from_hands
    from riichi_fast.cli.app import _add_win_arguments, _score_kwargs
    from riichi_fast.rules.context import WinContext

    parser = argparse.ArgumentParser(add_help=False)
    _add_win_arguments(parser)
    hands, wins, contexts = [], [], []
    for line in EXAMPLES.decode().splitlines():
        if line.startswith("#"):
            continue
        ns = parser.parse_args(shlex.split(line))
        hands.append(ns.hand)
        wins.append(ns.win)
        kw = _score_kwargs(ns)
        kw.pop("rules")
        contexts.append(WinContext(**kw))
    want = arrays_from_hands(hands, wins, contexts, rules="tenhou")
    (n, _, _, _), fast, _ = parse_both(EXAMPLES, "tenhou", capacity=1000)
    assert n == 808
    for name, col in want.items():
        assert np.array_equal(fast.columns[name][:n], col), name
    assert fast.columns["line"][:n].tolist() == list(range(3, 811))


@pytest.mark.parametrize("line, message", [
    (b"123m456p789s11122z --kiss", "unrecognized arguments: --kiss"),
    (b"123m456p789s11122z extra", "unrecognized arguments: extra"),
    (b"--tsumo", "the following arguments are required: hand"),
    (b"123m456p789s11122z --win", "argument --win: expected one argument"),
    (b"123m456p789s11122z --tsumo=1", "argument --tsumo: ignored explicit argument '1'"),
    (b"123m456p789s11122z --seat X", "argument --seat: unknown wind 'X' (use E, S, W or N)"),
    (b"123m456p789s11122z --honba x", "argument --honba: invalid int value: 'x'"),
    (b"123m456p789s11122z --honba 1001", "WinContext.honba must be an int 0..1000, got 1001"),
    (b"123m456p789s11122z --rules foo", "argument --rules: no rules preset 'foo'; known: " + ", ".join(PRESETS)),
    (b"123m456p789s11122z --rules tenhou", ("--rules tenhou differs from the batch's rules (default); a batch "
                                            "scores with one preset: give this line to a batch run with --rules tenhou")),
    (b'"123m456p789s11122z --tsumo', "cannot split the line into arguments: No closing quotation"),
    (b"123m456p789s\xff11122z", "not UTF-8 text (byte 0xff at column 13)"),
    (b"19m19p19s1234567z", "a 13-tile hand needs --win (the winning tile): 19m19p19s1234567z"),
    (b"11111m456p789s1122z", "a fifth copy of 1m: '1m' at position 4 in '11111m456p789s1122z'"),
    (b"123m456p789s1122z --win 8z", "'8z' at position 0 in '8z': honors are 1z..7z"),
    (b"1111m456p789s123z --win 1m", "win_tile 1m would be a fifth copy in 1111m456p789s123z"),
    (b"123m456p789s11122z --win 3z", "win_tile 3z is not among the closed tiles of 123m456p789s11122z"),
])
def test_bad_lines_name_the_fault(line, message):
    (n, _, n_lines, errors), fast, _ = parse_both(b"# head\n" + line + b"\n")
    assert (n, n_lines, errors) == (0, 2, [(2, message)])
    assert fast.n_slow == 1


def test_per_line_rules_naming_the_batch_preset_is_honoured():
    (n, _, _, errors), fast, _ = parse_both(b"123m456p789s11122z --tsumo --rules Tenhou\n", "tenhou")
    assert (n, errors) == (1, [])
    assert fast.columns["flags"][0] == 1


def test_argparse_forms_read_by_the_specification():
    """Abbreviated options and quoting forms the compiled reader leaves to the specification: same rows."""
    lines = [b"123m456p789s11122z --tsu --se=S", b"123m456p789s11122z --win=2z", b"'123m456p789s'11122z --tsumo",
             b"123m456p789s\\11122z", b"123m456p789s11122z --honba +3", b"123m456p789s11122z --seat e"]
    (n, _, _, errors), fast, _ = parse_both(b"\n".join(lines))
    assert errors == [] and n == len(lines)
    assert fast.columns["seat_wind"][:n].tolist() == [1, 0, 0, 0, 0, 0]
    assert fast.columns["flags"][:n].tolist() == [1, 0, 1, 0, 0, 0]
    assert fast.n_slow == 4  # --tsu/--se abbreviations, a quote inside a word, a backslash, +3
    assert fast.columns["honba"][:n].tolist() == [0, 0, 0, 0, 3, 0]


def test_capacity_and_offsets():
    data = b"123m456p789s11122z\n# c\n\n123m456p789s11122z --tsumo\r\n123m456p789s11122z --riichi"
    (n, end, n_lines, _), _, _ = parse_both(data, capacity=1)
    assert (n, end, n_lines) == (1, 19, 1)
    (n, end, n_lines, _), fast, _ = parse_both(data, capacity=8, pos=19, lineno=1)
    assert (n, end, n_lines) == (2, len(data), 4)
    assert fast.columns["line"][:2].tolist() == [4, 5]
    assert fast.columns["flags"][:2].tolist() == [1, 2]
    with pytest.raises(ValueError, match="capacity must be a positive int, got 0"):
        _batchline.LineParser(Rules(), "default", 0)
    with pytest.raises(ValueError, match="capacity must be a positive int, got 0"):
        ref.LineParser(Rules(), "default", 0)


# ---------------------------------------------------------------------------
# hypothesis: random lines, well formed and not


TILES = [f"{d}{s}" for s in "mps" for d in range(10)] + [f"{d}z" for d in range(10)] + ["5rp", "x", "44p", "3r"]
WINDS = ["E", "s", "W", "n", "1z", "4z", "5z", "X", "ES"]
FLAGS = ["--tsumo", "--riichi", "--double-riichi", "--ippatsu", "--open-riichi", "--haitei", "--houtei", "--rinshan",
         "--chankan", "--tenhou", "--chiihou", "--renhou"]


@st.composite
def hand_texts(draw):
    text = draw(hand_strings())
    if draw(st.booleans()):  # shorthand melds
        text = re.sub(r"\b(pon|chi|kan):", "", text) if draw(st.booleans()) else text.replace("kan:", "daiminkan:")
    if draw(st.integers(0, 3)) == 0:  # split the closed part
        closed, _, melds = text.partition(" ")
        cut = draw(st.integers(0, len(closed)))
        text = f"{closed[:cut]} {closed[cut:]} {melds}".strip()
    if draw(st.integers(0, 4)) == 0:  # damage it
        pos = draw(st.integers(0, len(text)))
        junk = draw(st.sampled_from(["", "0", "9", "z", "r", "*", "@", "@4", ":", "x", " ", "5", "kita:4z", "'"]))
        text = text[:pos] + junk + text[pos + draw(st.integers(0, 2)):]
    return text


@st.composite
def options(draw):
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return [draw(st.sampled_from(FLAGS))]
    if kind == 1:
        return ["--win", draw(st.sampled_from(TILES))]
    if kind == 2:
        return [draw(st.sampled_from(["--seat", "--round"])), draw(st.sampled_from(WINDS))]
    if kind == 3:
        dora = "".join(draw(st.lists(st.sampled_from(TILES[:40]), max_size=6)))
        return [draw(st.sampled_from(["--dora", "--ura"])), dora or "1m"]
    if kind == 4:
        return [draw(st.sampled_from(["--honba", "--sticks"])), str(draw(st.integers(-3, 1003)))]
    if kind == 5:
        return [draw(st.sampled_from(["--win=1m", "--seat=S", "--dora=3p", "--tsu", "--rules", "--rules=default",
                                      "--bogus", "-", "--", "-x", "--honba=0012"]))]
    if kind == 6:
        return ["--rules", draw(st.sampled_from(["default", "tenhou", "wrc", "nope"]))]
    return [draw(st.sampled_from(FLAGS[:3]))]


@st.composite
def lines(draw):
    hand = draw(hand_texts())
    opts = [w for o in draw(st.lists(options(), max_size=6)) for w in o]
    quote = draw(st.sampled_from(['"', "'", ""]))
    words = [f"{quote}{hand}{quote}" if quote or " " not in hand else f'"{hand}"', *opts]
    if draw(st.booleans()):
        where = draw(st.integers(0, len(words)))
        words = words[1:where] + [words[0]] + words[where:] if where else words
    line = " ".join(words)
    prefix = draw(st.sampled_from(["", "  ", "\t", "# ", "\xa0"]))
    suffix = draw(st.sampled_from(["", " ", "\r", " \t"]))
    return (prefix + line + suffix).encode()


@given(st.lists(lines(), min_size=1, max_size=6), st.sampled_from(["default", "tenhou", "wrc", "tenhou_3p"]),
       st.integers(1, 4))
def test_random_lines_same_rows_and_messages(block, rules_name, capacity):
    data = b"\n".join(block) + b"\n"
    pos = lineno = 0
    rules = Rules.preset(rules_name)
    fast = _batchline.LineParser(rules, rules_name, capacity)
    spec = ref.LineParser(rules, rules_name, capacity)
    while pos < len(data):
        got = fast.parse(data, pos, lineno)
        want = spec.parse(data, pos, lineno)
        assert got == want
        for name in ref.COLUMN_SPECS:
            assert fast.columns[name][: got[0]].tolist() == spec.columns[name][: got[0]].tolist(), name
        pos, lineno = got[1], lineno + got[2]


@given(st.lists(hand_strings(), min_size=1, max_size=8))
def test_well_formed_lines_never_leave_c(hands):
    """Lines as users write them (the form str(Hand) gives) are read without the Python specification."""
    data = b"".join(f'"{h}" --win {h.split()[0][-2:]} --tsumo --dora 1m --seat S\n'.encode() for h in hands)
    (n, _, _, errors), fast, _ = parse_both(data)
    assert fast.n_slow == len(errors)
    assert n + len(errors) == len(hands)
    assert all("fifth copy" in m or "would be a fifth" in m or "needs" in m or "not among" in m for _, m in errors)


# ---------------------------------------------------------------------------
# format_columns: the csv/jsonl row formatter


@given(st.integers(0, 30), st.lists(st.sampled_from(["int", "list", "dict"]), min_size=1, max_size=6), st.data())
def test_format_columns_twins(n, kinds, data):
    ints = st.integers(-(2**63), 2**63 - 1)
    columns = [np.array(data.draw(st.lists(ints if k == "int" else st.integers(-2, 6), min_size=n, max_size=n)),
                        dtype=np.int64) for k in kinds]
    prefixes = [data.draw(st.sampled_from([b"", b",", b', "x": '])) for _ in kinds]

    def tables():
        return [None if k == "int" else [b"a", b"bb", b""] if k == "list" else {0: b"zero"} for k in kinds]

    def missing(j, v):
        return f"<{j}:{v}>".encode()

    t_fast, t_spec = tables(), tables()
    got = _batchline.format_columns(prefixes, b"}\n", columns, t_fast, missing)
    want = ref.format_columns(prefixes, b"}\n", columns, t_spec, missing)
    assert got == want
    assert t_fast == t_spec  # the same missing keys cached
    assert got.count(b"}\n") == n


def test_format_columns_errors():
    one = [np.zeros(2, np.int64)]
    for impl in (_batchline, ref):
        with pytest.raises(ValueError, match="prefixes, columns and tables differ in length"):
            impl.format_columns([b""], b"\n", one + one, [None], None)
        with pytest.raises(ValueError, match="columns differ in length"):
            impl.format_columns([b"", b""], b"\n", [np.zeros(2, np.int64), np.zeros(3, np.int64)], [None, None], None)
