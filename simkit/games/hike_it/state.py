"""The Hike It! engine's protocol: legal_actions, apply, view, clone, outcome, sample_hidden.

The state holds the game's pieces (lists per hiker, per space of the map, per deck) and the parts
of the turn in progress, each an object of its rulebook section carrying its own handlers:
``morning`` (weather.Morning), ``afternoon`` (afternoon.Afternoon), ``challenge``
(challenges.Challenge), ``offers`` (trade_offers.Offers), ``bear_turn`` (bears.BearTurn) and
``owed`` (day.Owed: skill cards to pick, side hikes to keep, water to refill, a bear to shoo).
The rules are functions of their sections' modules; setup.py deals the game, day.py runs the
turn's forced stages, invariants.py checks a game, actions.py lists the actions and puts them in
words.

Flow: ``apply`` hands the action to its handler, then ``_advance`` settles what the turn owes and
runs the forced steps of the turn's ``stage`` (start, morning, afternoon, evening, end of turn,
trading window) until some hiker must decide (``phase``).
"""

from __future__ import annotations

from simkit.core.errors import IllegalAction
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.hike_it import (
    actions,
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
    trading,
    weather,
)
from simkit.games.hike_it.afternoon import Afternoon
from simkit.games.hike_it.board import Board, board_for
from simkit.games.hike_it.data import ITEMS, REGIONS, WATER_ITEM
from simkit.games.hike_it.phases import (
    AFTERNOON,
    BEAR_PICK,
    BEAR_STEP,
    FINISHED,
    GIVE_SCENIC,
    HAND,
    HIKING,
    KEEP,
    KNOCKED_OUT,
    OVER,
    PAY,
    REFILL,
    REROLL,
    REST,
    RESTING,
    SHOO,
    SKILL,
    TRADE_ANSWER,
    TRADE_GET,
    TRADE_GIVE,
    TRADE_WINDOW,
    TRAILHEAD,
    WAYPOINT,
)
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.trade_offers import Offers
from simkit.games.hike_it.view import HikeView
from simkit.games.hike_it.view import build as build_view

# The lists a copy of the game must not share with the original (see clone): per hiker ...
_FLAT_LISTS = ("order", "bottom_row", "pos", "home", "status", "health", "claimed")
_FLAT_LISTS += ("campfires_used", "finish_health", "bonus", "days_out", "weather_hits", "trades")
# ... per space of the map, of the components ...
_FLAT_LISTS += ("scenic_on", "waypoint_owner", "campfire_at", "bear_pos", "bag", "skill_deck")
_FLAT_LISTS += ("skill_discard", "face_up", "token_supply", "weather_deck", "weather_discard")
_FLAT_LISTS += ("forecast", "water_supply", "trail_deck", "trail_discard")
# ... and of the decisions in progress
_FLAT_LISTS += ("setup_queue",)
# Lists of lists: per hiker, and the hiker box's stacks.
_NESTED_LISTS = ("storage", "hand", "tokens", "columns_done", "waypoints", "scenic")
_NESTED_LISTS += ("side_hand", "side_done", "box", "dealt")
# The parts of the turn in progress (each copies itself but the challenge, never changed) and
# the actions each one handles (its ``do_<action>``) ...
_PARTS = {
    "owed": day.Owed,
    "morning": weather.Morning,
    "afternoon": Afternoon,
    "challenge": challenges.Challenge,
    "offers": Offers,
    "bear_turn": bears.BearTurn,
}
_CLONED = ("rng", *(part for part in _PARTS if part != "challenge"))  # what copies itself
_PART_OF = {action: part for part, cls in _PARTS.items() for action in cls.HANDLES}
# ... and the decisions no part of the turn holds, by the rules' handlers.
_HANDLER = {
    "waypoint": setup.choose_waypoint,
    "trailhead": setup.choose_trailhead,
    "rest": day.buy_health,
    "set": day.exchange,
    "discard": day.discard,
}


