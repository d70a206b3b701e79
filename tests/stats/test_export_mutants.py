"""Damaged and mismatching mjlogs: the compiled export path writes what the model path writes.

The compiled export (``_mjlog.export_mjlog``) re-scores and settles nothing: it
writes the record's values, as the model path (``stats._export.game_tables``)
does, and keeps only the structural checks of the replay (tiles, melds, tags,
dora indicators...).  Seeded mutations of two bundled records (a wrong han, fu,
score change or starting score, a truncated record, a duplicated or missing
tag, a tile drawn twice...) go through ``export`` with ``fast=True`` and
``fast=False``: same tables, same unreadable files; and through
``export_mjlog`` and its twin: same status, same rows.
"""

import gzip
import random
import re
from pathlib import Path

import numpy as np
import pytest

from riichi_fast.records.verify_files import _players, fast_settings, params_rows
from riichi_fast.reference.records.mjlog import scan as twin
from riichi_fast.rules import config
from riichi_fast.stats import TABLES, export

pq = pytest.importorskip("pyarrow.parquet")

DATA = Path(__file__).parents[1] / "data" / "records"
BASES = [DATA / "tenhou-mjlog-fastmaj" / "2009082815gm-00e1-0000-b7e41fe8_tw3.mjlog",  # a draw, a dora, calls
         DATA / "tenhou-mjlog-3p" / "2022010618gm-00b9-0000-89fb4bf1.mjlog",
         DATA / "tenhou-mjlog-mjx" / "2017040900gm-00a9-0000-af5434e3.mjlog"]
W = 104
_TAG = re.compile(rb"<[A-Z][A-Z0-9]*[\s/][^>]*>|<[TUVWDEFG]\d+/>")


