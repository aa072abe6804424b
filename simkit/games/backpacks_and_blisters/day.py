"""The day and its times: the Time chart's 20-minute turns from 10 a.m., Lunch and Tea (a card
fewer in hand after each, a pound and a rest's points for everyone), 4 p.m. (Keswick's
Refreshments close, Ramblers may come home) and 6 p.m. (the day ends)."""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.backpacks_and_blisters.board import PRIME, Board
from simkit.games.backpacks_and_blisters.rules import Rules
from simkit.games.backpacks_and_blisters.weather import wet_points

# Phases: what the current seat is deciding.
EQUIP, START, MOVE, SHOP, RIDE_DISCARD, COMPASS_DISCARD, BREAK_DISCARD, VOTE, TIE, OVER = range(10)
PHASE_NAMES = ("equip", "start", "move", "shop", "ride_discard", "compass_discard")
PHASE_NAMES += ("break_discard", "vote", "tie", "over")
# What the Rambler chose to do this turn.
WALK, RIDE, REFRESH = range(3)


class Turn(NamedTuple):
    """A Rambler's turn of the Time chart in progress: the card played (-1 none yet), what the
    Rambler does (walk, ride, refresh), the walk's ends on offer, the ride's discard, the cards
    drawn, the Compass' extra draw (a stone on a triangle) and its two cards, and whether the
    Rambler carries the Heavy Rucksack this turn. Never changed in place (copies of a game share
    it): each change is a new one."""

    played: int = -1
    doing: int = WALK
    move_options: tuple = ()
    ride_discarded: bool = False
    drawn: tuple[int, ...] = ()
    stone_on_triangle: bool = False
    compass_pair: tuple[int, ...] = ()
    carrying: bool = False


def is_break(board: Board, turn: int) -> bool:
    """Lunch or Tea: a turn of the Time chart nobody walks."""
    return turn in (board.lunch_turn, board.tea_turn)


def meal(board: Board, turn: int) -> str:
    return "Lunch" if turn == board.lunch_turn else "Tea"


def hand_limit(rules: Rules, board: Board, turn: int) -> int:
    """Cards held: the hand size, one fewer after Lunch and again after Tea."""
    meals = (turn > board.lunch_turn) + (turn > board.tea_turn)
    return rules.hand_size - meals


def rest_points(rules: Rules, board: Board, space: int, raining: bool) -> int:
    """Points for resting at Lunch or Tea on ``space``: a Prime Location's, or a Beauty Spot's."""
    if board.kind[space] == PRIME:
        return wet_points(rules, board.points[space], raining)
    if board.beauty[space]:
        return wet_points(rules, rules.beauty_points, raining)
    return 0


def return_points(board: Board, turn: int) -> int:
    """The Time chart's points for arriving in Keswick on ``turn`` (from 4 p.m.)."""
    return board.return_points[turn - board.return_from_turn]


def minute_of_day(board: Board, turn: int) -> int:
    """The clock at the start of ``turn`` as a number: 1020 for 10:20 a.m., 1600 for 4 p.m."""
    minute = board.first_minute + turn * board.minutes_per_turn
    return minute // 60 * 100 + minute % 60
