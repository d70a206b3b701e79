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

# What reference/ may import besides reference/ itself: the public core (pure Python) and
# the rules' data.
REFERENCE_MAY_IMPORT = {
    f"{PKG}.tiles",
    f"{PKG}.hand",
    f"{PKG}.errors",
    f"{PKG}.enums",
    f"{PKG}.analysis.readings",
    f"{PKG}.rules",
}


def _load_tool():
    spec = importlib.util.spec_from_file_location("_riichi_fast_imports_tool", ROOT / "tools" / "imports.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


imports = _load_tool()
MODULES, EDGES, _ = imports.graph()


def _in(name, prefix):
    return name == prefix or name.startswith(prefix + ".")


def test_the_graph_reads_the_whole_package():
    assert f"{PKG}._backend" in MODULES
    assert f"{PKG}.reference.analysis.shanten" in MODULES
    assert len(MODULES) > 100
    assert f"{PKG}.analysis._shanten" in EDGES[f"{PKG}._shanten"]


def test_no_import_cycles():
    assert imports.cycles(EDGES) == []


def test_only_the_backend_imports_reference():
    outside = sorted(f"{n} -> {t}" for n, ts in EDGES.items() for t in ts
                     if _in(t, f"{PKG}.reference") and not _in(n, f"{PKG}.reference") and n != f"{PKG}._backend")
    assert outside == []


def test_reference_imports_only_twins_the_core_and_rules_data():
    allowed = {f"{PKG}.reference"} | REFERENCE_MAY_IMPORT
    bad = sorted(f"{n} -> {t}" for n, ts in EDGES.items() if _in(n, f"{PKG}.reference") for t in ts
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
