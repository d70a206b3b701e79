"""Write one riichienv game as mjai JSON lines on stdout (tests/data/records/mjai-riichienv/).

    python tools/riichienv_game.py SEED [GAME_MODE] | gzip -9 > riichienv-4p-seedSEED.jsonl.gz

The players are simple: they win when they can, declare riichi, call pon or
kan 70% of the time, and otherwise discard what keeps the shanten lowest.
"""

import json
import random
import sys

from riichienv import RiichiEnv, calculate_shanten

_RANK = {"TSUMO": 0, "RON": 0, "RIICHI": 1, "PON": 2, "KAKAN": 2, "ANKAN": 2, "DAIMINKAN": 2}


def _name(action) -> str:
    return str(action.action_type).split(".")[-1]


def _choose(obs, rng):
    legal = obs.legal_actions()
    if not legal:
        return None
    best = min(legal, key=lambda a: _RANK.get(_name(a), 9))
    rank = _RANK.get(_name(best), 9)
    if rank <= 1 or (rank == 2 and rng.random() < 0.7):
        return best
    discards = [a for a in legal if _name(a) == "DISCARD"]
    if not discards:
        return rng.choice(legal)
    hand = list(obs.hand)

    def shanten_after(a):
        rest = list(hand)
        if a.tile in rest:
            rest.remove(a.tile)
        return calculate_shanten(rest), rng.random()

    return min(discards, key=shanten_after)


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    mode = sys.argv[2] if len(sys.argv) > 2 else "4p-red-half"
    rng = random.Random(seed)
    env = RiichiEnv(game_mode=mode, seed=seed)
    env.reset()
    for _ in range(20000):
        if env.done():
            break
        actions = {}
        for pid, obs in env.get_observations().items():
            a = _choose(obs, rng)
            if a is not None:
                actions[pid] = a
        env.step(actions)
    for ev in env.mjai_log:
        print(ev if isinstance(ev, str) else json.dumps(ev))


if __name__ == "__main__":
    main()
