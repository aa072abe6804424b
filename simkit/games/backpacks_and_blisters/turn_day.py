"""The day in a turn (the Time chart): Equipment chosen at the start and after Lunch and Tea, the
breaks themselves (a card discarded, rest points, a pound, the shop), a Rambler home in Keswick
from 4 p.m., and the end of the day at 6 p.m. (Mountain Rescue; solo, the rain record).

The rules themselves are in day.py, solo.py and scoring.py; this is the turn's bookkeeping of
them, mixed into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.board import PRIME
from simkit.games.backpacks_and_blisters.day import EQUIP, OVER, SHOP, rest_points, return_points
from simkit.games.backpacks_and_blisters.rules import EQUIPMENT
from simkit.games.backpacks_and_blisters.solo import free_equipment, honour, rain_record


class DayHandlers:
    """The ``equip`` action, Lunch and Tea, leaving the map, the end of the day.

    Part of the game's state: changes the Equipment, money, places and points of the Ramblers,
    and the queue of seats to ask."""

    def _free_equipment(self, seat: int) -> list[int]:
        used = self.used_equipment[seat]
        return free_equipment(len(EQUIPMENT), used, self.equipment, solo=self.n == 1)

    def _next_equipment(self) -> None:
        """Ask the next seat in the queue; a seat left with one tile takes it without asking."""
        while self.queue:
            seat = self.queue[0]
            free = self._free_equipment(seat)
            if len(free) > 1:
                self.phase, self.cur = EQUIP, seat
                return
            self._take_equipment(seat, free[0])
        if self._break_done:
            self._end_round()
        else:
            self._begin_round()

    def _equip(self, tile: int) -> None:
        self._take_equipment(self.cur, tile)
        self._next_equipment()

    def _take_equipment(self, seat: int, tile: int) -> None:
        self.queue.pop(0)
        self.equipment[seat] = tile
        self.used_equipment[seat].append(tile)
        self._say(f"Rambler {seat} takes the {EQUIPMENT[tile]}.")

    def _break(self) -> None:
        b, r = self.board, self.rules
        on_map = self._on_map()
        self.equipment = [-1] * self.n
        for seat in on_map:
            here = self.pos[seat]
            if b.kind[here] == PRIME or b.beauty[here]:
                points = rest_points(r, b, here, self.weather.raining)
                self._add(seat, "break", points, f"resting at {b.names[here]}")
            self.money[seat] += r.break_money
        if r.equipment_order == "fewest_points":
            on_map.sort(key=lambda s: (self.score[s], s))
        self.queue = on_map
        self._break_done = True
        # Chocolate "may be bought from a Refreshment location at any time in a Rambler's turn":
        # Lunch and Tea forbid only Refreshments, so a Rambler resting at one may buy, after the
        # pound is collected.
        self.break_shop = [s for s in self._on_map() if self._can_buy(s)]
        self._next_break_shop()

    def _next_break_shop(self) -> None:
        if self.break_shop:
            self.phase, self.cur = SHOP, self.break_shop[0]
        else:
            self._next_equipment()

    def _leave_map(self, seat: int) -> None:
        b, r = self.board, self.rules
        self._add(
            seat,
            "return",
            return_points(b, self.turn),
            f"back at {b.names[b.start]} at {b.clock(self.turn)}",
        )
        if self.rucksack.holder == seat:
            if self._carries(seat):
                self._add(seat, "hero", r.rucksack_hero, "bringing the Heavy Rucksack home")
            self.rucksack = self.rucksack.home()
        self.pos[seat] = -1
        self.return_turn[seat] = self.turn
        self._say(f"Rambler {seat} leaves the map.")

    def _end_game(self, reason: str) -> None:
        self.end_reason = reason
        self.phase = OVER
        if reason != "normal":
            return
        if self.n == 1:
            extra = rain_record(self.rules, self.weather.rainy_turns)
            self._add(0, "rain_record", extra, f"{self.weather.rainy_turns} rainy turns")
        for seat in self._on_map():
            self._say(
                f"Rambler {seat} is not back by {self.board.clock(self.turn)}: "
                "Mountain Rescue, and all points are lost."
            )
            self._add(seat, "rescue", -self.score[seat], "Mountain Rescue")
            self.pos[seat] = -1
        if self.n == 1:
            self._say(f"Final score {self.score[0]}: {honour(self.score[0])}")
