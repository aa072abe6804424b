"""Issue 10: what a competent Rambler clearly does or avoids, one hand-built position per row,
asserted for every heuristic that faces it (scripted-test style: position, who, expected).

Each position is built through the engine (``scenario.position`` then legal actions); the
check looks at the heuristic's choice, or plays the seat's whole turn and looks at the result.
"""

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy
from simkit.games.backpacks_and_blisters import GAME
from simkit.games.backpacks_and_blisters.cards import BLISTER
from simkit.games.backpacks_and_blisters.rules import Rules
from simkit.games.backpacks_and_blisters.scenario import position
from simkit.games.backpacks_and_blisters.state import BREAK_DISCARD, MOVE, VOTE

B = Rules().board
AT = B.index
LATE = B.return_from_turn  # 4 p.m.
LAST = B.n_turns - 1  # 5:40 p.m.
HEURISTICS = ("peak-bagger", "cairn-racer", "day-tripper")
NEAR_KESWICK = ["Castlehead", "Friar's Crag", "Walla Crag", "Latrigg", "Castlerigg Stone Circle"]


def card(state, name):
    return state.faces.card_of_location[AT[name]]


def choose(name, state, seat=None):
    seat = state.cur if seat is None else seat
    player = make_strategy(name, GAME.name)
    return player.choose(state.view(seat), state.legal_actions(), GameRng(5))


def play_turn(name, state):
    """Play the current seat's decisions until another seat is to move; return that seat."""
    seat = state.cur
    while not state.is_terminal() and state.cur == seat:
        state.apply(choose(name, state))
    return seat


def with_scores(state, scores):
    state.score = list(scores)
    for seat, points in enumerate(scores):
        state.ledger[seat]["prime"] = points
    return state


def blisters(state, seat):
    return [c for c in state.hands[seat] if state.faces.kind[c] == BLISTER]


# ---------------------------------------------------------------- the positions


def money_to_spare():
    # Early at a Refreshment location, £3 and no bar: a bar (a doubled card later) is worth
    # more than a pound kept.
    return position(
        2,
        turn=1,
        at=["Grange", "Keswick"],
        hands=[["Walla Crag"], []],
        money=[3, 1],
        chocolate=[False, True],
    )


def eat_for_a_cairn():
    # The Bowder Stone card (2 circles, 1 triangle) reaches Catbells and its untouched Cairn
    # only doubled: 10 for the Cairn, 3 for the fell, for the bar.
    s = position(
        2,
        turn=2,
        at=["Grange", "Keswick"],
        hands=[["Bowder Stone"], []],
        cairns={"Catbells": 0},
        money=[0, 1],
    )
    s.apply(("play", card(s, "Bowder Stone")))
    assert s.phase == MOVE
    return s


def buy_on_the_way_for_a_cairn():
    # One circle short of Grange with no bar and £1: buy one at Grange, eat it there and go on
    # to the Cairn on Catbells.
    s = position(
        2,
        turn=2,
        at=["Lodore Falls - Grange #2", "Keswick"],
        hands=[["Bowder Stone"], []],
        cairns={"Catbells": 0},
        chocolate=[False, True],
    )
    s.apply(("play", card(s, "Bowder Stone")))
    return s


def home_at_four():
    # 4 p.m. a turn from Keswick, every Prime Location near it visited: +5 now beats a lesser
    # chart later.
    return position(
        2,
        turn=LATE,
        at=["Castlehead", "Helvellyn"],
        hands=[["Grange", "Walla Crag"], []],
        stones=[NEAR_KESWICK, []],
    )


def hero_home():
    # 4 p.m., carrying the Heavy Rucksack a turn from Keswick (the Catbells card, 3 and 2, walks 2 and 1 under it): home now is +5 and the hero's +5.
    return position(
        2,
        turn=LATE,
        at=["Castlehead", "Helvellyn"],
        hands=[["Catbells", "Blister"], []],
        rucksack=0,
        stones=[NEAR_KESWICK[:1], []],
    )


def blister_in_hand_at_five():
    # 5 p.m. at Walla Crag with a card that reaches Keswick and a Blister: Bleaberry Fell's
    # points would leave two turns home on a Blister and an unknown card.
    return position(
        2,
        turn=LAST - 2,
        at=["Walla Crag", "Helvellyn"],
        hands=[["Catbells", "Blister"], []],
        stones=[["Walla Crag"], []],
    )


