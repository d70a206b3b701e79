"""The package's architecture, read from its source (DESIGN.md section 1: layers).

The facts come from ``tools/imports.py`` (module-level imports and cimports of every
``.py``/``.pyx``/``.pxd`` under ``src/riichi_fast``), which prints them for a reader:

- no import cycles among the package's modules;
- ``reference/`` (the pure-Python twins, the executable specification) is a leaf: no module
  outside it imports it except ``riichi_fast._backend``, which selects a kernel or its twin;
  it imports only other twins, the public core and the rules' data;
- every compiled module with a stub (``pkg/_x.pyx`` and ``pkg/_x.pyi``) has its twin at
  ``reference/pkg/x.py``, except the listed few whose twin lives elsewhere;
- at most 20 modules at the package's top level.
"""

import importlib.util
import sys
from pathlib import Path

from riichi_fast._backend import twin_path

from tests.test_twins import TWIN_ELSEWHERE

ROOT = Path(__file__).resolve().parents[1]
PKG = "riichi_fast"
TOP_LEVEL_MAX = 20

# What reference/ may import besides reference/ itself: the public core (pure Python), the
# rules' data, and the plain-Python modules that a compiled module and its twin share (checks,
# messages, value types, data tables): each of these imports nothing above the core itself
# (test_shared_modules_are_leaves).
REFERENCE_MAY_IMPORT = {
    f"{PKG}.tiles",
    f"{PKG}.hand",
    f"{PKG}.errors",
    f"{PKG}.enums",
    f"{PKG}.rules",
    f"{PKG}._parallel",
}
SHARED = {
    f"{PKG}.analysis.readings",
    f"{PKG}.analysis._checks",
    f"{PKG}.analysis._player_args",
    f"{PKG}.analysis._rules",
    f"{PKG}.records.errors",
    f"{PKG}.records.model",
    f"{PKG}.stats._counts",
    f"{PKG}.stats._extras",
}
# Twins that still import a module above them, each with the reason; the list may only shrink.
REFERENCE_EXCEPTIONS = {
    # the mjlog scan's twin is the full reader and verifier, summarised per game
    f"{PKG}.reference.records.mjlog.scan": {f"{PKG}.records.mjlog.reader", f"{PKG}.records.verify",
                                            f"{PKG}.records.verify_files"},
    # the Python table settles and scores through the public front, as a user's code would
    f"{PKG}.reference.engine.table": {f"{PKG}._backend", f"{PKG}.engine.wall", f"{PKG}.engine.types",
                                      f"{PKG}.engine.actions",
                                      f"{PKG}.scoring.front", f"{PKG}.settle"},
    # the observation writers' twin builds the engine's value types (engine.types holds settle's)
    f"{PKG}.reference.engine.encode": {f"{PKG}.engine.types", f"{PKG}.engine.actions"},
    # the batch line's twin reads a line as the score command does (cli.scoreline holds both)
    f"{PKG}.reference.cli.batchline": {f"{PKG}.cli.scoreline"},
    # the next table state is settle.types' pass_deal (a method of its value types)
    f"{PKG}.reference.records.win_check": {f"{PKG}.settle.types"},
    # the package of the engine's twins loads riichi_fast.engine first (its public names)
    f"{PKG}.reference.engine": {f"{PKG}.engine"},
    # the twin of the compiled analysis front is the Python front's function table
    f"{PKG}.reference.inputs": {f"{PKG}.analysis.front"},
    # the twin of the compiled score front is the Python pipeline
    f"{PKG}.reference.scoring.score_api": {f"{PKG}.scoring.pipeline"},
    # the Python settlement lives once, in settle.explain, which the compiled module also calls
    f"{PKG}.reference.settle.settle": {f"{PKG}.settle.explain"},
}


def _load_tool():
    spec = importlib.util.spec_from_file_location("_riichi_fast_imports_tool", ROOT / "tools" / "imports.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


imports = _load_tool()
MODULES, EDGES, INNER = imports.graph()


def _in(name, prefix):
    return name == prefix or name.startswith(prefix + ".")


def test_the_graph_reads_the_whole_package():
    assert f"{PKG}._backend" in MODULES
    assert f"{PKG}.reference.analysis.shanten" in MODULES
    assert len(MODULES) > 100
    assert f"{PKG}.analysis._shanten" in EDGES[f"{PKG}._shanten"]


def test_no_import_cycles():
    assert imports.cycles(EDGES) == []


def test_no_import_cycles_through_deferred_imports():
    """An import left inside a function (an optional extra, an import-time cost, a lazy
    package attribute) still points one way."""
    full = {n: set(e) | {t for _, t in INNER[n] if t in EDGES} for n, e in EDGES.items()}
    assert imports.cycles(full) == []


def test_only_the_backend_imports_reference():
    outside = sorted(f"{n} -> {t}" for n, ts in EDGES.items() for t in ts
                     if _in(t, f"{PKG}.reference") and not _in(n, f"{PKG}.reference") and n != f"{PKG}._backend")
    assert outside == []


def test_reference_imports_only_twins_the_core_and_rules_data():
    allowed = {f"{PKG}.reference"} | REFERENCE_MAY_IMPORT | SHARED
    bad = sorted(f"{n} -> {t}" for n, ts in EDGES.items() if _in(n, f"{PKG}.reference") for t in ts
                 if not any(_in(t.removesuffix(".pxd"), a) for a in allowed)
                 and t not in REFERENCE_EXCEPTIONS.get(n, ()))
    assert bad == []


def test_reference_exceptions_are_still_needed():
    """The listed exceptions are real arrows (a fixed one must leave the list)."""
    for n, targets in REFERENCE_EXCEPTIONS.items():
        assert targets <= EDGES[n], n


def test_shared_modules_are_leaves():
    """What a compiled module and its twin share imports only the core, the rules' data and
    other shared modules (never a kernel, the twins, or a layer above)."""
    allowed = REFERENCE_MAY_IMPORT | SHARED
    bad = sorted(f"{n} -> {t}" for n in SHARED for t in EDGES[n]
                 if not any(_in(t.removesuffix(".pxd"), a) for a in allowed))
    assert bad == []


def _compiled_with_stub():
    src = imports.SRC / PKG
    return {".".join(p.relative_to(src).with_suffix("").parts) for p in src.glob("**/_*.pyx")
            if p.with_suffix(".pyi").exists()}


def _twin_file(module):
    """``analysis._shanten`` -> src/riichi_fast/reference/analysis/shanten.py"""
    return imports.SRC.joinpath(PKG, *twin_path(module).split(".")).with_suffix(".py")


def test_every_compiled_module_has_its_twin_at_the_mirrored_path():
    compiled = _compiled_with_stub()
    assert len(compiled) >= 20
    missing = {m for m in compiled if not _twin_file(m).exists()}
    assert missing == TWIN_ELSEWHERE


def test_at_most_twenty_modules_at_the_top_level():
    top = sorted(p.name for p in (imports.SRC / PKG).iterdir()
                 if p.suffix in (".py", ".pyx") and p.name != "__init__.py")
    assert len(top) <= TOP_LEVEL_MAX, top
