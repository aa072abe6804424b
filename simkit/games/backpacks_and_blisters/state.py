"""The forward model of one day's rambling.

Actions (tuples):

- ``("equip", tile)``: choose an Equipment tile (setup, Lunch, Tea);
- ``("play", card)``: play a Rambling card to walk; then ``("move", space, eat)`` picks where the
  walk ends (``eat`` 1 when the move needs the Chocolate bar eaten), or
  ``("move", space, eat, bought)`` when ``bought`` bars are bought on the way (at a Refreshment
  location passed, or where the walk starts after eating the bar carried);
- ``("ride", ride, space)``: ride the Ferry (``ride`` = ``"ferry"``) or a Bus (its number);
- ``("refresh", *cards)``: enjoy Refreshments, discarding ``cards`` (sorted, maybe none);
- ``("buy",)`` a Chocolate bar at a Refreshment location; ``("end",)`` declines it after moving
  or at Lunch or Tea;
- ``("discard", card)``: the card discarded after a ride, at Lunch or Tea, or of a Compass' two;
- ``("vote", seat)``: a vote on who carries the Heavy Rucksack next; ``("give", seat)`` breaks a tie.

A turn in ``turns()`` is one 20-minute turn of the Time chart: every Rambler's turn, or Lunch or Tea.
"""

from __future__ import annotations

from simkit.core.errors import IllegalAction
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.backpacks_and_blisters import actions, invariants
from simkit.games.backpacks_and_blisters.board import PRIME
from simkit.games.backpacks_and_blisters.cards import (
    BLISTER,
    RAMBLING,
    RUCKSACK,
    WEATHER,
    card_text,
    deal,
    faces,
)
from simkit.games.backpacks_and_blisters.day import (
    REFRESH,
    RIDE,
    WALK,
    Turn,
    hand_limit,
    is_break,
    meal,
    minute_of_day,
    rest_points,
    return_points,
)
from simkit.games.backpacks_and_blisters.movement import (
    Purse,
    allowance,
    offered,
    walk_stops,
    walks,
)
from simkit.games.backpacks_and_blisters.refreshments import (
    bar_after,
    can_buy,
    open_shops,
    refresh_drops,
    serving,
)
from simkit.games.backpacks_and_blisters.rucksack import (
    CARRIED,
    GONE,
    IN_DECK,
    HeavyRucksack,
    carried_this_turn,
    vote_leaders,
    vote_order,
)
from simkit.games.backpacks_and_blisters.rules import (
    COMPASS,
    EQUIPMENT,
    MINT_CAKE,
    WALKING_STICKS,
    Rules,
)
from simkit.games.backpacks_and_blisters.scoring import CATEGORIES, stone_points
from simkit.games.backpacks_and_blisters.solo import (
    HONOURS,
    free_equipment,
    honour,
    honour_level,
    rain_record,
)
from simkit.games.backpacks_and_blisters.view import View
from simkit.games.backpacks_and_blisters.weather import Weather, weather_text, wet_points

__all__ = ["CARRIED", "CATEGORIES", "GONE", "HONOURS", "IN_DECK", "BBState", "View", "new_state"]

# Phases: what the current seat is deciding.
EQUIP, START, MOVE, SHOP, RIDE_DISCARD, COMPASS_DISCARD, BREAK_DISCARD, VOTE, TIE, OVER = range(10)
PHASE_NAMES = (
    "equip",
    "start",
    "move",
    "shop",
    "ride_discard",
    "compass_discard",
    "break_discard",
    "vote",
    "tie",
    "over",
)
# The lists a copy of the game must not share with the original.
_LISTS = ("pos", "money", "chocolate", "equipment", "score", "prime_count", "desires", "rides")
_LISTS += ("refreshments", "return_turn", "queue", "break_shop", "deck", "discard", "stones")
_LISTS += ("_events",)


