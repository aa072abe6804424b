"""Deciding a drawn game by the hikers' remaining resources (13. Scoring a Drawn Game)."""

from __future__ import annotations


def resource_score(points, packs: int, flights: int, radios: int, saws: int, axes: int) -> float:
    """The rulebook's resource count: supply packs and Heli-flights 1.5, radios and chainsaws 1,
    axes 0.5 (with the default :class:`ResourcePoints`)."""
    return (
        packs * points.supply_pack
        + flights * points.heli_flight
        + radios * points.heli_radio
        + saws * points.chainsaw
        + axes * points.axe
    )


def tie_break_key(
    score: float, packs: int, flights: int, radios: int, saws: int, axes: int
) -> tuple:
    """Larger is better: the score, then most supply packs, then Heli-flights, radios,
    chainsaws and axes in that order; equal keys are tied winners."""
    return (score, packs, flights, radios, saws, axes)
