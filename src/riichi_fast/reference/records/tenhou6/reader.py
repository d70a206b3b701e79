"""Twin of ``riichi_fast.records.tenhou6._reader``: the tenhou.net/6 reader's entry points
in Python.

The compiled module replays a round's first reading in C on the round object it is given
(``records.tenhou6.reader._Round``).  Here the round's own Python replay
(``_Round.attempt``) does it: the same round appended to the game, or False with the game
as it was (the caller then tries the other readings and raises the error).
"""

from __future__ import annotations

__all__ = ["new_ids", "run_round"]


def new_ids(self, codes) -> tuple[int, ...]:
    """The round's ``new_id`` of each tile code in turn (a hand, the indicators)."""
    new_id = self.new_id
    return tuple([new_id(code) for code in codes])


def run_round(self) -> bool:
    """True, the round's first reading replayed and appended to the game; False, the game
    as it was."""
    rounds = self.game.rounds
    n_rounds = len(rounds)
    try:
        self.attempt(frozenset())
    except Exception:  # noqa: BLE001 - as the compiled run_round: the caller decides
        del rounds[n_rounds:]
        return False
    return True
