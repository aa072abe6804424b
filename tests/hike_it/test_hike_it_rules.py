"""Scenario tests for Hike It!: one rule each, on hand-built positions (README rule table)."""

from __future__ import annotations

import pytest
from hike_it.hike_it_helpers import (
    CLOTHING,
    FIRST_AID,
    FOOD,
    RULES,
    SHELTER,
    TOOLS,
    WATER,
    afternoon,
    give_cards,
    give_gear,
    give_token,
    morning,
    sp,
    started,
)

from simkit.core.errors import IllegalAction
from simkit.games.hike_it import day, hiker_box
from simkit.games.hike_it import phases as P
from simkit.games.hike_it import state as S
from simkit.games.hike_it.data import ITEMS, WATER_ITEM

# ------------------------------------------------------------------------- packboard, actions


def test_actions_example_6_health_3_empty_2_waypoints_is_11():
    st = started()
    st.health[0] = 6
    give_gear(st, 0, SHELTER, 5)  # 8 spaces, 5 used: 3 empty
    st.claimed[0] = 2
    assert st.count_actions(0) == 11
    st.seat_now, st.stage, st.phase = 0, P.AFTERNOON_START, -1
    st._advance()
    assert st.phase == P.AFTERNOON and st.afternoon.actions == 11


def test_health_never_above_maximum_and_actions_at_most_19():
    st = started()
    st.health[0] = 8
    st.change_health(0, 1)
    assert st.health[0] == 8
    st.claimed[0] = 3
    assert st.count_actions(0) == 19


# ------------------------------------------------------------------------------- weather


def test_weather_that_misses_costs_nothing():
    st = started()
    before = (st.health[0], len(st.hand[0]))
    morning(st, 0, st.home[0], "sun", ("rain", "clear", "clear", "clear"))
    assert st.phase == P.AFTERNOON
    assert (st.health[0], len(st.hand[0])) == before
    assert st.weather_hits[0] == 0


def test_weather_hit_without_items_loses_one_health():
    st = started()
    morning(st, 0, st.home[0], "sun", ("sun", "clear", "clear", "clear"))
    assert st.health[0] == RULES.health_start - 1
    assert st.weather_hits[0] == 1
    assert st.phase == P.AFTERNOON


def test_overcoming_weather_with_a_tile_earns_a_face_up_skill_card():
    st = started()
    give_gear(st, 0, CLOTHING)
    morning(st, 0, st.home[0], "rain", ("rain", "clear", "clear", "clear"), req=(CLOTHING,))
    assert st.phase == P.PAY
    assert st.legal_actions() == [("pay", "tile"), ("suffer",)]
    st.apply(("pay", "tile"))
    assert st.storage[0][CLOTHING] == 0
    assert st.phase == P.SKILL
    face = list(st.face_up)
    st.apply(("skill", 1))
    assert st.hand[0] == [face[1]]
    assert st.face_up[1] not in (face[1], -1)  # refilled from the deck
    assert st.health[0] == RULES.health_start
    st.invariants()


def test_overcoming_with_three_matching_skill_cards_or_a_token():
    st = started()
    give_cards(st, 0, WATER, 3)
    give_token(st, 0, WATER)
    morning(st, 0, st.home[0], "sun", ("sun",) * 4, req=(WATER,))
    # the three cards may also become a second token first (a mastery: see the exchange test)
    assert set(st.legal_actions()) == {
        ("pay", "cards"),
        ("pay", "token"),
        ("set", WATER),
        ("suffer",),
    }
    st.apply(("pay", "cards"))
    assert st.hand_count(0, WATER) == 0
    st2 = started()
    give_token(st2, 0, WATER)
    morning(st2, 0, st2.home[0], "sun", ("sun",) * 4, req=(WATER,))
    st2.apply(("pay", "token"))
    assert st2.tokens[0][WATER] == 0 and st2.token_supply[WATER] == st2.n + 1


def test_skill_mastery_overcomes_without_discarding():
    st = started()
    give_token(st, 0, WATER, 2)
    morning(st, 0, st.home[0], "sun", ("sun",) * 4, req=(WATER,))
    assert st.phase == P.SKILL  # no payment asked: straight to the skill card earned
    assert st.tokens[0][WATER] == 2 and st.health[0] == RULES.health_start


def test_extreme_weather_needs_two_items():
    st = started()
    give_gear(st, 0, CLOTHING)
    morning(st, 0, st.home[0], "snow", ("clear", "clear", "clear", "snow"))
    assert st.health[0] == RULES.health_start - 1  # one item is not enough
    st = started()
    give_gear(st, 0, CLOTHING)
    give_gear(st, 0, SHELTER)
    morning(st, 0, st.home[0], "snow", ("clear", "clear", "clear", "snow"))
    assert ("pay", "tile", "tile") in st.legal_actions()
    st.apply(("pay", "tile", "tile"))
    assert st.storage[0][CLOTHING] == st.storage[0][SHELTER] == 0


