"""Strategies that work for every game."""

from __future__ import annotations

from dataclasses import dataclass

from simkit.core.strategy import strategy


@strategy("random")
@dataclass
class Random:
    """Uniform over the legal actions: a player with no plan, the baseline every heuristic must beat."""

    def choose(self, view, legal_actions, rng):
        return legal_actions[rng.below(len(legal_actions))]
