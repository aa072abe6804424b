"""Hand-built positions: a game put straight into a chosen moment, for tests and for designers
who want to try one situation (``position(at=["Grange"], hands=[["Catbells"]])``).

Cards are named by their Prime Location, or ``"Blister"``, ``"Weather"``, ``"Rucksack"``. Every
card not placed in a hand, the deck's top or the discards goes to the bottom of the deck, so the
cards stay conserved.
"""

from __future__ import annotations

from simkit.core.rng import GameRng
from simkit.games.backpacks_and_blisters.cards import BLISTER, RUCKSACK, WEATHER
from simkit.games.backpacks_and_blisters.rules import EQUIPMENT, Rules
from simkit.games.backpacks_and_blisters.state import BBState, new_state


def card_id(state: BBState, name: str, taken: set[int]) -> int:
    """The id of a card named by its location, or the first unused Blister/Weather/Rucksack."""
    f = state.faces
    special = {"Blister": BLISTER, "Weather": WEATHER, "Rucksack": RUCKSACK}
    if name in special:
        return next(c for c in range(len(f)) if f.kind[c] == special[name] and c not in taken)
    return f.card_of_location[state.board.index[name]]


def position(
    n_players: int = 2,
    rules: Rules | None = None,
    *,
    seat: int = 0,
    turn: int = 0,
    at: list[str] | None = None,
    hands: list[list[str]] | None = None,
    deck: list[str] = (),
    equipment: list[str | None] | None = None,
    money: list[int] | None = None,
    chocolate: list[bool] | None = None,
    raining: bool = False,
    cairns: dict[str, int] | None = None,
    stones: list[list[str]] | None = None,
    rucksack: int | None = None,
    carried_turns: int = 0,
    seed: int = 0,
) -> BBState:
    """A game at ``turn`` with ``seat`` about to start its turn (``log`` on).

    ``deck`` lists the next cards to be drawn, first drawn first. ``rucksack`` is the seat that
    carries the Heavy Rucksack (None: it is still in the deck).
    """
    rules = rules or Rules()
    state = new_state(rules, n_players, GameRng(seed), log=True)
    b = state.board
    taken: set[int] = set()

    def ids(names: list[str]) -> list[int]:
        out = []
        for name in names:
            card = card_id(state, name, taken)
            taken.add(card)
            out.append(card)
        return out

    hands = hands if hands is not None else [[] for _ in range(n_players)]
    state.hands = [ids(h) for h in hands]
    top = ids(list(deck))
    if rucksack is not None:
        taken.add(state.faces.rucksack)
    # Unnamed cards go under the named ones, Changes of Weather and the Heavy Rucksack lowest.
    rest = sorted(
        (c for c in range(len(state.faces)) if c not in taken),
        key=lambda c: state.faces.kind[c] not in (WEATHER, RUCKSACK),
    )
    state.deck = rest + top[::-1]
    state.discard = []
    state.pos = [b.index[name] for name in (at or ["Keswick"] * n_players)]
    state.equipment = [EQUIPMENT.index(e) if e else -1 for e in (equipment or [None] * n_players)]
    state.used_equipment = [[t] if t >= 0 else [] for t in state.equipment]
    state.money = list(money or [rules.start_money] * n_players)
    state.chocolate = list(chocolate or [rules.start_chocolate] * n_players)
    state.weather = state.weather._replace(raining=raining)
    state.cairn_count = {b.index[k]: v for k, v in (cairns or {}).items()}
    for s, names in enumerate(stones or []):
        state.stones[s] = frozenset(b.index[n] for n in names)
        state.prime_count[s] = len(state.stones[s])
    if rucksack is not None:
        state.rucksack = state.rucksack.drawn_by(rucksack, turn)._replace(
            carried_turns=carried_turns
        )
    state.turn = turn
    state._events.clear()
    state._begin_turn(seat)
    state._legal = None
    return state
