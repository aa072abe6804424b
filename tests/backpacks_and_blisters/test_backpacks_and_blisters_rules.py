"""One scenario per rule of Backpacks & Blisters, from hand-built positions (rulebook sections cited)."""

import pytest

from simkit.core.errors import IllegalAction
from simkit.core.rng import GameRng
from simkit.games.backpacks_and_blisters import GAME
from simkit.games.backpacks_and_blisters.cards import BLISTER, WEATHER
from simkit.games.backpacks_and_blisters.movement import reachable
from simkit.games.backpacks_and_blisters.rules import EQUIPMENT, Rules
from simkit.games.backpacks_and_blisters.scenario import position
from simkit.games.backpacks_and_blisters.solo import honour, honour_level
from simkit.games.backpacks_and_blisters.state import (
    BREAK_DISCARD,
    CARRIED,
    COMPASS_DISCARD,
    EQUIP,
    GONE,
    MOVE,
    OVER,
    RIDE_DISCARD,
    SHOP,
    START,
    TIE,
    VOTE,
)

RULES = Rules()
B = RULES.board
AT = B.index
BEAUTY = "Keswick - Friar's Crag #1"
HAWES_TRIANGLE = "Catbells - Hawes End #1"


def card(state, name):
    return state.faces.card_of_location[AT[name]]


def moves(state):
    return {a[1:] for a in state.legal_actions() if a[0] == "move"}


def walk(state, card_name, to, eat=0):
    state.apply(("play", card(state, card_name)))
    if state.phase == MOVE:
        state.apply(("move", AT[to], eat))


def blister(state):
    b = next(c for c in state.hands[state.cur] if state.faces.kind[c] == BLISTER)
    state.apply(("play", b))


# --------------------------------------------------------------------------- Setup


def test_setup_player_and_map():
    s = GAME.new_state(RULES, 4, GameRng(3))
    assert s.phase == EQUIP and s.cur == 0 and s.turn == 0
    assert s.pos == [B.start] * 4 and s.money == [1] * 4 and s.chocolate == [True] * 4
    assert s.score == [0] * 4 and not s.weather.raining
    assert all(len(h) == 4 for h in s.hands)
    assert all(s.faces.kind[c] not in (BLISTER, WEATHER) for h in s.hands for c in h)
    # Five Cairns on the locations of five cards turned before the deal, none of them in a hand.
    assert len(s.cairn_count) == 5
    dealt = {s.faces.location[c] for h in s.hands for c in h}
    assert not dealt & set(s.cairn_count)
    # The Heavy Rucksack is shuffled into the top eleven cards.
    assert s.faces.rucksack in s.deck[-11:]
    solo = GAME.new_state(RULES, 1, GameRng(3))
    assert solo.faces.rucksack in solo.deck[-6:]


def test_equipment_chosen_in_seat_order_then_the_first_turn():
    s = GAME.new_state(RULES, 3, GameRng(1))
    s.apply(("equip", 5))
    assert s.cur == 1 and ("equip", 5) not in s.legal_actions()
    s.apply(("equip", 0))
    s.apply(("equip", 1))
    assert s.equipment == [5, 0, 1]
    assert s.phase == START and s.cur == 0 and s.turn == 0


def test_six_players_the_last_takes_the_last_tile_without_asking():
    s = GAME.new_state(RULES, 6, GameRng(1))
    for tile in range(5):
        s.apply(("equip", tile))
    assert s.equipment == [0, 1, 2, 3, 4, 5] and s.phase == START


# --------------------------------------------------------------------------- Game Management


def test_time_marker_moves_after_every_rambler_and_deck_reshuffles():
    s = position(2, hands=[["Blister", "Catbells"], ["Blister", "Grange"]])
    blister(s)
    assert s.cur == 1 and s.turn == 0
    blister(s)
    assert s.cur == 0 and s.turn == 1
    s.discard, s.deck = s.deck, []
    blister(s)
    assert len(s.hands[0]) == 2 and len(s.deck) > 0  # the discards became the new deck


# --------------------------------------------------------------------------- Rambling


