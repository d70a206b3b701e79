"""The records package's layout: each reader selects its compiled half through ``_backend``,
the verifier's parts are offered again by ``records.verify``, the ``convert`` command lives
in ``cli/``."""

import importlib

import pytest

from riichi_fast import _backend
from riichi_fast.cli import app, convert
from riichi_fast.records import report, scorers, settlement, verify, verify_rules

READERS = {
    "records.mjai.reader": "records.mjai._reader",
    "records.tenhou6.reader": "records.tenhou6._reader",
    "records.mjlog.reader": "records.mjlog._reader",
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_each_reader_runs_the_backends_module(reader):
    mod = importlib.import_module(f"riichi_fast.{reader}")
    assert mod._impl is _backend.load(READERS[reader])
    assert not hasattr(mod, "USE_COMPILED")


def test_verify_offers_the_names_of_its_parts():
    for part in (report, scorers, settlement):
        for name in part.__all__:
            assert getattr(verify, name) is getattr(part, name), (part.__name__, name)
    assert verify.rules_for_game is verify_rules.rules_for_game
    assert set(verify.__all__) <= set(dir(verify))


def test_convert_is_a_cli_command():
    ns = app.build_parser().parse_args(["convert", "a.mjlog", "--to", "tenhou6", "--out", "o"])
    assert ns.func is convert.cmd_convert
