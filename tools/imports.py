"""The package's import graph, read from the source: module-level imports and cimports of
every ``.py``/``.pyx``/``.pxd`` under ``src/riichi_fast``.

    python tools/imports.py            # cycles, reference/ imports, function-level imports
    python tools/imports.py --graph    # every module-level arrow

``tests/test_architecture.py`` asserts the same facts.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PKG = "riichi_fast"

_CIMPORT = re.compile(r"^(?:from\s+([\w.]+)\s+c?import\s+(.+)|c?import\s+([\w.]+))", re.M)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(SRC.glob(f"{PKG}/**/*")):
        if path.suffix in (".py", ".pyx", ".pxd") and "__pycache__" not in path.parts:
            name = module_name(path)
            if path.suffix == ".pxd" and name in out:
                name += ".pxd"
            out.setdefault(name, path)
    return out


def _resolve(base: str, level: int, name: str | None, is_pkg: bool) -> str:
    if level == 0:
        return name or ""
    parts = base.split(".")
    if not is_pkg:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([name] if name else []))


def _targets(mod: str, names: list[str], known: set[str]) -> list[str]:
    """``from mod import a, b``: a submodule when ``mod.a`` is one, else ``mod``."""
    out = []
    for n in names:
        sub = f"{mod}.{n}"
        out.append(sub if sub in known else mod)
    return out or [mod]


def imports_of(name: str, path: Path, known: set[str]) -> tuple[list[str], list[tuple[int, str]]]:
    """(module-level imports of the package, function-level ones as (line, module))."""
    is_pkg = path.name == "__init__.py"
    top: list[str] = []
    inner: list[tuple[int, str]] = []
    if path.suffix == ".py":
        tree = ast.parse(path.read_text(), str(path))

        def visit(node, depth, in_type_checking):
            for child in ast.iter_child_nodes(node):
                d = depth + isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                tc = in_type_checking or (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test))
                found = []
                if isinstance(child, ast.Import):
                    found = [a.name for a in child.names]
                elif isinstance(child, ast.ImportFrom):
                    mod = _resolve(name, child.level, child.module, is_pkg)
                    found = _targets(mod, [a.name for a in child.names], known)
                for f in found:
                    if f.split(".")[0] != PKG or tc:
                        continue
                    (inner.append((child.lineno, f)) if d else top.append(f))
                visit(child, d, tc)

        visit(tree, 0, False)
    else:
        text = path.read_text()
        for m in _CIMPORT.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            indented = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].strip() != ""
            if m.group(1):
                mod = m.group(1)
                if mod.startswith("."):
                    level = len(mod) - len(mod.lstrip("."))
                    mod = _resolve(name, level, mod.lstrip(".") or None, False)
                names = [n.strip().split(" as ")[0].strip("() ") for n in m.group(2).split(",")]
                found = _targets(mod, [n for n in names if n], known)
            else:
                found = [m.group(3)]
            for f in found:
                if f.split(".")[0] == PKG and not indented:
                    top.append(f)
        # imports inside cdef/def functions in .pyx files (indented)
        for m in re.finditer(r"^[ \t]+(?:from\s+(riichi_fast[\w.]*)\s+c?import|c?import\s+(riichi_fast[\w.]*))", text, re.M):
            inner.append((text.count("\n", 0, m.start()) + 1, m.group(1) or m.group(2)))
    return top, inner


def graph():
    mods = modules()
    known = set(mods)
    edges: dict[str, set[str]] = {}
    inner: dict[str, list[tuple[int, str]]] = {}
    for name, path in mods.items():
        top, fn = imports_of(name.removesuffix(".pxd"), path, known)
        own = name.removesuffix(".pxd")
        edges[name] = {t for t in top if t != own and t in known or t.removesuffix(".pxd") in known and t != own}
        edges[name] = {t for t in edges[name] if t in known}
        inner[name] = fn
    return mods, edges, inner


def parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan). The implicit import of
    a module's parent packages is not an arrow: a package's ``__init__`` re-exports its
    children, and a child that imports its package by name is an arrow like any other."""
    full = edges
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in full.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in full:
        if v not in index:
            strong(v)
    return out


def main(argv):
    mods, edges, inner = graph()
    if "--graph" in argv:
        for n in sorted(edges):
            for t in sorted(edges[n]):
                print(f"{n} -> {t}")
        return 0
    cyc = cycles(edges)
    print(f"{len(mods)} modules, {sum(map(len, edges.values()))} module-level arrows")
    print(f"cycles: {len(cyc)}")
    for c in cyc:
        print("  ", " ".join(c))
    ref = [(n, t) for n, ts in edges.items() for t in ts
           if t.startswith(f"{PKG}.reference") and not n.startswith(f"{PKG}.reference") and n != f"{PKG}._backend"]
    print(f"imports of reference/ from outside it: {len(ref)}")
    for n, t in sorted(ref):
        print(f"   {n} -> {t}")
    up = [(n, t) for n, ts in edges.items() if n.startswith(f"{PKG}.reference") for t in ts
          if not t.startswith(f"{PKG}.reference")]
    print(f"imports from reference/ of non-reference modules: {len(up)}")
    for n, t in sorted(up):
        print(f"   {n} -> {t}")
    fn = [(n, line, t) for n, v in inner.items() for line, t in v]
    print(f"function-level imports of the package: {len(fn)}")
    if "-v" in argv:
        for n, line, t in sorted(fn):
            print(f"   {mods[n].relative_to(SRC)}:{line} {t}")
    top = [n for n in mods if n.count(".") == 1 and not mods[n].name == "__init__.py"]
    print(f"modules at the top level: {len(top)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
