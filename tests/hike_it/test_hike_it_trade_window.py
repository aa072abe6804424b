"""Trading at any time (Trading): the window after each turn in which the other hikers may trade.

Hand-built positions: seat 0 ends its turn, then seats 1, 2, 3 (turn order) each may pass or make
one offer to a hiker of its own region, who accepts or declines.
"""

from __future__ import annotations

import dataclasses

from hike_it.hike_it_helpers import (
    CLOTHING,
    FOOD,
    RULES,
    SHELTER,
    TOOLS,
    WATER,
    give_cards,
    give_gear,
    sp,
)

from simkit.core.errors import IllegalAction
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy
from simkit.games.hike_it import GAME, skill_cards
from simkit.games.hike_it import phases as P
from simkit.games.hike_it import state as S
from simkit.games.hike_it.data import WEATHER_KINDS
from simkit.games.hike_it.state import new_state

CARD = 6  # trade code of a skill card: CARD + type (simkit.games.hike_it.trading)
WEST = ("Cable Mill", "Forge Creek", "Anthony Creek")


def ready(**rules) -> S.HikeState:
    """Four hikers past setup, seat 0 first in turn order, nobody holding anything."""
    st = new_state(dataclasses.replace(RULES, **rules), 4, GameRng(3))
    while st.phase in (P.WAYPOINT, P.TRAILHEAD):
        st.apply(st.legal_actions()[0])
    st.order, st.owed.refill, st.status = [0, 1, 2, 3], [0, 0, 0], [P.HIKING] * 4
    st.health = [RULES.health_start] * 4
    for s in range(4):
        st.skill_deck += st.hand[s]
        st.hand[s] = []
    return st


def place(st: S.HikeState, *names: str) -> None:
    for s, name in enumerate(names):
        st.pos[s] = sp(name)


def end_turn_of_seat_0(st: S.HikeState) -> None:
    st.seat_now, st.order_index = 0, 0
    st.reset_turn()
    st.stage, st.phase = P.END_TURN, -1
    st._advance()
    st.invariants()


def offer(st: S.HikeState, partner: int, gives: tuple[int, ...], gets: tuple[int, ...]) -> None:
    st.apply(("trade", partner))
    for code in gives:
        st.apply(("give", code))
    for code in gets:
        st.apply(("get", code))
    st.apply(("propose",))


def test_two_hikers_out_of_turn_trade_in_the_window_after_a_turn():
    st = ready()
    place(st, "Laurel Falls", WEST[0], WEST[1], "Mount Guyot")
    give_gear(st, 1, WATER)
    give_gear(st, 2, SHELTER)
    end_turn_of_seat_0(st)
    # seat 1 decides first (turn order after seat 0); seat 3 is alone in the East
    assert st.phase == P.TRADE_WINDOW and st.current_player() == 1
    assert st.legal_actions() == [("pass",), ("trade", 2)]
    assert st.view(1).window == (1, 2, 3) and st.view(1).phase == "trade_window"
    offer(st, 2, (WATER,), (SHELTER,))
    assert st.current_player() == 2 and st.legal_actions() == [("accept",), ("decline",)]
    st.apply(("accept",))
    assert st.storage[1][SHELTER] == 1 and st.storage[2][WATER] == 1
    assert st.trades == [0, 1, 1, 0]
    # seat 2's own turn in the window, then nobody else: seat 1's turn starts
    assert st.phase == P.TRADE_WINDOW and st.current_player() == 2
    st.apply(("pass",))
    assert st.seat_now == 1 and st.offers.window == () and st.phase != P.TRADE_WINDOW
    st.invariants()


def test_window_trades_refused_across_regions_and_with_hikers_out_of_the_park():
    st = ready()
    place(st, WEST[0], "Laurel Falls", "Mount Guyot", WEST[1])
    for s in range(4):
        give_gear(st, s, FOOD)
    st.status[3], st.pos[3] = P.KNOCKED_OUT, -1  # removed by an aggressive bear
    end_turn_of_seat_0(st)
    # seat 1 is alone in the Central region, seat 2 in the East: no window decision at all
    assert st.seat_now == 1 and st.phase != P.TRADE_WINDOW and st.trades == [0] * 4
    with_turn_player = ready()
    place(with_turn_player, WEST[0], WEST[1], "Mount Guyot", "Laurel Falls")
    give_gear(with_turn_player, 1, FOOD)
    end_turn_of_seat_0(with_turn_player)
    # the hiker whose turn just ended may receive an offer but makes none in its own window
    assert with_turn_player.legal_actions() == [("pass",), ("trade", 0)]
    assert 0 not in with_turn_player.offers.window
    try:
        with_turn_player.apply(("trade", 2))
    except IllegalAction as e:
        assert e.seat == 1
    else:
        raise AssertionError("a trade across regions was allowed")


