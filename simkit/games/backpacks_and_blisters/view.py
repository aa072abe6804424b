"""What one Rambler sees of the game: the whole map and table, its own hand, the size of the
others'."""

from __future__ import annotations

from dataclasses import dataclass

from simkit.games.backpacks_and_blisters.rules import Rules


@dataclass(frozen=True)
class View:
    """What one seat may see: the whole map and table, its own hand, the size of the others'."""

    seat: int
    rules: Rules
    phase: str
    turn: int
    raining: bool
    positions: tuple[int, ...]  # -1 once the Rambler has left the map at Keswick
    money: tuple[int, ...]
    chocolate: tuple[bool, ...]
    equipment: tuple[int, ...]  # -1: none
    scores: tuple[int, ...]
    stones: tuple[frozenset[int], ...]
    cairns: tuple[tuple[int, int], ...]  # (space, stones placed so far)
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discards: tuple[int, ...]
    rucksack: int  # IN_DECK, CARRIED or GONE
    rucksack_holder: int
    rucksack_turns: int
    carrying: bool  # the seat to move carries the Heavy Rucksack this turn
    played: int  # the card played this turn, -1 before
    votes: tuple[int, ...]
    used_equipment: tuple[int, ...]
    rainy_turns: int
