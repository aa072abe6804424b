"""The Pack It cards and the rules' numbers: what a designer can change.

Cards are coded as small integers: item types ``0 .. n_items-1`` in data-file order, then the four
hazards. A backpack is a count vector of item types packed into one integer, four bits a type
(see :mod:`backpack`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from simkit.core.errors import DataError
from simkit.core.rules import load_toml, rule
from simkit.core.schema import check

DATA_FILE = Path(__file__).with_name("cards.toml")

SPACES = ("top", "left_hand", "left_pocket", "middle", "right_pocket", "right_hand", "bottom")
HAZARDS = ("raccoon", "skunk", "blister", "bear")

# The items the hazards name: the rules refer to them, so every card list must have them.
GRANOLA_BAR, SOCKS, BEAR_SPRAY = "Granola Bar", "Socks", "Bear Spray"


@dataclass(frozen=True)
class ItemType:
    name: str
    miles: int
    spaces: tuple[str, ...]
    copies: int
    assumed: tuple[str, ...] = ()
    why: str = ""


@dataclass(frozen=True)
class HazardCounts:
    """How many of each red Hazard card are in the deck."""

    raccoon: int = rule(4, lo=0, hi=20, help="Raccoon: the drawer discards one card of choice")
    skunk: int = rule(3, lo=0, hi=20, help="Skunk: the drawer discards two cards of choice")
    blister: int = rule(3, lo=0, hi=20, help="Blister: lose the highest-mile card unless Socks")
    bear: int = rule(2, lo=0, hi=20, help="Bear: everyone loses Granola Bars unless Bear Spray")

    def as_tuple(self) -> tuple[int, ...]:
        return tuple(getattr(self, h) for h in HAZARDS)


def _item(entry: dict, path: Path, i: int) -> ItemType:
    where = f"items[{i}]"
    for key in ("name", "miles", "spaces", "copies"):
        if key not in entry:
            raise DataError(path, f"{where} has no '{key}'")
    name = entry["name"]
    if not isinstance(name, str) or not name:
        raise DataError(path, f"{where}.name must be a non-empty string")
    miles, copies = entry["miles"], entry["copies"]
    if not isinstance(miles, int) or not 1 <= miles <= 15:
        raise DataError(path, f"{where} ({name}).miles = {miles!r}: expected a whole number 1-15")
    if not isinstance(copies, int) or not 0 <= copies <= 60:
        raise DataError(path, f"{where} ({name}).copies = {copies!r}: expected a whole number 0-60")
    spaces = entry["spaces"]
    if not isinstance(spaces, list) or not spaces:
        raise DataError(path, f"{where} ({name}).spaces must be a non-empty list")
    for s in spaces:
        if s not in SPACES:
            raise DataError(
                path, f"{where} ({name}).spaces: unknown space '{s}'; spaces: {', '.join(SPACES)}"
            )
    return ItemType(
        name, miles, tuple(spaces), copies, tuple(entry.get("assumed", ())), entry.get("why", "")
    )


def load_cards(path: Path) -> dict:
    """Read a card file into the ``items`` and ``hazards`` rule fields, checking every entry."""
    from simkit.games.lets_take_a_hike.card_file import CardFile

    data = load_toml(Path(path))
    check(CardFile, data, path)  # every key's type (simkit.core.schema), one line per problem
    entries = data.get("items")
    if not isinstance(entries, list) or not entries:
        raise DataError(path, "no [[items]] entries")
    items = tuple(_item(e, path, i) for i, e in enumerate(entries))
    names = [it.name for it in items]
    for dup in {n for n in names if names.count(n) > 1}:
        raise DataError(path, f"item '{dup}' is listed twice")
    for needed in (GRANOLA_BAR, SOCKS, BEAR_SPRAY):
        if needed not in names:
            raise DataError(path, f"no item '{needed}': the hazard rules name it")
    raw = data.get("hazards", {})
    counts = {}
    for h in HAZARDS:
        value = raw.get(h, getattr(HazardCounts(), h))
        if not isinstance(value, int) or not 0 <= value <= 20:
            raise DataError(path, f"hazards.{h} = {value!r}: expected a whole number 0-20")
        counts[h] = value
    return {"items": items, "hazards": HazardCounts(**counts)}


@cache
def _default_cards() -> dict:
    return load_cards(DATA_FILE)


def _default_items() -> tuple[ItemType, ...]:
    return _default_cards()["items"]


def _default_hazards() -> HazardCounts:
    return _default_cards()["hazards"]


@dataclass(frozen=True)
class Rules:
    """Every number of Let's Take a Hike, with the rulebook's values (or assumed ones) as defaults."""

    items: tuple[ItemType, ...] = field(
        default_factory=_default_items,
        metadata={
            "help": "the Item cards: miles, backpack spaces, copies (90 in all; partly assumed)"
        },
    )
    hazards: HazardCounts = field(default_factory=_default_hazards)
    backpack_deal: int = rule(5, lo=1, hi=7, help="Item cards dealt to each backpack at setup")
    turn_limit: int = rule(5000, lo=10, hi=1_000_000, help="turns before a runaway game is cut off")
    drawoff_first: str = rule(
        "random",
        choices=("random", "lowest_seat"),
        help="who draws first in the Skunk draw-off. The rulebook names no one: 'If there is "
        "still a tie, reshuffle the Discard Pile and randomly draw cards until someone draws the "
        "skunk. They lose!' random: a tied player drawn at random (seeded); lowest_seat: the "
        "lowest tied seat, then clockwise (the engine's order before this switch: a small seat bias)",
    )

    def validate(self) -> None:
        from simkit.core.errors import RulesError

        if sum(it.copies for it in self.items) == 0:
            raise RulesError("items", "no copies", "the deck needs at least one Item card")
