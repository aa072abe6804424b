"""The rules as tunable numbers, with the rulebook's values as defaults, and the map they use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simkit.core.errors import RulesError
from simkit.core.rules import rule
from simkit.games.backpacks_and_blisters.board import DEFAULT_MAP, Board, load_board

EQUIPMENT = (
    "Binoculars",
    "Guide Books",
    "Compass",
    "Kendal Mint Cake",
    "Sun Protection",
    "Walking Sticks",
)
BINOCULARS, GUIDE_BOOKS, COMPASS, MINT_CAKE, SUN_PROTECTION, WALKING_STICKS = range(6)


@dataclass(frozen=True)
class Rules:
    """Backpacks & Blisters, Second Edition. Every number is the rulebook's unless marked."""

    map_file: str = rule(str(DEFAULT_MAP), help="the map and card data file (TOML)")
    hand_size: int = rule(
        4, lo=3, hi=5, help="cards dealt to each player; one fewer after Lunch, after Tea"
    )
    cairns: int = rule(5, lo=0, hi=10, help="cards turned at setup to place Cairns")
    cairn_first: int = rule(10, lo=0, hi=30, help="Cairn bonus of the first stone")
    cairn_second: int = rule(7, lo=0, hi=30, help="Cairn bonus of the second stone")
    cairn_other: int = rule(5, lo=0, hi=30, help="Cairn bonus of every later stone")
    blisters: int = rule(5, lo=0, hi=10, help="Blister cards in the deck")
    weather_cards: int = rule(3, lo=0, hi=8, help="Change of Weather cards in the deck")
    rain_penalty: int = rule(
        1, lo=0, hi=3, help="points a Prime Location or Beauty Spot loses in rain"
    )
    beauty_points: int = rule(1, lo=0, hi=5, help="points for ending a turn on a Beauty Spot")
    start_money: int = rule(1, lo=0, hi=5, help="pounds each Rambler starts with")
    break_money: int = rule(1, lo=0, hi=5, help="pounds collected at Lunch and at Tea")
    start_chocolate: bool = rule(True, help="each Rambler starts with a Chocolate bar")
    refresh_cost: int = rule(1, lo=0, hi=5, help="pounds for Refreshments")
    refresh_points: int = rule(5, lo=0, hi=20, help="points for enjoying Refreshments")
    chocolate_cost: int = rule(1, lo=0, hi=5, help="pounds for a bar of Chocolate")
    ride_cost: int = rule(1, lo=0, hi=5, help="pounds for a Ferry or Bus ride")
    ferry_points: int = rule(5, lo=0, hi=20, help="points for a Ferry ride")
    bus_points: int = rule(3, lo=0, hi=20, help="points for a Bus ride")
    secret_desire: int = rule(2, lo=0, hi=10, help="extra points for fulfilling a Secret Desire")
    guide_books: int = rule(5, lo=0, hi=15, help="a Secret Desire's points with the Guide Books")
    binoculars: int = rule(
        2, lo=0, hi=10, help="Binoculars' extra points at a triangular Prime Location"
    )
    sun_protection: int = rule(
        1, lo=0, hi=10, help="Sun Protection's extra points for a stone in sun"
    )
    rucksack_turns: int = rule(
        2, lo=1, hi=6, help="turns the Heavy Rucksack is carried before a vote"
    )
    rucksack_hero: int = rule(
        5, lo=0, hi=20, help="points for bringing the Heavy Rucksack to Keswick"
    )
    rucksack_depth: int = rule(10, lo=0, hi=40, help="top cards shuffled with the Heavy Rucksack")
    solo_rucksack_depth: int = rule(5, lo=0, hi=40, help="the same in the solo game")
    solo_rain_allowance: int = rule(10, lo=0, hi=24, help="solo: a point per rainy turn above this")
    rucksack_passing: str = rule(
        "vote",
        choices=("vote", "random"),
        help="vote (the rulebook) or hand it to a random Rambler on the map",
    )
    equipment_order: str = rule(
        "fewest_points",
        choices=("fewest_points", "seat_order"),
        help="who chooses Equipment first at Lunch and Tea",
    )
    late_keswick: str = rule(
        "stop",
        choices=("stop", "pass"),
        help=(
            "stop: from 4 p.m. a walk ends on entering Keswick and the Rambler leaves the map "
            "('A Rambler arriving there from 4 p.m. onwards immediately scores the points ... "
            "Once the points have been scored, the Rambler is removed from the map'); pass: a "
            "walk may go through Keswick and only ending the move there counts as arriving"
        ),
    )
    turn_limit: int = rule(
        200, lo=1, hi=10_000, help="safety cap on Time chart turns (the day has 24)"
    )

    @property
    def board(self) -> Board:
        return load_board(self.map_file)

    def validate(self) -> None:
        board = self.board
        locations = len(board.cards)
        if self.cairns > locations:
            raise RulesError(
                "cairns", self.cairns, f"at most {locations}, the map's Rambling cards"
            )
        if self.hand_size * 6 + self.cairns > locations:
            raise RulesError(
                "hand_size",
                self.hand_size,
                f"six hands of it must fit in the map's {locations} Rambling cards",
            )


def load_data(path) -> dict[str, str]:
    """A designer's map file, checked now so a bad file fails before any game is played."""
    resolved = str(Path(path).resolve())
    load_board(resolved)
    return {"map_file": resolved}
