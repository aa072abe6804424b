"""Hand-built positions for Let's Take a Hike scenario tests."""

from __future__ import annotations

from simkit.core.rng import GameRng
from simkit.games.lets_take_a_hike.backpack import tables
from simkit.games.lets_take_a_hike.cards import Rules
from simkit.games.lets_take_a_hike.state import DISCARD_BASE, TAKE_BASE, State

RULES = Rules()
T = tables(RULES)


def card(name: str) -> int:
    return T.names.index(name)


def pack(*names: str) -> int:
    return sum(T.unit[card(n)] for n in names)


def contents(p: int) -> list[str]:
    return sorted(T.names[t] for t in T.types_in(p) for _ in range(T.count(p, t)))


def discard(name: str) -> int:
    return DISCARD_BASE + card(name)


def take(name: str) -> int:
    return TAKE_BASE + card(name)


class UnshuffledRng(GameRng):
    """Keeps every pile in the order a test lays it out."""

    def shuffle(self, seq) -> None:
        pass


def position(
    packs: list[tuple[str, ...]],
    draw: list[str],
    discard_pile: list[str] = (),
    turn: int = 0,
    rules: Rules = RULES,
    seed: int = 0,
    scored: list[tuple[str, ...]] | None = None,
) -> State:
    """A game about to start ``turn``'s turn. ``draw`` lists the draw pile from the top down;
    ``scored`` each seat's scoring pile (empty if not given); every card not placed anywhere is put
    at the bottom of the discard pile so all cards stay counted."""
    state = State(rules, len(packs), UnshuffledRng(seed))
    state.packs = [pack(*p) for p in packs]
    if scored is not None:
        state.scored = [pack(*s) for s in scored]
        state.scored_miles = [sum(T.miles[card(n)] for n in s) for s in scored]
        state.scored_cards = [len(s) for s in scored]
    state.draw = [card(n) for n in reversed(draw)]
    state.discard = [card(n) for n in discard_pile]
    left = list(tables(rules).copies)
    for p in (*state.packs, *state.scored):
        for t in T.types_in(p):
            left[t] -= T.count(p, t)
    for c in state.draw + state.discard:
        left[c] -= 1
    assert all(x >= 0 for x in left), "more copies laid out than the deck has"
    state.discard = [c for c, k in enumerate(left) for _ in range(k)] + state.discard
    state._start_turn(turn)
    state.invariants()
    return state
