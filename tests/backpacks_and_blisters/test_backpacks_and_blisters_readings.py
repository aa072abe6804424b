"""Issue 12: the rule readings settled (End of the Day, Chocolate, Beauty Spots), each from a
hand-built position played through the engine."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from simkit.games.backpacks_and_blisters.cards import BLISTER
from simkit.games.backpacks_and_blisters.movement import Purse, _walks, allowance, reachable, walks
from simkit.games.backpacks_and_blisters.rules import Rules
from simkit.games.backpacks_and_blisters.scenario import position
from simkit.games.backpacks_and_blisters.state import BREAK_DISCARD, EQUIP, MOVE, SHOP

RULES = Rules()
B = RULES.board
AT = B.index
LATE = B.return_from_turn  # 4 p.m.
BEAUTY = "Keswick - Friar's Crag #1"  # a Beauty Spot next to Keswick


def card(state, name):
    return state.faces.card_of_location[AT[name]]


def ends(state):
    return {a[1] for a in state.legal_actions() if a[0] == "move"}


def play_blister(state):
    state.apply(("play", next(c for c in state.hands[state.cur] if state.faces.kind[c] == BLISTER)))


# ---------------------------------------------------------- End of the Day: arriving at Keswick


def test_from_4pm_a_walk_ends_on_entering_keswick():
    # Friar's Crag #1 - Keswick - (triangle) - Castlehead: one circle and two triangles.
    def walk_from_friars_crag(turn, rules=RULES):
        s = position(2, rules, turn=turn, at=[BEAUTY, "Grange"], hands=[["Castlehead"], []])
        s.apply(("play", card(s, "Castlehead")))
        return ends(s)

    assert AT["Castlehead"] in walk_from_friars_crag(LATE - 1)  # 3:40 p.m.: through Keswick
    late = walk_from_friars_crag(LATE)
    assert AT["Keswick"] in late and AT["Castlehead"] not in late
    assert not any(d in late for d in B.neighbours[AT["Keswick"]] if d != AT[BEAUTY])
    # The other reading, kept as a switch: only ending the move in Keswick counts.
    assert AT["Castlehead"] in walk_from_friars_crag(LATE, replace(RULES, late_keswick="pass"))


def test_a_returning_rambler_leaves_at_once_without_discarding_or_drawing():
    s = position(
        2,
        turn=LATE,
        at=["Castlehead", "Grange"],
        hands=[["Grange", "Walla Crag"], ["Blister"]],
        deck=["Weather", "Helvellyn"],
    )
    deck = list(s.deck)
    s.apply(("play", card(s, "Grange")))
    s.apply(("move", AT["Keswick"], 0))
    assert s.pos[0] == -1 and s.ledger[0]["return"] == B.return_points[0]
    assert not s.weather.raining and s.deck == deck  # nothing drawn: the weather stays sunny
    assert s.hands[0] == [card(s, "Walla Crag")] and s.cur == 1


def test_a_ride_into_keswick_from_4pm_ends_the_day_before_the_rides_discard():
    s = position(
        2, turn=LATE, at=["Lodore Falls", "Grange"], hands=[["Walla Crag", "Blister"], ["Blister"]]
    )
    s.apply(("ride", "ferry", AT["Keswick"]))
    assert s.pos[0] == -1 and s.ledger[0]["ferry"] == 5 and len(s.hands[0]) == 2
    assert s.cur == 1 and s.phase != SHOP


# ---------------------------------------------------------- Chocolate at any time in the turn


def test_eat_the_bar_then_buy_another_where_the_walk_starts():
    s = position(2, at=["Grange", "Keswick"], hands=[["Bowder Stone"], []], chocolate=[True, False])
    s.apply(("play", card(s, "Bowder Stone")))  # two circles, one triangle
    far = reachable(B, AT["Grange"], 4, 2, set()) - reachable(B, AT["Grange"], 2, 1, set())
    dest = min(d for d in far if not B.glass[d])  # (at a glass one, the shop sells it)
    assert ("move", dest, 1) in s.legal_actions() and ("move", dest, 1, 1) in s.legal_actions()
    s.apply(("move", dest, 1, 1))
    assert s.pos[0] == dest and s.chocolate[0] and s.money[0] == 0


def test_buy_while_passing_a_refreshment_location_and_eat_it_on_the_way():
    start = "Lodore Falls - Grange #2"  # one circle short of Grange
    s = position(2, at=[start, "Keswick"], hands=[["Bowder Stone"], []], chocolate=[False, False])
    s.apply(("play", card(s, "Bowder Stone")))
    plain = reachable(B, AT[start], 2, 1, set())
    legal = s.legal_actions()
    # Eaten at Grange, the bar doubles the card: 4 circles and 2 triangles in all.
    fed = {a[1] for a in legal if a[0] == "move" and a[2:] == (1, 1)}
    assert fed and not fed & plain and fed <= reachable(B, AT[start], 4, 2, set())
    # Or carried on from Grange uneaten.
    kept = {a[1] for a in legal if a[0] == "move" and a[2:] == (0, 1)}
    assert AT["Grange - Bowder Stone #1"] in kept and AT["Grange"] not in kept
    s.apply(("move", AT["Grange - Bowder Stone #1"], 0, 1))
    assert s.chocolate[0] and s.money[0] == 0
    poor = position(
        2,
        at=[start, "Keswick"],
        hands=[["Bowder Stone"], []],
        chocolate=[False, False],
        money=[0, 0],
    )
    poor.apply(("play", card(poor, "Bowder Stone")))
    assert all(len(a) == 3 and a[2] == 0 for a in poor.legal_actions())


def test_a_walk_ending_at_a_refreshment_location_after_eating_may_buy_there():
    s = position(
        2,
        at=["Grange", "Keswick"],
        hands=[["Walla Crag"], []],
        chocolate=[True, False],
        money=[1, 0],
    )
    s.apply(("play", card(s, "Walla Crag")))
    assert ("move", AT["Rosthwaite"], 1) in s.legal_actions()
    s.apply(("move", AT["Rosthwaite"], 1))
    assert s.phase == SHOP
    s.apply(("buy",))
    assert s.chocolate[0] and s.money[0] == 0


def test_chocolate_at_lunch_at_a_refreshment_location_after_the_pound():
    s = position(
        2,
        seat=1,
        turn=B.lunch_turn - 1,
        at=["Grange", "Castlehead"],
        hands=[["Walla Crag", "Catbells"], ["Blister", "Helvellyn"]],
        chocolate=[False, False],
        money=[0, 0],
    )
    play_blister(s)
    while s.phase == BREAK_DISCARD:
        s.apply(s.legal_actions()[0])
    # Grange serves; Castlehead does not: only Rambler 0 is asked, with Lunch's pound.
    assert s.phase == SHOP and s.cur == 0 and set(s.legal_actions()) == {("buy",), ("end",)}
    s.apply(("buy",))
    assert s.chocolate[0] and s.money == [0, 1] and s.phase == EQUIP


# ---------------------------------------------------------- Beauty Spots and Prime Locations alike


def test_beauty_spot_and_prime_location_scored_with_the_weather_before_the_draw():
    sun = position(2, turn=3, hands=[["Friar's Crag"], []], deck=["Weather", "Helvellyn"])
    sun.apply(("play", card(sun, "Friar's Crag")))
    sun.apply(("move", AT[BEAUTY], 0))
    assert (
        sun.weather.raining and sun.ledger[0]["beauty"] == RULES.beauty_points
    )  # scored in the sun
    rain = position(
        2, turn=3, hands=[["Friar's Crag"], []], deck=["Weather", "Helvellyn"], raining=True
    )
    rain.apply(("play", card(rain, "Friar's Crag")))
    rain.apply(("move", AT[BEAUTY], 0))
    assert not rain.weather.raining and rain.ledger[0]["beauty"] == 0  # scored in the rain
    prime = position(2, turn=3, hands=[["Friar's Crag"], []], deck=["Weather", "Helvellyn"])
    prime.apply(("play", card(prime, "Friar's Crag")))
    prime.apply(("move", AT["Friar's Crag"], 0))
    assert prime.ledger[0]["prime"] == B.points[AT["Friar's Crag"]]  # the same weather


def test_the_walk_options_follow_the_cards_allowance():
    # Guard for the Chocolate search: with nothing to buy, a bar only doubles the allowance.
    s = position(
        2,
        at=["Castlehead", "Grange"],
        hands=[["Walla Crag"], []],
        chocolate=[True, False],
        money=[0, 0],
    )
    s.apply(("play", card(s, "Walla Crag")))
    assert s.phase == MOVE
    (plain,) = allowance(2, 2, sticks=False, rucksack=False, mint_cake=False, chocolate=False)
    near = reachable(B, AT["Castlehead"], *plain, set())
    doubled = reachable(B, AT["Castlehead"], plain[0] * 2, plain[1] * 2, set())
    legal = {a[1:] for a in s.legal_actions()}
    assert legal == {(d, 0) for d in near} | {(d, 1) for d in doubled - near}


@settings(max_examples=150, deadline=None)
@given(
    start=st.integers(0, B.n_spaces - 1),
    circles=st.integers(0, 4),
    triangles=st.integers(0, 3),
    bar=st.booleans(),
    money=st.integers(0, 2),
    late=st.booleans(),
    blocked=st.lists(st.integers(0, B.n_spaces - 1), max_size=3),
)
def test_the_quick_walk_search_gives_the_full_searchs_ends(
    start, circles, triangles, bar, money, late, blocked
):
    # Without a bar to buy on the way the engine skips the (bar, money) search: same ends.
    others = frozenset(s for s in blocked if B.is_small(s) and s != start)
    stops = frozenset((B.start,)) if late else frozenset()
    for shops in (frozenset(), frozenset(B.glass_spaces)):
        purse = Purse(bar, money, 1, shops)
        full = set(_walks(B, start, ((circles, triangles),), others, stops, purse))
        assert walks(B, start, [(circles, triangles)], others, stops, purse) == full
