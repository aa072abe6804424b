"""The Heavy Rucksack in a turn: whether the Rambler to play carries it, and the vote on who
carries it next (the carrier breaks a tie; or by chance, ``rucksack_passing``).

The rules themselves are in rucksack.py; this is the turn's bookkeeping of them, mixed into the
game's state (state.py)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.day import TIE, VOTE
from simkit.games.backpacks_and_blisters.rucksack import (
    CARRIED,
    carried_this_turn,
    vote_leaders,
    vote_order,
)


class RucksackHandlers:
    """The actions ``vote`` and ``give``.

    Part of the game's state: changes the Heavy Rucksack (``rucksack``) and who decides next."""

    def _carries(self, seat: int) -> bool:
        """Multi-player: the holder carries it. Solo: every other hour from when it came out."""
        sack = self.rucksack
        if sack.where != CARRIED or sack.holder != seat:
            return False
        return carried_this_turn(self.n, self.board, self.turn, sack.entered)

    def _start_vote(self) -> None:
        carrier = self.rucksack.holder
        on_map = self._on_map()
        if len(on_map) == 1:
            self._hand_rucksack(carrier)
            return
        if self.rules.rucksack_passing == "random":
            self._hand_rucksack(on_map[self.rng.below(len(on_map))])
            return
        self.rucksack = self.rucksack.vote_opened(self.n)
        self.queue = vote_order(carrier, self.pos)
        self.phase, self.cur = VOTE, self.queue[0]
        self._say(f"Rambler {carrier} has carried the Heavy Rucksack long enough: a vote.")

    def _vote(self, seat: int) -> None:
        self.rucksack = self.rucksack.voted_for(seat)
        self._say(f"Rambler {self.cur} votes for Rambler {seat}.")
        self.queue.pop(0)
        if self.queue:
            self.cur = self.queue[0]
            return
        leaders = vote_leaders(self.rucksack.votes)
        if len(leaders) == 1:
            self._hand_rucksack(leaders[0])
        else:
            self.phase, self.cur = TIE, self.rucksack.holder

    def _hand_rucksack(self, seat: int) -> None:
        self.rucksack = self.rucksack.handed_to(seat)
        self._say(f"Rambler {seat} carries the Heavy Rucksack next.")
        self._next_turn()
