"""The invariants of a Timber Tom game, checked after every action by the property tests: trees and
cards conserved, trays within bounds, hikers only where they may stand, moves within the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simkit.core.errors import InvariantError
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom.card_effects import MAX_AXES
from simkit.games.timber_tom.supply_packs import MAX_PACKS

if TYPE_CHECKING:
    from simkit.games.timber_tom.state import TimberTomState


def check(st: TimberTomState, moving: bool) -> None:
    """Raise InvariantError on the first broken invariant (``moving``: the hiker to play is in the
    middle of a move, where it may stand in a canoe or on a hiker it jumps)."""
    b, r = st.board, st.rules
    planted, box, hand = sum(st.trees), st.planting.box, st.planting.hand
    if planted + box + hand != r.tree_box:
        raise InvariantError(
            f"trees not conserved: {planted} planted + {box} in box + {hand} in hand != "
            f"{r.tree_box}"
        )
    stray = int.from_bytes(st.trees, "little") & b.no_tree_mask
    if stray:
        where = b.where(next(i for i in range(b.n_nodes) if stray >> (8 * i) & 1))
        raise InvariantError(f"a tree on {where}, where none may grow")
    held = [w for w in (*st.wild, st.cards.wild_drawn) if w >= 0]
    cards = st.cards.pile + st.cards.used + held
    if sorted(cards) != (list(range(len(r.deck))) if r.cards else []):
        raise InvariantError("Hiking Cards not conserved between pile, discards and hands")
    seen: set[int] = set()
    for s in range(st.n):
        if not 0 <= st.packs[s] <= MAX_PACKS:
            raise InvariantError(f"hiker {s + 1} holds {st.packs[s]} supply packs")
        if not 0 <= st.axes[s] <= MAX_AXES:
            raise InvariantError(f"hiker {s + 1} holds {st.axes[s]} axes")
        for name, value, top in (
            ("chainsaws", st.saws[s], r.tray.chainsaws),
            ("heli-flights", st.flights[s], r.tray.heli_flights),
            ("heli-radios", st.radios[s], r.tray.heli_radios),
        ):
            if not 0 <= value <= top:
                raise InvariantError(f"hiker {s + 1} holds {value} {name}")
        if not 0 <= st.chainsaw.kept[s] <= 1:
            raise InvariantError(f"hiker {s + 1} keeps {st.chainsaw.kept[s]} chainsaw cuts")
        if st.treasures[s] >> len(b.treasures):
            raise InvariantError(f"hiker {s + 1} holds an unknown Treasure")
        p = st.pos[s]
        if p == b.camp or st.finished[s]:
            continue
        if not b.is_hole(p) or st.trees[p]:
            raise InvariantError(f"hiker {s + 1} stands on {b.where(p)}")
        if s == st.seat and moving:
            continue  # mid-move a hiker may stand in a canoe or on a hiker it jumps
        if p in seen:
            raise InvariantError(f"two hikers share {b.where(p)}")
        if b.feature[p] == bd.CANOE:
            raise InvariantError(f"hiker {s + 1} ended a move in a canoe")
        seen.add(p)
    if len(set(st.move.path)) != len(st.move.path):
        raise InvariantError("a move visited a space twice")
    if st.move.counted > st.move.allowance and not st.finished[st.seat]:
        raise InvariantError("a move went further than its allowance")
