"""The Lake District map: the rulebook's examples hold on it, and the loader names every problem."""

from pathlib import Path

import pytest

from simkit.core.errors import DataError, RulesError
from simkit.core.registry import game
from simkit.core.rules import make_rules
from simkit.games.backpacks_and_blisters.board import DEFAULT_MAP, PRIME, SMALL, TOWN, parse_board
from simkit.games.backpacks_and_blisters.cards import faces
from simkit.games.backpacks_and_blisters.movement import reachable
from simkit.games.backpacks_and_blisters.rules import Rules

BOARD = parse_board(DEFAULT_MAP)
AT = BOARD.index


def shapes(path):
    return ["triangle" if BOARD.triangle[s] else "circle" for s in path]


def test_grange_to_catbells_is_circle_triangle_circle_triangle():
    # Rulebook, Rambling: the example card of three circles and two triangles.
    path = [AT["Grange - Manesty #1"], AT["Grange - Manesty #2"], AT["Manesty"], AT["Catbells"]]
    for a, b in zip([AT["Grange"], *path], path, strict=False):
        assert b in BOARD.neighbours[a]
    assert shapes(path) == ["circle", "triangle", "circle", "triangle"]
    assert AT["Catbells"] in reachable(BOARD, AT["Grange"], 3, 2, set())
    assert AT["Catbells"] not in reachable(BOARD, AT["Grange"], 3, 1, set())


def test_maiden_moor_lies_beyond_catbells_behind_a_small_triangle():
    hause = AT["Hause Gate"]
    assert BOARD.kind[hause] == SMALL and BOARD.triangle[hause]
    assert {AT["Catbells"], AT["Maiden Moor"]} <= set(BOARD.neighbours[hause])
    ends = reachable(BOARD, AT["Grange"], 3, 2, set())
    assert AT["Maiden Moor"] not in ends
    assert hause in ends  # stops on the small triangle before it


def test_overtaking_on_the_small_triangle_reaches_maiden_moor():
    ends = reachable(BOARD, AT["Grange"], 3, 2, {AT["Hause Gate"]})
    assert AT["Maiden Moor"] in ends
    assert AT["Hause Gate"] not in ends  # cannot stop where another Rambler stands


def test_seatoller_to_haystacks_needs_six_circles_and_three_triangles():
    start, haystacks = AT["Seatoller"], AT["Haystacks"]
    assert haystacks in reachable(BOARD, start, 6, 3, set())
    assert haystacks not in reachable(BOARD, start, 5, 3, set())
    assert haystacks not in reachable(BOARD, start, 6, 2, set())
    assert haystacks not in reachable(BOARD, start, 3, 2, set())
    assert haystacks in reachable(BOARD, start, 6, 4, set())  # 3 and 2, doubled by Chocolate


def test_places_kinds_ferry_and_buses():
    assert BOARD.kind[BOARD.start] == TOWN and BOARD.names[BOARD.start] == "Keswick"
    assert BOARD.kind[AT["Bowder Stone"]] == PRIME
    assert BOARD.start in BOARD.ferry and len(BOARD.ferry) >= 3
    numbers = {n for n, _ in BOARD.buses}
    assert numbers == {"73", "78", "555"}
    assert all(BOARD.start in stops for _, stops in BOARD.buses)
    assert any(BOARD.beauty)


def test_one_card_per_prime_location_and_53_cards():
    primes = [s for s in range(BOARD.n_spaces) if BOARD.kind[s] == PRIME]
    assert sorted(s for s, _, _ in BOARD.cards) == sorted(primes)
    assert len(faces(Rules())) == 53  # 44 + 5 Blisters + 3 Changes of Weather + Heavy Rucksack


def test_time_chart():
    assert BOARD.n_turns == 24 and BOARD.clock(0) == "10:00 a.m." and BOARD.clock(23) == "5:40 p.m."
    assert (
        BOARD.clock(BOARD.lunch_turn) == "1:00 p.m." and BOARD.clock(BOARD.tea_turn) == "3:00 p.m."
    )
    assert BOARD.clock(BOARD.return_from_turn) == "4:00 p.m."
    assert len(BOARD.return_points) == 6


