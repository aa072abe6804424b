"""The day (Your Turn; Weather / Morning; Trail Cards / Evening; End of Turn; End of the Game):
the rules as functions of the pieces they need (the bear die, waiting out the weather, the
evening's trail card); then, each taking the game ``g`` for the pieces it changes, the turn's
forced stages as the state's dispatcher runs them (start, morning, start of the afternoon,
evening, end of turn, end of the round and of the game), :class:`Owed` (what the turn owes before
it goes on, with its handlers), and the handlers of the decisions no part of the turn holds
(resting, the skill set exchange, the discard at the hand limit)."""

from __future__ import annotations

from simkit.core.rng import GameRng
from simkit.games.hike_it import (
    challenges,
    health,
    hiker_box,
    side_hikes,
    skill_cards,
    turn_order,
    weather,
)
from simkit.games.hike_it.data import ITEMS, REGIONS, WATER_ITEM, WEATHER_KINDS
from simkit.games.hike_it.phases import (
    AFTERNOON,
    AFTERNOON_START,
    END_TURN,
    FINISHED,
    HAND,
    HIKING,
    IN_AFTERNOON,
    KEEP,
    KNOCKED_OUT,
    MORNING,
    OVER,
    PAY,
    REFILL,
    REROLL,
    REST,
    RESTING,
    SHOO,
    SKILL,
    START,
)


def bear_die(face: str) -> tuple[str, int]:
    """A face of the bear die as (face, spaces): a number moves a bear that many spaces, read as
    the face "steps"; the paw and den faces move it no set number of spaces."""
    return ("steps", int(face)) if face.isdigit() else (face, 0)


def may_wait_out(matched: int, facing: bool, own_fire: bool, actions_left: int) -> bool:
    """At one's own campfire a hiker hit by ``matched`` weather dice may reroll them, an action
    each, unless it chose to face the weather."""
    return bool(matched) and not facing and own_fire and actions_left >= matched


def draw_trail_card(deck: list[int], discard: list[int], rng: GameRng) -> int:
    """The evening's trail card, put on the discard pile; an empty deck is the discards
    reshuffled."""
    if not deck:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
    card = deck.pop()
    discard.append(card)
    return card


def start_turn(g) -> None:
    """A hiker out of the park rolls the bear die (aggressive bears) or passes; a lying one
    rests; the others roll the weather dice."""
    seat = g.seat_now
    g.reset_turn()
    status = g.status[seat]
    if status in (FINISHED, KNOCKED_OUT):
        if g.aggressive:
            g.bear_turn.roll(g, seat)
        else:
            g.stage = END_TURN
        return
    g.days_out[seat] = g.day + 1
    if status == RESTING:
        rest(g)
        return
    g.morning.roll_dice(g)
    kind = WEATHER_KINDS[g.weather_cards[g.forecast[0]][0]]
    g.record(f"{g.who(seat)} rolls the weather dice: {', '.join(g.morning.dice)} (today: {kind})")
    g.stage = MORNING


def rest(g) -> None:
    """Rest: buy health with points (three matching cards may first make a token to pay
    with); with nothing to pay with the hiker gets up with 1 health (assumed)."""
    seat = g.seat_now
    if health.rest_levels(g.points_held(seat), g.rules.rest_cost) or g.set_actions(seat):
        g.phase = REST
        return
    g.change_health(seat, 1)
    g.status[seat] = HIKING
    g.record(f"{g.who(seat)} rests with no points to spend and gets up with 1 health")
    g.stage = END_TURN


def morning(g) -> None:
    """Today's weather: dice matching it hit the hiker, who meets its challenge (wet weather
    also owes the water supplies a tile per hiker of each region)."""
    seat, m = g.seat_now, g.morning
    kind, req, wet = g.weather_cards[g.forecast[0]]
    name = WEATHER_KINDS[kind]
    matched = m.dice.count(name)
    own_fire = g.campfire_at[g.pos[seat]] == seat
    if may_wait_out(matched, m.facing, own_fire, g.count_actions(seat) - m.rerolls):
        g.phase = REROLL  # at one's own campfire the weather may be waited out
        return
    if not matched:
        g.stage = AFTERNOON_START
        if m.rerolls:
            g.record(f"{g.who(seat)} waits out the {name}")
        return
    g.weather_hits[seat] += 1
    g.record(f"{g.who(seat)} is hit by {name}")
    if wet:
        for s in range(g.n):
            if g.in_park(s):
                g.owed.refill[g.region_of(s)] += 1
    challenges.meet(g, req, f"{name} weather", AFTERNOON_START)


