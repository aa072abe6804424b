"""What a search decision costs, per game (issue 11, item 5): the paired playouts of every legal
move at positions of the default heuristic's games, in process time on one core.

    python experiments/search_cost.py GAME [--games 3] [--playouts 8] [--horizons 0,10]

Positions: ``--games`` games of the default heuristic in every seat (2 players), four decisions
with a real choice drawn from each as the audit draws them. For each horizon it prints the CPU
milliseconds of one decision (``move_values`` over every legal move, as ``search`` and the audit
call it) and the same in "heuristic games", the CPU time of one whole game of the default
heuristic measured in the same process, so that the machine's load cancels out."""

from __future__ import annotations

import time
from functools import partial

import click

from simkit.core import registry
from simkit.core.audit import drawn_decisions, play_recorded
from simkit.core.experiment import Experiment
from simkit.core.playout import cheap_playouts, move_values, policy_for
from simkit.core.rng import GameRng, game_seed
from simkit.core.runner import play_game


@click.command()
@click.argument("game")
@click.option("--games", default=3, show_default=True)
@click.option("--playouts", default=8, show_default=True)
@click.option("--horizons", default="0,10", show_default=True)
def main(game: str, games: int, playouts: int, horizons: str) -> None:
    spec = registry.game(game)
    exp = Experiment.from_dict(
        {"name": "cost", "game": game, "players": 2, "strategies": [spec.default_strategy]}
    )
    rules = exp.rules_for(exp.variants[0])
    policy = policy_for(game)
    positions, spent = [], 0.0
    for k in range(games):
        seed = game_seed(7, k)
        start = time.process_time()
        play_game(spec, rules, [policy, policy], seed)
        spent += time.process_time() - start
        _, kept, _ = play_recorded(
            spec, rules, [policy] * 2, seed, lambda d, s: len(s.legal_actions()) > 1
        )
        positions += [kept[d][0] for d in drawn_decisions(sorted(kept), seed)]
    per_game = spent / games
    moves = sum(len(p.legal_actions()) for p in positions) / len(positions)
    click.echo(
        f"{game}: {len(positions)} decisions, {moves:.1f} moves a decision, heuristic game "
        f"{per_game * 1000:.1f} ms, compiled playouts: {cheap_playouts(game)}"
    )
    for horizon in (int(h) for h in horizons.split(",")):
        value(positions[0], policy, playouts, horizon)  # a compiled engine loads its code first
        start = time.process_time()
        for position in positions:
            value(position, policy, playouts, horizon)
        cost = (time.process_time() - start) / len(positions)
        click.echo(
            f"  horizon {horizon}: {cost * 1000:.1f} ms a decision at {playouts} playouts "
            f"= {cost / per_game:.2f} heuristic games"
        )


def value(position, policy, playouts: int, horizon: int) -> None:
    """Every legal move of ``position`` valued, as a search decision does."""
    seat = position.current_player()
    sample = partial(position.sample_hidden, seat)
    move_values(sample, seat, position.legal_actions(), policy, playouts, GameRng(1), horizon)


if __name__ == "__main__":
    main()
