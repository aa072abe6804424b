"""Timber Tom's rules: every tunable number, and the board and deck as component data."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from simkit.core.errors import DataError, RulesError
from simkit.core.rules import load_toml, rule
from simkit.games.timber_tom.board import Board, parse_board
from simkit.games.timber_tom.cards import Card, parse_cards

DATA_DIR = Path(__file__).parent
BOARD_FILE = DATA_DIR / "board.toml"
CARDS_FILE = DATA_DIR / "hiking_cards.toml"
DIE_FACES = (3, 3, 4, 4, 5, 5)  # "all 6 sides ... display only 3 values" (3. Using the Game Dice)


@cache
def default_board() -> Board:
    return parse_board(load_toml(BOARD_FILE), BOARD_FILE)


@cache
def default_deck() -> tuple[Card, ...]:
    return parse_cards(load_toml(CARDS_FILE), CARDS_FILE)


@dataclass(frozen=True)
class ZoneValues:
    """Move- and Tree-values of the zones (C. "Move" & "Tree" Values)."""

    move_250: int = rule(6, lo=1, hi=12, help="Move-value of the 250 zone (and of Base Camp)")
    trees_250: int = rule(2, lo=0, hi=5, help="Tree-value of the 250 zone")
    move_500: int = rule(6, lo=1, hi=12, help="Move-value of the 500 zone")
    trees_500: int = rule(3, lo=0, hi=5, help="Tree-value of the 500 zone")
    move_1000: int = rule(5, lo=1, hi=12, help="Move-value of the 1000 zone")
    trees_1000: int = rule(2, lo=0, hi=5, help="Tree-value of the 1000 zone (assumed: not printed)")
    move_1500: int = rule(4, lo=1, hi=12, help="Move-value of the 1500 zone")
    trees_1500: int = rule(1, lo=0, hi=5, help="Tree-value of the 1500 zone")


@dataclass(frozen=True)
class Tray:
    """A hiker's Player-tray at the start and after a full restore (A. To start the game)."""

    supply_packs: int = rule(3, lo=0, hi=3, help="supply packs (3 is also the most one carries)")
    axes: int = rule(3, lo=0, hi=3, help="axe tokens (3 is also the most one carries)")
    chainsaws: int = rule(1, lo=0, hi=3, help="chainsaw tokens (assumed split of the 8 tokens)")
    heli_flights: int = rule(2, lo=0, hi=3, help="Heli-Flight tokens (assumed split of the 8)")
    heli_radios: int = rule(2, lo=0, hi=3, help="heli-radios (assumed split of the 8 tokens)")


# every points field's help ends alike
_LEFT = " left in a drawn game (13. Scoring a Drawn Game)"


@dataclass(frozen=True)
class ResourcePoints:
    """Points per remaining resource in a drawn game (13. Scoring a Drawn Game)."""

    supply_pack: float = rule(1.5, lo=0, hi=10, help="points per Supply Pack" + _LEFT)
    heli_flight: float = rule(1.5, lo=0, hi=10, help="points per Heli-flight token" + _LEFT)
    heli_radio: float = rule(1.0, lo=0, hi=10, help="points per heli-radio" + _LEFT)
    chainsaw: float = rule(1.0, lo=0, hi=10, help="points per Chainsaw token" + _LEFT)
    axe: float = rule(0.5, lo=0, hi=10, help="points per Axe token" + _LEFT)


@dataclass(frozen=True)
class Rules:
    """Every number of Timber Tom with the rulebook's value (or an assumed one, see README.md) as
    default, and the board and Hiking Cards as component data."""

    treasures_to_win: int = rule(
        2,
        lo=1,
        hi=4,
        help="Treasures from different peaks needed (2: the short game, 3: the long game)",
    )
    fair_and_square: bool = rule(
        True,
        choices=(True, False),
        help="13. Winning: the round of the first return is "
        "finished and its returners draw; false: first back wins",
    )
    cards: bool = rule(
        True,
        choices=(True, False),
        help="play with the Hiking Cards (false: the 'more strategical' game)",
    )
    danger_move: int = rule(
        0,
        lo=0,
        hi=9,
        help="fixed Move-value of the danger zones; 0 rolls "
        "the die (the 'more strategical' game sets one, e.g. 5)",
    )
    tree_box: int = rule(60, lo=0, hi=400, help="trees in the Tree Box (assumed: not printed)")
    ring_relief: int = rule(3, lo=0, hi=6, help="trees a ringed-in hiker may remove and replant")
    pack_spaces: int = rule(1, lo=0, hi=3, help="extra spaces a traded supply pack gives")
    flight_spaces: int = rule(2, lo=0, hi=4, help="extra spaces a traded Heli-Flight token gives")
    wild_spaces: int = rule(2, lo=0, hi=4, help="extra spaces the Wild card gives")
    snow_cap_fee: int = rule(
        1, lo=0, hi=3, help="supply packs forfeited on first setting foot on each Snow Cap"
    )
    canoe_fee: int = rule(1, lo=0, hi=3, help="supply packs paid for a canoe crossing")
    saw_cut_kept: bool = rule(
        True,
        choices=(True, False),
        help='5. Tree Clearing: "1 Chainsaw removes 2 trees" (no time limit given): the second '
        "cut keeps for a later move; false: it is lost at the end of the move that began the saw",
    )
    turn_limit: int = rule(100, lo=5, hi=10_000, help="rounds after which the game is stopped")
    zones: ZoneValues = field(default_factory=ZoneValues)
    tray: Tray = field(default_factory=Tray)
    points: ResourcePoints = field(default_factory=ResourcePoints)
    board: Board = field(default_factory=default_board)
    deck: tuple[Card, ...] = field(
        default_factory=default_deck,
        metadata={
            "help": "the 48 Hiking Cards (11. Hiking Cards: kinds, counts and tree values; "
            "every card's name and effect assumed, hiking_cards.toml)"
        },
    )

    def validate(self) -> None:
        if self.treasures_to_win > len(self.board.treasures):
            raise RulesError(
                "treasures_to_win",
                self.treasures_to_win,
                f"at most the board's {len(self.board.treasures)} peaks",
            )


def load_data(path: Path) -> dict:
    """A designer's data file: a board ([board] map, [legend], [peaks]) and/or a deck ([[card]])."""
    doc = load_toml(Path(path))
    out: dict = {}
    if "board" in doc or "legend" in doc:
        out["board"] = parse_board(doc, path)
    if "card" in doc:
        out["deck"] = parse_cards(doc, path)
    if not out:
        raise DataError(path, "neither a board ([board] map and [legend]) nor cards ([[card]])")
    return out