def test_extreme_weather_mastery_covers_its_item_only():
    st = started()
    give_token(st, 0, WATER, 2)
    give_gear(st, 0, FIRST_AID)
    morning(st, 0, st.home[0], "heat", ("clear", "clear", "heat", "clear"))
    assert st.legal_actions() == [("pay", "tile"), ("suffer",)]
    st.apply(("pay", "tile"))
    assert st.storage[0][FIRST_AID] == 0 and st.tokens[0][WATER] == 2


def test_rain_refill_example_two_west_one_central_none_east():
    st = started(n=3)
    west, central = sp("Cable Mill"), sp("Laurel Falls")
    st.pos[1], st.pos[2] = west, central
    st.water_supply = [0, 0, 0]
    st.water_discard = RULES.decks.water_tiles
    morning(st, 0, sp("Forge Creek"), "rain", ("rain", "clear", "clear", "clear"))
    assert st.water_supply == [2, 1, 0]
    assert st.water_discard == RULES.decks.water_tiles - 3


def test_refill_short_of_tiles_current_player_chooses_regions():
    st = started(n=3)
    st.pos[1], st.pos[2] = sp("Cable Mill"), sp("Laurel Falls")
    st.water_supply = [0, 0, 18]  # only two tiles left in the discard pile
    st.water_discard = 2
    morning(st, 0, sp("Forge Creek"), "rain", ("rain", "clear", "clear", "clear"))
    assert st.phase == P.REFILL and st.current_player() == 0
    assert st.legal_actions() == [("refill", 0), ("refill", 1)]
    st.apply(("refill", 1))
    st.apply(("refill", 0))
    assert st.water_supply == [1, 1, 18] and st.water_discard == 0
    assert st.phase == P.AFTERNOON


def test_waiting_out_weather_at_own_campfire_rerolls_for_actions_and_earns_nothing():
    st = started()
    camp = sp("Abrams Creek Campground")
    st.campfire_at[camp] = 0
    st.campfires_used[0] = 1
    waited_out = 0
    for seed in range(12):
        st = started(seed=seed)
        st.campfire_at[camp] = 0
        st.campfires_used[0] = 1
        morning(st, 0, camp, "sun", ("sun", "sun", "clear", "clear"))
        assert st.phase == P.REROLL
        full = st.count_actions(0)
        st.apply(("reroll",))
        assert st.morning.rerolls == 2  # one action per matching die
        if st.phase == P.AFTERNOON:
            waited_out += 1
            assert st.weather_hits[0] == 0 and st.hand[0] == []  # no skill card for waiting
            assert st.afternoon.actions == full - 2
        else:
            assert st.phase == P.REROLL
            st.apply(("face_weather",))
            assert st.weather_hits[0] == 1
    assert waited_out


def test_no_reroll_away_from_own_campfire():
    st = started()
    camp = sp("Abrams Creek Campground")
    st.campfire_at[camp] = 1  # someone else's fire
    st.campfires_used[1] = 1
    morning(st, 0, camp, "sun", ("sun", "clear", "clear", "clear"))
    assert st.phase == P.AFTERNOON and st.health[0] == RULES.health_start - 1


def test_forecast_advances_at_end_of_round():
    st = started()
    before = list(st.forecast)
    day.end_of_round(st)
    assert st.forecast[:2] == before[1:] and st.day == 1


# ------------------------------------------------------------------------------ afternoon


def test_hiking_moves_one_space_per_action_to_adjacent_spaces():
    st = afternoon(started(), 0, sp("Cable Mill"), actions=1)
    hikes = {a[1] for a in st.legal_actions() if a[0] == "hike"}
    assert hikes == set(st.board.adj[sp("Cable Mill")])
    st.apply(("hike", st.board.adj[sp("Cable Mill")][0]))
    assert st.afternoon.actions == 0
    assert not [a for a in st.legal_actions() if a[0] == "hike"]
    with pytest.raises(IllegalAction):
        st.apply(("hike", sp("Cable Mill")))


def test_passive_bear_cannot_be_entered():
    st = started()
    st.bear_pos[0] = sp("Rich Mountain Gap")
    afternoon(st, 0, st.board.adj[sp("Rich Mountain Gap")][0])
    assert ("hike", sp("Rich Mountain Gap")) not in st.legal_actions()


def test_scenic_token_collected_on_arrival_even_under_another_waypoint():
    st = started()
    spot = next(s for s in st.board.scenic_spots if st.waypoint_owner[s] == 1)
    afternoon(st, 0, st.board.adj[spot][0])
    st.apply(("hike", spot))
    assert spot in st.scenic[0] and not st.scenic_on[spot]
    assert st.waypoint_owner[spot] == 1  # only its owner may claim the marker


def test_claiming_own_waypoint_gives_an_action_next_turn():
    st = started()
    wp = st.waypoints[0][0]
    afternoon(st, 0, st.board.adj[wp][0])
    base = st.count_actions(0)
    st.apply(("hike", wp))
    assert st.claimed[0] == 1 and st.waypoint_owner[wp] == -1
    assert st.count_actions(0) == base + 1


