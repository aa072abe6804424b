"""Which waypoint, which trailhead? Every option of the planner's setup choices valued by paired
playouts on the compiled engine (the audit's valuation: the planner in every seat, hidden cards
redrawn), and how well simple readings of the map pick among them. Each pick is scored by its value
less the mean of the decision's options (0: no better than an option drawn at random). Run:

    .venv/bin/python experiments/hike-it/setup_values.py --choice waypoint --games 80
    .venv/bin/python experiments/hike-it/setup_values.py --choice trailhead --games 100
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
from simkit.strategies.hike_it import _tour

GAME = "hike-it"


def waypoint_features(view, space: int) -> dict:
    """What a rule may read of a waypoint option."""
    board, held = view.board, list(view.me.waypoints)
    miles = board.dist[space]
    return {
        "to_trailheads": min(miles[t] for t in board.trailheads),  # the first pick before
        "to_held": sum(miles[w] for w in held),  # the later picks
        "to_bear": miles[view.bears[board.park.region[space]]],  # its region's
        "campsites_near": sum(1 for c in board.campsites if miles[c] <= 3),
    }


def trailhead_features(view, space: int) -> dict:
    """What a rule may read of a trailhead option."""
    board, held = view.board, list(view.me.waypoints)
    miles = board.dist[space]
    return {
        "tour": _tour(board, space, held, space)[0],  # the choice before
        "to_bear": min(miles[b] for b in view.bears),  # the nearest
        "to_held": min(miles[w] for w in held),
    }


FEATURES = {"waypoint": waypoint_features, "trailhead": trailhead_features}


def valued(seed: int, playouts: int, choice: str) -> list[dict]:
    """The ``choice`` decisions of one two-player planner game, every option valued."""
    spec = registry.game(GAME)
    players = [make_strategy("planner", GAME)] * 2
    _, kept, _ = play_recorded(
        spec,
        spec.rules_type(),
        players,
        seed,
        lambda d, s: d < 10 and s.legal_actions()[0][0] == choice,
    )
    policy = policy_for(GAME, "")
    rows = []
    for d, (position, played) in sorted(kept.items()):
        seat = position.current_player()
        legal = position.legal_actions()
        view = position.view(seat)
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
                "held": len(view.me.waypoints),
                "space": action[1],
                "value": float(wins[i].mean()),
                "played": action == played,
                **FEATURES[choice](view, action[1]),
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
    parser.add_argument("--choice", choices=sorted(FEATURES), default="waypoint")
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--playouts", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    games = Parallel(n_jobs=args.jobs)(
        delayed(valued)(s, args.playouts, args.choice)
        for s in range(args.seed, args.seed + args.games)
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
            f"{args.choice} (waypoints held: {held[0]}): {chosen.height} decisions, "
            f"{chosen['options'].mean():.1f} options; the planner's pick ranks "
            f"{chosen['rank'].mean():.1f}, gain {chosen['gain'].mean():+.3f} (the best "
            f"option's {best:+.3f}, noise included)"
        )
        for key in part.columns[part.columns.index("played") + 1 : -3]:
            if part[key].n_unique() > 1:
                print(
                    f"  most {key}: {pick_gain(part, key, True):+.3f}, "
                    f"least: {pick_gain(part, key, False):+.3f}"
                )


if __name__ == "__main__":
    main()
