"""The 48 Hiking Cards (11. Hiking Cards): kinds and tree values as printed, effects assumed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simkit.core.errors import DataError
from simkit.core.rules import load_toml
from simkit.core.schema import check

KINDS = ("red", "wild", "trouble", "help")
RED, WILD, TROUBLE, HELP = KINDS
# The tree values each printed kind may carry (11. Hiking Cards).
KIND_TREES = {RED: (0,), WILD: (0,), TROUBLE: (2, 3), HELP: (1, 2, 3)}
# The counts of the printed deck, checked against the default file by the tests.
PRINTED_COUNTS = {RED: 6, WILD: 3, TROUBLE: 13, HELP: 26}

EFFECTS = (
    "lose_packs",
    "lose_axes",
    "gain_packs",
    "gain_axes",
    "move_bonus",
    "move_penalty",
    "roll_next",
    "skip_move",
    "forced_back",
    "landslide",
)
# Card penalties that move a hiker (7. Refuge Huts names "forced moves, landslides" among what a
# refuge protects from): "forced_back" sends the hiker n spaces back along the way its last move
# came, "landslide" carries it n spaces downhill (towards Base Camp over tree-free spaces).
MOVES_A_HIKER = frozenset({"forced_back", "landslide"})
PENALTIES = frozenset(
    {"lose_packs", "lose_axes", "move_penalty", "roll_next", "skip_move", *MOVES_A_HIKER}
)
# "Red 'Roll the dice!' cards provide NO Tree-planting or Moving powers" ("This is NOT for
# moving"): a red card may not add spaces or move a hiker.
MOVING_POWERS = frozenset({"move_bonus", *MOVES_A_HIKER})
WHO = ("self", "others", "all")
ZONE_FILTERS = ("any", "here", "low", "high", "250", "500", "1000", "1500", "flood", "snow")


@dataclass(frozen=True)
class Effect:
    do: str
    n: int = 1
    who: str = "self"
    zone: str = "any"

    def text(self) -> str:
        who = {"self": "you", "others": "every other hiker", "all": "every hiker"}[self.who]
        where = (
            ""
            if self.zone == "any"
            else (" in your zone" if self.zone == "here" else f" in the {self.zone} zone")
        )
        what = {
            "lose_packs": f"lose {self.n} supply pack(s)",
            "lose_axes": f"lose {self.n} axe(s)",
            "gain_packs": f"gain {self.n} supply pack(s)",
            "gain_axes": f"gain {self.n} axe(s)",
            "move_bonus": f"+{self.n} space(s) next move",
            "move_penalty": f"-{self.n} space(s) next move",
            "roll_next": "roll the die for the next move",
            "skip_move": "miss the next move",
            "forced_back": f"forced {self.n} space(s) back the way you came",
            "landslide": f"carried {self.n} space(s) downhill by a landslide",
        }[self.do]
        return f"{who}{where}: {what}"


@dataclass(frozen=True)
class Card:
    number: int
    kind: str
    name: str
    trees: int
    effects: tuple[Effect, ...] = ()
    on_roll: tuple[tuple[Effect, ...], ...] = ()  # red cards: effects for die 3, 4, 5


def _effects(raw, where: str, path) -> tuple[Effect, ...]:
    out = []
    for k, e in enumerate(raw or ()):
        try:
            eff = Effect(
                str(e["do"]),
                int(e.get("n", 1)),
                str(e.get("who", "self")),
                str(e.get("zone", "any")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(path, f"{where} effect {k + 1}: {exc}") from None
        if eff.do not in EFFECTS:
            raise DataError(
                path, f"{where}: effect 'do' = {eff.do!r} is not one of {', '.join(EFFECTS)}"
            )
        if eff.who not in WHO:
            raise DataError(path, f"{where}: 'who' = {eff.who!r} is not one of {', '.join(WHO)}")
        if eff.zone not in ZONE_FILTERS:
            raise DataError(
                path, f"{where}: 'zone' = {eff.zone!r} is not one of {', '.join(ZONE_FILTERS)}"
            )
        if not 0 <= eff.n <= 3:
            raise DataError(path, f"{where}: 'n' = {eff.n} must be 0 to 3")
        out.append(eff)
    return tuple(out)


def parse_cards(doc: dict, path: object = "cards") -> tuple[Card, ...]:
    from simkit.games.timber_tom.card_file import CardTables

    check(CardTables, doc, path)  # every key's type (simkit.core.schema), one line per problem
    raw_cards = doc.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DataError(path, "no [[card]] entries")
    cards: list[Card] = []
    numbers: set[int] = set()
    for k, raw in enumerate(raw_cards):
        where = f"card {raw.get('number', k + 1)}"
        try:
            number, kind = int(raw["number"]), str(raw["kind"])
            name, trees = str(raw.get("name", kind)), int(raw.get("trees", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(path, f"{where}: missing or bad field {exc}") from None
        if number in numbers:
            raise DataError(path, f"{where}: number {number} is used twice")
        numbers.add(number)
        if kind not in KINDS:
            raise DataError(path, f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
        if trees not in KIND_TREES[kind]:
            raise DataError(
                path,
                f"{where}: a {kind} card has a tree value of "
                f"{' or '.join(map(str, KIND_TREES[kind]))}, not {trees}",
            )
        effects = _effects(raw.get("effects"), where, path)
        on_roll = ()
        if kind == RED:
            on_roll = tuple(
                _effects(raw.get(f"on_{face}"), f"{where} on_{face}", path) for face in (3, 4, 5)
            )
            if effects:
                raise DataError(path, f"{where}: a red card's effects go in on_3, on_4, on_5")
            for face, roll in zip((3, 4, 5), on_roll, strict=True):
                for eff in roll:
                    if eff.do in MOVING_POWERS:
                        raise DataError(
                            path,
                            f"{where} on_{face}: a red card provides no moving powers "
                            f"(11. Hiking Cards), so not {eff.do!r}",
                        )
        elif kind == WILD and effects:
            raise DataError(path, f"{where}: a wild card has no effects of its own")
        cards.append(Card(number, kind, name, trees, effects, on_roll))
    return tuple(sorted(cards, key=lambda c: c.number))


def load_cards(path: Path) -> tuple[Card, ...]:
    return parse_cards(load_toml(path), path)
