"""The kernel layout has one source: riichi_fast/rules/_layout.pxd is what tools/gen_layout.py
writes from riichi_fast/rules/layout.py, and the compiled kernel reads the same slots.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

from riichi_fast.rules import layout as L
from riichi_fast.rules.config import DEFAULT
from riichi_fast.rules.context import WinContext
from riichi_fast.tiles import as_counts

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "gen_layout.py"
PREFIXES = ("Y_", "F_", "CTX_", "R_", "ST_", "LIMIT_", "FU_", "O_", "KAZOE_", "RENHOU_")


def _gen():
    spec = importlib.util.spec_from_file_location("gen_layout", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _entries(text: str) -> dict[str, int]:
    return {m[1]: int(m[2]) for m in re.finditer(r"^    ([A-Z][A-Z0-9_]*) = (-?\d+)", text, re.M)}


def test_generated_pxd_is_current():
    gen = _gen()
    assert gen.TARGET.read_text() == gen.render()


def test_check_command_passes():
    done = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")


def test_every_layout_code_is_declared_with_its_value():
    declared = _entries(_gen().TARGET.read_text())
    codes = {k: v for k, v in vars(L).items() if k.startswith(PREFIXES) and type(v) is int}
    assert len(codes) > 150
    assert {k: declared.get(k) for k in codes} == codes


def test_an_edit_of_the_source_changes_the_generated_file():
    gen = _gen()
    source = gen.SOURCE.read_text()
    edited = source.replace("O_TOTAL = 41", "O_TOTAL = 42")
    assert edited != source
    assert _entries(gen.render(edited))["O_TOTAL"] == 42
    assert gen.render(edited) != gen.TARGET.read_text()


def test_section_titles_and_comments_are_carried():
    text = _gen().TARGET.read_text()
    assert "    # Output layout (int64[OUT_SIZE]).  On any status but ST_OK every slot but O_STATUS is 0.\n" in text
    assert re.search(r"^    O_TOTAL = 41 +# O_HAND_POINTS \+ all honba \+ O_STICKS$", text, re.M)
    assert text.count("cdef enum:") == 8


def test_compiled_kernel_writes_the_layout_slots():
    from riichi_fast import _backend

    kernel = _backend.load("scoring._score")
    out = np.full(L.OUT_SIZE, -7, np.int64)
    ctx = WinContext(tsumo=True, riichi=True, seat_wind=1).encode()
    st = kernel.score_kernel(bytes(as_counts("234567m234p55678s")), b"", b"", 25, ctx, DEFAULT.params(), out)
    assert (st, out[L.O_STATUS], out[L.O_HAN], out[L.O_FU], out[L.O_PAY_TSUMO_DEALER], out[L.O_PAY_TSUMO_OTHER]) == (
        L.ST_OK, L.ST_OK, 4, 20, 2600, 1300)
    assert out[L.O_YAKU_MASK] == (1 << L.Y_MENZEN_TSUMO) | (1 << L.Y_RIICHI) | (1 << L.Y_PINFU) | (1 << L.Y_TANYAO)