def test_declined_window_offer_changes_nothing_and_each_hiker_offers_once():
    st = ready()
    place(st, "Laurel Falls", WEST[0], WEST[1], "Mount Guyot")
    give_gear(st, 1, WATER)
    give_gear(st, 2, SHELTER)
    give_cards(st, 2, FOOD, 2)
    before = ([list(x) for x in st.storage], sorted(st.hand[1]), sorted(st.hand[2]))
    end_turn_of_seat_0(st)
    offer(st, 2, (WATER,), (SHELTER, CARD + FOOD))
    st.apply(("decline",))
    assert ([list(x) for x in st.storage], sorted(st.hand[1]), sorted(st.hand[2])) == before
    assert st.trades == [0] * 4
    # seat 1 has made its one offer: the window moves on to seat 2
    assert st.current_player() == 2 and st.offers.window == (2, 3)
    offer(st, 1, (SHELTER,), (WATER,))
    st.apply(("accept",))
    assert st.seat_now == 1 and st.stage != P.WINDOW  # seat 3 had no partner: turn of seat 1
    assert st.trades == [0, 1, 1, 0]
    st.invariants()


def test_window_trades_keep_the_hand_limit_and_storage_for_both_sides():
    st = ready()
    place(st, WEST[0], WEST[1], WEST[2], "Mount Guyot")
    give_cards(st, 0, FOOD, 6)  # the turn just ended: seat 0 may not go above the limit either
    give_gear(st, 0, CLOTHING)
    give_cards(st, 1, TOOLS, 1)
    give_gear(st, 1, WATER)
    give_gear(st, 2, SHELTER, 8)  # a full packboard
    end_turn_of_seat_0(st)
    offer(st, 0, (CARD + TOOLS,), (CLOTHING,))
    assert st.legal_actions() == [("decline",)]  # seat 0 would hold 7 skill cards
    st.apply(("decline",))
    offer(st, 1, (SHELTER,), (WATER,))  # seat 2's turn in the window: a tile for a tile fits
    assert st.legal_actions() == [("accept",), ("decline",)]
    st.apply(("decline",))
    st2 = ready()
    place(st2, WEST[0], WEST[1], WEST[2], "Mount Guyot")
    give_gear(st2, 1, WATER)
    give_cards(st2, 2, FOOD, 1)
    give_gear(st2, 2, SHELTER, 8)
    end_turn_of_seat_0(st2)
    offer(st2, 2, (WATER,), (CARD + FOOD,))
    assert st2.legal_actions() == [("decline",)]  # seat 2 has no room for a ninth tile
    st2.apply(("decline",))
    # a bundle holds at most trade_items things a side
    st2.apply(("trade", 1))
    for _ in range(RULES.trade_items):
        st2.apply(("give", SHELTER))
    assert not [a for a in st2.legal_actions() if a[0] == "give"]


def test_window_closed_by_the_rule_setting_and_with_no_trading():
    for rules in ({"trade_window": False}, {"trade_offers": 0}):
        st = ready(**rules)
        place(st, "Laurel Falls", WEST[0], WEST[1], "Mount Guyot")
        give_gear(st, 1, WATER)
        give_gear(st, 2, SHELTER)
        end_turn_of_seat_0(st)
        assert st.seat_now == 1 and st.phase != P.TRADE_WINDOW


def _weather_card(st: S.HikeState, kind: str, req: tuple[int, ...]) -> int:
    k = WEATHER_KINDS.index(kind)
    return next(i for i, c in enumerate(st.weather_cards) if c[0] == k and c[1] == req)


