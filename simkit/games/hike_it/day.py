"""The engine's day (Your Turn; Weather / Morning; Trail Cards / Evening; End of Game): the
forced steps between decisions, each hiker's morning, afternoon start, evening and end of turn,
resting, the end of the round and of the game. A mixin of
:class:`~simkit.games.hike_it.state.HikeState`: ``_advance`` runs the turn's ``stage`` until some
hiker must decide (``phase``)."""

from __future__ import annotations

from simkit.games.hike_it import health, turn_order
from simkit.games.hike_it.data import ITEMS, REGIONS, WATER_ITEM, WEATHER_KINDS
from simkit.games.hike_it.phases import (
    AFTERNOON,
    AFTERNOON_START,
    BEAR_PICK,
    END_TURN,
    EVENING,
    FINISHED,
    HAND,
    HIKING,
    IN_AFTERNOON,
    KEEP,
    KNOCKED_OUT,
    MORNING,
    OVER,
    REFILL,
    REROLL,
    REST,
    RESTING,
    SHOO,
    SKILL,
    START,
)


class Day:
    """Part of the game state: its methods use the state's attributes."""

    def _advance(self) -> None:
        """Run forced steps until a player must decide (sets ``phase``)."""
        while self.phase < 0:
            seat = self.seat_now
            if self.skill_picks > 0:
                if not any(c >= 0 for c in self.face_up):
                    self._refill_skill_row()
                if any(c >= 0 for c in self.face_up):
                    self.phase = SKILL
                    return
                self.skill_picks = 0
            if self.keep_values and self.in_park(seat):
                self.phase = KEEP
                return
            if any(self.refill_owed):
                if self.water_discard >= sum(self.refill_owed):
                    for r, k in enumerate(self.refill_owed):
                        self.water_supply[r] += k
                        self.water_discard -= k
                    self._log(f"wet weather refills the water supplies: {self.water_supply}")
                    self.refill_owed = [0] * len(REGIONS)
                elif self.water_discard:
                    self.phase = REFILL
                    return
                else:
                    self.refill_owed = [0] * len(REGIONS)
            if self.shoo_pending:
                if self._shoo_targets(seat):
                    self.phase = SHOO
                    return
                self.shoo_pending = False
            stage = self.stage
            if stage == START:
                self._start_turn()
            elif stage == MORNING:
                self._morning()
            elif stage == AFTERNOON_START:
                self._afternoon_start()
            elif stage == IN_AFTERNOON:
                self.phase = AFTERNOON
            elif stage == EVENING:
                self._evening()
            elif stage == END_TURN:
                self._end_turn()
            else:
                self._window_step()

    def _start_turn(self) -> None:
        seat = self.seat_now
        self._reset_turn()
        status = self.status[seat]
        if status in (FINISHED, KNOCKED_OUT):
            if not self.aggressive:
                self.stage = END_TURN
                return
            face = self.rules.decks.bear_die[self.rng.below(len(self.rules.decks.bear_die))]
            self.bear_face = "steps" if face.isdigit() else face
            self.bear_steps = int(face) if face.isdigit() else 0
            self._log(f"{self._who(seat)} rolls the bear die: {face}")
            self.phase = BEAR_PICK
            return
        self.days_out[seat] = self.day + 1
        if status == RESTING:
            self._rest()
            return
        self.dice = tuple(self._roll_die(i) for i in range(len(self.rules.decks.weather_dice)))
        kind = WEATHER_KINDS[self.weather_cards[self.forecast[0]][0]]
        self._log(
            f"{self._who(seat)} rolls the weather dice: {', '.join(self.dice)} (today: {kind})"
        )
        self.stage = MORNING

    def _rest(self) -> None:
        """Rest: buy health with points (three matching cards may first make a token to pay
        with); with nothing to pay with the hiker gets up with 1 health (assumed)."""
        seat = self.seat_now
        r = self.rules
        if health.rest_levels(self.points_held(seat), r.rest_cost) or self._set_actions(seat):
            self.phase = REST
            return
        self._change_health(seat, 1)
        self.status[seat] = HIKING
        self._log(f"{self._who(seat)} rests with no points to spend and gets up with 1 health")
        self.stage = END_TURN

    def _morning(self) -> None:
        seat = self.seat_now
        kind, req, wet = self.weather_cards[self.forecast[0]]
        name = WEATHER_KINDS[kind]
        matched = self.dice.count(name)
        if (
            matched
            and not self.facing
            and self.campfire_at[self.pos[seat]] == seat
            and self.count_actions(seat) - self.rerolls >= matched
        ):
            self.phase = REROLL  # at one's own campfire the weather may be waited out
            return
        if not matched:
            self.stage = AFTERNOON_START
            if self.rerolls:
                self._log(f"{self._who(seat)} waits out the {name}")
            return
        self.weather_hits[seat] += 1
        self._log(f"{self._who(seat)} is hit by {name}")
        if wet:
            for s in range(self.n):
                if self.in_park(s):
                    self.refill_owed[self.region_of(s)] += 1
        self._challenge(req, f"{name} weather", AFTERNOON_START)

    def _afternoon_start(self) -> None:
        seat = self.seat_now
        self.actions = max(0, self.count_actions(seat) - self.rerolls)
        self._log(f"{self._who(seat)} has {self.actions} actions at {self._name(self.pos[seat])}")
        self.stage = IN_AFTERNOON

    def _evening(self) -> None:
        seat = self.seat_now
        if not self.trail_deck:
            self.trail_deck, self.trail_discard = self.trail_discard, []
            self.rng.shuffle(self.trail_deck)
        card = self.trail_deck.pop()
        self.trail_discard.append(card)
        kind, item = self.trail_cards[card]
        self.stage = END_TURN
        self._log(
            f"{self._who(seat)} draws a trail card: {kind.replace('_', ' ')}"
            + (f" ({ITEMS[item]})" if item >= 0 else "")
        )
        if kind == "challenge":
            self._challenge((item,), "trail challenge", END_TURN)
        elif kind == "skill":
            self.skill_picks += 1
        elif kind == "health":
            self._change_health(seat, 1)
        elif kind == "gear":
            if self.tiles(seat) < self.rules.storage and self.bag:
                self._gain_tile(seat, self._draw_bag())
        elif kind == "water":
            if self.tiles(seat) < self.rules.storage and self.water_discard:
                self.water_discard -= 1
                self._gain_tile(seat, WATER_ITEM)
        elif kind == "shifty_weather":
            self._advance_forecast()
        elif kind == "shoo_bear":
            self.shoo_pending = not self.aggressive

    def _end_turn(self) -> None:
        seat = self.seat_now
        if len(self.hand[seat]) > self.rules.hand_limit:
            self.phase = HAND
            return
        if self.in_park(seat):
            self._check_side_hikes(seat, end_of_turn=True)
        self._restock()
        if not any(self.in_park(s) for s in range(self.n)):
            self._game_over("normal")
            return
        self._open_window()

    def _next_turn(self) -> None:
        self.order_index += 1
        if self.order_index >= self.n:
            self._end_of_round()
            if self.phase == OVER:
                return
        self.seat_now = self.order[self.order_index]
        self.stage = START

    def _end_of_round(self) -> None:
        self.day += 1
        self._advance_forecast()
        self.order = turn_order.next_round(self.order, self.bottom_row, self.rules.turn_order)
        self.bottom_row = []
        self.order_index = 0
        if self.day >= self.rules.turn_limit:
            self._game_over("turn_limit")

    def _game_over(self, reason: str) -> None:
        self.end_reason = reason
        self.phase = OVER
        for s in range(self.n):
            if self.in_park(s):
                self.days_out[s] = self.turns()
        self._log(f"the game ends ({reason})")
