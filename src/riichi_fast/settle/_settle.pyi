"""Type stub of the compiled settlement (twin: riichi_fast.reference.settle.settle)."""

from riichi_fast.settle.types import Settlement, TableState
from riichi_fast.rules.config import Rules

def settle_win(
    table: TableState,
    wins: object,
    riichi_declared: object = (),
    rules: Rules | str = ...,
    *,
    wareme_seat: int | None = None,
) -> Settlement: ...
def settle_exhaustive_draw(
    table: TableState,
    tenpai: object = (),
    riichi_declared: object = (),
    nagashi: object = (),
    rules: Rules | str = ...,
    *,
    wareme_seat: int | None = None,
) -> Settlement: ...
def settle_abortive_draw(
    table: TableState, kind: str, rules: Rules | str = ..., *, riichi_declared: object = ()
) -> Settlement: ...
def settle_chombo(
    table: TableState, offender: int, rules: Rules | str = ..., *, riichi_declared: object = ()
) -> Settlement: ...
def _explain_one_win(
    table: TableState, win: tuple, riichi_declared: tuple, rules: Rules | str, **kwargs: object
) -> Settlement: ...
def _explain_abortive(table: TableState, kind: str, rules: Rules | str, riichi_declared: tuple) -> Settlement: ...
def _explain_chombo(table: TableState, offender: int, rules: Rules | str, riichi_declared: tuple) -> Settlement: ...
