"""Scenario tests for the rule readings of issue 12: clearing after the move (5.), trades at any
time during the move (6., 9.), the Wild card played at once (11.), red cards without moving
powers (11.), forced moves and landslides (7., 11.), the chainsaw's second cut (5.), a move given
up leaves no trace (Moving Rule 7), and the board's documented asymmetry."""

import pytest

from simkit.core.errors import DataError
from simkit.games.timber_tom.cards import MOVING_POWERS, RED, Effect, parse_cards
from simkit.games.timber_tom.rules import Tray, default_board, default_deck
from simkit.games.timber_tom.scenario import (
    at,
    make_state,
    place,
    plant,
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
    "ff........BBB",  # 5  f: flood zone
]
LANDSLIDE = 11  # trouble: every hiker in the 1000 zone slides 2 spaces downhill
BROKEN_BRIDGE = 14  # trouble: every hiker in a flood zone is forced 3 spaces back
TO_FLOOD = ((5, 5), (5, 4), (5, 3), (5, 2), (5, 1), (5, 0))  # from (5, 6)
ALONG_ROW_4 = ((4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6))  # from (4, 0), a Move-6 zone


def walk(st, *cells, how=""):
    for r, c in cells:
        st.apply(("step", at(st, r, c), how))


def wild_numbers(st):
    return [c.number for c in st.rules.deck if c.kind == "wild"]


# ------------------------------------------------------------------ 5. clearing after the move
def test_an_axe_or_chainsaw_clears_a_tree_next_to_the_hiker_after_its_move():
    st = make_state(MAP)
    place(st, 0, 4, 0)
    plant(st, (3, 6))
    start_turn(st, 0)
    walk(st, *ALONG_ROW_4)
    st.apply(("stop",))
    tree = at(st, 3, 6)
    assert st.view(0).phase == "clear"
    assert set(st.legal_actions()) == {
        ("clear", -1, ""),
        ("clear", tree, "axe"),
        ("clear", tree, "saw"),
    }
    st.apply(("clear", tree, "axe"))
    assert not st.trees[tree] and st.axes[0] == 2 and st.stats["trees_cleared"][0] == 1
    assert st.planting.plant_left == 2  # then the landing plants by its zone (250)


def test_no_clearing_after_the_move_without_a_tool():
    st = make_state(MAP)
    place(st, 0, 4, 0)
    plant(st, (3, 6))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0)
    walk(st, *ALONG_ROW_4)
    st.apply(("stop",))
    assert not [a for a in st.legal_actions() if a[0] == "clear"]


# ------------------------------------------------------------------ 6. trades at any time
def test_a_pack_trade_with_one_space_left_lets_one_for_one_clear_the_tree_ahead():
    st = make_state(MAP)
    place(st, 0, 4, 0)
    plant(st, (4, 6))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0)
    walk(st, *ALONG_ROW_4[:5])
    tree = at(st, 4, 6)
    legal = st.legal_actions()
    assert ("step", tree, "141") not in legal  # one space left: One-for-One alone is short
    assert ("extra", "pack") in legal and ("extra", "flight") in legal
    st.apply(("extra", "pack"))
    st.apply(("step", tree, "141"))
    assert st.move.counted == st.move.allowance == 6 and ("stop",) in st.legal_actions()


# ------------------------------------------------------------------ 11. the Wild card at once
def test_a_wild_card_drawn_can_be_played_at_once_for_two_more_spaces_through_trees():
    st = make_state(MAP)
    place(st, 0, 5, 6)
    plant(st, (4, 0))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0)
    stack_cards(st, wild_numbers(st)[0])
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert st.legal_actions() == [("wild", 1), ("wild", 0)]
    st.apply(("wild", 1))
    assert (
        st.move.allowance == st.move.counted + 2
        and ("step", at(st, 4, 0), "wild") in st.legal_actions()
    )
    st.apply(("step", at(st, 4, 0), "wild"))
    st.apply(("step", at(st, 3, 0), ""))
    st.apply(("stop",))
    assert st.pos[0] == at(st, 3, 0) and not st.trees[at(st, 4, 0)]
    assert st.wild[0] == -1 and st.planting.plant_left == 2  # landed anew, in the 1000 zone
    st.invariants()


def test_a_wild_card_drawn_can_be_kept_for_later():
    st = make_state(MAP)
    place(st, 0, 5, 6)
    start_turn(st, 0)
    first = wild_numbers(st)[0]
    stack_cards(st, first)
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    st.apply(("wild", 0))
    assert st.rules.deck[st.wild[0]].number == first
    assert st.current_player() == 1  # the turn went on as before


# ------------------------------------------------------------------ 11. red cards
def test_no_red_card_of_the_deck_adds_spaces_or_moves_a_hiker():
    for card in default_deck():
        if card.kind == RED:
            assert not {e.do for roll in card.on_roll for e in roll} & MOVING_POWERS


@pytest.mark.parametrize("power", sorted(MOVING_POWERS))
def test_the_loader_refuses_a_red_card_with_moving_power(power):
    doc = {"card": [{"number": 1, "kind": "red", "trees": 0, "on_5": [{"do": power}]}]}
    with pytest.raises(DataError, match="no moving powers"):
        parse_cards(doc, "my-cards.toml")


# ------------------------------------------------------------------ 7./11. forced moves, landslides
def _steps_home(st, node):
    return len(st.board.connected_to_camp(node, st.trees)) - 1


