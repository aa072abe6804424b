"""The day's forced steps (Your Turn; Weather / Morning; Trail Cards / Evening): the bear die of
a hiker out of the park, waiting out the weather at one's own campfire, the evening's trail card.
The turn's flow (``HikeState._advance`` and the stages it runs) passes in the pieces each needs."""

from __future__ import annotations

from simkit.core.rng import GameRng


def bear_die(face: str) -> tuple[str, int]:
    """A face of the bear die as (face, spaces): a number moves a bear that many spaces, read as
    the face "steps"; the paw and den faces move it no set number of spaces."""
    return ("steps", int(face)) if face.isdigit() else (face, 0)


def may_wait_out(matched: int, facing: bool, own_fire: bool, actions_left: int) -> bool:
    """At one's own campfire a hiker hit by ``matched`` weather dice may reroll them, an action
    each, unless it chose to face the weather."""
    return bool(matched) and not facing and own_fire and actions_left >= matched


def draw_trail_card(deck: list[int], discard: list[int], rng: GameRng) -> int:
    """The evening's trail card, put on the discard pile; an empty deck is the discards
    reshuffled."""
    if not deck:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
    card = deck.pop()
    discard.append(card)
    return card