def test_water_collected_at_a_water_spot_from_its_region_and_dumped_free():
    st = started()
    spring = sp("Forge Creek")
    st.water_supply = [1, 0, 0]
    st.water_discard = RULES.decks.water_tiles - 1
    afternoon(st, 0, spring, actions=3)
    st.apply(("water",))
    assert st.storage[0][WATER] == 1 and st.water_supply[0] == 0 and st.afternoon.actions == 2
    assert ("water",) not in st.legal_actions()  # the western supply is empty
    st.apply(("dump", WATER_ITEM))
    assert st.water_discard == RULES.decks.water_tiles and st.afternoon.actions == 2
    st.invariants()


def test_no_gear_at_a_water_spot_and_no_water_at_a_campsite():
    st = afternoon(started(), 0, sp("Forge Creek"))
    assert not [a for a in st.legal_actions() if a[0] in ("gear", "bag", "campfire")]
    st = afternoon(started(), 0, sp("Abrams Creek Campground"))
    give_gear(st, 0, WATER)
    assert not [a for a in st.legal_actions() if a[0] == "water" or a == ("dump", WATER)]


def test_gear_from_the_hiker_box_costs_one_plus_tiles_dug_through():
    st = started()
    st.bag += [t for stack in st.box for t in stack]
    st.box = [[SHELTER, FOOD], [CLOTHING], [TOOLS], [FIRST_AID], [FOOD], []]
    for t in (SHELTER, FOOD, CLOTHING, TOOLS, FIRST_AID, FOOD):
        st.bag.remove(t)
    afternoon(st, 0, sp("Abrams Creek Campground"), actions=5)
    assert st.gear_cost(FOOD) == 1 and st.gear_cost(SHELTER) == 2
    st.apply(("gear", SHELTER))
    assert st.afternoon.actions == 3 and st.storage[0][SHELTER] == 1
    assert FOOD in [t for stack in st.box for t in stack]  # the dug tile went back in the box
    st.invariants()


def test_blind_draw_from_the_gear_bag():
    st = afternoon(started(), 0, sp("Abrams Creek Campground"), actions=2)
    bag = len(st.bag)
    st.apply(("bag",))
    assert st.tiles(0) == 1 and len(st.bag) == bag - 1 and st.afternoon.actions == 1


def test_dumped_gear_never_double_stacks():
    st = started()
    st.bag += [t for stack in st.box for t in stack]
    st.box = [[SHELTER], [SHELTER], [CLOTHING], [SHELTER], [SHELTER], [FOOD]]
    for stack in st.box:
        st.bag.remove(stack[0])
    give_gear(st, 0, SHELTER)
    afternoon(st, 0, sp("Abrams Creek Campground"))
    st.apply(("dump", SHELTER))
    assert st.box[2] == [CLOTHING, SHELTER]
    st.invariants()


def test_storage_holds_at_most_eight_tiles():
    st = started()
    give_gear(st, 0, SHELTER, 4)
    give_gear(st, 0, FOOD, 4)
    afternoon(st, 0, sp("Abrams Creek Campground"))
    assert not [a for a in st.legal_actions() if a[0] in ("gear", "bag")]


def test_hiker_box_recycled_when_all_six_identical_optional_at_four_or_five():
    st = started()
    st.bag += [t for stack in st.box for t in stack]
    for stack in st.box:
        stack.clear()
    for i, stack in enumerate(st.box):
        t = SHELTER if i < 4 else FOOD
        st.bag.remove(t)
        stack.append(t)
    afternoon(st, 0, sp("Abrams Creek Campground"))
    assert ("recycle",) in st.legal_actions()
    st2 = started(optional_recycle=False)
    afternoon(st2, 0, sp("Abrams Creek Campground"))
    assert ("recycle",) not in st2.legal_actions()
    # six identical: the engine recycles at once
    st.box[4][0], st.box[5][0] = SHELTER, SHELTER
    st.bag += [FOOD, FOOD]
    st.bag.remove(SHELTER)
    st.bag.remove(SHELTER)
    st.forced_recycle()
    assert len(set(hiker_box.visible(st.box))) > 1
    st.invariants()


def test_hiker_box_restocked_at_end_of_turn():
    st = afternoon(started(), 0, sp("Abrams Creek Campground"))
    t = st.box[0][-1]
    while st.box[0]:
        st.bag.append(st.box[0].pop())
    st.restock()
    assert len(st.box[0]) == 1 and t in st.bag + st.box[0]


# ------------------------------------------------------------------------------- campfires


def test_campfire_bonuses_left_to_right_and_no_more_hiking():
    st = started()
    camps = list(st.board.campsites)
    expected = [(1, 0), (0, 1), (2, 0), (1, 1)]
    st.health[0] = 4
    for k, (cards, health) in enumerate(expected):
        afternoon(st, 0, camps[k], actions=5)
        h0, c0 = st.health[0], len(st.hand[0])
        st.apply(("campfire",))
        if cards == 2:  # choose two of the three face-up cards, then refill the row
            st.apply(("skill", 0))
            assert st.face_up[0] == -1 and st.legal_actions() == [("skill", 1), ("skill", 2)]
        while st.phase == P.SKILL:
            st.apply(st.legal_actions()[0])
        assert all(c >= 0 for c in st.face_up)
        assert (len(st.hand[0]) - c0, st.health[0] - h0) == (cards, health)
        assert st.campfire_at[camps[k]] == 0
        assert not [a for a in st.legal_actions() if a[0] == "hike"]
        assert [a for a in st.legal_actions() if a[0] in ("gear", "bag")]  # gear still allowed
        st.skill_discard += st.hand[0]  # keep the hand small for the next fire
        st.hand[0] = []
        st.invariants()
    afternoon(st, 0, camps[4])
    assert ("campfire",) not in st.legal_actions()  # all four used


