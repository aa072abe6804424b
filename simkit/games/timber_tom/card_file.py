"""What the Hiking Cards of a data file (``[[card]]`` tables) may hold, key by key.

:func:`cards.parse_cards` checks the cards against :class:`CardTables` first, so a wrong type
anywhere (``number = "x"``, ``n = 1.5``, ``effects = 5``) is one line naming the key and what is
allowed; the rules between cards (tree values per kind, numbers used twice) follow there.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from simkit.core.schema import Bool, Int, Str, Strict, allowed
from simkit.games.timber_tom.cards import EFFECTS, KINDS, WHO, ZONE_FILTERS

EFFECTS_TEXT = "a list of effects { do, n, who, zone }"


# Types only: which names and numbers a card may use is checked by parse_cards, card by card.
class Effect(Strict):
    do: Str = allowed("one of " + ", ".join(EFFECTS), ...)
    n: Int = allowed("a whole number from 0 to 3", 1)
    who: Str = allowed("one of " + ", ".join(WHO), "self")
    zone: Str = allowed("one of " + ", ".join(ZONE_FILTERS), "any")


class CardEntry(Strict):
    number: Int = allowed("the card's number (a whole number)", ...)
    kind: Str = allowed("one of " + ", ".join(KINDS), ...)
    name: Str | None = allowed("the card's name (text)")
    trees: Int = allowed("a whole number of trees", 0)
    effects: list[Effect] = allowed(EFFECTS_TEXT, [])
    on_3: list[Effect] = allowed(EFFECTS_TEXT + " for a roll of 3", [])
    on_4: list[Effect] = allowed(EFFECTS_TEXT + " for a roll of 4", [])
    on_5: list[Effect] = allowed(EFFECTS_TEXT + " for a roll of 5", [])
    assumed: Bool | Str | list[Str] | None = allowed("true/false or a note of what is assumed")


class CardTables(Strict):
    """The ``[[card]]`` part of a data file (its board keys are the board's to check)."""

    model_config = ConfigDict(extra="ignore")

    card: Annotated[list[CardEntry], Field(min_length=1)] = allowed(
        "[[card]] tables, each with number, kind and trees", ...
    )
