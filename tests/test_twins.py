"""Every compiled kernel module has a pure-Python twin with the same public names and signatures.

The ``.pyi`` stub of each compiled module is the contract: each name it declares
must exist in the compiled module and in its twin in ``riichi_fast.reference``,
and the twin's Python signature must match the stub's parameters.
"""

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import riichi_fast

from riichi_fast._backend import twin_path

PKG = Path(riichi_fast.__file__).parent
ALL_STUBS = sorted(PKG.glob("**/_*.pyi"))


def _module(stub: Path) -> str:
    """``analysis/_shanten.pyi`` -> ``"analysis._shanten"``."""
    return ".".join(stub.relative_to(PKG).with_suffix("").parts)


def _has_twin(stub: Path) -> bool:
    return (PKG / (twin_path(_module(stub)).replace(".", "/") + ".py")).exists()


# Compiled modules whose Python twin is not (yet) at reference/<same path>: the twin lives
# in the module that calls them.  The list may only shrink.
TWIN_ELSEWHERE = {
    "compat.mahjong._compat_counts",
    "compat.mahjong.hand_calculating._compat_hand",
    "engine._games",  # whole games: engine.game and engine.selfplay with the agents of engine.agents
}
STUBS = [s for s in ALL_STUBS if _has_twin(s)]


def test_every_compiled_module_has_its_twin_at_the_mirrored_path():
    missing = {_module(s) for s in ALL_STUBS if not _has_twin(s)}
    assert missing == TWIN_ELSEWHERE
    assert len(STUBS) >= 18


def _stub_api(path):
    """{name: [(param, has_default, kind)] or None for classes/constants} declared by a stub."""
    tree = ast.parse(path.read_text())
    api = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            a = node.args
            params = [(p.arg, False, "pos") for p in a.posonlyargs + a.args]
            for i in range(len(a.defaults)):
                idx = len(params) - len(a.defaults) + i
                params[idx] = (params[idx][0], True, "pos")
            params += [(p.arg, d is not None, "kw") for p, d in zip(a.kwonlyargs, a.kw_defaults)]
            api[node.name] = params
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            api[node.name] = None
    return api


def _signature(fn):
    params = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        kind = "kw" if p.kind == p.KEYWORD_ONLY else "pos"
        params.append((p.name, p.default is not p.empty, kind))
    return params


@pytest.mark.parametrize("stub", STUBS, ids=[_module(s) for s in STUBS])
def test_twin_matches_stub(stub):
    path = _module(stub)
    family = twin_path(path).removeprefix("reference.")
    compiled = importlib.import_module(f"riichi_fast.{path}")
    twin = importlib.import_module(f"riichi_fast.reference.{family}")
    api = _stub_api(stub)
    assert api, f"{stub.name} declares nothing"
    for name, params in api.items():
        assert hasattr(compiled, name), f"{stub.stem}.{name} is in the stub but not compiled"
        assert hasattr(twin, name), f"reference.{family}.{name} is missing (twin of {stub.stem}.{name})"
        if params is not None:
            assert _signature(getattr(twin, name)) == params, f"reference.{family}.{name} signature != stub"
