"""The Hike It! component data: printed counts, the map's guarantees, loading errors, setup."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from simkit.core.errors import DataError, RulesError
from simkit.core.rng import GameRng
from simkit.core.rules import make_rules
from simkit.games.hike_it import GAME
from simkit.games.hike_it import phases as P
from simkit.games.hike_it.board import board_for
from simkit.games.hike_it.data import (
    CAMPSITE,
    DECKS_FILE,
    PARK_FILE,
    REGIONS,
    SCENIC_TYPES,
    TRAILHEAD,
    WATER,
    load_data,
)
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.state import new_state

RULES = Rules()


def test_map_has_43_scenic_spots_by_type_and_every_region_complete():
    park = RULES.park
    counts = [park.scenic.count(t) for t in range(len(SCENIC_TYPES))]
    assert counts == [15, 12, 9, 4, 3] and sum(counts) == 43
    for r in range(len(REGIONS)):
        here = [park.scenic[s] for s in range(len(park.names)) if park.region[s] == r]
        assert all(t in here for t in range(len(SCENIC_TYPES)))
    board = board_for(park)
    assert len(board.trailheads) >= 5 and len({park.region[t] for t in board.trailheads}) == 3
    assert not set(board.water_spots) & set(board.campsites)
    assert all(len(board.adj[d]) == 1 for d in board.dens)  # dens end dead-end trails
    assert all(d >= 0 for row in board.dist for d in row)  # connected


def test_decks_match_the_printed_counts():
    d = RULES.decks
    assert sum(RULES.weather.counts()) == 35 and RULES.weather.counts() == (19, 9, 4, 2, 1)
    assert [len(w.requires[0]) for w in d.weather] == [1, 1, 1, 2, 2]  # extreme cards need two
    assert [w.wet for w in d.weather] == [False, True, True, False, True]
    assert sum(d.gear) == 45 and d.gear == (11, 10, 9, 8, 7)
    assert d.water_tiles == 20
    assert 6 * d.skill_per_type == 54
    assert sum(t.count for t in d.trail) == 100
    assert len(d.easy) == len(d.difficult) == 16
    assert sum(c.printed for c in d.easy + d.difficult) == 4
    assert len(d.weather_dice) == 4 and len(d.bear_die) == 12


def test_setup_as_printed():
    st = new_state(RULES, 4, GameRng(3))
    assert st.phase == P.WAYPOINT and st.current_player() == 3  # reverse turn order
    assert len(st.face_up) == 3 and all(c >= 0 for c in st.face_up)
    assert st.token_supply == [5] * 6  # player count + 1 of each type
    wet = sum(1 for c in st.forecast if st.weather_cards[c][2])
    assert st.water_supply == [min(wet, 3)] * 3
    assert st.health == [5] * 4 and st.campfires_used == [0] * 4
    for hand in st.side_hand:
        assert sum(c < st.n_easy for c in hand) == 2 and len(hand) == 4
    assert all(len(d) == 4 for d in st.dealt)
    picks = []
    while st.phase in (P.WAYPOINT, P.TRAILHEAD):
        seat = st.current_player()
        action = st.legal_actions()[-1]
        if st.phase == P.WAYPOINT:
            assert st.board.park.scenic[action[1]] in st.dealt[seat]
            picks.append(seat)
        st.apply(action)
    assert picks == [3, 2, 1, 0] * 3
    for seat in range(4):
        regions = {st.board.park.region[w] for w in st.waypoints[seat]}
        assert regions == {0, 1, 2}
    assert len(set(st.home)) == 4 and all(st.board.park.kind[h] == TRAILHEAD for h in st.home)
    assert all(st.scenic_on[s] for s in st.board.scenic_spots)  # every spot keeps its token
    st.invariants()


def test_waypoints_must_be_free_and_in_a_new_region():
    st = new_state(RULES, 2, GameRng(4))
    first = st.legal_actions()[0]
    st.apply(first)
    assert first not in st.legal_actions()  # taken
    st.apply(st.legal_actions()[0])
    again = {st.board.park.region[a[1]] for a in st.legal_actions()}
    assert st.board.park.region[first[1]] not in again


def test_start_water_is_capped():
    st = new_state(dataclasses.replace(RULES, start_water_max=0), 2, GameRng(1))
    assert st.water_supply == [0, 0, 0]


# ------------------------------------------------------------------------------ loading


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "custom.toml"
    p.write_text(text)
    return p


def test_designer_file_with_both_map_and_decks_loads(tmp_path):
    decks = DECKS_FILE.read_text()
    items = next(line for line in decks.splitlines() if line.startswith("items = "))
    # top-level keys first (TOML puts later keys inside the last table), then both files' tables
    text = items + "\n" + PARK_FILE.read_text() + "\n" + decks.replace(items, "")
    out = load_data(write(tmp_path, text))
    assert out["park"] == RULES.park and out["decks"] == RULES.decks
    rules = make_rules(GAME, {"data": str(tmp_path / "custom.toml")})
    assert rules.park == RULES.park


def broken_park(tmp_path, old: str, new: str) -> Path:
    text = PARK_FILE.read_text()
    assert old in text
    return write(tmp_path, text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('scenic = "tower" }', 'scenic = "mountain" }', "scenic spots"),
        ('["Cosby Campground", 4, "Snake Den Ridge Den"],', "", "not all connected"),
        (
            '{ name = "Forge Creek", kind = "water" },',
            '{ name = "Forge Creek", kind = "trail" },',
            "kind",
        ),
        ('"Cable Mill", 4,', '"Cable Mil", 4,', "unknown space"),
        ('bear_start = "Bullhead Den"', 'bear_start = "Cable Mill"', "bear_start"),
        ('{ name = "Hannah Mountain Den", kind = "den" },', "", "unknown space"),
        (
            '{ name = "Ekaneetlee Gap", kind = "bear" },',
            '{ name = "Ekaneetlee Gap", kind = "scenic" },',
            "scenic",
        ),
    ],
)
def test_map_errors_name_the_problem(tmp_path, old, new, problem):
    with pytest.raises(DataError, match=problem):
        load_data(broken_park(tmp_path, old, new))


def test_map_region_missing_a_kind(tmp_path):
    text = PARK_FILE.read_text()
    text = text.replace(
        '{ name = "Forge Creek", kind = "water" }', '{ name = "Forge Creek", kind = "campsite" }'
    )
    text = text.replace(
        '{ name = "Anthony Creek", kind = "water" }',
        '{ name = "Anthony Creek", kind = "campsite" }',
    )
    text = text.replace(
        '{ name = "Eagle Creek", kind = "water" }', '{ name = "Eagle Creek", kind = "campsite" }'
    )
    with pytest.raises(DataError, match="west has no water spot"):
        load_data(write(tmp_path, text))


def test_bear_space_that_cuts_the_map_is_rejected(tmp_path):
    text = PARK_FILE.read_text().replace(
        '{ name = "Rich Mountain Gap", kind = "bear" }',
        '{ name = "Rich Mountain Gap", kind = "bear" },\n  { name = "Dead End Gap", kind = "bear" },\n  { name = "Far Meadow", kind = "trailhead" }',
    )
    text = text.replace(
        "trails = [", 'trails = [\n  ["Cable Mill", 2, "Dead End Gap", 2, "Far Meadow"],'
    )
    with pytest.raises(DataError, match="cuts the trails in two"):
        load_data(write(tmp_path, text))


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("shelter = 11", 'shelter = "many"', "gear.shelter"),
        ('requires = [["shelter"]]', 'requires = [["rope"]]', "unknown item"),
        (
            'requires = [["water", "first_aid"]]',
            'requires = [["water", "first_aid", "food"]]',
            "one or two",
        ),
        ('kind = "calm"', 'kind = "picnic"', "picnic"),
        ('{ objective = "token_regions" },', '{ objective = "fly" },', "unknown objective"),
        ("4 = [10, 7, 5]", "4 = [10, 7, 5, 3]", "trailhead_bonuses.4"),
        ('bear = ["1",', 'bear = ["13",', "dice.bear"),
    ],
)
def test_deck_errors_name_the_problem(tmp_path, old, new, problem):
    text = DECKS_FILE.read_text()
    assert old in text
    with pytest.raises(DataError, match=problem):
        load_data(write(tmp_path, text.replace(old, new, 1)))


def test_file_with_neither_map_nor_decks(tmp_path):
    # (the match must not be found in tmp_path, which holds this test's name)
    with pytest.raises(DataError, match="unknown key 'x'"):
        load_data(write(tmp_path, "x = 1\n"))
    with pytest.raises(DataError, match="holds neither a map"):
        load_data(write(tmp_path, 'description = "nothing yet"\n'))


def test_rule_overrides_are_validated():
    assert make_rules(GAME, {"weather.heat": 4}).weather.heat == 4
    with pytest.raises(RulesError, match="turn_order"):
        make_rules(GAME, {"turn_order": "clockwise"})
    with pytest.raises(RulesError, match="health_start"):
        make_rules(GAME, {"health_start": 8, "health_max": 6})
    with pytest.raises(RulesError, match="weather"):
        make_rules(
            GAME,
            {
                "weather.sun": 0,
                "weather.rain": 0,
                "weather.storm": 0,
                "weather.heat": 1,
                "weather.snow": 1,
            },
        )
    assert CAMPSITE != WATER
