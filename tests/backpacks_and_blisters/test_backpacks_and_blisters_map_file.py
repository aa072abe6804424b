"""The map file's schema: a wrong type anywhere is one line naming the file, the key and what is
allowed (issue 14), before the loader's own checks between entries."""

from __future__ import annotations

import copy
import tomllib

import pytest
import tomli_w

from simkit.core.errors import DataError
from simkit.core.registry import game
from simkit.core.rules import make_rules
from simkit.core.schema import SchemaError
from simkit.games.backpacks_and_blisters.board import DEFAULT_MAP, parse_board

MAP = tomllib.loads(DEFAULT_MAP.read_text())


def damaged(change) -> dict:
    doc = copy.deepcopy(MAP)
    change(doc)
    return doc


def _set(*where, value):
    def change(doc):
        for key in where[:-1]:
            doc = doc[key]
        doc[where[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "key", "allowed"),
    [
        (_set("places", value=5), "places", "list of places"),
        (_set("places", value=[]), "places", "list of places"),
        (_set("places", 3, "points", value="four"), "places[3].points", "whole number of points"),
        (_set("places", 0, "glass", value="yes"), "places[0].glass", "true or false"),
        (_set("places", 2, "kind", value=1), "places[2].kind", "town, prime, small"),
        (_set("places", 2, "colour", value="red"), "places[2].colour", "known here: glass"),
        (_set("cards", 4, "circles", value=2.5), "cards[4].circles", "circles from 0 to 9"),
        (_set("cards", 1, "location", value=["Catbells"]), "cards[1].location", "Prime Location"),
        (_set("routes", 0, value=7), "routes[0]", "list of routes"),
        (_set("start", value={"name": "Keswick"}), "start", "town where Ramblers start"),
        (_set("time", value="10:00-18:00"), "time", "the [time] table"),
        (_set("time", "lunch", value=13), "time.lunch", "time of day"),
        (_set("time", "minutes_per_turn", value="20"), "time.minutes_per_turn", "minutes"),
        (_set("time", "return_points", 2, value="3"), "time.return_points[2]", "whole numbers"),
        (_set("ferry", "points", value="Keswick"), "ferry.points", "Ferry Points"),
        (_set("buses", "78", value="Keswick"), "buses.78", "list of stops"),
        (_set("buses", value=["73"]), "buses", "[buses] table"),
        (_set("nme", value="typo"), "nme", "known here: buses"),
    ],
)
def test_a_wrong_type_is_one_line_naming_the_file_the_key_and_what_is_allowed(
    tmp_path, change, key, allowed
):
    path = tmp_path / "map.toml"
    path.write_text(tomli_w.dumps(damaged(change)))
    with pytest.raises(SchemaError) as refused:
        parse_board(path)
    lines = str(refused.value).splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: ") and key in lines[0] and allowed in lines[0], lines[0]


def test_every_bad_key_gets_its_own_line(tmp_path):
    doc = damaged(_set("cards", 0, "circles", value="x"))
    doc["time"]["tea"] = 15
    path = tmp_path / "map.toml"
    path.write_text(tomli_w.dumps(doc))
    with pytest.raises(SchemaError) as refused:
        parse_board(path)
    lines = str(refused.value).splitlines()
    assert len(lines) == 2 and "cards[0].circles" in lines[0] and "time.tea" in lines[1]


def test_a_wrong_type_through_make_rules_names_the_key_not_a_python_error(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text(tomli_w.dumps(damaged(_set("cards", 0, value="Catbells"))))
    with pytest.raises(DataError) as refused:
        make_rules(game("backpacks-and-blisters"), {"data": str(path)})
    assert "cards[0]" in str(refused.value) and "malformed" not in str(refused.value)


def test_the_shipped_map_passes_its_schema_and_loads_as_before(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text(tomli_w.dumps(MAP))
    copy_, shipped = parse_board(path), parse_board(DEFAULT_MAP)
    for table in ("names", "kind", "triangle", "points", "glass", "beauty", "neighbours", "cards"):
        assert getattr(copy_, table) == getattr(shipped, table), table
    assert (copy_.n_turns, copy_.return_points) == (shipped.n_turns, shipped.return_points)
