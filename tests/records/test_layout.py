"""The records package's layout: each reader selects its compiled half through ``_backend``,
the verifier's parts are offered again by ``records.verify``, the ``convert`` command lives
in ``cli/``."""

import ast
import importlib
from pathlib import Path

import pytest

import riichi_fast
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


TWINS = ["round", "mjai/reader", "tenhou6/reader", "mjlog/reader", "files", "win_check"]
# what a twin of records/ may import: the core, the rules data, other twins, and the
# records' data layer (errors and the model: plain data with no import above the core), and the
# settlement's value types (settle.types: the next table state both twins of the win check use)
ALLOWED = ("riichi_fast.enums", "riichi_fast.errors", "riichi_fast.tiles", "riichi_fast.hand",
           "riichi_fast.rules", "riichi_fast.reference", "riichi_fast.records.errors",
           "riichi_fast.records.model", "riichi_fast.settle.types")


@pytest.mark.parametrize("twin", TWINS)
def test_records_twins_import_only_the_core_and_the_records_data(twin):
    path = Path(riichi_fast.__file__).parent / "reference" / "records" / f"{twin}.py"
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            if name.startswith("riichi_fast"):
                assert name.startswith(ALLOWED), (twin, name)
