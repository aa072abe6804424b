"""What a hiker sees of the game (all of it public but the order of the card pile)."""

from __future__ import annotations

from dataclasses import dataclass

from simkit.games.timber_tom import board as bd


@dataclass(frozen=True)
class TimberTomView:
    """Everything on the table (all of it public) but the order of the card pile."""

    seat: int
    to_move: int
    phase: str
    board: bd.Board
    round: int
    treasures_to_win: int
    positions: tuple[int, ...]
    finished: tuple[bool, ...]
    trees: bytes
    tree_box: int
    trees_in_hand: int
    plant_left: int
    supply_packs: tuple[int, ...]
    axes: tuple[int, ...]
    chainsaws: tuple[int, ...]
    heli_flights: tuple[int, ...]
    heli_radios: tuple[int, ...]
    wild_cards: tuple[bool, ...]
    treasures: tuple[int, ...]  # bit p: the Treasure of peak p
    snow_caps_paid: tuple[int, ...]
    one_for_one_used: tuple[int, ...]  # bit m: used on mountain m
    move_start: int
    steps_taken: int
    allowance: int
    die: int
    path: tuple[int, ...]
    wild_active: bool
    saw_cuts_left: int
    roll4_open: bool
    cards_in_pile: int
    discards: tuple[int, ...]
