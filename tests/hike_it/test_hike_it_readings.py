"""Scenario tests for the rule readings of issue 12 (README rule table): the skill set exchange at
any time, the bear den face, trades and trail cards that acquire tiles, the finishing health,
bears and fallen hikers, resting with skill set tokens, and who picks a traded scenic token."""

from __future__ import annotations

from hike_it.hike_it_helpers import (
    CLOTHING,
    FOOD,
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

from simkit.games.hike_it import phases as P
from simkit.games.hike_it import state as S
from simkit.games.hike_it import trading


def test_exchange_at_a_challenge_makes_the_mastery_that_keeps_both_tokens():
    # Skill Masteries example: three Clothing cards turned in for a second Clothing token at the
    # challenge overcome it without discarding either token.
    st = started()
    give_token(st, 0, CLOTHING)
    give_cards(st, 0, CLOTHING, 3)
    morning(st, 0, st.home[0], "rain", ("rain",) * 4, req=(CLOTHING,))
    assert st.phase == P.PAY and ("set", CLOTHING) in st.legal_actions()
    st.apply(("set", CLOTHING))
    assert st.tokens[0][CLOTHING] == 2 and st.hand[0] == []
    assert st.phase == P.SKILL  # overcome by the mastery: a skill card is earned
    assert st.health[0] == st.rules.health_start
    st.invariants()


def test_exchange_out_of_turn_in_the_window_keeps_that_hikers_decision():
    st = started(trade_offers=2)
    give_cards(st, 1, FOOD, 3)
    st.seat_now, st.order_index = 0, st.order.index(0)
    st.stage, st.phase = P.END_TURN, -1
    st._advance()
    assert st.phase == P.TRADE_WINDOW and st.current_player() == 1
    assert ("set", FOOD) in st.legal_actions() and ("pass",) in st.legal_actions()
    st.apply(("set", FOOD))
    assert st.tokens[1][FOOD] == 1 and st.current_player() == 1
    assert st.phase == P.TRADE_WINDOW and ("set", FOOD) not in st.legal_actions()
    st.invariants()


def test_exchange_out_of_turn_also_with_trading_off():
    for rules in ({"trade_offers": 0}, {"trade_window": False}):
        st = started(**rules)
        give_cards(st, 2, TOOLS, 3)
        st.seat_now, st.order_index = 0, st.order.index(0)
        st.stage, st.phase = P.END_TURN, -1
        st._advance()
        assert st.current_player() == 2 and st.legal_actions() == [("pass",), ("set", TOOLS)]
        st.apply(("pass",))
        assert st.seat_now == 1 and st.phase != P.TRADE_WINDOW


def test_exchange_in_the_morning_and_while_resting():
    st = started()
    give_cards(st, 0, TOOLS, 3)
    st.campfire_at[st.home[0]] = 0
    st.campfires_used[0] = 1
    morning(st, 0, st.home[0], "rain", ("rain",) * 4, req=(CLOTHING,))
    assert st.phase == P.REROLL and ("set", TOOLS) in st.legal_actions()
    st2 = started()
    st2.status[0], st2.health[0] = P.RESTING, 0
    give_cards(st2, 0, TOOLS, 3)
    st2.seat_now, st2.stage, st2.phase = 0, P.START, -1
    st2._advance()
    assert st2.phase == P.REST and st2.legal_actions() == [("set", TOOLS)]
    st2.apply(("set", TOOLS))  # now 5 points to rest with
    assert st2.phase == P.REST and ("rest", 2) in st2.legal_actions()


def den_face(st: S.HikeState) -> S.HikeState:
    st.aggressive = True
    st.status[0], st.pos[0] = P.FINISHED, -1
    st.seat_now, st.order_index = 0, st.order.index(0)
    st.bear_turn.face, st.bear_turn.steps, st.phase = "den", 0, P.BEAR_PICK
    st.bear_pos[0] = sp("Rich Mountain Gap")
    st.pos[2] = sp("Abrams Falls")  # on the trail between the bear and its den
    return st


def test_den_face_carries_the_bear_without_injuring_anyone_on_the_way():
    st = den_face(started())
    den = sp("Hannah Mountain Den")
    st.apply(("bear", 0, den))
    assert st.bear_pos[0] == den and st.health[2] == st.rules.health_start


def test_den_face_may_walk_the_trail_instead_and_maul_on_the_way():
    st = den_face(started())
    den = sp("Hannah Mountain Den")
    assert ("bear", 0, den, "trail") in st.legal_actions()
    st.apply(("bear", 0, den, "trail"))
    assert st.bear_pos[0] == den and st.health[2] == st.rules.health_start - 1


def test_den_face_hurts_a_hiker_standing_at_the_destination_den():
    st = den_face(started())
    den = sp("Hannah Mountain Den")
    st.pos[2] = den
    st.apply(("bear", 0, den))
    assert st.health[2] == st.rules.health_start - 1


def with_side_hike(st: S.HikeState, seat: int, objective: str) -> int:
    card = next(i for i, c in enumerate(st.side_cards) if c.objective == objective)
    for other in st.side_hand:
        if card in other:
            other.remove(card)
    st.side_hand[seat].insert(0, card)
    return card


def test_a_tile_acquired_by_trade_counts_for_water_and_gear_during_your_turn():
    st = started(trade_offers=2)
    card = with_side_hike(st, 0, "water_and_gear_in_turn")
    spot = sp("Anthony Creek")
    st.water_discard -= 2 - st.water_supply[0]
    st.water_supply[0] = 2
    give_gear(st, 1, SHELTER)
    give_cards(st, 0, FOOD, 1)
    st.pos[1] = spot
    afternoon(st, 0, spot)
    st.apply(("water",))
    assert card not in st.side_done[0]
    st.apply(("trade", 1))
    st.apply(("give", trading.CARD + FOOD))
    st.apply(("get", SHELTER))
    st.apply(("propose",))
    st.apply(("accept",))
    assert st.storage[0][SHELTER] == 1 and card in st.side_done[0]
    st.invariants()


def test_a_tile_from_a_trail_card_counts_as_acquired_during_your_turn():
    st = started()
    card = with_side_hike(st, 0, "water_and_gear_in_turn")
    spot = sp("Anthony Creek")
    st.water_discard -= 2 - st.water_supply[0]
    st.water_supply[0] = 2
    afternoon(st, 0, spot)
    st.apply(("water",))
    gear = next(i for i, c in enumerate(st.trail_cards) if c[0] == "gear")
    st.trail_deck.remove(gear) if gear in st.trail_deck else st.trail_discard.remove(gear)
    st.trail_deck.append(gear)
    st.apply(("end",))
    assert sum(st.storage[0][:WATER]) == 1 and card in st.side_done[0]


def finishing(st: S.HikeState, seat: int, health: int) -> S.HikeState:
    for w in st.waypoints[seat]:
        st.waypoint_owner[w] = -1
    st.claimed[seat] = 3
    st.health[seat] = health
    return afternoon(st, seat, st.board.adj[st.home[seat]][0])


def test_health_level_of_5_is_met_at_5_or_more_when_the_hike_is_completed():
    for health, done in ((4, False), (5, True), (7, True)):
        st = started()
        card = with_side_hike(st, 0, "finish_health")
        finishing(st, 0, health)
        st.apply(("hike", st.home[0]))
        assert (card in st.side_done[0]) == done, health


def fallen_under_a_bear(**rules) -> S.HikeState:
    st = started(**rules)
    st.health[2], st.status[2] = 0, P.RESTING
    st.pos[2] = st.board.adj[sp("Hannah Mountain Den")][0]
    st.aggressive = True
    st.status[0], st.pos[0] = P.FINISHED, -1
    st.seat_now, st.order_index = 0, st.order.index(0)
    st.bear_turn.face, st.bear_turn.steps, st.phase = "steps", 1, P.BEAR_PICK
    st.apply(("bear", 0))
    return st


def test_bear_hitting_a_fallen_hiker_knocks_it_out_by_default():
    st = fallen_under_a_bear()
    assert st.status[2] == P.KNOCKED_OUT and st.pos[2] == -1


def test_bear_hitting_a_fallen_hiker_leaves_it_resting_under_the_other_reading():
    st = fallen_under_a_bear(bear_knocks_out_fallen=False)
    assert st.status[2] == P.RESTING and st.health[2] == 0 and st.pos[2] >= 0
    st.invariants()


def test_resting_values_a_skill_set_token_at_the_token_points_rule():
    st = started(token_points=1)
    st.status[0], st.health[0] = P.RESTING, 0
    give_token(st, 0, FOOD)
    st.seat_now, st.stage, st.phase = 0, P.START, -1
    st._advance()
    assert st.legal_actions() == [("rest", 1)]  # one point: the 3-point rest is out of reach
    st.apply(("rest", 1))
    assert st.tokens[0][FOOD] == 0 and st.health[0] == 1


def test_the_giver_chooses_which_scenic_token_a_trade_hands_over():
    st = started(trade_offers=2)
    first, second = sp("Cable Mill"), sp("Abrams Falls")  # a historical and a waterfall token
    st.scenic[1] = [first, second]
    for s in st.scenic[1]:
        st.scenic_on[s] = False
    give_gear(st, 1, SHELTER)
    give_cards(st, 0, FOOD, 1)
    st.pos[1] = sp("Anthony Creek")
    afternoon(st, 0, sp("Anthony Creek"))
    st.apply(("trade", 1))
    st.apply(("give", trading.CARD + FOOD))
    st.apply(("get", trading.SCENIC_TOKEN))
    st.apply(("propose",))
    st.apply(("accept",))
    assert st.phase == P.GIVE_SCENIC and st.current_player() == 1
    assert set(st.legal_actions()) == {("scenic", first), ("scenic", second)}
    st.apply(("scenic", first))  # not the last one collected: the giver's choice
    assert st.scenic[0] == [first] and st.scenic[1] == [second]
    assert st.phase == P.AFTERNOON and st.current_player() == 0
    st.invariants()
