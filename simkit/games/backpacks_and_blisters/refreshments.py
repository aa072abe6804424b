"""Refreshments and Chocolate: a Refreshment location (the glass symbol) serves Refreshments for
points and sells Chocolate bars; Keswick's close at 4 p.m. A Rambler carries at most one bar, and
eating it doubles the card played."""

from __future__ import annotations

from itertools import combinations

from simkit.games.backpacks_and_blisters.board import Board
from simkit.games.backpacks_and_blisters.rules import Rules


def serving(board: Board, space: int, turn: int) -> bool:
    """A Refreshment location serving now (Keswick's close at 4 p.m.)."""
    late = space == board.start and turn >= board.return_from_turn
    return bool(board.glass[space]) and not late


def open_shops(board: Board, turn: int) -> frozenset[int]:
    """Every Refreshment location serving on ``turn``."""
    return frozenset(s for s in board.glass_spaces if serving(board, s, turn))


def can_buy(rules: Rules, board: Board, turn: int, space: int, bar: bool, money: int) -> bool:
    """A bar may be bought: on the map at an open Refreshment location, none carried, the
    pounds to pay."""
    return space >= 0 and serving(board, space, turn) and not bar and money >= rules.chocolate_cost


def refresh_drops(hand: list[int]) -> list[tuple[int, ...]]:
    """The cards a Rambler enjoying Refreshments may discard to draw afresh: any of them, sorted."""
    cards = sorted(hand)
    return [drop for k in range(len(cards) + 1) for drop in combinations(cards, k)]


def bar_after(bar: bool, eaten: int, bought: int) -> bool:
    """The bar carried after a walk: the one carried, less the one eaten, plus those bought
    (never two at once)."""
    return int(bar) - eaten + bought > 0
