"""Scenario tests for D. Danger Zones, 6. Supply Packs, 7. Refuges, 8. Heli-Radios, 9. Helipads,
10. Snow Caps and Treasures, 11. Hiking Cards and 12. Return to Base Camp (during the game)."""

from simkit.games.timber_tom.cards import Effect
from simkit.games.timber_tom.scenario import (
    at,
    make_state,
    place,
    set_tray,
    stack_cards,
    start_turn,
)

#        0123456789012
MAP = [
    "^1^MMmmoo....",  # 0
    "^^^MRmm+o....",  # 1  R: 1500 refuge (supplies), +: 1000 hot-spot
    "MMMMmmmoo.r..",  # 2  r: low refuge (axes)
    "mmqmmooo*....",  # 3  q: 1000 helipad, *: 500 hot-spot
    "oooooo..P.BBB",  # 4  P: 250 helipad
    "ff........BBB",
]  # 5  f: flood zone

GALE = 21  # trouble card: every other hiker loses an axe, 3 trees
FLASH_FLOOD = 10  # trouble card: hikers in flood zones lose a pack, 2 trees
ROCKFALL = 1  # red card


def step(st, r, c, how=""):
    st.apply(("step", at(st, r, c), how))


def walk(st, *cells):
    for r, c in cells:
        step(st, r, c)


TO_FLOOD = ((5, 5), (5, 4), (5, 3), (5, 2), (5, 1), (5, 0))
TO_LOW_REFUGE = ((1, 12), (0, 12), (0, 11), (1, 11), (1, 10), (2, 10))


def test_a_refuge_is_landed_on_only_at_the_end_of_the_full_move():
    st = make_state(MAP)
    place(st, 0, 2, 12)
    start_turn(st, 0)
    walk(st, (2, 11), (2, 10))
    assert ("stop",) not in st.legal_actions()


def test_low_refuge_restores_axes_then_plants_by_its_zone():
    st = make_state(MAP)
    place(st, 0, 2, 12)
    set_tray(st, 0, axes=0, packs=1, saws=0)
    start_turn(st, 0)
    walk(st, *TO_LOW_REFUGE)
    st.apply(("stop",))
    assert st.axes[0] == 3 and st.packs[0] == 1 and st.planting.plant_left == 3
    assert st.saws[0] == 0  # a chainsaw comes back only at Base Camp


def test_high_refuge_restores_supply_packs_and_plants_one():
    st = make_state(MAP)
    place(st, 0, 2, 4)  # 1000 zone: move 5
    set_tray(st, 0, packs=0)
    start_turn(st, 0)
    walk(st, (2, 5), (1, 5), (0, 5), (0, 4), (1, 4))
    st.apply(("stop",))
    assert st.packs[0] == 3 and st.planting.plant_left == 1


def test_a_refuge_holds_one_hiker():
    st = make_state(MAP)
    place(st, 0, 2, 12)
    place(st, 1, 2, 10)
    set_tray(st, 0, packs=0, flights=0)
    start_turn(st, 0)
    walk(st, *TO_LOW_REFUGE)  # onto the hiker: a jump, not a landing
    assert st.move.counted == 5 and ("stop",) not in st.legal_actions()


def test_flood_zone_landing_draws_a_card_whose_trees_are_planted():
    st = make_state(MAP)
    place(st, 0, 5, 6)
    start_turn(st, 0)
    stack_cards(st, FLASH_FLOOD)
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert st.stats["cards_drawn"][0] == 1 and st.planting.plant_left == 2
    assert st.packs[0] == 2  # Flash Flood: hikers in flood zones lose a pack


def test_snow_cap_card_is_optional():
    st = make_state(MAP)
    place(st, 0, 2, 4)
    start_turn(st, 0)
    walk(st, (2, 3), (2, 2), (2, 1), (1, 1), (1, 0))
    st.apply(("stop",))
    assert set(st.legal_actions()) == {("draw", 1), ("draw", 0)}
    st.apply(("draw", 0))
    assert st.stats["cards_drawn"][0] == 0 and st.current_player() == 1


def test_a_refuge_protects_from_card_penalties():
    st = make_state(MAP, 3)
    place(st, 1, 2, 10)  # on the refuge
    place(st, 2, 4, 0)
    place(st, 0, 5, 6)
    start_turn(st, 0)
    stack_cards(st, GALE)
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert st.axes == [3, 3, 2] and st.planting.plant_left == 3