def test_no_second_campfire_at_a_campsite():
    st = started()
    camp = sp("Abrams Creek Campground")
    st.campfire_at[camp] = 1
    st.campfires_used[1] = 1
    afternoon(st, 0, camp)
    assert ("campfire",) not in st.legal_actions()


def test_turn_order_example_blue_then_purple_moves_ahead():
    # Yellow 0 first, Red 1, Blue 2, Purple 3 last.
    st = started()
    assert st.order == [0, 1, 2, 3]
    afternoon(st, 2, sp("Abrams Creek Campground"), actions=3)
    st.apply(("campfire",))
    while st.phase == P.SKILL:
        st.apply(st.legal_actions()[0])
    st.apply(("turn_order",))
    assert st.bottom_row == [2]
    afternoon(st, 3, sp("Elkmont Campground"), actions=3)
    st.apply(("campfire",))
    while st.phase == P.SKILL:
        st.apply(st.legal_actions()[0])
    st.apply(("turn_order",))
    assert st.bottom_row == [2, 3]
    st.apply(("turn_order",))
    assert st.bottom_row == [3, 2] and st.afternoon.actions == 1
    assert ("turn_order",) not in st.legal_actions()  # already leftmost
    day.end_of_round(st)
    assert st.order == [3, 2, 0, 1]


def test_turn_order_needs_a_campfire_this_turn():
    st = afternoon(started(), 0, sp("Abrams Creek Campground"))
    assert ("turn_order",) not in st.legal_actions()


def test_alternate_turn_order_rule_rotates_the_first_player():
    st = started(turn_order="rotate")
    afternoon(st, 2, sp("Abrams Creek Campground"))
    st.apply(("campfire",))
    while st.phase == P.SKILL:
        st.apply(st.legal_actions()[0])
    assert ("turn_order",) not in st.legal_actions()
    day.end_of_round(st)
    assert st.order == [1, 2, 3, 0]


# ------------------------------------------------------------------------------ evening


def evening(st: S.HikeState, seat: int, kind: str, item: int = -1) -> S.HikeState:
    card = next(i for i, c in enumerate(st.trail_cards) if c == (kind, item))
    st.trail_deck.remove(card)
    st.trail_deck.append(card)
    st.seat_now, st.order_index = seat, st.order.index(seat)
    st.stage, st.phase = P.EVENING, -1
    st._advance()
    return st


def test_trail_challenge_overcome_or_lose_health():
    st = afternoon(started(), 0, sp("Cable Mill"))
    give_gear(st, 0, TOOLS)
    evening(st, 0, "challenge", TOOLS)
    assert st.phase == P.PAY
    st.apply(("suffer",))
    assert st.health[0] == RULES.health_start - 1 and st.storage[0][TOOLS] == 1


def test_trail_bonuses_and_events():
    st = afternoon(started(), 0, sp("Cable Mill"))
    evening(st, 0, "skill")
    assert st.phase == P.SKILL
    st = afternoon(started(), 0, sp("Cable Mill"))
    evening(st, 0, "health")
    assert st.health[0] == RULES.health_start + 1
    st = afternoon(started(), 0, sp("Cable Mill"))
    evening(st, 0, "gear")
    assert sum(st.storage[0][:5]) == 1
    st = afternoon(started(), 0, sp("Cable Mill"))
    evening(st, 0, "water")
    assert st.storage[0][WATER] == 1
    st = afternoon(started(), 0, sp("Cable Mill"))
    before = list(st.forecast)
    evening(st, 0, "shifty_weather")
    assert st.forecast[:2] == before[1:]
    st = afternoon(started(), 0, sp("Cable Mill"))
    evening(st, 0, "shoo_bear")
    assert st.phase == P.SHOO
    targets = {a[1] for a in st.legal_actions()}
    assert targets == set(st.board.bear_spots[0]) - {st.bear_pos[0]}
    st.apply(("shoo", sp("Rich Mountain Gap")))
    assert st.bear_pos[0] == sp("Rich Mountain Gap")
    st.invariants()


def test_health_below_one_lies_down_then_rests_buying_levels():
    st = afternoon(started(), 0, sp("Cable Mill"))
    st.health[0] = 1
    evening(st, 0, "challenge", TOOLS)  # nothing to pay with: the health is lost at once
    assert st.status[0] == P.RESTING and st.current_player() == 1 and st.health[0] == 0
    st.scenic[0] = list(st.board.scenic_spots[:3])
    for s in st.scenic[0]:
        st.scenic_on[s] = False
    give_token(st, 0, FOOD)
    st.seat_now, st.stage, st.phase = 0, P.START, -1
    st._advance()
    assert st.phase == P.REST and st.morning.dice == ()  # no weather, no actions
    assert st.legal_actions() == [("rest", 1), ("rest", 2), ("rest", 3)]
    st.apply(("rest", 2))  # 3 points: the three scenic tokens
    assert st.health[0] == 2 and st.scenic[0] == [] and st.tokens[0][FOOD] == 1
    assert st.status[0] == P.HIKING and st.scenic_discarded == 3
    st.invariants()