def afternoon_start(g) -> None:
    seat = g.seat_now
    g.afternoon.actions = max(0, g.count_actions(seat) - g.morning.rerolls)
    g.record(f"{g.who(seat)} has {g.afternoon.actions} actions at {g.space_name(g.pos[seat])}")
    g.stage = IN_AFTERNOON


def evening(g) -> None:
    """The evening's trail card (none on the day of return)."""
    seat = g.seat_now
    card = draw_trail_card(g.trail_deck, g.trail_discard, g.rng)
    kind, item = g.trail_cards[card]
    g.stage = END_TURN
    g.record(
        f"{g.who(seat)} draws a trail card: {kind.replace('_', ' ')}"
        + (f" ({ITEMS[item]})" if item >= 0 else "")
    )
    if kind == "challenge":
        challenges.meet(g, (item,), "trail challenge", END_TURN)
    elif kind == "skill":
        g.owed.skill_picks += 1
    elif kind == "health":
        g.change_health(seat, 1)
    elif kind == "gear":
        if g.tiles(seat) < g.rules.storage and g.bag:
            g.afternoon.gain_tile(g.storage[seat], hiker_box.draw(g.bag, g.rng))
    elif kind == "water":
        if g.tiles(seat) < g.rules.storage and g.water_discard:
            g.water_discard -= 1
            g.afternoon.gain_tile(g.storage[seat], WATER_ITEM)
    elif kind == "shifty_weather":
        g.advance_forecast()
    elif kind == "shoo_bear":
        g.owed.shoo = not g.aggressive


def end_turn(g) -> None:
    """The hand limit, the end-of-turn side hikes, the hiker box restocked; then the window of
    trade offers, or the end of the game once every hiker has left the park."""
    seat = g.seat_now
    if len(g.hand[seat]) > g.rules.hand_limit:
        g.phase = HAND
        return
    if g.in_park(seat):
        side_hikes.check(g, seat, end_of_turn=True)
    g.restock()
    if not any(g.in_park(s) for s in range(g.n)):
        game_over(g, "normal")
        return
    g.offers.open_window(g)


def next_turn(g) -> None:
    g.order_index += 1
    if g.order_index >= g.n:
        end_of_round(g)
        if g.phase == OVER:
            return
    g.seat_now = g.order[g.order_index]
    g.stage = START


def end_of_round(g) -> None:
    """A day is over: the forecast advances, the turn order changes, the turn limit may end it."""
    g.day += 1
    g.advance_forecast()
    g.order = turn_order.next_round(g.order, g.bottom_row, g.rules.turn_order)
    g.bottom_row = []
    g.order_index = 0
    if g.day >= g.rules.turn_limit:
        game_over(g, "turn_limit")


def game_over(g, reason: str) -> None:
    g.end_reason = reason
    g.phase = OVER
    for s in range(g.n):
        if g.in_park(s):
            g.days_out[s] = g.turns()
    g.record(f"the game ends ({reason})")


def in_afternoon(g) -> None:
    g.phase = AFTERNOON


def window(g) -> None:
    g.offers.window_step(g)


# The forced steps of each stage of the turn, by stage (phases.py: START ... WINDOW).
STAGES = (start_turn, morning, afternoon_start, in_afternoon, evening, end_turn, window)


