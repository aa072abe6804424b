"""What must hold after every action (components conserved, limits kept), checked by the property
tests. The checker reads the whole game, as a referee would; the rules never call it."""

from __future__ import annotations

from simkit.core.errors import InvariantError
from simkit.games.hike_it.data import GEAR_TYPES, ITEMS, WATER_ITEM
from simkit.games.hike_it.phases import (
    START,
    TRAILHEAD,
    WAYPOINT,
    WINDOW,
)


def check(st) -> None:
    """Raise InvariantError on the first broken invariant of the game ``st``."""
    r, d, n = st.rules, st.rules.decks, st.n

    def expect(ok: bool, what: str) -> None:
        if not ok:
            raise InvariantError(what)

    gear_total = (
        len(st.bag)
        + sum(len(stack) for stack in st.box)
        + sum(sum(st.storage[s][:GEAR_TYPES]) for s in range(n))
    )
    expect(gear_total == sum(d.gear), f"gear tiles not conserved: {gear_total}")
    water = (
        sum(st.water_supply) + st.water_discard + sum(st.storage[s][WATER_ITEM] for s in range(n))
    )
    expect(water == d.water_tiles, f"water tiles not conserved: {water}")
    expect(min(st.water_supply) >= 0 and st.water_discard >= 0, "negative water pile")
    cards = (
        len(st.skill_deck)
        + len(st.skill_discard)
        + sum(1 for c in st.face_up if c >= 0)
        + sum(len(h) for h in st.hand)
    )
    expect(cards == st.skill_total, f"skill cards not conserved: {cards}")
    for t in range(len(ITEMS)):
        held = sum(st.tokens[s][t] for s in range(n))
        expect(st.token_supply[t] >= 0, f"{ITEMS[t]} token supply negative")
        expect(st.token_supply[t] + held == n + 1, f"{ITEMS[t]} tokens not conserved")
    weather = len(st.weather_deck) + len(st.weather_discard) + len(st.forecast)
    expect(
        weather == len(st.weather_cards) and len(st.forecast) == 3,
        "weather cards not conserved",
    )
    expect(
        len(st.trail_deck) + len(st.trail_discard) == len(st.trail_cards),
        "trail cards lost",
    )
    scenic = sum(st.scenic_on) + sum(len(x) for x in st.scenic) + st.scenic_discarded
    expect(scenic == len(st.board.scenic_spots), f"scenic tokens not conserved: {scenic}")
    for stack in st.box:
        expect(all(a != b for a, b in zip(stack, stack[1:], strict=False)), "double-stacked gear")
    for s in range(n):
        expect(0 <= st.tiles(s) <= r.storage, f"seat {s} storage {st.tiles(s)}")
        expect(min(st.storage[s]) >= 0, f"seat {s} negative storage")
        expect(0 <= st.health[s] <= r.health_max, f"seat {s} health {st.health[s]}")
        expect(st.campfires_used[s] <= r.campfires, f"seat {s} campfires")
        expect(len(st.side_done[s]) <= 2, f"seat {s} completed too many side hikes")
        if s != st.seat_now or st.stage in (START, WINDOW):
            expect(
                len(st.hand[s]) <= r.hand_limit,
                f"seat {s} holds {len(st.hand[s])} skill cards",
            )
        if st.in_park(s) and st.phase not in (WAYPOINT, TRAILHEAD):
            expect(0 <= st.pos[s] < st.board.size, f"seat {s} off the map")
            expect(
                not st.passive_bear_at(st.pos[s]),
                f"seat {s} shares a space with a passive bear",
            )
        elif not st.in_park(s):
            expect(st.pos[s] == -1, f"seat {s} left the park but still stands on it")
    if st.offers.window:
        expect(
            st.stage == WINDOW
            and st.seat_now not in st.offers.window
            and len(set(st.offers.window)) == len(st.offers.window),
            "trading window: each other hiker decides once, after a turn",
        )
    if not st.aggressive:
        for region, at in enumerate(st.bear_pos):
            expect(st.board.park.region[at] == region, "a passive bear left its region")
    expect(
        sum(st.campfire_at[x] >= 0 for x in range(st.board.size)) == sum(st.campfires_used),
        "campfires on the map do not match the packboards",
    )
