"""What a Pack It card file (``cards.toml``, or a designer's copy) may hold, key by key.

The loader (:func:`cards.load_cards`) checks a file against :class:`CardFile` first, so a wrong type
anywhere (``items = [1, 2]``, ``hazards = 5``, ``assumed = 5``) is one line naming the key and what
is allowed; the checks between entries (duplicate names, the items the hazards name) follow there.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from simkit.core.schema import Int, Str, Strict, allowed
from simkit.games.lets_take_a_hike.cards import SPACES

Space = Literal[SPACES]
Miles = Annotated[Int, Field(ge=1, le=15)]
Copies = Annotated[Int, Field(ge=0, le=60)]
HazardCount = Annotated[Int, Field(ge=0, le=20)]
NOTES = "a list of the fields that are assumed (text)"


class ItemCard(Strict):
    name: Annotated[Str, Field(min_length=1)] = allowed("the item's name (text)", ...)
    miles: Miles = allowed("a whole number of miles from 1 to 15", ...)
    spaces: Annotated[list[Space], Field(min_length=1)] = allowed(
        "a non-empty list of backpack spaces: " + ", ".join(SPACES), ...
    )
    copies: Copies = allowed("a whole number of copies from 0 to 60", ...)
    assumed: list[Str] = allowed(NOTES, [])
    why: Str = allowed("text", "")


class HazardDeck(Strict):
    raccoon: HazardCount | None = allowed("a whole number of cards from 0 to 20")
    skunk: HazardCount | None = allowed("a whole number of cards from 0 to 20")
    blister: HazardCount | None = allowed("a whole number of cards from 0 to 20")
    bear: HazardCount | None = allowed("a whole number of cards from 0 to 20")
    assumed: list[Str] = allowed(NOTES, [])
    why: Str = allowed("text", "")


class CardFile(Strict):
    items: Annotated[list[ItemCard], Field(min_length=1)] = allowed(
        "[[items]] tables, each with name, miles, spaces and copies", ...
    )
    hazards: HazardDeck = allowed(
        "a [hazards] table of card counts: raccoon, skunk, blister, bear", HazardDeck()
    )
    description: Str = allowed("text", "")