class Owed:
    """What the turn owes before it goes on, whoever's turn it is: skill cards to pick (a
    campfire, a trail card, a challenge overcome), which side hike of a value to keep (the
    third waypoint claimed), water tiles to send to the supplies (wet weather), a passive bear
    to shoo (a Shoo Bear! trail card)."""

    __slots__ = ("skill_picks", "keep_values", "refill", "shoo")
    HANDLES = ("skill", "keep", "refill")

    def __init__(self) -> None:
        self.skill_picks = 0
        self.keep_values: tuple[bool, ...] = ()
        self.refill = [0] * len(REGIONS)
        self.shoo = False

    def clone(self) -> Owed:
        c = Owed.__new__(Owed)
        c.skill_picks, c.keep_values = self.skill_picks, self.keep_values  # a tuple, shared
        c.refill, c.shoo = list(self.refill), self.shoo
        return c

    def new_turn(self) -> None:
        self.skill_picks, self.keep_values, self.shoo = 0, (), False

    def decision(self, g) -> int:
        """The phase of the first thing owed that asks a decision (-1: none); what needs none is
        settled here."""
        if self.skill_picks > 0:
            if not any(c >= 0 for c in g.face_up):
                g.refill_skill_row()
            if any(c >= 0 for c in g.face_up):
                return SKILL
            self.skill_picks = 0
        if self.keep_values and g.in_park(g.seat_now):
            return KEEP
        if any(self.refill):
            if g.water_discard >= sum(self.refill):
                g.water_discard = weather.refill(self.refill, g.water_supply, g.water_discard)
                g.record(f"wet weather refills the water supplies: {g.water_supply}")
                self.refill = [0] * len(REGIONS)
            elif g.water_discard:
                return REFILL
            else:
                self.refill = [0] * len(REGIONS)
        if self.shoo:
            if g.bear_turn.shoo_targets(g, g.seat_now):
                return SHOO
            self.shoo = False
        return -1

    def do_skill(self, g, seat: int, slot: int) -> None:
        card = g.face_up[slot]
        g.hand[seat].append(card)
        g.face_up[slot] = -1
        self.skill_picks -= 1
        if not self.skill_picks:  # two cards of one bonus are chosen before the row is refilled
            g.refill_skill_row()
        d = g.rules.decks
        g.record(
            f"{g.who(seat)} takes a {ITEMS[skill_cards.skill_type(d, card)]} skill card"
            + (" (paw)" if skill_cards.is_paw(d, card) else "")
        )

    def do_keep(self, g, seat: int, card: int) -> None:
        value, self.keep_values = self.keep_values[0], self.keep_values[1:]
        held = g.side_hand[seat]
        for c in [c for c in held if (c >= g.n_easy) == value and c != card]:
            held.remove(c)
        g.record(f"{g.who(seat)} keeps one {'difficult' if value else 'easy'} side hike")

    def do_refill(self, g, seat: int, region: int) -> None:
        self.refill[region] -= 1
        g.water_supply[region] += 1
        g.water_discard -= 1
        g.record(f"{g.who(seat)} sends a water tile to the {REGIONS[region]} supply")
        if not g.water_discard:
            self.refill = [0] * len(REGIONS)


def buy_health(g, seat: int, levels: int) -> None:
    """Resting: ``levels`` health bought with points (scenic tokens first, then the item wasting
    fewest points)."""
    r = g.rules
    done = [(r.easy_points if c < g.n_easy else r.difficult_points, c) for c in g.side_done[seat]]
    scenic_out, sides_out = health.spend_points(
        r.rest_cost[levels - 1],
        g.scenic[seat],
        g.tokens[seat],
        g.token_supply,
        done,
        r.token_points,
    )
    g.scenic_discarded += scenic_out
    for c in sides_out:
        g.side_done[seat].remove(c)
    g.change_health(seat, levels)
    g.status[seat] = HIKING
    g.record(f"{g.who(seat)} rests and buys {levels} health (now {g.health[seat]})")
    g.stage = END_TURN


def exchange(g, seat: int, t: int) -> None:
    """Skill cards for a skill set token, a free action "any time during the game": the
    afternoon, the hand limit, a challenge (a second token makes a mastery that keeps both), the
    morning, resting, or out of turn in the trading window; the decision in progress goes on."""
    g.discard_cards(seat, t, g.rules.set_cost)
    g.token_supply[t] -= 1
    g.tokens[seat][t] += 1
    g.record(
        f"{g.who(seat)} exchanges {g.rules.set_cost} skill cards for a {ITEMS[t]} skill set token"
    )
    g.complete_columns(seat)
    if g.prev_phase == PAY:  # the challenge again: the new token may settle it
        g.challenge.again(g)
    elif g.prev_phase == REST:
        rest(g)


def discard(g, seat: int, t: int) -> None:
    """A skill card discarded at the hand limit."""
    g.discard_cards(seat, t, 1)
    g.record(f"{g.who(seat)} discards a {ITEMS[t]} skill card")
