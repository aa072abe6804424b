"""What must hold after every action (cards, stones, scores and Equipment conserved, limits kept),
checked by the property tests. The checker reads the whole game, as a referee would; the rules
never call it."""

from __future__ import annotations

from simkit.core.errors import InvariantError
from simkit.games.backpacks_and_blisters.board import PRIME, TOWN
from simkit.games.backpacks_and_blisters.cards import RUCKSACK, WEATHER
from simkit.games.backpacks_and_blisters.rucksack import CARRIED, IN_DECK


def check(st, over: bool, compass_discard: bool) -> None:
    """Raise InvariantError on the first broken invariant of the game ``st`` (``over``: the game
    has ended; ``compass_discard``: the Rambler to play holds a Compass' extra card)."""
    f, b = st.faces, st.board
    held = [c for h in st.hands for c in h]
    outside = [f.rucksack] if st.rucksack.where != IN_DECK else []
    everything = sorted(st.deck + st.discard + held + outside)
    if everything != list(range(len(f))):
        raise InvariantError(
            "cards are not conserved across deck, discards, hands and the Heavy Rucksack"
        )
    if any(f.kind[c] in (WEATHER, RUCKSACK) for c in held):
        raise InvariantError("a Change of Weather or the Heavy Rucksack is in a hand")
    smalls = [p for p in st.pos if p >= 0 and b.is_small(p)]
    if len(smalls) != len(set(smalls)):
        raise InvariantError("two Ramblers share a small space")
    for seat in range(st.n):
        if not -1 <= st.pos[seat] < b.n_spaces:
            raise InvariantError(f"Rambler {seat} is on no space")
        if st.money[seat] < 0:
            raise InvariantError(f"Rambler {seat} has negative money")
        if not isinstance(st.chocolate[seat], bool):
            raise InvariantError(f"Rambler {seat} carries more than one Chocolate bar")
        if sum(st.ledger[seat].values()) != st.score[seat]:
            raise InvariantError(f"Rambler {seat}'s score is not the sum of its scoring events")
        limit = st._hand_limit() + (compass_discard and seat == st.cur)
        if len(st.hands[seat]) > limit:
            raise InvariantError(f"Rambler {seat} holds too many cards")
        if any(b.kind[s] != PRIME for s in st.stones[seat]):
            raise InvariantError(f"Rambler {seat} has a stone off a Prime Location")
        if len(st.stones[seat]) != st.prime_count[seat]:
            raise InvariantError(f"Rambler {seat}'s stone count is off")
    if st.n > 1:
        tiles = [t for t in st.equipment if t >= 0]
        if len(tiles) != len(set(tiles)):
            raise InvariantError("two Ramblers hold the same Equipment tile")
    elif len(st.used_equipment[0]) != len(set(st.used_equipment[0])):
        raise InvariantError("the solo Rambler took an Equipment tile twice")
    if st.turn > b.n_turns:
        raise InvariantError("the day ran past 6 p.m.")
    if over and st.end_reason == "normal" and st._on_map():
        raise InvariantError("the day is over with Ramblers still out")
    if (st.rucksack.where == CARRIED) != (st.rucksack.holder >= 0):
        raise InvariantError("the Heavy Rucksack's holder does not match where it is")
    if b.kind[b.start] != TOWN:
        raise InvariantError("the start is not Keswick")
    if not over and not st.legal_actions():
        raise InvariantError("no legal action before the end")