TEXT = DEFAULT_MAP.read_text()


@pytest.mark.parametrize(
    "old, new, problem",
    [
        ('start = "Keswick"', 'start = "Cockermouth"', "must name a place of kind town"),
        (
            '"Keswick - o* - Friar\'s Crag",',
            '"Keswick - o* - Friar\'s Crag",\n  "Lonely - o - Island",',
            "between two places",
        ),
        (
            '{ location = "Catbells"',
            '{ location = "Scafell Pike"',
            "not a Prime Location on the map",
        ),
        ('{ location = "Catbells"', '{ location = "Manesty"', "not a Prime Location on the map"),
        (
            '"Hawes End", "Nichol End"]',
            '"Hawes End", "Derwent Isle"]',
            "ferry.points: 'Derwent Isle'",
        ),
        ('"555" = ["Keswick",', '"555" = ["Grasmere", "Keswick",', "buses.555: 'Grasmere'"),
        ('"Keswick - ^ - Castlehead"', '"Keswick - x - Castlehead"', "'x' is not o, ^, o* or ^*"),
        ("return_points = [5, 4, 3, 2, 0, -2]", "return_points = [5, 4]", "return_points needs 6"),
        ('lunch = "13:00"', 'lunch = "13:10"', "time.lunch"),
        (
            'kind = "prime", shape = "triangle", points = 6 },',
            'kind = "prime", shape = "square", points = 6 },',
            "shape must be circle or triangle",
        ),
        ("routes = [", "routes = [\n  ", None),
    ],
)
def test_loader_names_the_problem(tmp_path, old, new, problem):
    assert old in TEXT
    path = tmp_path / "map.toml"
    path.write_text(TEXT.replace(old, new, 1))
    if problem is None:
        parse_board(path)
        return
    with pytest.raises(DataError, match=problem.replace("^", r"\^").replace("*", r"\*")):
        parse_board(path)


def test_loader_rejects_a_map_in_two_pieces(tmp_path):
    cut = TEXT.replace('  "Thirlmere - ^ - ^ - ^ - ^ - Helvellyn",\n', "")
    path = tmp_path / "map.toml"
    path.write_text(cut)
    with pytest.raises(DataError, match="not connected.*Helvellyn"):
        parse_board(path)


def test_loader_rejects_broken_toml(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text("places = [")
    with pytest.raises(DataError, match="not valid TOML"):
        parse_board(path)


def test_designer_map_through_make_rules(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        TEXT.replace("return_points = [5, 4, 3, 2, 0, -2]", "return_points = [9, 9, 9, 9, 9, 9]")
    )
    rules = make_rules(game("backpacks-and-blisters"), {"data": str(path)})
    assert rules.board.return_points == (9,) * 6
    with pytest.raises(DataError):
        make_rules(game("backpacks-and-blisters"), {"data": str(Path(tmp_path) / "none.toml")})


def test_rules_validate_counts_against_the_map(tmp_path):
    spec = game("backpacks-and-blisters")
    assert make_rules(spec, {"cairns": 10, "hand_size": 5}).hand_size == 5  # the largest deal fits
    with pytest.raises(RulesError, match="hand_size"):
        make_rules(spec, {"hand_size": 6})
    # A designer's map with few Prime Locations cannot deal six hands.
    small = (
        TEXT.split("cards = [")[0]
        + "cards = [\n"
        + "\n".join(line for line in TEXT.split("cards = [")[1].split("]\n")[0].splitlines()[1:8])
        + "\n]\n"
        + "routes = ["
        + TEXT.split("routes = [")[1]
    )
    path = tmp_path / "small.toml"
    path.write_text(small)
    with pytest.raises(RulesError, match="hand_size"):
        make_rules(spec, {"data": str(path)})
