"""Scenario tests for A. Objective, 12. Return to Base Camp and 13. Winning (Fair and Square)."""

import pytest

from simkit.games.timber_tom.rules import ResourcePoints
from simkit.games.timber_tom.scenario import (
    at,
    make_state,
    place,
    set_tray,
    stack_cards,
    start_turn,
)
from simkit.games.timber_tom.scoring import resource_score

#        0123456789012
MAP = [
    "^1^MMmmoo....",  # 0
    "^^^MMmmoo....",  # 1
    "MMMMmmmoo....",  # 2
    "mmmmmooo.....",  # 3
    "oooooo....BBB",  # 4
    "ff........BBB",
]  # 5

NEXT_TO_CAMP = ((3, 10), (4, 9), (5, 9), (3, 11), (3, 12))


def race(n, ready, **rules):
    """Hikers in ``ready`` hold the Treasure and stand next to Base Camp; the rest far away."""
    st = make_state(MAP, n, treasures_to_win=1, **rules)
    for s in range(n):
        if s in ready:
            st.treasures[s] = 1
            place(st, s, *NEXT_TO_CAMP[s])
        else:
            place(st, s, 3, s)
    start_turn(st, 0)
    return st


def go_home(st):
    st.apply(("step", st.board.camp, ""))


def take_a_plain_turn(st):
    """A hiker not yet home just wanders (first legal actions) until the turn passes."""
    seat = st.current_player()
    while st.current_player() == seat and not st.is_terminal():
        acts = st.legal_actions()
        steps = [a for a in acts if a[0] == "step" and a[1] != st.board.camp]
        st.apply(steps[0] if steps else acts[0])


def test_chief_hiker_home_first_can_be_drawn_by_all_in_the_same_round():
    st = race(3, {0, 1, 2})
    set_tray(st, 1, packs=1)
    go_home(st)
    assert st.finished[0] and not st.is_terminal() and st.current_player() == 1
    go_home(st)
    go_home(st)
    assert st.is_terminal() and st.end_reason == "normal"
    out = st.outcome()
    assert out.win_shares == (0.5, 0.0, 0.5)  # seat 1 drew but kept fewer resources
    assert out.extras["x_moves_to_finish"] == (1, 1, 1)
    assert out.extras["x_drawn"] == (1, 1, 1)


def test_chief_hiker_wins_outright_when_no_one_follows_this_round():
    st = race(3, {0})
    go_home(st)
    take_a_plain_turn(st)
    take_a_plain_turn(st)
    assert st.is_terminal() and st.outcome().win_shares == (1.0, 0.0, 0.0)
    assert st.outcome().extras["x_drawn"] == (0, 0, 0)


def test_hikers_home_before_the_chief_are_drawn_and_the_chief_cannot_win():
    st = race(3, {1, 2})
    take_a_plain_turn(st)
    go_home(st)
    go_home(st)
    assert st.is_terminal()
    assert st.outcome().win_shares == (0.0, 0.5, 0.5)


def test_in_a_two_player_game_hiker_2_home_first_wins_outright():
    st = race(2, {1})
    take_a_plain_turn(st)
    go_home(st)
    assert st.is_terminal() and st.outcome().win_shares == (0.0, 1.0)


def test_the_last_hiker_of_the_round_home_first_wins_outright():
    st = race(4, {3})
    for _ in range(3):
        take_a_plain_turn(st)
    go_home(st)
    assert st.is_terminal() and st.outcome().win_shares == (0.0, 0.0, 0.0, 1.0)


def test_plain_first_back_wins_ends_at_once():
    st = race(3, {0, 1, 2}, fair_and_square=False)
    go_home(st)
    assert st.is_terminal() and st.outcome().win_shares == (1.0, 0.0, 0.0)


def test_final_return_ends_the_turn_without_restoring_or_trees_and_card_effects():
    st = race(2, {0})
    set_tray(st, 0, packs=1, axes=1)
    go_home(st)
    assert st.packs[0] == 1 and st.axes[0] == 1 and st.planting.plant_left == 0
    assert st.current_player() == 1
    # hiker 2 lands in the flood zone and draws Gale (every other hiker loses an axe)
    place(st, 1, 5, 6)
    start_turn(st, 1)
    stack_cards(st, 21)
    for c in (5, 4, 3, 2, 1, 0):
        st.apply(("step", at(st, 5, c), ""))
    st.apply(("stop",))
    assert st.axes[0] == 1


def test_a_return_without_enough_treasures_is_not_a_finish():
    st = race(2, set())
    st.treasures[0] = 0
    place(st, 0, *NEXT_TO_CAMP[0])
    start_turn(st, 0)
    go_home(st)
    assert not st.finished[0] and not st.is_terminal()


def test_long_game_needs_three_treasures():
    rows = [
        "^1^.....^2^.",
        "^^^.....^^^.",
        "............",
        "....BBB.....",
        "....BBB.....",
        "^3^.........",
        "^^^.........",
    ]
    st = make_state(rows, treasures_to_win=3)
    place(st, 0, 2, 4)
    st.treasures[0] = 0b011
    start_turn(st, 0)
    go_home(st)
    assert not st.finished[0]
    st.treasures[0] = 0b111
    place(st, 0, 2, 5)
    start_turn(st, 0)
    go_home(st)
    assert st.finished[0]


def test_drawn_game_resource_count():
    points = ResourcePoints()
    # 2 supply packs, 1 Heli-flight, 1 radio, 1 chainsaw, 2 axes: 3 + 1.5 + 1 + 1 + 1
    assert resource_score(points, 2, 1, 1, 1, 2) == pytest.approx(7.5)


def test_drawn_game_ties_go_to_most_supply_packs_then_flights():
    st = race(2, {0, 1})
    set_tray(st, 0, packs=2, flights=0, radios=0, saws=0, axes=0)
    set_tray(st, 1, packs=0, flights=2, radios=0, saws=0, axes=0)
    go_home(st)
    go_home(st)
    out = st.outcome()
    assert out.scores == (3.0, 3.0) and out.win_shares == (1.0, 0.0)


def test_identical_resources_are_tied_winners():
    st = race(2, {0, 1})
    go_home(st)
    go_home(st)
    assert st.outcome().win_shares == (0.5, 0.5) and st.outcome().ranks == (1, 1)


def test_the_turn_cap_ends_the_game_as_turn_limit():
    st = make_state(MAP, 2, turn_limit=5, log=False)
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1])
    assert st.end_reason == "turn_limit" and st.outcome().turns == st.turns() == 5
