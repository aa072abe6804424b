"""The rulebook's worked examples, played move by move (PettingZoo-style scripts)."""

from simkit.games.timber_tom.scenario import (
    at,
    make_state,
    place,
    plant,
    set_tray,
    start_turn,
)

TRAIL_MIX = 23  # a light green card: gain a pack, 1 tree


def play(st, script):
    """Each row: (action, check on the state after it)."""
    for action, check in script:
        st.apply(action)
        assert check(st), f"after {action}"
        st.invariants()


def test_first_move_landing_scenario():
    """2. 1st Move Landing Scenario: grey on 500, blue on 250, red on a helipad, yellow on a
    bridge."""
    #        0123456789012
    rows = [
        "^1^MMmmoo....",  # 0
        "^^^MMmqoo....",  # 1  q: helipad in the 1000 zone
        "MMMMmmmoo....",  # 2
        "mmmmmooo.....",  # 3
        "oooooo..P.BBB",  # 4  P: helipad in the 250 zone
        "~~~~~~=...BBB",
    ]  # 5  =: a bridge
    st = make_state(rows, 4)

    def s(r, c):
        return ("step", at(st, r, c), "")

    assert st.move.allowance == 6  # everybody leaves Base Camp with 6
    grey = [s(3, 10), s(3, 9), s(3, 8), s(2, 8), s(2, 7), s(3, 7)]
    play(st, [(a, lambda st: True) for a in grey])
    play(st, [(("stop",), lambda st: st.planting.plant_left == 3)])  # 500 zone: plant 3
    for spot in ((2, 0), (2, 1), (2, 2)):
        st.apply(("plant", at(st, *spot)))
    assert st.current_player() == 1
    blue = [s(3, 11), s(2, 11), s(1, 11), s(0, 11), s(0, 10), s(0, 9)]
    play(st, [(a, lambda st: True) for a in blue])
    play(st, [(("stop",), lambda st: st.planting.plant_left == 2)])  # 250 zone: plant 2
    st.apply(("plant", at(st, 3, 6)))
    st.apply(("plant", at(st, 2, 6)))
    red = [s(3, 10), s(2, 10), s(2, 9), s(3, 9), s(3, 8), s(4, 8)]
    play(st, [(a, lambda st: True) for a in red])
    play(
        st,
        [
            (("stop",), lambda st: ("fly", at(st, 1, 6)) in st.legal_actions()),
            (("fly", at(st, 1, 6)), lambda st: st.current_player() == 3 and st.flights[2] == 1),
        ],
    )
    assert st.stats["trees_planted"][2] == 0  # no action on the landing helipad
    st.cards.pile.remove(next(k for k, c in enumerate(st.rules.deck) if c.number == TRAIL_MIX))
    st.cards.pile.append(next(k for k, c in enumerate(st.rules.deck) if c.number == TRAIL_MIX))
    yellow = [s(5, 9), s(5, 8), s(5, 7), s(4, 7), s(4, 6), s(5, 6)]
    play(st, [(a, lambda st: True) for a in yellow])
    play(
        st,
        [(("stop",), lambda st: st.stats["cards_drawn"][3] == 1 and st.planting.plant_left == 1)],
    )
    st.apply(("plant", at(st, 3, 0)))
    # the next moves: 6 on 500, 6 on 250, 5 on the 1000 helipad, the die on the bridge
    assert st.current_player() == 0 and st.move.allowance == 6
    for seat, value in ((1, 6), (2, 5)):
        start_turn(st, seat)
        assert st.move.allowance == value
    start_turn(st, 3, dice=[4])
    assert st.move.die == 4 and st.move.allowance == 4


def test_rolling_4_from_a_bridge():
    """3. Example 1: remove the tree on the 2nd space and replant it, advance 4, plant 3."""
    #        0123456789012
    rows = [
        "^1^MMmmoo....",
        "^^^MMmmoo....",
        "MMMMmmmoo....",
        "mmmmmoooooooo",
        "~~~~~~~=~~BBB",
        "..........BBB",
    ]
    st = make_state(rows)
    place(st, 0, 4, 7)
    plant(st, (3, 8))
    set_tray(st, 0, axes=0, saws=0)
    start_turn(st, 0, dice=[4])
    assert st.move.allowance == 4
    play(
        st,
        [
            (("step", at(st, 3, 7), ""), lambda st: st.move.counted == 1),
            (
                ("step", at(st, 3, 8), "roll4"),
                lambda st: st.planting.hand == 1 and st.move.counted == 2,
            ),
            (("step", at(st, 3, 9), ""), lambda st: True),
            (("step", at(st, 3, 10), ""), lambda st: st.move.counted == 4),
            (("stop",), lambda st: st.planting.hand == 1),
            (
                ("plant", at(st, 2, 0)),
                lambda st: st.planting.hand == 0 and st.planting.plant_left == 3,
            ),
        ],
    )


