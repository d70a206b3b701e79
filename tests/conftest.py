"""Shared fixtures: hypothesis profiles and implementation-parametrised modules."""

import importlib
import os
import re
import zlib
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


_RECORD_CASE = re.compile(r"\.(mjlog|json|jsonl|mjson|gz)\b")
_PURE_SAMPLE = 10


def _sample_slow(config, items):
    """In CI (``CI`` set), a fixed third of the ``slow`` tests run: those whose test id has a
    CRC-32 divisible by 3, so every run of one commit runs the same tests.
    ``RIICHI_FAST_ALL_SLOW=1`` (or running without ``CI``, as the README's test command does
    on a developer's machine) keeps every one."""
    if not os.environ.get("CI") or os.environ.get("RIICHI_FAST_ALL_SLOW") == "1":
        return
    dropped = [i for i in items if i.get_closest_marker("slow") is not None and zlib.crc32(i.nodeid.encode()) % 3]
    if dropped:
        gone = {id(i) for i in dropped}
        config.hook.pytest_deselected(items=dropped)
        items[:] = [i for i in items if id(i) not in gone]


def pytest_collection_modifyitems(config, items):
    _sample_slow(config, items)
    _sample_records(config, items)


def _sample_records(config, items):
    """Under RIICHI_FAST_PUREPYTHON=1 (CI's step on the pure-Python twins), a test run once
    per bundled record (20 records or more) keeps every tenth record: the twins' record by
    record answers are compared with the compiled build's in full by the main run (CI's README
    command), and on the twins these loops alone took most of the step's time.
    RIICHI_FAST_ALL_RECORDS=1 keeps them all."""
    if os.environ.get("RIICHI_FAST_PUREPYTHON") != "1" or os.environ.get("RIICHI_FAST_ALL_RECORDS") == "1":
        return
    groups = defaultdict(list)
    for item in items:
        spec = getattr(item, "callspec", None)
        if spec is not None and _RECORD_CASE.search(spec.id):
            groups[item.nodeid.split("[", 1)[0]].append(item)
    dropped = set()
    for cases in groups.values():
        if len(cases) >= 20:
            dropped.update(id(c) for i, c in enumerate(cases) if i % _PURE_SAMPLE)
    if dropped:
        config.hook.pytest_deselected(items=[i for i in items if id(i) in dropped])
        items[:] = [i for i in items if id(i) not in dropped]


def _impl_fixture(path):
    """A session fixture yielding the twin of compiled module ``path`` (``"analysis._shanten"``),
    then the compiled module itself."""
    from riichi_fast._backend import twin_path

    @pytest.fixture(scope="session", params=["reference", "cython"])
    def fixture(request):
        if request.param == "reference":
            return importlib.import_module(f"riichi_fast.{twin_path(path)}")
        return importlib.import_module(f"riichi_fast.{path}")  # a build failure fails loudly

    return fixture


shanten_impl = _impl_fixture("analysis._shanten")
decompose_impl = _impl_fixture("analysis._decompose")
waits_impl = _impl_fixture("analysis._waits")
furiten_impl = _impl_fixture("analysis._furiten")
score_impl = _impl_fixture("scoring._score")


@pytest.fixture(params=["reference", "cython"])
def sc(request, monkeypatch):
    """``riichi_fast.scoring.front.score`` running on the reference kernel, then the compiled one."""
    from riichi_fast.scoring import front as scoring
    from riichi_fast.scoring import pipeline

    mod = importlib.import_module("riichi_fast.reference.scoring.score" if request.param == "reference" else "riichi_fast.scoring._score")
    monkeypatch.setattr(pipeline, "_kernel", lambda: mod)
    return scoring.score
