"""The compiled Hike It! pieces (work in progress, not wired) against the Python engine: the
same seeds give the same setup and the same route choices; the hiker box gives the same tiles
from the same draws."""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy
from simkit.games.hike_it import fast, fast_box, hiker_box
from simkit.games.hike_it.rules import Rules, WeatherDeck
from simkit.games.hike_it.state import new_state

GEAR_TYPES = 5


@st.composite
def rule_variants(draw) -> Rules:
    """The rules with drawn counts of the things setup deals."""
    weather = WeatherDeck(*(draw(st.integers(0, 6)) for _ in range(5)))
    if sum(weather.counts()) < 3:
        weather = WeatherDeck()
    return dataclasses.replace(
        Rules(),
        hiker_box=draw(st.integers(2, 8)),
        face_up_skills=draw(st.integers(1, 6)),
        start_water_max=draw(st.integers(0, 6)),
        side_hikes_dealt=draw(st.integers(0, 4)),
        scenic_tokens_dealt=draw(st.integers(3, 6)),
        weather=weather,
    )


def _pile(s: fast.State, p: int) -> list[int]:
    return s.piles[p, : s.pile_len[p]].tolist()


def _rows(a: np.ndarray, lengths: np.ndarray) -> list[list[int]]:
    return [a[i, : lengths[i]].tolist() for i in range(len(lengths))]


@settings(max_examples=60, deadline=None)
@given(rules=rule_variants(), n=st.integers(2, 4), seed=st.integers(0, 2**64 - 1))
def test_setup_deals_what_the_python_engine_deals(rules, n, seed):
    py = new_state(rules, n, GameRng(seed))
    s = fast.deal(fast.tables(rules), n, seed)
    assert _pile(s, fast_box.BAG) == py.bag
    assert _rows(s.box, s.box_len) == py.box
    assert _pile(s, fast.SKILL_DECK) == py.skill_deck
    assert s.face_up.tolist() == py.face_up
    assert _pile(s, fast.WEATHER_DECK) == py.weather_deck
    assert s.forecast.tolist() == py.forecast
    assert s.water[:3].tolist() == py.water_supply and s.water[3] == py.water_discard
    assert _pile(s, fast.TRAIL_DECK) == py.trail_deck
    assert (_pile(s, fast.EASY), _pile(s, fast.DIFFICULT)) == py.side_decks
    assert _rows(s.side_hand, s.side_len) == py.side_hand
    assert _rows(s.dealt, s.dealt_len) == py.dealt
    assert int(s.rng[0]) == py.rng.state


@settings(max_examples=40, deadline=None)
@given(rules=rule_variants(), n=st.integers(2, 4), seed=st.integers(0, 2**64 - 1))
def test_planners_choose_the_waypoints_and_trailheads_the_python_planner_chooses(rules, n, seed):
    py = new_state(rules, n, GameRng(seed))
    planner = make_strategy("planner", "hike-it")
    while py.in_setup:
        seat = py.current_player()
        py.apply(planner.choose(py.view(seat), py.legal_actions(), None))
    s = fast.set_out(fast.tables(rules), n, seed)
    assert _rows(s.waypoints, s.waypoints_len) == py.waypoints
    assert s.home.tolist() == py.home
    assert [s.waypoint_owner[w] for w in range(len(py.waypoint_owner))] == py.waypoint_owner


@st.composite
def boxes(draw):
    """A bag and a hiker box (some with every visible tile alike), a tile type and a seed."""
    stacks = draw(st.integers(2, 8))
    bag = draw(st.lists(st.integers(0, GEAR_TYPES - 1), max_size=30))
    if draw(st.booleans()):
        box = draw(
            st.lists(
                st.lists(st.integers(0, GEAR_TYPES - 1), max_size=3),
                min_size=stacks,
                max_size=stacks,
            )
        )
    else:
        top = draw(st.integers(0, GEAR_TYPES - 1))
        box = [[top] for _ in range(stacks)]
    return bag, box, draw(st.integers(0, GEAR_TYPES - 1)), draw(st.integers(0, 2**64 - 1))


def _arrays(bag, box, seed):
    piles = np.zeros((1, 64), dtype=np.int64)
    pile_len = np.array([len(bag)], dtype=np.int64)
    piles[0, : len(bag)] = bag
    tiles = np.zeros((len(box), 64), dtype=np.int64)
    tiles_len = np.array([len(stack) for stack in box], dtype=np.int64)
    for i, stack in enumerate(box):
        tiles[i, : len(stack)] = stack
    return np.array([seed], dtype=np.uint64), piles, pile_len, tiles, tiles_len


def _stuck(bag, box, t) -> bool:
    """Every top and every tile in the bag of type ``t``: the Python engine recycles for ever
    when such a tile is put in the box (unreachable with the printed bag)."""
    return all(stack and stack[-1] == t for stack in box) and set(bag) <= {t}


@settings(max_examples=300, deadline=None)
@given(case=boxes(), op=st.sampled_from(["place", "restock", "can_recycle", "gear_cost", "take"]))
def test_the_hiker_box_gives_the_python_engines_tiles(case, op):
    bag, box, t, seed = case
    if op in ("place", "take") and _stuck(bag, box, t):
        return
    if op == "take" and not hiker_box.gear_cost(box, t):
        return
    rng, piles, pile_len, tiles, tiles_len = _arrays(bag, box, seed)
    py_rng = GameRng(seed)
    if op == "place":
        want = hiker_box.place(box, bag, py_rng, t)
        got = fast_box.place(rng, piles, pile_len, tiles, tiles_len, t)
    elif op == "restock":
        want = hiker_box.restock(box, bag, py_rng)
        got = fast_box.restock(rng, piles, pile_len, tiles, tiles_len)
    elif op == "can_recycle":
        want = hiker_box.can_recycle(box)
        got = fast_box.can_recycle(tiles, tiles_len, GEAR_TYPES)
    elif op == "gear_cost":
        want = hiker_box.gear_cost(box, t)
        got = fast_box.gear_cost(tiles, tiles_len, t)
    else:
        want = hiker_box.take(box, bag, py_rng, t)[0]
        got = fast_box.take(rng, piles, pile_len, tiles, tiles_len, t, np.zeros(64, np.int64))
    assert got == want
    assert piles[0, : pile_len[0]].tolist() == bag
    assert _rows(tiles, tiles_len) == box
    assert int(rng[0]) == py_rng.state