def test_walking_offers_every_reachable_space_and_ends_with_discard_and_draw():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Seatoller", "Blister"], []],
        deck=["Helvellyn"],
        chocolate=[False, False],
        money=[0, 0],  # no Chocolate to buy on the way: the card's walk alone
    )
    s.apply(("play", card(s, "Seatoller")))
    assert s.phase == MOVE
    assert moves(s) == {(d, 0) for d in reachable(B, AT["Grange"], 3, 2, set())}
    s.apply(("move", AT["Catbells"], 0))
    assert s.pos[0] == AT["Catbells"] and s.score[0] == B.points[AT["Catbells"]]
    assert card(s, "Seatoller") in s.discard and card(s, "Helvellyn") in s.hands[0]
    assert s.cur == 1


def test_one_rambler_per_small_space_and_overtaking_is_free():
    # Rulebook, Rambling: with the other Rambler on the small triangle, Maiden Moor is reached.
    s = position(
        2, at=["Grange", "Hause Gate"], hands=[["Seatoller"], []], chocolate=[False, False]
    )
    s.apply(("play", card(s, "Seatoller")))
    assert (AT["Maiden Moor"], 0) in moves(s)
    assert (AT["Hause Gate"], 0) not in moves(s)
    alone = position(
        2, at=["Grange", "Keswick"], hands=[["Seatoller"], []], chocolate=[False, False]
    )
    alone.apply(("play", card(alone, "Seatoller")))
    assert (AT["Maiden Moor"], 0) not in moves(alone) and (AT["Hause Gate"], 0) in moves(alone)


def test_prime_locations_are_shared_and_give_no_overtaking_bonus():
    s = position(2, at=["Grange", "Catbells"], hands=[["Seatoller"], []], chocolate=[False, False])
    s.apply(("play", card(s, "Seatoller")))
    assert (AT["Catbells"], 0) in moves(s)
    # Hawes End to Hause Gate is circle, triangle, Catbells, triangle: a Rambler on Catbells
    # saves nothing, one on the small triangle saves a triangle.
    start = AT["Hawes End"]
    assert AT["Hause Gate"] not in reachable(B, start, 1, 2, set())
    blocked = position(2, at=["Hawes End", "Catbells"])
    assert AT["Catbells"] not in blocked._others_on_small(0)
    assert AT["Hause Gate"] in reachable(B, start, 1, 2, {AT[HAWES_TRIANGLE]})


def test_blister_moves_nothing():
    s = position(2, at=["Grange", "Keswick"], hands=[["Blister", "Catbells"], []])
    blister(s)
    assert s.pos[0] == AT["Grange"] and s.cur == 1


# --------------------------------------------------------------------------- Scoring


def test_prime_location_scores_once_and_keswick_never():
    s = position(
        2,
        at=["Keswick", "Walla Crag"],
        hands=[["Walla Crag", "Bowder Stone"], []],
        stones=[["Castlehead"], []],
    )
    walk(s, "Walla Crag", "Castlehead")
    assert s.score[0] == 0 and s.prime_count[0] == 1
    s = position(2, at=["Castlehead", "Walla Crag"], hands=[["Walla Crag"], []])
    walk(s, "Walla Crag", "Keswick")
    assert s.score[0] == 0 and AT["Keswick"] not in s.stones[0]


def test_beauty_spot_scores_each_turn_ended_there_and_nothing_in_rain():
    s = position(2, at=["Keswick", "Grange"], hands=[["Grange", "Blister"], ["Blister", "Blister"]])
    walk(s, "Grange", BEAUTY)
    assert s.score[0] == 1
    blister(s)  # seat 1
    blister(s)  # seat 0 stays on the Beauty Spot
    assert s.score[0] == 2
    wet = position(2, at=[BEAUTY, "Grange"], hands=[["Blister"], []], raining=True)
    blister(wet)
    assert wet.score[0] == 0


@pytest.mark.parametrize("before, bonus", [(0, 10), (1, 7), (2, 5), (4, 5)])
def test_cairn_bonus_by_order_of_arrival(before, bonus):
    s = position(2, hands=[["Walla Crag"], []], cairns={"Castlehead": before})
    walk(s, "Walla Crag", "Castlehead")
    assert s.ledger[0]["cairn"] == bonus and s.cairn_count[AT["Castlehead"]] == before + 1


