"""Strategy scenarios (issue 10), scripted-test style: positions built through the engine, each a
move a competent hiker clearly makes or avoids, asserted for every heuristic that faces it."""

import pytest

from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy
from simkit.games.timber_tom.scenario import (
    at,
    hold_wild,
    make_state,
    place,
    plant,
    set_tray,
    stack_cards,
    start_turn,
)

HEURISTICS = ("trailblazer", "blocker", "climber")

#        0123456789012
MAP = [
    "^1^MMmmoo....",  # 0  1: the Treasure Space
    "^^^MRmm+o....",  # 1  R: 1500 refuge (supplies), +: 1000 hot-spot
    "MMMMmmmoo.r..",  # 2  r: low refuge (axes)
    "mmqmmooo*....",  # 3  q: 1000 helipad, *: 500 hot-spot
    "oooooo..P.BBB",  # 4  P: 250 helipad
    "ff.......fBBB",  # 5  f: flood zone
]
ROW_4_EAST = ((4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6))  # from (4, 0), Move-6


def choice(name, st, seat=None):
    seat = st.current_player() if seat is None else seat
    player = make_strategy(name, "timber-tom")
    return player.choose(st.view(seat), st.legal_actions(), GameRng(7))


def play_move(name, st, seat=0):
    """Let the heuristic play the rest of its move, and a flight after it."""
    player = make_strategy(name, "timber-tom")
    rng = GameRng(7)
    while st.current_player() == seat and st.view(seat).phase in ("move", "fly"):
        st.apply(player.choose(st.view(seat), st.legal_actions(), rng))


def walk(st, *cells):
    for r, c in cells:
        st.apply(("step", at(st, r, c), ""))


def on_a_shortest_way(st, start, goal, node):
    """Whether ``node`` lies on a shortest tree-free way from ``start`` to ``goal``."""
    b = st.board

    def dist_from(src):
        d = [-1] * b.n_nodes
        d[src] = 0
        frontier = [src]
        while frontier:
            nxt = []
            for u in frontier:
                for v in b.neighbours[u]:
                    if d[v] < 0 and not st.trees[v]:
                        d[v] = d[u] + 1
                        nxt.append(v)
            frontier = nxt
        return d

    a, z = dist_from(start), dist_from(goal)
    return a[node] >= 0 and z[node] >= 0 and a[node] + z[node] == a[goal]


# --------------------------------------------------------------------------- the scenarios
def no_room_next_to_a_hiker():
    st = make_state(MAP)
    place(st, 0, 4, 0)
    place(st, 1, 3, 6)
    start_turn(st, 0)
    walk(st, *ROW_4_EAST)
    return st


def no_room_on_a_refuge_next_to_a_hiker():
    st = make_state(MAP)
    place(st, 0, 2, 12)
    place(st, 1, 3, 10)
    start_turn(st, 0)
    walk(st, (1, 12), (0, 12), (0, 11), (1, 11), (1, 10), (2, 10))
    return st


@pytest.mark.parametrize("name", HEURISTICS)
@pytest.mark.parametrize("build", [no_room_next_to_a_hiker, no_room_on_a_refuge_next_to_a_hiker])
def test_with_no_space_left_it_stops_rather_than_jump_a_hiker(name, build):
    st = build()
    assert choice(name, st) == ("stop",)


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_keeps_the_last_pack_its_snow_cap_needs(name):
    st = make_state(MAP)
    place(st, 0, 3, 0)  # 1000 zone: Move-5
    set_tray(st, 0, packs=1, flights=0)
    start_turn(st, 0)
    walk(st, (4, 0), (4, 1), (3, 1), (2, 1), (2, 0))  # next to the Snow Cap, no space left
    assert choice(name, st) == ("stop",)


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_collects_the_treasure_in_passing(name):
    st = make_state(MAP)
    place(st, 0, 2, 2)  # 1500 zone, Move-4: the Treasure is 3 spaces away
    start_turn(st, 0)
    play_move(name, st)
    assert st.treasures[0] == 1


@pytest.mark.parametrize("name", HEURISTICS)
def test_with_its_treasures_it_goes_home_when_home_is_in_reach(name):
    st = make_state(MAP)
    place(st, 0, 4, 5)
    st.treasures[0] = 1
    start_turn(st, 0)
    play_move(name, st)
    assert st.finished[0]


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_trades_a_pack_to_get_home_this_move(name):
    st = make_state(MAP)
    place(st, 0, 4, 3)  # Move-6, Base Camp 7 spaces away
    st.treasures[0] = 1
    set_tray(st, 0, flights=0)
    start_turn(st, 0)
    play_move(name, st)
    assert st.finished[0] and st.packs[0] == 2


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_trades_the_wild_card_before_a_pack_to_get_home(name):
    # A drawn finish counts a pack 1.5 points and the Wild card nothing: the Wild goes first.
    st = make_state(MAP)
    hold_wild(st, 0)
    place(st, 0, 4, 3)  # Move-6, Base Camp 7 spaces away
    st.treasures[0] = 1
    set_tray(st, 0, flights=0)
    start_turn(st, 0)
    play_move(name, st)
    assert st.finished[0] and st.packs[0] == 3 and st.wild[0] == -1