def test_rolling_4_from_a_snow_cap_to_the_1500_refuge():
    """3. Example 2: advance 4 removing the tree on the 4th space, a supply pack for the 5th
    onto the refuge, restore all packs, plant 1."""
    #        0123456789012
    rows = [
        "^1^^^MMMR....",
        "^^^^^MMMM....",
        "MMMMmmmoo....",
        "mmmmmooo.....",
        "oooooo....BBB",
        "..........BBB",
    ]
    st = make_state(rows)
    place(st, 0, 0, 3)
    st.snow_paid[0] = 1
    plant(st, (0, 7))
    set_tray(st, 0, packs=1, axes=0, saws=0)
    start_turn(st, 0, dice=[4])
    play(
        st,
        [
            (("step", at(st, 0, 4), ""), lambda st: True),
            (("step", at(st, 0, 5), ""), lambda st: True),
            (("step", at(st, 0, 6), ""), lambda st: True),
            (
                ("step", at(st, 0, 7), "roll4"),
                lambda st: st.move.counted == 4 and st.planting.hand == 1,
            ),
            (("extra", "pack"), lambda st: st.move.allowance == 5 and st.packs[0] == 0),
            (("step", at(st, 0, 8), ""), lambda st: st.move.counted == 5),
            (("stop",), lambda st: st.planting.hand == 1),
            (("plant", at(st, 3, 0)), lambda st: st.packs[0] == 3 and st.planting.plant_left == 1),
        ],
    )


def test_complex_move_to_the_1500_refuge_in_7_spaces_from_9():
    """7. Refuge Huts, the Complex Move: 4 forward, jump the yellow hiker, an axe for the tree
    on the 5th space, a supply pack over a tailwind (2 spaces), a second onto the refuge."""
    #        0123456789012
    rows = [
        "^1^MMMMMRM...",  # 0  R: the 1500 refuge
        "^^^MMMMMMM...",  # 1
        "MMMMMMMM M...",  # 2  the tailwind void at column 8
        "mmmmmmmmmm...",  # 3
        "mmmmmmmmmmBBB",  # 4
        "mmmmmmmmmmBBB",
    ]  # 5
    st = make_state(rows)
    place(st, 0, 5, 4)  # red, in a Move-5 (1000) zone
    place(st, 1, 4, 8)  # yellow
    plant(st, (3, 8))
    set_tray(st, 0, packs=2, axes=1)
    start_turn(st, 0)
    assert st.move.allowance == 5
    play(st, [(("step", at(st, 5, c), ""), lambda st: True) for c in (5, 6, 7, 8)])
    play(
        st,
        [
            (("step", at(st, 4, 8), ""), lambda st: st.move.counted == 4),  # A: the jump is free
            (
                ("step", at(st, 3, 8), "axe"),
                lambda st: st.move.counted == 5 and st.axes[0] == 0,
            ),  # B
            (("extra", "pack"), lambda st: st.move.allowance == 6),  # C: a pack ...
            (("step", at(st, 1, 8), ""), lambda st: st.move.counted == 6),  # ... over the tailwind
            (("extra", "pack"), lambda st: st.move.allowance == 7),  # D
            (
                ("step", at(st, 0, 8), ""),
                lambda st: st.move.counted == 7 and len(st.move.path) == 9,
            ),
            (("stop",), lambda st: st.packs[0] == 3 and st.planting.plant_left == 1),  # E, F
        ],
    )
    rows_moved = sum(
        abs(a // 13 - b // 13) + abs(a % 13 - b % 13)
        for a, b in zip(st.move.path, st.move.path[1:], strict=False)
    )
    assert rows_moved == 9  # nine spaces of ground covered in a 7-space move
    assert st.stats["supply_packs_used"][0] == 2 and st.stats["trees_cleared"][0] == 1
