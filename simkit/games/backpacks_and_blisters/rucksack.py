"""The Heavy Rucksack: drawn from the deck, it takes a circle and a triangle off every card its
carrier plays; after ``rucksack_turns`` turns the Ramblers vote who carries it next (the carrier
breaks a tie), and whoever brings it to Keswick from 4 p.m. is the hero. Solo, it is carried every
other hour from when it came out."""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.backpacks_and_blisters.board import Board

# Where the Heavy Rucksack is.
IN_DECK, CARRIED, GONE = range(3)


class HeavyRucksack(NamedTuple):
    """Where the Heavy Rucksack is (``where``: IN_DECK, CARRIED, GONE), who holds it, the turns
    it has been carried since it was last handed on, the turn it came out of the deck, and the
    votes of a vote on who carries it next. Never changed in place (copies of a game share it):
    each change is a new one."""

    where: int = IN_DECK
    holder: int = -1
    carried_turns: int = 0
    entered: int = -1
    votes: tuple[int, ...] = ()

    def drawn_by(self, seat: int, turn: int) -> HeavyRucksack:
        """Drawn from the deck: the drawer "must carry it"."""
        return self._replace(where=CARRIED, holder=seat, carried_turns=0, entered=turn)

    def carried_a_turn(self) -> HeavyRucksack:
        return self._replace(carried_turns=self.carried_turns + 1)

    def vote_opened(self, n_players: int) -> HeavyRucksack:
        return self._replace(votes=(0,) * n_players)

    def voted_for(self, seat: int) -> HeavyRucksack:
        votes = list(self.votes)
        votes[seat] += 1
        return self._replace(votes=tuple(votes))

    def handed_to(self, seat: int) -> HeavyRucksack:
        return self._replace(holder=seat, carried_turns=0, votes=())

    def home(self) -> HeavyRucksack:
        """Brought to Keswick: out of the game."""
        return self._replace(where=GONE, holder=-1)


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
