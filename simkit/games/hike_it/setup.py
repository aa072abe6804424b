"""Choosing waypoints and trailheads (Player Setup: Scenic Spots, Waypoints & Trailheads)."""

from __future__ import annotations

from simkit.games.hike_it.board import Board


def waypoint_choices(
    board: Board, chosen: list[int], dealt: list[int], waypoint_owner: list[int]
) -> list[int]:
    """Scenic spots a hiker may take as its next waypoint: a) in a region it has no waypoint in,
    b) of a type among its dealt scenic tokens not yet used, c) without a waypoint marker."""
    park = board.park
    used_regions = {park.region[w] for w in chosen}
    left = list(dealt)
    for t in (park.scenic[w] for w in chosen):
        if t in left:
            left.remove(t)
    free = [
        s
        for s in board.scenic_spots
        if waypoint_owner[s] < 0 and park.region[s] not in used_regions
    ]
    matching = [s for s in free if park.scenic[s] in left]
    # Rare deals leave no matching free spot: then any free spot of a missing region (assumed).
    return matching or free
