"""Which waypoint? Every option of the planner's waypoint choices valued by paired playouts on the
compiled engine (the audit's valuation: the planner in every seat, hidden cards redrawn), and how
well simple rules pick among them. Each rule's pick is scored by its value less the mean of the
decision's options (0: no better than an option drawn at random). Run:

    .venv/bin/python experiments/hike-it/waypoint_values.py --games 80 --playouts 128
"""

from __future__ import annotations

import argparse
from functools import partial

import polars as pl
from joblib import Parallel, delayed

from simkit.core import registry
from simkit.core.audit import play_recorded
from simkit.core.playout import move_values, policy_for
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy

GAME = "hike-it"


def features(board, space: int, held: list[int]) -> dict:
    """What a rule may read of a waypoint option."""
    miles = board.dist[space]
    region = board.park.region[space]
    return {
        "to_trailheads": min(miles[t] for t in board.trailheads),  # the planner's first pick
        "to_held": sum(miles[w] for w in held),  # the planner's later picks
        "to_den": miles[board.dens[region]],
        "campsites_near": sum(1 for c in board.campsites if miles[c] <= 3),
    }


def valued(seed: int, playouts: int) -> list[dict]:
    """The waypoint decisions of one two-player planner game, every option valued."""
    spec = registry.game(GAME)
    players = [make_strategy("planner", GAME)] * 2
    _, kept, _ = play_recorded(
        spec,
        spec.rules_type(),
        players,
        seed,
        lambda d, s: d < 8 and s.legal_actions()[0][0] == "waypoint",
    )
    policy = policy_for(GAME, "")
    rows = []
    for d, (position, played) in sorted(kept.items()):
        seat = position.current_player()
        legal = position.legal_actions()
        view = position.view(seat)
        held = list(view.me.waypoints)
        wins, _ = move_values(
            partial(position.sample_hidden, seat),
            seat,
            legal,
            policy,
            playouts,
            GameRng(seed * 1000 + d),
        )
        rows += [
            {
                "seed": seed,
                "decision": d,
                "held": len(held),
                "space": action[1],
                "value": float(wins[i].mean()),
                "played": action == played,
                **features(view.board, action[1], held),
            }
            for i, action in enumerate(legal)
        ]
    return rows


def pick_gain(table: pl.DataFrame, key: str, most: bool) -> float:
    """Mean value, over the decision's mean, of the option with the most (or least) ``key``."""
    picks = table.sort([key, "space"], descending=[most, False]).group_by(
        "seed", "decision", maintain_order=True
    )
    return float(picks.first()["gain"].mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--playouts", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    games = Parallel(n_jobs=args.jobs)(
        delayed(valued)(s, args.playouts) for s in range(args.seed, args.seed + args.games)
    )
    table = pl.DataFrame([row for rows in games for row in rows])
    table = table.with_columns(
        gain=pl.col("value") - pl.col("value").mean().over("seed", "decision"),
        rank=pl.col("value").rank(descending=True).over("seed", "decision"),
        options=pl.len().over("seed", "decision"),
    )
    for held, part in table.group_by("held", maintain_order=True):
        chosen = part.filter("played")
        best = part.group_by("seed", "decision").agg(pl.col("gain").max())["gain"].mean()
        print(
            f"waypoint {held[0] + 1}: {chosen.height} decisions, {chosen['options'].mean():.1f} "
            f"options; the planner's pick ranks {chosen['rank'].mean():.1f}, gain "
            f"{chosen['gain'].mean():+.3f} (the best option's {best:+.3f}, noise included)"
        )
        for key in ("to_trailheads", "to_held", "to_den", "campsites_near"):
            if part[key].n_unique() > 1:
                print(
                    f"  most {key}: {pick_gain(part, key, True):+.3f}, "
                    f"least: {pick_gain(part, key, False):+.3f}"
                )


if __name__ == "__main__":
    main()
