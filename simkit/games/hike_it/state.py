"""The Hike It! engine: the game's data, setup, the day's flow, resting and the end of the game.

The rules themselves live in one module per rulebook section (weather, challenges, hiker_box,
skill_cards, health, turn_order, bears, trading, side_hikes, scoring, setup, and the turn's day,
afternoon and trade_offers), each a set of functions taking the pieces it rules over; the state's
thin ``_do_*`` handlers pass its attributes in and store what changed. invariants.py checks a
game, actions.py lists the actions and puts them in words.

Flow: ``apply`` plays the action, then ``_advance`` runs the forced steps of the turn's ``stage``
(start, morning, afternoon, evening, end of turn, trading window) until some hiker must decide
(``phase``).

Everything the rules force (scenic tokens and own waypoints picked up on arrival, completing the
hike at the trailhead, masteries, restocking the hiker box, advancing the forecast, refilling water
when the discard pile suffices) is done by the engine.
"""

from __future__ import annotations

from simkit.core.errors import IllegalAction
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.hike_it import (
    actions,
    afternoon,
    bears,
    challenges,
    day,
    health,
    hiker_box,
    invariants,
    scoring,
    setup,
    side_hikes,
    skill_cards,
    trade_offers,
    trading,
    turn_order,
    weather,
)
from simkit.games.hike_it.board import Board, board_for
from simkit.games.hike_it.data import (
    GEAR_TYPES,
    ITEMS,
    REGIONS,
    SCENIC,
    WATER_ITEM,
    WEATHER_KINDS,
)
from simkit.games.hike_it.phases import (
    AFTERNOON,
    AFTERNOON_START,
    BEAR_PICK,
    BEAR_STEP,
    END_TURN,
    EVENING,
    FINISHED,
    GIVE_SCENIC,
    HAND,
    HIKING,
    IN_AFTERNOON,
    KEEP,
    KNOCKED_OUT,
    MORNING,
    OVER,
    PAY,
    PHASES,
    REFILL,
    REROLL,
    REST,
    RESTING,
    SHOO,
    SKILL,
    START,
    STATUS,
    TRADE_ANSWER,
    TRADE_GET,
    TRADE_GIVE,
    TRADE_WINDOW,
    TRAILHEAD,
    WAYPOINT,
    WINDOW,
)
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.view import HikeView, PlayerView

METHODS = challenges.METHODS
# The lists a copy of the game must not share with the original (see clone): per hiker ...
_FLAT_LISTS = ("order", "bottom_row", "pos", "home", "status", "health", "claimed")
_FLAT_LISTS += ("campfires_used", "finish_health", "bonus", "days_out", "weather_hits", "trades")
# ... per space of the map, of the components ...
_FLAT_LISTS += ("scenic_on", "waypoint_owner", "campfire_at", "bear_pos", "bag", "skill_deck")
_FLAT_LISTS += ("skill_discard", "face_up", "token_supply", "weather_deck", "weather_discard")
_FLAT_LISTS += ("forecast", "water_supply", "trail_deck", "trail_discard")
# ... and of the decisions in progress
_FLAT_LISTS += ("setup_queue", "refill_owed", "keep_values", "window", "scenic_owed")
# Lists of lists: per hiker, and the hiker box's stacks.
_NESTED_LISTS = ("storage", "hand", "tokens", "columns_done", "waypoints", "scenic")
_NESTED_LISTS += ("side_hand", "side_done", "box", "dealt")
_new = tuple.__new__  # a named tuple from a tuple of its fields, in order

# the engine's names, importable from here as before the split
__all__ = [
    "HikeState",
    "METHODS",
    "new_state",
    "AFTERNOON",
    "AFTERNOON_START",
    "BEAR_PICK",
    "BEAR_STEP",
    "END_TURN",
    "EVENING",
    "FINISHED",
    "GIVE_SCENIC",
    "HAND",
    "HIKING",
    "IN_AFTERNOON",
    "KEEP",
    "KNOCKED_OUT",
    "MORNING",
    "OVER",
    "PAY",
    "PHASES",
    "REFILL",
    "REROLL",
    "REST",
    "RESTING",
    "SHOO",
    "SKILL",
    "START",
    "STATUS",
    "TRADE_ANSWER",
    "TRADE_GET",
    "TRADE_GIVE",
    "TRADE_WINDOW",
    "TRAILHEAD",
    "WAYPOINT",
    "WINDOW",
]


