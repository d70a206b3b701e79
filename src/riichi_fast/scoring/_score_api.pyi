"""Type stub of the compiled scoring front end (twin: riichi_fast.reference.scoring.score_api)."""

from riichi_fast.rules.config import Rules
from riichi_fast.rules.context import WinContext
from riichi_fast.scoring.result import HandResult

def score(
    hand: object,
    win_tile: str | int | None = None,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    open_riichi: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    paarenchan: bool = False,
    seat_wind: int | str = 0,
    round_wind: int | str = 0,
    dora: object = (),
    ura: object = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    context: WinContext | None = None,
    rules: Rules | str = ...,
) -> HandResult: ...
