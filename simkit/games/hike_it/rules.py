"""The tunable rules of Hike It!, with the rulebook's values as defaults."""

from __future__ import annotations

from dataclasses import dataclass, field

from simkit.core.errors import RulesError
from simkit.core.rules import rule
from simkit.games.hike_it.data import Decks, Park, default_decks, default_park


@dataclass(frozen=True)
class WeatherDeck:
    """How many Weather cards of each kind (Preparation; Components: 19 / 9 / 4 / 2 / 1)."""

    sun: int = rule(19, lo=0, hi=40, help="Sun cards")
    rain: int = rule(9, lo=0, hi=40, help="Rain cards (wet)")
    storm: int = rule(4, lo=0, hi=20, help="Storm cards (wet)")
    heat: int = rule(2, lo=0, hi=20, help="Heat cards (extreme: two items)")
    snow: int = rule(1, lo=0, hi=20, help="Snow cards (extreme, wet: two items)")

    def counts(self) -> tuple[int, ...]:
        return (self.sun, self.rain, self.storm, self.heat, self.snow)


@dataclass(frozen=True)
class Rules:
    health_start: int = rule(5, lo=1, hi=8, help="health level at the start (Player Setup)")
    health_max: int = rule(8, lo=1, hi=12, help="health can never go higher (Your Packboard)")
    storage: int = rule(8, lo=1, hi=12, help="tiles a packboard can hold (Your Packboard)")
    waypoints: int = rule(3, lo=3, hi=3, help="waypoints per hiker, one per region")
    scenic_tokens_dealt: int = rule(4, lo=3, hi=6, help="scenic tokens dealt to choose waypoints")
    hand_limit: int = rule(6, lo=3, hi=12, help="skill cards held at the end of a turn")
    face_up_skills: int = rule(3, lo=1, hi=6, help="face-up skill cards on the board")
    set_cost: int = rule(3, lo=2, hi=6, help="matching skill cards for a token or a challenge")
    paw_cost: int = rule(2, lo=1, hi=4, help="paw cards discarded to shoo a passive bear")
    campfires: int = rule(4, lo=0, hi=4, help="campfire tokens per hiker")
    start_water_max: int = rule(
        3, lo=0, hi=6, help="start tiles in each regional water supply at most"
    )
    hiker_box: int = rule(6, lo=2, hi=8, help="visible stacks in the hiker box")
    optional_recycle: bool = rule(
        True, help="4-5 identical visible gear tiles let the player recycle the hiker box"
    )
    side_hikes_dealt: int = rule(
        2, lo=0, hi=4, help="easy and difficult side hike cards dealt each"
    )
    easy_points: int = rule(4, lo=0, hi=20, help="points of an easy side hike")
    difficult_points: int = rule(8, lo=0, hi=20, help="points of a difficult side hike")
    token_points: int = rule(5, lo=0, hi=20, help="points per skill set token")
    health_points: int = rule(2, lo=0, hi=10, help="points per health level at the end")
    scenic_points: int = rule(1, lo=0, hi=10, help="points per scenic token")
    trade_offers: int = rule(
        2, lo=0, hi=10, help="trade offers a hiker may make per turn (0: no trading)"
    )
    trade_window: bool = rule(
        True, help="after each turn the other hikers may each offer one trade (Trading: any time)"
    )
    trade_items: int = rule(3, lo=1, hi=6, help="things a trade offer may give, and ask, at most")
    trailhead_bonus: bool = rule(True, help="award the trailhead bonus tiles")
    bear_knocks_out_fallen: bool = rule(
        True,
        help=(
            "a bear that hits a hiker lying at 0 health knocks it out (Your Packboard, Health: "
            '"If your HEALTH drops below 1 because of an encounter with an AGGRESSIVE BEAR, your '
            'hike ends immediately"); off: a fallen hiker has no health left to lose and rests'
        ),
    )
    turn_order: str = rule(
        "track",
        choices=("track", "rotate"),
        help="campfire turn-order track, or the alternate rule (first player rotates)",
    )
    turn_limit: int = rule(150, lo=10, hi=2000, help="days after which the game stops (turn_limit)")
    weather: WeatherDeck = field(default_factory=WeatherDeck)
    park: Park = field(default_factory=default_park)
    decks: Decks = field(default_factory=default_decks)

    campfire_bonus: tuple[tuple[int, int], ...] = rule(
        ((1, 0), (0, 1), (2, 0), (1, 1)),
        help="campfire bonuses, left to right, as (skill cards, health) (Campfires)",
    )
    rest_cost: tuple[int, ...] = rule(
        (1, 3, 6),
        help="points paid to rest for 1, 2 or 3 health levels (Your Packboard, Health)",
    )

    def validate(self) -> None:
        if self.health_start > self.health_max:
            raise RulesError(
                "health_start", self.health_start, f"at most health_max ({self.health_max})"
            )
        if sum(self.weather.counts()) < 3:
            raise RulesError(
                "weather", self.weather.counts(), "at least 3 cards to fill the forecast"
            )
        if sum(self.decks.gear) < self.hiker_box:
            raise RulesError(
                "hiker_box", self.hiker_box, f"at most the {sum(self.decks.gear)} gear tiles"
            )
        if self.side_hikes_dealt * 4 > min(len(self.decks.easy), len(self.decks.difficult)):
            raise RulesError(
                "side_hikes_dealt",
                self.side_hikes_dealt,
                "more cards than the side hike decks hold",
            )