@pytest.mark.parametrize("name", HEURISTICS)
def test_on_the_last_leg_it_clears_by_one_for_one_rather_than_spend_a_token(name):
    st = make_state(MAP)
    place(st, 0, 4, 5)  # Move-6; home 5 spaces away through the tree at (4, 6)
    st.treasures[0] = 1
    plant(st, (4, 6), (5, 5), (3, 5))
    start_turn(st, 0)
    assert choice(name, st) == ("step", at(st, 4, 6), "141")


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_never_plants_on_its_own_way_to_the_treasure(name):
    st = make_state(MAP)
    place(st, 0, 4, 0)
    place(st, 1, 3, 4)  # the rival heads for the same Treasure, ahead of it
    start_turn(st, 0)
    walk(st, *ROW_4_EAST)
    st.apply(("stop",))
    if st.view(0).phase == "clear":
        st.apply(("clear", -1, ""))
    me = st.pos[0]
    treasure = st.board.treasures[0]
    for _ in range(st.planting.plant_left):
        act = choice(name, st, 0)
        assert act[0] == "plant" and not on_a_shortest_way(st, me, treasure, act[1])
        st.apply(act)


def landed_on_the_250_helipad(treasures=0):
    st = make_state(MAP)
    place(st, 0, 4, 2)
    st.treasures[0] = treasures
    start_turn(st, 0)
    walk(st, (4, 3), (4, 4), (4, 5), (4, 6), (4, 7), (4, 8))
    st.apply(("stop",))
    assert st.view(0).phase == "fly"
    return st


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_flies_when_a_helipad_near_its_goal_saves_many_spaces(name):
    st = landed_on_the_250_helipad()
    assert choice(name, st) == ("fly", at(st, 3, 2))


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_does_not_fly_away_from_its_goal(name):
    st = landed_on_the_250_helipad(treasures=1)  # homeward: Base Camp is 2 spaces away
    assert choice(name, st) == ("fly", -1)


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_plays_for_an_exact_landing_on_a_helipad_worth_flying_from(name):
    st = make_state(MAP)
    place(st, 0, 3, 11)  # Move-6; the 250 helipad is 4 spaces away, the Treasure 13
    start_turn(st, 0)
    play_move(name, st)
    assert st.pos[0] == at(st, 3, 2) and st.stats["flights"][0] == 1


@pytest.mark.parametrize("name", HEURISTICS)
def test_a_wild_card_that_brings_home_within_reach_is_played_at_once(name):
    st = make_state(MAP)
    place(st, 0, 5, 3)
    st.treasures[0] = 1
    set_tray(st, 0, packs=0, flights=0)
    start_turn(st, 0)
    stack_cards(st, next(c.number for c in st.rules.deck if c.kind == "wild"))
    walk(st, (5, 4), (5, 5), (5, 6), (5, 7), (5, 8), (5, 9))  # a flood space next to home
    st.apply(("stop",))
    assert choice(name, st) == ("wild", 1)


@pytest.mark.parametrize("name", HEURISTICS)
def test_out_of_packs_on_a_hot_spot_it_radios_to_the_supply_refuge(name):
    st = make_state(MAP)
    place(st, 0, 1, 3)  # 1500 zone, Move-4: the 1000 hot-spot is 4 spaces east
    set_tray(st, 0, packs=0)
    start_turn(st, 0)
    walk(st, (1, 4), (1, 5), (1, 6), (1, 7))
    st.apply(("stop",))
    assert choice(name, st) == ("radio", at(st, 1, 4))


@pytest.mark.parametrize("name", HEURISTICS)
def test_ringed_in_it_lifts_a_tree_next_to_it(name):
    st = make_state(MAP)
    place(st, 0, 3, 5)
    plant(st, (2, 5), (4, 5), (3, 4), (3, 6))
    start_turn(st, 0)
    act = choice(name, st)
    assert act[0] == "lift" and act[1] in {at(st, *c) for c in ((2, 5), (4, 5), (3, 4), (3, 6))}


#              0123456789012
LAST_LEG_MAP = [
    "^1^MMmmoo....",  # 0
    "^^^MRmm+o....",  # 1
    "MMMMmmmoo.r..",  # 2
    "mqmmmooo*....",  # 3  q: 1000 helipad, 10 spaces from Base Camp
    "oooooo....BBB",  # 4
    "ff..P....fBBB",  # 5  P: 250 helipad, 6 spaces from Base Camp
]


