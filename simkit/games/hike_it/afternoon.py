"""The afternoon (Actions / Afternoon; Hiking Along the Trail; Campfires): what a hiker may do
where it stands, and what arriving, campfires and completing the hike give. The engine's handlers
(``HikeState._do_hike`` ...) pass in the pieces of the game each rule needs."""

from __future__ import annotations

from simkit.games.hike_it import hiker_box
from simkit.games.hike_it.board import Board
from simkit.games.hike_it.data import GEAR_TYPES, WATER_ITEM


def hikes(board: Board, here: int, passive_bears) -> list[tuple]:
    """One action hikes to an adjacent space: "You may not share a space with - or move through -
    a passive BEAR MEEPLE" (aggressive bears do not block: they maul)."""
    return [("hike", s) for s in board.adj[here] if s not in passive_bears]


def at_water_source(can_collect: bool, stored: list[int]) -> list[tuple]:
    """At a water source: collect a water tile (one action, a free storage space, the region's
    supply not empty) and dump one."""
    out: list[tuple] = [("water",)] if can_collect else []
    if stored[WATER_ITEM]:
        out.append(("dump", WATER_ITEM))
    return out


def at_campsite(
    box: list[list[int]], bag: list[int], actions: int, room: bool, stored: list[int]
) -> list[tuple]:
    """At a campsite: gear from the hiker box (an action per tile dug through) or a blind draw
    from the gear bag (one action), given a free storage space; dumping gear into the box."""
    out: list[tuple] = []
    if room:
        costs = hiker_box.gear_costs(box, GEAR_TYPES)
        out += [("gear", t) for t, c in enumerate(costs) if c and c <= actions]
        if bag and actions >= 1:
            out.append(("bag",))
    out += [("dump", t) for t in range(GEAR_TYPES) if stored[t]]
    return out


def may_build_campfire(camped: bool, fire_here: int, built: int, allowed: int) -> bool:
    """A campfire at a campsite without one (``fire_here``: its builder, -1 none), at most
    ``allowed`` a hike, once a day (building one ends the hiking: ``camped``)."""
    return not camped and fire_here < 0 and built < allowed


def campfire_bonus(bonuses: tuple[tuple[int, int], ...], built: int) -> tuple[int, int]:
    """What the next campfire gives after ``built`` ones: (skill cards picked, health)."""
    return bonuses[built]


def trailhead_bonus(tiles: tuple[int, ...], arrivals: int) -> int:
    """The bonus tile of the hiker completing the hike after ``arrivals`` others (0 once the
    tiles for the player count are gone)."""
    return tiles[arrivals] if arrivals < len(tiles) else 0
