"""The Rambling cards: faces, the deck's make-up and its setup.

Cards are numbered: first one Rambling card per Prime Location in the map file's order (its
Secret Desire and its circles and triangles), then the Blisters, the Changes of Weather and last
the Heavy Rucksack. The deck is a list whose end is the top.
"""

from __future__ import annotations

from functools import cache

from simkit.core.rng import GameRng
from simkit.games.backpacks_and_blisters.rules import Rules

RAMBLING, BLISTER, WEATHER, RUCKSACK = range(4)
NO_LOCATION = -1


class Faces:
    """What is printed on every card of a deck built from one map and one set of counts."""

    __slots__ = ("kind", "location", "circles", "triangles", "rucksack", "card_of_location")

    def __init__(self, rules: Rules):
        board = rules.board
        kind = [RAMBLING] * len(board.cards)
        location = [space for space, _, _ in board.cards]
        circles = [c for _, c, _ in board.cards]
        triangles = [t for _, _, t in board.cards]
        for card_kind, count in (
            (BLISTER, rules.blisters),
            (WEATHER, rules.weather_cards),
            (RUCKSACK, 1),
        ):
            kind += [card_kind] * count
            location += [NO_LOCATION] * count
            circles += [0] * count
            triangles += [0] * count
        self.kind, self.location = tuple(kind), tuple(location)
        self.circles, self.triangles = tuple(circles), tuple(triangles)
        self.rucksack = len(kind) - 1
        self.card_of_location = {space: card for card, space in enumerate(location) if space >= 0}

    def __len__(self) -> int:
        return len(self.kind)


@cache
def _faces(map_file: str, blisters: int, weather_cards: int) -> Faces:
    return Faces(Rules(map_file=map_file, blisters=blisters, weather_cards=weather_cards))


def faces(rules: Rules) -> Faces:
    return _faces(rules.map_file, rules.blisters, rules.weather_cards)


def card_text(rules: Rules, card: int) -> str:
    f = faces(rules)
    if f.kind[card] == BLISTER:
        return "Blister"
    if f.kind[card] == WEATHER:
        return "Change of Weather"
    if f.kind[card] == RUCKSACK:
        return "Heavy Rucksack"
    where = rules.board.names[f.location[card]]
    return f"{where} ({f.circles[card]} circles, {f.triangles[card]} triangles)"


def deal(
    rules: Rules, n_players: int, rng: GameRng
) -> tuple[list[int], list[list[int]], list[int]]:
    """The Rambling Deck & Cairn set-up: (Cairn spaces, hands, deck with its top at the end).

    Only the Rambling cards are shuffled first; five are turned for the Cairns, the hands are dealt,
    then the Cairn cards, Blisters and Changes of Weather go back in and the Heavy Rucksack is
    shuffled into the top cards (ten, or five in the solo game).
    """
    f = faces(rules)
    pile = [c for c in range(len(f)) if f.kind[c] == RAMBLING]
    rng.shuffle(pile)
    cairn_cards = [pile.pop() for _ in range(rules.cairns)]
    hands: list[list[int]] = [[] for _ in range(n_players)]
    for _ in range(rules.hand_size):
        for hand in hands:
            hand.append(pile.pop())
    pile += cairn_cards
    pile += [c for c in range(len(f)) if f.kind[c] in (BLISTER, WEATHER)]
    rng.shuffle(pile)
    depth = min(rules.solo_rucksack_depth if n_players == 1 else rules.rucksack_depth, len(pile))
    top = pile[len(pile) - depth :]
    del pile[len(pile) - depth :]
    top.append(f.rucksack)
    rng.shuffle(top)
    pile += top
    return [f.location[c] for c in cairn_cards], hands, pile