def test_a_landslide_carries_hikers_in_its_zone_downhill():
    st = make_state(MAP, 3)
    place(st, 1, 3, 3)  # 1000 zone
    place(st, 2, 3, 6)  # 500 zone: not named
    place(st, 0, 5, 6)
    start_turn(st, 0)
    stack_cards(st, LANDSLIDE)
    before = _steps_home(st, st.pos[1])
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert _steps_home(st, st.pos[1]) == before - 2
    assert st.pos[2] == at(st, 3, 6)
    st.invariants()


def test_a_refuge_protects_from_a_landslide():
    st = make_state(MAP)
    place(st, 1, 2, 10)  # the low refuge (500)
    st._apply_effect(Effect("landslide", 2, "all", "500"))
    assert st.pos[1] == at(st, 2, 10)


def test_a_broken_bridge_forces_the_drawer_back_the_way_it_came():
    st = make_state(MAP)
    place(st, 0, 5, 6)
    start_turn(st, 0)
    stack_cards(st, BROKEN_BRIDGE)
    walk(st, *TO_FLOOD)
    st.apply(("stop",))
    assert st.pos[0] == at(st, 5, 3) and st.planting.plant_left == 2  # 3 back; the card's trees


def test_a_forced_move_back_never_ends_on_another_hiker():
    st = make_state(MAP, 3)
    place(st, 0, 5, 6)
    start_turn(st, 0)
    stack_cards(st, BROKEN_BRIDGE)
    walk(st, *TO_FLOOD)
    place(st, 2, 5, 3)  # stands where the drawer would be sent back to
    st.apply(("stop",))
    assert st.pos[0] == at(st, 5, 2)
    st.invariants()


# ------------------------------------------------------------------ 5. the chainsaw's second cut
def _saw_then_next_move(saw_cut_kept):
    st = make_state(MAP, saw_cut_kept=saw_cut_kept)
    place(st, 0, 4, 0)
    plant(st, (4, 2), (3, 6))
    set_tray(st, 0, axes=0, saws=1)
    start_turn(st, 0)
    walk(st, (4, 1))
    st.apply(("step", at(st, 4, 2), "saw"))
    walk(st, *ALONG_ROW_4[2:])
    st.apply(("stop",))
    if st.view(0).phase == "clear":  # keep the cut for the next move
        st.apply(("clear", -1, ""))
    while st.current_player() == 0:
        st.apply(st.legal_actions()[0])
    start_turn(st, 0)
    return st, ("step", at(st, 3, 6), "saw")


def test_a_chainsaws_second_cut_keeps_for_a_later_move():
    st, saw_step = _saw_then_next_move(True)
    assert st.saws[0] == 0 and saw_step in st.legal_actions()


def test_with_the_switch_off_the_second_cut_is_lost_at_the_end_of_the_move():
    st, saw_step = _saw_then_next_move(False)
    assert saw_step not in st.legal_actions()


# ------------------------------------------------------------------ Moving Rule 7: turning back
def test_a_move_given_up_keeps_no_treasure_fee_or_trade():
    st = make_state(MAP)
    place(st, 0, 2, 2)  # 1500 zone: Move-4
    place(st, 1, 1, 0)
    set_tray(st, 0, packs=1, flights=0)
    start_turn(st, 0)
    walk(st, (1, 2), (0, 2), (0, 1), (1, 1))  # pays the Snow Cap fee, passes the Treasure
    assert st.treasures[0] == 1 and st.packs[0] == 0
    st.apply(("step", at(st, 1, 0), ""))  # onto the hiker with no space left
    assert st.legal_actions() == [("turn_back",)]
    st.apply(("turn_back",))
    assert st.pos[0] == at(st, 2, 2) and st.treasures[0] == 0
    assert st.packs[0] == 1 and st.snow_paid[0] == 0 and st.stats["supply_packs_used"][0] == 0
    st.invariants()


# ------------------------------------------------------------------ the board is not symmetric
def test_the_default_board_asymmetry_is_as_documented():
    b = default_board()
    rows = sorted({c // b.cols for c in b.camp_spaces})
    assert rows == [12, 13] and b.rows == 27  # half a row north of the centre row 13
    steps = [len(b.connected_to_camp(t, bytes(b.n_nodes))) - 1 for t in b.treasures]
    assert steps == [19, 18, 20, 19]  # Grizzly, Eagle, Glacier, Thunder


def test_a_move_given_up_after_passing_base_camp_undoes_the_restore():
    st = make_state(MAP, tray=Tray(supply_packs=0, heli_flights=0))  # nothing to trade
    place(st, 0, 4, 9)  # next to Base Camp, Move-6
    place(st, 1, 0, 12)
    set_tray(st, 0, axes=0, saws=0, radios=0)
    start_turn(st, 0)
    st.apply(("step", st.board.camp, ""))  # Base Camp restores the tray ...
    assert st.axes[0] == 3 and st.saws[0] == 1 and st.radios[0] == 2
    walk(st, (3, 10), (3, 11), (3, 12), (2, 12), (1, 12), (0, 12))  # ... then onto a hiker
    assert st.legal_actions() == [("turn_back",)]
    st.apply(("turn_back",))
    assert st.pos[0] == at(st, 4, 9)
    assert st.axes[0] == st.saws[0] == st.radios[0] == 0
    st.invariants()
