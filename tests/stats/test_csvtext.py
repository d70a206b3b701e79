"""The CSV text kernel of the compiled export (``stats._csvtext``) against its twin
(``reference.stats_csv``, the csv module): same bytes, same None, same errors."""

import importlib

import numpy as np
import pytest

from riichi_fast.reference.stats import csvtext as twin

csvtext = pytest.importorskip("riichi_fast.stats._csvtext")
IMPLS = [csvtext, twin]


def specs(rng, n):
    big = np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0, -1, 9, 10, -10], dtype=np.int64)
    ints = np.where(rng.random(n) < 0.2, rng.choice(big, n), rng.integers(-100_000, 100_000, n)).astype(np.int64)
    counts = rng.integers(0, 4, n)
    off = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(counts, out=off[1:])
    lst = rng.choice(np.array([np.iinfo(np.int32).min, -3, 0, 7, 2**31 - 1], dtype=np.int32), int(off[-1]))
    words = [w.encode() for w in ("", "mjlog", "kyuushu_kyuuhai", "あい", "x y")]
    choice_off = np.zeros(len(words) + 1, dtype=np.int64)
    np.cumsum([len(w) for w in words], out=choice_off[1:])
    texts = [rng.choice(["", "123m456p", "é", "11z(pon)"]).encode() for _ in range(n)]
    text_off = np.zeros(n + 1, dtype=np.int32)
    np.cumsum([len(t) for t in texts], out=text_off[1:])
    return [
        ("i", ints, None),
        ("i", ints[::-1].copy(), (rng.random(n) < 0.7).astype(np.uint8)),
        ("b", (rng.random(n) < 0.5).astype(np.uint8)),
        ("s", b"".join(words), choice_off, rng.integers(-1, len(words), n).astype(np.int64)),
        ("t", b"".join(texts), text_off, None),
        ("t", b"".join(texts), text_off, rng.integers(-1, n, n).astype(np.int64) if n else np.zeros(0, np.int64)),
        ("l", lst, off),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_the_kernel_writes_the_csv_module_bytes(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 40))
    cols = specs(rng, n)
    start = int(rng.integers(0, n + 1))
    stop = int(rng.integers(start, n + 1))
    got = csvtext.csv_text(cols, start, stop)
    assert got == twin.csv_text(cols, start, stop)
    assert got.count(b"\r\n") == stop - start
    if stop > start:
        first = got.split(b"\r\n")[0].split(b",")
        assert first[0] == str(int(cols[0][1][start])).encode() and first[2] in (b"True", b"False")


@pytest.mark.parametrize("impl", IMPLS, ids=["cython", "reference"])
@pytest.mark.parametrize("bad", [b"a,b", b'say "x"', b"a\rb", b"a\nb"])
def test_a_text_that_needs_quotes_gives_none(impl, bad):
    off = np.array([0, 1, len(bad) + 1], dtype=np.int64)
    assert impl.csv_text([("s", b"z" + bad, off, np.array([0], np.int64))], 0, 1) is None
    off32 = np.array([0, len(bad)], dtype=np.int32)
    assert impl.csv_text([("t", bad, off32, None)], 0, 1) is None


@pytest.mark.parametrize("impl", IMPLS, ids=["cython", "reference"])
def test_bad_columns_are_errors_of_the_same_kind(impl):
    ints = np.arange(3, dtype=np.int64)
    off = np.array([0, 1, 2], dtype=np.int64)
    cases = [
        (([("i", ints, None)], 2, 1), ValueError, "expected 0 <= start <= stop"),
        (([("i", ints, None)], 0, 4), ValueError, "a column of 3 rows, 4 needed"),
        (([("q", ints)], 0, 1), ValueError, "unknown column kind 'q'"),
        (([("s", "ab", off, ints)], 0, 1), TypeError, "text must be bytes"),
        (([("s", b"ab", np.array([0, 2, 1], np.int64), ints[:1])], 0, 1), ValueError, "must not decrease"),
        (([("s", b"ab", np.array([0, 1, 3], np.int64), ints[:1])], 0, 1), ValueError, "offsets outside the data"),
        (([("s", b"ab", off, np.array([2], np.int64))], 0, 1), ValueError, "index 2 past the texts"),
        (([("t", b"ab", np.array([0, 2], np.int32), None)], 0, 2), ValueError, "a text per row"),
        (([("l", np.array([1], np.int32), np.array([0, 2], np.int32))], 0, 1), ValueError, "offsets outside the data"),
    ]
    for args, err, msg in cases:
        with pytest.raises(err, match=msg):
            impl.csv_text(*args)


def test_the_export_takes_the_kernel_of_its_backend():
    from riichi_fast import _backend
    from riichi_fast.stats import _mjlog_export as _export_fast

    want = "riichi_fast.reference.stats.csvtext" if _backend.PUREPYTHON else "riichi_fast.stats._csvtext"
    assert _export_fast._csvtext is _backend.load("stats._csvtext") is importlib.import_module(want)