def last_bus_home():
    # 5:40 p.m. at Grange holding only Blisters, £1: the 78 bus is the only way home.
    return position(
        2, turn=LAST, at=["Grange", "Helvellyn"], hands=[["Blister", "Blister"], []], money=[1, 0]
    )


def no_refreshments_far_from_home_at_five():
    # 5 p.m. at Dodd Wood, a Refreshment stop three spaces and Keswick away, two turns left:
    # neither card (one circle each) walks home from here in a turn, so standing still for
    # 5 points risks everything; the walk home starts now.
    return position(
        2,
        turn=LAST - 2,
        at=["Dodd Wood", "Helvellyn"],
        hands=[["Castlehead", "Glaramara"], []],
        money=[1, 0],
        stones=[["Dodd Wood"], []],
    )


def refresh_away_blisters():
    # Three Blisters in hand at a Refreshment location with £1: Refreshments swap them.
    return position(
        2,
        turn=3,
        at=["Grange", "Keswick"],
        hands=[["Blister", "Blister", "Blister", "Catbells"], []],
        money=[1, 1],
    )


def lunch_discard():
    s = position(
        2,
        seat=1,
        turn=B.lunch_turn - 1,
        at=["Grange", "Castlehead"],
        hands=[
            ["Blister", "Catbells", "Helvellyn", "Latrigg"],
            ["Blister", "Grange", "Walla Crag", "Skiddaw"],
        ],
    )
    s.apply(("play", blisters(s, 1)[0]))  # the round ends: Lunch
    assert s.phase == BREAK_DISCARD and s.cur == 0
    return s


def burden_vote():
    # 11 a.m.: the Heavy Rucksack is only a burden; the leader should carry it.
    s = position(
        3,
        seat=1,
        turn=3,
        at=["Grange", "Catbells", "Castlehead"],
        hands=[[], ["Blister"], []],
        rucksack=1,
        carried_turns=1,
    )
    with_scores(s, [5, 20, 9])
    s.apply(("play", s.hands[1][0]))
    assert s.phase == VOTE and s.cur == 2
    return s


def gift_vote():
    # 4 p.m.: the carrier leads and stands a step from Keswick, where the Rucksack scores the
    # hero's 5; every Rambler is near home, so it is a gift to whoever gets it.
    s = position(
        3,
        seat=0,
        turn=LATE,
        at=["Keswick - Castlehead #1", "Castlehead", "Friar's Crag"],
        hands=[["Blister"], [], []],
        rucksack=0,
        carried_turns=1,
    )
    with_scores(s, [80, 60, 50])
    s.apply(("play", s.hands[0][0]))
    assert s.phase == VOTE and s.cur == 1
    return s


def carrier_keeps_a_gift():
    s = gift_vote()
    s.apply(("vote", 2))
    s.apply(("vote", 2))
    assert s.phase == VOTE and s.cur == 0
    return s


def carrier_votes_last(turn, at, scores):
    # Two Ramblers: Rambler 1 has carried the Rucksack two turns, Rambler 0 votes it to carry it
    # on; the carrier's own vote wins or ties the vote, and a tie is its to decide.
    s = position(2, seat=1, turn=turn, at=at, hands=[[], ["Blister"]], rucksack=1, carried_turns=1)
    with_scores(s, scores)
    s.apply(("play", s.hands[1][0]))
    assert s.phase == VOTE and s.cur == 0
    s.apply(("vote", 1))
    assert s.phase == VOTE and s.cur == 1
    return s


def two_player_carrier_votes_last():
    # 3:40 p.m. (the game the audit found it in): the carrier is some three turns from Keswick at
    # the Rucksack's pace, so it can carry it home for the hero's 5 points well past two turns.
    return carrier_votes_last(LATE - 1, ["Walla Crag", "Portinscale - Braithwaite #2"], [77, 79])


def two_player_carrier_at_eleven():
    # 11 a.m. (the game the audit found it in): keeping the Rucksack for the hero's 5 points means
    # carrying it until 4 p.m., a circle and a triangle off every card for fifteen turns. It hands
    # it to the rival.
    return carrier_votes_last(3, ["Skiddaw House", "Skiddaw"], [30, 36])


