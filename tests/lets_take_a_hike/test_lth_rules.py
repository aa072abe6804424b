"""Scenario tests: one hand-built position per rule of Let's Take a Hike (README "Rules")."""

from __future__ import annotations

import pytest
from lets_take_a_hike.lth_helpers import (
    RULES,
    T,
    UnshuffledRng,
    card,
    contents,
    discard,
    pack,
    position,
    take,
)

from simkit.core.errors import IllegalAction
from simkit.games.lets_take_a_hike.cards import HazardCounts, Rules
from simkit.games.lets_take_a_hike.state import (
    CONTINUE,
    DRAW,
    DROP_OUT,
    HIKE,
    JOIN,
    STAY_BEHIND,
    Phase,
    new_state,
)


# ---------------------------------------------------------------- Game Setup
def test_setup_replaces_hazards_and_discards_items_that_cannot_fit():
    # Unshuffled, the deck is dealt from its end: all 12 hazards first, then Tents and Sleeping Bags.
    state = new_state(RULES, 2, UnshuffledRng(0))
    # Seat 0: every hazard replaced, then 4 Tents + 1 Sleeping Bag dealt; only one Tent fits.
    assert contents(state.packs[0]) == ["Sleeping Bag", "Tent"]
    # Seat 1: five Sleeping Bags; only one fits the bottom space; none is redrawn.
    assert contents(state.packs[1]) == ["Sleeping Bag"]
    # The discard pile went back into the draw pile.
    assert state.discard == []
    assert len(state.draw) == 102 - 3
    assert state.phase == Phase.TURN and state.current_player() == 0
    state.invariants()


def test_setup_lets_the_player_choose_which_conflicting_item_to_drop():
    # Two Maps and a Frying Pan cannot fit together: the player keeps two of the three.
    rules = RULES
    state = new_state(rules, 2, UnshuffledRng(0))
    state.packs[0] = pack("Map", "Map", "Frying Pan", "Socks", "Compass")
    assert not T.fits(state.packs[0])
    assert sorted(T.keepable_discards(state.packs[0])) == sorted([card("Map"), card("Frying Pan")])


# ---------------------------------------------------------------- Backpacks
def test_backpack_spaces_hold_one_card_each_and_only_where_the_card_allows():
    assert T.fits(pack(*["Granola Bar"] * 7))
    assert not T.fits(pack(*["Granola Bar"] * 8))
    assert not T.fits(pack("Tent", "Tent"))
    assert not T.fits(pack("Sleeping Bag", "Sleeping Bag"))
    assert T.fits(pack("Walking Stick", "Walking Stick"))
    assert not T.fits(pack("Walking Stick", "Walking Stick", "Walking Stick"))
    assert not T.fits(pack("Map", "Map", "Frying Pan"))


def test_rearranging_is_a_matching_not_first_come_placement():
    # A Compass sitting on top moves to a side pocket to make room for the Tent.
    assert T.fits(pack("Compass", "Tent"))
    assert T.placement(pack("Compass", "Tent"))["top"] == "Tent"
    # With both side pockets full of Socks the Compass needs the top, so the Tent cannot come in.
    assert not T.fits(pack("Compass", "Socks", "Socks", "Tent"))


# ---------------------------------------------------------------- Option One: Draw a Card
def test_drawn_item_goes_into_the_backpack_and_the_turn_passes():
    state = position([("Tent",), ("Socks",)], draw=["Compass", "Map"])
    state.apply(DRAW)
    assert contents(state.packs[0]) == ["Compass", "Tent"]
    assert state.current_player() == 1 and state.phase == Phase.TURN


def test_an_item_that_cannot_fit_costs_one_card_of_the_players_choice():
    state = position([("Compass", "Socks", "Socks"), ("Socks",)], draw=["Tent", "Map"])
    state.apply(DRAW)
    assert state.phase == Phase.DISCARD and state.current_player() == 0
    assert sorted(state.legal_actions()) == sorted(
        [discard("Compass"), discard("Socks"), discard("Tent")]
    )
    state.apply(discard("Socks"))
    assert contents(state.packs[0]) == ["Compass", "Socks", "Tent"]
    assert state.current_player() == 1


def test_identical_overflow_is_discarded_by_the_engine():
    state = position([("Tent",), ("Socks",)], draw=["Tent", "Map"])
    state.apply(DRAW)
    assert contents(state.packs[0]) == ["Tent"]
    assert state.current_player() == 1


# ---------------------------------------------------------------- Hazard Cards
def test_raccoon_takes_one_card_of_choice():
    state = position([("Tent", "Socks"), ("Socks",)], draw=["Raccoon", "Map"])
    state.apply(DRAW)
    assert state.legal_actions() == [discard("Socks"), discard("Tent")]
    state.apply(discard("Socks"))
    assert contents(state.packs[0]) == ["Tent"]
    assert state.lost_to_hazards[0] == 1
    assert card("Raccoon") in state.discard


