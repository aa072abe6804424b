"""Scenario tests for B. Moving Rules, 1. Base Camp, 3. the die, 6. Supply Packs and extras."""

import pytest

from simkit.core.errors import IllegalAction
from simkit.games.timber_tom.scenario import (
    at,
    hold_wild,
    make_state,
    place,
    plant,
    set_tray,
    start_turn,
)

#        0123456789012
MAP = [
    "^1^MMmmoo....",  # 0
    "^^^MMmmoo....",  # 1
    "MMMMmmmoo....",  # 2
    "mmmmmooo.....",  # 3
    "oooooo....BBB",  # 4
    "..........BBB",
]  # 5


def targets(st):
    return {divmod(a[1], st.board.cols) for a in st.legal_actions() if a[0] == "step"}


def step(st, r, c, how=""):
    st.apply(("step", at(st, r, c), how))


def test_first_move_is_six_and_starts_next_to_base_camp():
    st = make_state(MAP)
    assert st.current_player() == 0 and st.move.allowance == 6
    assert targets(st) == {(3, 10), (3, 11), (3, 12), (4, 9), (5, 9)}
    step(st, 4, 9)
    assert st.move.counted == 1


def test_steps_are_perpendicular_and_never_revisit_a_space():
    st = make_state(MAP)
    place(st, 0, 5, 3)
    start_turn(st, 0)
    assert targets(st) == {(4, 3), (5, 2), (5, 4)}
    step(st, 5, 4)
    assert (5, 3) not in targets(st)
    with pytest.raises(IllegalAction):
        step(st, 5, 3)


def test_a_move_goes_its_full_move_value_then_stops():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    start_turn(st, 0)
    for c in range(1, 6):
        step(st, 5, c)
        assert ("stop",) not in st.legal_actions()
    step(st, 5, 6)
    assert ("stop",) in st.legal_actions() and not targets(st)
    st.apply(("stop",))
    assert st.pos[0] == at(st, 5, 6) and st.planting.plant_left == 2  # 250 zone: plant 2


def test_move_values_follow_the_zone_where_the_move_starts():
    st = make_state(MAP)
    for (r, c), value in {(4, 0): 6, (3, 0): 5, (2, 0): 4, (5, 0): 6}.items():
        place(st, 0, r, c)
        start_turn(st, 0)
        assert st.move.allowance == value


def test_jumping_a_hiker_does_not_count_and_no_move_ends_on_one():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    place(st, 1, 5, 6)
    start_turn(st, 0)
    for c in range(1, 6):
        step(st, 5, c)
    step(st, 5, 6)  # onto hiker 2: not counted
    assert st.move.counted == 5
    step(st, 5, 7)
    assert st.move.counted == 6 and ("stop",) in st.legal_actions()


def test_a_move_that_cannot_end_turns_back():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    place(st, 1, 5, 7)
    set_tray(st, 0, packs=0, flights=0)
    start_turn(st, 0)
    for c in range(1, 8):
        step(st, 5, c)  # the last step lands on hiker 2 with no space left to go on
    assert st.legal_actions() == [("turn_back",)]
    st.apply(("turn_back",))
    assert st.pos[0] == at(st, 5, 0) and st.current_player() == 1


def test_tailwind_jumps_a_void_between_land_spaces_counting_one():
    rows = list(MAP)
    rows[4] = "oooooo ...BBB"
    st = make_state(rows)
    place(st, 0, 4, 5)
    start_turn(st, 0)
    assert (4, 7) in targets(st)
    step(st, 4, 7)
    assert st.move.counted == 1


def test_no_tailwind_over_water_or_from_a_bridge():
    rows = list(MAP)
    rows[4] = "oooooo~...BBB"
    st = make_state(rows)
    place(st, 0, 4, 5)
    start_turn(st, 0)
    assert (4, 7) not in targets(st)
    rows[4] = "ooooo= ...BBB"
    rows[3] = "mmmmmfooo...."
    rows[5] = ".....f....BBB"
    st = make_state(rows)
    place(st, 0, 4, 5)
    start_turn(st, 0)
    assert (4, 7) not in targets(st)


def test_supply_pack_flight_token_and_wild_card_buy_spaces():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    start_turn(st, 0)
    for c in range(1, 7):
        step(st, 5, c)
    acts = st.legal_actions()
    assert ("extra", "pack") in acts and ("extra", "flight") in acts
    st.apply(("extra", "pack"))
    assert st.move.allowance == 7 and st.packs[0] == 2 and st.stats["supply_packs_used"][0] == 1
    step(st, 5, 7)
    st.apply(("extra", "flight"))
    assert st.move.allowance == 9 and st.flights[0] == 1


def test_wild_card_gives_two_spaces_and_clears_trees_on_the_path():
    st = make_state(MAP)
    hold_wild(st, 0)
    place(st, 0, 5, 0)
    plant(st, (5, 2))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0)
    step(st, 5, 1)
    assert (5, 2) not in targets(st) or st.used141[0] == 0
    st.apply(("extra", "wild"))
    assert st.move.allowance == 8 and st.wild[0] == -1
    assert ("step", at(st, 5, 2), "wild") in st.legal_actions()
    step(st, 5, 2, "wild")
    assert not st.trees[at(st, 5, 2)]


def test_the_die_moves_in_danger_zones_and_shows_3_4_5():
    rows = list(MAP)
    rows[5] = "fffff.....BBB"
    st = make_state(rows)
    place(st, 0, 5, 0)
    start_turn(st, 0, dice=[5])
    assert st.move.die == 5 and st.move.allowance == 5
    place(st, 0, 1, 0)  # on the Snow Cap
    start_turn(st, 0, dice=[3])
    assert st.move.die == 3 and st.move.allowance == 3
    from simkit.games.timber_tom.rules import DIE_FACES

    assert sorted(set(DIE_FACES)) == [3, 4, 5] and len(DIE_FACES) == 6


def test_fixed_danger_move_value_replaces_the_die():
    rows = list(MAP)
    rows[5] = "fffff.....BBB"
    st = make_state(rows, danger_move=5, cards=False)
    place(st, 0, 5, 0)
    start_turn(st, 0, dice=[3])
    assert st.move.die == 0 and st.move.allowance == 5


def test_seats_move_in_order_from_the_chief_hiker():
    st = make_state(MAP, 3)
    seen = []
    while len(seen) < 4:
        seat = st.current_player()
        if not seen or seen[-1] != seat:
            seen.append(seat)
        acts = st.legal_actions()
        st.apply(acts[0])
    assert seen == [0, 1, 2, 0]
