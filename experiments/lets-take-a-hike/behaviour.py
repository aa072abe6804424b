"""How each heuristic plays, per game: hikes, draws, drop-outs, blunders, payments, win share.

Seats rotate game by game; the Python engine plays (see ``simkit.games.lets_take_a_hike.behaviour``).

    .venv/bin/python experiments/lets-take-a-hike/behaviour.py --games 3000
    .venv/bin/python experiments/lets-take-a-hike/behaviour.py --strategies threshold random random random

``--extra PATH`` imports a file of more strategies first (for instance an older version of
``simkit/strategies/lets_take_a_hike.py`` with its names changed, to measure before and after).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import time

from simkit.core.strategy import make_strategy
from simkit.games.lets_take_a_hike.behaviour import COUNTS, count_behaviour


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--strategies", nargs="+", default=["bold", "greedy", "cautious", "threshold"])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--extra")
    args = ap.parse_args()
    if args.extra:
        spec = importlib.util.spec_from_file_location("extra_strategies", args.extra)
        module = sys.modules["extra_strategies"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    players = [make_strategy(s, "lets-take-a-hike") for s in args.strategies]
    t0 = time.perf_counter()
    table = count_behaviour(players, args.games, args.seed)
    print(f"{args.games} games, seed {args.seed}, {time.perf_counter() - t0:.0f} s; per game:")
    print("| strategy | " + " | ".join(COUNTS) + " | win share (95%) |")
    print("|---" * (len(COUNTS) + 2) + "|")
    for name, row in table.items():
        seats = args.strategies.count(name)
        n = args.games * seats
        p = row["win_share"]
        half = 1.96 * math.sqrt(p * (1 - p) / n)  # normal interval; seats of one name pooled
        cells = " | ".join(f"{row[k]:.3f}" for k in COUNTS)
        print(f"| {name} | {cells} | {p:.3f} ± {half:.3f} |")


if __name__ == "__main__":
    main()
