"""The forecast, the weather dice and the water supplies (Weather / Morning; Refilling Water
Supplies).

A weather card is (kind, items required, wet). Functions take the forecast, the deck and its
discards, the dice faces or the water piles, and the game's random stream; :class:`Morning` is
the morning of a turn in progress, its handlers take the game ``g`` for the pieces they change.
"""

from __future__ import annotations

from simkit.core.rng import GameRng
from simkit.games.hike_it.data import WEATHER_KINDS

WeatherCard = tuple[int, tuple[int, ...], bool]


def cards(decks, counts: tuple[int, ...]) -> tuple[WeatherCard, ...]:
    """Every weather card as (kind, items required, wet), from the counts and the kinds' data."""
    out = []
    for k, (kind, n) in enumerate(zip(decks.weather, counts, strict=True)):
        for i in range(n):
            out.append((k, kind.requires[i % len(kind.requires)], kind.wet))
    return tuple(out)


def draw(deck: list[int], pile: list[int], rng: GameRng) -> int:
    if not deck:
        deck.extend(pile)
        pile.clear()
        rng.shuffle(deck)
    return deck.pop()


def advance(forecast: list[int], deck: list[int], pile: list[int], rng: GameRng) -> None:
    """TOMORROW becomes TODAY, 2 DAYS OUT becomes TOMORROW, a new card is turned for 2 DAYS OUT."""
    pile.append(forecast.pop(0))
    forecast.append(draw(deck, pile, rng))


def text(weather_cards: tuple[WeatherCard, ...], forecast: list[int]) -> str:
    return ", ".join(WEATHER_KINDS[weather_cards[c][0]] for c in forecast)


def roll(faces: tuple[str, ...], rng: GameRng) -> str:
    return faces[rng.below(len(faces))]


def refill(owed: list[int], supply: list[int], discard: int) -> int:
    """Refill each region's water supply by what wet weather owes it, from the discard pile (which
    holds enough); returns the tiles left in the discard pile."""
    for r, k in enumerate(owed):
        supply[r] += k
    return discard - sum(owed)


class Morning:
    """The morning of a hiker's turn: the weather dice rolled, how many were rerolled waiting out
    the weather at one's own campfire (an action each), and whether it chose to face it."""

    __slots__ = ("dice", "rerolls", "facing")
    HANDLES = ("reroll", "face_weather")

    def __init__(self) -> None:
        self.dice: tuple[str, ...] = ()
        self.rerolls = 0
        self.facing = False

    def clone(self) -> Morning:
        c = Morning.__new__(Morning)
        c.dice, c.rerolls, c.facing = self.dice, self.rerolls, self.facing
        return c

    def roll_dice(self, g) -> None:
        faces = g.rules.decks.weather_dice
        self.dice = tuple(roll(faces[i], g.rng) for i in range(len(faces)))

    def do_reroll(self, g, seat: int) -> None:
        kind = WEATHER_KINDS[g.weather_cards[g.forecast[0]][0]]
        matched = [i for i, f in enumerate(self.dice) if f == kind]
        faces = list(self.dice)
        for i in matched:
            faces[i] = roll(g.rules.decks.weather_dice[i], g.rng)
        self.dice = tuple(faces)
        self.rerolls += len(matched)
        g.record(
            f"{g.who(seat)} waits out the weather at the campfire: rerolls {len(matched)} "
            f"dice: {', '.join(self.dice)}"
        )

    def do_face_weather(self, g, seat: int) -> None:
        self.facing = True
