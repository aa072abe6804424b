"""A player against its own earlier form, paired on shared seeds: how much a fix to a heuristic
gains (``experiments/lets-take-a-hike/endgame-lead.py``, ``experiments/timber-tom/planting.py``).

Every seed is played twice with the seats of the two forms swapped, new and old alternating (2
players: new, old / old, new; 4 players: new, old, new, old / old, new, old, new), so each pair of
games gives the new form's win share with the seating balanced: 0.5 when the two play alike. The
games run on the Python engine (an earlier form kept as a subclass has no compiled form). An audit
judges one decision at a time; a flaw that costs a little at many decisions shows here instead.
"""

from __future__ import annotations

import argparse
import copy
import time
from collections.abc import Callable

import numpy as np

from simkit.core.registry import game as game_spec
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.core.stats import mean_ci
from simkit.core.strategy import make_strategy


def earlier_form(player, **methods):
    """A copy of ``player`` (the same parameters) with ``methods`` as they were before a fix: an
    instance of a subclass named after the player's class with ``Before`` added."""
    old = copy.copy(player)
    old.__class__ = type(f"{type(player).__name__}Before", (type(player),), methods)
    return old


def paired_shares(game: str, new, old, players: int, pairs: int, root: int) -> list[float]:
    """The ``new`` player's win share in each pair of games against ``old`` (its seats' shares,
    summed over the two seatings and halved); the two must be distinct objects."""
    spec = game_spec(game)
    rules = spec.default_rules()
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


def main(game: str, before_the_fix: Callable, strategy: str, what: str, pairs: int = 1000) -> None:
    """The command line of an experiment measuring a fix: ``--strategy`` (default ``strategy``),
    ``--players``, ``--pairs`` (default ``pairs``), ``--seed``; ``before_the_fix`` turns the
    shipped player into its earlier form; ``what`` names the fix in the printed line."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--strategy", default=strategy)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=pairs)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    start = time.process_time()
    new = make_strategy(args.strategy, game)
    shares = paired_shares(game, new, before_the_fix(new), args.players, args.pairs, args.seed)
    mean, lo, hi = mean_ci(np.array(shares))
    print(
        f"{args.strategy}, {args.players} players, {args.pairs} pairs of games, seed {args.seed}: "
        f"the shipped {what}'s win share {mean:.4f} [{lo:.4f}, {hi:.4f}] "
        f"(fair 0.5); {time.process_time() - start:.0f} s CPU"
    )
