"""Refuge Huts (7. Refuge Huts): one hiker at a time; the low refuges restore axes, the 1500
refuges supply packs; a hiker on one is safe from card penalties. Also where a heli-radio may
take a hiker (8. Heli-Radios: "any refuge on your CURRENT mountain")."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd


def restored(feature: int, packs: int, axes: int, full_packs: int, full_axes: int):
    """(packs, axes, what) after landing on a refuge: brown roofs restore AXES only, white roofs
    the Supply Packs."""
    if feature == bd.REFUGE_AXES:
        return packs, max(axes, full_axes), "axes"
    return max(packs, full_packs), axes, "supply packs"


def is_safe(board: bd.Board, node: int) -> bool:
    """ "A refuge is also a SAFETY ZONE against any penalties or losses"."""
    return board.feature[node] in bd.REFUGES


def free_refuges(board: bd.Board, here: int, taken: set[int]) -> list[int]:
    """Refuges of the mountain of ``here`` that no other hiker holds."""
    return [
        r for r in board.refuges_by_mountain[board.mountain[here]] if r != here and r not in taken
    ]