def test_card_gains_stop_at_three_and_losses_at_zero():
    st = make_state(MAP)
    set_tray(st, 0, packs=3, axes=0)
    st._apply_effect(Effect("gain_packs", 2, "self"))
    st._apply_effect(Effect("lose_axes", 1, "self"))
    assert st.packs[0] == 3 and st.axes[0] == 0


def test_at_most_one_wild_card_per_hiker():
    st = make_state(MAP)
    wilds = [k for k, c in enumerate(st.rules.deck) if c.kind == "wild"]
    numbers = [st.rules.deck[k].number for k in wilds]
    st.wild[0] = wilds[0]  # already holds one
    st.cards.pile.remove(wilds[0])
    place(st, 0, 5, 6)
    start_turn(st, 0)
    stack_cards(st, numbers[1])
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert st.legal_actions() == [("wild", 1), ("wild", 0)]
    st.apply(("wild", 0))  # not played now: it cannot be kept beside the first
    assert st.wild[0] == wilds[0] and wilds[1] in st.cards.used
    st.invariants()


def test_red_card_rolls_the_die_for_its_outcome_and_plants_nothing():
    st = make_state(MAP)
    stack_cards(st, ROCKFALL)
    st.rng.faces = [5]
    set_tray(st, 0, axes=1)
    assert st._draw_card() == 0
    assert st.axes[0] == 2  # Rockfall on a 5: gain an axe


def test_radio_hot_spot_offers_planting_a_card_or_the_radio():
    st = make_state(MAP)
    place(st, 0, 4, 9)
    start_turn(st, 0)
    walk(st, (5, 9), (5, 8), (5, 7), (4, 7), (3, 7), (3, 8))
    st.apply(("stop",))
    assert set(st.legal_actions()) == {
        ("hotspot", "plant"),
        ("hotspot", "card"),
        ("radio", at(st, 2, 10)),
        ("radio", at(st, 1, 4)),
    }
    st.apply(("radio", at(st, 1, 4)))
    assert st.pos[0] == at(st, 1, 4) and st.radios[0] == 1 and st.planting.plant_left == 1


def test_hot_spot_card_replaces_the_zone_tree_value():
    st = make_state(MAP)
    place(st, 0, 4, 9)
    start_turn(st, 0)
    walk(st, (5, 9), (5, 8), (5, 7), (4, 7), (3, 7), (3, 8))
    st.apply(("stop",))
    stack_cards(st, ROCKFALL)
    st.apply(("hotspot", "card"))
    assert st.planting.plant_left == 0 and st.current_player() == 1


def test_helipad_flight_to_a_free_helipad_then_no_further_action():
    st = make_state(MAP)
    place(st, 0, 5, 5)
    start_turn(st, 0)
    walk(st, (5, 6), (5, 7), (5, 8), (5, 9), (4, 9), (4, 8))
    st.apply(("stop",))
    assert set(st.legal_actions()) == {("fly", -1), ("fly", at(st, 3, 2))}
    st.apply(("fly", at(st, 3, 2)))
    assert st.pos[0] == at(st, 3, 2) and st.flights[0] == 1 and st.planting.plant_left == 0
    assert st.current_player() == 1 and st.stats["flights"][0] == 1
    start_turn(st, 0)
    assert st.move.allowance == 5  # the landing pad's 1000 zone


def test_an_occupied_helipad_cannot_be_flown_to():
    st = make_state(MAP)
    place(st, 1, 3, 2)
    place(st, 0, 5, 5)
    start_turn(st, 0)
    walk(st, (5, 6), (5, 7), (5, 8), (5, 9), (4, 9), (4, 8))
    st.apply(("stop",))
    assert st.planting.plant_left == 2 and st.phase == 2  # no free pad: an ordinary 250 space


