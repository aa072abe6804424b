"""Scenario tests for the heuristics: positions played through the engine to a decision where a
competent player clearly makes (or avoids) one move, asserted for every shipped heuristic that
faces it (scripted tests in the PettingZoo manner). Then the measured behaviour over whole games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from lets_take_a_hike.lth_helpers import contents, discard, position, take
from sizes import size

from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy
from simkit.games.lets_take_a_hike.behaviour import count_behaviour
from simkit.games.lets_take_a_hike.state import (
    CONTINUE,
    DRAW,
    DROP_OUT,
    HIKE,
    JOIN,
    STAY_BEHIND,
    Phase,
    State,
)

GAME = "lets-take-a-hike"
HEURISTICS = ("bold", "greedy", "cautious", "threshold")
BIG_PACK = ("Tent", "Sleeping Bag", "Map", "Compass", "Water Bottle", "Socks", "Camera")


@dataclass(frozen=True)
class Scenario:
    name: str
    build: Callable[[], State]  # the position, played through the engine to the decision
    phase: Phase
    makes: int | None = None  # the move a competent player makes
    avoids: int | None = None  # or the move it avoids
    heuristics: tuple[str, ...] = HEURISTICS


def alone_with_one_tent() -> State:
    # Seat 0 hikes alone holding one Tent; a Tent turns up (a match): the pile holds 5 miles.
    state = position([("Tent",), BIG_PACK], draw=["Tent", "Map", "Compass", "Map", "Socks"])
    state.apply(HIKE)
    state.apply(STAY_BEHIND)
    return state


def one_card_behind_others() -> State:
    # Seat 0 leads with one Map; seat 1 joins; a Map turns up (both match).
    state = position([("Map",), BIG_PACK], draw=["Map", "Compass", "Tent", "Map", "Socks"])
    state.apply(HIKE)
    state.apply(JOIN)
    return state


def paid_down_to_one_card() -> State:
    # Alone: a Sleeping Bag turns up (a match), it goes on, a Compass costs it the Map: it is left
    # with the Sleeping Bag alone and 6 miles on the pile.
    state = position(
        [("Map", "Sleeping Bag"), BIG_PACK],
        draw=["Sleeping Bag", "Compass", "Tent", "Map", "Socks", "Camera"],
    )
    state.apply(HIKE)
    state.apply(STAY_BEHIND)
    state.apply(CONTINUE)
    state.apply(discard("Map"))
    assert contents(state.packs[0]) == ["Sleeping Bag"]
    return state


def paid_down_to_a_lone_tent() -> State:
    # Alone: a Compass turns up and it pays with Socks and Granola Bar: a lone Tent is left and
    # the Compass lies on the pile.
    state = position(
        [("Tent", "Socks", "Granola Bar"), BIG_PACK],
        draw=["Compass", "Map", "Water Bottle", "Map", "Socks", "Camera"],
    )
    state.apply(HIKE)
    state.apply(STAY_BEHIND)
    state.apply(discard("Socks"))
    state.apply(discard("Granola Bar"))
    assert contents(state.packs[0]) == ["Tent"]
    return state


def two_small_cards() -> State:
    # Granola Bar and Socks (2 miles): most unseen cards would take both. A Granola Bar is on the pile.
    state = position(
        [("Granola Bar", "Socks"), BIG_PACK], draw=["Granola Bar", "Map", "Tent", "Map", "Socks"]
    )
    state.apply(HIKE)
    state.apply(STAY_BEHIND)
    return state


def strong_pack_nothing_on_the_pile() -> State:
    # A full backpack, and the first card turned up is a Bear (no Granola Bars to eat): nothing
    # to take yet, so dropping out now gains nothing.
    state = position([BIG_PACK, ("Socks",)], draw=["Bear", "Map", "Compass", "Map", "Socks"])
    state.apply(HIKE)
    state.apply(STAY_BEHIND)
    return state


def owes(pack: tuple[str, ...], turned_up: str) -> Callable[[], State]:
    def build() -> State:
        state = position([pack, ("Socks",)], draw=[turned_up, "Map", "Tent", "Map", "Socks"])
        state.apply(HIKE)
        state.apply(STAY_BEHIND)
        return state

    return build


def draws(pack: tuple[str, ...], drawn: str) -> Callable[[], State]:
    def build() -> State:
        state = position([pack, ("Socks",)], draw=[drawn, "Map", "Tent", "Map", "Socks", "Map"])
        state.apply(DRAW)
        return state

    return build


def two_cards_to_take() -> State:
    # Both hikers match a Granola Bar and then a Tent; seat 0 drops out first and chooses.
    hiker = ("Tent", "Granola Bar", "Sleeping Bag", "Map")
    state = position(
        [hiker, hiker], draw=["Granola Bar", "Tent", "Map", "Compass", "Map", "Socks", "Camera"]
    )
    state.apply(HIKE)
    state.apply(JOIN)
    state.apply(CONTINUE)
    state.apply(CONTINUE)
    state.apply(DROP_OUT)
    return state


def last_cards(turn_seat: int) -> Callable[[], State]:
    # Three cards left to draw at two players: cards in a backpack at the end score nothing.
    def build() -> State:
        packs = [("Granola Bar", "Socks"), ("Granola Bar", "Compass")]
        state = position(packs, draw=["Map", "Camera", "Socks"], turn=turn_seat)
        if turn_seat == 1:
            state.apply(HIKE)  # seat 1 leads; seat 0 is asked to join
        return state

    return build


def one_tent_at_the_end(scored: list[tuple[str, ...]]) -> Callable[[], State]:
    # The audit's worst position (2 players): seat 0 holds one Tent, four cards are left to draw
    # and seat 1 holds six cards worth 10 miles. Almost any card turned up takes the Tent.
    def build() -> State:
        packs = [
            ("Tent",),
            ("Granola Bar", "Socks", "Socks", "Water Bottle", "Compass", "Flashlight"),
        ]
        draw = ["Map", "Camera", "Socks", "Compass"]
        return position(packs, draw=draw, scored=scored)

    return build


SEVEN_MILES = ("Sleeping Bag", "Map")  # scoring piles 7 miles apart
A_LITTLE = ("Granola Bar",)


SCENARIOS = [
    Scenario("alone with one card and a Tent on the pile: drop out", alone_with_one_tent,
             Phase.CONTINUE, makes=DROP_OUT),
    Scenario("one Map left behind another hiker, a Map on the pile: drop out",
             one_card_behind_others, Phase.CONTINUE, makes=DROP_OUT),
    Scenario("paid down to one card with 6 miles on the pile: drop out", paid_down_to_one_card,
             Phase.CONTINUE, makes=DROP_OUT),
    Scenario("paid down to a lone Tent with a Compass on the pile: drop out",
             paid_down_to_a_lone_tent, Phase.CONTINUE, makes=DROP_OUT),
    Scenario("two 1-mile cards, likelier lost than kept, an Item on the pile: drop out",
             two_small_cards, Phase.CONTINUE, makes=DROP_OUT),
    Scenario("a full backpack and nothing on the pile yet: go on", strong_pack_nothing_on_the_pile,
             Phase.CONTINUE, makes=CONTINUE),
    Scenario("owing 2 miles: pay the Water Bottle, not the Tent or two Granola Bars",
             owes(("Tent", "Water Bottle", "Granola Bar", "Granola Bar"), "Compass"),
             Phase.DISCARD, makes=discard("Water Bottle")),
    Scenario("owing 3 miles with Tent, Water Bottle, Compass: one card, the Tent (measured rule)",
             owes(("Tent", "Water Bottle", "Compass"), "Map"), Phase.DISCARD,
             makes=discard("Tent")),
    Scenario("owing 4 miles with Map, Compass, Granola Bar: Map first (Map + Granola Bar)",
             owes(("Map", "Compass", "Granola Bar"), "Sleeping Bag"), Phase.DISCARD,
             makes=discard("Map")),
    Scenario("a Raccoon: give up a spare Granola Bar, not the Tent or the Socks",
             draws(("Tent", "Socks", "Granola Bar", "Granola Bar"), "Raccoon"), Phase.DISCARD,
             makes=discard("Granola Bar")),
    Scenario("a Raccoon: keep the Bear Spray that guards three Granola Bars",
             draws(("Bear Spray", "Granola Bar", "Granola Bar", "Granola Bar"), "Raccoon"),
             Phase.DISCARD, avoids=discard("Bear Spray")),
    Scenario("a Blister between Map and a second Camera: lose the spare Camera",
             draws(("Map", "Camera", "Camera", "Granola Bar"), "Blister"), Phase.DISCARD,
             makes=discard("Camera")),
    Scenario("a second Map that cannot fit beside Map and Frying Pan: give up a Map",
             draws(("Map", "Frying Pan", "Socks"), "Map"), Phase.DISCARD, makes=discard("Map")),
    Scenario("dropping out with a Tent and a Granola Bar on the pile: take the Tent",
             two_cards_to_take, Phase.TAKE, makes=take("Tent")),
    Scenario("three cards left to draw: hike, backpacks score nothing at the end", last_cards(0),
             Phase.TURN, makes=HIKE),
    Scenario("three cards left to draw: join the hike", last_cards(1), Phase.JOIN, makes=JOIN),
    Scenario("one card, 7 miles ahead, four cards left to draw: draw, do not hand a hike over",
             one_tent_at_the_end([SEVEN_MILES + A_LITTLE, A_LITTLE]), Phase.TURN, makes=DRAW),
    Scenario("one card, 7 miles behind, four cards left to draw: hike for the miles",
             one_tent_at_the_end([A_LITTLE, SEVEN_MILES + A_LITTLE]), Phase.TURN, makes=HIKE),
]  # fmt: skip


def test_the_table_has_at_least_twelve_scenarios():
    assert len(SCENARIOS) >= 12
    assert len({s.name for s in SCENARIOS}) == len(SCENARIOS)


@pytest.mark.parametrize("heuristic", HEURISTICS)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_a_competent_move(scenario: Scenario, heuristic: str):
    if heuristic not in scenario.heuristics:
        pytest.skip(f"{heuristic} does not face this position")
    state = scenario.build()
    assert state.phase == scenario.phase, "the position did not reach the decision"
    seat = state.current_player()
    legal = state.legal_actions()
    move = scenario.avoids if scenario.makes is None else scenario.makes  # DRAW is 0, so no `or`
    assert move in legal and len(legal) > 1
    action = make_strategy(heuristic, GAME).choose(state.view(seat), legal, GameRng(0))
    if scenario.makes is not None:
        assert action == scenario.makes, state.action_text(action)
    else:
        assert action != scenario.avoids, state.action_text(action)


def test_paying_four_miles_takes_map_and_granola_bar_the_fewest_cards_then_miles():
    for heuristic in HEURISTICS:
        player = make_strategy(heuristic, GAME)
        state = owes(("Map", "Compass", "Granola Bar"), "Sleeping Bag")()
        while state.phase == Phase.DISCARD:
            view = state.view(0)
            state.apply(player.choose(view, state.legal_actions(), GameRng(0)))
        assert contents(state.packs[0]) == ["Compass"], heuristic


# ------------------------------------------------------------------ over whole games
@pytest.mark.slow
def test_no_heuristic_risks_its_pack_or_overpays_over_many_games():
    games = size(200, 2000)
    players = [make_strategy(name, GAME) for name in HEURISTICS]
    table = count_behaviour(players, games, root=11)
    for name, row in table.items():
        assert row["one_card_continues"] == 0, name
        assert row["risky_continues"] == 0, name
        assert row["extra_cards_paid"] == 0, name
        assert row["hikes_led"] > 0.5 and row["payments"] > 1, name  # the counts do count
    assert table["threshold"]["zero_score_games"] < 0.05


@pytest.mark.slow
def test_the_default_heuristic_beats_random_clearly():
    games = size(400, 4000)
    players = [make_strategy(name, GAME) for name in ("bold", "random", "random", "random")]
    table = count_behaviour(players, games, root=12)
    # Fair share is 0.25; the default heuristic wins most games against random.
    assert table["bold"]["win_share"] > 0.6
