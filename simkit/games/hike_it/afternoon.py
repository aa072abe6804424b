"""The engine's afternoon (Actions / Afternoon; Hiking Along the Trail; Campfires; Changing Turn
Order): the actions on offer, hiking and arriving, water and gear, campfires, the turn-order track,
completing the hike. A mixin of :class:`~simkit.games.hike_it.state.HikeState`."""

from __future__ import annotations

from simkit.games.hike_it import hiker_box, turn_order
from simkit.games.hike_it.data import GEAR_TYPES, ITEMS, WATER_ITEM
from simkit.games.hike_it.phases import (
    END_TURN,
    EVENING,
    FINISHED,
)


class Afternoon:
    """Part of the game state: its methods use the state's attributes."""

    def _afternoon_actions(self, seat: int) -> list[tuple]:
        b, here, st = self.board, self.pos[seat], self.storage[seat]
        out: list[tuple] = [("end",)]
        room = self.tiles(seat) < self.rules.storage
        if self.actions >= 1 and not self.camped:
            out += [("hike", s) for s in b.adj[here] if not self.passive_bear_at(s)]
        if b.is_water(here):
            if self.actions >= 1 and room and self.water_supply[b.park.region[here]]:
                out.append(("water",))
            if st[WATER_ITEM]:
                out.append(("dump", WATER_ITEM))
        if b.is_campsite(here):
            if room:
                costs = hiker_box.gear_costs(self.box, GEAR_TYPES)
                out += [("gear", t) for t, c in enumerate(costs) if c and c <= self.actions]
                if self.bag and self.actions >= 1:
                    out.append(("bag",))
            out += [("dump", t) for t in range(GEAR_TYPES) if st[t]]
            if (
                not self.camped
                and self.campfire_at[here] < 0
                and self.campfires_used[seat] < self.rules.campfires
            ):
                out.append(("campfire",))
            if (
                self.camped
                and self.rules.turn_order == "track"
                and self.actions >= 1
                and turn_order.can_move_up(self.bottom_row, seat)
            ):
                out.append(("turn_order",))
            if self.rules.optional_recycle and self.can_recycle():
                out.append(("recycle",))
        out += self._set_actions(seat)
        out += self._trade_actions(seat)
        out += self._paw_shoos(seat)
        return out

    def _do_end(self, seat: int) -> None:
        self._log(f"{self._who(seat)} ends the afternoon at {self._name(self.pos[seat])}")
        self.stage = EVENING

    def _do_hike(self, seat: int, space: int) -> None:
        self.actions -= 1
        self.miles_today += 1
        self.pos[seat] = space
        if self.log:
            self._log(f"{self._who(seat)} hikes to {self._name(space)}")
        if self.aggressive and space in self.bear_pos:
            self._log(f"{self._who(seat)} walks through an aggressive bear")
            self._hurt_by_bear(seat)
            if not self.in_park(seat):
                self.stage = END_TURN
                return
        self._arrive(seat, space)

    def _arrive(self, seat: int, space: int) -> None:
        """Free pickups the rules allow on arrival: the scenic token and one's own waypoint."""
        if self.waypoint_owner[space] == seat:
            self.waypoint_owner[space] = -1
            self.claimed[seat] += 1
            self._log(
                f"{self._who(seat)} claims waypoint {self._name(space)} "
                f"({self.claimed[seat]} of {self.rules.waypoints})"
            )
            if self.claimed[seat] == self.rules.waypoints:
                self.keep_values = [v for v in (False, True) if self._must_choose(seat, v)]
        if self.scenic_on[space]:
            self.scenic_on[space] = False
            self.scenic[seat].append(space)
        if space == self.home[seat] and self.claimed[seat] == self.rules.waypoints:
            self._finish(seat)

    def _must_choose(self, seat: int, value: bool) -> bool:
        held = [c for c in self.side_hand[seat] if (c >= self.n_easy) == value]
        return len(held) > 1

    def _finish(self, seat: int) -> None:
        self.status[seat] = FINISHED
        self.finish_health[seat] = self.health[seat]
        self._check_side_hikes(seat, end_of_turn=False)
        tiles = self.rules.decks.trailhead_bonuses[self.n] if self.rules.trailhead_bonus else ()
        if self.arrivals < len(tiles):
            self.bonus[seat] = tiles[self.arrivals]
        self.arrivals += 1
        self.pos[seat] = -1
        self.days_out[seat] = self.day + 1
        self._log(
            f"{self._who(seat)} completes the hike (arrival {self.arrivals}, bonus {self.bonus[seat]})"
        )
        if not self.aggressive:
            self.aggressive = True
            self._log("all bears turn aggressive")
        self.stage = END_TURN  # no trail card on the day of return

    def _gain_tile(self, seat: int, item: int) -> None:
        """A tile acquired during one's turn (collected, drawn, or a trail card's bonus)."""
        self.storage[seat][item] += 1
        if item == WATER_ITEM:
            self.water_today += 1
        else:
            self.gear_today += 1

    def _do_water(self, seat: int) -> None:
        region = self.region_of(seat)
        self.water_supply[region] -= 1
        self.storage[seat][WATER_ITEM] += 1
        self.actions -= 1
        self.water_today += 1
        self._log(f"{self._who(seat)} collects water at {self._name(self.pos[seat])}")

    def _do_gear(self, seat: int, t: int) -> None:
        self._take_gear(t)
        self.storage[seat][t] += 1
        self.gear_today += 1
        self._log(f"{self._who(seat)} takes {ITEMS[t]} from the hiker box")
        self._forced_recycle()

    def _do_bag(self, seat: int) -> None:
        t = self._draw_bag()
        self.storage[seat][t] += 1
        self.actions -= 1
        self.gear_today += 1
        self._log(f"{self._who(seat)} draws {ITEMS[t]} from the gear bag")

    def _do_dump(self, seat: int, item: int) -> None:
        self._drop_tile(seat, item)
        self._log(f"{self._who(seat)} dumps {ITEMS[item]}")

    def _drop_tile(self, seat: int, item: int) -> None:
        """A tile leaves the packboard: water to the discard pile, gear into the hiker box."""
        self.storage[seat][item] -= 1
        if item == WATER_ITEM:
            self.water_discard += 1
        else:
            self._place_in_box(item)
            self._forced_recycle()

    def _do_recycle(self, seat: int) -> None:
        self._recycle()

    def _do_campfire(self, seat: int) -> None:
        here = self.pos[seat]
        skills, health = self.rules.campfire_bonus[self.campfires_used[seat]]
        self.campfire_at[here] = seat
        self.campfires_used[seat] += 1
        self.camped = True
        self.skill_picks += skills
        self._change_health(seat, health)
        self._log(
            f"{self._who(seat)} builds campfire {self.campfires_used[seat]} at {self._name(here)}"
        )

    def _do_turn_order(self, seat: int) -> None:
        self.actions -= 1
        turn_order.move_up(self.bottom_row, seat)
        self._log(f"{self._who(seat)} moves up the turn order track: {self.bottom_row}")
