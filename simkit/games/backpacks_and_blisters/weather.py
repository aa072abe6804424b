"""Weather: a Change of Weather card turns sun to rain and back; in rain a Prime Location, a Beauty
Spot and a rest on them score ``rain_penalty`` fewer points (never below nothing), and Sun
Protection earns nothing."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.rules import Rules


def wet_points(rules: Rules, points: int, raining: bool) -> int:
    """``points`` less the rain penalty when it rains, never below zero."""
    return max(points - (rules.rain_penalty if raining else 0), 0)


def weather_text(raining: bool) -> str:
    return "rainy" if raining else "sunny"
