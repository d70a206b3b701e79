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
