"""Odd arguments to any public entry point raise the package's own errors.

Seeded random calls of every public function of ``riichi_fast`` (and of the
``Rules``, ``WinContext``, ``TableState`` and ``PlayerState`` constructors and
methods, and the record readers on damaged fixture records) with values of the
wrong type or out of range: whatever they raise must be a
:class:`~riichi_fast.errors.RiichiError` (a ``ValueError`` naming the culprit),
never a bare ``TypeError``/``KeyError``/numpy error from deep inside.  A call with
the wrong number of arguments is Python's own ``TypeError`` and is skipped.
Every case these found once is also a named case in ``tests/core/test_errors.py``.
"""

from __future__ import annotations

import dataclasses
import gzip
import random
from pathlib import Path

import numpy as np
import pytest

import riichi_fast as rf
from riichi_fast.errors import RiichiError

DATA = Path(__file__).parent / "data" / "records"

ODD = [None, True, False, -1, 0, 1, 3, 5, 13, 33, 34, 135, 136, 2**40, -(2**70), 1.5, float("nan"), "x", "",
       "1m", "5p", "0z", "E", "tenhou", (), [], [1, 2], {"5p": 2}, np.int64(3), np.uint8(200), np.array([1, 2]),
       np.array([]), b"\x01" * 34, object()]
HANDS = ["123m456p789s11222z", "123m456p789s1122z", "19m19p19s1234567z", "123m456p789s11z pon:777z",
         np.zeros((3, 34), np.uint8), np.ones(34, np.uint8)]


def _signature_error(exc: TypeError) -> bool:
    """Python's own complaint about the number or names of arguments."""
    text = str(exc)
    return any(s in text for s in ("positional argument", "keyword argument", "missing", "takes", "expected at most"))


def _check(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except RiichiError:
        pass
    except TypeError as exc:
        if not _signature_error(exc):
            raise AssertionError(f"{call!r}{args!r}{kwargs!r} raised {exc!r}") from exc


def _public_functions():
    out = []
    for name in sorted(rf.__all__):
        obj = getattr(rf, name)
        if callable(obj) and not isinstance(obj, type):
            out.append(obj)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_public_functions_raise_only_package_errors(seed):
    rng = random.Random(seed)
    funcs = _public_functions()
    table = rf.TableState()
    for _ in range(4000):
        f = rng.choice(funcs)
        args = [rng.choice(ODD) for _ in range(rng.randrange(0, 4))]
        if args and rng.random() < 0.5:
            args[0] = rng.choice([*HANDS, table])
        _check(f, *args)


@pytest.mark.parametrize("cls", [rf.Rules, rf.WinContext, rf.TableState])
def test_value_classes_raise_only_package_errors(cls):
    rng = random.Random(cls.__name__)
    fields = [f.name for f in dataclasses.fields(cls)]
    for _ in range(3000):
        kwargs = {name: rng.choice(ODD) for name in rng.sample(fields, rng.randrange(1, 4))}
        try:
            obj = cls(**kwargs)
            if cls is rf.Rules:
                obj.params()
        except RiichiError:
            pass


def test_player_state_raises_only_package_errors():
    rng = random.Random(5)
    methods = [m for m in dir(rf.PlayerState) if not m.startswith("_")]
    for _ in range(600):
        try:
            state = rf.PlayerState(rng.choice(["123m456p789s1122z", "123m456p789s112z", rng.choice(ODD)]),
                                   rng.choice([(), rng.choice(ODD)]))
        except RiichiError:
            continue
        for _ in range(20):
            attr = getattr(state, rng.choice(methods))
            if callable(attr):
                _check(attr, *[rng.choice([*ODD, rng.randrange(34)]) for _ in range(rng.randrange(0, 3))])


def test_damaged_records_raise_record_errors():
    """Fixture records with bytes deleted, duplicated or replaced: a RecordError or a Game."""
    from riichi_fast.records import parse_mjai, parse_mjlog, parse_tenhou6

    parsers = {".mjlog": parse_mjlog, ".xml": parse_mjlog, ".json": parse_tenhou6, ".jsonl": parse_mjai}
    sources = [(p, parsers[p.suffix]) for p in sorted(DATA.glob("*/*")) if p.suffix in parsers]
    assert len(sources) > 20
    rng = random.Random(9)
    for _ in range(400):
        path, parse = rng.choice(sources)
        raw = path.read_bytes()
        text = list((gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8"))
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(text))
            j = min(len(text), i + rng.randrange(1, 30))
            op = rng.randrange(3)
            if op == 0:
                del text[i:j]
            elif op == 1:
                text[i:i] = text[i:j]
            else:
                text[i] = rng.choice('0123456789,"<>/{}[]a -')
        try:
            parse("".join(text))
        except RiichiError:
            pass
