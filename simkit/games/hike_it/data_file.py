"""What a Hike It! data file may hold, key by key: the trail map (``park.toml``), the decks
(``decks.toml``), or both in a designer's file.

The loaders (:mod:`simkit.games.hike_it.data`) check a file against these models first, so a wrong
type anywhere (``gear.food = "x"``, ``trails[2] = 5``, ``weather[0].wet = "yes"``) is one line
naming the key and what is allowed; the rules between entries (unknown spaces and items, a
disconnected map, the scenic counts, the dice faces) follow there, in the rulebook's words.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, create_model

from simkit.core.schema import Bool, Int, Str, Strict, allowed
from simkit.games.hike_it.data import (
    ITEMS,
    KINDS,
    OBJECTIVES,
    REGIONS,
    SCENIC_TYPES,
    TRAIL_KINDS,
    WEATHER_KINDS,
)

# Types only: which names, items and counts are allowed is checked by the loaders, entry by entry.
ITEM = "an item: " + ", ".join(ITEMS)
ITEM_LISTS = f"a list of lists of items ({', '.join(ITEMS)})"
COUNT = "a whole number"


# ------------------------------------------------------------------------------------- the map
class Region(Strict):
    name: Str = allowed("one of " + ", ".join(REGIONS), ...)
    bear_start: Str = allowed("a bear space or den of the region (its name)", ...)


class Space(Strict):
    name: Annotated[Str, Field(min_length=1)] = allowed("the space's name (text)", ...)
    kind: Str = allowed("one of " + ", ".join(KINDS[1:]), ...)
    scenic: Str | None = allowed("for a scenic spot, one of " + ", ".join(SCENIC_TYPES))


SPACES = "a list of spaces { name, kind, scenic }"


class Spaces(Strict):
    west: list[Space] = allowed(SPACES + " of the West region", ...)
    central: list[Space] = allowed(SPACES + " of the Central region", ...)
    east: list[Space] = allowed(SPACES + " of the East region", ...)


class ParkFile(Strict):
    """The trail map: its regions, its named spaces and the trails between them."""

    region: list[Region] = allowed(
        "[[region]] tables, one each for " + ", ".join(REGIONS) + ", with name and bear_start", ...
    )
    spaces: Spaces = allowed("a [spaces] table: " + ", ".join(REGIONS) + ", each a list", ...)
    trails: list[list[Str | Int]] = allowed(
        "a list of trails, each a list of space names with a mile count between two names", ...
    )


# ----------------------------------------------------------------------------------- the decks
class Gear(Strict):
    shelter: Int = allowed(COUNT + " of shelter tiles", ...)
    clothing: Int = allowed(COUNT + " of clothing tiles", ...)
    food: Int = allowed(COUNT + " of food tiles", ...)
    tools: Int = allowed(COUNT + " of tools tiles", ...)
    first_aid: Int = allowed(COUNT + " of first aid tiles", ...)


class Water(Strict):
    tiles: Int = allowed(COUNT + " of water tiles", ...)


class SkillCards(Strict):
    per_type: Int = allowed(COUNT + " of skill cards of each type, at least 1", ...)
    paws_per_type: Int = allowed(COUNT + " of paws per type, from 0 to per_type", ...)


class SkillSets(Strict):
    columns: list[list[Str]] = allowed(ITEM_LISTS + ": the packboard's skill columns", ...)


class WeatherKind(Strict):
    kind: Str = allowed("one of " + ", ".join(WEATHER_KINDS) + ", in that order", ...)
    wet: Bool = allowed("true or false", False)
    requires: list[list[Str]] = allowed(ITEM_LISTS + ", one or two items each", ...)


class Dice(Strict):
    weather: list[list[Str]] = allowed(
        "a list of dice, each six faces from " + ", ".join(WEATHER_KINDS) + ", clear", ...
    )
    bear: list[Str] = allowed('twelve faces, each a number "1" to "12", "paw" or "den"', ...)


class TrailCard(Strict):
    kind: Str = allowed("one of " + ", ".join(TRAIL_KINDS), ...)
    item: Str | None = allowed("for a challenge, " + ITEM)
    count: Int = allowed(COUNT + " of cards", ...)


class SideHike(Strict):
    objective: Str = allowed("one of " + ", ".join(OBJECTIVES), ...)
    n: Int = allowed("a whole number of at least 0", 0)
    type: Str | None = allowed("for scenic_type, one of " + ", ".join(SCENIC_TYPES))
    printed: Bool = allowed("true or false", False)


SIDE_HIKES = "a list of side hike cards { objective, n, type, printed }"


class SideHikes(Strict):
    easy: list[SideHike] = allowed(SIDE_HIKES + ", at least 8", ...)
    difficult: list[SideHike] = allowed(SIDE_HIKES + ", at least 8", ...)


class DecksFile(Strict):
    """The decks, dice and tiles."""

    items: list[Str] = allowed("the list " + ", ".join(ITEMS) + " in that order", ...)
    gear: Gear = allowed("a [gear] table of tile counts: " + ", ".join(ITEMS[:5]), ...)
    water: Water = allowed("a [water] table with tiles", ...)
    skill_cards: SkillCards = allowed("a [skill_cards] table: per_type, paws_per_type", ...)
    skill_sets: SkillSets = allowed("a [skill_sets] table with columns", ...)
    weather: list[WeatherKind] = allowed("[[weather]] tables: kind, wet, requires", ...)
    dice: Dice = allowed("a [dice] table: weather, bear", ...)
    trail: list[TrailCard] = allowed("[[trail]] tables: kind, item, count", ...)
    side_hikes: SideHikes = allowed("a [side_hikes] table: easy, difficult", ...)
    trailhead_bonuses: dict[Literal["2", "3", "4"], list[Int]] = allowed(
        'a [trailhead_bonuses] table: "2", "3" and "4" players, each a list of points', ...
    )


def _optional(model: type[Strict]) -> dict[str, Any]:
    return {
        name: (info.annotation | None, Field(None, description=info.description))
        for name, info in model.model_fields.items()
    }


# A designer's file: a map, decks or both, every key optional here (the part's model then says
# which of its keys are missing).
DataFile = create_model(
    "DataFile",
    __base__=Strict,
    description=(Str, Field("", description="text")),
    **_optional(ParkFile),
    **_optional(DecksFile),
)


def part(model: type[Strict], doc: dict[str, Any]) -> dict[str, Any]:
    """The keys of ``doc`` that belong to ``model`` (the map's or the decks')."""
    return {k: v for k, v in doc.items() if k in model.model_fields}