def test_resting_for_six_points_uses_a_skill_set_token_to_the_supply():
    st = started()
    st.status[0], st.health[0] = P.RESTING, 0
    give_token(st, 0, FOOD, 2)
    st.seat_now, st.stage, st.phase = 0, P.START, -1
    st._advance()
    st.apply(("rest", 3))
    assert st.health[0] == 3 and sum(st.tokens[0]) == 0 and st.token_supply[FOOD] == st.n + 1


# ------------------------------------------------------------------------ skill cards / sets


def test_hand_limit_of_six_at_end_of_turn():
    st = started()
    give_cards(st, 0, FOOD, 4)
    give_cards(st, 0, TOOLS, 3)
    st.seat_now, st.stage, st.phase = 0, P.END_TURN, -1
    st._advance()
    assert st.phase == P.HAND
    assert ("set", TOOLS) in st.legal_actions() and ("set", FOOD) in st.legal_actions()
    st.apply(("discard", FOOD))
    assert len(st.hand[0]) == 6 and st.phase != P.HAND


def test_skill_set_token_for_three_cards_while_supply_lasts_and_column_bonus_once():
    st = started(n=2)
    st.health[0] = 5
    for t in (SHELTER, CLOTHING):
        give_token(st, 0, t)
    give_cards(st, 0, FOOD, 6)
    afternoon(st, 0, sp("Cable Mill"))
    st.apply(("set", FOOD))
    assert st.tokens[0][FOOD] == 1 and st.health[0] == 6  # column shelter/clothing/food done
    st.apply(("set", FOOD))
    assert st.health[0] == 6  # the same column does not pay twice
    st.token_supply[TOOLS] = 0
    give_cards(st, 0, TOOLS, 3)
    assert ("set", TOOLS) not in st.legal_actions()  # supply exhausted


def test_two_paw_cards_shoo_a_passive_bear_of_ones_region():
    st = started()
    per = RULES.decks.skill_per_type
    paws = [c for c in st.skill_deck if c % per < RULES.decks.paws_per_type][:2]
    for c in paws:
        st.skill_deck.remove(c)
        st.hand[0].append(c)
    afternoon(st, 0, sp("Cable Mill"))
    shoos = [a for a in st.legal_actions() if a[0] == "shoo"]
    assert {a[1] for a in shoos} == set(st.board.bear_spots[0]) - {st.bear_pos[0]}
    st.apply(("shoo", sp("Ekaneetlee Gap")))
    assert st.bear_pos[0] == sp("Ekaneetlee Gap") and st.hand[0] == []


# ------------------------------------------------------------------------------- side hikes


def test_side_hike_completed_reveals_it_and_discards_the_other_of_that_value():
    st = started()
    easy = next(i for i, c in enumerate(st.side_cards) if c.objective == "skill_set_tokens")
    other_easy = next(i for i, c in enumerate(st.side_cards) if c.objective == "campfires")
    st.side_hand[0] = [easy, other_easy] + [c for c in st.side_hand[0] if c >= st.n_easy]
    give_token(st, 0, FOOD, 1)
    give_token(st, 0, TOOLS, 1)
    afternoon(st, 0, sp("Cable Mill"))
    st.apply(("end",))
    assert easy in st.side_done[0]
    assert not [c for c in st.side_hand[0] if c < st.n_easy]


def test_third_waypoint_keeps_one_side_hike_of_each_value():
    st = started()
    wps = st.waypoints[0]
    for w in wps[:2]:
        st.waypoint_owner[w] = -1
    st.claimed[0] = 2
    afternoon(st, 0, st.board.adj[wps[2]][0])
    st.apply(("hike", wps[2]))
    assert st.phase == P.KEEP
    keep = st.legal_actions()[1]
    st.apply(keep)
    assert st.phase == P.KEEP  # then the difficult pair
    st.apply(st.legal_actions()[0])
    assert len(st.side_hand[0]) == 2 and keep[1] in st.side_hand[0]


def test_side_hike_hike_fifteen_miles_in_a_turn():
    st = started()
    card = next(
        i for i, c in enumerate(st.side_cards) if c.objective == "hike_in_turn" and c.n == 15
    )
    st.side_hand[0] = [card]
    afternoon(st, 0, sp("Cable Mill"), actions=15)
    for _ in range(15):
        st.apply(next(a for a in st.legal_actions() if a[0] == "hike"))
    assert card in st.side_done[0]


# --------------------------------------------------------------------- completing the hike


def finish_ready(st: S.HikeState, seat: int) -> int:
    """Seat ``seat`` has all waypoints and stands next to its trailhead; returns the trailhead."""
    for w in st.waypoints[seat]:
        st.waypoint_owner[w] = -1
    st.claimed[seat] = 3
    st.side_hand[seat] = st.side_hand[seat][:2]  # one easy, one difficult: nothing to choose
    home = st.home[seat]
    afternoon(st, seat, st.board.adj[home][0])
    return home


