"""The engine's layout: its modules import each other at module level without a cycle, the few
deferred imports say why, and the action space's size is a named constant, not a literal."""

import importlib.util
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "src" / "riichi_fast" / "engine"
_spec = importlib.util.spec_from_file_location("imports_tool", ROOT / "tools" / "imports.py")
imports_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(imports_tool)

# function-level imports left in the engine: the record readers, writers and the verifier, an
# import-time cost that only replays and logged games pay
DEFERRED = {
    ("riichi_fast.engine.selfplay", "riichi_fast.engine.logs"),
    ("riichi_fast.engine.logs", "riichi_fast.records.verify"),
    ("riichi_fast.engine.replay", "riichi_fast.records.sources"),
    ("riichi_fast.engine.replay", "riichi_fast.records.verify"),
    ("riichi_fast.engine.replay", "riichi_fast.records.verify_files"),
}


def test_engine_modules_import_at_module_level_without_a_cycle():
    mods, edges, inner = imports_tool.graph()
    engine = {m for m in mods if m.startswith("riichi_fast.engine") or m.startswith("riichi_fast.cli.selfplay")}
    assert len(engine) >= 20
    assert [c for c in imports_tool.cycles(edges) if set(c) & engine] == []
    assert {(m.removesuffix(".pxd"), t) for m in engine for _line, t in inner[m]} == DEFERRED
    for m in {m for m, _ in DEFERRED}:
        lines = mods[m].read_text().splitlines()
        for line, _t in inner[m]:
            assert "deferred:" in lines[line - 2], f"{m}:{line} does not say why its import is deferred"


def _code_numbers(path: Path) -> set[str]:
    """The number literals of a module's code (strings, docstrings and comments left out)."""
    text = path.read_text()
    if path.suffix == ".py":
        return {t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.NUMBER}
    text = re.sub(r'"""[\s\S]*?"""', "", text)
    text = re.sub(r"#.*", "", text)
    return set(re.findall(r"\b\d+\b", text))


def test_the_action_space_size_is_named_not_written():
    sources = [p for ext in ("py", "pyx", "pxd", "pyi") for p in ENGINE.glob(f"*.{ext}")]
    assert len(sources) >= 20
    # once per language: the Python constants (actions.py) and the C enum (_actions.pxd)
    assert sorted(p.name for p in sources if {"222", "221"} & _code_numbers(p)) == ["_actions.pxd", "actions.py"]


def test_the_compiled_action_space_has_the_python_size():
    import numpy as np
    import pytest

    from riichi_fast.engine import CTable, seeded_wall
    from riichi_fast.engine.actions import N_ACTIONS
    from riichi_fast.engine.types import EngineError

    t = CTable("tenhou")
    t.start_hand(seeded_wall(1))
    assert t.legal_mask(np.zeros(N_ACTIONS, dtype=np.uint8)) == 0
    with pytest.raises(EngineError, match=f"expected {N_ACTIONS} entries"):
        t.legal_mask(np.zeros(N_ACTIONS + 1, dtype=np.uint8))
    with pytest.raises(EngineError, match=f"out of range 0-{N_ACTIONS - 1}"):
        t.step_index(N_ACTIONS)