def test_canoe_crossing_costs_a_supply_pack():
    rows = [
        "^1^MMmmoo....",
        "^^^MMmmoo....",
        "MMMMmmmoo....",
        "~~~~c~~~=~~~~",
        "oooojo....BBB",
        "..........BBB",
    ]
    st = make_state(rows)
    place(st, 0, 5, 4)
    set_tray(st, 0, packs=0)
    start_turn(st, 0)
    step(st, 4, 4)
    assert ("step", at(st, 3, 4), "") not in st.legal_actions()
    set_tray(st, 0, packs=2)
    st._legal = None
    step(st, 3, 4)
    assert st.packs[0] == 1
    assert ("stop",) not in st.legal_actions()  # no move ends in a canoe


def test_first_foot_on_each_snow_cap_costs_a_pack_without_a_space():
    st = make_state(MAP)
    place(st, 0, 2, 1)
    set_tray(st, 0, packs=0)
    start_turn(st, 0)
    assert ("step", at(st, 1, 1), "") not in st.legal_actions()
    set_tray(st, 0, packs=2)
    st._legal = None
    step(st, 1, 1)
    assert st.packs[0] == 1 and st.move.counted == 1 and st.snow_paid[0] == 1
    # leaving and coming back costs nothing more
    place(st, 0, 2, 1)
    start_turn(st, 0)
    step(st, 1, 1)
    assert st.packs[0] == 1


def test_treasure_is_collected_in_passing_even_with_a_hiker_on_it():
    st = make_state(MAP)
    place(st, 0, 2, 1)
    place(st, 1, 0, 1)
    start_turn(st, 0)
    step(st, 1, 1)
    step(st, 0, 1)  # jump the hiker on the Treasure Space
    assert st.treasures[0] == 1 and st.move.counted == 1
    step(st, 0, 0)
    assert st.move.counted == 2


def test_base_camp_restores_everything_and_the_move_goes_on():
    st = make_state(MAP)
    place(st, 0, 3, 10)
    set_tray(st, 0, packs=0, axes=0, saws=0, flights=0, radios=0)
    start_turn(st, 0)
    st.apply(("step", st.board.camp, ""))  # Base Camp, no Treasure yet
    assert (st.packs[0], st.axes[0], st.saws[0], st.flights[0], st.radios[0]) == (3, 3, 1, 2, 2)
    assert not st.finished[0]
    nxt = {a[1] for a in st.legal_actions() if a[0] == "step"}
    assert at(st, 5, 9) in nxt and at(st, 3, 10) not in nxt and ("stop",) in st.legal_actions()
    step(st, 5, 9)
    assert st.move.counted == 2


def test_emergency_forfeits_a_treasure_for_a_flight_home():
    st = make_state(MAP)
    place(st, 0, 3, 0)
    st.treasures[0] = 1
    set_tray(st, 0, packs=0, axes=0, saws=0)
    start_turn(st, 0)
    assert ("emergency", 0) in st.legal_actions()
    st.apply(("emergency", 0))
    assert st.pos[0] == st.board.camp and st.treasures[0] == 0 and st.packs[0] == 3
    assert st.stats["emergencies"][0] == 1 and st.current_player() == 1


def test_no_emergency_while_any_supply_or_clearing_token_is_left():
    st = make_state(MAP)
    place(st, 0, 3, 0)
    st.treasures[0] = 1
    set_tray(st, 0, packs=0, axes=1, saws=0)
    start_turn(st, 0)
    assert not [a for a in st.legal_actions() if a[0] == "emergency"]


def test_without_cards_a_flood_landing_draws_nothing():
    st = make_state(MAP, cards=False)
    place(st, 0, 5, 6)
    start_turn(st, 0)
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert st.stats["cards_drawn"][0] == 0 and st.current_player() == 1


def test_the_radio_reaches_only_free_refuges_of_the_same_mountain():
    from simkit.core.rng import GameRng
    from simkit.games.timber_tom import board as bd
    from simkit.games.timber_tom.rules import Rules
    from simkit.games.timber_tom.state import HOTSPOT, TimberTomState

    st = TimberTomState(Rules(), 2, GameRng(1))
    b = st.board
    spot = next(i for i in range(b.camp) if b.feature[i] == bd.RADIO)
    mine = b.refuges_by_mountain[b.mountain[spot]]
    st.pos[0] = spot
    st.pos[1] = mine[0]
    st.phase = HOTSPOT
    st._legal = None
    radios = {a[1] for a in st.legal_actions() if a[0] == "radio"}
    assert radios == set(mine[1:]) and all(b.mountain[r] == b.mountain[spot] for r in radios)