def test_completing_the_hike_bonus_in_arrival_order_bears_turn_aggressive_no_trail_card():
    st = started()
    trail = len(st.trail_discard)
    home = finish_ready(st, 1)
    st.apply(("hike", home))
    assert st.status[1] == P.FINISHED and st.bonus[1] == 10 and st.aggressive
    assert len(st.trail_discard) == trail  # no trail card on the day of return
    home = finish_ready(st, 0)
    st.apply(("hike", home))
    assert st.bonus[0] == 7
    home = finish_ready(st, 3)
    st.apply(("hike", home))
    assert st.bonus[3] == 5


def test_trailhead_bonuses_by_player_count():
    assert RULES.decks.trailhead_bonuses[2:] == ((5,), (7, 5), (10, 7, 5))
    st = started(n=2)
    home = finish_ready(st, 0)
    st.apply(("hike", home))
    assert st.bonus[0] == 5
    st = started(n=2, trailhead_bonus=False)
    home = finish_ready(st, 0)
    st.apply(("hike", home))
    assert st.bonus[0] == 0


def test_returning_without_all_waypoints_does_not_finish():
    st = started()
    home = st.home[0]
    afternoon(st, 0, st.board.adj[home][0])
    st.apply(("hike", home))
    assert st.status[0] == P.HIKING


# --------------------------------------------------------------------------- aggressive bears


def bear_turn(st: S.HikeState, seat: int, face: str, steps: int = 0) -> S.HikeState:
    st.aggressive = True
    st.status[seat], st.pos[seat] = P.FINISHED, -1
    st.seat_now, st.order_index = seat, st.order.index(seat)
    st.bear_turn.face, st.bear_turn.steps, st.phase = face, steps, P.BEAR_PICK
    return st


def test_bear_moves_the_number_rolled_without_backtracking_and_mauls_once_each():
    st = started()
    den = sp("Hannah Mountain Den")
    falls = sp("Abrams Falls")
    spur = st.board.dist[den][falls]
    st.pos[2] = st.board.adj[den][0]  # on the spur: the bear passes this hiker on its way out
    st.pos[3] = falls
    bear_turn(st, 0, "steps", spur + 2)
    st.apply(("bear", 0))
    assert st.bear_pos[0] == falls and st.phase == P.BEAR_STEP  # the spur is forced
    ways = [a[1] for a in st.legal_actions()]
    assert len(ways) == 2 and st.bear_turn.came_from not in ways  # no backtracking
    st.apply(("bear_step", ways[0]))
    st.apply(st.legal_actions()[0])
    assert st.health[2] == st.health[3] == RULES.health_start - 1  # one damage per move each
    assert st.phase != P.BEAR_STEP


def test_bear_reducing_health_to_zero_ends_that_hike_at_once():
    st = started()
    st.health[2] = 1
    st.pos[2] = st.board.adj[sp("Hannah Mountain Den")][0]
    bear_turn(st, 0, "steps", 1)
    st.apply(("bear", 0))
    assert st.status[2] == P.KNOCKED_OUT and st.pos[2] == -1
    assert all(st.waypoint_owner[w] != 2 for w in st.waypoints[2])
    st.invariants()


def test_game_ends_when_no_hiker_is_left_in_the_park():
    st = started(n=2)
    st.health[1] = 1
    st.pos[1] = st.board.adj[sp("Hannah Mountain Den")][0]
    bear_turn(st, 0, "steps", 1)
    st.apply(("bear", 0))
    assert st.is_terminal() and st.outcome().end_reason == "normal"


def test_same_bear_not_moved_by_two_players_in_a_row():
    st = started()
    st.bear_turn.last, st.bear_turn.last_mover = 1, 3
    bear_turn(st, 0, "steps", 2)
    assert {a[1] for a in st.legal_actions()} == {0, 2}


def test_paw_face_moves_to_an_adjacent_bear_space_or_den():
    st = started()
    bear_turn(st, 0, "paw")
    moves = {a[2] for a in st.legal_actions() if a[1] == 0}
    assert sp("Rich Mountain Gap") in moves
    for m in moves:
        assert st.board.is_bear_spot(m) and st.board.dist[st.bear_pos[0]][m] <= 8


def test_den_face_carries_the_bear_to_a_den_in_its_or_an_adjacent_region():
    st = started()
    bear_turn(st, 0, "den")
    moves = {a[2] for a in st.legal_actions() if a[1] == 0}
    assert sp("Bullhead Den") in moves and sp("Snake Den Ridge Den") not in moves


def test_hiker_moving_through_an_aggressive_bear_takes_damage():
    st = started()
    st.aggressive = True
    st.bear_pos[0] = sp("Cable Mill")
    afternoon(st, 0, st.board.adj[sp("Cable Mill")][0])
    st.apply(("hike", sp("Cable Mill")))
    assert st.health[0] == RULES.health_start - 1


# --------------------------------------------------------------------------- scoring, end


def test_scoring_example_56_points():
    st = started()
    st.tokens[0] = [2, 1, 1, 1, 0, 0]
    st.health[0] = 4
    st.scenic[0] = list(st.board.scenic_spots[:12])
    st.side_done[0] = [0]  # one easy side hike: 4 points
    st.bonus[0] = 7
    assert ITEMS and st.scores()[0] == 25 + 8 + 12 + 4 + 7 == 56


