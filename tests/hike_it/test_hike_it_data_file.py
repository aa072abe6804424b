"""The data files' schema: a wrong type anywhere in the map or the decks is one line naming the
file, the key and what is allowed (issue 14), before the loader's own checks between entries."""

from __future__ import annotations

import copy
import tomllib

import pytest
import tomli_w

from simkit.core.errors import DataError
from simkit.core.rules import make_rules
from simkit.core.schema import SchemaError
from simkit.games.hike_it import GAME
from simkit.games.hike_it.data import DECKS_FILE, PARK_FILE, load_data

PARK = tomllib.loads(PARK_FILE.read_text())
DECKS = tomllib.loads(DECKS_FILE.read_text())


def _set(*where, value):
    def change(doc):
        for key in where[:-1]:
            doc = doc[key]
        doc[where[-1]] = value

    return change


def refused(tmp_path, doc) -> tuple[str, list[str]]:
    path = tmp_path / "custom.toml"
    path.write_text(tomli_w.dumps(doc))
    with pytest.raises(SchemaError) as error:
        load_data(path)
    return str(path), str(error.value).splitlines()


PARK_CASES = [
    (_set("region", value={"name": "west"}), "region", "[[region]] tables"),
    (_set("region", 1, "bear_start", value=3), "region[1].bear_start", "bear space or den"),
    (_set("spaces", value=[]), "spaces", "[spaces] table"),
    (_set("spaces", "west", value="all"), "spaces.west", "West region"),
    (_set("spaces", "north", value=[]), "spaces.north", "known here: central, east, west"),
    (_set("spaces", "east", 0, "kind", value=True), "spaces.east[0].kind", "trailhead"),
    (_set("spaces", "west", 2, "scenic", value=2), "spaces.west[2].scenic", "waterfall"),
    (_set("spaces", "west", 0, "name", value=""), "spaces.west[0].name", "space's name"),
    (_set("trails", value="loop"), "trails", "list of trails"),
    (_set("trails", 3, value=5), "trails[3]", "list of trails"),
    (_set("trails", 0, 1, value=2.5), "trails[0][1]", "mile count"),
    (_set("trails", 0, 1, value=True), "trails[0][1]", "mile count"),
]
DECK_CASES = [
    (_set("items", value="shelter"), "items", "shelter, clothing"),
    (_set("gear", "food", value="x"), "gear.food", "food tiles"),
    (_set("gear", "rope", value=3), "gear.rope", "known here: clothing"),
    (_set("water", value=20), "water", "[water] table"),
    (_set("skill_cards", "per_type", value=9.0), "skill_cards.per_type", "at least 1"),
    (_set("skill_sets", "columns", 0, value="food"), "skill_sets.columns[0]", "list of lists"),
    (_set("weather", 1, "wet", value="yes"), "weather[1].wet", "true or false"),
    (_set("weather", 0, "requires", 0, 0, value=5), "weather[0].requires[0][0]", "items"),
    (_set("dice", "bear", 0, value=1), "dice.bear[0]", "twelve faces"),
    (_set("dice", "weather", value={"sun": 1}), "dice.weather", "six faces"),
    (_set("trail", 0, "count", value="six"), "trail[0].count", "number of cards"),
    (_set("trail", 0, "item", value=["food"]), "trail[0].item", "for a challenge"),
    (_set("side_hikes", "easy", 2, "n", value="10"), "side_hikes.easy[2].n", "at least 0"),
    (_set("side_hikes", "difficult", 0, "printed", value=1), "printed", "true or false"),
    (_set("side_hikes", "easy", 6, "type", value=0), "side_hikes.easy[6].type", "mountain"),
    (_set("trailhead_bonuses", "3", 0, value="7"), "trailhead_bonuses.3[0]", "list of points"),
    (_set("trailhead_bonuses", "5", value=[1]), "trailhead_bonuses.5", '"2", "3" and "4"'),
]


@pytest.mark.parametrize(
    ("doc", "change", "key", "allowed"),
    [(PARK, *case) for case in PARK_CASES] + [(DECKS, *case) for case in DECK_CASES],
)
def test_a_wrong_type_is_one_line_naming_the_file_the_key_and_what_is_allowed(
    tmp_path, doc, change, key, allowed
):
    doc = copy.deepcopy(doc)
    change(doc)
    path, lines = refused(tmp_path, doc)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: ") and key in lines[0] and allowed in lines[0], lines[0]


def test_a_designer_file_missing_part_of_the_decks_names_every_missing_key(tmp_path):
    path, lines = refused(tmp_path, {**PARK, "gear": DECKS["gear"]})
    missing = {line.split("'")[1] for line in lines}
    assert missing == set(DECKS) - {"gear"}
    assert all(line.startswith(f"{path}: ") and "is missing" in line for line in lines)


def test_a_key_of_neither_the_map_nor_the_decks_is_refused(tmp_path):
    path, lines = refused(tmp_path, {**PARK, "trail_map": "x"})
    assert lines == [f"{path}: unknown key 'trail_map'; known here: " + ", ".join(
        sorted(["description", *PARK, *DECKS]))]  # fmt: skip


def test_a_file_with_only_a_description_holds_neither_map_nor_decks(tmp_path):
    path = tmp_path / "custom.toml"
    path.write_text('description = "empty"\n')
    with pytest.raises(DataError, match="holds neither a map"):
        load_data(path)


def test_a_wrong_type_through_make_rules_names_the_key_not_a_python_error(tmp_path):
    doc = copy.deepcopy(DECKS)
    doc["weather"][2] = "storm"
    path = tmp_path / "custom.toml"
    path.write_text(tomli_w.dumps(doc))
    with pytest.raises(DataError) as error:
        make_rules(GAME, {"data": str(path)})
    assert "weather[2]" in str(error.value) and "malformed" not in str(error.value)


def test_the_shipped_files_pass_their_schema_and_load_as_before(tmp_path):
    path = tmp_path / "custom.toml"
    path.write_text(tomli_w.dumps({**PARK, **DECKS}))
    out = load_data(path)
    rules = make_rules(GAME, {})
    assert out["park"] == rules.park and out["decks"] == rules.decks
