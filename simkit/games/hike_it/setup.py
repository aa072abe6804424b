"""Preparation and Player Setup: the starting water, the side hikes and scenic tokens dealt, and
choosing waypoints and trailheads (Scenic Spots, Waypoints & Trailheads). The rules are functions
of the pieces they deal; :func:`deal` lays out a new game ``g`` with them, and the two choices'
handlers take the game."""

from __future__ import annotations

from simkit.games.hike_it import hiker_box, weather
from simkit.games.hike_it.bears import BearTurn
from simkit.games.hike_it.board import Board
from simkit.games.hike_it.challenges import Challenge
from simkit.games.hike_it.data import GEAR_TYPES, ITEMS, REGIONS, SCENIC
from simkit.games.hike_it.day import Owed
from simkit.games.hike_it.phases import HIKING, START, TRAILHEAD, WAYPOINT
from simkit.games.hike_it.trade_offers import Offers


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


def deal(g) -> None:
    """Lay out the game ``g``: the hikers' packboards, the map's tokens and bears, the gear bag
    and the hiker box, the decks, the forecast and the water supplies, the side hikes and the
    scenic tokens to choose waypoints by; then the first waypoint choice."""
    r, d, rng, n, b = g.rules, g.rules.decks, g.rng, g.n, g.board
    g.day = 0
    g.in_setup = True
    g.order = list(range(n))  # seat 0 first, then clockwise (Turn Order Markers drawn)
    g.order_index = 0
    g.bottom_row = []  # turn-order track, campfire half, left first
    g.phase = WAYPOINT
    g.stage = START
    g.end_reason = ""
    # hikers
    g.pos = [-1] * n
    g.home = [-1] * n
    g.status = [HIKING] * n
    g.health = [r.health_start] * n
    g.storage = [[0] * len(ITEMS) for _ in range(n)]
    g.hand = [[] for _ in range(n)]
    g.tokens = [[0] * len(ITEMS) for _ in range(n)]
    g.columns_done = [[False] * len(d.columns) for _ in range(n)]
    g.waypoints = [[] for _ in range(n)]
    g.claimed = [0] * n
    g.scenic = [[] for _ in range(n)]
    g.campfires_used = [0] * n
    g.side_done = [[] for _ in range(n)]
    g.finish_health = [-1] * n
    g.bonus = [0] * n
    g.arrivals = 0
    g.days_out = [0] * n
    g.weather_hits = [0] * n
    g.trades = [0] * n
    # board
    g.scenic_on = [b.park.kind[s] == SCENIC for s in range(b.size)]
    g.scenic_discarded = 0
    g.waypoint_owner = [-1] * b.size
    g.campfire_at = [-1] * b.size
    g.bear_pos = list(r.park.bear_start)
    g.aggressive = False
    # gear: the bag and the hiker box (stacks, top last)
    g.bag = [t for t in range(GEAR_TYPES) for _ in range(d.gear[t])]
    g.box = [[] for _ in range(r.hiker_box)]
    for stack in g.box:
        stack.append(hiker_box.draw(g.bag, rng))
    g.forced_recycle()
    # skill cards and tokens
    g.skill_deck = list(range(g.skill_total))
    rng.shuffle(g.skill_deck)
    g.skill_discard = []
    g.face_up = [g.skill_deck.pop() for _ in range(r.face_up_skills)]
    g.token_supply = [n + 1] * len(ITEMS)
    # weather forecast and water
    g.weather_deck = list(range(len(g.weather_cards)))
    rng.shuffle(g.weather_deck)
    g.weather_discard = []
    g.forecast = [g.weather_deck.pop() for _ in range(3)]
    wet = sum(1 for c in g.forecast if g.weather_cards[c][2])
    start = starting_water(wet, r.start_water_max, d.water_tiles, len(REGIONS))
    g.water_supply = [start] * len(REGIONS)
    g.water_discard = d.water_tiles - start * len(REGIONS)
    # trail cards
    g.trail_deck = list(range(len(g.trail_cards)))
    rng.shuffle(g.trail_deck)
    g.trail_discard = []
    # side hikes: two easy and two difficult each, kept hidden
    g.side_hand, easy, hard = deal_side_hikes(
        g.n_easy, len(g.side_cards), n, r.side_hikes_dealt, rng
    )
    g.side_decks = (easy, hard)
    g.dealt = deal_scenic(b, n, r.scenic_tokens_dealt, rng)
    g.setup_queue = choosing_order(g.order, r.waypoints)
    # the turn in progress
    g.seat_now = g.setup_queue[0]
    g.owed = Owed()
    g.offers = Offers(r.trade_offers)
    g.challenge = Challenge()
    g.bear_turn = BearTurn()
    g.reset_turn()
    g.record(f"{n} hikers; forecast {weather.text(g.weather_cards, g.forecast)}")


def waypoints_left(g, seat: int) -> list[int]:
    return waypoint_choices(g.board, g.waypoints[seat], g.dealt[seat], g.waypoint_owner)


def choose_waypoint(g, seat: int, space: int) -> None:
    g.waypoints[seat].append(space)
    g.waypoint_owner[space] = seat
    g.record(f"{g.who(seat)} chooses waypoint {g.space_name(space)}")
    g.setup_queue.pop(0)
    if len(g.waypoints[seat]) == g.rules.waypoints:
        g.phase = TRAILHEAD
    else:
        _next_choice(g)


def choose_trailhead(g, seat: int, space: int) -> None:
    g.home[seat] = g.pos[seat] = space
    g.record(f"{g.who(seat)} parks at {g.space_name(space)}")
    _next_choice(g)


def _next_choice(g) -> None:
    if g.setup_queue:
        g.seat_now = g.setup_queue[0]
        g.phase = WAYPOINT
    else:  # every hiker is at its trailhead: the first day begins
        g.dealt = [[] for _ in range(g.n)]
        g.in_setup = False
        g.order_index = 0
        g.seat_now = g.order[0]
        g.stage = START
        g.phase = -1