class HikeState:
    """One game of Hike It! in progress (integer-coded; actions.py lists the actions)."""

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
        # Per long list: the values it held at the last view and their tuple (see view.build).
        self.view_cache: dict[str, tuple[list, tuple]] = {}

    def reset_turn(self) -> None:
        """A new turn: a new morning and afternoon, the turn's trade offers, nothing owed."""
        self.morning = weather.Morning()
        self.afternoon = Afternoon()
        self.offers.new_turn(self.rules.trade_offers)
        self.owed.new_turn()

    # ------------------------------------------------------------------ protocol basics

    @property
    def events(self) -> list[str]:
        return self._events

    def current_player(self) -> int:
        if TRADE_GIVE <= self.phase <= GIVE_SCENIC:
            return self.offers.deciding(self.phase)
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

    def record(self, text: str) -> None:
        """The game's log (kept only when asked for)."""
        if self.log:
            self._events.append(
                f"Setup: {text}" if self.in_setup else f"Day {self.day + 1}: {text}"
            )

    def who(self, seat: int) -> str:
        return f"Hiker {seat}"

    def space_name(self, space: int) -> str:
        return self.board.park.names[space]

    # ---------------------------------------------------- the pieces, as the parts use them

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

    def change_health(self, seat: int, delta: int) -> None:
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

    def pack(self, seat: int) -> trading.Pack:
        """The hiker's tradeable holdings (its own lists: a transfer changes the game)."""
        return trading.Pack(
            self.storage[seat], self.hand[seat], self.tokens[seat], self.scenic[seat]
        )

    def hand_count(self, seat: int, t: int) -> int:
        return skill_cards.count(self.rules.decks, self.hand[seat], t)

    def discard_cards(self, seat: int, t: int, k: int, paws: bool = False) -> None:
        skill_cards.discard(self.rules.decks, self.hand[seat], self.skill_discard, t, k, paws)

    def advance_forecast(self) -> None:
        weather.advance(self.forecast, self.weather_deck, self.weather_discard, self.rng)
        self.record(f"the forecast advances: {weather.text(self.weather_cards, self.forecast)}")

    def gear_cost(self, t: int) -> int:
        return hiker_box.gear_cost(self.box, t)

    def forced_recycle(self) -> None:
        if hiker_box.forced_recycle(self.box, self.bag, self.rng):
            self.record("the hiker box is recycled")

    def restock(self) -> None:
        if hiker_box.restock(self.box, self.bag, self.rng):
            self.record("the hiker box is recycled")

    def drop_tile(self, seat: int, item: int) -> None:
        """A tile leaves the packboard: water to the discard pile, gear into the hiker box."""
        self.storage[seat][item] -= 1
        if item == WATER_ITEM:
            self.water_discard += 1
        else:
            if hiker_box.place(self.box, self.bag, self.rng, item):
                self.record("the hiker box is recycled")
            self.forced_recycle()

    def set_actions(self, seat: int) -> list[tuple]:
        """Exchanging skill cards for a skill set token: a free action "any time"."""
        r = self.rules
        if len(self.hand[seat]) < r.set_cost:  # asked at nearly every decision: the quick no
            return []
        types = skill_cards.set_types(r.decks, self.hand[seat], self.token_supply, r.set_cost)
        return [("set", t) for t in types]

    def complete_columns(self, seat: int) -> None:
        """A first full column of skill set tokens raises health by 1, once per column."""
        d = self.rules.decks
        for _ in range(skill_cards.new_columns(d, self.tokens[seat], self.columns_done[seat])):
            self.change_health(seat, 1)
            self.record(f"{self.who(seat)} completes a skill column: +1 health")

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
            return self.afternoon.legal(self, seat)
        if p == WAYPOINT:
            return [("waypoint", s) for s in setup.waypoints_left(self, seat)]
        if p == TRAILHEAD:
            taken = set(self.home)
            return [("trailhead", t) for t in self.board.trailheads if t not in taken]
        if p == REROLL:
            return [("reroll",), ("face_weather",), *self.set_actions(seat)]
        if p == PAY:
            return [
                *self.challenge.options(self, seat),
                *self.set_actions(seat),  # a second token may make a mastery (any time)
                *self.offers.trade_actions(self, seat),
                ("suffer",),
            ]
        if p in (TRADE_GIVE, TRADE_GET, TRADE_ANSWER):
            return self.offers.offer_actions(self, p)
        if p == TRADE_WINDOW:
            return self.offers.window_actions(self, self.offers.window[0])
        if p == SKILL:
            return [("skill", i) for i, c in enumerate(self.face_up) if c >= 0]
        if p == REFILL:
            return [("refill", r) for r in range(len(REGIONS)) if self.owed.refill[r]]
        if p == SHOO:
            return [("shoo", s) for s in self.bear_turn.shoo_targets(self, seat)]
        if p == KEEP:
            value = self.owed.keep_values[0]
            return [("keep", c) for c in self.side_hand[seat] if (c >= self.n_easy) == value]
        if p == HAND:
            out = [("discard", t) for t in range(len(ITEMS)) if self.hand_count(seat, t)]
            out += self.set_actions(seat)
            out += self.offers.trade_actions(self, seat)  # or trade cards to hikers of the region
            out += self.bear_turn.paw_shoos(self, seat)  # or spend two paw cards on the bear
            return out
        if p == REST:
            levels = health.rest_levels(self.points_held(seat), self.rules.rest_cost)
            return [("rest", k) for k in levels] + self.set_actions(seat)
        if p == GIVE_SCENIC:
            return self.offers.scenic_actions(self)
        if p == BEAR_PICK:
            return self.bear_turn.pick_actions(self, seat)
        if p == BEAR_STEP:
            return self.bear_turn.step_actions(self)
        return []

    # ---------------------------------------------------------------------- apply

    def apply(self, action) -> None:
        if self.phase == OVER or not self._is_legal(action):
            raise IllegalAction(self.current_player(), action)
        self._offered = ()  # the next decision gets its own list
        seat = self.current_player()
        self.prev_phase, self.phase = self.phase, -1
        kind = action[0]
        part = _PART_OF.get(kind)
        if part is None:
            _HANDLER[kind](self, seat, *action[1:])
        else:
            getattr(getattr(self, part), "do_" + kind)(self, seat, *action[1:])
        if self.phase != OVER and self.in_park(self.seat_now):
            side_hikes.check(self, self.seat_now, end_of_turn=False)
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

    def _advance(self) -> None:
        """Run forced steps until a player must decide (sets ``phase``): first what the turn
        owes, then the steps of the turn's stage."""
        while self.phase < 0:
            owed = self.owed.decision(self)
            if owed >= 0:
                self.phase = owed
                return
            day.STAGES[self.stage](self)

    def refill_skill_row(self) -> None:
        skill_cards.refill_row(self.face_up, self.skill_deck, self.skill_discard, self.rng)

    # ------------------------------------------------------------------ view / text

    def view(self, seat: int) -> HikeView:
        return build_view(self, seat)

    def action_text(self, action) -> str:
        return actions.describe(self.board.park.names, self.side_cards, action)

    # ------------------------------------------------------------------ clone / hidden

    def clone(self) -> HikeState:
        # Straight through the dicts: searches and audits clone for every playout.
        c = HikeState.__new__(HikeState)
        mine, theirs = self.__dict__, c.__dict__
        theirs.update(mine)
        for name in _FLAT_LISTS:
            theirs[name] = mine[name][:]
        for name in _NESTED_LISTS:
            theirs[name] = [x[:] for x in mine[name]]
        for name in _CLONED:
            theirs[name] = mine[name].clone()
        c._events = list(self._events)
        c._offered = ()  # a clone may be changed before it is played (sample_hidden)
        c.view_cache = dict(self.view_cache)
        c.side_decks = (list(self.side_decks[0]), list(self.side_decks[1]))
        return c

    def sample_hidden(self, seat: int, rng: GameRng) -> HikeState:
        """Redraw other hikers' skill cards (but the ones an open offer shows) and side hikes, and
        the order of every deck."""
        c = self.clone()
        c.rng = GameRng(rng.next64())
        others = [s for s in range(self.n) if s != seat]
        shown: dict[int, list[int]] = {s: [] for s in others}
        offer = self.offers.offer
        if self.offers.unanswered() and offer[0] != seat:
            offerer, _, gives, _ = offer
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
    setup.deal(state)
    return state