def test_change_of_weather_flips_and_the_drawer_draws_again_and_rain_costs_a_point():
    s = position(2, hands=[["Walla Crag"], []], deck=["Weather", "Helvellyn"])
    walk(s, "Walla Crag", "Castlehead")
    assert s.score[0] == 2  # sunny when the stone went down
    assert s.weather.raining and card(s, "Helvellyn") in s.hands[0]
    assert any(s.faces.kind[c] == WEATHER for c in s.discard)
    wet = position(2, hands=[["Walla Crag"], []], raining=True)
    walk(wet, "Walla Crag", "Castlehead")
    assert wet.score[0] == 1


# --------------------------------------------------------------------------- Lunch and Tea


def test_lunch_discard_rest_score_money_and_equipment_by_fewest_points():
    s = position(
        2,
        turn=8,
        at=["Castlehead", BEAUTY],
        hands=[
            ["Blister", "Grange", "Catbells", "Helvellyn"],
            ["Blister", "Seatoller", "Skiddaw", "Robinson"],
        ],
        stones=[["Castlehead"], []],
        cairns={"Castlehead": 1},
        equipment=["Compass", "Binoculars"],
    )
    s.score = [10, 3]
    s.ledger[0]["prime"], s.ledger[1]["prime"] = 10, 3
    blister(s)
    blister(s)
    assert s.turn == B.lunch_turn and s.phase == BREAK_DISCARD and s.cur == 0
    assert all(a[0] == "discard" for a in s.legal_actions())
    s.apply(("discard", card(s, "Grange")))
    s.apply(("discard", card(s, "Seatoller")))
    # Resting scores the place again (no Cairn); both collect a pound; tiles went back.
    # Seat 1 scored its Beauty Spot at the end of its 12:40 turn, and again resting at Lunch.
    assert s.score == [12, 5] and s.money == [2, 2]
    assert s.phase == EQUIP and s.cur == 1  # fewest points chooses first
    assert len(s.legal_actions()) == 6  # every tile is back, the old ones too
    s.apply(("equip", 2))
    s.apply(("equip", 1))
    assert s.turn == B.lunch_turn + 1 and s.phase == START
    assert [len(h) for h in s.hands] == [3, 3] and s.pos == [AT["Castlehead"], AT[BEAUTY]]


def test_equipment_ties_go_to_the_earlier_seat_and_seat_order_variant():
    s = position(3, turn=B.tea_turn - 1, hands=[["Blister"], ["Blister"], ["Blister"]])
    s.score = [5, 5, 0]
    for seat in range(3):
        s.ledger[seat]["prime"] = s.score[seat]
    for _ in range(3):
        blister(s)
    for _ in range(3):
        s.apply(("discard", s.legal_actions()[0][1]))
    assert s.phase == EQUIP and s.queue == [2, 0, 1]
    plain = position(
        3,
        RULES.__class__(equipment_order="seat_order"),
        turn=B.tea_turn - 1,
        hands=[["Blister"], ["Blister"], ["Blister"]],
    )
    plain.score = [5, 5, 0]
    for seat in range(3):
        plain.ledger[seat]["prime"] = plain.score[seat]
    for _ in range(3):
        blister(plain)
    for _ in range(3):
        plain.apply(("discard", plain.legal_actions()[0][1]))
    assert plain.queue == [0, 1, 2]


def test_after_tea_hands_hold_two_and_refreshments_refill_to_it():
    s = position(
        2, turn=B.tea_turn + 1, at=["Grange", "Keswick"], hands=[["Catbells"], []], money=[1, 0]
    )
    s.apply(("refresh",))
    assert len(s.hands[0]) == 2


# --------------------------------------------------------------------------- End of the Day


def test_arriving_at_keswick_from_4pm_scores_the_time_chart_and_leaves_the_map():
    s = position(2, turn=B.return_from_turn, at=["Castlehead", "Grange"], hands=[["Grange"], []])
    walk(s, "Grange", "Keswick")
    assert s.pos[0] == -1 and s.ledger[0]["return"] == B.return_points[0]
    assert s.return_turn[0] == B.return_from_turn and s.cur == 1
    early = position(
        2, turn=B.return_from_turn - 1, at=["Castlehead", "Grange"], hands=[["Grange"], []]
    )
    walk(early, "Grange", "Keswick")
    assert early.pos[0] == AT["Keswick"]


