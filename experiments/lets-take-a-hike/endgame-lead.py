"""bold's endgame with a thin backpack while ahead: does drawing (the shipped rule) beat hiking
(bold before the fix, kept here to measure against)? Measured paired on shared seeds.

Every seed is played twice with the seats of the two swapped (2 players: new, old / old, new;
4 players: new, old, new, old / old, new, old, new), so each pair of games gives the shipped
bold's win share with the seating balanced. Python engine: the old rule has no compiled form.
Run:

    .venv/bin/python experiments/lets-take-a-hike/endgame-lead.py --players 2 --pairs 10000
"""

from __future__ import annotations

import argparse
import math
import time

from simkit.core.registry import game as game_spec
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.strategies.lets_take_a_hike import Bold, endgame, miles_held


class BoldBefore(Bold):
    """bold before the fix: once the draw pile is short it hikes with any miles, ahead or not."""

    def hikes(self, view):
        return miles_held(view) >= self.hike_miles or (endgame(view) and miles_held(view) > 0)


def shipped_shares(players: int, pairs: int, root: int) -> list[float]:
    """The shipped bold's win share in each pair of games (its seats' shares, averaged)."""
    spec = game_spec("lets-take-a-hike")
    rules = spec.default_rules()
    new, old = Bold(), BoldBefore()
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
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    start = time.process_time()
    shares = shipped_shares(args.players, args.pairs, args.seed)
    mean = sum(shares) / len(shares)
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (len(shares) - 1))
    half = 1.96 * sd / math.sqrt(len(shares))
    print(
        f"{args.players} players, {args.pairs} pairs of games, seed {args.seed}: shipped bold's "
        f"win share {mean:.4f} [{mean - half:.4f}, {mean + half:.4f}] (fair 0.5); "
        f"{time.process_time() - start:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