def test_tie_breaks_scenic_then_tokens_then_health_then_shared():
    st = started(n=2)
    st.phase, st.end_reason = P.OVER, "normal"
    st.scenic[0] = list(st.board.scenic_spots[:5])
    st.tokens[1] = [1, 0, 0, 0, 0, 0]  # 5 points each
    o = st.outcome()
    assert o.scores[0] == o.scores[1] and o.win_shares == (1.0, 0.0)
    st.scenic[0] = []
    st.tokens[0] = [1, 0, 0, 0, 0, 0]
    st.health = [5, 5]
    assert st.outcome().win_shares == (0.5, 0.5)
    st.health = [4, 6]
    st.scenic[0] = st.scenic[1] = []
    st.tokens[0] = [2, 0, 0, 0, 0, 0]
    st.tokens[1] = [0, 0, 0, 0, 0, 0]
    st.bonus[1] = 6
    assert st.scores()[0] == st.scores()[1] == 18
    assert st.outcome().win_shares == (1.0, 0.0)  # equal points and scenic: more tokens wins


def test_turn_limit_ends_the_game_as_turn_limit():
    st = started(turn_limit=10)
    st.day = 9
    st.order_index = st.n - 1
    st.seat_now = st.order[-1]
    st.stage, st.phase = P.END_TURN, -1
    st._advance()
    assert st.is_terminal() and st.outcome().end_reason == "turn_limit"


# ------------------------------------------------------------------------------- trading


def test_trade_offer_needs_a_partner_in_the_same_region_and_acceptance():
    st = started(trade_offers=2)
    give_gear(st, 0, WATER)
    give_gear(st, 1, SHELTER)
    st.pos[1] = sp("Cable Mill")
    st.pos[2], st.pos[3] = sp("Laurel Falls"), sp("Mount Guyot")
    afternoon(st, 0, sp("Forge Creek"))
    assert [a for a in st.legal_actions() if a[0] == "trade"] == [("trade", 1)]
    st.apply(("trade", 1))
    assert st.phase == P.TRADE_GIVE and st.legal_actions() == [("give", WATER)]
    st.apply(("give", WATER))
    assert ("get", SHELTER) in st.legal_actions() and ("get", FOOD) not in st.legal_actions()
    assert ("give", WATER) not in st.legal_actions()  # only one water tile to give
    st.apply(("get", SHELTER))
    st.apply(("propose",))
    assert st.current_player() == 1 and st.view(1).offer == (0, 1, (WATER,), (SHELTER,))
    st.apply(("accept",))
    assert st.storage[0][SHELTER] == 1 and st.storage[1][WATER] == 1
    assert st.trades == [1, 1, 0, 0] and st.phase == P.AFTERNOON and st.current_player() == 0
    st.invariants()


def test_declined_trade_changes_nothing_and_offers_per_turn_are_limited():
    st = started(trade_offers=1)
    give_gear(st, 0, WATER)
    st.pos[1] = sp("Cable Mill")
    afternoon(st, 0, sp("Forge Creek"))
    st.apply(("trade", 1))
    st.apply(("give", WATER))
    st.apply(("get", 6 + FOOD))  # a food skill card: hidden hands, any type may be asked
    st.apply(("propose",))
    assert st.legal_actions() == [("decline",)]  # seat 1 holds none
    st.apply(("decline",))
    assert st.storage[0][WATER] == 1 and st.trades == [0, 0, 0, 0]
    assert not [a for a in st.legal_actions() if a[0] == "trade"]


def test_trading_a_skill_set_token_can_complete_a_column_and_help_overcome_weather():
    # the rulebook's example: Yellow's shelter token for Blue's food token gives Blue a mastery
    st = started(trade_offers=2)
    give_token(st, 0, SHELTER)
    give_token(st, 0, FOOD)
    give_token(st, 1, SHELTER)
    st.pos[1] = sp("Cable Mill")
    morning(st, 0, sp("Forge Creek"), "storm", ("clear", "storm", "clear", "clear"))
    assert st.phase == P.PAY and ("trade", 1) in st.legal_actions()
    st.apply(("trade", 1))
    st.apply(("give", 12 + FOOD))
    st.apply(("get", 12 + SHELTER))
    st.apply(("propose",))
    st.apply(("accept",))
    assert st.tokens[0][SHELTER] == 2  # a mastery now: it overcomes the storm
    assert st.phase == P.SKILL and st.health[0] == RULES.health_start