def xml(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def _tags(data: bytes, name: bytes):
    return [m for m in _TAG.finditer(data) if re.match(rb"<" + name + rb"[\s/>]", m.group(0))]


def _number(data: bytes, rng, tag: bytes, attr: bytes, which=None, delta=None) -> bytes:
    """``data`` with one number of ``attr`` in one ``tag`` changed (position ``which`` of the
    list: "odd", "even" or None for any)."""
    found = [m for m in _tags(data, tag) if re.search(rb"\s" + attr + rb'="[^"]+"', m.group(0))]
    if not found:
        return data
    m = rng.choice(found)
    text = m.group(0)
    a = re.search(rb"\s" + attr + rb'="([^"]*)"', text)
    values = a.group(1).split(b",")
    idx = [i for i in range(len(values)) if values[i] and (which is None or i % 2 == (which == "odd"))]
    if not idx:
        return data
    i = rng.choice(idx)
    values[i] = str(int(values[i]) + (delta if delta is not None else rng.choice([-3, -1, 1, 2, 10]))).encode()
    new = text[:a.start(1)] + b",".join(values) + text[a.end(1):]
    return data[:m.start()] + new + data[m.end():]


def _dup(data: bytes, rng, name: bytes) -> bytes:
    found = _tags(data, name)
    if not found:
        return data
    m = rng.choice(found)
    return data[:m.end()] + m.group(0) + data[m.end():]


def _drop(data: bytes, rng, name: bytes) -> bytes:
    found = _tags(data, name)
    if not found:
        return data
    m = rng.choice(found)
    return data[:m.start()] + data[m.end():]


def _insert(data: bytes, rng, after: bytes, text: bytes) -> bytes:
    found = _tags(data, after)
    if not found:
        return data
    m = rng.choice(found)
    return data[:m.end()] + text + data[m.end():]


def _attr(data: bytes, rng, tag: bytes, text: bytes) -> bytes:
    """One ``tag`` with ``text`` put in after its name."""
    found = _tags(data, tag)
    if not found:
        return data
    m = rng.choice(found)
    at = m.start() + 1 + len(re.match(rb"<(\w+)", m.group(0)).group(1))
    return data[:at] + b" " + text + data[at:]


def _swap(data: bytes, rng) -> bytes:
    tags = list(_TAG.finditer(data))
    i = rng.randrange(2, len(tags) - 1)
    a, b = tags[i], tags[i + 1]
    if a.end() != b.start():
        return data
    return data[:a.start()] + b.group(0) + a.group(0) + data[b.end():]


def _digit(data: bytes, rng) -> bytes:
    at = [m.start() for m in re.finditer(rb"\d", data)]
    i = rng.choice(at)
    return data[:i] + str((int(data[i:i + 1]) + rng.randrange(1, 10)) % 10).encode() + data[i + 1:]


MUTATIONS = {
    "han": lambda d, r: _number(d, r, b"AGARI", b"yaku", "odd"),
    "yaku-id": lambda d, r: _number(d, r, b"AGARI", b"yaku", "even"),
    "fu": lambda d, r: _number(d, r, b"AGARI", b"ten", None),
    "win-change": lambda d, r: _number(d, r, b"AGARI", b"sc", "odd"),
    "win-before": lambda d, r: _number(d, r, b"AGARI", b"sc", "even"),
    "draw-change": lambda d, r: _number(d, r, b"RYUUKYOKU", b"sc", "odd", 10),
    "honba": lambda d, r: _number(d, r, b"AGARI", b"ba", None, 1),
    "start-score": lambda d, r: _number(d, r, b"INIT", b"ten", None, 10),
    "seed": lambda d, r: _number(d, r, b"INIT", b"seed", None, 1),
    "owari": lambda d, r: _number(d, r, b"AGARI|RYUUKYOKU", b"owari", "even", 10),
    "ura": lambda d, r: _number(d, r, b"AGARI", b"doraHaiUra", None, 200),
    "dora": lambda d, r: _number(d, r, b"DORA", b"hai", None, 1),
    "truncated": lambda d, r: d[:r.randrange(len(d) // 3, len(d) - 5)],
    "tile-twice": lambda d, r: _dup(d, r, rb"[TUVW]\d+"),
    "discard-twice": lambda d, r: _dup(d, r, rb"[DEFG]\d+"),
    "riichi-twice": lambda d, r: _dup(d, r, rb'REACH who="\d"[^>]*step="2"'),
    "dora-twice": lambda d, r: _dup(d, r, b"DORA"),
    "five-dora": lambda d, r: _insert(d, r, b"DORA", b'<DORA hai="1"/><DORA hai="2"/><DORA hai="3"/><DORA hai="5"/>'),
    "call-twice": lambda d, r: _dup(d, r, b"N"),
    "no-draw": lambda d, r: _drop(d, r, rb"[TUVW]\d+"),
    "no-call": lambda d, r: _drop(d, r, b"N"),
    "no-riichi": lambda d, r: _drop(d, r, rb'REACH who="\d" step="1"'),
    "no-result": lambda d, r: _drop(d, r, b"AGARI|RYUUKYOKU"),
    "no-init": lambda d, r: _drop(d, r, b"INIT"),
    "swap": _swap,
    "go-late": lambda d, r: _insert(d, r, b"INIT", b'<GO type="161" lobby="0"/>'),
    "pao": lambda d, r: _attr(d, r, b"AGARI", b'paoWho="%d"' % r.randrange(-1, 4)),
    "owari-early": lambda d, r: _attr(d, r, b"AGARI|RYUUKYOKU", b'owari="250,0,250,0,250,0,250,0"'),
    "nagashi": lambda d, r: _attr(d, r, b"RYUUKYOKU", b'type="nm"'),
    "digit": _digit,
}


def mutants():
    rng = random.Random(20261201)
    out = []
    for k, base in enumerate(BASES):
        data = xml(base)
        for name, fn in MUTATIONS.items():
            m = fn(data, rng)
            if m != data:
                out.append((f"{k}-{name}.mjlog", m))
        for i in range(4):  # a few more numbers changed anywhere
            out.append((f"{k}-digit{i}.mjlog", _digit(data, rng)))
    return out


def test_mutated_records_export_the_same_both_ways(tmp_path):
    from riichi_fast.records.mjlog import _scan as _mjlog

    files = mutants()
    assert len(files) >= 80
    d = tmp_path / "in"
    d.mkdir()
    taken = mismatched = 0
    for name, data in files:
        (d / name).write_bytes(data)
        base = config.TENHOU_3P if _players(data) == 3 else config.TENHOU
        params, settings = params_rows(base), fast_settings(base)
        a = np.full((600, W), 7, dtype=np.int32)
        b = a.copy()
        got = _mjlog.export_mjlog(data, params, a, 0, 0, **settings)
        assert got == twin.export_mjlog(data, params, b, 0, 0, **settings), name
        assert (a[:got[1]] == b[:got[1]]).all(), name
        taken += got[0] == 0
        mismatched += got[0] == 0 and _mjlog.verify_mjlog(data, params, **settings)[0] == 1
    # both kinds: records the compiled path exports though they do not verify, records it declines
    assert mismatched >= 10 and len(files) - taken >= 10
    fast = export([d], tmp_path / "fast", format="parquet")
    slow = export([d], tmp_path / "slow", format="parquet", fast=False)
    assert fast == {**slow, "files": fast["files"]} and len(fast["unreadable"]) >= 3
    for name in TABLES:
        ta, tb = pq.read_table(tmp_path / "fast" / f"{name}.parquet"), pq.read_table(tmp_path / "slow" / f"{name}.parquet")
        assert ta.schema == tb.schema and ta.to_pylist() == tb.to_pylist(), name
