"""What a Pack It card file (``cards.toml``, or a designer's copy) may hold, key by key.

The loader (:func:`cards.load_cards`) checks a file against :class:`CardFile` first, so a wrong type
anywhere (``items = [1, 2]``, ``hazards = 5``, ``assumed = 5``) is one line naming the key and what
is allowed; the checks between entries (duplicate names, the items the hazards name) follow there.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from simkit.core.schema import Int, Str, Strict, allowed
from simkit.games.lets_take_a_hike.cards import SPACES

# Types only: which spaces exist and the ranges of miles and counts are checked by the loader, card
# by card, in the rulebook's words.
NOTES = "a list of the fields that are assumed (text)"


class ItemCard(Strict):
    name: Annotated[Str, Field(min_length=1)] = allowed("the item's name (text)", ...)
    miles: Int = allowed("a whole number of miles from 1 to 15", ...)
    spaces: list[Str] = allowed("a list of backpack spaces: " + ", ".join(SPACES), ...)
    copies: Int = allowed("a whole number of copies from 0 to 60", ...)
    assumed: list[Str] = allowed(NOTES, [])
    why: Str = allowed("text", "")


class HazardDeck(Strict):
    raccoon: Int | None = allowed("a whole number of cards from 0 to 20")
    skunk: Int | None = allowed("a whole number of cards from 0 to 20")
    blister: Int | None = allowed("a whole number of cards from 0 to 20")
    bear: Int | None = allowed("a whole number of cards from 0 to 20")
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
