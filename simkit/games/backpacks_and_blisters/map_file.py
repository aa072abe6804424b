"""What a Backpacks & Blisters map file (``lake_district.toml``, or a designer's copy) may hold.

The loader (:func:`board.parse_board`) checks a file against :class:`MapFile` first, so a wrong type
anywhere (``places = 5``, ``cards[3].circles = "x"``, ``time.lunch = 13``) is one line naming the key
and what is allowed; the checks between entries (unknown places, routes, a disconnected map, the
Time chart's order) follow there, in the rulebook's words.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from simkit.core.schema import Bool, Int, Str, Strict, allowed
from simkit.games.backpacks_and_blisters.board import KINDS, SHAPES, SMALL_TOKENS

# Types only: which names exist and the ranges of points and moves are checked by the loader.
PLACE_NAME = "the name of a place of the list (text)"
TIME = 'a time of day like "13:00" (text)'


class Place(Strict):
    name: Annotated[Str, Field(min_length=1)] = allowed("the place's name (text)", ...)
    kind: Str = allowed("one of " + ", ".join(KINDS), ...)
    shape: Str = allowed("one of " + ", ".join(SHAPES), ...)
    points: Int = allowed("a whole number of points, at least 1 (Prime Locations only)", 0)
    glass: Bool = allowed("true or false (Refreshments, on a large space only)", False)


class RamblingCard(Strict):
    location: Str = allowed("the Prime Location of the card (text)", ...)
    circles: Int = allowed("a whole number of circles from 0 to 9", ...)
    triangles: Int = allowed("a whole number of triangles from 0 to 9", ...)


class TimeChart(Strict):
    first: Str = allowed(TIME + ", the first turn", ...)
    end: Str = allowed(TIME + ", the end of the day", ...)
    minutes_per_turn: Int = allowed("a whole number of minutes above 0", ...)
    lunch: Str = allowed(TIME + ", a turn of the day", ...)
    tea: Str = allowed(TIME + ", a turn of the day", ...)
    return_from: Str = allowed(TIME + ", a turn of the day", ...)
    return_points: list[Int] = allowed(
        "a list of whole numbers, one per turn from return_from to the end of the day", ...
    )


class Ferry(Strict):
    points: list[Str] = allowed("a list of at least two Ferry Points: " + PLACE_NAME, ...)


class MapFile(Strict):
    name: Str | None = allowed("the map's name (text)")
    start: Str = allowed("the town where Ramblers start: " + PLACE_NAME, ...)
    places: Annotated[list[Place], Field(min_length=1)] = allowed(
        "a list of places { name, kind, shape, points, glass }", ...
    )
    cards: Annotated[list[RamblingCard], Field(min_length=1)] = allowed(
        "a list of Rambling cards { location, circles, triangles }", ...
    )
    routes: list[Str] = allowed(
        'a list of routes like "A - o - ^ - B" (text; small spaces '
        + ", ".join(SMALL_TOKENS)
        + ")",
        ...,
    )
    time: TimeChart = allowed(
        "the [time] table: first, end, minutes_per_turn, lunch, tea, return_from, return_points",
        ...,
    )
    ferry: Ferry | None = allowed("a [ferry] table with a list of points")
    buses: dict[Str, list[Str]] = allowed(
        "a [buses] table mapping each bus number to its list of stops (place names)", {}
    )
    description: Str = allowed("text", "")