class HikeState:
    """One game of Hike It! in progress (integer-coded; see the module docstring for actions)."""

    def __init__(self, rules: Rules, n_players: int, rng: GameRng, log: bool = False):
        self.rules = rules
        self.n = n_players
        self.rng = rng
        self.log = log
        self._events: list[str] = []
        self.board: Board = board_for(rules.park)
        d = rules.decks
        self.n_easy = len(d.easy)
        self.side_cards = d.easy + d.difficult
        self.skill_total = len(ITEMS) * d.skill_per_type
        self.weather_cards = weather.cards(d, rules.weather.counts())
        self.bear_reach = max(int(f) for f in d.bear_die if f.isdigit())
        self.trail_cards = tuple((t.kind, t.item) for t in d.trail for _ in range(t.count))
        # The actions legal_actions() last handed out for the decision now open (see apply).
        self._offered: tuple = ()
        # Per long list: the values it held at the last view and their tuple (see _unchanged).
        self._seen: dict[str, tuple[list, tuple]] = {}

    # ------------------------------------------------------------------------------ setup

    def setup(self) -> None:
        r, d, rng, n = self.rules, self.rules.decks, self.rng, self.n
        b = self.board
        self.day = 0
        self.in_setup = True
        self.order = list(range(n))  # seat 0 first, then clockwise (Turn Order Markers drawn)
        self.order_index = 0
        self.bottom_row: list[int] = []  # turn-order track, campfire half, left first
        self.phase = WAYPOINT
        self.stage = START
        self.end_reason = ""
        self.window: list[int] = []  # hikers still to decide in the trading window after a turn
        self.scenic_owed: list[tuple[int, int]] = []  # (giver, receiver) of traded scenic tokens
        # hikers
        self.pos = [-1] * n
        self.home = [-1] * n
        self.status = [HIKING] * n
        self.health = [r.health_start] * n
        self.storage = [[0] * len(ITEMS) for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.tokens = [[0] * len(ITEMS) for _ in range(n)]
        self.columns_done = [[False] * len(d.columns) for _ in range(n)]
        self.waypoints: list[list[int]] = [[] for _ in range(n)]
        self.claimed = [0] * n
        self.scenic: list[list[int]] = [[] for _ in range(n)]
        self.campfires_used = [0] * n
        self.side_done: list[list[int]] = [[] for _ in range(n)]
        self.finish_health = [-1] * n
        self.bonus = [0] * n
        self.arrivals = 0
        self.days_out = [0] * n
        self.weather_hits = [0] * n
        self.trades = [0] * n
        # board
        self.scenic_on = [b.park.kind[s] == SCENIC for s in range(b.size)]
        self.scenic_discarded = 0
        self.waypoint_owner = [-1] * b.size
        self.campfire_at = [-1] * b.size
        self.bear_pos = list(r.park.bear_start)
        self.aggressive = False
        self.last_bear = -1
        self.last_bear_mover = -1
        # gear: the bag and the hiker box (stacks, top last)
        self.bag = [t for t in range(GEAR_TYPES) for _ in range(d.gear[t])]
        self.box: list[list[int]] = [[] for _ in range(r.hiker_box)]
        for stack in self.box:
            stack.append(self._draw_bag())
        self._forced_recycle()
        # skill cards and tokens
        self.skill_deck = list(range(self.skill_total))
        rng.shuffle(self.skill_deck)
        self.skill_discard: list[int] = []
        self.face_up = [self.skill_deck.pop() for _ in range(r.face_up_skills)]
        self.token_supply = [n + 1] * len(ITEMS)
        # weather forecast and water
        self.weather_deck = list(range(len(self.weather_cards)))
        rng.shuffle(self.weather_deck)
        self.weather_discard: list[int] = []
        self.forecast = [self.weather_deck.pop() for _ in range(3)]
        wet = sum(1 for c in self.forecast if self.weather_cards[c][2])
        start = setup.starting_water(wet, r.start_water_max, d.water_tiles, len(REGIONS))
        self.water_supply = [start] * len(REGIONS)
        self.water_discard = d.water_tiles - start * len(REGIONS)
        # trail cards
        self.trail_deck = list(range(len(self.trail_cards)))
        rng.shuffle(self.trail_deck)
        self.trail_discard: list[int] = []
        # side hikes: two easy and two difficult each, kept hidden
        self.side_hand, easy, hard = setup.deal_side_hikes(
            self.n_easy, len(self.side_cards), n, r.side_hikes_dealt, rng
        )
        self.side_decks = (easy, hard)
        self.dealt = setup.deal_scenic(b, n, r.scenic_tokens_dealt, rng)
        self.setup_queue = setup.choosing_order(self.order, r.waypoints)
        # turn state
        self.seat_now = self.setup_queue[0]
        self._reset_turn()
        self.refill_owed = [0] * len(REGIONS)
        self.after_pay = START
        self.pay_req: tuple[int, ...] = ()
        self.pay_source = ""
        self.bear_face = ""
        self.bear_moving = -1
        self.bear_steps = 0
        self.bear_came_from = -1
        self.bear_hit: set[int] = set()
        self._log(f"{n} hikers; forecast {self._forecast_text()}")

    def _reset_turn(self) -> None:
        self.dice: tuple[str, ...] = ()
        self.actions = 0
        self.rerolls = 0
        self.camped = False
        self.miles_today = 0
        self.water_today = 0
        self.gear_today = 0
        self.facing = False
        self.offers_left = self.rules.trade_offers
        # (offerer, receiver[, gives[, gets]]) while a trade is being made
        self.offer: tuple[int, ...] = ()
        self.trade_return = -1
        self.skill_picks = 0
        self.keep_values: list[int] = []
        self.shoo_pending = False

    # ------------------------------------------------------------------ protocol basics

    @property
    def events(self) -> list[str]:
        return self._events

    def current_player(self) -> int:
        if self.phase in (TRADE_GIVE, TRADE_GET):
            return self.offer[0]  # the offerer makes the offer ...
        if self.phase == TRADE_ANSWER:
            return self.offer[1]  # ... and the other hiker accepts or declines it
        if self.phase == TRADE_WINDOW:
            return self.window[0]
        if self.phase == GIVE_SCENIC:
            return self.scenic_owed[0][0]  # the giver chooses which scenic token goes
        return self.seat_now

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def turns(self) -> int:
        """Days begun (a round is a day); a game stopped by the turn limit played exactly that many."""
        if self.in_setup or (self.phase == OVER and self.end_reason == "turn_limit"):
            return self.day
        return self.day + 1

    def tally(self, seat: int) -> scoring.Tally:
        return scoring.Tally(
            sum(self.tokens[seat]),
            self.health[seat],
            len(self.scenic[seat]),
            self.side_hike_points(seat),
            self.bonus[seat],
        )

    def scores(self) -> tuple[float, ...]:
        return tuple(float(scoring.score(self.rules, self.tally(s))) for s in range(self.n))

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        keys = [scoring.tie_key(self.rules, self.tally(s)) for s in range(self.n)]
        ranks, shares = rank_by(keys)
        seats = range(self.n)
        return Outcome(
            scores=self.scores(),
            ranks=ranks,
            win_shares=shares,
            turns=self.turns(),
            end_reason=self.end_reason,
            extras={
                "x_scenic_tokens": tuple(len(self.scenic[s]) for s in seats),
                "x_skill_set_tokens": tuple(sum(self.tokens[s]) for s in seats),
                "x_health": tuple(self.health[s] for s in seats),
                "x_side_hike_points": tuple(self.side_hike_points(s) for s in seats),
                "x_trailhead_bonus": tuple(self.bonus),
                "x_finished": tuple(self.status[s] == FINISHED for s in seats),
                "x_knocked_out": tuple(self.status[s] == KNOCKED_OUT for s in seats),
                "x_days": tuple(self.days_out),
                "x_weather_hits": tuple(self.weather_hits),
                "x_trades": tuple(self.trades),
            },
        )

    def _log(self, text: str) -> None:
        if self.log:
            self._events.append(
                f"Setup: {text}" if self.in_setup else f"Day {self.day + 1}: {text}"
            )

    def _who(self, seat: int) -> str:
        return f"Hiker {seat}"

    def _name(self, space: int) -> str:
        return self.board.park.names[space]

    # ------------------------------------------------------------------------- cards

    def _draw_bag(self) -> int:
        return hiker_box.draw(self.bag, self.rng)

    def _refill_skill_row(self) -> None:
        skill_cards.refill_row(self.face_up, self.skill_deck, self.skill_discard, self.rng)

    def skill_type(self, card: int) -> int:
        return card // self.rules.decks.skill_per_type

    def is_paw(self, card: int) -> bool:
        return skill_cards.is_paw(self.rules.decks, card)

    def hand_count(self, seat: int, t: int) -> int:
        return skill_cards.count(self.rules.decks, self.hand[seat], t)

    def _discard_cards(self, seat: int, t: int, k: int, paws: bool = False) -> None:
        skill_cards.discard(self.rules.decks, self.hand[seat], self.skill_discard, t, k, paws)

    def _advance_forecast(self) -> None:
        weather.advance(self.forecast, self.weather_deck, self.weather_discard, self.rng)
        self._log(f"the forecast advances: {self._forecast_text()}")

    def _forecast_text(self) -> str:
        return weather.text(self.weather_cards, self.forecast)

    # ---------------------------------------------------------------------- hiker box

    def visible_gear(self) -> list[int]:
        return hiker_box.visible(self.box)

    def _place_in_box(self, t: int) -> None:
        if hiker_box.place(self.box, self.bag, self.rng, t):
            self._log("the hiker box is recycled")

    def _recycle(self) -> None:
        hiker_box.recycle(self.box, self.bag, self.rng)
        self._log("the hiker box is recycled")

    def _forced_recycle(self) -> None:
        if hiker_box.forced_recycle(self.box, self.bag, self.rng):
            self._log("the hiker box is recycled")

    def can_recycle(self) -> bool:
        return hiker_box.can_recycle(self.box)

    def _restock(self) -> None:
        if hiker_box.restock(self.box, self.bag, self.rng):
            self._log("the hiker box is recycled")

    def gear_cost(self, t: int) -> int:
        return hiker_box.gear_cost(self.box, t)

    def _take_gear(self, t: int) -> None:
        spent, recycled = hiker_box.take(self.box, self.bag, self.rng, t)
        if recycled:
            self._log("the hiker box is recycled")
        self.actions -= spent

    # --------------------------------------------------------------------- helpers

    def tiles(self, seat: int) -> int:
        return sum(self.storage[seat])

    def in_park(self, seat: int) -> bool:
        return self.status[seat] in (HIKING, RESTING)

    def region_of(self, seat: int) -> int:
        return self.board.park.region[self.pos[seat]]

    def count_actions(self, seat: int) -> int:
        """Health + empty storage spaces + waypoints collected (Actions / Afternoon)."""
        return (
            max(self.health[seat], 0)
            + self.rules.storage
            - self.tiles(seat)
            + min(self.claimed[seat], 3)
        )

    def passive_bear_at(self, space: int) -> bool:
        return not self.aggressive and space in self.bear_pos

    def _change_health(self, seat: int, delta: int) -> None:
        self.health[seat] = health.changed(self.health[seat], delta, self.rules.health_max)

    def side_hike_points(self, seat: int) -> int:
        r = self.rules
        return side_hikes.points(
            self.side_done[seat], self.n_easy, r.easy_points, r.difficult_points
        )

    def points_held(self, seat: int) -> int:
        """Points a resting hiker can spend: scenic tokens, skill set tokens, side hikes."""
        return (
            len(self.scenic[seat])
            + self.rules.token_points * sum(self.tokens[seat])
            + self.side_hike_points(seat)
        )

    def has_mastery(self, seat: int, item: int) -> bool:
        return challenges.has_mastery(self.tokens[seat], item)

    def pack(self, seat: int) -> trading.Pack:
        """The hiker's tradeable holdings (its own lists: a transfer changes the game)."""
        return trading.Pack(
            self.storage[seat], self.hand[seat], self.tokens[seat], self.scenic[seat]
        )

    # ------------------------------------------------------------------ challenges

    def pay_options(self, seat: int, req: tuple[int, ...]) -> list[tuple]:
        """Ways to overcome a challenge needing the items ``req`` (one or two)."""
        cards = skill_cards.by_type(self.rules.decks, self.hand[seat])
        return challenges.pay_options(
            self.storage[seat], cards, self.tokens[seat], self.rules.set_cost, req
        )

    def _pay(self, seat: int, item: int, method: str) -> None:
        if method == "tile":
            self._drop_tile(seat, item)
        elif method == "cards":
            self._discard_cards(seat, item, self.rules.set_cost)
        else:
            self.tokens[seat][item] -= 1
            self.token_supply[item] += 1

    def _challenge(self, req: tuple[int, ...], source: str, after: int) -> None:
        """Meet a challenge: masteries overcome it for free; else the hiker decides (or suffers)."""
        seat = self.seat_now
        self.pay_req, self.pay_source, self.after_pay = req, source, after
        needs = " and ".join(ITEMS[i] for i in req)
        if all(self.has_mastery(seat, it) for it in req):
            self._log(f"{self._who(seat)} overcomes the {source} ({needs}) with a skill mastery")
            self.skill_picks += 1
            self.stage = after
        elif self.pay_options(seat, req) or self._trade_actions(seat):
            self.phase = PAY  # pay, trade for what is missing, or take the loss
        else:
            self._suffer()

    def _suffer(self) -> None:
        seat = self.seat_now
        self._change_health(seat, -1)
        self._log(
            f"{self._who(seat)} cannot or will not meet the {self.pay_source} and loses 1 health "
            f"(now {self.health[seat]})"
        )
        self.stage = self.after_pay
        if self.health[seat] < 1:
            self.status[seat] = RESTING
            self._log(f"{self._who(seat)} lies down and will rest next turn")
            self.stage = END_TURN

    # -------------------------------------------------------------------------- day

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
                    self.water_discard = weather.refill(
                        self.refill_owed, self.water_supply, self.water_discard
                    )
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
            self.bear_face, self.bear_steps = day.bear_die(face)
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
        own_fire = self.campfire_at[self.pos[seat]] == seat
        if day.may_wait_out(
            matched, self.facing, own_fire, self.count_actions(seat) - self.rerolls
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
        card = day.draw_trail_card(self.trail_deck, self.trail_discard, self.rng)
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

    # -------------------------------------------------------------------- afternoon

    def _afternoon_actions(self, seat: int) -> list[tuple]:
        b, here, st, r = self.board, self.pos[seat], self.storage[seat], self.rules
        out: list[tuple] = [("end",)]
        room = self.tiles(seat) < r.storage
        if self.actions >= 1 and not self.camped:
            out += afternoon.hikes(b, here, () if self.aggressive else self.bear_pos)
        if b.is_water(here):
            supply = self.water_supply[b.park.region[here]]
            out += afternoon.at_water_source(room and self.actions >= 1 and supply > 0, st)
        if b.is_campsite(here):
            out += afternoon.at_campsite(self.box, self.bag, self.actions, room, st)
            used, fire_here = self.campfires_used[seat], self.campfire_at[here]
            if afternoon.may_build_campfire(self.camped, fire_here, used, r.campfires):
                out.append(("campfire",))
            if (
                self.camped
                and r.turn_order == "track"
                and self.actions >= 1
                and turn_order.can_move_up(self.bottom_row, seat)
            ):
                out.append(("turn_order",))
            if r.optional_recycle and self.can_recycle():
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
                held, n_easy = self.side_hand[seat], self.n_easy
                self.keep_values = [
                    v for v in (False, True) if side_hikes.must_choose(held, n_easy, v)
                ]
        if self.scenic_on[space]:
            self.scenic_on[space] = False
            self.scenic[seat].append(space)
        if space == self.home[seat] and self.claimed[seat] == self.rules.waypoints:
            self._finish(seat)

    def _finish(self, seat: int) -> None:
        self.status[seat] = FINISHED
        self.finish_health[seat] = self.health[seat]
        self._check_side_hikes(seat, end_of_turn=False)
        if self.rules.trailhead_bonus:
            tiles = self.rules.decks.trailhead_bonuses[self.n]
            self.bonus[seat] = afternoon.trailhead_bonus(tiles, self.arrivals)
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
        skills, health = afternoon.campfire_bonus(
            self.rules.campfire_bonus, self.campfires_used[seat]
        )
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

    # ---------------------------------------------------------------------- trading

    def _offer_actions(self, phase: int) -> list[tuple]:
        offerer, receiver, gives, gets = self.offer
        bounds = (self._hand_bound(offerer), self._hand_bound(receiver))
        composing = "answer" if phase == TRADE_ANSWER else "get" if phase == TRADE_GET else "give"
        mine, theirs = self.pack(offerer), self.pack(receiver)
        return trade_offers.offer_actions(self.rules, composing, mine, theirs, gives, gets, bounds)

    def _trade_actions(self, seat: int) -> list[tuple]:
        if not self.offers_left:
            return []
        partners = self.partners(seat)  # first: most of the time there is none
        if not partners:
            return []
        return trade_offers.trade_actions(self.pack(seat), {s: self.pack(s) for s in partners})

    def _window_actions(self, seat: int) -> list[tuple]:
        if not self.in_park(seat):
            return []
        r = self.rules
        partners = self.partners(seat) if r.trade_window and r.trade_offers else []
        return trade_offers.window_actions(self._set_actions(seat), self.pack(seat), partners)

    def partners(self, seat: int) -> list[int]:
        """Hikers still in the park and in the same region (players who have left cannot trade)."""
        region = self.region_of(seat)
        return [
            s
            for s in range(self.n)
            if s != seat and self.in_park(s) and self.region_of(s) == region
        ]

    def _hand_bound(self, seat: int) -> bool:
        return trade_offers.hand_bound(seat, self.seat_now, self.stage == WINDOW)

    def _do_trade(self, seat: int, partner: int) -> None:
        self._open_trade(seat, partner)

    def _do_ask(self, seat: int, partner: int) -> None:
        self._open_trade(partner, seat)

    def _open_trade(self, offerer: int, receiver: int) -> None:
        if self.stage != WINDOW:  # the window allows one offer a hiker on its own
            self.offers_left -= 1
        self.trade_return = self.prev_phase
        self.offer = (offerer, receiver, (), ())
        self.phase = TRADE_GIVE

    def _do_give(self, seat: int, code: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self.offer = (offerer, receiver, (*gives, code), gets)
        self.phase = TRADE_GIVE

    def _do_get(self, seat: int, code: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self.offer = (offerer, receiver, gives, (*gets, code))
        self.phase = TRADE_GET

    def _do_propose(self, seat: int) -> None:
        self.phase = TRADE_ANSWER

    def _do_accept(self, seat: int) -> None:
        offerer, receiver, gives, gets = self.offer
        mine, theirs = self.pack(offerer), self.pack(receiver)
        owed = trade_offers.settle(self.rules.decks, offerer, receiver, mine, theirs, gives, gets)
        self.scenic_owed += owed
        self.complete_columns(receiver)  # a traded token can complete a column
        self.complete_columns(offerer)
        if self.stage != WINDOW:  # a tile acquired by trade during one's turn counts as acquired
            turn = self.seat_now
            got = gives if turn == receiver else gets if turn == offerer else ()
            water, gear = trade_offers.tiles_got(got)
            self.water_today += water
            self.gear_today += gear
        self.trades[offerer] += 1
        self.trades[receiver] += 1
        self._log(
            ("between turns, " if self.stage == WINDOW else "")
            + f"{self._who(offerer)} trades {trading.texts(gives)} to {self._who(receiver)} "
            f"for {trading.texts(gets)}"
        )
        self._hand_over_scenic()

    def _hand_over_scenic(self) -> None:
        """Traded scenic tokens: the giver chooses which (only one kind held: no choice)."""
        while self.scenic_owed:
            legal = self._scenic_actions()
            if len(legal) > 1:
                self.phase = GIVE_SCENIC
                return
            self._give_scenic(legal[0][1])
        self._close_trade()

    def _scenic_actions(self) -> list[tuple]:
        giver = self.scenic_owed[0][0]
        park = self.board.park
        return [
            ("scenic", x)
            for x in trading.scenic_choices(self.pack(giver), park.scenic, park.region)
        ]

    def _give_scenic(self, space: int) -> None:
        giver, receiver = self.scenic_owed.pop(0)
        trading.give_scenic(self.pack(giver), self.pack(receiver), space)
        self._log(f"{self._who(giver)} hands over the scenic token of {self._name(space)}")

    def _do_scenic(self, seat: int, space: int) -> None:
        self._give_scenic(space)
        self._hand_over_scenic()

    def _do_decline(self, seat: int) -> None:
        offerer, receiver, gives, gets = self.offer
        self._log(
            f"{self._who(receiver)} declines {self._who(offerer)}'s offer of "
            f"{trading.texts(gives)} for {trading.texts(gets)}"
        )
        self._close_trade()

    def _close_trade(self) -> None:
        self.offer = ()
        back, self.trade_return = self.trade_return, -1
        if back == PAY:  # back to the challenge, which a trade may have settled
            self._challenge(self.pay_req, self.pay_source, self.after_pay)
        elif back == HAND:  # the end of the turn checks the hand again
            self.stage = END_TURN
        elif back == TRADE_WINDOW:  # that hiker's one offer is made: the next one decides
            self.window.pop(0)
        else:
            self.phase = back

    def _do_pass(self, seat: int) -> None:
        self.window.pop(0)

    def _open_window(self) -> None:
        """Trading and skill set exchanges "at any time" (Trading; Available Actions), made
        finite: after each turn every other hiker, in turn order, may make one offer to a hiker
        of its own region, who accepts or declines (with the trading window on), and exchange
        skill cards for tokens (always)."""
        self.stage = WINDOW
        self.window = trade_offers.window_order(self.order, self.order_index)

    def _window_step(self) -> None:
        """The next hiker of the window with a choice decides; the others are skipped."""
        while self.window:
            if self._window_actions(self.window[0]):
                self.phase = TRADE_WINDOW
                return
            self.window.pop(0)
        self._next_turn()

    # ----------------------------------------------------------------------- bears

    def _shoo_targets(self, seat: int) -> list[int]:
        if self.aggressive or not self.in_park(seat):
            return []
        occupied = {self.pos[s] for s in range(self.n) if self.in_park(s)} | set(self.bear_pos)
        return bears.shoo_targets(self.board, self.region_of(seat), self.bear_pos, occupied)

    def _paw_shoos(self, seat: int) -> list[tuple]:
        hand = self.hand[seat]
        if len(hand) < self.rules.paw_cost or self.aggressive:  # the quick no
            return []
        if skill_cards.paws(self.rules.decks, hand) < self.rules.paw_cost:
            return []
        return [("shoo", s) for s in self._shoo_targets(seat)]

    def _bear_pick_actions(self, seat: int) -> list[tuple]:
        barred = bears.barred(self.last_bear, self.last_bear_mover, seat)
        return bears.pick_actions(
            self.board, self.bear_pos, self.bear_face, self.bear_reach, barred
        )

    def _do_shoo(self, seat: int, space: int) -> None:
        region = self.region_of(seat)
        if self.prev_phase == SHOO:  # a Shoo Bear! trail card
            self.shoo_pending = False
        else:  # two paw cards, in the afternoon or at the hand limit
            self._discard_cards(seat, -1, self.rules.paw_cost, paws=True)
        self.bear_pos[region] = space
        self._log(f"{self._who(seat)} shoos the {REGIONS[region]} bear to {self._name(space)}")

    def _do_bear(self, seat: int, bear: int, space: int = -1, how: str = "") -> None:
        self.last_bear, self.last_bear_mover = bear, seat
        self.bear_moving = bear
        self.bear_hit = set()
        if self.bear_face == "steps":
            self.bear_came_from = -1
            self._log(f"{self._who(seat)} moves the {REGIONS[bear]} bear {self.bear_steps} spaces")
            self._auto_bear_steps()
            return
        at = self.bear_pos[bear]
        walk, carried = bears.path(self.board, at, self.bear_face, self.bear_reach, space, how)
        self._log(
            f"{self._who(seat)} {'carries' if carried else 'moves'} the {REGIONS[bear]} bear "
            f"to {self._name(space)}"
        )
        for s in walk:
            self._bear_enters(bear, s)
        self.stage = END_TURN

    def _do_bear_step(self, seat: int, space: int) -> None:
        self._bear_step(space)
        self._auto_bear_steps()

    def _bear_step(self, space: int) -> None:
        self.bear_came_from = self.bear_pos[self.bear_moving]
        self._bear_enters(self.bear_moving, space)
        self.bear_steps -= 1

    def _auto_bear_steps(self) -> None:
        """Steps with a single way on are forced; stop at a fork or at the end of the roll."""
        while self.bear_steps > 0 and self.phase != OVER:
            ways = bears.next_steps(
                self.board, self.bear_pos[self.bear_moving], self.bear_came_from
            )
            if len(ways) > 1:
                self.phase = BEAR_STEP
                return
            self._bear_step(ways[0])
        self.stage = END_TURN

    def _bear_enters(self, bear: int, space: int) -> None:
        self.bear_pos[bear] = space
        hiker_at = [self.pos[s] if self.in_park(s) else -1 for s in range(self.n)]
        for s in bears.mauled(space, hiker_at, self.bear_hit):
            self.bear_hit.add(s)
            self._log(f"the {REGIONS[bear]} bear mauls {self._who(s)}")
            self._hurt_by_bear(s)

    def _hurt_by_bear(self, seat: int) -> None:
        if not bears.hurts(self.health[seat], self.rules.bear_knocks_out_fallen):
            return
        self._change_health(seat, -1)
        if self.health[seat] < 1:
            self.status[seat] = KNOCKED_OUT
            for w in self.waypoints[seat]:  # its unclaimed waypoints leave the map
                if self.waypoint_owner[w] == seat:
                    self.waypoint_owner[w] = -1
            self.pos[seat] = -1
            self.days_out[seat] = self.day + 1
            self._log(f"{self._who(seat)} is knocked out by a bear: the hike is over")
            if not any(self.in_park(s) for s in range(self.n)):
                self._game_over("normal")

    # ---------------------------------------------------------------------- legal

    def legal_actions(self) -> list[tuple]:
        """The choices of the decision now open, computed afresh (so a position edited by hand is
        always seen); apply() remembers them to check the one chosen without computing again."""
        legal = self._legal_actions()
        self._offered = tuple(legal)
        return legal

    def _legal_actions(self) -> list[tuple]:
        p, seat = self.phase, self.seat_now
        if p == AFTERNOON:
            return self._afternoon_actions(seat)
        if p == WAYPOINT:
            return [("waypoint", s) for s in self._waypoint_choices(seat)]
        if p == TRAILHEAD:
            taken = set(self.home)
            return [("trailhead", t) for t in self.board.trailheads if t not in taken]
        if p == REROLL:
            return [("reroll",), ("face_weather",), *self._set_actions(seat)]
        if p == PAY:
            return [
                *self.pay_options(seat, self.pay_req),
                *self._set_actions(seat),  # a second token may make a mastery (any time)
                *self._trade_actions(seat),
                ("suffer",),
            ]
        if p in (TRADE_GIVE, TRADE_GET, TRADE_ANSWER):
            return self._offer_actions(p)
        if p == TRADE_WINDOW:
            return self._window_actions(self.window[0])
        if p == SKILL:
            return [("skill", i) for i, c in enumerate(self.face_up) if c >= 0]
        if p == REFILL:
            return [("refill", r) for r in range(len(REGIONS)) if self.refill_owed[r]]
        if p == SHOO:
            return [("shoo", s) for s in self._shoo_targets(seat)]
        if p == KEEP:
            value = self.keep_values[0]
            return [("keep", c) for c in self.side_hand[seat] if (c >= self.n_easy) == value]
        if p == HAND:
            out = [("discard", t) for t in range(len(ITEMS)) if self.hand_count(seat, t)]
            out += self._set_actions(seat)
            out += self._trade_actions(seat)  # or trade cards away to hikers of the region
            out += self._paw_shoos(seat)  # or spend two paw cards on the bear
            return out
        if p == REST:
            levels = health.rest_levels(self.points_held(seat), self.rules.rest_cost)
            return [("rest", k) for k in levels] + self._set_actions(seat)
        if p == GIVE_SCENIC:
            return self._scenic_actions()
        if p == BEAR_PICK:
            return self._bear_pick_actions(seat)
        if p == BEAR_STEP:
            return [
                ("bear_step", s)
                for s in bears.next_steps(
                    self.board, self.bear_pos[self.bear_moving], self.bear_came_from
                )
            ]
        return []

    def _waypoint_choices(self, seat: int) -> list[int]:
        return setup.waypoint_choices(
            self.board, self.waypoints[seat], self.dealt[seat], self.waypoint_owner
        )

    def _set_actions(self, seat: int) -> list[tuple]:
        r = self.rules
        if len(self.hand[seat]) < r.set_cost:  # asked at nearly every decision: the quick no
            return []
        types = skill_cards.set_types(r.decks, self.hand[seat], self.token_supply, r.set_cost)
        return [("set", t) for t in types]

    # ---------------------------------------------------------------------- apply

    def apply(self, action) -> None:
        if self.phase == OVER or not self._is_legal(action):
            raise IllegalAction(self.current_player(), action)
        self._offered = ()  # the next decision gets its own list
        seat = self.current_player()
        self.prev_phase, self.phase = self.phase, -1
        getattr(self, "_do_" + action[0])(seat, *action[1:])
        if self.phase != OVER and self.in_park(self.seat_now):
            self._check_side_hikes(self.seat_now, end_of_turn=False)
        self._advance()

    def _is_legal(self, action) -> bool:
        """Whether ``action`` is a choice of the decision now open. An action that is the very
        object legal_actions() handed out since the last apply() is one (a player choosing from
        the list it was given: no second computation); any other action, equal or not, is checked
        against the choices computed afresh, so a position edited by hand between the two calls
        is judged as it stands whenever the action was built anew."""
        for offered in self._offered:
            if offered is action:
                return True
        return action in self._legal_actions()

    # setup
    def _do_waypoint(self, seat: int, space: int) -> None:
        self.waypoints[seat].append(space)
        self.waypoint_owner[space] = seat
        self._log(f"{self._who(seat)} chooses waypoint {self._name(space)}")
        self.setup_queue.pop(0)
        if len(self.waypoints[seat]) == self.rules.waypoints:
            self.phase = TRAILHEAD
        else:
            self._next_setup()

    def _do_trailhead(self, seat: int, space: int) -> None:
        self.home[seat] = self.pos[seat] = space
        self._log(f"{self._who(seat)} parks at {self._name(space)}")
        self._next_setup()

    def _next_setup(self) -> None:
        if self.setup_queue:
            self.seat_now = self.setup_queue[0]
            self.phase = WAYPOINT
        else:
            self.dealt = [[] for _ in range(self.n)]
            self.in_setup = False
            self.order_index = 0
            self.seat_now = self.order[0]
            self.stage = START
            self.phase = -1

    # morning
    def _do_reroll(self, seat: int) -> None:
        kind = WEATHER_KINDS[self.weather_cards[self.forecast[0]][0]]
        matched = [i for i, f in enumerate(self.dice) if f == kind]
        faces = list(self.dice)
        for i in matched:
            faces[i] = self._roll_die(i)
        self.dice = tuple(faces)
        self.rerolls += len(matched)
        self._log(
            f"{self._who(seat)} waits out the weather at the campfire: rerolls {len(matched)} "
            f"dice: {', '.join(self.dice)}"
        )

    def _do_face_weather(self, seat: int) -> None:
        self.facing = True

    def _roll_die(self, i: int) -> str:
        return weather.roll(self.rules.decks.weather_dice[i], self.rng)

    # challenges
    def _do_pay(self, seat: int, *methods: str) -> None:
        req = self.pay_req
        needs = challenges.uncovered(self.tokens[seat], req)
        for item, method in zip(needs, methods, strict=True):
            self._pay(seat, item, method)
        self._log(
            f"{self._who(seat)} overcomes the {self.pay_source} "
            f"({' and '.join(ITEMS[i] for i in req)}) with {' and '.join(methods)}"
        )
        self.skill_picks += 1
        self.stage = self.after_pay

    def _do_suffer(self, seat: int) -> None:
        self._suffer()

    def _do_skill(self, seat: int, slot: int) -> None:
        card = self.face_up[slot]
        self.hand[seat].append(card)
        self.face_up[slot] = -1
        self.skill_picks -= 1
        if not self.skill_picks:  # two cards of one bonus are chosen before the row is refilled
            self._refill_skill_row()
        self._log(
            f"{self._who(seat)} takes a {ITEMS[self.skill_type(card)]} skill card"
            + (" (paw)" if self.is_paw(card) else "")
        )

    def _do_refill(self, seat: int, region: int) -> None:
        self.refill_owed[region] -= 1
        self.water_supply[region] += 1
        self.water_discard -= 1
        self._log(f"{self._who(seat)} sends a water tile to the {REGIONS[region]} supply")
        if not self.water_discard:
            self.refill_owed = [0] * len(REGIONS)

    def _do_keep(self, seat: int, card: int) -> None:
        value = self.keep_values.pop(0)
        for c in [c for c in self.side_hand[seat] if (c >= self.n_easy) == value and c != card]:
            self.side_hand[seat].remove(c)
        self._log(f"{self._who(seat)} keeps one {'difficult' if value else 'easy'} side hike")

    def _do_discard(self, seat: int, t: int) -> None:
        self._discard_cards(seat, t, 1)
        self._log(f"{self._who(seat)} discards a {ITEMS[t]} skill card")

    def _do_rest(self, seat: int, levels: int) -> None:
        self._spend_points(seat, self.rules.rest_cost[levels - 1])
        self._change_health(seat, levels)
        self.status[seat] = HIKING
        self._log(f"{self._who(seat)} rests and buys {levels} health (now {self.health[seat]})")
        self.stage = END_TURN

    def _spend_points(self, seat: int, cost: int) -> None:
        """Pay ``cost`` points: scenic tokens first (1 each), then the item wasting fewest points."""
        r = self.rules
        done = [
            (r.easy_points if c < self.n_easy else r.difficult_points, c)
            for c in self.side_done[seat]
        ]
        scenic_out, sides_out = health.spend_points(
            cost, self.scenic[seat], self.tokens[seat], self.token_supply, done, r.token_points
        )
        self.scenic_discarded += scenic_out
        for c in sides_out:
            self.side_done[seat].remove(c)

    # afternoon

    def _do_set(self, seat: int, t: int) -> None:
        """A free action "any time during the game": the afternoon, the hand limit, a challenge
        (a second token makes a mastery that keeps both), the morning, resting, or out of turn
        in the trading window; the decision in progress then goes on."""
        self._discard_cards(seat, t, self.rules.set_cost)
        self.token_supply[t] -= 1
        self.tokens[seat][t] += 1
        self._log(
            f"{self._who(seat)} exchanges {self.rules.set_cost} skill cards for a {ITEMS[t]} skill set token"
        )
        self.complete_columns(seat)
        if self.prev_phase == PAY:  # the challenge again: the new token may settle it
            self._challenge(self.pay_req, self.pay_source, self.after_pay)
        elif self.prev_phase == REST:
            self._rest()

    def complete_columns(self, seat: int) -> None:
        """A first full column of skill set tokens raises health by 1, once per column."""
        d = self.rules.decks
        for _ in range(skill_cards.new_columns(d, self.tokens[seat], self.columns_done[seat])):
            self._change_health(seat, 1)
            self._log(f"{self._who(seat)} completes a skill column: +1 health")

    # trading

    # bears

    # ------------------------------------------------------------------ side hikes

    def _check_side_hikes(self, seat: int, end_of_turn: bool) -> None:
        held = self.side_hand[seat]
        if not held:
            return
        park = self.board.park
        progress = side_hikes.Progress(  # positional: built after every action
            self.tokens[seat],
            self.scenic[seat],
            park.scenic,
            park.region,
            self.columns_done[seat],
            self.campfires_used[seat],
            len(self.hand[seat]),
            self.finish_health[seat],
            seat == self.seat_now,
            self.miles_today,
            self.water_today,
            self.gear_today,
            end_of_turn,
        )
        done = self.side_done[seat]
        for card in side_hikes.complete(held, done, self.side_cards, progress, self.n_easy):
            value = card >= self.n_easy
            self.keep_values = [v for v in self.keep_values if v != value]
            pts = self.rules.difficult_points if value else self.rules.easy_points
            self._log(
                f"{self._who(seat)} completes a side hike: "
                f"{side_hikes.describe(self.side_cards[card], pts)}"
            )

    # ------------------------------------------------------------------ view / text

    def view(self, seat: int) -> HikeView:
        # Built for every decision, so built the cheap way: each named tuple straight from a
        # tuple in its fields' order (keywords cost several times more), and the three lists as
        # long as the map reused while they are unchanged.
        players = tuple(
            [
                _new(
                    PlayerView,
                    (
                        self.pos[s],
                        self.home[s],
                        STATUS[self.status[s]],
                        self.health[s],
                        tuple(self.storage[s]),
                        len(self.hand[s]),
                        tuple(self.tokens[s]),
                        tuple(self.waypoints[s]),
                        self.claimed[s],
                        tuple(self.scenic[s]),
                        self.campfires_used[s],
                        tuple(self.side_done[s]),
                        len(self.side_hand[s]),
                        self.bonus[s],
                    ),
                )
                for s in range(self.n)
            ]
        )
        phase = self.phase
        return _new(
            HikeView,
            (
                seat,
                PHASES[phase],
                self.day,
                players,
                tuple(sorted(self.hand[seat])),
                tuple(self.side_hand[seat]),
                tuple(self.order),
                tuple(self.bottom_row),
                tuple(self.forecast),
                self.dice,
                self.actions,
                self.camped,
                self.pay_req if phase == PAY or self.trade_return == PAY else (),
                tuple(self.face_up),
                tuple(self.token_supply),
                tuple(self.water_supply),
                self.water_discard,
                tuple(map(tuple, self.box)),
                len(self.bag),
                tuple(self.bear_pos),
                self.aggressive,
                self._unchanged("scenic_on"),
                self._unchanged("waypoint_owner"),
                self._unchanged("campfire_at"),
                self.bear_face,
                self.bear_steps,
                self.bear_moving,
                tuple(self.dealt[seat]) if phase == WAYPOINT else (),
                self.miles_today,
                self.offer,
                tuple(self.window),
                self.offers_left,
                self.seat_now,
                self.rules,
                self.board,
            ),
        )

    def _unchanged(self, name: str) -> tuple:
        """``tuple(self.<name>)`` for a list as long as the map: the tuple of the last view while
        the list holds the same values (comparing is ten times cheaper than copying), else anew.
        Compared, not tracked, so a list edited by hand is seen at once."""
        now = getattr(self, name)
        seen = self._seen.get(name)
        if seen is None or seen[0] != now:
            seen = self._seen[name] = (list(now), tuple(now))
        return seen[1]

    def action_text(self, action) -> str:
        return actions.describe(self.board.park.names, self.side_cards, action)

    # ------------------------------------------------------------------ clone / hidden

    def clone(self) -> HikeState:
        c = HikeState.__new__(HikeState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c._events = list(self._events)
        c._offered = ()  # a clone may be changed before it is played (sample_hidden)
        c._seen = dict(self._seen)
        for name in _FLAT_LISTS:
            setattr(c, name, list(getattr(self, name)))
        for name in _NESTED_LISTS:
            setattr(c, name, [list(x) for x in getattr(self, name)])
        c.side_decks = (list(self.side_decks[0]), list(self.side_decks[1]))
        c.bear_hit = set(self.bear_hit)
        return c

    def sample_hidden(self, seat: int, rng: GameRng) -> HikeState:
        """Redraw other hikers' skill cards (but the ones an open offer shows) and side hikes, and
        the order of every deck."""
        c = self.clone()
        c.rng = GameRng(rng.next64())
        others = [s for s in range(self.n) if s != seat]
        shown: dict[int, list[int]] = {s: [] for s in others}
        if self.offer and self.offer[0] != seat:
            offerer, _, gives, _ = self.offer
            shown[offerer] = trading.shown_cards(self.rules.decks, c.hand[offerer], gives)
        pool = list(c.skill_deck)
        for s in others:
            hidden = list(c.hand[s])
            for card in shown[s]:
                hidden.remove(card)
            pool += hidden
        rng.shuffle(pool)
        for s in others:
            k = len(c.hand[s]) - len(shown[s])
            c.hand[s], pool = shown[s] + pool[:k], pool[k:]
        c.skill_deck = pool
        for value in (0, 1):
            deck = c.side_decks[value]
            pool = list(deck)
            for s in others:
                pool += [x for x in c.side_hand[s] if (x >= self.n_easy) == value]
            rng.shuffle(pool)
            for s in others:
                k = sum(1 for x in c.side_hand[s] if (x >= self.n_easy) == value)
                keep = [x for x in c.side_hand[s] if (x >= self.n_easy) != value]
                c.side_hand[s] = keep + pool[:k]
                pool = pool[k:]
            deck[:] = pool
        rng.shuffle(c.weather_deck)
        rng.shuffle(c.trail_deck)
        return c

    def invariants(self) -> None:
        invariants.check(self)


def new_state(rules: Rules, n_players: int, rng: GameRng, log: bool = False) -> HikeState:
    """Deal everything and stop at the first waypoint choice (last player in turn order first)."""
    state = HikeState(rules, n_players, rng, log)
    state.setup()
    return state