def test_no_refreshments_in_keswick_after_4pm():
    before = position(2, turn=10, hands=[["Grange"], []], chocolate=[False, False])
    assert (
        any(a[0] == "refresh" for a in before.legal_actions())
        and ("buy",) in before.legal_actions()
    )
    after = position(2, turn=B.return_from_turn, hands=[["Grange"], []], chocolate=[False, False])
    assert not any(a[0] in ("refresh", "buy") for a in after.legal_actions())


def test_not_back_by_6pm_loses_all_points():
    s = position(
        2, turn=B.n_turns - 1, at=["Helvellyn", "Castlehead"], hands=[["Blister"], ["Grange"]]
    )
    s.score = [40, 30]
    s.ledger[0]["prime"], s.ledger[1]["prime"] = 40, 30
    blister(s)
    walk(s, "Grange", "Keswick")
    assert s.phase == OVER and s.end_reason == "normal"
    out = s.outcome()
    assert out.scores == (0.0, 30.0 + B.return_points[-1])
    assert out.extras["x_returned"] == (False, True) and out.extras["x_return_time"] == (-1, 1740)
    assert out.ranks == (2, 1) and out.turns == B.n_turns


# --------------------------------------------------------------------------- Money and its uses


def test_refreshments_stay_pay_discard_any_redraw_score_five():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Blister", "Catbells", "Helvellyn", "Skiddaw"], []],
        deck=["Robinson", "Buttermere"],
    )
    drop = tuple(sorted([card(s, "Helvellyn"), s.hands[0][0]]))
    assert ("refresh", *drop) in s.legal_actions() and ("refresh",) in s.legal_actions()
    s.apply(("refresh", *drop))
    assert s.pos[0] == AT["Grange"] and s.money[0] == 0 and s.score[0] == 5
    assert sorted(s.hands[0]) == sorted(
        [card(s, n) for n in ("Catbells", "Skiddaw", "Robinson", "Buttermere")]
    )
    assert s.refreshments[0] == 1 and s.cur == 1
    assert not any(
        a[0] == "refresh" for a in position(2, at=["Catbells", "Keswick"]).legal_actions()
    )
    broke = position(2, at=["Grange", "Keswick"], hands=[["Catbells"], []], money=[0, 0])
    assert not any(a[0] == "refresh" for a in broke.legal_actions())


def test_chocolate_doubles_seatoller_to_haystacks():
    # Rulebook, Chocolate: six circles and three triangles in one turn with a bar eaten.
    s = position(2, at=["Seatoller", "Keswick"], hands=[["Catbells"], []])
    s.apply(("play", card(s, "Catbells")))
    assert (AT["Haystacks"], 1) in moves(s) and (AT["Haystacks"], 0) not in moves(s)
    s.apply(("move", AT["Haystacks"], 1))
    assert s.pos[0] == AT["Haystacks"] and not s.chocolate[0]


def test_chocolate_bought_at_refreshments_one_at_most():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Catbells"], []],
        chocolate=[False, False],
        money=[2, 0],
    )
    s.apply(("buy",))
    assert s.chocolate[0] and s.money[0] == 1 and s.phase == START
    assert ("buy",) not in s.legal_actions()
    after = position(
        2, at=["Lodore Falls", "Keswick"], hands=[["Catbells"], []], chocolate=[False, False]
    )
    walk(after, "Catbells", "Grange")
    assert after.phase == SHOP and set(after.legal_actions()) == {("buy",), ("end",)}
    after.apply(("buy",))
    assert after.chocolate[0] and after.cur == 1


