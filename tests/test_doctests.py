"""Run the docstring examples of every public module (they are part of the docs)."""

import doctest
import importlib
import pkgutil

import pytest

import riichi_fast


def _modules():
    names = []
    for info in pkgutil.walk_packages(riichi_fast.__path__, "riichi_fast."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("modname", _modules())
def test_docstring_examples(modname):
    module = importlib.import_module(modname)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failure(s) in {modname}"


def test_readme_examples():
    """The README's tour is a doctest: its examples stay true."""
    from pathlib import Path

    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 5
    assert result.failed == 0