def test_raccoon_on_an_empty_backpack_does_nothing():
    state = position([(), ("Socks",)], draw=["Raccoon", "Map"])
    state.apply(DRAW)
    assert state.packs[0] == 0 and state.current_player() == 1


def test_skunk_takes_two_cards_or_the_only_one():
    state = position([("Tent", "Socks", "Compass"), ("Socks",)], draw=["Skunk", "Skunk", "Map"])
    state.apply(DRAW)
    state.apply(discard("Tent"))
    state.apply(discard("Compass"))
    assert contents(state.packs[0]) == ["Socks"]
    state.apply(DRAW)  # seat 1 has one card: the Skunk takes it
    assert state.packs[1] == 0 and state.current_player() == 0


def test_blister_takes_the_highest_mile_card_unless_socks():
    state = position([("Tent", "Compass"), ("Socks", "Tent")], draw=["Blister", "Blister", "Map"])
    state.apply(DRAW)
    assert contents(state.packs[0]) == ["Compass"]  # the Tent (5 mi) goes, no choice
    state.apply(DRAW)
    assert contents(state.packs[1]) == ["Socks", "Tent"]  # Socks protect and stay


def test_blister_lets_the_player_choose_among_equal_highest():
    state = position([("Map", "Camera", "Socks"), ("Socks",)], draw=["Blister", "Map"])
    state.packs[0] = pack("Map", "Camera", "Compass")
    state.apply(DRAW)
    assert sorted(state.legal_actions()) == sorted([discard("Map"), discard("Camera")])


def test_bear_eats_everyones_granola_bars_except_behind_bear_spray():
    state = position(
        [("Granola Bar", "Granola Bar"), ("Granola Bar", "Bear Spray"), ("Granola Bar", "Tent")],
        draw=["Bear", "Map"],
    )
    state.apply(DRAW)
    assert contents(state.packs[0]) == []
    assert contents(state.packs[1]) == ["Bear Spray", "Granola Bar"]
    assert contents(state.packs[2]) == ["Tent"]
    assert state.lost_to_hazards == [2, 0, 1]


# ---------------------------------------------------------------- Option Two: Take a Hike
def test_a_hike_needs_a_card_in_the_backpack():
    state = position([(), ("Socks",)], draw=["Map", "Map"])
    assert state.legal_actions() == [DRAW]
    with pytest.raises(IllegalAction):
        state.apply(HIKE)


def test_others_join_clockwise_and_empty_backpacks_are_not_asked():
    state = position(
        [("Tent",), ("Socks", "Map"), (), ("Compass", "Map")], draw=["Map", "Map"], turn=1
    )
    state.apply(HIKE)
    assert state.lead == 1 and state.phase == Phase.JOIN and state.current_player() == 3
    state.apply(JOIN)
    assert state.current_player() == 0
    state.apply(STAY_BEHIND)
    assert state.hikers == [1, 3]
    assert state.hikes_led[1] == 1 and state.hikes_joined == [0, 0, 0, 1]


def test_matching_item_is_safe_and_others_pay_at_least_its_miles():
    state = position(
        [("Map", "Socks"), ("Compass", "Camera", "Socks"), ("Tent",)], draw=["Map", "Map"]
    )
    state.apply(HIKE)
    state.apply(JOIN)
    state.apply(STAY_BEHIND)
    # The Map (3 mi) is turned up: seat 0 has one; seat 1 must discard 3 miles of its choice.
    assert contents(state.packs[0]) == ["Map", "Socks"]
    assert state.phase == Phase.DISCARD and state.current_player() == 1
    state.apply(discard("Compass"))  # 2 miles: still 1 owed
    assert state.current_player() == 1
    state.apply(discard("Socks"))
    assert contents(state.packs[1]) == ["Camera"]
    assert state.phase == Phase.CONTINUE and state.current_player() == 0
    assert contents(state.packs[2]) == ["Tent"]  # not on the hike


def test_a_hiker_who_cannot_cover_the_miles_loses_everything_and_scores_nothing():
    state = position([("Map", "Socks"), ("Socks",)], draw=["Tent", "Map"])
    state.apply(HIKE)
    state.apply(JOIN)
    # Tent: 5 miles. Seat 0 has 4, seat 1 has 1: both discard everything and are out.
    assert state.packs == [0, 0]
    assert state.busts == [1, 1]
    assert state.scored_miles == [0, 0]
    assert state.phase == Phase.TURN and state.current_player() == 1