def test_ferry_and_bus_rides():
    s = position(2, hands=[["Blister", "Catbells"], []], deck=["Helvellyn"], chocolate=[True, True])
    legal = s.legal_actions()
    assert ("ride", "ferry", AT["Lodore Falls"]) in legal and (
        "ride",
        "78",
        AT["Seatoller"],
    ) in legal
    assert ("ride", "555", AT["Seatoller"]) not in legal
    s.apply(("ride", "ferry", AT["Lodore Falls"]))
    assert s.money[0] == 0 and s.ledger[0]["ferry"] == 5 and s.pos[0] == AT["Lodore Falls"]
    assert s.ledger[0]["prime"] == B.points[AT["Lodore Falls"]]  # the ride ends a move there
    assert s.phase == RIDE_DISCARD
    s.apply(("discard", next(c for c in s.hands[0] if s.faces.kind[c] == BLISTER)))
    assert card(s, "Helvellyn") in s.hands[0] and len(s.hands[0]) == 2 and s.cur == 1
    bus = position(2, at=["Grange", "Keswick"], hands=[["Catbells"], []])
    bus.apply(("ride", "78", AT["Bowder Stone"]))
    assert bus.ledger[0]["bus"] == 3 and bus.rides[0] == 1
    assert not any(
        a[0] == "ride" for a in position(2, at=["Castlehead", "Keswick"]).legal_actions()
    )
    assert not any(a[0] == "ride" for a in position(2, money=[0, 0]).legal_actions())


# --------------------------------------------------------------------------- The Heavy Rucksack


def test_drawing_the_heavy_rucksack_sets_it_aside_and_draws_again():
    s = position(2, hands=[["Walla Crag"], []], deck=["Rucksack", "Helvellyn"])
    walk(s, "Walla Crag", "Castlehead")
    assert s.rucksack.where == CARRIED and s.rucksack.holder == 0 and s.rucksack.carried_turns == 0
    assert s.hands[0] == [card(s, "Helvellyn")]


def test_heavy_rucksack_takes_a_circle_and_a_triangle_before_chocolate_doubles():
    # Rulebook: a card of two circles and one triangle moves just one circle and no triangle.
    s = position(
        2, at=["Grange", "Keswick"], hands=[["Bowder Stone"], []], rucksack=0, money=[0, 0]
    )
    s.apply(("play", card(s, "Bowder Stone")))
    plain = reachable(B, AT["Grange"], 1, 0, set())
    doubled = reachable(B, AT["Grange"], 2, 0, set())
    assert moves(s) == {(d, 0) for d in plain} | {(d, 1) for d in doubled - plain}


def test_kendal_mint_cake_deducts_one_circle_or_one_triangle():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Bowder Stone"], []],
        rucksack=0,
        equipment=["Kendal Mint Cake", None],
        chocolate=[False, False],
    )
    s.apply(("play", card(s, "Bowder Stone")))
    expected = reachable(B, AT["Grange"], 1, 1, set()) | reachable(B, AT["Grange"], 2, 0, set())
    assert moves(s) == {(d, 0) for d in expected}


def test_vote_after_two_turns_from_the_carriers_left_majority_takes_it():
    s = position(
        3,
        seat=1,
        at=["Grange", "Catbells", "Castlehead"],
        hands=[[], ["Blister"], []],
        rucksack=1,
        carried_turns=1,
    )
    blister(s)
    assert s.phase == VOTE and s.cur == 2 and s.queue == [2, 0, 1]
    s.apply(("vote", 0))
    s.apply(("vote", 0))
    s.apply(("vote", 2))
    assert (
        s.rucksack.holder == 0 and s.rucksack.carried_turns == 0 and s.cur == 2 and s.phase == START
    )


def test_tied_vote_is_decided_by_the_carrier():
    s = position(
        3,
        seat=1,
        at=["Grange", "Catbells", "Castlehead"],
        hands=[[], ["Blister"], []],
        rucksack=1,
        carried_turns=1,
    )
    blister(s)
    for target in (0, 2, 1):
        s.apply(("vote", target))
    assert s.phase == TIE and s.cur == 1 and {a[1] for a in s.legal_actions()} == {0, 1, 2}
    s.apply(("give", 1))
    assert s.rucksack.holder == 1  # the same Unfortunate may carry it again


