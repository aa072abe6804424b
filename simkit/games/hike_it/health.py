"""Health, lying down and resting (Your Packboard: 1. Health)."""

from __future__ import annotations


def changed(health: int, delta: int, health_max: int) -> int:
    """Health moved by ``delta``, never below 0 nor above the maximum ("never higher than 8")."""
    return max(0, min(health_max, health + delta))


def rest_levels(points: int, rest_cost: tuple[int, ...]) -> list[int]:
    """The health levels a resting hiker can buy with the points it holds (1, 2 or 3)."""
    return [k + 1 for k, c in enumerate(rest_cost) if c <= points]


def spend_points(
    cost: int,
    scenic: list[int],
    tokens: list[int],
    token_supply: list[int],
    side_done: list[tuple[int, int]],
    token_points: int,
) -> tuple[int, list[int]]:
    """Pay ``cost`` points: scenic tokens first (1 each), then the item wasting fewest points.

    ``side_done`` lists completed side hikes as (points, card). Skill set tokens (worth
    ``token_points``, the scoring rule) go back to the supply. Returns (scenic tokens discarded,
    side hike cards discarded); the lists passed in are changed.
    """
    scenic_out, sides_out = 0, []
    sides = list(side_done)
    while cost > 0:
        if scenic:
            scenic.pop()
            scenic_out += 1
            cost -= 1
            continue
        options = [(token_points, "token", t) for t in range(len(tokens)) if tokens[t]]
        options += [(pts, "side", c) for pts, c in sides]
        if not options:
            break
        enough = [o for o in options if o[0] >= cost]
        value, what, which = min(enough) if enough else max(options)
        if what == "token":
            tokens[which] -= 1
            token_supply[which] += 1
        else:
            sides.remove((value, which))
            sides_out.append(which)
        cost -= value
    return scenic_out, sides_out
