"""The Heavy Rucksack: drawn from the deck, it takes a circle and a triangle off every card its
carrier plays; after ``rucksack_turns`` turns the Ramblers vote who carries it next (the carrier
breaks a tie), and whoever brings it to Keswick from 4 p.m. is the hero. Solo, it is carried every
other hour from when it came out."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.board import Board

# Where the Heavy Rucksack is.
IN_DECK, CARRIED, GONE = range(3)


def carried_this_turn(n_players: int, board: Board, turn: int, entered: int) -> bool:
    """Whether its holder carries it on ``turn``: always, but solo every other hour from the turn
    it ``entered`` play."""
    if n_players > 1:
        return True
    per_hour = max(60 // board.minutes_per_turn, 1)
    return (turn // per_hour - entered // per_hour) % 2 == 0


def vote_order(carrier: int, positions: list[int]) -> list[int]:
    """Who votes, in seat order from the carrier's left, the carrier last: the Ramblers on the map."""
    n = len(positions)
    seats = [(carrier + k) % n for k in range(1, n + 1)]
    return [s for s in seats if positions[s] >= 0]


def vote_leaders(votes: list[int]) -> list[int]:
    """The seats with the most votes: one carries it; several, and the carrier chooses among them."""
    top = max(votes)
    return [s for s, v in enumerate(votes) if v == top]