def test_lunch_does_not_count_as_a_carried_turn():
    s = position(
        2,
        turn=B.lunch_turn - 1,
        seat=0,
        at=["Grange", "Catbells"],
        hands=[["Blister", "Grange"], ["Blister", "Catbells"]],
        rucksack=0,
    )
    blister(s)
    assert s.rucksack.carried_turns == 1
    blister(s)
    s.apply(("discard", card(s, "Grange")))
    s.apply(("discard", card(s, "Catbells")))
    while s.phase == EQUIP:
        s.apply(s.legal_actions()[0])
    assert s.turn == B.lunch_turn + 1 and s.rucksack.carried_turns == 1


def test_off_map_ramblers_neither_vote_nor_receive():
    s = position(
        3,
        seat=1,
        at=["Grange", "Catbells", "Keswick"],
        hands=[[], ["Blister"], []],
        rucksack=1,
        carried_turns=1,
    )
    s.pos[2] = -1
    blister(s)
    assert s.queue == [0, 1] and {a[1] for a in s.legal_actions()} == {0, 1}


def test_the_hero_brings_the_rucksack_home_for_five():
    s = position(
        2,
        turn=B.return_from_turn,
        at=["Castlehead", "Grange"],
        hands=[["Walla Crag"], []],
        rucksack=0,
    )
    walk(s, "Walla Crag", "Keswick")
    assert s.ledger[0]["hero"] == 5 and s.rucksack.where == GONE and s.rucksack.holder == -1
    s.invariants()


def test_random_passing_variant_skips_the_vote():
    s = position(
        3,
        Rules(rucksack_passing="random"),
        seat=1,
        at=["Grange", "Catbells", "Castlehead"],
        hands=[[], ["Blister"], []],
        rucksack=1,
        carried_turns=1,
    )
    blister(s)
    assert (
        s.phase == START
        and s.cur == 2
        and s.rucksack.holder in (0, 1, 2)
        and s.rucksack.carried_turns == 0
    )


# --------------------------------------------------------------------------- Secret Desires


def test_secret_desire_by_the_card_played_or_in_hand():
    s = position(2, hands=[["Castlehead"], []])
    walk(s, "Castlehead", "Castlehead")
    assert s.ledger[0]["secret_desire"] == 2 and s.desires[0] == 1
    held = position(2, hands=[["Walla Crag", "Castlehead"], []])
    walk(held, "Walla Crag", "Castlehead")
    assert held.ledger[0]["secret_desire"] == 2
    books = position(2, hands=[["Walla Crag", "Castlehead"], []], equipment=["Guide Books", None])
    walk(books, "Walla Crag", "Castlehead")
    assert books.ledger[0]["secret_desire"] == 5


def test_a_card_drawn_this_turn_cannot_claim_a_secret_desire():
    s = position(2, hands=[["Walla Crag", "Castlehead"], []])
    s.this_turn = s.this_turn._replace(drawn=(card(s, "Castlehead"),))
    walk(s, "Walla Crag", "Castlehead")
    assert s.ledger[0]["secret_desire"] == 0


# --------------------------------------------------------------------------- Equipment tiles


def test_binoculars_on_triangles_only():
    s = position(2, hands=[["Walla Crag"], []], equipment=["Binoculars", None])
    walk(s, "Walla Crag", "Castlehead")
    assert s.ledger[0]["equipment"] == 2
    flat = position(2, hands=[["Walla Crag"], []], equipment=["Binoculars", None])
    walk(flat, "Walla Crag", "Friar's Crag")
    assert flat.ledger[0]["equipment"] == 0


def test_sun_protection_in_sun_only():
    s = position(2, hands=[["Walla Crag"], []], equipment=["Sun Protection", None])
    walk(s, "Walla Crag", "Castlehead")
    assert s.ledger[0]["equipment"] == 1
    wet = position(2, hands=[["Walla Crag"], []], equipment=["Sun Protection", None], raining=True)
    walk(wet, "Walla Crag", "Castlehead")
    assert wet.ledger[0]["equipment"] == 0


def test_walking_sticks_add_a_circle():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Bowder Stone"], []],
        equipment=["Walking Sticks", None],
        chocolate=[False, False],
        money=[0, 0],
    )
    s.apply(("play", card(s, "Bowder Stone")))
    assert moves(s) == {(d, 0) for d in reachable(B, AT["Grange"], 3, 1, set())}


