"""``riichi-fast selfplay``: seeded games between built-in agents, a summary table per seat."""

from __future__ import annotations

import json
import time

from riichi_fast._progress import Progress
from riichi_fast.engine.agents import AGENTS
from riichi_fast.engine.selfplay import play


def add_parser(sub) -> None:
    """Add ``selfplay`` to the subparsers of ``riichi-fast``."""
    p = sub.add_parser("selfplay", help="play seeded games between built-in agents and summarise them",
                       description="Play seeded games between built-in agents through the engine and print "
                                   "placements, win and deal-in rates per seat; with --out each game is also written as a "
                                   "log that verify and replay read back (none otherwise).")
    p.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    p.add_argument("--agents", default="greedy,random,random,random",
                   help=f"one agent per seat, comma-separated, among {', '.join(AGENTS)} "
                        "(default: greedy,random,random,random)")
    p.add_argument("--rules", default="tenhou", help="rules preset (default: tenhou)")
    p.add_argument("--length", default="hanchan", choices=("single", "tonpuusen", "hanchan"),
                   help="game length (default: hanchan)")
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default: 0)")
    p.add_argument("--threads", type=int, default=1,
                   help="native threads, games in compiled code (default: 1; the results do not depend on it)")
    p.add_argument("--out", metavar="DIR", help="write each game as a log in DIR (game-000000.jsonl ...)")
    p.add_argument("--format", dest="log_format", choices=("mjai", "tenhou6"), default="mjai",
                   help="log format with --out (default: mjai)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar on stderr")
    p.set_defaults(func=cmd_selfplay)


def cmd_selfplay(ns) -> int:
    start = time.perf_counter()
    with Progress(max(ns.games, 0), "selfplay", unit=" games", enabled=not ns.no_progress) as bar:
        result = play(ns.games, ns.agents, ns.rules, ns.seed, ns.threads, length=ns.length, progress=bar.update,
                      out=ns.out, log_format=ns.log_format)
    elapsed = time.perf_counter() - start
    hands = int(result.hands.sum())
    if ns.json:
        print(json.dumps({"games": ns.games, "hands": hands, "exhaustive_draws": int(result.exhaustive_draws.sum()),
                          "abortive_draws": int(result.abortive_draws.sum()), "seats": result.summary()}))
        return 0
    print(f"{ns.games} {ns.length} games ({ns.rules}, seed {ns.seed}): {hands} hands, "
          f"{int(result.exhaustive_draws.sum())} exhaustive and {int(result.abortive_draws.sum())} abortive draws, "
          f"{elapsed:.1f} s")
    print(result.table())
    return 0
