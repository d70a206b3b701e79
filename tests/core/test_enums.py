"""The IntEnums of riichi_fast.enums carry the codes of _types.pxd."""

import re
from pathlib import Path

import pytest

import riichi_fast
from riichi_fast.enums import Form, MeldType, RowStatus, SetType, WaitShape

PXD = Path(riichi_fast.__file__).with_name("_types.pxd").read_text()


def _pxd_codes(prefix):
    return {m.group(1): int(m.group(2)) for m in re.finditer(rf"^\s+{prefix}_(\w+) = (\d+)", PXD, re.MULTILINE)}


@pytest.mark.parametrize(
    "enum, prefix",
    [(MeldType, "MELD"), (SetType, "SET"), (Form, "FORM"), (WaitShape, "WAIT"), (RowStatus, "ROW")],
)
def test_enum_matches_pxd(enum, prefix):
    codes = _pxd_codes(prefix)
    codes.pop("NONE", None)
    python = {m.name: m.value for m in enum if m.name != "KITA"}
    assert python == codes