def test_a_hazard_on_a_hike_hits_every_hiker_and_nobody_else():
    state = position(
        [("Granola Bar", "Tent"), ("Granola Bar", "Socks"), ("Granola Bar", "Tent")],
        draw=["Bear", "Map"],
    )
    state.apply(HIKE)
    state.apply(JOIN)
    state.apply(STAY_BEHIND)
    assert contents(state.packs[0]) == ["Tent"]
    assert contents(state.packs[1]) == ["Socks"]
    assert contents(state.packs[2]) == ["Granola Bar", "Tent"]


def test_skunk_on_a_hike_hits_each_hiker():
    state = position([("Tent", "Socks", "Map"), ("Socks", "Compass")], draw=["Skunk", "Map"])
    state.apply(HIKE)
    state.apply(JOIN)
    assert state.current_player() == 0
    state.apply(discard("Socks"))
    state.apply(discard("Map"))
    assert state.current_player() == 1
    state.apply(discard("Socks"))
    # Seat 1 is left empty after its second card: out without scoring.
    assert state.hikers == [0]


def test_non_hikers_take_no_turns_and_play_passes_left_of_the_original_lead():
    state = position(
        [("Tent",), ("Map", "Socks"), ("Compass",), ("Granola Bar",)], draw=["Map", "Tent", "Socks"]
    )
    state.apply(DRAW)  # seat 0 draws the Map
    state.apply(HIKE)  # seat 1 leads
    state.apply(STAY_BEHIND)  # seat 2
    state.apply(STAY_BEHIND)  # seat 3
    state.apply(JOIN)  # seat 0
    assert state.hikes_joined == [1, 0, 0, 0]
    # Tent (5 mi) turned up: seat 0 has it; seat 1 (Map + Socks = 4 mi) is out with nothing.
    assert state.busts[1] == 1 and state.hikers == [0]
    assert state.lead == 0  # the Lead Hiker role passed on
    assert state.current_player() == 0
    state.apply(DROP_OUT)  # the last hiker takes all that is left
    assert state.scored_miles[0] == 5
    # The hike is over; the hiking pile is discarded; the seat left of the original lead plays.
    assert state.hiking == [] and state.current_player() == 2


def test_dropping_out_takes_one_item_of_choice_and_the_last_hiker_takes_the_rest():
    state = position(
        [
            ("Granola Bar", "Water Bottle", "Sleeping Bag", "Socks"),
            ("Granola Bar", "Water Bottle", "Sleeping Bag", "Socks"),
        ],
        draw=["Granola Bar", "Water Bottle", "Map"],
    )
    state.apply(HIKE)
    state.apply(JOIN)
    state.apply(CONTINUE)
    state.apply(CONTINUE)
    # Both have the Granola Bar and the Water Bottle: the pile holds both after two cards.
    assert state.phase == Phase.CONTINUE and len(state.hiking) == 2
    state.apply(DROP_OUT)
    assert state.phase == Phase.TAKE
    assert sorted(state.legal_actions()) == sorted([take("Granola Bar"), take("Water Bottle")])
    state.apply(take("Water Bottle"))
    assert state.lead == 1
    state.apply(DROP_OUT)
    assert state.scored_miles == [2, 1]


# ---------------------------------------------------------------- Game Play Example
def test_rulebook_example_dropping_out_of_a_hike():
    """Reteka (seat 0, Lead Hiker), Madison (seat 1) and Ken (seat 2) have turned up a Granola Bar,
    a Water Bottle and a Sleeping Bag; Ken's next card is the Skunk and he holds only two cards."""
    state = position(
        [("Compass", "Socks"), ("Camera", "Tent"), ("Map", "Flashlight")],
        draw=["Skunk", "Map", "Tent"],
    )
    state.hiking = [card("Granola Bar"), card("Water Bottle"), card("Sleeping Bag")]
    state.discard = [c for c in state.discard]
    for c in state.hiking:
        state.discard.remove(c)
    state.hikers, state.lead, state.announcer = [0, 1, 2], 0, 0
    state.round_queue = [0, 1, 2]
    state.phase, state.player = Phase.CONTINUE, 0
    state.invariants()
    script = [
        # (seat, action, check after the action)
        (0, DROP_OUT, lambda s: s.phase == Phase.TAKE),
        (0, take("Sleeping Bag"), lambda s: s.scored_miles[0] == 4 and s.lead == 1),
        (1, DROP_OUT, lambda s: s.phase == Phase.TAKE),
        (1, take("Water Bottle"), lambda s: s.scored_miles[1] == 2 and s.lead == 2),
        (2, CONTINUE, lambda s: s.phase == Phase.DISCARD and s.hiking[-1] == card("Skunk")),
        (2, discard("Map"), lambda s: s.packs[2] == 0),
    ]
    for seat, action, check in script:
        assert state.current_player() == seat
        state.apply(action)
        state.invariants()
        assert check(state), (seat, state.action_text(action))
    # Ken's backpack is empty: he is out and the Granola Bar is discarded with the pile.
    assert state.scored_miles == [4, 2, 0]
    assert state.hiking == [] and card("Granola Bar") in state.discard
    # The player to the left of Reteka plays next.
    assert state.phase == Phase.TURN and state.current_player() == 1


