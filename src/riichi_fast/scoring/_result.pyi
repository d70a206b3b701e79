"""Type stub of the compiled HandResult storage (twin: riichi_fast.reference.scoring.result)."""

from collections.abc import Sequence

class ResultCore:
    raw: tuple[int, ...]
    status_code: int
    status: str
    han: int
    fu: int
    yaku_mask: int
    yakuman: int
    dora: int
    ura_dora: int
    aka_dora: int
    kita: int
    limit: str
    base_points: int
    ok: bool
    cost: int
    total: int
    tsumo: bool
    dealer: bool
    def __init__(
        self,
        raw: Sequence[int],
        params: object = None,
        *,
        tsumo: bool = False,
        dealer: bool = False,
        is_open: bool = False,
        closed34: object = None,
    ) -> None: ...

def _stored_for_tests(cls: type, values: Sequence[int], kernel: bool = ...) -> tuple[ResultCore, bool]: ...
def _install_freelist(cls: type) -> bool: ...
def _freelist_size() -> int: ...
