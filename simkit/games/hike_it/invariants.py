"""What must hold after every action (components conserved, limits kept), checked by the property
tests. A mixin of :class:`~simkit.games.hike_it.state.HikeState`."""

from __future__ import annotations

from simkit.core.errors import InvariantError
from simkit.games.hike_it.data import GEAR_TYPES, ITEMS, WATER_ITEM
from simkit.games.hike_it.phases import (
    START,
    TRAILHEAD,
    WAYPOINT,
    WINDOW,
)


class Invariants:
    """Part of the game state: its methods use the state's attributes."""

    def invariants(self) -> None:
        r, d, n = self.rules, self.rules.decks, self.n

        def check(ok: bool, what: str) -> None:
            if not ok:
                raise InvariantError(what)

        gear_total = (
            len(self.bag)
            + sum(len(st) for st in self.box)
            + sum(sum(self.storage[s][:GEAR_TYPES]) for s in range(n))
        )
        check(gear_total == sum(d.gear), f"gear tiles not conserved: {gear_total}")
        water = (
            sum(self.water_supply)
            + self.water_discard
            + sum(self.storage[s][WATER_ITEM] for s in range(n))
        )
        check(water == d.water_tiles, f"water tiles not conserved: {water}")
        check(min(self.water_supply) >= 0 and self.water_discard >= 0, "negative water pile")
        cards = (
            len(self.skill_deck)
            + len(self.skill_discard)
            + sum(1 for c in self.face_up if c >= 0)
            + sum(len(h) for h in self.hand)
        )
        check(cards == self.skill_total, f"skill cards not conserved: {cards}")
        for t in range(len(ITEMS)):
            held = sum(self.tokens[s][t] for s in range(n))
            check(self.token_supply[t] >= 0, f"{ITEMS[t]} token supply negative")
            check(self.token_supply[t] + held == n + 1, f"{ITEMS[t]} tokens not conserved")
        weather = len(self.weather_deck) + len(self.weather_discard) + len(self.forecast)
        check(
            weather == len(self.weather_cards) and len(self.forecast) == 3,
            "weather cards not conserved",
        )
        check(
            len(self.trail_deck) + len(self.trail_discard) == len(self.trail_cards),
            "trail cards lost",
        )
        scenic = sum(self.scenic_on) + sum(len(x) for x in self.scenic) + self.scenic_discarded
        check(scenic == len(self.board.scenic_spots), f"scenic tokens not conserved: {scenic}")
        for stack in self.box:
            check(
                all(a != b for a, b in zip(stack, stack[1:], strict=False)), "double-stacked gear"
            )
        for s in range(n):
            check(0 <= self.tiles(s) <= r.storage, f"seat {s} storage {self.tiles(s)}")
            check(min(self.storage[s]) >= 0, f"seat {s} negative storage")
            check(0 <= self.health[s] <= r.health_max, f"seat {s} health {self.health[s]}")
            check(self.campfires_used[s] <= r.campfires, f"seat {s} campfires")
            check(len(self.side_done[s]) <= 2, f"seat {s} completed too many side hikes")
            if s != self.seat_now or self.stage in (START, WINDOW):
                check(
                    len(self.hand[s]) <= r.hand_limit,
                    f"seat {s} holds {len(self.hand[s])} skill cards",
                )
            if self.in_park(s) and self.phase not in (WAYPOINT, TRAILHEAD):
                check(0 <= self.pos[s] < self.board.size, f"seat {s} off the map")
                check(
                    not self.passive_bear_at(self.pos[s]),
                    f"seat {s} shares a space with a passive bear",
                )
            elif not self.in_park(s):
                check(self.pos[s] == -1, f"seat {s} left the park but still stands on it")
        if self.window:
            check(
                self.stage == WINDOW
                and self.seat_now not in self.window
                and len(set(self.window)) == len(self.window),
                "trading window: each other hiker decides once, after a turn",
            )
        if not self.aggressive:
            for region, at in enumerate(self.bear_pos):
                check(self.board.park.region[at] == region, "a passive bear left its region")
        check(
            sum(self.campfire_at[x] >= 0 for x in range(self.board.size))
            == sum(self.campfires_used),
            "campfires on the map do not match the packboards",
        )
