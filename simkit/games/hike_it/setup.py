"""Preparation and Player Setup: the starting water, the side hikes and scenic tokens dealt, and
choosing waypoints and trailheads (Scenic Spots, Waypoints & Trailheads)."""

from __future__ import annotations

from simkit.games.hike_it.board import Board


def starting_water(wet_forecast: int, most: int, water_tiles: int, regions: int) -> int:
    """Water tiles in each regional supply at the start: "For each face up WEATHER CARD in the
    FORECAST area with a water symbol ... place one WATER TILE in each of the three regional
    WATER SUPPLIES (maximum of 3 in each at the start of the game)", as far as the tiles go."""
    return min(wet_forecast, most, water_tiles // regions)


def deal_side_hikes(
    n_easy: int, n_cards: int, n_players: int, each: int, rng
) -> tuple[list[list[int]], list[int], list[int]]:
    """(hands, easy deck, difficult deck): ``each`` easy and ``each`` difficult side hike cards
    dealt to every hiker from the shuffled decks (card ids below ``n_easy`` are the easy ones)."""
    easy = list(range(n_easy))
    hard = list(range(n_easy, n_cards))
    rng.shuffle(easy)
    rng.shuffle(hard)
    hands: list[list[int]] = [[] for _ in range(n_players)]
    for hand in hands:
        for _ in range(each):
            hand.append(easy.pop())
            hand.append(hard.pop())
    return hands, easy, hard


def deal_scenic(board: Board, n_players: int, each: int, rng) -> list[list[int]]:
    """The scenic tokens "randomly distribute[d] four to each player" to choose waypoints by (they
    all go back on the map afterwards)."""
    tokens = [board.park.scenic[s] for s in board.scenic_spots]
    rng.shuffle(tokens)
    return [[tokens.pop() for _ in range(each)] for _ in range(n_players)]


def choosing_order(order: list[int], waypoints: int) -> list[int]:
    """Who chooses each waypoint: "In reverse turn order, each player chooses one ... until all
    players have chosen three"."""
    return [s for _ in range(waypoints) for s in reversed(order)]


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