def test_compass_draws_two_after_a_triangular_stone_and_keeps_one():
    s = position(
        2,
        hands=[["Walla Crag", "Blister"], []],
        equipment=["Compass", None],
        deck=["Helvellyn", "Skiddaw"],
    )
    walk(s, "Walla Crag", "Castlehead")
    assert s.phase == COMPASS_DISCARD and s.cur == 0
    assert {a[1] for a in s.legal_actions()} == {card(s, "Helvellyn"), card(s, "Skiddaw")}
    s.apply(("discard", card(s, "Skiddaw")))
    assert sorted(s.hands[0]) == sorted([s.hands[0][0], card(s, "Helvellyn")]) and s.cur == 1
    assert len(s.hands[0]) == 2


# --------------------------------------------------------------------------- The Solo Game


def test_solo_heavy_rucksack_every_other_hour():
    s = position(
        1, turn=1, hands=[["Blister", "Blister", "Grange"]], deck=["Rucksack", "Helvellyn"]
    )
    blister(s)  # drawn at 10:20
    assert s.rucksack.where == CARRIED and s.rucksack.entered == 1
    carried = []
    for _ in range(7):
        carried.append(s.this_turn.carrying)
        s.apply(
            (
                "play",
                next(c for c in s.hands[0] if s.faces.kind[c] == BLISTER)
                if any(s.faces.kind[c] == BLISTER for c in s.hands[0])
                else s.hands[0][0],
            )
        )
        while s.phase not in (START, OVER) and s.turn < B.lunch_turn:
            s.apply(s.legal_actions()[0])
    # 10:40 carries (same hour), 11:00-11:40 walk free, 12:00-12:40 carry again.
    assert carried[:7] == [True, False, False, False, True, True, True]


def test_solo_weather_record_and_no_equipment_twice():
    s = position(
        1,
        turn=B.n_turns - 1,
        at=["Castlehead"],
        hands=[["Grange"]],
        raining=True,
        equipment=["Compass"],
    )
    s.weather = s.weather._replace(rainy_turns=13)
    walk(s, "Grange", "Keswick")
    assert s.phase == OVER and s.weather.rainy_turns == 14 and s.ledger[0]["rain_record"] == 4
    lunch = position(1, turn=B.lunch_turn - 1, hands=[["Blister", "Grange"]], equipment=["Compass"])
    blister(lunch)
    lunch.apply(("discard", card(lunch, "Grange")))
    assert (
        lunch.phase == EQUIP and ("equip", EQUIPMENT.index("Compass")) not in lunch.legal_actions()
    )
    assert len(lunch.legal_actions()) == 5


def test_solo_honours():
    assert honour(49) == "Don't leave the house!" and honour(50) == "Stop taking photos"
    assert honour(75).startswith("You are now a true Rambler") and honour(130).startswith("Verily")
    assert [honour_level(x) for x in (0, 49, 50, 69, 99, 140)] == [0, 0, 50, 60, 90, 100]


# --------------------------------------------------------------------------- Protocol details


def test_illegal_actions_are_refused():
    s = position(2, hands=[["Grange"], []])
    with pytest.raises(IllegalAction):
        s.apply(("play", card(s, "Catbells")))
    with pytest.raises(IllegalAction):
        s.apply(("vote", 1))


def test_view_hides_other_hands_and_sample_hidden_keeps_the_view():
    s = GAME.new_state(RULES, 3, GameRng(5))
    while s.phase == EQUIP:
        s.apply(s.legal_actions()[0])
    view = s.view(0)
    assert view.hand == tuple(sorted(s.hands[0])) and view.hand_sizes == (4, 4, 4)
    other = s.sample_hidden(0, GameRng(9))
    assert other.view(0) == view
    assert sorted(other.deck + [c for h in other.hands for c in h]) == sorted(
        s.deck + [c for h in s.hands for c in h]
    )
    other.invariants()


# --------------------------------------------------------------------------- A scripted game

