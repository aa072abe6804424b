"""Rambling: which spaces a Rambler can end a move on with a card's circles and triangles.

The symbols may be spent in any order, so the choice is a destination, not a step: a small search
over (space, circles left, triangles left) finds every space the Rambler can stop on. Entering a
space costs one symbol of its shape; a small space held by another Rambler costs nothing to pass
(overtaking) but cannot be stopped on; Prime Locations and Keswick always cost, whoever is there.
"""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.board import Board


def allowance(
    circles: int, triangles: int, *, sticks: bool, rucksack: bool, mint_cake: bool, chocolate: bool
) -> list[tuple[int, int]]:
    """The (circles, triangles) a played card gives, after Equipment, the Heavy Rucksack and Chocolate.

    Walking Sticks add a circle; the Heavy Rucksack then takes a circle and a triangle (Kendal Mint
    Cake: a circle or a triangle, the Rambler's pick, hence two allowances); Chocolate doubles what
    is left (the rulebook: reduce before doubling).
    """
    circles += 1 if sticks else 0
    if not rucksack:
        options = [(circles, triangles)]
    elif mint_cake:
        options = [(max(circles - 1, 0), triangles), (circles, max(triangles - 1, 0))]
    else:
        options = [(max(circles - 1, 0), max(triangles - 1, 0))]
    factor = 2 if chocolate else 1
    return [(c * factor, t * factor) for c, t in options]


def reachable(
    board: Board, start: int, circles: int, triangles: int, others: frozenset[int] | set[int]
) -> set[int]:
    """Every space a Rambler on ``start`` may end the move on (``start`` itself included).

    ``others`` holds the small spaces occupied by other Ramblers: free to pass, closed to stop on.
    """
    neighbours, triangle = board.neighbours, board.triangle
    # Per space, the (circles, triangles) left on arrival that no other arrival beats in both:
    # a dominated arrival can reach nothing new.
    best: dict[int, list[tuple[int, int]]] = {start: [(circles, triangles)]}
    stack = [(start, circles, triangles)]
    while stack:
        here, c, t = stack.pop()
        for there in neighbours[here]:
            if there in others:
                nc, nt = c, t
            elif triangle[there]:
                if not t:
                    continue
                nc, nt = c, t - 1
            else:
                if not c:
                    continue
                nc, nt = c - 1, t
            kept = best.get(there)
            if kept is None:
                best[there] = [(nc, nt)]
            elif any(kc >= nc and kt >= nt for kc, kt in kept):
                continue
            else:
                kept[:] = [(kc, kt) for kc, kt in kept if kc > nc or kt > nt]
                kept.append((nc, nt))
            stack.append((there, nc, nt))
    return {space for space in best if space not in others}


def reachable_any(
    board: Board, start: int, allowances: list[tuple[int, int]], others: frozenset[int] | set[int]
) -> set[int]:
    """The union of :func:`reachable` over several allowances (Kendal Mint Cake's choice)."""
    ends: set[int] = set()
    for c, t in allowances:
        ends |= reachable(board, start, c, t, others)
    return ends
