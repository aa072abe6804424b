"""A Rambler's move, in a turn (Rambling: walking on a card's circles and triangles, the Chocolate
bar; Rides: the Ferry and the Buses; Prime Locations, Cairns, Beauty Spots, Secret Desires): how
the game changes as the Rambler to play plays a card, picks where the walk ends or rides, and
arrives (a stone, a Beauty Spot, Keswick from 4 p.m., the shop).

The rules themselves are in movement.py (where a card's symbols reach), refreshments.py (the bars
bought on the way), scoring.py (a stone's points) and weather.py; this is the turn's bookkeeping
of them, mixed into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.board import PRIME
from simkit.games.backpacks_and_blisters.cards import RAMBLING, card_text
from simkit.games.backpacks_and_blisters.day import MOVE, RIDE, WALK
from simkit.games.backpacks_and_blisters.movement import (
    Purse,
    allowance,
    offered,
    walk_stops,
    walks,
)
from simkit.games.backpacks_and_blisters.refreshments import bar_after, open_shops
from simkit.games.backpacks_and_blisters.rules import MINT_CAKE, WALKING_STICKS
from simkit.games.backpacks_and_blisters.scoring import stone_points
from simkit.games.backpacks_and_blisters.weather import wet_points


class MoveHandlers:
    """The actions of a move: ``play``, ``move``, ``ride``; and the arrival.

    Part of the game's state: changes the Rambler's place, purse and bar, its stones and points,
    the Cairns, and the turn in progress (``this_turn``: the card played, the walk's ends)."""

    def _play(self, card: int) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.this_turn = self.this_turn._replace(played=card, doing=WALK)
        self._say(f"{self._clock()} Rambler {seat} plays {card_text(self.rules, card)}.")
        here = self.pos[seat]
        options = [("move", here, 0)]
        if self.faces.kind[card] == RAMBLING:
            options = self._walk_options(seat, card)
        if len(options) == 1:
            self._move(*options[0][1:])
            return
        self.this_turn = self.this_turn._replace(move_options=tuple(options))
        self.phase = MOVE

    def _walk_options(self, seat: int, card: int) -> list[tuple]:
        """Each way a walk can end (``movement.offered``): where, whether the bar is eaten, how
        many bars are bought on the way."""
        eq, r = self.equipment[seat], self.rules
        moves = allowance(
            self.faces.circles[card],
            self.faces.triangles[card],
            sticks=eq == WALKING_STICKS,
            rucksack=self.this_turn.carrying,
            mint_cake=eq == MINT_CAKE,
            chocolate=False,
        )
        shops = open_shops(self.board, self.turn)
        purse = Purse(bool(self.chocolate[seat]), self.money[seat], r.chocolate_cost, shops)
        stops = walk_stops(self.board, self.turn, r.late_keswick)
        ends = walks(self.board, self.pos[seat], moves, self._others_on_small(seat), stops, purse)
        kept = offered(ends, purse.bar, shops)
        return [("move", d, e, k) if k else ("move", d, e) for d, e, k in kept]

    def _move(self, dest: int, eat: int, bought: int = 0) -> None:
        seat = self.cur
        self.chocolate[seat] = bar_after(self.chocolate[seat], eat, bought)
        self.money[seat] -= bought * self.rules.chocolate_cost
        if eat:
            self._say(f"Rambler {seat} eats the Chocolate.")
        if bought:
            self._say(f"Rambler {seat} buys {bought} bar(s) of Chocolate on the way.")
        if dest != self.pos[seat]:
            self._say(f"Rambler {seat} walks to {self.board.names[dest]}.")
        self._arrive(seat, dest)

    def _arrive(self, seat: int, dest: int) -> None:
        """The end of a walk or ride: a stone, a Beauty Spot, Keswick from 4 p.m., the shop.

        Prime Locations and Beauty Spots are both scored here, with the weather before the turn's
        draw ("When a Rambler ends a move on a Prime Location ... immediately scores").
        """
        b, r = self.board, self.rules
        self.pos[seat] = dest
        if b.kind[dest] == PRIME and dest not in self.stones[seat]:
            self._place_stone(seat, dest)
        if b.beauty[dest]:
            self._add(
                seat,
                "beauty",
                wet_points(r, r.beauty_points, self.weather.raining),
                f"the Beauty Spot at {b.names[dest]}",
            )
        if dest == b.start and self.turn >= b.return_from_turn:
            # "arriving there from 4 p.m. onwards immediately scores ... and is removed from the
            # map": no discard, draw or shop first.
            self._leave_map(seat)
            self._next_turn()
            return
        self._offer_shop()

    def _place_stone(self, seat: int, space: int) -> None:
        self.stones[seat] = self.stones[seat] | {space}
        self.prime_count[seat] += 1
        if self.board.triangle[space]:
            self.this_turn = self.this_turn._replace(stone_on_triangle=True)  # Compass: 2 cards
        placed = self.cairn_count.get(space)
        if placed is not None:
            self.cairn_count[space] = placed + 1
        card = self.faces.card_of_location.get(space, -1)
        held = card in self.hands[seat] and card not in self.this_turn.drawn
        desire = card >= 0 and (card == self.this_turn.played or held)
        if desire:
            self.desires[seat] += 1
        for category, points, why in stone_points(
            self.rules,
            self.board,
            space,
            raining=self.weather.raining,
            equipment=self.equipment[seat],
            cairn_placed=placed,
            desire=desire,
        ):
            self._add(seat, category, points, why)

    def _ride(self, ride: str, dest: int) -> None:
        seat, r = self.cur, self.rules
        self.this_turn = self.this_turn._replace(doing=RIDE)
        self.money[seat] -= r.ride_cost
        self.rides[seat] += 1
        by = "the Ferry" if ride == "ferry" else f"the {ride} bus"
        self._say(f"{self._clock()} Rambler {seat} takes {by} to {self.board.names[dest]}.")
        if ride == "ferry":
            self._add(seat, "ferry", r.ferry_points, "a Ferry ride")
        else:
            self._add(seat, "bus", r.bus_points, "a Bus ride")
        self._arrive(seat, dest)
