"""Where a move ends (Moving Rule 7, D. Danger Zones, 7.-10.): what the space a hiker lands on
does. A Refuge, a Radio Hot-spot or a Helipad only counts when the move went its full distance
("Your move must be FINALIZED on the destination space"); any other space acts by its zone."""

from __future__ import annotations

from collections.abc import Callable

from simkit.games.timber_tom import board as bd

# What a landing space does: a Heli-flight may be taken, a refuge restores, a hot-spot offers the
# radio or a card, a flood zone deals a card, a Snow Cap offers one, any other zone plants trees.
FLY, REFUGE, HOTSPOT, FLOOD, SNOW, ZONE = range(6)


def effect(board: bd.Board, here: int, exact: bool, may_fly: Callable[[], bool]) -> int:
    """What landing on ``here`` does; ``exact``: the move went its full distance, ``may_fly()``:
    the hiker holds a Heli-Flight token and a helipad is free to fly to (9. Helipads)."""
    feature = board.feature[here]
    if exact:
        if feature == bd.HELIPAD and may_fly():
            return FLY
        if feature in bd.REFUGES:
            return REFUGE
        if feature == bd.RADIO:
            return HOTSPOT
    return by_zone(board, here)


def by_zone(board: bd.Board, here: int) -> int:
    """A space played as "a 'normal' space of that particular zone" (9.): a flood zone's card is
    COMPULSORY, a Snow Cap's optional, elsewhere the zone's Tree-value is planted."""
    zone = board.zone[here]
    if zone == bd.FLOOD:
        return FLOOD
    if zone == bd.SNOW:
        return SNOW
    return ZONE