# (seat, action with names, expected after it): the rulebook's Grange-Catbells-Maiden Moor walk
# played out by two Ramblers, PettingZoo style.
SCRIPT = [
    (0, ("play", "Seatoller"), {"phase": MOVE}),
    (0, ("move", "Hause Gate", 0), {"pos": ["Hause Gate", "Grange"], "score": [0, 0], "cur": 1}),
    (1, ("play", "Maiden Moor"), {"phase": MOVE}),
    # Overtaking on Hause Gate: Maiden Moor's 4 points and the card's Secret Desire.
    (1, ("move", "Maiden Moor", 0), {"pos": ["Hause Gate", "Maiden Moor"], "score": [0, 6]}),
    (0, ("play", "Blister"), {"pos": ["Hause Gate", "Maiden Moor"], "turn": 1, "cur": 1}),
    # Back over the occupied Hause Gate for free to Catbells: 3 points and another Secret Desire.
    (1, ("play", "Catbells"), {"phase": MOVE}),
    (1, ("move", "Catbells", 0), {"pos": ["Hause Gate", "Catbells"], "score": [0, 11], "turn": 2}),
]


def test_scripted_walk_over_the_catbells_ridge():
    s = position(
        2,
        at=["Grange", "Grange"],
        hands=[["Seatoller", "Blister", "Helvellyn"], ["Maiden Moor", "Catbells", "Skiddaw"]],
        deck=["Robinson", "Buttermere", "Dale Head", "Glaramara"],
        chocolate=[False, False],
    )
    for seat, (kind, *args), expected in SCRIPT:
        assert s.cur == seat
        if kind == "play" and args[0] == "Blister":
            action = ("play", next(c for c in s.hands[seat] if s.faces.kind[c] == BLISTER))
        elif kind == "play":
            action = ("play", card(s, args[0]))
        else:
            action = ("move", AT[args[0]], args[1])
        s.apply(action)
        s.invariants()
        if "phase" in expected:
            assert s.phase == expected["phase"]
        if "pos" in expected:
            assert s.pos == [AT[name] for name in expected["pos"]]
        for key in ("score", "turn", "cur"):
            if key in expected:
                assert getattr(s, key) == expected[key], key


def test_the_day_ends_when_every_rambler_is_home():
    s = position(
        2,
        turn=B.return_from_turn + 1,
        at=["Castlehead", "Castlehead"],
        hands=[["Walla Crag"], ["Surprise View"]],
    )
    walk(s, "Walla Crag", "Keswick")
    walk(s, "Surprise View", "Keswick")
    out = s.outcome()
    assert s.phase == OVER and out.end_reason == "normal" and out.turns == B.return_from_turn + 2
    assert out.scores == (B.return_points[1],) * 2 and out.ranks == (1, 1)
    assert out.win_shares == (0.5, 0.5) and out.extras["x_return_time"] == (1620, 1620)


def test_turn_limit_ends_the_game_without_mountain_rescue():
    s = GAME.new_state(Rules(turn_limit=3), 2, GameRng(4))
    rng = GameRng(5)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert s.outcome().end_reason == "turn_limit" and s.turns() == 3
    assert all(led["rescue"] == 0 for led in s.ledger)


def test_refreshments_draw_past_weather_and_the_heavy_rucksack():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Blister", "Catbells", "Skiddaw", "Robinson"], []],
        deck=["Weather", "Rucksack", "Helvellyn"],
    )
    s.apply(("refresh", next(c for c in s.hands[0] if s.faces.kind[c] == BLISTER)))
    assert s.weather.raining and s.rucksack.holder == 0 and card(s, "Helvellyn") in s.hands[0]
    assert len(s.hands[0]) == 4
    s.invariants()


def test_with_every_other_card_held_the_played_card_is_reshuffled_and_drawn_back():
    s = position(2, hands=[["Walla Crag"], []])
    s.deck, s.discard = [], []
    s.hands[1] = [
        c for c in range(len(s.faces)) if c != card(s, "Walla Crag") and c != s.faces.rucksack
    ]
    walk(s, "Walla Crag", "Castlehead")
    assert s.hands[0] == [card(s, "Walla Crag")]  # the discarded card was the only one to draw
