"""Moving (B. Moving Rules, C. Move values, 3. the die): how far a move goes and which steps,
trades and stops are open at each point of it.

A move is played one space at a time; these functions list the choices of one point of a move
from the board, the trees, where the other hikers stand and what the move has left."""

from __future__ import annotations

from collections.abc import Callable

from simkit.games.timber_tom import board as bd


def is_danger(zone: int) -> bool:
    """Flood zones and Snow Caps: "YOUR NEXT MOVE IS MADE USING ONLY THE GAME DIE"."""
    return zone in (bd.FLOOD, bd.SNOW)


def step_actions(
    board: bd.Board,
    here: int,
    visited: set[int],
    occupied: set[int],
    room: int,
    trees,
    affordable: Callable[[int], bool],
    clearing: Callable[[int, int], list[str]],
) -> list:
    """The ``("step", node, how)`` actions from ``here``: perpendicular steps and tailwinds
    (Moving Rules 1, 9), never back onto the move's own path (Rule 2); a hiker jumped costs no
    space (Rule 5) and cannot be tailwinded onto; ``affordable(nxt)`` says whether the hiker can
    pay the step's fee, ``clearing(nxt, cost)`` how a tree there can be cleared."""
    steps = []
    for nxt, kind in board.steps[here]:
        if nxt in visited:
            continue
        occ = nxt in occupied
        if occ and kind == bd.TAILWIND:
            continue
        cost = 0 if occ else 1
        if cost > room or not affordable(nxt):
            continue
        if not trees[nxt]:
            steps.append(("step", nxt, ""))
            continue
        steps.extend(("step", nxt, how) for how in clearing(nxt, cost))
    return steps


def can_end_on(board: bd.Board, node: int, occupied: set[int]) -> bool:
    """No move ends on another hiker (Rule 5: jumping) or in a canoe."""
    return node not in occupied and board.feature[node] != bd.CANOE