class BBState:
    """A game of Backpacks & Blisters in progress (see the module docstring for the actions)."""

    def __init__(self, rules: Rules, n_players: int, rng: GameRng, log: bool = False):
        self.rules, self.n, self.rng, self.log = rules, n_players, rng, log
        self.board = rules.board
        self.faces = faces(rules)
        self._events: list[str] = []
        b = self.board
        cairn_spaces, self.hands, self.deck = deal(rules, n_players, rng)
        self.cairn_count = dict.fromkeys(cairn_spaces, 0)
        self.discard: list[int] = []
        self.pos = [b.start] * n_players
        self.money = [rules.start_money] * n_players
        self.chocolate = [rules.start_chocolate] * n_players
        self.equipment = [-1] * n_players
        self.used_equipment: list[list[int]] = [[] for _ in range(n_players)]
        self.stones: list[frozenset[int]] = [frozenset() for _ in range(n_players)]
        self.score = [0] * n_players
        self.ledger = [dict.fromkeys(CATEGORIES, 0) for _ in range(n_players)]
        self.prime_count = [0] * n_players
        self.desires = [0] * n_players
        self.rides = [0] * n_players
        self.refreshments = [0] * n_players
        self.return_turn = [-1] * n_players
        self.weather = Weather()
        self.rucksack = HeavyRucksack()
        self.turn = 0
        self.phase, self.cur, self.turn_seat = EQUIP, 0, 0
        self.queue: list[int] = []  # seats still to choose Equipment, discard at a break, or vote
        self.break_shop: list[int] = []  # seats still to be offered Chocolate at Lunch or Tea
        self.end_reason = ""
        self._break_done = False
        self._reset_turn()
        self._legal: list | None = None
        self._say(
            f"{b.name}: Cairns on {', '.join(b.names[s] for s in cairn_spaces) or 'nowhere'}."
        )
        self.queue = list(range(n_players))
        self._next_equipment()

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def turns(self) -> int:
        return self.turn

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.score)

    @property
    def events(self) -> list[str]:
        return self._events

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply(self, action) -> None:
        if self.phase == OVER:
            raise IllegalAction(self.cur, action, "the game is over")
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise IllegalAction(self.cur, action)
        self._legal = None
        kind = action[0]
        if kind == "equip":
            self._equip(action[1])
        elif kind == "play":
            self._play(action[1])
        elif kind == "move":
            self._move(action[1], action[2], action[3] if len(action) > 3 else 0)
        elif kind == "ride":
            self._ride(action[1], action[2])
        elif kind == "refresh":
            self._refresh(action[1:])
        elif kind == "buy":
            self._buy()
        elif kind == "end":
            self._after_shop()
        elif kind == "discard":
            self._discard(action[1])
        elif kind == "vote":
            self._vote(action[1])
        else:  # "give"
            self._hand_rucksack(action[1])

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise RuntimeError("outcome() called before the game is over")
        ranks, shares = rank_by([(s,) for s in self.score])
        clock = [minute_of_day(self.board, t) if t >= 0 else -1 for t in self.return_turn]
        extras = {
            "x_prime_locations": tuple(self.prime_count),
            "x_cairn_points": tuple(led["cairn"] for led in self.ledger),
            "x_secret_desires": tuple(self.desires),
            "x_rides": tuple(self.rides),
            "x_refreshments": tuple(self.refreshments),
            "x_returned": tuple(t >= 0 for t in self.return_turn),
            "x_return_time": tuple(clock),
            "x_rainy_turns": (self.weather.rainy_turns,) * self.n,
            "x_honour": tuple(honour_level(s) for s in self.score),
        }
        return Outcome(
            tuple(float(s) for s in self.score), ranks, shares, self.turn, self.end_reason, extras
        )

    def view(self, seat: int) -> View:
        return View(
            seat=seat,
            rules=self.rules,
            phase=PHASE_NAMES[self.phase],
            turn=self.turn,
            raining=self.weather.raining,
            positions=tuple(self.pos),
            money=tuple(self.money),
            chocolate=tuple(self.chocolate),
            equipment=tuple(self.equipment),
            scores=tuple(self.score),
            stones=tuple(self.stones),
            cairns=tuple(sorted(self.cairn_count.items())),
            hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=len(self.deck),
            discards=tuple(self.discard),
            rucksack=self.rucksack.where,
            rucksack_holder=self.rucksack.holder,
            rucksack_turns=self.rucksack.carried_turns,
            carrying=self.this_turn.carrying,
            played=self.this_turn.played if seat == self.turn_seat else -1,
            votes=self.rucksack.votes,
            used_equipment=tuple(self.used_equipment[seat]),
            rainy_turns=self.weather.rainy_turns,
        )

    def clone(self) -> BBState:
        other = BBState.__new__(BBState)
        mine, copy = self.__dict__, other.__dict__
        copy.update(mine)
        other.rng = self.rng.clone()
        other.hands = [h[:] for h in self.hands]
        other.cairn_count = dict(self.cairn_count)
        for name in _LISTS:
            copy[name] = mine[name][:]
        other.used_equipment = [u[:] for u in self.used_equipment]
        other.ledger = [dict(led) for led in self.ledger]
        other.this_turn = self.this_turn.copy()  # the Heavy Rucksack and the weather are shared
        other._legal = None
        return other

    def action_text(self, action) -> str:
        return actions.describe(self.rules, action)

    def sample_hidden(self, seat: int, rng: GameRng) -> BBState:
        """Redraw the other hands and the deck's order from the cards ``seat`` cannot see.

        Changes of Weather and the Heavy Rucksack never sit in a hand, so they stay in the deck.
        """
        other = self.clone()
        others = [s for s in range(self.n) if s != seat]
        f = self.faces
        unseen = [c for s in others for c in self.hands[s]] + list(self.deck)
        holdable = [c for c in unseen if f.kind[c] in (RAMBLING, BLISTER)]
        deck_only = [c for c in unseen if f.kind[c] not in (RAMBLING, BLISTER)]
        rng.shuffle(holdable)
        for s in others:
            k = len(self.hands[s])
            other.hands[s] = holdable[:k]
            holdable = holdable[k:]
        other.deck = holdable + deck_only
        rng.shuffle(other.deck)
        other._legal = None
        return other

    # ------------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list:
        phase, seat = self.phase, self.cur
        if phase == EQUIP:
            return [("equip", t) for t in self._free_equipment(seat)]
        if phase == START:
            return self._start_actions(seat)
        if phase == MOVE:
            return self.this_turn.move_options
        if phase == SHOP:
            return [("buy",), ("end",)]
        if phase in (RIDE_DISCARD, BREAK_DISCARD):
            return [("discard", c) for c in sorted(self.hands[seat])]
        if phase == COMPASS_DISCARD:
            return [("discard", c) for c in sorted(self.this_turn.compass_pair)]
        if phase == VOTE:
            return [("vote", s) for s in self._on_map()]
        if phase == TIE:
            top = max(self.rucksack.votes)
            return [("give", s) for s in range(self.n) if self.rucksack.votes[s] == top]
        return []

    def _start_actions(self, seat: int) -> list:
        actions: list = [("play", c) for c in sorted(self.hands[seat])]
        here = self.pos[seat]
        if self.money[seat] >= self.rules.ride_cost and self.hands[seat]:
            taken = self._others_on_small(seat)
            actions += [
                ("ride", ride, dest)
                for ride, dest in self.board.ride_destinations(here)
                if dest not in taken
            ]
        if self._refreshments_open(seat) and self.money[seat] >= self.rules.refresh_cost:
            actions += [("refresh", *drop) for drop in refresh_drops(self.hands[seat])]
        if self._can_buy(seat):
            actions.append(("buy",))
        return actions

    def _refreshments_open(self, seat: int) -> bool:
        return serving(self.board, self.pos[seat], self.turn)

    def _can_buy(self, seat: int) -> bool:
        bar, money = self.chocolate[seat], self.money[seat]
        return can_buy(self.rules, self.board, self.turn, self.pos[seat], bar, money)

    def _others_on_small(self, seat: int) -> set[int]:
        small = self.board.is_small
        return {p for s, p in enumerate(self.pos) if s != seat and p >= 0 and small(p)}

    def _on_map(self) -> list[int]:
        return [s for s in range(self.n) if self.pos[s] >= 0]

    def _free_equipment(self, seat: int) -> list[int]:
        used = self.used_equipment[seat]
        return free_equipment(len(EQUIPMENT), used, self.equipment, solo=self.n == 1)

    # ------------------------------------------------------------------ Equipment

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

    # ------------------------------------------------------------------ rounds and turns

    def _begin_round(self) -> None:
        b = self.board
        self._break_done = False
        if self.turn >= b.n_turns or not self._on_map():
            self._end_game("normal")
            return
        if self.turn >= self.rules.turn_limit:
            self._end_game("turn_limit")
            return
        if is_break(b, self.turn):
            self._say(f"{b.clock(self.turn)}: {meal(b, self.turn)}. Everyone discards a card.")
            self.queue = self._on_map()
            self.phase, self.cur = BREAK_DISCARD, self.queue[0]
            return
        self._begin_turn(self._on_map()[0])

    def _end_round(self) -> None:
        if self.n == 1 and self.weather.raining:
            self.weather = self.weather.rained_a_turn()
        self.turn += 1
        self._begin_round()

    def _reset_turn(self) -> None:
        self.this_turn = Turn()

    def _begin_turn(self, seat: int) -> None:
        self._reset_turn()
        self.turn_seat = self.cur = seat
        self.this_turn.carrying = self._carries(seat)
        self.phase = START

    def _carries(self, seat: int) -> bool:
        """Multi-player: the holder carries it. Solo: every other hour from when it came out."""
        sack = self.rucksack
        if sack.where != CARRIED or sack.holder != seat:
            return False
        return carried_this_turn(self.n, self.board, self.turn, sack.entered)

    def _next_turn(self) -> None:
        later = [s for s in self._on_map() if s > self.turn_seat]
        if later:
            self._begin_turn(later[0])
        else:
            self._end_round()

    # ------------------------------------------------------------------ walking

    def _play(self, card: int) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.this_turn.played, self.this_turn.doing = card, WALK
        self._say(f"{self._clock()} Rambler {seat} plays {card_text(self.rules, card)}.")
        here = self.pos[seat]
        options = [("move", here, 0)]
        if self.faces.kind[card] == RAMBLING:
            options = self._walk_options(seat, card)
        if len(options) == 1:
            self._move(*options[0][1:])
            return
        self.this_turn.move_options = options
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
            self.this_turn.stone_on_triangle = True  # the Compass' extra draw
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

    # ------------------------------------------------------------------ riding and refreshments

    def _ride(self, ride: str, dest: int) -> None:
        seat, r = self.cur, self.rules
        self.this_turn.doing = RIDE
        self.money[seat] -= r.ride_cost
        self.rides[seat] += 1
        by = "the Ferry" if ride == "ferry" else f"the {ride} bus"
        self._say(f"{self._clock()} Rambler {seat} takes {by} to {self.board.names[dest]}.")
        if ride == "ferry":
            self._add(seat, "ferry", r.ferry_points, "a Ferry ride")
        else:
            self._add(seat, "bus", r.bus_points, "a Bus ride")
        self._arrive(seat, dest)

    def _refresh(self, drop: tuple[int, ...]) -> None:
        seat, r = self.cur, self.rules
        self.this_turn.doing = REFRESH
        self.money[seat] -= r.refresh_cost
        self.refreshments[seat] += 1
        self._say(
            f"{self._clock()} Rambler {seat} enjoys Refreshments at "
            f"{self.board.names[self.pos[seat]]}, discarding {len(drop)} card(s)."
        )
        for card in drop:
            self.hands[seat].remove(card)
            self.discard.append(card)
        self._add(seat, "refreshment", r.refresh_points, "Refreshments")
        while len(self.hands[seat]) < self._hand_limit():
            if self._draw(seat) is None:
                break
        self._offer_shop()

    def _buy(self) -> None:
        seat = self.cur
        self.money[seat] -= self.rules.chocolate_cost
        self.chocolate[seat] = True
        self._say(f"Rambler {seat} buys a bar of Chocolate.")
        if self.phase == SHOP:
            self._after_shop()

    def _after_shop(self) -> None:
        """A shop closes: back to the turn, or to the next Rambler's shop at Lunch or Tea."""
        if self.break_shop:
            self.break_shop.pop(0)
            self._next_break_shop()
        else:
            self._continue_turn()

    def _offer_shop(self) -> None:
        if self._can_buy(self.cur):
            self.phase = SHOP
        else:
            self._continue_turn()

    def _continue_turn(self) -> None:
        """After the move: a ride's discard, then the draw (two with the Compass), then the end."""
        seat = self.cur
        if self.this_turn.doing == RIDE and not self.this_turn.ride_discarded:
            self.phase = RIDE_DISCARD
            return
        if self.this_turn.doing != REFRESH:
            if self.this_turn.stone_on_triangle and self.equipment[seat] == COMPASS:
                pair = [c for c in (self._draw(seat), self._draw(seat)) if c is not None]
                if len(pair) == 2:
                    self.this_turn.compass_pair = pair
                    self.phase = COMPASS_DISCARD
                    return
            else:
                self._draw(seat)
        self._end_turn()

    def _discard(self, card: int) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.discard.append(card)
        self._say(f"Rambler {seat} discards {card_text(self.rules, card)}.")
        if self.phase == RIDE_DISCARD:
            self.this_turn.ride_discarded = True
            self._continue_turn()
        elif self.phase == COMPASS_DISCARD:
            self.this_turn.compass_pair = []
            self._end_turn()
        else:
            self.queue.pop(0)
            if self.queue:
                self.cur = self.queue[0]
            else:
                self._break()

    # ------------------------------------------------------------------ drawing

    def _hand_limit(self) -> int:
        return hand_limit(self.rules, self.board, self.turn)

    def _draw(self, seat: int) -> int | None:
        """Draw into ``seat``'s hand, resolving Changes of Weather and the Heavy Rucksack."""
        f = self.faces
        while True:
            if not self.deck:
                if not self.discard:
                    return None
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self._say("The discards are shuffled into a new Rambling Deck.")
            card = self.deck.pop()
            if f.kind[card] == WEATHER:
                self.weather = self.weather.changed()
                self.discard.append(card)
                self._say(
                    f"Rambler {seat} draws a Change of Weather: now {weather_text(self.weather.raining)}."
                )
                continue
            if f.kind[card] == RUCKSACK:
                self.rucksack = self.rucksack.drawn_by(seat, self.turn)
                self._say(f"Rambler {seat} draws the Heavy Rucksack and must carry it.")
                continue
            self.hands[seat].append(card)
            self.this_turn.drawn.append(card)
            return card

    # ------------------------------------------------------------------ end of a turn

    def _end_turn(self) -> None:
        seat, r = self.turn_seat, self.rules
        if self.n > 1 and self.this_turn.carrying and self.rucksack.holder == seat:
            self.rucksack = self.rucksack.carried_a_turn()
            if self.rucksack.carried_turns >= r.rucksack_turns:
                self._start_vote()
                return
        self._next_turn()

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

    # ------------------------------------------------------------------ the Heavy Rucksack vote

    def _start_vote(self) -> None:
        carrier = self.rucksack.holder
        on_map = self._on_map()
        if len(on_map) == 1:
            self._hand_rucksack(carrier)
            return
        if self.rules.rucksack_passing == "random":
            self._hand_rucksack(on_map[self.rng.below(len(on_map))])
            return
        self.rucksack = self.rucksack.vote_opened(self.n)
        self.queue = vote_order(carrier, self.pos)
        self.phase, self.cur = VOTE, self.queue[0]
        self._say(f"Rambler {carrier} has carried the Heavy Rucksack long enough: a vote.")

    def _vote(self, seat: int) -> None:
        self.rucksack = self.rucksack.voted_for(seat)
        self._say(f"Rambler {self.cur} votes for Rambler {seat}.")
        self.queue.pop(0)
        if self.queue:
            self.cur = self.queue[0]
            return
        leaders = vote_leaders(self.rucksack.votes)
        if len(leaders) == 1:
            self._hand_rucksack(leaders[0])
        else:
            self.phase, self.cur = TIE, self.rucksack.holder

    def _hand_rucksack(self, seat: int) -> None:
        self.rucksack = self.rucksack.handed_to(seat)
        self._say(f"Rambler {seat} carries the Heavy Rucksack next.")
        self._next_turn()

    # ------------------------------------------------------------------ Lunch and Tea

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

    # ------------------------------------------------------------------ the end of the day

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

    # ------------------------------------------------------------------ scoring, logging

    def _add(self, seat: int, category: str, points: int, why: str) -> None:
        self.score[seat] += points
        self.ledger[seat][category] += points
        if self.log and points:
            self._events.append(
                f"  Rambler {seat} scores {points:+d} for {why} ({self.score[seat]} in all)."
            )

    def _say(self, text: str) -> None:
        if self.log:
            self._events.append(text)

    def _clock(self) -> str:
        return f"{self.board.clock(self.turn)}{' (rain)' if self.weather.raining else ''}:"

    def invariants(self) -> None:
        invariants.check(self, self.phase == OVER, self.phase == COMPASS_DISCARD)


def new_state(rules: Rules, n_players: int, rng: GameRng, log: bool = False) -> BBState:
    """The whole setup: map, Cairns, hands, deck, then the first Equipment choice."""
    if not 1 <= n_players <= 6:
        raise ValueError("Backpacks & Blisters is for 1 to 6 players")
    return BBState(rules, n_players, rng, log)
