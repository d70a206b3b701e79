"""Shared fixtures: hypothesis profiles and implementation-parametrised modules."""

import importlib
import os

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


def _impl_fixture(name):
    """A session fixture yielding the reference module, then the compiled one."""

    @pytest.fixture(scope="session", params=["reference", "cython"])
    def fixture(request):
        if request.param == "reference":
            return importlib.import_module(f"riichi_fast.reference.{name}")
        return importlib.import_module(f"riichi_fast._{name}")  # a build failure fails loudly

    return fixture


shanten_impl = _impl_fixture("shanten")
decompose_impl = _impl_fixture("decompose")
waits_impl = _impl_fixture("waits")
furiten_impl = _impl_fixture("furiten")
score_impl = _impl_fixture("score")


@pytest.fixture(params=["reference", "cython"])
def sc(request, monkeypatch):
    """``riichi_fast.rules.scoring.score`` running on the reference kernel, then the compiled one."""
    from riichi_fast.rules import scoring

    mod = importlib.import_module("riichi_fast.reference.score" if request.param == "reference" else "riichi_fast._score")
    monkeypatch.setattr(scoring, "_kernel", lambda: mod)
    return scoring.score