@pytest.mark.parametrize("name", HEURISTICS)
def test_on_the_last_leg_it_keeps_a_flight_token_that_saves_no_move(name):
    st = make_state(LAST_LEG_MAP)
    place(st, 0, 4, 0)
    st.treasures[0] = 1  # homeward
    start_turn(st, 0)
    walk(st, (5, 0), (5, 1), (5, 2), (4, 2), (3, 2), (3, 1))
    st.apply(("stop",))
    assert ("fly", at(st, 5, 4)) in st.legal_actions()
    # 4 spaces nearer home, but two moves either way: the token counts 1.5 in a drawn finish
    assert choice(name, st) == ("fly", -1)


# --------------------------------------------------------------------------- where trees go
def free_spaces(st, start, goal):
    """Spaces from ``start`` to ``goal`` between the trees (None: trees close every way)."""
    b = st.board
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for u in frontier:
            for v in b.neighbours[u]:
                if v not in seen and not st.trees[v]:
                    seen[v] = seen[u] + 1
                    nxt.append(v)
        frontier = nxt
    return seen.get(goal)


def first_tree(name, st):
    """The planter (seat 0, homeward) ends its move on the 250 zone: the first tree it plants."""
    st.treasures[0] = 1
    place(st, 0, 5, 0)
    start_turn(st, 0)
    walk(st, (5, 1), (5, 2), (5, 3), (5, 4), (5, 5), (5, 6))
    st.apply(("stop",))
    assert st.view(0).phase == "plant"
    act = choice(name, st, 0)
    assert act[0] == "plant"
    return act[1]


#               0123456789012
NARROWS_MAP = [
    "1^^~~~~~~~~~~",  # 0
    "^^^~~~~~~~~~~",  # 1
    "MMMMmmmmmmmmm",  # 2  the way to the Treasure narrows to one lane west of column 4
    "~~~~mmmmmmmmm",  # 3
    "..........BBB",  # 4
    "..........BBB",  # 5
]


@pytest.mark.parametrize("name", HEURISTICS)
def test_it_plants_where_the_rival_cannot_walk_round_the_tree(name):
    st = make_state(NARROWS_MAP)
    place(st, 1, 3, 12)  # the rival heads for the Treasure: rows 2 and 3 both lead there
    rival, treasure = st.pos[1], st.board.treasures[0]
    before = free_spaces(st, rival, treasure)
    st.trees[first_tree(name, st)] = 1
    after = free_spaces(st, rival, treasure)
    assert after is None or after > before


@pytest.mark.parametrize("name", HEURISTICS)
def test_a_rival_a_step_from_its_treasure_gets_the_tree_on_its_way_home(name):
    st = make_state(NARROWS_MAP)
    place(st, 1, 0, 1)  # next to its last Treasure: then home through the narrows
    treasure = st.board.treasures[0]
    before = free_spaces(st, treasure, st.board.camp)
    st.trees[first_tree(name, st)] = 1
    after = free_spaces(st, treasure, st.board.camp)
    assert after is None or after > before


#                0123456789012345
HELIPADS_MAP = [
    "1^MMMMMMMMMMMMMM",  # 0
    "^^q~~~~~~~~~~~~M",  # 1  q: a helipad three spaces from the Treasure
    "MMMMMMMMMMMMMMMM",  # 2
    "M~~~~~~~~~~~~~m~",  # 3  one lane down to the other helipad
    ".......BBB....q.",  # 4
    ".......BBB......",  # 5
]


@pytest.mark.parametrize("name", HEURISTICS)
def test_a_rival_about_to_fly_gets_the_tree_on_its_way_to_the_helipad(name):
    st = make_state(HELIPADS_MAP)
    place(st, 1, 2, 15)  # 17 spaces on foot to the Treasure; 3 to a helipad, a flight and 3
    set_tray(st, 1, flights=1)
    rival, take_off = st.pos[1], at(st, 4, 14)
    before = free_spaces(st, rival, take_off)
    st.trees[first_tree(name, st)] = 1
    after = free_spaces(st, rival, take_off)
    assert after is None or after > before


# Exact landings (issue 11): the only way onto the take-off helipad (4, 14) is the lane down
# column 14, and row 2 is a 1500 zone (Move-4): a hiker holding a flight token lands there only
# with a move of exactly the right length.
@pytest.mark.parametrize("name", HEURISTICS)
@pytest.mark.parametrize(
    ("start", "tree", "how"),
    [
        ((2, 15), (2, 14), "141"),  # 3 spaces, the tree by One-for-One making them 4
        ((2, 12), (2, 13), "axe"),  # 4 spaces, the tree cleared on the way
        ((2, 11), None, ""),  # 5 spaces: a spare pack traded for the fifth
    ],
)
def test_it_lands_on_its_take_off_helipad_through_a_tree_or_with_a_pack(name, start, tree, how):
    st = make_state(HELIPADS_MAP)
    place(st, 0, *start)
    place(st, 1, 5, 0)
    if tree:
        plant(st, tree)
    set_tray(st, 0, flights=1)
    start_turn(st, 0)
    first = ("step", at(st, *tree), how) if tree else ("extra", "pack")
    assert choice(name, st) == first
    play_move(name, st)
    assert st.pos[0] == at(st, 1, 2) and st.stats["flights"][0] == 1