def test_rulebook_example_if_ken_had_been_luckier():
    state = position(
        [("Compass", "Socks"), ("Camera", "Tent"), ("Map", "Flashlight")],
        draw=["Map", "Map", "Tent"],
    )
    state.hiking = [card("Granola Bar")]
    state.discard.remove(card("Granola Bar"))
    state.hikers, state.lead, state.announcer = [2], 2, 0
    state.round_queue = [2]
    state.phase, state.player = Phase.CONTINUE, 2
    state.apply(CONTINUE)  # turns up a Map, which Ken has
    state.apply(DROP_OUT)  # the last hiker scores the Map and the Granola Bar
    assert state.scored_miles[2] == 3 + 1 and state.scored_cards[2] == 2


# ---------------------------------------------------------------- Game End
def test_the_game_ends_when_the_draw_pile_is_used_up():
    state = position([("Tent",), ("Socks",)], draw=["Map"])
    state.apply(DRAW)
    assert state.is_terminal() and state.outcome().end_reason == "normal"


def test_a_hike_that_empties_the_draw_pile_finishes_on_the_reshuffled_discards():
    state = position([("Map", "Socks"), ("Socks",)], draw=["Map"], discard_pile=["Map"])
    state.apply(HIKE)
    state.apply(STAY_BEHIND)
    assert not state.is_terminal() and state.draw == []
    state.apply(CONTINUE)  # the discards are reshuffled to turn up the next card
    assert not state.is_terminal()
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert state.outcome().end_reason == "normal"


def test_turn_limit_ends_a_runaway_game():
    rules = Rules(turn_limit=10)
    state = new_state(rules, 3, UnshuffledRng(0))
    while not state.is_terminal():
        state.apply(DRAW if DRAW in state.legal_actions() else state.legal_actions()[0])
    assert state.outcome().end_reason == "turn_limit" and state.turns() == 10


# ---------------------------------------------------------------- Determining a Winner
def finished(scored: list[tuple[str, ...]], rules: Rules = RULES, seed: int = 0):
    state = position([("Socks",)] * len(scored), draw=["Map"], rules=rules, seed=seed)
    for seat, names in enumerate(scored):
        for n in names:
            state.discard.remove(card(n))
            state.scored[seat] += T.unit[card(n)]
            state.scored_miles[seat] += T.miles[card(n)]
            state.scored_cards[seat] += 1
    state.apply(DRAW)
    return state.outcome()


def test_most_miles_wins():
    out = finished([("Tent",), ("Map",), ("Socks",)])
    assert out.ranks == (1, 2, 3) and out.win_shares == (1.0, 0.0, 0.0)


def test_equal_miles_go_to_the_player_with_more_scored_cards():
    out = finished([("Water Bottle",), ("Granola Bar", "Socks"), ()])
    assert out.ranks == (2, 1, 3)


def test_still_tied_the_skunk_draw_off_decides():
    # Unshuffled discard pile: its last cards are drawn first. The tie is broken by whoever draws
    # the Skunk, never shared while a Skunk is in the game.
    out = finished([("Map",), ("Camera",), ()])
    assert sorted(out.ranks[:2]) == [1, 2] and out.ranks[2] == 3
    assert out.extras["x_drawoff"] == (True, True, False)
    assert sum(out.win_shares) == 1.0


def test_the_draw_off_starts_with_a_random_tied_player_or_with_the_lowest_seat():
    # Unshuffled, the draw-off pile gives Bear, Bear, Blister x3, then the first Skunk: the sixth
    # card, so with two tied players the one who did not draw first draws the Skunk and loses.
    tie = [("Map",), ("Camera",), ()]
    for seed in range(40):
        lowest = finished(tie, Rules(drawoff_first="lowest_seat"), seed)
        assert lowest.ranks == (1, 2, 3)  # seat 0 always draws first
    losers = set()
    for seed in range(40):
        first = UnshuffledRng(seed).below(2)  # the engine's first draw of the game's end
        out = finished(tie, Rules(drawoff_first="random"), seed)
        loser = out.ranks.index(2)
        assert loser == 1 - first
        losers.add(loser)
    assert losers == {0, 1}  # either tied player may draw first


def test_without_a_skunk_in_the_game_a_tie_is_shared():
    rules = Rules(hazards=HazardCounts(skunk=0))
    out = finished([("Map",), ("Camera",)], rules)
    assert out.ranks == (1, 1) and out.win_shares == (0.5, 0.5)
