"""A heuristic's endgame with a thin backpack while ahead: does drawing (``Hiker.holds_the_lead``,
shipped) beat hiking (the heuristics before it, kept here to measure against)? Measured paired on
shared seeds.

Every seed is played twice with the seats of the two swapped (2 players: new, old / old, new;
4 players: new, old, new, old / old, new, old, new), so each pair of games gives the shipped
heuristic's win share with the seating balanced. Python engine: the old rule has no compiled
form. Run:

    .venv/bin/python experiments/lets-take-a-hike/endgame-lead.py --strategy bold --players 2
"""

from __future__ import annotations

import argparse
import copy
import time

import numpy as np

from simkit.core.registry import game as game_spec
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.core.stats import mean_ci
from simkit.core.strategy import make_strategy

GAME = "lets-take-a-hike"


def before_the_fix(player):
    """``player`` as it played before the fix: once the draw pile is short it hikes with any
    backpack, ahead or not."""
    old = copy.copy(player)  # the same parameters
    never = {"holds_the_lead": lambda self, view: False}
    old.__class__ = type(f"{type(player).__name__}Before", (type(player),), never)
    return old


def shipped_shares(strategy: str, players: int, pairs: int, root: int) -> list[float]:
    """The shipped heuristic's win share in each pair of games (its seats' shares, averaged)."""
    spec = game_spec(GAME)
    rules = spec.default_rules()
    new = make_strategy(strategy, GAME)
    old = before_the_fix(new)
    seatings = [
        [new if s % 2 == 0 else old for s in range(players)],
        [old if s % 2 == 0 else new for s in range(players)],
    ]
    shares = []
    for k in range(pairs):
        pair = 0.0
        for seats in seatings:
            won = play_game(spec, rules, seats, game_seed(root, k)).outcome().win_shares
            pair += sum(w for w, p in zip(won, seats, strict=True) if p is new)
        shares.append(pair / 2)
    return shares


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--strategy", default="bold")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    start = time.process_time()
    shares = shipped_shares(args.strategy, args.players, args.pairs, args.seed)
    mean, lo, hi = mean_ci(np.array(shares))
    print(
        f"{args.strategy}, {args.players} players, {args.pairs} pairs of games, seed {args.seed}: "
        f"the shipped rule's win share {mean:.4f} [{lo:.4f}, {hi:.4f}] "
        f"(fair 0.5); {time.process_time() - start:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
