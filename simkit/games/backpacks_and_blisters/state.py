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
from simkit.games.backpacks_and_blisters.cards import BLISTER, RAMBLING, deal, faces
from simkit.games.backpacks_and_blisters.day import (
    BREAK_DISCARD,
    COMPASS_DISCARD,
    EQUIP,
    MOVE,
    OVER,
    PHASE_NAMES,
    REFRESH,
    RIDE,
    RIDE_DISCARD,
    SHOP,
    START,
    TIE,
    VOTE,
    Turn,
    is_break,
    meal,
    minute_of_day,
)
from simkit.games.backpacks_and_blisters.refreshments import refresh_drops
from simkit.games.backpacks_and_blisters.rucksack import CARRIED, GONE, IN_DECK, HeavyRucksack
from simkit.games.backpacks_and_blisters.rules import COMPASS, Rules
from simkit.games.backpacks_and_blisters.scoring import CATEGORIES
from simkit.games.backpacks_and_blisters.solo import HONOURS, honour_level
from simkit.games.backpacks_and_blisters.turn_cards import CardHandlers
from simkit.games.backpacks_and_blisters.turn_day import DayHandlers
from simkit.games.backpacks_and_blisters.turn_moves import MoveHandlers
from simkit.games.backpacks_and_blisters.turn_refreshments import RefreshmentHandlers
from simkit.games.backpacks_and_blisters.turn_rucksack import RucksackHandlers
from simkit.games.backpacks_and_blisters.view import View
from simkit.games.backpacks_and_blisters.weather import Weather

__all__ = ["CARRIED", "CATEGORIES", "GONE", "HONOURS", "IN_DECK", "BBState", "View", "new_state"]
__all__ += ["EQUIP", "START", "MOVE", "SHOP", "RIDE_DISCARD", "COMPASS_DISCARD", "BREAK_DISCARD"]
__all__ += ["VOTE", "TIE", "OVER"]

# The lists a copy of the game must not share with the original.
_LISTS = ("pos", "money", "chocolate", "equipment", "score", "prime_count", "desires", "rides")
_LISTS += ("refreshments", "return_turn", "queue", "break_shop", "deck", "discard", "stones")
_LISTS += ("_events",)


class BBState(MoveHandlers, RefreshmentHandlers, CardHandlers, RucksackHandlers, DayHandlers):
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
        other._legal = None
        return other  # the turn, the Heavy Rucksack and the weather are shared: never changed

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

    def _compute_legal(self) -> list | tuple:
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

    def _others_on_small(self, seat: int) -> set[int]:
        small = self.board.is_small
        return {p for s, p in enumerate(self.pos) if s != seat and p >= 0 and small(p)}

    def _on_map(self) -> list[int]:
        return [s for s in range(self.n) if self.pos[s] >= 0]

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
        self.this_turn = self.this_turn._replace(carrying=self._carries(seat))
        self.phase = START

    def _next_turn(self) -> None:
        later = [s for s in self._on_map() if s > self.turn_seat]
        if later:
            self._begin_turn(later[0])
        else:
            self._end_round()

    # ------------------------------------------------------------------ the turn after the move

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
                    self.this_turn = self.this_turn._replace(compass_pair=tuple(pair))
                    self.phase = COMPASS_DISCARD
                    return
            else:
                self._draw(seat)
        self._end_turn()

    def _end_turn(self) -> None:
        seat, r = self.turn_seat, self.rules
        if self.n > 1 and self.this_turn.carrying and self.rucksack.holder == seat:
            self.rucksack = self.rucksack.carried_a_turn()
            if self.rucksack.carried_turns >= r.rucksack_turns:
                self._start_vote()
                return
        self._next_turn()

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
