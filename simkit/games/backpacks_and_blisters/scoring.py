"""Scoring a stone: a Prime Location's points (less rain), the Cairn's bonus for the first,
second and later stones, a Secret Desire held, and the Equipment that adds to it (Sun Protection
in sun, Binoculars on a triangle, the Guide Books' larger Secret Desire)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.board import Board
from simkit.games.backpacks_and_blisters.rules import (
    BINOCULARS,
    GUIDE_BOOKS,
    SUN_PROTECTION,
    Rules,
)
from simkit.games.backpacks_and_blisters.weather import wet_points

# Score ledger categories: every point scored is recorded under one of them.
CATEGORIES = (
    "prime",
    "cairn",
    "secret_desire",
    "equipment",
    "beauty",
    "break",
    "refreshment",
    "ferry",
    "bus",
    "return",
    "hero",
    "rain_record",
    "rescue",
)


def cairn_bonus(rules: Rules, placed: int) -> int:
    """A Cairn's bonus for a stone when ``placed`` stones are already there."""
    return (rules.cairn_first, rules.cairn_second)[placed] if placed < 2 else rules.cairn_other


def stone_points(
    rules: Rules,
    board: Board,
    space: int,
    *,
    raining: bool,
    equipment: int,
    cairn_placed: int | None,
    desire: bool,
) -> list[tuple[str, int, str]]:
    """The (category, points, why) a stone on the Prime Location ``space`` scores, in the order
    the rulebook lists them. ``cairn_placed``: stones already on its Cairn (None: no Cairn);
    ``desire``: the Rambler holds or played its Secret Desire card."""
    name = board.names[space]
    out = [("prime", wet_points(rules, board.points[space], raining), f"a stone on {name}")]
    if equipment == SUN_PROTECTION and not raining:
        out.append(("equipment", rules.sun_protection, "Sun Protection"))
    if board.triangle[space] and equipment == BINOCULARS:
        out.append(("equipment", rules.binoculars, "Binoculars"))
    if cairn_placed is not None:
        out.append(("cairn", cairn_bonus(rules, cairn_placed), f"the Cairn on {name}"))
    if desire:
        bonus = rules.guide_books if equipment == GUIDE_BOOKS else rules.secret_desire
        out.append(("secret_desire", bonus, f"a Secret Desire for {name}"))
    return out
