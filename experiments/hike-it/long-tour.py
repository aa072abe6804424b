"""The long tour or the short one? A planner taking waypoints far apart and the trailhead of the
longest tour (``long_tour``, shipped for planner, collector and careful, issue 11) against the same
planner taking the shortest tour (the heuristics before it). Measured paired on shared seeds, as
``experiments/timber-tom/planting.py``. Run:

    .venv/bin/python experiments/hike-it/long-tour.py --strategy planner --players 2
"""

from __future__ import annotations

import dataclasses

from simkit.core import paired

GAME = "hike-it"


def before_the_fix(player):
    """``player`` taking the shortest tour, as every style did before the fix."""
    return dataclasses.replace(player, long_tour=False)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "planner", "long tour")
