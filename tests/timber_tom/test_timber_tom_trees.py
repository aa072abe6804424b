"""Scenario tests for 3. Rolling 4, 4. Tree Planting and 5. Tree Clearing."""

from simkit.games.timber_tom.scenario import at, make_state, place, plant, set_tray, start_turn

#        0123456789012
MAP = [
    "^1^MMmmoo....",  # 0
    "^^^MMmmoo....",  # 1
    "MMMMmmmoo....",  # 2
    "mmmmmooo.....",  # 3
    "oooooo....BBB",  # 4
    "..........BBB",
]  # 5


def step(st, r, c, how=""):
    st.apply(("step", at(st, r, c), how))


def walk_row5(st, upto):
    for c in range(1, upto + 1):
        step(st, 5, c)


def hows(st, r, c):
    return {a[2] for a in st.legal_actions() if a[0] == "step" and a[1] == at(st, r, c)}


def test_a_move_ending_in_a_tree_zone_plants_its_tree_value_anywhere_allowed():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    place(st, 1, 4, 4)
    start_turn(st, 0)
    walk_row5(st, 6)
    st.apply(("stop",))
    assert st.planting.plant_left == 2
    spaces = {a[1] for a in st.legal_actions()}
    assert at(st, 4, 4) not in spaces  # a hiker stands there
    assert at(st, 1, 0) not in spaces and at(st, 0, 1) not in spaces  # Snow Cap, treasure
    assert at(st, 4, 10) not in spaces  # Base Camp
    assert at(st, 2, 0) in spaces and at(st, 3, 0) in spaces
    st.apply(("plant", at(st, 2, 0)))
    st.apply(("plant", at(st, 3, 0)))
    assert st.current_player() == 1 and st.planting.box == st.rules.tree_box - 2
    assert st.stats["trees_planted"][0] == 2


def test_no_trees_on_refuges_or_helipads():
    rows = list(MAP)
    rows[3] = "mmrmmPoo....."
    st = make_state(rows)
    place(st, 0, 5, 0)
    start_turn(st, 0)
    walk_row5(st, 6)
    st.apply(("stop",))
    spaces = {a[1] for a in st.legal_actions()}
    assert at(st, 3, 2) not in spaces and at(st, 3, 5) not in spaces


def test_axe_clears_one_tree_and_chainsaw_two():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    plant(st, (5, 2), (5, 3), (5, 4))
    set_tray(st, 0, axes=1, saws=1)
    start_turn(st, 0)
    step(st, 5, 1)
    assert hows(st, 5, 2) == {"axe", "saw", "141"}
    step(st, 5, 2, "axe")
    assert st.axes[0] == 0 and st.planting.box == st.rules.tree_box - 2
    step(st, 5, 3, "saw")
    assert st.saws[0] == 0 and st.chainsaw.cuts == 1
    step(st, 5, 4, "saw")  # the chainsaw's second tree
    assert st.chainsaw.cuts == 0 and st.stats["trees_cleared"][0] == 3


def test_one_for_one_takes_a_point_off_the_move_per_tree_once_per_mountain():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    plant(st, (5, 2), (5, 3))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0)
    step(st, 5, 1)
    step(st, 5, 2, "141")
    step(st, 5, 3, "141")  # the same move may take off more points
    assert st.move.allowance == 4 and st.move.counted == 3
    step(st, 5, 4)
    assert ("stop",) in st.legal_actions()
    st.apply(("stop",))
    while st.phase == 2:  # plant
        st.apply(st.legal_actions()[-1])
    # next time on this mountain the rule is used up
    place(st, 0, 5, 0)
    plant(st, (5, 1))
    start_turn(st, 0)
    assert hows(st, 5, 1) == set()


def test_rolling_4_removes_a_tree_and_replants_it():
    rows = list(MAP)
    rows[5] = "f.........BBB"
    st = make_state(rows)
    place(st, 0, 5, 0)
    plant(st, (5, 2))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0, dice=[4])
    step(st, 5, 1)
    assert "roll4" in hows(st, 5, 2)
    step(st, 5, 2, "roll4")
    assert st.planting.hand == 1
    step(st, 5, 3)
    step(st, 5, 4)
    st.apply(("stop",))
    assert st.phase == 2 and st.planting.hand == 1  # replant the lifted tree first ...
    assert ("plant", at(st, 5, 2)) not in st.legal_actions()  # ... elsewhere
    st.apply(("plant", at(st, 2, 0)))
    assert st.planting.hand == 0 and st.planting.plant_left == 2 and st.trees[at(st, 2, 0)]


def test_rolling_4_unused_on_the_path_may_lift_any_tree_after_the_move():
    rows = list(MAP)
    rows[5] = "f.........BBB"
    st = make_state(rows)
    place(st, 0, 5, 0)
    plant(st, (2, 0))
    start_turn(st, 0, dice=[4])
    walk_row5(st, 4)
    st.apply(("stop",))
    assert st.legal_actions() == [("lift", -1), ("lift", at(st, 2, 0))]
    st.apply(("lift", at(st, 2, 0)))
    assert st.planting.hand == 1 and st.phase == 2


def test_a_ringed_in_hiker_may_move_three_trees_before_moving():
    st = make_state(MAP)
    place(st, 1, 5, 2)
    plant(st, (5, 1), (5, 3), (4, 2))
    start_turn(st, 1)
    assert st.planting.relief_left == 3 and st.phase == 1  # lift
    st.apply(("lift", at(st, 5, 3)))
    assert st.planting.hand == 1 and st.phase == 2
    st.apply(("plant", at(st, 2, 0)))
    st.apply(("lift", -1))
    assert st.phase == 0 and st.move.allowance == 6


def test_no_one_may_ring_themselves_in():
    st = make_state(MAP)
    place(st, 0, 5, 0)
    plant(st, (4, 0), (4, 1))
    start_turn(st, 0)
    # the hiker plants while standing in the corner, whose only way out is (5,1) then (5,2)
    st.phase, st.stage, st.planting.plant_left = 2, 3, 1
    st._legal = None
    spaces = {a[1] for a in st.legal_actions()}
    assert at(st, 5, 1) not in spaces and at(st, 5, 2) not in spaces
    assert at(st, 5, 3) in spaces
    # another hiker may ring them in
    st.seat = 1
    st._legal = None
    assert at(st, 5, 1) in {a[1] for a in st.legal_actions()}


def test_an_empty_tree_box_takes_trees_from_the_1500_zones_then_1000():
    st = make_state(MAP, tree_box=3)
    place(st, 0, 5, 0)
    plant(st, (2, 0), (3, 0), (4, 0))
    start_turn(st, 0)
    walk_row5(st, 6)
    st.apply(("stop",))
    assert st.legal_actions() == [("uproot", at(st, 2, 0))]
    st.apply(("uproot", at(st, 2, 0)))
    st.apply(("plant", at(st, 5, 9)))
    assert st.legal_actions() == [("uproot", at(st, 3, 0))]
