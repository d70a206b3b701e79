"""Every option of every command has help text; ``verify -`` reads a record from standard input."""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from riichi_fast.cli.app import build_parser

RECORD = Path(__file__).parents[1] / "data" / "records" / "tenhou-mjlog-mjx" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def test_every_option_of_every_command_has_help():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [(name, a.dest) for name, p in sub.choices.items() for a in p._actions
               if not a.help and not isinstance(a, argparse._HelpAction)]
    assert missing == []
    assert {"score", "analyse", "batch", "verify", "replay", "stats", "export"} <= set(sub.choices)


def test_verify_reads_standard_input():
    proc = subprocess.run([sys.executable, "-m", "riichi_fast", "verify", "-", "--json", "--no-progress"],
                          input=RECORD.read_bytes(), capture_output=True, check=False)
    summary = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    text = RECORD.read_text()
    assert proc.returncode == 0
    assert (summary["games"], summary["wins"], summary["wins_matched"]) == (1, text.count("<AGARI "),
                                                                             text.count("<AGARI "))