def test_asking_for_offers_rulebook_example_blue_needs_shelter():
    # Blue (0) needs Shelter for the weather; Red (1) offers a Shelter tile for a water tile and
    # two scenic tokens and is declined; Yellow (2) offers a Shelter token for a Food token and Blue accepts: a mastery.
    st = started(trade_offers=3)
    give_gear(st, 0, WATER)
    give_token(st, 0, SHELTER)
    give_token(st, 0, FOOD)
    give_gear(st, 1, SHELTER)
    give_token(st, 2, SHELTER)
    st.scenic[0] = [s for s in st.board.scenic_spots[:2]]
    for s in st.scenic[0]:
        st.scenic_on[s] = False
    st.pos[1], st.pos[2] = sp("Cable Mill"), sp("Anthony Creek")
    st.pos[3] = sp("Mount Guyot")
    morning(st, 0, sp("Forge Creek"), "storm", ("clear", "storm", "clear", "clear"))
    assert ("ask", 1) in st.legal_actions() and ("ask", 3) not in st.legal_actions()
    st.apply(("ask", 1))
    assert st.current_player() == 1 and st.phase == P.TRADE_GIVE
    st.apply(("give", SHELTER))
    st.apply(("get", WATER))
    st.apply(("get", 18))  # and two scenic tokens
    st.apply(("get", 18))
    st.apply(("propose",))
    assert st.current_player() == 0 and st.view(0).offer == (1, 0, (SHELTER,), (WATER, 18, 18))
    st.apply(("decline",))
    st.apply(("ask", 2))
    st.apply(("give", 12 + SHELTER))
    st.apply(("get", 12 + FOOD))
    st.apply(("propose",))
    st.apply(("accept",))
    assert st.tokens[0][SHELTER] == 2 and st.tokens[2][FOOD] == 1
    assert st.phase == P.SKILL and st.health[0] == RULES.health_start
    assert st.trades == [1, 0, 1, 0]
    st.invariants()


# --------------------------------------------------------------------- a scripted afternoon


def test_scripted_afternoon_table():
    """PettingZoo style: each action and the state it leaves (position, actions, water held)."""
    st = started()
    st.water_discard += st.water_supply[0] - 1
    st.water_supply[0] = 1
    afternoon(st, 0, sp("Cable Mill"), actions=6)
    mile = sp("Cable Mill - Forge Creek mile 1")
    script = [
        (("hike", mile), mile, 5, 0),
        (("hike", sp("Forge Creek")), sp("Forge Creek"), 4, 0),
        (("water",), sp("Forge Creek"), 3, 1),
        (("dump", WATER), sp("Forge Creek"), 3, 0),
        (("hike", mile), mile, 2, 0),
    ]
    for action, pos, actions, water in script:
        st.apply(action)
        assert (st.pos[0], st.afternoon.actions, st.storage[0][WATER]) == (pos, actions, water), (
            action
        )
        assert st.phase == P.AFTERNOON
        st.invariants()
    drawn = len(st.trail_discard)
    st.apply(("end",))
    assert len(st.trail_discard) == drawn + 1  # the evening's trail card


def test_accepted_bundle_moves_every_item_and_respects_storage():
    st = started(trade_offers=2)
    give_gear(st, 0, WATER)
    give_gear(st, 1, SHELTER, 2)
    give_gear(st, 1, FOOD, 6)  # seat 1 is full: two tiles out, one in
    st.pos[1] = sp("Cable Mill")
    afternoon(st, 0, sp("Forge Creek"))
    st.apply(("trade", 1))
    st.apply(("give", WATER))
    st.apply(("get", SHELTER))
    st.apply(("get", SHELTER))
    assert ("get", SHELTER) not in st.legal_actions()  # seat 1 has only two
    st.apply(("propose",))
    st.apply(("accept",))
    assert st.storage[0][SHELTER] == 2 and st.storage[0][WATER] == 0
    assert st.storage[1][WATER] == 1 and st.tiles(1) == 7
    st.invariants()


def test_trading_cards_away_at_the_hand_limit():
    st = started(trade_offers=1)
    give_cards(st, 0, FOOD, 4)
    give_cards(st, 0, TOOLS, 2)
    give_cards(st, 0, CLOTHING, 1)
    give_gear(st, 1, SHELTER)
    st.pos[0], st.pos[1] = sp("Cable Mill"), sp("Forge Creek")
    st.seat_now, st.stage, st.phase = 0, P.END_TURN, -1
    st._advance()
    assert st.phase == P.HAND and ("trade", 1) in st.legal_actions()
    st.apply(("trade", 1))
    st.apply(("give", 6 + CLOTHING))
    st.apply(("get", SHELTER))
    st.apply(("propose",))
    st.apply(("accept",))
    assert len(st.hand[0]) == 6 and st.current_player() == 1  # the turn ended
    st.invariants()


def test_shooing_with_paw_cards_at_the_hand_limit():
    st = started()
    per = RULES.decks.skill_per_type
    paws = [c for c in st.skill_deck if c % per < RULES.decks.paws_per_type][:2]
    for c in paws:
        st.skill_deck.remove(c)
        st.hand[0].append(c)
    give_cards(st, 0, FOOD, 5)
    st.pos[0] = sp("Cable Mill")
    st.seat_now, st.stage, st.phase = 0, P.END_TURN, -1
    st._advance()
    assert st.phase == P.HAND and ("shoo", sp("Ekaneetlee Gap")) in st.legal_actions()
    st.apply(("shoo", sp("Ekaneetlee Gap")))
    assert st.bear_pos[0] == sp("Ekaneetlee Gap") and len(st.hand[0]) == 5
    assert st.current_player() == 1  # within the limit: the turn ended
