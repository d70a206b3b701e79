"""The import layout of riichi_fast.stats and the mjlog scan: imports at module level, the
shared counting rules in one leaf module, and every module importable first under both
backends (a twin that imports the stats package must not need a name of a module that is
still being imported)."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import riichi_fast

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("_imports_tool", ROOT / "tools" / "imports.py")
imports_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(imports_tool)

AREA = ("riichi_fast.stats", "riichi_fast.reference.stats", "riichi_fast.reference.records.mjlog.scan",
        "riichi_fast.records.mjlog._scan", "riichi_fast.records.mjlog._tokens",
        "riichi_fast.records.mjlog._export_rows")


def _in_area(name: str) -> bool:
    return any(name == a or name.startswith(a + ".") for a in AREA)


@pytest.fixture(scope="module")
def graph():
    return imports_tool.graph()


def test_the_area_imports_the_package_at_module_level(graph):
    _, _, inner = graph
    found = {n: v for n, v in inner.items() if _in_area(n.removesuffix(".pxd")) and v}
    assert found == {}


def test_the_counting_rules_are_a_leaf_of_the_stats_package(graph):
    _, edges, _ = graph
    stats = {t for t in edges["riichi_fast.stats._counts"] if t.startswith("riichi_fast.stats")}
    assert stats == {"riichi_fast.stats._extras"}
    assert not {t for t in edges["riichi_fast.stats._extras"] if t.startswith("riichi_fast.stats")}
    for twin in ("riichi_fast.reference.stats.fold", "riichi_fast.reference.records.mjlog.scan",
                 "riichi_fast.stats._fold"):
        assert {t for t in edges[twin] if t.startswith("riichi_fast.stats")} == {"riichi_fast.stats._counts"}, twin


def test_no_cycle_through_the_area(graph):
    _, edges, _ = graph
    assert [c for c in imports_tool.cycles(edges) if any(map(_in_area, c))] == []


FIRST = ["riichi_fast.reference.stats.fold", "riichi_fast.reference.records.mjlog.scan",
         "riichi_fast.stats._counts", "riichi_fast.stats._mjlog_export", "riichi_fast.stats._export"]


@pytest.mark.parametrize("purepython", ["1", "0"])
def test_each_module_imports_first(purepython):
    if purepython == "0" and importlib.util.find_spec("riichi_fast.stats._fold") is None:
        pytest.skip("the compiled modules are not built")
    src = str(Path(riichi_fast.__file__).resolve().parents[1])  # the tree under test
    env = dict(os.environ, RIICHI_FAST_PUREPYTHON=purepython,
               PYTHONPATH=os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")])))
    for module in FIRST:
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True, env=env, timeout=600)
