"""Weather: a Change of Weather card turns sun to rain and back; in rain a Prime Location, a Beauty
Spot and a rest on them score ``rain_penalty`` fewer points (never below nothing), and Sun
Protection earns nothing."""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.backpacks_and_blisters.rules import Rules


class Weather(NamedTuple):
    """Sun or rain, and (solo) the turns it has rained, for the rain record. Never changed in
    place (copies of a game share it): each change is a new one."""

    raining: bool = False
    rainy_turns: int = 0

    def changed(self) -> Weather:
        """A Change of Weather: sun to rain, rain to sun."""
        return self._replace(raining=not self.raining)

    def rained_a_turn(self) -> Weather:
        return self._replace(rainy_turns=self.rainy_turns + 1)


def wet_points(rules: Rules, points: int, raining: bool) -> int:
    """``points`` less the rain penalty when it rains, never below zero."""
    return max(points - (rules.rain_penalty if raining else 0), 0)


def weather_text(raining: bool) -> str:
    return "rainy" if raining else "sunny"