def stranded_weakest():
    # 4:20 p.m.: the weakest Rambler is up Helvellyn; slowed by the Rucksack it would not be home
    # by 6 p.m., so it should not vote the Rucksack onto itself.
    s = position(
        3,
        seat=0,
        turn=LATE + 1,
        at=["Keswick - Castlehead #1", "Helvellyn", "Friar's Crag"],
        hands=[["Blister"], [], []],
        rucksack=0,
        carried_turns=1,
    )
    with_scores(s, [80, 40, 60])
    s.apply(("play", s.hands[0][0]))
    assert s.phase == VOTE and s.cur == 1
    return s


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class Scenario:
    name: str
    build: Callable
    check: Callable  # (heuristic name, state) -> bool
    who: tuple[str, ...] = HEURISTICS


def _returned(name, s):
    play_turn(name, s)
    return s.pos[0] == -1 and s.return_turn[0] >= 0


SCENARIOS = [
    Scenario(
        "buys Chocolate with money to spare",
        money_to_spare,
        lambda n, s: choose(n, s) == ("buy",),
        who=("peak-bagger", "cairn-racer"),  # the day-tripper keeps its pounds for rides
    ),
    Scenario(
        "eats the bar to reach an untouched Cairn",
        eat_for_a_cairn,
        lambda n, s: choose(n, s) == ("move", AT["Catbells"], 1),
    ),
    Scenario(
        "buys a bar passing a Refreshment stop and eats it for a Cairn",
        buy_on_the_way_for_a_cairn,
        lambda n, s: choose(n, s) == ("move", AT["Catbells"], 1, 1),
    ),
    Scenario("goes home at 4 p.m. with nothing left near", home_at_four, _returned),
    Scenario("brings the Heavy Rucksack home for the hero's points", hero_home, _returned),
    Scenario("goes home at 5 p.m. rather than trust a Blister", blister_in_hand_at_five, _returned),
    Scenario(
        "takes the last bus home",
        last_bus_home,
        lambda n, s: choose(n, s) == ("ride", "78", AT["Keswick"]),
    ),
    Scenario(
        "walks home at 5 p.m. instead of stopping for Refreshments far out",
        no_refreshments_far_from_home_at_five,
        lambda n, s: choose(n, s)[0] == "play",
    ),
    Scenario(
        "swaps three Blisters at Refreshments",
        refresh_away_blisters,
        lambda n, s: (a := choose(n, s))[0] == "refresh" and set(blisters(s, 0)) <= set(a[1:]),
    ),
    Scenario(
        "discards a Blister at Lunch",
        lunch_discard,
        lambda n, s: choose(n, s) == ("discard", blisters(s, 0)[0]),
    ),
    Scenario(
        "votes the early burden onto the leader",
        burden_vote,
        lambda n, s: choose(n, s) == ("vote", 1),
    ),
    Scenario(
        "keeps the hero's points from the leader",
        gift_vote,
        lambda n, s: choose(n, s) == ("vote", 2),
    ),
    Scenario(
        "the carrier keeps a gift",
        carrier_keeps_a_gift,
        lambda n, s: choose(n, s) == ("vote", 0),
    ),
    Scenario(
        "the carrier who decides every vote keeps the hero's points for more than two turns",
        two_player_carrier_votes_last,
        lambda n, s: choose(n, s) == ("vote", 1),
    ),
    Scenario(
        "the carrier who decides every vote does not carry the Rucksack all day",
        two_player_carrier_at_eleven,
        lambda n, s: choose(n, s) == ("vote", 0),
    ),
    Scenario(
        "neither strands itself with the Rucksack nor hands it to the leader",
        stranded_weakest,
        lambda n, s: choose(n, s) not in (("vote", 1), ("vote", 0)),
    ),
]


@pytest.mark.parametrize(
    ("scenario", "heuristic"),
    [(sc, h) for sc in SCENARIOS for h in sc.who],
    ids=[f"{sc.name}-{h}" for sc in SCENARIOS for h in sc.who],
)
def test_heuristic_makes_the_competent_move(scenario, heuristic):
    state = scenario.build()
    assert scenario.check(heuristic, state), scenario.name