def test_planner_trades_in_the_window_only_for_its_next_weather():
    st = ready()
    place(st, "Laurel Falls", WEST[0], WEST[1], "Mount Guyot")
    give_gear(st, 1, FOOD)
    give_cards(st, 1, CLOTHING, 1)
    give_cards(st, 1, TOOLS, 2)
    give_gear(st, 2, SHELTER, 2)  # seat 2 faces today's rain too: it can spare one tile
    rain = _weather_card(st, "rain", (SHELTER,))
    for pile in (st.weather_deck, st.weather_discard, st.forecast):
        if rain in pile:
            pile[pile.index(rain)] = st.forecast[0]
    st.forecast[0] = rain
    end_turn_of_seat_0(st)
    planner = make_strategy("planner", GAME.name)
    rng = GameRng(0)
    seen = []
    while st.phase != P.TRADE_ANSWER:
        seat = st.current_player()
        action = planner.choose(st.view(seat), st.legal_actions(), rng)
        seen.append(action)
        st.apply(action)
    # seat 1 lacks shelter for today's rain (its turn comes next): it offers what it can spare,
    # enough for seat 2's own valuation of the tile
    assert seen[0] == ("trade", 2) and seen[-2:] == [("get", SHELTER), ("propose",)]
    assert planner.choose(st.view(2), st.legal_actions(), rng) == ("accept",)
    st.apply(("accept",))
    assert st.storage[1][SHELTER] == 1 and st.storage[2][SHELTER] == 1
    # seat 2 still holds a shelter tile for its rain: nothing to trade for, it passes
    assert st.current_player() == 2
    assert planner.choose(st.view(2), st.legal_actions(), rng) == ("pass",)
    # without shelter, it still passes: seat 1's only tile is needed for seat 1's own rain
    st.storage[2][SHELTER] -= 1
    st.bag.append(SHELTER)
    assert planner.choose(st.view(2), st.legal_actions(), rng) == ("pass",)
    give_gear(st, 1, SHELTER)  # now seat 1 has one to spare
    assert planner.choose(st.view(2), st.legal_actions(), rng) == ("trade", 1)
    # a planner that does not trade passes whatever it lacks
    no_trade = make_strategy("planner:trade=False", GAME.name)
    assert no_trade.choose(st.view(2), st.legal_actions(), rng) == ("pass",)


def test_a_world_redrawn_for_the_receiver_keeps_the_cards_an_open_offer_shows():
    """An offered skill card has been shown to the table: a world sampled for the hiker who
    answers keeps it in the offerer's hand (the rest of that hand is redrawn), so accepting in it
    hands the card over as in the real game."""
    st = ready()
    place(st, "Laurel Falls", WEST[0], WEST[1], "Mount Guyot")
    give_cards(st, 1, FOOD, 1)
    give_cards(st, 1, TOOLS, 2)
    give_gear(st, 2, SHELTER)
    end_turn_of_seat_0(st)
    offer(st, 2, (CARD + FOOD,), (SHELTER,))
    food = [c for c in st.hand[1] if skill_cards.skill_type(st.rules.decks, c) == FOOD]
    hands = set()
    for k in range(30):
        world = st.sample_hidden(2, GameRng(k))
        assert food[0] in world.hand[1] and len(world.hand[1]) == len(st.hand[1])
        hands.add(tuple(sorted(world.hand[1])))
        world.apply(("accept",))
        assert food[0] in world.hand[2] and world.storage[1][SHELTER] == 1
        world.invariants()
    assert len(hands) > 1  # the cards not offered are still redrawn


def test_a_world_drawn_while_traded_scenic_tokens_are_handed_over_keeps_the_settled_hands():
    """After an accepted offer the giver of scenic tokens chooses which (GIVE_SCENIC) while the
    offer is still on the table: the skill cards it showed have already changed hands, so a world
    drawn for a search or an audit must not look for them in the offerer's hand."""
    players = [make_strategy("planner", GAME.name) for _ in range(2)]
    seen = 0
    for seed in range(40):
        st = new_state(S.Rules(), 2, GameRng(seed))
        while not st.is_terminal() and seen < 3:
            if st.phase == P.GIVE_SCENIC:
                seen += 1
                for seat in range(2):
                    world = st.sample_hidden(seat, GameRng(seed))
                    assert sorted(map(len, world.hand)) == sorted(map(len, st.hand))
                    world.apply(world.legal_actions()[0])
                    world.invariants()
            seat = st.current_player()
            view = st.view(seat)
            st.apply(players[seat].choose(view, st.legal_actions(), GameRng(seed + seat)))
        if seen >= 3:
            break
    assert seen >= 3  # the phase is reached in planner games
